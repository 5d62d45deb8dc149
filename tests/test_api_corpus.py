"""The engine's answers to a seeded corpus of 2,929 calls (tests/api_corpus.py) are the recorded ones, byte for
byte: the check that a refactor changes nothing a user sees. The record is a **snapshot** of the engine's own
answers (tests/data/api_corpus.json), not an oracle; a change meant to change answers rewrites it with
``PYTHONPATH=engine python tests/api_corpus.py write`` and names the answers it changed."""

from __future__ import annotations

import json

import api_corpus


def test_the_corpus_answers_are_the_recorded_ones() -> None:
    record = json.loads(api_corpus.RECORDED.read_text())
    assert record["seed"] == api_corpus.SEED
    changed = api_corpus.differences(record["answers"])
    assert not changed, f"{len(changed)} answers changed, the first: {changed[:3]}"


def test_the_corpus_covers_every_op_and_errors() -> None:
    requests = list(api_corpus.requests())
    ops = {r["op"] for r in requests}
    assert ops >= {"analyze", "tiles", "advise", "improvements", "outlook", "score", "score_waits", "version"}
    assert {r.get("rules") for r in requests if r["op"] == "analyze"} == {*api_corpus.RULE_SETS, None}
    record = json.loads(api_corpus.RECORDED.read_text())["answers"]
    assert len(record) == len({json.dumps(r, sort_keys=True) for r in requests})  # every request distinct
