"""A position's situation: the table as the seat sees it, one frozen, checked value (:class:`Situation`).

Every question the advisor answers about a hand (:func:`paili.advise`, :func:`paili.outlook`,
:func:`paili.call_advice`, :func:`paili.advise_improvements`, a review's positions) is asked in a situation:
the rule set, the winds, the dora indicators, honba and riichi sticks, the tiles the seat sees besides its hand
(and the red fives among them), the riichi policy, the horizon in draws, and the opponents (reserved: ``None``
until the defence work fills it). The public functions build it once, where the request enters, and pass it
down as one argument; nothing below checks it again.

A new field travels in three places: declare it here (with its default), check it in
:meth:`Situation.__post_init__` (the error names the field), use it where it matters.

Not to be confused with the record of one win that scoring builds (:class:`paili.scoring.yaku.WinSituation`,
:class:`paili.scoring.situation.ScoringSetting`) or with Chinese Official's (:class:`paili.gb.GbSituation`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from .defence.opponents import Opponents, check_against
from .errors import HandError
from .hand import Hand
from .notation import check_visible
from .rules import Rules
from .scoring.rules import DEFAULT_RULES, ScoringRules
from .scoring.situation import MAX_INDICATORS, MOST_STICKS, check_count, check_wind, read_tiles
from .tiles import KINDS, Tile

__all__ = ["DEFAULT_TURNS", "MAX_TURNS", "RIICHI_POLICIES", "RiichiPolicy", "Situation", "check_bool", "check_int",
           "check_riichi_policy"]

RiichiPolicy = Literal["always", "dama"]
RIICHI_POLICIES: Final = ("always", "dama")
"""``always``: a closed hand declares riichi on reaching tenpai; ``dama``: never."""

_NONE_SEEN: Final = (0,) * KINDS


def check_int(value: object, field: str, low: int, high: int) -> int:
    """``value``, checked to be an integer (not a bool) from ``low`` to ``high``: else :class:`HandError` on
    ``field``."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise HandError(f"expected {field} to be an integer from {low} to {high}, got {value!r}", field=field,
                        code="option.int_range", params={"name": field, "low": low, "high": high, "got": repr(value)})
    return value


def check_bool(value: object, field: str) -> bool:
    """``value``, checked to be a bool: else :class:`HandError` on ``field``."""
    if not isinstance(value, bool):
        raise HandError(f"expected {field} to be true or false, got {value!r}", field=field, code="option.bool",
                        params={"name": field, "got": repr(value)})
    return value


def check_riichi_policy(value: object) -> RiichiPolicy:
    """``value`` when it is one of :data:`RIICHI_POLICIES`, else :class:`HandError` on ``riichi``."""
    if value == "always" or value == "dama":
        return value
    raise HandError(f"expected riichi to be one of {', '.join(map(repr, RIICHI_POLICIES))}, got {value!r}",
                    field="riichi", code="option.choice",
                    params={"name": "riichi", "choices": ", ".join(map(repr, RIICHI_POLICIES)), "got": repr(value)})


DEFAULT_TURNS: Final = 17
"""The horizon when none is given: the seat's own draws in a whole hand, about."""
MAX_TURNS: Final = 30
"""The longest horizon, in the seat's own draws."""


@dataclass(frozen=True)
class Situation:
    """The table as the seat sees it, checked when built (the first wrong field is a :class:`HandError` naming
    it, in the order of the fields below). The hand is not part of it: :meth:`check_hand` checks the copies
    it sees against a hand."""

    turns: int = DEFAULT_TURNS
    """The horizon: the seat's own draws left (1 to :data:`MAX_TURNS`)."""
    riichi: RiichiPolicy = "always"
    """The riichi policy: a closed hand reaching tenpai declares riichi (``always``) or never (``dama``)."""
    ippatsu: bool = False
    """A win on the first draw after riichi scores ippatsu."""
    double_riichi: bool = False
    """The discard chosen is the player's first, uninterrupted: one that leaves a closed hand without melds
    tenpai declares a double riichi (with ``riichi="always"``)."""
    round_wind: str = "1z"
    seat_wind: str = "1z"
    honba: int = 0
    riichi_sticks: int = 0
    dora: str = ""
    """The dora indicators as written (they are seen tiles: not repeated in :attr:`visible`)."""
    rules: Rules = "riichi"
    """The rule set: the wall and the winning forms (:mod:`paili.rules`)."""
    scoring: ScoringRules = DEFAULT_RULES
    """The scoring rules resolved (the hand is scored in points only under ``rules="riichi"``)."""
    void: int | None = None
    """Under ``sichuan``, the suit fixed as given up (0-2); ``None``: the hand's best."""
    visible: tuple[int, ...] = _NONE_SEEN
    """The copies of each kind the seat sees besides its hand (discards, melds of others...)."""
    visible_reds: tuple[int, int, int] = (0, 0, 0)
    """The red fives among :attr:`visible`, by suit."""
    opponents: Opponents | None = None
    """The other players as the seat sees them (:class:`~paili.defence.Opponents`: their rivers, melds and
    riichi): when given, the values count the table (:mod:`paili.advice.pushfold`); ``None``: the seat plays
    alone, as without the defence."""

    def __post_init__(self) -> None:
        check_int(self.turns, "turns", 1, MAX_TURNS)
        check_riichi_policy(self.riichi)
        check_bool(self.ippatsu, "ippatsu")
        check_bool(self.double_riichi, "double_riichi")
        check_wind("round_wind", self.round_wind)
        check_wind("seat_wind", self.seat_wind)
        check_count("honba", self.honba, MOST_STICKS)
        check_count("riichi_sticks", self.riichi_sticks, MOST_STICKS)
        if not isinstance(self.dora, str):
            raise HandError(f"expected indicator tiles such as '3m1z', got {self.dora!r}", field="dora",
                            code="indicators.type", params={"got": repr(self.dora)})
        count = len(read_tiles(self.dora, "dora").kinds)
        if count > MAX_INDICATORS:
            raise HandError(f"expected at most {MAX_INDICATORS} indicators (one plus one per kan), "
                            f"got {count}", field="dora", code="indicators.too_many",
                            params={"max": MAX_INDICATORS, "count": count})

    @property
    def round_kind(self) -> Tile:
        """The round wind as a kind (27-30)."""
        return check_wind("round_wind", self.round_wind)

    @property
    def seat_kind(self) -> Tile:
        """The seat wind as a kind (27-30)."""
        return check_wind("seat_wind", self.seat_wind)

    @property
    def dora_kinds(self) -> tuple[Tile, ...]:
        """The dora indicators as kinds, in order."""
        return read_tiles(self.dora, "dora").kinds

    @property
    def dora_reds(self) -> tuple[int, int, int]:
        """The red fives among the dora indicators, by suit."""
        return read_tiles(self.dora, "dora").reds

    def check_hand(self, hand: Hand) -> None:
        """Raise :class:`HandError` on ``dora`` when the hand, the visible tiles and the indicators hold more
        than four copies of a kind or a second red five of a suit."""
        counts = read_tiles(self.dora, "dora").counts
        reds = self.dora_reds
        check_visible(hand, [self.visible[k] + counts[k] for k in range(KINDS)],
                      reds=[self.visible_reds[s] + reds[s] for s in range(3)], field="dora")
        if self.opponents is not None:  # their rivers and melds are seen too: no kind over four with them
            check_against(self.opponents, hand, [self.visible[k] + counts[k] for k in range(KINDS)])
