"""Waits (待ち), ukeire (受け入れ) and the discard table (打牌候補) of Tenhou's 牌理 page.

* The ukeire of a 3n+1 hand: every kind whose draw lowers the shanten (the best over the forms that apply),
  with the copies left = 4 - in hand - in called melds - marked visible (never below 0). A kind the hand
  already holds four of, concealed or called, cannot be drawn and is not listed. A kind with 0 left is still
  listed, with 0.
* The waits of a tenpai hand are its ukeire (the draws that complete it); ``[]`` when it is not tenpai.
* The discard table of a 3n+2 hand: for each distinct kind it can discard, the shanten after the discard and
  the ukeire of the 3n+1 hand that remains; best first: lower shanten, then more ukeire, then tile order.
  As on Tenhou's 牌理 page, the copies left are counted against the whole 3n+2 hand: the discarded copy lies
  face up in the river, so it is not left to draw.

Each evaluation re-reads only the suit that changed (see :mod:`paili.shanten`), so a whole table of a 14-tile
hand costs about 500 table lookups.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .hand import Hand
from .shanten import Rules, _get_tables, suit_answer
from .tiles import FIVES, IS_ORPHAN, KINDS, TERMINALS_AND_HONORS, Counts, Tile

_SUIT_BASE = tuple(27 if t >= 27 else t - t % 9 for t in range(KINDS))
_SLOT = {0: 0, 9: 1, 18: 2, 27: 3}


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


class _Evaluator:
    """Shanten of a hand and of its one-tile variations, recomputing only what a change touches.

    For the regular form the other three suits' answers are combined once (``rest``), and a suit is re-read
    from the automaton state just before the changed kind (``prefix``). Seven pairs and thirteen orphans are
    updated from running counts instead of rescanning the hand.
    """

    def __init__(self, counts: Sequence[int], melds_needed: int, called: Sequence[int] | None,
                 full: bool, rules: Rules) -> None:
        self.counts = list(counts)
        self.n = melds_needed
        self.called = called
        self.full = full
        self.rules = rules
        t = self.tables = _get_tables()
        ids = [suit_answer(self.counts, called, base) for base in (0, 9, 18, 27)]
        self.ids = ids
        self.rest = [
            t.combine(t.combine(ids[1], ids[2]), ids[3]),
            t.combine(t.combine(ids[0], ids[2]), ids[3]),
            t.combine(t.combine(ids[0], ids[1]), ids[3]),
            t.combine(t.combine(ids[0], ids[1]), ids[2]),
        ]
        self.regular = t.answers[t.combine(ids[0], self.rest[0])][2 * melds_needed + 1] - 1
        # Automaton states before each kind of each suit (None where called melds force the slow path).
        self.prefix: list[list[int] | None] = []
        for base, trans in ((0, t.suit), (9, t.suit), (18, t.suit), (27, t.honors)):
            end = base + (7 if base == 27 else 9)
            if called is not None and any(called[base:end]):
                self.prefix.append(None)
                continue
            states = [0]
            for count in self.counts[base:end]:
                states.append(trans[states[-1] + count])
            self.prefix.append(states)
        held = self.counts
        self.kinds = KINDS - held.count(0)
        self.pairs = self.kinds - held.count(1)
        self.halves = sum(x // 2 for x in held)
        orphans = [held[k] for k in TERMINALS_AND_HONORS]
        self.orphan_kinds = 13 - orphans.count(0)
        self.orphan_pairs = self.orphan_kinds - orphans.count(1)

    def _forms(self, regular: int, kinds: int, pairs: int, halves: int, orphan_kinds: int,
               orphan_pairs: int) -> int:
        if not self.full:
            return regular
        seven = 6 - halves if self.rules == "chinese" else 6 - pairs + max(0, 7 - kinds)
        orphans = 13 - orphan_kinds - (1 if orphan_pairs else 0)
        return min(regular, seven, orphans)

    def shanten_now(self) -> int:
        """The hand's shanten (the best of the forms that apply)."""
        return self._forms(self.regular, self.kinds, self.pairs, self.halves, self.orphan_kinds,
                           self.orphan_pairs)

    def _suit_id(self, tile: Tile, delta: int) -> tuple[int, int]:
        base = _SUIT_BASE[tile]
        slot = _SLOT[base]
        states = self.prefix[slot]
        if states is None:
            self.counts[tile] += delta
            try:
                return slot, suit_answer(self.counts, self.called, base)
            finally:
                self.counts[tile] -= delta
        t = self.tables
        trans = t.suit if base != 27 else t.honors
        i = tile - base
        counts = self.counts
        s = trans[states[i] + counts[tile] + delta]
        for c in counts[tile + 1 : base + (7 if base == 27 else 9)]:
            s = trans[s + c]
        return slot, (t.suit_ids[s] if base != 27 else t.honor_ids[s])

    def shanten_after(self, tile: Tile, delta: int) -> int:
        """Shanten with one copy of ``tile`` added (``delta`` = 1) or removed (-1)."""
        slot, new_id = self._suit_id(tile, delta)
        t = self.tables
        regular = t.answers[t.combine(new_id, self.rest[slot])][2 * self.n + 1] - 1
        if not self.full:
            return regular
        before = self.counts[tile]
        after = before + delta
        kinds = self.kinds + (after > 0) - (before > 0)
        pairs = self.pairs + (after > 1) - (before > 1)
        halves = self.halves + after // 2 - before // 2
        orphan_kinds, orphan_pairs = self.orphan_kinds, self.orphan_pairs
        if IS_ORPHAN[tile]:
            orphan_kinds += (after > 0) - (before > 0)
            orphan_pairs += (after > 1) - (before > 1)
        return self._forms(regular, kinds, pairs, halves, orphan_kinds, orphan_pairs)


