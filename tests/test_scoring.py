"""paili.score(): every yaku with a hand that has it and one that does not, every fu rule, every limit,
payments with honba and sticks, each rule option flipped, and the situation errors."""

from __future__ import annotations

from typing import Any

import pytest
from support import scaled

import paili
from paili.scoring import PRESETS, points, resolve_rules, situation, yaku

# seat 2z (not the dealer), round 1z unless a case says otherwise
BASE: dict[str, Any] = {"seat_wind": "2z", "round_wind": "1z"}


def score(hand: str, win: str, **options: Any) -> dict[str, Any]:
    return paili.score(hand, win=win, **{**BASE, **options})


def ids(result: dict[str, Any]) -> list[str]:
    return [y["id"] for y in result["yaku"]]


# --- every yaku: a hand with it, a hand without it ------------------------------------------------------

YAKU_CASES: list[tuple[str, tuple[str, str, dict[str, Any]], tuple[str, str, dict[str, Any]]]] = [
    ("riichi", ("123m456p789s234s55p", "5p", {"riichi": 1}), ("123m456p789s234s55p", "5p", {"riichi": 2})),
    ("double_riichi", ("123m456p789s234s55p", "5p", {"riichi": 2}), ("123m456p789s234s55p", "5p", {"riichi": 1})),
    ("ippatsu", ("123m456p789s234s55p", "5p", {"riichi": 1, "ippatsu": True}),
     ("123m456p789s234s55p", "5p", {"riichi": 1})),
    ("menzen_tsumo", ("123m456p789s234s55p", "5p", {"tsumo": True}),
     ("123m456p234s55p [789s]", "5p", {"tsumo": True})),
    ("tanyao", ("234m456p678s345s55p", "5p", {}), ("123m456p678s345s55p", "5p", {})),
    ("pinfu", ("123m456p789s234s55p", "4s", {}), ("123m456p789s234s55p", "3s", {"riichi": 1})),
    ("iipeikou", ("112233m456p789s55p", "1m", {"riichi": 1}), ("112233m55p [456p] [789s]", "1m", {"tsumo": True})),
    ("yakuhai_haku", ("123m456p789s11p555z", "1p", {}), ("123m456p789s555p11z", "1z", {"riichi": 1})),
    ("yakuhai_hatsu", ("123m456p789s11p666z", "1p", {}), ("123m456p789s111p66z", "6z", {"riichi": 1})),
    ("yakuhai_chun", ("123m456p789s11p777z", "1p", {}), ("123m456p789s111p77z", "7z", {"riichi": 1})),
    ("round_wind", ("123m456p789s11p222z", "1p", {"round_wind": "2z", "seat_wind": "3z"}),
     ("123m456p789s11p222z", "1p", {"round_wind": "1z", "seat_wind": "3z", "riichi": 1})),
    ("seat_wind", ("123m456p789s11p333z", "1p", {"seat_wind": "3z"}),
     ("123m456p789s11p333z", "1p", {"seat_wind": "4z", "riichi": 1})),
    ("rinshan", ("123m456p789s55p (1111z)", "5p", {"tsumo": True, "rinshan": True}),
     ("123m456p789s55p (1111z)", "5p", {"tsumo": True})),
    ("chankan", ("123m456p789s234s55p", "2s", {"chankan": True}), ("123m456p789s234s55p", "2s", {"riichi": 1})),
    ("haitei", ("123m456p789s234s55p", "5p", {"tsumo": True, "last_tile": True}),
     ("123m456p789s234s55p", "5p", {"last_tile": True})),
    ("houtei", ("123m456p789s234s55p", "5p", {"last_tile": True}),
     ("123m456p789s234s55p", "5p", {"tsumo": True, "last_tile": True})),
    ("chiitoitsu", ("1133m557799p1122z", "1z", {}), ("11223344556677m", "1m", {})),
    ("chanta", ("123m789p789s111z99s", "9s", {}), ("123m789p789s111s99s", "9s", {})),
    ("ittsu", ("123456789m11p234s", "1p", {}), ("123456678m11p234s", "1p", {"riichi": 1})),
    ("sanshoku", ("123m123p123s789s55m", "5m", {}), ("123m123p234s789s55m", "5m", {"riichi": 1})),
    ("sanshoku_doukou", ("222m222p222s345s55m", "5m", {}), ("222m222p333s345s55m", "5m", {})),
    ("sankantsu", ("456s55m (1111m) [2222p] [3333s]", "5m", {}), ("333s456s55m (1111m) [2222p]", "5m", {})),
    ("toitoi", ("222p333s555z77z [111m]", "7z", {}), ("234p333s555z77z [111m]", "7z", {})),
    ("sanankou", ("111m222p333s456s55z", "5z", {}), ("111m222p333s456s55z", "1m", {})),
    ("shousangen", ("555z666z77z123m456p", "7z", {}), ("555z666z11p123m456p", "1p", {})),
    ("honroutou", ("999p111s999s11z [111m]", "1z", {}), ("123m999p111s11z [999s]", "1z", {})),
    ("ryanpeikou", ("112233m445566p55s", "5s", {}), ("112233m456p55s [456p]", "5s", {})),
    ("junchan", ("123m789p123s999s11m", "1m", {}), ("123m789p123s999s11z", "1z", {})),
    ("honitsu", ("123m456m789m111z22z", "2z", {}), ("11123456788899m", "9m", {})),
    ("chinitsu", ("11123456788899m", "9m", {}), ("123m456m789m111z22z", "2z", {})),
    ("tenhou", ("123m456p789s234s55p", "5p", {"seat_wind": "1z", "tsumo": True, "blessing": True}),
     ("123m456p789s234s55p", "5p", {"seat_wind": "2z", "tsumo": True, "blessing": True})),
    ("chiihou", ("123m456p789s234s55p", "5p", {"tsumo": True, "blessing": True}),
     ("123m456p789s234s55p", "5p", {"seat_wind": "1z", "tsumo": True, "blessing": True})),
    ("kokushi", ("19m19p19s1234567z1m", "9m", {}), ("19m19p19s1234567z1m", "1m", {})),
    ("kokushi_13", ("19m19p19s1234567z1m", "1m", {}), ("19m19p19s1234567z1m", "9m", {})),
    ("suuankou", ("111m222p333s444s55z", "1m", {"tsumo": True}), ("111m222p333s444s55z", "1m", {})),
    ("suuankou_tanki", ("111m222p333s444s55z", "5z", {}), ("111m222p333s444s55z", "1m", {"tsumo": True})),
    ("daisangen", ("555666777z123m11p", "1p", {}), ("555666z77z123m111p", "1p", {})),
    ("shousuushii", ("111222333z44z123m", "3m", {}), ("111222333z55z123m", "3m", {})),
    ("daisuushii", ("111222333444z11m", "1m", {}), ("111222333z44z123m", "3m", {})),
    ("tsuuiisou", ("222333555z77z [111z]", "7z", {}), ("222333555z11m [111z]", "1m", {})),
    ("ryuuiisou", ("223344666888s66z", "6z", {}), ("223344666888s77z", "7z", {})),
    ("chinroutou", ("999m111p999p11s [111m]", "1s", {}), ("999m111p999p11z [111m]", "1z", {})),
    ("suukantsu", ("55z (1111m) [2222p] [3333s] [4444s]", "5z", {}), ("567s55z [2222p] [3333s] (1111m)", "5z", {})),
    ("chuuren", ("11123455678999m", "2m", {}), ("11123455678999m", "5m", {})),
    ("junsei_chuuren", ("11123455678999m", "5m", {}), ("11123455678999m", "2m", {})),
]


