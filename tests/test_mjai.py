"""mjai records (JSON lines) read as the review reads tenhou.net/6 logs (issue 30): the tests' self-play games
written as mjai events (:func:`to_mjai`, this module's own writer, from the replay of the tenhou.net/6 log) are
read back to the same game, event for event, and reviewed the same; a record that hides a tile or holds an event
that is not mjai's is refused naming its line."""

from __future__ import annotations

import json
from typing import Any

import pytest
from selfplay import game

import paili
from paili.errors import HandError
from paili.logs import Call, Discard, Draw, Kan, read_log, replay
from paili.mjai import looks_like_mjai, mjai_to_tenhou

HONOR_LETTERS = "ESWNPFC"


def tile(kind: int, red: bool = False) -> str:
    """The mjai name of a tile."""
    if kind >= 27:
        return HONOR_LETTERS[kind - 27]
    return f"{kind % 9 + 1}{'mps'[kind // 9]}{'r' if red else ''}"


def code_tile(code: int) -> str:
    kind, red = paili.logs.tile_of(code)
    return tile(kind, red)


def to_mjai(log: dict[str, Any]) -> str:
    """The mjai record of a four-player tenhou.net/6 log, from its replay."""
    g = read_log(log)
    lines: list[dict[str, Any]] = [{"type": "start_game", "names": list(g.players)}]
    winds = "ESWN"
    for r in g.rounds:
        lines.append({"type": "start_kyoku", "bakaze": winds[r.number // 4], "kyoku": r.number % 4 + 1,
                      "honba": r.honba, "kyotaku": r.sticks, "oya": r.number % 4, "scores": list(r.scores),
                      "dora_marker": code_tile(r.dora[0]), "tehais": [[code_tile(c) for c in s] for s in r.starts]})
        shown = 1
        for e in replay(g, r):
            if isinstance(e, Draw):
                lines.append({"type": "tsumo", "actor": e.seat, "pai": tile(e.tile, e.red)})
            elif isinstance(e, Discard):
                if e.riichi:
                    lines.append({"type": "reach", "actor": e.seat})
                lines.append({"type": "dahai", "actor": e.seat, "pai": tile(e.tile, e.red), "tsumogiri": e.tsumogiri})
                if e.riichi:
                    lines.append({"type": "reach_accepted", "actor": e.seat})
            elif isinstance(e, Call):
                rest = list(e.meld.tiles)
                rest.remove(e.taken)
                reds = e.meld.reds - e.taken_red
                consumed = []
                for t in rest:
                    consumed.append(tile(t, bool(reds) and t % 9 == 4 and t < 27))
                    reds -= bool(reds) and t % 9 == 4 and t < 27
                kind = {"chi": "chi", "pon": "pon", "kan": "daiminkan"}[e.meld.kind]
                lines.append({"type": kind, "actor": e.seat, "target": e.source, "pai": tile(e.taken, e.taken_red),
                              "consumed": consumed})
                if kind == "daiminkan":
                    lines.append({"type": "dora", "dora_marker": code_tile(r.dora[shown])})
                    shown += 1
            elif isinstance(e, Kan):
                assert e.kind == "ankan"
                reds = e.meld.reds
                consumed = []
                for t in e.meld.tiles:
                    consumed.append(tile(t, bool(reds) and t % 9 == 4 and t < 27))
                    reds -= bool(reds) and t % 9 == 4 and t < 27
                lines.append({"type": "ankan", "actor": e.seat, "consumed": consumed})
                lines.append({"type": "dora", "dora_marker": code_tile(r.dora[shown])})
                shown += 1
        result = list(r.result)
        if result[0] == "和了":
            for deltas, info in zip(result[1::2], result[2::2], strict=True):
                lines.append({"type": "hora", "actor": info[0], "target": info[1], "deltas": deltas,
                              "ura_markers": [code_tile(c) for c in r.ura]})
        else:
            lines.append({"type": "ryukyoku", "deltas": result[1] if len(result) > 1 else [0, 0, 0, 0]})
        lines.append({"type": "end_kyoku"})
    lines.append({"type": "end_game"})
    return "\n".join(json.dumps(line, ensure_ascii=False) for line in lines) + "\n"


@pytest.mark.parametrize(("seed", "kan"), [(3, 0.0), (11, 0.0), (4, 1.0)])
def test_an_mjai_record_is_the_same_game_event_for_event(seed: int, kan: float) -> None:
    log = game(seed, rounds=2, kan=kan)
    record = to_mjai(log)
    assert looks_like_mjai(record) and not looks_like_mjai(json.dumps(log))
    original, converted = read_log(log), read_log(record)
    assert converted.players == original.players and converted.red_fives == original.red_fives
    for a, b in zip(original.rounds, converted.rounds, strict=True):
        assert (a.number, a.honba, a.sticks, a.dora[:1]) == (b.number, b.honba, b.sticks, b.dora[:1])
        assert list(replay(original, a)) == list(replay(converted, b)), a.name
        assert a.result[0] == b.result[0]


def test_an_mjai_record_is_reviewed_as_its_tenhou_log() -> None:
    log = game(11, rounds=2)
    mine, theirs = paili.review(to_mjai(log), seat=1, turns=4), paili.review(log, seat=1, turns=4)
    assert mine["rounds"] == theirs["rounds"] and mine["summary"] == theirs["summary"]


@pytest.mark.parametrize(("change", "words"), [
    (lambda lines: lines[2].update(pai="?"), "hides a tile"),
    (lambda lines: lines[2].update(type="shout"), "got type 'shout'"),
    (lambda lines: lines[2].update(pai="0m"), "expected a tile such as"),
    (lambda lines: lines[1].update(tehais=[[]] * 4), "expected 13 tiles"),
])
def test_a_malformed_record_is_refused_naming_its_line(change: Any, words: str) -> None:
    lines = [json.loads(line) for line in to_mjai(game(3, rounds=1)).splitlines()]
    change(lines)
    with pytest.raises(HandError) as caught:
        read_log("\n".join(json.dumps(line) for line in lines))
    assert caught.value.field == "log" and words in str(caught.value)
    assert "(line 3)" in str(caught.value) or "(line 2)" in str(caught.value)


def test_mjai_converts_only_mjai() -> None:
    assert mjai_to_tenhou(to_mjai(game(3, rounds=1)))["log"]
    with pytest.raises(HandError):
        mjai_to_tenhou('{"type": "start_game"}\n')  # no round
