"""Fu (符), the minipoints of a reading, with a breakdown a player can read.

Regular hands: 20 base (副底); +10 for a ron with a closed hand (門前加符); +2 for tsumo, except a pinfu
tsumo (20 fu in all; see the ``pinfu_tsumo`` rule); each set by kind:

==========================  ======  ======
set                         open    closed
==========================  ======  ======
triplet of 2-8              2       4
triplet of 1, 9 or honors   4       8
quad of 2-8                 8       16
quad of 1, 9 or honors      16      32
==========================  ======  ======

A sequence is 0; a triplet completed by ron counts as open. A pair of dragons, of the seat wind or of the
round wind is 2 fu, a pair of the wind that is both is 4 (the ``double_wind_fu`` rule: 2 in some rooms). A
closed (kanchan), edge (penchan) or pair (tanki) wait is 2. The sum is rounded up to the next 10. An open hand
with nothing beyond the 20 base is counted 30 (``open_pinfu_fu``). Seven pairs are 25 fu flat. When the
winning tile fits several places, :func:`paili.score` tries each one and keeps the reading that scores most.

Each breakdown entry is ``{"fu": n, "reason": text, "id": id, "params": {...}}`` and the entries add up to the
hand's fu (rounding is an entry of its own). ``reason`` is the line in English (the CLI prints it); ``id`` (one of
:data:`FU_IDS`) and ``params`` are what a page translates it from (the catalog key ``fu.<id>``, see
docs/I18N.md):

==============  ==============================================================================================
id              params
==============  ==============================================================================================
``base``        none: the 20 base fu (副底)
``menzen_ron``  none: a closed hand won by ron (門前加符)
``tsumo``       none: tsumo (ツモ符)
``set``         ``kind`` (``"triplet"`` or ``"quad"``), ``tile`` (its code), ``open``, ``ron`` (a concealed
                triplet completed by ron, counted open), ``orphan`` (of 1, 9 or honors)
``pair``        ``tile``, ``why``: ``"dragon"``, ``"double_wind"`` (seat and round wind), ``"seat_wind"``,
                ``"round_wind"``
``wait``        ``wait``: ``"kanchan"``, ``"penchan"`` or ``"tanki"``
``open_pinfu``  none: an open hand with no fu beyond the base, counted 30
``rounding``    ``raw``: the sum rounded up
``chiitoitsu``  none: seven pairs, flat
==============  ==============================================================================================
"""

from __future__ import annotations

from functools import cache
from typing import Final, NamedTuple

from ..errors import Param
from ..tiles import IS_ORPHAN, Tile, tile_name
from .rules import ScoringRules
from .yaku import GROUP_NAMES, SEQUENCE, TRIPLET, Group, Wait, WinSituation

_DRAGONS: Final = (31, 32, 33)
_SET_FU: Final = ((0, 0), (2, 4), (8, 16))
"""Open fu by group kind, (simple, terminal/honor); closed is twice."""
_WAIT_NAMES: Final = {"kanchan": "closed wait (kanchan)", "penchan": "edge wait (penchan)",
                      "tanki": "pair wait (tanki)"}

FU_IDS: Final = ("base", "menzen_ron", "tsumo", "set", "pair", "wait", "open_pinfu", "rounding", "chiitoitsu")
"""The ``id`` of every breakdown entry (the catalogs have ``fu.<id>`` for each)."""

class FuPart(NamedTuple):
    """One line of a breakdown: ``fu`` for the ``reason`` (English), ``id`` and ``params`` (what a page
    translates it from)."""

    fu: int
    reason: str
    id: str
    params: dict[str, Param]


Breakdown = list[FuPart]
"""The lines of a reading's fu, in the order a player adds them up (they sum to its fu)."""

NAMES: Final = tuple(tile_name(t) for t in range(34))
"""``NAMES[t]``: the mpsz name of kind ``t`` (``tile_name``, looked up)."""


def set_fu(kind: int, tile: Tile, is_open: bool) -> int:
    """The fu of one set: ``kind`` is ``SEQUENCE``, ``TRIPLET`` or ``QUAD``, ``tile`` its lowest tile."""
    return _SET_FU[kind][IS_ORPHAN[tile]] << (not is_open)


CLOSED_TRIPLET_FU: Final = tuple(set_fu(TRIPLET, t, False) for t in range(34))
"""``CLOSED_TRIPLET_FU[t]``: the fu of a concealed triplet of ``t`` (half of it when a ron completes it)."""


