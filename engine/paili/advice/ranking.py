"""The advice of a 3n+2 hand: each discard's chances, expected points, waits and improvements, the discards
ranked by the objective (:func:`advice_steps`, in steps, to an :class:`~paili.advice.answers.Advice`)."""

from __future__ import annotations

from typing import Any, Final

from ..shanten import shanten
from ..ukeire import discard_table
from ..win_value import FIVE_SUIT, WinValue
from .answers import Advice, AdviceRow, Improvement
from .improvement import improvement_draws
from .inputs import MAX_SHANTEN_LIMIT, Position, check_discarding, scored_policy
from .options import OptionMoves
from .pushfold import counted, table_risk
from .stepping import Steps, searched
from .waits import waits_of

__all__ = ["ORDER_BY", "advice_steps"]

ORDER_BY: Final = {"ev": ("ev", "p_win", "p_tenpai"), "p_win": ("p_win", "p_tenpai"),
                   "p_tenpai": ("p_tenpai", "p_win")}
"""The figures (at the last turn) that rank the rows for each objective, in order."""


def advice_steps(position: Position, *, objective: str = "ev", budget: float | None = None,
                 improvements: bool = True) -> Steps[Advice]:
    """The :class:`Advice` for a parsed 3n+2 hand in its checked situation (``position``), in steps (see
    :func:`paili.advise_steps`): yields after each discard row and, with a ``budget`` in seconds, whenever a step
    has searched that long; returns the :class:`Advice` (its rows' ``improvements`` ``None`` with
    ``improvements=False``)."""
    hand, situation, search = position
    check_discarding(hand)
    seen, value, policy = scored_policy(hand, situation)
    rules, void, max_shanten = situation.rules, situation.void, search.max_shanten
    options = OptionMoves(policy, tegawari=search.tegawari, shanten_down=search.shanten_down,
                          max_shanten=max_shanten)
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
                w, t, e = yield from searched(options, counts, reds, budget)
            p_win, p_tenpai = tuple(w[1:]), tuple(t[1:])
            ev = tuple(e[1:]) if value is not None else None
        else:
            skipped += 1
        better = tuple(Improvement(k, n, u) for k, n, u in improvement_draws(policy, counts, row.tile)
                       ) if improvements else None
        waits = waits_of(policy, counts, reds, dict(row.ukeire.tiles), double) if row.shanten == 0 else ()
        rows.append((order, AdviceRow(row, p_win, p_tenpai, ev, waits, better)))
        yield rows[-1][1]
    table = None
    if situation.opponents is not None:  # the values count the other players (push or fold)
        counted_rows, table = counted([row for _, row in rows], table_risk(position), situation.turns)
        rows = [(order, row) for (order, _), row in zip(rows, counted_rows, strict=True)]
    order_by = ORDER_BY["p_win" if objective == "ev" and value is None else objective]

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
    return Advice(hand, rules, shanten(hand, rules=rules, void=void).min, situation.turns, search.tegawari,
                  search.shanten_down, max_shanten, objective, situation if value is not None else None,
                  situation.scoring if isinstance(value, WinValue) else None,
                  tuple(row for _, row in rows), note, table)
