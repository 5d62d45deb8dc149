"""The mpsz text form of hands, melds and tile lists: strict parsers and canonical printers.

Grammar (whitespace - space, tab, newline, no-break space, ideographic space - is ignored everywhere, so
``123m 456p`` and ``[7 8 9s]`` are fine; any other character not listed here is an error):

* **Tiles**: a run of digits closed by one suit letter: ``123m456p789s1122z``. ``0`` is a red five (``0m``,
  ``0p``, ``0s``); it is a 5 for every shape question and is kept separately (:attr:`Hand.reds`). Honors
  are ``1z``-``7z``; there is no ``0z``, ``8z`` or ``9z``. A digit run must end with a suit letter and a suit
  letter needs digits before it.
* **Melds** (副露), before, between or after the concealed tiles, kept in input order: ``[789s]`` chi (any
  order inside: ``[978s]``), ``[777s]`` pon, ``[7777s]`` open kan (明槓), ``(7777s)`` closed kan (暗槓).
  Inside the brackets: digits and exactly one suit letter, at the end. Red fives are allowed: ``[406p]``,
  ``[0555m]``.
* **Nukidora** (抜きドラ, three-player riichi only): a north set aside is written ``{4z}`` wherever a meld may
  be (``{44z}`` sets aside two); it counts toward the 4 copies of ``4z`` but not toward the 14 tiles.
* **Rule sets** (``rules``, see :mod:`paili.rules`): a tile outside the set's universe (``2m``-``8m`` in
  sanma, honors in Sichuan) is an error at its position, and so is a chi meld where chi is not called
  (sanma, Sichuan).
* **Limits**: at most 4 copies of a kind (red fives and called melds count), at most one red five per suit,
  and a tile count that can be a hand: the concealed part has 3k+1 or 3k+2 tiles (1 to 14) and
  concealed + 3 x melds <= 14. Fewer melds than the count allows are Tenhou's short-hand convention (unknown
  called melds): ``19m19p19s12345z`` is 11 tiles plus one unknown meld.
* Any string longer than :data:`MAX_TEXT_LENGTH` characters is rejected before anything else is done.
* **Normalisation** (:func:`normalize`): upper-case suit letters (``123M``) and the full-width forms of the
  digits, suit letters and brackets (``１２３ｍ``, ``１２３Ｍ``, ``［７８９ｓ］``), as a phone's Japanese
  keyboard types them, are read as their ASCII lower-case selves. The mapping is one character for one, so
  every position still indexes the text as it was typed.

Canonical form (:func:`format_hand`): concealed tiles in m, p, s, z order, digits ascending inside a suit
with a red ``0`` just before the 5s, then each meld after one space. Chi digits ascend with the ``0`` in
the five's place (``[406p]``), a pon or kan writes the ``0`` first (``[055p]``, ``(0555m)``).

Every bad input raises :class:`~paili.errors.HandError` (never another exception) whose message says what
was expected and what was found (counting characters from 1, as people do: "at character 5"), with
``position`` the 0-based character index in the string being parsed
(``None`` where no single character is to blame, as for a wrong tile count), and ``field`` the input it
belongs to: ``"hand"``, ``"visible"`` (or the ``field`` given to :func:`parse_tiles`) or ``"melds"`` (the
separate argument; for a list the message ends with which string, ``(in melds[1])``). The position is an
index into that input's string.

>>> hand = parse("123m 456p 22z [789s] (1111z)")
>>> format_hand(hand)
'123m456p22z [789s] (1111z)'
>>> format_hand(parse("5550m [64 0s]", melds=["[5055p]"]))
'0555m [406s] [0555p]'
>>> parse("123m4")
Traceback (most recent call last):
...
paili.errors.HandError: expected a suit letter after the digits '4' at character 5, got end of input
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final, NamedTuple

from .errors import HandError, Param
from .hand import NORTH, Hand, Meld, MeldKind, format_hand, format_meld, format_tiles, meld_problem
from .rules import RULE_SETS, Rules
from .tiles import COPIES, KINDS, SUITS, Counts, Tile, tile_name

__all__ = [
    "MAX_HAND_TILES",
    "MAX_MELDS",
    "MAX_TEXT_LENGTH",
    "check_visible",
    "format_hand",
    "format_meld",
    "format_tiles",
    "normalize",
    "parse",
    "parse_sequence",
    "parse_melds",
    "parse_tiles",
]

MAX_TEXT_LENGTH: Final = 200
"""Longest string any parser here accepts (hand, one meld string, or visible tiles)."""

MAX_HAND_TILES: Final = 14
"""Concealed tiles + 3 per called meld may not exceed this."""

MAX_MELDS: Final = 4
"""Most called melds a hand can have."""

WHITESPACE: Final = frozenset(" \t\r\n\u00a0\u3000")
"""Characters skipped wherever they appear."""

_ASCII_NOTATION: Final = "0123456789mpsz[]()"
_FULL_WIDTH: Final = 0xFEE0
"""The offset of the full-width forms (U+FF01..U+FF5E) from their ASCII characters."""
_NORMALIZE: Final = str.maketrans(
    {
        **{chr(ord(c) + _FULL_WIDTH): c for c in _ASCII_NOTATION},
        **{c.upper(): c for c in "mpsz"},
        **{chr(ord(c.upper()) + _FULL_WIDTH): c for c in "mpsz"},
    }
)
"""Each character the parsers read as another one: full-width digits, letters and brackets, upper-case suits."""

_DIGITS: Final = frozenset("0123456789")
_DIGIT_KINDS: Final = {
    suit: {str(d): 9 * i + (4 if d == 0 else d - 1) for d in (range(1, 8) if suit == "z" else range(10))}
    for i, suit in enumerate(SUITS)}
"""``_DIGIT_KINDS[suit][digit]``: the kind a digit names in a suit (``0``, the red five, is a 5; honors 1-7)."""
_SUIT_LETTERS: Final = frozenset(SUITS)
_CLOSER: Final = {"[": "]", "(": ")"}
_CLOSERS: Final = frozenset("])")
_RED_SUITS: Final = 3
_END: Final = "end of input"
_EXPECTED: Final = {
    "digit_or_suit": "a digit or a suit letter (m, p, s or z)",
    "digit_or_meld": "a digit (0-9), '[' or '('",
    "digit": "a digit (0-9)",
    "meld_open": "'[' or '(' to open a meld",
}
"""What a character in the wrong place should have been, by the id an error's ``expected`` param names."""
_NOTES: Final = {
    "none": "",
    "no_meld_open": " with no meld open",
    "melds_not_allowed": " (melds are not allowed here)",
    "only_melds": " (only bracketed melds are allowed here)",
    "nested_meld": " (melds cannot be nested)",
    "meld_closes_with": " (the meld opened at character {start} closes with {closer})",
}
"""Why a character is not allowed there, by the id an error's ``note`` param names."""


