"""The options ``tegawari`` and ``shanten_down``: :class:`OptionMoves`, the values with one option move left
(see :mod:`paili.advice` for what they allow)."""

from __future__ import annotations

from typing import Final

from ..tiles import KINDS
from ..win_value import FIVE_SUIT
from .inputs import DEFAULT_MAX_SHANTEN
from .model import DefaultPolicy, Reds, Values, Vector, best_discard

__all__ = ["OPTION_MOVES", "SHANTEN_DOWN_LIMIT", "OptionMoves"]

SHANTEN_DOWN_LIMIT: Final = 1
"""The most shanten a ``shanten_down`` discard may leave (see :mod:`paili.advice`)."""
OPTION_MOVES: Final = 1
"""How many times a line of play may use ``tegawari`` / ``shanten_down`` (see :mod:`paili.advice`)."""


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
        self.memo: dict[bytes, Values] = {}
        """The values of every state searched with a move left, by its key."""

    def values(self, c: list[int], reds: Reds, key: bytes | None = None) -> Values:
        """The values of the 3n+1 hand ``c`` with one option move left (the default ones if both are off)."""
        policy = self.policy
        if not (self.tegawari or self.shanten_down):
            return policy.values(c, reds, key)
        if key is None:
            key = policy.key(c, reds)
        found = self.memo.get(key)
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
        ten = policy.ones if s == 0 else _with_stays(
            acc_t, [(p, None if option is None else option.tenpai) for p, option in stays])
        found = self.memo[key] = Values(win, ten, ev)
        return found

    def _best_after_lowering(self, c: list[int], reds: Reds, target: int) -> Values:
        """Best over the discards after a lowering draw: keep ``target`` (a move left: these values) or go back
        (the move spent: the default policy's)."""
        policy = self.policy
        removals = policy.discards(c)
        best = best_discard(c, reds, [d for d, after in removals if after == target], self.values, self.memo,
                            policy.reds_in_play)
        if self.shanten_down and target + 1 <= self.back_cap:
            back = [d for d, after in removals if after == target + 1]
            best = best_discard(c, reds, back, policy.values, policy.memo, policy.reds_in_play, best)
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
            best = best_discard(c, reds, swap, policy.values, policy.memo, policy.reds_in_play)
        if self.shanten_down and s + 1 <= self.back_cap:
            back = [d for d, after in removals if after == s + 1]
            best = best_discard(c, reds, back, policy.values, policy.memo, policy.reds_in_play, best)
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
