"""The rule sets' fast paths (issue 11's speed work) against their definitions.

* :func:`paili.forms.knitted.knit_suit` (what the knitted forms read of one suit: the kinds held per rank, packed
  per pattern, and the three 组合龙 rests read from the automaton's prefix states) against its definition, for
  every suit content of up to 8 tiles and for seeded random heavier ones, with and without lowered limits.
* :func:`paili.forms.knitted.plain_gb_forms` (GB shanten of a hand with nothing set aside, read straight from the
  automata, nothing cached) against the cached :meth:`Evaluator.knitted_forms` and seven pairs' formula, on seeded
  random and near-knitted hands of every size; its tables (:func:`knit_tables`: the walk that reads a
  suit's answer and its three 组合龙 rests at once, built from the :func:`lowered_automata` that read one rest in
  one pass; the packs by the kinds held) against :func:`knit_rest` and :func:`knit_suit`.
* :func:`paili.forms.voids.plain_void_forms` (Sichuan shanten of a hand with nothing set aside, read straight from
  the automata, nothing cached) against the cached :meth:`Evaluator.void_best`, on seeded random, near-void and
  one-suit hands of every size, with and without a fixed void; :func:`counts_shanten` through it and around it.
* GB shanten per form against the documented formulas computed the plain way (``knitted_held`` and the regular
  shanten of each pattern's rest): thousands of seeded random hands, hands near the knitted forms (with pairs),
  hands one tile from two forms, with and without a called set. ``tests/test_rulesets.py`` holds the formulas
  themselves to the brute-force reference on fewer hands.
* The evaluator's draws and discards against the shanten of every one-tile neighbour: GB (组合龙 draws read
  from the rests' neighbours) and Sichuan (缺一门: the draws of each choice of the suit given up, by form, and
  the discards, with seven pairs' change read by the count of the kind changed), with and without a fixed void.
* Sanma's characters read by the counts of 1m and 9m and combined inline against the capped generic read.
"""

from __future__ import annotations

import random
from itertools import product
from math import comb

import pytest
from test_rulesets import gb_hands, sichuan_hands

import paili
from paili.errors import HandError
from paili.evaluator import (
    KNITTED_PATTERNS,
    UNREACHABLE,
    Evaluator,
    chiitoitsu_shanten,
    knitted_held,
    plain_gb_forms,
    plain_void_forms,
    regular_shanten,
    suit_tables,
)
from paili.forms.knitted import knit_rest, knit_suit, knit_tables, lowered_automata
from paili.hand import Hand
from paili.shanten import Shanten, counts_shanten


def _definition(part: tuple[int, ...], caps: tuple[int, ...] | None) -> tuple[list[int], list[int], int]:
    """The kinds held per rank, the three rests' answer ids and the content's own, the slow way."""
    t = suit_tables()
    held = [sum(1 for i in range(r, 9, 3) if part[i]) for r in range(3)]
    rests = []
    for r in range(3):
        rest = [n - 1 if n and i % 3 == r else n for i, n in enumerate(part)]
        limits = None if caps is None else tuple(n - 1 if i % 3 == r else n for i, n in enumerate(caps))
        rests.append(t.read(rest, 0, limits))
    return held, rests, t.read(part, 0, caps)


