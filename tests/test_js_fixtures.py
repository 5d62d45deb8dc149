"""The recorded answers the node tests of the page's controllers replay (tests/js/fixtures/engine_answers.json,
written by tests/js/record_answers.py) are what the engine answers now: the node tests cannot run on stale ones."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "js"))

import record_answers  # noqa: E402


def test_the_recorded_answers_are_the_engines_answers_now() -> None:
    recorded = json.loads(record_answers.FIXTURE.read_text(encoding="utf-8"))
    now = record_answers.record()
    assert [a["request"] for a in recorded["answers"]] == record_answers.REQUESTS
    changed = [a["request"] for a, b in zip(recorded["answers"], now["answers"], strict=True) if a != b]
    assert not changed, f"re-record with PYTHONPATH=engine python3 tests/js/record_answers.py; changed: {changed}"
    assert recorded == now
