"""One unit of a season's work: a (game, seat) reviewed into one JSON-ready record.

A :class:`Unit` carries the log's text and the review's options, so that it pickles to another process or
another machine (a Dask worker needs no shared folder); :func:`review_unit` is a plain module-level function
for the same reason. The record holds what the statistics need and nothing more (a whole review, with every
position's discard table, is about a hundred times larger):

* ``key`` (the log's SHA-256 and the seat: what a resumed run matches), ``file``, ``seat``, ``player`` (the
  seat's name in the log), ``options`` (``turns``, ``max_shanten``);
* ``log``: the seat's figures read from the log itself (:func:`log_figures`);
* ``review``: Paili's (:func:`review_figures`), from :func:`paili.review`;
* or, for a log that cannot be reviewed, ``error``: the message, which names the round and step of a
  malformed round (:class:`~paili.HandError`'s). No error of one unit stops the others.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from ..advice import Steps, collector_paused, finish
from ..errors import HandError
from ..logs import Game, Round, read_log
from ..public import review_steps

__all__ = ["TIE", "Unit", "log_figures", "placements", "review_figures", "review_unit", "review_unit_steps"]

TIE: Final = 1e-6
"""A discard whose value is within this of the best's (expected points, or chance to win where a position has
no points) is counted a best discard: two discards of equal value are both best, whichever the table lists
first."""

JSON = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Unit:
    """A (game, seat) to review: the log's path (for the report), its SHA-256, its text, the seat, the review's
    options and how many of its costliest decisions the record keeps."""

    path: str
    digest: str
    text: str
    seat: int
    turns: int
    max_shanten: int
    top: int = 10

    @property
    def key(self) -> str:
        return f"{self.digest}:{self.seat}"

    @property
    def options(self) -> JSON:
        return {"turns": self.turns, "max_shanten": self.max_shanten}


def _deltas(result: Sequence[Any]) -> list[tuple[list[int], list[Any] | None]]:
    """A round result's score changes: each delta list with the win it pays (``None`` for a draw's)."""
    if not result:
        return []
    if result[0] == "和了":
        pairs: list[tuple[list[int], list[Any] | None]] = []
        for i in range(1, len(result) - 1, 2):
            deltas, info = result[i], result[i + 1]
            if isinstance(deltas, list) and isinstance(info, list):
                pairs.append((deltas, info))
        return pairs
    if len(result) > 1 and isinstance(result[1], list):
        return [(result[1], None)]
    return []


def _number(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def final_scores(game: Game) -> list[int]:
    """Each seat's score at the end of the game: the last round's start plus its score changes (the riichi
    sticks left on the table at the very end are not counted: they change no placement)."""
    players = len(game.players)
    last: Round = game.rounds[-1]
    scores = [_number(s) for s in last.scores[:players]]
    for deltas, _ in _deltas(last.result):
        for s in range(players):
            scores[s] += _number(deltas[s]) if s < len(deltas) else 0
    return scores


def placements(scores: Sequence[int]) -> list[int]:
    """Each seat's placement (1 = first) by final score; a tie goes to the seat nearer the first dealer (seat 0),
    as Tenhou ranks it."""
    return [1 + sum(other > mine or other == mine and t < s for t, other in enumerate(scores))
            for s, mine in enumerate(scores)]


def log_figures(game: Game, seat: int) -> JSON:
    """The seat's figures from the log alone: ``rounds``; ``wins`` (rounds it won), ``win_points`` (the score it
    gained by them, honba and sticks included, as the log's changes give it); ``deal_ins`` (rounds where
    another won on its discard; a double ron is one); ``riichi`` (rounds where it declared riichi); ``called``
    (rounds where it made a chi, pon or open kan); ``final_score`` and ``placement``."""
    wins = win_points = deal_ins = riichi = called = 0
    for r in game.rounds:
        won = dealt_in = False
        if r.result and r.result[0] == "和了":
            for deltas, info in _deltas(r.result):
                if info is None or len(info) < 2:
                    continue
                if info[0] == seat:
                    won = True
                    win_points += _number(deltas[seat]) if seat < len(deltas) else 0
                elif info[1] == seat:
                    dealt_in = True
        wins += won
        deal_ins += dealt_in
        riichi += any(isinstance(out, str) and out.startswith("r") for out in r.discards[seat])
        called += any(isinstance(entry, str) and any(c in entry for c in "cpm") for entry in r.draws[seat])
    scores = final_scores(game)
    return {"rounds": len(game.rounds), "wins": wins, "win_points": win_points, "deal_ins": deal_ins,
            "riichi": riichi, "called": called, "final_score": scores[seat], "placement": placements(scores)[seat]}


def _figure(loss: JSON | None) -> float | None:
    """A decision's loss in expected points, or in chance to win where the position has no points."""
    if loss is None:
        return None
    value = loss["ev"] if loss["ev"] is not None else loss["p_win"]
    return None if value is None else float(value)


