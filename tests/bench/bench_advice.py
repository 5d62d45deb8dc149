"""Benchmark of :func:`paili.advise`: milliseconds per whole discard table for seeded random 14-tile hands.

Hands are dealt at random from the 136 tiles and kept by the shanten of the 14-tile hand (tenpai, 1-shanten,
2-shanten, ...), so they look like real starting hands rather than built shapes. Prints the median and the
maximum per class, with the default options and then with ``tegawari`` and ``shanten_down`` on (and the ratio
of their medians to the default's, which a loaded machine disturbs less than the times). Every table has its
values (``ev``, the waits' points: the default ``objective="ev"``, riichi always); ``--cpu`` measures process
time instead of wall time (steadier on a loaded machine). ``python3 build.py bench`` runs it with ``--hands 8
--cpu``. Targets (issue 10, CPython, 17 turns): tenpai and 1-shanten 150 ms, 2-shanten 1.5 s; with both options
on, 1-shanten 1 s.

    python3 tests/bench/bench_advice.py [--hands 20] [--seed 1] [--turns 17] [--max-shanten 2]

A script that prints figures, not a timed test.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "engine"))

import paili  # noqa: E402
from paili.notation import format_tiles  # noqa: E402
from paili.shanten import counts_shanten  # noqa: E402

WALL = [k for k in range(34) for _ in range(4)]


def dealt(rng: random.Random, target: int) -> str:
    """A random 14-tile hand (dealt from the 136 tiles) whose shanten is ``target``."""
    while True:
        counts = [0] * 34
        for k in rng.sample(WALL, 14):
            counts[k] += 1
        if counts_shanten(counts, melds_needed=4, called=None, full=True).min == target:
            return format_tiles(counts)


def run(hands: list[str], clock: Callable[[], float], **options: object) -> list[float]:
    times = []
    for hand in hands:
        start = clock()
        paili.advise(hand, **options)  # type: ignore[arg-type]
        times.append((clock() - start) * 1000)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--turns", type=int, default=17)
    parser.add_argument("--max-shanten", type=int, default=2)
    parser.add_argument("--classes", default="0,1,2")
    parser.add_argument("--no-options", action="store_true", help="skip the runs with the options on")
    parser.add_argument("--cpu", action="store_true", help="process time rather than wall time")
    args = parser.parse_args()
    paili.advise("123m456p789s11234z", turns=1)  # load the tables once
    print(f"python {sys.version.split()[0]}, turns={args.turns}, max_shanten={args.max_shanten}, "
          f"{args.hands} hands per class, seed {args.seed}")
    for target in map(int, args.classes.split(",")):
        rng = random.Random(args.seed * 100 + target)
        hands = [dealt(rng, target) for _ in range(args.hands)]
        runs: list[tuple[str, dict[str, object]]] = [("default", {})]
        if not args.no_options:
            runs.append(("tegawari+shanten_down", {"tegawari": True, "shanten_down": True}))
            runs.append(("ippatsu+double_riichi", {"ippatsu": True, "double_riichi": True}))
        base = 0.0
        for label, options in runs:
            clock = time.process_time if args.cpu else time.perf_counter
            times = run(hands, clock, turns=args.turns, max_shanten=args.max_shanten, **options)
            worst = hands[times.index(max(times))]
            median = statistics.median(times)
            base = base or median
            print(f"{target}-shanten {label:22s} median {median:8.1f} ms   max {max(times):8.1f} ms   "
                  f"x{median / base:5.1f}   (slowest: {worst})", flush=True)


if __name__ == "__main__":
    main()
