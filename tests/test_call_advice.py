"""Tests of the call advice (:func:`paili.call_advice`, :mod:`paili.advice.calls`).

Each call line is checked against the plain recursion of the advisor's model (``ValueReference`` of
``test_advice_values``: every copy drawn, every discard, :func:`paili.score` at the leaves) run on the hand
after the call with ``turns - 1`` draws, to 1e-9: every row of the discard table after a chi or a pon (the
swap-back discards left out), the option's figures being its best row on the pass line's time line; an open
kan's replacement draw (rinshan kaihou) and its new dora indicator enumerated copy by copy. The pass line is
:func:`paili.outlook` with the offered tile visible; a ron is :func:`paili.score`'s points.
"""

from __future__ import annotations

import random

import pytest
from support import scaled
from test_advice_values import ValueReference

import paili
from paili.advice import swap_back_kinds
from paili.hand import Hand, Meld
from paili.tiles import FIVES, tile_from_name, tile_name

SITUATION = {"round_wind": "1z", "seat_wind": "2z", "honba": 0, "riichi_sticks": 0, "rules": "riichi"}
TURNS = scaled(4, 6)


def option(result: dict[str, object], call: str, meld: str | None = None) -> dict[str, object]:
    found = [o for o in result["options"] if o["call"] == call and (meld is None or o["meld"] == meld)]  # type: ignore[attr-defined,index]
    assert len(found) == 1, (call, meld, [(o["call"], o["meld"]) for o in result["options"]])  # type: ignore[attr-defined,index]
    return found[0]  # type: ignore[no-any-return]


