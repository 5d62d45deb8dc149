"""Benchmark ``paili.score`` against the ``mahjong`` library's ``HandCalculator.estimate_hand_value`` (2.1.0).

Run ``python tests/bench/bench_scoring.py [--hands 3000] [--seed 2026]`` (``python3 build.py bench`` runs it).
Both sides score the same seeded random winning hands with random situations (tests/scoring_cases.py), in
one run, side by side; it prints microseconds per hand for each, their ratio (mahjong / paili) and how many
answers differ (han, fu below yakuman, the winner's total). It prints figures and never fails on them.

Timed: ``paili.score`` on a parsed Hand (``score_hand``) and on the text (``score``, which also parses), and
``estimate_hand_value`` on its ready-made arguments (136-tile ids, Meld objects, a HandConfig). Time is CPU
time (``time.process_time``: the machine may be shared), taken side by side in chunks of 100 hands, each the
best of ``--repeat`` passes. The library keeps its last 128 hand divisions in an LRU cache: it is emptied
before each of its passes, or the repeated passes would time cache hits instead of scoring.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "engine"), str(ROOT / "tests")]

import paili  # noqa: E402
from paili.scoring import score_hand  # noqa: E402

try:
    from mahjong.hand_calculating.divider import HandDivider
    from mahjong.hand_calculating.hand import HandCalculator
    from scoring_cases import random_cases, to_mahjong
except ImportError:  # pragma: no cover - the figures need the mahjong package
    print("bench_scoring: the mahjong package is not installed (pip install mahjong==2.1.0)")
    raise SystemExit(0) from None


CHUNK = 100


def timed(run: Callable[[Any], Any], inputs: Sequence[Any]) -> tuple[float, list[Any]]:
    """Seconds for one pass over ``inputs``, and the results."""
    results: list[Any] = []
    append = results.append
    start = time.process_time()
    for item in inputs:
        append(run(item))
    return time.process_time() - start, results


def side_by_side(runs: Sequence[tuple[Callable[[Any], Any], Sequence[Any]]], repeat: int,
                 before: Sequence[Callable[[], Any]]) -> list[float]:
    """CPU microseconds per input of each run, timed in alternation over chunks of ``CHUNK`` inputs (so a busy
    machine slows every side alike); each chunk counts its fastest of ``repeat`` passes. ``before[i]`` runs
    before each pass of run ``i`` (to empty a cache that would remember the previous pass)."""
    total = [0.0] * len(runs)
    size = len(runs[0][1])
    for start in range(0, size, CHUNK):
        best = [float("inf")] * len(runs)
        for _ in range(repeat):
            for i, (run, inputs) in enumerate(runs):
                before[i]()
                best[i] = min(best[i], timed(run, inputs[start:start + CHUNK])[0])
        for i in range(len(runs)):
            total[i] += best[i]
    return [t / size * 1e6 for t in total]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)

    cases = list(random_cases(args.seed, args.hands))
    parsed = [(paili.parse(c["hand"]), {k: v for k, v in c.items() if k != "hand"}) for c in cases]
    theirs_in = [to_mahjong(c) for c in cases]
    paili.score(**cases[0])  # load the tables before the clock starts

    text_us, hand_us, theirs_us = side_by_side(
        [(lambda c: paili.score(**c), cases), (lambda p: score_hand(p[0], **p[1]), parsed),
         (lambda m: HandCalculator.estimate_hand_value(**m), theirs_in)], args.repeat,
        [lambda: None, lambda: None, HandDivider._divide_hand_impl.cache_clear])
    ours = [score_hand(p[0], **p[1]) for p in parsed]
    theirs = [HandCalculator.estimate_hand_value(**m) for m in theirs_in]

    differ = 0
    for mine, other in zip(ours, theirs, strict=True):
        if other.error:
            differ += not mine["no_yaku"]
            continue
        same = (mine["han"], mine["total"]) == (other.han, other.cost["total"]) and (
            mine["yakuman"] or mine["fu"] == other.fu)
        differ += not same
    print(f"scoring: {len(cases)} random winning hands (seed {args.seed}), side by side in chunks of {CHUNK}, "
          f"best of {args.repeat} passes per chunk")
    print(f"{'':<40}{'µs/hand':>10}{'mahjong/paili':>16}")
    print(f"{'paili.score (parsed Hand)':<40}{hand_us:>10,.1f}{theirs_us / hand_us:>15.2f}x")
    print(f"{'paili.score (text, parse included)':<40}{text_us:>10,.1f}{theirs_us / text_us:>15.2f}x")
    print(f"{'mahjong HandCalculator.estimate_hand_value':<40}{theirs_us:>10,.1f}")
    print(f"answers that differ: {differ}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
