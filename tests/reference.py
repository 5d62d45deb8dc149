"""A slow, obviously correct reference for the engine's tests (independent of ``paili``).

Everything here works on plain 34-count tuples (index 0-8 = 1m-9m, 9-17 = 1p-9p, 18-26 = 1s-9s,
27-33 = 1z-7z) and follows docs/RULES.md literally rather than quickly:

* regular shanten (向聴) is the definition itself: the fewest tiles of a complete target hand W
  (``melds_needed`` melds + one pair, ``W[k] <= limit[k]``) that the hand lacks, minus 1. The search is
  exhaustive over every W; :func:`regular_shanten` memoises it per suit, :func:`regular_shanten_naive`
  enumerates the melds one by one (the two are checked against each other in ``test_reference.py``);
* seven pairs and thirteen orphans by their formulas, each also by a brute force over target hands;
* ukeire (受け入れ) and the discard table by drawing / discarding every kind and recomputing the shanten;
* the rule sets (``rules``): the universe as limits (no 2m-8m in ``sanma``, no honors in ``sichuan``), seven
  pairs with fours (``sichuan``, ``gb``), no thirteen orphans in ``sichuan``; 缺一门 as "the suit given up is
  read as absent and may not be aimed at", best over the suits with no called tile (or the one ``void``
  fixes); the GB knitted forms by enumerating their target hands.

``limit[k]`` is how many copies of kind ``k`` the concealed part may still reach: ``4 - copies in the
player's own called melds``. ``visible[k]`` counts copies seen elsewhere (discards, dora indicators...):
they never change shanten, only the remaining counts.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import cache
from itertools import combinations, permutations
from typing import Final, Literal, NamedTuple, TypeAlias

Counts: TypeAlias = tuple[int, ...]
Rules: TypeAlias = Literal["riichi", "sanma", "sichuan", "gb"]
Forms: TypeAlias = frozenset[str]
"""A set of form names (``regular``, ``chiitoitsu``, ``kokushi``); ``None`` below means all three."""

KINDS: Final = 34
FULL: Final = (4,) * KINDS
TERMINALS_AND_HONORS: Final = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_NEG: Final = -(10**9)
"""Overlap of an impossible target (no W exists)."""
_INF: Final = 10**9

# A meld of a target hand: ("triplet", kind) or ("sequence", lowest kind).
GROUPS: Final[tuple[tuple[int, ...], ...]] = tuple(
    [(k, k, k) for k in range(KINDS)] + [(k, k + 1, k + 2) for k in range(27) if k % 9 <= 6]
)
"""The 55 melds: 34 triplets, then the 21 sequences (lowest tile k, only inside one suit)."""


# --- small helpers -------------------------------------------------------------------------------------


def counts_of(text: str) -> Counts:
    """The 34 counts of a plain mpsz string (``"123m0p11z"``; ``0`` is a five). Test convenience only.

    >>> counts_of("11z")[27], counts_of("05p")[13]
    (2, 2)
    """
    if not re.fullmatch(r"(\d+[mps]|[1-7]+z)*", text.replace(" ", "")):
        raise ValueError(f"expected plain mpsz tiles like '123m11z': {text!r}")
    out = [0] * KINDS
    for digits, suit in re.findall(r"(\d+)([mpsz])", text):
        base = "mpsz".index(suit) * 9
        for d in digits:
            out[base + (4 if d == "0" else int(d) - 1)] += 1
    if max(out) > 4:
        raise ValueError(f"expected at most 4 copies of a kind: {text!r}")
    return tuple(out)


def counts_to_text(counts: Sequence[int], reds: Sequence[int] = (0, 0, 0)) -> str:
    """Canonical mpsz text of 34 counts plus red fives: suits m, p, s, z; digits ascending; a red five is
    ``0``, written just before the other fives.

    >>> counts_to_text(counts_of("1555m9p7z"), (1, 0, 0))
    '1055m9p7z'
    >>> counts_of(counts_to_text(counts_of("123m406p11z"))) == counts_of("123m456p11z")
    True
    """
    if len(counts) != 34:
        raise ValueError(f"expected 34 counts, got {len(counts)}")
    parts = []
    for suit in range(4):
        digits = []
        for i in range(9 if suit < 3 else 7):
            n = counts[suit * 9 + i]
            if i == 4 and suit < 3 and reds[suit]:
                if reds[suit] > n:
                    raise ValueError(f"expected at most {n} red fives in {'mpsz'[suit]}, got {reds[suit]}")
                digits.append("0" * reds[suit])
                n -= reds[suit]
            digits.append(str(i + 1) * n)
        if "".join(digits):
            parts.append("".join(digits) + "mpsz"[suit])
    return "".join(parts)


def name(kind: int) -> str:
    """``name(0) == "1m"``, ``name(33) == "7z"``."""
    return f"{kind % 9 + 1}{'mpsz'[kind // 9]}"


def _check(counts: Sequence[int], limit: Sequence[int]) -> None:
    if len(counts) != KINDS or len(limit) != KINDS:
        raise ValueError(f"expected 34 counts and 34 limits, got {len(counts)} and {len(limit)}")
    for k in range(KINDS):
        if not 0 <= counts[k] <= limit[k] <= 4:
            raise ValueError(f"expected 0 <= count <= limit <= 4 for {name(k)}: {counts[k]}, {limit[k]}")


def missing(target: Sequence[int], counts: Sequence[int]) -> int:
    """Tiles of the target hand that the hand does not hold: ``sum(max(0, W[k] - counts[k]))``."""
    return sum(max(0, w - c) for w, c in zip(target, counts, strict=True))


# --- decompositions ------------------------------------------------------------------------------------


class Decomposition(NamedTuple):
    pair: int | None
    triplets: tuple[int, ...]
    sequences: tuple[int, ...]


def decompositions(counts: Sequence[int]) -> list[Decomposition]:
    """Every distinct reading of a 3n+2 count vector as one pair + n melds, sorted.

    Melds are triplets (named by their kind) and sequences (named by their lowest kind, inside one suit,
    never honors); a concealed quad is four loose tiles. Backtracking: the lowest tile left must start a
    triplet or a sequence; duplicates (the same multiset found in two orders) are merged.

    >>> decompositions(counts_of("111222333m789p11z"))
    [Decomposition(pair=27, triplets=(), sequences=(0, 0, 0, 15)), \
Decomposition(pair=27, triplets=(0, 1, 2), sequences=(15,))]
    """
    total = sum(counts)
    if len(counts) != KINDS or total % 3 != 2:
        raise ValueError(f"expected a 3n+2 tile count, got {total} tiles")
    found: set[Decomposition] = set()
    left = list(counts)

    def melds(triplets: list[int], sequences: list[int], pair: int) -> None:
        first = next((k for k in range(KINDS) if left[k]), None)
        if first is None:
            found.add(Decomposition(pair, tuple(sorted(triplets)), tuple(sorted(sequences))))
            return
        if left[first] >= 3:
            left[first] -= 3
            melds([*triplets, first], sequences, pair)
            left[first] += 3
        if first < 27 and first % 9 <= 6 and left[first + 1] and left[first + 2]:
            for k in (first, first + 1, first + 2):
                left[k] -= 1
            melds(triplets, [*sequences, first], pair)
            for k in (first, first + 1, first + 2):
                left[k] += 1

    for pair in range(KINDS):
        if left[pair] >= 2:
            left[pair] -= 2
            melds([], [], pair)
            left[pair] += 2
    return sorted(found, key=lambda d: (d.pair, d.triplets, d.sequences))


def is_regular_win(counts: Sequence[int]) -> bool:
    """A 3n+2 hand that reads as pair + melds."""
    return sum(counts) % 3 == 2 and bool(decompositions(counts))


# --- regular shanten -----------------------------------------------------------------------------------


@cache
def _suit_table(hand: Counts, limit: Counts, sequences: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Best overlap ``sum(min(W[k], hand[k]))`` over targets W inside one suit (or the honors).

    Returns ``(no_pair, with_pair)``: for m = 0..4 melds, the best overlap of a W made of exactly m melds
    (and the pair, in the second tuple), ``_NEG`` when no W fits the limits. Exhaustive: at each kind it
    tries every number of triplets, pairs and sequences starting there; ``carry`` is the sequence tiles
    already committed to this kind and the next one.
    """
    n = len(hand)

    @cache
    def best(i: int, carry_here: int, carry_next: int, melds: int, pair: int) -> int:
        if i == n:
            return 0 if carry_here == carry_next == melds == pair == 0 else _NEG
        result = _NEG
        can_start_sequence = sequences and i <= n - 3
        for triplet in range(min(1, melds) + 1):
            for p in range(pair + 1):
                for seq in range((melds - triplet if can_start_sequence else 0) + 1):
                    w = carry_here + 3 * triplet + 2 * p + seq
                    if w > limit[i]:
                        break
                    rest = best(i + 1, carry_next + seq, seq, melds - triplet - seq, pair - p)
                    if rest > _NEG:
                        result = max(result, min(w, hand[i]) + rest)
        return result

    return tuple(best(0, 0, 0, m, 0) for m in range(5)), tuple(best(0, 0, 0, m, 1) for m in range(5))


