"""The waits of a tenpai hand (:class:`~paili.advice.answers.Wait`): their copies left, yaku, points and
chances to be the winning draw."""

from __future__ import annotations

from ..tiles import Tile
from ..win_value import FIVE_SUIT
from .answers import Wait
from .model import DefaultPolicy, Reds

__all__ = ["waits_of"]


def waits_of(policy: DefaultPolicy, c: list[int], reds: Reds, shown: dict[Tile, int], double: bool
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