def test_every_yaku_id_has_a_case() -> None:
    named = {name for name, _, _ in YAKU_CASES}
    # dora, aka and ura have tests of their own below; nukidora (sanma) in tests/test_scoring_sanma.py
    assert named == set(yaku.YAKU_ORDER) - {"dora", "aka", "ura", "nukidora"}


@pytest.mark.parametrize(("name", "positive", "negative"), YAKU_CASES, ids=[c[0] for c in YAKU_CASES])
def test_yaku_positive_and_negative(name: str, positive: tuple[str, str, dict[str, Any]],
                                    negative: tuple[str, str, dict[str, Any]]) -> None:
    hand, win, options = positive
    found = score(hand, win, **options)
    assert name in ids(found), found["yaku"]
    entry = next(y for y in found["yaku"] if y["id"] == name)
    if name in yaku.YAKUMAN:
        assert entry["yakuman"] == yaku.YAKUMAN[name] and found["limit"] == "yakuman"
    else:
        closed = paili.parse(hand).is_closed
        assert entry["han"] == yaku.YAKU_HAN[name][0 if closed else 1]
    hand, win, options = negative
    assert name not in ids(score(hand, win, **options))


def test_yakuman_hide_ordinary_yaku_and_dora() -> None:
    r = score("111m222p333s444s55z", "1m", tsumo=True, riichi=1, dora="4z")
    assert ids(r) == ["suuankou"] and r["yakuman"] == 1 and r["han"] == 13
    assert r["points"] == 32000