_SUITS: Final = ((0, 9, True), (9, 18, True), (18, 27, True), (27, 34, False))


def regular_shanten(counts: Sequence[int], melds_needed: int, limit: Sequence[int] | None = None) -> int:
    """Exact regular shanten: min over complete targets W (``melds_needed`` melds + a pair, ``W <= limit``)
    of the tiles of W missing from the hand, minus 1.

    A target splits into independent parts per suit (sequences never cross suits), and the number of
    missing tiles is ``|W| - sum(min(W[k], counts[k]))``; so the best W is the best way to share the melds
    and the pair among the suits, each suit's part found by exhaustive search (:func:`_suit_table`).

    >>> regular_shanten(counts_of("1111m234p567p789s"), 4)
    1
    >>> regular_shanten(counts_of("123456789m1111z"), 4), regular_shanten(counts_of("1112223334444z"), 4)
    (1, 1)
    """
    limit = FULL if limit is None else tuple(limit)
    _check(counts, limit)
    if not 0 <= melds_needed <= 4:
        raise ValueError(f"expected 0 to 4 melds needed, got {melds_needed}")
    # combined[m][p]: best overlap using m melds and p pairs in the suits seen so far
    combined = [[0 if m == 0 and p == 0 else _NEG for p in range(2)] for m in range(melds_needed + 1)]
    for start, stop, sequences in _SUITS:
        no_pair, with_pair = _suit_table(tuple(counts[start:stop]), tuple(limit[start:stop]), sequences)
        table = (no_pair, with_pair)
        nxt = [[_NEG, _NEG] for _ in range(melds_needed + 1)]
        for m in range(melds_needed + 1):
            for p in range(2):
                if combined[m][p] <= _NEG:
                    continue
                for dm in range(melds_needed - m + 1):
                    for dp in range(2 - p):
                        part = table[dp][dm]
                        if part > _NEG:
                            nxt[m + dm][p + dp] = max(nxt[m + dm][p + dp], combined[m][p] + part)
        combined = nxt
    overlap = combined[melds_needed][1]
    if overlap <= _NEG:
        raise ValueError("no complete hand fits under these limits")
    return 3 * melds_needed + 2 - overlap - 1


