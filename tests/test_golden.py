"""The reference and the engine against majiang-core's 40,000 golden hands (``tests/data/majiang-core``,
read by ``golden.py``).

The files are in the repository and pinned by sha256; the reference is checked on a seeded sample (it is
slow), the engine on every hand, all three forms.
"""

from __future__ import annotations

import gzip
import hashlib
import random
from pathlib import Path

import golden
import pytest
import reference
from support import scaled

import paili

REFERENCE_SAMPLE = scaled(100, 300)
ENGINE_SAMPLE = scaled(2_500, 10_000)  # --all: every hand


@pytest.fixture(scope="module", params=golden.FILES, ids=lambda n: f"xiangting_{n}")
def number(request: pytest.FixtureRequest) -> int:
    n: int = request.param
    return n


@pytest.fixture(scope="module")
def hands(number: int) -> list[golden.GoldenHand]:
    return golden.load(number)


def test_each_file_matches_its_pinned_sha256(number: int) -> None:
    data = gzip.decompress(golden.golden_path(number).read_bytes())
    assert hashlib.sha256(data).hexdigest() == golden.SHA256[number]
    assert golden.read_checked(number) == data


def test_a_changed_file_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = gzip.decompress(golden.golden_path(1).read_bytes())
    changed = data.replace(b'"x":[4,8,5]', b'"x":[3,8,5]', 1)
    assert changed != data
    monkeypatch.setattr(golden, "GOLDEN_DIR", tmp_path)
    (tmp_path / "xiangting_1.json.gz").write_bytes(gzip.compress(changed))
    with pytest.raises(ValueError, match="expected sha256"):
        golden.load(1)


def test_files_hold_10000_closed_14_tile_hands(hands: list[golden.GoldenHand]) -> None:
    assert len(hands) == 10_000
    assert all(sum(h.counts) == 14 and max(h.counts) <= 4 for h in hands)


def test_text_round_trips_through_counts(hands: list[golden.GoldenHand]) -> None:
    for h in hands[:500]:
        assert reference.counts_of(h.text) == h.counts
        assert h.text.count("0") == sum(h.reds)


def test_reference_agrees_on_a_sample(number: int, hands: list[golden.GoldenHand]) -> None:
    sample = random.Random(1000 + number).sample(hands, REFERENCE_SAMPLE)
    for h in sample:
        got = reference.shanten(h.counts, 4)
        assert (got.regular, got.kokushi, got.chiitoitsu) == (h.regular, h.kokushi, h.chiitoitsu), h.text


def test_engine_agrees_on_every_hand(number: int, hands: list[golden.GoldenHand]) -> None:
    wrong = []
    for h in random.Random(2000 + number).sample(hands, ENGINE_SAMPLE):  # a seeded sample by default
        got = paili.shanten(paili.parse(h.text))
        expected_min = min(h.regular, h.kokushi, h.chiitoitsu)
        forms = (got.regular, got.kokushi, got.chiitoitsu)
        if forms != (h.regular, h.kokushi, h.chiitoitsu) or got.min != expected_min:
            wrong.append((h.text, forms, (h.regular, h.kokushi, h.chiitoitsu)))
    assert not wrong, f"{len(wrong)} hands differ, e.g. (hand, engine, golden): {wrong[:5]}"


def test_engine_formats_golden_hands_canonically(hands: list[golden.GoldenHand]) -> None:
    for h in hands[:500]:
        assert str(paili.parse(h.text)) == h.text
