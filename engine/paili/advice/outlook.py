"""The outlook of a 3n+1 hand (one waiting for its draw): its chances and expected points as it stands, and a
tenpai hand's waits (:func:`outlook_of`, in steps, to an :class:`~paili.advice.answers.Outlook`); with opponents
its expected points count the table and the fold line stands beside them (:mod:`paili.advice.pushfold`)."""

from __future__ import annotations

from ..errors import HandError
from ..tiles import KINDS
from ..win_value import WinValue
from .answers import AtTable, Outlook
from .inputs import MAX_SHANTEN_LIMIT, Position, scored_policy
from .options import OptionMoves
from .pushfold import fold_line, line_at_table, table_risk, verdict
from .stepping import Steps, searched
from .waits import waits_of

__all__ = ["outlook_of"]


def outlook_of(position: Position, budget: float | None = None) -> Steps[Outlook]:
    """The :class:`Outlook` of a parsed 3n+1 hand in its checked situation, in steps (see
    :func:`paili.outlook_steps`)."""
    hand, situation, search = position
    if hand.tile_count % 3 != 1:
        raise HandError(
            f"expected a hand waiting for its draw (3n+1 concealed tiles: 13, 10, 7, 4 or 1), got "
            f"{hand.tile_count}; for a hand that must discard, advise ranks its discards",
            code="outlook.size", params={"count": hand.tile_count})
    _, value, policy = scored_policy(hand, situation)
    options = OptionMoves(policy, tegawari=search.tegawari, shanten_down=search.shanten_down,
                          max_shanten=search.max_shanten)
    counts = list(hand.concealed)
    reds = value.reds_of(hand) if value is not None else [0, 0, 0]
    s = policy.chances(counts).shanten
    p_win = p_tenpai = ev = None
    note = None
    if s <= search.max_shanten:
        w, t, e = yield from searched(options, counts, reds, budget)
        p_win, p_tenpai = tuple(w[1:]), tuple(t[1:])
        ev = tuple(e[1:]) if value is not None else None
    else:
        note = (f"p_win, p_tenpai and ev are omitted for a hand more than {search.max_shanten}-shanten: raise "
                f"max_shanten (at most {MAX_SHANTEN_LIMIT}) to compute them")
    shown = {k: max(0, policy.pool[k] - counts[k]) for k in range(KINDS)}
    waits = waits_of(policy, counts, reds, shown, False) if s == 0 else ()
    table = None
    if situation.opponents is not None:  # the values count the other players (push or fold)
        risk = table_risk(position)
        if ev is not None and p_win is not None and p_tenpai is not None:
            ev = line_at_table(p_win, p_tenpai, ev, risk)
        fold = fold_line(situation.turns, risk, discard_first=False)
        table = AtTable(fold, verdict(fold, None, ev[-1] if ev is not None else None))
    return Outlook(hand, situation.rules, s, situation.turns, search.tegawari, search.shanten_down,
                   search.max_shanten, situation if value is not None else None,
                   situation.scoring if isinstance(value, WinValue) else None,
                   p_win, p_tenpai, ev, waits, note, table)