# --- internal values -------------------------------------------------------------------------------------


class _Copy(NamedTuple):
    """One tile as written: its kind, whether it was a red ``0``, and where (field label, character index)."""

    tile: Tile
    red: bool
    where: str
    position: int


class _ParsedMeld(NamedTuple):
    meld: Meld
    copies: tuple[_Copy, ...]
    position: int


@dataclass(slots=True)
class _Scan:
    """What one string held: concealed tiles, melds, and every copy in input order (for the limit checks)."""

    concealed: list[_Copy] = field(default_factory=list)
    melds: list[_ParsedMeld] = field(default_factory=list)
    copies: list[_Copy] = field(default_factory=list)
    norths: list[_Copy] = field(default_factory=list)
    """The copies of ``4z`` set aside as nukidora (``{4z}``)."""


def _error(where: str, message: str, position: int | None = None, *, code: str,
           params: dict[str, Param] | None = None) -> HandError:
    """The error for the input labelled ``where``: ``""`` (the hand string), a field name (``"visible"``,
    ``"melds"``) or ``"melds[i]"`` (the i-th string of a melds list, named at the end of the message, and
    as the param ``item``); ``code`` and ``params`` as :class:`HandError` has them."""
    field, _, index = where.partition("[")
    params = dict(params or {})
    if index:
        message = f"{message} (in melds[{index})"
        params["item"] = int(index.rstrip("]"))
    return HandError(message, position, field or "hand", code=code, params=params)


