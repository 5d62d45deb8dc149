"""Game logs in the tenhou.net/6 JSON form, read and replayed step by step.

The form (the one Tenhou's viewer, NAGA and the Mortal reviewer share, and which Mahjong Soul and Riichi City
exporters write): ``{"log": [round, ...], "name": [4 players], "rule": {"disp", "aka" | "aka51"...}}``. A round
is ``[[round, honba, sticks], scores, dora indicators, ura indicators, then per seat its 13-tile start, its
draws and its discards, then the result]``; ``round`` 0-3 is East 1-4, 4-7 South 1-4, 8-11 West 1-4; the
dealer is seat ``round % players`` and seat ``s`` has the wind ``(s - dealer) % players + 1``.

Tiles are numbers: 11-19 man, 21-29 pin, 31-39 sou, 41-47 East South West North White Green Red, 51/52/53 the
red 5m/5p/5s; 60 in a discard list is the tile just drawn; ``"r"`` + a tile declares riichi with that discard.
A call is a string of 2-digit tiles with one letter, the tile right after the letter the one taken (or added):
in the draws, chi ``c`` (from the left), pon ``p`` and open kan ``m`` (the letter's place says from whom);
in the discards, a closed kan ``a`` and an added kan ``k`` (then a replacement draw), and a ``0`` on the turn
of an open kan (no discard: the replacement draw comes next).

The form does not give the order of play between seats; :func:`replay` follows the converters' rule: after
each discard, a seat whose next draw is a pon or kan of that tile from that seat (the call's place names its
source) takes it, else the next seat's chi of it, else the next seat draws; where that order leaves a seat
throwing a tile it does not hold, another is tried (a tile thrown twice, one copy called). A kan's new
indicator is shown after the kan (Tenhou shows it after the kan maker's next discard; a reviewer sees it one
discard early). A malformed log is a :class:`~paili.HandError` (field
``log``) that names the round and the step.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal

from .errors import HandError
from .hand import Meld
from .mjai import looks_like_mjai, mjai_to_tenhou
from .tiles import FIVES, KINDS, Tile, tile_name

__all__ = ["Call", "Discard", "Draw", "Event", "Game", "Kan", "Round", "TILE_COUNT", "call_source", "read_log",
           "replay", "round_name"]

RED_CODES: Final = {51: 0, 52: 1, 53: 2}
"""The red fives' codes -> their suit (m, p, s)."""
TSUMOGIRI: Final = 60
TILE_COUNT: Final = {4: 136, 3: 108}
"""Tiles in the wall by number of players."""
DEAD_WALL: Final = 14
_WINDS: Final = "ESWN"


def round_name(number: int) -> str:
    """``E1``..``E4``, ``S1``.., ``W1``.. for the log's round number."""
    return f"{_WINDS[number // 4 % 4]}{number % 4 + 1}"


@dataclass(frozen=True, slots=True)
class Round:
    """One round of a log as written."""

    number: int
    honba: int
    sticks: int
    scores: tuple[int, ...]
    dora: tuple[int, ...]
    ura: tuple[int, ...]
    starts: tuple[tuple[int, ...], ...]
    draws: tuple[tuple[int | str, ...], ...]
    discards: tuple[tuple[int | str, ...], ...]
    result: tuple[Any, ...]

    @property
    def name(self) -> str:
        return round_name(self.number)

    def dealer(self, players: int) -> int:
        """The dealer's seat in a game of ``players``."""
        return self.number % 4 % players


@dataclass(frozen=True, slots=True)
class Game:
    """A whole log: its players (3 or 4), whether red fives are in play, its rounds."""

    players: tuple[str, ...]
    red_fives: bool
    rounds: tuple[Round, ...]


@dataclass(frozen=True, slots=True)
class Draw:
    seat: int
    tile: Tile
    red: bool


@dataclass(frozen=True, slots=True)
class Discard:
    seat: int
    tile: Tile
    red: bool
    tsumogiri: bool
    riichi: bool


@dataclass(frozen=True, slots=True)
class Call:
    """A chi, pon or open kan of the last discard: the meld made and the tile taken."""

    seat: int
    meld: Meld
    taken: Tile
    taken_red: bool
    source: int


@dataclass(frozen=True, slots=True)
class Kan:
    """A closed kan (``ankan``) or a pon made a kan (``added``: the tile added)."""

    seat: int
    meld: Meld
    kind: Literal["ankan", "added"]
    added: Tile
    added_red: bool


