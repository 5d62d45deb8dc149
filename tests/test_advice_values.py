"""Tests of the advisor's values (:mod:`paili.advice`, :mod:`paili.win_value`): legal wins, ``ev`` and waits.

* A plain-recursion reference of the whole model (every draw, red fives as copies of their own, every
  discard including the choice of which five to give up, :func:`paili.score` at the leaves with the ura dora
  enumerated indicator by indicator) agrees to 1e-9 with the search on seeded random tenpai and 1-shanten
  hands with visible tiles, dora, red fives, open melds (with and without a yaku) and both riichi policies;
  also with the options ``tegawari`` / ``shanten_down`` (the reference tries every swap and step back, one
  option move per line of play), ``ippatsu`` and ``double_riichi``.
* For tenpai discards, the closed form: ``ev[n] = p_win[n] x`` the remaining-weighted mean of the waits'
  tsumo points, and ``p_win[n] = 1 - (1 - P)^(n+1)`` over the waits that have a yaku.
* Ippatsu, double riichi and the options never lower a figure; the objective orders the rows; the API and the
  errors.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from functools import lru_cache

import pytest

import paili
from paili.api import handle
from paili.hand import Hand, Meld
from paili.notation import format_tiles
from paili.shanten import counts_shanten
from paili.tiles import FIVES, tile_from_name, tile_name

PHYSICAL = [(k, k in FIVES and copy == 0) for k in range(34) for copy in range(4)]
"""The 136 tiles as (kind, red?): the first copy of each five is its red one."""
DORA_OF = [(k // 9 * 9 + (k % 9 + 1) % 9) if k < 27 else (27 + (k - 26) % 4) if k < 31 else (31 + (k - 30) % 3)
           for k in range(34)]


class ValueReference:
    """The model written plainly: ``value(counts, reds, t, objective, fresh, moves, double)``, recursing on
    each copy drawn.

    ``fresh``: the hand has just reached tenpai (declared riichi when closed and ``riichi="always"``), so a
    win on this draw scores ippatsu when the option is on. ``moves``: option moves left (``tegawari``: keep
    the drawn tile and discard any other copy keeping the shanten; ``shanten_down``: discard to one shanten
    above the best kept, if that leaves at most 1-shanten; never for a tenpai hand in riichi). ``double``: the
    hand is in a double riichi (the root with ``double_riichi``). Values are memoised on all the arguments (a
    cache of the recursion's own results: it changes how often a value is computed, never which).
    """

    def __init__(self, hand: Hand, *, visible: Sequence[int], visible_reds: Sequence[int], dora: str,
                 riichi: str, ippatsu: bool, situation: dict[str, object], tegawari: bool = False,
                 shanten_down: bool = False) -> None:
        self.tegawari = tegawari
        self.shanten_down = shanten_down
        self.melds = hand.melds
        self.n = hand.melds_needed
        self.called = hand.called_counts()
        self.closed = hand.is_closed
        dora_counts, dora_reds = paili.parse_tiles(dora)
        self.dora = dora
        self.indicators = max(1, sum(dora_counts))
        self.out = [self.called[k] + visible[k] + dora_counts[k] for k in range(34)]
        meld_reds = [sum(m.reds for m in hand.melds if m.tiles[0] // 9 == s) for s in range(3)]
        self.red_out = [meld_reds[s] + visible_reds[s] + dora_reds[s] for s in range(3)]
        self.riichi = self.closed and riichi == "always"
        self.ippatsu = ippatsu and self.riichi
        self.situation = situation
        self.shanten = lru_cache(maxsize=None)(self._shanten)  # caches of pure functions, not of the model
        self.points = lru_cache(maxsize=None)(self._points)
        self.value = lru_cache(maxsize=None)(self._value)

    def _shanten(self, counts: tuple[int, ...]) -> int:
        return counts_shanten(counts, melds_needed=self.n, called=self.called if self.melds else None,
                              full=not self.melds).min

    def _points(self, counts: tuple[int, ...], reds: tuple[int, ...], win: int, red: bool, ippatsu: bool,
                double: bool) -> float:
        """The tsumo's points, averaged over every ura indicator (or pair of them) left unseen."""
        hand = Hand(counts, (reds[0], reds[1], reds[2]), self.melds)
        name = "0" + "mps"[win // 9] if red else tile_name(win)
        kwargs = dict(win=name, tsumo=True, riichi=(2 if double else 1) if self.riichi else 0, ippatsu=ippatsu,
                      dora=self.dora,
                      **self.situation)
        if not self.riichi:
            return float(paili.score(hand, **kwargs)["points"])  # type: ignore[arg-type]
        unseen = [4 - counts[k] - self.out[k] for k in range(34)]
        draws = [k for k in range(34) for _ in range(max(0, unseen[k]))]
        if self.indicators == 1:
            picks: list[tuple[int, ...]] = [(k,) for k in draws]
        else:
            assert self.indicators == 2
            picks = [(draws[i], draws[j]) for i in range(len(draws)) for j in range(len(draws)) if i != j]
        total = 0.0
        for pick in picks:
            total += paili.score(hand, ura="".join(tile_name(k) for k in pick), **kwargs)["points"]  # type: ignore[arg-type]
        return total / len(picks)

    def wall(self, counts: Sequence[int], reds: Sequence[int]) -> list[tuple[int, bool, int]]:
        """Every copy left, as (kind, red?, copies)."""
        out = []
        for k in range(34):
            left = 4 - counts[k] - self.out[k]
            if left <= 0:
                continue
            if k in FIVES:
                s = FIVES.index(k)
                red_left = 1 - reds[s] - self.red_out[s]
                if red_left > 0:
                    out.append((k, True, red_left))
                    left -= red_left
            if left > 0:
                out.append((k, False, left))
        return out

    def kept(self, drawn: Sequence[int], held: Sequence[int], target: int
             ) -> list[tuple[tuple[int, ...], tuple[int, ...], int, bool]]:
        """Every hand a discard from ``drawn`` (holding ``held``) leaves at shanten ``target``, as (counts,
        reds, kind discarded, red discarded?): both fives are tried when the hand holds a red and a plain one."""
        out = []
        for d in range(34):
            if not drawn[d]:
                continue
            for give_red in (False, True):
                kept_reds = list(held)
                if d in FIVES:
                    suit = FIVES.index(d)
                    plain = drawn[d] - held[suit]
                    if give_red and not held[suit] or not give_red and not plain:
                        continue
                    if give_red:
                        kept_reds[suit] -= 1
                elif give_red:
                    continue
                kept = list(drawn)
                kept[d] -= 1
                if self.shanten(tuple(kept)) == target:
                    out.append((tuple(kept), tuple(kept_reds), d, give_red))
        return out

    def _value(self, counts: tuple[int, ...], reds: tuple[int, ...], t: int, objective: str, fresh: bool,
               moves: int = 0, double: bool = False) -> float:
        s = self.shanten(counts)
        if objective == "tenpai" and s == 0:
            return 1.0
        if t == 0:
            return 0.0
        wall = self.wall(counts, reds)
        total = sum(n for _, _, n in wall)
        free = moves > 0 and not (self.riichi and s == 0)
        result = 0.0
        for k, red, n in wall:
            drawn = list(counts)
            drawn[k] += 1
            held = list(reds)
            if red:
                held[FIVES.index(k)] += 1
            after = self.shanten(tuple(drawn))
            v = None
            if after == -1:
                points = self.points(tuple(drawn), tuple(held), k, red, fresh and self.ippatsu, double)
                if points > 0:
                    v = points if objective == "ev" else 1.0
            elif after < s:
                v = max(self.value(kept, kept_reds, t - 1, objective, True, moves)
                        for kept, kept_reds, _, _ in self.kept(drawn, held, after))
                if free and self.shanten_down and s <= 1:
                    for kept, kept_reds, _, _ in self.kept(drawn, held, s):
                        v = max(v, self.value(kept, kept_reds, t - 1, objective, True, moves - 1))
            if v is None:  # the draw is discarded at once, unless an option does better
                v = self.value(counts, reds, t - 1, objective, False, moves, double)
                if free and self.tegawari:
                    for kept, kept_reds, d, give_red in self.kept(drawn, held, s):
                        if (d, give_red) != (k, red):  # not the drawn copy thrown back
                            v = max(v, self.value(kept, kept_reds, t - 1, objective, False, moves - 1))
                if free and self.shanten_down and s + 1 <= 1:
                    for kept, kept_reds, _, _ in self.kept(drawn, held, s + 1):
                        v = max(v, self.value(kept, kept_reds, t - 1, objective, False, moves - 1))
            result += n / total * v
        return result


def deal(rng: random.Random, target: int, *, visible: int, meld: str | None) -> tuple[str, str | None, str, str]:
    """A random hand of shanten ``target`` (14 tiles, or 11 with ``meld``, an open meld taken from the wall
    first), ``visible`` other tiles and one dora indicator, red fives as their own tiles (mpsz strings)."""
    while True:
        wall = list(range(136))
        rng.shuffle(wall)
        melds: tuple[Meld, ...] = ()
        if meld is not None:
            melds = paili.parse("11z", melds=meld).melds
            for parsed_meld in melds:
                reds = parsed_meld.reds
                for k in parsed_meld.tiles:
                    red = k in FIVES and reds > 0
                    reds -= red
                    wall.remove(next(i for i in wall if PHYSICAL[i] == (k, red)))
        size = 14 - 3 * len(melds)
        chosen, seen, indicator = wall[:size], wall[size:size + visible], wall[size + visible]

        def text(ids: Sequence[int]) -> str:
            counts = [0] * 34
            reds = [0, 0, 0]
            for i in ids:
                k, red = PHYSICAL[i]
                counts[k] += 1
                if red:
                    reds[FIVES.index(k)] += 1
            return format_tiles(counts, reds)

        hand = paili.parse(text(chosen), melds=meld)
        if counts_shanten(hand.concealed, melds_needed=hand.melds_needed,
                          called=hand.called_counts() if melds else None, full=not melds).min == target:
            return text(chosen), meld, text(seen), text([indicator])


def check(hand: str, meld: str | None, visible: str, dora: str, *, turns: int, rows: int, riichi: str,
          ippatsu: bool = False, seat_wind: str = "2z", tegawari: bool = False, shanten_down: bool = False,
          double_riichi: bool = False) -> int:
    """Compare ``rows`` rows of ``advise`` with the reference, every figure; how many rows were compared."""
    situation = {"round_wind": "1z", "seat_wind": seat_wind, "honba": 1, "riichi_sticks": 0, "rules": "riichi"}
    result = paili.advise(hand, melds=meld, visible=visible, dora=dora, turns=turns, riichi=riichi,
                          ippatsu=ippatsu, tegawari=tegawari, shanten_down=shanten_down,
                          double_riichi=double_riichi, **situation)  # type: ignore[arg-type]
    parsed = paili.parse(hand, melds=meld)
    seen, seen_reds = paili.parse_tiles(visible)
    ref = ValueReference(parsed, visible=seen, visible_reds=seen_reds, dora=dora, riichi=riichi, ippatsu=ippatsu,
                         situation={k: v for k, v in situation.items()}, tegawari=tegawari,
                         shanten_down=shanten_down)
    moves = 1 if tegawari or shanten_down else 0
    double = double_riichi and not parsed.melds
    checked = 0
    for row in result["discards"]:
        if row["p_win"] is None or checked == rows:
            continue
        counts = list(parsed.concealed)
        kind = tile_from_name(row["tile"])
        counts[kind] -= 1
        reds = list(parsed.reds)
        if row["tile"][0] == "0":  # the red five's code
            reds[FIVES.index(kind)] -= 1
        for objective, key in (("win", "p_win"), ("tenpai", "p_tenpai"), ("ev", "ev")):
            want = [ref.value(tuple(counts), tuple(reds), t, objective, True, moves, double)
                    for t in range(1, turns + 1)]
            assert row[key] == pytest.approx(want, abs=1e-9, rel=1e-12), (hand, meld, visible, dora, row["tile"],
                                                                          key, riichi)
        checked += 1
    return checked


@pytest.mark.parametrize(("target", "meld", "riichi", "seed"), [
    (0, None, "always", 1), (0, None, "dama", 2), (1, None, "always", 3), (1, None, "dama", 4),
    (0, "[234m]", "always", 5),   # open: tanyao or nothing
    (0, "[789s]", "always", 6),   # open, mostly yakuless
    (1, "[555z]", "dama", 7),     # open with a yaku
    (1, "[123p]", "always", 8),
])
def test_random_hands_agree_with_the_value_reference(target: int, meld: str | None, riichi: str,
                                                     seed: int) -> None:
    rng = random.Random(seed)
    compared = 0
    for _ in range(2):
        hand, melds, visible, dora = deal(rng, target, visible=8, meld=meld)
        compared += check(hand, melds, visible, dora, turns=3 if target == 0 else 2, rows=2, riichi=riichi)
    assert compared > 0


@pytest.mark.parametrize(("hand", "melds", "visible", "dora", "riichi"), [
    ("406m22p345s67899s1z", None, "5m", "3s", "always"),  # a red five held, the others in play
    ("3467m22p345s67899s", None, "0m", "4m", "always"),  # the red 5m seen: no red copy left
    ("4567m12223p46s", "[789s]", "0s", "1z", "always"),    # open, mostly yakuless
    ("234556m22p456s", "[406s]", "", "4p", "dama"),     # a red five in a meld, open tanyao
    pytest.param("234m456p678s12255z", None, "", "1z9m", "always",  # two indicators: pairs of ura (18 s; the
                 marks=pytest.mark.slow),                            # test below is its default share)
])
def test_golden_situations_agree_with_the_value_reference(hand: str, melds: str | None, visible: str,
                                                          dora: str, riichi: str) -> None:
    assert check(hand, melds, visible, dora, turns=2, rows=3, riichi=riichi) > 0


def test_two_indicators_agree_with_the_value_reference_on_the_best_row() -> None:
    # The default run's share of the slow golden case with two indicators (18 s; its later rows cost the most).
    assert check("234m456p678s12255z", None, "", "1z9m", turns=2, rows=1, riichi="always") == 1


def test_ippatsu_agrees_with_the_reference_and_never_lowers_a_figure() -> None:
    hand, visible, dora = "234m456p678s1199s5z", "9m", "4p"
    assert check(hand, None, visible, dora, turns=3, rows=3, riichi="always", ippatsu=True) > 0
    plain = {r["tile"]: r for r in paili.advise(hand, visible=visible, dora=dora, turns=6)["discards"]}
    for row in paili.advise(hand, visible=visible, dora=dora, turns=6, ippatsu=True)["discards"]:
        base = plain[row["tile"]]
        assert row["p_win"] == base["p_win"] and row["p_tenpai"] == base["p_tenpai"]
        assert all(a >= b for a, b in zip(row["ev"], base["ev"], strict=True))
    row = next(r for r in paili.advise(hand, visible=visible, dora=dora, turns=6, ippatsu=True)["discards"]
               if r["shanten"] == 0)
    assert row["ev"][0] > plain[row["tile"]]["ev"][0]


@pytest.mark.parametrize(("seed", "melds"), [(21, None), (22, None), (23, "[234p]"), (24, "[777z]")])
def test_tenpai_rows_have_the_closed_form(seed: int, melds: str | None) -> None:
    rng = random.Random(seed)
    for riichi in ("always", "dama"):
        hand, meld, visible, dora = deal(rng, 0, visible=10, meld=melds)
        turns = 17
        result = paili.advise(hand, melds=meld, visible=visible, dora=dora, turns=turns, riichi=riichi)
        for row in result["discards"]:
            if row["shanten"] != 0:
                assert row["waits"] == []
                continue
            # The table counts the discarded copy as seen; the draw model puts it back in the wall.
            left = [w["remaining"] + (w["tile"] == tile_name(tile_from_name(row["tile"]))) for w in row["waits"]]
            legal = [(n, w["points"]["tsumo"]) for n, w in zip(left, row["waits"], strict=True) if w["yaku"]]
            assert all(w["yaku"] == (w["points"]["tsumo"] > 0) for w in row["waits"])
            weight = sum(n for n, _ in legal)
            mean = sum(n * p for n, p in legal) / weight if weight else 0.0
            p = row["p_win"][0]
            assert row["p_win"] == pytest.approx([1 - (1 - p) ** (n + 1) for n in range(turns)], abs=1e-12)
            assert row["ev"] == pytest.approx([x * mean for x in row["p_win"]], rel=1e-12, abs=1e-9)
            if riichi == "always" and not meld:
                assert all(w["points"]["tsumo"] > w["points"]["ron"] > 0 for w in row["waits"])


def test_a_yakuless_open_wait_is_no_win() -> None:
    # 123m456p99s + 78s after [789s]... waiting on 6s/9s; open, no yaku on either: no win, no points.
    result = paili.advise("123m456p99s78s1z", melds="[789s]", turns=3)
    row = next(r for r in result["discards"] if r["tile"] == "1z")
    assert row["shanten"] == 0 and row["p_tenpai"] == [1.0] * 3
    assert row["p_win"] == [0.0] * 3 and row["ev"] == [0.0] * 3
    assert [(w["tile"], w["yaku"], w["points"]) for w in row["waits"]] == [
        ("6s", False, {"tsumo": 0.0, "ron": 0.0}), ("9s", False, {"tsumo": 0.0, "ron": 0.0})]
    # Closed, a kanchan with no yaku wins by tsumo (menzen tsumo) but not by ron without riichi.
    closed = next(r for r in paili.advise("123m456p789s13s55z1z", turns=3, riichi="dama")["discards"]
                  if r["tile"] == "1z")
    assert all(w["yaku"] and w["points"]["ron"] == 0 for w in closed["waits"]) and closed["p_win"][0] > 0


def test_the_objective_orders_the_rows() -> None:
    hand = "123m456p789s55s125z"
    for objective, key in (("ev", "ev"), ("p_win", "p_win"), ("p_tenpai", "p_tenpai")):
        rows = paili.advise(hand, objective=objective, turns=5, round_wind="1z", seat_wind="1z")["discards"]
        last = [r[key][-1] for r in rows if r[key] is not None]
        assert last == sorted(last, reverse=True), objective
    by_ev = paili.advise("239m456p789s678s55z", dora="4m", turns=5)["discards"]
    assert by_ev[0]["ev"][-1] >= max(r["ev"][-1] for r in by_ev)


def test_other_rule_sets_and_short_hands_have_no_values() -> None:
    result = paili.advise("1199m3344p5566s17z", rules="sanma", turns=2)
    assert result["situation"] is None
    assert all(r["ev"] is None for r in result["discards"]) and result["discards"][0]["p_win"] is not None
    gb = paili.advise("1122m3344p5566s17z", rules="gb", turns=2)  # GB's payments (tests/test_gb_advice.py)
    assert gb["situation"] == {"round_wind": "1z", "seat_wind": "1z", "rules": "gb"}
    assert all(r["ev"] is not None for r in gb["discards"] if r["p_win"] is not None)
    short = paili.advise("234m55p", melds="[789s] [111z]", turns=2)   # one meld not written
    assert all(r["ev"] is None for r in short["discards"])


@pytest.mark.parametrize(("kwargs", "field", "message"), [
    ({"objective": "points"}, "objective", "one of 'ev', 'p_win', 'p_tenpai', got 'points'"),
    ({"riichi": "sometimes"}, "riichi", "one of 'always', 'dama'"),
    ({"ippatsu": 1}, "ippatsu", "true or false"),
    ({"seat_wind": "5z"}, "seat_wind", "expected a wind"),
    ({"honba": -1}, "honba", "expected a whole number"),
    ({"dora": "1m2m3m4m5m6m"}, "dora", "expected at most 5 indicators"),
    ({"dora": "1z1z"}, "dora", "at most 4 copies of 1z"),
    ({"rules": {"kiriage": 3}}, "rules", "'kiriage' to be bool"),
])
def test_bad_situations_raise_hand_errors(kwargs: dict[str, object], field: str, message: str) -> None:
    with pytest.raises(paili.HandError, match=message.replace("(", "\\(")) as caught:
        paili.advise("123m456p789s11234z", visible="1z", **kwargs)  # type: ignore[arg-type]
    assert caught.value.field == field


def test_the_json_api_passes_the_situation() -> None:
    request = {"op": "advise", "hand": "234m456p678s11257z", "turns": 3, "dora": "4p", "riichi": "dama",
               "objective": "p_win", "ippatsu": False, "seat_wind": "2z", "round_wind": "1z", "honba": 2,
               "riichi_sticks": 1, "rules": "tenhou"}
    answer = json.loads(handle(json.dumps(request)))
    assert answer["ok"] is True
    want = paili.advise("234m456p678s11257z", turns=3, dora="4p", riichi="dama", objective="p_win",
                        seat_wind="2z", honba=2, riichi_sticks=1, rules="tenhou")
    assert answer["result"] == json.loads(json.dumps(want))
    assert answer["result"]["situation"]["rules"]["double_yakuman"] is False


@pytest.mark.parametrize(("hand", "melds", "dora", "riichi"), [
    ("13m47p19s55z", "[678s] [777z]", "5z", "always"),     # 8 tiles, 2-shanten, open with a yaku
    ("13m47p19s55z", "[678s] (2222z)", "2s", "always"),    # closed with a closed kan: riichi
    ("13m08p19s55z", "[678s] [234p]", "", "dama"),          # open, a red five held
])
def test_two_shanten_hands_agree_with_the_value_reference(hand: str, melds: str, dora: str, riichi: str) -> None:
    parsed = paili.parse(hand, melds=melds)
    assert paili.shanten(parsed).min == 2
    assert check(hand, melds, "", dora, turns=3, rows=2, riichi=riichi) > 0


def differs(hand: str, melds: str | None, visible: str, dora: str, turns: int, riichi: str,
            options: dict[str, bool]) -> bool:
    """Whether the options change any figure of the hand (so that a test of them has power)."""
    kwargs = {"melds": melds, "visible": visible, "dora": dora, "turns": turns, "riichi": riichi}
    plain = {r["tile"]: r for r in paili.advise(hand, **kwargs)["discards"]}  # type: ignore[arg-type]
    return any(abs(a - b) > 1e-6 for row in paili.advise(hand, **kwargs, **options)["discards"]  # type: ignore[arg-type]
               if row["p_win"] is not None for key in ("p_win", "p_tenpai", "ev")
               for a, b in zip(row[key], plain[row["tile"]][key], strict=True))


VALUE_OPTIONS = ({"tegawari": True}, {"shanten_down": True}, {"tegawari": True, "shanten_down": True})
OPTION_HANDS = [
    (0, "[456p] [678s] [777z]", "always", 34, 4, "shanten_down"),  # 5 tiles, open with a yaku: every wait wins
    (1, "[234m] [678s] [456p]", "always", 31, 3, "shanten_down"),  # open: tanyao or nothing (yakuless shapes)
    (0, "[789s] [111p] [234m]", "dama", 31, 4, "tegawari+shanten_down"),  # open, mostly yakuless
    (0, "[406s] [777z]", "dama", 69, 3, "tegawari"),          # 8 tiles, a red five in a meld
    (0, None, "dama", 34, 3, "tegawari"),                     # closed, dama: the options apply at tenpai
    (1, None, "always", 36, 2, "tegawari+shanten_down"),      # closed, riichi: the options stop at tenpai
]
"""(target, meld, riichi, seed, turns, the options the default run checks the hand with); --all checks every hand
with each of the options. Each hand and each option (twice) is in the default run: the reference takes 2-9 s a
case."""


@pytest.mark.parametrize(("options", "target", "meld", "riichi", "seed", "turns"), [
    pytest.param(options, target, meld, riichi, seed, turns,
                 id=f"{target}-{meld}-{riichi}-{seed}-{turns}-{'+'.join(options)}",
                 marks=() if default == "+".join(options) else pytest.mark.slow)
    for target, meld, riichi, seed, turns, default in OPTION_HANDS for options in VALUE_OPTIONS])
def test_options_agree_with_the_value_reference(options: dict[str, bool], target: int, meld: str | None,
                                                riichi: str, seed: int, turns: int) -> None:
    # Many visible tiles make thin and dead waits, where a swap or a step back pays within a few draws.
    rng = random.Random(seed)
    small = meld is not None and meld.count("[") == 3
    hand, melds, visible, dora = deal(rng, target, visible=30 if small else 12, meld=meld)
    if meld is not None or riichi == "dama":   # (seeds chosen so that every option changes a figure)
        assert differs(hand, melds, visible, dora, turns, riichi, options)
    assert check(hand, melds, visible, dora, turns=turns, rows=5 if small else 2, riichi=riichi, **options) > 0


@pytest.mark.parametrize(("seed", "ippatsu"), [(41, False), (42, True), (43, True)])
def test_double_riichi_agrees_with_the_value_reference(seed: int, ippatsu: bool) -> None:
    hand, _, visible, dora = deal(random.Random(seed), 0, visible=8, meld=None)
    assert check(hand, None, visible, dora, turns=3, rows=3, riichi="always", ippatsu=ippatsu,
                 double_riichi=True) > 0


def test_double_riichi_scores_two_han_only_for_a_tenpai_discard() -> None:
    hand, visible, dora = "234m456p678s1199s5z", "9m", "4p"
    plain = {r["tile"]: r for r in paili.advise(hand, visible=visible, dora=dora, turns=6)["discards"]}
    double = paili.advise(hand, visible=visible, dora=dora, turns=6, double_riichi=True)
    assert double["situation"]["double_riichi"] is True
    for row in double["discards"]:
        base = plain[row["tile"]]
        assert row["p_win"] == base["p_win"] and row["p_tenpai"] == base["p_tenpai"]
        if row["shanten"] == 0:
            assert all(a > b for a, b in zip(row["ev"], base["ev"], strict=True))
            assert all(w["points"]["ron"] > v["points"]["ron"]
                       for w, v in zip(row["waits"], base["waits"], strict=True))
        else:   # a riichi reached later is a plain one
            assert row["ev"] == base["ev"]
    dama = paili.advise(hand, visible=visible, dora=dora, turns=6, double_riichi=True, riichi="dama")
    assert [r["ev"] for r in dama["discards"]] == [r["ev"] for r in paili.advise(
        hand, visible=visible, dora=dora, turns=6, riichi="dama")["discards"]]


@pytest.mark.parametrize(("target", "seed"), [(0, 51), (1, 52)])
def test_options_never_lower_a_figure(target: int, seed: int) -> None:
    # Each option (and both, and ippatsu / double riichi on top) only adds choices or han: no figure drops.
    hand, _, visible, dora = deal(random.Random(seed), target, visible=6, meld=None)
    for riichi in ("always", "dama"):
        base = {r["tile"]: r for r in paili.advise(hand, visible=visible, dora=dora, turns=6, riichi=riichi,
                                                   max_shanten=1)["discards"]}
        for extra in ({"tegawari": True}, {"shanten_down": True}, {"tegawari": True, "shanten_down": True},
                      {"ippatsu": True, "double_riichi": True},
                      {"tegawari": True, "shanten_down": True, "ippatsu": True, "double_riichi": True}):
            for row in paili.advise(hand, visible=visible, dora=dora, turns=6, riichi=riichi, max_shanten=1,
                                    **extra)["discards"]:  # type: ignore[arg-type]
                plain = base[row["tile"]]
                assert (row["p_win"] is None) == (plain["p_win"] is None)
                if row["p_win"] is None:
                    continue
                for key in ("p_win", "p_tenpai", "ev"):
                    assert all(a >= b - 1e-9 for a, b in zip(row[key], plain[key], strict=True)), (hand, extra)
