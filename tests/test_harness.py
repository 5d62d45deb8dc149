"""The test harness itself: browser tests fail, and never skip, when the site they test is not built."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_browser_tests_fail_and_say_how_to_build_when_the_site_is_missing(tmp_path: Path) -> None:
    # A test that needs the site but no browser: the harness must stop it before any page opens.
    test = "tests/browser/test_smoke.py::test_build_info_names_an_existing_wheel"
    env = {**os.environ, "PAILI_SITE": str(tmp_path / "no-site")}
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-rA", test],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300,
    )
    assert run.returncode == 1, run.stdout + run.stderr
    assert "1 error" in run.stdout and "skipped" not in run.stdout, run.stdout
    assert "is not a built site: run `python3 build.py build` first" in run.stdout, run.stdout