Event = Draw | Discard | Call | Kan


def _log_error(message: str, round_label: str | None = None, step: int | None = None) -> HandError:
    """A malformed log: in a round (named with the step), or as a whole (no round to name)."""
    if round_label is None:
        return HandError(message, field="log", code="log.unreadable", params={"message": message})
    return HandError(f"{message} (round {round_label}, step {step})", field="log", code="log.invalid",
                     params={"message": message, "round": round_label, "step": step})


def tile_of(code: object, round_label: str | None = None, step: int | None = None) -> tuple[Tile, bool]:
    """The kind of a log's tile number and whether it is a red five."""
    if isinstance(code, bool) or not isinstance(code, int):
        raise _log_error(f"expected a tile number such as 15 or 51, got {code!r}", round_label, step)
    if code in RED_CODES:
        return FIVES[RED_CODES[code]], True
    suit, number = divmod(code, 10)
    if 1 <= suit <= 3 and 1 <= number <= 9 or suit == 4 and 1 <= number <= 7:
        return (suit - 1) * 9 + number - 1, False
    raise _log_error(f"expected a tile number (11-19, 21-29, 31-39, 41-47, 51-53), got {code}", round_label, step)


def _numbers(value: object, what: str, label: str) -> tuple[Any, ...]:
    if not isinstance(value, list):
        raise _log_error(f"expected {what} as a list, got {value!r}", label, 0)
    return tuple(value)


def read_log(text: str | dict[str, Any]) -> Game:
    """The :class:`Game` of a tenhou.net/6 log given as JSON text (or its parsed dict), a tenhou.net/6 link
    with the log in its ``#json=`` fragment, or an mjai record (JSON lines: :mod:`paili.mjai`)."""
    data: object = text
    if isinstance(text, str) and looks_like_mjai(text):
        data = mjai_to_tenhou(text)
    elif isinstance(text, str):
        source = text.strip()
        if "#json=" in source:
            from urllib.parse import unquote
            source = unquote(source.split("#json=", 1)[1])
        try:
            data = json.loads(source)
        except ValueError as exc:
            raise _log_error(f"expected a tenhou.net/6 log in JSON, got text JSON cannot read ({exc})") from None
    if not isinstance(data, dict) or not isinstance(data.get("log"), list):
        raise _log_error("expected a tenhou.net/6 log: an object with a 'log' list of rounds")
    names = data.get("name", ["", "", "", ""])
    rule = data.get("rule", {})
    rule = rule if isinstance(rule, dict) else {}
    red = bool(rule.get("aka", 0) or rule.get("aka51", 0) or rule.get("aka52", 0) or rule.get("aka53", 0))
    rounds = []
    for index, raw in enumerate(data["log"]):
        label = f"#{index + 1}"
        if not isinstance(raw, list) or len(raw) < 5 or not isinstance(raw[0], list) or len(raw[0]) != 3:
            raise _log_error("expected a round as [[round, honba, sticks], scores, dora, ura, hands..., result]",
                             label, 0)
        number, honba, sticks = raw[0]
        if not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in (number, honba, sticks)):
            raise _log_error(f"expected whole numbers for [round, honba, sticks], got {raw[0]!r}", label, 0)
        label = round_name(number)
        body = raw[4:-1]
        if len(body) != 12:
            raise _log_error(f"expected a start, draws and discards for each of 4 seats, got {len(body)} lists",
                             label, 0)
        seats = [tuple(_numbers(body[3 * s + k], what, label) for k, what in
                       enumerate(("a start hand", "draws", "discards"))) for s in range(4)]
        result = raw[-1]
        rounds.append(Round(number, honba, sticks, _numbers(raw[1], "scores", label), _numbers(raw[2], "dora", label),
                            _numbers(raw[3], "ura", label), tuple(s[0] for s in seats), tuple(s[1] for s in seats),
                            tuple(s[2] for s in seats), tuple(result) if isinstance(result, list) else (result,)))
    if not rounds:
        raise _log_error("expected at least one round in 'log'")
    players = 3 if all(not r.starts[3] for r in rounds) else 4
    names = tuple(str(n) for n in names)[:players] if isinstance(names, list) else ("",) * players
    return Game(names + ("",) * (players - len(names)), red, tuple(rounds))


