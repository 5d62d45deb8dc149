"""The defence model: an opponent's waits given tenpai, their chance of being tenpai, what a deal-in costs.

Waits given tenpai are counted from the seat's view (``docs/RULES.md``, "Defence"). Every *wait pattern* is
the part of a tenpai hand that waits: a two-sided block (23 waits 1-4), a closed block (13 waits 2), an edge
block (12 waits 3), a pair-pair wait (two pairs, waiting on either), a single tile (tanki, also the seven
pairs' wait), a thirteen-orphans single wait. A pattern is counted as many times as its tiles can be drawn
from the copies the seat does not see (the product of binomials: two unseen 8p and three unseen 9p make 6
blocks 89p), times the weight of its shape and of the readings of the discards (:class:`Weights`); one whose
wait includes a tile the opponent is furiten on is dropped (a riichi cannot change its wait). The chance that
a tile is among the waits is the weighted count of patterns waiting on it over the weighted count of all.
The rest of the hand (the other melds) is taken as independent of the wait, which is the approximation.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from math import comb
from typing import Final

from ..tiles import HONOR_BASE, KINDS, Tile
from .figures import (
    CLOSED_TENPAI_PER_TURN,
    DEAL_IN_COST,
    DEALER_FACTOR,
    OPEN_DORA_FACTOR,
    OPEN_TENPAI_AT_9,
)
from .opponents import Opponent

__all__ = ["WEIGHTS", "Pattern", "Weights", "deal_in_value", "early_outside", "p_tenpai", "patterns",
           "riichi_suji", "wait_chances"]


@dataclass(frozen=True, slots=True)
class Weights:
    """The weight of each wait shape (relative to a two-sided wait) and the factor of each reading, chosen so
    that averaged over positions at a riichi the categories reproduce kobalab's Houou table (the calibration
    test: ``tests/test_defence_calibration.py``)."""

    closed: float = 0.12
    closed_terminal: float = 4.0
    """A closed wait holding a terminal (13 waits 2, 79 waits 8), relative to ``closed``."""
    edge: float = 0.45
    shanpon: float = 1.2
    shanpon_honour: float = 3.0
    single: float = 0.05
    single_honour: float = 0.6
    terminal: float = 3.0
    """Single and pair-pair waits on a 1 or 9 (players keep them as pairs and waits)."""
    kokushi: float = 0.002
    riichi_suji: float = 1.3
    """Patterns waiting on a suji of the riichi tile (not known to be from the draw)."""
    early_outside: float = 0.7
    """Patterns waiting on a tile outside an early discard (one of the first six, a 2-8 but 5)."""
    dora: float = 1.3
    """Patterns holding a dora (players keep them)."""


WEIGHTS: Final = Weights()


@dataclass(frozen=True, slots=True)
class Pattern:
    """A wait pattern: the tiles it holds, the tiles it waits on, its shape's name."""

    block: tuple[Tile, ...]
    waits: tuple[Tile, ...]
    shape: str


def _number_patterns(universe: frozenset[Tile]) -> tuple[Pattern, ...]:
    out = []
    for suit in range(3):
        base = 9 * suit
        for a in range(9):
            t = base + a
            if 1 <= a <= 6:
                out.append(Pattern((t, t + 1), (t - 1, t + 2), "two_sided"))
            if a <= 6:
                out.append(Pattern((t, t + 2), (t + 1,), "closed"))
        out.append(Pattern((base, base + 1), (base + 2,), "edge"))
        out.append(Pattern((base + 7, base + 8), (base + 6,), "edge"))
    return tuple(p for p in out if set(p.block) | set(p.waits) <= universe)


_ORPHANS: Final = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


@cache
def patterns(universe: frozenset[Tile]) -> tuple[Pattern, ...]:
    """Every wait pattern over a rule set's kinds, but pair-pair (counted in pairs by :func:`wait_chances`); built
    once a rule set."""
    out = list(_number_patterns(universe))
    out += [Pattern((t,), (t,), "single") for t in sorted(universe)]
    out += [Pattern((), (t,), "kokushi") for t in _ORPHANS if t in universe]
    return tuple(out)


def riichi_suji(player: Opponent) -> frozenset[Tile]:
    """The suji of the riichi tile (n ± 3 in its suit), unless it is known to come from the draw."""
    if player.riichi is None:
        return frozenset()
    tile = player.discards[player.riichi]
    if tile >= HONOR_BASE or (player.tedashi and player.riichi not in player.tedashi):
        return frozenset()
    n = tile % 9
    return frozenset(tile + d for d in (-3, 3) if 0 <= n + d <= 8)


