"""``python -m paili advise HAND [--visible ...] [--dora ...] [--turns N] ...``: which tile to discard.

Prints the discard table of a 14-tile (3n+2) hand as the page shows it (:func:`paili.advise`): per discard the
shanten after it, the count of tiles that improve, the chance to win and to be tenpai within the draws, and
the expected points (under riichi's scoring only, as on the page), best first by ``--objective``; then what the
model assumed. ``--json`` prints :func:`paili.advise`'s JSON. The options are the request's keys
(:data:`paili.request_keys.REQUESTS`); ``--lang`` the language of the table and of the error messages. A bad
hand or option is a line on standard error (and a caret under the character at fault) and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import unicodedata
from collections.abc import Sequence
from typing import Any

from ..errors import HandError
from ..i18n import t
from ..public import advise
from .text import add_lang_option, add_options, error_lines, label, options_of


def percent(p: float | None) -> str:
    """A chance as the page writes it: one decimal (``"31.2%"``), ``"<0.1%"`` for a chance too small to show,
    ``"—"`` for none.

    >>> percent(0.3124), percent(0.0001), percent(0.0), percent(None)
    ('31.2%', '<0.1%', '0.0%', '—')
    """
    if p is None:
        return "—"
    if 0 < p < 0.0005:
        return "<0.1%"
    return f"{p * 100:.1f}%"


def points(value: float | None) -> str:
    """Expected points as the page writes them: whole (halves up), grouped by thousands; ``"—"`` for none.

    >>> points(1234.5), points(None)
    ('1,235', '—')
    """
    return "—" if value is None else f"{math.floor(value + 0.5):,}"


def _width(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _left(text: str, width: int) -> str:
    return text + " " * max(0, width - _width(text))


def _right(text: str, width: int) -> str:
    return " " * max(0, width - _width(text)) + text


def _tiles(items: Sequence[dict[str, Any]]) -> str:
    return " ".join(f"{item['tile']}({item['remaining']})" for item in items) or "-"


COLUMNS = (("p_win", "ui.col_win"), ("p_tenpai", "ui.col_tenpai"), ("ev", "ui.col_points"))
"""The advice columns of the page's discard table: the figure of :func:`paili.advise`, the catalog key of its title."""


def render(result: dict[str, Any], lang: str = "en") -> str:
    """The readable discard table of an :func:`paili.advise` result, in ``lang``: the page's columns (discard,
    shanten, count, win, tenpai, points, the tiles that improve), each chance and points at the last draw."""
    last = result["turns"] - 1
    columns = [(k, title) for k, title in COLUMNS if k != "ev" or result["rules"] == "riichi"]
    heads = [t("ui.col_discard", lang), t("ui.col_shanten", lang), t("ui.col_count", lang),
             *(t(title, lang) for _, title in columns)]
    defended = any("deal_in" in row for row in result["discards"])  # opponents given: the table counted
    if defended:
        heads.append(t("ui.col_deal_in", lang))
    rows = []
    for row in result["discards"]:
        figures = [(percent if k != "ev" else points)(row[k][last] if row[k] is not None else None)
                   for k, _ in columns]
        if defended:
            figures.append(percent(row.get("deal_in")))
        rows.append([row["tile"], str(row["shanten"]), str(row["ukeire"]["total"]), *figures,
                     _tiles(row["ukeire"]["tiles"])])
    widths = [max(_width(text) for text in [head, *(r[i] for r in rows)]) for i, head in enumerate(heads)]
    melds = " ".join(m["text"] for m in result["melds"])
    situation = result["situation"]
    order = t(f"cli.order.{result['options']['objective']}", lang)
    lines = [f"{label(t('cli.hand', lang))}{result['hand']}{' ' + melds if melds else ''}   "
             f"{t('cli.advise_within', lang, count=result['turns'], order=order)}",
             "  ".join([_left(heads[0], widths[0]), *(_right(h, w) for h, w in zip(heads[1:], widths[1:], strict=True)),
                        t("ui.col_improve", lang)])]
    for r in rows:
        lines.append("  ".join([_left(r[0], widths[0]),
                                *(_right(text, w) for text, w in zip(r[1:-1], widths[1:], strict=True)), r[-1]]))
    if result.get("note"):
        lines.append(t("ui.advice_note", lang, max=result["options"]["max_shanten"]))
    verdict = result.get("verdict")
    if verdict is not None:
        lines.append(verdict_text(verdict, lang))
    if situation and "riichi" in situation:
        lines.append(t("cli.advise_model", lang, riichi=t(f"cli.riichi_policy.{situation['riichi']}", lang),
                       round=situation["round_wind"], seat=situation["seat_wind"],
                       dora=situation["dora"] or t("cli.none", lang)))
    if verdict is not None:  # the other players counted: what that adds to the model
        lines.append(t("ui.assumes_table", lang))
    return "\n".join(lines)


def verdict_text(verdict: dict[str, Any], lang: str = "en") -> str:
    """Push or fold in one line (an answer with opponents): which line is worth more and by how much; for a hand
    that throws nothing yet (an outlook, a call advice: ``push`` null), going on with it against folding."""
    if verdict["push"] is None:
        return t("ui.verdict_hold_fold" if verdict["fold"] else "ui.verdict_hold_push", lang,
                 safest=verdict["safest"] or "-", points=points(verdict["margin"]))
    if verdict["fold"]:
        return t("ui.verdict_fold", lang, safest=verdict["safest"], push=verdict["push"] or "-",
                 points=points(verdict["margin"]))
    return t("ui.verdict_push", lang, push=verdict["push"] or "-", safest=verdict["safest"] or "-",
             points=points(verdict["margin"]))


def main(argv: Sequence[str]) -> int:
    """``python -m paili advise``: the exit status (0, or 2 for a bad hand or option)."""
    parser = argparse.ArgumentParser(prog="paili advise", description="Which tile to discard: each discard's chance "
                                     "to win and to be tenpai within the draws left, and its expected points.")
    parser.add_argument("hand", help="the hand after its draw (14 tiles with its melds), e.g. 123m456p789s11234z")
    add_options(parser, "advise", but=("hand",))
    parser.add_argument("--json", action="store_true", help="print advise() as JSON")
    add_lang_option(parser)
    args = parser.parse_args(argv)
    options = options_of(args, "advise", but=("hand",))
    try:
        result = advise(args.hand, **options)
    except HandError as exc:
        shown = {"hand": args.hand, "visible": args.visible, "dora": args.dora}.get(exc.field)
        print(error_lines(exc, args.lang, shown), file=sys.stderr)
        return 2
    print(json.dumps(result, ensure_ascii=False, indent=2) if args.json else render(result, args.lang))
    return 0
