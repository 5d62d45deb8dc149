"""The one evaluator of the three hand forms: exact shanten (向聴数), with the set of forms as a parameter.

Every shanten the engine reports comes from here: :func:`paili.shanten.shanten`, the ukeire, waits and
discard table of :mod:`paili.ukeire` and the advisor's search (:mod:`paili.advice`). Which forms count is a
parameter, :data:`Forms` (as majiang-core passes its distance function to ``tingpai``): all three by default,
:data:`REGULAR_ONLY` for the regular form alone (Tenhou's 一般形).

Shanten is the fewest tile exchanges that make the hand complete, minus one: -1 is a complete hand (agari),
0 is tenpai. It is *exact*: a hand may not aim at a fifth copy of a kind, counting the copies in its own
called melds, so ``1111m234p567p789s`` is 1-shanten, not tenpai as the textbook formula
``8 - 2*melds - partials - pair`` says.

* Regular form (n melds + a pair): table-driven. Each suit and the honors are read through a generated
  automaton (:mod:`paili.tables.suit_dfa`) that yields an *answer*: for j = 0..4 melds with and without the
  pair, the fewest tiles to add. The four answers are combined by min-plus convolution (a shipped table,
  :class:`SuitTables`), and :meth:`SuitTables.shanten` reads the shanten of n melds and a pair from the
  result. A suit holding kinds that called melds also use runs the same dynamic programme directly, with
  the lowered limits.
* Seven pairs (七対子): ``6 - pairs + max(0, 7 - kinds)`` (:func:`seven_pairs_of`); under the rule sets where
  a four counts as two pairs (``sichuan`` 龙七对, ``gb``) the formula is ``6 - sum(count // 2)``
  (:func:`four_pairs_of`).
* Thirteen orphans (国士無双): ``13 - kinds of terminals/honors - (1 if any of them is paired)``
  (:func:`thirteen_orphans_of`).
* The GB knitted forms (``rules="gb"``, :meth:`Evaluator.knitted_forms`): 全不靠 ``quanbukao`` ``13 - d - h``
  and 七星不靠 ``qixingbukao`` ``13 - h - min(7, d)``, with ``h`` the honors held and ``d`` the kinds held of the best
  knitted pattern (147/258/369 spread over the three suits, six ways); 组合龙 ``zuhelong`` is, over the six
  patterns, ``9 - d`` plus the regular shanten of what is left once one copy of each pattern kind held is
  taken out (n - 3 melds and a pair, the pattern kinds capped one lower): exact, since a target is the
  pattern plus a target of the rest. Each suit is read once into a :class:`KnitSuit` (its regular answer, its
  kinds held per knitted rank packed so that the three suits add up to all six patterns' ``d``, and its three
  possible rests' answers), cached like the suit entries; the rests combine with the honors as the regular
  form's answers do, best pattern first, a pattern skipped when it cannot beat the best so far. A lone hand
  with nothing set aside is read without the cache (:func:`plain_gb_forms`).

Seven pairs, thirteen orphans, 全不靠 and 七星不靠 apply only to a closed hand of 13 or 14 tiles with no called
melds (:func:`applicable`), 组合龙 to a hand that needs at least three melds. Seven pairs and thirteen orphans
read five counters (:class:`PairCounts`) that a one-tile change updates in O(1).

The rule set (:mod:`paili.rules`) bounds every target: a kind outside its universe may not be aimed at (cap 0,
as a called meld lowers a cap). Sanma's characters (only 1m and 9m in the wall) are read by the counts of
their ends alone (a kind that can never be used is extra tiles, whatever its count); their answers, and
those of Sichuan's empty honors, are in the shipped combination table.

Under 缺一门 (``sichuan``) the evaluator keeps the suits the hand may give up
(``voids``): the shanten is the best over them of the shanten of the hand read without that suit (its tiles
must all go, so they are read as absent: an empty suit, which a target never needs since a free kind of the
kept suits always costs as little), with seven pairs by ``13 - 2h - min(7 - h, t - 2h)`` over the kept suits
(``h`` = ``sum(count // 2)``, ``t`` the tiles). A lone hand with nothing set aside is read without the cache
(:func:`plain_void_forms`).

:class:`Evaluator` answers the questions the other modules ask, for hands that share one context (melds
needed, called melds, forms, rules): the shanten of a hand, the draws that lower it, the shanten after each
discard. It caches per suit content (the suit's answer and the answers with one copy more or fewer of each
rank), so the shanten of a one-tile neighbour costs one table lookup.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from itertools import count, permutations, product
from operator import itemgetter
from typing import Final, Literal, NamedTuple, TypeAlias, TypeVar

from .errors import HandError
from .hand import Hand
from .rules import RULE_SETS, Rules
from .tables import suit_dfa
from .tiles import COPIES, IS_ORPHAN, KINDS, TERMINALS_AND_HONORS, Tile

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

KNITTED_PATTERNS: Final[tuple[tuple[Tile, ...], ...]] = tuple(
    tuple(suit * 9 + rank + 3 * i for suit, rank in enumerate(ranks) for i in range(3))
    for ranks in permutations(range(3)))
"""The six knitted straights (组合龙): 147, 258 and 369 spread over m, p and s, as their nine kinds."""

UNREACHABLE: Final = suit_dfa.INF
"""The shanten of what cannot happen (a draw of a kind the hand may not hold more of, a hand no counted form
applies to): 99, above every real shanten (at most 13), so that ``<`` and ``min`` need no special case."""

NO_SUIT: Final = -1
"""The answer id of a suit content that cannot exist: one copy more of a kind at its limit, or one copy
fewer of a kind not held."""

SUIT_BASES: Final = (0, 9, 18, 27)
"""The first kind of each suit slot: 0 characters (m), 1 dots (p), 2 bamboo (s), 3 honors (z)."""
SUIT_SIZES: Final = (9, 9, 9, 7)
"""How many kinds each suit slot has."""
SUIT_OF: Final = tuple(min(k // 9, 3) for k in range(KINDS))
"""The suit slot of each kind."""

_ANSWER_BITS: Final = 16
"""Answer ids fit in this many bits (the shipped table has 180; suits capped by called melds add a few), so
two ids pack into one int key: ``a << 16 | b``."""


# --- the regular form: suit automata and their answers -----------------------------------------------------


class KnitTables(NamedTuple):
    """What :func:`plain_gb_forms` reads (:meth:`SuitTables.knit_tables`)."""

    walk: tuple[int, ...]
    """An automaton reading a suit's nine counts as :attr:`SuitTables.suit` does (``state = walk[state + count]``
    from 0), whose final state ``f`` gives the content's answer and its three 组合龙 rests' at once."""
    own: tuple[int, ...]
    """By final state: the content's answer id (as :attr:`SuitTables.suit_ids` gives it)."""
    rests: tuple[tuple[int, int, int], ...]
    """By final state, for each knitted rank ``r`` (0, 1, 2: 147, 258, 369): an answer id equal to that of
    :func:`knit_rest` of the content for up to one meld (indices 0-3), all a rest of a hand that needs at
    most four melds is read for."""
    packs: tuple[dict[bytes, int], dict[bytes, int], dict[bytes, int]]
    """For the suit in slot 0, 1 or 2: :attr:`KnitSuit.packs` by the kinds the suit holds, nine bytes 0 or 1."""
    best: tuple[int, ...]
    """For three patterns' kinds held in four bits each (``v & 15``, ``v >> 4 & 15``, ``v >> 8``): ``4 * the
    most`` plus the first of them holding it (half of a hand's packs, patterns 0-2 or 3-5)."""