def after_discard(hand: Hand, tile: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    counts = list(hand.concealed)
    kind = tile_from_name(tile)
    counts[kind] -= 1
    reds = list(hand.reds)
    if tile[0] == "0":
        reds[FIVES.index(kind)] -= 1
    return tuple(counts), tuple(reds)


def check_call(hand: str, offered: str, call: str, meld: str, *, visible: str = "", dora: str = "1z",
               seat: str = "left", turns: int = TURNS, allow_swap_back: bool = False) -> dict[str, object]:
    """Compare a chi's or pon's option and every row after it with the reference; the option."""
    result = paili.call_advice(hand, offered, seat=seat, visible=visible, dora=dora, turns=turns, riichi="dama",
                               allow_swap_back=allow_swap_back, **SITUATION)  # type: ignore[arg-type]
    got = option(result, call, meld)
    before = paili.parse(hand)
    after = paili.parse(format_after(got, before))
    seen, seen_reds = paili.parse_tiles(visible)
    ref = ValueReference(after, visible=seen, visible_reds=seen_reds, dora=dora, riichi="dama", ippatsu=False,
                         situation=dict(SITUATION))
    banned = set() if allow_swap_back else swap_back_kinds(after.melds[-1], tile_from_name(offered))
    rows = got["rows"]
    assert rows and not any(tile_from_name(r["tile"]) in banned for r in rows)  # type: ignore[index,union-attr]
    best = None
    for row in rows:  # type: ignore[union-attr]
        counts, reds = after_discard(after, row["tile"])
        for objective, key in (("win", "p_win"), ("tenpai", "p_tenpai"), ("ev", "ev")):
            want = [ref.value(counts, reds, t, objective, True) for t in range(1, turns)]
            assert row[key] == pytest.approx(want, abs=1e-9, rel=1e-12), (hand, offered, meld, row["tile"], key)
        if best is None:
            best = row
    assert best is not None and got["discard"] == best["tile"]
    assert got["p_win"] == [0.0, *best["p_win"]] and got["ev"] == [0.0, *best["ev"]]
    assert got["p_tenpai"] == [0.0, *best["p_tenpai"]]
    # every discard of the called hand not banned has its row
    kinds = {k for k in range(34) if after.concealed[k]} - banned
    assert {tile_from_name(r["tile"]) for r in rows} == kinds  # type: ignore[index,union-attr]
    return got


def format_after(got: dict[str, object], before: Hand) -> str:
    """The hand after the call, from its first row's ``after`` (the row's discard put back)."""
    row = got["rows"][0]  # type: ignore[index]
    text: str = row["after"]
    concealed, *melds = text.split(" ")
    return f"{concealed}{row['tile']} {' '.join(melds)}"


def test_pass_is_the_outlook_with_the_offered_tile_seen() -> None:
    result = paili.call_advice("3460m55p12789s66z", "5m", turns=TURNS, dora="1z", visible="9p", **SITUATION)  # type: ignore[arg-type]
    passing = option(result, "pass")
    want = paili.outlook("3460m55p12789s66z", turns=TURNS, dora="1z", visible="9p5m", **SITUATION)  # type: ignore[arg-type]
    assert (passing["p_win"], passing["p_tenpai"], passing["ev"]) == (want["p_win"], want["p_tenpai"], want["ev"])
    assert passing["meld"] is None and passing["discard"] is None and passing["rows"] == []


def test_ron_scores_the_win_and_a_riichi_hand_never_calls() -> None:
    result = paili.call_advice("34m456p678s22p345s", "2m", turns=3, riichi="dama", **SITUATION)  # type: ignore[arg-type]
    ron = option(result, "ron")
    score = paili.score("234m456p678s22p345s", win="2m", **SITUATION)  # type: ignore[arg-type]
    assert ron["score"] == score and ron["ev"] == [score["points"]] * 3 and ron["p_win"] == [1.0] * 3
    assert result["options"][0]["call"] == "ron"  # type: ignore[index]
    in_riichi = paili.call_advice("34m456p678s22p345s", "2m", turns=3, **SITUATION)  # type: ignore[arg-type]
    assert [o["call"] for o in in_riichi["options"]] == ["ron", "pass"]  # type: ignore[index]


def test_no_ron_without_a_yaku() -> None:
    result = paili.call_advice("23m456p789s11z [777z]", "1m", turns=2, seat="across", **SITUATION)  # type: ignore[arg-type]
    assert "ron" in [o["call"] for o in result["options"]]  # type: ignore[index]  # chun
    result = paili.call_advice("23m456p789s11z [789s]", "1m", turns=2, **SITUATION)  # type: ignore[arg-type]
    assert "ron" not in [o["call"] for o in result["options"]]  # type: ignore[index]


def test_chi_with_red_variants() -> None:
    # 4m with 05m or with 55m... the hand holds a red and a plain five: both chi 345m are offered
    hand = "3055m46p12789s66z"
    result = paili.call_advice(hand, "4m", turns=2, dora="1z", riichi="dama", **SITUATION)  # type: ignore[arg-type]
    melds = sorted(o["meld"] for o in result["options"] if o["call"] == "chi")  # type: ignore[index]
    assert "[340m]" in melds and "[345m]" in melds
    for meld in ("[340m]", "[345m]"):
        check_call(hand, "4m", "chi", meld, turns=TURNS)


def test_pon_and_chi_against_the_reference() -> None:
    check_call("3460m55p12789s66z", "5m", "chi", "[345m]", visible="9p1s")
    check_call("3460m55p12789s66z", "6z", "pon", "[666z]", seat="right")
    check_call("2344m456p11789s6z", "3m", "chi", "[234m]")


def test_swap_back_ban_and_its_option() -> None:
    hand = "4566m456p11789s7z"
    banned = check_call(hand, "4m", "chi", "[456m]")
    assert not any(r["tile"] in ("4m", "7m") for r in banned["rows"])  # type: ignore[index,union-attr]
    allowed = check_call(hand, "4m", "chi", "[456m]", allow_swap_back=True)
    assert any(r["tile"] == "4m" for r in allowed["rows"])  # type: ignore[index,union-attr]
    assert sorted(swap_back_kinds(Meld("chi", (1, 2, 3)), 3)) == [0, 3]


def test_no_chi_from_across_or_in_sanma_and_sichuan() -> None:
    result = paili.call_advice("3460m55p12789s66z", "5m", seat="across", turns=2)
    assert [o["call"] for o in result["options"]] == ["pass"]  # type: ignore[index]
    result = paili.call_advice("3460p55p12789s66s", "5p", turns=2, rules="sichuan", void="m")
    assert "chi" not in [o["call"] for o in result["options"]]  # type: ignore[index]


def test_a_sichuan_hand_never_calls_the_suit_it_gave_up() -> None:
    hand = "1155m23p456789s1p"
    given_up = paili.call_advice(hand, "5m", turns=4, rules="sichuan", seat="across", void="m")
    assert [o["call"] for o in given_up["options"]] == ["pass"]
    kept = paili.call_advice(hand, "5m", turns=4, rules="sichuan", seat="across", void="p")
    assert {(o["call"], o["meld"]) for o in kept["options"]} == {("pass", None), ("pon", "[555m]")}


def test_a_call_that_leaves_no_yaku() -> None:
    got = check_call("2378m456p11789s4z", "1m", "chi", "[123m]")  # no yaku reachable after the chi
    assert got["yaku"] is False and got["p_win"] == [0.0] * TURNS and got["ev"] == [0.0] * TURNS
    assert got["p_tenpai"][-1] > 0  # type: ignore[index]


class KanReference(ValueReference):
    """The reference after an open kan: every win scored over the kan's new indicator, copy by copy."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.rinshan_points = self._kan_points

    def _kan_points(self, counts: tuple[int, ...], reds: tuple[int, ...], win: int, red: bool,
                    rinshan: bool) -> float:
        hand = Hand(counts, (reds[0], reds[1], reds[2]), self.melds)
        name = "0" + "mps"[win // 9] if red else tile_name(win)
        unseen = [4 - counts[k] - self.out[k] for k in range(34)]
        total = points = 0.0
        for k in range(34):
            for _ in range(max(0, unseen[k])):
                total += 1
                points += paili.score(hand, win=name, tsumo=True, rinshan=rinshan, dora=self.dora + tile_name(k),
                                      **self.situation)["points"]  # type: ignore[arg-type]
        return points / total

    def _points(self, counts: tuple[int, ...], reds: tuple[int, ...], win: int, red: bool, ippatsu: bool,
                double: bool) -> float:
        return self._kan_points(counts, reds, win, red, False)

    def root(self, counts: tuple[int, ...], reds: tuple[int, ...], t: int, objective: str) -> float:
        """The replacement draw, then ``t`` draws."""
        s = self.shanten(counts)
        wall = self.wall(counts, reds)
        total = sum(n for _, _, n in wall)
        result = 0.0
        for k, red, n in wall:
            drawn = list(counts)
            drawn[k] += 1
            held = list(reds)
            if red:
                held[FIVES.index(k)] += 1
            after = self.shanten(tuple(drawn))
            if after == -1:
                v = self._kan_points(tuple(drawn), tuple(held), k, red, True) if objective == "ev" else 1.0
            elif after < s:
                v = max(self.value(kept, kept_reds, t, objective, True)
                        for kept, kept_reds, _, _ in self.kept(drawn, held, after))
            else:
                v = self.value(counts, reds, t, objective, False)
            result += n / total * v
        return result


@pytest.mark.parametrize(("hand", "offered", "dora"), [
    ("2344m555p789s11z6z", "5p", "4p"),  # tenpai after the kan: the replacement draw may win by rinshan
    ("2347m555p789s11z6z", "5p", "1z"),
])
def test_open_kan_against_the_reference(hand: str, offered: str, dora: str) -> None:
    turns = 3
    result = paili.call_advice(hand, offered, seat="across", turns=turns, dora=dora, riichi="dama", **SITUATION)  # type: ignore[arg-type]
    got = option(result, "kan")
    assert got["meld"] == "[5555p]" and got["discard"] is None and got["rows"] == []
    after = paili.parse(hand.replace("555p", "") + " [5555p]")
    ref = KanReference(after, visible=[0] * 34, visible_reds=(0, 0, 0), dora=dora, riichi="dama", ippatsu=False,
                       situation=dict(SITUATION))
    for objective, key in (("win", "p_win"), ("tenpai", "p_tenpai"), ("ev", "ev")):
        want = [ref.root(after.concealed, after.reds, t, objective) for t in range(turns)]
        assert got[key] == pytest.approx(want, abs=1e-9, rel=1e-12), key


def test_errors() -> None:
    with pytest.raises(paili.HandError):
        paili.call_advice("3460m55p12789s66z", "5m5m")
    with pytest.raises(paili.HandError):
        paili.call_advice("3460m55p12789s66z", "5m", seat="behind")
    with pytest.raises(paili.HandError):
        paili.call_advice("3460m55p12789s66z1p", "5m")
    with pytest.raises(paili.HandError):
        paili.call_advice("3460m55p12789s66z", "0m")




def closed_form(hand: str, *, visible: str, turns: int, skips: bool) -> list[float]:
    """The chance that a tenpai hand, kept as it is, wins within each number of draws, in closed form under the
    model's wall (the player's own discards go back to it): with ``W`` winning copies among the ``R`` the wall
    holds, ``1 - (1 - W/R)^n`` after ``n`` draws; a call's line skips its first draw (``skips``)."""
    parsed = paili.parse(hand)
    held = [c + sum(m.tiles.count(k) for m in parsed.melds) for k, c in enumerate(parsed.concealed)]
    seen = [visible.count(tile_name(k)) for k in range(34)]  # one plain tile at most here
    wall = [4 - h - s for h, s in zip(held, seen, strict=True)]
    waits = [tile_from_name(w["tile"]) for w in paili.analyze(hand)["waits"]]
    miss = 1 - sum(wall[k] for k in waits) / sum(wall)
    return [1 - miss ** (n if skips else n + 1) for n in range(turns)]