def review_figures(result: JSON, top: int) -> JSON:
    """Paili's figures of one :func:`paili.review` result: ``discards`` (the discards searched with a figure for
    the one played), ``discards_best`` (those whose value equals the best's, within :data:`TIE`), ``calls`` and
    ``calls_best`` (the call decisions, likewise), ``loss`` (expected points lost over both, best minus
    played) and ``costliest``: the ``top`` decisions that lost most, each with its round, step and position."""
    discards = discards_best = calls = calls_best = 0
    loss = 0.0
    lost: list[JSON] = []
    for index, r in enumerate(result["rounds"]):
        for d in r["decisions"] or ():
            if d["kind"] == "forced" or d["best"] is None:
                continue
            figure = _figure(d["loss"])
            if figure is None:
                continue
            best = figure <= TIE
            if d["kind"] == "call":
                calls += 1
                calls_best += best
            else:
                discards += 1
                discards_best += best
            ev = d["loss"]["ev"]
            if ev is not None:
                loss += ev
                if ev > TIE:
                    lost.append({"round_index": index, "round": r["round"], "honba": r["honba"], "step": d["step"],
                                 "kind": d["kind"], "hand": d["hand"], "played": d["played"], "best": d["best"],
                                 "offered": d.get("offered"), "visible": d["visible"], "dora": d["dora"],
                                 "opponents": d.get("opponents_text") or "",
                                 "turns": d["turns"], "loss": ev})
    lost.sort(key=lambda c: (-c["loss"], c["round_index"], c["step"]))
    return {"discards": discards, "discards_best": discards_best, "calls": calls, "calls_best": calls_best,
            "loss": loss, "costliest": lost[:top]}


def review_unit(unit: Unit) -> JSON:
    """The record of one (game, seat) (see the module docs); never raises for a bad log: the record then holds
    ``error`` (a :class:`~paili.HandError`'s message, naming the round and step; or, for a fault of the
    engine itself, the exception's type and message)."""
    with collector_paused():  # as paili.review
        return finish(review_unit_steps(unit))


def review_unit_steps(unit: Unit, budget: float | None = None) -> Steps[JSON]:
    """:func:`review_unit` in steps, as :func:`paili.review_steps` (the page reviews a season in its worker,
    showing each round as it is done): ``finish(review_unit_steps(unit)) == review_unit(unit)``."""
    record: JSON = {"key": unit.key, "file": unit.path, "seat": unit.seat, "player": None,
                    "options": unit.options}
    try:
        game = read_log(unit.text)
        record["player"] = game.players[unit.seat] if unit.seat < len(game.players) else None
        result = yield from review_steps(unit.text, seat=unit.seat, turns=unit.turns, max_shanten=unit.max_shanten,
                                         budget=budget)
        record["log"] = log_figures(game, unit.seat)
        record["review"] = review_figures(result, unit.top)
    except HandError as exc:
        record["error"] = exc.message
    except Exception as exc:  # noqa: BLE001 - one game's fault must not stop a season; the summary lists it
        record["error"] = f"internal error {type(exc).__name__}: {exc}"
    return record
