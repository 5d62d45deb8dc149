"""paili.outlook: a 3n+1 hand's chances and points by draw, and each wait's chance to be the winning draw.

Three independent checks: the outlook of a hand is exactly the advice row of the discard that leaves it (the
same model, reached from a 14-tile hand); each wait's chance follows a draw-by-draw recursion written here
(not the closed form the engine uses); and the waits' chances add up to the hand's when it never changes.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
import reference
from test_advice_values import deal

import paili
from paili import api


@pytest.mark.parametrize(("target", "meld", "riichi", "options", "seed"), [
    (0, None, "always", {}, 1), (0, None, "dama", {}, 2), (0, "[789s]", "always", {}, 3),
    (0, None, "dama", {"tegawari": True}, 5), (1, None, "always", {}, 4),
    (1, None, "dama", {"tegawari": True}, 7),
    (1, "[222z]", "always", {"tegawari": True}, 6),
])
def test_an_outlook_is_the_advice_row_of_the_discard_that_leaves_it(target: int, meld: str | None, riichi: str,
                                                                    options: dict[str, bool], seed: int) -> None:
    rng = random.Random(seed)
    checked = 0
    while checked < 2:
        hand, melds, visible, dora = deal(rng, target, visible=rng.choice((0, 8)), meld=meld)
        situation: dict[str, Any] = {"visible": visible, "dora": dora, "riichi": riichi, "turns": 6,
                                     "seat_wind": "2z", **options}
        advice = paili.advise(hand, melds=melds, **situation)
        for row in [row for row in advice["discards"] if row["p_win"] is not None][:2]:
            got = paili.outlook(row["after"], **situation)  # "after" writes the melds too
            assert got["shanten"] == row["shanten"]
            for key in ("p_win", "p_tenpai", "ev"):
                assert got[key] == pytest.approx(row[key], abs=1e-9), (hand, row["tile"], key)
            assert [(w["tile"], w["yaku"]) for w in got["waits"]] == [(w["tile"], w["yaku"]) for w in row["waits"]]
            for mine, theirs in zip(got["waits"], row["waits"], strict=True):
                assert mine["points"] == (pytest.approx(theirs["points"]) if theirs["points"] else None)
                assert mine["p_win"] == pytest.approx(theirs["p_win"], abs=1e-12)
            checked += 1


def recursion(draws: dict[int, int], total: int, winners: set[int], tile: int, turns: int) -> list[float]:
    """The chance that a hand which never changes wins on ``tile`` within 1..turns draws, draw by draw: each
    draw is kind k with chance draws[k] / total; a winning kind ends the hand, any other is thrown back."""
    chance = [0.0] * (turns + 1)
    for t in range(1, turns + 1):
        chance[t] = sum(n / total * (1.0 if k == tile else 0.0 if k in winners else chance[t - 1])
                        for k, n in draws.items())
    return chance[1:]


@pytest.mark.parametrize("seed", range(6))
def test_each_waits_chance_follows_the_draw_by_draw_recursion(seed: int) -> None:
    rng = random.Random(seed)
    hand, melds, visible, dora = deal(rng, 0, visible=rng.choice((0, 10)), meld=rng.choice((None, "[234p]")))
    hand = next(row for row in paili.analyze(hand, melds=melds)["discards"] if row["shanten"] == 0)["after"]
    got = paili.outlook(hand, visible=visible, dora=dora, turns=9, riichi="dama")  # "after" has the melds
    parsed = paili.parse(hand)
    seen = [sum(n) for n in zip(parsed.concealed, parsed.called_counts(), reference.counts_of(visible + dora),
                                strict=True)]
    draws = {k: 4 - n for k, n in enumerate(seen) if n < 4}
    winners = {paili.tile_from_name(w["tile"]) for w in got["waits"] if w["yaku"]}
    assert got["waits"], hand
    for wait in got["waits"]:
        assert wait["remaining"] == draws.get(paili.tile_from_name(wait["tile"]), 0)
        want = recursion(draws, sum(draws.values()), winners, paili.tile_from_name(wait["tile"]), 9)
        assert wait["p_win"] == pytest.approx(want if wait["yaku"] else [0.0] * 9, abs=1e-12), (hand, wait["tile"])
    total = [sum(w["p_win"][t] for w in got["waits"]) for t in range(9)]
    assert total == pytest.approx(got["p_win"], abs=1e-12)  # dama with no option: the hand never changes


def test_a_closed_hand_in_riichi_keeps_its_waits_whatever_the_options() -> None:
    hand = "23456m345p33345s"  # 13 tiles waiting on 1m-4m-7m, closed: in riichi
    plain = paili.outlook(hand, dora="1m")
    swaps = paili.outlook(hand, dora="1m", tegawari=True, shanten_down=True)
    assert plain["p_win"] == swaps["p_win"] and plain["ev"] == swaps["ev"]
    assert [sum(w["p_win"][t] for w in plain["waits"]) for t in range(17)] == pytest.approx(plain["p_win"], abs=1e-12)
    # each wait is worth at least what paili.score gives it in riichi (the ura dora only add), and the dora
    # indicator 1m is a seen tile
    scored = {w["tile"]: w for w in paili.score_waits(hand, riichi=1, dora="1m")}
    assert [w["tile"] for w in plain["waits"]] == list(scored) == ["1m", "4m", "7m"]
    assert [w["remaining"] for w in plain["waits"]] == [3, 3, 4]
    for wait in plain["waits"]:
        for how in ("tsumo", "ron"):
            assert scored[wait["tile"]][how]["points"] < wait["points"][how] < 2 * scored[wait["tile"]][how]["points"]


def test_a_hand_far_from_ready_has_no_chances_unless_the_limit_is_raised() -> None:
    far = "147m258p369s1234z"  # 13 tiles, many shanten
    got = paili.outlook(far, max_shanten=2)
    assert got["p_win"] is None and got["waits"] == [] and "max_shanten" in got["note"]
    near = paili.outlook("12345m678p11s257z", turns=3)  # 2-shanten
    assert near["shanten"] == 2 and near["note"] is None and near["waits"] == []
    assert 0 < near["p_win"][2] < near["p_tenpai"][2] < 1


@pytest.mark.parametrize(("hand", "kwargs", "field", "message"), [
    ("123m456p789s11122z", {}, "hand", "3n\\+1"),
    ("123m456p789s1112z", {"turns": 0}, "turns", "turns"),
    ("123m456p789s1112z", {"riichi": "sometimes"}, "riichi", "riichi"),
    ("123m456p789s1112z", {"rules": "chinese"}, "rules", "rules"),
])
def test_bad_inputs_raise_hand_errors(hand: str, kwargs: dict[str, Any], field: str | None, message: str) -> None:
    with pytest.raises(paili.HandError, match=message) as caught:
        paili.outlook(hand, **kwargs)
    assert caught.value.field == field


def test_the_json_api_answers_in_steps_what_the_function_returns() -> None:
    request = json.dumps({"op": "outlook", "hand": "12345m678p11s257z", "turns": 4, "dora": "3z"})
    whole = json.loads(api.handle(request))
    assert whole == {"ok": True, "result": json.loads(json.dumps(paili.outlook("12345m678p11s257z", turns=4,
                                                                                 dora="3z")))}
    job = api.begin(request, 0.0)
    steps = 0
    while (answer := api.step(job)) is None:
        steps += 1
    assert json.loads(answer) == whole and steps > 0