@pytest.mark.parametrize(("hand", "offered", "seat"), [
    ("123m456p789s1122z", "9m", "across"),  # passing: a riichi hand that never changes
    ("123m456p78s55z66z7z", "5z", "across"),  # pon into tenpai on 6s-9s with a dragon's yaku
    ("23m456p789s11z555z", "1m", "left"),  # a ron offered: the pass line, tenpai on 1m-4m, is the one checked
])
def test_tenpai_lines_agree_with_the_closed_form(hand: str, offered: str, seat: str) -> None:
    """An independent check of the figures of every option that is tenpai with a yaku on every wait: its chance
    to win by draw is the closed form's (the search never changes a tenpai hand: it wins or throws the draw)."""
    result = paili.call_advice(hand, offered, seat=seat, turns=8)
    checked = 0
    for o in result["options"]:
        if o["call"] == "ron" or o["shanten"] != 0 or not o["yaku"]:
            continue
        state = o["rows"][0]["after"] if o["rows"] else hand
        if o["rows"] and not all(w["yaku"] for w in o["rows"][0]["waits"]):
            continue
        want = closed_form(state, visible="" if o["call"] != "pass" else offered, turns=8,
                           skips=o["call"] != "pass")
        assert o["p_win"] == pytest.approx(want, abs=1e-12), (o["call"], o["meld"])
        assert o["p_tenpai"][1:] == pytest.approx([1.0] * 7)
        checked += 1
    assert checked >= 1


