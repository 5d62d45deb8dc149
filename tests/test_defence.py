"""The defence model (paili.defence): the count against brute force, the safe tiles, the text form."""

from __future__ import annotations

import itertools
import random
from math import isclose

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import paili
from paili.defence.danger import danger_of
from paili.defence.inputs import danger_checked
from paili.defence.model import WEIGHTS, Weights, patterns, wait_chances
from paili.defence.opponents import (
    Opponent,
    Opponents,
    format_opponents,
    opponents_from_json,
    opponents_json,
    parse_opponents,
    seen_counts,
)
from paili.errors import HandError
from paili.notation import parse

ALL = frozenset(range(34))
PLAIN = Weights(closed=1, closed_terminal=1, edge=1, shanpon=1, shanpon_honour=1, single=1, single_honour=1,
                terminal=1, kokushi=0,
                riichi_suji=1, early_outside=1, dora=1)


def _brute(unseen: list[int], furiten: set[int]) -> list[float]:
    """Every wait pattern drawn copy by copy from the physical unseen copies, all weights 1."""
    copies = [(t, i) for t in range(34) for i in range(unseen[t])]
    num = [0.0] * 34
    total = 0.0
    blocks = [p for p in patterns(ALL) if p.shape != "kokushi"]
    for p in blocks:
        if any(w in furiten for w in p.waits):
            continue
        pools = [[c for c in copies if c[0] == t] for t in p.block]
        n = sum(1 for _ in itertools.product(*pools))
        total += n
        for w in p.waits:
            num[w] += n
    pairs = [frozenset(c) for t in range(34) if t not in furiten
             for c in itertools.combinations([x for x in copies if x[0] == t], 2)]
    share = 1 / len(pairs) if pairs else 0.0  # each pair-pair counts 1 / (the number of pairs)
    for a, b in itertools.combinations(pairs, 2):
        ta, tb = next(iter(a))[0], next(iter(b))[0]
        if ta == tb:
            continue
        total += share
        num[ta] += share
        num[tb] += share
    return [x / total for x in num]


@pytest.mark.parametrize("seed", range(4))
def test_count_matches_brute_force_on_small_walls(seed: int) -> None:
    rng = random.Random(seed)
    unseen = [rng.choice((0, 0, 1, 2, 3)) for _ in range(34)]
    river = tuple(rng.sample(range(34), 3))
    player = Opponent(river, (False,) * 3, 2)
    got = wait_chances(unseen, player, frozenset(), ALL, PLAIN)
    want = _brute(unseen, set(river))
    for t in range(34):
        assert isclose(got[t], want[t], abs_tol=1e-12), t


def _danger(hand: str, opponents: str, visible: str = "") -> dict[int, tuple[float, list[str]]]:
    _, d = danger_checked(hand, opponents=opponents, visible=visible)
    return {row.tile: (row.deal_in, [r.code for s in row.seats for r in s.reasons]) for row in d.tiles}


def test_genbutsu_and_passed_tiles_are_zero() -> None:
    rows = _danger("123m456p789s1234z5z", "l:1m9m4p5*p7z+6p2z")
    assert rows[0] == (0.0, ["genbutsu"])
    assert rows[28][0] == 0.0 and "passed" in rows[28][1]
    assert rows[14][0] == 0.0 and rows[24][0] > 0.0  # 6p passed since the riichi, 7s did not


def test_four_seen_tile_is_no_single_or_pair_wait_and_kills_two_sided_through_it() -> None:
    # the seat holds one 1z, three are in a river: no opponent can wait on 1z as single or pair
    rows = _danger("123m456p789s1235z5z", "l:1z1z1z9*m")
    assert rows[27][0] == 0.0
    # four 8p seen (hand 8p, visible 888p): 9p cannot be the 78p wait, only single / pair-pair / closed
    unseen = [4] * 34
    unseen[16] = 0
    player = Opponent((0,), (False,), 0)
    assert wait_chances(unseen, player, frozenset(), ALL, PLAIN)[17] > 0.0  # single, pair-pair, closed 8p?
    only_two = Weights(closed=0, edge=0, shanpon=0, shanpon_honour=0, single=0, single_honour=0, terminal=1,
                       kokushi=0, riichi_suji=1, early_outside=1, dora=1)
    assert wait_chances(unseen, player, frozenset(), ALL, only_two)[17] == 0.0
    _, d = danger_checked("8p123m456m789m1234z", opponents="l:1*m", visible="888p")
    assert [r.code for r in next(row for row in d.tiles if row.tile == 16).seats[0].reasons] == []


