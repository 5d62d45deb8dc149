"""Exact shanten (向聴数) for the three hand forms.

Shanten is the fewest tile exchanges that make the hand complete, minus one: -1 is a complete hand (agari),
0 is tenpai. It is *exact*: a hand may not aim at a fifth copy of a kind, counting the copies in its own
called melds, so ``1111m234p567p789s`` is 1-shanten, not tenpai as the textbook formula
``8 - 2*melds - partials - pair`` says.

* Regular form (n melds + a pair): table-driven. Each suit and the honors are read through a generated
  automaton (:mod:`paili.tables.suit_dfa`) that yields, for j = 0..4 melds with and without the pair, the
  fewest tiles to add; the four answers are combined by min-plus convolution (cached, there are few distinct
  answers). A suit holding kinds that called melds also use runs the same dynamic programme directly, with
  the lowered limits.
* Seven pairs (七対子): ``6 - pairs + max(0, 7 - kinds)``; under ``rules="chinese"`` a four counts as two pairs
  (龍七对) and the formula is ``6 - sum(count // 2)``.
* Thirteen orphans (国士無双): ``13 - kinds of terminals/honors - (1 if any of them is paired)``.

Seven pairs and thirteen orphans apply only to a closed hand of 13 or 14 tiles with no called melds; for other
hands their shanten is ``None``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from operator import itemgetter
from typing import Final, Literal, NamedTuple, TypeAlias

from .hand import Hand
from .tables import suit_dfa
from .tiles import TERMINALS_AND_HONORS

Rules: TypeAlias = Literal["riichi", "chinese"]
RULES: Final = ("riichi", "chinese")

AGARI: Final = -1
"""Shanten of a complete hand."""
TENPAI: Final = 0
"""Shanten of a hand waiting on one tile."""


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


class _Tables:
    """The loaded automata, the answer vectors and their combination table.

    Answers ids below ``k`` come from the shipped, closed table (:class:`paili.tables.suit_dfa.Sums`); suits
    whose limits are lowered by called melds may add new vectors, combined on demand and cached.
    """

    def __init__(self) -> None:
        suit, honors = suit_dfa.load()
        sums = suit_dfa.load_sums()
        self.suit = suit.transitions
        self.honors = honors.transitions
        self.answers: list[tuple[int, ...]] = list(sums.answers)
        self.ids: dict[tuple[int, ...], int] = {v: i for i, v in enumerate(self.answers)}
        self.suit_ids = [self.ids[a] for a in suit.answers]
        self.honor_ids = [self.ids[a] for a in honors.answers]
        self.k = len(self.answers)
        self.table = sums.table
        self.combined: dict[int, int] = {}

    def intern(self, vector: tuple[int, ...]) -> int:
        found = self.ids.get(vector)
        if found is None:
            found = self.ids[vector] = len(self.answers)
            self.answers.append(vector)
        return found

    def combine(self, a: int, b: int) -> int:
        """Min-plus convolution of two answers (melds add up, at most one pair)."""
        k = self.k
        if a < k and b < k:
            return self.table[a * k + b]
        key = a << 16 | b
        found = self.combined.get(key)
        if found is None:
            found = self.combined[key] = self.intern(suit_dfa.convolve(self.answers[a], self.answers[b]))
        return found


_tables: _Tables | None = None


def _get_tables() -> _Tables:
    global _tables
    if _tables is None:
        _tables = _Tables()
    return _tables


@lru_cache(maxsize=4096)
def _capped_answer(counts: tuple[int, ...], caps: tuple[int, ...], suited: bool) -> int:
    tables = _get_tables()
    return tables.intern(suit_dfa.run(counts, caps, suited=suited))


def _answer(t: _Tables, counts: Sequence[int], called: Sequence[int] | None, base: int) -> int:
    """Answer id of the suit starting at ``base`` (27 = the honors)."""
    end = base + (7 if base == 27 else 9)
    if called is not None and any(called[base:end]):
        caps = tuple(4 - c for c in called[base:end])
        return _capped_answer(tuple(counts[base:end]), caps, base != 27)
    s = 0
    if base == 27:
        trans = t.honors
        for c in counts[base:end]:
            s = trans[s + c]
        return t.honor_ids[s]
    trans = t.suit
    for c in counts[base:end]:
        s = trans[s + c]
    return t.suit_ids[s]


def suit_answer(counts: Sequence[int], called: Sequence[int] | None, base: int) -> int:
    """Answer id of one suit (``base`` 0, 9, 18) or of the honors (``base`` 27)."""
    return _answer(_tables or _get_tables(), counts, called, base)


def regular_shanten(counts: Sequence[int], melds_needed: int | None = None,
                    called: Sequence[int] | None = None) -> int:
    """Exact regular-form shanten of 34 concealed counts.

    ``melds_needed`` defaults to ``sum(counts) // 3``; ``called`` holds the copies of each kind in the hand's
    called melds (they lower how many copies the concealed part may still aim for).

    >>> regular_shanten([4, 0, 0, 0, 0, 0, 0, 0, 0] + [0, 1, 1, 1, 0, 1, 1, 1, 0] + [0] * 6 + [1, 1, 1] + [0] * 7)
    1
    """
    t = _tables or _get_tables()
    n = sum(counts) // 3 if melds_needed is None else melds_needed
    if called is not None and any(called):
        a = _answer(t, counts, called, 0)
        b = _answer(t, counts, called, 9)
        c = _answer(t, counts, called, 18)
        d = _answer(t, counts, called, 27)
    else:
        # The hot path: the automaton read with the loops unrolled (nine / seven lookups per suit).
        s, h, ids = t.suit, t.honors, t.suit_ids
        c0, c1, c2, c3, c4, c5, c6, c7, c8 = counts[0:9]
        a = ids[s[s[s[s[s[s[s[s[s[c0] + c1] + c2] + c3] + c4] + c5] + c6] + c7] + c8]]
        c0, c1, c2, c3, c4, c5, c6, c7, c8 = counts[9:18]
        b = ids[s[s[s[s[s[s[s[s[s[c0] + c1] + c2] + c3] + c4] + c5] + c6] + c7] + c8]]
        c0, c1, c2, c3, c4, c5, c6, c7, c8 = counts[18:27]
        c = ids[s[s[s[s[s[s[s[s[s[c0] + c1] + c2] + c3] + c4] + c5] + c6] + c7] + c8]]
        c0, c1, c2, c3, c4, c5, c6 = counts[27:34]
        d = t.honor_ids[h[h[h[h[h[h[h[c0] + c1] + c2] + c3] + c4] + c5] + c6]]
        k, table = t.k, t.table
        return t.answers[table[table[table[a * k + b] * k + c] * k + d]][2 * n + 1] - 1
    return t.answers[t.combine(t.combine(t.combine(a, b), c), d)][2 * n + 1] - 1


def chiitoitsu_shanten(counts: Sequence[int], rules: Rules = "riichi") -> int:
    """Seven-pairs shanten of a closed 13/14-tile hand (see the module docs for the rules variant).

    >>> chiitoitsu_shanten([2] * 6 + [1] + [0] * 27), chiitoitsu_shanten([4] * 3 + [1] + [0] * 30, "chinese")
    (0, 0)
    """
    if rules == "chinese":
        return 6 - sum(c // 2 for c in counts)
    kinds = len(counts) - counts.count(0)
    pairs = kinds - counts.count(1)
    return 6 - pairs + max(0, 7 - kinds)


_ORPHANS: Final = itemgetter(*TERMINALS_AND_HONORS)


def kokushi_shanten(counts: Sequence[int]) -> int:
    """Thirteen-orphans shanten of a closed 13/14-tile hand.

    >>> kokushi_shanten([1, 0, 0, 0, 0, 0, 0, 0, 1] * 3 + [1] * 7)
    0
    """
    orphans: tuple[int, ...] = _ORPHANS(counts)
    kinds = 13 - orphans.count(0)
    return 13 - kinds - (1 if kinds - orphans.count(1) else 0)


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
