"""The advisor's inputs: their limits and checks, the scoring :class:`Situation`, the checked inputs of
:func:`paili.advise` and :func:`paili.outlook` (:func:`checked_inputs`), and a hand's model in its situation
(:func:`scored_policy`: the tiles seen, the value of a win, the :class:`~paili.advice.model.DefaultPolicy`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from ..analysis import parse_inputs
from ..errors import HandError
from ..evaluator import Evaluator
from ..gb.situation import RIICHI_ONLY, check_riichi_options
from ..hand import Hand
from ..notation import check_visible, parse_tiles
from ..rules import RULES, Rules, check_rules, check_void
from ..scoring.rules import PRESETS, resolve_rules
from ..scoring.situation import MAX_INDICATORS, check_count, check_wind
from ..tiles import KINDS
from ..win_value import RIICHI_POLICIES, AnyWinValue, GbWinValue, RiichiPolicy, WinValue
from .model import DefaultPolicy

__all__ = ["ADVICE_KEYS", "DEFAULT_MAX_SHANTEN", "DEFAULT_TURNS", "MAX_SHANTEN_LIMIT", "MAX_TURNS", "OBJECTIVES",
           "OUTLOOK_KEYS", "Given", "Situation", "check_bool", "check_discarding", "check_int", "check_objective",
           "check_riichi_policy", "checked_inputs", "scored_policy", "win_value_of"]


DEFAULT_TURNS: Final = 17
MAX_TURNS: Final = 30
DEFAULT_MAX_SHANTEN: Final = 2
"""Discards leaving more shanten than this get no probabilities unless the caller raises the limit."""
MAX_SHANTEN_LIMIT: Final = 4
"""The highest ``max_shanten`` accepted. Measured in CPython 3.11 for a whole table: 3-shanten 0.2-1 s,
4-shanten about 2 s, 5-shanten about 20 s, 6-shanten about 2 minutes (so 5 and 6 are refused)."""


ADVICE_KEYS: Final = ("turns", "tegawari", "shanten_down", "max_shanten", "objective", "riichi", "ippatsu",
                      "double_riichi", "round_wind", "seat_wind", "dora", "honba", "riichi_sticks", "void",
                      "improvements")
"""The keyword arguments of :func:`paili.advise` besides the hand, its melds, the visible tiles and the rules (what
the API and the CLI pass on)."""

OUTLOOK_KEYS: Final = tuple(key for key in ADVICE_KEYS if key not in ("objective", "double_riichi", "improvements"))
"""The keyword arguments of :func:`paili.outlook` besides the hand, its melds, the visible tiles and the rules."""

OBJECTIVES: Final = ("ev", "p_win", "p_tenpai")
"""What orders the discards: expected points, chance to win, chance to be tenpai (at the last turn)."""


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


def check_objective(objective: object) -> None:
    """Raise :class:`HandError` unless ``objective`` is one of :data:`OBJECTIVES`."""
    if objective not in OBJECTIVES:
        raise HandError(f"expected objective to be one of {', '.join(map(repr, OBJECTIVES))}, got {objective!r}",
                        field="objective", code="option.choice",
                        params={"name": "objective", "choices": ", ".join(map(repr, OBJECTIVES)),
                                "got": repr(objective)})


class Situation(NamedTuple):
    """The checked scoring situation of :func:`paili.advise` (the arguments it shares with :func:`paili.score`)."""

    riichi: RiichiPolicy = "always"
    ippatsu: bool = False
    round_wind: str = "1z"
    seat_wind: str = "1z"
    dora: str = ""
    honba: int = 0
    riichi_sticks: int = 0
    rules: object = "riichi"
    double_riichi: bool = False
    """The discard chosen is the player's first, uninterrupted: one that leaves a closed hand without melds
    tenpai declares a double riichi (with ``riichi="always"``)."""


def check_riichi_policy(value: object) -> RiichiPolicy:
    """``value`` when it is one of :data:`~paili.win_value.RIICHI_POLICIES`, else :class:`HandError` on
    ``riichi``."""
    if value == "always" or value == "dama":
        return value
    raise HandError(f"expected riichi to be one of {', '.join(map(repr, RIICHI_POLICIES))}, got {value!r}",
                    field="riichi", code="option.choice",
                    params={"name": "riichi", "choices": ", ".join(map(repr, RIICHI_POLICIES)), "got": repr(value)})


def win_value_of(hand: Hand, seen: Sequence[int], seen_reds: Sequence[int], situation: Situation,
                 kan_dora: bool = False) -> WinValue:
    """The :class:`WinValue` of ``hand`` in ``situation`` (checked: a bad field raises :class:`HandError`);
    ``kan_dora``: an open kan has just turned a new indicator (see :class:`WinValue`)."""
    check_riichi_policy(situation.riichi)
    ippatsu = check_bool(situation.ippatsu, "ippatsu")
    check_bool(situation.double_riichi, "double_riichi")
    round_wind = check_wind("round_wind", situation.round_wind)
    seat_wind = check_wind("seat_wind", situation.seat_wind)
    honba = check_count("honba", situation.honba, 1000)
    sticks = check_count("riichi_sticks", situation.riichi_sticks, 1000)
    if not isinstance(situation.dora, str):
        raise HandError(f"expected indicator tiles such as '3m1z', got {situation.dora!r}", field="dora",
                        code="indicators.type", params={"got": repr(situation.dora)})
    counts, reds = parse_tiles(situation.dora, field="dora")
    if sum(counts) > MAX_INDICATORS:
        raise HandError(f"expected at most {MAX_INDICATORS} indicators (one plus one per kan), "
                        f"got {sum(counts)}", field="dora", code="indicators.too_many",
                        params={"max": MAX_INDICATORS, "count": sum(counts)})
    check_visible(hand, [seen[k] + counts[k] for k in range(KINDS)],
                  reds=[seen_reds[s] + reds[s] for s in range(3)], field="dora")
    dora = [k for k in range(KINDS) for _ in range(counts[k])]
    return WinValue(hand, seen=seen, seen_reds=seen_reds, riichi=situation.riichi, ippatsu=ippatsu,
                    round_wind=round_wind, seat_wind=seat_wind, dora=dora, dora_reds=reds,
                    honba=honba, riichi_sticks=sticks, rules=resolve_rules(situation.rules), kan_dora=kan_dora)


class Given(NamedTuple):
    """The checked inputs shared by :func:`paili.advise_steps`, :func:`paili.advise_improvements` and
    :func:`paili.outlook_steps`."""

    hand: Hand
    seen: list[int]
    seen_reds: Sequence[int]
    rules: Rules
    void: int | None
    situation: Situation
    turns: int
    tegawari: bool
    shanten_down: bool
    max_shanten: int


def checked_inputs(hand: str, *, melds: str | Sequence[str] | None, visible: str, turns: int, tegawari: bool,
                   shanten_down: bool, max_shanten: int, riichi: str, ippatsu: bool, round_wind: str,
                   seat_wind: str, dora: str, honba: int, riichi_sticks: int, rules: object, double_riichi: bool,
                   void: str | None) -> Given:
    """The inputs of :func:`paili.advise` / :func:`paili.outlook` checked and parsed (the situation's fields
    are checked when the hand is scored, by :func:`win_value_of`)."""
    other_sets = [name for name in RULES if name != "riichi"]
    shape_rules: Rules = check_rules(rules) if isinstance(rules, str) and rules in other_sets else "riichi"
    if isinstance(rules, str) and rules not in other_sets and rules not in PRESETS:
        if rules not in RULES:
            check_rules(rules)  # a retired name says what to use instead
        raise HandError(f"expected rules to be one of {', '.join(map(repr, other_sets))}, "
                        f"{', '.join(repr(p) for p in PRESETS if p not in other_sets)} or a dict of scoring options, "
                        f"got {rules!r}", field="rules", code="rules.choice",
                        params={"choices": ", ".join(map(repr, dict.fromkeys((*other_sets, *PRESETS)))),
                                "got": repr(rules)})
    fixed = check_void(void, shape_rules)
    if shape_rules == "gb":  # Chinese Official has no riichi, dora, honba or sticks: such an option is a mistake
        check_riichi_options({"riichi": riichi, "double_riichi": double_riichi, "ippatsu": ippatsu, "dora": dora,
                              "honba": honba, "riichi_sticks": riichi_sticks},
                             {**RIICHI_ONLY, "riichi": "always", "double_riichi": False})  # the advisor's defaults
    if not isinstance(rules, str) and resolve_rules(rules).sanma:  # resolve_rules raises for a bad option
        raise HandError("expected rules 'sanma' (the advisor does not score three-player hands yet: it ranks "
                        "them by the chance to win), got scoring options with 'sanma'", field="rules",
                        code="rules.advise_sanma", params={})
    n = check_int(turns, "turns", 1, MAX_TURNS)
    limit = check_int(max_shanten, "max_shanten", 0, MAX_SHANTEN_LIMIT)
    swap = check_bool(tegawari, "tegawari")
    back = check_bool(shanten_down, "shanten_down")
    parsed, seen = parse_inputs(hand, melds=melds, visible=visible, rules=shape_rules)
    seen_reds = parse_tiles(visible, field="visible")[1] if visible else (0, 0, 0)
    situation = Situation(riichi, ippatsu, round_wind, seat_wind, dora, honba,  # type: ignore[arg-type]
                          riichi_sticks, "riichi" if shape_rules != "riichi" else rules, double_riichi)
    return Given(parsed, list(seen) if seen is not None else [0] * KINDS, seen_reds, shape_rules, fixed, situation,
                 n, swap, back, limit)


def check_discarding(hand: Hand) -> None:
    """Raise :class:`HandError` unless ``hand`` must discard (3n+2 concealed tiles), as the advice needs."""
    if hand.tile_count % 3 != 2:
        raise HandError(
            f"expected a hand that must discard (3n+2 concealed tiles: 14, 11, 8, 5 or 2), "
            f"got {hand.tile_count}; advise ranks the discards of a hand after its draw",
            code="advise.size", params={"count": hand.tile_count})


def scored_policy(hand: Hand, *, visible: Sequence[int] | None, turns: int, rules: Rules,
                  situation: Situation | None, visible_reds: Sequence[int], void: int | None,
                  kan_dora: bool = False) -> tuple[list[int], AnyWinValue | None, DefaultPolicy]:
    """The seen counts (``visible`` plus the dora indicators when the hand is scored), the :class:`WinValue`
    (``None`` when the hand is not scored; under ``gb`` a :class:`GbWinValue`, which takes the winds alone) and
    the :class:`DefaultPolicy` of a 3n+2 hand (the advice's) or a 3n+1 hand (the outlook's), ``situation``
    checked here; ``kan_dora``: the hand has just made an open kan (see :class:`WinValue`)."""
    seen = list(visible) if visible is not None else [0] * KINDS
    if situation is None:
        situation = Situation()
    # The scoring needs the Japanese rules and every meld written (not Tenhou's short-hand hands): 14 tiles
    # counting three a meld once the hand has drawn, 13 before.
    full = 14 if hand.tile_count % 3 == 2 else 13
    written = hand.tile_count + 3 * len(hand.melds) == full
    value: AnyWinValue | None = None
    if rules == "gb" and written:
        value = GbWinValue(hand, seen=seen, round_wind=situation.round_wind, seat_wind=situation.seat_wind)
    elif rules == "riichi" and written:
        value = win_value_of(hand, seen, visible_reds, situation, kan_dora)
    if isinstance(value, WinValue):  # the dora indicators are seen tiles
        dora_counts = parse_tiles(situation.dora, field="dora")[0]
        seen = [seen[k] + dora_counts[k] for k in range(KINDS)]
    policy = DefaultPolicy(Evaluator.for_hand(hand, rules=rules, void=void), visible=seen, turns=turns,
                           value=value)
    return seen, value, policy
