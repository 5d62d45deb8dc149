"""``python -m paili danger HAND --left ... [--across ...] [--right ...]``: which of my tiles is safe, and how safe.

Prints the hand's tiles safest first (:func:`paili.danger`): each with its chance to deal in now against any of
the opponents given, and the reasons in players' words (genbutsu, suji, kabe...), then each opponent's chance to
be tenpai and what a deal-in costs. Each ``--left``/``--across``/``--right`` is that seat's part of the opponents'
text form (docs/RULES.md, "Defence": the river in order, ``*`` after the riichi tile, melds in brackets), or
``--opponents`` the whole form; ``--json`` prints the result.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from ..errors import HandError
from ..i18n import t
from ..public import danger
from .advise import percent, points
from .text import add_lang_option, add_options, error_lines, options_of

_SEATS = {"left": "l", "across": "a", "right": "r"}


def main(argv: Sequence[str]) -> int:
    """``python -m paili danger``: the exit status (0, or 2 for a bad hand or option)."""
    parser = argparse.ArgumentParser(prog="paili danger", description="Which of my tiles is safe, and how safe: "
                                     "each tile's chance to deal in now, and why.")
    parser.add_argument("hand", help="the hand, e.g. 23456m345p6789s15z")
    for seat in _SEATS:
        parser.add_argument(f"--{seat}", default=None, help=f"the {seat} opponent's river and calls, e.g. 19m47*z23s")
    add_options(parser, "danger", but=("hand",))
    parser.add_argument("--json", action="store_true", help="print danger() as JSON")
    add_lang_option(parser)
    args = parser.parse_args(argv)
    options = options_of(args, "danger", but=("hand",))
    parts = [f"{letter}:{getattr(args, seat)}" for seat, letter in _SEATS.items() if getattr(args, seat)]
    if parts and options.get("opponents"):
        parser.error("give --opponents or the seats (--left, --across, --right), not both")
    if parts:
        options["opponents"] = ";".join(parts)
    if not options.get("opponents"):
        parser.error("give at least one opponent: --left, --across, --right or --opponents")
    try:
        result = danger(args.hand, **options)
    except HandError as exc:
        shown = {"hand": args.hand, "opponents": options.get("opponents"), "visible": args.visible,
                 "dora": args.dora}.get(exc.field)
        print(error_lines(exc, args.lang, shown), file=sys.stderr)
        return 2
    print(json.dumps(result, ensure_ascii=False, indent=2) if args.json else render(result, args.lang))
    return 0


def render(result: dict[str, Any], lang: str = "en") -> str:
    """The tiles safest first with their deal-in chance and reasons, then each opponent's state."""
    tiles = sorted(result["tiles"], key=lambda row: (row["deal_in"], row["tile"]))
    lines = [t("cli.danger_header", lang)]
    for row in tiles:
        reasons = []
        for seat in row["opponents"]:
            words = ", ".join(t(f"danger.reason.{r['code']}", lang, **({"n": r["n"]} if "n" in r else {}))
                              for r in seat["reasons"])
            if words:
                name = t("cli.seat." + seat["seat"], lang)
                reasons.append(f"{name}: {words}")
        lines.append(f"  {row['tile']:<3} {percent(row['deal_in']):>6}  {'; '.join(reasons)}".rstrip())
    for o in result["opponents"]:
        lines.append(t("cli.danger_opponent", lang, seat=t("cli.seat." + o["seat"], lang),
                       tenpai=percent(o["p_tenpai"]), points=points(o["value"])))
    return "\n".join(lines)
