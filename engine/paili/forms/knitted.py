"""GB's knitted forms (``rules="gb"``): 全不靠, 七星不靠 and 组合龙, over the six knitted patterns.

全不靠 ``quanbukao`` is ``13 - d - h`` and 七星不靠 ``qixingbukao`` ``13 - h - min(7, d)``, with ``h`` the honors
held and ``d`` the kinds held of the best knitted pattern (147/258/369 spread over the three suits, six ways:
:data:`KNITTED_PATTERNS`); both apply only to a closed hand of 13 or 14 tiles with no called melds. 组合龙
``zuhelong`` is, over the six patterns, ``9 - d`` plus the regular shanten of what is left once one copy of
each pattern kind held is taken out (n - 3 melds and a pair, the pattern kinds capped one lower): exact, since
a target is the pattern plus a target of the rest; it applies to a hand that needs at least three melds.

Each suit is read once into a :class:`KnitSuit` (its regular answer, its kinds held per knitted rank packed so
that the three suits add up to all six patterns' ``d``, and its three possible rests' answers), cached like
the regular form's suit entries; the rests combine with the honors as the regular form's answers do, best
pattern first, a pattern skipped when it cannot beat the best so far. :class:`KnittedForms` is the part of
:class:`~paili.evaluator.Evaluator` that reads them; a lone hand with nothing set aside is read without the
cache (:func:`plain_gb_forms`, through the tables of :func:`knit_tables`).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations, product
from typing import Final, NamedTuple

from ..tables import suit_dfa
from ..tiles import KINDS, Tile
from .regular import NO_SUIT, OTHER_SUITS, SHARED_LIMIT, UNREACHABLE, RegularForm, SuitTables, cache_for, suit_tables

KNITTED_PATTERNS: Final[tuple[tuple[Tile, ...], ...]] = tuple(
    tuple(suit * 9 + rank + 3 * i for suit, rank in enumerate(ranks) for i in range(3))
    for ranks in permutations(range(3)))
"""The six knitted straights (组合龙): 147, 258 and 369 spread over m, p and s, as their nine kinds."""


class KnitTables(NamedTuple):
    """What :func:`plain_gb_forms` reads (:func:`knit_tables`)."""

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


_KNIT_RANKS: Final = (0, 1, 2, 9, 10, 11, 18, 19, 20)
_KNIT_SLOTS: Final = tuple((ranks[0], 3 + ranks[1], 6 + ranks[2]) for ranks in permutations(range(3)))


def knitted_held(counts: Sequence[int]) -> list[int]:
    """For each of :data:`KNITTED_PATTERNS`, how many of its nine kinds the counts hold.

    >>> knitted_held([1, 0, 0, 1, 0, 0, 1, 0, 0] + [0] * 25)
    [3, 3, 0, 0, 0, 0]
    """
    g = [(counts[b] > 0) + (counts[b + 3] > 0) + (counts[b + 6] > 0) for b in _KNIT_RANKS]
    return [g[a] + g[b] + g[c] for a, b, c in _KNIT_SLOTS]


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


_knit: KnitTables | None = None


def knit_tables() -> KnitTables:
    """The tables :func:`plain_gb_forms` reads, derived from the suit automaton and :data:`_PACKS` on first use
    (about a fifth of a second)."""
    global _knit
    if _knit is None:
        t = suit_tables()
        walk, own, rests = _rest_walk(t.suit, t.suit_ids, t.answers)
        held = [bytes(kinds) for kinds in product((0, 1), repeat=9)]
        packs = tuple({key: _PACKS[16 * sum(key[0::3]) + 4 * sum(key[1::3]) + sum(key[2::3])][slot] for key in held}
                      for slot in range(3))
        best = tuple(4 * max(held) + held.index(max(held))
                     for held in ((v & 15, v >> 4 & 15, v >> 8) for v in range(4096)))
        _knit = KnitTables(walk, own, rests, (packs[0], packs[1], packs[2]), best)
    return _knit


_HELD: Final = bytes(0 if n == 0 else 1 for n in range(256))
"""``bytes.translate`` table: a count to 1 when the kind is held, else 0."""
_HALVES: Final = bytes(n // 2 for n in range(256))
"""``bytes.translate`` table: a count to the pairs it holds, a four as two."""


def plain_gb_forms(counts: Sequence[int], melds_needed: int, full: bool) -> tuple[int, int, int, int, int]:
    """Under GB, the shanten of the regular form, seven pairs, 全不靠, 七星不靠 and 组合龙 of a hand with nothing
    set aside (:data:`UNREACHABLE` where a form does not apply; ``full``: a closed 13/14-tile hand), as
    :meth:`Evaluator.knitted_forms` reads them but nothing cached: each suit is read once, its answer and its
    three 组合龙 rests together (:func:`knit_tables`).

    >>> knitted = [1, 0, 0, 1, 0, 0, 1, 0, 0] + [0, 1, 0, 0, 1, 0, 0, 1, 0] + [0, 0, 1, 0, 0, 1, 0, 0, 1]
    >>> plain_gb_forms(knitted + [1, 1, 1, 1, 1, 0, 0], 4, True)  # 147m258p369s12345z: 全不靠
    (8, 6, -1, 1, 2)
    """
    t = suit_tables()
    walk, own, rests, (packs_m, packs_p, packs_s), best_of = _knit or knit_tables()
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
    # As KnittedForms._zuhelong: a rest is part of the hand, so its shanten (n - 3 melds and a pair) is at least
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


_KNIT_SUITS: dict[tuple[int, ...], KnitSuit] = {}
"""The :class:`KnitSuit` of suit contents no called meld limits, shared by every evaluator."""

_CAPPED_KNITS: dict[tuple[int, tuple[int, ...]], dict[tuple[int, ...], KnitSuit]] = {}
"""The :class:`KnitSuit` of suits whose limits are lowered, one cache per slot and limits."""


def knit_cache(slot: int, caps: tuple[int, ...] | None) -> dict[tuple[int, ...], KnitSuit]:
    """The shared cache of the :class:`KnitSuit` entries of ``slot`` under ``caps`` (``None``: 4 each)."""
    return _KNIT_SUITS if caps is None else cache_for(_CAPPED_KNITS, slot, caps)


def clear_caches() -> None:
    """Empty the :class:`KnitSuit` entries shared by the evaluators (a benchmark's cold start)."""
    _KNIT_SUITS.clear()
    _CAPPED_KNITS.clear()


class KnittedForms(RegularForm):
    """GB's knitted forms of hands that share one context, read on the regular form's suits (a part of
    :class:`~paili.evaluator.Evaluator`, which sets the attributes below from its forms and rules)."""

    knit: bool
    """全不靠 and 七星不靠 count (and the rule set has them)."""
    dragon: bool
    """组合龙 counts (and the rule set has it, and the hand needs three melds or more)."""
    knitting: bool
    """Either counts."""
    _knit_caches: list[dict[tuple[int, ...], KnitSuit]]
    """Per suited slot, the shared cache of its :class:`KnitSuit` entries under its limits (:func:`knit_cache`)."""

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
        if len(cache) >= SHARED_LIMIT:
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
                i, j = OTHER_SUITS[slot]
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