def test_gb_ron_is_a_legal_win_by_gbs_count_and_its_payment() -> None:
    """Under GB a ron is offered only for a legal win (8 fans), scored by GB's count and worth GB's payment by
    discard (8 + fan + 2 x 8); a short one is not a win (GB_TENPAI of the page's fixtures: 1m short, 4m legal)."""
    for hand, offered in (("147m258p369s1234z", "5z"), ("23m567m22p345s678s", "4m")):
        result = paili.call_advice(hand, offered, rules="gb", seat="across", turns=4)
        ron = option(result, "ron")
        want = paili.score(hand + offered, rules="gb", win=offered)
        assert ron["score"] == want and want["legal"]
        assert ron["ev"] == [8 + want["fan"] + 16] * 4
    short = paili.call_advice("23m567m22p345s678s", "1m", rules="gb", seat="across", turns=4)
    assert not paili.score("23m567m22p345s678s1m", rules="gb", win="1m")["legal"]
    assert "ron" not in [o["call"] for o in short["options"]]


def test_a_closed_gb_hand_waiting_may_still_call() -> None:
    """GB has no riichi: a closed tenpai hand is not locked as a riichi hand is, its pon is an option."""
    result = paili.call_advice("123m456p789s11z55z", "5z", rules="gb", seat="across", turns=4)
    assert {o["call"] for o in result["options"]} == {"ron", "pon", "pass"}
    riichi = paili.call_advice("123m456p789s11z55z", "5z", seat="across", turns=4)
    assert {o["call"] for o in riichi["options"]} == {"ron", "pass"}


