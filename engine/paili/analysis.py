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
from .rules import Rules, check_rules
from .shanten import Shanten, shanten
from .tiles import Counts
from .ukeire import Discard, Ukeire, discard_table, ukeire


def parse_inputs(hand: str, *, melds: str | Sequence[str] | None, visible: str) -> tuple[Hand, Counts | None]:
    """The hand (with its melds) and the visible tiles' counts (``None`` when there are none), checked
    together against the 4-copy and one-red-five limits."""
    parsed = parse(hand, melds=melds)
    if not visible:
        return parsed, None
    counts, reds = parse_tiles(visible, field="visible")
    check_visible(parsed, counts, reds=reds, field="visible")
    return parsed, counts


@dataclass(frozen=True, slots=True)
class Analysis:
    """The analysis of one hand: its shanten per form, then what applies to its size.

    3n+2 tiles: ``decompositions`` (``()`` when not a win) and ``discards`` (the discard table), ``ukeire`` is
    ``None``. 3n+1 tiles: ``ukeire`` (its tiles are the waits when the hand is tenpai), the other two ``None``.
    """

    hand: Hand
    rules: Rules
    shanten: Shanten
    decompositions: tuple[Decomposition, ...] | None
    discards: tuple[Discard, ...] | None
    ukeire: Ukeire | None


def analysis_of(hand: Hand, *, visible: Counts | None = None, rules: Rules = "riichi") -> Analysis:
    """The :class:`Analysis` of a parsed :class:`Hand` with the visible tiles' counts."""
    forms = shanten(hand, rules=rules)
    if hand.tile_count % 3 == 2:
        return Analysis(hand, rules, forms, tuple(decompositions(hand, rules=rules)),
                        tuple(discard_table(hand, visible=visible, rules=rules)), None)
    return Analysis(hand, rules, forms, None, None, ukeire(hand, visible=visible, rules=rules))


def analyze_hand(hand: Hand, *, visible: Counts | None = None, rules: Rules = "riichi") -> dict[str, Any]:
    """:func:`analyze` for a parsed :class:`Hand` and visible counts."""
    return analysis_json(analysis_of(hand, visible=visible, rules=rules))


def analyze(hand: str, *, melds: str | Sequence[str] | None = None, visible: str = "",
            rules: str = "riichi") -> dict[str, Any]:
    """Analyze a hand given in mpsz notation; raises :class:`HandError` for any bad input.

    ``melds`` adds called melds to those written in ``hand`` (``["[789s]", "(1111z)"]``); ``visible`` lists
    tiles seen elsewhere (discards, dora indicators...): they lower the copies left of waits and ukeire, never
    the shanten. The result's keys are documented in the README; those that do not apply to the hand's size
    are absent (``agari``, ``decompositions``, ``discards`` for 3n+2 tiles; ``waits``, ``ukeire`` for 3n+1).
    ``read_as`` is there only when the parser normalised the hand text (upper-case or full-width characters:
    ``"１２３Ｍ..."`` is read as ``"123m..."``).

    >>> r = analyze("123m456p789s1122z")
    >>> r["shanten"]["min"], [w["tile"] for w in r["waits"]], r["ukeire"]["total"]
    (0, ['1z', '2z'], 4)
    """
    checked = check_rules(rules)
    parsed, seen = parse_inputs(hand, melds=melds, visible=visible)
    return {**analyze_hand(parsed, visible=seen, rules=checked), **read_as_json(hand)}
