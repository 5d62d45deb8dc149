"""The repository stands on its own: no tracked file reads or points at the shared folder that sat beside the
project while it was written (its rules now live in docs/RULES.md, its golden data in tests/data)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUTSIDE = re.compile(r"\.\./shared\b|/work/shared\b|[\"']shared[\"']\s*/|\bDEFINITIONS\b|\bSTYLE\.md\b")
"""The shared folder by relative or absolute path, built as a ``Path`` (``... / "shared" / ...``), or its
files by name (the rules are docs/RULES.md here)."""


def test_no_tracked_file_refers_to_the_shared_folder() -> None:
    names = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, check=True, capture_output=True,
                           text=True).stdout.split("\0")
    assert "docs/RULES.md" in names and "tests/data/majiang-core/LICENSE" in names
    offending = []
    for name in filter(None, names):
        path = ROOT / name
        if name == "tests/test_repository.py" or not path.is_file():
            continue
        text = path.read_bytes().decode("utf-8", errors="replace")
        offending += [f"{name}: {m.group(0)}" for m in OUTSIDE.finditer(text)]
    assert not offending, offending


SKIPS = re.compile(r"\bpytest\.(skip|importorskip|xfail)\b|\bmark\.(skip|skipif|xfail)\b|\bunittest\.skip")
"""Every way a test can skip or be excused: a fresh clone runs every test, and a missing file is a failure."""


def test_no_test_skips() -> None:
    names = subprocess.run(["git", "ls-files", "-z", "tests"], cwd=ROOT, check=True, capture_output=True,
                           text=True).stdout.split("\0")
    offending = []
    for name in names:
        if name.endswith(".py") and name != "tests/test_repository.py":
            text = (ROOT / name).read_text(encoding="utf-8")
            offending += [f"{name}: {m.group(0)}" for m in SKIPS.finditer(text)]
    assert not offending, offending
