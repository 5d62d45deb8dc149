"""Benchmark of :func:`paili.call_advice`: every option of 1-shanten hands with 17 turns (the issue's target:
at most 400 ms a hand in CPython). Prints the time of each hand, best of three runs (each run a fresh search:
no memo is kept between calls). Run: ``PYTHONPATH=engine python tests/bench/bench_calls.py``."""

from __future__ import annotations

import time

import paili

HANDS = [
    ("3460m55p12789s66z", "5m", "left", "1z"),  # pass and two chi
    ("3460m555p2789s66z", "5p", "across", "1z"),  # pass, pon and open kan
    ("2344m456p11789s6z", "4m", "left", "3m"),  # pass, chi and pon
    ("12344m5567p789s6z", "5p", "left", "2p"),
]


def main() -> None:
    for hand, offered, seat, dora in HANDS:
        best = float("inf")
        for _ in range(3):
            start = time.perf_counter()
            result = paili.call_advice(hand, offered, seat=seat, dora=dora, turns=17)
            best = min(best, time.perf_counter() - start)
        calls = ", ".join(o["call"] + (o["meld"] or "") for o in result["options"])
        print(f"{hand} {offered} from {seat}: {best * 1000:.0f} ms  ({calls})")


if __name__ == "__main__":
    main()
