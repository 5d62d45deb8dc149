"""tools/js_checks.py: what it does without the pinned JavaScript tools (the checks themselves run in
``build.py test``, and ``npm run check`` is their own test)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tools.common import ROOT
from tools.js_checks import run_js_checks


def test_without_node_modules_it_says_what_is_missing_and_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_js_checks(tmp_path) == 1
    out = capsys.readouterr().out
    assert "node_modules lacks eslint, tsc" in out and "npm ci" in out


def test_the_project_pins_the_tools_it_runs() -> None:
    package = json.loads((ROOT / "package.json").read_text())
    lock = json.loads((ROOT / "package-lock.json").read_text())
    for name in ("eslint", "@eslint/js", "globals", "typescript", "@types/node", "@types/trusted-types"):
        version = package["devDependencies"][name]
        assert version[0].isdigit(), f"{name} is not pinned to an exact version: {version}"
        assert lock["packages"][f"node_modules/{name}"]["version"] == version
    for script in ("lint", "typecheck", "test", "check"):
        assert script in package["scripts"]
