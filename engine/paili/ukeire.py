"""Waits (待ち), ukeire (受け入れ) and the discard table (打牌候補) of Tenhou's 牌理 page.

* The ukeire of a 3n+1 hand: every kind of the rule set's wall whose draw lowers the shanten (the best over
  the forms that apply), with the copies left = 4 - in hand - in called melds (and nukidora) - marked visible
  (never below 0). A kind the hand
  already holds four of, concealed or called, cannot be drawn and is not listed. A kind with 0 left is still
  listed, with 0.
* The waits of a tenpai hand are its ukeire (the draws that complete it); ``[]`` when it is not tenpai.
* The discard table of a 3n+2 hand: for each distinct kind it can discard, the shanten after the discard and
  the ukeire of the 3n+1 hand that remains; best first: lower shanten, then more ukeire, then tile order.
  As on Tenhou's 牌理 page, the copies left are counted against the whole 3n+2 hand: the discarded copy lies
  face up in the river, so it is not left to draw.

The distance is the one :class:`~paili.evaluator.Evaluator` computes, over the forms given by ``forms`` (all
three by default; ``REGULAR_ONLY`` gives Tenhou's 一般形 table); it reads each suit's content once and then a
one-tile neighbour's shanten with one table lookup.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .evaluator import ALL_FORMS, Evaluator, Forms
from .hand import Hand
from .rules import Rules
from .tiles import FIVES, KINDS, Counts, Tile


@dataclass(frozen=True, slots=True)
class Ukeire:
    """Tiles that lower the shanten, each with the copies left, and their total."""

    tiles: tuple[tuple[Tile, int], ...]

    @property
    def total(self) -> int:
        return sum(n for _, n in self.tiles)


@dataclass(frozen=True, slots=True)
class Discard:
    """One row of the discard table: the kind discarded (``red`` if the copy thrown is a red five), the
    shanten after it and the ukeire of what remains."""

    tile: Tile
    red: bool
    shanten: int
    ukeire: Ukeire


_NONE: Counts = (0,) * KINDS


def _ukeire_of(ev: Evaluator, counts: Sequence[int], draws: list[Tile], visible: Sequence[int]) -> Ukeire:
    """The ukeire of the draws ``draws``: each with its copies left in the rule set's wall (never below 0)."""
    cap = ev.cap
    return Ukeire(tuple((t, max(0, cap[t] - counts[t] - visible[t])) for t in draws))


def ukeire(hand: Hand, *, visible: Sequence[int] | None = None, rules: Rules = "riichi",
           forms: Forms = ALL_FORMS, void: int | None = None) -> Ukeire:
    """Ukeire of a 3n+1 hand (an empty result for a 3n+2 hand, which must discard first).

    >>> from paili import parse
    >>> u = ukeire(parse("123m456p789s1122z"))
    >>> [(t, n) for t, n in u.tiles], u.total
    ([(27, 2), (28, 2)], 4)
    """
    if hand.tile_count % 3 != 1:
        return Ukeire(())
    ev = Evaluator.for_hand(hand, rules=rules, forms=forms, void=void)
    _, draws = ev.lowering_draws(list(hand.concealed))
    return _ukeire_of(ev, hand.concealed, draws, visible or _NONE)


def waits(hand: Hand, *, visible: Sequence[int] | None = None, rules: Rules = "riichi",
          forms: Forms = ALL_FORMS, void: int | None = None) -> Ukeire:
    """The waits of a tenpai 3n+1 hand (its ukeire); empty when the hand is not tenpai."""
    if hand.tile_count % 3 != 1:
        return Ukeire(())
    ev = Evaluator.for_hand(hand, rules=rules, forms=forms, void=void)
    current, draws = ev.lowering_draws(list(hand.concealed))
    return _ukeire_of(ev, hand.concealed, draws, visible or _NONE) if current == 0 else Ukeire(())


def discard_table(hand: Hand, *, visible: Sequence[int] | None = None, rules: Rules = "riichi",
                  forms: Forms = ALL_FORMS, void: int | None = None) -> list[Discard]:
    """The discard table of a 3n+2 hand, best first (``[]`` for a 3n+1 hand).

    >>> from paili import parse
    >>> rows = discard_table(parse("123m456p789s11223z"))
    >>> [(r.tile, r.shanten, r.ukeire.total) for r in rows[:2]]
    [(29, 0, 4), (0, 1, 11)]
    """
    if hand.tile_count % 3 != 2:
        return []
    seen = visible or _NONE
    # After a discard the hand has 3n+1 tiles and needs as many melds: one evaluator serves every row.
    ev = Evaluator.for_hand(hand, rules=rules, forms=forms, void=void)
    counts = list(hand.concealed)
    rows = []
    for t, _ in ev.discards(counts):
        counts[t] -= 1
        current, draws = ev.lowering_draws(counts)
        red = t in FIVES and hand.reds[FIVES.index(t)] == hand.concealed[t]
        river = list(seen)
        river[t] += 1
        rows.append(Discard(t, red, current, _ukeire_of(ev, counts, draws, river)))
        counts[t] += 1
    rows.sort(key=lambda r: (r.shanten, -r.ukeire.total, r.tile))
    return rows
