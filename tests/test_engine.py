"""The fast engine against the slow reference (tests/reference.py): seeded random hands, every one-suit
hand, hands full of quads, hands with called melds and visible tiles, and the traps of docs/RULES.md."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from functools import cache
from itertools import product

import pytest
import reference
from support import random_counts as _random_counts

import paili
from paili.hand import Hand
from paili.shanten import regular_shanten

KINDS = 34


def _quad_heavy(rng: random.Random, size: int) -> list[int]:
    """Hands with one or more concealed fours, where the textbook formula goes wrong."""
    counts = [0] * KINDS
    for k in rng.sample(range(KINDS), rng.randint(1, min(3, size // 4))):
        counts[k] = 4
    while sum(counts) < size:
        k = rng.randrange(KINDS)
        if counts[k] < 4:
            counts[k] += 1
    return counts


def _engine_shanten(counts: list[int], rules: str = "riichi") -> paili.Shanten:
    return paili.shanten(Hand(tuple(counts)), rules=rules)  # type: ignore[arg-type]


def _reference_shanten(counts: list[int], rules: str = "riichi") -> reference.Shanten:
    return reference.shanten(counts, sum(counts) // 3, rules=rules)  # type: ignore[arg-type]


@pytest.mark.parametrize("size", [13, 14])
def test_shanten_matches_reference_on_random_hands(size: int) -> None:
    rng = random.Random(20261121 + size)
    for _ in range(300):
        counts = _random_counts(rng, size)
        got, want = _engine_shanten(counts), _reference_shanten(counts)
        assert tuple(got) == tuple(want), counts


@pytest.mark.parametrize("size", [1, 2, 4, 5, 7, 8, 10, 11, 13, 14])
def test_shanten_matches_reference_on_quads_and_short_hands(size: int) -> None:
    rng = random.Random(7 * size)
    for _ in range(60):
        counts = _quad_heavy(rng, size) if size >= 4 else _random_counts(rng, size)
        assert regular_shanten(counts) == reference.regular_shanten(counts, size // 3), counts


def test_shanten_matches_reference_in_one_suit_and_half_flush_hands() -> None:
    rng = random.Random(99)
    for _ in range(150):
        suit = rng.randrange(3) * 9
        kinds = range(suit, suit + 9) if rng.random() < 0.5 else [*range(suit, suit + 9), *range(27, 34)]
        counts = _random_counts(rng, rng.choice([13, 14]), kinds)  # type: ignore[arg-type]
        assert regular_shanten(counts) == reference.regular_shanten(counts, 4), counts


def test_seven_pairs_with_fours_matches_search() -> None:
    rng = random.Random(5)
    for _ in range(200):
        counts = _quad_heavy(rng, 13)
        got = _engine_shanten(counts, "gb").chiitoitsu
        assert got == reference.seven_pairs_shanten_search(counts, chinese=True), counts


def test_shanten_with_called_melds_honours_their_copies() -> None:
    rng = random.Random(11)
    checked = 0
    while checked < 150:
        melds = []
        called = [0] * KINDS
        for _ in range(rng.randint(1, 3)):
            k = rng.randrange(KINDS)
            if rng.random() < 0.5 and k < 27 and k % 9 <= 6:
                tiles = (k, k + 1, k + 2)
                melds.append(paili.Meld("chi", tiles))
            else:
                tiles = (k,) * 3
                melds.append(paili.Meld("pon", tiles))
            for t in tiles:
                called[t] += 1
        if max(called) > 4:
            continue
        size = 14 - 3 * len(melds) - rng.randint(0, 1)
        limit = [4 - c for c in called]
        wall = [k for k in range(KINDS) for _ in range(limit[k])]
        counts = [0] * KINDS
        for k in rng.sample(wall, size):
            counts[k] += 1
        hand = Hand(tuple(counts), melds=tuple(melds))
        want = reference.regular_shanten(counts, size // 3, limit)
        assert paili.shanten(hand).regular == want, (counts, melds)
        assert paili.shanten(hand).chiitoitsu is None and paili.shanten(hand).kokushi is None
        checked += 1


@pytest.mark.parametrize(("text", "expected"), [
    ("1111m234p567p789s", 1),
    ("123456789m1111z", 1),
    ("1112223334444z", 1),
    ("245568m245568p77s", 2),
])
def test_trap_hands(text: str, expected: int) -> None:
    assert paili.shanten(paili.parse(text)).min == expected


def test_short_hand_reads_unknown_meld_and_has_no_special_forms() -> None:
    s = paili.shanten(paili.parse("19m19p19s12345z"))
    assert (s.regular, s.chiitoitsu, s.kokushi) == (6, None, None)


# -- every one-suit hand --------------------------------------------------------------------------------


def _one_suit(size: int) -> Iterator[tuple[int, ...]]:
    for v in product(range(5), repeat=9):
        if sum(v) == size:
            yield v + (0,) * 25


@cache
def _reference_win(counts: tuple[int, ...]) -> bool:
    return bool(reference.decompositions(counts))


def _decomps_as_reference(hand: Hand) -> list[reference.Decomposition]:
    out = [reference.Decomposition(d.pair, d.triplets, d.sequences)
           for d in paili.decompositions(hand) if d.form == "regular"]
    return sorted(out, key=lambda d: (d.pair, d.triplets, d.sequences))


def _check_decompositions(hands: Iterable[tuple[int, ...]]) -> int:
    """Each hand's regular readings and win against the reference; how many hands win."""
    wins = 0
    for counts in hands:
        hand = Hand(counts)
        want = reference.decompositions(counts)
        assert _decomps_as_reference(hand) == want, counts
        assert paili.is_agari(hand) == (bool(want) or (
            reference.chiitoitsu_shanten(counts) == -1)), counts
        assert (regular_shanten(counts) == -1) == bool(want), counts
        wins += bool(want)
    return wins