# --- scanning ----------------------------------------------------------------------------------------------


def _check_text(text: object, where: str) -> str:
    """The string as the parsers read it (:func:`normalize`); HandError when it is not a string or is too long
    (checked before anything else)."""
    if not isinstance(text, str):
        raise _error(where, f"expected a string, got {type(text).__name__}", code="text.type",
                     params={"type": type(text).__name__})
    if len(text) > MAX_TEXT_LENGTH:
        raise _error(
            where,
            f"expected at most {MAX_TEXT_LENGTH} characters, got {len(text)}; "
            f"the text is too long from character {MAX_TEXT_LENGTH + 1}",
            MAX_TEXT_LENGTH,
            code="text.too_long",
            params={"max": MAX_TEXT_LENGTH, "length": len(text), "from": MAX_TEXT_LENGTH + 1},
        )
    return normalize(text)


def normalize(text: str) -> str:
    """The text as the parsers read it: upper-case suit letters and full-width digits, suit letters and
    brackets become their ASCII lower-case forms, one character for one (so positions are unchanged); any
    other character is left as it is.

    >>> normalize("１２３Ｍ ４５６P [７８９ｓ]")
    '123m 456p [789s]'
    """
    return text.translate(_NORMALIZE)


def _unended(text: str, pending: list[int], where: str, got: str | None) -> HandError:
    """Digits that no suit letter closed (by the character ``got``, or the end when None); points at the
    first of them."""
    digits = "".join(text[p] for p in pending)
    params: dict[str, Param] = {"digits": repr(digits), "at": pending[0] + 1}
    if got is not None:
        params["char"] = repr(got)
    return _error(
        where,
        f"expected a suit letter after the digits {digits!r} at character {pending[0] + 1}, "
        f"got {_END if got is None else repr(got)}",
        pending[0],
        code="notation.unended" if got is not None else "notation.unended_end",
        params=params,
    )


def _tiles(text: str, positions: list[int], suit: str, where: str) -> list[_Copy]:
    """The copies for a run of digits (at ``positions``) closed by ``suit``."""
    kinds = _DIGIT_KINDS[suit]
    out = []
    for p in positions:
        digit = text[p]
        kind = kinds.get(digit)
        if kind is None:  # 0, 8 or 9 before 'z'
            why = " (there is no red honor)" if digit == "0" else ""
            raise _error(
                where,
                f"expected an honor digit from 1 to 7 before 'z', got '{digit}z' at character {p + 1}{why}",
                p,
                code="notation.red_honor" if digit == "0" else "notation.honor_digit",
                params={"digit": int(digit), "at": p + 1},
            )
        out.append(_Copy(kind, digit == "0", where, p))
    return out