def test_open_hand_han_drops() -> None:
    closed = score("123m456m789m111z22z", "2z")
    opened = score("456m789m111z22z [123m]", "2z")
    han = {y["id"]: y["han"] for y in closed["yaku"]}
    assert han["honitsu"] == 3 and han["ittsu"] == 2
    han = {y["id"]: y["han"] for y in opened["yaku"]}
    assert han["honitsu"] == 2 and han["ittsu"] == 1


def test_no_yaku_is_an_answer_not_an_error() -> None:
    r = score("123m456p234s55p [789s]", "5p", dora="4p")
    assert r["no_yaku"] is True and r["yaku"] == [] and r["points"] == 0 and r["total"] == 0
    assert r["payments"] == {} and r["limit"] is None
    assert score("123m456p234s55p [789s]", "5p", dora="4p", seat_wind="1z")["no_yaku"] is True


# --- dora --------------------------------------------------------------------------------------------------


def test_dora_cycles_and_kan_indicators() -> None:
    assert [paili.tile_name(situation.dora_of(paili.tile_from_name(t))) for t in
            ("9m", "1p", "4z", "1z", "7z", "5z", "6z")] == ["1m", "2p", "1z", "2z", "5z", "6z", "7z"]
    r = score("111m456p789s55p (2222z)", "5p", riichi=1, dora="9m1z")
    assert {y["id"]: y["han"] for y in r["yaku"]}["dora"] == 7  # three 1m, four 2z
    r = score("111m456p789s55p (2222z)", "5p", riichi=1, dora="9m")
    assert {y["id"]: y["han"] for y in r["yaku"]}["dora"] == 3


def test_ura_only_with_riichi_and_aka_by_rule() -> None:
    with_riichi = score("123m456p789s234s55p", "5p", riichi=1, ura="4p")
    assert {y["id"]: y["han"] for y in with_riichi["yaku"]}["ura"] == 3
    assert "ura" not in ids(score("123m456p789s234s55p", "5p", tsumo=True, ura="4p"))
    red = score("123m406p789s234s55p", "6p", riichi=1)
    assert {y["id"]: y["han"] for y in red["yaku"]}["aka"] == 1
    assert "aka" not in ids(score("123m406p789s234s55p", "6p", riichi=1, rules={"red_fives": "ms"}))
    assert "aka" in ids(score("123m406p789s234s55p", "6p", riichi=1, rules={"red_fives": "p"}))
    assert "aka" in ids(score("123m456p55p [789s] [406s]", "5p", last_tile=True))  # a red five in a meld


# --- fu ----------------------------------------------------------------------------------------------------


def breakdown(result: dict[str, Any]) -> list[tuple[int, str]]:
    return [(e["fu"], e["reason"]) for e in result["fu_breakdown"]]


def test_fu_adds_up_and_names_each_part() -> None:
    for hand, win, options in [c[1] for c in YAKU_CASES] + [c[2] for c in YAKU_CASES]:
        r = score(hand, win, **options)
        assert sum(e["fu"] for e in r["fu_breakdown"]) == r["fu"]


def test_pinfu_ron_30_tsumo_20() -> None:
    ron = score("123m456p789s234s55p", "4s")
    assert ron["fu"] == 30 and breakdown(ron) == [(20, "base (futei)"), (10, "closed hand won by ron (menzen kafu)")]
    tsumo = score("123m456p789s234s55p", "4s", tsumo=True)
    assert tsumo["fu"] == 20 and breakdown(tsumo) == [(20, "base (futei)")]


def test_tsumo_2_and_rounding() -> None:
    r = score("123m456p789s234s55p", "3s", tsumo=True)  # kanchan: 20 + 2 + 2 = 24 -> 30
    assert r["fu"] == 30 and (2, "tsumo") in breakdown(r) and (2, "closed wait (kanchan)") in breakdown(r)
    assert (6, "rounded up from 24") in breakdown(r)