def regular_shanten_naive(
    counts: Sequence[int], melds_needed: int, limit: Sequence[int] | None = None
) -> int:
    """The same definition by the most direct search: every pair, then every multiset of melds (indices
    into :data:`GROUPS`, non-decreasing), pruned only when the tiles already missing reach the best found.
    Much slower; used to check :func:`regular_shanten`."""
    limit = FULL if limit is None else tuple(limit)
    _check(counts, limit)
    target = [0] * KINDS
    best = 3 * melds_needed + 3  # worse than any real target

    def add(tiles: Sequence[int]) -> int:
        """Put ``tiles`` into the target; return how many of them the hand lacks."""
        lacking = 0
        for k in tiles:
            target[k] += 1
            lacking += target[k] > counts[k]
        return lacking

    def remove(tiles: Sequence[int]) -> None:
        for k in tiles:
            target[k] -= 1

    def search(first_group: int, melds_left: int, cost: int) -> None:
        nonlocal best
        if cost >= best:
            return
        if melds_left == 0:
            best = cost
            return
        for g in range(first_group, len(GROUPS)):
            tiles = GROUPS[g]
            lacking = add(tiles)
            if all(target[k] <= limit[k] for k in tiles):
                search(g, melds_left - 1, cost + lacking)
            remove(tiles)

    for pair in range(KINDS):
        if limit[pair] >= 2:
            search(0, melds_needed, add((pair, pair)))
            remove((pair, pair))
    return best - 1


