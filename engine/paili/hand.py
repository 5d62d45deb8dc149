"""Hands and called melds as values (frozen dataclasses).

A :class:`Hand` is the concealed tiles (a 34-count vector, red fives counted as fives plus a separate red
count per suit) and the called melds. It is built by :func:`paili.parse` (see :mod:`paili.notation` for the
text form) and is immutable; ``str(hand)`` gives the canonical notation and ``repr`` something you can paste
back.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypeAlias

from .tiles import KINDS, Counts, Tile

MeldKind: TypeAlias = Literal["chi", "pon", "kan", "ankan"]
"""``chi`` sequence, ``pon`` triplet, ``kan`` open quad (明槓), ``ankan`` closed quad (暗槓)."""


@dataclass(frozen=True, slots=True)
class Meld:
    """A called meld (副露): its kind, its tiles as kinds ascending, how many of them are red fives."""

    kind: MeldKind
    tiles: tuple[Tile, ...]
    reds: int = 0

    @property
    def is_open(self) -> bool:
        """Every meld but a closed kan opens the hand."""
        return self.kind != "ankan"


@dataclass(frozen=True, slots=True)
class Hand:
    """Concealed tiles plus called melds.

    ``concealed`` holds 34 counts with red fives counted as fives; ``reds`` says how many of the concealed
    5m, 5p, 5s are red (0 or 1 each). The concealed part has 3k+1 or 3k+2 tiles; the hand needs
    ``tile_count // 3`` more melds and one pair to win. Melds that are neither given nor concealed (Tenhou's
    short-hand convention, ``19m19p19s12345z`` = 11 tiles + one unknown meld) are simply not there.
    """

    concealed: Counts
    reds: tuple[int, int, int] = (0, 0, 0)
    melds: tuple[Meld, ...] = ()

    @property
    def tile_count(self) -> int:
        """Number of concealed tiles."""
        return sum(self.concealed)

    @property
    def melds_needed(self) -> int:
        """How many melds the concealed tiles must still form (with the pair) to win."""
        return self.tile_count // 3

    @property
    def is_closed(self) -> bool:
        """No open meld (closed kans keep a hand closed)."""
        return not any(m.is_open for m in self.melds)

    @property
    def is_full(self) -> bool:
        """A full closed 13/14-tile hand: the only one where seven pairs and thirteen orphans apply."""
        return not self.melds and self.tile_count >= 13

    def called_counts(self) -> Counts:
        """Copies of each kind held in the called melds."""
        out = [0] * KINDS
        for meld in self.melds:
            for t in meld.tiles:
                out[t] += 1
        return tuple(out)

    def __str__(self) -> str:
        from .notation import format_hand

        return format_hand(self)

    def __repr__(self) -> str:
        return f"paili.parse({str(self)!r})"