@pytest.mark.parametrize(("hand", "win", "options", "entry"), [
    ("123m456p789s55p [222s]", "5p", {"riichi": 0, "tsumo": True, "seat_wind": "3z"},
     (2, "open triplet of 2s, simple")),
    ("123m456p789s222s55p", "5p", {"riichi": 1}, (4, "closed triplet of 2s, simple")),
    ("123m456p789s55p [999s]", "5p", {"tsumo": True}, (4, "open triplet of 9s, terminal/honor")),
    ("123m456p789s999s55p", "5p", {"riichi": 1}, (8, "closed triplet of 9s, terminal/honor")),
    ("123m456p789s55p [2222s]", "5p", {"tsumo": True, "rinshan": True}, (8, "open quad of 2s, simple")),
    ("123m456p789s55p (2222s)", "5p", {"riichi": 1}, (16, "closed quad of 2s, simple")),
    ("123m456p789m55p [9999s]", "5p", {"tsumo": True, "rinshan": True}, (16, "open quad of 9s, terminal/honor")),
    ("123m456p789m55p (9999s)", "5p", {"riichi": 1}, (32, "closed quad of 9s, terminal/honor")),
    ("123m456p789s999s55p", "9s", {"riichi": 1}, (4, "open triplet of 9s, terminal/honor (completed by ron)")),
])
def test_set_fu(hand: str, win: str, options: dict[str, Any], entry: tuple[int, str]) -> None:
    assert entry in breakdown(score(hand, win, **options))


def test_ron_on_a_shanpon_is_open_but_tsumo_is_closed() -> None:
    ron = score("123m456p789s999s55p", "9s", riichi=1)
    tsumo = score("123m456p789s999s55p", "9s", riichi=1, tsumo=True)
    assert (8, "closed triplet of 9s, terminal/honor") in breakdown(tsumo)
    assert (8, "closed triplet of 9s, terminal/honor") not in breakdown(ron)


@pytest.mark.parametrize(("pair", "seat", "round_", "fu_"), [
    ("55z", "2z", "1z", 2), ("22z", "2z", "1z", 2), ("11z", "2z", "1z", 2), ("22z", "2z", "2z", 4),
    ("33z", "2z", "1z", 0), ("55p", "2z", "1z", 0)])
def test_pair_fu(pair: str, seat: str, round_: str, fu_: int) -> None:
    r = paili.score(f"123m456p789s234s{pair}", win="1m", seat_wind=seat, round_wind=round_, riichi=1)
    got = [e["fu"] for e in r["fu_breakdown"] if e["reason"].startswith("pair of")]
    assert got == ([fu_] if fu_ else [])


def test_double_wind_pair_rule() -> None:
    r = paili.score("123m456p789s234s22z", win="1m", seat_wind="2z", round_wind="2z", riichi=1,
                    rules={"double_wind_fu": 2})
    assert [e["fu"] for e in r["fu_breakdown"] if e["reason"].startswith("pair of")] == [2]


@pytest.mark.parametrize(("win", "wait", "fu_"), [
    ("4s", "ryanmen", 0), ("3s", "kanchan", 2), ("7m", "penchan", 2), ("5p", "tanki", 2)])
def test_wait_fu(win: str, wait: str, fu_: int) -> None:
    r = score("123m456p789m234s55p", win, riichi=1)
    assert r["decomposition"]["wait"] == wait
    assert sum(e["fu"] for e in r["fu_breakdown"] if "wait" in e["reason"]) == fu_


def test_shanpon_wait_has_no_wait_fu() -> None:
    r = score("123m456p789s222s55p", "2s", riichi=1, tsumo=True)
    assert r["decomposition"]["wait"] == "shanpon" and not any("wait" in e["reason"] for e in r["fu_breakdown"])


def test_the_wait_that_scores_most_is_chosen() -> None:
    # 23444s + 4s: a two-sided wait (30 fu, no pinfu with the 1z triplet) or a pair wait (40 fu)
    r = score("111z567p789m23444s", "4s", riichi=1, tsumo=True, round_wind="2z", seat_wind="3z")
    assert r["decomposition"]["wait"] == "tanki" and r["fu"] == 40
    # with pinfu possible the two-sided reading wins
    r = score("123m567p789m23444s", "4s", riichi=1)
    assert r["decomposition"]["wait"] == "ryanmen" and "pinfu" in ids(r)


