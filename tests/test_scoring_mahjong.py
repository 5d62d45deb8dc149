"""paili.score() against the ``mahjong`` library's HandCalculator (2.1.0) on seeded random winning hands with
random situations, under the default rules and with each option the library also has flipped.

Where the two differ, the rules decide (docs/RULES.md, "Scoring", and the scoring modules' docs);
each such case is written down below as a test of its own with the reason.
"""

from __future__ import annotations

from typing import Any

import pytest
from mahjong.hand_calculating.hand import HandCalculator
from scoring_cases import random_cases, to_mahjong

import paili


def _compare(case: dict[str, Any], rules: object) -> str | None:
    """None when both agree on han, fu (below yakuman), the winner's total and no-yaku; else a description."""
    ours = paili.score(**case, rules=rules)
    theirs = HandCalculator.estimate_hand_value(**to_mahjong(case, rules))
    if theirs.error:
        return None if ours["no_yaku"] else f"{case}: mahjong says {theirs.error}, paili {ours['yaku']}"
    if ours["no_yaku"]:
        return f"{case}: paili says no yaku, mahjong {theirs.yaku}"
    got = (ours["han"], ours["fu"] if not ours["yakuman"] else None, ours["total"])
    want = (theirs.han, theirs.fu if not ours["yakuman"] else None, theirs.cost["total"])
    return None if got == want else f"{case}: paili {got} {ours['yaku']}, mahjong {want} {theirs.yaku}"


def test_agrees_with_mahjong_on_random_hands() -> None:
    differences = [d for case in random_cases(2026, 3000) if (d := _compare(case, "riichi")) is not None]
    assert differences == []


@pytest.mark.parametrize("rules", [
    {"kiriage": True}, {"open_tanyao": False}, {"kazoe_yakuman": False, "double_yakuman": False},
    {"pinfu_tsumo": False, "open_pinfu_fu": False}, {"red_fives": ""}])
def test_agrees_with_mahjong_under_other_rules(rules: dict[str, Any]) -> None:
    differences = [d for case in random_cases(7, 500) if (d := _compare(case, rules)) is not None]
    assert differences == []


def test_random_cases_cover_the_yaku() -> None:
    """The generator reaches every ordinary yaku and the common yakuman (so the agreement means something)."""
    seen: set[str] = set()
    for case in random_cases(2026, 3000):
        seen.update(y["id"] for y in paili.score(**case)["yaku"])
    rare = {"chuuren", "junsei_chuuren", "ryuuiisou", "chinroutou", "suukantsu", "daisuushii", "kokushi_13",
            "tenhou", "chiihou", "daisangen", "shousuushii", "tsuuiisou", "sankantsu"}
    from paili.scoring.yaku import YAKU_ORDER
    # nukidora is three-player riichi's: tests/test_scoring_sanma.py's agreement reaches it
    assert set(YAKU_ORDER) - rare - seen == {"nukidora"}


def test_random_cases_cover_the_situations() -> None:
    """The random situations take every value the agreement should see: each flag both ways, every wind,
    riichi 0/1/2, kan indicators, ura, honba and sticks, dealer and not, open and closed hands."""
    seen: dict[str, set[object]] = {}
    for case in random_cases(2026, 3000):
        facts = {**{k: v for k, v in case.items() if k not in ("hand", "win", "dora", "ura")},
                 "indicators": len(case["dora"]) // 2, "ura": bool(case["ura"]), "open": "[" in case["hand"],
                 "dealer_blessing": case["blessing"] and case["seat_wind"] == "1z"}
        for key, value in facts.items():
            seen.setdefault(key, set()).add(value)
    flags = ("tsumo", "ippatsu", "last_tile", "rinshan", "chankan", "blessing", "ura", "open", "dealer_blessing")
    assert all(seen[flag] == {False, True} for flag in flags), seen
    assert seen["riichi"] == {0, 1, 2} and seen["round_wind"] == seen["seat_wind"] == {"1z", "2z", "3z", "4z"}
    assert seen["indicators"] >= {1, 2, 3} and seen["honba"] >= {0, 1} and seen["riichi_sticks"] >= {0, 1}


# --- cases where the two differed, decided from the rules -----------------------------------------------


def test_a_yakuman_beats_a_counted_yakuman_of_the_same_points() -> None:
    # 11m 222m 555m 666m 777m by tsumo is suuankou (a yakuman); read as 11m 222m 567m 567m 567m it is riichi,
    # menzen tsumo, iipeikou, chinitsu, aka and 3 ura = 13 han, a counted yakuman. Both are 48,000 for the
    # dealer; paili first kept the reading with more han, but a yakuman is the hand's value (as the mahjong
    # library says): the key is points, then yakuman, then han, then fu.
    r = paili.score("01122255666777m", win="6m", tsumo=True, riichi=1, dora="2z", ura="6m")
    assert [y["id"] for y in r["yaku"]] == ["suuankou"] and r["limit"] == "yakuman" and r["points"] == 48000


@pytest.mark.parametrize(("hand", "win", "options", "field", "why"), [
    ("123m456p789s55p (1111z)", "5p", {"tsumo": True, "rinshan": True, "riichi": 1, "ippatsu": True}, "ippatsu",
     "the library scores ippatsu with rinshan; a kan by the riichi player ends the ippatsu turn"),
    ("123m456p789s234s55p", "5p", {"chankan": True}, "chankan",
     "the library robs a 5p while the hand holds three more; the kan holds the other three copies"),
    ("123m456p789s234s55p", "5p", {"tsumo": True, "blessing": True, "riichi": 1}, "blessing",
     "the library gives chiihou after a riichi; a blessing is the first draw, before any riichi"),
])
def test_situations_the_library_accepts_are_errors_here(hand: str, win: str, options: dict[str, Any], field: str,
                                                         why: str) -> None:
    case = {"hand": hand, "win": win, **options}
    theirs = HandCalculator.estimate_hand_value(**to_mahjong({**DEFAULTS, **case}))
    assert theirs.error is None and theirs.yaku, why
    with pytest.raises(paili.HandError) as info:
        paili.score(**{**DEFAULTS, **case})
    assert info.value.field == field


DEFAULTS: dict[str, Any] = {"tsumo": False, "round_wind": "1z", "seat_wind": "2z", "riichi": 0, "ippatsu": False,
                            "last_tile": False, "rinshan": False, "chankan": False, "blessing": False, "dora": "",
                            "ura": "", "honba": 0, "riichi_sticks": 0}


def test_situations_both_refuse() -> None:
    for case in ({"hand": "123m456p789s55p (1111z)", "win": "5p", "tsumo": True, "rinshan": True, "last_tile": True},
                 {"hand": "123m456p789s234s55p", "win": "2s", "chankan": True, "last_tile": True},
                 {"hand": "123m456p789s234s55p", "win": "5p", "blessing": True}):
        assert HandCalculator.estimate_hand_value(**to_mahjong({**DEFAULTS, **case})).error is not None
        with pytest.raises(paili.HandError):
            paili.score(**{**DEFAULTS, **case})
