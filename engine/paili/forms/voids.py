"""Sichuan's 缺一门 (``rules="sichuan"``): a hand must give up one of the three suits, so its shanten is the best
over the suits it may give up (:func:`void_choices`) of the shanten of the hand read without that suit.

The suit given up is read as absent (its tiles must all go): an empty suit, which a target never needs since
a free kind of the kept suits always costs as little. Seven pairs (a four as two pairs) is
``13 - 2h - min(7 - h, t - 2h)`` over the kept suits (:func:`void_pairs_of`; ``h`` = ``sum(count // 2)``,
``t`` the tiles). :class:`VoidForms` is the part of :class:`~paili.evaluator.Evaluator` that reads them; a lone
hand with nothing set aside is read without the cache (:func:`plain_void_forms`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from ..errors import HandError
from ..rules import RULE_SETS
from ..tiles import COPIES
from .regular import ADDED, ANSWER_BITS, OTHER_SUITS, SUIT_BASES, UNREACHABLE, RegularForm, SuitEntry, suit_tables


def void_pairs_of(halves: int, tiles: int) -> int:
    """Seven-pairs shanten (fours as two pairs) of the tiles kept under 缺一门: ``halves`` = ``sum(count // 2)``
    and ``tiles`` held in the kept suits. The target keeps every pair, makes a pair of as many odd counts as
    it still needs (one tile each) and fills the rest from nothing (two tiles each): missing
    ``14 - 2h - min(7 - h, odd)``, with ``odd = tiles - 2h``.

    >>> void_pairs_of(6, 13), void_pairs_of(3, 6)
    (0, 7)
    """
    return 13 - 2 * halves - min(7 - halves, tiles - 2 * halves)


class VoidRead(NamedTuple):
    """A hand read with one suit given up (缺一门)."""

    void: int
    """The suit given up (0, 1, 2)."""
    halves: int
    """``sum(count // 2)`` over the kept suits."""
    tiles: int
    """The tiles held in the kept suits."""
    shanten: int
    """The shanten with that suit given up."""
    rests: tuple[tuple[int, int], tuple[int, int]]
    """For each kept slot, ``(slot, the answer id of everything else)``."""


def void_choices(called: Sequence[int], void: int | None) -> tuple[int, ...]:
    """The suits a hand may give up: those with no tile of ``called`` (its 34 counts set aside), or ``void``
    when the caller fixes it (0, 1 or 2: m, p or s). A :class:`HandError` when ``void`` is not one of them or
    no suit is free.

    >>> void_choices([0] * 34, None), void_choices([0] * 9 + [3] + [0] * 24, 2)
    ((0, 1, 2), (2,))
    """
    free = tuple(slot for slot in range(3) if not any(called[slot * 9:slot * 9 + 9]))
    if void is not None and (type(void) is not int or not 0 <= void < 3):
        raise HandError(f"expected void 0, 1 or 2 (the suit m, p or s given up), got {void!r}",
                        field="void", code="void.invalid", params={"got": repr(void)})
    if void is not None and void not in free:
        raise HandError(f"expected a void suit with no called meld, got {'mps'[void]!r}: the melds hold "
                        f"tiles of that suit", field="void", code="void.called_suit",
                        params={"got": repr("mps"[void])})
    if not free:
        raise HandError("expected called melds of at most two suits: a Sichuan hand with melds of all "
                        "three can never win (缺一门)", field="melds", code="melds.three_suits", params={})
    return free if void is None else (void,)


_void_base: int | None = None


def void_base() -> int:
    """Under Sichuan with nothing set aside, the answer id :func:`plain_void_forms` combines the two kept suits
    with: the suit given up read as an empty suit, combined with no honors read under the rule set's limits
    (0: no honor is in the wall)."""
    global _void_base
    if _void_base is None:
        t = suit_tables()
        honors = tuple(RULE_SETS["sichuan"].caps[SUIT_BASES[3]:])
        _void_base = t.combine(t.read((0,) * 9, 0), t.read((0,) * len(honors), 3, honors))
    return _void_base


_ALL_VOIDS: Final = (0, 1, 2)


def plain_void_forms(counts: Sequence[int], melds_needed: int, full: bool, void: int | None = None
                     ) -> tuple[int, int]:
    """Under Sichuan (缺一门), the regular and seven-pairs shanten of a hand with nothing set aside and no honors,
    each the best over the suits that may be given up (``void``: the one fixed, 0-2), as
    :meth:`VoidForms.void_best` reads them but nothing cached: each suit read straight from the automaton, the
    two kept suits combined per suit given up (seven pairs is :data:`UNREACHABLE` unless ``full``: a closed
    13/14-tile hand).

    >>> plain_void_forms([1, 1, 1, 2, 2, 0, 0, 0, 0] + [0, 0, 0, 0, 3, 3, 0, 0, 0] + [0, 0, 1] + [0] * 13, 4, True)
    (0, 2)
    """
    t = suit_tables()
    trans, ids, k, table = t.suit, t.suit_ids, t.k, t.table
    m = counts[0:9]
    c0, c1, c2, c3, c4, c5, c6, c7, c8 = m
    a = ids[trans[trans[trans[trans[trans[trans[trans[trans[trans[c0] + c1] + c2] + c3] + c4] + c5] + c6] + c7] + c8]]
    p = counts[9:18]
    c0, c1, c2, c3, c4, c5, c6, c7, c8 = p
    b = ids[trans[trans[trans[trans[trans[trans[trans[trans[trans[c0] + c1] + c2] + c3] + c4] + c5] + c6] + c7] + c8]]
    s = counts[18:27]
    c0, c1, c2, c3, c4, c5, c6, c7, c8 = s
    d = ids[trans[trans[trans[trans[trans[trans[trans[trans[trans[c0] + c1] + c2] + c3] + c4] + c5] + c6] + c7] + c8]]
    base = _void_base if _void_base is not None else void_base()
    by_melds = t.by_melds[melds_needed]
    suits = (a, b, d)
    regular = UNREACHABLE
    for v in _ALL_VOIDS if void is None else (void,):
        i, j = OTHER_SUITS[v]
        kept = table[suits[i] * k + suits[j]]  # two suits of the shipped table: so is their combination
        value = by_melds[table[base * k + kept] if base < k else t.combine(base, kept)]
        if value < regular:
            regular = value
    if not full:
        return regular, UNREACHABLE
    # void_pairs_of per suit given up: the kept tiles less their odd counts are twice their halves
    tiles = (sum(m), sum(p), sum(s))
    odd = (m.count(1) + m.count(3), p.count(1) + p.count(3), s.count(1) + s.count(3))
    pairs = UNREACHABLE
    for v in _ALL_VOIDS if void is None else (void,):
        i, j = OTHER_SUITS[v]
        o = odd[i] + odd[j]
        h = (tiles[i] + tiles[j] - o) >> 1
        value = 13 - 2 * h - (o if o < 7 - h else 7 - h)
        if value < pairs:
            pairs = value
    return regular, pairs


class VoidForms(RegularForm):
    """The regular form and seven pairs under 缺一门 of hands that share one context, read on the regular form's
    suits (a part of :class:`~paili.evaluator.Evaluator`, which sets the attributes below from its forms,
    rules and the void it is given)."""

    voids: tuple[int, ...]
    """Under 缺一门: the suits the hand may give up (:func:`void_choices`); empty under the other rule sets."""
    seven_pairs: bool
    """Seven pairs counts."""

    def void_forms(self, c: Sequence[int]) -> list[tuple[int, int, int]]:
        """For each suit that may be given up: ``(suit, regular shanten, seven-pairs shanten)`` with that suit
        given up (:data:`UNREACHABLE` for a form that does not count), read straight from the automata."""
        return self._void_forms(c, None)

    def void_best(self, c: Sequence[int]) -> tuple[int, int]:
        """The regular and seven-pairs shanten under 缺一门, each the best over the suits that may be given up
        (:data:`UNREACHABLE` for a form that does not count)."""
        best = [UNREACHABLE, UNREACHABLE]
        self._void_forms(c, best)
        return best[0], best[1]

    def _void_forms(self, c: Sequence[int], best: list[int] | None) -> list[tuple[int, int, int]]:
        """:meth:`void_forms`, or with ``best`` only the best of each form, kept in ``best`` (and ``[]``)."""
        t = self.tables
        comb, k, table, final = t.combine, t.k, t.table, self._final
        ids = self.answer_ids(c)
        base = comb(self._empty, ids[3])
        if self.seven_pairs:  # per suit: the tiles held and its odd counts (each leaves one out of its pairs)
            p0, p1, p2 = c[0:9], c[9:18], c[18:27]
            tiles = (sum(p0), sum(p1), sum(p2))
            odd = (p0.count(1) + p0.count(3), p1.count(1) + p1.count(3), p2.count(1) + p2.count(3))
        out = []
        finals, shifted = self._finals, base << ANSWER_BITS
        for v in self.voids:
            i, j = OTHER_SUITS[v]
            regular = pairs = UNREACHABLE
            if self.regular:  # the two kept suits combined (inlined when both are in the shipped table)
                a, b = ids[i], ids[j]
                kept = table[a * k + b] if a < k and b < k else comb(a, b)
                found = finals.get(shifted | kept)
                regular = final(base, kept) if found is None else found
            if self.seven_pairs:  # void_pairs_of inlined: the kept tiles less twice their halves are the odd counts
                o = odd[i] + odd[j]
                h = (tiles[i] + tiles[j] - o) >> 1
                pairs = 13 - 2 * h - (o if o < 7 - h else 7 - h)
            if best is None:
                out.append((v, regular, pairs))
            else:
                if regular < best[0]:
                    best[0] = regular
                if pairs < best[1]:
                    best[1] = pairs
        return out

    def _void_read(self, c: Sequence[int]) -> tuple[list[SuitEntry], list[VoidRead]]:
        """The three suits' entries and a :class:`VoidRead` for each suit that may be given up."""
        caches, suit = self._caches, self.suit
        entries = []
        for slot in range(3):
            key = (slot, tuple(c[slot * 9:slot * 9 + 9]))
            entries.append(caches[slot].get(key) or suit(*key))
        key = (3, tuple(c[27:34]))
        honors = caches[3].get(key) or suit(*key)
        comb = self.tables.combine
        base = comb(self._empty, honors.own)
        tiles = [sum(c[b:b + 9]) for b in (0, 9, 18)]
        halves = [(tiles[i] - c[b:b + 9].count(1) - c[b:b + 9].count(3)) >> 1 for i, b in enumerate((0, 9, 18))]
        out = []
        for v in self.voids:
            i, j = OTHER_SUITS[v]
            s_v = UNREACHABLE
            rest_i = comb(entries[j].own, base)
            rest_j = comb(entries[i].own, base)
            if self.regular:
                s_v = self._final(rest_i, entries[i].own)
            h, t = halves[i] + halves[j], tiles[i] + tiles[j]
            if self.seven_pairs:
                pairs = void_pairs_of(h, t)
                if pairs < s_v:
                    s_v = pairs
            out.append(VoidRead(v, h, t, s_v, ((i, rest_i), (j, rest_j))))
        return entries, out

    def _void_after(self, c: Sequence[int], entries: list[SuitEntry], read: VoidRead, which: int) -> list[int]:
        """The shanten with ``read.void`` given up after one copy more (``ADDED``) or fewer of each suited kind
        (:data:`UNREACHABLE` where impossible)."""
        out = [read.shanten] * 27
        delta = 1 if which == ADDED else -1
        pairs = self._void_pairs_after(read, delta) if self.seven_pairs else None
        for slot, rest in read.rests:
            regs = self._regular_after(rest, entries[slot], which)
            base = slot * 9
            if pairs is None:
                out[base:base + 9] = regs
            else:
                out[base:base + 9] = [r if r < (q := pairs[x]) else q for r, x in zip(regs, c[base:base + 9],
                                                                                      strict=True)]
        return out

    @staticmethod
    def _void_pairs_after(read: VoidRead, delta: int) -> list[int]:
        """Seven pairs with ``read.void`` given up after one copy more (``delta`` = 1) or fewer (-1) of a kept
        kind held ``x`` times, indexed by ``x`` = 0..4 (:data:`UNREACHABLE` where impossible)."""
        h, t = read.halves, read.tiles
        return [void_pairs_of(h + ((x + delta) >> 1) - (x >> 1), t + delta) if 0 <= x + delta <= COPIES
                else UNREACHABLE for x in range(COPIES + 1)]
