"""The special closed forms: seven pairs (七対子) and thirteen orphans (国士無双), read from five counters.

* Seven pairs: ``6 - pairs + max(0, 7 - kinds)`` (:func:`seven_pairs_of`); under the rule sets where a four
  counts as two pairs (``sichuan`` 龙七对, ``gb``) the formula is ``6 - sum(count // 2)``
  (:func:`four_pairs_of`). Under 缺一门 it is read over the kept suits (:mod:`paili.forms.voids`).
* Thirteen orphans: ``13 - kinds of terminals/honors - (1 if any of them is paired)``
  (:func:`thirteen_orphans_of`).

Both apply only to a closed hand of 13 or 14 tiles with no called melds. They read five counters
(:class:`PairCounts`) that a one-tile change updates in O(1); :class:`SpecialForms` is the part of
:class:`~paili.evaluator.Evaluator` that reads them for a hand and its one-tile neighbours.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from typing import Final, NamedTuple

from ..rules import RULE_SETS, Rules
from ..tiles import COPIES, KINDS, TERMINALS_AND_HONORS
from .regular import UNREACHABLE


def seven_pairs_of(kinds: int, pairs: int) -> int:
    """Seven-pairs shanten from the counters: kinds held, kinds held twice or more.

    ``6 - pairs + max(0, 7 - kinds)``: seven *distinct* pairs, so a missing kind costs a draw too.
    """
    return 6 - pairs + (7 - kinds if kinds < 7 else 0)


def four_pairs_of(halves: int) -> int:
    """Seven-pairs shanten when a four counts as two pairs (龙七对), from ``halves`` = ``sum(count // 2)``."""
    return 6 - halves


def thirteen_orphans_of(orphan_kinds: int, orphan_pairs: int) -> int:
    """Thirteen-orphans shanten from the counters over the 13 terminals and honors: kinds held, kinds paired."""
    return 13 - orphan_kinds - (1 if orphan_pairs else 0)


_ORPHANS: Final = itemgetter(*TERMINALS_AND_HONORS)


def chiitoitsu_shanten(counts: Sequence[int], rules: Rules = "riichi") -> int:
    """Seven-pairs shanten of a closed 13/14-tile hand (see the module docs for the rules variant; 缺一门 is the
    :class:`~paili.evaluator.Evaluator`'s).

    >>> chiitoitsu_shanten([2] * 6 + [1] + [0] * 27), chiitoitsu_shanten([4] * 3 + [1] + [0] * 30, "gb")
    (0, 0)
    """
    if RULE_SETS[rules].four_pairs:  # sum(count // 2): each odd count (1 or 3) leaves one tile out of its pairs
        return four_pairs_of((sum(counts) - counts.count(1) - counts.count(3)) >> 1)
    kinds = len(counts) - counts.count(0)
    return seven_pairs_of(kinds, kinds - counts.count(1))


def kokushi_shanten(counts: Sequence[int]) -> int:
    """Thirteen-orphans shanten of a closed 13/14-tile hand.

    >>> kokushi_shanten([1, 0, 0, 0, 0, 0, 0, 0, 1] * 3 + [1] * 7)
    0
    """
    orphans: tuple[int, ...] = _ORPHANS(counts)
    kinds = 13 - orphans.count(0)
    return thirteen_orphans_of(kinds, kinds - orphans.count(1))


class PairCounts(NamedTuple):
    """The five counters seven pairs and thirteen orphans read, updated in O(1) by a one-tile change."""

    kinds: int
    """Kinds held."""
    pairs: int
    """Kinds held twice or more."""
    halves: int
    """``sum(count // 2)``: pairs when a four counts as two (Sichuan and GB seven pairs)."""
    orphan_kinds: int
    """Terminal and honor kinds held."""
    orphan_pairs: int
    """Terminal and honor kinds held twice or more."""

    @classmethod
    def of(cls, counts: Sequence[int]) -> PairCounts:
        """The counters of 34 counts (read with C-level counting: this runs for every state of a search)."""
        kinds = KINDS - counts.count(0)
        ones = counts.count(1)
        orphans: tuple[int, ...] = _ORPHANS(counts)
        orphan_kinds = 13 - orphans.count(0)
        # sum(v // 2) over the counts: each odd count (1 or 3) leaves one tile out of its pairs.
        halves = (sum(counts) - ones - counts.count(3)) >> 1
        return cls(kinds, kinds - ones, halves, orphan_kinds, orphan_kinds - orphans.count(1))

    def changed(self, before: int, after: int, *, orphan: bool) -> PairCounts:
        """The counters once the count of one kind (a terminal or honor if ``orphan``) goes from ``before`` to
        ``after``."""
        held = (after > 0) - (before > 0)
        paired = (after > 1) - (before > 1)
        halves = self.halves + (after >> 1) - (before >> 1)
        if orphan:
            return PairCounts(self.kinds + held, self.pairs + paired, halves, self.orphan_kinds + held,
                              self.orphan_pairs + paired)
        return PairCounts(self.kinds + held, self.pairs + paired, halves, self.orphan_kinds, self.orphan_pairs)


class SpecialForms:
    """Seven pairs and thirteen orphans of hands that share one context (a part of
    :class:`~paili.evaluator.Evaluator`, which sets the attributes below from its forms and rules)."""

    seven_pairs: bool
    """Seven pairs counts."""
    orphans: bool
    """Thirteen orphans counts (and the rule set has it)."""
    four_pairs: bool
    """A four counts as two pairs (the rule set's 龙七对)."""
    _specials: dict[tuple[PairCounts, int], tuple[list[int], list[int]]]
    """key: (counters, +1 or -1) -> the best special form by the count of the kind changed (orphan, other)."""

    def _special(self, p: PairCounts) -> int:
        """The best of seven pairs and thirteen orphans, those that count (:data:`UNREACHABLE` if neither)."""
        best = UNREACHABLE
        if self.seven_pairs:
            best = four_pairs_of(p.halves) if self.four_pairs else seven_pairs_of(p.kinds, p.pairs)
        if self.orphans:
            orphans = thirteen_orphans_of(p.orphan_kinds, p.orphan_pairs)
            if orphans < best:
                best = orphans
        return best

    def _special_after(self, p: PairCounts, delta: int) -> tuple[list[int], list[int]]:
        """The best special form after one copy more (``delta`` = 1) or fewer (-1) of a kind held ``v`` times,
        indexed by ``v`` = 0..4: for a terminal or honor, and for another kind (:data:`UNREACHABLE` where the
        change is impossible). Only these ten cases exist, so a hand's 34 neighbours cost ten evaluations."""
        key = (p, delta)
        found = self._specials.get(key)
        if found is None:
            special = self._special
            found = self._specials[key] = (
                [special(p.changed(v, v + delta, orphan=True)) if 0 <= v + delta <= COPIES else UNREACHABLE
                 for v in range(COPIES + 1)],
                [special(p.changed(v, v + delta, orphan=False)) if 0 <= v + delta <= COPIES else UNREACHABLE
                 for v in range(COPIES + 1)],
            )
        return found