def _scan(text: str, where: str, *, tiles_allowed: bool, melds_allowed: bool, start: int = 0,
          stop: int | None = None) -> _Scan:
    """Read ``text`` left to right: concealed tiles (when allowed) and bracketed melds (when allowed); only
    ``text[start:stop]`` is read, positions still index the whole ``text``."""
    scan = _Scan()
    pending: list[int] = []
    i, n = start, len(text) if stop is None else stop
    while i < n:
        char = text[i]
        if char in WHITESPACE:
            pass
        elif tiles_allowed and char in _DIGITS:
            pending.append(i)
        elif tiles_allowed and char in _SUIT_LETTERS:
            if not pending:
                raise _error(
                    where, f"expected digits before the suit letter {char!r} at character {i + 1}, got none", i,
                    code="notation.digits_before_suit", params={"suit": repr(char), "at": i + 1},
                )
            copies = _tiles(text, pending, char, where)
            scan.concealed.extend(copies)
            scan.copies.extend(copies)
            pending = []
        elif melds_allowed and char in _CLOSER:
            if pending:
                raise _unended(text, pending, where, char)
            parsed, i = _scan_meld(text, i, where)
            scan.melds.append(parsed)
            scan.copies.extend(parsed.copies)
        elif melds_allowed and char == "{":
            if pending:
                raise _unended(text, pending, where, repr(char))
            norths, i = _scan_nukidora(text, i, where)
            scan.norths.extend(norths)
            scan.copies.extend(norths)
        else:
            raise _unexpected(char, i, where, pending=bool(pending), tiles=tiles_allowed, melds=melds_allowed)
        i += 1
    if pending:
        raise _unended(text, pending, where, None)
    return scan


def _unexpected(char: str, i: int, where: str, *, pending: bool, tiles: bool, melds: bool) -> HandError:
    expected_id = ("digit_or_suit" if pending else "digit_or_meld" if tiles and melds else "digit" if tiles
                   else "meld_open")
    note_id = ("no_meld_open" if char in _CLOSERS else "melds_not_allowed" if char in _CLOSER
               else "only_melds" if char in _DIGITS or char in _SUIT_LETTERS else "none")
    return _error(where, f"expected {_EXPECTED[expected_id]}, got {char!r} at character {i + 1}{_NOTES[note_id]}", i,
                  code="notation.unexpected",
                  params={"expected": expected_id, "char": repr(char), "at": i + 1, "note": note_id})


def _scan_nukidora(text: str, start: int, where: str) -> tuple[list[_Copy], int]:
    """Read the nukidora group whose brace opens at ``start`` (``{4z}``, ``{44z}``...): its copies of north and
    the index of the closing brace."""
    end = text.find("}", start)
    if end < 0:
        raise _error(where, f"expected '}}' to close the nukidora opened at character {start + 1}, got {_END}",
                     start, code="nukidora.unclosed", params={"start": start + 1})
    inner = [(j, text[j]) for j in range(start + 1, end) if text[j] not in WHITESPACE]
    body = "".join(ch for _, ch in inner)
    if len(body) < 2 or body[-1] != "z" or set(body[:-1]) != {"4"}:
        raise _error(where, f"expected only norths set aside as nukidora, such as '{{4z}}' or '{{44z}}', got "
                            f"{text[start:end + 1]!r} at character {start + 1}", start, code="nukidora.invalid",
                     params={"got": repr(text[start:end + 1]), "at": start + 1})
    return [_Copy(NORTH, False, where, j) for j, ch in inner[:-1]], end


def _scan_meld(text: str, start: int, where: str) -> tuple[_ParsedMeld, int]:
    """Read the meld whose bracket opens at ``start``; returns it and the index of its closing bracket."""
    closer = _CLOSER[text[start]]
    digits: list[int] = []
    suit = ""
    j, n = start + 1, len(text)
    while j < n:
        char = text[j]
        if char == closer:
            break
        if char in WHITESPACE:
            j += 1
            continue
        if suit:
            raise _error(
                where,
                f"expected {closer!r} to close the meld opened at character {start + 1} after its suit letter, "
                f"got {char!r} at character {j + 1}",
                j,
                code="meld.unclosed_after_suit",
                params={"closer": repr(closer), "start": start + 1, "char": repr(char), "at": j + 1},
            )
        if char in _DIGITS:
            digits.append(j)
        elif char in _SUIT_LETTERS:
            if not digits:
                raise _error(
                    where, f"expected digits before the suit letter {char!r} at character {j + 1}, got none", j,
                    code="notation.digits_before_suit", params={"suit": repr(char), "at": j + 1},
                )
            suit = char
        else:
            expected_id = "digit_or_suit" if digits else "digit"
            note_id = "nested_meld" if char in _CLOSER else "meld_closes_with" if char in _CLOSERS else "none"
            note = _NOTES[note_id].format(start=start + 1, closer=repr(closer))
            raise _error(where, f"expected {_EXPECTED[expected_id]}, got {char!r} at character {j + 1}{note}", j,
                         code="notation.unexpected",
                         params={"expected": expected_id, "char": repr(char), "at": j + 1, "note": note_id,
                                 "start": start + 1, "closer": repr(closer)})
        j += 1
    else:
        raise _error(
            where, f"expected {closer!r} to close the meld opened at character {start + 1}, got {_END}", start,
            code="meld.unclosed", params={"closer": repr(closer), "start": start + 1},
        )
    if not digits:
        raise _error(where, f"expected the tiles of a meld, got an empty meld at character {start + 1}", start,
                     code="meld.empty", params={"at": start + 1})
    if not suit:
        raise _unended(text, digits, where, closer)
    copies = _tiles(text, digits, suit, where)
    return _ParsedMeld(_meld_shape(copies, text, start, j, where), tuple(copies), start), j