def _drawable(counts: Sequence[int], called: Sequence[int] | None) -> list[Tile]:
    if called is None:
        return [t for t in range(KINDS) if counts[t] < 4]
    return [t for t in range(KINDS) if counts[t] + called[t] < 4]


def _ukeire_of(ev: _Evaluator, current: int, visible: Sequence[int]) -> Ukeire:
    called = ev.called
    tiles = []
    for t in _drawable(ev.counts, called):
        if ev.shanten_after(t, 1) < current:
            left = 4 - ev.counts[t] - (called[t] if called else 0) - visible[t]
            tiles.append((t, max(0, left)))
    return Ukeire(tuple(tiles))


def _evaluator(hand: Hand, rules: Rules) -> _Evaluator:
    called = hand.called_counts() if hand.melds else None
    return _Evaluator(hand.concealed, hand.melds_needed, called, hand.is_full, rules)


_NONE: Counts = (0,) * KINDS


def ukeire(hand: Hand, *, visible: Sequence[int] | None = None, rules: Rules = "riichi") -> Ukeire:
    """Ukeire of a 3n+1 hand (an empty result for a 3n+2 hand, which must discard first).

    >>> from paili import parse
    >>> u = ukeire(parse("123m456p789s1122z"))
    >>> [(t, n) for t, n in u.tiles], u.total
    ([(27, 2), (28, 2)], 4)
    """
    if hand.tile_count % 3 != 1:
        return Ukeire(())
    ev = _evaluator(hand, rules)
    return _ukeire_of(ev, ev.shanten_now(), visible or _NONE)


def waits(hand: Hand, *, visible: Sequence[int] | None = None, rules: Rules = "riichi") -> Ukeire:
    """The waits of a tenpai 3n+1 hand (its ukeire); empty when the hand is not tenpai."""
    if hand.tile_count % 3 != 1:
        return Ukeire(())
    ev = _evaluator(hand, rules)
    current = ev.shanten_now()
    return _ukeire_of(ev, current, visible or _NONE) if current == 0 else Ukeire(())


def discard_table(hand: Hand, *, visible: Sequence[int] | None = None, rules: Rules = "riichi"
                  ) -> list[Discard]:
    """The discard table of a 3n+2 hand, best first (``[]`` for a 3n+1 hand).

    >>> from paili import parse
    >>> rows = discard_table(parse("123m456p789s11223z"))
    >>> [(r.tile, r.shanten, r.ukeire.total) for r in rows[:2]]
    [(29, 0, 4), (0, 1, 11)]
    """
    if hand.tile_count % 3 != 2:
        return []
    seen = visible or _NONE
    called = hand.called_counts() if hand.melds else None
    # After a discard the hand has 3n+1 tiles: the forms that apply are those of a 13-tile closed hand.
    rows = []
    for t in range(KINDS):
        if not hand.concealed[t]:
            continue
        counts = list(hand.concealed)
        counts[t] -= 1
        ev = _Evaluator(counts, hand.melds_needed, called, hand.is_full, rules)
        current = ev.shanten_now()
        red = t in FIVES and hand.reds[FIVES.index(t)] == hand.concealed[t]
        river = list(seen)
        river[t] += 1
        rows.append(Discard(t, red, current, _ukeire_of(ev, current, river)))
    rows.sort(key=lambda r: (r.shanten, -r.ukeire.total, r.tile))
    return rows
