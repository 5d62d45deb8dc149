"""``python -m paili review-many PATH... [--player NAME | --seat N] [--jobs N] [--out FILE.jsonl]
[--scheduler ADDRESS] [--json]``: review a season of logs and print each player's statistics.

:func:`add_arguments` defines the options on a parser (the CLI's ``review-many`` subcommand), :func:`run` does
the work with the parsed arguments and :func:`main` parses a list of arguments and runs (as the tests do).
The exit status is 0 when every unit was reviewed, 1 when some file or seat was skipped (the summary says
which and why), 2 for a usage error (no logs, an output file of other options, ``--scheduler`` without Dask).

The progress bar is tqdm's (``pip install paili[season]``), on standard error when it is a terminal; without
tqdm, or when standard error is a file or a pipe, the run is quiet but for the files it skips.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import json
import os
import sys
import unicodedata
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from ..advice import DEFAULT_MAX_SHANTEN, DEFAULT_TURNS, MAX_SHANTEN_LIMIT, MAX_TURNS
from ..errors import HandError
from ..i18n import error_text, t
from ..results import error_json
from ..season.output import Output
from ..season.runner import ClusterMissing, run_dask, run_processes, run_serial
from ..season.sources import Job, find_logs, plan, read_text
from ..season.stats import DEFAULT_SITE, Season, Tally
from ..season.unit import Unit
from .text import add_lang_option

__all__ = ["add_arguments", "default_jobs", "main", "render", "run"]

JSON = dict[str, Any]


def default_jobs() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _bounded(low: int, high: int | None = None) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
        if value < low or high is not None and value > high:
            raise argparse.ArgumentTypeError(f"expected a number from {low}{f' to {high}' if high else ' up'}, "
                                             f"got {value}")
        return value
    return parse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``review-many`` on ``parser``."""
    parser.add_argument("paths", nargs="+", metavar="PATH",
                        help="log files or folders of them: tenhou.net/6 JSON or mjai records, also .gz")
    who = parser.add_mutually_exclusive_group()
    who.add_argument("--player", metavar="NAME", help="review only the seats this player sat in")
    who.add_argument("--seat", type=_bounded(0, 3), metavar="N", help="review only this seat (0-3)")
    parser.add_argument("--jobs", type=_bounded(1), default=None, metavar="N",
                        help=f"worker processes on this machine (default: the cores, {default_jobs()})")
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help="run the reviews on a Dask distributed scheduler, e.g. tcp://10.0.0.1:8786 "
                             "(pip install 'paili[cluster]')")
    parser.add_argument("--out", metavar="FILE.jsonl",
                        help="write one JSON line per (game, seat) as it is done; a run again skips those there")
    parser.add_argument("--turns", type=_bounded(1, MAX_TURNS), default=DEFAULT_TURNS,
                        help=f"draws looked ahead at most (default {DEFAULT_TURNS})")
    parser.add_argument("--max-shanten", type=_bounded(0, MAX_SHANTEN_LIMIT), default=DEFAULT_MAX_SHANTEN,
                        help=f"hands further from tenpai are not searched (default {DEFAULT_MAX_SHANTEN})")
    parser.add_argument("--top", type=_bounded(0), default=10, help="costliest decisions listed (default 10)")
    parser.add_argument("--site", default=DEFAULT_SITE,
                        help=f"the analyzer's address the positions link to (default {DEFAULT_SITE})")
    parser.add_argument("--json", action="store_true", help="print the statistics as JSON")
    add_lang_option(parser)


def _progress(total: int, resumed: int) -> Any:
    """tqdm's bar on standard error when it is a terminal (``None`` without tqdm)."""
    try:
        tqdm = importlib.import_module("tqdm")  # an optional extra: untyped, imported on use
    except ImportError:
        return None
    return tqdm.tqdm(total=total, initial=resumed, unit="seat", desc="review-many", disable=not sys.stderr.isatty(),
                dynamic_ncols=True)


def _units(jobs: Sequence[Job], args: argparse.Namespace, failed: Callable[[JSON], None]) -> Iterator[Unit]:
    """The units of ``jobs``, each log read again when its unit is handed out (a file gone or changed since it
    was planned: a record with the error, given to ``failed``)."""
    options = {"turns": args.turns, "max_shanten": args.max_shanten}
    for job in jobs:
        try:
            text = read_text(job.log.path)
            if hashlib.sha256(text.encode("utf-8")).hexdigest() != job.log.digest:
                raise ValueError("it changed during the run")  # its key would name another text
        except (OSError, ValueError) as exc:
            failed({"key": job.key, "file": job.log.path, "seat": job.seat, "player": job.log.players[job.seat],
                    "options": options, "error": f"cannot read the file: {exc}"})
            continue
        yield Unit(job.log.path, job.log.digest, text, job.seat, args.turns, args.max_shanten, args.top)


