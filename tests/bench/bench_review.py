"""Benchmark of :func:`paili.review`: seconds to review one seat's discards in a whole self-play hanchan.

The log is tests/selfplay.py's seeded game of 8 rounds (East 1 to South 4, four players, red fives); the
review uses the defaults (17 draws at most, the discards ranked by expected points, riichi always). Prints the
number of decisions, the seconds in all (CPU time with ``--cpu``: steadier on a busy machine) and per
decision. Target (issue 30): a hanchan's 60-90 decisions within 30 s in CPython. A script that prints figures,
not a timed test.

    python3 tests/bench/bench_review.py [--seed 1] [--seat 0] [--rounds 8] [--cpu]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "engine"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from selfplay import game  # noqa: E402

import paili  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seat", type=int, default=0)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--cpu", action="store_true")
    args = parser.parse_args()
    log = game(args.seed, rounds=args.rounds)
    clock = time.process_time if args.cpu else time.perf_counter
    start = clock()
    result = paili.review(log, seat=args.seat)
    seconds = clock() - start
    decisions = sum(len(r["decisions"]) for r in result["rounds"])
    searched = result["summary"]["decisions"]
    print(f"review of seat {args.seat}, {args.rounds} rounds (seed {args.seed}): {decisions} decisions "
          f"({searched} searched), {seconds:.1f} s{' CPU' if args.cpu else ''}, "
          f"{1000 * seconds / max(1, decisions):.0f} ms per decision")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
