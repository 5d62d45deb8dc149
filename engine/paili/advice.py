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
from typing import Any, Final

from .analysis import check_rules, parse_inputs
from .errors import HandError
from .hand import Hand
from .results import advice_json
from .shanten import Rules, _get_tables, shanten, suit_answer
from .tiles import IS_ORPHAN, KINDS, Tile
from .ukeire import Discard, discard_table

__all__ = ["DEFAULT_MAX_SHANTEN", "DEFAULT_TURNS", "MAX_SHANTEN_LIMIT", "MAX_TURNS", "OPTION_MOVES",
           "SHANTEN_DOWN_LIMIT", "Advice", "AdviceRow", "Improvement", "advice_of", "advise", "advise_hand"]

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
_SuitEntry = tuple[int, list[int], list[int], int]

_SLOT_OF = tuple(min(k // 9, 3) for k in range(KINDS))
_RANK_OF = tuple(k - 9 * _SLOT_OF[k] for k in range(KINDS))
_BASES = (0, 9, 18, 27)
_SIZES = (9, 9, 9, 7)


class _Search:
    """The value vectors of the model for one hand's context (melds, visible tiles, rules, turns).

    States are 34-count lists (keys: their ``bytes``). ``values(counts)`` gives ``(W, T)``: for ``t`` draws
    left (index ``t``), the best probability of winning / of being tenpai. ``values1`` is the same with the
    options and one option move left. Every shanten is exact: the per-suit answers of :mod:`paili.shanten`
    are cached per suit content, so a neighbour's shanten costs one min-plus lookup.
    """

    def __init__(self, *, melds_needed: int, called: Sequence[int] | None, visible: Sequence[int],
                 full: bool, rules: Rules, turns: int, tegawari: bool = False, shanten_down: bool = False,
                 max_shanten: int = DEFAULT_MAX_SHANTEN) -> None:
        self.melds_needed = melds_needed
        self._finals: dict[int, int] = {}
        self.tables = _get_tables()
        self.called = list(called) if called is not None else None
        zero = [0] * KINDS
        held = self.called or zero
        self.cap = [4 - held[k] for k in range(KINDS)]
        self.pool = [4 - held[k] - visible[k] for k in range(KINDS)]
        self.full = full
        self.chinese = rules == "chinese"
        self.turns = turns
        self.tegawari = tegawari
        self.shanten_down = shanten_down
        self.max_shanten = max_shanten
        self._suits: dict[tuple[int, tuple[int, ...]], _SuitEntry] = {}
        self._info: dict[bytes, tuple[int, int, list[tuple[int, int]]]] = {}
        self._vals: dict[bytes, tuple[Vector, Vector]] = {}
        self._vals1: dict[bytes, tuple[Vector, Vector]] = {}
        self._vals1_by_cap: dict[int, dict[bytes, tuple[Vector, Vector]]] = {}
        self.back_cap = max_shanten
        self._best: dict[bytes, tuple[Vector, Vector]] = {}
        self._scratch = [0] * KINDS
        self._afters: dict[int, list[int]] = {}

    # --- shanten ------------------------------------------------------------------------------------------

    def _suit(self, slot: int, part: tuple[int, ...]) -> _SuitEntry:
        """Answer id of one suit's counts, the ids with one more / one fewer copy of each rank (-1: none),
        and a serial number."""
        key = (slot, part)
        found = self._suits.get(key)
        if found is not None:
            return found
        base, size = _BASES[slot], _SIZES[slot]
        s = self._scratch
        s[base:base + size] = part
        own = suit_answer(s, self.called, base)
        add, rem = [-1] * size, [-1] * size
        for i in range(size):
            if part[i] < self.cap[base + i]:
                s[base + i] += 1
                add[i] = suit_answer(s, self.called, base)
                s[base + i] -= 1
            if part[i]:
                s[base + i] -= 1
                rem[i] = suit_answer(s, self.called, base)
                s[base + i] += 1
        s[base:base + size] = (0,) * size
        found = self._suits[key] = (own, add, rem, len(self._suits))
        return found

    def _prepare(self, c: list[int]) -> tuple[list[_SuitEntry], list[int], int]:
        """The four suit entries, the combination of the other three suits for each slot, and the shanten."""
        suit = self._suit
        e = [suit(0, tuple(c[0:9])), suit(1, tuple(c[9:18])), suit(2, tuple(c[18:27])),
             suit(3, tuple(c[27:34]))]
        comb = self.tables.combine
        i0, i1, i2, i3 = e[0][0], e[1][0], e[2][0], e[3][0]
        rest = [comb(comb(i1, i2), i3), comb(comb(i0, i2), i3), comb(comb(i0, i1), i3), comb(comb(i0, i1), i2)]
        return e, rest, self.final(rest[0], i0) - 1

    def final(self, rest: int, suit: int) -> int:
        """Fewest tiles to add (shanten + 1), given the other three suits' combination and one suit's."""
        key = rest << 24 | suit
        found = self._finals.get(key)
        if found is None:
            t = self.tables
            found = self._finals[key] = t.answers[t.combine(rest, suit)][2 * self.melds_needed + 1]
        return found

    def _form_stats(self, c: Sequence[int]) -> tuple[int, int, int, int, int]:
        """Counters of the other forms: pairs, kinds, sum of count // 2, orphan kinds, orphan pairs."""
        pairs = kinds = half = okinds = opairs = 0
        for k in range(KINDS):
            v = c[k]
            if v:
                kinds += 1
                half += v >> 1
                if v >= 2:
                    pairs += 1
                if IS_ORPHAN[k]:
                    okinds += 1
                    if v >= 2:
                        opairs += 1
        return pairs, kinds, half, okinds, opairs

    def _forms(self, pairs: int, kinds: int, half: int, okinds: int, opairs: int) -> int:
        seven = 6 - half if self.chinese else 6 - pairs + max(0, 7 - kinds)
        orphans = 13 - okinds - (1 if opairs else 0)
        return seven if seven < orphans else orphans

    def shanten_of(self, c: list[int]) -> int:
        """Exact shanten (all forms that apply) of the counts ``c``."""
        _, _, regular = self._prepare(c)
        if self.full:
            other = self._forms(*self._form_stats(c))
            if other < regular:
                return other
        return regular

    def _regular_after(self, rest: int, entry: _SuitEntry, which: int) -> list[int]:
        """Regular shanten after adding (``which`` = 1) or removing (2) one copy of each rank of a suit."""
        key = (rest << 24 | entry[3]) << 1 | (which - 1)
        found = self._afters.get(key)
        if found is None:
            final = self.final
            ids = entry[1] if which == 1 else entry[2]
            found = self._afters[key] = [final(rest, i) - 1 if i >= 0 else 99 for i in ids]
        return found

    def info(self, c: list[int], key: bytes) -> tuple[int, int, list[tuple[int, int]]]:
        """``(shanten, R, draws that lower it as (kind, r_k))`` of a 3n+1 hand."""
        found = self._info.get(key)
        if found is not None:
            return found
        e, rest, s = self._prepare(c)
        forms = False
        if self.full:
            pairs, kinds, half, okinds, opairs = self._form_stats(c)
            other = self._forms(pairs, kinds, half, okinds, opairs)
            if other < s:
                s = other
            forms = other == s  # otherwise one more tile cannot bring the other forms below s
        pool = self.pool
        total = 0
        better: list[tuple[int, int]] = []
        k = 0
        for slot in range(4):
            regs = self._regular_after(rest[slot], e[slot], 1)
            for i in range(_SIZES[slot]):
                r = pool[k] - c[k]
                if r > 0:
                    total += r
                    if regs[i] < s:
                        better.append((k, r))
                    elif forms:
                        v = c[k]
                        orphan = IS_ORPHAN[k]
                        if self._forms(pairs + (v == 1), kinds + (v == 0), half + (v & 1),
                                       okinds + (orphan and v == 0), opairs + (orphan and v == 1)) < s:
                            better.append((k, r))
                k += 1
        found = self._info[key] = (s, total, better)
        return found

    def removals(self, c: list[int]) -> list[tuple[int, int]]:
        """``(kind, shanten after discarding it)`` for each kind held in the 3n+2 hand ``c``."""
        e, rest, regular = self._prepare(c)
        forms = False
        if self.full:
            pairs, kinds, half, okinds, opairs = self._form_stats(c)
            # one tile fewer raises each form by at most one: the other forms matter only if not above regular
            forms = self._forms(pairs, kinds, half, okinds, opairs) <= regular
        out = []
        k = 0
        for slot in range(4):
            regs: list[int] | None = None
            for i in range(_SIZES[slot]):
                v = c[k]
                if v:
                    if regs is None:
                        regs = self._regular_after(rest[slot], e[slot], 2)
                    after = regs[i]
                    if forms:
                        orphan = IS_ORPHAN[k]
                        other = self._forms(pairs - (v == 2), kinds - (v == 1), half - (1 - (v & 1)),
                                            okinds - (orphan and v == 1), opairs - (orphan and v == 2))
                        if other < after:
                            after = other
                    out.append((k, after))
                k += 1
        return out

    # --- the default model ------------------------------------------------------------------------------

    def values(self, c: list[int], key: bytes | None = None) -> tuple[Vector, Vector]:
        """``(W, T)`` of the 3n+1 hand ``c`` under the default policy, for 0..turns draws left."""
        if key is None:
            key = bytes(c)
        found = self._vals.get(key)
        if found is not None:
            return found
        s, total, better = self.info(c, key)
        n = self.turns
        if s == 0:
            hit = sum(r for _, r in better)
            stay = 1.0 - hit / total if total else 1.0
            win = [0.0] * (n + 1)
            keep = 1.0
            for t in range(1, n + 1):
                keep *= stay
                win[t] = 1.0 - keep
            found = self._vals[key] = (win, [1.0] * (n + 1))
            return found
        acc_w = [0.0] * n
        acc_t = [0.0] * n
        hit = 0
        for k, r in better:
            hit += r
            p = r / total
            c[k] += 1
            bw, bt = self._best_after(c, s - 1)
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
        found = self._vals[key] = (win, ten)
        return found

    def _best_after(self, c: list[int], target: int) -> tuple[Vector, Vector]:
        """Elementwise best ``(W, T)`` over the discards of the 3n+2 hand ``c`` keeping shanten ``target``."""
        key = bytes(c)
        found = self._best.get(key)
        if found is not None:
            return found
        bw: Vector | None = None
        bt: Vector | None = None
        for d, after in self.removals(c):
            if after != target:
                continue
            c[d] -= 1
            w, t = self.values(c)
            c[d] += 1
            if bw is None or bt is None:
                bw, bt = list(w), list(t)
            else:
                bw = [x if x >= y else y for x, y in zip(bw, w, strict=True)]
                bt = [x if x >= y else y for x, y in zip(bt, t, strict=True)]
        assert bw is not None and bt is not None, "a shanten-lowering draw always has a discard keeping it"
        found = self._best[key] = (bw, bt)
        return found

    # --- the options (one deviation from the default policy per line of play) --------------------------

    def set_back_cap(self, cap: int) -> None:
        """The highest shanten a ``shanten_down`` discard may leave (each cap has its own memo)."""
        self.back_cap = min(cap, self.max_shanten)
        self._vals1 = self._vals1_by_cap.setdefault(self.back_cap, {})

    def values1(self, c: list[int], key: bytes | None = None) -> tuple[Vector, Vector]:
        """``(W, T)`` with the options on and one option move left."""
        if not (self.tegawari or self.shanten_down):
            return self.values(c, key)
        if key is None:
            key = bytes(c)
        found = self._vals1.get(key)
        if found is not None:
            return found
        s, total, better = self.info(c, key)
        n = self.turns
        lowering = {k for k, _ in better}
        acc_w = [0.0] * n
        acc_t = [0.0] * n
        stays: list[tuple[float, Vector | None, Vector | None]] = []
        for k in range(KINDS):
            r = self.pool[k] - c[k]
            if r <= 0:
                continue
            p = r / total
            c[k] += 1
            if k in lowering:
                if s == 0:
                    bw, bt = [1.0] * n, [1.0] * n
                else:
                    bw, bt = self._best_after1(c, s - 1)
                for i in range(n):
                    acc_w[i] += p * bw[i]
                    acc_t[i] += p * bt[i]
            else:
                xw, xt = self._swaps(c, k, s)
                stays.append((p, xw, xt))
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
        found = self._vals1[key] = (win, ten)
        return found

    def _widest(self, c: list[int], kinds: list[int]) -> list[int]:
        """The kinds among ``kinds`` whose discard from ``c`` leaves the most ukeire (all on a tie)."""
        if len(kinds) <= 1:
            return kinds
        widths = []
        for d in kinds:
            c[d] -= 1
            widths.append(sum(r for _, r in self.info(c, bytes(c))[2]))
            c[d] += 1
        best = max(widths)
        return [d for d, w in zip(kinds, widths, strict=True) if w == best]

    def _best_of(self, c: list[int], kinds: list[int], spent: bool,
                 bw: Vector | None, bt: Vector | None) -> tuple[Vector | None, Vector | None]:
        """Fold into ``(bw, bt)`` the values after discarding each of ``kinds`` (``spent``: no move left)."""
        for d in kinds:
            c[d] -= 1
            w, t = self.values(c) if spent else self.values1(c)
            c[d] += 1
            if bw is None or bt is None:
                bw, bt = list(w), list(t)
            else:
                bw = [x if x >= y else y for x, y in zip(bw, w, strict=True)]
                bt = [x if x >= y else y for x, y in zip(bt, t, strict=True)]
        return bw, bt

    def _best_after1(self, c: list[int], target: int) -> tuple[Vector, Vector]:
        """Best over the discards after a lowering draw: keep ``target`` (move left) or go back (spent)."""
        removals = self.removals(c)
        keep = [d for d, after in removals if after == target]
        bw, bt = self._best_of(c, keep, False, None, None)
        if self.shanten_down and target + 1 <= self.back_cap:
            back = self._widest(c, [d for d, after in removals if after == target + 1])
            bw, bt = self._best_of(c, back, True, bw, bt)
        assert bw is not None and bt is not None
        return bw, bt

    def _swaps(self, c: list[int], drawn: int, s: int) -> tuple[Vector | None, Vector | None]:
        """Best default-policy values over the option discards after a draw that keeps shanten ``s``."""
        removals = self.removals(c)
        bw: Vector | None = None
        bt: Vector | None = None
        if self.tegawari:
            swap = self._widest(c, [d for d, after in removals if after == s and d != drawn])
            bw, bt = self._best_of(c, swap, True, bw, bt)
        if self.shanten_down and s + 1 <= self.back_cap:
            back = self._widest(c, [d for d, after in removals if after == s + 1])
            bw, bt = self._best_of(c, back, True, bw, bt)
        if bw is None or bt is None:
            return None, None
        return bw[:-1], bt[:-1]

    # --- improvements (改良) ------------------------------------------------------------------------------

    def improvements(self, c: list[int]) -> list[tuple[int, int, int]]:
        """The improvement draws (改良) as ``(kind, copies left, best ukeire after)``."""
        s, _, better = self.info(c, bytes(c))
        now = sum(r for _, r in better)
        lowering = {k for k, _ in better}
        out = []
        for k in range(KINDS):
            if c[k] >= self.cap[k] or k in lowering:
                continue
            c[k] += 1
            best = -1
            for d, after in self.removals(c):
                if d == k or after != s:
                    continue
                c[d] -= 1
                _, _, more = self.info(c, bytes(c))
                c[d] += 1
                width = sum(r for _, r in more)
                if width > best:
                    best = width
            c[k] -= 1
            if best > now:
                out.append((k, max(0, self.pool[k] - c[k]), best))
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
    called = hand.called_counts() if hand.melds else None
    search = _Search(melds_needed=hand.melds_needed, called=called, visible=seen, full=hand.is_full,
                     rules=rules, turns=turns, tegawari=tegawari, shanten_down=shanten_down,
                     max_shanten=max_shanten)
    rows: list[tuple[int, AdviceRow]] = []
    skipped = 0
    for order, row in enumerate(discard_table(hand, visible=seen, rules=rules)):
        counts = list(hand.concealed)
        counts[row.tile] -= 1
        p_win: tuple[float, ...] | None = None
        p_tenpai: tuple[float, ...] | None = None
        if row.shanten <= max_shanten:
            search.set_back_cap(SHANTEN_DOWN_LIMIT)
            w, t = search.values1(counts)
            p_win, p_tenpai = tuple(w[1:]), tuple(t[1:])
        else:
            skipped += 1
        better = tuple(Improvement(k, n, u) for k, n, u in search.improvements(counts))
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

