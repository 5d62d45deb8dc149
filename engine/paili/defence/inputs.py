"""The checked inputs of :func:`paili.danger`: the hand, the opponents, what else the seat sees."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..errors import HandError
from ..hand import Hand
from ..notation import parse, parse_tiles
from ..rules import check_rules
from ..scoring.situation import check_wind, dora_of, indicator_counts
from .danger import Danger, danger_of
from .opponents import Opponents, check_against, check_rules_allow, opponents_from_json, parse_opponents

__all__ = ["checked_opponents", "danger_checked"]


def checked_opponents(opponents: object, rules: str = "riichi") -> Opponents:
    """``opponents`` as an :class:`Opponents`: the value itself, its text form or its JSON form."""
    checked = check_rules(rules)
    check_rules_allow(checked)
    if isinstance(opponents, Opponents):
        return opponents
    if isinstance(opponents, str):
        return parse_opponents(opponents, rules=checked)
    if isinstance(opponents, Mapping):
        return opponents_from_json(opponents, rules=checked)
    raise HandError(f"expected opponents as text or an object, got {type(opponents).__name__}", None,
                    "opponents", code="opponents.type", params={"type": type(opponents).__name__})


def danger_checked(hand: str, *, opponents: object, melds: str | Sequence[str] | None = None, visible: str = "",
                   dora: str = "", round_wind: str = "1z", seat_wind: str = "1z", rules: str = "riichi"
                   ) -> tuple[Hand, Danger]:
    """Parse and check every input, then :func:`danger_of`. ``round_wind`` is checked; the model does not
    use it yet."""
    checked = check_rules(rules)
    ops = checked_opponents(opponents, checked)
    parsed = parse(hand, melds=melds, rules=checked)
    seat = check_wind("seat_wind", seat_wind)
    check_wind("round_wind", round_wind)
    sanma = checked == "sanma"
    indicators = indicator_counts(parsed, dora=dora, sanma=sanma)
    counts = [0] * 34
    if visible:
        counts = list(parse_tiles(visible, field="visible", rules=checked)[0])
    other = [counts[t] + indicators[t] for t in range(34)]
    seen = check_against(ops, parsed, other)
    doras = frozenset(dora_of(t, sanma=sanma) for t in range(34) if indicators[t])
    return parsed, danger_of(parsed, ops, seen, dora=doras, seat_wind=seat, rules=checked)
