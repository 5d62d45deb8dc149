"""Paili (牌理, "hand theory"): a mahjong hand analyzer.

Exact shanten (向聴) for the regular form, seven pairs (七対子) and thirteen orphans (国士無双), every way to read
a winning hand (和了), waits (待ち), ukeire (受け入れ) and Tenhou-style discard tables, in pure Python.

Notation (mpsz)
---------------
Digits then a suit letter: ``123m456p789s1122z``. ``m`` = characters (萬子), ``p`` = dots (筒子), ``s`` = bamboo
(索子), ``z`` = honors ``1z``-``7z`` = East, South, West, North, White, Green, Red. ``0`` is a red five (``0m``,
``0p``, ``0s``); it is a 5 for every shape question and kept in the canonical form. Spaces may separate
groups. Tile kinds are ints 0-33 in that order (0 = 1m, 9 = 1p, 18 = 1s, 27 = East, 33 = Red dragon).

Called melds are written in brackets after (or between) the concealed tiles:

* ``[789s]`` chi (a called sequence), ``[777s]`` pon, ``[7777s]`` open kan (明槓), ``(7777s)`` closed kan (暗槓)
* e.g. ``123m 456p 22z [789s] (1111z)``; a red five inside a meld: ``[406p]``

With n melds the concealed part has 13-3n or 14-3n tiles. A concealed part of 3k+1 / 3k+2 tiles with fewer
melds is read as having unknown called melds (Tenhou's convention): ``19m19p19s12345z`` is 11 tiles + one meld.

Use
---
>>> import paili
>>> hand = paili.parse("123m456p789s11122z")
>>> paili.is_agari(hand), paili.shanten(hand).min
(True, -1)
>>> paili.analyze("1111m234p567p789s")["shanten"]["min"]
1

Every bad input raises :class:`HandError` (a ``ValueError``) saying what was expected and where. The rules the
engine follows (notation, melds, exact shanten, ukeire) are set out in ``docs/RULES.md`` in the source repository.
"""

from __future__ import annotations

__version__ = "0.1.0"  # the project's version, in this one place (pyproject.toml reads it)

from .agari import Decomposition, decompositions, is_agari
from .errors import HandError
from .hand import Hand, Meld
from .notation import format_hand, parse, parse_tiles
from .public import (
                     advise,
                     advise_improvements,
                     analyze,
                     call_advice,
                     danger,
                     outlook,
                     read_opponents,
                     review,
                     score,
                     score_waits,
)
from .shanten import Shanten, shanten
from .tiles import Tile, tile_from_name, tile_name
from .ukeire import Discard, Ukeire, discard_table, ukeire, waits

__all__ = [
    "Decomposition",
    "Discard",
    "Hand",
    "HandError",
    "Meld",
    "Shanten",
    "Tile",
    "Ukeire",
    "advise",
    "advise_improvements",
    "analyze",
    "call_advice",
    "danger",
    "decompositions",
    "discard_table",
    "format_hand",
    "is_agari",
    "outlook",
    "parse",
    "parse_tiles",
    "read_opponents",
    "review",
    "score",
    "score_waits",
    "shanten",
    "tile_from_name",
    "tile_name",
    "ukeire",
    "waits",
]
