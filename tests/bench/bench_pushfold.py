"""Benchmark of push or fold: :func:`paili.advise` with opponents against the same advice without, in one run.

Seeded random 14-tile hands (1- and 2-shanten) each advised alone and against one riichi opponent and two
others with short rivers (the opponents' text form), alternated so both see the same machine load; prints the
median CPU time of each and their ratio. Target (issue 40): with opponents at most 1.5x the time without. A
script that prints figures, not a timed test.

    python3 tests/bench/bench_pushfold.py [--hands 20] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "engine"))

import paili  # noqa: E402
from paili.tiles import tile_name  # noqa: E402

OPPONENTS = "l:19m4p5*p7z2s3s;a:1z2z9p8m;r:9s1p4z"
SEEN = {0, 8, 12, 13, 33, 19, 20, 27, 28, 17, 7, 26, 9, 30}  # the kinds in those rivers, kept out of the hands


def hands(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    wall = [k for k in range(34) for _ in range(4 if k not in SEEN else 2)]
    out: list[str] = []
    while len(out) < count:
        drawn = sorted(rng.sample(wall, 14))
        if any(drawn.count(k) > 4 for k in drawn):
            continue
        text = "".join(tile_name(k) for k in drawn)
        if 1 <= paili.analyze(text)["shanten"]["min"] <= 2:
            out.append(text)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    alone, table = [], []
    for hand in hands(args.hands, args.seed):
        for opponents, out in ((None, alone), (OPPONENTS, table)):
            start = time.process_time()
            paili.advise(hand, improvements=False, opponents=opponents)
            out.append(time.process_time() - start)
    a, b = statistics.median(alone), statistics.median(table)
    print(f"{args.hands} hands: advise alone {1000 * a:.1f} ms, with opponents {1000 * b:.1f} ms (medians, CPU); "
          f"ratio {b / a:.2f} (target at most 1.5)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
