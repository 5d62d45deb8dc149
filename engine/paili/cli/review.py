"""``python -m paili review game.json --seat 0``: a seat's discards in a tenhou.net/6 log beside the advisor's.

A line per decision (played, best, the expected points lost), then the summary; ``--json`` prints
:func:`paili.review`'s JSON. LOG is a file, or ``-`` for standard input. The options are the request's keys
(:data:`paili.request_keys.REQUESTS`; ``--rounds 0,3`` reviews some rounds only).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from ..errors import HandError
from ..public import review
from .text import add_lang_option, add_options, error_lines, options_of


def main(argv: Sequence[str]) -> int:
    """``python -m paili review``: the exit status (0, or 2 for a log that cannot be read or a bad option)."""
    parser = argparse.ArgumentParser(prog="paili review",
                                     description="Review one seat's discards in a tenhou.net/6 log.")
    parser.add_argument("log", help="the log file (tenhou.net/6 JSON or a tenhou.net/6 link); - for stdin")
    add_options(parser, "review", but=("log",))
    parser.add_argument("--json", action="store_true", help="print review() as JSON")
    add_lang_option(parser)
    args = parser.parse_args(argv)
    try:
        if args.log == "-":
            text = sys.stdin.read()
        else:
            with open(args.log, encoding="utf-8") as file:
                text = file.read()
    except OSError as exc:
        print(f"paili review: cannot read {args.log}: {exc.strerror}", file=sys.stderr)
        return 2
    try:
        result = review(text, **options_of(args, "review", but=("log",)))
    except HandError as exc:
        print(error_lines(exc, args.lang, None), file=sys.stderr)
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