# --- seven pairs and thirteen orphans ------------------------------------------------------------------


def chiitoitsu_shanten(counts: Sequence[int]) -> int:
    """Seven pairs (七対子), riichi: ``6 - pairs + max(0, 7 - kinds)`` (a four is one pair)."""
    pairs = sum(1 for c in counts if c >= 2)
    kinds = sum(1 for c in counts if c)
    return 6 - pairs + max(0, 7 - kinds)


def chiitoitsu_shanten_chinese(counts: Sequence[int]) -> int:
    """Seven pairs, chinese ruleset (a four counts as two pairs): ``6 - sum(c // 2)``."""
    return 6 - sum(c // 2 for c in counts)


def kokushi_shanten(counts: Sequence[int]) -> int:
    """Thirteen orphans (国士無双): ``13 - kinds of terminals/honors - (1 if any of them is paired)``."""
    kinds = sum(1 for k in TERMINALS_AND_HONORS if counts[k])
    paired = any(counts[k] >= 2 for k in TERMINALS_AND_HONORS)
    return 13 - kinds - (1 if paired else 0)


def seven_pairs_shanten_search(counts: Sequence[int], *, chinese: bool = False,
                               limit: Sequence[int] | None = None) -> int:
    """Seven pairs by the definition: min over target hands of seven pairs (distinct kinds; with ``chinese``,
    fours allowed, a kind may give two pairs, four copies; at most ``limit[k]`` copies of kind k) of the tiles
    missing, minus 1. Exhaustive over the number of copies (0, 2 or 4) each kind contributes."""
    sizes = (0, 2, 4) if chinese else (0, 2)
    cap = FULL if limit is None else tuple(limit)

    @cache
    def best(k: int, pairs_left: int) -> int:
        if k == KINDS:
            return 0 if pairs_left == 0 else _INF
        return min(
            max(0, w - counts[k]) + best(k + 1, pairs_left - w // 2)
            for w in sizes if w // 2 <= pairs_left and w <= cap[k]
        )

    return best(0, 7) - 1


# --- the rule sets -------------------------------------------------------------------------------------

UNIVERSE: Final[dict[str, frozenset[int]]] = {
    "riichi": frozenset(range(KINDS)),
    "sanma": frozenset(range(KINDS)) - frozenset(range(1, 8)),
    "sichuan": frozenset(range(27)),
    "gb": frozenset(range(KINDS)),
}
"""The kinds in each rule set's wall."""

KNITTED: Final = tuple(
    tuple(suit * 9 + rank + 3 * i for suit, rank in enumerate(ranks) for i in range(3))
    for ranks in permutations(range(3)))
"""The six knitted straights: 147 / 258 / 369 given to m, p, s in each order."""
HONORS: Final = tuple(range(27, 34))


def rule_limit(limit: Sequence[int] | None, rules: str) -> Counts:
    """The limits inside the rule set's universe."""
    base = FULL if limit is None else tuple(limit)
    return tuple(base[k] if k in UNIVERSE[rules] else 0 for k in range(KINDS))


def missing_of(target: dict[int, int], counts: Sequence[int]) -> int:
    """Tiles of a sparse target ``{kind: copies}`` the hand lacks."""
    return sum(max(0, w - counts[k]) for k, w in target.items())


def quanbukao_targets() -> list[dict[int, int]]:
    """Every 全不靠 hand: 14 distinct kinds out of one knitted pattern's nine and the seven honors."""
    out = []
    for pattern in KNITTED:
        for chosen in combinations(pattern + HONORS, 14):
            out.append(dict.fromkeys(chosen, 1))
    return out


def qixingbukao_targets() -> list[dict[int, int]]:
    """Every 七星不靠 hand: the seven honors and seven kinds of one knitted pattern."""
    return [dict.fromkeys(HONORS + chosen, 1) for pattern in KNITTED for chosen in combinations(pattern, 7)]


def zuhelong_targets(melds_needed: int, limit: Sequence[int]) -> list[dict[int, int]]:
    """Every 组合龙 target under ``limit``: a knitted straight, ``melds_needed - 3`` groups (0 or 1) and a pair."""
    out = []
    extras: list[tuple[int, ...]] = [()] if melds_needed == 3 else list(GROUPS)
    for pattern in KNITTED:
        for group in extras:
            for pair in range(KINDS):
                w: dict[int, int] = dict.fromkeys(pattern, 1)
                for k in (*group, pair, pair):
                    w[k] = w.get(k, 0) + 1
                if all(v <= limit[k] for k, v in w.items()):
                    out.append(w)
    return out


_BEST: dict[tuple[int, Counts, Counts], int] = {}


def _best_target(targets: list[dict[int, int]], counts: Sequence[int], limit: Sequence[int]) -> int:
    """The fewest tiles missing over ``targets`` (lists that live as long as the module), minus one; memoised
    per hand, as the tables ask about the same hands again and again."""
    key = (id(targets), tuple(counts), tuple(limit))
    found = _BEST.get(key)
    if found is None:
        found = _BEST[key] = min(missing_of(w, counts) for w in targets
                                 if all(v <= limit[k] for k, v in w.items())) - 1
    return found


@cache
def _zuhelong_targets(melds_needed: int, limit: Counts) -> list[dict[int, int]]:
    return zuhelong_targets(melds_needed, limit)


_QUANBUKAO: Final = quanbukao_targets()
_QIXING: Final = qixingbukao_targets()


def voids_of(limit: Sequence[int], void: int | None) -> list[int]:
    """The suits a Sichuan hand may give up: those whose kinds no called tile lowers (or the one fixed)."""
    free = [v for v in range(3) if all(limit[k] == 4 for k in range(9 * v, 9 * v + 9))]
    return free if void is None else [v for v in free if v == void]


def kokushi_shanten_search(counts: Sequence[int]) -> int:
    """Thirteen orphans by the definition: the 13 target hands (one of each + one doubled)."""
    targets = []
    for doubled in TERMINALS_AND_HONORS:
        w = [0] * KINDS
        for k in TERMINALS_AND_HONORS:
            w[k] = 2 if k == doubled else 1
        targets.append(w)
    return min(missing(w, counts) for w in targets) - 1


# --- all forms, ukeire, discard table ------------------------------------------------------------------


class Shanten(NamedTuple):
    regular: int
    chiitoitsu: int | None
    kokushi: int | None
    quanbukao: int | None = None
    qixingbukao: int | None = None
    zuhelong: int | None = None

    @property
    def min(self) -> int:
        return min(s for s in self if s is not None)

    def best(self, forms: Forms | None) -> int:
        """The best over ``forms`` (all when ``None``) of the forms that apply."""
        if forms is None:
            return self.min
        return min(s for name, s in zip(self._fields, self, strict=True) if name in forms and s is not None)


def shanten(
    counts: Sequence[int], melds_needed: int, limit: Sequence[int] | None = None, *, rules: Rules = "riichi",
    void: int | None = None,
) -> Shanten:
    """All the forms of the rule set. Seven pairs, thirteen orphans, 全不靠 and 七星不靠 apply only to a closed
    13/14-tile hand (a hand with any called or unknown meld has at most 11 concealed tiles), 组合龙 to a hand
    that needs three melds or more. Under ``sichuan`` each form is its best over the suits given up."""
    full = sum(counts) >= 13
    cap = rule_limit(limit, rules)
    if rules == "sichuan":
        regulars, pairs = [], []
        for v in voids_of(cap, void):
            kept = tuple(0 if k // 9 == v else counts[k] for k in range(KINDS))
            kept_cap = tuple(0 if k // 9 == v else cap[k] for k in range(KINDS))
            regulars.append(regular_shanten(kept, melds_needed, kept_cap))
            pairs.append(seven_pairs_shanten_search(kept, chinese=True, limit=kept_cap))
        return Shanten(min(regulars), min(pairs) if full else None, None)
    regular = regular_shanten(counts, melds_needed, cap)
    if rules == "riichi":  # the formulas (checked against the searches in test_reference.py)
        seven = chiitoitsu_shanten(counts)
    else:
        seven = seven_pairs_shanten_search(counts, chinese=rules == "gb", limit=cap)
    if rules != "gb":
        return Shanten(regular, seven, kokushi_shanten(counts)) if full else Shanten(regular, None, None)
    dragon = _best_target(_zuhelong_targets(melds_needed, cap), counts, cap) if melds_needed >= 3 else None
    if not full:
        return Shanten(regular, None, None, None, None, dragon)
    return Shanten(regular, seven, kokushi_shanten(counts), _best_target(_QUANBUKAO, counts, cap),
                   _best_target(_QIXING, counts, cap), dragon)


def ukeire(
    counts: Sequence[int],
    melds_needed: int,
    limit: Sequence[int] | None = None,
    visible: Sequence[int] | None = None,
    *,
    rules: Rules = "riichi",
    forms: Forms | None = None,
    void: int | None = None,
) -> dict[int, int]:
    """Ukeire (受け入れ) of a 3n+1 hand: ``{kind: remaining}`` for every kind whose draw lowers the minimum
    shanten over the forms that apply. ``remaining = limit - in hand - visible`` (that is 4 - in hand -
    called - visible), never below 0. A kind the hand and its melds already hold 4 of cannot be drawn and
    is not listed.

    >>> ukeire(counts_of("123m456p789s1122z"), 4)  # 1z and 2z, two left of each
    {27: 2, 28: 2}
    >>> ukeire(counts_of("123m456p789s1122z"), 4, visible=counts_of("1z"))
    {27: 1, 28: 2}
    """
    limit = rule_limit(limit, rules)
    visible = (0,) * KINDS if visible is None else tuple(visible)
    if sum(counts) % 3 != 1:
        raise ValueError(f"expected a 3n+1 hand, got {sum(counts)} tiles")
    base = shanten(counts, melds_needed, limit, rules=rules, void=void).best(forms)
    out: dict[int, int] = {}
    for k in range(KINDS):
        if counts[k] >= limit[k]:
            continue
        drawn = list(counts)
        drawn[k] += 1
        if shanten(drawn, melds_needed, limit, rules=rules, void=void).best(forms) < base:
            out[k] = max(0, limit[k] - counts[k] - visible[k])
    return dict(sorted(out.items()))


class DiscardRow(NamedTuple):
    tile: int
    shanten: int
    ukeire: dict[int, int]

    @property
    def total(self) -> int:
        return sum(self.ukeire.values())


def discard_table(
    counts: Sequence[int],
    melds_needed: int,
    limit: Sequence[int] | None = None,
    visible: Sequence[int] | None = None,
    *,
    rules: Rules = "riichi",
    forms: Forms | None = None,
    discard_is_visible: bool = True,
    void: int | None = None,
) -> list[DiscardRow]:
    """Discard table of a 3n+2 hand (Tenhou's 牌理): for each distinct discard, the shanten of the 3n+1 hand
    left and its ukeire; best first: lower shanten, then more ukeire, then tile order.

    ``remaining`` is 4 - in hand - called - visible, counted against the hand after the discard; with
    ``discard_is_visible`` (the default, Tenhou's convention and the engine's) the discarded copy lies in
    the river and counts as seen too, so one fewer of that kind is left.
    """
    if sum(counts) % 3 != 2:
        raise ValueError(f"expected a 3n+2 hand, got {sum(counts)} tiles")
    visible = (0,) * KINDS if visible is None else tuple(visible)
    rows = []
    for d in range(KINDS):
        if not counts[d]:
            continue
        left = list(counts)
        left[d] -= 1
        seen = list(visible)
        if discard_is_visible:
            seen[d] += 1
        rows.append(
            DiscardRow(
                d,
                shanten(left, melds_needed, limit, rules=rules, void=void).best(forms),
                ukeire(left, melds_needed, limit, seen, rules=rules, forms=forms, void=void),
            )
        )
    rows.sort(key=lambda r: (r.shanten, -r.total, r.tile))
    return rows


# --- discard advice: the model of paili.advise, by plain recursion -----------------------------------------


Objective: TypeAlias = Literal["win", "tenpai", "ev"]


class AdviceModel:
    """The model of ``paili.advise`` (its module docstring) written as a recursion on each draw.

    ``value(hand, t, objective)`` is the best probability that the 3n+1 ``hand`` wins (``"win"``) or is
    tenpai (``"tenpai"``) within ``t`` draws. A draw of kind k has probability ``left[k] / sum(left)``, with
    ``left[k] = limit[k] - hand[k] - visible[k]`` (at least 0), recomputed from the current hand. Under the
    default policy a completing draw wins, a shanten-lowering draw is kept with the best discard that keeps
    the lower shanten, and any other draw is thrown back.

    ``tegawari`` and ``shanten_down`` add choices, usable ``option_moves`` times per line of play (once, as
    the advisor documents), each among every discard it allows:

    * ``tegawari``: after a draw that keeps the shanten, keep it and discard another kind that keeps it;
    * ``shanten_down``: after any draw, discard to one shanten above the best kept, if that is at most
      ``back_limit`` (after a lowering draw: back to the shanten before it; after another draw: one more).

    With ``option_moves`` = the number of draws the options are unrestricted: the
    true optimum of the model with those choices, which the advisor's limits can only fall short of.
    ``legal(drawn, k)`` says whether the complete hand ``drawn`` (just drew ``k``) is a legal win (has a
    yaku); a complete shape that is not is thrown back like any other draw (``None``: every shape wins).
    ``frozen``: a tenpai hand never uses an option (a closed hand in riichi). ``points(drawn, k)``: what the
    win is worth, the value of objective ``"ev"`` (the best expected points; ``None``: 1.0 a win).

    Shanten is :func:`shanten` (the slow exact one). Values are memoised on ``(hand, t, objective, moves)``,
    a cache of the recursion's own results: it changes how often a value is computed, never which.
    """

    def __init__(self, melds_needed: int, limit: Sequence[int] | None = None,
                 visible: Sequence[int] | None = None, *, rules: Rules = "riichi", tegawari: bool = False,
                 shanten_down: bool = False, back_limit: int = 1, option_moves: int = 1,
                 legal: Callable[[Counts, int], bool] | None = None,
                 frozen: bool = False, void: int | None = None,
                 points: Callable[[Counts, int], float] | None = None) -> None:
        self.melds_needed = melds_needed
        self.legal = legal
        self.points = points
        self.frozen = frozen
        self.void = void
        self.limit = rule_limit(limit, rules)
        self.visible = (0,) * KINDS if visible is None else tuple(visible)
        self.rules: Rules = rules
        self.tegawari = tegawari
        self.shanten_down = shanten_down
        self.back_limit = back_limit
        self.option_moves = option_moves
        self._shanten: dict[Counts, int] = {}
        self._widths: dict[Counts, int] = {}
        self._values: dict[tuple[Counts, int, Objective, int], float] = {}

    def shanten(self, hand: Counts) -> int:
        found = self._shanten.get(hand)
        if found is None:
            found = self._shanten[hand] = shanten(hand, self.melds_needed, self.limit, rules=self.rules,
                                                  void=self.void).min
        return found

    def left(self, hand: Counts) -> list[int]:
        """Copies of each kind the next draw can be."""
        return [max(0, self.limit[k] - hand[k] - self.visible[k]) for k in range(KINDS)]

    def width(self, hand: Counts) -> int:
        """Ukeire total of a 3n+1 hand: copies left of the kinds whose draw lowers its shanten (the total of
        :func:`ukeire`, through the memoised shanten)."""
        found = self._widths.get(hand)
        if found is None:
            s = self.shanten(hand)
            left = self.left(hand)
            found = self._widths[hand] = sum(left[k] for k in range(KINDS)
                                             if left[k] and self.shanten(_plus(hand, k)) < s)
        return found

    def discards(self, drawn: Counts, target: int) -> list[Counts]:
        """The distinct 3n+1 hands left by a discard from ``drawn`` whose shanten is ``target``."""
        out = []
        for d in range(KINDS):
            if drawn[d]:
                kept = _minus(drawn, d)
                if self.shanten(kept) == target:
                    out.append(kept)
        return out

    def value(self, hand: Counts, t: int, objective: Objective, moves: int | None = None) -> float:
        """Best chance to win / be tenpai within ``t`` draws, with ``moves`` option moves left (0: the
        default policy only; ``None``: ``option_moves``)."""
        if moves is None:
            moves = self.option_moves
        key = (hand, t, objective, moves)
        found = self._values.get(key)
        if found is None:
            found = self._values[key] = self._value(hand, t, objective, moves)
        return found

    def _value(self, hand: Counts, t: int, objective: Objective, moves: int) -> float:
        s = self.shanten(hand)
        if objective == "tenpai" and s == 0:
            return 1.0
        if t == 0:
            return 0.0
        left = self.left(hand)
        total = sum(left)
        if total == 0:
            return self.value(hand, t - 1, objective, moves)
        free = moves > 0 and not (self.frozen and s == 0)
        can_swap = free and self.tegawari
        can_go_back = free and self.shanten_down
        result = 0.0
        for k in range(KINDS):
            if not left[k]:
                continue
            drawn = _plus(hand, k)
            after = self.shanten(drawn)
            if after == -1 and (self.legal is None or self.legal(drawn, k)):
                v = self.points(drawn, k) if objective == "ev" and self.points is not None else 1.0
            elif -1 < after < s:
                v = max(self.value(kept, t - 1, objective, moves) for kept in self.discards(drawn, after))
                if can_go_back and s <= self.back_limit:
                    for back in self.discards(drawn, s):
                        v = max(v, self.value(back, t - 1, objective, moves - 1))
            else:
                v = self.value(hand, t - 1, objective, moves)
                if can_swap:
                    swaps = [kept for kept in self.discards(drawn, s) if kept != hand]
                    for swap in swaps:
                        v = max(v, self.value(swap, t - 1, objective, moves - 1))
                if can_go_back and s + 1 <= self.back_limit:
                    for back in self.discards(drawn, s + 1):
                        v = max(v, self.value(back, t - 1, objective, moves - 1))
            result += left[k] / total * v
        return result


def _plus(hand: Counts, kind: int) -> Counts:
    return hand[:kind] + (hand[kind] + 1,) + hand[kind + 1:]


def _minus(hand: Counts, kind: int) -> Counts:
    return hand[:kind] + (hand[kind] - 1,) + hand[kind + 1:]
