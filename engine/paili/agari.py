"""Winning hands (和了, agari) and every way to read them, by the index method.

See :mod:`paili.tables.agari_index` for the key and the table. Regular readings come from one lookup; seven
pairs (七対子) and thirteen orphans (国士無双) are checked on the counts and apply only to a closed 14-tile hand
with no called melds:

* seven pairs: seven distinct pairs; a concealed four is one pair, not two, under ``rules="riichi"``; under
  ``rules="chinese"`` it counts as two pairs (龍七对). A hand can be both regular and seven pairs
  (``11223344556677m``): both readings are listed.
* thirteen orphans: one of each terminal and honor plus one more of them.

A concealed four-of-a-kind is four loose tiles (no implied kan). Flags are facts about the concealed shape;
the closed-only ones (``iipeikou``, ``ryanpeikou``, ``nine_gates``) are reported only for a closed hand
whose melds are all known (``nine_gates`` only with all 14 tiles concealed).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import compress

from .evaluator import Form
from .hand import Hand
from .rules import Rules
from .tables import agari_index
from .tiles import HONOR_BASE, TERMINALS_AND_HONORS, Tile

_CLOSED_ONLY = frozenset({"iipeikou", "ryanpeikou", "nine_gates"})
_KINDS = range(34)
_DIGITS = "01234"
_RUN_STARTS = tuple(t >= HONOR_BASE or t % 9 == 0 for t in _KINDS)
"""Kinds that never continue the run of the kind before them: the 1s and the honors."""


@dataclass(frozen=True, slots=True)
class Decomposition:
    """One reading of a winning hand's concealed tiles.

    ``regular``: ``pair``, ``triplets`` and ``sequences`` (named by their lowest tile; identical sequences
    appear once each). ``chiitoitsu``: ``pairs`` (a kind twice under Chinese rules when it is four of a kind).
    ``kokushi``: ``pair`` is the doubled orphan.
    """

    form: Form
    pair: Tile | None = None
    triplets: tuple[Tile, ...] = ()
    sequences: tuple[Tile, ...] = ()
    pairs: tuple[Tile, ...] = ()
    flags: tuple[str, ...] = field(default=())


def shape_key(counts: Sequence[int]) -> tuple[str, list[Tile]]:
    """The index-method key of concealed counts and the distinct kinds in order.

    >>> shape_key([1, 1, 1] + [0] * 24 + [2] + [0] * 6)
    ('11102', [0, 1, 2, 27])
    """
    kinds = list(compress(_KINDS, counts))  # the kinds held, in order (no pass over the empty ones)
    digits = []
    previous = -2
    for t in kinds:
        if previous >= 0 and (t != previous + 1 or _RUN_STARTS[t]):
            digits.append("0")
        c = counts[t]
        digits.append(_DIGITS[c] if 0 < c < 5 else str(c))
        previous = t
    return "".join(digits), kinds


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
    if rules == "chinese":
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


def decompositions(hand: Hand, *, rules: Rules = "riichi") -> list[Decomposition]:
    """Every reading of a winning hand's concealed tiles; ``[]`` when it is not a win (or not 3n+2 tiles).

    >>> from paili import parse
    >>> [d.form for d in decompositions(parse("11223344556677m"))]
    ['regular', 'regular', 'regular', 'chiitoitsu']
    """
    if hand.tile_count % 3 != 2:
        return []
    out = _regular(hand)
    for special in (_seven_pairs(hand, rules), _thirteen_orphans(hand)):
        if special is not None:
            out.append(special)
    return out


def is_agari(hand: Hand, *, rules: Rules = "riichi") -> bool:
    """Is the hand complete? Only 3n+2 hands can be; a 3n+1 hand gives ``False``.

    >>> from paili import parse
    >>> is_agari(parse("123m456p789s11122z")), is_agari(parse("19m19p19s1234567z1m"))
    (True, True)
    """
    if hand.tile_count % 3 != 2:
        return False
    key, _ = shape_key(hand.concealed)
    entry = agari_index.load().get(key)
    if entry is not None and (entry.readings or (entry.seven_pairs and not hand.melds)):
        return True
    return _seven_pairs(hand, rules) is not None or _thirteen_orphans(hand) is not None