class SuitTables:
    """The loaded automata, the answer vectors and their combination table.

    ``suit`` / ``honors``: the automata's transitions, read ``state = trans[state + count]`` from state 0;
    ``suit_ids`` / ``honor_ids``: the answer id of each final state. ``answers[id]`` is an answer vector
    (index ``2 * melds + pair``: the fewest tiles to add). Ids below ``k`` come from the shipped, closed table
    (:class:`paili.tables.suit_dfa.Sums`, ``table[a * k + b]`` = the id of their combination); suits whose
    limits are lowered by called melds may add new vectors, combined on demand and cached.
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
        self.combined: dict[int, int] = {}  # key: a << _ANSWER_BITS | b, the ids combined
        self.by_melds: list[list[int]] = [[self._shanten_of(a, n) for a in self.answers]
                                          for n in range(suit_dfa.MAX_MELDS + 1)]
        """``by_melds[n][answer]``: the shanten an answer of a whole hand gives for n melds and a pair."""
        self.capped = lru_cache(maxsize=4096)(self._capped)
        self.knit: KnitTables | None = None
        """:meth:`knit_tables` once built."""
        self.void_base: int | None = None
        """:meth:`void_base_of` once read."""

    def intern(self, vector: tuple[int, ...]) -> int:
        """The id of an answer vector (a new one gets the next id)."""
        found = self.ids.get(vector)
        if found is None:
            found = self.ids[vector] = len(self.answers)
            self.answers.append(vector)
            for n, shanten in enumerate(self.by_melds):
                shanten.append(self._shanten_of(vector, n))
        return found

    @staticmethod
    def _shanten_of(answer: tuple[int, ...], melds_needed: int) -> int:
        """The shanten of n melds and a pair: the fewest tiles to add (index ``2 * n + 1``) minus one."""
        return answer[2 * melds_needed + 1] - 1

    def combine(self, a: int, b: int) -> int:
        """Min-plus convolution of two answers (melds add up, at most one pair)."""
        k = self.k
        if a < k and b < k:
            return self.table[a * k + b]
        key = a << _ANSWER_BITS | b
        found = self.combined.get(key)
        if found is None:
            found = self.combined[key] = self.intern(suit_dfa.convolve(self.answers[a], self.answers[b]))
        return found

    def shanten(self, answer: int, melds_needed: int) -> int:
        """The shanten the answer of a whole hand gives for ``melds_needed`` melds and a pair."""
        return self.by_melds[melds_needed][answer]

    def automaton(self, slot: int) -> tuple[Sequence[int], Sequence[int]]:
        """The transitions and the final states' answer ids of a suit slot's automaton."""
        return (self.honors, self.honor_ids) if slot == 3 else (self.suit, self.suit_ids)

    def _capped(self, part: tuple[int, ...], caps: tuple[int, ...], suited: bool) -> int:
        return self.intern(suit_dfa.run(part, caps, suited=suited))

    def knit_tables(self) -> KnitTables:
        """The tables :func:`plain_gb_forms` reads (GB), derived from :attr:`suit` and :data:`_PACKS` on first
        use (about a fifth of a second)."""
        if self.knit is None:
            walk, own, rests = _rest_walk(self.suit, self.suit_ids, self.answers)
            held = [bytes(kinds) for kinds in product((0, 1), repeat=9)]
            packs = tuple({key: _PACKS[16 * sum(key[0::3]) + 4 * sum(key[1::3]) + sum(key[2::3])][slot] for key in held}
                          for slot in range(3))
            best = tuple(4 * max(held) + held.index(max(held))
                         for held in ((v & 15, v >> 4 & 15, v >> 8) for v in range(4096)))
            self.knit = KnitTables(walk, own, rests, (packs[0], packs[1], packs[2]), best)
        return self.knit

    def void_base_of(self) -> int:
        """Under Sichuan with nothing set aside, the answer id :meth:`Evaluator._void_forms` combines the two kept
        suits with: the suit given up read as an empty suit, combined with no honors read under the rule set's
        limits (0: no honor is in the wall)."""
        if self.void_base is None:
            honors = tuple(RULE_SETS["sichuan"].caps[SUIT_BASES[3]:])
            self.void_base = self.combine(self.read((0,) * 9, 0), self.read((0,) * len(honors), 3, honors))
        return self.void_base

    def read(self, part: Sequence[int], slot: int, caps: tuple[int, ...] | None = None) -> int:
        """The answer id of one suit's counts; ``caps``: how many copies of each kind it may reach (called
        melds lower it from 4), ``None`` for 4 everywhere."""
        if caps is not None:
            return self.capped(tuple(part), caps, slot != 3)
        trans, ids = self.automaton(slot)
        s = 0
        for c in part:
            s = trans[s + c]
        return ids[s]


def lowered_automata(trans: Sequence[int]) -> list[list[int]]:
    """For each knitted rank ``r``, the suit automaton ``trans`` reading :func:`knit_rest` of a content: at the
    positions ``r``, ``r + 3``, ``r + 6`` a count ``n > 0`` is read as ``n - 1`` (the automaton is layered, one
    layer of states per position)."""
    layers = [[0]]  # the state offsets of each position, from the start
    for _ in range(8):
        layers.append(sorted({trans[s + c] for s in layers[-1] for c in range(suit_dfa.SYMBOLS)}))
    derived = [list(trans) for _ in range(3)]
    for pos, states in enumerate(layers):
        lowered = derived[pos % 3]
        for s in states:
            lowered[s + 1:s + suit_dfa.SYMBOLS] = trans[s:s + suit_dfa.SYMBOLS - 1]
    return derived


def _rest_walk(trans: Sequence[int], ids: Sequence[int], answers: Sequence[tuple[int, ...]]
               ) -> tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[int, int, int], ...]]:
    """:attr:`KnitTables.walk`, :attr:`KnitTables.own` and :attr:`KnitTables.rests`: the product of the suit
    automaton and its three :func:`lowered_automata`, each of these reduced to what its answer says of up to
    one meld (two states are one when every rest of the content after them agrees there).

    The states of the product are those reachable from the start, numbered layer by layer; a transition holds
    the next state's offset (``SYMBOLS * index`` in its layer's block), the last layer's the final index.
    """
    symbols = suit_dfa.SYMBOLS
    lowered = lowered_automata(trans)
    layers = [[0]]
    for _ in range(9):
        layers.append(sorted({trans[s + c] for s in layers[-1] for c in range(symbols)}))
    # The first answer id of each reading of up to one meld (its indices 0-3).
    first: dict[tuple[int, ...], int] = {}
    for i in sorted(set(ids)):
        first.setdefault(answers[i][:4], i)
    # For each rank, each state's class (the same class: the same rests' readings from there on) and each
    # class's next classes, or its final answer id for the last layer.
    classes: list[tuple[dict[int, int], list[tuple[int, ...]]]] = []
    for derived in lowered:
        names: dict[tuple[int, ...], int] = {}
        of: dict[int, int] = {}
        for s in layers[9]:
            of[s] = names.setdefault((9, first[answers[ids[s]][:4]]), len(names))
        for pos in range(8, -1, -1):
            for s in layers[pos]:
                of[s] = names.setdefault((pos, *(of[derived[s + n]] for n in range(symbols))), len(names))
        classes.append((of, [key[1:] for key in names]))
    (of0, next0), (of1, next1), (of2, next2) = classes
    walk: list[int] = []
    layer: list[tuple[int, int, int, int]] = [(0, of0[0], of1[0], of2[0])]
    for pos in range(9):
        index: dict[tuple[int, int, int, int], int] = {}
        rows = [index.setdefault((trans[s + n], next0[a][n], next1[b][n], next2[c][n]), len(index))
                for s, a, b, c in layer for n in range(symbols)]
        if pos < 8:  # one int object per state, shared by the transitions into it
            offsets = list(range(len(walk) + len(rows), len(walk) + len(rows) + symbols * len(index), symbols))
            rows = [offsets[j] for j in rows]
        walk += rows
        layer = list(index)
    own = tuple(ids[s] for s, _, _, _ in layer)
    rests = tuple((next0[a][0], next1[b][0], next2[c][0]) for _, a, b, c in layer)
    return tuple(walk), own, rests


_tables: SuitTables | None = None


def suit_tables() -> SuitTables:
    """The tables, loaded on first use (importing the package does no I/O)."""
    global _tables
    if _tables is None:
        _tables = SuitTables()
    return _tables


def _suit_caps(called: Sequence[int] | None, slot: int) -> tuple[int, ...] | None:
    """Each kind's limit in a suit where called melds hold some of its kinds, else ``None``."""
    if called is None:
        return None
    base = SUIT_BASES[slot]
    part = called[base:base + SUIT_SIZES[slot]]
    return tuple(COPIES - c for c in part) if any(part) else None


