"""Discard advice (何切る): which discard wins the most points, or wins or reaches tenpai most often.

Tenhou's 牌理 page ranks discards by ukeire (受け入れ) alone. :func:`advise` ranks them by the expected points
won (``objective="ev"``, the default), or the probability of winning (和了, ``"p_win"``) or of being tenpai
(聴牌, ``"p_tenpai"``), by self-draw within 1..``turns`` draws under a fixed, checkable model, and gives all
three per draw, the waits of each tenpai discard with their points, and the improvement tiles (改良).

The model
---------
* A state is the concealed 3n+1 hand after a discard (the called melds never change) and the draws left.
* Each draw is kind ``k`` with probability ``r_k / R``: ``r_k = 4 - copies of k in the current hand
  (concealed and called) - copies marked visible`` (never below 0) and ``R = sum(r_k)``, recomputed from the
  current hand at every draw. The player's own discards are *not* removed from the wall (the model does not
  track them), which keeps a state a function of the hand alone: this is the model's one wall.
  Red fives are copies of their own: the red five of a suit whose red fives score (the scoring ``rules``) is
  in the wall unless the hand, its melds, the visible tiles or the dora indicators hold it, so ``r_k`` of a
  five splits into its red copy and the plain ones; the state includes the red fives held. The dora
  indicators are seen tiles (they leave the wall; do not repeat them in ``visible``).
* *Counting* (the one place it is written down): every count shown beside a discard (``ukeire``, ``waits``'
  ``remaining``, the improvements' ``remaining`` and ``ukeire_after``) treats the discarded copy as seen, as
  the discard table does (an improvement's ``ukeire_after`` also counts the second discard, as the next
  table would); the probability model's wall returns the discards (the seeds' and mahjong-cpp's convention).
  That is the one place where the two differ: a wait's ``remaining`` is one below the copies the model
  draws from when the wait is the discarded kind.
* Default policy: a draw that completes the hand with a yaku wins (tsumo, ツモ). A complete shape without
  yaku (an open hand without one; a closed tsumo always has menzen tsumo) is no win: it is discarded like any
  other draw. A draw that lowers the shanten is kept, and the player discards, among the tiles that keep that
  lower shanten, the one best for the objective (a plain five before a red one). Any other draw is discarded
  at once, so the hand is unchanged.
* Riichi (``riichi="always"``, the default): a closed hand (closed kans allowed) declares riichi when it
  reaches tenpai (also when the discard itself leaves it tenpai), and then never changes, options or not.
  ``riichi="dama"``: never. Open hands never do.
* A win's value is the ``points`` of :func:`paili.score` for that tsumo in the situation given
  (``round_wind``, ``seat_wind``, ``dora``, ``honba``, ``riichi_sticks``, ``rules``; ``points`` excludes honba
  and sticks): with riichi, riichi and menzen tsumo score, and the ura dora are the exact expectation over the
  indicators drawn from the tiles unseen at the win (as many as the dora indicators, at least one; see
  :mod:`paili.win_value`); with ``ippatsu=True`` a win on the first draw after riichi scores ippatsu. With
  ``double_riichi=True`` the discard being chosen is the player's first, uninterrupted discard: when it leaves
  a closed hand without melds tenpai under ``riichi="always"``, the riichi declared with it is a double riichi
  (its wins and its waits' points score double riichi, 2 han, instead of riichi); a hand reaching tenpai
  later declares a plain riichi; no effect otherwise. The riichi stick paid and haitei are not modelled.
* ``p_win[n]`` is the best probability of winning within ``n + 1`` draws, ``p_tenpai[n]`` the best
  probability of being tenpai (a shape, yaku or not) within ``n + 1`` draws (1.0 when the hand is tenpai
  already), ``ev[n]`` the best expected points won within ``n + 1`` draws (0 for the draws that never win).

Choices where the issue is silent (written down here so that results are checkable):

* *Each an optimum of its own*: every ``p_win[n]``, ``p_tenpai[n]`` and ``ev[n]`` is maximised separately,
  for its own horizon and objective; the discard chosen after a shanten-lowering draw may differ between them.
  The search computes a value vector ``V[obj][h][t]`` for ``t = 0..turns`` per state ``h`` once (memoised on
  the 34 counts and the red fives held), so each state is expanded once: with ``q`` the chance of a draw that
  does not lower the shanten, ``V[h][t] = sum over lowering draws k of p_k * max_d V[h+k-d][t-1] + q *
  V[h][t-1]``.
* A tenpai state wins with ``1 - (1 - P)^t`` (``P`` = the chance of drawing a winning tile with a yaku) and
  its ``ev`` is that chance times the mean points of those draws (weighted by their copies; the first draw
  with ippatsu when it applies); the tenpai objective counts a draw that makes the hand tenpai as a success.
* ``waits`` of a tenpai discard: every wait with ``tile``, ``remaining``, ``yaku`` (does the self-drawn win
  have one) and ``points`` ``{"tsumo", "ron"}`` (the riichi policy applied, no ippatsu; expected over the ura
  dora and over the red and plain copies left; 0 without yaku). A wait with no copy left (``remaining`` 0:
  the hand, its melds, the visible tiles and the dora indicators hold all four) is listed, with ``p_win`` 0,
  and its ``points`` are the value as if a copy were drawn (a plain one), whether the last copy is visible or
  a dora indicator: the indicators are checked against the hand, not again against that copy.
* The wall is the rule set's (``rules``: ``sanma`` 108 tiles without 2m-8m, ``sichuan`` 108 without honors,
  under 缺一门 for the hand's best suit given up or ``void``). Scoring needs a hand whose melds are all written
  and the four-player riichi rules: under ``sanma``, ``sichuan`` or ``gb``, or with Tenhou's short-hand hands
  (a meld not written) a complete shape is a win worth nothing, and ``ev`` and the waits' ``yaku`` /
  ``points`` are ``None`` (so the discards rank by ``p_win``).
* A discard whose hand has no tile left to draw (``R = 0``) never changes again.
* The probabilities of a discard are computed when the shanten after it is at most ``max_shanten``
  (default 2); other rows keep their ukeire and improvements, with ``p_win``/``p_tenpai`` ``None``, and the
  result's ``note`` says why. Rows are sorted by the objective at the last turn (``ev``, then ``p_win``,
  then ``p_tenpai``; ``p_win`` then ``p_tenpai``; ``p_tenpai`` then ``p_win``), then the Tenhou order
  (lower shanten, more ukeire, tile order); rows without probabilities come last in the Tenhou order.

The options (both off by default; with both off the results are exactly the model above). They are exact:
every swap and every step back they allow is searched (not only the widest discards, as before), so each
figure is the optimum over every line of play that uses at most one option move (below).

* ``tegawari`` (手変わり): after a draw that keeps the shanten the player may keep the drawn tile and discard
  another that keeps the shanten (another kind, or a plain copy of a drawn red five), when that is better.
* ``shanten_down`` (向聴戻し): after any draw the player may discard a tile that leaves the hand one shanten
  above the best it could keep, when that is better, as long as the hand it leaves is at most 1-shanten
  (:data:`SHANTEN_DOWN_LIMIT`): from tenpai back to 1-shanten, or a draw that makes the hand tenpai kept
  at 1-shanten with a better shape. Going back further multiplies the search by the number of hands one
  step back, for choices that rarely pay within a hand's draws.
* A line of play may deviate from the default policy through these options at most :data:`OPTION_MOVES`
  time (once); after that it follows the default policy (this keeps the search finite and fast: every
  option discard leads to a default-policy search of its own). The options only add choices, so they never
  lower a figure; they do not apply to a hand in riichi.

Improvements (改良) of a discard: the draws that keep its shanten but, after the best discard that keeps the
shanten, leave a hand with more ukeire; each with its copies left and that best ukeire (``ukeire_after``),
counted as the discard table counts (see *Counting*).

The figures of the examples are snapshots of the engine's own output, not an independent check (the tests
check the values against a plain-recursion reference):

>>> r = advise("345m22567p12678s5z", turns=3, seat_wind="2z", dora="4m")
>>> [(d["tile"], d["shanten"], [round(p, 4) for p in d["p_win"]]) for d in r["discards"][:2]]
[('5z', 0, [0.0328, 0.0645, 0.0952]), ('1s', 1, [0.0, 0.0063, 0.0176])]
>>> [round(e) for e in r["discards"][0]["ev"]], round(r["discards"][0]["waits"][0]["points"]["ron"])
([177, 348, 513], 3617)
>>> r["discards"][1]["ukeire"]["total"], r["discards"][1]["improvements"]["total"]
(19, 78)
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Generator, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from operator import ge, sub
from time import perf_counter
from typing import Any, Final, NamedTuple, TypeAlias, TypeVar

from .analysis import parse_inputs
from .errors import HandError
from .evaluator import Evaluator
from .hand import Hand
from .notation import check_visible, parse_tiles
from .results import advice_json, improvements_json, outlook_json
from .rules import RULES, Rules, check_rules, check_void
from .scoring.calculate import MAX_INDICATORS, check_count, check_wind
from .scoring.rules import PRESETS, ScoringRules, resolve_rules
from .shanten import shanten
from .tiles import KINDS, Tile, tile_name
from .ukeire import Discard, discard_table
from .win_value import FIVE_SUIT, RIICHI_POLICIES, RiichiPolicy, WinValue, red_copies

_NAMES: Final = tuple(tile_name(t) for t in range(KINDS))

__all__ = ["ADVICE_KEYS", "DEFAULT_MAX_SHANTEN", "DEFAULT_TURNS", "MAX_SHANTEN_LIMIT", "MAX_TURNS", "OBJECTIVES",
           "OPTION_MOVES", "OUTLOOK_KEYS", "SHANTEN_DOWN_LIMIT", "Advice", "AdviceRow", "Chances", "DefaultPolicy",
           "Improvement", "OptionMoves", "Outlook", "Situation", "Steps", "Values", "Wait", "advice_steps", "advise",
           "advise_improvements", "advise_steps", "finish", "improvement_rows", "improvements", "outlook",
           "outlook_steps"]

DEFAULT_TURNS: Final = 17
MAX_TURNS: Final = 30
DEFAULT_MAX_SHANTEN: Final = 2
"""Discards leaving more shanten than this get no probabilities unless the caller raises the limit."""
MAX_SHANTEN_LIMIT: Final = 4
"""The highest ``max_shanten`` accepted. Measured in CPython 3.11 for a whole table: 3-shanten 0.2-1 s,
4-shanten about 2 s, 5-shanten about 20 s, 6-shanten about 2 minutes (so 5 and 6 are refused)."""
SHANTEN_DOWN_LIMIT: Final = 1
"""The most shanten a ``shanten_down`` discard may leave (see the module docs)."""
OPTION_MOVES: Final = 1
"""How many times a line of play may use ``tegawari`` / ``shanten_down`` (see the module docs)."""

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


def _max(a: Vector, b: Vector) -> Vector:
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
                 value: WinValue | None = None) -> None:
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
        self._values: dict[bytes, Values] = {}
        self._best_after: dict[bytes, Values] = {}  # key: bytes of the 3n+2 hand after a lowering draw
        self._wins: dict[bytes, list[tuple[Tile, float, float, float]]] = {}
        self._discards: dict[bytes, list[tuple[Tile, int]]] = {}
        self._ones = [1.0] * (turns + 1)  # the tenpai chances of a tenpai state (shared: vectors never change)
        # Vectors that are functions of one or a few floats, shared between the states that give the same
        # floats (many do: the same ukeire, the same waits' chances and points), so that _max finds them the
        # same list at once instead of comparing equal lists, and they are computed once.
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
        found = self._values.get(key)
        if found is not None:
            return found
        s, total, better = self.chances(c, None if reds_in_play else key)
        n = self.turns
        if s == 0:
            found = self._values[key] = self._tenpai(self.wins(c, reds))
            return found
        hit = 0
        best_after = self.best_after
        memo = self._best_after
        red_total = self.red_total
        target = s - 1
        # The draws' chances and values after them, summed below per figure and per number of draws left.
        draws: list[tuple[float, Vector, Vector, Vector]] = []
        # The tenpai chances of a draw to tenpai are self._ones (and so is their elementwise best): while every
        # draw's are, each tenpai sum is the same running sum of the chances (q * 1.0 is q), kept once in ``flat``.
        ones = self._ones
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
        found = self._values[key] = Values(win, ten, ev)
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
            return Values(win, self._ones, win)
        ev = self._tenpai_ev.get((hit, plain, first))
        if ev is None:
            ev = self._tenpai_ev[hit, plain, first] = [0.0] * (n + 1)
            later = 0.0  # expected points within t - 1 draws without ippatsu
            for t in range(1, n + 1):
                ev[t] = first + stay * later
                later = plain + stay * later
        return Values(win, self._ones, ev)

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
                             self._values, self.reds_in_play, tenpai=target == 0)
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
        elif tenpai:
            # A tenpai state's win chances are 1 - stay^t (stay = 1 - P, the chance of no win per draw), the
            # power by repeated multiplication and w[1] = 1 - stay: a larger w[1] comes from a smaller stay,
            # and rounding being monotone, the whole vector is then at least the other (equal vectors for
            # an equal stay). Only when w[1] ties (1 - stay rounds) is the full comparison needed.
            x, y = bw[1], w[1]
            if y > x:
                bw = w
            elif y == x:
                bw = _max(bw, w)
            if t is not bt:  # the same list (shared vectors) is its own best: no call
                bt = _max(bt, t)
            if e is not be:
                be = _max(be, e)
        else:  # the elementwise best of each figure (no Values built per discard; a shared list is its own)
            if w is not bw:
                bw = _max(bw, w)
            if t is not bt:
                bt = _max(bt, t)
            if e is not be:
                be = _max(be, e)
    assert bw is not None
    return Values(bw, bt, be)


class OptionMoves:
    """The values with the options (``tegawari``, ``shanten_down``) on and one option move left.

    A line of play that uses its move continues under the default policy (:class:`DefaultPolicy`). A
    ``shanten_down`` discard may leave at most ``back_cap`` shanten: :data:`SHANTEN_DOWN_LIMIT`, and never
    more than ``max_shanten``. A closed hand in riichi (tenpai, policy ``always``) never changes.
    """

    def __init__(self, policy: DefaultPolicy, *, tegawari: bool, shanten_down: bool,
                 max_shanten: int = DEFAULT_MAX_SHANTEN) -> None:
        self.policy = policy
        self.tegawari = tegawari
        self.shanten_down = shanten_down
        self.back_cap = min(SHANTEN_DOWN_LIMIT, max_shanten)
        self.frozen = policy.value is not None and policy.value.riichi
        self._values: dict[bytes, Values] = {}

    def values(self, c: list[int], reds: Reds, key: bytes | None = None) -> Values:
        """The values of the 3n+1 hand ``c`` with one option move left (the default ones if both are off)."""
        policy = self.policy
        if not (self.tegawari or self.shanten_down):
            return policy.values(c, reds, key)
        if key is None:
            key = policy.key(c, reds)
        found = self._values.get(key)
        if found is not None:
            return found
        s, total, better = policy.chances(c)
        if s == 0 and self.frozen:
            return policy.values(c, reds, key)
        n = policy.turns
        pool = policy.pool
        lowering = {k for k, _ in better}
        wins = {k: (e, f) for k, _, e, f in policy.wins(c, reds)} if s == 0 else {}
        acc_w = [0.0] * n
        acc_t = [0.0] * n
        acc_e = [0.0] * n
        # The draws that keep the shanten, as (chance, values after the best option discard or None).
        stays: list[tuple[float, Values | None]] = []
        for k in range(KINDS):
            r = pool[k] - c[k]
            if r <= 0:
                continue
            p = r / total
            c[k] += 1
            if k in lowering and s == 0 and k in wins:
                e, f = wins[k]
                acc_w[0] += p
                acc_e[0] += p * f
                for i in range(1, n):
                    acc_w[i] += p
                    acc_e[i] += p * e
                for i in range(n):
                    acc_t[i] += p
            elif k in lowering and s > 0:
                policy.fold_draw(c, reds, k, p, lambda c, reds: self._best_after_lowering(c, reds, s - 1),
                                 Values(acc_w, acc_t, acc_e))
            else:  # a draw keeping the shanten, or a complete shape without yaku
                for copies, red in policy.copies(k, r, reds):
                    if red:
                        reds[FIVE_SUIT[k]] += 1
                    stays.append((copies / total, self._swaps(c, reds, k, red, s)))
                    if red:
                        reds[FIVE_SUIT[k]] -= 1
            c[k] -= 1
        # Each figure on its own (the draws left to right as before, so the same sums); tenpai stays 1.0 at s = 0.
        win = _with_stays(acc_w, [(p, None if option is None else option.win) for p, option in stays])
        ev = _with_stays(acc_e, [(p, None if option is None else option.ev) for p, option in stays])
        ten = policy._ones if s == 0 else _with_stays(  # noqa: SLF001
            acc_t, [(p, None if option is None else option.tenpai) for p, option in stays])
        found = self._values[key] = Values(win, ten, ev)
        return found

    def _best_after_lowering(self, c: list[int], reds: Reds, target: int) -> Values:
        """Best over the discards after a lowering draw: keep ``target`` (a move left: these values) or go back
        (the move spent: the default policy's)."""
        policy = self.policy
        removals = policy.discards(c)
        best = best_discard(c, reds, [d for d, after in removals if after == target], self.values, self._values,
                            policy.reds_in_play)
        if self.shanten_down and target + 1 <= self.back_cap:
            back = [d for d, after in removals if after == target + 1]
            best = best_discard(c, reds, back, policy.values, policy._values, policy.reds_in_play, best)  # noqa: SLF001
        assert best is not None, "a shanten-lowering draw always has a discard keeping it"
        return best

    def _swaps(self, c: list[int], reds: Reds, drawn: int, red: bool, s: int) -> Values | None:
        """Best default-policy values over the option discards after a draw (``drawn``, ``red``: its red
        five) that keeps shanten ``s`` (index ``t``: ``t`` draws left after this one); ``None`` if there is
        none. A swap keeps the drawn tile: it discards another kind, or a plain copy of
        the drawn red five."""
        policy = self.policy
        removals = policy.discards(c)
        best: Values | None = None
        if self.tegawari:
            swap = [d for d, after in removals if after == s and (d != drawn or red and c[d] > reds[FIVE_SUIT[d]])]
            best = best_discard(c, reds, swap, policy.values, policy._values, policy.reds_in_play)  # noqa: SLF001
        if self.shanten_down and s + 1 <= self.back_cap:
            back = [d for d, after in removals if after == s + 1]
            best = best_discard(c, reds, back, policy.values, policy._values, policy.reds_in_play, best)  # noqa: SLF001
        return best


def _with_stays(acc: Vector, stays: list[tuple[float, Vector | None]]) -> Vector:
    """One figure of :meth:`OptionMoves.values`: ``V[t] = acc[t - 1] + sum over the draws keeping the shanten
    of p * max(V[t - 1], option[t - 1])`` (``V[t - 1]`` alone without an option), from ``V[0] = 0``."""
    out = [0.0] * (len(acc) + 1)
    prev = 0.0
    for t, x in enumerate(acc):
        for p, option in stays:
            if option is None:
                x += p * prev
            else:
                o = option[t]
                x += p * (prev if prev >= o else o)
        out[t + 1] = prev = x
    return out


def _shown_width(policy: DefaultPolicy, c: list[int], river: Sequence[Tile]) -> int:
    """The ukeire of the 3n+1 hand ``c`` as the discard table counts it: the copies in ``river`` (the
    discards) are seen too."""
    width = 0
    for k, r in policy.chances(c).lowering:
        r -= river.count(k)
        if r > 0:
            width += r
    return width


def improvements(policy: DefaultPolicy, c: list[int], discarded: Tile) -> list[tuple[Tile, int, int]]:
    """The improvement draws (改良) of the 3n+1 hand ``c`` left by discarding ``discarded``, as ``(kind,
    copies left, best ukeire after)``, counted as the discard table counts: the discarded copy is seen, and
    so is the second discard after the draw (the ukeire after is the next table's row)."""
    s, _, better = policy.chances(c)
    now = _shown_width(policy, c, (discarded,))
    lowering = {k for k, _ in better}
    cap = policy.evaluator.cap
    out = []
    for k in range(KINDS):
        if c[k] >= cap[k] or k in lowering:
            continue
        c[k] += 1
        best = -1
        for d, after in policy.discards(c):
            if d == k or after != s:
                continue
            c[d] -= 1
            width = _shown_width(policy, c, (discarded, d))
            c[d] += 1
            if width > best:
                best = width
        c[k] -= 1
        if best > now:
            out.append((k, max(0, policy.pool[k] - c[k] - (k == discarded)), best))
    return out


def _improvement_draws(policy: DefaultPolicy, c: list[int], discarded: Tile) -> list[tuple[Tile, int, int]]:
    """:func:`improvements`, for the functions whose ``improvements`` argument shadows it."""
    return improvements(policy, c, discarded)


@dataclass(frozen=True, slots=True)
class Improvement:
    """A draw that keeps a discard's shanten but widens it: the kind, its copies left, and the ukeire after
    the best discard that keeps the shanten."""

    tile: Tile
    remaining: int
    ukeire_after: int


@dataclass(frozen=True, slots=True)
class Wait:
    """A wait of a tenpai hand: the kind, its copies left (as the discard table counts them), whether its
    self-drawn win has a yaku, its expected points by tsumo and by ron (all three ``None`` when the hand is not
    scored: other rule sets or melds not written) and its chance to be the winning draw by each turn."""

    tile: Tile
    remaining: int
    yaku: bool | None
    tsumo: float | None
    ron: float | None
    p_win: tuple[float, ...] = ()
    """The chance that the hand, kept as it is, wins on this tile within 1..turns draws (0 without yaku)."""


@dataclass(frozen=True, slots=True)
class AdviceRow:
    """One discard with its chances and expected points by draw (``None`` beyond ``max_shanten``; ``ev``
    also when the hand is not scored), its waits (tenpai discards) and its improvements (``None`` when they
    were not asked for: ``improvements=False``)."""

    discard: Discard
    p_win: tuple[float, ...] | None
    p_tenpai: tuple[float, ...] | None
    ev: tuple[float, ...] | None
    waits: tuple[Wait, ...]
    improvements: tuple[Improvement, ...] | None


@dataclass(frozen=True, slots=True)
class Advice:
    """The ranked discards of a 3n+2 hand (best first, by ``objective``) under the options given;
    ``situation`` and ``scoring`` (its rules, resolved) are ``None`` when the hand is not scored; ``note`` says
    why rows have no chances, when some have none."""

    hand: Hand
    rules: Rules
    shanten: int
    turns: int
    tegawari: bool
    shanten_down: bool
    max_shanten: int
    objective: str
    situation: Situation | None
    scoring: ScoringRules | None
    rows: tuple[AdviceRow, ...]
    note: str | None


def _check_int(value: object, field: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise HandError(f"expected {field} to be an integer from {low} to {high}, got {value!r}", field=field,
                        code="option.int_range", params={"name": field, "low": low, "high": high, "got": repr(value)})
    return value


def _check_bool(value: object, field: str) -> bool:
    if not isinstance(value, bool):
        raise HandError(f"expected {field} to be true or false, got {value!r}", field=field, code="option.bool",
                        params={"name": field, "got": repr(value)})
    return value


ADVICE_KEYS: Final = ("turns", "tegawari", "shanten_down", "max_shanten", "objective", "riichi", "ippatsu",
                      "double_riichi", "round_wind", "seat_wind", "dora", "honba", "riichi_sticks", "void",
                      "improvements")
"""The keyword arguments of :func:`advise` besides the hand, its melds, the visible tiles and the rules (what
the API and the CLI pass on)."""

OUTLOOK_KEYS: Final = tuple(key for key in ADVICE_KEYS if key not in ("objective", "double_riichi", "improvements"))
"""The keyword arguments of :func:`outlook` besides the hand, its melds, the visible tiles and the rules."""

OBJECTIVES: Final = ("ev", "p_win", "p_tenpai")
"""What orders the discards: expected points, chance to win, chance to be tenpai (at the last turn)."""

_ORDER_BY: Final = {"ev": ("ev", "p_win", "p_tenpai"), "p_win": ("p_win", "p_tenpai"),
                    "p_tenpai": ("p_tenpai", "p_win")}
"""The figures (at the last turn) that rank the rows for each objective, in order."""


class Situation(NamedTuple):
    """The checked scoring situation of :func:`advise` (the arguments it shares with :func:`paili.score`)."""

    riichi: RiichiPolicy = "always"
    ippatsu: bool = False
    round_wind: str = "1z"
    seat_wind: str = "1z"
    dora: str = ""
    honba: int = 0
    riichi_sticks: int = 0
    rules: object = "riichi"
    double_riichi: bool = False
    """The discard chosen is the player's first, uninterrupted: one that leaves a closed hand without melds
    tenpai declares a double riichi (with ``riichi="always"``)."""


def _win_value(hand: Hand, seen: Sequence[int], seen_reds: Sequence[int], situation: Situation
               ) -> WinValue:
    """The :class:`WinValue` of ``hand`` in ``situation`` (checked: a bad field raises :class:`HandError`)."""
    if situation.riichi not in RIICHI_POLICIES:
        raise HandError(f"expected riichi to be one of {', '.join(map(repr, RIICHI_POLICIES))}, got "
                        f"{situation.riichi!r}", field="riichi", code="option.choice",
                        params={"name": "riichi", "choices": ", ".join(map(repr, RIICHI_POLICIES)),
                                "got": repr(situation.riichi)})
    ippatsu = _check_bool(situation.ippatsu, "ippatsu")
    _check_bool(situation.double_riichi, "double_riichi")
    round_wind = check_wind("round_wind", situation.round_wind)
    seat_wind = check_wind("seat_wind", situation.seat_wind)
    honba = check_count("honba", situation.honba, 1000)
    sticks = check_count("riichi_sticks", situation.riichi_sticks, 1000)
    if not isinstance(situation.dora, str):
        raise HandError(f"expected indicator tiles such as '3m1z', got {situation.dora!r}", field="dora",
                        code="indicators.type", params={"got": repr(situation.dora)})
    counts, reds = parse_tiles(situation.dora, field="dora")
    if sum(counts) > MAX_INDICATORS:
        raise HandError(f"expected at most {MAX_INDICATORS} indicators (one plus one per kan), "
                        f"got {sum(counts)}", field="dora", code="indicators.too_many",
                        params={"max": MAX_INDICATORS, "count": sum(counts)})
    check_visible(hand, [seen[k] + counts[k] for k in range(KINDS)],
                  reds=[seen_reds[s] + reds[s] for s in range(3)], field="dora")
    dora = [k for k in range(KINDS) for _ in range(counts[k])]
    return WinValue(hand, seen=seen, seen_reds=seen_reds, riichi=situation.riichi, ippatsu=ippatsu,
                    round_wind=_NAMES[round_wind], seat_wind=_NAMES[seat_wind], dora=dora, dora_reds=reds,
                    honba=honba, riichi_sticks=sticks, rules=resolve_rules(situation.rules))


def _waits(policy: DefaultPolicy, c: list[int], reds: Reds, shown: dict[Tile, int], double: bool
           ) -> tuple[Wait, ...]:
    """The waits of the tenpai 3n+1 hand ``c``: tile, copies left (``shown``: the table's count), whether the
    self-drawn win has a yaku and its points by tsumo and by ron (expected over ura dora and red copies;
    ``double``: in double riichi)."""
    value = policy.value
    chances = _wait_chances(policy, policy.wins(c, reds, double))
    out: list[Wait] = []
    for k in policy.evaluator.lowering_draws(c)[1]:
        p_win = chances.get(k, (0.0,) * policy.turns)
        if value is None:
            out.append(Wait(k, shown.get(k, 0), None, None, None, p_win))
            continue
        r = policy.pool[k] - c[k]
        copies = policy.copies(k, r, reds) if r > 0 else [(1, False)]
        weight = sum(n for n, _ in copies)
        tsumo = ron = 0.0
        c[k] += 1
        for n, red in copies:
            if red:
                reds[FIVE_SUIT[k]] += 1
            tsumo += n * value.tsumo(c, reds, k, red, False, double)
            ron += n * value.ron(c, reds, k, red, double)
            if red:
                reds[FIVE_SUIT[k]] -= 1
        c[k] -= 1
        out.append(Wait(k, shown.get(k, 0), tsumo > 0, tsumo / weight, ron / weight, p_win))
    return tuple(out)


def _wait_chances(policy: DefaultPolicy, wins: list[tuple[Tile, float, float, float]]) -> dict[Tile, tuple[float, ...]]:
    """For each winning draw ``k`` (chance ``p_k`` per draw, of ``P`` in all) of a hand that never changes,
    the chance that the win comes within ``t`` draws and on ``k``: ``p_k / P * (1 - (1 - P)^t)``."""
    hit = sum(p for _, p, _, _ in wins)
    missed = [(1.0 - hit) ** t for t in range(1, policy.turns + 1)]
    return {k: tuple(p / hit * (1.0 - m) for m in missed) for k, p, _, _ in wins}


T = TypeVar("T")

Steps: TypeAlias = Generator[AdviceRow | None, None, T]
"""A computation in steps: each ``next()`` works a while and yields a finished row (or ``None`` when its time
is up); the generator's return value is the result. :func:`finish` runs one to the end."""


def finish(steps: Steps[T]) -> T:
    """Run a computation in steps to its end and return its result."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value  # type: ignore[no-any-return]


class _Paused(Exception):
    """Raised inside a search whose step has used its time (never escapes :func:`_searched`)."""


class _Step:
    """One step of a search: it ends (:class:`_Paused`) at the first state entered after ``budget`` seconds,
    once the memo (``memo``, the search's value memos) has grown."""

    def __init__(self, memo: tuple[dict[bytes, Values], ...], budget: float) -> None:
        self.memo = memo
        self.size = sum(map(len, memo))
        self.deadline = perf_counter() + budget
        self.calls = 0

    def hooked(self, inner: Callable[..., Values]) -> Callable[..., Values]:
        """``inner`` (a ``values`` method), checking the time every 16 states entered."""
        def values(c: list[int], reds: Reds, key: bytes | None = None) -> Values:
            self.calls += 1
            if not self.calls & 15 and perf_counter() > self.deadline and sum(map(len, self.memo)) > self.size:
                raise _Paused
            return inner(c, reds, key)
        return values


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector paused for a stretch of search (restored after it, also on an
    exception; left alone if it was off already).

    The search makes no reference cycles: its lists, tuples and bytes are freed by reference counting as
    always. But its memos keep tens of thousands of lists alive, and every collection the allocations trigger
    walks them all again: measured on twenty 1-shanten hands with both options on, the collector took about a
    sixth of the CPU time. The collector is paused only while a step computes, never while a step is
    suspended at its ``yield`` (so a caller's own code between steps runs with it as it was)."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def _searched(options: OptionMoves, counts: list[int], reds: Reds, budget: float | None) -> Steps[Values]:
    """``options.values(counts, reds)``, yielding ``None`` every ``budget`` seconds of search when a budget is
    given. A step that runs out of time abandons the search where it is (an exception from the next state
    entered) and the next step starts it again: every state finished so far is in the memo, so the search
    resumes where it stopped after a walk down the memoised states. The hands searched are copies (an
    abandoned search leaves its lists half changed), and a step only stops once it has finished a state, so
    every step makes progress. The garbage collector is paused while a step searches
    (:func:`_collector_paused`)."""
    if budget is None:
        with _collector_paused():
            return options.values(counts, reds)
    policy = options.policy
    memo = (policy._values, options._values)  # noqa: SLF001
    while True:
        step = _Step(memo, budget)
        # Instance attributes shadow the methods for every call the search makes, through self.values.
        policy.values = step.hooked(policy.values)  # type: ignore[method-assign]
        options.values = step.hooked(options.values)  # type: ignore[method-assign]
        try:
            with _collector_paused():
                return options.values(list(counts), list(reds))
        except _Paused:
            pass
        finally:
            del policy.values, options.values
        yield None


def _policy(hand: Hand, *, visible: Sequence[int] | None, turns: int, rules: Rules, situation: Situation | None,
            visible_reds: Sequence[int], void: int | None) -> tuple[list[int], WinValue | None, DefaultPolicy]:
    """The seen counts (``visible`` plus the dora indicators when the hand is scored), the :class:`WinValue`
    (``None`` when the hand is not scored) and the :class:`DefaultPolicy` of a 3n+2 hand, as
    :func:`advice_steps` and :func:`improvement_rows` use them (``situation`` checked here)."""
    if hand.tile_count % 3 != 2:
        raise HandError(
            f"expected a hand that must discard (3n+2 concealed tiles: 14, 11, 8, 5 or 2), "
            f"got {hand.tile_count}; advise ranks the discards of a hand after its draw",
            code="advise.size", params={"count": hand.tile_count})
    seen = list(visible) if visible is not None else [0] * KINDS
    if situation is None:
        situation = Situation()
    # The scoring needs the Japanese rules and every meld written (not Tenhou's short-hand hands).
    scored = rules == "riichi" and hand.tile_count + 3 * len(hand.melds) == 14
    value = _win_value(hand, seen, visible_reds, situation) if scored else None
    if value is not None:  # the dora indicators are seen tiles
        dora_counts = parse_tiles(situation.dora, field="dora")[0]
        seen = [seen[k] + dora_counts[k] for k in range(KINDS)]
    policy = DefaultPolicy(Evaluator.for_hand(hand, rules=rules, void=void), visible=seen, turns=turns,
                           value=value)
    return seen, value, policy


def improvement_rows(hand: Hand, *, visible: Sequence[int] | None = None, rules: Rules = "riichi",
                     situation: Situation | None = None, visible_reds: Sequence[int] = (0, 0, 0),
                     void: int | None = None) -> list[tuple[Discard, tuple[Improvement, ...]]]:
    """Each discard of a parsed 3n+2 :class:`Hand` (in the discard table's order) with the improvements that
    :func:`advice_steps` gives its row, without the search (inputs as there)."""
    seen, _, policy = _policy(hand, visible=visible, turns=1, rules=rules, situation=situation,
                              visible_reds=visible_reds, void=void)
    out = []
    for row in discard_table(hand, visible=seen, rules=rules, void=void):
        counts = list(hand.concealed)
        counts[row.tile] -= 1
        out.append((row, tuple(Improvement(k, n, u) for k, n, u in _improvement_draws(policy, counts, row.tile))))
    return out


def advice_steps(hand: Hand, *, visible: Sequence[int] | None = None, turns: int = DEFAULT_TURNS,
                 tegawari: bool = False, shanten_down: bool = False, max_shanten: int = DEFAULT_MAX_SHANTEN,
                 rules: Rules = "riichi", objective: str = "ev", situation: Situation | None = None,
                 visible_reds: Sequence[int] = (0, 0, 0), void: int | None = None, budget: float | None = None,
                 improvements: bool = True) -> Steps[Advice]:
    """The :class:`Advice` for a parsed 3n+2 :class:`Hand` and visible counts (options but ``situation``
    already checked; ``rules`` the shanten rules, ``situation.rules`` the scoring rules), in steps (see
    :func:`advise_steps`): yields after each discard row and, with a ``budget`` in seconds, whenever a step has
    searched that long; returns the :class:`Advice` (its rows' ``improvements`` ``None`` with
    ``improvements=False``)."""
    seen, value, policy = _policy(hand, visible=visible, turns=turns, rules=rules, situation=situation,
                                  visible_reds=visible_reds, void=void)
    if situation is None:
        situation = Situation()
    options = OptionMoves(policy, tegawari=tegawari, shanten_down=shanten_down, max_shanten=max_shanten)
    held = value.reds_of(hand) if value is not None else [0, 0, 0]
    double = value is not None and value.riichi and situation.double_riichi and not hand.melds
    rows: list[tuple[int, AdviceRow]] = []
    skipped = 0
    for order, row in enumerate(discard_table(hand, visible=seen, rules=rules, void=void)):
        counts = list(hand.concealed)
        reds = list(held)
        counts[row.tile] -= 1
        if row.red and row.tile in FIVE_SUIT:
            reds[FIVE_SUIT[row.tile]] = 0
        p_win: tuple[float, ...] | None = None
        p_tenpai: tuple[float, ...] | None = None
        ev: tuple[float, ...] | None = None
        if row.shanten <= max_shanten:
            # In riichi the hand never changes: the options have nothing to add to a double riichi.
            if double and row.shanten == 0:
                w, t, e = policy.double_riichi(counts, reds)
            else:
                w, t, e = yield from _searched(options, counts, reds, budget)
            p_win, p_tenpai = tuple(w[1:]), tuple(t[1:])
            ev = tuple(e[1:]) if value is not None else None
        else:
            skipped += 1
        better = tuple(Improvement(k, n, u) for k, n, u in _improvement_draws(policy, counts, row.tile)
                       ) if improvements else None
        waits = _waits(policy, counts, reds, dict(row.ukeire.tiles), double) if row.shanten == 0 else ()
        rows.append((order, AdviceRow(row, p_win, p_tenpai, ev, waits, better)))
        yield rows[-1][1]
    order_by = _ORDER_BY["p_win" if objective == "ev" and value is None else objective]

    def rank(item: tuple[int, AdviceRow]) -> tuple[Any, ...]:
        order, row = item
        figures = {"p_win": row.p_win, "p_tenpai": row.p_tenpai, "ev": row.ev}
        if row.p_win is None:
            return (True, *(0.0 for _ in order_by), order)
        return (False, *(-(figures[key] or (0.0,))[-1] for key in order_by), order)

    rows.sort(key=rank)
    note = None
    if skipped:
        note = (f"p_win, p_tenpai and ev are omitted for {skipped} discard{'s' if skipped > 1 else ''} leaving "
                f"more than {max_shanten}-shanten: the exact search grows quickly with the shanten; raise "
                f"max_shanten (at most {MAX_SHANTEN_LIMIT}) to compute them")
    return Advice(hand, rules, shanten(hand, rules=rules, void=void).min, turns, tegawari, shanten_down, max_shanten,
                  objective, situation if value is not None else None,
                  resolve_rules(situation.rules) if value is not None else None, tuple(row for _, row in rows), note)


def advise(hand: str, *, melds: str | Sequence[str] | None = None, visible: str = "",
           turns: int = DEFAULT_TURNS, tegawari: bool = False, shanten_down: bool = False,
           max_shanten: int = DEFAULT_MAX_SHANTEN, objective: str = "ev", riichi: str = "always",
           ippatsu: bool = False, round_wind: str = "1z", seat_wind: str = "1z", dora: str = "", honba: int = 0,
           riichi_sticks: int = 0, rules: object = "riichi", double_riichi: bool = False,
           void: str | None = None, improvements: bool = True) -> dict[str, Any]:
    """Rank the discards of a 3n+2 hand by the points (or the chance) to win within 1..turns draws.

    Same inputs as :func:`paili.analyze` plus ``turns`` (1..30), the options ``tegawari`` and
    ``shanten_down``, ``max_shanten`` (0..4), ``objective`` (``"ev"``, ``"p_win"`` or ``"p_tenpai"``: what
    orders the discards), ``riichi`` (``"always"`` or ``"dama"``), ``ippatsu``, ``double_riichi`` (this is
    the first discard: a discard leaving a closed hand tenpai declares double riichi) and the situation arguments of
    :func:`paili.score` (``round_wind``, ``seat_wind``, ``dora`` indicators, ``honba``, ``riichi_sticks``,
    ``rules``: a scoring preset or options (four-player riichi), or the rule set ``"sanma"``, ``"sichuan"``
    or ``"gb"``, whose wall and forms the search follows and which score nothing); ``void``: the suit a
    Sichuan hand gives up (定缺); ``improvements``: ``False`` leaves out the improvements (改良) of every
    row (its ``improvements`` is ``null``; :func:`advise_improvements` gives them alone), which saves their
    time when they are shown later or not at all. See the module docs for the model and the result's keys.
    Raises :class:`HandError` for any bad input, including a 3n+1 hand (it has no discard to choose).
    """
    with _collector_paused():  # the whole call: the memos are freed before any collection walks them
        return finish(advise_steps(hand, melds=melds, visible=visible, turns=turns, tegawari=tegawari,
                                   shanten_down=shanten_down, max_shanten=max_shanten, objective=objective,
                                   riichi=riichi, ippatsu=ippatsu, round_wind=round_wind, seat_wind=seat_wind,
                                   dora=dora, honba=honba, riichi_sticks=riichi_sticks, rules=rules,
                                   double_riichi=double_riichi, void=void, improvements=improvements))


def advise_steps(hand: str, *, melds: str | Sequence[str] | None = None, visible: str = "",
                 turns: int = DEFAULT_TURNS, tegawari: bool = False, shanten_down: bool = False,
                 max_shanten: int = DEFAULT_MAX_SHANTEN, objective: str = "ev", riichi: str = "always",
                 ippatsu: bool = False, round_wind: str = "1z", seat_wind: str = "1z", dora: str = "",
                 honba: int = 0, riichi_sticks: int = 0, rules: object = "riichi", double_riichi: bool = False,
                 void: str | None = None, budget: float | None = None, improvements: bool = True
                 ) -> Steps[dict[str, Any]]:
    """:func:`advise` in steps, for a caller that must stay responsive (the browser worker answers newer
    requests between steps, and drops a search nobody wants any more by not resuming it).

    Each ``next()`` yields an :class:`AdviceRow` when a discard's row is finished (in the table's order, before
    the ranking) and, with ``budget`` (seconds), ``None`` whenever the step has searched that long; the
    generator returns exactly the JSON of :func:`advise` (``finish(advise_steps(...)) == advise(...)``). Bad
    input raises :class:`HandError` from the first ``next()``.
    """
    _check_objective(objective)
    wanted = _check_bool(improvements, "improvements")
    given = _checked(hand, melds=melds, visible=visible, turns=turns, tegawari=tegawari, shanten_down=shanten_down,
                     max_shanten=max_shanten, riichi=riichi, ippatsu=ippatsu, round_wind=round_wind,
                     seat_wind=seat_wind, dora=dora, honba=honba, riichi_sticks=riichi_sticks, rules=rules,
                     double_riichi=double_riichi, void=void)
    advice = yield from advice_steps(given.hand, visible=given.seen, turns=given.turns, tegawari=given.tegawari,
                                     shanten_down=given.shanten_down, max_shanten=given.max_shanten,
                                     rules=given.rules, objective=objective, situation=given.situation,
                                     visible_reds=given.seen_reds, void=given.void, budget=budget,
                                     improvements=wanted)
    return advice_json(advice)


def advise_improvements(hand: str, *, melds: str | Sequence[str] | None = None, visible: str = "",
                        turns: int = DEFAULT_TURNS, tegawari: bool = False, shanten_down: bool = False,
                        max_shanten: int = DEFAULT_MAX_SHANTEN, objective: str = "ev", riichi: str = "always",
                        ippatsu: bool = False, round_wind: str = "1z", seat_wind: str = "1z", dora: str = "",
                        honba: int = 0, riichi_sticks: int = 0, rules: object = "riichi",
                        double_riichi: bool = False, void: str | None = None, improvements: bool = True
                        ) -> dict[str, Any]:
    """The improvements (改良) that :func:`advise` gives each discard, alone and without its search: the
    same inputs (checked as :func:`advise` checks them, so a request for the advice can be sent again for its
    improvements; those of the search do not change them, and ``improvements`` is accepted and ignored),
    answering ``{"discards": [{"tile": "0m", "improvements": {"total": ..., "tiles": [...]}}, ...]}``: one
    entry per discard (its ``tile`` written as :func:`advise` writes it, ``"0m"`` for a red five), in the
    discard table's order, each ``improvements`` equal to that of the discard's row in :func:`advise`."""
    _check_objective(objective)
    _check_bool(improvements, "improvements")
    given = _checked(hand, melds=melds, visible=visible, turns=turns, tegawari=tegawari, shanten_down=shanten_down,
                     max_shanten=max_shanten, riichi=riichi, ippatsu=ippatsu, round_wind=round_wind,
                     seat_wind=seat_wind, dora=dora, honba=honba, riichi_sticks=riichi_sticks, rules=rules,
                     double_riichi=double_riichi, void=void)
    rows = improvement_rows(given.hand, visible=given.seen, rules=given.rules, situation=given.situation,
                            visible_reds=given.seen_reds, void=given.void)
    return improvements_json(rows)


def _check_objective(objective: object) -> None:
    if objective not in OBJECTIVES:
        raise HandError(f"expected objective to be one of {', '.join(map(repr, OBJECTIVES))}, got {objective!r}",
                        field="objective", code="option.choice",
                        params={"name": "objective", "choices": ", ".join(map(repr, OBJECTIVES)),
                                "got": repr(objective)})


class _Given(NamedTuple):
    """The checked inputs shared by :func:`advise_steps` and :func:`outlook_steps`."""

    hand: Hand
    seen: list[int]
    seen_reds: Sequence[int]
    rules: Rules
    void: int | None
    situation: Situation
    turns: int
    tegawari: bool
    shanten_down: bool
    max_shanten: int


def _checked(hand: str, *, melds: str | Sequence[str] | None, visible: str, turns: int, tegawari: bool,
             shanten_down: bool, max_shanten: int, riichi: str, ippatsu: bool, round_wind: str, seat_wind: str,
             dora: str, honba: int, riichi_sticks: int, rules: object, double_riichi: bool, void: str | None
             ) -> _Given:
    """The inputs of :func:`advise` / :func:`outlook` checked and parsed (the situation's fields are checked
    when the hand is scored, by :func:`_win_value`)."""
    other_sets = [name for name in RULES if name != "riichi"]
    shape_rules: Rules = check_rules(rules) if isinstance(rules, str) and rules in other_sets else "riichi"
    if isinstance(rules, str) and rules not in other_sets and rules not in PRESETS:
        if rules not in RULES:
            check_rules(rules)  # a retired name says what to use instead
        raise HandError(f"expected rules to be one of {', '.join(map(repr, other_sets))}, "
                        f"{', '.join(repr(p) for p in PRESETS if p not in other_sets)} or a dict of scoring options, "
                        f"got {rules!r}", field="rules", code="rules.choice",
                        params={"choices": ", ".join(map(repr, dict.fromkeys((*other_sets, *PRESETS)))),
                                "got": repr(rules)})
    fixed = check_void(void, shape_rules)
    if not isinstance(rules, str) and resolve_rules(rules).sanma:  # resolve_rules raises for a bad option
        raise HandError("expected rules 'sanma' (the advisor does not score three-player hands yet: it ranks "
                        "them by the chance to win), got scoring options with 'sanma'", field="rules",
                        code="rules.advise_sanma", params={})
    n = _check_int(turns, "turns", 1, MAX_TURNS)
    limit = _check_int(max_shanten, "max_shanten", 0, MAX_SHANTEN_LIMIT)
    swap = _check_bool(tegawari, "tegawari")
    back = _check_bool(shanten_down, "shanten_down")
    parsed, seen = parse_inputs(hand, melds=melds, visible=visible, rules=shape_rules)
    seen_reds = parse_tiles(visible, field="visible")[1] if visible else (0, 0, 0)
    situation = Situation(riichi, ippatsu, round_wind, seat_wind, dora, honba,  # type: ignore[arg-type]
                          riichi_sticks, "riichi" if shape_rules != "riichi" else rules, double_riichi)
    return _Given(parsed, list(seen) if seen is not None else [0] * KINDS, seen_reds, shape_rules, fixed, situation,
                  n, swap, back, limit)


@dataclass(frozen=True, slots=True)
class Outlook:
    """What a 3n+1 hand (one waiting for its draw) can expect within 1..turns draws, under the model of
    :func:`advise`: the chances and expected points of :class:`AdviceRow` for the hand itself (``None`` beyond
    ``max_shanten``; ``ev`` also when the hand is not scored) and, for a tenpai hand, its waits."""

    hand: Hand
    rules: Rules
    shanten: int
    turns: int
    tegawari: bool
    shanten_down: bool
    max_shanten: int
    situation: Situation | None
    scoring: ScoringRules | None
    p_win: tuple[float, ...] | None
    p_tenpai: tuple[float, ...] | None
    ev: tuple[float, ...] | None
    waits: tuple[Wait, ...]
    note: str | None


def outlook_of(hand: Hand, given: _Given, budget: float | None = None) -> Steps[Outlook]:
    """The :class:`Outlook` of a parsed 3n+1 hand, in steps (see :func:`outlook_steps`)."""
    if hand.tile_count % 3 != 1:
        raise HandError(
            f"expected a hand waiting for its draw (3n+1 concealed tiles: 13, 10, 7, 4 or 1), got "
            f"{hand.tile_count}; for a hand that must discard, advise ranks its discards",
            code="outlook.size", params={"count": hand.tile_count})
    seen = given.seen
    situation = given.situation
    scored = given.rules == "riichi" and hand.tile_count + 3 * len(hand.melds) == 13
    value = _win_value(hand, seen, given.seen_reds, situation) if scored else None
    if value is not None:  # the dora indicators are seen tiles
        dora_counts = parse_tiles(situation.dora, field="dora")[0]
        seen = [seen[k] + dora_counts[k] for k in range(KINDS)]
    policy = DefaultPolicy(Evaluator.for_hand(hand, rules=given.rules, void=given.void), visible=seen,
                           turns=given.turns, value=value)
    options = OptionMoves(policy, tegawari=given.tegawari, shanten_down=given.shanten_down,
                          max_shanten=given.max_shanten)
    counts = list(hand.concealed)
    reds = value.reds_of(hand) if value is not None else [0, 0, 0]
    s = policy.chances(counts).shanten
    p_win = p_tenpai = ev = None
    note = None
    if s <= given.max_shanten:
        w, t, e = yield from _searched(options, counts, reds, budget)
        p_win, p_tenpai = tuple(w[1:]), tuple(t[1:])
        ev = tuple(e[1:]) if value is not None else None
    else:
        note = (f"p_win, p_tenpai and ev are omitted for a hand more than {given.max_shanten}-shanten: raise "
                f"max_shanten (at most {MAX_SHANTEN_LIMIT}) to compute them")
    shown = {k: max(0, policy.pool[k] - counts[k]) for k in range(KINDS)}
    waits = _waits(policy, counts, reds, shown, False) if s == 0 else ()
    return Outlook(hand, given.rules, s, given.turns, given.tegawari, given.shanten_down, given.max_shanten,
                   situation if value is not None else None,
                   resolve_rules(situation.rules) if value is not None else None, p_win, p_tenpai, ev, waits, note)


def outlook(hand: str, *, melds: str | Sequence[str] | None = None, visible: str = "",
            turns: int = DEFAULT_TURNS, tegawari: bool = False, shanten_down: bool = False,
            max_shanten: int = DEFAULT_MAX_SHANTEN, riichi: str = "always", ippatsu: bool = False,
            round_wind: str = "1z", seat_wind: str = "1z", dora: str = "", honba: int = 0, riichi_sticks: int = 0,
            rules: object = "riichi", void: str | None = None) -> dict[str, Any]:
    """The chance and expected points to win a 3n+1 hand (one waiting for its draw) within 1..turns draws,
    and for a tenpai hand each wait's points and chance to be the winning draw.

    The inputs and the model are those of :func:`advise` (a closed tenpai hand under ``riichi="always"`` is in
    riichi), for the hand as it stands rather than after each discard. The result: the hand's keys, ``rules``,
    ``shanten``, ``turns``, ``options``, ``situation``, ``p_win``, ``p_tenpai`` and ``ev`` (per draw, as an
    advice row's), ``waits`` (a tenpai hand's: ``tile``, ``remaining`` (copies left to draw), ``yaku``,
    ``points`` (for a wait with none left, as if a copy were drawn: see the module docs) and ``p_win``, the
    chance that the hand, kept as it is, wins on that tile within 1..turns draws; these sum to the hand's
    ``p_win`` when it never changes: in riichi, or with both options off) and ``note``.
    Raises :class:`HandError` for any bad input, including a 3n+2 hand. (The example's figures are snapshots of
    the engine's own output.)

    >>> o = outlook("23456m345p33345s", dora="1m", turns=2)  # in riichi, waiting on 1m-4m-7m
    >>> [round(p, 4) for p in o["p_win"]], [round(e) for e in o["ev"]]
    ([0.082, 0.1572], [1025, 1966])
    >>> [(w["tile"], w["remaining"], round(w["p_win"][-1], 4)) for w in o["waits"]]
    [('1m', 3, 0.0472), ('4m', 3, 0.0472), ('7m', 4, 0.0629)]
    """
    with _collector_paused():  # as in advise
        return finish(outlook_steps(hand, melds=melds, visible=visible, turns=turns, tegawari=tegawari,
                                    shanten_down=shanten_down, max_shanten=max_shanten, riichi=riichi, ippatsu=ippatsu,
                                    round_wind=round_wind, seat_wind=seat_wind, dora=dora, honba=honba,
                                    riichi_sticks=riichi_sticks, rules=rules, void=void))


def outlook_steps(hand: str, *, melds: str | Sequence[str] | None = None, visible: str = "",
                  turns: int = DEFAULT_TURNS, tegawari: bool = False, shanten_down: bool = False,
                  max_shanten: int = DEFAULT_MAX_SHANTEN, riichi: str = "always", ippatsu: bool = False,
                  round_wind: str = "1z", seat_wind: str = "1z", dora: str = "", honba: int = 0,
                  riichi_sticks: int = 0, rules: object = "riichi", void: str | None = None,
                  budget: float | None = None) -> Steps[dict[str, Any]]:
    """:func:`outlook` in steps, as :func:`advise_steps` (``finish(outlook_steps(...)) == outlook(...)``)."""
    given = _checked(hand, melds=melds, visible=visible, turns=turns, tegawari=tegawari, shanten_down=shanten_down,
                     max_shanten=max_shanten, riichi=riichi, ippatsu=ippatsu, round_wind=round_wind,
                     seat_wind=seat_wind, dora=dora, honba=honba, riichi_sticks=riichi_sticks, rules=rules,
                     double_riichi=False, void=void)
    result = yield from outlook_of(given.hand, given, budget)
    return outlook_json(result)