def _meld_shape(copies: list[_Copy], text: str, start: int, end: int, where: str) -> Meld:
    """The meld the copies between brackets ``start``..``end`` make; HandError for a wrong size or shape."""
    tiles = tuple(sorted(c.tile for c in copies))
    reds = sum(c.red for c in copies)
    shown = repr(text[start : end + 1])
    size, same = len(tiles), len(set(tiles)) == 1
    kind: MeldKind
    if text[start] == "(":
        if size != 4:
            raise _error(
                where, f"expected 4 tiles in a closed kan, got {size} in {shown} at character {start + 1}", start,
                code="meld.ankan_size", params={"size": size, "meld": shown, "at": start + 1},
            )
        kind = "ankan"
    elif size == 4:
        kind = "kan"
    elif size == 3:
        kind = "pon" if same else "chi"
    else:
        raise _error(
            where,
            f"expected 3 tiles (chi or pon) or 4 (kan) in a meld, got {size} in {shown} at character {start + 1}",
            start,
            code="meld.size",
            params={"size": size, "meld": shown, "at": start + 1},
        )
    problem = meld_problem(kind, tiles)
    if problem is not None:
        code, message = problem
        raise _error(where, f"{message}, got {shown} at character {start + 1}", start, code=code,
                     params={"meld": shown, "at": start + 1})
    if reds > 1:
        _check_copies(copies)  # a second red five of the suit: the error names its position
    return Meld(kind, tiles, reds)


# --- limits -----------------------------------------------------------------------------------------------


def _check_copies(copies: Sequence[_Copy], *, melds: bool = True) -> tuple[Counts, tuple[int, int, int]]:
    """Count the copies in input order; the first 5th copy of a kind or 2nd red five of a suit is an error."""
    what = "red fives and called melds count" if melds else "red fives count"
    counts = [0] * KINDS
    reds = [0] * _RED_SUITS
    for c in copies:
        counts[c.tile] += 1
        if counts[c.tile] > COPIES:
            raise _error(
                c.where,
                f"expected at most {COPIES} copies of {tile_name(c.tile)} ({what}), "
                f"got a 5th at character {c.position + 1}",
                c.position,
                code="copies.fifth" if melds else "copies.fifth_plain",
                params={"tile": tile_name(c.tile), "at": c.position + 1},
            )
        if c.red:
            suit = c.tile // 9
            reds[suit] += 1
            if reds[suit] > 1:
                raise _error(
                    c.where,
                    f"expected at most one red five of each suit, got a second '0{SUITS[suit]}' "
                    f"at character {c.position + 1}",
                    c.position,
                    code="copies.second_red",
                    params={"red": f"0{SUITS[suit]}", "at": c.position + 1},
                )
    return tuple(counts), (reds[0], reds[1], reds[2])


