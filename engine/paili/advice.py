"""Discard advice (何切る): which discard wins, or reaches tenpai, most often within the next draws.

Tenhou's 牌理 page ranks discards by ukeire (受け入れ) alone. :func:`advise` ranks them by the probability of
winning (和了) by self-draw within 1..``turns`` draws under a fixed, checkable model, and also gives the
probability of being tenpai (聴牌) within as many draws, plus the improvement tiles (改良) of each discard.

The model
---------
* A state is the concealed 3n+1 hand after a discard (the called melds never change) and the draws left.
* Each draw is kind ``k`` with probability ``r_k / R``: ``r_k = 4 - copies of k in the current hand
  (concealed and called) - copies marked visible`` (never below 0) and ``R = sum(r_k)``, recomputed from the
  current hand at every draw. The player's own discards are *not* removed from the wall (the model does not
  track them), which keeps a state a function of the hand alone.
* Default policy: a draw that completes the hand wins (tsumo, ツモ). A draw that lowers the shanten is kept,
  and the player discards, among the tiles that keep that lower shanten, the one best for the objective. Any
  other draw is discarded at once, so the hand is unchanged.
* ``p_win[n]`` is the best probability of winning within ``n + 1`` draws and ``p_tenpai[n]`` the best
  probability of being tenpai within ``n + 1`` draws (1.0 when the hand is tenpai already).

Choices where the issue is silent (written down here so that results are checkable):

* *Each an optimum of its own*: every ``p_win[n]`` and every ``p_tenpai[n]`` is maximised separately, for
  its own horizon and objective; the discard chosen after a shanten-lowering draw may differ between them.
  The search computes a value vector ``V[obj][h][t]`` for ``t = 0..turns`` per state ``h`` once (memoised on
  the 34 counts), so each state is expanded once: with ``q`` the chance of a draw that does not lower the
  shanten, ``V[h][t] = sum over lowering draws k of p_k * max_d V[h+k-d][t-1] + q * V[h][t-1]``.
* A tenpai state wins with ``1 - (1 - P)^t`` (``P`` = the chance of drawing a winning tile); the tenpai
  objective counts a draw that makes the hand tenpai as a success.
* A discard whose hand has no tile left to draw (``R = 0``) never changes again.
* The probabilities of a discard are computed when the shanten after it is at most ``max_shanten``
  (default 2); other rows keep their ukeire and improvements, with ``p_win``/``p_tenpai`` ``None``, and the
  result's ``note`` says why. Rows are sorted by ``p_win`` at the last turn, then ``p_tenpai`` at the last
  turn, then the Tenhou order (lower shanten, more ukeire, tile order); rows without probabilities come last
  in the Tenhou order.

The options (both off by default; with both off the results are exactly the model above):

* ``tegawari`` (手変わり): after a draw that keeps the shanten the player may keep it and discard another
  tile that keeps the shanten, when that is better.
* ``shanten_down`` (向聴戻し): after any draw the player may discard a tile that leaves the hand one shanten
  above the best it could keep, when that is better, as long as the hand it leaves is at most 1-shanten
  (:data:`SHANTEN_DOWN_LIMIT`): from tenpai back to 1-shanten, or a draw that makes the hand tenpai kept
  at 1-shanten with a better shape. Going back further multiplies the search by the number of hands one
  step back, for choices that rarely pay within a hand's draws.
* To keep the search finite and fast, a line of play may deviate from the default policy through these
  options at most :data:`OPTION_MOVES` time (once); after that it follows the default policy. And after a
  draw, an option considers only the discards that leave the most ukeire among those it allows (all of
  them on a tie): the player who swaps or goes back keeps the widest hand. (At tenpai the widest wait is
  also the best for winning, whose chance grows with the number of winning tiles.) The options only add
  choices, so they never lower a probability.

Improvements (改良) of a discard: the draws that keep its shanten but, after the best discard that keeps the
shanten, leave a hand with more ukeire; each with its copies left and that best ukeire (``ukeire_after``).

>>> r = advise("345m22567p12678s5z", turns=3)
>>> [(d["tile"], d["shanten"], [round(p, 4) for p in d["p_win"]]) for d in r["discards"][:2]]
[('5z', 0, [0.0325, 0.064, 0.0944]), ('1s', 1, [0.0, 0.0062, 0.0174])]
>>> r["discards"][1]["ukeire"]["total"], r["discards"][1]["improvements"]["total"]
(19, 79)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from operator import sub
from typing import Any, Final, NamedTuple

from .analysis import parse_inputs
from .errors import HandError
from .evaluator import Evaluator
from .hand import Hand
from .results import advice_json
from .rules import Rules, check_rules
from .shanten import shanten
from .tiles import KINDS, Tile
from .ukeire import Discard, discard_table

__all__ = ["DEFAULT_MAX_SHANTEN", "DEFAULT_TURNS", "MAX_SHANTEN_LIMIT", "MAX_TURNS", "OPTION_MOVES",
           "SHANTEN_DOWN_LIMIT", "Advice", "AdviceRow", "Chances", "DefaultPolicy", "Improvement", "OptionMoves",
           "Values", "advice_of", "advise", "advise_hand", "improvements"]

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
"""Probabilities indexed by the draws left, ``0..turns``."""


class Values(NamedTuple):
    """The value vectors of a state: for ``t`` draws left (index ``t``), the best probability of winning
    (``win``) and of being tenpai (``tenpai``) within them."""

    win: Vector
    tenpai: Vector


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


def _best(a: Values | None, b: Values) -> Values:
    """Elementwise best of two value vectors (``a`` is ``None`` before the first)."""
    if a is None:
        return Values(list(b.win), list(b.tenpai))
    return Values([x if x >= y else y for x, y in zip(a.win, b.win, strict=True)],
                  [x if x >= y else y for x, y in zip(a.tenpai, b.tenpai, strict=True)])


class DefaultPolicy:
    """The value vectors of the model under the default policy, for one hand's context.

    States are 34-count lists of a 3n+1 hand; their memo key is ``bytes(counts)``. The shanten questions go to
    the :class:`~paili.evaluator.Evaluator` (which caches per suit content); the wall is ``pool[k] - c[k]``
    copies of each kind ``k`` (``pool`` = 4 - called - visible).
    """

    def __init__(self, evaluator: Evaluator, *, visible: Sequence[int], turns: int) -> None:
        self.evaluator = evaluator
        self.pool = [evaluator.cap[k] - visible[k] for k in range(KINDS)]
        self.pool_total = sum(self.pool)
        # With no visible tiles a state never holds more of a kind than the wall had (c[k] <= cap[k] = pool[k]):
        # the copies left to draw are then simply sum(pool) - sum(c).
        self.roomy = not any(visible)
        self.turns = turns
        self._chances: dict[bytes, Chances] = {}
        self._values: dict[bytes, Values] = {}
        self._best_after: dict[bytes, Values] = {}  # key: bytes of the 3n+2 hand after a lowering draw

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

    def values(self, c: list[int], key: bytes | None = None) -> Values:
        """The values of the 3n+1 hand ``c`` for 0..turns draws left."""
        if key is None:
            key = bytes(c)
        found = self._values.get(key)
        if found is not None:
            return found
        s, total, better = self.chances(c, key)
        n = self.turns
        if s == 0:
            hit = sum(r for _, r in better)
            stay = 1.0 - hit / total if total else 1.0
            win = [0.0] * (n + 1)
            keep = 1.0
            for t in range(1, n + 1):
                keep *= stay
                win[t] = 1.0 - keep
            found = self._values[key] = Values(win, [1.0] * (n + 1))
            return found
        acc_w = [0.0] * n
        acc_t = [0.0] * n
        hit = 0
        for k, r in better:
            hit += r
            p = r / total
            c[k] += 1
            bw, bt = self.best_after(c, s - 1)
            c[k] -= 1
            for i in range(n):
                acc_w[i] += p * bw[i]
                acc_t[i] += p * bt[i]
        stay = (total - hit) / total if total else 1.0
        win = [0.0] * (n + 1)
        ten = [0.0] * (n + 1)
        for t in range(1, n + 1):
            win[t] = acc_w[t - 1] + stay * win[t - 1]
            ten[t] = acc_t[t - 1] + stay * ten[t - 1]
        found = self._values[key] = Values(win, ten)
        return found

    def best_after(self, c: list[int], target: int) -> Values:
        """Elementwise best values over the discards of the 3n+2 hand ``c`` that keep shanten ``target``."""
        key = bytes(c)
        found = self._best_after.get(key)
        if found is not None:
            return found
        best: Values | None = None
        for d, after in self.evaluator.discards(c):
            if after != target:
                continue
            c[d] -= 1
            best = _best(best, self.values(c))
            c[d] += 1
        assert best is not None, "a shanten-lowering draw always has a discard keeping it"
        self._best_after[key] = best
        return best


class OptionMoves:
    """The values with the options (``tegawari``, ``shanten_down``) on and one option move left.

    A line of play that uses its move continues under the default policy (:class:`DefaultPolicy`). A
    ``shanten_down`` discard may leave at most ``back_cap`` shanten: :data:`SHANTEN_DOWN_LIMIT`, and never
    more than ``max_shanten``.
    """

    def __init__(self, policy: DefaultPolicy, *, tegawari: bool, shanten_down: bool,
                 max_shanten: int = DEFAULT_MAX_SHANTEN) -> None:
        self.policy = policy
        self.tegawari = tegawari
        self.shanten_down = shanten_down
        self.back_cap = min(SHANTEN_DOWN_LIMIT, max_shanten)
        self._values: dict[bytes, Values] = {}

    def values(self, c: list[int], key: bytes | None = None) -> Values:
        """The values of the 3n+1 hand ``c`` with one option move left (the default ones if both are off)."""
        policy = self.policy
        if not (self.tegawari or self.shanten_down):
            return policy.values(c, key)
        if key is None:
            key = bytes(c)
        found = self._values.get(key)
        if found is not None:
            return found
        s, total, better = policy.chances(c, key)
        n = policy.turns
        pool = policy.pool
        lowering = {k for k, _ in better}
        acc_w = [0.0] * n
        acc_t = [0.0] * n
        # The draws that keep the shanten, as (chance, win, tenpai): the values after the best option discard,
        # both None when the draw allows none.
        stays: list[tuple[float, Vector | None, Vector | None]] = []
        for k in range(KINDS):
            r = pool[k] - c[k]
            if r <= 0:
                continue
            p = r / total
            c[k] += 1
            if k in lowering:
                if s == 0:
                    bw, bt = [1.0] * n, [1.0] * n
                else:
                    bw, bt = self._best_after_lowering(c, s - 1)
                for i in range(n):
                    acc_w[i] += p * bw[i]
                    acc_t[i] += p * bt[i]
            else:
                option = self._swaps(c, k, s)
                stays.append((p, None, None) if option is None else (p, option.win, option.tenpai))
            c[k] -= 1
        win = [0.0] * (n + 1)
        ten = [1.0] * (n + 1) if s == 0 else [0.0] * (n + 1)
        for t in range(1, n + 1):
            w = acc_w[t - 1]
            x = acc_t[t - 1]
            pw, pt = win[t - 1], ten[t - 1]
            for p, xw, xt in stays:
                w += p * (pw if xw is None or pw >= xw[t - 1] else xw[t - 1])
                x += p * (pt if xt is None or pt >= xt[t - 1] else xt[t - 1])
            win[t] = w
            if s != 0:
                ten[t] = x
        found = self._values[key] = Values(win, ten)
        return found

    def _widest(self, c: list[int], kinds: list[int]) -> list[int]:
        """The kinds among ``kinds`` whose discard from ``c`` leaves the most ukeire (all on a tie)."""
        if len(kinds) <= 1:
            return kinds
        chances = self.policy.chances
        widths = []
        for d in kinds:
            c[d] -= 1
            widths.append(chances(c).width)
            c[d] += 1
        best = max(widths)
        return [d for d, w in zip(kinds, widths, strict=True) if w == best]

    def _best_of(self, c: list[int], kinds: list[int], spent: bool, best: Values | None) -> Values | None:
        """Fold into ``best`` the values after discarding each of ``kinds`` (``spent``: no move left)."""
        values = self.policy.values if spent else self.values
        for d in kinds:
            c[d] -= 1
            best = _best(best, values(c))
            c[d] += 1
        return best

    def _best_after_lowering(self, c: list[int], target: int) -> Values:
        """Best over the discards after a lowering draw: keep ``target`` (move left) or go back (spent)."""
        removals = self.policy.evaluator.discards(c)
        best = self._best_of(c, [d for d, after in removals if after == target], False, None)
        if self.shanten_down and target + 1 <= self.back_cap:
            back = self._widest(c, [d for d, after in removals if after == target + 1])
            best = self._best_of(c, back, True, best)
        assert best is not None, "a shanten-lowering draw always has a discard keeping it"
        return best

    def _swaps(self, c: list[int], drawn: int, s: int) -> Values | None:
        """Best default-policy values over the option discards after a draw (``drawn``) that keeps shanten
        ``s``, for the draws left after it (the vectors drop their last entry); ``None`` if there is none."""
        removals = self.policy.evaluator.discards(c)
        best: Values | None = None
        if self.tegawari:
            swap = self._widest(c, [d for d, after in removals if after == s and d != drawn])
            best = self._best_of(c, swap, True, best)
        if self.shanten_down and s + 1 <= self.back_cap:
            back = self._widest(c, [d for d, after in removals if after == s + 1])
            best = self._best_of(c, back, True, best)
        if best is None:
            return None
        return Values(best.win[:-1], best.tenpai[:-1])


def improvements(policy: DefaultPolicy, c: list[int]) -> list[tuple[Tile, int, int]]:
    """The improvement draws (改良) of the 3n+1 hand ``c`` as ``(kind, copies left, best ukeire after)``."""
    chances = policy.chances
    s, _, better = chances(c)
    now = sum(r for _, r in better)
    lowering = {k for k, _ in better}
    cap = policy.evaluator.cap
    out = []
    for k in range(KINDS):
        if c[k] >= cap[k] or k in lowering:
            continue
        c[k] += 1
        best = -1
        for d, after in policy.evaluator.discards(c):
            if d == k or after != s:
                continue
            c[d] -= 1
            width = chances(c).width
            c[d] += 1
            if width > best:
                best = width
        c[k] -= 1
        if best > now:
            out.append((k, max(0, policy.pool[k] - c[k]), best))
    return out


@dataclass(frozen=True, slots=True)
class Improvement:
    """A draw that keeps a discard's shanten but widens it: the kind, its copies left, and the ukeire after
    the best discard that keeps the shanten."""

    tile: Tile
    remaining: int
    ukeire_after: int


@dataclass(frozen=True, slots=True)
class AdviceRow:
    """One discard with its chances by draw (``None`` beyond ``max_shanten``) and its improvements."""

    discard: Discard
    p_win: tuple[float, ...] | None
    p_tenpai: tuple[float, ...] | None
    improvements: tuple[Improvement, ...]


@dataclass(frozen=True, slots=True)
class Advice:
    """The ranked discards of a 3n+2 hand (best first) under the options given; ``note`` says why rows have
    no chances, when some have none."""

    hand: Hand
    rules: Rules
    shanten: int
    turns: int
    tegawari: bool
    shanten_down: bool
    max_shanten: int
    rows: tuple[AdviceRow, ...]
    note: str | None


def _check_int(value: object, field: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise HandError(f"expected {field} to be an integer from {low} to {high}, got {value!r}", field=field)
    return value


def _check_bool(value: object, field: str) -> bool:
    if not isinstance(value, bool):
        raise HandError(f"expected {field} to be true or false, got {value!r}", field=field)
    return value


def advice_of(hand: Hand, *, visible: Sequence[int] | None = None, turns: int = DEFAULT_TURNS,
              tegawari: bool = False, shanten_down: bool = False, max_shanten: int = DEFAULT_MAX_SHANTEN,
              rules: Rules = "riichi") -> Advice:
    """The :class:`Advice` for a parsed 3n+2 :class:`Hand` and visible counts (options already checked)."""
    if hand.tile_count % 3 != 2:
        raise HandError(
            f"expected a hand that must discard (3n+2 concealed tiles: 14, 11, 8, 5 or 2), "
            f"got {hand.tile_count}; advise ranks the discards of a hand after its draw")
    seen = list(visible) if visible is not None else [0] * KINDS
    policy = DefaultPolicy(Evaluator.for_hand(hand, rules=rules), visible=seen, turns=turns)
    options = OptionMoves(policy, tegawari=tegawari, shanten_down=shanten_down, max_shanten=max_shanten)
    rows: list[tuple[int, AdviceRow]] = []
    skipped = 0
    for order, row in enumerate(discard_table(hand, visible=seen, rules=rules)):
        counts = list(hand.concealed)
        counts[row.tile] -= 1
        p_win: tuple[float, ...] | None = None
        p_tenpai: tuple[float, ...] | None = None
        if row.shanten <= max_shanten:
            w, t = options.values(counts)
            p_win, p_tenpai = tuple(w[1:]), tuple(t[1:])
        else:
            skipped += 1
        better = tuple(Improvement(k, n, u) for k, n, u in improvements(policy, counts))
        rows.append((order, AdviceRow(row, p_win, p_tenpai, better)))

    def rank(item: tuple[int, AdviceRow]) -> tuple[bool, float, float, int]:
        order, row = item
        if row.p_win is None or row.p_tenpai is None:
            return True, 0.0, 0.0, order
        return False, -row.p_win[-1], -row.p_tenpai[-1], order

    rows.sort(key=rank)
    note = None
    if skipped:
        note = (f"p_win and p_tenpai are omitted for {skipped} discard{'s' if skipped > 1 else ''} leaving "
                f"more than {max_shanten}-shanten: the exact search grows quickly with the shanten; raise "
                f"max_shanten (at most {MAX_SHANTEN_LIMIT}) to compute them")
    return Advice(hand, rules, shanten(hand, rules=rules).min, turns, tegawari, shanten_down, max_shanten,
                  tuple(row for _, row in rows), note)


def advise_hand(hand: Hand, *, visible: Sequence[int] | None = None, turns: int = DEFAULT_TURNS,
                tegawari: bool = False, shanten_down: bool = False, max_shanten: int = DEFAULT_MAX_SHANTEN,
                rules: Rules = "riichi") -> dict[str, Any]:
    """:func:`advise` for a parsed 3n+2 :class:`Hand` and visible counts (options already checked)."""
    return advice_json(advice_of(hand, visible=visible, turns=turns, tegawari=tegawari,
                                 shanten_down=shanten_down, max_shanten=max_shanten, rules=rules))


def advise(hand: str, *, melds: str | Sequence[str] | None = None, visible: str = "",
           turns: int = DEFAULT_TURNS, tegawari: bool = False, shanten_down: bool = False,
           max_shanten: int = DEFAULT_MAX_SHANTEN, rules: str = "riichi") -> dict[str, Any]:
    """Rank the discards of a 3n+2 hand by the chance to win (and to reach tenpai) within 1..turns draws.

    Same inputs as :func:`paili.analyze` plus ``turns`` (1..30), the options ``tegawari`` and
    ``shanten_down`` and ``max_shanten`` (0..4); see the module docs for the model and the result's keys.
    Raises :class:`HandError` for any bad input, including a 3n+1 hand (it has no discard to choose).
    """
    checked = check_rules(rules)
    n = _check_int(turns, "turns", 1, MAX_TURNS)
    limit = _check_int(max_shanten, "max_shanten", 0, MAX_SHANTEN_LIMIT)
    swap = _check_bool(tegawari, "tegawari")
    back = _check_bool(shanten_down, "shanten_down")
    parsed, seen = parse_inputs(hand, melds=melds, visible=visible)
    return advise_hand(parsed, visible=seen, turns=n, tegawari=swap, shanten_down=back, max_shanten=limit,
                       rules=checked)

