"""Defence (守備): the other players as the seat sees them, and each discard's chance to deal in.

* :mod:`.opponents`: the :class:`Opponents` value, its text and JSON forms;
* :mod:`.model`: waits given tenpai counted from the seat's view, tenpai chance, deal-in value;
* :mod:`.danger`: :func:`danger_of` and its typed result :class:`Danger`;
* :mod:`.figures`: the published figures the model is calibrated to, with their sources.

The model is written out in ``docs/RULES.md`` ("Defence").
"""

from __future__ import annotations

from .danger import Danger, OpponentState, Reason, SeatDanger, TileDanger, danger_of
from .opponents import Opponent, Opponents, format_opponents, opponents_from_json, opponents_json, parse_opponents

__all__ = ["Danger", "Opponent", "OpponentState", "Opponents", "Reason", "SeatDanger", "TileDanger", "danger_of",
           "format_opponents", "opponents_from_json", "opponents_json", "parse_opponents"]
