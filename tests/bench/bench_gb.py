"""Benchmark Chinese Official scoring: ``paili.score(..., rules="gb")`` on seeded random wins.

Run ``python tests/bench/bench_gb.py [--hands 3000] [--seed 2026] [--repeat 3]``. The wins are
tests/gb_hands.py's (four sets and a pair with 0-4 of them called, a fifth of them special forms: seven pairs,
thirteen orphans, the knitted forms), each with a random situation. It prints hands scored per second, parse
included (the hand as text) and on parsed hands, and with ``--oracle`` the same for PyMahjongGB's C++ core (its
inputs built before the clock starts). Time is CPU time (``time.process_time``), the best of ``--repeat``
passes. It prints figures and never fails on them (the issue's target: 2,000 hands a second in CPython).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "engine"), str(ROOT / "tests")]

from gb_hands import Win, deal, oracle  # noqa: E402

import paili  # noqa: E402


def _best(run: object, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        run()  # type: ignore[operator]
        best = min(best, time.process_time() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--oracle", action="store_true", help="time PyMahjongGB too")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    wins: list[Win] = [deal(rng) for _ in range(args.hands)]
    hands = [paili.parse(w.hand, rules="gb") for w in wins]
    paili.score(wins[0].hand, win=wins[0].win, rules="gb")  # load the tables before the clock starts

    def text() -> None:
        for w in wins:
            paili.score(w.hand, win=w.win, rules="gb", **w.situation)

    def parsed() -> None:
        for w, hand in zip(wins, hands, strict=True):
            paili.score(hand, win=w.win, rules="gb", **w.situation)

    n = len(wins)
    for name, run in (("paili.score, text", text), ("paili.score, parsed Hand", parsed)):
        seconds = _best(run, args.repeat)
        print(f"{name:28} {n / seconds:8.0f} hands/s  ({1e6 * seconds / n:6.0f} us a hand)")
    if args.oracle:
        seconds = _best(lambda: [oracle(w) for w in wins], args.repeat)
        print(f"{'PyMahjongGB (C++)':28} {n / seconds:8.0f} hands/s  ({1e6 * seconds / n:6.0f} us a hand)")


if __name__ == "__main__":
    main()
