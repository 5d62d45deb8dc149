"""paili.score() under three-player riichi (``rules="sanma"``): nukidora and dora, tsumo loss and split payment,
the errors of the sanma wall, and agreement with the ``mahjong`` library's three-player option.

The worked hands derive their points here from the rules (docs/RULES.md, "Scoring"): fu from its parts, the
basic points ``fu * 2 ** (han + 2)``, then each payment rounded up to 100.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from mahjong.hand_calculating.hand import HandCalculator
from scoring_cases import random_sanma_cases, to_mahjong

import paili
from paili.api import handle
from paili.scoring import dora_of

SPLIT: dict[str, Any] = {"preset": "sanma", "sanma_split": True}
ENGINE = Path(__file__).resolve().parents[1] / "engine"


def up(n: int) -> int:
    """Rounded up to 100."""
    return -(-n // 100) * 100


def basic(han: int, fu: int) -> int:
    """Basic points below mangan."""
    base = fu * 2 ** (han + 2)
    assert base < 2000
    return base


def counts(result: dict[str, Any]) -> dict[str, int]:
    return {y["id"]: y["han"] for y in result["yaku"]}


# --- worked hands --------------------------------------------------------------------------------------------

HAND = "11999m123p456p789s {4z}"
"""A pair of 1m, a closed triplet of 9m, three sequences, one north set aside; won on 1m (a pair wait)."""


def test_non_dealer_tsumo_loss_and_split_on_the_same_hand() -> None:
    loss = paili.score(HAND, win="1m", tsumo=True, seat_wind="2z", riichi=1, rules="sanma")
    split = paili.score(HAND, win="1m", tsumo=True, seat_wind="2z", riichi=1, rules=SPLIT)
    han = 1 + 1 + 1  # riichi, menzen tsumo, one nukidora
    fu = 20 + 2 + 8 + 2  # base, tsumo, closed triplet of a terminal, pair wait: 32, rounded up to 40
    assert counts(loss) == {"riichi": 1, "menzen_tsumo": 1, "nukidora": 1}
    assert (loss["han"], loss["fu"]) == (han, 40) and -(-fu // 10) * 10 == 40
    b = basic(han, 40)
    # tsumo loss: the dealer pays 2x, the one other non-dealer 1x; the missing north's 1x is lost
    assert loss["payments"] == {"dealer": up(2 * b), "others": up(b)}
    assert loss["points"] == loss["total"] == up(2 * b) + up(b)
    # split: the missing player's share up(b) is halved between the two payers, each half rounded up
    half = up(up(b) // 2)
    assert split["payments"] == {"dealer": up(2 * b) + half, "others": up(b) + half}
    assert split["points"] == split["total"] == up(2 * b) + up(b) + 2 * half
    assert split["yaku"] == loss["yaku"] and split["fu"] == loss["fu"]
    assert loss["total"] < split["total"]


def test_dealer_tsumo_loss_and_split() -> None:
    loss = paili.score(HAND, win="1m", tsumo=True, seat_wind="1z", riichi=1, rules="sanma")
    split = paili.score(HAND, win="1m", tsumo=True, seat_wind="1z", riichi=1, rules=SPLIT)
    b = basic(3, 40)
    assert loss["payments"] == {"others": up(2 * b)} and loss["total"] == 2 * up(2 * b)
    each = up(2 * b) + up(up(2 * b) // 2)
    assert split["payments"] == {"others": each} and split["total"] == 2 * each


def test_ron_is_paid_as_in_four_player_riichi_and_honba_are_100_per_other_player() -> None:
    ron = paili.score(HAND, win="1m", seat_wind="2z", riichi=1, honba=2, riichi_sticks=1, rules="sanma")
    fu = 20 + 10 + 8 + 2  # base, closed ron, closed triplet of 9m, pair wait: 40
    han = 1 + 1  # riichi, nukidora
    assert (ron["han"], ron["fu"]) == (han, fu)
    assert ron["points"] == up(4 * basic(han, fu))
    assert ron["payments"] == {"ron": ron["points"] + 2 * 200}  # two other players, 100 each per honba
    assert ron["total"] == ron["points"] + 2 * 200 + 1000
    assert paili.score(HAND, win="1m", seat_wind="2z", riichi=1, honba=2, rules=SPLIT)["payments"] == ron["payments"]
    tsumo = paili.score(HAND, win="1m", tsumo=True, seat_wind="2z", riichi=1, honba=2, rules="sanma")
    plain = paili.score(HAND, win="1m", tsumo=True, seat_wind="2z", riichi=1, rules="sanma")
    assert tsumo["payments"] == {k: v + 2 * 100 for k, v in plain["payments"].items()}
    assert tsumo["total"] == plain["total"] + 2 * 2 * 100


def test_mangan_tsumo_loss_is_6000_and_split_is_the_ron_value() -> None:
    hand = "111999m123p789p11s {44z}"  # riichi, tsumo, junchan (closed 3), two nukidora: 7 han, haneman
    loss = paili.score(hand, win="1s", tsumo=True, seat_wind="3z", riichi=1, rules="sanma")
    split = paili.score(hand, win="1s", tsumo=True, seat_wind="3z", riichi=1, rules=SPLIT)
    ron = paili.score(hand, win="1s", seat_wind="3z", riichi=1, rules="sanma")
    assert counts(loss) == {"riichi": 1, "menzen_tsumo": 1, "junchan": 3, "nukidora": 2}
    assert loss["limit"] == "haneman" and loss["payments"] == {"dealer": 6000, "others": 3000}
    assert split["payments"] == {"dealer": 7500, "others": 4500} and split["total"] == 12000
    assert ron["points"] == 12000


# --- nukidora and dora -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("norths", [0, 1, 2, 3, 4])
def test_each_north_set_aside_is_one_dora_and_a_north_indicator_counts_it_again(norths: int) -> None:
    hand = "11999m123p456p789s" + " {4z}" * norths
    plain = paili.score(hand, win="1m", tsumo=True, seat_wind="2z", riichi=1, rules="sanma")
    assert counts(plain).get("nukidora", 0) == norths
    shown = paili.score(hand, win="1m", tsumo=True, seat_wind="2z", riichi=1, dora="3z", ura="3z", rules="sanma")
    assert counts(shown).get("dora", 0) == norths and counts(shown).get("ura", 0) == norths
    assert shown["han"] == 2 + 3 * norths  # riichi, tsumo; per north: nukidora, dora, ura
    no_riichi = paili.score(hand, win="1m", tsumo=True, seat_wind="2z", dora="3z", ura="3z", rules="sanma")
    assert "ura" not in counts(no_riichi)


def test_norths_in_the_hand_are_tiles_not_nukidora() -> None:
    r = paili.score("999m123p456p789s44z", win="4z", seat_wind="2z", riichi=1, dora="3z", rules="sanma")
    assert counts(r) == {"riichi": 1, "dora": 2}  # the pair of norths: two dora, no nukidora, no pair fu
    assert r["fu"] == 20 + 10 + 8 + 2  # base, closed ron, closed triplet of 9m, pair wait


def test_the_sanma_indicator_cycle() -> None:
    # 1m shows 9m (no 2m-8m in the wall), 9m shows 1m; the rest as in four-player riichi
    assert dora_of(0, sanma=True) == 8 and dora_of(8, sanma=True) == 0 and dora_of(0) == 1
    assert [dora_of(t, sanma=True) for t in range(9, 34)] == [dora_of(t) for t in range(9, 34)]
    r = paili.score(HAND, win="1m", seat_wind="2z", riichi=1, dora="1m9m", rules="sanma")
    assert counts(r)["dora"] == 3 + 2  # 1m shows 9m (three held), 9m shows 1m (two held)


def test_rinshan_after_a_nukidora() -> None:
    r = paili.score(HAND, win="1m", tsumo=True, rinshan=True, seat_wind="2z", rules="sanma")
    assert "rinshan" in counts(r)
    with pytest.raises(paili.HandError) as info:
        paili.score("11999m123p456p789s", win="1m", tsumo=True, rinshan=True, seat_wind="2z", rules="sanma")
    assert info.value.field == "rinshan"


def test_rules_in_the_result_and_the_option_layering() -> None:
    r = paili.score(HAND, win="1m", riichi=1, rules={"preset": "tenhou", "sanma": True})
    assert r["rules"]["sanma"] is True and r["rules"]["double_yakuman"] is False
    assert paili.score(HAND, win="1m", riichi=1, rules=SPLIT)["rules"]["sanma_split"] is True


# --- errors ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("hand", "options", "field", "code"), [
    ("11999m789s555z [123p]", {}, "hand", "rules.no_chi"),  # no chi in sanma (the parser says where)
    ("11234m123p456p789s", {}, "hand", "rules.man_tile"),  # 2m-8m are not in the wall
    (HAND, {"dora": "5m"}, "dora", "sanma.indicator"),
    (HAND, {"riichi": 1, "ura": "1z2m"}, "ura", "sanma.indicator"),
    (HAND, {"seat_wind": "4z"}, "seat_wind", "sanma.seat_wind"),
    (HAND, {"round_wind": "4z", "riichi": 1}, "round_wind", "sanma.round_wind"),
    ("11999m123p456p789s {4z}", {"dora": "4z4z4z4z"}, "dora", "visible.too_many_copies"),  # five norths
])
def test_sanma_errors_name_the_field(hand: str, options: dict[str, Any], field: str, code: str) -> None:
    with pytest.raises(paili.HandError) as info:
        paili.score(hand, win="1m", **{"riichi": 1, **options}, rules="sanma")
    assert (info.value.field, info.value.code) == (field, code), info.value


def test_nukidora_and_sanma_options_outside_sanma_are_errors() -> None:
    with pytest.raises(paili.HandError) as info:
        paili.score(HAND, win="1m", riichi=1)
    assert info.value.field == "hand"
    with pytest.raises(paili.HandError) as info:  # a parsed sanma hand scored under four-player rules
        paili.score(paili.parse(HAND, rules="sanma"), win="1m", riichi=1)
    assert info.value.field == "hand"
    with pytest.raises(paili.HandError) as info:
        paili.score("11999m123p456p789s", win="1m", riichi=1, rules={"sanma_split": True})
    assert info.value.field == "rules"


def test_a_parsed_hand_is_checked_against_the_sanma_wall() -> None:
    for text, code in (("11234m123p456p789s", "sanma.tile"), ("11999m789s555z [123p]", "sanma.chi")):
        with pytest.raises(paili.HandError) as info:
            paili.score(paili.parse(text), win="1m", rules="sanma")
        assert (info.value.field, info.value.code) == ("hand", code)
    parsed = paili.parse(HAND, rules="sanma")
    assert paili.score(parsed, win="1m", riichi=1, rules="sanma") == paili.score(HAND, win="1m", riichi=1,
                                                                                  rules="sanma")


# --- the waits, the API and the CLI ---------------------------------------------------------------------------


def test_score_waits_keeps_the_nukidora_and_counts_the_sanma_wall() -> None:
    rows = paili.score_waits("1999m123p456p789s {4z}", seat_wind="2z", riichi=1, rules="sanma")
    assert [(r["tile"], r["remaining"]) for r in rows] == [("1m", 3)]
    assert rows[0]["ron"] == paili.score(HAND, win="1m", seat_wind="2z", riichi=1, rules="sanma")


def test_score_op_and_cli_take_sanma() -> None:
    case = {"hand": HAND, "win": "1m", "tsumo": True, "seat_wind": "2z", "riichi": 1, "rules": SPLIT}
    answer = json.loads(handle(json.dumps({"op": "score", **case})))
    assert answer == {"ok": True, "result": json.loads(json.dumps(paili.score(**case)))}
    run = subprocess.run([sys.executable, "-m", "paili", "score", HAND, "--win", "1m", "--tsumo", "--seat", "2z",
                          "--riichi", "--rules", "sanma", "--json"], capture_output=True, text=True,
                         env={"PYTHONPATH": str(ENGINE)}, timeout=60)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout) == paili.score(HAND, win="1m", tsumo=True, seat_wind="2z", riichi=1, rules="sanma")
    run = subprocess.run([sys.executable, "-m", "paili", "score", HAND, "--win", "1m", "--tsumo", "--seat", "2z",
                          "--riichi", "--rules", "sanma"], capture_output=True, text=True,
                         env={"PYTHONPATH": str(ENGINE)}, timeout=60)
    assert "the other non-dealer pays 1300" in run.stdout.splitlines()[-1]


# --- the mahjong library's three-player option -----------------------------------------------------------------


def test_agrees_with_mahjong_three_player_on_random_hands() -> None:
    """Han, fu, the winner's total (tsumo loss; the library has no split payment) and no-yaku, on seeded random
    sanma hands with norths set aside and indicators that show north, 9m and 1m."""
    differences = []
    nukidora = dora_on_norths = one_to_nine = 0
    for case in random_sanma_cases(2027, 1500):
        ours = paili.score(**case, rules="sanma")
        theirs = HandCalculator.estimate_hand_value(**to_mahjong(case, "sanma"))
        norths = case["hand"].count("{4z}")
        nukidora += norths > 0
        dora_on_norths += norths > 0 and "3z" in case["dora"] + case["ura"]
        one_to_nine += "1m" in case["dora"] and "9m" in case["hand"]
        if theirs.error:
            if not ours["no_yaku"]:
                differences.append(f"{case}: mahjong says {theirs.error}, paili {ours['yaku']}")
            continue
        got = (ours["han"], ours["fu"] if not ours["yakuman"] else None, ours["total"], ours["no_yaku"])
        want = (theirs.han, theirs.fu if not ours["yakuman"] else None, theirs.cost["total"], False)
        if got != want:
            differences.append(f"{case}: paili {got} {ours['yaku']}, mahjong {want} {theirs.yaku}")
    assert differences == []
    assert nukidora > 500 and dora_on_norths > 50 and one_to_nine > 20, (nukidora, dora_on_norths, one_to_nine)


def test_the_advisor_does_not_take_sanma_scoring_options() -> None:
    """advise(rules="sanma") ranks three-player hands by the chance to win; sanma scoring options there would
    score a four-player wall with three-player payments, so they are an error naming rules."""
    with pytest.raises(paili.HandError) as info:
        paili.advise("11999m123p456p789s", rules={"preset": "sanma"})
    assert info.value.field == "rules"