def test_chiitoitsu_25_and_open_pinfu_30() -> None:
    r = score("1133m557799p1122z", "1z")
    assert r["fu"] == 25 and breakdown(r) == [(25, "seven pairs (chiitoitsu), flat")]
    assert score("1133m557799p1122z", "1z", rules={"chiitoitsu_fu": 50})["fu"] == 50
    opened = score("456789m234s55p [123m]", "2s")
    assert opened["fu"] == 30 and (10, "open hand with no fu counts 30") in breakdown(opened)
    assert score("456789m234s55p [123m]", "2s", rules={"open_pinfu_fu": False})["fu"] == 20


def test_pinfu_tsumo_rule() -> None:
    r = score("123m456p789s234s55p", "4s", tsumo=True, riichi=1, rules={"pinfu_tsumo": False})
    assert r["fu"] == 30 and ids(r) == ["riichi", "menzen_tsumo"]
    assert "pinfu" in ids(score("123m456p789s234s55p", "4s", riichi=1, rules={"pinfu_tsumo": False}))


# --- limits and payments -------------------------------------------------------------------------------


@pytest.mark.parametrize(("han", "fu_", "limit", "base"), [
    (1, 30, None, 240), (3, 70, "mangan", 2000), (4, 30, None, 1920), (4, 40, "mangan", 2000),
    (5, 30, "mangan", 2000), (6, 30, "haneman", 3000), (7, 30, "haneman", 3000), (8, 30, "baiman", 4000),
    (10, 30, "baiman", 4000), (11, 30, "sanbaiman", 6000), (12, 30, "sanbaiman", 6000),
    (13, 30, "kazoe_yakuman", 8000), (20, 30, "kazoe_yakuman", 8000)])
def test_limits(han: int, fu_: int, limit: str | None, base: int) -> None:
    assert points.basic_points(han, fu_, 0, resolve_rules("riichi")) == (base, limit)


def test_limit_rules() -> None:
    assert points.basic_points(4, 30, 0, resolve_rules({"kiriage": True})) == (2000, "mangan")
    assert points.basic_points(3, 60, 0, resolve_rules({"kiriage": True})) == (2000, "mangan")
    assert points.basic_points(13, 30, 0, resolve_rules({"kazoe_yakuman": False})) == (6000, "sanbaiman")
    assert points.basic_points(0, 0, 2, resolve_rules("riichi")) == (16000, "yakuman")


def test_limits_from_hands() -> None:
    # riichi, tsumo, pinfu, tanyao, iipeikou, dora x: from 5 han up
    hand = "223344m456p678s55p"
    assert score(hand, "2m", riichi=1, tsumo=True)["limit"] == "mangan"
    assert score(hand, "2m", riichi=1, tsumo=True, dora="3p")["limit"] == "haneman"
    assert score(hand, "2m", riichi=1, tsumo=True, dora="4p")["limit"] == "baiman"
    assert score(hand, "2m", riichi=1, tsumo=True, dora="4p1m3p")["limit"] == "sanbaiman"
    r = score(hand, "2m", riichi=1, tsumo=True, dora="4p1m3p", ura="4p")
    assert r["limit"] == "kazoe_yakuman" and r["yakuman"] == 0 and r["points"] == 32000
    assert score(hand, "2m", riichi=1, tsumo=True, dora="4p1m3p", ura="4p",
                 rules={"kazoe_yakuman": False})["limit"] == "sanbaiman"
    assert score(hand, "2m", riichi=1)["limit"] is None


def test_double_and_stacked_yakuman() -> None:
    r = score("222333444z11m [111z]", "1m")  # daisuushii alone (open, so no suuankou)
    assert ids(r) == ["daisuushii"] and r["yakuman"] == 2 and r["points"] == 64000
    assert score("222333444z11m [111z]", "1m", rules={"double_yakuman": False})["yakuman"] == 1
    stacked = score("111222333444z77z", "7z")  # daisuushii 2 + tsuuiisou 1 + suuankou tanki 2
    assert ids(stacked) == ["suuankou_tanki", "daisuushii", "tsuuiisou"] and stacked["yakuman"] == 5
    assert score("111222333444z77z", "7z", rules={"yakuman_stack": False})["yakuman"] == 2
    assert score("111222333444z77z", "7z", rules={"yakuman_stack": False, "double_yakuman": False})["yakuman"] == 1