def regular_shanten(counts: Sequence[int], melds_needed: int | None = None,
                    called: Sequence[int] | None = None) -> int:
    """Exact regular-form shanten of 34 concealed counts.

    ``melds_needed`` defaults to ``sum(counts) // 3``; ``called`` holds the copies of each kind in the hand's
    called melds (they lower how many copies the concealed part may still aim for).

    >>> regular_shanten([4, 0, 0, 0, 0, 0, 0, 0, 0] + [0, 1, 1, 1, 0, 1, 1, 1, 0] + [0] * 6 + [1, 1, 1] + [0] * 7)
    1
    """
    t = _tables or suit_tables()
    n = sum(counts) // 3 if melds_needed is None else melds_needed
    if called is not None and any(called):
        ids = [t.read(counts[base:base + size], slot, _suit_caps(called, slot))
               for slot, (base, size) in enumerate(zip(SUIT_BASES, SUIT_SIZES, strict=True))]
        return t.shanten(t.combine(t.combine(t.combine(ids[0], ids[1]), ids[2]), ids[3]), n)
    # The hot path: the automaton read with the loops unrolled (nine / seven lookups per suit).
    s, h, suit_ids = t.suit, t.honors, t.suit_ids
    c0, c1, c2, c3, c4, c5, c6, c7, c8 = counts[0:9]
    a = suit_ids[s[s[s[s[s[s[s[s[s[c0] + c1] + c2] + c3] + c4] + c5] + c6] + c7] + c8]]
    c0, c1, c2, c3, c4, c5, c6, c7, c8 = counts[9:18]
    b = suit_ids[s[s[s[s[s[s[s[s[s[c0] + c1] + c2] + c3] + c4] + c5] + c6] + c7] + c8]]
    c0, c1, c2, c3, c4, c5, c6, c7, c8 = counts[18:27]
    c = suit_ids[s[s[s[s[s[s[s[s[s[c0] + c1] + c2] + c3] + c4] + c5] + c6] + c7] + c8]]
    c0, c1, c2, c3, c4, c5, c6 = counts[27:34]
    d = t.honor_ids[h[h[h[h[h[h[h[c0] + c1] + c2] + c3] + c4] + c5] + c6]]
    k, table = t.k, t.table
    return t.by_melds[n][table[table[table[a * k + b] * k + c] * k + d]]


# --- seven pairs and thirteen orphans -----------------------------------------------------------------------


def seven_pairs_of(kinds: int, pairs: int) -> int:
    """Seven-pairs shanten from the counters: kinds held, kinds held twice or more.

    ``6 - pairs + max(0, 7 - kinds)``: seven *distinct* pairs, so a missing kind costs a draw too.
    """
    return 6 - pairs + (7 - kinds if kinds < 7 else 0)


def four_pairs_of(halves: int) -> int:
    """Seven-pairs shanten when a four counts as two pairs (龙七对), from ``halves`` = ``sum(count // 2)``."""
    return 6 - halves


def void_pairs_of(halves: int, tiles: int) -> int:
    """Seven-pairs shanten (fours as two pairs) of the tiles kept under 缺一门: ``halves`` = ``sum(count // 2)``
    and ``tiles`` held in the kept suits. The target keeps every pair, makes a pair of as many odd counts as
    it still needs (one tile each) and fills the rest from nothing (two tiles each): missing
    ``14 - 2h - min(7 - h, odd)``, with ``odd = tiles - 2h``.

    >>> void_pairs_of(6, 13), void_pairs_of(3, 6)
    (0, 7)
    """
    return 13 - 2 * halves - min(7 - halves, tiles - 2 * halves)


_KNIT_RANKS: Final = (0, 1, 2, 9, 10, 11, 18, 19, 20)
_KNIT_SLOTS: Final = tuple((ranks[0], 3 + ranks[1], 6 + ranks[2]) for ranks in permutations(range(3)))
_KEPT: Final = ((1, 2), (0, 2), (0, 1))
"""The suits kept when each suit is given up."""


def knitted_held(counts: Sequence[int]) -> list[int]:
    """For each of :data:`KNITTED_PATTERNS`, how many of its nine kinds the counts hold.

    >>> knitted_held([1, 0, 0, 1, 0, 0, 1, 0, 0] + [0] * 25)
    [3, 3, 0, 0, 0, 0]
    """
    g = [(counts[b] > 0) + (counts[b + 3] > 0) + (counts[b + 6] > 0) for b in _KNIT_RANKS]
    return [g[a] + g[b] + g[c] for a, b, c in _KNIT_SLOTS]


def thirteen_orphans_of(orphan_kinds: int, orphan_pairs: int) -> int:
    """Thirteen-orphans shanten from the counters over the 13 terminals and honors: kinds held, kinds paired."""
    return 13 - orphan_kinds - (1 if orphan_pairs else 0)


_ORPHANS: Final = itemgetter(*TERMINALS_AND_HONORS)


def chiitoitsu_shanten(counts: Sequence[int], rules: Rules = "riichi") -> int:
    """Seven-pairs shanten of a closed 13/14-tile hand (see the module docs for the rules variant; 缺一门 is the
    :class:`Evaluator`'s).

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


# --- the incremental evaluator ------------------------------------------------------------------------------


class SuitEntry(NamedTuple):
    """What the evaluator knows about one suit's content."""

    own: int
    """Its answer id."""
    added: list[int]
    """For each rank, the answer id with one more copy (:data:`NO_SUIT` at the kind's limit)."""
    removed: list[int]
    """For each rank, the answer id with one copy fewer (:data:`NO_SUIT` where none is held)."""
    serial: int
    """A number no other entry has (a short memo key for the entry)."""


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


