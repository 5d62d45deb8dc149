"""Per-category averages of the defence model over positions at a riichi, against kobalab's Houou table."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from defence_positions import Position

from paili.defence.danger import category, danger_of
from paili.defence.figures import HOUOU_TABLE
from paili.defence.model import WEIGHTS, Weights
from paili.defence.opponents import check_against
from paili.scoring.situation import dora_of


def averages(positions: Iterable[Position], weights: Weights = WEIGHTS
             ) -> dict[str, tuple[float, float, int]]:
    """Category -> (model's mean p_deal_in %, the true rate in these positions %, tiles counted), over the
    seat's hand tiles (each kind once per position) against the riichi player."""
    model: dict[str, list[float]] = defaultdict(list)
    truth: dict[str, list[float]] = defaultdict(list)
    for pos in positions:
        riichi_only = type(pos.opponents)(**{pos.riichi_seat: getattr(pos.opponents, pos.riichi_seat)})
        seen = check_against(pos.opponents, pos.hand, pos.visible)
        result = danger_of(pos.hand, riichi_only, seen, dora=frozenset({dora_of(pos.dora_indicator)}),
                           seat_wind=27, weights=weights)
        player = getattr(pos.opponents, pos.riichi_seat)
        for row in result.tiles:
            name = category(row.tile, player, seen[row.tile] - 1)
            if name is None:
                continue
            model[name].append(100 * row.deal_in)
            truth[name].append(100.0 * (row.tile in pos.waits))
    return {name: (sum(model[name]) / len(model[name]), sum(truth[name]) / len(truth[name]), len(model[name]))
            for name in HOUOU_TABLE if model.get(name)}
