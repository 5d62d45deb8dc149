"""What the browser tests and the benchmarks share: the project root, and Debian's Chromium with the flags it
runs with here.  (The server and the site assembly they use are the build modules of tools/, imported as the
package ``tools``: pytest puts the project root on sys.path, the benchmark scripts do it themselves.)"""

from __future__ import annotations

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

