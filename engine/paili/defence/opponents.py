"""The other players as the seat sees them: :class:`Opponent` and :class:`Opponents`, their text and JSON forms.

Text form (one line, for the page's address and the CLI), seats separated by ``;``, each ``l:``, ``a:`` or
``r:`` (left 上家, across 対面, right 下家; sanma has only ``l`` and ``r``) then that player's discards in
order in mpsz, their called melds in brackets, and after ``+`` the tiles others threw since their riichi that
they let pass. A mark right after a tile's digit says more about that discard: ``*`` declared riichi with it,
``'`` thrown from the hand (tedashi; tiles without it are unknown or from the draw), ``-`` called away by
another player (it stays the thrower's discard for furiten but is counted once, in the caller's meld)::

    l:19m4'5*p7z [234s];r:1z2z9p+3s

is left: 1m 9m 4p (tedashi) 5p (riichi) 7z, a chi 234s; right: 1z 2z 9p; 3s passed since left's riichi.
Whitespace is ignored; canonical form (:func:`format_opponents`): seats in the order l, a, r, each tile
written with its own suit letter (``1m9m4'p5*p7z``), melds after one space, ``+`` and the passed tiles last.

JSON form (the API): ``{"left": {"discards": ["1m", "9m", "4p", "5p", "7z"], "riichi": 3, "tedashi": [2],
"called": [], "melds": ["[234s]"], "passed": ["3s"]}, "right": {...}}``; ``riichi`` the index of the riichi
discard or ``null``, ``tedashi`` and ``called`` indices into ``discards``, every key but ``discards`` optional.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal, TypeAlias

from ..errors import HandError
from ..hand import Hand, Meld
from ..notation import normalize, parse_sequence
from ..rules import Rules
from ..tiles import COPIES, FIVES, KINDS, Tile, tile_code, tile_name

__all__ = ["MAX_OPPONENTS_TEXT", "SEATS", "Opponent", "Opponents", "Seat", "format_opponents",
           "opponents_from_json", "opponents_json", "parse_opponents", "seen_counts"]

Seat: TypeAlias = Literal["left", "across", "right"]
SEATS: Final[tuple[Seat, ...]] = ("left", "across", "right")
_LETTERS: Final[dict[str, Seat]] = {"l": "left", "a": "across", "r": "right"}
_LETTER_OF: Final = {v: k for k, v in _LETTERS.items()}
MAX_OPPONENTS_TEXT: Final = 800
"""Longest text form accepted."""
_MARKS: Final = "*'-"
FIELD: Final = "opponents"


@dataclass(frozen=True, slots=True)
class Opponent:
    """One opponent: discards in order (kinds), red flags, the riichi discard's index, tedashi and called-away
    indices, called melds, the tiles passed since their riichi."""

    discards: tuple[Tile, ...] = ()
    reds: tuple[bool, ...] = ()
    riichi: int | None = None
    tedashi: frozenset[int] = frozenset()
    called: frozenset[int] = frozenset()
    melds: tuple[Meld, ...] = ()
    passed: tuple[Tile, ...] = ()
    passed_reds: tuple[bool, ...] = ()

    @property
    def in_riichi(self) -> bool:
        """Declared riichi."""
        return self.riichi is not None

    @property
    def open_melds(self) -> int:
        """Called melds other than closed kans."""
        return sum(m.kind != "ankan" for m in self.melds)

    def furiten(self) -> frozenset[Tile]:
        """The kinds that cannot deal in to them now: their discards, and after riichi what passed."""
        return frozenset(self.discards) | (frozenset(self.passed) if self.in_riichi else frozenset())


@dataclass(frozen=True, slots=True)
class Opponents:
    """The opponents by seat (``None`` for a seat not given)."""

    left: Opponent | None = None
    across: Opponent | None = None
    right: Opponent | None = None

    def seats(self) -> tuple[tuple[Seat, Opponent], ...]:
        """The given seats, in the order left, across, right."""
        out: list[tuple[Seat, Opponent]] = []
        for seat in SEATS:
            player = getattr(self, seat)
            if player is not None:
                out.append((seat, player))
        return tuple(out)


def _error(message: str, position: int | None, *, code: str, **params: Any) -> HandError:
    return HandError(message, position, FIELD, code=code, params=params)


def _check_player(seat: str, player: Opponent, where: int | None) -> None:
    """Riichi only closed; indices in range."""
    n = len(player.discards)
    if player.riichi is not None and not 0 <= player.riichi < n:
        raise _error(f"expected {seat}'s riichi to index one of their {n} discards, got {player.riichi}", where,
                   code="opponents.riichi_index", seat=seat, got=player.riichi)
    for name, indices in (("tedashi", player.tedashi), ("called", player.called)):
        bad = sorted(i for i in indices if not 0 <= i < n)
        if bad:
            raise _error(f"expected {seat}'s {name} to index their {n} discards, got {bad[0]}", where,
                       code="opponents.index", seat=seat, name=name, got=bad[0])
    if player.in_riichi and player.open_melds:
        raise _error(f"expected {seat} in riichi to have no called melds but closed kans, got {player.open_melds}",
                   where, code="opponents.riichi_open", seat=seat, count=player.open_melds)
    if player.passed and not player.in_riichi:
        raise _error(f"expected passed tiles only for a player in riichi, got some for {seat}", where,
                   code="opponents.passed_without_riichi", seat=seat)
    if player.in_riichi:
        after = [i for i in player.tedashi if player.riichi is not None and i > player.riichi]
        if after:
            raise _error(f"expected {seat}'s discards after their riichi to come from the draw, got a tedashi at "
                       f"discard {after[0] + 1}", where, code="opponents.tedashi_after_riichi", seat=seat,
                       index=after[0] + 1)
    if len(player.melds) > 4:
        raise _error(f"expected at most 4 melds for {seat}, got {len(player.melds)}", where, code="opponents.melds",
                   seat=seat, count=len(player.melds))


def _check_table(opponents: Opponents, rules: Rules) -> None:
    """The rule set allows opponents, the seats fit it, no kind more than 4 times across rivers and melds."""
    check_rules_allow(rules)
    if rules == "sanma" and opponents.across is not None:
        raise _error("expected only left and right in sanma (three players), got across", None,
                   code="opponents.sanma_across")
    if not opponents.seats():
        raise _error("expected at least one opponent", None, code="opponents.none")
    reds = [0, 0, 0]
    for _, player in opponents.seats():
        for i, (tile, red) in enumerate(zip(player.discards, player.reds, strict=True)):
            if red and i not in player.called:
                reds[FIVES.index(tile)] += 1
        for meld in player.melds:
            if meld.reds:
                reds[meld.tiles[0] // 9] += meld.reds
    for suit, count in enumerate(reds):
        if count > 1:
            raise _error(f"expected at most one red five '0{'mps'[suit]}' across the opponents' rivers and melds, "
                         f"got {count}", None, code="opponents.red_fives", red=f"0{'mps'[suit]}", total=count)
    counts = seen_counts(opponents)
    for tile in range(KINDS):
        if counts[tile] > COPIES:
            raise HandError(f"expected at most {COPIES} copies of {tile_name(tile)} across the hand, the visible "
                            f"tiles and the opponents' rivers and melds, got {counts[tile]}", None, FIELD,
                            code="opponents.copies", params={"tile": tile_name(tile), "total": counts[tile]})


def seen_counts(opponents: Opponents) -> list[int]:
    """The copies the opponents show: discards still in a river (not called away) and called melds."""
    counts = [0] * KINDS
    for _, player in opponents.seats():
        for i, tile in enumerate(player.discards):
            if i not in player.called:
                counts[tile] += 1
        for meld in player.melds:
            for tile in meld.tiles:
                counts[tile] += 1
    return counts


def check_against(opponents: Opponents, hand: Hand, other: Sequence[int], field: str = FIELD) -> list[int]:
    """Every copy seen (hand, ``other`` visible counts, the opponents) at most 4 times: the seen counts."""
    counts = seen_counts(opponents)
    called = hand.set_aside()
    total = [hand.concealed[t] + called[t] + other[t] + counts[t] for t in range(KINDS)]
    for tile in range(KINDS):
        if total[tile] > COPIES:
            raise HandError(f"expected at most {COPIES} copies of {tile_name(tile)} across the hand, the visible "
                            f"tiles and the opponents' rivers and melds, got {total[tile]}", None, field,
                            code="opponents.copies", params={"tile": tile_name(tile), "total": total[tile]})
    return total


# --- text form ---------------------------------------------------------------------------------------------


def parse_opponents(text: object, *, rules: Rules = "riichi") -> Opponents:
    """The :class:`Opponents` of the text form (module docstring); :class:`HandError` (field ``opponents``)
    naming the character for anything malformed.

    >>> parse_opponents("l:19m4'5*p7z;r:1z2z9p+3s")
    Traceback (most recent call last):
    ...
    paili.errors.HandError: expected passed tiles only for a player in riichi, got some for right
    >>> format_opponents(parse_opponents("l: 19m4'5*p7z + 3s ; r:1z2z9p"))
    "l:1m9m4'p5*p7z+3s;r:1z2z9p"
    """
    if not isinstance(text, str):
        raise _error(f"expected a string, got {type(text).__name__}", None, code="opponents.type",
                   type=type(text).__name__)
    if len(text) > MAX_OPPONENTS_TEXT:
        raise _error(f"expected at most {MAX_OPPONENTS_TEXT} characters, got {len(text)}", MAX_OPPONENTS_TEXT,
                   code="opponents.too_long", max=MAX_OPPONENTS_TEXT, length=len(text))
    source = normalize(text)
    found: dict[str, Opponent] = {}
    start = 0
    while start <= len(source):
        stop = source.find(";", start)
        stop = len(source) if stop < 0 else stop
        if source[start:stop].strip() or stop < len(source):
            seat, player = _parse_seat(source, start, stop, rules)
            if seat in found:
                raise _error(f"expected each seat once, got {seat} again at character {start + 1}", start,
                           code="opponents.seat_twice", seat=seat, at=start + 1)
            found[seat] = player
        start = stop + 1
    opponents = Opponents(**found)
    _check_table(opponents, rules)
    return opponents


def _parse_seat(source: str, start: int, stop: int, rules: Rules) -> tuple[Seat, Opponent]:
    i = start
    while i < stop and source[i].isspace():
        i += 1
    if i + 1 >= stop + 1 or source[i] not in _LETTERS or i + 1 >= len(source) or source[i + 1] != ":":
        got = repr(source[i]) if i < stop else "end of the seat"
        raise _error(f"expected a seat 'l:', 'a:' or 'r:' at character {i + 1}, got {got}", i,
                   code="opponents.seat", at=i + 1, got=got)
    seat: Seat = _LETTERS[source[i]]
    body = i + 2
    plus = source.find("+", body, stop)
    river_stop = stop if plus < 0 else plus
    marks: dict[int, str] = {}
    chars = list(source)
    for j in range(body, river_stop):
        if source[j] in _MARKS:
            k = j - 1
            while k >= body and source[k] in _MARKS:
                k -= 1
            if k < body or not source[k].isdigit():
                raise _error(f"expected the mark {source[j]!r} right after a tile's digit, got it at character "
                           f"{j + 1}", j, code="opponents.mark", mark=repr(source[j]), at=j + 1)
            if source[j] in marks.get(k, ""):
                raise _error(f"expected the mark {source[j]!r} once per tile, got it again at character {j + 1}", j,
                           code="opponents.mark_twice", mark=repr(source[j]), at=j + 1)
            marks[k] = marks.get(k, "") + source[j]
            chars[j] = " "
    blank = "".join(chars)
    tiles, melds = parse_sequence(blank, body, river_stop, field=FIELD, rules=rules)
    riichi: int | None = None
    tedashi, called = set(), set()
    for index, (_, _, pos) in enumerate(tiles):
        mark = marks.get(pos, "")
        if "*" in mark:
            if riichi is not None:
                raise _error(f"expected one riichi discard for {seat}, got a second at character {pos + 1}", pos,
                           code="opponents.riichi_twice", seat=seat, at=pos + 1)
            riichi = index
        if "'" in mark:
            tedashi.add(index)
        if "-" in mark:
            called.add(index)
    passed: tuple[tuple[Tile, bool, int], ...] = ()
    if plus >= 0:
        passed, extra = parse_sequence(blank, plus + 1, stop, field=FIELD, rules=rules)
        if extra:
            raise _error(f"expected only tiles after '+', got a meld at character {extra[0][1] + 1}", extra[0][1],
                       code="opponents.passed_meld", at=extra[0][1] + 1)
    player = Opponent(tuple(t for t, _, _ in tiles), tuple(r for _, r, _ in tiles), riichi, frozenset(tedashi),
                      frozenset(called), tuple(m for m, _ in melds), tuple(t for t, _, _ in passed),
                      tuple(r for _, r, _ in passed))
    _check_player(seat, player, start)
    return seat, player


def format_opponents(opponents: Opponents) -> str:
    """The canonical text form (module docstring); :func:`parse_opponents` reads it back equal."""
    parts = []
    for seat, player in opponents.seats():
        river = []
        for i, (tile, red) in enumerate(zip(player.discards, player.reds, strict=True)):
            code = tile_code(tile, red=red)
            mark = ("*" if i == player.riichi else "") + ("'" if i in player.tedashi else "") + (
                "-" if i in player.called else "")
            river.append(code[0] + mark + code[1])
        text = _LETTER_OF[seat] + ":" + "".join(river) + "".join(" " + str(m) for m in player.melds)
        if player.passed:
            text += "+" + "".join(tile_code(t, red=r) for t, r in zip(player.passed, player.passed_reds, strict=True))
        parts.append(text)
    return ";".join(parts)


# --- JSON form ---------------------------------------------------------------------------------------------

_KEYS: Final = ("discards", "riichi", "tedashi", "called", "melds", "passed")


def opponents_json(opponents: Opponents) -> dict[str, Any]:
    """The JSON form (module docstring)."""
    out: dict[str, Any] = {}
    for seat, player in opponents.seats():
        out[seat] = {
            "discards": [tile_code(t, red=r) for t, r in zip(player.discards, player.reds, strict=True)],
            "riichi": player.riichi,
            "tedashi": sorted(player.tedashi),
            "called": sorted(player.called),
            "melds": [str(m) for m in player.melds],
            "passed": [tile_code(t, red=r) for t, r in zip(player.passed, player.passed_reds, strict=True)],
        }
    return out


def _tile_list(value: object, seat: str, key: str, rules: Rules) -> tuple[tuple[Tile, ...], tuple[bool, ...]]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise _error(f"expected {seat}.{key} to be a list of tile codes", None, code="opponents.json_tiles", seat=seat,
                   key=key)
    text = " ".join(value)
    tiles, melds = parse_sequence(normalize(text), 0, len(text), field=FIELD, rules=rules) if text else ((), ())
    if melds or len(tiles) != len(value):
        raise _error(f"expected {seat}.{key} to hold one tile per item", None, code="opponents.json_tiles", seat=seat,
                   key=key)
    return tuple(t for t, _, _ in tiles), tuple(r for _, r, _ in tiles)


def _indices(value: object, seat: str, key: str) -> frozenset[int]:
    if value is None:
        return frozenset()
    if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise _error(f"expected {seat}.{key} to be a list of indices", None, code="opponents.json_indices", seat=seat,
                   key=key)
    return frozenset(value)


def opponents_from_json(value: object, *, rules: Rules = "riichi") -> Opponents:
    """The :class:`Opponents` of the JSON form; :class:`HandError` (field ``opponents``) for a bad part."""
    if not isinstance(value, Mapping):
        raise _error("expected an object with the keys left, across, right", None, code="opponents.json_type")
    found: dict[str, Opponent] = {}
    for seat, entry in value.items():
        if seat not in SEATS:
            raise _error(f"expected the seats left, across, right, got {seat!r}", None, code="opponents.json_seat",
                       got=repr(seat))
        if not isinstance(entry, Mapping) or not set(entry) <= set(_KEYS) or "discards" not in entry:
            raise _error(f"expected {seat} to be an object with discards and optionally riichi, tedashi, called, "
                       f"melds, passed", None, code="opponents.json_player", seat=seat)
        discards, reds = _tile_list(entry["discards"], seat, "discards", rules)
        passed, passed_reds = _tile_list(entry.get("passed", []), seat, "passed", rules)
        riichi = entry.get("riichi")
        if riichi is not None and (not isinstance(riichi, int) or isinstance(riichi, bool)):
            raise _error(f"expected {seat}.riichi to be an index or null", None, code="opponents.json_indices",
                         seat=seat, key="riichi")
        melds_value = entry.get("melds", [])
        if not isinstance(melds_value, list) or not all(isinstance(m, str) for m in melds_value):
            raise _error(f"expected {seat}.melds to be a list of meld strings", None, code="opponents.json_melds",
                       seat=seat)
        text = " ".join(melds_value)
        loose, melds = parse_sequence(normalize(text), 0, len(text), field=FIELD, rules=rules) if text else ((),
                                                                                                           ())
        if loose or len(melds) != len(melds_value):
            raise _error(f"expected {seat}.melds to hold one meld per item", None, code="opponents.json_melds",
                         seat=seat)
        player = Opponent(discards, reds, riichi, _indices(entry.get("tedashi"), seat, "tedashi"),
                          _indices(entry.get("called"), seat, "called"), tuple(m for m, _ in melds), passed,
                          passed_reds)
        _check_player(seat, player, None)
        found[seat] = player
    opponents = Opponents(**found)
    _check_table(opponents, rules)
    return opponents


def check_rules_allow(rules: Rules) -> None:
    """Refuse opponents under a rule set the model does not cover (Sichuan, GB: their furiten and payments
    differ from riichi's)."""
    if rules in ("sichuan", "gb"):
        raise _error(f"expected no opponents under rules {rules!r}: their furiten and payments differ from "
                     f"riichi's and are not modelled", None, code="opponents.rules", rules=repr(rules))