_serials = count()
_SHARED_SUITS: dict[tuple[int, tuple[int, ...]], SuitEntry] = {}
"""Entries of suits no called meld touches (they depend on the content alone), shared by every evaluator;
emptied when it reaches :data:`_SHARED_LIMIT` entries, to bound the memory (about 0.55 KB an entry, so
11 MB at most; the heaviest advice searches use 6,000-10,000)."""
_SHARED_LIMIT: Final = 20_000

_CAPPED_SUITS: dict[tuple[int, tuple[int, ...]], dict[tuple[int, tuple[int, ...]], SuitEntry]] = {}
"""The entries of suits whose limits are lowered, one cache per slot and limits (as :data:`_SHARED_SUITS`)."""


_Key = TypeVar("_Key")
_Entry = TypeVar("_Entry")


def _cache_for(caches: dict[tuple[int, tuple[int, ...]], dict[_Key, _Entry]], slot: int, caps: tuple[int, ...]
               ) -> dict[_Key, _Entry]:
    """The shared cache of ``slot`` under ``caps`` in ``caches`` (one per slot and limits; emptied at 256)."""
    found = caches.get((slot, caps))
    if found is None:
        if len(caches) >= 256:
            caches.clear()
        found = caches[(slot, caps)] = {}
    return found


def _capped_suits(slot: int, caps: tuple[int, ...]) -> dict[tuple[int, tuple[int, ...]], SuitEntry]:
    """The shared cache of the suit entries of ``slot`` under ``caps``."""
    return _cache_for(_CAPPED_SUITS, slot, caps)


class KnitSuit(NamedTuple):
    """What the knitted forms read of one suit's content (m, p or s): the tables of the knitted part, per suit,
    combined over the three suits as the regular form's answers are.

    A knitted pattern gives rank ``r`` (0, 1, 2: the straight's 147, 258 or 369) to each suit, a different one
    each (:data:`KNITTED_PATTERNS`)."""

    own: int
    """The answer id of the content (the regular form's reading)."""
    packs: tuple[int, int, int]
    """For the suit in slot 0, 1 or 2: for each of the six patterns, how many of the three kinds the pattern
    gives that slot the content holds, in four bits (pattern ``i`` at bit ``4 * i``). The packs of the three
    suits add up to the kinds held of every pattern at once (at most 9, so no field overflows)."""
    rests: tuple[int, int, int]
    """For ``r`` = 0, 1, 2: the answer id of the content less one copy of each of ranks ``r``, ``r + 3``,
    ``r + 6`` held (what a 组合龙 hand keeps beside the straight's three tiles of this suit)."""


_PATTERN_RANKS: Final = tuple(permutations(range(3)))
"""The rank (0, 1, 2: 147, 258, 369) each of :data:`KNITTED_PATTERNS` gives to m, p and s."""
_MOST_FIRST: Final = tuple((i, *(j for j in range(6) if j != i)) for i in range(6))
"""The six patterns, pattern ``i`` first (the one read first is one holding the most kinds)."""
_PACK_BITS: Final = 4


def _packs(held: tuple[int, ...]) -> tuple[int, int, int]:
    """:attr:`KnitSuit.packs` of a content holding ``held[r]`` of the kinds of each rank ``r``."""
    m, p, s = (sum(held[ranks[slot]] << _PACK_BITS * i for i, ranks in enumerate(_PATTERN_RANKS)) for slot in range(3))
    return m, p, s


_PACKS: Final = tuple(_packs(held) for held in product(range(4), repeat=3))
""":attr:`KnitSuit.packs` by the kinds held of each rank, ``16 * g0 + 4 * g1 + g2`` (generated here)."""


def knit_rest(part: Sequence[int], rank: int) -> tuple[int, ...]:
    """A suit's content less one copy of each of the ranks ``rank``, ``rank + 3``, ``rank + 6`` held.

    >>> knit_rest((1, 0, 0, 2, 1, 0, 0, 0, 0), 0)
    (0, 0, 0, 1, 1, 0, 0, 0, 0)
    """
    return tuple(n - 1 if n and i % 3 == rank else n for i, n in enumerate(part))


def _knit_caps(caps: tuple[int, ...], rank: int) -> tuple[int, ...]:
    """A suit's limits for the rest of a 组合龙 hand: the straight's three ranks ``rank + 3i`` one lower."""
    return tuple(n - 1 if r % 3 == rank else n for r, n in enumerate(caps))


def knit_suit(part: tuple[int, ...], caps: tuple[int, ...] | None, slot: int, tables: SuitTables) -> KnitSuit:
    """The :class:`KnitSuit` of a suit's content under its limits (``None``: 4 each; ``slot``: which suit,
    for the tables' reading of limited suits).

    The rest of a 组合龙 is n - 3 melds and a pair, at most one set and a pair with the hand's 13/14 tiles: it
    never holds more than three copies of a kind (a sequence tile and the pair; a triplet and the pair of one
    kind would be five), so a limit of 3 on a straight's rank never binds and a suit with no lowered limit is
    read with the plain automaton: once, and each rest from the state before its first rank. A limited suit
    is read with the straight's ranks one lower.

    >>> k = knit_suit((1, 0, 0, 1, 1, 0, 1, 0, 0), None, 0, suit_tables())
    >>> [k.packs[0] >> 4 * i & 15 for i in range(6)], k.rests[1] == suit_tables().read((1, 0, 0, 1, 0, 0, 1, 0, 0), 0)
    ([3, 3, 1, 1, 0, 0], True)
    """
    c0, c1, c2, c3, c4, c5, c6, c7, c8 = part
    packs = _PACKS[((c0 > 0) + (c3 > 0) + (c6 > 0)) << 4 | ((c1 > 0) + (c4 > 0) + (c7 > 0)) << 2 |
                   ((c2 > 0) + (c5 > 0) + (c8 > 0))]
    if caps is not None:
        return KnitSuit(tables.read(part, slot, caps), packs, tuple(  # type: ignore[arg-type]
            tables.read(knit_rest(part, r), slot, _knit_caps(caps, r)) for r in range(3)))
    # The automaton read unrolled; rank r's rest from the state before rank r, with r, r+3, r+6 one fewer if held.
    t, ids = tables.suit, tables.suit_ids
    s1 = t[c0]
    s2 = t[s1 + c1]
    own = ids[t[t[t[t[t[t[t[s2 + c2] + c3] + c4] + c5] + c6] + c7] + c8]]
    return KnitSuit(own, packs, (
        ids[t[t[t[t[t[t[t[t[t[c0 - (c0 > 0)] + c1] + c2] + c3 - (c3 > 0)] + c4] + c5] + c6 - (c6 > 0)] + c7] + c8]]
        if c0 or c3 or c6 else own,
        ids[t[t[t[t[t[t[t[t[s1 + c1 - (c1 > 0)] + c2] + c3] + c4 - (c4 > 0)] + c5] + c6] + c7 - (c7 > 0)] + c8]]
        if c1 or c4 or c7 else own,
        ids[t[t[t[t[t[t[t[s2 + c2 - (c2 > 0)] + c3] + c4] + c5 - (c5 > 0)] + c6] + c7] + c8 - (c8 > 0)]]
        if c2 or c5 or c8 else own))


