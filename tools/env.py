"""Bootstrap a machine for the build: the virtual environment ``.venv`` from the pinned requirements-dev.txt,
the npm packages pinned by package-lock.json (``npm ci``), and Debian's chromium for the browser tests
(installed with apt-get when running as root).  Each step keeps a stamp of its inputs and is skipped when
nothing changed.  Also ``clean``, which removes what the build made."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

from .common import (
    CACHE,
    DIST,
    NODE_MODULES,
    ROOT,
    VENV,
    VENV_PYTHON,
    BuildError,
    check,
    digest,
    say,
    stamp_matches,
    write_stamp,
)

REQUIREMENTS = ROOT / "requirements-dev.txt"
PIP_VERSION = "pip==26.3"
CHROMIUM = Path("/usr/bin/chromium")


def ensure_venv() -> Path:
    """Create .venv and install requirements-dev.txt into it, unless the stamp says it is current."""
    stamp = VENV / ".paili-requirements.sha256"
    wanted = digest([REQUIREMENTS], extra=f"{sys.version_info[:2]}")
    if VENV_PYTHON.exists() and stamp_matches(stamp, wanted):
        return VENV_PYTHON
    if not VENV_PYTHON.exists():
        say("creating the virtual environment .venv")
        check([sys.executable, "-m", "venv", VENV])
    say("installing the pinned Python tools from requirements-dev.txt")
    check([VENV_PYTHON, "-m", "pip", "install", "--quiet", PIP_VERSION])
    check([VENV_PYTHON, "-m", "pip", "install", "--quiet", "-r", REQUIREMENTS])
    write_stamp(stamp, wanted)
    return VENV_PYTHON


def ensure_node_modules() -> None:
    """Run `npm ci` when package-lock.json changed since the last install."""
    stamp = NODE_MODULES / ".paili-lock.sha256"
    wanted = digest([ROOT / "package-lock.json", ROOT / "package.json"])
    if stamp_matches(stamp, wanted) and (NODE_MODULES / "pyodide").is_dir():
        return
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError("npm is missing: install Node.js 20+ with npm (Debian: apt-get install nodejs npm)")
    say("installing the npm packages pinned by package-lock.json")
    check([npm, "ci", "--no-audit", "--no-fund"])
    write_stamp(stamp, wanted)


def ensure_chromium() -> Path:
    """Debian's chromium for the browser tests: installed with apt-get when running as root."""
    if CHROMIUM.exists():
        return CHROMIUM
    if os.geteuid() != 0:
        raise BuildError(
            f"{CHROMIUM} is missing. The browser tests use Debian's chromium: "
            "run `sudo apt-get update && sudo apt-get install -y chromium`, then run this command again."
        )
    say(f"{CHROMIUM} is missing: installing Debian's chromium with apt-get (a few minutes, once)")
    apt_env = {"DEBIAN_FRONTEND": "noninteractive"}
    check(["apt-get", "update"], env=apt_env)
    check(["apt-get", "install", "-y", "chromium"], env=apt_env)
    if not CHROMIUM.exists():
        raise BuildError(f"apt-get installed chromium but {CHROMIUM} is still missing")
    return CHROMIUM


def clean(everything: bool) -> None:
    """Remove dist/ and build/; with everything, also .venv and node_modules."""
    for target in [DIST, CACHE] + ([VENV, NODE_MODULES] if everything else []):
        if target.exists():
            say(f"removing {target.relative_to(ROOT)}")
            shutil.rmtree(target)
