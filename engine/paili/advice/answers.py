"""What the advisor answers, as typed values: :class:`Advice` (a 3n+2 hand's ranked :class:`AdviceRow`), a
3n+1 hand's :class:`Outlook`, and their :class:`Wait` and :class:`Improvement` (:mod:`paili.results` writes
their JSON)."""

from __future__ import annotations

from dataclasses import dataclass

from ..hand import Hand
from ..rules import Rules
from ..scoring.rules import ScoringRules
from ..situation import Situation
from ..tiles import Tile
from ..ukeire import Discard

__all__ = ["Advice", "AdviceRow", "AtTable", "FoldLine", "Improvement", "Outlook", "Verdict", "Wait"]


@dataclass(frozen=True, slots=True)
class Improvement:
    """A draw that keeps a discard's shanten but widens it: the kind, its copies left, and the ukeire after
    the best discard that keeps the shanten."""

    tile: Tile
    remaining: int
    ukeire_after: int


@dataclass(frozen=True, slots=True)
class Wait:
    """A wait of a tenpai hand: the kind, its copies left (as the discard table counts them), whether its
    self-drawn win has a yaku, its expected points by tsumo and by ron (all three ``None`` when the hand is not
    scored: other rule sets or melds not written) and its chance to be the winning draw by each turn."""

    tile: Tile
    remaining: int
    yaku: bool | None
    tsumo: float | None
    ron: float | None
    p_win: tuple[float, ...] = ()
    """The chance that the hand, kept as it is, wins on this tile within 1..turns draws (0 without yaku)."""


@dataclass(frozen=True, slots=True)
class AdviceRow:
    """One discard with its chances and expected points by draw (``None`` beyond ``max_shanten``; ``ev``
    also when the hand is not scored), its waits (tenpai discards) and its improvements (``None`` when they
    were not asked for: ``improvements=False``)."""

    discard: Discard
    p_win: tuple[float, ...] | None
    p_tenpai: tuple[float, ...] | None
    ev: tuple[float, ...] | None
    waits: tuple[Wait, ...]
    improvements: tuple[Improvement, ...] | None
    deal_in: float | None = None
    """With opponents given: the chance this discard deals in now (``None`` without them)."""
    ev_if_passes: tuple[float, ...] | None = None
    """With opponents given: the line's expected points by draw when this discard passes (``ev`` is then
    ``deal_in * ev_if_deals_in + (1 - deal_in) * ev_if_passes``)."""
    ev_if_deals_in: float | None = None
    """With opponents given: what dealing in with this discard costs (negative points)."""


@dataclass(frozen=True, slots=True)
class FoldLine:
    """Folding: the tiles thrown, safest first (one a turn), the chance to deal in along the way and the
    expected points, by number of draws (as a row's lists)."""

    tiles: tuple[Tile, ...]
    deal_in: float
    ev: tuple[float, ...]


@dataclass(frozen=True, slots=True)
class Verdict:
    """Push or fold, in one line: ``fold`` when the fold line is worth more than the best push row; ``push``:
    the best row's tile (``None`` when no row has values); ``safest``: the fold line's first tile; ``margin``:
    how much more the better line is worth, in expected points at the last draw."""

    fold: bool
    push: Tile | None
    safest: Tile | None
    margin: float


@dataclass(frozen=True, slots=True)
class AtTable:
    """What the table adds to an advice: the fold line and the verdict."""

    fold: FoldLine
    verdict: Verdict


@dataclass(frozen=True, slots=True)
class Advice:
    """The ranked discards of a 3n+2 hand (best first, by ``objective``) under the options given;
    ``situation`` and ``scoring`` (its rules, resolved) are ``None`` when the hand is not scored; ``note`` says
    why rows have no chances, when some have none."""

    hand: Hand
    rules: Rules
    shanten: int
    turns: int
    tegawari: bool
    shanten_down: bool
    max_shanten: int
    objective: str
    situation: Situation | None
    scoring: ScoringRules | None
    rows: tuple[AdviceRow, ...]
    note: str | None
    table: AtTable | None = None
    """With opponents given: the fold line and the verdict, push or fold (:mod:`paili.advice.pushfold`)."""


@dataclass(frozen=True, slots=True)
class Outlook:
    """What a 3n+1 hand (one waiting for its draw) can expect within 1..turns draws, under the model of
    :func:`paili.advise`: the chances and expected points of :class:`AdviceRow` for the hand itself (``None`` beyond
    ``max_shanten``; ``ev`` also when the hand is not scored) and, for a tenpai hand, its waits."""

    hand: Hand
    rules: Rules
    shanten: int
    turns: int
    tegawari: bool
    shanten_down: bool
    max_shanten: int
    situation: Situation | None
    scoring: ScoringRules | None
    p_win: tuple[float, ...] | None
    p_tenpai: tuple[float, ...] | None
    ev: tuple[float, ...] | None
    waits: tuple[Wait, ...]
    note: str | None
    table: AtTable | None = None
    """With opponents given: the fold line and the verdict, push (go on with the hand) or fold."""
