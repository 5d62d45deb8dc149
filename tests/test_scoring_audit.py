"""Generated, exhaustive checks of paili.score's tables, so that a new yaku, fu rule, limit or rule option
without a test fails:

* every yaku id of the engine's table (``YAKU_ORDER``, dora / aka / ura included) has a hand with it and a
  hand without it (tests/test_scoring.py's ``YAKU_CASES`` and ``BONUS_CASES`` below);
* every fu rule the breakdown can name has a hand that shows it and one that does not, and every entry the
  engine writes on thousands of random hands is one of those rules;
* every limit has a hand that reaches it and one just below;
* limits and payments, honba and sticks included, agree with the ``mahjong`` library's own points calculator
  (``ScoresCalculator``, an independent implementation) on every han / fu / dealer / tsumo / honba / sticks
  combination, under each limit option;
* each scoring rule option (``ScoringRules``' fields) changes the result of a hand, and the test proves it.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import fields
from typing import Any

import pytest
from mahjong.constants import EAST, SOUTH
from mahjong.hand_calculating.hand_config import HandConfig
from mahjong.hand_calculating.scores import ScoresCalculator
from scoring_cases import mahjong_options, random_cases
from test_scoring import YAKU_CASES

import paili
from paili.scoring import PRESETS, ScoringRules, fu, points, resolve_rules, yaku

BASE: dict[str, Any] = {"seat_wind": "2z", "round_wind": "1z"}
Case = tuple[str, str, dict[str, Any]]


def score(case: Case, rules: object = "riichi") -> dict[str, Any]:
    hand, win, options = case
    return paili.score(hand, win=win, **{**BASE, "rules": rules, **options})


# --- every yaku id -----------------------------------------------------------------------------------------

BONUS_CASES: list[tuple[str, Case, Case]] = [
    ("dora", ("123m456p789s234s55p", "5p", {"riichi": 1, "dora": "4p"}),
     ("123m456p789s234s55p", "5p", {"riichi": 1, "dora": "9p"})),
    ("aka", ("123m406p789s234s55p", "6p", {"riichi": 1}), ("123m456p789s234s55p", "6p", {"riichi": 1})),
    ("ura", ("123m456p789s234s55p", "5p", {"riichi": 1, "ura": "4p"}),
     ("123m456p789s234s55p", "5p", {"riichi": 1, "ura": "9p"})),
    ("nukidora", ("11999m123p456p789s {444z}", "1m", {"riichi": 1, "rules": "sanma"}),
     ("11999m123p456p789s", "1m", {"riichi": 1, "rules": "sanma"})),
]
"""Dora, red fives, ura and sanma's norths set aside: their han is their count."""


def test_the_yaku_table_is_consistent() -> None:
    assert len(set(yaku.YAKU_ORDER)) == len(yaku.YAKU_ORDER)
    assert set(yaku.YAKU_ORDER) == set(yaku.YAKU_HAN) | set(yaku.YAKUMAN) | {name for name, _, _ in BONUS_CASES}
    assert not set(yaku.YAKU_HAN) & set(yaku.YAKUMAN)


def test_every_yaku_id_has_a_positive_and_a_negative_hand() -> None:
    covered = {name for name, _, _ in YAKU_CASES} | {name for name, _, _ in BONUS_CASES}
    assert covered == set(yaku.YAKU_ORDER)


@pytest.mark.parametrize(("name", "positive", "negative"), BONUS_CASES, ids=[c[0] for c in BONUS_CASES])
def test_bonus_han_is_their_count(name: str, positive: Case, negative: Case) -> None:
    han = {y["id"]: y["han"] for y in score(positive)["yaku"]}
    assert han[name] == 3 if name != "aka" else han[name] == 1  # three 5p for dora / ura, one red five
    assert name not in {y["id"] for y in score(negative)["yaku"]}


# --- every fu rule -----------------------------------------------------------------------------------------


def rule_of(reason: str) -> str:
    """The fu rule a breakdown entry applies: its reason without the tile and the numbers."""
    reason = re.sub(r" of [0-9][mpsz]", "", reason)
    return re.sub(r"rounded up from \d+", "rounded up", reason)


