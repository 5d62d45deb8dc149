"""A season's statistics per player, from the records of its (game, seat) units.

From the logs themselves, as the players' usual statistics pages count them (each a share of the rounds the
player sat in): the **win rate** (rounds won), the **deal-in rate** (rounds where another won on the player's
discard), the **riichi rate** (rounds where the player declared riichi), the **call rate** (rounds where the
player made a chi, pon or open kan), the **average win** (the score gained per win, honba and sticks included,
as the log's score changes give it) and the **average placement** (by the final scores).

From Paili's reviews: the **decisions** (the discards searched), how often the discard played was the **best**
(its value equal to the best's: ties count, :data:`~paili.season.unit.TIE`), the call decisions likewise, the
**loss per game** (expected points lost over discards and calls, best minus played, a game's sum averaged over
the games) and the **costliest decisions**, each with the address of its position in the analyzer (the page's
``?q=`` hand, ``v=`` tiles seen, ``d=`` dora indicators, as the review page links a decision).

The figures do not depend on the order the units finished in (:class:`Tally`), and a season of any size is summed
without holding its records.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Final
from urllib.parse import urlencode

from .sources import Skipped

__all__ = ["DEFAULT_SITE", "Costly", "GameFigures", "PlayerStats", "Season", "Tally", "analyzer_url", "summarize"]

JSON = dict[str, Any]
DEFAULT_SITE: Final = "http://127.0.0.1:8000/"
"""The analyzer's address the links start with unless told (``python3 build.py serve`` serves it there)."""


def analyzer_url(site: str, hand: str, visible: str, dora: str, opponents: str = "") -> str:
    """The analyzer's address of a position, as the review page writes it (``web/js/reviewcontrol.js``): the
    hand, the tiles seen, the dora indicators and the opponents (their text form) as the review counted them."""
    params = {"q": hand}
    if visible:
        params["v"] = visible
    if dora:
        params["d"] = dora
    if opponents:
        params["o"] = opponents
    return f"{site}?{urlencode(params)}"


@dataclass(frozen=True, slots=True)
class Costly:
    """One costly decision: where it was (file, seat, round, step), what was played and what was best, the
    expected points it lost and the analyzer's address of its position."""

    file: str
    seat: int
    round: str
    honba: int
    step: int
    kind: str
    played: str
    best: str
    loss: float
    url: str

    def to_json(self) -> JSON:
        return {"file": self.file, "seat": self.seat, "round": self.round, "honba": self.honba, "step": self.step,
                "kind": self.kind, "played": self.played, "best": self.best, "loss": self.loss, "url": self.url}


@dataclass(frozen=True, slots=True)
class GameFigures:
    """One game of a player's (the chart's point): its file and seat, the expected points lost and the share of
    discards that were the best (``None`` without any searched)."""

    file: str
    seat: int
    loss: float
    agreement: float | None

    def to_json(self) -> JSON:
        return {"file": self.file, "seat": self.seat, "loss": self.loss, "agreement": self.agreement}


def _share(part: float, whole: float) -> float | None:
    return part / whole if whole else None


@dataclass(slots=True)
class PlayerStats:
    """One player's season: the counts summed over their games, the rates and averages as properties."""

    name: str
    games: int = 0
    rounds: int = 0
    wins: int = 0
    win_points: int = 0
    deal_ins: int = 0
    riichi: int = 0
    called: int = 0
    placement_sum: int = 0
    discards: int = 0
    discards_best: int = 0
    calls: int = 0
    calls_best: int = 0
    loss: float = 0.0
    costliest: list[Costly] = field(default_factory=list)
    per_game: list[GameFigures] = field(default_factory=list)

    @property
    def win_rate(self) -> float | None:
        return _share(self.wins, self.rounds)

    @property
    def deal_in_rate(self) -> float | None:
        return _share(self.deal_ins, self.rounds)

    @property
    def riichi_rate(self) -> float | None:
        return _share(self.riichi, self.rounds)

    @property
    def call_rate(self) -> float | None:
        return _share(self.called, self.rounds)

    @property
    def average_win(self) -> float | None:
        return _share(self.win_points, self.wins)

    @property
    def average_placement(self) -> float | None:
        return _share(self.placement_sum, self.games)

    @property
    def best_rate(self) -> float | None:
        """The share of the discards searched that were the best (ties counted)."""
        return _share(self.discards_best, self.discards)

    @property
    def loss_per_game(self) -> float | None:
        return _share(self.loss, self.games)

    def to_json(self) -> JSON:
        return {"name": self.name, "games": self.games, "rounds": self.rounds, "wins": self.wins,
                "win_rate": self.win_rate, "deal_ins": self.deal_ins, "deal_in_rate": self.deal_in_rate,
                "riichi": self.riichi, "riichi_rate": self.riichi_rate, "called": self.called,
                "call_rate": self.call_rate, "win_points": self.win_points, "average_win": self.average_win,
                "average_placement": self.average_placement, "decisions": self.discards,
                "best": self.discards_best, "best_rate": self.best_rate, "calls": self.calls,
                "calls_best": self.calls_best, "loss": self.loss, "loss_per_game": self.loss_per_game,
                "costliest": [c.to_json() for c in self.costliest],
                "per_game": [g.to_json() for g in self.per_game]}


