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
from .yaku import GROUP_NAMES, SEQUENCE, Group, Situation, Wait

_DRAGONS: Final = (31, 32, 33)
_SET_FU: Final = ((0, 0), (2, 4), (8, 16))
"""Open fu by group kind, (simple, terminal/honor); closed is twice."""
_WAIT_NAMES: Final = {"kanchan": "closed wait (kanchan)", "penchan": "edge wait (penchan)",
                      "tanki": "pair wait (tanki)"}

Breakdown = list[tuple[int, str]]
"""(fu, reason) entries; :func:`breakdown_json` makes the JSON form."""


def regular_fu(groups: list[Group], pair: Tile, wait: Wait, sit: Situation, closed: bool, pinfu: bool,
               rules: ScoringRules, *, explain: bool = False) -> tuple[int, Breakdown]:
    """The fu of a regular reading, and (with ``explain``) its breakdown."""
    raw = 20
    if closed and not sit.tsumo:
        raw += 10
    if sit.tsumo and not pinfu:
        raw += 2
    for kind, tile, is_open, _ in groups:
        if kind != SEQUENCE:
            raw += _SET_FU[kind][IS_ORPHAN[tile]] << (not is_open)
    pair_fu = 0
    if pair >= 27:
        if pair in _DRAGONS:
            pair_fu = 2
        elif pair == sit.seat_wind:
            pair_fu = rules.double_wind_fu if pair == sit.round_wind else 2
        elif pair == sit.round_wind:
            pair_fu = 2
    raw += pair_fu
    if wait in _WAIT_NAMES:
        raw += 2
    if raw == 20 and not closed and rules.open_pinfu_fu:
        fu = 30
    else:
        fu = -(-raw // 10) * 10
    if not explain:
        return fu, []
    parts: Breakdown = [(20, "base (futei)")]
    if closed and not sit.tsumo:
        parts.append((10, "closed hand won by ron (menzen kafu)"))
    if sit.tsumo and not pinfu:
        parts.append((2, "tsumo"))
    for kind, tile, is_open, called in groups:
        if kind == SEQUENCE:
            continue
        orphan = IS_ORPHAN[tile]
        what = "terminal/honor" if orphan else "simple"
        how = "open" if is_open else "closed"
        by_ron = " (completed by ron)" if is_open and not called else ""
        parts.append((_SET_FU[kind][orphan] << (not is_open),
                      f"{how} {GROUP_NAMES[kind]} of {tile_name(tile)}, {what}{by_ron}"))
    if pair_fu:
        name = tile_name(pair)
        if pair in _DRAGONS:
            parts.append((2, f"pair of {name}, a dragon"))
        elif pair == sit.seat_wind and pair == sit.round_wind:
            parts.append((pair_fu, f"pair of {name}, seat and round wind"))
        elif pair == sit.seat_wind:
            parts.append((2, f"pair of {name}, the seat wind"))
        else:
            parts.append((2, f"pair of {name}, the round wind"))
    if wait in _WAIT_NAMES:
        parts.append((2, _WAIT_NAMES[wait]))
    if raw == 20 and fu == 30:
        parts.append((10, "open hand with no fu counts 30"))
    elif fu != raw:
        parts.append((fu - raw, f"rounded up from {raw}"))
    return fu, parts


def chiitoitsu_fu(rules: ScoringRules) -> tuple[int, Breakdown]:
    """Seven pairs: a flat fu, nothing added."""
    return rules.chiitoitsu_fu, [(rules.chiitoitsu_fu, "seven pairs (chiitoitsu), flat")]


def breakdown_json(parts: Breakdown) -> list[dict[str, Any]]:
    """``[{"fu": n, "reason": text}, ...]``."""
    return [{"fu": fu, "reason": reason} for fu, reason in parts]
