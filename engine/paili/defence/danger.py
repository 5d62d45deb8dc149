"""Each discard's danger: :func:`danger_of` and its typed result :class:`Danger`.

For each kind the hand can discard and each opponent: ``p_deal_in = p_tenpai x p_wait`` (:mod:`.model`), the
expected payment if it deals in, and the reasons as stable codes (:data:`REASONS`). Opponents combine as
independent: ``deal_in = 1 - prod(1 - p_deal_in)`` (the chance that at least one can ron it; a double ron
counts once).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from ..hand import Hand
from ..rules import RULE_SETS, Rules
from ..tiles import HONOR_BASE, KINDS, Tile
from .model import (
    WEIGHTS,
    Weights,
    deal_in_value,
    early_outside,
    p_tenpai,
    patterns,
    riichi_suji,
    wait_chances,
)
from .opponents import Opponent, Opponents, Seat

__all__ = ["REASONS", "Danger", "OpponentState", "Reason", "SeatDanger", "TileDanger", "category",
           "danger_of", "suji_partners"]

REASONS: Final = ("genbutsu", "passed", "suji", "both_suji", "no_chance", "one_chance", "honour_seen",
                  "riichi_suji", "early_outside", "dora")
"""The reason codes, in the order they are given (catalog ``danger.reason.<code>``)."""

DORA_PAYMENT: Final = 1.4
"""A deal-in with a dora costs one more han for the winner, taken as x1.4 (the open hand's factor per dora)."""

_WIND_STEP: Final[dict[Seat, int]] = {"right": 1, "across": 2, "left": 3}
_WIND_STEP_SANMA: Final[dict[Seat, int]] = {"right": 1, "left": 2}


@dataclass(frozen=True, slots=True)
class Reason:
    """A reason, by code, with its one parameter ``n`` (the copies seen, for ``honour_seen``)."""

    code: str
    n: int | None = None


@dataclass(frozen=True, slots=True)
class SeatDanger:
    """One tile against one opponent."""

    seat: Seat
    p_tenpai: float
    p_wait: float
    p_deal_in: float
    payment: float
    reasons: tuple[Reason, ...]


@dataclass(frozen=True, slots=True)
class TileDanger:
    """One kind the hand can discard: ``deal_in`` against any opponent, then per opponent."""

    tile: Tile
    deal_in: float
    seats: tuple[SeatDanger, ...]


@dataclass(frozen=True, slots=True)
class OpponentState:
    """One opponent as the model reads them: tenpai chance, what their hand is worth on a deal-in."""

    seat: Seat
    riichi: bool
    dealer: bool
    p_tenpai: float
    value: float
    per_draw: float = 0.0
    """Given tenpai, the chance that a tile drawn at random from those the seat does not see is one of their
    waits (the waits' chances weighted by the copies unseen): their self-draw chance per draw, and the chance
    that another player's random discard deals in to them."""


@dataclass(frozen=True, slots=True)
class Danger:
    """The answer of :func:`danger_of`: tiles in kind order, opponents in seat order."""

    tiles: tuple[TileDanger, ...]
    opponents: tuple[OpponentState, ...]


def suji_partners(tile: Tile) -> tuple[Tile, ...]:
    """The tiles whose genbutsu make ``tile`` suji (1: 4; 4: 1 and 7; honours: none)."""
    if tile >= HONOR_BASE:
        return ()
    n = tile % 9
    return tuple(tile + d for d in (-3, 3) if 0 <= n + d <= 8)


def _two_sided_blocks(tile: Tile) -> list[tuple[Tile, Tile]]:
    """The two-sided blocks that wait on ``tile`` (23 and 56 wait on 4; only 23 on 1).

    >>> _two_sided_blocks(3), _two_sided_blocks(0), _two_sided_blocks(27)
    ([(4, 5), (1, 2)], [(1, 2)], [])
    """
    if tile >= HONOR_BASE:
        return []
    n = tile % 9
    out = []
    if n <= 5:  # the block above: n+1, n+2 waits on n and n+3
        out.append((tile + 1, tile + 2))
    if n >= 3:  # the block below: n-2, n-1 waits on n-3 and n
        out.append((tile - 2, tile - 1))
    return out


def category(tile: Tile, player: Opponent, seen: int) -> str | None:
    """The Houou table's category of ``tile`` against ``player`` (None for genbutsu or passed):
    ``honour_<seen>``, ``19_suji`` ... ``456_both_suji`` (see :data:`paili.defence.figures.HOUOU_TABLE`)."""
    if tile in player.furiten():
        return None
    if tile >= HONOR_BASE:
        return f"honour_{min(seen, 3)}"
    safe = sum(p in player.furiten() for p in suji_partners(tile))
    n = tile % 9
    if 3 <= n <= 5:
        return ("456_non_suji", "456_one_suji", "456_both_suji")[safe]
    name = {0: "19", 8: "19", 1: "28", 7: "28", 2: "37", 6: "37"}[n]
    return f"{name}_{'suji' if safe else 'non_suji'}"


def _reasons(tile: Tile, player: Opponent, seen: Sequence[int], dora: frozenset[Tile]) -> tuple[Reason, ...]:
    out: list[Reason] = []
    if tile in player.discards:
        out.append(Reason("genbutsu"))
    elif player.in_riichi and tile in player.passed:
        out.append(Reason("passed"))
    else:
        furiten = player.furiten()
        partners = suji_partners(tile)
        safe = [p for p in partners if p in furiten]
        if len(partners) == 2 and len(safe) == 2:
            out.append(Reason("both_suji"))
        elif safe:
            out.append(Reason("suji"))
        blocks = _two_sided_blocks(tile)
        if blocks:
            least = max(min(4 - seen[a], 4 - seen[b]) for a, b in blocks)
            if least == 0:
                out.append(Reason("no_chance"))
            elif least == 1:
                out.append(Reason("one_chance"))
        if tile >= HONOR_BASE:
            out.append(Reason("honour_seen", seen[tile] - 1))
        if tile in riichi_suji(player):
            out.append(Reason("riichi_suji"))
        if tile in early_outside(player):
            out.append(Reason("early_outside"))
    if tile in dora:
        out.append(Reason("dora"))
    return tuple(out)


def danger_of(hand: Hand, opponents: Opponents, seen: Sequence[int], *, dora: frozenset[Tile],
              seat_wind: Tile, rules: Rules = "riichi", weights: Weights = WEIGHTS) -> Danger:
    """The :class:`Danger` of each kind in ``hand``'s concealed tiles. ``seen``: every copy the seat sees
    (its hand and melds, the visible tiles, dora indicators, the opponents' rivers and melds), at most 4 each;
    ``dora``: the dora kinds; ``seat_wind``: the seat's wind (27-30), which gives each opponent's."""
    universe = RULE_SETS[rules].tiles
    unseen = [max(0, 4 - seen[t]) if t in universe else 0 for t in range(KINDS)]
    steps = _WIND_STEP_SANMA if rules == "sanma" else _WIND_STEP
    winds = 3 if rules == "sanma" else 4
    all_patterns = patterns(universe)
    states = []
    chances = []
    for seat, player in opponents.seats():
        dealer = (seat_wind - HONOR_BASE + steps[seat]) % winds == 0
        waits = wait_chances(unseen, player, dora, universe, weights, all_patterns=all_patterns)
        per_draw = sum(waits[t] * unseen[t] for t in range(KINDS)) / max(1, sum(unseen))
        states.append(OpponentState(seat, player.in_riichi, dealer, p_tenpai(player),
                                    deal_in_value(player, dora, dealer=dealer), per_draw))
        chances.append(waits)
    rows = []
    for tile in range(KINDS):
        if not hand.concealed[tile]:
            continue
        per_seat = []
        miss = 1.0
        for (seat, player), state, waits in zip(opponents.seats(), states, chances, strict=True):
            p_wait = waits[tile]
            p = state.p_tenpai * p_wait
            miss *= 1.0 - p
            payment = state.value * (DORA_PAYMENT if tile in dora else 1.0)
            per_seat.append(SeatDanger(seat, state.p_tenpai, p_wait, p, payment,
                                       _reasons(tile, player, seen, dora)))
        rows.append(TileDanger(tile, 1.0 - miss, tuple(per_seat)))
    return Danger(tuple(rows), tuple(states))
