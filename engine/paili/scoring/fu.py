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

Each breakdown entry is ``{"fu": n, "reason": text}`` and the entries add up to the hand's fu (rounding is an
entry of its own).
"""

from __future__ import annotations

from typing import Any, Final

from ..tiles import IS_ORPHAN, Tile, tile_name
from .rules import ScoringRules
from .yaku import GROUP_NAMES, QUAD, SEQUENCE, TRIPLET, Group, Situation, Wait

_DRAGONS: Final = (31, 32, 33)
_SET_FU: Final = ((0, 0), (2, 4), (8, 16))
"""Open fu by group kind, (simple, terminal/honor); closed is twice."""
_WAIT_NAMES: Final = {"kanchan": "closed wait (kanchan)", "penchan": "edge wait (penchan)",
                      "tanki": "pair wait (tanki)"}

Breakdown = list[dict[str, Any]]
"""The entries ``{"fu": n, "reason": text}``, in the order a player adds them up."""

NAMES: Final = tuple(tile_name(t) for t in range(34))
"""``NAMES[t]``: the mpsz name of kind ``t`` (``tile_name``, looked up)."""


def set_fu(kind: int, tile: Tile, is_open: bool) -> int:
    """The fu of one set: ``kind`` is ``SEQUENCE``, ``TRIPLET`` or ``QUAD``, ``tile`` its lowest tile."""
    return _SET_FU[kind][IS_ORPHAN[tile]] << (not is_open)


CLOSED_TRIPLET_FU: Final = tuple(set_fu(TRIPLET, t, False) for t in range(34))
"""``CLOSED_TRIPLET_FU[t]``: the fu of a concealed triplet of ``t`` (half of it when a ron completes it)."""


def _set_entry(kind: int, tile: Tile, is_open: bool, by_ron: bool) -> tuple[int, str]:
    what = "terminal/honor" if IS_ORPHAN[tile] else "simple"
    how = "open" if is_open else "closed"
    ron = " (completed by ron)" if by_ron else ""
    return set_fu(kind, tile, is_open), f"{how} {GROUP_NAMES[kind]} of {NAMES[tile]}, {what}{ron}"


SET_ENTRIES: Final = {(kind, tile, is_open, by_ron): _set_entry(kind, tile, is_open, by_ron)
                      for kind in (TRIPLET, QUAD) for tile in range(34) for is_open in (False, True)
                      for by_ron in ((False, True) if is_open and kind == TRIPLET else (False,))}
"""``SET_ENTRIES[kind, tile, is_open, by_ron]``: the fu of a triplet or quad and its line in the breakdown
(``by_ron``: a concealed triplet the winning discard completed, which counts as open)."""
CLOSED_TRIPLET_ENTRIES: Final = tuple(SET_ENTRIES[TRIPLET, t, False, False] for t in range(34))
RON_TRIPLET_ENTRIES: Final = tuple(SET_ENTRIES[TRIPLET, t, True, True] for t in range(34))
"""The entries of a concealed triplet by kind, and of one completed by ron (looked up once per reading)."""


def pair_fu(pair: Tile, sit: Situation, rules: ScoringRules) -> int:
    """The fu of the pair: a dragon, the seat or the round wind 2, a wind that is both ``double_wind_fu``."""
    if pair < 27:
        return 0
    if pair in _DRAGONS:
        return 2
    if pair == sit.seat_wind:
        return rules.double_wind_fu if pair == sit.round_wind else 2
    return 2 if pair == sit.round_wind else 0


def regular_fu(sets: int, pair: Tile, wait: Wait, sit: Situation, closed: bool, pinfu: bool,
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


def regular_breakdown(triplets: list[Tile], shanpon: int, melds: list[Group], pair: Tile, wait: Wait,
                      sit: Situation, closed: bool, pinfu: bool, rules: ScoringRules) -> Breakdown:
    """The breakdown of :func:`regular_fu` for a reading whose concealed sets score nothing but the
    ``triplets`` (``triplets[shanpon]`` completed by ron, -1 for none) and whose called melds are ``melds``:
    its entries add up to that fu."""
    parts: Breakdown = [{"fu": 20, "reason": "base (futei)"}]
    raw = 20
    if closed and not sit.tsumo:
        parts.append({"fu": 10, "reason": "closed hand won by ron (menzen kafu)"})
        raw += 10
    if sit.tsumo and not pinfu:
        parts.append({"fu": 2, "reason": "tsumo"})
        raw += 2
    for i, tile in enumerate(triplets):
        fu, reason = RON_TRIPLET_ENTRIES[tile] if i == shanpon else CLOSED_TRIPLET_ENTRIES[tile]
        parts.append({"fu": fu, "reason": reason})
        raw += fu
    for kind, tile, is_open, called in melds:
        if kind != SEQUENCE:
            fu, reason = SET_ENTRIES[kind, tile, is_open, is_open and not called]
            parts.append({"fu": fu, "reason": reason})
            raw += fu
    fu = pair_fu(pair, sit, rules)
    if fu:
        name = NAMES[pair]
        if pair in _DRAGONS:
            reason = f"pair of {name}, a dragon"
        elif pair == sit.seat_wind and pair == sit.round_wind:
            reason = f"pair of {name}, seat and round wind"
        elif pair == sit.seat_wind:
            reason = f"pair of {name}, the seat wind"
        else:
            reason = f"pair of {name}, the round wind"
        parts.append({"fu": fu, "reason": reason})
        raw += fu
    if wait in _WAIT_NAMES:
        parts.append({"fu": 2, "reason": _WAIT_NAMES[wait]})
        raw += 2
    fu = _rounded(raw, closed, rules)
    if raw == 20 and fu == 30:
        parts.append({"fu": 10, "reason": "open hand with no fu counts 30"})
    elif fu != raw:
        parts.append({"fu": fu - raw, "reason": f"rounded up from {raw}"})
    return parts


def chiitoitsu_fu(rules: ScoringRules) -> tuple[int, Breakdown]:
    """Seven pairs: a flat fu, nothing added."""
    return rules.chiitoitsu_fu, [{"fu": rules.chiitoitsu_fu, "reason": "seven pairs (chiitoitsu), flat"}]
