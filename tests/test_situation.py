"""A position's situation (paili.situation.Situation, issue 38): one frozen value, checked when built, each
error naming its field; read once from a request (advice.inputs.read_position)."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path
from typing import Any

import pytest

from paili import HandError, advise, parse
from paili.advice import Position, SearchOptions, read_position
from paili.scoring.rules import resolve_rules
from paili.scoring.yaku import YAKU_HAN, YAKUMAN, yaku_entry
from paili.situation import Situation
from paili.tiles import KINDS

BAD_FIELDS = [
    ("turns", 0), ("turns", 31), ("turns", True), ("riichi", "sometimes"), ("ippatsu", 1), ("double_riichi", "no"),
    ("round_wind", "5z"), ("seat_wind", "1m"), ("honba", -1), ("riichi_sticks", 1001), ("dora", 3),
    ("dora", "123456m"), ("dora", "1x"),
]


@pytest.mark.parametrize(("field", "value"), BAD_FIELDS)
def test_each_bad_field_is_an_error_naming_it(field: str, value: Any) -> None:
    with pytest.raises(HandError) as caught:
        Situation(**{field: value})
    assert caught.value.field == field


def test_a_situation_is_frozen_and_reserves_the_opponents() -> None:
    situation = Situation()
    assert situation.opponents is None
    with pytest.raises(dataclasses.FrozenInstanceError):
        situation.turns = 3  # type: ignore[misc]


def test_the_indicators_are_checked_against_the_hand() -> None:
    """Four 1m in the hand and a fifth among the indicators: the error is on dora, from the builder and from
    the public function alike."""
    situation = Situation(dora="1m")
    situation.check_hand(parse("1112m456p789s1122z"))  # three in the hand and one indicator: fine
    with pytest.raises(HandError) as caught:
        situation.check_hand(parse("1111m456p789s1122z"))
    assert caught.value.field == "dora"
    with pytest.raises(HandError) as public:
        advise("1111m456p789s1122z", dora="1m")
    assert public.value.field == "dora"


def test_a_request_is_read_into_one_position() -> None:
    """read_position turns the public keywords into the hand, the situation and the search options, the
    dora's and the visible tiles' counts parsed once."""
    position = read_position("123m456p789s1122z3z", melds=None, visible="1m0p", rules="tenhou", void=None,
                             options={"turns": 5, "dora": "2m", "seat_wind": "2z", "max_shanten": 1,
                                      "tegawari": True, "hand": "ignored", "objective": "ignored"})
    seen = [0] * KINDS
    seen[0] = seen[13] = 1
    assert position == Position(parse("123m456p789s1122z3z"), Situation(
        turns=5, dora="2m", seat_wind="2z", scoring=resolve_rules("tenhou"), visible=tuple(seen),
        visible_reds=(0, 1, 0)), SearchOptions(tegawari=True, max_shanten=1))
    assert position.situation.dora_kinds == (1,) and position.situation.seat_kind == 28


def test_an_unscored_rule_set_still_checks_the_situation() -> None:
    """Under sanma the hand is not scored, yet a wrong wind is an error, not an input silently ignored."""
    with pytest.raises(HandError) as caught:
        advise("19m19p19s1234567z1m", rules="sanma", round_wind="9z")
    assert caught.value.field == "round_wind"


def test_the_yaku_kernel_repeats_no_han() -> None:
    """A yaku's han live in YAKU_HAN / YAKUMAN alone: the kernel writes no entry (id, han, multiple) of its
    own, and the entries it reads are the tables'."""
    source = Path(__file__).resolve().parents[1] / "engine" / "paili" / "scoring" / "yaku.py"
    literal = [node.lineno for node in ast.walk(ast.parse(source.read_text(encoding="utf-8")))
               if isinstance(node, ast.Tuple) and len(node.elts) == 3
               and all(isinstance(e, ast.Constant) for e in node.elts)
               and [type(e.value) for e in node.elts] == [str, int, int]]  # type: ignore[attr-defined]
    assert not literal, literal
    for name, (closed, opened) in YAKU_HAN.items():
        assert yaku_entry(name, True) == (name, closed, 0)
        assert yaku_entry(name, False) == (name, opened or closed, 0)
    for name, multiple in YAKUMAN.items():
        assert yaku_entry(name, True) == yaku_entry(name, False) == (name, 0, multiple)
