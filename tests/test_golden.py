"""The reference and the engine against majiang-core's 40,000 golden hands (see ``golden.py``).

The reference is checked on a seeded sample (it is slow); the engine on every hand, all three forms.
"""

from __future__ import annotations

import random
from types import ModuleType

import golden
import pytest
import reference

pytestmark = pytest.mark.skipif(
    not all(golden.golden_path(n).is_file() for n in golden.FILES),
    reason=f"golden data not found in {golden.GOLDEN_DIR} (the shared folder beside the project)",
)

REFERENCE_SAMPLE = 300


def engine() -> ModuleType:
    paili: ModuleType = pytest.importorskip("paili", reason="the engine package paili is not importable yet")
    if not all(hasattr(paili, name) for name in ("parse", "shanten")):
        pytest.skip("paili.parse / paili.shanten are not written yet")
    return paili


@pytest.fixture(scope="module", params=golden.FILES, ids=lambda n: f"xiangting_{n}")
def number(request: pytest.FixtureRequest) -> int:
    n: int = request.param
    return n


@pytest.fixture(scope="module")
def hands(number: int) -> list[golden.GoldenHand]:
    return golden.load(number)


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


def test_engine_agrees_on_every_hand(hands: list[golden.GoldenHand]) -> None:
    paili = engine()
    wrong = []
    for h in hands:
        got = paili.shanten(paili.parse(h.text))
        expected_min = min(h.regular, h.kokushi, h.chiitoitsu)
        forms = (got.regular, got.kokushi, got.chiitoitsu)
        if forms != (h.regular, h.kokushi, h.chiitoitsu) or got.min != expected_min:
            wrong.append((h.text, forms, (h.regular, h.kokushi, h.chiitoitsu)))
    assert not wrong, f"{len(wrong)} hands differ, e.g. (hand, engine, golden): {wrong[:5]}"


def test_engine_formats_golden_hands_canonically(hands: list[golden.GoldenHand]) -> None:
    paili = engine()
    for h in hands[:500]:
        assert str(paili.parse(h.text)) == h.text
