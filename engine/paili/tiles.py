"""Tile kinds, their names and the small constants every module shares.

A tile kind is a plain ``int`` from 0 to 33 (python-chess style: a type alias, not a class):

* 0-8   = 1m-9m (characters, 萬子)
* 9-17  = 1p-9p (dots, 筒子)
* 18-26 = 1s-9s (bamboo, 索子)
* 27-33 = 1z-7z = East, South, West, North, White (白), Green (發), Red (中)

Red fives (``0m``, ``0p``, ``0s``) are the kinds 4, 13 and 22 for every shape question; hands keep track of
them separately (see :class:`paili.hand.Hand`).
"""

from __future__ import annotations

from typing import Final, NamedTuple, TypeAlias

Tile: TypeAlias = int
"""A tile kind, 0..33."""

Counts: TypeAlias = tuple[int, ...]
"""A count vector: 34 ints, how many copies of each kind."""

KINDS: Final = 34
COPIES: Final = 4
SUITS: Final = "mpsz"
HONOR_BASE: Final = 27
FIVES: Final = (4, 13, 22)
"""The kinds a red five stands for: 5m, 5p, 5s."""

TERMINALS_AND_HONORS: Final = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
"""The thirteen kinds of thirteen orphans (国士無双)."""

IS_ORPHAN: Final = tuple(t in TERMINALS_AND_HONORS for t in range(KINDS))
"""``IS_ORPHAN[t]``: is kind ``t`` a terminal or an honor?"""

TILE_CODES: Final = tuple(f"{d}{s}" for s in "mps" for d in "1234056789") + tuple(f"{d}z" for d in "1234567")
"""Every tile code in canonical order: the mpsz name of one tile, ``"1m"``..``"9m"`` with the red five
``"0m"`` just before ``"5m"``, the same for ``p`` and ``s``, then ``"1z"``..``"7z"``."""


class Display(NamedTuple):
    """How a tile is shown: a name for people and screen readers, and the file name of its face image."""

    name: str
    face: str


_SUIT_WORDS: Final = {"m": ("man", "Man"), "p": ("pin", "Pin"), "s": ("sou", "Sou")}
_HONORS: Final = (("East", "Ton"), ("South", "Nan"), ("West", "Shaa"), ("North", "Pei"),
                  ("White dragon", "Haku"), ("Green dragon", "Hatsu"), ("Red dragon", "Chun"))


def _display(code: str) -> Display:
    digit, suit = code[0], code[1]
    if suit == "z":
        return Display(*_HONORS[int(digit) - 1])
    word, file = _SUIT_WORDS[suit]
    if digit == "0":
        return Display(f"red 5 {word}", f"{file}5-Dora")
    return Display(f"{digit} {word}", f"{file}{digit}")


DISPLAY: Final = {code: _display(code) for code in TILE_CODES}
"""The one display table: tile code -> :class:`Display` (``"0p"`` -> ``Display("red 5 pin", "Pin5-Dora")``).
The page reads it from ``js/tables.js``, which the build generates from it (``tools/tables.py``)."""


def tile_name(tile: Tile) -> str:
    """The mpsz name of a kind: ``tile_name(0) == "1m"``, ``tile_name(33) == "7z"``.

    >>> [tile_name(t) for t in (0, 13, 27, 33)]
    ['1m', '5p', '1z', '7z']
    """
    if not 0 <= tile < KINDS:
        raise ValueError(f"expected a tile kind from 0 to 33, got {tile!r}")
    return f"{tile % 9 + 1}{SUITS[tile // 9]}"


def tile_from_name(name: str) -> Tile:
    """The kind of a two-character mpsz name; ``0m`` / ``0p`` / ``0s`` (red fives) give the five.

    >>> tile_from_name("7z"), tile_from_name("0p")
    (33, 13)
    """
    if len(name) != 2 or name[0] not in "0123456789" or name[1] not in SUITS:
        raise ValueError(f"expected a tile name like '5m' or '7z', got {name!r}")
    digit, suit = int(name[0]), SUITS.index(name[1])
    if suit == 3 and not 1 <= digit <= 7:
        raise ValueError(f"expected an honor from 1z to 7z, got {name!r}")
    return suit * 9 + (4 if digit == 0 else digit - 1)


def tile_code(tile: Tile, *, red: bool = False) -> str:
    """The code of one tile of kind ``tile``; ``red`` gives the red five's code (only for a five).

    >>> tile_code(13), tile_code(13, red=True), tile_code(27)
    ('5p', '0p', '1z')
    """
    name = tile_name(tile)
    if not red:
        return name
    if tile not in FIVES:
        raise ValueError(f"expected a five (5m, 5p or 5s) for a red tile, got {name!r}")
    return "0" + name[1]


def display_name(code: str) -> str:
    """The name of a tile code for people and screen readers.

    >>> display_name("5p"), display_name("0s"), display_name("1z"), display_name("5z")
    ('5 pin', 'red 5 sou', 'East', 'White dragon')
    """
    if code not in DISPLAY:
        raise ValueError(f"expected a tile code like '5m', '0p' or '7z', got {code!r}")
    return DISPLAY[code].name
