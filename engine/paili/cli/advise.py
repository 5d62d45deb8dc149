"""The advise command: ``python -m paili advise HAND [--visible ... --dora ... --turns N ...]`` prints the
discard table as the page shows it (:func:`paili.advise`): each discard with its shanten, its ukeire, and
within the draws left the chance to win, the chance to be tenpai and the expected points; then the line that
says what the figures assume (the riichi policy, the winds, the dora). ``--json`` prints the result."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from ..advice import DEFAULT_MAX_SHANTEN, DEFAULT_TURNS, MAX_TURNS, OBJECTIVES
from ..errors import HandError
from ..i18n import t
from ..public import advise
from ..rules import RULES
from .text import add_lang_option, error_lines, label


def _percent(figures: list[float] | None) -> str:
    return "-" if figures is None else f"{100 * figures[-1]:.1f}%"


def _points(figures: list[float] | None) -> str:
    return "-" if figures is None else f"{figures[-1]:,.0f}"


def render(result: dict[str, Any], lang: str = "en") -> str:
    """The readable discard table of an ``advise()`` result, in ``lang``: best first."""
    scored = result["situation"] is not None
    head = [t("ui.col_discard", lang), t("ui.col_shanten", lang), t("ui.col_count", lang), t("ui.col_win", lang),
            t("ui.col_tenpai", lang), *([t("ui.col_points", lang)] if scored else [])]
    rows = [[row["tile"], str(row["shanten"]), str(row["ukeire"]["total"]), _percent(row["p_win"]),
             _percent(row["p_tenpai"]), *([_points(row["ev"])] if scored else [])] for row in result["discards"]]
    widths = [max(len(cells[i]) for cells in [head, *rows]) for i in range(len(head))]
    lines = [f"{label(t('cli.hand', lang))}{result['hand']}   {t('cli.advise_draws', lang, count=result['turns'])}"]
    lines += ["  ".join(cell.ljust(w) if i == 0 else cell.rjust(w) for i, (cell, w) in enumerate(zip(cells, widths,
                                                                                                    strict=True)))
              for cells in [head, *rows]]
    lines.append(assumptions(result, lang))
    if result.get("note"):
        lines.append(t("ui.advice_note", lang, max=result["options"]["max_shanten"]))
    return "\n".join(lines)


def assumptions(result: dict[str, Any], lang: str = "en") -> str:
    """What the figures assume, in one line: self-draws within the draws left, the riichi policy, the winds
    and the dora indicators (or, unscored, that the figures are chances only)."""
    s = result["situation"]
    if s is None:
        return t("cli.advise_assumes_unscored", lang, count=result["turns"])
    if s.get("rules") == "gb":
        return t("cli.advise_assumes_gb", lang, count=result["turns"], round_wind=s["round_wind"],
                 seat_wind=s["seat_wind"])
    return t("cli.advise_assumes", lang, count=result["turns"],
             riichi=t(f"cli.advise_riichi_{s['riichi']}", lang), round_wind=s["round_wind"],
             seat_wind=s["seat_wind"], dora=s["dora"] or t("cli.advise_no_dora", lang))


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="paili advise",
                                     description="The discard table: win %, tenpai % and expected points of each "
                                                 "discard within the draws left.")
    parser.add_argument("hand", help="a hand with a tile to discard (14 tiles with its melds), e.g. 123m456p789s11223z")
    parser.add_argument("--melds", action="append", default=None, help="a called meld such as [789s]; may be repeated")
    parser.add_argument("--visible", default="", help="tiles seen elsewhere, e.g. 1m5z")
    parser.add_argument("--dora", default="", help="the dora indicators, e.g. 4p")
    parser.add_argument("--turns", type=int, default=DEFAULT_TURNS, help=f"draws left, 1-{MAX_TURNS} "
                                                                          f"(default {DEFAULT_TURNS})")
    parser.add_argument("--riichi", default="always", choices=["always", "dama"],
                        help="always: riichi on tenpai (default); dama: stay closed without riichi")
    parser.add_argument("--objective", default="ev", choices=list(OBJECTIVES),
                        help="what orders the discards (default ev: the expected points)")
    parser.add_argument("--max-shanten", type=int, default=DEFAULT_MAX_SHANTEN,
                        help=f"search rows up to this shanten (default {DEFAULT_MAX_SHANTEN})")
    parser.add_argument("--round-wind", default="1z")
    parser.add_argument("--seat-wind", default="1z")
    parser.add_argument("--honba", type=int, default=0)
    parser.add_argument("--riichi-sticks", type=int, default=0)
    parser.add_argument("--rules", default="riichi", choices=list(RULES))
    parser.add_argument("--json", action="store_true", help="print advise() as JSON")
    add_lang_option(parser)
    args = parser.parse_args(argv)
    try:
        result = advise(args.hand, melds=args.melds, visible=args.visible, dora=args.dora, turns=args.turns,
                        riichi=args.riichi, objective=args.objective, max_shanten=args.max_shanten,
                        round_wind=args.round_wind, seat_wind=args.seat_wind, honba=args.honba,
                        riichi_sticks=args.riichi_sticks, rules=args.rules, improvements=False)
    except HandError as exc:
        inputs = {"hand": args.hand, "visible": args.visible, "dora": args.dora}
        print(error_lines(exc, args.lang, inputs.get(exc.field)), file=sys.stderr)
        return 2
    print(json.dumps(result, ensure_ascii=False, indent=2) if args.json else render(result, args.lang))
    return 0