def _check_size(concealed: int, melds: int, extra: int = 0) -> None:
    """The concealed part must have 3k+1 or 3k+2 tiles and concealed + 3 x melds <= 14.

    ``extra`` of the melds come from the separate ``melds`` argument: a total they alone push over 14 is
    that field's error."""
    total = concealed + 3 * melds
    if concealed == 0:
        raise HandError("expected at least one concealed tile, got none", code="size.none", params={})
    if total > MAX_HAND_TILES:
        if melds:
            field = "melds" if extra and total - 3 * extra <= MAX_HAND_TILES else "hand"
            raise HandError(
                f"expected at most {MAX_HAND_TILES} tiles counting 3 per meld, got {total} "
                f"({concealed} concealed + {melds} meld{'s' if melds > 1 else ''})",
                field=field,
                code="size.too_many_with_melds",
                params={"max": MAX_HAND_TILES, "total": total, "concealed": concealed, "melds": melds},
            )
        raise HandError(f"expected at most {MAX_HAND_TILES} tiles, got {concealed}", code="size.too_many",
                        params={"max": MAX_HAND_TILES, "count": concealed})
    if concealed % 3 == 0:
        raise HandError(
            f"expected 3k+1 or 3k+2 concealed tiles (1, 2, 4, 5, 7, 8, 10, 11, 13 or 14), got {concealed}",
            code="size.not_3k", params={"count": concealed},
        )


def _melds_argument(melds: object) -> _Scan:
    """The separate ``melds`` argument: None, one string of melds, or a sequence of one-meld strings (a
    nukidora group ``{4z}`` may be one of them)."""
    if melds is None:
        return _Scan()
    if isinstance(melds, str):
        text = _check_text(melds, "melds")
        scan = _scan(text, "melds", tiles_allowed=False, melds_allowed=True)
        found = scan.melds
        if len(found) > MAX_MELDS:
            extra = found[MAX_MELDS].position
            raise _error(
                "melds",
                f"expected at most {MAX_MELDS} melds, got {len(found)}; the 5th is at character {extra + 1}",
                extra,
                code="melds.too_many_text",
                params={"max": MAX_MELDS, "count": len(found), "at": extra + 1},
            )
        return scan
    if isinstance(melds, (bytes, bytearray)) or not isinstance(melds, Sequence):
        raise _error(
            "melds", f"expected a string, a list of meld strings or None, got {type(melds).__name__}",
            code="melds.type", params={"type": type(melds).__name__},
        )
    items = tuple(melds)
    if len(items) > MAX_MELDS:
        raise _error("melds", f"expected at most {MAX_MELDS} melds, got {len(items)}", code="melds.too_many",
                     params={"max": MAX_MELDS, "count": len(items)})
    out = _Scan()
    for index, item in enumerate(items):
        where = f"melds[{index}]"
        text = _check_text(item, where)
        scan = _scan(text, where, tiles_allowed=False, melds_allowed=True)
        found = scan.melds
        if scan.norths and not found:
            out.norths.extend(scan.norths)
            out.copies.extend(scan.norths)
            continue
        if not found:
            raise _error(where, "expected one meld such as '[789s]' or '(7777s)', got none",
                         code="melds.none_in_item")
        if scan.norths:
            raise _error(where, "expected one meld or one nukidora group per string, got both", scan.norths[0].position,
                         code="melds.meld_and_nukidora")
        if len(found) > 1:
            second = found[1].position
            raise _error(
                where,
                f"expected one meld per string, got {len(found)}; the 2nd starts at character {second + 1}",
                second,
                code="melds.one_per_item",
                params={"count": len(found), "at": second + 1},
            )
        out.melds.append(found[0])
        out.copies.extend(found[0].copies)
    return out


