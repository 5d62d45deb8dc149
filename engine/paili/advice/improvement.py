"""The improvements (改良) of a discard: the draws that keep its shanten and widen it (see :mod:`paili.advice`)."""

from __future__ import annotations

from collections.abc import Sequence

from ..tiles import KINDS, Tile
from ..ukeire import Discard, discard_table
from .answers import Improvement
from .inputs import Position, check_discarding, scored_policy
from .model import DefaultPolicy

__all__ = ["improvement_draws", "improvement_rows"]


def _shown_width(policy: DefaultPolicy, c: list[int], river: Sequence[Tile]) -> int:
    """The ukeire of the 3n+1 hand ``c`` as the discard table counts it: the copies in ``river`` (the
    discards) are seen too."""
    width = 0
    for k, r in policy.chances(c).lowering:
        r -= river.count(k)
        if r > 0:
            width += r
    return width


def improvement_draws(policy: DefaultPolicy, c: list[int], discarded: Tile) -> list[tuple[Tile, int, int]]:
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


def improvement_rows(position: Position) -> list[tuple[Discard, tuple[Improvement, ...]]]:
    """Each discard of a parsed 3n+2 hand in its situation (in the discard table's order) with the improvements
    that :func:`advice_steps` gives its row, without the search."""
    hand, situation, _ = position
    check_discarding(hand)
    seen, _, policy = scored_policy(hand, situation, turns=1)
    out = []
    for row in discard_table(hand, visible=seen, rules=situation.rules, void=situation.void):
        counts = list(hand.concealed)
        counts[row.tile] -= 1
        out.append((row, tuple(Improvement(k, n, u) for k, n, u in improvement_draws(policy, counts, row.tile))))
    return out