def fu_rules() -> set[str]:
    """Every rule the breakdown can name, from the engine's own tables (kinds of set, waits)."""
    sets = {f"{how} {kind}, {what}" for how in ("open", "closed") for kind in fu.GROUP_NAMES[1:]
            for what in ("simple", "terminal/honor")}
    by_ron = {f"open triplet, {what} (completed by ron)" for what in ("simple", "terminal/honor")}
    pairs = {"pair, a dragon", "pair, the seat wind", "pair, the round wind", "pair, seat and round wind"}
    return ({"base (futei)", "closed hand won by ron (menzen kafu)", "tsumo", "rounded up",
             "open hand with no fu counts 30", "seven pairs (chiitoitsu), flat"}
            | sets | by_ron | pairs | set(fu._WAIT_NAMES.values()))


FU_CASES: dict[str, tuple[Case, Case]] = {
    "base (futei)": (("123m456p789s234s55p", "4s", {}), ("19m19p19s1234567z1m", "9m", {})),
    "closed hand won by ron (menzen kafu)": (("123m456p789s234s55p", "4s", {}),
                                             ("123m456p789s234s55p", "4s", {"tsumo": True})),
    "tsumo": (("123m456p789s234s55p", "3s", {"tsumo": True}), ("123m456p789s234s55p", "4s", {"tsumo": True})),
    "open triplet, simple": (("123m456p789s55p [222s]", "5p", {"tsumo": True}),
                             ("123m456p789s222s55p", "5p", {"tsumo": True})),
    "closed triplet, simple": (("123m456p789s222s55p", "5p", {}), ("123m456p789s55p [222s]", "5p", {"tsumo": True})),
    "open triplet, terminal/honor": (("123m456p789s55p [999s]", "5p", {"tsumo": True}),
                                     ("123m456p789s999s55p", "5p", {})),
    "closed triplet, terminal/honor": (("123m456p789s999s55p", "5p", {}),
                                       ("123m456p789s999s55p", "9s", {})),
    "open triplet, simple (completed by ron)": (("123m456p789s222s55p", "2s", {"riichi": 1}),
                                                ("123m456p789s222s55p", "2s", {"riichi": 1, "tsumo": True})),
    "open triplet, terminal/honor (completed by ron)": (("123m456p789s999s55p", "9s", {"riichi": 1}),
                                                        ("123m456p789s999s55p", "9s", {"tsumo": True})),
    "open quad, simple": (("123m456p789s55p [2222s]", "5p", {"tsumo": True, "rinshan": True}),
                          ("123m456p789s55p (2222s)", "5p", {"riichi": 1})),
    "closed quad, simple": (("123m456p789s55p (2222s)", "5p", {"riichi": 1}),
                            ("123m456p789s55p [2222s]", "5p", {"tsumo": True, "rinshan": True})),
    "open quad, terminal/honor": (("123m456p789m55p [9999s]", "5p", {"tsumo": True, "rinshan": True}),
                                  ("123m456p789m55p (9999s)", "5p", {"riichi": 1})),
    "closed quad, terminal/honor": (("123m456p789m55p (9999s)", "5p", {"riichi": 1}),
                                    ("123m456p789m55p [9999s]", "5p", {"tsumo": True, "rinshan": True})),
    "pair, a dragon": (("123m456p789s234s55z", "1m", {"riichi": 1}), ("123m456p789s234s55p", "1m", {"riichi": 1})),
    "pair, the seat wind": (("123m456p789s234s22z", "1m", {"riichi": 1}),
                            ("123m456p789s234s33z", "1m", {"riichi": 1})),
    "pair, the round wind": (("123m456p789s234s11z", "1m", {"riichi": 1}),
                             ("123m456p789s234s44z", "1m", {"riichi": 1})),
    "pair, seat and round wind": (("123m456p789s234s22z", "1m", {"riichi": 1, "round_wind": "2z"}),
                                  ("123m456p789s234s22z", "1m", {"riichi": 1})),
    "closed wait (kanchan)": (("123m456p789m234s55p", "3s", {"riichi": 1}),
                              ("123m456p789m234s55p", "4s", {"riichi": 1})),
    "edge wait (penchan)": (("123m456p789m234s55p", "7m", {"riichi": 1}),
                            ("123m456p789m234s55p", "1m", {"riichi": 1})),
    "pair wait (tanki)": (("123m456p789m234s55p", "5p", {"riichi": 1}),
                          ("123m456p789s222s55p", "2s", {"riichi": 1})),
    "rounded up": (("123m456p789s234s55p", "3s", {"tsumo": True}), ("123m456p789s234s55p", "4s", {})),
    "open hand with no fu counts 30": (("456789m234s55p [123m]", "2s", {}), ("456789m234s55p [123m]", "5p", {})),
    "seven pairs (chiitoitsu), flat": (("1133m557799p1122z", "1z", {}), ("11223344556677m", "1m", {})),
}


