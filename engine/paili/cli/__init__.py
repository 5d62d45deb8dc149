"""The command line: ``python -m paili`` (or the ``paili`` script), one module per command.

* ``paili HAND``: the analysis of a hand (:mod:`paili.cli.analysis`; without HAND, one hand a line from stdin)
* ``paili advise HAND``: the discard table with each discard's chances and points (:mod:`paili.cli.advise`)
* ``paili danger HAND --left ...``: each tile's chance to deal in, and why (:mod:`paili.cli.danger`)
* ``paili call HAND --offered 4m --from left``: the calls of a tile just thrown (:mod:`paili.cli.call`)
* ``paili score HAND --win 5p``: a win's value (:mod:`paili.cli.score`)
* ``paili review LOG --seat 0``: a seat's discards in a game log (:mod:`paili.cli.review`)
* ``paili review-many PATH...``: many logs at once, each player's statistics (:mod:`paili.cli.season`)

Their options are the keys of the API's requests, read from one table (:mod:`paili.request_keys`); the words they
share are :mod:`paili.cli.text`. This package sits above the public functions (:mod:`paili.public`): no module of
the engine imports it.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import Final

from . import advise, analysis, call, danger, review, score, season

__all__ = ["COMMANDS", "main"]

COMMANDS: Final[dict[str, tuple[Callable[[Sequence[str]], int], str]]] = {
    "advise": (advise.main, "which tile to discard: each discard's win %, tenpai % and expected points"),
    "danger": (danger.main, "which of my tiles is safe: each tile's chance to deal in against the opponents, and why"),
    "call": (call.main, "should the hand call the tile just thrown (pass, ron, chi, pon, kan)"),
    "score": (score.main, "a winning hand's yaku, han, fu and points (or fans), or what each wait is worth"),
    "review": (review.main, "a seat's discards in a tenhou.net/6 game log beside the advisor's best"),
    "review-many": (season.main, "a season: many logs reviewed at once (resumable, in parallel or on a Dask "
                                 "cluster), each player's statistics"),
}
"""The commands besides the analysis, by name: the function that runs one (its arguments after the name) and its
line in ``paili --help``."""


def _epilog() -> str:
    width = max(len(name) for name in COMMANDS)
    lines = ["commands (paili COMMAND --help for each one's options):",
             f"  {'HAND':<{width}}  analyze a hand: shanten, waits, ukeire, the discard table (this help)"]
    lines += [f"  {name:<{width}}  {line}" for name, (_, line) in COMMANDS.items()]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line on ``argv`` (by default the process's arguments); the exit status."""
    args = sys.argv[1:] if argv is None else list(argv)
    command = COMMANDS.get(args[0]) if args else None
    if command is not None:
        return command[0](args[1:])
    return analysis.main(args, epilog=_epilog())
