"""What the browser tests and the benchmarks share: the project root, Debian's Chromium and the flags it
runs with here, and build.py loaded as a module (for its server and site assembly)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

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


def build_script() -> ModuleType:
    """build.py from the project root, imported once by path (a module named `build` could be another one)."""
    module = sys.modules.get("paili_build_script")
    if module is None:
        spec = importlib.util.spec_from_file_location("paili_build_script", ROOT / "build.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module
        spec.loader.exec_module(module)
    return module
