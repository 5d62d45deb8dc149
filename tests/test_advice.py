"""Tests of :mod:`paili.advice`: the win / tenpai probabilities of each discard and the improvement tiles.

* A brute-force reference of the model (plain recursion over every draw, no memo, no vectors, the engine's
  plain shanten) agrees to 1e-9 with the search on seeded random tenpai, 1-shanten and 2-shanten hands, with
  and without visible tiles, and on small hands with called melds.
* A Monte-Carlo simulation of the default policy agrees within 4 standard errors.
* The options never lower a probability; the JSON, the ordering, the limits and the errors are as documented.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Sequence
from functools import cache, lru_cache

import pytest

import paili
from paili.advice import DefaultPolicy
from paili.api import handle
from paili.evaluator import Evaluator
from paili.notation import format_tiles
from paili.shanten import counts_shanten
from paili.tiles import tile_from_name
from paili.ukeire import ukeire

WALL = [k for k in range(34) for _ in range(4)]


# --- the reference ------------------------------------------------------------------------------------------


class Reference:
    """The model written as plainly as possible: ``value(counts, t, objective)``, recursing on each draw."""

    def __init__(self, *, melds_needed: int, called: Sequence[int] | None, visible: Sequence[int],
                 full: bool, rules: str = "riichi") -> None:
        self.n = melds_needed
        self.called = tuple(called) if called else None
        self.visible = tuple(visible)
        self.full = full
        self.rules = rules
        self.shanten = lru_cache(maxsize=None)(self._shanten)  # a cache of a pure function, not of the model

    def _shanten(self, counts: tuple[int, ...]) -> int:
        return counts_shanten(counts, melds_needed=self.n, called=self.called, full=self.full,
                              rules=self.rules).min  # type: ignore[arg-type]

    def value(self, counts: tuple[int, ...], t: int, objective: str) -> float:
        """Best probability to win (``"win"``) or to be tenpai (``"tenpai"``) within ``t`` draws."""
        s = self.shanten(counts)
        if objective == "tenpai" and s == 0:
            return 1.0
        if t == 0:
            return 0.0
        called = self.called or (0,) * 34
        left = [max(0, 4 - counts[k] - called[k] - self.visible[k]) for k in range(34)]
        total = sum(left)
        result = 0.0
        for k in range(34):
            if not left[k]:
                continue
            drawn = list(counts)
            drawn[k] += 1
            after = self.shanten(tuple(drawn))
            if after == -1:
                v = 1.0
            elif after < s:
                v = 0.0
                for d in range(34):
                    if drawn[d]:
                        kept = list(drawn)
                        kept[d] -= 1
                        if self.shanten(tuple(kept)) == after:
                            v = max(v, self.value(tuple(kept), t - 1, objective))
            else:
                v = self.value(counts, t - 1, objective)
            result += left[k] / total * v
        return result


def dealt(rng: random.Random, target: int, visible: int = 0) -> tuple[str, str]:
    """A random 14-tile hand of shanten ``target`` and ``visible`` random other tiles (as mpsz strings)."""
    while True:
        tiles = rng.sample(WALL, 14 + visible)
        counts = [0] * 34
        for k in tiles[:14]:
            counts[k] += 1
        if counts_shanten(counts, melds_needed=4, called=None, full=True).min == target:
            seen = [0] * 34
            for k in tiles[14:]:
                seen[k] += 1
            return format_tiles(counts), format_tiles(seen)


def check_against_reference(hand: str, visible: str, *, turns: int, rows: int, melds: str | None = None
                            ) -> int:
    """Compare ``rows`` rows (best first, with probabilities) of ``advise`` with the reference; how many."""
    result = paili.advise(hand, melds=melds, visible=visible, turns=turns)
    parsed = paili.parse(hand, melds=melds)
    seen = paili.parse_tiles(visible)[0] if visible else (0,) * 34
    ref = Reference(melds_needed=parsed.melds_needed, called=parsed.called_counts() if parsed.melds else None,
                    visible=seen, full=parsed.is_full)
    checked = 0
    for row in result["discards"]:
        if row["p_win"] is None or checked == rows:
            continue
        counts = list(parsed.concealed)
        counts[tile_from_name(row["tile"])] -= 1
        for objective, got in (("win", row["p_win"]), ("tenpai", row["p_tenpai"])):
            want = [ref.value(tuple(counts), t, objective) for t in range(1, turns + 1)]
            assert got == pytest.approx(want, abs=1e-9, rel=0), (hand, visible, row["tile"], objective)
        checked += 1
    return checked


@pytest.mark.parametrize(("target", "visible", "seed"),
                         [(0, 0, 1), (0, 12, 2), (1, 0, 3), (1, 12, 4), (2, 0, 5), (2, 10, 6)])
def test_random_hands_agree_with_the_reference(target: int, visible: int, seed: int) -> None:
    rng = random.Random(seed)
    hand, seen = dealt(rng, target, visible)
    assert check_against_reference(hand, seen, turns=3, rows=2 if target == 2 else 3) > 0


@pytest.mark.parametrize(("hand", "melds", "visible"), [
    ("234m55p", "[789s] [111z] [4444p]", ""),        # 5 concealed tiles, a kan among the melds
    ("2345m", "[678s] [222z] [123p]", "1m6m"),       # 4 concealed tiles: no discard to choose
    ("11m23p7z", "[123s] [456s] [789s]", "4p7z"),
    ("1111m2p", "[456s] (7777z)", ""),               # a concealed four: the fifth copy is out of reach
])
def test_small_hands_with_melds_agree_with_the_reference(hand: str, melds: str, visible: str) -> None:
    parsed = paili.parse(hand, melds=melds)
    if parsed.tile_count % 3 != 2:
        with pytest.raises(paili.HandError, match="3n\\+2"):
            paili.advise(hand, melds=melds, visible=visible)
        return
    assert check_against_reference(hand, visible, turns=3, rows=4, melds=melds) > 0


def test_chinese_rules_and_seven_pairs_agree_with_the_reference() -> None:
    hand = "1122m3344p5566s17z"   # seven pairs 1-shanten
    for rules in ("riichi", "chinese"):
        result = paili.advise(hand, turns=3, rules=rules)
        parsed = paili.parse(hand)
        ref = Reference(melds_needed=4, called=None, visible=(0,) * 34, full=True, rules=rules)
        for row in result["discards"][:3]:
            counts = list(parsed.concealed)
            counts[tile_from_name(row["tile"])] -= 1
            want = [ref.value(tuple(counts), t, "win") for t in (1, 2, 3)]
            assert row["p_win"] == pytest.approx(want, abs=1e-9, rel=0)


def test_a_tenpai_wait_has_the_closed_form() -> None:
    # 123m456p789s111z + 2z: a single wait on 2z (3 left) among 4 x 34 - 13 = 123 unseen tiles.
    row = next(r for r in paili.advise("123m456p789s11123z")["discards"] if r["tile"] == "3z")
    assert row["shanten"] == 0 and row["p_tenpai"] == [1.0] * 17
    assert row["p_win"] == pytest.approx([1 - (1 - 3 / 123) ** n for n in range(1, 18)], abs=1e-12)
    row = next(r for r in paili.advise("123m456p789s11123z", visible="222z")["discards"] if r["tile"] == "3z")
    assert row["p_win"] == [0.0] * 17


# --- Monte Carlo -------------------------------------------------------------------------------------------


def simulate(hand: str, discard: str, *, turns: int, objective: str, games: int, seed: int) -> float:
    """Play the default policy ``games`` times; after a shanten-lowering draw, discard the tile whose state
    has the best computed value for the draws left (the policy); the draws and shanten are the simulation's
    own."""
    parsed = paili.parse(hand)
    start = list(parsed.concealed)
    start[tile_from_name(discard)] -= 1
    search = DefaultPolicy(Evaluator(melds_needed=4, called=None), visible=[0] * 34, turns=turns)
    index = 1 if objective == "tenpai" else 0

    @cache
    def sh(counts: tuple[int, ...]) -> int:
        return counts_shanten(counts, melds_needed=4, called=None, full=True).min

    rng = random.Random(seed)
    successes = 0
    for _ in range(games):
        counts = list(start)
        s = sh(tuple(counts))
        for t in range(turns, 0, -1):
            if objective == "tenpai" and s == 0:
                break
            weights = [4 - counts[k] for k in range(34)]
            k = rng.choices(range(34), weights)[0]
            counts[k] += 1
            after = sh(tuple(counts))
            if after == -1:
                break
            if after < s:
                options = []
                for d in range(34):
                    if counts[d]:
                        counts[d] -= 1
                        if sh(tuple(counts)) == after:
                            options.append((search.values(counts, [0, 0, 0])[index][t - 1], d))
                        counts[d] += 1
                counts[max(options)[1]] -= 1
                s = after
            else:
                counts[k] -= 1
        else:
            if not (objective == "tenpai" and s == 0):
                continue
        successes += 1
    return successes / games


@pytest.mark.parametrize(("hand", "discard", "objective"), [
    ("345m22567p12678s5z", "1s", "win"),      # 1-shanten after the discard
    ("24m34578p256s1177z", "2s", "tenpai"),   # 2-shanten after the discard
])
def test_monte_carlo_agrees_within_its_confidence_interval(hand: str, discard: str, objective: str) -> None:
    turns, games = 8, 20_000
    row = next(r for r in paili.advise(hand, turns=turns)["discards"] if r["tile"] == discard)
    p = (row["p_win"] if objective == "win" else row["p_tenpai"])[-1]
    assert 0.05 < p < 0.95
    got = simulate(hand, discard, turns=turns, objective=objective, games=games, seed=7)
    sigma = math.sqrt(p * (1 - p) / games)
    assert abs(got - p) <= 4 * sigma, (got, p, sigma)


# --- the options -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("target", "seed"), [(0, 11), (0, 12), (1, 13), (1, 14)])
def test_options_never_lower_a_probability(target: int, seed: int) -> None:
    hand, seen = dealt(random.Random(seed), target, 6)
    turns, limit = 8, 1   # rows up to 1-shanten keep the test quick
    for riichi in ("always", "dama"):
        check_options_never_lower(hand, seen, turns, limit, riichi)


def check_options_never_lower(hand: str, seen: str, turns: int, limit: int, riichi: str) -> None:
    plain = paili.advise(hand, visible=seen, turns=turns, max_shanten=limit, riichi=riichi, dora="1z")
    base = {r["tile"]: r for r in plain["discards"]}
    for options in ({"tegawari": True}, {"shanten_down": True}, {"tegawari": True, "shanten_down": True}):
        for row in paili.advise(hand, visible=seen, turns=turns, max_shanten=limit, riichi=riichi, dora="1z",
                                **options)["discards"]:
            plain = base[row["tile"]]
            assert (row["p_win"] is None) == (plain["p_win"] is None)
            if row["p_win"] is None:
                continue
            assert all(a >= b - 1e-9 for a, b in zip(row["ev"], plain["ev"], strict=True)), (hand, options)
            for key in ("p_win", "p_tenpai"):
                assert all(a >= b - 1e-12 for a, b in zip(row[key], plain[key], strict=True)), (hand, options)
                assert all(x <= 1 + 1e-12 for x in row[key])


def test_options_help_a_dead_wait() -> None:
    # Discarding 5z leaves a 1z tanki whose copies are all visible: no chance by default; swapping the wait
    # (tegawari) or going back to 1-shanten (shanten_down) gives some.
    hand, seen = "234m456p678s789s15z", "111z"
    # A hand in riichi (closed, riichi="always", the default) never changes: the options apply to dama only.
    plain = {r["tile"]: r for r in paili.advise(hand, visible=seen, turns=10)["discards"]}
    assert plain["5z"]["p_win"] == [0.0] * 10 and plain["5z"]["p_tenpai"] == [1.0] * 10
    for options in ({"tegawari": True}, {"shanten_down": True}):
        rows = {r["tile"]: r for r in paili.advise(hand, visible=seen, turns=10, riichi="dama",
                                                   **options)["discards"]}
        assert rows["5z"]["p_win"][0] == 0.0 and rows["5z"]["p_win"][-1] > 0.1, options
        assert rows["5z"]["ev"][-1] > 0, options
        frozen = {r["tile"]: r for r in paili.advise(hand, visible=seen, turns=10, **options)["discards"]}
        assert frozen["5z"]["p_win"] == [0.0] * 10 and frozen["5z"]["ev"] == [0.0] * 10


# --- improvements (改良) ----------------------------------------------------------------------------------


def test_improvements_follow_their_definition() -> None:
    for hand in ("123m456p789s11234z", "345m22567p12678s5z", "24m34578p256s1177z"):
        parsed = paili.parse(hand)
        for row in paili.advise(hand, turns=1)["discards"]:
            counts = list(parsed.concealed)
            counts[tile_from_name(row["tile"])] -= 1
            base = paili.Hand(tuple(counts))
            now = ukeire(base).total
            s = paili.shanten(base).min
            want = []
            for k in range(34):
                if counts[k] == 4:
                    continue
                drawn = list(counts)
                drawn[k] += 1
                if paili.shanten(paili.Hand(tuple(drawn))).min < s:
                    continue
                best = -1
                for d in range(34):
                    if drawn[d] and d != k:
                        drawn[d] -= 1
                        kept = paili.Hand(tuple(drawn))
                        if paili.shanten(kept).min == s:
                            best = max(best, ukeire(kept).total)
                        drawn[d] += 1
                if best > now:
                    want.append({"tile": paili.tile_name(k), "remaining": 4 - counts[k],
                                 "ukeire_after": best})
            assert row["improvements"]["tiles"] == want, (hand, row["tile"])
            assert row["improvements"]["total"] == sum(w["remaining"] for w in want)


# --- the result, the limits, the errors --------------------------------------------------------------------


def test_result_shape_and_order() -> None:
    result = paili.advise("345m22567p12678s5z", visible="1m", turns=5, objective="p_win")
    assert set(result) == {"hand", "melds", "tiles", "rules", "shanten", "turns", "options", "situation",
                           "discards", "note"}
    assert result["options"] == {"tegawari": False, "shanten_down": False, "max_shanten": 2,
                                 "objective": "p_win"}
    assert result["note"] is None and result["shanten"] == 0 and result["turns"] == 5
    rows = result["discards"]
    assert {r["tile"] for r in rows} == set("3m 4m 5m 2p 5p 6p 7p 1s 2s 6s 7s 8s 5z".split())
    assert rows[0]["tile"] == "5z" and rows[0]["p_tenpai"] == [1.0] * 5
    for row in rows:
        assert set(row) == {"tile", "red", "shanten", "ukeire", "after", "p_win", "p_tenpai", "ev", "waits",
                            "improvements"}
        assert len(row["p_win"]) == len(row["p_tenpai"]) == 5
        assert all(0 <= a <= b <= 1 for a, b in zip(row["p_win"], row["p_win"][1:], strict=False))
        assert all(w <= t + 1e-12 for w, t in zip(row["p_win"], row["p_tenpai"], strict=True))
    last = [(r["p_win"][-1], r["p_tenpai"][-1]) for r in rows]
    assert last == sorted(last, reverse=True)
    assert json.loads(json.dumps(result)) == result


def test_far_hands_omit_the_probabilities_unless_the_limit_is_raised() -> None:
    hand = "1358m2479p1368s12z"   # 4-shanten
    result = paili.advise(hand)
    assert all(r["p_win"] is None and r["p_tenpai"] is None for r in result["discards"])
    assert "max_shanten" in result["note"] and "4-shanten" not in result["note"]
    assert result["discards"][0]["ukeire"]["total"] > 0
    partial = paili.advise("123m456p789s12345z")   # 2-shanten: its 3-shanten discards are left out
    known = [r["p_win"] is not None for r in partial["discards"]]
    assert known == sorted(known, reverse=True) and any(known) and not all(known)
    assert all(r["shanten"] <= 2 for r in partial["discards"] if r["p_win"] is not None)
    raised = paili.advise("123m456p789s12345z", max_shanten=3, turns=4)
    assert raised["note"] is None and all(r["p_win"] is not None for r in raised["discards"])


def test_red_fives_and_melds_are_reported() -> None:
    result = paili.advise("0m11z234p67m", melds=["[789s]", "[123s]"], turns=2)
    assert result["hand"] == "067m234p11z" and [m["text"] for m in result["melds"]] == ["[789s]", "[123s]"]
    assert result["tiles"] == 8 and result["shanten"] == -1
    red = next(r for r in result["discards"] if r["tile"] == "5m")
    assert red["red"] is True and red["shanten"] == 0 and red["after"] == "67m234p11z [789s] [123s]"


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"turns": 0}, "turns: expected an integer from 1 to 30, got 0"),
    ({"turns": 31}, "turns: expected an integer from 1 to 30"),
    ({"turns": True}, "turns: expected an integer"),
    ({"turns": "3"}, "turns: expected an integer"),
    ({"tegawari": 1}, "tegawari: expected true or false, got 1"),
    ({"shanten_down": "yes"}, "shanten_down: expected true or false"),
    ({"max_shanten": 5}, "max_shanten: expected an integer from 0 to 4, got 5"),
    ({"rules": "mcr"}, "rules: expected one of"),
])
def test_bad_options_raise_hand_errors(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(paili.HandError, match=message.replace("(", "\\(")):
        paili.advise("123m456p789s11234z", **kwargs)  # type: ignore[arg-type]


def test_a_hand_without_a_discard_is_an_error() -> None:
    with pytest.raises(paili.HandError, match="3n\\+2 concealed tiles") as info:
        paili.advise("123m456p789s1123z")
    assert info.value.position is None
    with pytest.raises(paili.HandError, match="position 4"):
        paili.advise("123m4")


def test_the_json_api() -> None:
    answer = json.loads(handle(json.dumps({"op": "advise", "hand": "345m22567p12678s5z", "turns": 3,
                                           "tegawari": True, "visible": "1m"})))
    assert answer["ok"] is True
    result = answer["result"]
    assert result["turns"] == 3 and result["options"]["tegawari"] is True
    assert result == json.loads(json.dumps(paili.advise("345m22567p12678s5z", turns=3, tegawari=True,
                                                        visible="1m")))
    error = json.loads(handle(json.dumps({"op": "advise", "hand": "345m22567p12678s5z", "turns": 99})))
    assert error == {"ok": False, "error": {"type": "HandError", "position": None,
                                            "message": "turns: expected an integer from 1 to 30, got 99"}}
    error = json.loads(handle(json.dumps({"op": "advise", "hand": "123m456p789s1123z"})))
    assert error["ok"] is False and error["error"]["type"] == "HandError"
    error = json.loads(handle(json.dumps({"op": "advise", "hand": 5})))
    assert error["error"]["type"] == "RequestError"
