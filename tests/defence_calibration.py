"""Per-category averages of the defence model over positions at a riichi, against kobalab's Houou table and
gimite's single-riichi intervals (paili.defence.figures)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from defence_positions import Position

from paili.defence.danger import category, danger_of
from paili.defence.figures import GIMITE_INTERVALS, HOUOU_TABLE
from paili.defence.model import WEIGHTS, Weights
from paili.defence.opponents import check_against
from paili.scoring.situation import dora_of

GIMITE_REASONS = {"no_chance": "no_chance", "one_chance": "one_chance", "riichi_suji": "riichi_tile_suji",
                  "early_outside": "early_outside"}
"""The model's reason codes that are gimite's categories (by gimite's names)."""


def averages(positions: Iterable[Position], weights: Weights = WEIGHTS
             ) -> dict[str, tuple[float, float, int]]:
    """Category -> (model's mean p_deal_in %, the true rate in these positions %, tiles counted), over the
    seat's hand tiles (each kind once per position) against the riichi player: kobalab's categories, and
    gimite's (a tile whose reasons include no-chance, one-chance, the riichi tile's suji or an early outside
    tile, not genbutsu)."""
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
            codes = {GIMITE_REASONS.get(r.code) for r in row.seats[0].reasons} - {None}
            for tag in (name, *sorted(c for c in codes if c is not None)):
                model[tag].append(100 * row.deal_in)
                truth[tag].append(100.0 * (row.tile in pos.waits))
    return {name: (sum(model[name]) / len(model[name]), sum(truth[name]) / len(truth[name]), len(model[name]))
            for name in (*HOUOU_TABLE, *GIMITE_INTERVALS) if model.get(name)}
