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

from typing import Final, TypeAlias

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

HONOR_NAMES: Final = ("East", "South", "West", "North", "White", "Green", "Red")
SUIT_NAMES: Final = {"m": "man", "p": "pin", "s": "sou"}


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