@cache
def _set_part(kind: int, tile: Tile, is_open: bool, by_ron: bool) -> FuPart:
    """The line of a triplet or quad (``by_ron``: a concealed triplet the winning discard completed, which
    counts as open); made once each (a result copies its params)."""
    what = "terminal/honor" if IS_ORPHAN[tile] else "simple"
    how = "open" if is_open else "closed"
    ron = " (completed by ron)" if by_ron else ""
    return FuPart(set_fu(kind, tile, is_open), f"{how} {GROUP_NAMES[kind]} of {NAMES[tile]}, {what}{ron}", "set",
                  {"kind": GROUP_NAMES[kind], "tile": NAMES[tile], "open": is_open, "ron": by_ron,
                   "orphan": bool(IS_ORPHAN[tile])})


def pair_fu(pair: Tile, sit: WinSituation, rules: ScoringRules) -> int:
    """The fu of the pair: a dragon, the seat or the round wind 2, a wind that is both ``double_wind_fu``."""
    if pair < 27:
        return 0
    if pair in _DRAGONS:
        return 2
    if pair == sit.seat_wind:
        return rules.double_wind_fu if pair == sit.round_wind else 2
    return 2 if pair == sit.round_wind else 0


def regular_fu(sets: int, pair: Tile, wait: Wait, sit: WinSituation, closed: bool, pinfu: bool,
               rules: ScoringRules) -> int:
    """The fu of a regular reading whose sets are worth ``sets`` fu (:func:`set_fu` summed)."""
    raw = 20 + sets
    if closed and not sit.tsumo:
        raw += 10
    if sit.tsumo and not pinfu:
        raw += 2
    if pair >= 27:
        raw += pair_fu(pair, sit, rules)
    if wait in _WAIT_NAMES:
        raw += 2
    return _rounded(raw, closed, rules)


def _rounded(raw: int, closed: bool, rules: ScoringRules) -> int:
    """Fu rounded up to the next 10; an open hand with no fu beyond the base is 30 (``open_pinfu_fu``)."""
    if raw == 20 and not closed and rules.open_pinfu_fu:
        return 30
    return -(-raw // 10) * 10


def _pair_part(pair: Tile, fu: int, sit: WinSituation) -> FuPart:
    """The line of a pair worth ``fu``, and why."""
    name = NAMES[pair]
    if pair in _DRAGONS:
        why, reason = "dragon", f"pair of {name}, a dragon"
    elif pair == sit.seat_wind and pair == sit.round_wind:
        why, reason = "double_wind", f"pair of {name}, seat and round wind"
    elif pair == sit.seat_wind:
        why, reason = "seat_wind", f"pair of {name}, the seat wind"
    else:
        why, reason = "round_wind", f"pair of {name}, the round wind"
    return FuPart(fu, reason, "pair", {"tile": name, "why": why})


def regular_breakdown(triplets: list[Tile], shanpon: int, melds: list[Group], pair: Tile, wait: Wait,
                      sit: WinSituation, pinfu: bool, rules: ScoringRules) -> Breakdown:
    """The lines of :func:`regular_fu` for a reading whose concealed sets score nothing but the ``triplets``
    (``triplets[shanpon]`` completed by ron, -1 for none) and whose called melds are ``melds`` (the hand is
    closed when none is open): they add up to that fu."""
    closed = not any(is_open for _, _, is_open, _ in melds)
    parts = [FuPart(20, "base (futei)", "base", {})]
    if sit.tsumo:
        if not pinfu:
            parts.append(FuPart(2, "tsumo", "tsumo", {}))
    elif closed:
        parts.append(FuPart(10, "closed hand won by ron (menzen kafu)", "menzen_ron", {}))
    for i, tile in enumerate(triplets):
        parts.append(_set_part(TRIPLET, tile, i == shanpon, i == shanpon))
    for kind, tile, is_open, called in melds:
        if kind != SEQUENCE:
            parts.append(_set_part(kind, tile, is_open, is_open and not called))
    fu = pair_fu(pair, sit, rules)
    if fu:
        parts.append(_pair_part(pair, fu, sit))
    if wait in _WAIT_NAMES:
        parts.append(FuPart(2, _WAIT_NAMES[wait], "wait", {"wait": wait}))
    raw = sum(part.fu for part in parts)
    if raw == 20 and not closed and rules.open_pinfu_fu:
        parts.append(FuPart(10, "open hand with no fu counts 30", "open_pinfu", {}))
    elif raw % 10:
        parts.append(FuPart(10 - raw % 10, f"rounded up from {raw}", "rounding", {"raw": raw}))
    return parts


def chiitoitsu_fu(rules: ScoringRules) -> tuple[int, Breakdown]:
    """Seven pairs: a flat fu, nothing added."""
    return rules.chiitoitsu_fu, [FuPart(rules.chiitoitsu_fu, "seven pairs (chiitoitsu), flat", "chiitoitsu", {})]
