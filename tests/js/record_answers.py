"""Record the engine's answers that the node tests of the page's controllers replay (tests/js/fixtures/
engine_answers.json): each request of REQUESTS through :func:`paili.api.handle`, the worker's entry point, so
each answer is the exact JSON the page gets.

    PYTHONPATH=engine python3 tests/js/record_answers.py         # re-record (after a change of the answers)

The file is a **snapshot** of the engine's own answers, not an oracle: tests/test_js_fixtures.py fails when the
engine answers differently now, so the node tests never run on stale answers. A node test that asks something
new fails naming the request to add here.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from paili import api

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "engine_answers.json"

ONE_SHANTEN = "123m2455679p78s11z"  # a 14-tile hand: its discard table and advice (hand A of the tests)
OTHER = "123m456p789s11345z"  # another 14-tile hand (hand B: the hand changes while A's search runs)
TENPAI = "123m456p789s1122z"  # a tenpai 13-tile hand: its outlook, its waits' worth
WIN = "123m456p789s11122z"  # a win: its score
GB_WIN = "123m456p789s11z555z"  # a legal Chinese Official win (19 fans at its best tile, 2m)
GB_SHORT = "234m567m22p [345s] [678s]"  # a complete GB shape short of 8 (7 fans)
GB_TENPAI = "23m567m22p345s678s"  # GB waits: 1m short of 8, 4m legal
CALLS = "23m456p789s11556z"  # a 1-shanten 13-tile hand: chi of 1m/4m from the left, pon of 1z/5z (the call panel)
PON = "345m34p67s556677z"  # a hand whose pon of 6z beats passing
OPPONENTS = "l:19m4'5*p7z;r:1z2z9p"  # left in riichi (5p), right's three discards (the Opponents panel)
ANALYZE = {"melds": None, "visible": "", "rules": "riichi", "void": None}  # engine.analyze's payload
SEARCH = {"melds": [], "visible": "", "rules": "riichi", "turns": 17, "tegawari": False, "shanten_down": False,
          "max_shanten": 2}  # what the advice panel asks with its default options
CALL = {"melds": [], "visible": "", "rules": "riichi", "turns": 17, "max_shanten": 2,
        "objective": "ev"}  # what the call panel asks with (callcontrol.requestOf)
SITUATION = {"round_wind": "1z", "seat_wind": "1z", "riichi": 0, "ippatsu": False, "last_tile": False,
             "rinshan": False, "chankan": False, "blessing": False, "dora": "", "ura": "", "honba": 0,
             "riichi_sticks": 0}  # the Score panel's default situation

REQUESTS: list[dict[str, Any]] = [
    *({"op": "analyze", "hand": hand, **ANALYZE} for hand in (ONE_SHANTEN, OTHER, TENPAI, WIN)),
    {"op": "advise", "hand": ONE_SHANTEN, **SEARCH, "improvements": False},
    {"op": "advise", "hand": ONE_SHANTEN, **SEARCH, "tegawari": True, "improvements": False},
    {"op": "advise", "hand": ONE_SHANTEN, **SEARCH, "visible": "5z5z5z5z5z", "improvements": False},  # an error
    {"op": "improvements", "hand": ONE_SHANTEN, **SEARCH},
    {"op": "advise", "hand": OTHER, **SEARCH, "improvements": False},
    {"op": "outlook", "hand": TENPAI, **SEARCH},
    {"op": "score", "hand": WIN, "win": "2z", "tsumo": False, **SITUATION},
    {"op": "score", "hand": WIN, "win": "2z", "tsumo": True, **SITUATION},
    {"op": "score", "hand": WIN, "win": "2z", "tsumo": False, **SITUATION, "dora": "9x"},  # an error at a part
    {"op": "score_waits", "hand": TENPAI, **SITUATION},
    *({"op": "analyze", "hand": hand, **ANALYZE, "rules": "gb"} for hand in (GB_WIN, GB_SHORT, GB_TENPAI)),
    *({"op": "analyze", "hand": hand, **ANALYZE} for hand in (CALLS, PON)),
    *({"op": "call_advice", "hand": hand, "offered": offered, "seat": seat, **CALL} for hand, offered, seat in (
        (CALLS, "4m", "left"), (CALLS, "5z", "across"), (TENPAI, "2z", "across"), (TENPAI, "1z", "right"),
        (PON, "6z", "right"))),
    # the waiting hand asked again as a dama hand (the call panel's button when riichi blocks its calls)
    {"op": "call_advice", "hand": TENPAI, "offered": "2z", "seat": "across", **CALL, "riichi": "dama"},
    # the Opponents panel: a river read, a JSON form written back; the danger strip of a hand against them
    {"op": "opponents", "opponents": OPPONENTS, "rules": "riichi"},
    {"op": "opponents", "opponents": {"left": {"discards": ["1m", "9m", "5p"], "riichi": 2, "tedashi": [],
                                               "called": [], "melds": [], "passed": []}}, "rules": "riichi"},
    {"op": "opponents", "opponents": "l:19m;r:1z2x", "rules": "riichi"},  # an error in the right seat's part
    {"op": "opponents", "opponents": {"left": {"discards": ["1m"], "riichi": None, "tedashi": [], "called": [],
                                               "melds": ["[406p]"], "passed": []}}, "rules": "riichi"},
    {"op": "danger", "hand": ONE_SHANTEN, "melds": [], "visible": "", "opponents": OPPONENTS, "rules": "riichi"},
]


def record() -> dict[str, Any]:
    """The fixture's content: every request with the engine's answer now."""
    return {
        "about": "Recorded answers of paili.api.handle, a snapshot for the node tests of the page's controllers "
                 "(tests/js/*control.test.js). Re-record: PYTHONPATH=engine python3 tests/js/record_answers.py; "
                 "tests/test_js_fixtures.py checks that the engine still answers these.",
        "answers": [{"request": r, "answer": json.loads(api.handle(json.dumps(r)))} for r in REQUESTS],
    }


def main() -> int:
    FIXTURE.parent.mkdir(parents=True, exist_ok=True)
    FIXTURE.write_text(json.dumps(record(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{FIXTURE}: {len(REQUESTS)} answers")
    return 0


if __name__ == "__main__":
    sys.exit(main())
