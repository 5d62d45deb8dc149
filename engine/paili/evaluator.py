"""The one evaluator of the hand forms: exact shanten (向聴数), with the set of forms as a parameter.

Every shanten the engine reports comes from here: :func:`paili.shanten.shanten`, the ukeire, waits and
discard table of :mod:`paili.ukeire` and the advisor's search (:mod:`paili.advice`). Which forms count is a
parameter, :data:`Forms` (as majiang-core passes its distance function to ``tingpai``): all of them by
default, :data:`REGULAR_ONLY` for the regular form alone (Tenhou's 一般形).

Shanten is the fewest tile exchanges that make the hand complete, minus one: -1 is a complete hand (agari),
0 is tenpai. It is *exact*: a hand may not aim at a fifth copy of a kind, counting the copies in its own
called melds, so ``1111m234p567p789s`` is 1-shanten, not tenpai as the textbook formula
``8 - 2*melds - partials - pair`` says.

Each form is read in its own module of :mod:`paili.forms`, which also holds its formulas:

* :mod:`paili.forms.regular`: n melds and a pair, table-driven (the suit automata and their combination
  table, :class:`SuitTables`), and the context every other form is read in (:class:`~paili.forms.regular.RegularForm`);
* :mod:`paili.forms.special`: seven pairs (七対子) and thirteen orphans (国士無双);
* :mod:`paili.forms.knitted`: GB's 全不靠, 七星不靠 and 组合龙 (``rules="gb"``);
* :mod:`paili.forms.voids`: Sichuan's 缺一门, a suit given up (``rules="sichuan"``).

Seven pairs, thirteen orphans, 全不靠 and 七星不靠 apply only to a closed hand of 13 or 14 tiles with no called
melds (:func:`applicable`), 组合龙 to a hand that needs at least three melds.

:class:`Evaluator` is built from one part per form (a class each, in its module) and answers the questions
the other modules ask, for hands that share one context (melds needed, called melds, forms, rules): the
shanten of a hand, the draws that lower it, the shanten after each discard, the best over the forms that
count. This module also holds the set of forms (:data:`Form`, :func:`check_forms`, :func:`applicable`) and
re-exports the forms' public names, where the rest of the engine imports them from.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final, Literal, TypeAlias

from .errors import HandError
from .forms.knitted import (
    KNITTED_PATTERNS,
    KnittedForms,
    knit_cache,
    knitted_held,
    plain_gb_forms,
)
from .forms.regular import (
    ADDED,
    ANSWER_BITS,
    NO_SUIT,
    REMOVED,
    SUIT_BASES,
    SUIT_OF,
    SUIT_SIZES,
    UNREACHABLE,
    SuitEntry,
    SuitTables,
    regular_shanten,
    suit_tables,
)
from .forms.special import (
    PairCounts,
    SpecialForms,
    chiitoitsu_shanten,
    four_pairs_of,
    kokushi_shanten,
    seven_pairs_of,
    thirteen_orphans_of,
)
from .forms.voids import VoidForms, plain_void_forms, void_choices, void_pairs_of
from .hand import Hand
from .rules import RULE_SETS, Rules
from .tiles import IS_ORPHAN, KINDS, Tile

__all__ = [
    "ALL_FORMS", "FORM_NAMES", "KNITTED_PATTERNS", "NO_SUIT", "REGULAR_ONLY", "SUIT_BASES", "SUIT_OF",
    "SUIT_SIZES", "UNREACHABLE", "Evaluator", "Form", "Forms", "PairCounts", "SuitEntry", "SuitTables",
    "applicable", "check_forms", "chiitoitsu_shanten", "four_pairs_of", "knitted_held", "kokushi_shanten",
    "plain_gb_forms", "plain_void_forms", "regular_shanten", "seven_pairs_of", "suit_tables", "thirteen_orphans_of",
    "void_pairs_of",
]

Form: TypeAlias = Literal["regular", "chiitoitsu", "kokushi", "quanbukao", "qixingbukao", "zuhelong"]
"""A hand form: n melds and a pair, seven pairs (七対子), thirteen orphans (国士無双), and the GB knitted forms
全不靠 (``quanbukao``), 七星不靠 (``qixingbukao``) and 组合龙 (``zuhelong``)."""

Forms: TypeAlias = frozenset[Form]
"""A set of forms: a hand's shanten is the best over those of them that apply (and its rule set has)."""

