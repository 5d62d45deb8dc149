"""Finding the logs of a season and planning its units of work.

:func:`find_logs` lists the log files under the paths given: a file is taken as it is, a folder is searched
recursively for tenhou.net/6 JSON and mjai records (``.json``, ``.jsonl``, ``.mjson``, ``.txt``, each also as
``.gz``). :func:`plan` reads each (:func:`read_text`: gzip-compressed or not, by its content), names it by
the SHA-256 of its text (the key a resumed run matches: a file renamed or moved keeps its reviews) and lists
the seats to review: every seat, one seat, or the seats a named player sat in. A file that is no log (not
JSON, not a tenhou.net/6 log nor an mjai record) is :class:`Skipped` with the reason; the rounds themselves
are read by the review, which names the round and step of any error.
"""

from __future__ import annotations

import gzip
import hashlib
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from ..errors import HandError
from ..logs import read_log

__all__ = ["LOG_SUFFIXES", "Job", "LogFile", "Skipped", "find_logs", "plan", "read_text"]

LOG_SUFFIXES: Final = (".json", ".jsonl", ".mjson", ".txt")
"""The endings of the files a folder is searched for (each also followed by ``.gz``)."""
_GZIP_MAGIC: Final = b"\x1f\x8b"


@dataclass(frozen=True, slots=True)
class LogFile:
    """A log file read: its path, the SHA-256 of its text, its players' names (3 or 4, ``""`` unnamed) and its
    number of rounds (what a review's time grows with)."""

    path: str
    digest: str
    players: tuple[str, ...]
    rounds: int


@dataclass(frozen=True, slots=True)
class Job:
    """One (game, seat) to review: the file and the seat; its ``key`` names it in the output."""

    log: LogFile
    seat: int

    @property
    def key(self) -> str:
        return unit_key(self.log.digest, self.seat)


@dataclass(frozen=True, slots=True)
class Skipped:
    """A file, or one seat of it (``seat``), left out of the season, and why (the error's message, which names
    the round and step of a malformed round)."""

    path: str
    seat: int | None
    reason: str


def unit_key(digest: str, seat: int) -> str:
    """The key of a (game, seat): the SHA-256 of the log's text and the seat."""
    return f"{digest}:{seat}"


def _is_log_name(name: str) -> bool:
    name = name.lower().removesuffix(".gz")
    return name.endswith(LOG_SUFFIXES)


def find_logs(paths: Iterable[str | os.PathLike[str]]) -> tuple[list[Path], list[Skipped]]:
    """The log files under ``paths`` (a file as given; a folder's log files, recursively, sorted by path), and a
    :class:`Skipped` for each path that does not exist. A file found twice is listed once."""
    found: list[Path] = []
    missing: list[Skipped] = []
    seen: set[Path] = set()
    for given in paths:
        path = Path(given)
        if path.is_dir():
            files = sorted(p for p in path.rglob("*") if p.is_file() and _is_log_name(p.name))
        elif path.is_file():
            files = [path]
        else:
            missing.append(Skipped(str(path), None, "no such file or folder"))
            continue
        for file in files:
            resolved = file.resolve()
            if resolved not in seen:
                seen.add(resolved)
                found.append(file)
    return found, missing


def read_text(path: str | os.PathLike[str]) -> str:
    """A log file's text (UTF-8), uncompressed first when it is gzip-compressed (whatever its name)."""
    data = Path(path).read_bytes()
    if data[:2] == _GZIP_MAGIC:
        data = gzip.decompress(data)
    return data.decode("utf-8")


def read_log_file(path: str | os.PathLike[str]) -> tuple[LogFile, str]:
    """The :class:`LogFile` of ``path`` and its text; raises :class:`OSError`, :class:`UnicodeDecodeError`,
    :class:`gzip.BadGzipFile` or :class:`~paili.HandError` for a file that is no readable log."""
    text = read_text(path)
    game = read_log(text)
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    return LogFile(str(path), digest, game.players, len(game.rounds)), text


def _reason(exc: Exception) -> str:
    if isinstance(exc, HandError):
        return exc.message
    if isinstance(exc, OSError) and exc.strerror:
        return f"cannot read the file: {exc.strerror}"
    return f"cannot read the file: {exc}"


def plan(paths: Sequence[str | os.PathLike[str]], *, player: str | None = None, seat: int | None = None
         ) -> tuple[list[Job], list[Skipped]]:
    """The (game, seat) units to review under ``paths`` and the files skipped.

    Every seat of each log, or only ``seat``, or only the seats where ``player`` sat (a log without them adds
    nothing). A file read twice under two names (the same text) is reviewed once."""
    files, skipped = find_logs(paths)
    jobs: list[Job] = []
    digests: set[str] = set()
    for file in files:
        try:
            log, _ = read_log_file(file)
        except (OSError, ValueError) as exc:  # HandError, UnicodeDecodeError and BadGzipFile (an OSError) too
            skipped.append(Skipped(str(file), None, _reason(exc)))
            continue
        if log.digest in digests:
            continue
        digests.add(log.digest)
        if seat is not None:
            if seat >= len(log.players):
                skipped.append(Skipped(log.path, seat, f"the log has {len(log.players)} players: no seat {seat}"))
                continue
            seats = [seat]
        elif player is not None:
            seats = [s for s, name in enumerate(log.players) if name == player]
        else:
            seats = list(range(len(log.players)))
        jobs.extend(Job(log, s) for s in seats)
    return jobs, skipped
