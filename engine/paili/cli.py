"""Command line: ``python -m paili HAND`` (or ``paili HAND``).

* ``python -m paili 123m456p789s11122z`` prints a readable analysis: the hand, shanten per form, then the
  readings of a win, the waits and ukeire of a 13-tile hand, or the discard table of a 14-tile hand.
* ``--json`` prints ``analyze()`` as JSON.
* ``python -m paili score HAND --win 5p ...`` scores a winning hand (see :mod:`paili.scoring.cli`).
* With no HAND, hands are read from standard input, one per line, and written as JSON lines: the
  ``analyze()`` result, or ``{"input": line, "error": {...}}`` for a bad line (the run goes on; the exit
  status is 1 if any line failed). Blank lines are skipped.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from . import __version__
from .analysis import analyze
from .errors import HandError
from .results import error_json
from .rules import RULES, VOIDS

_FORMS = (("regular", "regular"), ("chiitoitsu", "seven pairs"), ("kokushi", "thirteen orphans"),
          ("quanbukao", "全不靠"), ("qixingbukao", "七星不靠"), ("zuhelong", "组合龙"))


def _shanten_words(n: int) -> str:
    return {-1: "complete (agari)", 0: "tenpai"}.get(n, f"{n}-shanten")


def _tiles(items: Sequence[dict[str, Any]]) -> str:
    return " ".join(f"{t['tile']}({t['remaining']})" for t in items) or "-"


def _knitted(codes: Sequence[str]) -> str:
    """The nine tiles of a knitted pattern by suit: ``147m 258p 369s``."""
    return " ".join("".join(c[0] for c in codes[i:i + 3]) + codes[i][1] for i in range(0, 9, 3))


def reading_text(reading: dict[str, Any]) -> str:
    """One reading (a decomposition's JSON) in words: ``pair 2z | triplets 1z | sequences 1m 4p``."""
    if reading["form"] == "chiitoitsu":
        return "seven pairs " + " ".join(reading["pairs"])
    if reading["form"] == "kokushi":
        return f"thirteen orphans, pair {reading['pair']}"
    if reading["form"] in ("quanbukao", "qixingbukao"):
        return f"{dict(_FORMS)[reading['form']]} ({reading['form']}), knitted {_knitted(reading['knitted'])}"
    parts = [f"pair {reading['pair']}"]
    if reading["form"] == "zuhelong":
        parts.insert(0, f"组合龙 (zuhelong) {_knitted(reading['knitted'])}")
    if reading["triplets"]:
        parts.append("triplets " + " ".join(reading["triplets"]))
    if reading["sequences"]:
        parts.append("sequences " + " ".join(reading["sequences"]))
    return " | ".join(parts)


def render(result: dict[str, Any]) -> str:
    """The readable text form of an ``analyze()`` result."""
    lines = []
    melds = " ".join([m["text"] for m in result["melds"]] + ["{4z}"] * result.get("nukidora", 0))
    lines.append(f"hand      {result['hand']}{' ' + melds if melds else ''}   ({result['tiles']} concealed tiles)")
    sh = result["shanten"]
    forms = ", ".join(f"{label} {sh[key]}" for key, label in _FORMS if sh.get(key) is not None)
    lines.append(f"shanten   {sh['min']}  {_shanten_words(sh['min'])}   [{forms}]")
    if "void" in result:
        lines.append(f"void      {result['void']['suits']} ({'fixed' if result['void']['fixed'] else 'best'})")
    if "decompositions" in result and result["decompositions"]:
        lines.append(f"win: {len(result['decompositions'])} reading(s)")
        for i, d in enumerate(result["decompositions"], 1):
            named = d["flags"] + ([f"gen {d['gen']}"] if d.get("gen") else [])
            flags = f"   [{', '.join(named)}]" if named else ""
            lines.append(f"  {i}. {reading_text(d)}{flags}")
    if "waits" in result:
        lines.append(f"waits     {_tiles(result['waits'])}")
        lines.append(f"ukeire    {result['ukeire']['total']} tiles: {_tiles(result['ukeire']['tiles'])}")
    if result.get("discards"):
        lines.append("discard  shanten  ukeire  tiles that improve")
        for row in result["discards"]:
            lines.append(f"{row['tile']:<8} {row['shanten']:>7}  {row['ukeire']['total']:>6}  "
                         f"{_tiles(row['ukeire']['tiles'])}")
    if "note" in result:
        lines.append(f"note      {result['note']}")
    return "\n".join(lines)


def batch(stream: TextIO, out: TextIO, answer: Callable[[str], dict[str, Any]]) -> int:
    """JSON lines: ``answer(line)`` for each non-blank line of ``stream``, or ``{"input", "error"}`` for a
    HandError; 1 when any line failed, else 0."""
    failed = 0
    for line in stream:
        text = line.strip()
        if not text:
            continue
        try:
            record = answer(text)
        except HandError as exc:
            failed += 1
            record = {"input": text, "error": error_json(exc)}
        out.write(json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n")
    return 1 if failed else 0


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["score"]:
        from .scoring.cli import main as score_main

        return score_main(argv[1:])
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
    args = parser.parse_args(argv)
    options = {"melds": args.melds, "visible": args.visible, "rules": args.rules, "void": args.void}
    if args.hand is None:
        return batch(sys.stdin, sys.stdout, lambda text: analyze(text, **options))
    try:
        result = analyze(args.hand, **options)
    except HandError as exc:
        print(f"paili: {exc.field}: {exc.message}", file=sys.stderr)
        text = {"hand": args.hand, "visible": args.visible}.get(exc.field)
        if text is not None and exc.position is not None and exc.position < len(text):
            print(f"  {text}\n  {' ' * exc.position}^", file=sys.stderr)
        return 2
    print(json.dumps(result, ensure_ascii=False, indent=2) if args.json else render(result))
    return 0
