"""The whole analysis of one hand (what the page and the CLI show), as a typed value.

:func:`analysis_of` computes it as an :class:`Analysis` of a parsed hand (:func:`parse_inputs` parses the
inputs: the hand and the visible tiles); :func:`paili.analyze` (:mod:`paili.public`) gives it as the JSON of
:func:`paili.results.analysis_json`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .agari import Decomposition, decompositions
from .hand import Hand
from .notation import check_visible, parse, parse_tiles
from .rules import VOIDS, Rules
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