def test_furiten_after_riichi() -> None:
    player = Opponent((0, 27), (False, False), 0, passed=(3,), passed_reds=(False,))
    waits = wait_chances([4] * 34, player, frozenset(), ALL)
    assert waits[0] == waits[3] == waits[27] == 0.0
    # 1m-4m two-sided is dead (both furiten), so 2m3m... 3m-6m two-sided with 4m is alive; 6m keeps some
    not_riichi = Opponent((0, 27), (False, False), None)
    assert wait_chances([4] * 34, not_riichi, frozenset(), ALL)[3] > 0.0


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000))
def test_every_probability_in_unit_interval(seed: int) -> None:
    rng = random.Random(seed)
    tiles = [t for t in range(34) for _ in range(4)]
    rng.shuffle(tiles)
    hand = parse("".join(f"{t % 9 + 1}{'mpsz'[t // 9]}" for t in tiles[:14]))
    found = {}
    at = 14
    for seat in ("left", "across", "right"):
        n = rng.randrange(0, 15)
        river = tuple(tiles[at:at + n])
        at += n
        riichi = rng.randrange(n) if n and rng.random() < 0.6 else None
        found[seat] = Opponent(river, (False,) * n, riichi)
    ops = Opponents(**found)
    seen = [0] * 34
    for t in tiles[:at]:
        seen[t] += 1
    d = danger_of(hand, ops, seen, dora=frozenset({tiles[at]}), seat_wind=27)
    for row in d.tiles:
        assert 0.0 <= row.deal_in <= 1.0
        for s in row.seats:
            assert 0.0 <= s.p_wait <= 1.0 and 0.0 <= s.p_tenpai <= 1.0 and 0.0 <= s.p_deal_in <= 1.0
            assert s.payment > 0
        assert isclose(row.deal_in, 1 - __import__("math").prod(1 - s.p_deal_in for s in row.seats))
    assert WEIGHTS.closed > 0


_TILE = st.integers(0, 33)


@st.composite
def _opponent(draw: st.DrawFn) -> Opponent:
    river = tuple(draw(st.lists(_TILE, max_size=12)))
    riichi = draw(st.none() | st.integers(0, max(0, len(river) - 1))) if river else None
    n = len(river)
    limit = n if riichi is None else riichi + 1
    tedashi = frozenset(draw(st.sets(st.integers(0, max(0, limit - 1)), max_size=limit))) if limit else frozenset()
    called = frozenset(draw(st.sets(st.integers(0, n - 1), max_size=n))) if n else frozenset()
    passed = tuple(draw(st.lists(_TILE, max_size=4))) if riichi is not None else ()
    return Opponent(river, (False,) * n, riichi, tedashi, called, (), passed, (False,) * len(passed))


@settings(max_examples=80, deadline=None)
@given(st.none() | _opponent(), st.none() | _opponent(), _opponent())
def test_text_and_json_forms_round_trip(left: Opponent | None, across: Opponent | None, right: Opponent) -> None:
    ops = Opponents(left, across, right)
    assume(max(seen_counts(ops)) <= 4)
    assert parse_opponents(format_opponents(ops)) == ops
    assert opponents_from_json(opponents_json(ops)) == ops


@settings(max_examples=40, deadline=None)
@given(st.none() | _opponent(), st.none() | _opponent(), _opponent())
def test_read_opponents_gives_each_seat_s_part_and_the_json_form(left: Opponent | None, across: Opponent | None,
                                                                  right: Opponent) -> None:
    """``paili.read_opponents`` (the page's Opponents panel): the canonical text, each seat's part of it (read
    alone as that seat, it is that seat) and the JSON form, from either form."""
    ops = Opponents(left, across, right)
    assume(max(seen_counts(ops)) <= 4)
    read = paili.read_opponents(format_opponents(ops))
    assert read == paili.read_opponents(opponents_json(ops))
    assert read["text"] == format_opponents(ops) and read["seats"] == opponents_json(ops)
    letters = {"left": "l", "across": "a", "right": "r"}
    assert ";".join(f"{letters[seat]}:{part}" for seat, part in read["parts"].items()) == read["text"]
    for seat, part in read["parts"].items():
        assert getattr(parse_opponents(f"{letters[seat]}:{part}"), seat) == getattr(ops, seat)


def test_text_form_example() -> None:
    ops = parse_opponents("l:19m4'5*p7z+3s;r:1z2z9p [234s]")
    assert ops.left is not None and ops.left.riichi == 3 and ops.left.tedashi == {2}
    assert format_opponents(ops) == "l:1m9m4'p5*p7z+3s;r:1z2z9p [234s]"


@pytest.mark.parametrize(("text", "code", "position"), [
    ("l:1*m5p [123s]", "opponents.riichi_open", 0),
    ("x:1m", "opponents.seat", 0),
    ("l:*1m", "opponents.mark", 2),
    ("l:1**m", "opponents.mark_twice", 4),
    ("l:1*2*m", "opponents.riichi_twice", 4),
    ("l:1m;l:2m", "opponents.seat_twice", 5),
    ("l:1m+2m", "opponents.passed_without_riichi", 0),
    ("l:1*2'm", "opponents.tedashi_after_riichi", 0),
    ("l:1*m+[123p]", "opponents.passed_meld", 6),
    ("l:1q", "notation.unexpected", 3),
    ("l:1m;a:2m", "opponents.sanma_across", None),
])
def test_text_form_errors_name_the_field_and_character(text: str, code: str, position: int | None) -> None:
    rules = "sanma" if code == "opponents.sanma_across" else "riichi"
    text = text.replace("2m", "9m") if rules == "sanma" else text
    with pytest.raises(HandError) as info:
        parse_opponents(text, rules=rules)  # type: ignore[arg-type]
    assert info.value.field == "opponents" and info.value.code == code
    assert info.value.position == position