def test_random_offers_under_every_rule_set_answer_or_say_why() -> None:
    """Seeded random 13-tile hands and offered tiles, every seat, every rule set (Sichuan with and without a
    void), 1 to 6 draws: an answer, or a HandError saying what is wrong; never another exception (a call with
    one draw left, and a GB knitted win offered by discard, once raised)."""
    rng = random.Random(2026)
    kinds = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]
    answered = 0
    for _ in range(scaled(40, 300)):
        rules = rng.choice(["riichi", "sanma", "sichuan", "gb"])
        pool = [t for t in kinds if not (rules == "sanma" and t[1] == "m" and t[0] not in "19")
                and not (rules == "sichuan" and t[1] == "z")]
        wall = [t for t in pool for _ in range(4)]
        rng.shuffle(wall)
        void = {"void": rng.choice("mps")} if rules == "sichuan" and rng.random() < 0.5 else {}
        try:
            result = paili.call_advice("".join(wall[:13]), wall[13], seat=rng.choice(["left", "across", "right"]),
                                       rules=rules, turns=rng.choice([1, 2, 6]), **void)
        except paili.HandError:
            continue
        assert result["options"] and any(o["call"] == "pass" for o in result["options"])
        answered += 1
    assert answered > 0


def test_one_draw_left_leaves_a_call_no_draw_of_its_own() -> None:
    """With one draw left a call skips it: each call's figures are the one entry 0 (it raised IndexError)."""
    result = paili.call_advice("1199m34p67s557z77z", "7z", seat="right", turns=1)
    assert {o["call"] for o in result["options"]} == {"pass", "pon", "kan"}
    for o in result["options"]:
        if o["call"] != "pass":
            assert o["p_win"] == [0.0] and o["p_tenpai"] == [0.0] and o["ev"] == [0.0]


def test_an_open_kan_with_one_draw_left_answers_instead_of_raising() -> None:
    """Issue 37: the kan line at one draw left ran the search's discard loop on one-entry vectors and raised
    IndexError. The kan's only draw is its replacement, which cannot win here (the hand is two from a win after
    the kan) but may reach tenpai."""
    result = paili.call_advice("111m234p567s5689m", "1m", seat="left", turns=1)
    kan = option(result, "kan")
    assert kan["p_win"] == [0.0] and 0 < kan["p_tenpai"][0] < 1  # type: ignore[index]
    assert {o["call"] for o in result["options"]} == {"pass", "pon", "kan"}  # type: ignore[attr-defined,index]
    for o in result["options"]:  # type: ignore[attr-defined]
        assert len(o["p_win"]) == 1, o


def test_a_call_with_one_draw_left_shows_no_chance_in_its_table() -> None:
    """Issue 37: a call skips the only draw left, so the discard table after it wins nothing (the 5p row after
    chi 123p showed 5.2%), as the option's own one-entry line says."""
    result = paili.call_advice("12234405p99s555z", "3p", seat="left", turns=1)
    chi = option(result, "chi", "[123p]")
    assert chi["p_win"] == [0.0] and chi["rows"]
    for row in chi["rows"]:  # type: ignore[attr-defined]
        assert row["p_win"] == [0.0] and row["p_tenpai"] == [0.0] and row["ev"] == [0.0], row
        assert all(wait["p_win"] == [0.0] for wait in row["waits"]), row
    # at two draws left the call has one of its own: the table is the advisor's after the call with one draw
    later = option(paili.call_advice("12234405p99s555z", "3p", seat="left", turns=2), "chi", "[123p]")
    assert any(row["p_win"][0] > 0 for row in later["rows"])  # type: ignore[attr-defined,index]


def test_the_answer_says_why_no_call_is_offered() -> None:
    """Issue 37: a closed waiting hand under the riichi policy ``always`` is in riichi and is offered no chi or
    pon; the answer says so (``no_calls``), and under ``dama`` the calls are there. A Sichuan hand never calls
    its given-up suit. A hand that simply cannot call says nothing."""
    blocked = paili.call_advice("23456779m44567s", "4s")
    assert [o["call"] for o in blocked["options"]] == ["pass"] and blocked["no_calls"] == "riichi"
    dama = paili.call_advice("23456779m44567s", "4s", riichi="dama")
    assert {"chi", "pon"} <= {o["call"] for o in dama["options"]} and dama["no_calls"] is None
    void = paili.call_advice("1123m456p789p199s", "1m", rules="sichuan", void="m")
    assert [o["call"] for o in void["options"]] == ["pass"] and void["no_calls"] == "void"
    nothing = paili.call_advice("123m456p789s1134m", "9m")
    assert [o["call"] for o in nothing["options"]] == ["pass"] and nothing["no_calls"] is None
