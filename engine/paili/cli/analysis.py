"""``python -m paili HAND`` (or ``paili HAND``): a hand's analysis.

* ``python -m paili 123m456p789s11122z`` prints a readable analysis: the hand, shanten per form, then the
  readings of a win, the waits and ukeire of a 13-tile hand, or the discard table of a 14-tile hand.
* ``--json`` prints ``analyze()`` as JSON.
* With no HAND, hands are read from standard input, one per line, and written as JSON lines: the
  ``analyze()`` result, or ``{"input": line, "error": {...}}`` for a bad line (the run goes on; the exit
  status is 1 if any line failed). Blank lines are skipped.
* ``--lang ja`` (or ``en``, ``zh-Hans``: any catalog of :mod:`paili.i18n`; by default the one that
  ``LC_ALL`` / ``LC_MESSAGES`` / ``LANG`` names) writes the readable output and the error messages in that
  language; JSON stays in ids.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from .. import __version__
from ..errors import HandError
from ..i18n import t
from ..public import analyze
from .text import add_lang_option, add_options, batch, error_lines, label, options_of, reading_text

_FORMS = ("regular", "chiitoitsu", "kokushi", "quanbukao", "qixingbukao", "zuhelong")


def _shanten_words(n: int, lang: str) -> str:
    if n < 0:
        return t("cli.complete", lang)
    return t("cli.tenpai", lang) if n == 0 else t("cli.n_shanten", lang, count=n)


def _tiles(items: Sequence[dict[str, Any]]) -> str:
    return " ".join(f"{t['tile']}({t['remaining']})" for t in items) or "-"


def render(result: dict[str, Any], lang: str = "en") -> str:
    """The readable text form of an ``analyze()`` result, in ``lang``."""
    lines = []
    melds = " ".join([m["text"] for m in result["melds"]] + ["{4z}"] * result.get("nukidora", 0))
    lines.append(f"{label(t('cli.hand', lang))}{result['hand']}{' ' + melds if melds else ''}   "
                 f"{t('cli.concealed_tiles', lang, count=result['tiles'])}")
    sh = result["shanten"]
    forms = ", ".join(f"{t(f'cli.form.{key}', lang)} {sh[key]}" for key in _FORMS if sh.get(key) is not None)
    lines.append(f"{label(t('cli.shanten', lang))}{sh['min']}  {_shanten_words(sh['min'], lang)}   [{forms}]")
    if "void" in result:
        which = t("cli.void_fixed" if result["void"]["fixed"] else "cli.void_best", lang)
        lines.append(f"{label(t('cli.void', lang))}{result['void']['suits']} ({which})")
    if "decompositions" in result and result["decompositions"]:
        lines.append(t("cli.win_readings", lang, count=len(result["decompositions"])))
        for i, d in enumerate(result["decompositions"], 1):
            names = [*(d["flags"] if lang == "en" else (t(f"flag.{f}", lang) for f in d["flags"]))]
            if d.get("gen"):
                names.append(t("cli.gen", lang, count=d["gen"]))
            flags = f"   [{', '.join(names)}]" if names else ""
            lines.append(f"  {i}. {reading_text(d, lang)}{flags}")
    if "waits" in result:
        lines.append(f"{label(t('cli.waits', lang))}{_tiles(result['waits'])}")
        lines.append(f"{label(t('cli.ukeire', lang))}{t('cli.ukeire_tiles', lang, count=result['ukeire']['total'])} "
                     f"{_tiles(result['ukeire']['tiles'])}")
    if result.get("discards"):
        lines.append(t("cli.discard_header", lang))
        for row in result["discards"]:
            lines.append(f"{row['tile']:<8} {row['shanten']:>7}  {row['ukeire']['total']:>6}  "
                         f"{_tiles(row['ukeire']['tiles'])}")
    if "note" in result:
        lines.append(f"note      {result['note']}")
    return "\n".join(lines)


def main(argv: Sequence[str], epilog: str = "") -> int:
    """``python -m paili [HAND]``: the exit status (0; 1 when a line of the batch failed; 2 for a bad hand).
    ``epilog`` ends the help (the list of the other commands)."""
    parser = argparse.ArgumentParser(prog="paili", description="Analyze a mahjong hand (mpsz notation).",
                                     epilog=epilog, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("hand", nargs="?", help="e.g. 123m456p789s11122z; without it, read hands from stdin")
    add_options(parser, "analyze", but=("hand",))
    parser.add_argument("--json", action="store_true", help="print analyze() as JSON")
    parser.add_argument("--version", action="version", version=f"paili {__version__}")
    add_lang_option(parser)
    args = parser.parse_args(argv)
    options = options_of(args, "analyze", but=("hand",))
    if args.hand is None:
        return batch(sys.stdin, sys.stdout, lambda text: analyze(text, **options))
    try:
        result = analyze(args.hand, **options)
    except HandError as exc:
        print(error_lines(exc, args.lang, {"hand": args.hand, "visible": args.visible}.get(exc.field)),
              file=sys.stderr)
        return 2
    print(json.dumps(result, ensure_ascii=False, indent=2) if args.json else render(result, args.lang))
    return 0