def _check_suit(part: tuple[int, ...], caps: tuple[int, ...] | None) -> None:
    got = knit_suit(part, caps, 0, suit_tables())
    held, rests, own = _definition(part, caps)
    for slot in range(3):
        for i, pattern in enumerate(KNITTED_PATTERNS):
            rank = next(k % 3 for k in pattern if k // 9 == slot)  # the rank this pattern gives the slot
            assert got.packs[slot] >> 4 * i & 15 == held[rank], (part, slot, i)
    assert list(got.rests) == rests, part
    assert got.own == own, part


def test_knit_suit_for_every_content_of_up_to_8_tiles() -> None:
    checked = 0
    for part in product(range(5), repeat=9):
        if sum(part) <= 8:
            _check_suit(part, None)
            checked += 1
    # the 9-count vectors (each 0..4) of at most 8 tiles, by inclusion-exclusion over the counts above 4
    assert checked == sum((-1) ** j * comb(9, j) * comb(n - 5 * j + 8, 8) for n in range(9) for j in range(2)
                          if n - 5 * j >= 0) == 22_330


def test_knit_suit_for_heavier_contents_and_lowered_limits() -> None:
    rng = random.Random(1101)
    for _ in range(3000):
        part = tuple(rng.choice((0, 0, 1, 1, 2, 3, 4)) for _ in range(9))
        _check_suit(part, None)
        caps = tuple(rng.choice((1, 2, 3, 4, 4, 4)) for _ in range(9))
        _check_suit(tuple(min(n, c) for n, c in zip(part, caps, strict=True)), caps)


def test_knit_rest_takes_one_copy_of_each_held_rank() -> None:
    assert knit_rest((2, 1, 0, 0, 0, 1, 4, 0, 1), 0) == (1, 1, 0, 0, 0, 1, 3, 0, 1)
    assert knit_rest((2, 1, 0, 0, 0, 1, 4, 0, 1), 2) == (2, 1, 0, 0, 0, 0, 4, 0, 0)


_LOWERED: list[list[int]] = []


def _lowered_read(part: tuple[int, ...], rank: int) -> int:
    t = suit_tables()
    if not _LOWERED:
        _LOWERED[:] = lowered_automata(t.suit)
    lowered = _LOWERED[rank]
    state = 0
    for n in part:
        state = lowered[state + n]
    return t.suit_ids[state]


def _knit_parts(seed: int) -> list[tuple[int, ...]]:
    """Every suit content of up to 8 tiles, then seeded random heavier ones and near-knitted ones (a knitted
    rank's three kinds held, more on top)."""
    rng = random.Random(seed)
    parts = [part for part in product(range(5), repeat=9) if sum(part) <= 8]
    parts += [tuple(rng.choice((0, 0, 1, 1, 2, 3, 4)) for _ in range(9)) for _ in range(3000)]
    for _ in range(3000):
        rank = rng.randrange(3)
        part = [1 if i % 3 == rank else 0 for i in range(9)]
        for _ in range(rng.randrange(12)):
            i = rng.randrange(9)
            part[i] = min(4, part[i] + 1)
        parts.append(tuple(part))
    return parts


def test_lowered_automata_read_each_rest_in_one_pass() -> None:
    t = suit_tables()
    for part in _knit_parts(1103):
        for rank in range(3):
            assert _lowered_read(part, rank) == t.read(knit_rest(part, rank), 0), (part, rank)


def test_knit_tables_walk_reads_the_answer_and_the_rests_at_once() -> None:
    """The walk's final state gives the content's answer id and, for each rank, a rest's answer that agrees
    with the rest's own up to one meld (indices 0-3: all plain_gb_forms reads of it), and the walk is a
    layered automaton as the suit's: every transition read lands on a state of the next layer."""
    t = suit_tables()
    walk, own, rests = knit_tables()[:3]
    assert len(own) == len(rests) and len(walk) % 5 == 0
    for part in _knit_parts(1105):
        state = 0
        for n in part:
            state = walk[state + n]
        assert own[state] == t.read(part, 0), part
        for rank in range(3):
            got, want = t.answers[rests[state][rank]], t.answers[t.read(knit_rest(part, rank), 0)]
            assert got[:4] == want[:4], (part, rank)
            assert rests[state][rank] < t.k  # an id of the shipped table: it combines by table lookups


def test_knit_tables_pack_the_kinds_held_as_knit_suit_does() -> None:
    packs = knit_tables().packs
    assert [len(p) for p in packs] == [512] * 3
    for held in product((0, 1), repeat=9):
        part = tuple(count * n for count, n in zip((1, 2, 3, 4, 1, 2, 3, 4, 1), held, strict=True))
        want = knit_suit(part, None, 0, suit_tables()).packs
        assert [p[bytes(held)] for p in packs] == list(want), held


def test_plain_gb_forms_agree_with_the_cached_evaluator() -> None:
    rng = random.Random(1104)
    wall = [k for k in range(34) for _ in range(4)]
    checked = 0
    for i in range(6000):
        counts = [0] * 34
        size = rng.choice((14, 13, 11, 10, 8, 7, 5, 4, 2, 1))
        if i % 2:  # near a knitted form: part of a pattern twice, honors, a few others
            pool = list(rng.choice(KNITTED_PATTERNS)) * 2 + list(range(27, 34)) + rng.sample(range(34), 6)
            for k in rng.sample(pool, size):
                counts[k] += counts[k] < 4
            if sum(counts) % 3 == 0:
                continue
        else:
            for k in rng.sample(wall, size):
                counts[k] += 1
        melds, full = sum(counts) // 3, sum(counts) >= 13
        ev = Evaluator(melds_needed=melds, called=None, rules="gb",
                       forms=frozenset(("regular", "quanbukao", "zuhelong") if full else ("regular", "zuhelong")))
        regular, knit, stars, dragon = ev.knitted_forms(counts)
        pairs = chiitoitsu_shanten(counts, "gb") if full else UNREACHABLE
        want = (regular, pairs, knit, stars, dragon if melds >= 3 else UNREACHABLE)
        assert plain_gb_forms(counts, melds, full) == want, counts
        checked += 1
    assert checked > 5000


def _sichuan_counts(rng: random.Random, i: int, size: int) -> list[int]:
    """Seeded Sichuan counts of ``size`` tiles: dealt from the whole wall, from two suits plus a few of the
    third (near a void), or from one suit."""
    kind = i % 3
    suits = rng.sample(range(3), 3)
    pool = [k for k in range(27) for _ in range(4) if k // 9 in suits[:3 - kind]]
    counts = [0] * 34
    if kind == 1:  # near a void: up to three tiles of the third suit
        third = [k for k in range(27) for _ in range(4) if k // 9 == suits[2]]
        for k in rng.sample(third, min(size, rng.randrange(4))):
            counts[k] += 1
    for k in rng.sample(pool, size - sum(counts)):
        counts[k] += 1
    return counts


def test_plain_void_forms_agree_with_the_cached_evaluator() -> None:
    rng = random.Random(1105)
    sizes = [n for n in range(1, 15) if n % 3]
    forms = frozenset(("regular", "chiitoitsu"))
    for i in range(9000):
        counts = _sichuan_counts(rng, i, sizes[i % len(sizes)])
        melds = sum(counts) // 3
        for void in (None, 0, 1, 2):
            want = Evaluator(melds_needed=melds, called=None, forms=forms, rules="sichuan", void=void).void_best(counts)
            assert plain_void_forms(counts, melds, True, void) == want, (counts, void)
            assert plain_void_forms(counts, melds, False, void) == (want[0], UNREACHABLE), (counts, void)
            full = sum(counts) >= 13
            got = counts_shanten(counts, melds_needed=melds, called=None, full=full, rules="sichuan", void=void)
            assert got == Shanten(want[0], want[1] if full else None, None), (counts, void)


def test_sichuan_counts_outside_the_fast_path_still_read_by_the_evaluator() -> None:
    """Honors in the counts, or copies set aside: the cached evaluator answers."""
    counts = [1, 1, 1, 2, 2, 0, 0, 0, 0] + [0, 0, 0, 0, 3, 3, 0, 0, 0] + [0] * 9 + [1] + [0] * 6
    forms = frozenset(("regular", "chiitoitsu"))
    want = Evaluator(melds_needed=4, called=None, forms=forms, rules="sichuan").void_best(counts)
    assert counts_shanten(counts, melds_needed=4, called=None, full=True, rules="sichuan")[:2] == want
    aside = [0] * 34
    aside[9] = 3
    got = counts_shanten(counts[:27] + [0] * 7, melds_needed=3, called=aside, full=False, rules="sichuan")
    ev = Evaluator(melds_needed=3, called=aside, forms=forms, rules="sichuan")
    assert got.regular == ev.void_best(counts[:27] + [0] * 7)[0]


@pytest.mark.parametrize("void", [3, -1, 1.0, "m", True])
def test_a_void_out_of_range_is_a_hand_error_on_either_path(void: object) -> None:
    """``counts_shanten`` called directly with a ``void`` that names no suit: a HandError naming the field, with
    nothing set aside (the fast path's guard) and with a meld set aside (the evaluator's)."""
    counts = [1, 1, 1, 2, 2, 0, 0, 0, 0] + [0, 0, 0, 0, 3, 3, 0, 0, 0] + [0] * 16
    aside = [0] * 34
    aside[18] = 3
    for called, melds in ((None, 4), (aside, 3)):
        with pytest.raises(HandError) as caught:
            counts_shanten(counts, melds_needed=melds, called=called, full=called is None, rules="sichuan",
                           void=void)  # type: ignore[arg-type]
        assert caught.value.field == "void"


# --- hands ---------------------------------------------------------------------------------------------------


def _formulas(hand: Hand) -> tuple[int | None, int | None, int | None]:
    """全不靠, 七星不靠 and 组合龙 by docs/RULES.md's formulas, the plain way."""
    counts = hand.concealed
    held = knitted_held(counts)
    honors = sum(1 for k in range(27, 34) if counts[k])
    knit = stars = None
    if hand.is_full:
        knit, stars = 13 - max(held) - honors, 13 - honors - min(7, max(held))
    dragon = None
    if hand.melds_needed >= 3:
        called = list(hand.set_aside())
        dragon = UNREACHABLE
        for pattern, d in zip(KNITTED_PATTERNS, held, strict=True):
            rest = [n - 1 if n and k in pattern else n for k, n in enumerate(counts)]
            limits = [n + 1 if k in pattern else n for k, n in enumerate(called)]  # the straight takes one copy
            dragon = min(dragon, 9 - d + regular_shanten(rest, hand.melds_needed - 3, limits))
    return knit, stars, dragon


def _near_two_forms(rng: random.Random) -> Hand:
    """A closed hand near a knitted form and near the regular form or seven pairs: part of a knitted pattern and
    honors, then pairs and runs of the tiles already there."""
    pattern = list(rng.choice(KNITTED_PATTERNS))
    tiles = rng.sample(pattern, rng.randrange(5, 10)) + rng.sample(range(27, 34), rng.randrange(0, 6))
    while len(tiles) < 16:
        k = rng.choice(tiles)
        tiles.append(k)
        if k < 27 and k % 9 < 7 and rng.random() < 0.5:
            tiles += [k + 1, k + 2]
    size = rng.choice((13, 14))
    counts = [0] * 34
    for k in tiles:
        if sum(counts) < size and counts[k] < 4:
            counts[k] += 1
    while sum(counts) < size:
        k = rng.randrange(34)
        counts[k] += counts[k] < 4
    return Hand(tuple(counts))


def test_gb_forms_agree_with_the_formulas_on_thousands_of_hands() -> None:
    rng = random.Random(1102)
    wall = [k for k in range(34) for _ in range(4)]
    hands = list(gb_hands(rng, 1500))
    for _ in range(1500):
        counts = [0] * 34
        for k in rng.sample(wall, rng.choice((13, 14))):
            counts[k] += 1
        hands.append(Hand(tuple(counts)))
    hands += [_near_two_forms(rng) for _ in range(1500)]
    near = 0
    for hand in hands:
        got = paili.shanten(hand, rules="gb")
        assert (got.quanbukao, got.qixingbukao, got.zuhelong) == _formulas(hand), str(hand)
        assert got.regular == regular_shanten(hand.concealed, hand.melds_needed, hand.set_aside()), str(hand)
        near += got.zuhelong is not None and got.zuhelong <= got.regular + 1 and got.zuhelong <= 2
    assert near >= 300  # many hands are close to 组合龙 and to the regular form at once


def _neighbours_agree(hand: Hand, rules: str, void: int | None = None) -> None:
    """The evaluator's draws (3n+1) or discards (3n+2) against the shanten of each one-tile neighbour."""
    ev = Evaluator.for_hand(hand, rules=rules, void=void)  # type: ignore[arg-type]
    aside = hand.set_aside() if hand.melds else None
    counts = list(hand.concealed)

    def shanten_of(c: list[int]) -> int:
        return counts_shanten(c, melds_needed=hand.melds_needed, called=aside, full=hand.is_full,
                              rules=rules, void=void).min  # type: ignore[arg-type]

    if hand.tile_count % 3 == 1:
        s, draws = ev.lowering_draws(counts)
        assert s == shanten_of(counts)
        want = []
        for k in range(34):
            if counts[k] < ev.cap[k]:
                counts[k] += 1
                if shanten_of(counts) < s:
                    want.append(k)
                counts[k] -= 1
        assert draws == want, (str(hand), rules, void)
    else:
        rows = []
        for k in range(34):
            if counts[k]:
                counts[k] -= 1
                rows.append((k, shanten_of(counts)))
                counts[k] += 1
        assert ev.discards(counts) == rows, (str(hand), rules, void)


def test_gb_draws_and_discards_agree_with_every_neighbour() -> None:
    rng = random.Random(1103)
    for hand in [*gb_hands(rng, 450), *(_near_two_forms(rng) for _ in range(150))]:
        _neighbours_agree(hand, "gb")


def test_sichuan_draws_and_discards_agree_with_every_neighbour() -> None:
    rng = random.Random(1104)
    checked = 0
    for i, hand in enumerate(sichuan_hands(rng, 1200)):
        _neighbours_agree(hand, "sichuan")
        free = [v for v in range(3) if not any(hand.set_aside()[9 * v:9 * v + 9])]
        _neighbours_agree(hand, "sichuan", free[i % len(free)])
        checked += 1
    assert checked > 1000


def test_sanma_characters_read_by_their_ends_agree_with_the_capped_read() -> None:
    """Sanma's characters (only 1m and 9m in the wall) read by ``5 * c1 + c9`` and combined inline against the
    capped dynamic programme through the generic path, on every pair of end counts with random other suits, with
    and without nukidora and called melds (which limit other slots: the generic path then)."""
    rng = random.Random(1105)
    t = suit_tables()
    checked = 0
    for aside in (None, [0] * 30 + [2, 0, 0, 0], [1] + [0] * 17 + [3] + [0] * 15):
        for melds in (4, 3, 1):
            ev = Evaluator(melds_needed=melds, called=aside, forms=frozenset({"regular"}), rules="sanma")
            slow = Evaluator(melds_needed=melds, called=aside, forms=frozenset({"regular"}), rules="sanma")
            slow._ends = slow._ends_only = None
            assert (ev._ends_only is not None) == (aside is None)
            assert ev._ends is not None and max(ev._ends) < t.k  # the ends' answers are in the shipped table
            for c1, c9 in product(range(5), repeat=2):
                for _ in range(12):
                    counts = [0] * 34
                    counts[0], counts[8] = c1, c9
                    while sum(counts) < 3 * melds + 1 + rng.randrange(2):
                        k = rng.choice((rng.randrange(9, 34), rng.randrange(1, 8)))  # 2m-8m: never usable
                        counts[k] += counts[k] < 4
                    assert ev.shanten(counts) == slow.shanten(counts), (counts, aside, melds)
                    checked += 1
    assert checked == 3 * 3 * 25 * 12
