"""One side of the scoring benchmark, for counting instructions with ``valgrind --tool=callgrind``.

``python tests/bench/callgrind_scoring.py --side paili|mahjong|none [--hands 300]`` builds the same seeded cases
as tests/bench/bench_scoring.py (both inputs prepared: the text for paili, the library's parse for mahjong),
then scores them on one side only (``none`` scores nothing: the setup alone). The instructions one side costs
are its run's total minus the ``none`` run's, so the ratio is deterministic on a busy machine, where CPU time
is not::

    for side in none paili mahjong; do
        valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.$side python tests/bench/callgrind_scoring.py \\
            --side $side
    done   # then compare the "summary:" lines of the three files

(paili's side is ``paili.score`` on the text, parse included; mahjong's is its parse and
``estimate_hand_value``, as the like-for-like figure of bench_scoring.py.)

The instruction ratio runs well above the CPU-time ratio, and not because of what is timed: an instruction of
paili's costs more time than one of the library's. paili runs through a long stretch of straight-line code
once per hand (about 2,460 bytecodes, most run once or a few times), the library spends much of its 10,400
in loops (its string splitting, its suit-by-suit division), which the processor predicts well.
``valgrind --tool=cachegrind --branch-sim=yes --cache-sim=yes`` on the same three runs shows it (300 hands,
per hand, paili / mahjong / ratio): instructions 169.6k / 797k / 4.70x; mispredicted branches 4.5k / 16.2k /
3.63x (half of paili's are indirect jumps, most in the bytecode dispatch); instruction-cache misses 3.0k /
11.1k / 3.76x; data-cache misses 2.3k / 8.0k / 3.45x. The misses, not the instructions, follow the CPU-time
ratio (about 3.4-3.6x): fewer instructions gain in time only when they also mean fewer bytecodes and
built-in calls.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent)]

from bench_scoring import mahjong_score, paili, random_cases  # noqa: E402


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--side", choices=("paili", "mahjong", "none"), required=True)
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    cases = list(random_cases(args.seed, args.hands))
    paili.notation.meld_texts()  # the tables (the melds' too) and the library loaded on every side alike
    paili.score(**cases[0])
    mahjong_score(cases[0])
    if args.side == "paili":
        for case in cases:
            paili.score(**case)
    elif args.side == "mahjong":
        for case in cases:
            mahjong_score(case)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
