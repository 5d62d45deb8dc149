"""Tests of the reference itself (``reference.py``): known hands, the 4-copy traps, exhaustive small cases,
and its two regular-shanten searches against each other."""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterator

import pytest
import reference as ref
from reference import counts_of
from support import scaled

WALL = [k for k in range(ref.KINDS) for _ in range(4)]


def deal(rng: random.Random, n: int, kinds: list[int] | None = None) -> tuple[int, ...]:
    wall = WALL if kinds is None else [k for k in kinds for _ in range(4)]
    counts = [0] * ref.KINDS
    for k in rng.sample(wall, n):
        counts[k] += 1
    return tuple(counts)


def one_suit_hands(size: int, base: int = 0, kinds: int = 9) -> Iterator[tuple[int, ...]]:
    """Every hand of ``size`` tiles inside one suit (at most 4 copies of a kind)."""
    for combo in itertools.combinations_with_replacement(range(base, base + kinds), size):
        counts = [0] * ref.KINDS
        for k in combo:
            counts[k] += 1
        if max(counts) <= 4:
            yield tuple(counts)


# --- known hands and traps ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "melds", "expected"),
    [
        ("1111m234p567p789s", 4, 1),  # not tenpai: it would wait on a fifth 1m
        ("123456789m1111z", 4, 1),
        ("1112223334444z", 4, 1),
        ("245568m245568p77s", 4, 2),
        ("19m19p19s12345z", 3, 6),  # 11 tiles, one called meld
        ("123m456p789s1122z", 4, 0),
        ("123m456p789s11122z", 4, -1),
        ("1112345678999m", 4, 0),  # nine gates, 13 tiles
        ("11112345678999m", 4, -1),
        ("1111m", 1, 1),  # 4 tiles: 111m + 1m cannot wait on 1m
        ("11112222333344m", 4, -1),
        ("1m", 0, 0),
        ("13579m13579p1357s", 4, 4),
    ],
)
def test_known_regular_shanten(text: str, melds: int, expected: int) -> None:
    counts = counts_of(text)
    assert ref.regular_shanten(counts, melds) == expected
    assert ref.regular_shanten_naive(counts, melds) == expected


def test_called_copies_lower_the_limit() -> None:
    # 123m456p789s1z + one called meld: tenpai on 1z, unless that meld is a pon of 1z
    counts = counts_of("123m456p789s1z")
    assert ref.regular_shanten(counts, 3) == 0
    limit = list(ref.FULL)
    limit[27] = 1
    assert ref.regular_shanten(counts, 3, limit) == 1
    assert ref.regular_shanten_naive(counts, 3, limit) == 1


def test_forms_of_the_traps() -> None:
    s = ref.shanten(counts_of("1111m234p567p789s"), 4)
    assert s == ref.Shanten(1, 5, 10) and s.min == 1
    assert ref.shanten(counts_of("19m19p19s12345z"), 3) == ref.Shanten(6, None, None)
    seven = ref.shanten(counts_of("11223344556677m"), 4)
    assert seven.regular == -1 and seven.chiitoitsu == -1
    assert ref.shanten(counts_of("19m19p19s1234567z"), 4).kokushi == 0
    assert ref.shanten(counts_of("119m19p19s1234567z"), 4).kokushi == -1
    # a four is one pair in riichi, two in Sichuan and GB
    assert ref.shanten(counts_of("1111223344556m"), 4).chiitoitsu == 2
    assert ref.shanten(counts_of("1111223344556m"), 4, rules="gb").chiitoitsu == 0
    assert ref.shanten(counts_of("1111223344556m"), 4, rules="sichuan").chiitoitsu == 0


# --- the two regular searches against each other --------------------------------------------------------


@pytest.mark.parametrize(("size", "melds"), [(1, 0), (2, 0), (4, 1), (5, 1)])
def test_regular_searches_agree_on_every_small_one_suit_hand(size: int, melds: int) -> None:
    for base, kinds in ((0, 9), (27, 7)):
        for counts in one_suit_hands(size, base, kinds):
            assert ref.regular_shanten(counts, melds) == ref.regular_shanten_naive(counts, melds), counts


@pytest.mark.parametrize(("size", "melds"), [(7, 2), (8, 2), (10, 3), (11, 3), (13, 4), (14, 4)])
def test_regular_searches_agree_on_random_hands(size: int, melds: int) -> None:
    rng = random.Random(size)
    for i in range(scaled(12, 40)):
        counts = deal(rng, size, list(range(9)) if i % 4 == 0 else None)  # a quarter of them one suit
        assert ref.regular_shanten(counts, melds) == ref.regular_shanten_naive(counts, melds), counts


