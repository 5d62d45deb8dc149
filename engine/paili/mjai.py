"""mjai game records (JSON lines, the format of the mjai protocol that Mortal and mjai-reviewer read) as
tenhou.net/6 logs, so that :func:`paili.logs.read_log` and the review read them as they read Tenhou's.

A record is one event a line: ``start_game`` (``names``), then per round ``start_kyoku`` (``bakaze``, ``kyoku``,
``honba``, ``kyotaku``, ``scores``, ``dora_marker``, ``tehais``), ``tsumo``, ``dahai`` (``tsumogiri``),
``reach``, ``chi`` / ``pon`` / ``daiminkan`` (``target``, ``pai``, ``consumed``), ``ankan`` / ``kakan``, ``dora``,
and the round's end ``hora`` (``actor``, ``target``, ``deltas``, ``ura_markers``) or ``ryukyoku``; other events
(``reach_accepted``, ``end_kyoku``, ``end_game``) carry nothing the review needs. Tiles are ``"1m"`` ..
``"9s"``, ``"5mr"`` for a red five and ``E S W N P F C`` for the honors. A record that hides a tile (``"?"``,
another player's draw as that player's client saw it) cannot be reviewed: a review needs every tile.

:func:`looks_like_mjai` says whether a text is such a record; :func:`mjai_to_tenhou` converts it, an error
(:class:`~paili.errors.HandError`, field ``log``) naming the line that is wrong.
"""

from __future__ import annotations

import json
from typing import Any, Final

from .errors import HandError

__all__ = ["looks_like_mjai", "mjai_to_tenhou"]

HONORS: Final = {"E": 41, "S": 42, "W": 43, "N": 44, "P": 45, "F": 46, "C": 47}
"""The tenhou.net/6 number of each honor's mjai letter (P 白, F 發, C 中)."""
WINDS: Final = {"E": 0, "S": 1, "W": 2, "N": 3}


def _mjai_error(message: str, line: int) -> HandError:
    return HandError(f"the mjai record cannot be read: {message} (line {line})", field="log", code="log.mjai",
                     params={"message": message, "line": line})


def looks_like_mjai(text: str) -> bool:
    """Whether ``text`` reads as mjai JSON lines: its first line an object with a ``type``."""
    first = text.strip().split("\n", 1)[0].strip()
    if not first.startswith("{"):
        return False
    try:
        event = json.loads(first)
    except ValueError:
        return False
    return isinstance(event, dict) and "type" in event and "log" not in event


def _code(tile: object, line: int) -> int:
    """The tenhou.net/6 number of an mjai tile."""
    if isinstance(tile, str):
        if tile in HONORS:
            return HONORS[tile]
        if len(tile) in (2, 3) and tile[0] in "123456789" and tile[1] in "mps" and tile[2:] in ("", "r"):
            if tile[2:] == "r":
                if tile[0] != "5":
                    raise _mjai_error(f"expected a red five such as '5mr', got {tile!r}", line)
                return 51 + "mps".index(tile[1])
            return ("mps".index(tile[1]) + 1) * 10 + int(tile[0])
    if tile == "?":
        raise _mjai_error("the record hides a tile ('?'): a review needs every tile, as the game's full record "
                          "has them", line)
    raise _mjai_error(f"expected a tile such as '5m', '5mr' or 'E', got {tile!r}", line)


def _codes(tiles: object, count: int, line: int) -> list[int]:
    if not isinstance(tiles, list) or len(tiles) != count:
        raise _mjai_error(f"expected {count} tiles, got {tiles!r}", line)
    return [_code(t, line) for t in tiles]


def _seat(event: dict[str, Any], key: str, line: int) -> int:
    seat = event.get(key)
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < 4:
        raise _mjai_error(f"expected {key} to be a seat from 0 to 3, got {seat!r}", line)
    return seat


def _placed(letter: str, taken: int, own: list[int], actor: int, target: int) -> str:
    """A call as tenhou.net/6 writes it: the letter and the tile taken placed by where it came from (first from
    the left, in the middle from across, last from the right), the caller's own tiles around it."""
    place = {3: 0, 2: 1, 1: len(own)}[(target - actor) % 4]
    parts = [str(t) for t in own]
    parts.insert(place, f"{letter}{taken}")
    return "".join(parts)


