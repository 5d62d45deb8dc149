"""``analyze(..., rules="gb")``: a complete shape says whether it is a legal Chinese Official win (its fans and
total, or the fans it is short of 8) in the default situation (by discard, the winds East, no flowers), and a
tenpai hand's waits each say what their discard win is worth. Hand-built legal and short cases, and every
count checked against :func:`paili.score` with the same winning tile."""

from __future__ import annotations

from typing import Any

import pytest

import paili


def analyze(hand: str) -> dict[str, Any]:
    return paili.analyze(hand, rules="gb")


def fans(win: dict[str, Any]) -> dict[str, int]:
    return {f["id"]: f["count"] for f in win["fans"]}


def scored(hand: str, win: str) -> dict[str, Any]:
    return paili.score(hand, win=win, rules="gb")


def test_the_note_is_gone_and_riichi_analyses_have_no_gb_key() -> None:
    assert "note" not in analyze("123m456p789s11z555z")
    plain = paili.analyze("123m456p789s11z555z")
    assert "gb" not in plain and "note" not in plain
    assert all("gb" not in w for w in paili.analyze("123m456p789s1122z")["waits"])


def test_a_legal_complete_hand_counts_its_best_winning_tile() -> None:
    """Any concealed kind could be the tile won: the best total is kept (2m in the closed 1-3m wait here)."""
    win = analyze("123m456p789s11z555z")["gb"]
    assert win["win"] == "2m" and win["legal"] and win["short"] == 0
    assert fans(win) == {"mixed_straight": 1, "all_types": 1, "dragon_pung": 1, "concealed_hand": 1,
                         "closed_wait": 1}
    assert win["fan"] == 19 == sum(f["fan"] * f["count"] for f in win["fans"])
    assert scored("123m456p789s11z555z", "2m")["fans"] == win["fans"]


def test_a_complete_hand_short_of_8() -> None:
    """All chows, all simples, two short straights and the closed wait: 7, one short of a win."""
    win = analyze("234m567m22p [345s] [678s]")["gb"]
    assert (win["win"], win["fan"], win["legal"], win["short"]) == ("3m", 7, False, 1)
    assert fans(win) == {"all_chows": 1, "all_simples": 1, "short_straight": 2, "closed_wait": 1}
    assert scored("234m567m22p [345s] [678s]", "3m")["legal"] is False


def test_the_same_hand_closed_is_legal() -> None:
    """Closed, it adds 门前清 (2): 9, a legal win by discard."""
    win = analyze("234m567m22p345s678s")["gb"]
    assert (win["fan"], win["legal"]) == (9, True)


def test_an_incomplete_hand_or_one_with_unwritten_melds_counts_nothing() -> None:
    assert analyze("123m456p789s11z556z")["gb"] is None
    r = analyze("123m456p789s11z")  # 11 tiles, its melds not written
    assert r["agari"] and r["gb"] is None


@pytest.mark.parametrize(("hand", "expected"), [
    # the closed hand: every wait legal
    ("34m567m22p345s678s", {"2m": (8, True), "5m": (8, True), "8m": (9, True)}),
    # the same waits with two chows called: none reaches 8
    ("34m567m22p [345s] [678s]", {"2m": (6, False), "5m": (6, False), "8m": (7, False)}),
    # one wait legal, the other short: 1m breaks all simples and the short straight 234m-567m
    ("23m567m22p345s678s", {"1m": (5, False), "4m": (8, True)}),
    # a pung of the round and seat wind makes either wait legal
    ("123m456p789s1122z", {"1z": (14, True), "2z": (11, True)}),
])
def test_the_waits_say_which_would_be_legal(hand: str, expected: dict[str, tuple[int, bool]]) -> None:
    waits = analyze(hand)["waits"]
    assert {w["tile"]: (w["gb"]["fan"], w["gb"]["legal"]) for w in waits} == expected
    for w in waits:
        full = paili.parse(hand + w["tile"], rules="gb")
        expected_score = paili.score(full, win=w["tile"], rules="gb")
        assert w["gb"]["fans"] == expected_score["fans"] and w["gb"]["fan"] == expected_score["fan"]
        assert w["gb"]["short"] == max(0, 8 - w["gb"]["fan"])


def test_a_wait_of_a_hand_with_unwritten_melds_is_not_counted() -> None:
    assert analyze("1m")["waits"] == [{"tile": "1m", "remaining": 3, "gb": None}]
    assert analyze("1111m234p567s789s")["waits"] == []  # the fifth 1m is no wait


def test_every_wait_short_of_8() -> None:
    """门前清 and 幺九刻 and 无字, or 门前清 and 平和: 4 either way."""
    waits = analyze("1112m234p567s789s")["waits"]
    assert [(w["tile"], w["gb"]["fan"], w["gb"]["short"]) for w in waits] == [("2m", 4, 4), ("3m", 4, 4)]


def test_a_hand_not_tenpai_has_no_waits() -> None:
    assert analyze("1379m2468p13579s")["waits"] == []
