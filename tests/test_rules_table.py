"""The page's rule sets (web/js/rules.js reads them from js/tables.js, which tools/tables.py generates) are the
engine's paili.rules.RULE_SETS; and the generated module holds what the engine says, nothing else."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

import paili
from paili.errors import HandError
from paili.rules import RULE_SETS
from paili.tiles import DISPLAY, TILE_CODES
from tools import tables
from tools.common import ROOT
from tools.site import web_files

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


def module_tables(text: str) -> dict[str, Any]:
    """The constants of the generated module, read back as JSON (each is an object literal of JSON lines)."""
    found = dict(re.findall(r"^export const (\w+) = (\{\n.*?\n\});$", text, re.S | re.M))
    return {name: json.loads(value) for name, value in found.items()}


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The module tools/tables.py writes (as the build and `npm run check` do), read back."""
    path = tables.write_module(tmp_path_factory.mktemp("tables") / "tables.js")
    return module_tables(path.read_text(encoding="utf-8"))


def page_table() -> dict[str, Any]:
    table: dict[str, Any] = tables.engine_tables()["RULE_SETS"]
    return table


def test_the_generated_module_holds_the_engines_tables_and_nothing_else(generated: dict[str, Any]) -> None:
    assert list(generated) == ["TILES", "RULE_SETS"]
    assert generated["RULE_SETS"] == engine_table()
    assert list(generated["RULE_SETS"]) == list(RULE_SETS)  # the default first, as the selector lists them
    assert generated["TILES"] == {code: {"name": d.name, "face": d.face} for code, d in DISPLAY.items()}
    assert list(generated["TILES"]) == list(TILE_CODES)
    faces = {p.stem for p in (ROOT / "web" / "tiles" / "Regular").glob("*.svg")}
    assert {d.face for d in DISPLAY.values()} <= faces


def test_the_module_is_written_only_when_it_changes(tmp_path: Path) -> None:
    path = tables.write_module(tmp_path / "js" / "tables.js")
    before = path.stat().st_mtime_ns
    path.touch()
    stamped = path.stat().st_mtime_ns
    assert tables.write_module(path).stat().st_mtime_ns == stamped >= before
    path.write_text("stale")
    assert module_tables(tables.write_module(path).read_text()) == tables.engine_tables()
    assert tables.main([]) == 2


def test_the_site_takes_the_generated_module_never_a_copy_in_web() -> None:
    assert tables.MODULE not in web_files()  # assemble_site adds the one it writes


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