FORM_NAMES: Final[tuple[Form, ...]] = ("regular", "chiitoitsu", "kokushi", "quanbukao", "qixingbukao", "zuhelong")
ALL_FORMS: Final[Forms] = frozenset(FORM_NAMES)
REGULAR_ONLY: Final[Forms] = frozenset(("regular",))
_CLOSED_FORMS: Final[Forms] = frozenset(("chiitoitsu", "kokushi", "quanbukao", "qixingbukao"))
"""The forms that need a closed 13/14-tile hand."""


# --- the set of forms -----------------------------------------------------------------------------------------


def check_forms(forms: object) -> Forms:
    """A set of form names (any iterable of them, not empty), or a :class:`HandError` naming the forms.

    >>> sorted(check_forms(["kokushi", "regular"]))
    ['kokushi', 'regular']
    """
    if isinstance(forms, (str, bytes)) or not isinstance(forms, Iterable):
        raise HandError(f"expected a set of {', '.join(map(repr, FORM_NAMES))}, got {forms!r}", field="forms",
                        code="forms.type", params={"choices": ", ".join(map(repr, FORM_NAMES)), "got": repr(forms)})
    items = list(forms)
    out = frozenset(f for f in FORM_NAMES if f in items)
    if not items or len(out) != len(set(items)):
        raise HandError(f"expected a non-empty set of {', '.join(map(repr, FORM_NAMES))}, got {forms!r}", field="forms",
                        code="forms.empty", params={"choices": ", ".join(map(repr, FORM_NAMES)), "got": repr(forms)})
    return out


def applicable(forms: Forms, *, full: bool) -> Forms:
    """The forms of ``forms`` that apply to a hand; ``full`` = a closed 13/14-tile hand with no called melds,
    the only one seven pairs, thirteen orphans, 全不靠 and 七星不靠 apply to. A :class:`HandError` when none
    does."""
    if full:
        return forms
    if "regular" not in forms:
        raise HandError("seven pairs, thirteen orphans and the closed knitted forms apply only to a closed hand "
                        "of 13 or 14 concealed tiles with no called melds; expected the regular form too for "
                        "this hand", field="forms", code="forms.regular_needed", params={})
    return forms - _CLOSED_FORMS


# --- the evaluator ------------------------------------------------------------------------------------------


