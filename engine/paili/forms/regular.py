"""The regular form (n melds and a pair): the suit tables, the shanten read from them, and the reading of one
context's hands and their one-tile neighbours, which every other form builds on.

Each suit and the honors are read through a generated automaton (:mod:`paili.tables.suit_dfa`) that yields
an *answer*: for j = 0..4 melds with and without the pair, the fewest tiles to add. The four answers are
combined by min-plus convolution (a shipped table, :class:`SuitTables`), and :meth:`SuitTables.shanten` reads
the shanten of n melds and a pair from the result. A suit holding kinds that called melds also use runs the
same dynamic programme directly, with the lowered limits.

The rule set (:mod:`paili.rules`) bounds every target: a kind outside its universe may not be aimed at (cap 0,
as a called meld lowers a cap). Sanma's characters (only 1m and 9m in the wall) are read by the counts of
their ends alone (a kind that can never be used is extra tiles, whatever its count); their answers, and
those of Sichuan's empty honors, are in the shipped combination table.

:class:`RegularForm` is the base of :class:`~paili.evaluator.Evaluator`: the context of hands that share
their melds needed, called melds and limits, and the regular form read in it. It caches per suit content
(a :class:`SuitEntry`: the suit's answer and the answers with one copy more or fewer of each rank, shared by
every evaluator of the same limits), so the shanten of a one-tile neighbour costs one table lookup.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import count
from typing import Final, NamedTuple, TypeVar

from ..rules import RULE_SETS, Rules
from ..tables import suit_dfa
from ..tiles import COPIES, KINDS, Tile

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
OTHER_SUITS: Final = ((1, 2), (0, 2), (0, 1))
"""The two other suited slots of m, p and s (the suits kept when one is given up)."""

ANSWER_BITS: Final = 16
"""Answer ids fit in this many bits (the shipped table has 180; suits capped by called melds add a few), so
two ids pack into one int key: ``a << 16 | b``."""

ADDED: Final = 0
REMOVED: Final = 1
"""Which neighbours :meth:`RegularForm._regular_after` reads: one copy more (draws) or fewer (discards)."""


# --- the suit tables -----------------------------------------------------------------------------------------


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
        self.combined: dict[int, int] = {}  # key: a << ANSWER_BITS | b, the ids combined
        self.by_melds: list[list[int]] = [[self._shanten_of(a, n) for a in self.answers]
                                          for n in range(suit_dfa.MAX_MELDS + 1)]
        """``by_melds[n][answer]``: the shanten an answer of a whole hand gives for n melds and a pair."""
        self.capped = lru_cache(maxsize=4096)(self._capped)

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
        key = a << ANSWER_BITS | b
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


# --- the shared suit entries ------------------------------------------------------------------------------------


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


_serials = count()
_SHARED_SUITS: dict[tuple[int, tuple[int, ...]], SuitEntry] = {}
"""Entries of suits no called meld touches (they depend on the content alone), shared by every evaluator;
emptied when it reaches :data:`SHARED_LIMIT` entries, to bound the memory (about 0.55 KB an entry, so
11 MB at most; the heaviest advice searches use 6,000-10,000)."""
SHARED_LIMIT: Final = 20_000

_CAPPED_SUITS: dict[tuple[int, tuple[int, ...]], dict[tuple[int, tuple[int, ...]], SuitEntry]] = {}
"""The entries of suits whose limits are lowered, one cache per slot and limits (as :data:`_SHARED_SUITS`)."""


_Key = TypeVar("_Key")
_Entry = TypeVar("_Entry")


def cache_for(caches: dict[tuple[int, tuple[int, ...]], dict[_Key, _Entry]], slot: int, caps: tuple[int, ...]
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
    return cache_for(_CAPPED_SUITS, slot, caps)


def clear_caches() -> None:
    """Empty the suit entries shared by the evaluators (a benchmark's cold start)."""
    _SHARED_SUITS.clear()
    _CAPPED_SUITS.clear()


# --- the regular form of one context -------------------------------------------------------------------------


class RegularForm:
    """The regular form of hands that share one context, and of their one-tile neighbours: the base of
    :class:`~paili.evaluator.Evaluator`, whose other forms read their suits through it.

    The context: how many melds the concealed part must still form (``melds_needed``, the same before and
    after a draw or discard), the copies of each kind set aside (called melds, nukidora) and the rules, which
    bound what each kind may reach; ``regular``: whether the regular form counts (its shanten is
    :data:`UNREACHABLE` where it does not). States are 34-count lists.
    """

    def __init__(self, *, melds_needed: int, called: Sequence[int] | None, rules: Rules, regular: bool) -> None:
        self.melds_needed = melds_needed
        self.called: tuple[int, ...] = tuple(called) if called is not None and any(called) else (0,) * KINDS
        wall = RULE_SETS[rules].caps
        self.cap = [min(COPIES - n, w) for n, w in zip(self.called, wall, strict=True)]
        """How many copies of each kind the concealed part may hold (0 outside the rule set's universe)."""
        self.regular = regular
        self.tables = suit_tables()
        self._caps = [self._slot_caps(slot) for slot in range(4)]
        # Suits whose limits are lowered (called melds, the rule set's universe) share the entries of those limits;
        # the others share _SHARED_SUITS.
        self._caches = [_SHARED_SUITS if caps is None else _capped_suits(slot, caps)
                        for slot, caps in enumerate(self._caps)]
        # key: rest << ANSWER_BITS | suit (two answer ids) -> the shanten of their combination
        self._finals: dict[int, int] = {}
        # key: (serial << ANSWER_BITS | rest) << 1 | ADDED or REMOVED -> shanten per rank of that suit
        self._afters: dict[int, list[int]] = {}
        # key: ((serial << ANSWER_BITS | rest) << 5) | (shanten + 1) -> the kinds of that suit whose draw
        # brings the regular form below that shanten (a shanten is -1..13 here, so five bits hold it + 1)
        self._below: dict[int, list[Tile]] = {}
        # key: serial << ANSWER_BITS | rest -> (kind, regular shanten after discarding it) for the kinds held
        self._held_after: dict[int, list[tuple[Tile, int]]] = {}

        self._empty = self.tables.read((0,) * 9, 0)
        """The answer id of an empty suit (a suit given up is read as one)."""
        self._capped_ids: list[dict[tuple[int, ...], int]] = [{}, {}, {}, {}]
        """Per slot, the answer ids of contents read under the slot's lowered limits."""
        self._plain = all(caps is None for caps in self._caps)
        """No suit's limits are lowered: every answer id is in the shipped tables."""
        self._ends: list[int] | None = None
        """When the characters' limits are 0 on ranks 2-8 (sanma's universe): their answer id by the counts of
        1m and 9m, ``5 * c1 + c9`` (a kind that can never be used is read as extra tiles, whatever its count)."""
        self._ends_only: list[int] | None = None
        """:attr:`_ends` when the other slots are not limited and every id is in the shipped table (sanma with
        nothing set aside): :meth:`~paili.evaluator.Evaluator.shanten` reads the regular form inline."""
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
            if len(cache) >= SHARED_LIMIT:
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
            if len(cache) >= SHARED_LIMIT:
                cache.clear()
        found = cache[key] = SuitEntry(own, added, removed, next(_serials))
        return found

    def _final(self, rest: int, suit: int) -> int:
        """The shanten of a hand from the combination of three suits (``rest``) and the fourth (``suit``)."""
        key = rest << ANSWER_BITS | suit
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
        """Regular shanten after one copy more (``ADDED``) or fewer (``REMOVED``) of each rank of a suit
        (:data:`UNREACHABLE` where that content cannot exist or the regular form does not count)."""
        key = (entry.serial << ANSWER_BITS | rest) << 1 | which
        found = self._afters.get(key)
        if found is None:
            ids = entry.added if which == ADDED else entry.removed
            if self.regular:
                final = self._final
                found = [final(rest, i) if i != NO_SUIT else UNREACHABLE for i in ids]
            else:
                found = [UNREACHABLE] * len(ids)
            self._afters[key] = found
        return found

    def _regular_below(self, slot: int, rest: int, entry: SuitEntry, s: int) -> list[Tile]:
        """The kinds of a suit whose draw brings the regular form below ``s`` (0 <= s + 1 < 32)."""
        key = ((entry.serial << ANSWER_BITS | rest) << 5) | (s + 1)
        found = self._below.get(key)
        if found is None:
            base = SUIT_BASES[slot]
            found = self._below[key] = [base + i for i, r in enumerate(self._regular_after(rest, entry, ADDED))
                                        if r < s]
        return found

    def _held_regular(self, c: Sequence[int], slot: int, rest: int, entry: SuitEntry) -> list[tuple[Tile, int]]:
        """``(kind, regular shanten after discarding it)`` for the kinds of a suit held in ``c`` (cached by the
        suit's entry and the other suits' combination ``rest``; an empty list for an empty suit)."""
        base = SUIT_BASES[slot]
        regs = self._regular_after(rest, entry, REMOVED)
        found = self._held_after[entry.serial << ANSWER_BITS | rest] = [
            (base + i, regs[i]) for i in range(SUIT_SIZES[slot]) if c[base + i]]
        return found

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
            if len(cache) >= SHARED_LIMIT:
                cache.clear()
            found = cache[part] = self.tables.read(part, slot, self._caps[slot])
        return found

    def _honor_id(self, c: Sequence[int]) -> int:
        """The answer id of the honors of the counts ``c`` (the automaton read unrolled, or under lowered
        limits)."""
        if self._caps[3] is None:
            h = self.tables.honors
            c0, c1, c2, c3, c4, c5, c6 = c[27:34]
            return self.tables.honor_ids[h[h[h[h[h[h[h[c0] + c1] + c2] + c3] + c4] + c5] + c6]]
        return self._capped_id(3, tuple(c[27:34]))