def test_five_copies_across_rivers() -> None:
    with pytest.raises(HandError) as info:
        parse_opponents("l:11m;r:111m")
    assert info.value.code == "opponents.copies" and info.value.params == {"tile": "1m", "total": 5}


def test_two_red_fives_across_rivers() -> None:
    with pytest.raises(HandError) as info:
        parse_opponents("l:0m;r:[406m]")
    assert info.value.code == "opponents.red_fives" and info.value.params == {"red": "0m", "total": 2}


def test_five_copies_across_rivers_and_hand() -> None:
    with pytest.raises(HandError) as info:
        danger_checked("1111m234p567p789s1z", opponents="l:1*m")
    assert info.value.code == "opponents.copies" and info.value.params["tile"] == "1m"


def test_sichuan_and_gb_refuse_opponents() -> None:
    for rules in ("sichuan", "gb"):
        with pytest.raises(HandError) as info:
            danger_checked("123m456p789s11222p", opponents="l:1*m", rules=rules)
        assert info.value.code == "opponents.rules" and info.value.field == "opponents"


def test_tenpai_rates_are_the_published_ones() -> None:
    from paili.defence.model import p_tenpai
    river = tuple(range(9))  # nine discards
    one_call = Opponent(river, (False,) * 9, melds=parse("1m [123p]").melds)
    assert isclose(p_tenpai(one_call), 0.30)
    three = Opponent(river, (False,) * 9, melds=parse("1m [123p] [456p] [789p]").melds)
    assert isclose(p_tenpai(three), 0.81)
    assert isclose(p_tenpai(Opponent(river, (False,) * 9)), 0.09)
    assert p_tenpai(Opponent(river, (False,) * 9, 8)) == 1.0


def test_payments_follow_the_published_averages_dealer_and_dora() -> None:
    # the seat is South, so left is the dealer (East); 1z is the dora (indicator 4z)
    _, d = danger_checked("123m456p789s1234z5z", opponents="l:9*m1s;r:9p", seat_wind="2z", dora="4z")
    left, right = d.opponents
    assert (left.dealer, left.value) == (True, 5172 * 1.5)
    assert (right.dealer, right.value) == (False, 4536)
    east = next(row for row in d.tiles if row.tile == 27)
    assert isclose(east.seats[0].payment, 5172 * 1.5 * 1.4)
    assert "dora" in [r.code for r in east.seats[0].reasons]


def test_sanma_two_opponents() -> None:
    _, d = danger_checked("19m456p789s12345z5z", opponents="l:1*m;r:9p", rules="sanma", seat_wind="1z")
    assert [o.seat for o in d.opponents] == ["left", "right"]
    assert all(0.0 <= row.deal_in <= 1.0 for row in d.tiles)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="lar:;+*'-0123456789mpsz[]() x{}", max_size=40))
def test_any_text_parses_or_is_a_hand_error_naming_opponents(text: str) -> None:
    try:
        ops = parse_opponents(text)
    except HandError as exc:
        assert exc.field == "opponents"
        assert exc.position is None or 0 <= exc.position <= len(text)
    else:
        assert parse_opponents(format_opponents(ops)) == ops


@settings(max_examples=100, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers(-2, 40) | st.text("1mz[]5p", max_size=6),
                    lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.sampled_from(["left", "right", "x", "discards", "riichi", "tedashi",
                                                       "called", "melds", "passed"]), inner, max_size=4),
                    max_leaves=12))
def test_any_json_reads_or_is_a_hand_error_naming_opponents(value: object) -> None:
    try:
        ops = opponents_from_json(value)
    except HandError as exc:
        assert exc.field == "opponents"
    else:
        assert opponents_from_json(opponents_json(ops)) == ops


def test_the_api_answers_danger() -> None:
    import json

    from paili import api
    answer = json.loads(api.handle(json.dumps({"op": "danger", "hand": "123m456p789s1234z5z",
                                               "opponents": {"left": {"discards": ["1m", "5p"], "riichi": 1}}})))
    assert answer["ok"]
    first = answer["result"]["tiles"][0]
    assert first["tile"] == "1m" and first["deal_in"] == 0.0
    assert first["opponents"][0]["reasons"] == [{"code": "genbutsu"}]
    bad = json.loads(api.handle(json.dumps({"op": "danger", "hand": "123m456p789s1234z5z", "opponents": "l:1*m",
                                            "rules": "gb"})))
    assert bad["error"]["code"] == "opponents.rules" and bad["error"]["field"] == "opponents"