def mjai_to_tenhou(text: str) -> dict[str, Any]:
    """The tenhou.net/6 log of an mjai record (JSON lines), four players."""
    names = ["", "", "", ""]
    red = 1
    rounds: list[list[Any]] = []
    current: dict[str, Any] | None = None
    reach = [False] * 4

    def finish(line: int) -> None:
        """The round read so far, ended by its hora or ryukyoku, goes into the log."""
        nonlocal current
        if current is None:
            return
        c = current
        if c["result"] is None:
            raise _mjai_error("expected the round to end with a hora or a ryukyoku", line)
        rounds.append([c["head"], c["scores"], c["dora"], c["ura"],
                       *[x for s in range(4) for x in (c["starts"][s], c["draws"][s], c["discards"][s])],
                       c["result"]])
        current = None

    for number, raw in enumerate(text.strip().splitlines(), start=1):
        if not raw.strip():
            continue
        try:
            event = json.loads(raw)
        except ValueError as exc:
            raise _mjai_error(f"expected a JSON object, JSON cannot read it ({exc})", number) from None
        if not isinstance(event, dict) or not isinstance(event.get("type"), str):
            raise _mjai_error("expected an event object with a 'type'", number)
        kind = event["type"]
        if kind == "start_game":
            given = event.get("names")
            if isinstance(given, list) and len(given) == 4:
                names = [str(n) for n in given]
            if "aka_flag" in event:
                red = int(bool(event["aka_flag"]))
            continue
        if kind == "start_kyoku":
            finish(number)
            wind, kyoku = event.get("bakaze"), event.get("kyoku")
            if wind not in WINDS or not isinstance(kyoku, int) or not 1 <= kyoku <= 4:
                raise _mjai_error(f"expected bakaze E/S/W/N and kyoku 1-4, got {wind!r} {kyoku!r}", number)
            tehais = event.get("tehais")
            if not isinstance(tehais, list) or len(tehais) != 4:
                raise _mjai_error("expected four start hands in 'tehais'", number)
            scores = event.get("scores", [25000] * 4)
            current = {
                "head": [WINDS[wind] * 4 + kyoku - 1, int(event.get("honba", 0)), int(event.get("kyotaku", 0))],
                "scores": list(scores) if isinstance(scores, list) else [25000] * 4,
                "dora": [_code(event.get("dora_marker"), number)],
                "ura": [],
                "starts": [_codes(h, 13, number) for h in tehais],
                "draws": [[], [], [], []],
                "discards": [[], [], [], []],
                "result": None,
            }
            reach = [False] * 4
            continue
        if kind in ("end_kyoku", "end_game"):
            finish(number)
            continue
        if kind in ("reach_accepted", "none"):
            continue
        if current is None:
            raise _mjai_error(f"expected a start_kyoku before a {kind!r} event", number)
        draws, discards = current["draws"], current["discards"]
        if kind == "tsumo":
            draws[_seat(event, "actor", number)].append(_code(event.get("pai"), number))
        elif kind == "reach":
            reach[_seat(event, "actor", number)] = True
        elif kind == "dahai":
            actor = _seat(event, "actor", number)
            tile: int | str = 60 if event.get("tsumogiri") else _code(event.get("pai"), number)
            if reach[actor]:
                tile, reach[actor] = f"r{tile}", False
            discards[actor].append(tile)
        elif kind in ("chi", "pon", "daiminkan"):
            actor, target = _seat(event, "actor", number), _seat(event, "target", number)
            own = _codes(event.get("consumed"), {"chi": 2, "pon": 2, "daiminkan": 3}[kind], number)
            taken = _code(event.get("pai"), number)
            if kind == "chi":
                draws[actor].append(f"c{taken}" + "".join(map(str, own)))
            else:
                draws[actor].append(_placed("p" if kind == "pon" else "m", taken, own, actor, target))
                if kind == "daiminkan":
                    discards[actor].append(0)  # an open kan: no discard, then the replacement draw
        elif kind == "ankan":
            own = _codes(event.get("consumed"), 4, number)
            discards[_seat(event, "actor", number)].append("".join(map(str, own[:3])) + "a" + str(own[3]))
        elif kind == "kakan":
            own = _codes(event.get("consumed"), 3, number)
            added = _code(event.get("pai"), number)
            discards[_seat(event, "actor", number)].append(f"k{added}" + "".join(map(str, own)))
        elif kind == "dora":
            current["dora"].append(_code(event.get("dora_marker"), number))
        elif kind == "hora":
            actor, target = _seat(event, "actor", number), _seat(event, "target", number)
            ura = event.get("ura_markers") or []
            if isinstance(ura, list) and not current["ura"]:
                current["ura"] = [_code(t, number) for t in ura]
            won = [event.get("deltas", [0] * 4), [actor, target, actor, "mjai"]]
            # a double ron comes as two hora events: both in one result, as tenhou.net/6 writes it
            current["result"] = (current["result"] or ["和了"]) + won
        elif kind == "ryukyoku":
            current["result"] = ["流局", event.get("deltas", [0] * 4)]
        else:
            raise _mjai_error(f"expected an mjai event, got type {kind!r}", number)
    finish(len(text.strip().splitlines()))
    if not rounds:
        raise _mjai_error("expected at least one round (start_kyoku)", 1)
    return {"title": ["mjai", ""], "name": names, "rule": {"disp": "mjai", "aka": red}, "log": rounds}
