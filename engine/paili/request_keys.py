"""The keys of a request, in one table: what :mod:`paili.api` passes on from a JSON request to each public function,
and what the command line (:mod:`paili.cli`) offers as options. A key is the keyword argument of the public
function of the same name (``turns`` of :func:`paili.advise`), with its JSON type, its choices, its default (that
of the function) and a line of help; ``tests/test_cli.py`` checks the table against the functions' signatures and
against the keys ``api`` answers to.

The values themselves are checked by the public functions (a :class:`~paili.errors.HandError` naming the key):
this table says which keys there are, not what they may hold beyond their choices.

>>> [key.name for key in REQUESTS["analyze"]]
['hand', 'melds', 'visible', 'rules', 'void']
>>> key("advise", "turns").default, key("advise", "turns").flag
(17, '--turns')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal, TypeAlias

from .advice import DEFAULT_MAX_SHANTEN, DEFAULT_TURNS, OBJECTIVES, SEATS
from .errors import Param
from .rules import RULES, VOIDS
from .win_value import RIICHI_POLICIES

__all__ = ["REQUESTS", "Kind", "RequestKey", "key", "names"]

Kind: TypeAlias = Literal["str", "int", "bool", "tiles", "melds", "rules", "log", "rounds", "opponents", "records"]
"""A key's JSON value: a string, an integer, true or false, tiles in mpsz (a string), melds (a string or a list of
strings), rules (a name, or an object of scoring options), a game log (text or an object), a list of integers, the
opponents (their text form or its JSON object, docs/RULES.md "Defence"), a list of objects (a season's records)."""


@dataclass(frozen=True)
class RequestKey:
    """One key of a request: ``name`` (the keyword argument and the JSON key), ``kind`` (its JSON value),
    ``default`` (the function's; ``None`` for a key without one, such as ``hand``), ``help`` (one line, for the
    command line's ``--help``), ``choices`` (the values allowed, where there are few) and ``option`` (the command
    line's option where it is not ``--`` and the name with dashes)."""

    name: str
    kind: Kind
    default: Param
    help: str
    choices: tuple[str, ...] = ()
    option: str = ""

    @property
    def flag(self) -> str:
        """The command line's option: ``--max-shanten`` for ``max_shanten``."""
        return self.option or "--" + self.name.replace("_", "-")


HAND: Final = RequestKey("hand", "tiles", None, "the hand in mpsz notation, e.g. 123m456p789s11122z")
MELDS: Final = RequestKey("melds", "melds", None, "a called meld such as [789s] or (1111z); may be repeated")
VISIBLE: Final = RequestKey("visible", "tiles", "", "tiles seen elsewhere, e.g. 1m5z")
RULE_SET: Final = RequestKey("rules", "str", "riichi", "the rule set: riichi (default), sanma, sichuan or gb "
                             "(docs/RULES.md)", choices=tuple(RULES))
RULES_OR_SCORING: Final = RequestKey("rules", "rules", "riichi", "the rule set (sanma, sichuan, gb) or a scoring "
                                     "preset (riichi, tenhou, mahjong_soul, ema)")
VOID: Final = RequestKey("void", "str", None, "sichuan: the suit given up (定缺); by default the hand's best",
                         choices=tuple(VOIDS))

TURNS: Final = RequestKey("turns", "int", DEFAULT_TURNS, f"draws looked ahead, 1-30 (default {DEFAULT_TURNS})")
TEGAWARI: Final = RequestKey("tegawari", "bool", False, "count draws that change the hand at the same shanten")
SHANTEN_DOWN: Final = RequestKey("shanten_down", "bool", False, "count discards that go one tile further from ready")
MAX_SHANTEN: Final = RequestKey("max_shanten", "int", DEFAULT_MAX_SHANTEN, "discards leaving more shanten than "
                                f"this get no chances, 0-4 (default {DEFAULT_MAX_SHANTEN})")
OBJECTIVE: Final = RequestKey("objective", "str", "ev", "what orders the rows: expected points (ev), the chance to "
                              "win (p_win) or to be tenpai (p_tenpai)", choices=OBJECTIVES)
RIICHI_POLICY: Final = RequestKey("riichi", "str", "always", "always: declare riichi on a closed tenpai hand; dama: "
                                  "never", choices=RIICHI_POLICIES)
IPPATSU: Final = RequestKey("ippatsu", "bool", False, "a riichi's first draw wins with ippatsu")
DOUBLE_RIICHI: Final = RequestKey("double_riichi", "bool", False, "this is the first discard: a discard leaving "
                                  "a closed hand tenpai declares double riichi")
ROUND_WIND: Final = RequestKey("round_wind", "tiles", "1z", "round wind, 1z-4z (default 1z)")
SEAT_WIND: Final = RequestKey("seat_wind", "tiles", "1z", "seat wind, 1z-4z; 1z is the dealer (default 1z)")
DORA: Final = RequestKey("dora", "tiles", "", "dora indicators, e.g. 3m1z")
HONBA: Final = RequestKey("honba", "int", 0, "honba (repeat counters)")
RIICHI_STICKS: Final = RequestKey("riichi_sticks", "int", 0, "riichi sticks on the table")
IMPROVEMENTS: Final = RequestKey("improvements", "bool", True, "each discard's improvement tiles (改良)")

OFFERED: Final = RequestKey("offered", "tiles", None, "the tile just thrown, e.g. 4m (0m: a red five)")
CALL_SEAT: Final = RequestKey("seat", "str", "left", "who threw it: left (the only seat a chi comes from), across "
                              "or right", choices=SEATS, option="--from")
ALLOW_SWAP_BACK: Final = RequestKey("allow_swap_back", "bool", False, "the rules allow swap-back discards (食い替え)")

WIN: Final = RequestKey("win", "tiles", None, "the winning tile, among the concealed tiles (0p for a red five)")
TSUMO: Final = RequestKey("tsumo", "bool", False, "won by self-draw (default: ron)")
RIICHI_DECLARED: Final = RequestKey("riichi", "int", 0, "riichi declared: 0, 1, or 2 for double riichi")
LAST_TILE: Final = RequestKey("last_tile", "bool", False, "haitei (tsumo) / houtei (ron)")
RINSHAN: Final = RequestKey("rinshan", "bool", False, "won on a kan's replacement tile")
CHANKAN: Final = RequestKey("chankan", "bool", False, "won on a tile added to a kan")
BLESSING: Final = RequestKey("blessing", "bool", False, "tenhou (dealer) / chiihou")
URA: Final = RequestKey("ura", "tiles", "", "ura dora indicators (count with riichi)")
FLOWERS: Final = RequestKey("flowers", "int", 0, "gb: flowers and seasons, 0-8 (1 fan each)")
LAST_COPY: Final = RequestKey("last_copy", "bool", False, "gb: 和绝张, the last copy of the winning tile")

LOG: Final = RequestKey("log", "log", None, "the game log (tenhou.net/6 JSON or a tenhou.net/6 link)")
REVIEW_SEAT: Final = RequestKey("seat", "int", 0, "the seat reviewed, 0-3 (default 0)")
ROUNDS: Final = RequestKey("rounds", "rounds", None, "the rounds reviewed, by index from 0 (default: all)")

OPPONENTS: Final = RequestKey("opponents", "opponents", None, "the other players: their rivers (riichi tile marked "
                              "*), melds and riichi, e.g. l:19m4p7*z;r:1z2z9p (docs/RULES.md, Defence)")
SEASON_FILE: Final = RequestKey("file", "str", "", "the log's file name, as the season's summary reports it")
RECORDS: Final = RequestKey("records", "records", None, "the season_unit records to sum up")
SKIPPED: Final = RequestKey("skipped", "records", None, "the files that could not be read: {file, seat, reason}")
TOP: Final = RequestKey("top", "int", 10, "the costliest decisions kept per player (default 10)")
SITE: Final = RequestKey("site", "str", "http://127.0.0.1:8000/", "the analyzer's address the costliest "
                         "decisions link to")
DEFENCE: Final = RequestKey("defence", "bool", True, "count the other players (deal-in, push or fold); "
                            "false: the offence-only view")

_SITUATION: Final = (ROUND_WIND, SEAT_WIND, DORA, HONBA, RIICHI_STICKS)
_SEARCH: Final = (HAND, MELDS, VISIBLE, RULES_OR_SCORING, TURNS, TEGAWARI, SHANTEN_DOWN, MAX_SHANTEN)
_ADVICE: Final = (*_SEARCH, OBJECTIVE, RIICHI_POLICY, IPPATSU, DOUBLE_RIICHI, *_SITUATION, VOID, IMPROVEMENTS,
                  OPPONENTS)
_SCORE_SITUATION: Final = (TSUMO, ROUND_WIND, SEAT_WIND, RIICHI_DECLARED, IPPATSU, LAST_TILE, RINSHAN, CHANKAN,
                           BLESSING, DORA, URA, HONBA, RIICHI_STICKS, RULES_OR_SCORING)

REQUESTS: Final[dict[str, tuple[RequestKey, ...]]] = {
    "analyze": (HAND, MELDS, VISIBLE, RULE_SET, VOID),
    "tiles": (HAND, MELDS, RULE_SET),
    "advise": _ADVICE,
    "improvements": _ADVICE,
    "outlook": (*_SEARCH, RIICHI_POLICY, IPPATSU, *_SITUATION, VOID, OPPONENTS),
    "call_advice": (HAND, OFFERED, CALL_SEAT, MELDS, VISIBLE, TURNS, MAX_SHANTEN, OBJECTIVE, RIICHI_POLICY,
                    *_SITUATION, RULES_OR_SCORING, VOID, ALLOW_SWAP_BACK, OPPONENTS),
    "score": (HAND, WIN, *_SCORE_SITUATION, FLOWERS, LAST_COPY),
    "score_waits": (HAND, WIN, *_SCORE_SITUATION),
    "review": (LOG, REVIEW_SEAT, TURNS, MAX_SHANTEN, OBJECTIVE, RIICHI_POLICY, ROUNDS, DEFENCE),
    "danger": (HAND, OPPONENTS, MELDS, VISIBLE, DORA, ROUND_WIND, SEAT_WIND, RULE_SET),
    "opponents": (OPPONENTS, RULE_SET),
    "season_unit": (LOG, REVIEW_SEAT, SEASON_FILE, TURNS, MAX_SHANTEN),
    "season_summary": (RECORDS, SKIPPED, TOP, SITE),
    "version": (),
    "warm": (),
}
"""The keys of each request of :mod:`paili.api` by its ``op`` besides ``op`` itself, each the keyword argument of
the public function it calls (``improvements``: :func:`paili.advise_improvements`; ``tiles``: the hand's tiles).
``score_waits`` takes ``win`` and ``tsumo`` only to refuse them (it scores each wait both ways)."""


def key(op: str, name: str) -> RequestKey:
    """The key ``name`` of the request ``op``: ``KeyError`` if it has none."""
    for found in REQUESTS[op]:
        if found.name == name:
            return found
    raise KeyError(f"{op} has no key {name!r}")


def names(op: str, but: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The names of the keys of the request ``op``, in the table's order, but those in ``but``."""
    return tuple(found.name for found in REQUESTS[op] if found.name not in but)
