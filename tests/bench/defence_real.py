"""The defence model on real riichi positions: tenhou.net/6 logs given by path (not a test; prints a table).

For every discard a player makes while another player is in riichi (the riichi player's waits known from
their hand), the model's ``p_deal_in`` against that riichi player for the tile thrown, by kobalab's category,
against the true rate in these discards (is the tile among the riichi hand's waits?) and the Houou table.
The log files are read from the paths given and never stored in the repository.

Run: PYTHONPATH=engine:tests .venv/bin/python tests/bench/defence_real.py LOG.json [LOG.json ...]
"""

from __future__ import annotations

import sys
from collections import defaultdict
from pathlib import Path

import paili
from paili.defence.danger import category, danger_of
from paili.defence.figures import HOUOU_TABLE
from paili.defence.opponents import Opponent, Opponents, check_against
from paili.hand import Hand, Meld
from paili.logs import Call, Discard, Draw, Kan, read_log, replay
from paili.scoring.situation import dora_of
from paili.tiles import KINDS

_NAMES = {1: "right", 2: "across", 3: "left"}


class _Seat:
    def __init__(self, start: tuple[int, ...]) -> None:
        self.hand = [0] * KINDS
        for code in start:
            tile, _ = paili.logs.tile_of(code)
            self.hand[tile] += 1
        self.river: list[int] = []
        self.tedashi: set[int] = set()
        self.called: set[int] = set()
        self.melds: list[Meld] = []
        self.riichi: int | None = None
        self.passed: list[int] = []
        self.waits: frozenset[int] = frozenset()

    def opponent(self) -> Opponent:
        return Opponent(tuple(self.river), (False,) * len(self.river), self.riichi,
                        frozenset(i for i in self.tedashi if self.riichi is None or i <= self.riichi),
                        frozenset(self.called), tuple(self.melds), tuple(self.passed) if self.riichi is not None
                        else (), (False,) * (len(self.passed) if self.riichi is not None else 0))


def _measure(paths: list[str]) -> dict[str, list[tuple[float, bool]]]:
    out: dict[str, list[tuple[float, bool]]] = defaultdict(list)
    for path in paths:
        try:
            _measure_game(out, path)
        except paili.HandError as exc:  # a log the replay cannot read: say so and go on
            print(f"{path}: skipped ({exc})", file=sys.stderr)
    return out


def _measure_game(out: dict[str, list[tuple[float, bool]]], path: str) -> None:
    if True:
        game = read_log(Path(path).read_text(encoding="utf-8"))
        players = len(game.players)
        if players != 4:
            return
        for r in game.rounds:
            seats = [_Seat(r.starts[s]) for s in range(4)]
            indicator = paili.logs.tile_of(r.dora[0])[0] if r.dora else None
            for event in replay(game, r):
                me = seats[event.seat]
                if isinstance(event, Draw):
                    me.hand[event.tile] += 1
                elif isinstance(event, Call):
                    giver = seats[event.source]
                    giver.called.add(len(giver.river) - 1)
                    for t in event.meld.tiles:
                        me.hand[t] -= 1
                    me.hand[event.taken] += 1
                    me.melds.append(event.meld)
                elif isinstance(event, Kan):
                    if event.kind == "ankan":
                        for t in event.meld.tiles:
                            me.hand[t] -= 1
                        me.melds.append(event.meld)
                    else:
                        me.hand[event.added] -= 1
                        me.melds = [event.meld if m.kind == "pon" and m.tiles[0] == event.added else m
                                    for m in me.melds]
                elif isinstance(event, Discard):
                    _score(out, seats, event, indicator)
                    me.hand[event.tile] -= 1
                    if not event.tsumogiri:
                        me.tedashi.add(len(me.river))
                    me.river.append(event.tile)
                    for other in seats:
                        if other is not me and other.riichi is not None:
                            other.passed.append(event.tile)
                    if event.riichi:
                        me.riichi = len(me.river) - 1
                        me.waits = frozenset(t for t, _ in paili.waits(Hand(tuple(me.hand), (0, 0, 0),
                                                                             tuple(me.melds), 0)).tiles)


def _score(out: dict[str, list[tuple[float, bool]]], seats: list[_Seat], event: Discard,
           indicator: int | None) -> None:
    """The seat's discard against each riichi player."""
    me = seats[event.seat]
    if me.riichi is not None:
        return
    for step in (1, 2, 3):
        target = seats[(event.seat + step) % 4]
        if target.riichi is None:
            continue
        found = {_NAMES[s]: seats[(event.seat + s) % 4].opponent() for s in (1, 2, 3)}
        ops = Opponents(**found)  # type: ignore[arg-type]
        visible = [0] * KINDS
        if indicator is not None:
            visible[indicator] += 1
        for i, t in enumerate(me.river):
            if i not in me.called:
                visible[t] += 1
        hand = Hand(tuple(me.hand), (0, 0, 0), tuple(me.melds), 0)
        try:
            seen = check_against(ops, hand, visible)
        except paili.HandError:
            continue
        riichi_only = Opponents(**{_NAMES[step]: found[_NAMES[step]]})  # type: ignore[arg-type]
        dora = frozenset({dora_of(indicator)}) if indicator is not None else frozenset()
        result = danger_of(hand, riichi_only, seen, dora=dora, seat_wind=27)
        row = next(x for x in result.tiles if x.tile == event.tile)
        name = category(event.tile, found[_NAMES[step]], seen[event.tile] - 1)
        if name is not None:
            out[name].append((100 * row.deal_in, event.tile in target.waits))


def main() -> None:
    found = _measure(sys.argv[1:])
    print(f"{'category':15} {'n':>5} {'model %':>8} {'true %':>8} {'Houou %':>8}")
    for name, houou in HOUOU_TABLE.items():
        rows = found.get(name, [])
        if rows:
            model = sum(p for p, _ in rows) / len(rows)
            true = 100 * sum(t for _, t in rows) / len(rows)
            print(f"{name:15} {len(rows):5} {model:8.2f} {true:8.2f} {houou:8.2f}")
        else:
            print(f"{name:15} {0:5} {'-':>8} {'-':>8} {houou:8.2f}")


if __name__ == "__main__":
    main()
