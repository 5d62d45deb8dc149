"""Benchmark of ``review-many`` (:mod:`paili.season`): two worker processes against one on a set of real games.

The games are mjai-reviewer's public test logs (Equim-chan/mjai-reviewer, ``convlog/tests/testdata/*.json``:
tenhou.net/6 logs of Tenhou games, most one round long, ``ranked_game`` three), read from a git mirror of that
repository and written to a temporary folder for the run (never into this repository). Every seat of each game
is reviewed at the review's defaults (or ``--turns``) in one worker process and in ``--jobs`` (spawned afresh
each run, their start-up counted: the same cold caches), ``--repeat`` times each, alternated, the best time of
each kept; the runs' records must be equal. Prints the games and seats per minute of each, the speed-up, and
the projection for a year of Houou games (``--year`` games of four seats, ``--rounds-per-game`` rounds each:
an assumption, printed) on clusters of N cores at the one-job rate per seat-round. Issue 41's target: two jobs
at least 1.6x faster than one on this machine. A script that prints figures, not a timed test.

    python3 tests/bench/bench_season.py [--mirror DIR] [--games 20] [--jobs 2] [--turns 17] [--repeat 2]
                                        [--cores 16 100 1000]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "engine"))

from paili.advice import DEFAULT_MAX_SHANTEN, DEFAULT_TURNS  # noqa: E402
from paili.season.runner import run_processes  # noqa: E402
from paili.season.sources import plan, read_text  # noqa: E402
from paili.season.unit import Unit  # noqa: E402

MIRROR = "/work/.mirror/Equim-chan+mjai-reviewer/repo"
TESTDATA = "convlog/tests/testdata"


def extract(mirror: str, folder: Path, games: int) -> list[Path]:
    """The first ``games`` test logs of the mirror (a bare git directory), written to ``folder``."""
    names = subprocess.run(["git", "-C", mirror, "ls-tree", "--name-only", f"HEAD:{TESTDATA}"], check=True,
                           capture_output=True, text=True).stdout.split()
    written = []
    for name in sorted(n for n in names if n.endswith(".json"))[:games]:
        text = subprocess.run(["git", "-C", mirror, "show", f"HEAD:{TESTDATA}/{name}"], check=True,
                              capture_output=True).stdout
        path = folder / name
        path.write_bytes(text)
        written.append(path)
    return written


def timed(run: Any, units: list[Unit]) -> tuple[float, list[dict[str, Any]]]:
    records: list[dict[str, Any]] = []
    start = time.perf_counter()
    run(units, records.append)
    return time.perf_counter() - start, sorted(records, key=lambda r: r["key"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mirror", default=MIRROR, help="a git mirror of Equim-chan/mjai-reviewer")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--turns", type=int, default=DEFAULT_TURNS)
    parser.add_argument("--repeat", type=int, default=2, help="runs of each, alternated; the best counts")
    parser.add_argument("--year", type=int, default=100_000, help="games in a year of Houou (default 100,000)")
    parser.add_argument("--rounds-per-game", type=float, default=9.0,
                        help="rounds in a Houou game, assumed for the projection (default 9)")
    parser.add_argument("--cores", type=int, nargs="+", default=[16, 100, 1000])
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        files = extract(args.mirror, Path(tmp), args.games)
        jobs, skipped = plan([str(f) for f in files])
        units = [Unit(j.log.path, j.log.digest, read_text(j.log.path), j.seat, args.turns, DEFAULT_MAX_SHANTEN)
                 for j in jobs]
        serial = parallel = float("inf")
        for _ in range(args.repeat):  # alternated, the best of each: a busy machine slows one run, not all
            # one worker process too, started afresh as the two are: the same cold caches (a run in this
            # process would find the positions of the previous repeat in the engine's caches)
            seconds, one = timed(lambda u, done: run_processes(u, done, 1), units)
            serial = min(serial, seconds)
            seconds, two = timed(lambda u, done: run_processes(u, done, args.jobs), units)
            parallel = min(parallel, seconds)
    assert one == two, "the parallel run's records differ from the serial run's"
    load = os.getloadavg()[0]
    games = len({u.digest for u in units})
    rounds = sum(r["log"]["rounds"] for r in one if "log" in r)  # seat-rounds reviewed
    errors = [r for r in one if "error" in r]
    print(f"{games} games, {len(units)} seats, {rounds} seat-rounds (turns {args.turns}); "
          f"{len(skipped)} files skipped, {len(errors)} seats in error; load average {load:.2f} on "
          f"{os.cpu_count()} cores (other work on the machine lowers the speed-up)")
    for label, seconds in (("1 job", serial), (f"{args.jobs} jobs", parallel)):
        print(f"  {label:<7} {seconds:7.1f} s  {60 * games / seconds:6.1f} games/min  "
              f"{60 * len(units) / seconds:6.1f} seats/min")
    print(f"  speed-up {serial / parallel:.2f}x with {args.jobs} jobs (target 1.6x with 2)")
    per_round = serial / rounds
    total = args.year * 4 * args.rounds_per_game * per_round
    print(f"a year of Houou: {args.year:,} games x 4 seats x {args.rounds_per_game:g} rounds (assumed) at "
          f"{per_round:.2f} s a seat-round = {total / 3600:,.0f} core-hours")
    for cores in args.cores:
        hours = total / cores / 3600
        print(f"  on {cores:>5} cores: {hours:8.1f} h ({hours / 24:.1f} days)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