@pytest.mark.parametrize(("seat", "tsumo", "honba", "sticks", "points_", "paid", "total"), [
    ("2z", False, 0, 0, 1000, {"ron": 1000}, 1000),
    ("1z", False, 0, 0, 1500, {"ron": 1500}, 1500),
    ("2z", True, 0, 0, 1100, {"dealer": 500, "others": 300}, 1100),
    ("1z", True, 0, 0, 1500, {"others": 500}, 1500),
    ("2z", False, 2, 3, 1000, {"ron": 1600}, 4600),
    ("2z", True, 2, 1, 1100, {"dealer": 700, "others": 500}, 2700),
    ("1z", True, 1, 0, 1500, {"others": 600}, 1800),
])
def test_payments(seat: str, tsumo: bool, honba: int, sticks: int, points_: int, paid: dict[str, int],
                  total: int) -> None:
    # 1 han 30 fu: haitei/houtei on an open hand with a closed 4p triplet (20 + 4 + 2 tsumo -> 30 fu)
    r = paili.score("123m444p789s55p [789m]", win="5p", seat_wind=seat, round_wind="3z", tsumo=tsumo,
                    last_tile=True, honba=honba, riichi_sticks=sticks)
    assert (r["han"], r["fu"]) == (1, 30)
    assert (r["points"], r["payments"], r["total"]) == (points_, paid, total)


def test_mangan_payments() -> None:
    r = score("223344m456p678s55p", "2m", riichi=1, tsumo=True)
    assert r["points"] == 8000 and r["payments"] == {"dealer": 4000, "others": 2000}
    r = score("223344m456p678s55p", "2m", riichi=1, tsumo=True, seat_wind="1z")
    assert r["points"] == 12000 and r["payments"] == {"others": 4000}


# --- rules ---------------------------------------------------------------------------------------------


def test_open_tanyao_rule() -> None:
    assert "tanyao" in ids(score("234m456p55p [678s] [345s]", "5p"))
    assert score("234m456p55p [678s] [345s]", "5p", rules={"open_tanyao": False})["no_yaku"] is True
    assert "tanyao" in ids(score("234m456p678s345s55p", "5p", rules={"open_tanyao": False}))


def test_presets_and_bad_rules() -> None:
    assert set(PRESETS) >= {"riichi", "tenhou", "mahjong_soul", "ema"}
    assert score("111m222p333s444s55z", "5z", rules="tenhou")["yakuman"] == 1
    assert score("111m222p333s444s55z", "5z", rules="mahjong_soul")["yakuman"] == 2
    assert "aka" not in ids(score("123m406p789s234s55p", "6p", riichi=1, rules="ema"))
    assert score("123m456p789s234s55p", "5p", rules={"preset": "ema", "kiriage": True})["rules"]["kiriage"] is True
    for bad, word in [("nope", "preset"), ({"nope": 1}, "'nope'"), ({"kiriage": 1}, "'kiriage'"),
                      ({"red_fives": "x"}, "red_fives"), ({"double_wind_fu": 3}, "double_wind_fu"),
                      ({"preset": 3}, "preset"), (3, "preset name")]:
        with pytest.raises(paili.HandError, match=word) as info:
            score("123m456p789s234s55p", "5p", rules=bad)
        assert info.value.field == "rules"


# --- errors: contradictions name the field -------------------------------------------------------------


