"""Winning hands (和了, agari) and every way to read them, by the index method.

See :mod:`paili.tables.agari_index` for the key and the table. Regular readings come from one lookup; seven
pairs (七対子) and thirteen orphans (国士無双) are checked on the counts and apply only to a closed 14-tile hand
with no called melds:

* seven pairs: seven distinct pairs; a concealed four is one pair, not two, under ``riichi`` and ``sanma``;
  under ``sichuan`` and ``gb`` it counts as two pairs (龙七对). A hand can be both regular and seven pairs
  (``11223344556677m``): both readings are listed.
* thirteen orphans: one of each terminal and honor plus one more of them (not in Sichuan).
* ``gb`` only, the knitted forms (``knitted`` holds the nine kinds of the knitted pattern): 全不靠
  ``quanbukao`` (14 distinct tiles of one pattern and the honors; named ``qixingbukao``, 七星不靠, when all
  seven honors are there) and 组合龙 ``zuhelong`` (the pattern's nine tiles, then ``pair``, ``triplets`` and
  ``sequences`` of what is left: one set and the pair, or the pair alone beside one called meld). A complete
  GB shape is not yet a legal win: that needs 8 points, which the engine does not count.
* ``sichuan``: a hand holding (with its melds) tiles of all three suits has no reading (缺一门), nor one holding
  the suit fixed as given up (``void``). The flags are the Sichuan names (and no riichi flag): ``qingyise``
  (清一色, one suit), ``duiduihu`` (对对胡, no sequence), ``qidui`` (七对) or ``longqidui`` (龙七对, seven pairs with
  a four), ``jingoudiao`` (金钩钓, four melds called and the pair concealed), ``daiyaojiu`` (带幺九, every set
  and the pair hold a 1 or a 9), ``jiangdui`` (将对, 对对胡 of 2s, 5s and 8s only); ``gen`` is the number of 根
  (kinds the hand holds all four copies of, concealed or called).

A concealed four-of-a-kind is four loose tiles (no implied kan). Flags are facts about the concealed shape;
the closed-only ones (``iipeikou``, ``ryanpeikou``, ``nine_gates``) are reported only for a closed hand
whose melds are all known (``nine_gates`` only with all 14 tiles concealed).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import compress
from typing import Final

from .evaluator import KNITTED_PATTERNS, Form
from .hand import Hand
from .rules import RULE_SETS, Rules
from .tables import agari_index
from .tiles import COPIES, HONOR_BASE, KINDS, TERMINALS_AND_HONORS, Tile

_CLOSED_ONLY = frozenset({"iipeikou", "ryanpeikou", "nine_gates"})
_KINDS = range(34)
_RUN_STARTS = tuple(t >= HONOR_BASE or t % 9 == 0 for t in _KINDS)
"""Kinds that never continue the run of the kind before them: the 1s and the honors."""


@dataclass(frozen=True, slots=True)
class Decomposition:
    """One reading of a winning hand's concealed tiles.

    ``regular``: ``pair``, ``triplets`` and ``sequences`` (named by their lowest tile; identical sequences
    appear once each). ``chiitoitsu``: ``pairs`` (a kind twice when it is four of a kind, in Sichuan and GB).
    ``kokushi``: ``pair`` is the doubled orphan. ``quanbukao`` / ``qixingbukao`` / ``zuhelong``: ``knitted``,
    the pattern's nine kinds, and for ``zuhelong`` the reading of the rest. ``gen``: Sichuan's 根 (``None``
    under the other rule sets).
    """

    form: Form
    pair: Tile | None = None
    triplets: tuple[Tile, ...] = ()
    sequences: tuple[Tile, ...] = ()
    pairs: tuple[Tile, ...] = ()
    flags: tuple[str, ...] = field(default=())
    knitted: tuple[Tile, ...] = ()
    gen: int | None = None


def shape_key(counts: Sequence[int]) -> tuple[str, list[Tile]]:
    """The index-method key of concealed counts and the distinct kinds in order.

    >>> shape_key([1, 1, 1] + [0] * 24 + [2] + [0] * 6)
    ('11102', [0, 1, 2, 27])
    """
    kinds = list(compress(_KINDS, counts))  # the kinds held, in order (no pass over the empty ones)
    key = ""
    follows = -1  # the kind that would continue the current run
    try:
        for t in kinds:
            key += _CELL[counts[t]] if t == follows else _NEW_RUN_CELL[counts[t]]
            follows = _FOLLOWS[t]
    except KeyError:  # a count outside 1-4 (no hand has one): written as it is
        return _shape_any(counts, kinds)[:2]
    return key[1:], kinds


def shape(counts: Sequence[int]) -> tuple[str, list[Tile], int, int]:
    """:func:`shape_key` with the number of tiles and the bit mask of the kinds held (``1 << t`` each), which
    :func:`paili.score` needs too: one pass over the kinds held (the same loop as :func:`shape_key`'s).

    >>> shape([1, 1, 1] + [0] * 24 + [2] + [0] * 6)
    ('11102', [0, 1, 2, 27], 5, 134217735)
    """
    kinds = list(compress(_KINDS, counts))  # the kinds held, in order (no pass over the empty ones)
    key = ""
    size = mask = 0
    follows = -1  # the kind that would continue the current run
    try:
        for t in kinds:
            c = counts[t]
            key += _CELL[c] if t == follows else _NEW_RUN_CELL[c]
            follows = _FOLLOWS[t]
            size += c
            mask |= _BITS[t]
    except KeyError:  # a count outside 1-4 (no hand has one): written as it is
        return _shape_any(counts, kinds)
    return key[1:], kinds, size, mask


def _shape_any(counts: Sequence[int], kinds: list[Tile]) -> tuple[str, list[Tile], int, int]:
    """:func:`shape` for any counts (negative, or more than 4)."""
    digits = []
    previous = -2
    for t in kinds:
        if previous >= 0 and (t != previous + 1 or _RUN_STARTS[t]):
            digits.append("0")
        digits.append(str(counts[t]))
        previous = t
    return "".join(digits), kinds, sum(counts[t] for t in kinds), sum(_BITS[t] for t in kinds)


_CELL: Final = {c: str(c) for c in range(1, 5)}
_NEW_RUN_CELL: Final = {c: f"0{c}" for c in range(1, 5)}
"""A count as the key writes it, within a run / starting a new one (the key's first ``0`` is cut off)."""
_FOLLOWS: Final = tuple(-1 if _RUN_STARTS[t + 1] else t + 1 for t in range(KINDS - 1)) + (-1,)
"""``_FOLLOWS[t]``: the kind that continues a run after ``t`` (-1 after a 9 or an honor)."""
_BITS: Final = tuple(1 << t for t in _KINDS)


def _readings(counts: Sequence[int]) -> list[tuple[Tile, tuple[Tile, ...], tuple[Tile, ...], tuple[str, ...]]]:
    """The regular readings of 3n+2 concealed counts: ``(pair, triplets, sequences, flags)`` each."""
    key, kinds = shape_key(counts)
    entry = agari_index.load().get(key)
    if entry is None:
        return []
    return [(kinds[r.pair], tuple(kinds[i] for i in r.triplets), tuple(kinds[i] for i in r.sequences), r.flags)
            for r in entry.readings]


def _regular(hand: Hand) -> list[Decomposition]:
    key, kinds = shape_key(hand.concealed)
    entry = agari_index.load().get(key)
    if entry is None:
        return []
    keep_closed = hand.is_closed and hand.tile_count + 3 * len(hand.melds) == 14
    keep_gates = hand.tile_count == 14
    out = []
    for r in entry.readings:
        flags = tuple(f for f in r.flags if f not in _CLOSED_ONLY or (keep_closed and
                                                                          (f != "nine_gates" or keep_gates)))
        out.append(Decomposition("regular", kinds[r.pair], tuple(kinds[i] for i in r.triplets),
                                 tuple(kinds[i] for i in r.sequences), flags=flags))
    return out


def _seven_pairs(hand: Hand, rules: Rules) -> Decomposition | None:
    counts = hand.concealed
    if hand.melds or hand.tile_count != 14:
        return None
    if RULE_SETS[rules].four_pairs:
        if any(c % 2 for c in counts):
            return None
        return Decomposition("chiitoitsu", pairs=tuple(t for t, c in enumerate(counts) for _ in range(c // 2)))
    if sum(1 for c in counts if c == 2) != 7:
        return None
    return Decomposition("chiitoitsu", pairs=tuple(t for t, c in enumerate(counts) if c))


def _thirteen_orphans(hand: Hand) -> Decomposition | None:
    counts = hand.concealed
    if hand.melds or hand.tile_count != 14 or any(counts[t] == 0 for t in TERMINALS_AND_HONORS):
        return None
    if sum(counts[t] for t in TERMINALS_AND_HONORS) != 14:
        return None
    return Decomposition("kokushi", pair=next(t for t in TERMINALS_AND_HONORS if counts[t] == 2))


def _knitted(hand: Hand) -> list[Decomposition]:
    """The GB knitted readings (全不靠 / 七星不靠 and 组合龙)."""
    counts = hand.concealed
    out = []
    honors = sum(1 for t in range(HONOR_BASE, KINDS) if counts[t])
    for pattern in KNITTED_PATTERNS:
        if not hand.melds and hand.tile_count == 14 and all(c <= 1 for c in counts) and \
                all(counts[t] == 0 for t in range(HONOR_BASE) if t not in pattern):
            out.append(Decomposition("qixingbukao" if honors == 7 else "quanbukao", knitted=pattern))
        if hand.melds_needed >= 3 and all(counts[t] for t in pattern):
            rest = list(counts)
            for t in pattern:
                rest[t] -= 1
            for pair, triplets, sequences, _ in _readings(rest):
                out.append(Decomposition("zuhelong", pair, triplets, sequences, knitted=pattern))
    return out


def _suits(hand: Hand) -> set[int]:
    """The suits (0, 1, 2) the hand holds, concealed or called."""
    tiles = [t for t in range(HONOR_BASE) if hand.concealed[t]] + [m.tiles[0] for m in hand.melds]
    return {t // 9 for t in tiles}


def _sichuan(hand: Hand, found: list[Decomposition]) -> list[Decomposition]:
    """The readings with the Sichuan flags and 根."""
    whole = [c + m for c, m in zip(hand.concealed, hand.called_counts(), strict=True)]
    gen = whole.count(COPIES)
    single = len(_suits(hand)) == 1
    called_runs = any(m.kind == "chi" for m in hand.melds)
    out = []
    for d in found:
        flags = ["qingyise"] if single else []
        if d.form == "chiitoitsu":
            flags.append("longqidui" if gen else "qidui")
        else:
            sets = [(t, t) for t in d.triplets] + [(t, t + 2) for t in d.sequences] + \
                [(m.tiles[0], m.tiles[-1]) for m in hand.melds]
            if not d.sequences and not called_runs:
                flags.append("duiduihu")
                if all(t % 9 in (1, 4, 7) for t, _ in sets) and d.pair is not None and d.pair % 9 in (1, 4, 7):
                    flags.append("jiangdui")
            if len(hand.melds) == 4:
                flags.append("jingoudiao")
            if d.pair is not None and d.pair % 9 in (0, 8) and all(lo % 9 == 0 or hi % 9 == 8 for lo, hi in sets):
                flags.append("daiyaojiu")
        out.append(Decomposition(d.form, d.pair, d.triplets, d.sequences, d.pairs, tuple(flags), gen=gen))
    return out


def decompositions(hand: Hand, *, rules: Rules = "riichi", void: int | None = None) -> list[Decomposition]:
    """Every reading of a winning hand's concealed tiles; ``[]`` when it is not a win (or not 3n+2 tiles).

    ``void``: under ``sichuan``, the suit fixed as given up (定缺), which the hand may not hold.

    >>> from paili import parse
    >>> [d.form for d in decompositions(parse("11223344556677m"))]
    ['regular', 'regular', 'regular', 'chiitoitsu']
    >>> [(d.form, d.flags, d.gen) for d in decompositions(parse("11112233445566m"), rules="sichuan")][-1]
    ('chiitoitsu', ('qingyise', 'longqidui'), 1)
    """
    if hand.tile_count % 3 != 2:
        return []
    ruleset = RULE_SETS[rules]
    if ruleset.void:
        suits = _suits(hand)
        if len(suits) > 2 or void in suits:
            return []
    out = _regular(hand)
    specials = [_seven_pairs(hand, rules)]
    if ruleset.kokushi:
        specials.append(_thirteen_orphans(hand))
    for special in specials:
        if special is not None:
            out.append(special)
    if ruleset.knitted:
        out.extend(_knitted(hand))
    return _sichuan(hand, out) if ruleset.void else out


def is_agari(hand: Hand, *, rules: Rules = "riichi", void: int | None = None) -> bool:
    """Is the hand complete? Only 3n+2 hands can be; a 3n+1 hand gives ``False``.

    >>> from paili import parse
    >>> is_agari(parse("123m456p789s11122z")), is_agari(parse("19m19p19s1234567z1m"))
    (True, True)
    """
    if hand.tile_count % 3 != 2:
        return False
    if rules not in ("riichi", "sanma"):
        return bool(decompositions(hand, rules=rules, void=void))
    key, _ = shape_key(hand.concealed)
    entry = agari_index.load().get(key)
    if entry is not None and (entry.readings or (entry.seven_pairs and not hand.melds)):
        return True
    return _seven_pairs(hand, rules) is not None or _thirteen_orphans(hand) is not None
