"""What the tests and the benchmarks share: the project root, Debian's Chromium with the flags it runs with
here, and random hands dealt from the wall.  (The server and the site assembly they use are the build
modules of tools/, imported as the package ``tools``: pytest puts the project root on sys.path, the
benchmark scripts do it themselves.)"""

from __future__ import annotations

import random
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
BLOCK_OTHER_HOSTS = "--host-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"
"""A Chromium flag: every host but this machine fails to resolve (no per-request cost, unlike a route)."""

FULL = False
"""True under ``pytest --all`` (``python3 build.py test --all``): set by tests/conftest.py in every process."""


def scaled(default: int, full: int) -> int:
    """A seeded loop's count: ``default`` in the ten-minute run, ``full`` under ``--all``.

    pytest is configured before it imports the test modules, so a module-level constant may call it too."""
    return full if FULL else default


def random_counts(rng: random.Random, size: int, kinds: Iterable[int] = range(34)) -> list[int]:
    """The 34 counts of ``size`` tiles drawn from the four copies of each of ``kinds`` (all 34 by default)."""
    wall = [k for k in kinds for _ in range(4)]
    counts = [0] * 34
    for k in rng.sample(wall, size):
        counts[k] += 1
    return counts
