"""The advisor's model: the values of a hand under the default policy (see :mod:`paili.advice` for the model).

:class:`DefaultPolicy` holds one search's memos and answers the value vectors (:class:`Values`) of a 3n+1
state and its draws (:class:`Chances`); :func:`best_discard` is the search's one discard loop (the elementwise
best over a hand's discards), which the options' moves (:class:`~paili.advice.options.OptionMoves`) share.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import ge, sub
from typing import NamedTuple

from ..evaluator import Evaluator
from ..tiles import KINDS, Tile
from ..win_value import FIVE_SUIT, AnyWinValue, red_copies

__all__ = ["Chances", "DefaultPolicy", "Reds", "Values", "Vector", "best_discard", "elementwise_best"]

Vector = list[float]
"""Values indexed by the draws left, ``0..turns``."""

Reds = list[int]
"""The red fives held per suit (m, p, s), only those the model tracks (:class:`~paili.win_value.WinValue`)."""


class Values(NamedTuple):
    """The value vectors of a state: for ``t`` draws left (index ``t``), the best probability of winning
    (``win``), of being tenpai (``tenpai``) within them, and the best expected points won (``ev``)."""

    win: Vector
    tenpai: Vector
    ev: Vector


class Chances(NamedTuple):
    """The draws of a 3n+1 state."""

    shanten: int
    total: int
    """``R``: the copies left to draw, ``sum(r_k)``."""
    lowering: list[tuple[Tile, int]]
    """The draws that lower the shanten, as ``(kind, r_k)`` in kind order (only kinds with ``r_k > 0``)."""

    @property
    def width(self) -> int:
        """The ukeire: copies left of the lowering draws."""
        return sum(r for _, r in self.lowering)


def elementwise_best(a: Vector, b: Vector) -> Vector:
    """Elementwise best of two vectors of the same length. Most pairs met in a search have one vector at least
    the other everywhere (measured: 97% of them), which the C-level comparisons find without building a list;
    that vector is then the elementwise best itself (the values are never -0.0 or NaN, so an equal element is
    the same float either way)."""
    if a is b:
        return a
    # Only the vector whose last element is the larger (either when they are equal) can be at least the other.
    x, y = a[-1], b[-1]
    if x >= y and all(map(ge, a, b)):
        return a
    if y >= x and all(map(ge, b, a)):
        return b
    return [x if x >= y else y for x, y in zip(a, b, strict=True)]


class DefaultPolicy:
    """The value vectors of the model under the default policy, for one hand's context.

    States are 34-count lists of a 3n+1 hand with the red fives held; their memo key is ``bytes(counts)`` (and
    the reds when any red five is in play). The shanten questions go to the
    :class:`~paili.evaluator.Evaluator` (which caches per suit content); the wall is ``pool[k] - c[k]`` copies
    of each kind ``k`` (``pool`` = 4 - called - visible). ``value`` scores the wins; without it every complete
    shape is a win worth 0 points (the shape-only model).
    """

    def __init__(self, evaluator: Evaluator, *, visible: Sequence[int], turns: int,
                 value: AnyWinValue | None = None) -> None:
        self.evaluator = evaluator
        self.pool = [evaluator.cap[k] - visible[k] for k in range(KINDS)]
        self.pool_total = sum(self.pool)
        # With no visible tiles a state never holds more of a kind than the wall had (c[k] <= cap[k] = pool[k]):
        # the copies left to draw are then simply sum(pool) - sum(c).
        self.roomy = not any(visible)
        self.turns = turns
        self.value = value
        self.red_total = value.red_total if value is not None else (0, 0, 0)
        self.reds_in_play = any(self.red_total)
        self._chances: dict[bytes, Chances] = {}
        self.memo: dict[bytes, Values] = {}
        """The values of every state searched, by its key (:meth:`key`; read by :func:`best_discard`)."""
        self._best_after: dict[bytes, Values] = {}  # key: bytes of the 3n+2 hand after a lowering draw
        self._wins: dict[bytes, list[tuple[Tile, float, float, float]]] = {}
        self._discards: dict[bytes, list[tuple[Tile, int]]] = {}
        self.ones = [1.0] * (turns + 1)
        """The tenpai chances of a tenpai state (one list shared by all: vectors never change)."""
        # Vectors that are functions of one or a few floats, shared between the states that give the same
        # floats (many do: the same ukeire, the same waits' chances and points), so that elementwise_best finds
        # them the same list at once instead of comparing equal lists, and they are computed once.
        self._flat_tenpai: dict[tuple[float, float], Vector] = {}  # (chance to tenpai per draw, stay)
        self._tenpai_win: dict[float, Vector] = {}  # the chance of a win per draw
        self._tenpai_ev: dict[tuple[float, float, float], Vector] = {}  # (win chance, points, first draw's)

    def key(self, c: list[int], reds: Reds) -> bytes:
        """The memo key of a state."""
        return bytes(c + reds) if self.reds_in_play else bytes(c)

    def copies(self, k: Tile, r: int, reds: Reds) -> list[tuple[int, bool]]:
        """The ``r`` copies of ``k`` left to draw, split into ``(copies, red?)``."""
        suit = FIVE_SUIT.get(k)
        if suit is None or not self.red_total[suit]:
            return [(r, False)]
        return red_copies(self.red_total[suit], reds[suit], r)

    def chances(self, c: list[int], key: bytes | None = None) -> Chances:
        """The shanten of the 3n+1 hand ``c``, the copies left to draw and the draws that lower it."""
        if key is None:
            key = bytes(c)
        found = self._chances.get(key)
        if found is not None:
            return found
        s, draws = self.evaluator.lowering_draws(c)
        pool = self.pool
        if self.roomy:
            total = self.pool_total - sum(c)
        else:
            total = sum([r for r in map(sub, pool, c) if r > 0])
        lowering = [(k, pool[k] - c[k]) for k in draws if pool[k] > c[k]]
        found = self._chances[key] = Chances(s, total, lowering)
        return found

    def wins(self, c: list[int], reds: Reds, double: bool = False) -> list[tuple[Tile, float, float, float]]:
        """The legal winning draws of the tenpai 3n+1 hand ``c``: ``(kind, chance, expected points, expected
        points on the first draw after riichi)``, the points averaged over its copies (red or not); ``double``:
        the riichi is a double riichi."""
        key = self.key(c, reds) + b"d" if double else self.key(c, reds)
        found = self._wins.get(key)
        if found is not None:
            return found
        _, total, better = self.chances(c)
        value = self.value
        found = []
        for k, r in better:
            if value is None:
                found.append((k, r / total, 0.0, 0.0))
                continue
            c[k] += 1
            plain = first = 0.0
            for copies, red in self.copies(k, r, reds):
                suit = FIVE_SUIT.get(k)
                if red:
                    reds[suit] += 1  # type: ignore[index]
                points = value.tsumo(c, reds, k, red, False, double)
                plain += copies * points
                first += copies * (value.tsumo(c, reds, k, red, True, double) if value.ippatsu else points)
                if red:
                    reds[suit] -= 1  # type: ignore[index]
            c[k] -= 1
            if plain > 0:  # a complete shape without yaku (an open hand) is no win
                found.append((k, r / total, plain / r, first / r))
        self._wins[key] = found
        return found

    def fold_draw(self, c: list[int], reds: Reds, k: Tile, p: float, after: Callable[[list[int], Reds], Values],
                  acc: Values) -> None:
        """Add to ``acc`` the values ``after(c, reds)`` of the hand ``c`` that has just drawn ``k`` (chance
        ``p``), each copy (red or plain) weighted by its share; the vectors of ``after`` are one shorter."""
        aw, at, ae = acc
        n = len(aw)
        r = self.pool[k] - c[k] + 1
        for copies, red in self.copies(k, r, reds):
            q = p * copies / r
            if red:
                reds[FIVE_SUIT[k]] += 1
            bw, bt, be = after(c, reds)
            if red:
                reds[FIVE_SUIT[k]] -= 1
            for i in range(n):
                aw[i] += q * bw[i]
                at[i] += q * bt[i]
                ae[i] += q * be[i]

    def values(self, c: list[int], reds: Reds, key: bytes | None = None) -> Values:
        """The values of the 3n+1 hand ``c`` (holding ``reds``) for 0..turns draws left."""
        reds_in_play = self.reds_in_play
        if key is None:
            key = bytes(c + reds) if reds_in_play else bytes(c)
        found = self.memo.get(key)
        if found is not None:
            return found
        s, total, better = self.chances(c, None if reds_in_play else key)
        n = self.turns
        if s == 0:
            found = self.memo[key] = self._tenpai(self.wins(c, reds))
            return found
        hit = 0
        best_after = self.best_after
        memo = self._best_after
        red_total = self.red_total
        target = s - 1
        # The draws' chances and values after them, summed below per figure and per number of draws left.
        draws: list[tuple[float, Vector, Vector, Vector]] = []
        # The tenpai chances of a draw to tenpai are self.ones (and so is their elementwise best): while every
        # draw's are, each tenpai sum is the same running sum of the chances (q * 1.0 is q), kept once in ``flat``.
        ones = self.ones
        flat = 0.0
        all_ones = True
        for k, r in better:
            hit += r
            c[k] += 1
            suit = FIVE_SUIT.get(k)
            # fold_draw inlined (this is the search's innermost loop): each copy, red or plain, by its share
            for copies, red in (((r, False),) if suit is None or not red_total[suit]
                                else red_copies(red_total[suit], reds[suit], r)):
                q = copies / total
                if red:
                    reds[suit] += 1  # type: ignore[index]
                found = memo.get(bytes(c + reds) if reds_in_play else bytes(c))
                bw, bt, be = found if found is not None else best_after(c, reds, target)
                if red:
                    reds[suit] -= 1  # type: ignore[index]
                draws.append((q, bw, bt, be))
                flat += q
                if bt is not ones:
                    all_ones = False
            c[k] -= 1
        stay = (total - hit) / total if total else 1.0
        # V[t + 1] = sum over the draws of q * V_after[t] (left to right, from 0.0) + stay * V[t]: each figure's
        # sums for every t built one draw at a time by a comprehension over t (the same additions in the same
        # order: 0.0 + x is x; the vectors after a draw are one longer), then the recurrence in stay.
        if draws:
            q, bw, bt, be = draws[0]
            sw = [q * x for x in bw[:n]]
            se = [q * x for x in be[:n]]
            st = None if all_ones else [q * x for x in bt[:n]]
            for q, bw, bt, be in draws[1:]:
                sw = [a + q * x for a, x in zip(sw, bw, strict=False)]
                se = [a + q * x for a, x in zip(se, be, strict=False)]
                if st is not None:
                    st = [a + q * x for a, x in zip(st, bt, strict=False)]
        else:
            sw = se = [0.0] * n
            st = None
        win = [0.0] * (n + 1)
        ev = [0.0] * (n + 1)
        pw = pe = 0.0
        if st is None:
            # The tenpai chances are a function of (flat, stay) alone: shared by every state giving them.
            ten = self._flat_tenpai.get((flat, stay))
            if ten is None:
                ten = self._flat_tenpai[flat, stay] = [0.0] * (n + 1)
                pt = 0.0
                for t in range(n):
                    ten[t + 1] = pt = flat + stay * pt
            for t in range(n):
                win[t + 1] = pw = sw[t] + stay * pw
                ev[t + 1] = pe = se[t] + stay * pe
        else:
            ten = [0.0] * (n + 1)
            pt = 0.0
            for t in range(n):
                win[t + 1] = pw = sw[t] + stay * pw
                ten[t + 1] = pt = st[t] + stay * pt
                ev[t + 1] = pe = se[t] + stay * pe
        found = self.memo[key] = Values(win, ten, ev)
        return found

    def double_riichi(self, c: list[int], reds: Reds) -> Values:
        """The values of the tenpai 3n+1 hand ``c`` in double riichi (it never changes)."""
        return self._tenpai(self.wins(c, reds, True))

    def _tenpai(self, wins: list[tuple[Tile, float, float, float]]) -> Values:
        """The values of a tenpai hand that waits for ``wins`` and never changes."""
        n = self.turns
        hit = sum(p for _, p, _, _ in wins)
        plain = sum(p * e for _, p, e, _ in wins)
        first = sum(p * e for _, p, _, e in wins)
        stay = 1.0 - hit
        # Each vector is a function of these sums alone: shared by the hands that give the same ones.
        win = self._tenpai_win.get(hit)
        if win is None:
            win = self._tenpai_win[hit] = [0.0] * (n + 1)
            keep = 1.0
            for t in range(1, n + 1):
                keep *= stay
                win[t] = 1.0 - keep
        if not hit:
            return Values(win, self.ones, win)
        ev = self._tenpai_ev.get((hit, plain, first))
        if ev is None:
            ev = self._tenpai_ev[hit, plain, first] = [0.0] * (n + 1)
            later = 0.0  # expected points within t - 1 draws without ippatsu
            for t in range(1, n + 1):
                ev[t] = first + stay * later
                later = plain + stay * later
        return Values(win, self.ones, ev)

    def discards(self, c: list[int]) -> list[tuple[Tile, int]]:
        """:meth:`Evaluator.discards <paili.evaluator.Evaluator.discards>` of the 3n+2 hand ``c``, memoised on
        its counts for this search (a hand after a draw is met again with other red fives, and by the options'
        swaps); the list is shared: never change it."""
        key = bytes(c)
        found = self._discards.get(key)
        if found is None:
            found = self._discards[key] = self.evaluator.discards(c)
        return found

    def best_after(self, c: list[int], reds: Reds, target: int) -> Values:
        """Elementwise best values over the discards of the 3n+2 hand ``c`` that keep shanten ``target``
        (memoised on the hand)."""
        key = bytes(c + reds) if self.reds_in_play else bytes(c)
        found = self._best_after.get(key)
        if found is not None:
            return found
        # every state after a discard to tenpai is a tenpai one: its values are _tenpai's
        found = best_discard(c, reds, [d for d, after in self.discards(c) if after == target], self.values,
                             self.memo, self.reds_in_play, tenpai=target == 0)
        assert found is not None, "a shanten-lowering draw always has a discard keeping it"
        self._best_after[key] = found
        return found


def best_discard(c: list[int], reds: Reds, kinds: list[Tile], values: Callable[[list[int], Reds, bytes], Values],
                 memo: dict[bytes, Values], reds_in_play: bool, best: Values | None = None, tenpai: bool = False
                 ) -> Values | None:
    """The elementwise best of ``best`` and the values after each discard of ``kinds`` from the 3n+2 hand ``c``
    (holding ``reds``): the search's one discard loop, for :meth:`DefaultPolicy.best_after` and the options'
    moves (:class:`OptionMoves`). ``None`` when there is neither a discard nor ``best``.

    Each discard throws a plain copy when there is one, else the red five, and is undone before the next, so
    ``c`` and ``reds`` are as given on return. The values after it are read from ``memo`` (by the state's
    key: ``bytes(c + reds)`` when ``reds_in_play``, else ``bytes(c)``) or computed by ``values(c, reds, key)``
    (which memoises them there). ``tenpai``: every state after these discards is a tenpai state of the default
    policy, whose win vectors are ordered by their first draw (below)."""
    if not kinds:
        return best
    bw: Vector | None = None
    bt: Vector = []
    be: Vector = []
    if best is not None:
        bw, bt, be = best
    for d in kinds:
        c[d] -= 1
        suit = FIVE_SUIT.get(d) if reds_in_play else None
        red = suit is not None and reds[suit] > c[d]
        if red:
            reds[suit] -= 1  # type: ignore[index]
        key = bytes(c + reds) if reds_in_play else bytes(c)
        found = memo.get(key)
        w, t, e = found if found is not None else values(c, reds, key)
        c[d] += 1
        if red:
            reds[suit] += 1  # type: ignore[index]
        if bw is None:
            bw, bt, be = w, t, e
        elif tenpai and len(w) > 1:
            # A tenpai state's win chances are 1 - stay^t (stay = 1 - P, the chance of no win per draw), the
            # power by repeated multiplication and w[1] = 1 - stay: a larger w[1] comes from a smaller stay,
            # and rounding being monotone, the whole vector is then at least the other (equal vectors for
            # an equal stay). Only when w[1] ties (1 - stay rounds) is the full comparison needed. (With no draw
            # left, the vectors are one entry long and the elementwise best below decides.)
            x, y = bw[1], w[1]
            if y > x:
                bw = w
            elif y == x:
                bw = elementwise_best(bw, w)
            if t is not bt:  # the same list (shared vectors) is its own best: no call
                bt = elementwise_best(bt, t)
            if e is not be:
                be = elementwise_best(be, e)
        else:  # the elementwise best of each figure (no Values built per discard; a shared list is its own)
            if w is not bw:
                bw = elementwise_best(bw, w)
            if t is not bt:
                bt = elementwise_best(bt, t)
            if e is not be:
                be = elementwise_best(be, e)
    assert bw is not None
    return Values(bw, bt, be)
