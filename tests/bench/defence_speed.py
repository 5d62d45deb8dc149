"""Time paili.defence for a 14-tile hand against three riichi opponents (not a test; prints ms).

Run: PYTHONPATH=engine .venv/bin/python tests/bench/defence_speed.py
"""

from __future__ import annotations

import time

from paili.defence.inputs import danger_checked

OPPONENTS = "l:1z9m2p5'p7*s3m;a:2z8p1s4*m6s;r:3z7z1m9p5*p2s"


def main() -> None:
    runs = 200
    danger_checked("123m456p789s2356z", opponents=OPPONENTS, dora="1m")
    start = time.perf_counter()
    for _ in range(runs):
        danger_checked("123m456p789s2356z", opponents=OPPONENTS, dora="1m")
    print(f"danger, 14 tiles, three riichi: {1000 * (time.perf_counter() - start) / runs:.2f} ms per call")


if __name__ == "__main__":
    main()
