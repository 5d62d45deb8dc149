"""The page's copy of the rule sets (web/js/rules.js) is the engine's paili.rules.RULE_SETS."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

import paili
from paili.errors import HandError
from paili.rules import RULE_SETS
from paili.tiles import TILE_CODES

ROOT = Path(__file__).resolve().parent.parent
PLAIN_CODES = [code for code in TILE_CODES if code[0] != "0"]  # the 34 kinds, in the engine's order
A_WIN = {"riichi": "123m456p789s11122z", "sanma": "111m456p789s11122z", "sichuan": "123m456p789p11122s",
         "gb": "123m456p789s11122z"}


def scored(name: str) -> bool:
    """Whether paili.score values a win under the rule set (the page shows its Score panel only then)."""
    try:
        paili.score(A_WIN[name], win="2z" if name != "sichuan" else "2s", rules=name)
    except HandError:
        return False
    return True


def engine_table() -> dict[str, dict[str, Any]]:
    """The table rules.js must hold, from the engine."""
    return {
        name: {"title": r.title, "tiles": [PLAIN_CODES[k] for k in sorted(r.tiles)], "chi": r.chi, "void": r.void,
               "nukidora": r.nukidora, "knitted": r.knitted, "scored": scored(name)}
        for name, r in RULE_SETS.items()
    }


def page_table() -> dict[str, Any]:
    source = (ROOT / "web" / "js" / "rules.js").read_text(encoding="utf-8")
    match = re.search(r"// BEGIN RULES\n.*?= (\{.*?\});\n// END RULES", source, re.S)
    assert match, "web/js/rules.js must hold the table between // BEGIN RULES and // END RULES"
    table: dict[str, Any] = json.loads(match.group(1))
    return table


def test_the_page_has_the_engines_rule_sets() -> None:
    expected = engine_table()
    lines = ",\n".join(f"  {json.dumps(name)}: {json.dumps(entry)}" for name, entry in expected.items())
    assert page_table() == expected, f"paste this between the markers of web/js/rules.js:\n{{\n{lines}\n}}"
    assert list(page_table()) == list(expected)  # the default first, as the selector lists them


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_each_set_s_tiles_are_what_its_parser_accepts(name: str) -> None:
    table = page_table()[name]
    for code in PLAIN_CODES:
        hand = f"{code}{code}{code}" + ("1s1s" if code != "1s" else "9s9s")
        try:
            paili.analyze(hand, rules=name)
            accepted = True
        except HandError as error:
            assert error.field == "hand" and error.position == 0, error
            accepted = False
        assert accepted == (code in table["tiles"]), (name, code)