class Evaluator(KnittedForms, VoidForms, SpecialForms):
    """Exact shanten of hands that share one context, and of their one-tile neighbours.

    The context: how many melds the concealed part must still form (``melds_needed``, the same before and
    after a draw or discard), the copies of each kind set aside (called melds, nukidora), the forms that count
    (already restricted to those that apply, see :func:`applicable`), the rules and, under 缺一门, the suit
    given up when the caller fixes it (``void``: 0, 1 or 2). States are 34-count lists; the methods that take
    one may change it while they run but leave it as it was.
    """

    def __init__(self, *, melds_needed: int, called: Sequence[int] | None, forms: Forms = ALL_FORMS,
                 rules: Rules = "riichi", void: int | None = None) -> None:
        ruleset = RULE_SETS[rules]
        voids = void_choices(called if called is not None else (0,) * KINDS, void) if ruleset.void else ()
        super().__init__(melds_needed=melds_needed, called=called, rules=rules, regular="regular" in forms)
        self.seven_pairs = "chiitoitsu" in forms
        self.orphans = "kokushi" in forms and ruleset.kokushi
        self.special = self.seven_pairs or self.orphans
        """Seven pairs or thirteen orphans counts."""
        self.four_pairs = ruleset.four_pairs
        self._specials = {}
        self.knit = "quanbukao" in forms and ruleset.knitted
        self.dragon = "zuhelong" in forms and ruleset.knitted and melds_needed >= 3
        self.knitting = self.knit or self.dragon
        self._knit_caches = [knit_cache(slot, caps) for slot, caps in enumerate(self._caps[:3])]
        self.voids = voids

    @classmethod
    def for_hand(cls, hand: Hand, *, rules: Rules = "riichi", forms: Forms = ALL_FORMS,
                 void: int | None = None) -> Evaluator:
        """The evaluator of a hand's context (its melds and nukidora, and the forms of ``forms`` that apply to
        it)."""
        aside = hand.melds or hand.nukidora
        return cls(melds_needed=hand.melds_needed, called=hand.set_aside() if aside else None,
                   forms=applicable(forms, full=hand.is_full), rules=rules, void=void)

    # --- the questions ---

    def shanten(self, c: Sequence[int]) -> int:
        """Exact shanten (the best of the forms that count) of the counts ``c``."""
        if self.voids:
            return min(min(forms) for _, *forms in self.void_forms(c))
        s = UNREACHABLE
        ends = self._ends_only
        if ends is not None and self.regular:  # sanma: regular_shanten's hot path, the characters by their ends
            t = self.tables
            k, table, suit, ids = t.k, t.table, t.suit, t.suit_ids
            c0, c1, c2, c3, c4, c5, c6, c7, c8 = c[9:18]
            b = ids[suit[suit[suit[suit[suit[suit[suit[suit[suit[c0] + c1] + c2] + c3] + c4] + c5] + c6] + c7] + c8]]
            c0, c1, c2, c3, c4, c5, c6, c7, c8 = c[18:27]
            d = ids[suit[suit[suit[suit[suit[suit[suit[suit[suit[c0] + c1] + c2] + c3] + c4] + c5] + c6] + c7] + c8]]
            z = t.honors
            c0, c1, c2, c3, c4, c5, c6 = c[27:34]
            e = t.honor_ids[z[z[z[z[z[z[z[c0] + c1] + c2] + c3] + c4] + c5] + c6]]
            s = t.by_melds[self.melds_needed][table[table[table[b * k + d] * k + e] * k + ends[5 * c[0] + c[8]]]]
        elif self.regular:  # the answers alone (no neighbours: _prepare's entries are for the draws and discards)
            t = self.tables
            k, table = t.k, t.table
            a, b, d, h = self.answer_ids(c)
            if b < k and d < k and h < k:  # p, s and the honors in the shipped table: combined inline
                s = self._final(table[table[b * k + d] * k + h], a)
            else:
                comb = t.combine
                s = self._final(comb(comb(b, d), h), a)
        if self.special:
            other = self._special(PairCounts.of(c))
            if other < s:
                s = other
        if self.knitting:
            return self.knitted(c, s)
        return s

    def lowering_draws(self, c: list[int]) -> tuple[int, list[Tile]]:
        """The shanten of the 3n+1 hand ``c`` and the kinds (below their limit) whose draw lowers it."""
        if self.voids:
            entries, reads = self._void_read(c)
            s = min(read.shanten for read in reads)
            found: set[Tile] = set()
            cap = self.cap
            below = self._regular_below
            for read in reads:
                if read.shanten - 1 < s:  # one more tile lowers each choice by at most one
                    for slot, others in read.rests:
                        found.update(below(slot, others, entries[slot], s))
                    if self.seven_pairs:
                        pairs = self._void_pairs_after(read, 1)
                        for slot, _ in read.rests:
                            found.update(k for k in range(9 * slot, 9 * slot + 9) if pairs[c[k]] < s and c[k] < cap[k])
            return s, sorted(found)
        e, rest, s = self._prepare(c)
        special = False
        if self.special:
            p = PairCounts.of(c)
            other = self._special(p)
            if other < s:
                s = other
            # One more tile lowers a special form by at most one: it matters only if that form is the best.
            special = other == s
        if self.knitting:
            knit = self.knitted(c, s + 1)
            if knit <= s:
                s = knit
                special = special and self._special(p) == s
                below = self._regular_below
                draws = set(self._knitted_draws(c, s))
                if special:
                    draws.update(self._special_draws(c, p, e, rest, s))
                else:
                    for slot in range(4):
                        draws.update(below(slot, rest[slot], e[slot], s))
                return s, sorted(draws)
        if not special:
            below = self._regular_below
            return s, below(0, rest[0], e[0], s) + below(1, rest[1], e[1], s) + below(2, rest[2], e[2], s) + \
                below(3, rest[3], e[3], s)
        return s, self._special_draws(c, p, e, rest, s)

    def _special_draws(self, c: list[int], p: PairCounts, e: list[SuitEntry], rest: list[int], s: int
                       ) -> list[Tile]:
        """The kinds whose draw lowers the regular form or a special form below ``s``."""
        after = self._regular_after
        regular = after(rest[0], e[0], ADDED) + after(rest[1], e[1], ADDED) + after(rest[2], e[2], ADDED) + \
            after(rest[3], e[3], ADDED)
        cap = self.cap
        orphans, others = self._special_after(p, 1)
        lowering = []
        for k in range(KINDS):
            v = c[k]
            if regular[k] < s or (v < cap[k] and (orphans if IS_ORPHAN[k] else others)[v] < s):
                lowering.append(k)
        return lowering

    def discards(self, c: list[int]) -> list[tuple[Tile, int]]:
        """``(kind, shanten after discarding it)`` for each kind held in the 3n+2 hand ``c``, in kind order."""
        if self.voids:
            entries, reads = self._void_read(c)
            # A discard raises each choice by at most one: a choice above the best never gives a row its value.
            s = min(read.shanten for read in reads)
            afters = [self._void_after(c, entries, read, REMOVED) for read in reads if read.shanten <= s]
            return [(k, min(after[k] for after in afters)) for k in range(27) if c[k]]
        e, rest, s = self._prepare(c)
        special = False
        if self.special:
            p = PairCounts.of(c)
            # One tile fewer raises each form by at most one: the special forms matter only if not above s.
            special = self._special(p) <= s
            if special:
                orphans, others = self._special_after(p, -1)
        # Each suit's (kind, regular shanten after discarding it) for the kinds it holds, cached by its entry
        # and the other suits' combination (an entry is one content, so the kinds held are the same).
        held = self._held_after
        r0, r1, r2, r3 = rest
        e0, e1, e2, e3 = e
        h0 = held.get(e0.serial << ANSWER_BITS | r0)
        if h0 is None:
            h0 = self._held_regular(c, 0, r0, e0)
        h1 = held.get(e1.serial << ANSWER_BITS | r1)
        if h1 is None:
            h1 = self._held_regular(c, 1, r1, e1)
        h2 = held.get(e2.serial << ANSWER_BITS | r2)
        if h2 is None:
            h2 = self._held_regular(c, 2, r2, e2)
        h3 = held.get(e3.serial << ANSWER_BITS | r3)
        if h3 is None:
            h3 = self._held_regular(c, 3, r3, e3)
        out = h0 + h1 + h2 + h3  # a new list (the knitted forms below change it)
        if special:
            out = [(k, after if after <= (other := (orphans if IS_ORPHAN[k] else others)[c[k]]) else other)
                   for k, after in out]
        if self.knitting:
            # One tile fewer raises a form by at most one and never lowers it: the knitted forms matter only
            # if they are not above the best of the others.
            if self.special:
                s = min(s, self._special(p))
            if self.knitted(c, s + 1) <= s:
                knitted = self.knitted
                for i, (k, after) in enumerate(out):
                    c[k] -= 1
                    out[i] = (k, knitted(c, after))
                    c[k] += 1
        return out
