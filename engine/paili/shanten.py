"""Exact shanten (向聴数) of a hand, per form.

The forms and their formulas are those of :mod:`paili.evaluator` (the one evaluator every module uses); this
module gives the per-form answer for a :class:`Hand` (:func:`shanten`) or for raw counts
(:func:`counts_shanten`), and re-exports the per-form functions.

Seven pairs, thirteen orphans, 全不靠 and 七星不靠 apply only to a closed hand of 13 or 14 tiles with no called
melds, 组合龙 to a hand that needs at least three melds; for other hands, and for the forms the rule set does
not have (thirteen orphans in Sichuan, the knitted forms outside GB), their shanten is ``None``. Under 缺一门
(``sichuan``) each form's shanten is its best over the suits the hand may give up (or the one ``void`` fixes).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from .evaluator import (
    UNREACHABLE,
    Evaluator,
    Form,
    chiitoitsu_shanten,
    kokushi_shanten,
    plain_gb_forms,
    plain_void_forms,
    regular_shanten,
)
from .hand import Hand
from .rules import RULE_SETS, RULES, Rules

__all__ = ["RULES", "Rules", "Shanten", "chiitoitsu_shanten", "counts_shanten", "kokushi_shanten",
           "regular_shanten", "shanten"]


class Shanten(NamedTuple):
    """Shanten of each form; ``None`` where the form cannot apply (the knitted forms are GB's only).

    A named tuple (cheap to build: shanten is computed in hot loops), read-only like every value here.
    """

    regular: int
    chiitoitsu: int | None
    kokushi: int | None
    quanbukao: int | None = None
    """全不靠 (gb)."""
    qixingbukao: int | None = None
    """七星不靠 (gb): never below 全不靠, whose hands include it."""
    zuhelong: int | None = None
    """组合龙 (gb)."""

    @property
    def min(self) -> int:
        """The hand's shanten: the best of the forms that apply."""
        best = self.regular
        for other in self[1:]:
            if other is not None and other < best:
                best = other
        return best

    def __repr__(self) -> str:
        shown = self if any(v is not None for v in self[3:]) else self[:3]
        return f"Shanten({', '.join(f'{k}={v!r}' for k, v in zip(self._fields, shown, strict=False))})"


def counts_shanten(counts: Sequence[int], *, melds_needed: int, called: Sequence[int] | None,
                   full: bool, rules: Rules = "riichi", void: int | None = None) -> Shanten:
    """All forms for raw counts; ``full`` = a closed 13/14-tile hand (the closed forms apply); ``called``:
    the copies set aside (called melds, nukidora), ``None`` for none."""
    ruleset = RULE_SETS[rules]
    aside = tuple(called) if called is not None and any(called) else None

    if ruleset.void:
        plain = void is None or type(void) is int and void in _VOIDS
        if aside is None and plain and not any(counts[27:]):  # read straight from the tables
            regular, pairs = plain_void_forms(counts, melds_needed, full, void)
            return Shanten(regular, pairs if full else None, None)
        regular, pairs = _evaluator(melds_needed, aside, "regular", rules, void, ("regular", "chiitoitsu")
                                    ).void_best(counts)
        return Shanten(regular, pairs if full else None, None)
    if ruleset.knitted:  # GB: the regular form and the knitted forms from one reading of each suit
        if aside is None:  # nothing set aside: read straight from the tables, nothing cached
            regular, pairs, knit, stars, dragon = plain_gb_forms(counts, melds_needed, full)
        else:
            forms: tuple[Form, ...] = ("quanbukao", "zuhelong") if full else ("zuhelong",)
            regular, knit, stars, dragon = _evaluator(melds_needed, aside, "zuhelong", rules, void, forms
                                                      ).knitted_forms(counts)
            pairs = chiitoitsu_shanten(counts, rules) if full else UNREACHABLE
        zuhelong = dragon if melds_needed >= 3 else None
        if not full:
            return Shanten(regular, None, None, None, None, zuhelong)
        return Shanten(regular, pairs, kokushi_shanten(counts), knit, stars, zuhelong)
    # The other rule sets read the regular form straight from the tables, a kind outside the universe taken
    # as four copies set aside, and the pair forms by their formulas (the kokushi kinds are in every wall).
    if len(ruleset.tiles) < len(counts):
        regular = _evaluator(melds_needed, aside, "regular", rules, void).shanten(counts)
    else:
        regular = regular_shanten(counts, melds_needed, aside)
    if not full:
        return Shanten(regular, None, None)
    return Shanten(regular, chiitoitsu_shanten(counts, rules), kokushi_shanten(counts))


_VOIDS: Final = (None, 0, 1, 2)
"""The ``void`` values :func:`plain_void_forms` reads (any other, ``1.0`` and ``True`` too, is left to the
evaluator to refuse)."""

_EVALUATORS: dict[tuple[object, ...], Evaluator] = {}
_EVALUATORS_LIMIT = 256


def _evaluator(melds_needed: int, aside: tuple[int, ...] | None, name: Form, rules: Rules, void: int | None,
               forms: tuple[Form, ...] = ()) -> Evaluator:
    """An evaluator of one context counting one form (or ``forms``), kept for the next hand of that context."""
    key = (melds_needed, aside, name, rules, void, forms)
    found = _EVALUATORS.get(key)
    if found is None:
        if len(_EVALUATORS) >= _EVALUATORS_LIMIT:
            _EVALUATORS.clear()
        found = _EVALUATORS[key] = Evaluator(melds_needed=melds_needed, called=aside,
                                             forms=frozenset(forms or (name,)), rules=rules, void=void)
    return found


def shanten(hand: Hand, *, rules: Rules = "riichi", void: int | None = None) -> Shanten:
    """Exact shanten of a :class:`Hand`, per form (``void``: the suit fixed as given up, Sichuan only).

    >>> from paili import parse
    >>> shanten(parse("1111m234p567p789s")).min
    1
    >>> shanten(parse("123m456p789s11122z"))
    Shanten(regular=-1, chiitoitsu=4, kokushi=8)
    >>> shanten(parse("147m258p369s1234z"), rules="gb").quanbukao
    0
    """
    aside = hand.set_aside() if hand.melds or hand.nukidora else None
    return counts_shanten(hand.concealed, melds_needed=hand.melds_needed, called=aside, full=hand.is_full,
                          rules=rules, void=void)