def test_regular_searches_agree_under_random_limits() -> None:
    rng = random.Random(7)
    for _ in range(60):
        counts = deal(rng, 8, list(range(18)))
        limit = [max(c, 4 - rng.choice((0, 0, 1, 3, 4))) for c in counts]
        assert ref.regular_shanten(counts, 2, limit) == ref.regular_shanten_naive(counts, 2, limit), (
            counts,
            limit,
        )


@pytest.mark.slow
def test_regular_searches_agree_on_every_8_tile_one_suit_hand() -> None:
    for counts in one_suit_hands(8):
        assert ref.regular_shanten(counts, 2) == ref.regular_shanten_naive(counts, 2), counts


def test_drawing_changes_shanten_by_at_most_one() -> None:
    rng = random.Random(3)
    for _ in range(100):
        counts = deal(rng, 13)
        before = ref.regular_shanten(counts, 4)
        for k in range(ref.KINDS):
            if counts[k] < 4:
                drawn = list(counts)
                drawn[k] += 1
                assert before - 1 <= ref.regular_shanten(drawn, 4) <= before


# --- decompositions -------------------------------------------------------------------------------------


def rebuild(d: ref.Decomposition) -> tuple[int, ...]:
    counts = [0] * ref.KINDS
    assert d.pair is not None
    counts[d.pair] += 2
    for t in d.triplets:
        counts[t] += 3
    for s in d.sequences:
        assert s < 27 and s % 9 <= 6
        for k in (s, s + 1, s + 2):
            counts[k] += 1
    return tuple(counts)


def random_win(rng: random.Random, melds: int) -> tuple[int, ...]:
    while True:
        counts = [0] * ref.KINDS
        counts[rng.randrange(ref.KINDS)] += 2
        for _ in range(melds):
            g = rng.choice(ref.GROUPS)
            for k in g:
                counts[k] += 1
        if max(counts) <= 4:
            return tuple(counts)


def test_known_decompositions() -> None:
    assert ref.decompositions(counts_of("11223344556677m")) == [
        ref.Decomposition(0, (), (1, 1, 4, 4)),
        ref.Decomposition(3, (), (0, 0, 4, 4)),
        ref.Decomposition(6, (), (0, 0, 3, 3)),
    ]
    assert ref.decompositions(counts_of("111222333m789p11z")) == [
        ref.Decomposition(27, (), (0, 0, 0, 15)),
        ref.Decomposition(27, (0, 1, 2), (15,)),
    ]
    nine_gates = ref.decompositions(counts_of("11123455678999m"))
    assert ref.Decomposition(4, (0, 8), (1, 5)) in nine_gates
    assert ref.decompositions(counts_of("1111m234p567p789s1z")) == []  # not a win
    assert ref.decompositions(counts_of("11112345678999m")) == [ref.Decomposition(8, (0,), (0, 3, 6))]


def test_quads_are_four_loose_tiles() -> None:
    # 1111m23m reads only as 111m + 123m (11m + 11m23m leaves a 1m without partners)
    got = ref.decompositions(counts_of("111123m456p789s11z"))
    assert got == [ref.Decomposition(27, (0,), (0, 12, 24))]


def test_decompositions_rebuild_the_hand_and_match_shanten() -> None:
    rng = random.Random(11)
    for i in range(300):
        melds = 4 if i % 3 else rng.randrange(5)
        counts = random_win(rng, melds) if i % 2 else deal(rng, 3 * melds + 2, list(range(9)))
        found = ref.decompositions(counts)
        assert len(found) == len(set(found))
        assert all(rebuild(d) == counts for d in found)
        assert bool(found) == (ref.regular_shanten(counts, melds) == -1), counts


def test_decompositions_reject_other_sizes() -> None:
    with pytest.raises(ValueError, match="3n\\+2"):
        ref.decompositions(counts_of("123m456p789s1122z"))


# --- seven pairs and thirteen orphans -------------------------------------------------------------------


@pytest.mark.parametrize("size", [13, 14])
def test_seven_pairs_and_orphans_formulas_match_their_searches(size: int) -> None:
    rng = random.Random(size)
    for i in range(400):
        # few kinds make pairs, triples and fours likely; orphans-heavy deals test kokushi
        pool = [
            None,
            list(range(7)),
            list(range(4)) + list(range(27, 30)),
            list(ref.TERMINALS_AND_HONORS),
        ][i % 4]
        counts = deal(rng, size, pool)
        assert ref.chiitoitsu_shanten(counts) == ref.seven_pairs_shanten_search(counts), counts
        assert ref.chiitoitsu_shanten_chinese(counts) == ref.seven_pairs_shanten_search(counts, chinese=True)
        assert ref.kokushi_shanten(counts) == ref.kokushi_shanten_search(counts), counts


# --- ukeire and the discard table -----------------------------------------------------------------------


def test_nine_gates_waits_on_all_nine() -> None:
    assert ref.ukeire(counts_of("1112345678999m"), 4) == {k: (1 if k in (0, 8) else 3) for k in range(9)}


