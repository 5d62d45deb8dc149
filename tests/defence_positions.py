"""Positions at a riichi, for calibrating the defence model (tests/test_defence_calibration.py, tests/bench).

A seeded random deal of the 136 tiles; four players draw in turn and discard by a simple policy (the tile
whose discard leaves the lowest shanten; ties: an honour, then a terminal, then the tile farthest from the
middle, then at random). No calls. The first player whose discard leaves a closed hand tenpai declares riichi
with it; the position is taken right then, from each of the three other seats: the seat's hand (14 tiles,
as if it had just drawn), every river, the dora indicator, and the riichi player's true waits.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import paili
from paili.defence.opponents import Opponent, Opponents
from paili.hand import Hand
from paili.tiles import HONOR_BASE, KINDS

_SEATS = ("right", "across", "left")  # seat + 1, + 2, + 3 in the order of play


@dataclass(frozen=True)
class Position:
    """One seat's view at another player's riichi."""

    hand: Hand
    opponents: Opponents
    visible: tuple[int, ...]
    """The seat's own river and the dora indicator, as counts."""
    dora_indicator: int
    riichi_seat: str
    waits: frozenset[int]
    """The riichi player's true waits."""


def _hand(counts: list[int]) -> Hand:
    return Hand(tuple(counts), (0, 0, 0), (), 0)


def _choose(counts: list[int], rng: random.Random) -> tuple[int, int]:
    """The discard of the policy and the shanten it leaves."""
    best: tuple[int, float, float] | None = None
    choice = -1
    for t in range(KINDS):
        if not counts[t]:
            continue
        counts[t] -= 1
        s = paili.shanten(_hand(counts)).min
        counts[t] += 1
        edge = 0.0 if t >= HONOR_BASE else 4 - abs(t % 9 - 4)
        key = (s, (t < HONOR_BASE) * 1.0 + edge / 10, rng.random())
        if best is None or key < best:
            best, choice = key, t
    assert best is not None
    return choice, best[0]


def riichi_positions(games: int, seed: int = 1) -> list[Position]:
    """The positions of ``games`` seeded deals (a deal without a riichi before the wall's end gives none)."""
    rng = random.Random(seed)
    out: list[Position] = []
    for _ in range(games):
        wall = [t for t in range(KINDS) for _ in range(4)]
        rng.shuffle(wall)
        hands = [[0] * KINDS for _ in range(4)]
        for p in range(4):
            for t in wall[13 * p: 13 * p + 13]:
                hands[p][t] += 1
        indicator = wall[52]
        draw = 53
        rivers: list[list[int]] = [[] for _ in range(4)]
        riichi_player = None
        while draw < 136 - 14 and riichi_player is None:
            for p in range(4):
                hands[p][wall[draw]] += 1
                draw += 1
                tile, left = _choose(hands[p], rng)
                hands[p][tile] -= 1
                rivers[p].append(tile)
                if left == 0:
                    riichi_player = p
                    break
        if riichi_player is None:
            continue
        waits = frozenset(t for t, _ in paili.waits(_hand(hands[riichi_player])).tiles)
        for seat in range(4):
            if seat == riichi_player:
                continue
            hand = list(hands[seat])
            if draw < len(wall):
                hand[wall[draw]] += 1  # the seat's next draw, as if it were its turn
            if any(c > 4 for c in hand):
                continue
            found: dict[str, Opponent] = {}
            for step, name in enumerate(_SEATS, start=1):
                p = (seat + step) % 4
                river = tuple(rivers[p])
                found[name] = Opponent(river, (False,) * len(river),
                                       len(river) - 1 if p == riichi_player else None)
            visible = [0] * KINDS
            for t in rivers[seat]:
                visible[t] += 1
            visible[indicator] += 1
            if any(hand[t] + visible[t] > 4 for t in range(KINDS)):
                continue
            name = _SEATS[(riichi_player - seat) % 4 - 1]
            out.append(Position(_hand(hand), Opponents(**found), tuple(visible), indicator, name,  # type: ignore[arg-type]
                                waits))
    return out
