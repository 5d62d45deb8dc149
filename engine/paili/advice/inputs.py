"""The advisor's inputs: their limits and checks, a request read once into a :class:`Position` (the hand, its
:class:`~paili.situation.Situation` and the :class:`SearchOptions`: :func:`read_position`), and a hand's model
in its situation (:func:`scored_policy`: the tiles seen, the value of a win, the
:class:`~paili.advice.model.DefaultPolicy`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import fields
from typing import Final, NamedTuple

from ..analysis import parse_inputs
from ..defence.inputs import checked_opponents
from ..errors import HandError
from ..evaluator import Evaluator
from ..gb.situation import RIICHI_ONLY, check_riichi_options
from ..hand import Hand
from ..notation import parse_tiles
from ..rules import RULES, Rules, check_rules, check_void
from ..scoring.rules import PRESETS, resolve_rules
from ..situation import DEFAULT_TURNS, MAX_TURNS, Situation, check_bool, check_int, check_riichi_policy
from ..tiles import KINDS
from ..win_value import AnyWinValue, GbWinValue, WinValue
from .model import DefaultPolicy

__all__ = ["ADVICE_KEYS", "DEFAULT_MAX_SHANTEN", "DEFAULT_TURNS", "MAX_SHANTEN_LIMIT", "MAX_TURNS", "OBJECTIVES",
           "OUTLOOK_KEYS", "Position", "SearchOptions", "check_bool", "check_discarding", "check_int",
           "check_objective", "check_riichi_policy", "read_position", "scored_policy"]


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


def check_objective(objective: object) -> None:
    """Raise :class:`HandError` unless ``objective`` is one of :data:`OBJECTIVES`."""
    if objective not in OBJECTIVES:
        raise HandError(f"expected objective to be one of {', '.join(map(repr, OBJECTIVES))}, got {objective!r}",
                        field="objective", code="option.choice",
                        params={"name": "objective", "choices": ", ".join(map(repr, OBJECTIVES)),
                                "got": repr(objective)})


class SearchOptions(NamedTuple):
    """How far the advisor searches (the player's options, not the table's: see :class:`Situation`)."""

    tegawari: bool = False
    shanten_down: bool = False
    max_shanten: int = DEFAULT_MAX_SHANTEN


class Position(NamedTuple):
    """A parsed hand in its checked :class:`Situation`, with the search options asked: what the advisor's
    functions take as one argument."""

    hand: Hand
    situation: Situation
    search: SearchOptions = SearchOptions()


def read_position(hand: str, *, melds: str | Sequence[str] | None, visible: str, rules: object,
                  void: str | None, options: Mapping[str, object]) -> Position:
    """The request of :func:`paili.advise`, :func:`paili.outlook`, :func:`paili.call_advice` or
    :func:`paili.advise_improvements` checked and parsed, once: the hand, its :class:`Situation` and its
    :class:`SearchOptions`. ``options`` holds the function's other keyword arguments (a field it does not take
    keeps its default). The first problem found is the error: the rules, ``void``, riichi's options under
    ``gb``, the horizon and the search options, the hand and the visible tiles, the situation's fields in
    their order, the dora indicators' copies against the hand."""
    def given(name: str, default: object) -> object:
        return options.get(name, default)

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
        check_riichi_options({name: given(name, default) for name, default in _GB_REFUSED.items()},
                             {**RIICHI_ONLY, **_GB_REFUSED})
    if not isinstance(rules, str) and resolve_rules(rules).sanma:  # resolve_rules raises for a bad option
        raise HandError("expected rules 'sanma' (the advisor does not score three-player hands yet: it ranks "
                        "them by the chance to win), got scoring options with 'sanma'", field="rules",
                        code="rules.advise_sanma", params={})
    turns = check_int(given("turns", DEFAULT_TURNS), "turns", 1, MAX_TURNS)
    max_shanten = check_int(given("max_shanten", DEFAULT_MAX_SHANTEN), "max_shanten", 0, MAX_SHANTEN_LIMIT)
    search = SearchOptions(check_bool(given("tegawari", False), "tegawari"),
                           check_bool(given("shanten_down", False), "shanten_down"), max_shanten)
    parsed, seen = parse_inputs(hand, melds=melds, visible=visible, rules=shape_rules)
    seen_reds = parse_tiles(visible, field="visible")[1] if visible else (0, 0, 0)
    asked = {name: options[name] for name in _ASKED if name in options}  # checked by Situation itself
    opponents = given("opponents", None)
    situation = Situation(**asked, turns=turns, rules=shape_rules,  # type: ignore[arg-type]
                          scoring=resolve_rules(rules if shape_rules == "riichi" else "riichi"), void=fixed,
                          visible=tuple(seen) if seen is not None else (0,) * KINDS, visible_reds=seen_reds,
                          opponents=None if opponents is None else checked_opponents(opponents, shape_rules))
    situation.check_hand(parsed)
    return Position(parsed, situation, search)


_ASKED: Final = tuple(f.name for f in fields(Situation)
                      if f.name not in ("turns", "rules", "scoring", "void", "visible", "visible_reds", "opponents"))
"""The :class:`Situation`'s fields a request gives as they are, by their keyword's name (the others are parsed
from the request, or reserved); a field added to the situation travels from the public functions' keywords."""

_GB_REFUSED: Final = {"riichi": "always", "double_riichi": False, "ippatsu": False, "dora": "", "honba": 0,
                      "riichi_sticks": 0}
"""Riichi's options the advisor takes, at the advisor's defaults: under ``gb`` any other value is an error."""


def check_discarding(hand: Hand) -> None:
    """Raise :class:`HandError` unless ``hand`` must discard (3n+2 concealed tiles), as the advice needs."""
    if hand.tile_count % 3 != 2:
        raise HandError(
            f"expected a hand that must discard (3n+2 concealed tiles: 14, 11, 8, 5 or 2), "
            f"got {hand.tile_count}; advise ranks the discards of a hand after its draw",
            code="advise.size", params={"count": hand.tile_count})


def scored_policy(hand: Hand, situation: Situation, *, turns: int | None = None, kan_dora: bool = False
                  ) -> tuple[list[int], AnyWinValue | None, DefaultPolicy]:
    """The seen counts (the visible tiles plus the dora indicators when the hand is scored), the
    :class:`WinValue` (``None`` when the hand is not scored; under ``gb`` a :class:`GbWinValue`, which takes the
    winds alone) and the :class:`DefaultPolicy` of a 3n+2 hand (the advice's) or a 3n+1 hand (the outlook's)
    over ``situation.turns`` draws (or ``turns``, which may be 0: a line that has spent its draws); ``kan_dora``:
    the hand has just made an open kan (see :class:`WinValue`)."""
    seen = list(situation.visible)
    rules = situation.rules
    # The scoring needs the Japanese rules and every meld written (not Tenhou's short-hand hands): 14 tiles
    # counting three a meld once the hand has drawn, 13 before.
    full = 14 if hand.tile_count % 3 == 2 else 13
    written = hand.tile_count + 3 * len(hand.melds) == full
    value: AnyWinValue | None = None
    if rules == "gb" and written:
        value = GbWinValue(hand, seen=seen, round_wind=situation.round_wind, seat_wind=situation.seat_wind)
    elif rules == "riichi" and written:
        value = WinValue(hand, situation, kan_dora)
        for k in situation.dora_kinds:  # the dora indicators are seen tiles
            seen[k] += 1
    policy = DefaultPolicy(Evaluator.for_hand(hand, rules=rules, void=situation.void), visible=seen,
                           turns=situation.turns if turns is None else turns, value=value)
    return seen, value, policy
