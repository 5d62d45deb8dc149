"""``python -m paili call HAND --offered 4m --from left``: should the hand call the tile just thrown?

Ranks the calls of the tile (:func:`paili.call_advice`: pass, ron, chi, pon, open kan), one line per option, best
first; with ``--opponents`` the values count the table and a last line says whether folding after passing is worth
more; ``--json`` prints its JSON. A bad hand or option is an error line in the ``--lang`` language, exit status 2.
The options are the request's keys (:data:`paili.request_keys.REQUESTS`).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from ..errors import HandError
from ..public import call_advice
from ..request_keys import key
from .advise import verdict_text
from .text import add_lang_option, add_options, error_lines, options_of

_POSITIONAL = ("hand", "offered")


def main(argv: Sequence[str]) -> int:
    """``python -m paili call``: the exit status (0, or 2 for a bad hand or option)."""
    parser = argparse.ArgumentParser(prog="paili call", description="Should I call the tile just thrown?")
    parser.add_argument("hand", help="the 13-tile hand, e.g. 3460m55p12789s66z")
    parser.add_argument("--offered", required=True, help=key("call_advice", "offered").help)
    add_options(parser, "call_advice", but=_POSITIONAL)
    parser.add_argument("--json", action="store_true", help="print call_advice() as JSON")
    add_lang_option(parser)
    args = parser.parse_args(argv)
    try:
        result = call_advice(args.hand, args.offered, **options_of(args, "call_advice", but=_POSITIONAL))
    except HandError as exc:
        shown = {"hand": args.hand, "offered": args.offered, "visible": args.visible, "dora": args.dora}
        print(error_lines(exc, args.lang, shown.get(exc.field)), file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result, ensure_ascii=False, indent=2))
        return 0
    print("call  meld      discard  shanten  p_win    ev")
    for o in result["options"]:
        ev = f"{o['ev'][-1]:.0f}" if o["ev"] is not None else "-"
        p_win = f"{o['p_win'][-1]:.4f}" if o["p_win"] is not None else "-"
        print(f"{o['call']:<5} {o['meld'] or '-':<9} {o['discard'] or '-':<8} {o['shanten']:>7}  {p_win:<8} {ev}")
    if "verdict" in result:  # --opponents given: going on against passing and folding
        print(verdict_text(result["verdict"], args.lang))
    return 0
