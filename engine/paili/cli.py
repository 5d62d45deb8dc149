"""Command line: ``python -m paili HAND`` (or ``paili HAND``).

* ``python -m paili 123m456p789s11122z`` prints a readable analysis: the hand, shanten per form, then the
  readings of a win, the waits and ukeire of a 13-tile hand, or the discard table of a 14-tile hand.
* ``--json`` prints ``analyze()`` as JSON.
* ``python -m paili call HAND --offered 4m --from left`` ranks the calls of the tile just thrown
  (:func:`paili.call_advice`: pass, ron, chi, pon, open kan; ``--json`` for its JSON).
* ``python -m paili score HAND --win 5p ...`` scores a winning hand (see :mod:`paili.scoring.cli`).
* ``python -m paili review game.json --seat 0`` reviews a seat's discards in a tenhou.net/6 log: a line per
  decision (played, best, the expected points lost), then the summary; ``--json`` prints ``review()``.
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

from . import __version__
from .cli_text import add_lang_option, batch, error_lines, label, reading_text
from .errors import HandError
from .i18n import t
from .public import analyze, call_advice, review
from .rules import RULES, VOIDS
from .scoring.cli import main as score_main

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


def call_main(argv: Sequence[str]) -> int:
    """``python -m paili call HAND --offered 4m --from left``: one line per option, best first."""
    parser = argparse.ArgumentParser(prog="paili call", description="Should I call the tile just thrown?")
    parser.add_argument("hand", help="the 13-tile hand, e.g. 3460m55p12789s66z")
    parser.add_argument("--offered", required=True, help="the tile just thrown, e.g. 4m (0m: a red five)")
    parser.add_argument("--from", dest="seat", default="left", choices=["left", "across", "right"])
    parser.add_argument("--visible", default="")
    parser.add_argument("--dora", default="")
    parser.add_argument("--turns", type=int, default=17)
    parser.add_argument("--riichi", default="always", choices=["always", "dama"])
    parser.add_argument("--seat-wind", default="1z")
    parser.add_argument("--round-wind", default="1z")
    parser.add_argument("--rules", default="riichi")
    parser.add_argument("--allow-swap-back", action="store_true")
    parser.add_argument("--json", action="store_true", help="print call_advice() as JSON")
    args = parser.parse_args(argv)
    try:
        result = call_advice(args.hand, args.offered, seat=args.seat, visible=args.visible, dora=args.dora,
                             turns=args.turns, riichi=args.riichi, seat_wind=args.seat_wind,
                             round_wind=args.round_wind, rules=args.rules, allow_swap_back=args.allow_swap_back)
    except HandError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result, ensure_ascii=False, indent=2))
        return 0
    print("call  meld      discard  shanten  p_win    ev")
    for o in result["options"]:
        ev = f"{o['ev'][-1]:.0f}" if o["ev"] is not None else "-"
        p_win = f"{o['p_win'][-1]:.4f}" if o["p_win"] is not None else "-"
        print(f"{o['call']:<5} {o['meld'] or '-':<9} {o['discard'] or '-':<8} {o['shanten']:>7}  {p_win:<8} {ev}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["score"]:
        return score_main(argv[1:])
    if argv[:1] == ["review"]:
        return review_main(argv[1:])
    if argv[:1] == ["call"]:
        return call_main(argv[1:])
    parser = argparse.ArgumentParser(prog="paili", description="Analyze a mahjong hand (mpsz notation).")
    parser.add_argument("hand", nargs="?", help="e.g. 123m456p789s11122z; without it, read hands from stdin")
    parser.add_argument("--melds", action="append", default=None,
                        help="a called meld such as [789s] or (1111z); may be repeated")
    parser.add_argument("--visible", default="", help="tiles seen elsewhere, e.g. 1m5z")
    parser.add_argument("--rules", default="riichi", choices=list(RULES),
                        help="the rule set: riichi (default), sanma, sichuan or gb (docs/RULES.md)")
    parser.add_argument("--void", default=None, choices=list(VOIDS),
                        help="sichuan: the suit given up (定缺); by default the hand's best")
    parser.add_argument("--json", action="store_true", help="print analyze() as JSON")
    parser.add_argument("--version", action="version", version=f"paili {__version__}")
    add_lang_option(parser)
    args = parser.parse_args(argv)
    options = {"melds": args.melds, "visible": args.visible, "rules": args.rules, "void": args.void}
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


def review_main(argv: Sequence[str]) -> int:
    """``python -m paili review LOG --seat N [--turns T] [--json]``: LOG a file (``-`` for standard input)."""
    parser = argparse.ArgumentParser(prog="paili review",
                                     description="Review one seat's discards in a tenhou.net/6 log.")
    parser.add_argument("log", help="the log file (tenhou.net/6 JSON or a tenhou.net/6 link); - for stdin")
    parser.add_argument("--seat", type=int, default=0, help="the seat reviewed, 0-3 (default 0)")
    parser.add_argument("--turns", type=int, default=17, help="draws looked ahead at most (default 17)")
    parser.add_argument("--json", action="store_true", help="print review() as JSON")
    args = parser.parse_args(argv)
    try:
        text = sys.stdin.read() if args.log == "-" else open(args.log, encoding="utf-8").read()
    except OSError as exc:
        print(f"paili review: cannot read {args.log}: {exc.strerror}", file=sys.stderr)
        return 2
    try:
        result = review(text, seat=args.seat, turns=args.turns)
    except HandError as exc:
        print(f"paili review: {exc.message}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result, ensure_ascii=False, indent=2))
        return 0
    for r in result["rounds"]:
        print(f"{r['round']}-{r['honba']}  ({r['result']['text']})")
        for d in r["decisions"]:
            loss = d["loss"]["ev"] if d["loss"] else None
            mark = "" if d["kind"] == "forced" else "=" if d["played"] == d["best"] else "x"
            lost = f"  -{loss:.0f}" if loss else ""
            best = d["best"] or "-"
            if d["kind"] == "call":  # a tile thrown that the seat could call: what it did, what was best
                print(f"  {d['step']:>3} {d['hand']:<28} {d['offered']} from {d['from']}: {d['played']}, "
                      f"best {best} {mark}{lost}")
                continue
            print(f"  {d['step']:>3} {d['hand']:<28} played {d['played']:<3} best {best:<3} {mark}{lost}")
    s = result["summary"]
    print(f"{s['matched']} of {s['decisions']} discards were the best; {s['calls_matched']} of {s['calls']} calls; "
          f"{s['total_loss']:.0f} points expected lost")
    return 0
