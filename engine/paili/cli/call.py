"""The call command: ``python -m paili call HAND --offered 4m --from left`` ranks the calls of the tile just
thrown (:func:`paili.call_advice`: pass, ron, chi, pon, open kan; ``--json`` for its JSON)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from ..errors import HandError
from ..public import call_advice


def main(argv: Sequence[str]) -> int:
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