def _call_tiles(text: str, label: str, step: int) -> tuple[str, int, list[tuple[Tile, bool]], tuple[Tile, bool]]:
    """The letter of a call string, its place, every tile in it and the tile right after the letter."""
    letters = [(i, c) for i, c in enumerate(text) if c.isalpha()]
    digits = text.replace(letters[0][1], "", 1) if len(letters) == 1 else ""
    if len(letters) != 1 or not digits.isdigit() or len(digits) % 2 or letters[0][0] + 3 > len(text):
        raise _log_error(f"expected a call such as 'c275226' or '35p3553', got {text!r}", label, step)
    place, letter = letters[0]
    tiles = [tile_of(int(digits[i:i + 2]), label, step) for i in range(0, len(digits), 2)]
    return letter, place, tiles, tile_of(int(text[place + 1:place + 3]), label, step)


def _meld(kind: Literal["chi", "pon", "kan", "ankan"], tiles: Sequence[tuple[Tile, bool]], label: str, step: int
          ) -> Meld:
    try:
        return Meld(kind, tuple(sorted(t for t, _ in tiles)), sum(red for _, red in tiles))
    except HandError as exc:
        raise _log_error(f"expected a {kind} in the call, {exc.message}", label, step) from None


MAX_ORDERS: Final = 64
"""How many orders of play :func:`replay` tries before it gives up on a round and names its first error."""


def replay(game: Game, r: Round) -> Iterator[Event]:
    """The round's events in the order of play (see the module docs), checked.

    Where a seat throws the same tile on two of its turns and another seat's pon or kan of that tile names it as
    the source, the form does not say which copy was called. The first order tried calls the earlier copy; when
    the rest of the round then fails to read, the order that lets that copy pass (and the other seats play in
    between) is tried, latest call first, until one reads through (mjai-reviewer's ``confusing_nakis``
    rounds). A round no order reads is refused with the error of the first."""
    orders: list[frozenset[int]] = [frozenset()]
    first: HandError | None = None
    for _ in range(MAX_ORDERS):
        if not orders:
            break
        passed = orders.pop()
        called: list[int] = []
        try:
            events = list(_play(game, r, passed, called))
        except HandError as error:
            first = first or error
            # the calls taken early, latest last so it is tried first: each tried as a copy that passed
            orders.extend(passed | {step} for step in called)
            continue
        yield from events
        return
    assert first is not None
    raise first


def _play(game: Game, r: Round, passed: frozenset[int], called: list[int]) -> Iterator[Event]:
    """The round's events in one order of play, checked as they come: a pon or kan of the discard at a step
    in ``passed`` lets it pass; the steps of the discards called whose source throws that tile again are
    appended to ``called`` (the choices another order may undo)."""
    players = len(game.players)
    label = r.name
    dealer = r.dealer(players)
    draws = [list(r.draws[s]) for s in range(players)]
    discards = [list(r.discards[s]) for s in range(players)]
    drawn: list[tuple[Tile, bool] | None] = [None] * players
    held = [[0] * KINDS for _ in range(players)]  # each seat's concealed kinds: an order whose seat throws or
    for s in range(players):                       # calls with a tile it lacks is not the order of play
        for number in r.starts[s]:
            held[s][tile_of(number, label, 0)[0]] += 1
    turn, step, last = dealer, 0, None
    while True:
        step += 1
        if not draws[turn]:
            return  # the round ended (a win on the last discard, or the wall ran out)
        entry = draws[turn].pop(0)
        if isinstance(entry, int):
            tile, red = drawn[turn] = tile_of(entry, label, step)
            held[turn][tile] += 1
            yield Draw(turn, tile, red)
        elif isinstance(entry, str):
            letter, place, tiles, taken = _call_tiles(entry, label, step)
            if last is None or (last[1], last[2]) != taken or letter not in "cpm":
                raise _log_error(f"expected a call of the last discard, got {entry!r}", label, step)
            kind: Literal["chi", "pon", "kan"] = {"c": "chi", "p": "pon", "m": "kan"}[letter]  # type: ignore[assignment]
            meld = _meld(kind, tiles, label, step)
            _give(held[turn], [t for t, _ in tiles], taken[0], label, step)
            yield Call(turn, meld, taken[0], taken[1], last[0])
            drawn[turn] = None
            if letter == "m":  # an open kan: no discard (a 0), then the replacement draw
                if not discards[turn] or discards[turn].pop(0) != 0:
                    raise _log_error("expected a 0 in the discards after an open kan", label, step)
                continue
        else:
            raise _log_error(f"expected a tile number or a call in the draws, got {entry!r}", label, step)
        while True:  # the discard, after any kans declared on this turn
            if not discards[turn]:
                return  # a self-drawn win
            out = discards[turn].pop(0)
            if isinstance(out, str) and ("a" in out or "k" in out):
                letter, _, tiles, added = _call_tiles(out, label, step)
                if letter == "a":
                    meld = _meld("ankan", tiles, label, step)
                    _give(held[turn], [t for t, _ in tiles], None, label, step)
                    yield Kan(turn, meld, "ankan", added[0], added[1])
                else:
                    meld = _meld("kan", tiles, label, step)
                    _give(held[turn], [added[0]], None, label, step)
                    yield Kan(turn, meld, "added", added[0], added[1])
                step += 1
                if not draws[turn]:
                    return  # the kan was robbed
                entry = draws[turn].pop(0)
                tile, red = drawn[turn] = tile_of(entry, label, step)
                held[turn][tile] += 1
                yield Draw(turn, tile, red)
                continue
            riichi = isinstance(out, str) and out.startswith("r")
            code = out[1:] if riichi and isinstance(out, str) else out
            if isinstance(code, str):
                code = int(code) if code.isdigit() else code
            if code == TSUMOGIRI:
                if drawn[turn] is None:
                    raise _log_error("expected a drawn tile before a tsumogiri (60)", label, step)
                tile, red = drawn[turn]  # type: ignore[misc]
            else:
                tile, red = tile_of(code, label, step)
            _give(held[turn], [tile], None, label, step)
            yield Discard(turn, tile, red, code == TSUMOGIRI, riichi)
            last = (turn, tile, red)
            break
        caller = None if step in passed else _caller(turn, last, draws, players)
        if caller is not None and _may_throw_again(discards[turn], last[1:]):
            called.append(step)  # the call may be of a later copy
        turn = (turn + 1) % players if caller is None else caller


