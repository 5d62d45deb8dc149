"""The season's JSON-lines output: one line per (game, seat), written and flushed as each is done.

An interrupted run (killed, or the machine stopped) keeps every line it finished; at most its last line is cut
short, and :class:`Output` drops that part line when it opens the file again. The lines already there are the
units a run does not do again (matched by ``key``: the log's SHA-256 and the seat). A file written with other
review options is refused (its figures would not add up with the new ones): the run names another file.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

from ..errors import HandError

__all__ = ["Output"]

JSON = dict[str, Any]


class Output:
    """The output of a season: the keys of the records done, those a previous run wrote to ``path`` (each given
    to ``previous`` as it is read back) and those added; with ``path`` ``None`` nothing is written. The
    records themselves are not kept (a year of games would not fit). Use as a context manager (the file is
    closed at the end)."""

    def __init__(self, path: str | os.PathLike[str] | None, options: JSON,
                 previous: Callable[[JSON], None] | None = None) -> None:
        self.path = None if path is None else Path(path)
        self.options = options
        self.keys: set[str] = set()
        self.resumed = 0
        """How many records the file already held."""
        self._file: IO[str] | None = None
        if self.path is not None:
            self._load(self.path, previous or (lambda record: None))
            self._file = self.path.open("a", encoding="utf-8")

    def _load(self, path: Path, previous: Callable[[JSON], None]) -> None:
        if not path.exists():
            return
        data = path.read_bytes()
        end = data.rfind(b"\n") + 1
        if end < len(data):  # the last line was cut short (the run was stopped while writing it): drop it
            with path.open("r+b") as file:
                file.truncate(end)
            data = data[:end]
        for number, line in enumerate(data.decode("utf-8").splitlines(), start=1):  # checked before any is used
            if not line.strip():
                continue
            try:
                record = json.loads(line)
            except ValueError:
                raise HandError(f"{path} line {number} is not a review-many record: write to another file",
                                field="out", code="season.out", params={"path": str(path), "line": number}) from None
            if not isinstance(record, dict) or not isinstance(record.get("key"), str):
                raise HandError(f"{path} line {number} is not a review-many record: write to another file",
                                field="out", code="season.out", params={"path": str(path), "line": number})
            if record.get("options") != self.options:
                raise HandError(f"{path} holds reviews made with other options: write to another file", field="out",
                                code="season.options", params={"path": str(path)})
            if record["key"] not in self.keys:
                self.keys.add(record["key"])
                previous(record)
        self.resumed = len(self.keys)

    def __contains__(self, key: str) -> bool:
        return key in self.keys

    def add(self, record: JSON) -> None:
        """Keep ``record`` and write it as one line, flushed at once (a unit done twice is kept once)."""
        if record["key"] in self.keys:
            return
        self.keys.add(record["key"])
        if self._file is not None:
            self._file.write(json.dumps(record, ensure_ascii=False, sort_keys=True) + "\n")
            self._file.flush()

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None

    def __enter__(self) -> Output:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
