"""``analyze()``: the whole analysis of one hand as a JSON-ready dict (what the page and the CLI show)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .agari import decompositions
from .hand import Hand
from .notation import check_visible, format_hand, format_meld, parse, parse_tiles
from .rules import Rules, check_rules
from .shanten import shanten
from .tiles import FIVES, Counts, tile_name
from .ukeire import Ukeire, discard_table, ukeire


def parse_inputs(hand: str, *, melds: str | Sequence[str] | None, visible: str) -> tuple[Hand, Counts | None]:
    """The hand (with its melds) and the visible tiles' counts (``None`` when there are none), checked
    together against the 4-copy and one-red-five limits."""
    parsed = parse(hand, melds=melds)
    if not visible:
        return parsed, None
    counts, reds = parse_tiles(visible, field="visible")
    check_visible(parsed, counts, reds=reds, field="visible")
    return parsed, counts


def _ukeire_json(u: Ukeire) -> dict[str, Any]:
    return {"total": u.total, "tiles": [{"tile": tile_name(t), "remaining": n} for t, n in u.tiles]}


def _without(hand: Hand, tile: int, red: bool) -> Hand:
    counts = list(hand.concealed)
    counts[tile] -= 1
    reds = list(hand.reds)
    if red:
        reds[FIVES.index(tile)] -= 1
    return Hand(tuple(counts), (reds[0], reds[1], reds[2]), hand.melds)


def analyze_hand(hand: Hand, *, visible: Counts | None = None, rules: Rules = "riichi") -> dict[str, Any]:
    """:func:`analyze` for a parsed :class:`Hand` and visible counts."""
    forms = shanten(hand, rules=rules)
    result: dict[str, Any] = {
        "hand": format_hand(Hand(hand.concealed, hand.reds)),
        "melds": [{"type": m.kind, "tiles": format_meld(m)[1:-1], "text": format_meld(m)} for m in hand.melds],
        "tiles": hand.tile_count,
        "rules": rules,
        "shanten": {"min": forms.min, "regular": forms.regular, "chiitoitsu": forms.chiitoitsu,
                    "kokushi": forms.kokushi},
    }
    if hand.tile_count % 3 == 2:
        readings = decompositions(hand, rules=rules)
        result["agari"] = bool(readings)
        result["decompositions"] = [d.to_json() for d in readings]
        result["discards"] = [
            {"tile": tile_name(row.tile), "red": row.red, "shanten": row.shanten,
             "ukeire": _ukeire_json(row.ukeire), "after": format_hand(_without(hand, row.tile, row.red))}
            for row in discard_table(hand, visible=visible, rules=rules)
        ]
    else:
        u = ukeire(hand, visible=visible, rules=rules)
        result["waits"] = ([{"tile": tile_name(t), "remaining": n} for t, n in u.tiles]
                           if forms.min == 0 else [])
        result["ukeire"] = _ukeire_json(u)
    return result


def analyze(hand: str, *, melds: str | Sequence[str] | None = None, visible: str = "",
            rules: str = "riichi") -> dict[str, Any]:
    """Analyze a hand given in mpsz notation; raises :class:`HandError` for any bad input.

    ``melds`` adds called melds to those written in ``hand`` (``["[789s]", "(1111z)"]``); ``visible`` lists
    tiles seen elsewhere (discards, dora indicators...): they lower the copies left of waits and ukeire, never
    the shanten. The result's keys are documented in the README; those that do not apply to the hand's size
    are absent (``agari``, ``decompositions``, ``discards`` for 3n+2 tiles; ``waits``, ``ukeire`` for 3n+1).

    >>> r = analyze("123m456p789s1122z")
    >>> r["shanten"]["min"], [w["tile"] for w in r["waits"]], r["ukeire"]["total"]
    (0, ['1z', '2z'], 4)
    """
    checked = check_rules(rules)
    parsed, seen = parse_inputs(hand, melds=melds, visible=visible)
    return analyze_hand(parsed, visible=seen, rules=checked)