def _give(held: list[int], tiles: list[Tile], taken: Tile | None, label: str, step: int) -> None:
    """Take ``tiles`` (but one copy of ``taken``, the tile called) out of a seat's concealed ``held`` kinds."""
    needed = list(tiles)
    if taken is not None:
        needed.remove(taken)
    for t in needed:
        if held[t] <= 0:
            raise _log_error(f"expected the seat to hold the {tile_name(t)} it throws or melds", label, step)
        held[t] -= 1


def call_source(text: str, seat: int, players: int) -> int:
    """The seat a pon or open kan written ``text`` (well formed) by ``seat`` took its tile from: the place of
    its letter says it (the first pair: the player on the left; the last: on the right; between: across).

    >>> call_source("35p3553", 0, 4), call_source("p191919", 2, 4), call_source("191919p19", 2, 4)
    (2, 1, 3)
    """
    place = next(i for i, c in enumerate(text) if c.isalpha()) // 2
    own = (len(text) - 1) // 2 - 1  # the caller's own tiles in the meld
    offset = -1 if place == 0 else 1 if place == own else 2
    return (seat + offset) % players


def _may_throw_again(discards: list[int | str], tile: tuple[Tile, bool]) -> bool:
    """Whether a seat's discards still to come may throw ``tile`` again: a copy of it (riichi or not), or a
    tsumogiri (whose tile this check does not follow)."""
    for out in discards:
        text = str(out).removeprefix("r")
        if text.isdigit() and (int(text) == TSUMOGIRI or _tile_or_none(int(text)) == tile):
            return True
    return False


def _tile_or_none(code: int) -> tuple[Tile, bool] | None:
    try:
        return tile_of(code)
    except HandError:
        return None  # a malformed tile: the replay names it when it reads it


def _caller(turn: int, last: tuple[int, Tile, bool], draws: list[list[int | str]], players: int) -> int | None:
    """The seat whose next entry is a pon or kan of ``turn``'s discard ``last`` (one that names ``turn`` as its
    source), or ``None``: then the next seat acts (its chi or its draw)."""
    for offset in range(1, players):
        seat = (turn + offset) % players
        text = draws[seat][0] if draws[seat] else None
        if isinstance(text, str) and ("p" in text or "m" in text):
            try:
                taken = _call_tiles(text, "", 0)[3]
            except HandError:
                continue  # a malformed call: the replay names it when that seat's turn reads it
            if taken == (last[1], last[2]) and call_source(text, seat, players) == turn:
                return seat
    return None
