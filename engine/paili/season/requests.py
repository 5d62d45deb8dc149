"""A season on the page: the API's ``season_unit`` and ``season_summary`` ops (the command line's
``review-many`` runs the same units and sums the same records, :mod:`paili.season.runner` and
:mod:`paili.season.stats`).

The page reads the logs a player opens (files or a folder), asks the worker for one (game, seat) record at a
time (:func:`season_unit_steps`, in steps: the page stays responsive and shows each round as it is done), keeps
the records, and asks for their summary (:func:`season_summary`): the same statistics table as the command
line's, and each game's figures for the chart.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from typing import Any

from ..advice import DEFAULT_MAX_SHANTEN, DEFAULT_TURNS, Steps
from ..errors import HandError
from .sources import Skipped
from .stats import DEFAULT_SITE, summarize
from .unit import Unit, review_unit, review_unit_steps

__all__ = ["season_summary", "season_unit", "season_unit_steps"]

JSON = dict[str, Any]


def _unit(log: str | Mapping[str, Any], seat: int, file: str, turns: int, max_shanten: int) -> Unit:
    """The (game, seat) a request names, keyed as the command line keys it (the SHA-256 of the log's text)."""
    text = log if isinstance(log, str) else json.dumps(log, ensure_ascii=False)
    return Unit(file or "log", hashlib.sha256(text.encode()).hexdigest(), text, seat, turns, max_shanten)


def season_unit_steps(log: str | Mapping[str, Any], *, seat: int = 0, file: str = "", turns: int = DEFAULT_TURNS,
                      max_shanten: int = DEFAULT_MAX_SHANTEN, budget: float | None = None) -> Steps[JSON]:
    """:func:`season_unit` in steps (as :func:`paili.review_steps`)."""
    return (yield from review_unit_steps(_unit(log, seat, file, turns, max_shanten), budget))


def season_unit(log: str | Mapping[str, Any], *, seat: int = 0, file: str = "", turns: int = DEFAULT_TURNS,
                max_shanten: int = DEFAULT_MAX_SHANTEN) -> JSON:
    """The record of one (game, seat), as ``review-many`` writes it to its ``--out`` file (``key``, ``file``,
    ``seat``, ``player``, ``options``, and ``log`` and ``review`` figures, or ``error`` for a log that cannot be
    reviewed: it never raises for a bad log). ``file``: the name the summary reports it under."""
    return review_unit(_unit(log, seat, file, turns, max_shanten))


def _records(records: object) -> list[JSON]:
    if not isinstance(records, Sequence) or isinstance(records, (str, bytes)) or not all(
            isinstance(r, Mapping) and isinstance(r.get("key"), str) and isinstance(r.get("seat"), int)
            for r in records):
        raise HandError("expected records to be a list of season_unit records (objects with a key and a seat)",
                        field="records", code="season.records", params={})
    return [dict(r) for r in records]


def _skipped(skipped: object) -> list[Skipped]:
    if not isinstance(skipped, Sequence) or isinstance(skipped, (str, bytes)) or not all(
            isinstance(s, Mapping) and isinstance(s.get("file"), str) and isinstance(s.get("reason"), str)
            for s in skipped):
        raise HandError("expected skipped to be a list of {file, seat, reason} objects", field="skipped",
                        code="season.skipped", params={})
    return [Skipped(s["file"], s.get("seat") if isinstance(s.get("seat"), int) else None, s["reason"])
            for s in skipped]


def season_summary(records: Sequence[Mapping[str, Any]], *, skipped: Sequence[Mapping[str, Any]] | None = None,
                   top: int = 10, site: str = DEFAULT_SITE) -> JSON:
    """The statistics of the records (:func:`season_unit`'s), as ``review-many --json`` prints them: per player
    the games, rounds, win, deal-in, riichi and call rates, average win and placement, Paili's decisions, how
    often the discard was best, the loss per game, each game's figures (``per_game``: for a chart) and the
    ``top`` costliest decisions linked to the analyzer at ``site``; ``skipped``: the files the page could not
    read (``{file, seat, reason}``), listed with the records that hold an error."""
    checked = _records(records)
    if not isinstance(top, int) or isinstance(top, bool) or not 1 <= top <= 100:
        raise HandError(f"expected top to be an integer from 1 to 100, got {top!r}", field="top",
                        code="season.top", params={"got": repr(top)})
    if not isinstance(site, str):
        raise HandError(f"expected site to be the analyzer's address, got {site!r}", field="site",
                        code="season.site", params={"got": repr(site)})
    options = dict(checked[0].get("options") or {}) if checked else {}
    gone = _skipped(skipped) if skipped is not None else []
    return summarize(checked, options=options, skipped=gone, top=top, site=site).to_json()