@dataclass(frozen=True, slots=True)
class Season:
    """The statistics of a season: per player (most games first, then by name), the (game, seat) units
    reviewed, the options, and what was skipped and why."""

    players: tuple[PlayerStats, ...]
    units: int
    options: JSON
    skipped: tuple[Skipped, ...]

    def to_json(self) -> JSON:
        return {"players": [p.to_json() for p in self.players], "units": self.units, "options": self.options,
                "skipped": [{"file": s.path, "seat": s.seat, "reason": s.reason} for s in self.skipped]}


def player_name(record: JSON) -> str:
    """The name a record's seat is counted under: the log's name, or ``seat N`` for an unnamed seat."""
    name = record.get("player")
    return name if isinstance(name, str) and name else f"seat {record['seat']}"


def _costly_order(c: Costly) -> tuple[float, str, int, str, int, int]:
    return (-c.loss, c.file, c.seat, c.round, c.honba, c.step)


class Tally:
    """A season summed up as its records come, in any order and without keeping them: the counts are summed,
    the losses added exactly (:func:`math.fsum` over the games' at the end: no order of arrival changes a
    float), the ``top`` costliest decisions per player kept; a record seen twice (by ``key``) counts once.
    :meth:`season` gives the :class:`Season`."""

    def __init__(self, *, options: JSON, skipped: Iterable[Skipped] = (), top: int = 10, site: str = DEFAULT_SITE
                 ) -> None:
        self.options = dict(options)
        self.top = top
        self.site = site
        self.players: dict[str, PlayerStats] = {}
        self.skipped = list(skipped)
        self.units = 0
        self.keys: set[str] = set()

    def add(self, record: JSON) -> None:
        """Count one record (:func:`~paili.season.unit.review_unit`'s); a record with an error joins the
        skipped."""
        if record["key"] in self.keys:
            return
        self.keys.add(record["key"])
        if "error" in record:
            self.skipped.append(Skipped(record["file"], record["seat"], record["error"]))
            return
        self.units += 1
        name = player_name(record)
        p = self.players.setdefault(name, PlayerStats(name))
        log, rv = record["log"], record["review"]
        p.games += 1
        p.rounds += log["rounds"]
        p.wins += log["wins"]
        p.win_points += log["win_points"]
        p.deal_ins += log["deal_ins"]
        p.riichi += log["riichi"]
        p.called += log["called"]
        p.placement_sum += log["placement"]
        p.discards += rv["discards"]
        p.discards_best += rv["discards_best"]
        p.calls += rv["calls"]
        p.calls_best += rv["calls_best"]
        p.per_game.append(GameFigures(record["file"], record["seat"], rv["loss"],
                                      _share(rv["discards_best"], rv["discards"])))
        for c in rv["costliest"]:
            p.costliest.append(Costly(record["file"], record["seat"], c["round"], c["honba"], c["step"], c["kind"],
                                      c["played"], c["best"], c["loss"],
                                      analyzer_url(self.site, c["hand"], c["visible"], c["dora"],
                                                   c.get("opponents", ""))))
        if len(p.costliest) > 4 * self.top + 16:  # keep the list short: the best few only can be among the top
            p.costliest.sort(key=_costly_order)
            del p.costliest[self.top:]

    def season(self) -> Season:
        """The statistics of the records added so far."""
        for p in self.players.values():
            p.costliest.sort(key=_costly_order)
            del p.costliest[self.top:]
            p.per_game.sort(key=lambda g: (g.file, g.seat))
            p.loss = math.fsum(g.loss for g in p.per_game)
        ordered = sorted(self.players.values(), key=lambda p: (-p.games, p.name))
        left = sorted(self.skipped, key=lambda s: (s.path, -1 if s.seat is None else s.seat, s.reason))
        return Season(tuple(ordered), self.units, dict(self.options), tuple(left))


def summarize(records: Iterable[JSON], *, options: JSON, skipped: Iterable[Skipped] = (), top: int = 10,
              site: str = DEFAULT_SITE) -> Season:
    """The :class:`Season` of the records (:func:`~paili.season.unit.review_unit`'s), as :class:`Tally` sums
    them: a record with an error joins ``skipped``; ``top`` costliest decisions are kept per player, linked to
    the analyzer at ``site``."""
    tally = Tally(options=options, skipped=skipped, top=top, site=site)
    for record in records:
        tally.add(record)
    return tally.season()
