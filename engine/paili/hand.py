"""Hands and called melds as values (frozen dataclasses) that print themselves in canonical mpsz notation.

A :class:`Hand` is the concealed tiles (a 34-count vector, red fives counted as fives plus a separate red
count per suit) and the called melds. It is built by :func:`paili.parse` (see :mod:`paili.notation` for the
grammar) and is immutable; ``str(hand)`` gives the canonical notation, which parses back to an equal hand,
and ``repr`` something you can paste back. A :class:`Meld` checks its shape when it is built.

Canonical form: concealed tiles in m, p, s, z order, digits ascending inside a suit with a red ``0`` just
before the 5s, then each meld after one space, then one ``{4z}`` per north extracted as nukidora (sanma).
Chi digits ascend with the ``0`` in the five's place (``[406p]``), a pon or kan writes the ``0`` first
(``[055p]``, ``(0555m)``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal, TypeAlias

from .errors import HandError
from .tiles import COPIES, FIVES, HONOR_BASE, KINDS, SUITS, Counts, Tile

__all__ = ["MELD_SIZES", "NORTH", "Hand", "Meld", "MeldKind", "format_hand", "format_meld", "format_tiles",
           "meld_problem"]

MeldKind: TypeAlias = Literal["chi", "pon", "kan", "ankan"]
"""``chi`` sequence, ``pon`` triplet, ``kan`` open quad (明槓), ``ankan`` closed quad (暗槓)."""

MELD_SIZES: Final[dict[str, int]] = {"chi": 3, "pon": 3, "kan": 4, "ankan": 4}
"""How many tiles each kind of meld has."""

_RED_SUITS: Final = len(FIVES)

NORTH: Final = 30
"""The kind of north (4z), the tile three-player riichi extracts as nukidora (抜きドラ)."""


def meld_problem(kind: str, tiles: tuple[Tile, ...]) -> tuple[str, str] | None:
    """What is wrong with a meld of ``kind`` made of ``tiles`` (kinds ascending, as many as the kind has):
    the error code and the start of its message ("expected ..."), or ``None`` when the shape is right.

    >>> meld_problem("chi", (0, 1, 2)) is None, meld_problem("chi", (0, 0, 0))
    (True, ('meld.not_chi', 'expected a chi of three consecutive tiles or a pon of three equal tiles'))
    """
    if kind == "chi":
        if tiles[0] >= HONOR_BASE:
            return "meld.honor_chi", "expected a pon of three equal honors (honors make no chi)"
        if tiles != (tiles[0], tiles[0] + 1, tiles[0] + 2) or tiles[0] % 9 > 6:
            return "meld.not_chi", "expected a chi of three consecutive tiles or a pon of three equal tiles"
    elif len(set(tiles)) != 1:
        return (("meld.not_pon", "expected a pon of three equal tiles") if kind == "pon"
                else ("meld.not_kan", "expected a kan of four equal tiles"))
    return None


@dataclass(frozen=True, slots=True)
class Meld:
    """A called meld (副露): its kind, its tiles as kinds ascending, how many of them are red fives.

    Checked when built: ``Meld("chi", (0, 0, 0))`` is a :class:`HandError`, not a pon.

    >>> str(Meld("chi", (12, 13, 14), 1)), str(Meld("ankan", (4, 4, 4, 4), 1))
    ('[406p]', '(0555m)')
    """

    kind: MeldKind
    tiles: tuple[Tile, ...]
    reds: int = 0

    def __post_init__(self) -> None:
        size = MELD_SIZES.get(self.kind) if isinstance(self.kind, str) else None
        if size is None:
            raise HandError(f"expected a meld kind 'chi', 'pon', 'kan' or 'ankan', got {self.kind!r}",
                            code="meld.kind", params={"got": repr(self.kind)})
        tiles = self.tiles
        if (not isinstance(tiles, tuple) or len(tiles) != size
                or any(type(t) is not int or not 0 <= t < KINDS for t in tiles)
                or list(tiles) != sorted(tiles)):
            raise HandError(f"expected the {size} tiles of a {self.kind} as kinds from 0 to 33 in ascending "
                            f"order, got {tiles!r}", code="meld.tiles",
                            params={"size": size, "kind": self.kind, "got": repr(tiles)})
        problem = meld_problem(self.kind, tiles)
        if problem is not None:
            raise HandError(f"{problem[1]}, got {self!r}", code=problem[0], params={"meld": repr(self)})
        fives = min(1, sum(t in FIVES for t in tiles))
        if type(self.reds) is not int or not 0 <= self.reds <= fives:
            raise HandError(f"expected {'0 or 1' if fives else '0'} red fives in {self!r}, got {self.reds!r}",
                            code="meld.reds", params={"allowed": fives, "meld": repr(self), "got": repr(self.reds)})

    @property
    def is_open(self) -> bool:
        """Every meld but a closed kan opens the hand."""
        return self.kind != "ankan"

    def __str__(self) -> str:
        reds = self.reds
        digits = []
        for t in self.tiles:
            if t in FIVES and reds:
                digits.append("0")
                reds -= 1
            else:
                digits.append(str(t % 9 + 1))
        opener, closer = ("(", ")") if self.kind == "ankan" else ("[", "]")
        return f"{opener}{''.join(digits)}{SUITS[self.tiles[0] // 9]}{closer}"


@dataclass(frozen=True, slots=True)
class Hand:
    """Concealed tiles plus called melds.

    ``concealed`` holds 34 counts with red fives counted as fives; ``reds`` says how many of the concealed
    5m, 5p, 5s are red (0 or 1 each). The concealed part has 3k+1 or 3k+2 tiles; the hand needs
    ``tile_count // 3`` more melds and one pair to win. Melds that are neither given nor concealed (Tenhou's
    short-hand convention, ``19m19p19s12345z`` = 11 tiles + one unknown meld) are simply not there.
    ``nukidora``: norths extracted (sanma's 抜きドラ); they are set aside like a called tile but neither open
    the hand nor count among its 14 tiles.
    """

    concealed: Counts
    reds: tuple[int, int, int] = (0, 0, 0)
    melds: tuple[Meld, ...] = ()
    nukidora: int = 0

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

    def set_aside(self) -> Counts:
        """Copies of each kind out of the concealed part for good: the called melds' and the nukidora norths."""
        if not self.nukidora:
            return self.called_counts()
        out = list(self.called_counts())
        out[NORTH] += self.nukidora
        return tuple(out)

    def __str__(self) -> str:
        parts = [format_tiles(self.concealed, self.reds)] if any(self.concealed) else []
        parts.extend(map(str, self.melds))
        parts.extend(["{4z}"] * self.nukidora)
        return " ".join(parts)

    def __repr__(self) -> str:
        return f"paili.parse({str(self)!r}{', rules=' + repr('sanma') if self.nukidora else ''})"


def format_tiles(counts: Sequence[int], reds: Sequence[int] = (0, 0, 0)) -> str:
    """Canonical mpsz text of a tile list: m, p, s, z; digits ascending; a red ``0`` just before the 5s.

    >>> format_tiles([0, 0, 1, 1, 2] + [0] * 22 + [2, 0, 0, 0, 0, 0, 1], (1, 0, 0))
    '3405m117z'
    """
    if len(counts) != KINDS or any(not 0 <= n <= COPIES for n in counts):
        raise HandError(f"expected {KINDS} counts from 0 to {COPIES}, got {tuple(counts)!r}", code="counts.invalid",
                        params={"got": repr(tuple(counts))})
    if len(reds) != _RED_SUITS or any(not 0 <= r <= min(1, counts[FIVES[s]]) for s, r in enumerate(reds)):
        raise HandError(f"expected 3 red-five counts of 0 or 1 (at most the 5s held), got {tuple(reds)!r}",
                        code="counts.reds_invalid", params={"got": repr(tuple(reds))})
    parts = []
    for suit, letter in enumerate(SUITS):
        base = suit * 9
        red = reds[suit] if suit < _RED_SUITS else 0
        digits = "".join(
            "0" * red + "5" * (counts[t] - red) if t in FIVES and red else str(t % 9 + 1) * counts[t]
            for t in range(base, base + (9 if suit < _RED_SUITS else 7))
        )
        if digits:
            parts.append(digits + letter)
    return "".join(parts)


def format_meld(meld: Meld) -> str:
    """Canonical text of a meld, ``str(meld)``: ``[406p]`` chi, ``[055p]`` pon, ``(1111z)`` closed kan."""
    return str(meld)


def format_hand(hand: Hand) -> str:
    """Canonical text of a hand, ``str(hand)``: concealed tiles, then each meld after one space.

    ``parse(format_hand(hand)) == hand`` for every valid hand, and ``format_hand(parse(text))`` is canonical.
    """
    return str(hand)
