"""Exact shanten (向聴数) of a hand, per form.

The forms and their formulas are those of :mod:`paili.evaluator` (the one evaluator every module uses); this
module gives the per-form answer for a :class:`Hand` (:func:`shanten`) or for raw counts
(:func:`counts_shanten`), and re-exports the per-form functions.

Seven pairs and thirteen orphans apply only to a closed hand of 13 or 14 tiles with no called melds; for other
hands their shanten is ``None``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .evaluator import chiitoitsu_shanten, kokushi_shanten, regular_shanten
from .hand import Hand
from .rules import RULES, Rules

__all__ = ["RULES", "Rules", "Shanten", "chiitoitsu_shanten", "counts_shanten", "kokushi_shanten",
           "regular_shanten", "shanten"]


class Shanten(NamedTuple):
    """Shanten of each form; ``chiitoitsu``/``kokushi`` are ``None`` where the form cannot apply.

    A named tuple (cheap to build: shanten is computed in hot loops), read-only like every value here.
    """

    regular: int
    chiitoitsu: int | None
    kokushi: int | None

    @property
    def min(self) -> int:
        """The hand's shanten: the best of the forms that apply."""
        best = self.regular
        for other in (self.chiitoitsu, self.kokushi):
            if other is not None and other < best:
                best = other
        return best


def counts_shanten(counts: Sequence[int], *, melds_needed: int, called: Sequence[int] | None,
                   full: bool, rules: Rules = "riichi") -> Shanten:
    """All forms for raw counts; ``full`` = a closed 13/14-tile hand (seven pairs and orphans apply)."""
    regular = regular_shanten(counts, melds_needed, called)
    if not full:
        return Shanten(regular, None, None)
    return Shanten(regular, chiitoitsu_shanten(counts, rules), kokushi_shanten(counts))


def shanten(hand: Hand, *, rules: Rules = "riichi") -> Shanten:
    """Exact shanten of a :class:`Hand`, per form.

    >>> from paili import parse
    >>> shanten(parse("1111m234p567p789s")).min
    1
    >>> shanten(parse("123m456p789s11122z"))
    Shanten(regular=-1, chiitoitsu=4, kokushi=8)
    """
    counts = hand.concealed
    size = sum(counts)
    if hand.melds:
        return Shanten(regular_shanten(counts, size // 3, hand.called_counts()), None, None)
    regular = regular_shanten(counts, size // 3)
    if size < 13:
        return Shanten(regular, None, None)
    return Shanten(regular, chiitoitsu_shanten(counts, rules), kokushi_shanten(counts))