def _check_tenpai(hands: Iterable[tuple[int, ...]]) -> None:
    """Tenpai is checked from its definition: some drawable kind (under 4 copies) completes the hand."""
    for counts in hands:
        tenpai = any(counts[k] < 4 and _reference_win(counts[:k] + (counts[k] + 1,) + counts[k + 1:])
                     for k in range(9))
        assert (regular_shanten(counts) == 0) == tenpai, counts


@pytest.mark.slow
def test_every_one_suit_14_tile_hand_decomposes_like_the_reference() -> None:
    assert _check_decompositions(_one_suit(14)) > 0


@pytest.mark.slow
def test_every_one_suit_13_tile_hand_is_tenpai_exactly_when_a_draw_wins() -> None:
    _check_tenpai(_one_suit(13))


@pytest.mark.parametrize("size", [13, 14])
def test_a_seeded_sample_of_the_one_suit_sweeps(size: int) -> None:
    """The default run's share of the two sweeps above (slow-marked): seeded random hands of theirs (dealt from
    one suit's 36 tiles; listing the 2 million vectors the sweeps walk would cost more than checking these)."""
    rng = random.Random(1400 + size)
    hands = [tuple(_random_counts(rng, size, range(9))) for _ in range(300)]
    if size == 14:
        assert _check_decompositions(hands) > 0  # 38 of the 300 win
    else:
        _check_tenpai(hands)


@pytest.mark.parametrize("size", [2, 5, 8, 11])
def test_every_one_suit_short_hand_matches_reference_shanten(size: int) -> None:
    rng = random.Random(size)
    hands = list(_one_suit(size))
    for counts in rng.sample(hands, min(len(hands), 400)):
        assert regular_shanten(counts) == reference.regular_shanten(counts, size // 3), counts


def test_decompositions_match_reference_on_random_winning_hands() -> None:
    rng = random.Random(3)
    found = 0
    while found < 300:
        counts = [0] * KINDS
        melds = [rng.randrange(34 + 21) for _ in range(4)]
        pair = rng.randrange(KINDS)
        counts[pair] += 2
        for m in melds:
            if m < 34:
                counts[m] += 3
            else:
                s = m - 34
                start = (s // 7) * 9 + s % 7
                for k in (start, start + 1, start + 2):
                    counts[k] += 1
        if max(counts) > 4:
            continue
        hand = Hand(tuple(counts))
        assert _decomps_as_reference(hand) == reference.decompositions(counts)
        assert paili.is_agari(hand)
        found += 1


# -- ukeire and discard tables -----------------------------------------------------------------------------


def test_ukeire_matches_reference_with_visible_tiles() -> None:
    rng = random.Random(8)
    for _ in range(60):
        counts = _random_counts(rng, 13)
        visible = [0] * KINDS
        for k in rng.sample(range(KINDS), 6):
            visible[k] = min(4 - counts[k], rng.randint(0, 3))
        u = paili.ukeire(Hand(tuple(counts)), visible=visible)
        assert dict(u.tiles) == reference.ukeire(counts, 4, visible=visible), counts


def test_discard_table_matches_reference() -> None:
    rng = random.Random(9)
    for _ in range(25):
        counts = _random_counts(rng, 14)
        rows = paili.discard_table(Hand(tuple(counts)))
        want = reference.discard_table(counts, 4, discard_is_visible=True)
        assert [(r.tile, r.shanten, dict(r.ukeire.tiles)) for r in rows] == \
            [(r.tile, r.shanten, r.ukeire) for r in want], counts


def test_waits_of_tenpai_hand_and_none_when_not_tenpai() -> None:
    assert [(t, n) for t, n in paili.waits(paili.parse("1112345678999m")).tiles] == \
        [(k, 4 - (3 if k in (0, 8) else 1)) for k in range(9)]
    assert paili.waits(paili.parse("1111m234p567p789s")).tiles == ()
    # A wait whose copies are all visible elsewhere is still a wait, with 0 left.
    counts, _ = paili.parse_tiles("111z")
    result = paili.analyze("123m456p789s2z", visible="111z")
    assert [w for w in result["waits"] if w["tile"] == "2z"] == [{"tile": "2z", "remaining": 3}]
    assert counts[27] == 3
