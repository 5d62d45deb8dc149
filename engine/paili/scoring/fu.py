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
from .yaku import Group, Situation, Wait

_DRAGONS: Final = frozenset({31, 32, 33})
_SET_FU: Final = {("triplet", False): 2, ("triplet", True): 4, ("quad", False): 8, ("quad", True): 16}
_WAIT_NAMES: Final = {"kanchan": "closed wait (kanchan)", "penchan": "edge wait (penchan)",
                      "tanki": "pair wait (tanki)"}

Breakdown = list[dict[str, Any]]


def _entry(fu: int, reason: str) -> dict[str, Any]:
    return {"fu": fu, "reason": reason}


def regular_fu(groups: list[Group], pair: Tile, wait: Wait, sit: Situation, closed: bool, pinfu: bool,
               rules: ScoringRules) -> tuple[int, Breakdown]:
    """The fu of a regular reading and its breakdown."""
    parts: Breakdown = [_entry(20, "base (futei)")]
    if closed and not sit.tsumo:
        parts.append(_entry(10, "closed hand won by ron (menzen kafu)"))
    if sit.tsumo and not pinfu:
        parts.append(_entry(2, "tsumo"))
    for g in groups:
        if g.kind == "sequence":
            continue
        orphan = IS_ORPHAN[g.tile]
        fu = _SET_FU[g.kind, orphan] * (1 if g.open else 2)
        what = "terminal/honor" if orphan else "simple"
        how = "open" if g.open else "closed"
        by_ron = " (completed by ron)" if g.open and not g.called else ""
        parts.append(_entry(fu, f"{how} {g.kind} of {tile_name(g.tile)}, {what}{by_ron}"))
    if pair in _DRAGONS:
        parts.append(_entry(2, f"pair of {tile_name(pair)}, a dragon"))
    elif pair == sit.seat_wind and pair == sit.round_wind:
        parts.append(_entry(rules.double_wind_fu, f"pair of {tile_name(pair)}, seat and round wind"))
    elif pair == sit.seat_wind:
        parts.append(_entry(2, f"pair of {tile_name(pair)}, the seat wind"))
    elif pair == sit.round_wind:
        parts.append(_entry(2, f"pair of {tile_name(pair)}, the round wind"))
    if wait in _WAIT_NAMES:
        parts.append(_entry(2, _WAIT_NAMES[wait]))
    raw = sum(p["fu"] for p in parts)
    if raw == 20 and not closed and rules.open_pinfu_fu:
        parts.append(_entry(10, "open hand with no fu counts 30"))
        return 30, parts
    fu = -(-raw // 10) * 10
    if fu != raw:
        parts.append(_entry(fu - raw, f"rounded up from {raw}"))
    return fu, parts


def chiitoitsu_fu(rules: ScoringRules) -> tuple[int, Breakdown]:
    """Seven pairs: a flat fu, nothing added."""
    return rules.chiitoitsu_fu, [_entry(rules.chiitoitsu_fu, "seven pairs (chiitoitsu), flat")]
