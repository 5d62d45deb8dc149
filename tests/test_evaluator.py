"""Tests of :mod:`paili.evaluator`: the one evaluator, with the set of forms as a parameter.

Every answer is compared with the slow reference (``tests/reference.py``) on seeded random hands: plain
random hands, hands rich in pairs (where seven pairs is the best form) and in terminals and honors (thirteen
orphans), and small hands with called melds (where the 4-copy limit counts the melds' copies).
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest
import reference
from support import random_counts, scaled

import paili
from paili.errors import HandError
from paili.evaluator import (
    ALL_FORMS,
    FORM_NAMES,
    REGULAR_ONLY,
    UNREACHABLE,
    Evaluator,
    Forms,
    PairCounts,
    applicable,
    check_forms,
)
from paili.hand import Hand
from paili.tiles import KINDS, TERMINALS_AND_HONORS

EVERY_FORMS: list[Forms] = [frozenset(c) for n in (1, 2, 3) for c in combinations(FORM_NAMES[:3], n)]
"""Every non-empty set of the riichi forms (the GB knitted forms are tested in test_rulesets.py)."""


def _pairs_rich(rng: random.Random, size: int) -> list[int]:
    """Mostly pairs (and a four now and then): seven pairs is often the best form."""
    counts = [0] * KINDS
    while sum(counts) < size:
        k = rng.randrange(KINDS)
        add = min(rng.choice((2, 2, 2, 1, 4)), size - sum(counts), 4 - counts[k])
        counts[k] += add
    return counts


def _hands(seed: int, size: int, n: int) -> list[list[int]]:
    rng = random.Random(seed)
    orphans = list(TERMINALS_AND_HONORS)
    out = []
    for i in range(n):
        if i % 3 == 0:
            out.append(random_counts(rng, size))
        elif i % 3 == 1:
            out.append(_pairs_rich(rng, size))
        else:
            out.append(random_counts(rng, size, orphans + rng.sample(range(KINDS), 4)))
    return out


@pytest.mark.parametrize("forms", EVERY_FORMS, ids=lambda f: "+".join(sorted(f)))
def test_ukeire_and_discard_tables_of_each_set_of_forms_agree_with_the_reference(forms: Forms) -> None:
    for counts in _hands(11, 13, 24):
        got = paili.ukeire(Hand(tuple(counts)), forms=forms)
        assert dict(got.tiles) == reference.ukeire(counts, 4, forms=forms), (counts, forms)
    for counts in _hands(12, 14, 9):
        rows = paili.discard_table(Hand(tuple(counts)), forms=forms)
        want = reference.discard_table(counts, 4, forms=forms)
        assert [(r.tile, r.shanten, dict(r.ukeire.tiles)) for r in rows] == \
            [(r.tile, r.shanten, r.ukeire) for r in want], (counts, forms)


@pytest.mark.parametrize("rules", ["riichi", "gb"])
def test_the_evaluator_answers_agree_with_the_reference(rules: str) -> None:
    """``shanten``, ``lowering_draws`` and ``discards`` on full hands, every set of forms, both rules."""
    for forms in EVERY_FORMS:
        ev = Evaluator(melds_needed=4, called=None, forms=forms, rules=rules)  # type: ignore[arg-type]
        for counts in _hands(13, 13, scaled(3, 6)):  # 3: each kind of hand once
            s = reference.shanten(counts, 4, rules=rules).best(forms)  # type: ignore[arg-type]
            assert ev.shanten(counts) == s, (counts, forms)
            before = list(counts)
            got_s, draws = ev.lowering_draws(counts)
            assert counts == before
            assert (got_s, draws) == (s, sorted(reference.ukeire(counts, 4, rules=rules, forms=forms))), (  # type: ignore[arg-type]
                counts, forms)
        for counts in _hands(14, 14, scaled(3, 6)):
            want = []
            for k in range(KINDS):
                if counts[k]:
                    left = list(counts)
                    left[k] -= 1
                    want.append((k, reference.shanten(left, 4, rules=rules).best(forms)))  # type: ignore[arg-type]
            assert ev.discards(counts) == want, (counts, forms)


def test_called_melds_lower_the_limits_of_their_suits() -> None:
    """Small hands with called melds: the shared cache (suits no meld touches) and the capped suits agree
    with the reference, and a kind the melds hold four of is never a draw."""
    rng = random.Random(15)
    checked = 0
    for _ in range(60):
        melds = rng.randint(1, 3)
        called = [0] * KINDS
        for _ in range(melds):
            k = rng.randrange(KINDS)
            if called[k] + 3 <= 4:
                called[k] += 3
        if not any(called):
            continue
        size = 13 - 3 * melds
        wall = [k for k in range(KINDS) for _ in range(4 - called[k])]
        counts = [0] * KINDS
        for k in rng.sample(wall, size):
            counts[k] += 1
        limit = [4 - c for c in called]
        ev = Evaluator(melds_needed=size // 3, called=called, forms=REGULAR_ONLY)
        s, draws = ev.lowering_draws(counts)
        assert s == reference.regular_shanten(counts, size // 3, limit), counts
        assert draws == sorted(reference.ukeire(counts, size // 3, limit)), counts
        assert all(counts[k] < limit[k] for k in draws)
        checked += 1
    assert checked > 30


def test_pair_counts_follow_one_tile_changes() -> None:
    rng = random.Random(16)
    for _ in range(200):
        counts = random_counts(rng, 13)
        k = rng.randrange(KINDS)
        for delta in (1, -1):
            after = counts[k] + delta
            if not 0 <= after <= 4:
                continue
            changed = list(counts)
            changed[k] = after
            assert PairCounts.of(counts).changed(counts[k], after, orphan=k in TERMINALS_AND_HONORS) == \
                PairCounts.of(changed)


def test_forms_are_checked_and_restricted_to_the_hand() -> None:
    assert check_forms(("regular",)) == REGULAR_ONLY
    assert check_forms(ALL_FORMS) == ALL_FORMS
    for bad in ((), "regular", ("regular", "sanma"), 3, None):
        with pytest.raises(HandError, match="^expected") as info:
            check_forms(bad)
        assert info.value.field == "forms"
    assert applicable(ALL_FORMS, full=True) == ALL_FORMS
    assert applicable(ALL_FORMS, full=False) == REGULAR_ONLY | {"zuhelong"}  # 组合龙 may have a called set
    with pytest.raises(HandError, match="^seven pairs, thirteen orphans and the closed knitted forms") as info:
        applicable(frozenset({"chiitoitsu"}), full=False)
    assert info.value.field == "forms"
    with pytest.raises(HandError) as info:
        paili.ukeire(paili.parse("1122m [789s]"), forms=frozenset({"kokushi"}))
    assert info.value.field == "forms"


def test_tenhou_regular_only_table_differs_where_seven_pairs_is_best() -> None:
    hand = paili.parse("1122m3344p5566s7z")
    assert paili.shanten(hand).min == 0
    assert [t for t, _ in paili.waits(hand).tiles] == [paili.tile_from_name("7z")]
    regular = paili.ukeire(hand, forms=REGULAR_ONLY)
    assert paili.tile_from_name("7z") not in dict(regular.tiles)
    assert paili.waits(hand, forms=REGULAR_ONLY).tiles == ()


def test_unreachable_is_above_every_shanten() -> None:
    ev = Evaluator(melds_needed=4, called=None)
    counts = [4] + [0] * 8 + [1] * 9 + [0] * 16
    _, draws = ev.lowering_draws(counts)
    assert 0 not in draws  # four 1m held: never a draw
    assert UNREACHABLE > 13


@pytest.mark.parametrize("rules", ["riichi", "sanma", "gb"])
def test_discards_from_the_cached_suit_rows_agree_with_shanten(rules: str) -> None:
    """``discards`` reads each suit's (kind, shanten after) row from a cache keyed by the suit's entry and the
    other suits: on one evaluator walking a search's neighbourhood (hands one draw and one discard apart, so
    most answers are cache hits), with called melds or not and every set of forms, each row equals the
    shanten of the hand without that kind (:meth:`Evaluator.shanten`, checked against the reference above)."""
    rng = random.Random(31)
    universe = [k for k in range(KINDS) if rules != "sanma" or not 1 <= k <= 7]
    checked = 0
    for forms in [*EVERY_FORMS, ALL_FORMS]:
        for called in (None, [0] * 27 + [3] + [0] * 6) if "regular" in forms else (None,):
            needed = 4 if called is None else 3
            ev = Evaluator(melds_needed=needed, called=called, forms=applicable(forms, full=called is None),
                           rules=rules)  # type: ignore[arg-type]
            pool = [k for k in universe for _ in range(ev.cap[k])]
            counts = [0] * KINDS
            for k in rng.sample(pool, 3 * needed + 2):
                counts[k] += 1
            for _ in range(40):
                got = ev.discards(counts)
                want = []
                for k in range(KINDS):
                    if counts[k]:
                        counts[k] -= 1
                        want.append((k, ev.shanten(counts)))
                        counts[k] += 1
                assert got == want, (counts, forms, called)
                checked += 1
                # one step of a search: discard a held kind, draw a kind below its limit
                counts[rng.choice([k for k in range(KINDS) if counts[k]])] -= 1
                counts[rng.choice([k for k in universe if counts[k] < ev.cap[k]])] += 1
    assert checked == 40 * sum(2 if "regular" in forms else 1 for forms in [*EVERY_FORMS, ALL_FORMS])
