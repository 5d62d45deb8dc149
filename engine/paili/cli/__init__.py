"""Paili's command line: ``python -m paili COMMAND ...`` (or ``paili COMMAND ...``), one module a command.

====================  ===========================================================================================
``paili HAND``        the analysis (:mod:`.analyze`): shanten, readings, waits, ukeire, the discard table
``paili advise``      the discard table with win %, tenpai % and expected points (:mod:`.advise`)
``paili call``        should the tile just thrown be called (:mod:`.call`)
``paili score``       what a win scores, riichi or Chinese Official (:mod:`.score`)
``paili review``      a seat's decisions in a game log beside the best (:mod:`.review`)
====================  ===========================================================================================

:mod:`.text` holds what they share (the ``--lang`` option, labels, error lines, the loop over standard input).
The command line sits above the public functions (:mod:`paili.public`): no engine module imports it.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import Final

from . import advise, analyze, call, review, score

__all__ = ["COMMANDS", "main"]

COMMANDS: Final[dict[str, tuple[Callable[[Sequence[str]], int], str]]] = {
    "advise": (advise.main, "the discard table: win %, tenpai % and expected points of each discard"),
    "call": (call.main, "should I call the tile just thrown (pass, ron, chi, pon, open kan)?"),
    "score": (score.main, "what a win scores (yaku, fu, points; --rules gb: the fans)"),
    "review": (review.main, "review a seat's decisions in a game log (tenhou.net/6 or mjai)"),
}
"""The commands besides the analysis, each with its one line of help."""


def commands_help() -> str:
    """The help's list of commands, one line each (the analysis first: it is the command without a name)."""
    lines = ["commands:", f"  {'HAND':<8}  the analysis of a hand: shanten, readings, waits, ukeire, discards"]
    lines += [f"  {name:<8}  {line}" for name, (_, line) in COMMANDS.items()]
    lines.append("Each command has its own --help: python -m paili advise --help")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command ``argv`` names (the analysis when its first word is no command's name)."""
    args = sys.argv[1:] if argv is None else list(argv)
    command = COMMANDS.get(args[0]) if args else None
    if command is not None:
        return command[0](args[1:])
    return analyze.main(args, commands_help())
