"""What every build module shares: the project's paths, ``BuildError``, running commands, file hashes and
the stamps that let a step be skipped when its inputs did not change."""

from __future__ import annotations

import hashlib
import os
import subprocess
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "web"
ENGINE = ROOT / "engine" / "paili"
DIST = ROOT / "dist"
SITE = DIST / "site"
BENCH_SITE = DIST / "bench"
CACHE = ROOT / "build"  # git-ignored: wheel, minified-tile, icon and Pyodide-package caches
VENV = ROOT / ".venv"
VENV_PYTHON = VENV / "bin" / "python"
NODE_MODULES = ROOT / "node_modules"

# Environment for every tool run from here: Playwright must never download a browser.
TOOL_ENV = {
    "PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD": "1",
    "PLAYWRIGHT_SKIP_BROWSER_GC": "1",
    "PIP_DISABLE_PIP_VERSION_CHECK": "1",
    "PYTHONDONTWRITEBYTECODE": "1",
}


class BuildError(Exception):
    """A step failed; the message says what to do."""


def say(message: str) -> None:
    print(f"[build] {message}", flush=True)


def run(cmd: Sequence[str | Path], *, cwd: Path = ROOT, env: dict[str, str] | None = None) -> int:
    """Run a command, echoing it; return its exit code."""
    shown = " ".join(str(c) for c in cmd)
    say(f"$ {shown}")
    full_env = {**os.environ, **TOOL_ENV, **(env or {})}
    return subprocess.run([str(c) for c in cmd], cwd=cwd, env=full_env).returncode


def check(cmd: Sequence[str | Path], *, cwd: Path = ROOT, env: dict[str, str] | None = None) -> None:
    """Run a command and raise BuildError if it fails."""
    code = run(cmd, cwd=cwd, env=env)
    if code != 0:
        raise BuildError(f"command failed with exit code {code}: {' '.join(str(c) for c in cmd)}")


def files_under(folder: Path) -> Iterator[Path]:
    """Every file under folder, sorted, skipping caches and hidden files."""
    for path in sorted(folder.rglob("*")):
        rel = path.relative_to(folder).parts
        if path.is_file() and "__pycache__" not in rel and not any(p.startswith(".") for p in rel):
            yield path


def digest(paths: Iterable[Path], *, base: Path = ROOT, extra: str = "") -> str:
    """A hash of the names and contents of the given files (and an extra string)."""
    h = hashlib.sha256(extra.encode())
    for path in paths:
        h.update(str(path.relative_to(base)).encode() + b"\0")
        h.update(hashlib.sha256(path.read_bytes()).digest())
    return h.hexdigest()


def stamp_matches(stamp: Path, value: str) -> bool:
    return stamp.is_file() and stamp.read_text().strip() == value


def write_stamp(stamp: Path, value: str) -> None:
    stamp.parent.mkdir(parents=True, exist_ok=True)
    stamp.write_text(value + "\n")


def write_if_changed(path: Path, text: str) -> None:
    if not path.is_file() or path.read_text() != text:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def human_size(n: float) -> str:
    for unit in ("B", "KiB", "MiB"):
        if n < 1024 or unit == "MiB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024
    raise AssertionError("unreachable")


def tree_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())