def test_ukeire_never_lists_a_fifth_copy() -> None:
    got = ref.ukeire(counts_of("1111m234p567p789s"), 4)
    assert 0 not in got
    assert got[27] == 4 and got[10] == 3


def test_visible_tiles_lower_remaining_but_keep_the_kind() -> None:
    counts = counts_of("123m456p789s1122z")
    assert ref.ukeire(counts, 4, visible=counts_of("11z")) == {27: 0, 28: 2}
    assert ref.ukeire(counts, 4, visible=counts_of("111z")) == {27: 0, 28: 2}  # never below 0


def test_called_copies_lower_remaining() -> None:
    # 2344m (one meld + pair to go) waits on 1m (123m + 44m) and 4m (234m + 44m)
    counts = counts_of("2344m")
    limit = list(ref.FULL)
    assert ref.ukeire(counts, 1, limit) == {0: 4, 3: 2}
    limit[0] = 3  # one 1m in a called meld: 3 left
    assert ref.ukeire(counts, 1, limit) == {0: 3, 3: 2}
    limit[3] = 2  # two 4m in called melds and two in hand: 4m cannot be drawn, the hand waits on 1m only
    assert ref.ukeire(counts, 1, limit) == {0: 3}


def test_ukeire_is_the_draws_that_lower_shanten() -> None:
    rng = random.Random(5)
    for _ in range(30):
        counts = deal(rng, 13)
        base = ref.shanten(counts, 4).min
        got = ref.ukeire(counts, 4)
        for k in range(ref.KINDS):
            if counts[k] == 4:
                assert k not in got
                continue
            drawn = list(counts)
            drawn[k] += 1
            assert (k in got) == (ref.shanten(drawn, 4).min == base - 1)
            if k in got:
                assert got[k] == 4 - counts[k]


def test_discard_table_sorted_best_first() -> None:
    rows = ref.discard_table(counts_of("123m456p789s11223z"), 4)
    assert [(r.tile, r.shanten, r.total) for r in rows[:2]] == [(29, 0, 4), (0, 1, 11)]
    assert len(rows) == 12
    keys = [(r.shanten, -r.total, r.tile) for r in rows]
    assert keys == sorted(keys)
    unseen = ref.discard_table(counts_of("123m456p789s11223z"), 4, discard_is_visible=False)
    assert unseen[0] == rows[0]  # 3z is not among the ukeire, so it does not matter there
    assert rows[1].ukeire[0] == 3 and unseen[1].ukeire[0] == 4  # the discarded 1m lies in the river


def test_discard_table_of_a_complete_hand() -> None:
    rows = ref.discard_table(counts_of("123m456p789s11122z"), 4)
    assert rows[0].shanten == 0
    assert {r.tile for r in rows if r.shanten == 0} >= {0, 27, 28}


# --- the advice model ---------------------------------------------------------------------------------------


def test_advice_model_widths_are_ukeire_totals() -> None:
    rng = random.Random(31)
    seen = deal(rng, 10)
    model = ref.AdviceModel(4, visible=seen)
    for _ in range(20):
        counts = deal(rng, 13)
        if any(c + v > 4 for c, v in zip(counts, seen, strict=True)):
            continue
        assert model.width(counts) == sum(ref.ukeire(counts, 4, visible=seen).values())


def test_advice_model_tenpai_closed_form_and_dead_wait() -> None:
    # 123m456p789s111z2z waits on 2z alone: 3 of the 123 unseen tiles; with 222z visible, none.
    hand = counts_of("123m456p789s1112z")
    model = ref.AdviceModel(4)
    for t in range(6):
        assert math.isclose(model.value(hand, t, "win"), 1 - (1 - 3 / 123) ** t, abs_tol=1e-12)
        assert model.value(hand, t, "tenpai") == 1.0
    dead = ref.AdviceModel(4, visible=counts_of("222z"))
    assert [dead.value(hand, t, "win") for t in range(5)] == [0.0] * 5
    # Going back to 1-shanten (or swapping the wait) is the only way to win here.
    for tegawari in (True, False):
        helped = ref.AdviceModel(4, visible=counts_of("222z"), tegawari=tegawari, shanten_down=not tegawari)
        assert helped.value(hand, 1, "win") == 0.0 and helped.value(hand, 3, "win") > 0.0
        assert helped.value(hand, 3, "win", moves=0) == 0.0   # with no option move left: the default policy


def test_advice_model_options_never_lower_a_value() -> None:
    rng = random.Random(32)
    plain = ref.AdviceModel(1)
    both = ref.AdviceModel(1, tegawari=True, shanten_down=True)
    for _ in range(2):
        counts = deal(rng, 4)   # 4 concealed tiles: one meld and the pair still needed
        for t in range(4):
            for objective in ("win", "tenpai"):
                assert both.value(counts, t, objective) >= plain.value(counts, t, objective) - 1e-12