def rules_shown(case: Case) -> set[str]:
    return {rule_of(e["reason"]) for e in score(case)["fu_breakdown"]}


def test_every_fu_rule_has_a_case() -> None:
    assert set(FU_CASES) == fu_rules()


@pytest.mark.parametrize("rule", sorted(FU_CASES))
def test_fu_rule_positive_and_negative(rule: str) -> None:
    positive, negative = FU_CASES[rule]
    assert rule in rules_shown(positive)
    assert rule not in rules_shown(negative)


def test_random_hands_name_only_known_fu_rules_and_add_up() -> None:
    known = fu_rules()
    seen: set[str] = set()
    for case in random_cases(31, 2000):
        result = paili.score(**case)
        entries = result["fu_breakdown"]
        seen |= {rule_of(e["reason"]) for e in entries}
        assert sum(e["fu"] for e in entries) == result["fu"]
    assert seen <= known
    assert len(seen) >= len(known) - 4  # the generator reaches nearly every rule too


# --- every limit -------------------------------------------------------------------------------------------

LIMIT_CASES: dict[str, tuple[Case, Case]] = {
    # riichi, tsumo, pinfu, tanyao, iipeikou (5 han) plus dora; the negative has one han less
    "mangan": (("223344m456p678s55p", "2m", {"riichi": 1, "tsumo": True}),
               ("223344m456p678s55p", "2m", {"tsumo": True})),
    "haneman": (("223344m456p678s55p", "2m", {"riichi": 1, "tsumo": True, "dora": "3p"}),
                ("223344m456p678s55p", "2m", {"riichi": 1, "tsumo": True})),
    "baiman": (("223344m456p678s55p", "2m", {"riichi": 1, "tsumo": True, "dora": "4p"}),
               ("223344m456p678s55p", "2m", {"riichi": 1, "tsumo": True, "dora": "1m"})),
    "sanbaiman": (("223344m456p678s55p", "2m", {"riichi": 1, "tsumo": True, "dora": "4p1m3p"}),
                  ("223344m456p678s55p", "2m", {"riichi": 1, "tsumo": True, "dora": "4p1m"})),
    "kazoe_yakuman": (("223344m456p678s55p", "2m", {"riichi": 1, "tsumo": True, "dora": "4p1m3p", "ura": "4p"}),
                      ("223344m456p678s55p", "2m", {"riichi": 1, "tsumo": True, "dora": "4p1m3p", "ura": "9p"})),
    "yakuman": (("111m222p333s444s55z", "1m", {"tsumo": True}), ("111m222p333s444s55z", "1m", {})),
}


def test_every_limit_has_a_case() -> None:
    names = {name for _, name, _ in points._LIMITS} | {"yakuman"}
    assert set(LIMIT_CASES) == names


@pytest.mark.parametrize("name", sorted(LIMIT_CASES))
def test_limit_positive_and_negative(name: str) -> None:
    positive, negative = LIMIT_CASES[name]
    assert score(positive)["limit"] == name
    assert score(negative)["limit"] != name


def test_a_mangan_from_fu() -> None:
    # riichi, round wind (the closed 1z kan) and one dora, 80 fu: 2,560 basic points, over 2,000, so mangan
    # without 5 han; the same hand without the dora (2 han 80 fu) is not
    hand = "123m789s999p55p (1111z)"
    r = score((hand, "2m", {"riichi": 1, "dora": "6s"}))
    assert (r["han"], r["fu"], r["limit"]) == (3, 80, "mangan")
    assert score((hand, "2m", {"riichi": 1}))["limit"] is None


# --- limits and payments against the library's calculator ---------------------------------------------------

FUS = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)
LIMIT_OPTIONS = ({}, {"kiriage": True}, {"kazoe_yakuman": False}, {"double_yakuman": False}, {"sanma": True})