def run(args: argparse.Namespace) -> int:
    """``review-many`` with parsed arguments (:func:`add_arguments`'s); prints the statistics."""
    options = {"turns": args.turns, "max_shanten": args.max_shanten}
    jobs, skipped = plan(args.paths, player=args.player, seat=args.seat)
    if not jobs and not skipped:
        found = "no logs found under " + " ".join(args.paths)
        if args.player is not None and find_logs(args.paths)[0]:
            found = f"no seat of {args.player} in the logs under " + " ".join(args.paths)
        print(f"paili review-many: {found}", file=sys.stderr)
        return 2
    tally = Tally(options=options, skipped=skipped, top=args.top, site=args.site)
    planned = {job.key for job in jobs}

    def previous(record: JSON) -> None:
        if record["key"] in planned:  # a line of another season's file counts only when its log is given
            tally.add(record)

    try:
        output = Output(args.out, options, previous)
    except HandError as exc:
        print(f"paili review-many: {error_text(error_json(exc), args.lang)}", file=sys.stderr)
        return 2
    for s in skipped:
        print(f"paili review-many: skipped {s.path}: {s.reason}", file=sys.stderr)
    with output:
        # the longest games first: the workers' last units are short ones, and none waits long for the others
        todo = sorted((job for job in jobs if job.key not in output), key=lambda job: -job.log.rounds)
        bar = _progress(len(jobs), len(jobs) - len(todo))

        def done(record: JSON) -> None:
            output.add(record)
            tally.add(record)
            if "error" in record:
                message = f"paili review-many: skipped {record['file']} seat {record['seat']}: {record['error']}"
                if bar is not None and not bar.disable:
                    bar.write(message, file=sys.stderr)
                else:
                    print(message, file=sys.stderr)
            if bar is not None:
                bar.update(1)

        units = _units(todo, args, done)
        try:
            if args.scheduler:
                run_dask(units, done, args.scheduler)
            elif (args.jobs or default_jobs()) > 1 and len(todo) > 1:
                run_processes(units, done, min(args.jobs or default_jobs(), len(todo)))
            else:
                run_serial(units, done)
        except ClusterMissing as exc:
            print(f"paili review-many: {exc}", file=sys.stderr)
            return 2
        finally:
            if bar is not None:
                bar.close()
    season = tally.season()
    print(json.dumps(season.to_json(), ensure_ascii=False, indent=2) if args.json else render(season, args.lang))
    return 1 if season.skipped else 0


def _percent(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"


def _number(value: float | None, digits: int = 0) -> str:
    return "-" if value is None else f"{value:,.{digits}f}"


def _width(text: str) -> int:
    """Terminal columns of ``text`` (wide CJK characters take two)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _pad(text: str, width: int, left: bool) -> str:
    space = " " * max(0, width - _width(text))
    return text + space if left else space + text


HEAD = ("player", "games", "rounds", "win", "deal_in", "riichi", "call", "average_win", "average_placement",
        "decisions", "best", "loss_per_game")
"""The table's columns (``season.<name>`` in the catalogs)."""


def render(season: Season, lang: str = "en") -> str:
    """The text form of a season in ``lang``: a table of the players, each one's costliest decisions, what was
    skipped and why (the reasons as the log's errors word them)."""
    rows = [tuple(t(f"season.{name}", lang) for name in HEAD)]
    rows += [(p.name, str(p.games), str(p.rounds), _percent(p.win_rate), _percent(p.deal_in_rate),
              _percent(p.riichi_rate), _percent(p.call_rate), _number(p.average_win),
              _number(p.average_placement, 2), str(p.discards), _percent(p.best_rate), _number(p.loss_per_game))
             for p in season.players]
    widths = [max(_width(row[i]) for row in rows) for i in range(len(HEAD))]
    lines = ["  ".join(_pad(cell, w, i == 0) for i, (cell, w) in enumerate(zip(row, widths, strict=True)))
             for row in rows]
    lines.append(t("season.reviewed", lang, count=season.units, turns=season.options["turns"],
                   max_shanten=season.options["max_shanten"]))
    for p in season.players:
        if p.costliest:
            lines.append("")
            lines.append(t("season.costliest", lang, name=p.name))
            for c in p.costliest:
                where = t("season.costly", lang, file=c.file, seat=c.seat, round=f"{c.round}-{c.honba}", step=c.step,
                          played=c.played, best=c.best)
                lines.append(f"  -{c.loss:,.0f}  {where}  {c.url}")
    if season.skipped:
        lines.append("")
        lines.append(t("season.skipped", lang, count=len(season.skipped)))
        for s in season.skipped:
            where = s.path if s.seat is None else t("season.seat", lang, file=s.path, seat=s.seat)
            lines.append(f"  {where}: {s.reason}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Parse ``argv`` (default: the command line) as ``review-many``'s arguments and run."""
    parser = argparse.ArgumentParser(prog="paili review-many",
                                     description="Review many logged games: every seat's or one player's "
                                                 "decisions, and the statistics per player.")
    add_arguments(parser)
    return run(parser.parse_args(sys.argv[1:] if argv is None else list(argv)))


if __name__ == "__main__":
    sys.exit(main())
