"""``analyze()``: the whole analysis of one hand (what the page and the CLI show).

:func:`analysis_of` computes it as an :class:`Analysis`; :func:`analyze` parses the inputs and gives it as
the JSON-ready dict of :func:`paili.results.analysis_json`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .agari import Decomposition, decompositions
from .hand import Hand
from .notation import check_visible, parse, parse_tiles
from .results import analysis_json, read_as_json
from .rules import VOIDS, Rules, check_rules, check_void
from .shanten import Shanten, shanten
from .tiles import Counts
from .ukeire import Discard, Ukeire, discard_table, ukeire


def parse_inputs(hand: str, *, melds: str | Sequence[str] | None, visible: str, rules: Rules = "riichi"
                 ) -> tuple[Hand, Counts | None]:
    """The hand (with its melds) and the visible tiles' counts (``None`` when there are none), checked
    together against the 4-copy and one-red-five limits and the rule set's universe."""
    parsed = parse(hand, melds=melds, rules=rules)
    if not visible:
        return parsed, None
    counts, reds = parse_tiles(visible, field="visible", rules=rules)
    check_visible(parsed, counts, reds=reds, field="visible")
    return parsed, counts


@dataclass(frozen=True, slots=True)
class Analysis:
    """The analysis of one hand: its shanten per form, then what applies to its size.

    3n+2 tiles: ``decompositions`` (``()`` when not a win) and ``discards`` (the discard table), ``ukeire`` is
    ``None``. 3n+1 tiles: ``ukeire`` (its tiles are the waits when the hand is tenpai), the other two ``None``.
    ``void``: under 缺一门 (Sichuan), the suit fixed as given up, or else the suits whose choice gives the
    hand's shanten (``None`` under the other rule sets).
    """

    hand: Hand
    rules: Rules
    shanten: Shanten
    decompositions: tuple[Decomposition, ...] | None
    discards: tuple[Discard, ...] | None
    ukeire: Ukeire | None
    void: str | None = None
    void_fixed: bool = False


def best_voids(hand: Hand, *, rules: Rules, void: int | None) -> str | None:
    """Under 缺一门, the suits (letters) whose choice as the suit given up gives the hand's shanten (the fixed one
    when ``void`` is given); ``None`` under the other rule sets."""
    if rules != "sichuan":
        return None
    if void is not None:
        return VOIDS[void]
    by_suit = {}
    for v in range(3):
        if not any(hand.set_aside()[v * 9:v * 9 + 9]):
            by_suit[VOIDS[v]] = shanten(hand, rules=rules, void=v).min
    best = min(by_suit.values())
    return "".join(v for v, s in by_suit.items() if s == best)


def analysis_of(hand: Hand, *, visible: Counts | None = None, rules: Rules = "riichi",
                void: int | None = None) -> Analysis:
    """The :class:`Analysis` of a parsed :class:`Hand` with the visible tiles' counts."""
    forms = shanten(hand, rules=rules, void=void)
    voids = best_voids(hand, rules=rules, void=void)
    if hand.tile_count % 3 == 2:
        return Analysis(hand, rules, forms, tuple(decompositions(hand, rules=rules, void=void)),
                        tuple(discard_table(hand, visible=visible, rules=rules, void=void)), None, voids,
                        void is not None)
    return Analysis(hand, rules, forms, None, None, ukeire(hand, visible=visible, rules=rules, void=void), voids,
                    void is not None)


def analyze_hand(hand: Hand, *, visible: Counts | None = None, rules: Rules = "riichi",
                 void: int | None = None) -> dict[str, Any]:
    """:func:`analyze` for a parsed :class:`Hand` and visible counts."""
    return analysis_json(analysis_of(hand, visible=visible, rules=rules, void=void))


def analyze(hand: str, *, melds: str | Sequence[str] | None = None, visible: str = "",
            rules: str = "riichi", void: str | None = None) -> dict[str, Any]:
    """Analyze a hand given in mpsz notation; raises :class:`HandError` for any bad input.

    ``melds`` adds called melds to those written in ``hand`` (``["[789s]", "(1111z)"]``); ``visible`` lists
    tiles seen elsewhere (discards, dora indicators...): they lower the copies left of waits and ukeire, never
    the shanten. The result's keys are documented in the README; those that do not apply to the hand's size
    are absent (``agari``, ``decompositions``, ``discards`` for 3n+2 tiles; ``waits``, ``ukeire`` for 3n+1).
    ``rules`` names the rule set (:mod:`paili.rules`: ``riichi``, ``sanma``, ``sichuan``, ``gb``); ``void``
    fixes the suit a Sichuan hand gives up (定缺: ``"m"``, ``"p"`` or ``"s"``; by default the hand's best).
    ``read_as`` is there only when the parser normalised the hand text (upper-case or full-width characters:
    ``"１２３Ｍ..."`` is read as ``"123m..."``).

    >>> r = analyze("123m456p789s1122z")
    >>> r["shanten"]["min"], [w["tile"] for w in r["waits"]], r["ukeire"]["total"]
    (0, ['1z', '2z'], 4)
    """
    checked = check_rules(rules)
    fixed = check_void(void, checked)
    parsed, seen = parse_inputs(hand, melds=melds, visible=visible, rules=checked)
    return {**analyze_hand(parsed, visible=seen, rules=checked, void=fixed), **read_as_json(hand)}