def _check_rules(copies: Sequence[_Copy], melds: Sequence[_ParsedMeld], norths: Sequence[_Copy], rules: Rules
                 ) -> None:
    """Every copy in the rule set's universe, no chi where chi is not called, nukidora only in sanma."""
    ruleset = RULE_SETS[rules]
    for c in copies:
        if c.tile not in ruleset.tiles:
            what = "no honors" if c.tile >= 27 else "no 2m-8m"
            raise _error(c.where, f"expected tiles of the {ruleset.title} set ({what}), got "
                                  f"{tile_name(c.tile)!r} at character {c.position + 1}", c.position,
                         code="rules.honor_tile" if c.tile >= 27 else "rules.man_tile",
                         params={"ruleset": rules, "tile": repr(tile_name(c.tile)), "at": c.position + 1})
    if not ruleset.chi:
        for m in melds:
            if m.meld.kind == "chi":
                raise _error(m.copies[0].where, f"expected a pon or kan: the {ruleset.title} rules call no chi, "
                                                f"got {str(m.meld)!r} at character {m.position + 1}", m.position,
                             code="rules.no_chi",
                             params={"ruleset": rules, "meld": repr(str(m.meld)), "at": m.position + 1})
    if norths and not ruleset.nukidora:
        first = norths[0]
        raise _error(first.where, f"expected no nukidora: only the sanma rules set north aside ({{4z}}), got "
                                  f"one at character {first.position + 1}", first.position,
                     code="rules.no_nukidora", params={"at": first.position + 1})


def parse(text: str, *, melds: str | Sequence[str] | None = None, partial: bool = False,
          rules: Rules = "riichi") -> Hand:
    """Parse a hand in mpsz notation, with its called melds inline and/or given separately in ``melds``.

    Melds from ``melds`` (one string of melds, or one meld per string) come after those in ``text``.
    With ``partial`` the hand may still be incomplete (a hand being built tile by tile): any concealed count,
    none or 3k included, is accepted; every other limit (copies, red fives, 14 tiles) still holds.
    ``rules`` (a checked name) restricts the tiles, the melds and nukidora to the rule set's.

    >>> hand = parse("19m19p19s12345z")            # Tenhou's short hand: one unknown called meld
    >>> hand.tile_count, hand.melds
    (11, ())
    >>> parse("12m [0 46p]").melds
    (Meld(kind='chi', tiles=(12, 13, 14), reds=1),)
    >>> parse("11111m")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    paili.errors.HandError: expected at most 4 copies of 1m (red fives and called melds count), got a 5th ...
    """
    source = _check_text(text, "")
    scan = _scan(source, "", tiles_allowed=True, melds_allowed=True)
    extra = _melds_argument(melds)
    called = scan.melds + extra.melds
    norths = scan.norths + extra.norths
    _check_rules(scan.copies + extra.copies, called, norths, rules)
    _check_copies(scan.copies + extra.copies)
    if not partial or len(scan.concealed) + 3 * len(called) > MAX_HAND_TILES:
        _check_size(len(scan.concealed), len(called), len(extra.melds))
    concealed, reds = _check_copies(scan.concealed)
    return Hand(concealed, reds, tuple(m.meld for m in called), len(norths))


def parse_tiles(text: str, *, field: str = "visible", rules: Rules = "riichi"
                ) -> tuple[Counts, tuple[int, int, int]]:
    """Parse a plain tile list (no melds, any number of tiles, empty is fine): its 34 counts and red fives.

    ``field`` names the input in error messages. Red fives count as fives in the counts; a tile outside the
    universe of ``rules`` is an error.

    >>> counts, reds = parse_tiles("05m 1z")
    >>> counts[4], counts[27], reds
    (2, 1, (1, 0, 0))
    >>> parse_tiles("1m [123p]")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    paili.errors.HandError: expected a digit (0-9), got '[' at character 4 (melds are not ...
    """
    source = _check_text(text, field)
    scan = _scan(source, field, tiles_allowed=True, melds_allowed=False)
    _check_rules(scan.copies, (), (), rules)
    return _check_copies(scan.copies, melds=False)