@pytest.mark.parametrize("options", LIMIT_OPTIONS, ids=str)
def test_payments_agree_with_the_library_calculator(options: dict[str, Any]) -> None:
    rules = resolve_rules(options)
    checked = 0
    for han, fu_, dealer, tsumo, honba, sticks in itertools.product(
            range(1, 16), FUS, (False, True), (False, True), (0, 1, 4), (0, 2)):
        base, limit = points.basic_points(han, fu_, 0, rules)
        paid_points, paid = points.payments(base, dealer=dealer, tsumo=tsumo, honba=honba, sanma=rules.sanma)
        config = HandConfig(is_tsumo=tsumo, player_wind=EAST if dealer else SOUTH, tsumi_number=honba,
                            kyoutaku_number=sticks, options=mahjong_options(rules))
        theirs = ScoresCalculator.calculate_scores(han=han, fu=fu_, config=config)
        if not tsumo:
            assert paid == {"ron": theirs["main"] + theirs["main_bonus"]}
        elif dealer:
            assert paid == {"others": theirs["main"] + theirs["main_bonus"]}
        else:
            assert paid == {"dealer": theirs["main"] + theirs["main_bonus"],
                            "others": theirs["additional"] + theirs["additional_bonus"]}
        assert points.total(paid, sticks, sanma=rules.sanma) == theirs["total"]
        assert paid_points == theirs["total"] - theirs["kyoutaku_bonus"] - honba * (200 if rules.sanma else 300)
        if not rules.kiriage:  # the library leaves the label of a mangan from fu empty under kiriage
            assert theirs["yaku_level"].endswith({"kazoe_yakuman": "yakuman"}.get(limit or "", limit or ""))
        checked += 1
    for multiple in (1, 2, 3):
        base, limit = points.basic_points(13 * multiple, 30, multiple, rules)
        config = HandConfig(options=mahjong_options(rules))
        theirs = ScoresCalculator.calculate_scores(han=13 * multiple, fu=30, config=config, is_yakuman=True)
        assert points.payments(base, dealer=False, tsumo=False, honba=0)[1] == {"ron": theirs["main"]}
    assert checked == 15 * len(FUS) * 24


# --- each rule option flipped ------------------------------------------------------------------------------

RULE_CASES: dict[str, tuple[Case, object, str]] = {
    "open_tanyao": (("234m456p55p [678s] [345s]", "5p", {}), False, "no_yaku"),
    "red_fives": (("123m406p789s234s55p", "6p", {"riichi": 1}), "ms", "han"),
    "kazoe_yakuman": (LIMIT_CASES["kazoe_yakuman"][0], False, "limit"),
    "double_yakuman": (("111m222p333s444s55z", "5z", {}), False, "yakuman"),
    "yakuman_stack": (("111222333444z77z", "7z", {}), False, "yakuman"),
    "kiriage": (("234m456p678s345s55p", "3s", {"riichi": 1, "dora": "1m"}), True, "limit"),
    "double_wind_fu": (("123m456p999s234s22z", "4s", {"riichi": 1, "round_wind": "2z"}), 2, "fu"),
    "pinfu_tsumo": (("123m456p789s234s55p", "4s", {"tsumo": True, "riichi": 1}), False, "fu"),
    "open_pinfu_fu": (("456789m234s55p [123m]", "2s", {}), False, "fu"),
    "chiitoitsu_fu": (("1133m557799p1122z", "1z", {}), 50, "fu"),
    "sanma": (("11999m123p456p789s", "1m", {"tsumo": True, "riichi": 1}), True, "total"),
    "sanma_split": (("11999m123p456p789s", "1m", {"tsumo": True, "riichi": 1}), True, "total"),
}
"""Option -> (a hand, the option's other value, the result key that changes)."""


def test_every_rule_option_has_a_case() -> None:
    assert set(RULE_CASES) == {f.name for f in fields(ScoringRules)}


@pytest.mark.parametrize("option", sorted(RULE_CASES))
def test_each_rule_option_flipped_changes_the_result(option: str) -> None:
    case, flipped, key = RULE_CASES[option]
    preset = "sanma" if option == "sanma_split" else "riichi"  # split payment is an option of three players
    assert getattr(PRESETS[preset], option) != flipped
    default, other = score(case, preset), score(case, {"preset": preset, option: flipped})
    assert default[key] != other[key], (default[key], other[key])
    assert other["rules"][option] == flipped and default["rules"][option] == getattr(PRESETS[preset], option)
    assert default["points"] != other["points"]