def early_outside(player: Opponent) -> frozenset[Tile]:
    """The tiles outside an early discard: for each of the first six discards (but the riichi tile) that is a
    2-4 or 6-8, the tiles of its suit between it and the nearer terminal."""
    out: set[Tile] = set()
    for i, tile in enumerate(player.discards[:6]):
        if tile >= HONOR_BASE or i == player.riichi:
            continue
        n, base = tile % 9, tile - tile % 9
        if 1 <= n <= 3:
            out.update(range(base, tile))
        elif 5 <= n <= 7:
            out.update(range(tile + 1, base + 9))
    return frozenset(out)


def _terminal(tile: Tile, weights: Weights) -> float:
    return weights.terminal if tile < HONOR_BASE and tile % 9 in (0, 8) else 1.0


def wait_chances(unseen: list[int], player: Opponent, dora: frozenset[Tile], universe: frozenset[Tile],
                 weights: Weights = WEIGHTS, *, all_patterns: tuple[Pattern, ...] | None = None) -> list[float]:
    """For each kind, the chance it is among ``player``'s waits given they are tenpai (0 for a kind they are
    furiten on); ``unseen[t]``: the copies of ``t`` the seat does not see."""
    furiten = player.furiten()
    closed = player.open_melds == 0
    rsuji = riichi_suji(player)
    outside = early_outside(player)

    def reading(waits: tuple[Tile, ...], block: tuple[Tile, ...]) -> float:
        factor = 1.0
        if not rsuji.isdisjoint(waits):
            factor *= weights.riichi_suji
        if not outside.isdisjoint(waits):
            factor *= weights.early_outside
        if not dora.isdisjoint(block):
            factor *= weights.dora
        return factor

    shape_weight = {"two_sided": 1.0, "closed": weights.closed, "edge": weights.edge}
    num = [0.0] * KINDS
    total = 0.0
    for p in all_patterns if all_patterns is not None else patterns(universe):
        if not furiten.isdisjoint(p.waits):
            continue
        if p.shape == "kokushi":
            if not closed:
                continue
            w = weights.kokushi
        elif p.shape == "single":
            t = p.block[0]
            w = unseen[t] * (weights.single_honour if t >= HONOR_BASE else weights.single) * _terminal(t, weights)
        else:
            a, b = p.block
            w = unseen[a] * unseen[b] * shape_weight[p.shape]
            if p.shape == "closed" and (a % 9 == 0 or b % 9 == 8):
                w *= weights.closed_terminal
        if w <= 0:
            continue
        w *= reading(p.waits, p.block)
        total += w
        for t in p.waits:
            num[t] += w
    # pair-pair: two pairs from the unseen copies, waiting on either; g(X) = pairs of X x weight x readings.
    # Each pair-pair (X, Y) counts g(X) g(Y) / sum(g): the same units as a one-block pattern
    g = [0.0] * KINDS
    for t in universe:
        if t in furiten or unseen[t] < 2:
            continue
        g[t] = (comb(unseen[t], 2) * (weights.shanpon_honour if t >= HONOR_BASE else 1.0) * _terminal(t, weights)
                * reading((t,), (t,)))
    big = sum(g)
    if big > 0:  # per pair of X, the other pair's share: counted in the units of one block, not two
        total += (big * big - sum(x * x for x in g)) / 2 / big * weights.shanpon
        for t in universe:
            if g[t]:
                num[t] += g[t] * (big - g[t]) / big * weights.shanpon
    if total <= 0:
        return [0.0] * KINDS
    return [min(1.0, x / total) for x in num]


def p_tenpai(player: Opponent, turn: int | None = None) -> float:
    """Their chance of being tenpai now (or at their ``turn``, a later one: the round's end): 1 in riichi; an
    open hand by its calls and its turn (the published rate at the 9th discard, ``1 - (1 - r) ** (turn / 9)`` at
    another turn; 4 calls: 0.95 at the 9th); a closed hand without riichi its turn number in % (at most 0.5)."""
    if player.in_riichi:
        return 1.0
    turn = len(player.discards) if turn is None else turn
    calls = player.open_melds
    if calls == 0:
        return min(0.5, CLOSED_TENPAI_PER_TURN * turn)
    rate = OPEN_TENPAI_AT_9.get(calls, 0.95)
    return 1.0 - float((1.0 - rate) ** (turn / 9))


def deal_in_value(player: Opponent, dora: frozenset[Tile], *, dealer: bool) -> float:
    """What a deal-in to them costs on average (points): the published averages by riichi (the ippatsu turn
    when the riichi discard is their last), closed, open (x1.4 per dora in their melds, three at most); x1.5
    for a dealer."""
    if player.in_riichi:
        value = DEAL_IN_COST["ippatsu" if player.riichi == len(player.discards) - 1 else "riichi"]
    elif player.open_melds == 0:
        value = DEAL_IN_COST["closed"]
    else:
        shown = sum(t in dora for m in player.melds for t in m.tiles)
        value = DEAL_IN_COST["open"] * float(OPEN_DORA_FACTOR ** min(3, shown))
    return value * (DEALER_FACTOR if dealer else 1.0)