def parse_sequence(text: str, start: int, stop: int, *, field: str, rules: Rules = "riichi"
                   ) -> tuple[tuple[tuple[Tile, bool, int], ...], tuple[tuple[Meld, int], ...]]:
    """Read ``text[start:stop]`` (already :func:`normalize`-d) as tiles in order and bracketed melds: each
    tile as ``(kind, red, position)`` in input order, each meld with the position of its bracket; positions
    index the whole ``text`` and errors name ``field``. Copies are not limited here (the caller counts them
    with what else is seen). Used for an opponent's river (:mod:`paili.defence.opponents`).

    >>> tiles, melds = parse_sequence("l:91m [123p]", 2, 12, field="opponents")
    >>> tiles, melds
    (((8, False, 2), (0, False, 3)), ((Meld(kind='chi', tiles=(9, 10, 11), reds=0), 6),))
    """
    scan = _scan(text, field, tiles_allowed=True, melds_allowed=True, start=start, stop=stop)
    if scan.norths:
        first = scan.norths[0]
        raise _error(field, f"expected no nukidora here, got one at character {first.position + 1}",
                     first.position, code="rules.no_nukidora", params={"at": first.position + 1})
    _check_rules(scan.copies, scan.melds, (), rules)
    return (tuple((c.tile, c.red, c.position) for c in scan.concealed),
            tuple((m.meld, m.position) for m in scan.melds))


def parse_melds(melds: str | Sequence[str] | None) -> tuple[Meld, ...]:
    """Parse the separate melds argument: None, a string of melds, or a sequence with one meld per string.

    >>> parse_melds(["[789s]", "(1111z)"])
    (Meld(kind='chi', tiles=(24, 25, 26), reds=0), Meld(kind='ankan', tiles=(27, 27, 27, 27), reds=0))
    >>> parse_melds("[555m] [505m]")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    paili.errors.HandError: expected at most 4 copies of 5m (red fives and called melds count), got ...
    """
    found = _melds_argument(melds)
    _check_copies(found.copies)
    return tuple(m.meld for m in found.melds)


def check_visible(
    hand: Hand, counts: Sequence[int], *, reds: Sequence[int] | None = None, field: str = "visible"
) -> None:
    """Raise HandError when the visible tiles and the hand (concealed + melds) hold more than 4 of a kind.

    With ``reds`` (visible red fives per suit) more than one red five of a suit is an error too.

    >>> counts, reds = parse_tiles("111m")
    >>> check_visible(parse("11m"), counts, reds=reds)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    paili.errors.HandError: expected at most 4 copies of 1m in the hand, its melds and the ...
    """
    if len(counts) != KINDS:
        raise _error(field, f"expected {KINDS} counts, got {len(counts)}", code="counts.length",
                     params={"kinds": KINDS, "count": len(counts)})
    called = hand.set_aside()
    for tile in range(KINDS):
        total = hand.concealed[tile] + called[tile] + counts[tile]
        if total > COPIES:
            raise _error(
                field,
                f"expected at most {COPIES} copies of {tile_name(tile)} in the hand, its melds and the "
                f"visible tiles together, got {total} ({hand.concealed[tile]} concealed, "
                f"{called[tile]} in melds, {counts[tile]} visible)",
                code="visible.too_many_copies",
                params={"tile": tile_name(tile), "total": total, "concealed": hand.concealed[tile],
                        "called": called[tile], "visible": counts[tile]},
            )
    if reds is None:
        return
    if len(reds) != _RED_SUITS:
        raise _error(field, f"expected 3 red-five counts (m, p, s), got {len(reds)}", code="counts.red_length",
                     params={"count": len(reds)})
    for suit in range(_RED_SUITS):
        total = hand.reds[suit] + sum(m.reds for m in hand.melds if m.tiles[0] // 9 == suit) + reds[suit]
        if total > 1:
            raise _error(
                field,
                f"expected at most one red five '0{SUITS[suit]}' in the hand, its melds and the visible "
                f"tiles together, got {total}",
                code="visible.red_fives",
                params={"red": f"0{SUITS[suit]}", "total": total},
            )