@pytest.mark.parametrize(("hand", "win", "options", "field"), [
    ("123m456p789s234s55p", "5p", {"ippatsu": True}, "ippatsu"),
    ("123m456p234s55p [789s]", "5p", {"riichi": 1}, "riichi"),
    ("123m456p789s234s55p", "2s", {"chankan": True, "tsumo": True}, "chankan"),
    ("123m456p789s234s55p", "5p", {"chankan": True}, "chankan"),
    ("123m456p789s234s55p", "5p", {"rinshan": True, "tsumo": True}, "rinshan"),
    ("123m456p789s55p (1111z)", "5p", {"rinshan": True}, "rinshan"),
    ("123m456p789s55p (1111z)", "5p", {"rinshan": True, "tsumo": True, "last_tile": True}, "last_tile"),
    ("123m456p789s55p (1111z)", "5p", {"rinshan": True, "tsumo": True, "riichi": 1, "ippatsu": True}, "ippatsu"),
    ("123m456p789s55p (1111z)", "5p", {"blessing": True, "tsumo": True}, "blessing"),
    ("123m456p789s234s55p", "5p", {"blessing": True}, "blessing"),
    ("123m456p789s234s55p", "5p", {"blessing": True, "tsumo": True, "riichi": 1}, "blessing"),
    ("123m456p789s234s55p", "5p", {"round_wind": "5z"}, "round_wind"),
    ("123m456p789s234s55p", "5p", {"seat_wind": "1m"}, "seat_wind"),
    ("123m456p789s234s55p", "7p", {}, "win"),
    ("123m456p789s234s55p", "5p5p", {}, "win"),
    ("123m456p789s234s55p", "0p", {}, "win"),
    ("123m406p789s234s55p", "6p", {"riichi": 3}, "riichi"),
    ("123m456p55p [789s] [234s]", "7s", {}, "win"),
    ("123m456p789s234s55p", "5p", {"honba": -1}, "honba"),
    ("123m456p789s234s55p", "5p", {"riichi_sticks": 1.5}, "riichi_sticks"),
    ("123m456p789s234s55p", "5p", {"tsumo": "yes"}, "tsumo"),
    ("123m456p789s234s55p", "5p", {"dora": "5p5p"}, "dora"),
    ("123m456p789s234s55p", "5p", {"dora": "1z2z3z4z5z6z"}, "dora"),
    ("123m456p789s234s55p", "5p", {"dora": "5p", "ura": "5p", "riichi": 1}, "ura"),
    ("123m456p789s234s55p", "5p", {"dora": "9x"}, "dora"),
    ("123m456p789s234s56p", "5p", {}, "hand"),
    ("123m456p789s234s5p", "5p", {}, "hand"),
    ("19m19p19s12345z11z", "1z", {}, "hand"),
])
def test_contradictions_are_errors_naming_the_field(hand: str, win: str, options: dict[str, Any],
                                                     field: str) -> None:
    with pytest.raises(paili.HandError) as info:
        score(hand, win, **options)
    assert info.value.field == field and not info.value.message.startswith(f"{field}: ")


def test_red_win_tile() -> None:
    assert score("123m406p789s234s55p", "0p", riichi=1)["win"] == "0p"
    with pytest.raises(paili.HandError, match="only the red five") as info:
        score("123m406p789s234s11z", "5p", riichi=1)
    assert info.value.field == "win"


# --- no input crashes it -------------------------------------------------------------------------------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_ANY = st.one_of(st.none(), st.booleans(), st.integers(-3, 1500), st.floats(allow_nan=True), st.text(max_size=8),
                 st.sampled_from(["1z", "2z", "5p", "0p", "5z", "1m2m", "", "9x"]), st.lists(st.integers(), max_size=2),
                 st.dictionaries(st.text(max_size=12), st.integers(0, 60), max_size=2))


@settings(max_examples=scaled(100, 300), deadline=None)
@given(hand=st.sampled_from(["123m456p789s234s55p", "123m406p55p [789s] [234s]", "19m19p19s1234567z1m",
                             "11223344556677z", "123m456p789s55p (1111z)", "1m", "", "x", "123m456p789s234s56p"]),
       win=_ANY, situation=st.dictionaries(st.sampled_from(list(situation.SITUATION_KEYS)), _ANY, max_size=5))
def test_any_input_is_an_answer_or_a_hand_error(hand: str, win: object, situation: dict[str, object]) -> None:
    try:
        result = paili.score(hand, win=win, **situation)  # type: ignore[arg-type]
    except paili.HandError as exc:
        assert exc.message
    else:
        assert result["no_yaku"] == (result["yaku"] == [])
    try:
        paili.score_waits(hand[:-2] if len(hand) > 2 else hand, **{k: v for k, v in situation.items() if k != "tsumo"})
    except paili.HandError as exc:
        assert exc.message


def test_kiriage_on_a_hand() -> None:
    r = score("234m456p678s345s55p", "3s", riichi=1, dora="1m")  # riichi pinfu tanyao dora 1: 4 han 30 fu
    assert (r["han"], r["fu"], r["limit"], r["points"]) == (4, 30, None, 7700)
    r = score("234m456p678s345s55p", "3s", riichi=1, dora="1m", rules={"kiriage": True})
    assert (r["han"], r["fu"], r["limit"], r["points"]) == (4, 30, "mangan", 8000)