_HELD: Final = bytes(0 if n == 0 else 1 for n in range(256))
"""``bytes.translate`` table: a count to 1 when the kind is held, else 0."""
_HALVES: Final = bytes(n // 2 for n in range(256))
"""``bytes.translate`` table: a count to the pairs it holds, a four as two."""


def plain_gb_forms(counts: Sequence[int], melds_needed: int, full: bool) -> tuple[int, int, int, int, int]:
    """Under GB, the shanten of the regular form, seven pairs, 全不靠, 七星不靠 and 组合龙 of a hand with nothing
    set aside (:data:`UNREACHABLE` where a form does not apply; ``full``: a closed 13/14-tile hand), as
    :meth:`Evaluator.knitted_forms` reads them but nothing cached: each suit is read once, its answer and its
    three 组合龙 rests together (:meth:`SuitTables.knit_tables`).

    >>> knitted = [1, 0, 0, 1, 0, 0, 1, 0, 0] + [0, 1, 0, 0, 1, 0, 0, 1, 0] + [0, 0, 1, 0, 0, 1, 0, 0, 1]
    >>> plain_gb_forms(knitted + [1, 1, 1, 1, 1, 0, 0], 4, True)  # 147m258p369s12345z: 全不靠
    (8, 6, -1, 1, 2)
    """
    t = _tables or suit_tables()
    walk, own, rests, (packs_m, packs_p, packs_s), best_of = t.knit or t.knit_tables()
    c0, c1, c2, c3, c4, c5, c6, c7, c8 = counts[0:9]
    fm = walk[walk[walk[walk[walk[walk[walk[walk[walk[c0] + c1] + c2] + c3] + c4] + c5] + c6] + c7] + c8]
    c0, c1, c2, c3, c4, c5, c6, c7, c8 = counts[9:18]
    fp = walk[walk[walk[walk[walk[walk[walk[walk[walk[c0] + c1] + c2] + c3] + c4] + c5] + c6] + c7] + c8]
    c0, c1, c2, c3, c4, c5, c6, c7, c8 = counts[18:27]
    fs = walk[walk[walk[walk[walk[walk[walk[walk[walk[c0] + c1] + c2] + c3] + c4] + c5] + c6] + c7] + c8]
    z = t.honors
    c0, c1, c2, c3, c4, c5, c6 = counts[27:34]
    e = t.honor_ids[z[z[z[z[z[z[z[c0] + c1] + c2] + c3] + c4] + c5] + c6]]
    k, table = t.k, t.table
    whole = table[table[table[own[fm] * k + own[fp]] * k + own[fs]] * k + e]
    regular = t.by_melds[melds_needed][whole]
    raw = bytes(counts)
    held_kinds = raw.translate(_HELD)
    packed = packs_m[held_kinds[0:9]] + packs_p[held_kinds[9:18]] + packs_s[held_kinds[18:27]]
    low, high = best_of[packed & 4095], best_of[packed >> 12]
    if high >> 2 > low >> 2:
        most, first = high >> 2, 3 + (high & 3)
    else:
        most, first = low >> 2, low & 3
    if full:
        pairs = 6 - sum(raw.translate(_HALVES))  # seven pairs, a four as two (four_pairs_of)
        honors = 7 - held_kinds.count(0, 27)
        quanbukao, qixingbukao = 13 - most - honors, 13 - honors - (most if most < 7 else 7)
    else:
        pairs = quanbukao = qixingbukao = UNREACHABLE
    if melds_needed < 3:
        return regular, pairs, quanbukao, qixingbukao, UNREACHABLE
    # As Evaluator._zuhelong: a rest is part of the hand, so its shanten (n - 3 melds and a pair) is at least
    # the whole hand's (floor). The rests' answers hold up to one meld, all n - 3 needs (n is at most 4).
    by_melds = t.by_melds[melds_needed - 3]
    floor = by_melds[whole]
    rm, rp, rs = rests[fm], rests[fp], rests[fs]
    best = UNREACHABLE
    for i in _MOST_FIRST[first]:
        n = packed >> 4 * i & 15
        if 9 - n + floor >= best:
            continue
        r0, r1, r2 = _PATTERN_RANKS[i]
        rest = by_melds[table[table[table[rm[r0] * k + rp[r1]] * k + rs[r2]] * k + e]]
        value = 9 - n + rest
        if value < best:
            best = value
            if i == first and rest == floor:  # no other pattern holds more kinds: none can do better
                break
    return regular, pairs, quanbukao, qixingbukao, best


_ALL_VOIDS: Final = (0, 1, 2)


def plain_void_forms(counts: Sequence[int], melds_needed: int, full: bool, void: int | None = None
                     ) -> tuple[int, int]:
    """Under Sichuan (缺一门), the regular and seven-pairs shanten of a hand with nothing set aside and no honors,
    each the best over the suits that may be given up (``void``: the one fixed, 0-2), as
    :meth:`Evaluator.void_best` reads them but nothing cached: each suit read straight from the automaton, the
    two kept suits combined per suit given up (seven pairs is :data:`UNREACHABLE` unless ``full``: a closed
    13/14-tile hand).

    >>> plain_void_forms([1, 1, 1, 2, 2, 0, 0, 0, 0] + [0, 0, 0, 0, 3, 3, 0, 0, 0] + [0, 0, 1] + [0] * 13, 4, True)
    (0, 2)
    """
    t = _tables or suit_tables()
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
    base = t.void_base if t.void_base is not None else t.void_base_of()
    by_melds = t.by_melds[melds_needed]
    suits = (a, b, d)
    regular = UNREACHABLE
    for v in _ALL_VOIDS if void is None else (void,):
        i, j = _KEPT[v]
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
        i, j = _KEPT[v]
        o = odd[i] + odd[j]
        h = (tiles[i] + tiles[j] - o) >> 1
        value = 13 - 2 * h - (o if o < 7 - h else 7 - h)
        if value < pairs:
            pairs = value
    return regular, pairs


_KNIT_SUITS: dict[tuple[int, ...], KnitSuit] = {}
"""The :class:`KnitSuit` of suit contents no called meld limits, shared by every evaluator."""

_CAPPED_KNITS: dict[tuple[int, tuple[int, ...]], dict[tuple[int, ...], KnitSuit]] = {}
"""The :class:`KnitSuit` of suits whose limits are lowered, one cache per slot and limits."""


def _capped_knits(slot: int, caps: tuple[int, ...] | None) -> dict[tuple[int, ...], KnitSuit]:
    """The shared cache of the :class:`KnitSuit` entries of ``slot`` under ``caps`` (``None``: 4 each)."""
    return _KNIT_SUITS if caps is None else _cache_for(_CAPPED_KNITS, slot, caps)

_ADDED: Final = 0
_REMOVED: Final = 1
"""Which neighbours :meth:`Evaluator._regular_after` reads: one copy more (draws) or fewer (discards)."""


class Evaluator:
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
        self.melds_needed = melds_needed
        self.called: tuple[int, ...] = tuple(called) if called is not None and any(called) else (0,) * KINDS
        wall = ruleset.caps
        self.cap = [min(COPIES - n, w) for n, w in zip(self.called, wall, strict=True)]
        """How many copies of each kind the concealed part may hold (0 outside the rule set's universe)."""
        self.regular = "regular" in forms
        self.seven_pairs = "chiitoitsu" in forms
        self.orphans = "kokushi" in forms and ruleset.kokushi
        self.special = self.seven_pairs or self.orphans
        self.four_pairs = ruleset.four_pairs
        self.knit = "quanbukao" in forms and ruleset.knitted
        self.dragon = "zuhelong" in forms and ruleset.knitted and melds_needed >= 3
        self.knitting = self.knit or self.dragon
        self.voids: tuple[int, ...] = ()
        """Under 缺一门: the suits the hand may give up (those with no tile set aside, or the one fixed)."""
        if ruleset.void:
            free = tuple(slot for slot in range(3) if not any(self.called[slot * 9:slot * 9 + 9]))
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
            self.voids = free if void is None else (void,)
        self.tables = suit_tables()
        self._caps = [self._slot_caps(slot) for slot in range(4)]
        # Suits whose limits are lowered (called melds, the rule set's universe) share the entries of those limits;
        # the others share _SHARED_SUITS.
        self._caches = [_SHARED_SUITS if caps is None else _capped_suits(slot, caps)
                        for slot, caps in enumerate(self._caps)]
        # key: rest << _ANSWER_BITS | suit (two answer ids) -> the shanten of their combination
        self._finals: dict[int, int] = {}
        # key: (serial << _ANSWER_BITS | rest) << 1 | _ADDED or _REMOVED -> shanten per rank of that suit
        self._afters: dict[int, list[int]] = {}
        # key: ((serial << _ANSWER_BITS | rest) << 5) | (shanten + 1) -> the kinds of that suit whose draw
        # brings the regular form below that shanten (a shanten is -1..13 here, so five bits hold it + 1)
        self._below: dict[int, list[Tile]] = {}
        # key: serial << _ANSWER_BITS | rest -> (kind, regular shanten after discarding it) for the kinds held
        self._held_after: dict[int, list[tuple[Tile, int]]] = {}
        # key: (counters, +1 or -1) -> the best special form by the count of the kind changed (orphan, other)
        self._specials: dict[tuple[PairCounts, int], tuple[list[int], list[int]]] = {}

        self._empty = self.tables.read((0,) * 9, 0)
        """The answer id of an empty suit (a suit given up is read as one)."""
        self._capped_ids: list[dict[tuple[int, ...], int]] = [{}, {}, {}, {}]
        """Per slot, the answer ids of contents read under the slot's lowered limits."""
        self._knit_caches = [_capped_knits(slot, caps) for slot, caps in enumerate(self._caps[:3])]
        self._plain = all(caps is None for caps in self._caps)
        """No suit's limits are lowered: every answer id is in the shipped tables."""
        self._ends: list[int] | None = None
        """When the characters' limits are 0 on ranks 2-8 (sanma's universe): their answer id by the counts of
        1m and 9m, ``5 * c1 + c9`` (a kind that can never be used is read as extra tiles, whatever its count)."""
        self._ends_only: list[int] | None = None
        """:attr:`_ends` when the other slots are not limited and every id is in the shipped table (sanma with
        nothing set aside): :meth:`shanten` reads the regular form inline."""
        caps = self._caps[0]
        if caps is not None and not any(caps[1:8]):
            read = self.tables.read
            self._ends = [read((a, 0, 0, 0, 0, 0, 0, 0, b), 0, caps) for a in range(COPIES + 1)
                          for b in range(COPIES + 1)]
            if all(c is None for c in self._caps[1:]) and max(self._ends) < self.tables.k:
                self._ends_only = self._ends

    def _slot_caps(self, slot: int) -> tuple[int, ...] | None:
        """Each kind's limit in a suit slot where some limit is below 4, else ``None``."""
        base = SUIT_BASES[slot]
        part = tuple(self.cap[base:base + SUIT_SIZES[slot]])
        return part if min(part) < COPIES else None

    @classmethod
    def for_hand(cls, hand: Hand, *, rules: Rules = "riichi", forms: Forms = ALL_FORMS,
                 void: int | None = None) -> Evaluator:
        """The evaluator of a hand's context (its melds and nukidora, and the forms of ``forms`` that apply to
        it)."""
        aside = hand.melds or hand.nukidora
        return cls(melds_needed=hand.melds_needed, called=hand.set_aside() if aside else None,
                   forms=applicable(forms, full=hand.is_full), rules=rules, void=void)

    # --- per suit ---

    def suit(self, slot: int, part: tuple[int, ...]) -> SuitEntry:
        """The entry of one suit's content (cached)."""
        caps = self._caps[slot]
        cache = self._caches[slot]
        key = (slot, part)
        found = cache.get(key)
        if found is not None:
            return found
        size = SUIT_SIZES[slot]
        added, removed = [NO_SUIT] * size, [NO_SUIT] * size
        if caps is None:
            # Read the automaton once, keeping the state before each rank; a neighbour re-reads the rest.
            trans, ids = self.tables.automaton(slot)
            states = [0]
            for c in part:
                states.append(trans[states[-1] + c])
            own = ids[states[-1]]
            for i in range(size):
                for delta, out in ((1, added), (-1, removed)):
                    v = part[i] + delta
                    if 0 <= v <= COPIES:
                        s = trans[states[i] + v]
                        for c in part[i + 1:]:
                            s = trans[s + c]
                        out[i] = ids[s]
            if len(cache) >= _SHARED_LIMIT:
                cache.clear()
        else:
            read = self.tables.read
            own = read(part, slot, caps)
            scratch = list(part)
            for i in range(size):
                for delta, out in ((1, added), (-1, removed)):
                    v = part[i] + delta
                    if 0 <= v <= caps[i]:
                        scratch[i] = v
                        out[i] = read(scratch, slot, caps)
                scratch[i] = part[i]
            if len(cache) >= _SHARED_LIMIT:
                cache.clear()
        found = cache[key] = SuitEntry(own, added, removed, next(_serials))
        return found

    def _final(self, rest: int, suit: int) -> int:
        """The shanten of a hand from the combination of three suits (``rest``) and the fourth (``suit``)."""
        key = rest << _ANSWER_BITS | suit
        found = self._finals.get(key)
        if found is None:
            t = self.tables
            found = self._finals[key] = t.shanten(t.combine(rest, suit), self.melds_needed)
        return found

    def _prepare(self, c: Sequence[int]) -> tuple[list[SuitEntry], list[int], int]:
        """The four suit entries, for each slot the combination of the other three, and the regular shanten
        (:data:`UNREACHABLE` when the regular form does not count)."""
        # The cache lookups inlined (this runs for every state of a search); suit() fills the caches.
        caches, suit = self._caches, self.suit
        key = (0, tuple(c[0:9]))
        e0 = caches[0].get(key) or suit(*key)
        key = (1, tuple(c[9:18]))
        e1 = caches[1].get(key) or suit(*key)
        key = (2, tuple(c[18:27]))
        e2 = caches[2].get(key) or suit(*key)
        key = (3, tuple(c[27:34]))
        e3 = caches[3].get(key) or suit(*key)
        e = [e0, e1, e2, e3]
        t = self.tables
        k = t.k
        i0, i1, i2, i3 = e0.own, e1.own, e2.own, e3.own
        if i0 < k and i1 < k and i2 < k and i3 < k:  # the shipped table (closed: its combinations are in it)
            table = t.table
            i01 = table[i0 * k + i1]
            rest = [table[table[i1 * k + i2] * k + i3], table[table[i0 * k + i2] * k + i3], table[i01 * k + i3],
                    table[i01 * k + i2]]
        else:
            comb = t.combine
            i01 = comb(i0, i1)
            rest = [comb(comb(i1, i2), i3), comb(comb(i0, i2), i3), comb(i01, i3), comb(i01, i2)]
        return e, rest, self._final(rest[0], i0) if self.regular else UNREACHABLE

    def _regular_after(self, rest: int, entry: SuitEntry, which: int) -> list[int]:
        """Regular shanten after one copy more (``_ADDED``) or fewer (``_REMOVED``) of each rank of a suit
        (:data:`UNREACHABLE` where that content cannot exist or the regular form does not count)."""
        key = (entry.serial << _ANSWER_BITS | rest) << 1 | which
        found = self._afters.get(key)
        if found is None:
            ids = entry.added if which == _ADDED else entry.removed
            if self.regular:
                final = self._final
                found = [final(rest, i) if i != NO_SUIT else UNREACHABLE for i in ids]
            else:
                found = [UNREACHABLE] * len(ids)
            self._afters[key] = found
        return found

    def _regular_below(self, slot: int, rest: int, entry: SuitEntry, s: int) -> list[Tile]:
        """The kinds of a suit whose draw brings the regular form below ``s`` (0 <= s + 1 < 32)."""
        key = ((entry.serial << _ANSWER_BITS | rest) << 5) | (s + 1)
        found = self._below.get(key)
        if found is None:
            base = SUIT_BASES[slot]
            found = self._below[key] = [base + i for i, r in enumerate(self._regular_after(rest, entry, _ADDED))
                                        if r < s]
        return found

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

    # --- the knitted forms (gb) ---

    def _knit_read(self, c: Sequence[int]) -> tuple[KnitSuit, KnitSuit, KnitSuit, tuple[int, ...]]:
        """The three suits' :class:`KnitSuit` entries and the kinds held of each pattern (their packs added)."""
        caches, read = self._knit_caches, self._knit_suit
        part = tuple(c[0:9])
        k0 = caches[0].get(part) or read(0, part)
        part = tuple(c[9:18])
        k1 = caches[1].get(part) or read(1, part)
        part = tuple(c[18:27])
        k2 = caches[2].get(part) or read(2, part)
        packed = k0.packs[0] + k1.packs[1] + k2.packs[2]
        return k0, k1, k2, (packed & 15, packed >> 4 & 15, packed >> 8 & 15, packed >> 12 & 15, packed >> 16 & 15,
                            packed >> 20)

    def _knit_suit(self, slot: int, part: tuple[int, ...]) -> KnitSuit:
        """The :class:`KnitSuit` of a suit's content (cached)."""
        cache = self._knit_caches[slot]
        if len(cache) >= _SHARED_LIMIT:
            cache.clear()
        found = cache[part] = knit_suit(part, self._caps[slot], slot, self.tables)
        return found

    def knitted(self, c: Sequence[int], bound: int = UNREACHABLE) -> int:
        """The best knitted form that counts (全不靠 / 组合龙; 七星不靠 is never better than 全不靠) when it is
        below ``bound``; otherwise some value at least ``bound`` (the patterns that cannot beat it are
        skipped)."""
        k0, k1, k2, held = self._knit_read(c)
        best = bound
        if self.knit:
            value = 13 - max(held) - (7 - c[27:34].count(0))
            if value < best:
                best = value
        if self.dragon:
            best = self._zuhelong(k0, k1, k2, held, self._honor_id(c), best)
        return best

    def knitted_forms(self, c: Sequence[int]) -> tuple[int, int, int, int]:
        """The shanten of the regular form, 全不靠, 七星不靠 and 组合龙 (:data:`UNREACHABLE` for the knitted forms
        that do not count here), each suit read once (its :class:`KnitSuit` holds its regular answer too)."""
        k0, k1, k2, held = self._knit_read(c)
        honor_id = self._honor_id(c)
        t = self.tables
        if self._plain:  # every id is in the shipped table: combine() inlined
            k, table = t.k, t.table
            whole = table[table[table[k0.own * k + k1.own] * k + k2.own] * k + honor_id]
        else:
            comb = t.combine
            whole = comb(comb(comb(k0.own, k1.own), k2.own), honor_id)
        regular = t.by_melds[self.melds_needed][whole]
        most = max(held)
        honors = 7 - c[27:34].count(0)
        knit = (13 - most - honors, 13 - honors - min(7, most)) if self.knit else (UNREACHABLE, UNREACHABLE)
        if not self.dragon:
            return regular, knit[0], knit[1], UNREACHABLE
        # A 组合龙 rest is part of the hand, so its shanten (n - 3 melds and a pair) is at least the whole hand's.
        floor = t.by_melds[self.melds_needed - 3][whole]
        return regular, knit[0], knit[1], self._zuhelong(k0, k1, k2, held, honor_id, UNREACHABLE, floor)

    def _zuhelong(self, k0: KnitSuit, k1: KnitSuit, k2: KnitSuit, held: tuple[int, ...], honor_id: int, best: int,
                  floor: int = -1) -> int:
        """组合龙 when it is below ``best``, else ``best``: over the patterns, ``9 - d`` plus the regular shanten of
        the rest (n - 3 melds and a pair: the three suits' rests and the honors). A pattern whose ``9 - d +
        floor`` (``floor``: a lower bound on a rest's shanten, -1 by default) cannot beat the best so far is
        skipped; a pattern holding the most kinds is read first."""
        most = max(held)
        if 9 - most + floor >= best:
            return best
        t = self.tables
        comb, by_melds, k, table = t.combine, t.by_melds[self.melds_needed - 3], t.k, t.table
        r0, r1, r2 = k0.rests, k1.rests, k2.rests
        plain = self._plain
        for i in _MOST_FIRST[held.index(most)]:
            d = held[i]
            if 9 - d + floor >= best:
                continue
            a, b, e = _PATTERN_RANKS[i]
            if plain:  # every id is in the shipped table: combine() inlined
                value = 9 - d + by_melds[table[table[table[r0[a] * k + r1[b]] * k + r2[e]] * k + honor_id]]
            else:
                value = 9 - d + by_melds[comb(comb(comb(r0[a], r1[b]), r2[e]), honor_id)]
            if value < best:
                best = value
        return best

    def _knitted_draws(self, c: list[int], s: int) -> list[Tile]:
        """The kinds whose draw brings a knitted form below ``s``: 全不靠 by its formula (a draw helps when it
        is a new honor or a new kind of a best pattern), 组合龙 by reading each draw when it can help."""
        out: set[Tile] = set()
        cap = self.cap
        k0, k1, k2, held = self._knit_read(c)
        most = max(held)
        if self.knit and 13 - most - (7 - c[27:34].count(0)) <= s:  # one more tile lowers it by one at most
            out.update(k for k in range(27, KINDS) if not c[k] and cap[k])
            for pattern, d in zip(KNITTED_PATTERNS, held, strict=True):
                if d == most:
                    out.update(k for k in pattern if not c[k] and cap[k])
        if self.dragon:
            honor_id = self._honor_id(c)
            if self._zuhelong(k0, k1, k2, held, honor_id, s + 1) <= s:
                out.update(self._zuhelong_draws(c, (k0, k1, k2), held, honor_id, s))
        return sorted(out)

    def _zuhelong_draws(self, c: list[int], knits: tuple[KnitSuit, KnitSuit, KnitSuit], held: tuple[int, ...],
                        honor_id: int, s: int) -> set[Tile]:
        """The kinds whose draw brings 组合龙 below ``s``. Per pattern, a draw of a pattern kind the hand lacks
        joins the straight (one kind more, the rest unchanged); any other draw joins the rest, read as the rest's
        neighbour with one copy more (for a lacking pattern kind this reading is never the lower one)."""
        t = self.tables
        comb, by_melds, k, table, plain = t.combine, t.by_melds[self.melds_needed - 3], t.k, t.table, self._plain
        cap = self.cap
        honors = self.suit(3, tuple(c[27:34])).added
        out: set[Tile] = set()
        for d, ranks, pattern in zip(held, _PATTERN_RANKS, KNITTED_PATTERNS, strict=True):
            if 7 - d >= s:  # a draw adds one pattern kind at most, and the rest's shanten is at least -1
                continue
            ids = [knits[slot].rests[ranks[slot]] for slot in range(3)]
            suits = comb(comb(ids[0], ids[1]), ids[2])
            value = 9 - d + by_melds[comb(suits, honor_id)]
            if value > s:
                continue  # a draw lowers this pattern's value by one at most (it joins the straight or the rest)
            if value - 1 < s:
                out.update(k for k in pattern if not c[k] and cap[k])
            limit = s - 9 + d  # a draw into the rest helps when the rest's shanten falls below this
            for slot in range(3):
                i, j = _KEPT[slot]
                others = comb(comb(ids[i], ids[j]), honor_id)
                base = 9 * slot
                for r, added in enumerate(self._rest_added(slot, c[base:base + 9], ranks[slot])):
                    if added == NO_SUIT or c[base + r] >= cap[base + r]:
                        continue
                    if by_melds[table[added * k + others] if plain else comb(added, others)] < limit:
                        out.add(base + r)
            for r, added in enumerate(honors):
                if added != NO_SUIT and c[27 + r] < cap[27 + r] and \
                        by_melds[table[added * k + suits] if plain else comb(suits, added)] < limit:
                    out.add(27 + r)
        return out

    def _rest_added(self, slot: int, content: Sequence[int], rank: int) -> list[int]:
        """For each rank of a suit, the answer id of the suit's rest (:func:`knit_rest` of its content) with one
        copy more of it, under the rest's limits (:data:`NO_SUIT` where that exceeds them)."""
        caps = self._caps[slot]
        if caps is None:  # a rest's limits never bind (see knit_suit): its entry's neighbours
            return self.suit(slot, knit_rest(content, rank)).added
        limits = _knit_caps(caps, rank)
        read = self.tables.read
        out = []
        part = list(knit_rest(content, rank))
        for r in range(9):
            if part[r] < limits[r]:
                part[r] += 1
                out.append(read(part, slot, limits))
                part[r] -= 1
            else:
                out.append(NO_SUIT)
        return out

    def _honor_id(self, c: Sequence[int]) -> int:
        """The answer id of the honors of the counts ``c`` (the automaton read unrolled, or under lowered
        limits)."""
        if self._caps[3] is None:
            h = self.tables.honors
            c0, c1, c2, c3, c4, c5, c6 = c[27:34]
            return self.tables.honor_ids[h[h[h[h[h[h[h[c0] + c1] + c2] + c3] + c4] + c5] + c6]]
        return self._capped_id(3, tuple(c[27:34]))

    # --- 缺一门 (sichuan) ---

    def answer_ids(self, c: Sequence[int]) -> list[int]:
        """The answer id of each suit slot of the counts ``c`` (a slot with lowered limits read under them)."""
        t = self.tables
        s, suit_ids, caps = t.suit, t.suit_ids, self._caps
        out = []
        for slot, base in enumerate((0, 9, 18)):
            if caps[slot] is None:  # the automaton read unrolled (nine lookups)
                c0, c1, c2, c3, c4, c5, c6, c7, c8 = c[base:base + 9]
                out.append(suit_ids[s[s[s[s[s[s[s[s[s[c0] + c1] + c2] + c3] + c4] + c5] + c6] + c7] + c8]])
            else:
                out.append(self._capped_id(slot, tuple(c[base:base + 9])))
        out.append(self._honor_id(c))
        return out

    def _capped_id(self, slot: int, part: tuple[int, ...]) -> int:
        """The answer id of a suit slot's counts under its lowered limits (cached per evaluator: a rule set's
        universe fixes the limits of the suits it leaves out, whose content is then one of a few)."""
        if slot == 0 and self._ends is not None:
            return self._ends[5 * part[0] + part[8]]
        cache = self._capped_ids[slot]
        found = cache.get(part)
        if found is None:
            if len(cache) >= _SHARED_LIMIT:
                cache.clear()
            found = cache[part] = self.tables.read(part, slot, self._caps[slot])
        return found

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
        finals, shifted = self._finals, base << _ANSWER_BITS
        for v in self.voids:
            i, j = _KEPT[v]
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
            i, j = _KEPT[v]
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
        """The shanten with ``read.void`` given up after one copy more (``_ADDED``) or fewer of each suited kind
        (:data:`UNREACHABLE` where impossible)."""
        out = [read.shanten] * 27
        delta = 1 if which == _ADDED else -1
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

    def _held_regular(self, c: Sequence[int], slot: int, rest: int, entry: SuitEntry) -> list[tuple[Tile, int]]:
        """``(kind, regular shanten after discarding it)`` for the kinds of a suit held in ``c`` (cached by the
        suit's entry and the other suits' combination ``rest``; an empty list for an empty suit)."""
        base = SUIT_BASES[slot]
        regs = self._regular_after(rest, entry, _REMOVED)
        found = self._held_after[entry.serial << _ANSWER_BITS | rest] = [
            (base + i, regs[i]) for i in range(SUIT_SIZES[slot]) if c[base + i]]
        return found

    def _special_draws(self, c: list[int], p: PairCounts, e: list[SuitEntry], rest: list[int], s: int
                       ) -> list[Tile]:
        """The kinds whose draw lowers the regular form or a special form below ``s``."""
        after = self._regular_after
        regular = after(rest[0], e[0], _ADDED) + after(rest[1], e[1], _ADDED) + after(rest[2], e[2], _ADDED) + \
            after(rest[3], e[3], _ADDED)
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
            afters = [self._void_after(c, entries, read, _REMOVED) for read in reads if read.shanten <= s]
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
        h0 = held.get(e0.serial << _ANSWER_BITS | r0)
        if h0 is None:
            h0 = self._held_regular(c, 0, r0, e0)
        h1 = held.get(e1.serial << _ANSWER_BITS | r1)
        if h1 is None:
            h1 = self._held_regular(c, 1, r1, e1)
        h2 = held.get(e2.serial << _ANSWER_BITS | r2)
        if h2 is None:
            h2 = self._held_regular(c, 2, r2, e2)
        h3 = held.get(e3.serial << _ANSWER_BITS | r3)
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
