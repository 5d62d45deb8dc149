"""The whole analysis of one hand (what the page and the CLI show), as a typed value.

:func:`analysis_of` computes it as an :class:`Analysis` of a parsed hand (:func:`parse_inputs` parses the
inputs: the hand and the visible tiles); :func:`paili.analyze` (:mod:`paili.public`) gives it as the JSON of
:func:`paili.results.analysis_json`.

Under ``rules="gb"`` a complete shape is a win only with 8 fans (flowers aside): the analysis counts them
(:func:`gb_win`, :mod:`paili.gb`) in the default situation, a win by discard with the winds East, for the
complete hand (its best winning tile among the concealed kinds) and for each wait of a tenpai hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .agari import Decomposition, decompositions
from .gb import check_situation, legal_win
from .hand import Hand
from .notation import check_visible, parse, parse_tiles
from .rules import VOIDS, Rules
from .shanten import Shanten, shanten
from .tiles import Counts, Tile
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
class GbWin:
    """A Chinese Official win counted in the default situation (by discard, the winds East, no flowers)."""

    win: Tile
    """The winning tile."""
    fans: tuple[tuple[str, int, int], ...]
    """``(id, value of one, count)``, highest first (as :attr:`paili.gb.GbScore.fans`)."""
    fan: int
    """The total."""
    legal: bool
    """At least 8 fans: a legal win; else a complete shape short of 8."""


def gb_win(hand: Hand, win: Tile) -> GbWin | None:
    """The :class:`GbWin` of a complete GB ``hand`` (every meld written: 14 tiles, a kong counting 3) won on
    ``win`` (among its concealed tiles) by discard; ``None`` when the hand is not that."""
    if hand.tile_count + 3 * len(hand.melds) != 14 or not hand.concealed[win]:
        return None
    if hand.concealed[win] + hand.called_counts()[win] > 4 or not decompositions(hand, rules="gb"):
        return None
    fans, fan, legal = legal_win(hand, win, check_situation(hand, win, {}))
    return GbWin(win, fans, fan, legal)


def best_gb_win(hand: Hand) -> GbWin | None:
    """The best :class:`GbWin` of a complete GB hand over its winning tile (any concealed kind could be the
    one won: the highest total, the lowest kind on a tie); ``None`` when it is no complete hand."""
    best: GbWin | None = None
    for t in range(len(hand.concealed)):
        if hand.concealed[t]:
            found = gb_win(hand, t)
            if found is None:
                return None
            if best is None or found.fan > best.fan:
                best = found
    return best


def gb_wait_wins(hand: Hand, waits: Ukeire) -> tuple[GbWin | None, ...]:
    """Per wait of a tenpai 13-tile GB hand, its :class:`GbWin` by discard (``None`` when the melds are not all
    written or the wait's fifth copy would be needed)."""
    out: list[GbWin | None] = []
    for t, _ in waits.tiles:
        counts = list(hand.concealed)
        counts[t] += 1
        out.append(gb_win(Hand(tuple(counts), hand.reds, hand.melds, hand.nukidora), t))
    return tuple(out)


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
    gb: GbWin | None = None
    """Under GB, a complete hand's win counted (:func:`best_gb_win`; ``None`` otherwise)."""
    gb_waits: tuple[GbWin | None, ...] | None = None
    """Under GB, each wait's win counted (:func:`gb_wait_wins`), in the order of the waits; ``None`` under the
    other rule sets and when the hand is not tenpai."""


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
        readings = tuple(decompositions(hand, rules=rules, void=void))
        table = tuple(discard_table(hand, visible=visible, rules=rules, void=void))
        return Analysis(hand, rules, forms, readings, table, None, voids, void is not None,
                        best_gb_win(hand) if rules == "gb" and readings else None)
    u = ukeire(hand, visible=visible, rules=rules, void=void)
    return Analysis(hand, rules, forms, None, None, u, voids, void is not None, None,
                    gb_wait_wins(hand, u) if rules == "gb" and forms.min == 0 else None)
