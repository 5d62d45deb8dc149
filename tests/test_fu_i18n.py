"""The fu breakdown in every language: each entry's ``id`` is one of ``FU_IDS`` and its ``params`` rebuild its
English ``reason`` through the English catalog (the catalog's ``fu.*`` lines and the engine say the same thing),
and every ``fu.*`` key the page composes a line from is in every catalog with the same parameters."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from scoring_cases import random_cases
from test_scoring_audit import BASE, FU_CASES

import paili
from paili import i18n
from paili.cli import score as cli
from paili.scoring import fu
from paili.scoring.yaku import GROUP_NAMES
from paili.tiles import TILE_CODES

LANGS = i18n.languages()
SET_WORDS = [f"fu.set_{how}_{kind}" for how in ("open", "closed") for kind in GROUP_NAMES[1:]]
PAIR_WHYS = ("dragon", "double_wind", "seat_wind", "round_wind")
FU_KEYS = ([f"fu.{id_}" for id_ in fu.FU_IDS] + SET_WORDS + ["fu.set_simple", "fu.set_orphan", "fu.set_by_ron"]
           + [f"fu.pair_{why}" for why in PAIR_WHYS])
"""Every catalog key a breakdown line is made of (web/js/scoreview.js, fuReason)."""


def fill(key: str, lang: str = "en", **params: object) -> str:
    """The catalog text of ``key`` with its ``{name}`` parameters filled in (a missing one fails)."""
    text = i18n.catalog(lang)[key]
    assert isinstance(text, str), key
    return re.sub(r"\{(\w+)\}", lambda m: str(params[m[1]]), text)


def fu_line(entry: dict[str, Any], lang: str = "en", names: bool = False) -> str:
    """An entry's line from its id and params, composed as the page composes it (web/js/scoreview.js,
    fuReason): tiles as their codes, or with ``names`` as the page names them (``tile.<code>``)."""
    id_, p = entry["id"], entry["params"]
    tile = i18n.t(f"tile.{p['tile']}", lang) if names and "tile" in p else p.get("tile")
    if id_ == "set":
        line = fill("fu.set", lang, set=fill(f"fu.set_{'open' if p['open'] else 'closed'}_{p['kind']}", lang),
                    tile=tile, **{"class": fill("fu.set_orphan" if p["orphan"] else "fu.set_simple", lang)})
        return fill("fu.set_by_ron", lang, line=line) if p["ron"] else line
    if id_ == "pair":
        return fill("fu.pair", lang, tile=tile, why=fill(f"fu.pair_{p['why']}", lang))
    if id_ == "wait":
        return fill("fu.wait", lang, wait=fill(f"wait.{p['wait']}", lang))
    return fill(f"fu.{id_}", lang, **p)


def breakdowns() -> Iterator[list[dict[str, Any]]]:
    """The breakdowns of the audit's fu cases (every rule, both ways) and of 2000 seeded random hands."""
    for cases in FU_CASES.values():
        for hand, win, options in cases:
            yield paili.score(hand, win=win, **{**BASE, **options})["fu_breakdown"]
    for case in random_cases(12, 2000):
        yield paili.score(**case)["fu_breakdown"]


def test_every_entry_has_an_id_and_params_that_say_its_reason() -> None:
    ids: set[str] = set()
    whys: set[str] = set()
    for entries in breakdowns():
        for entry in entries:
            assert entry["id"] in fu.FU_IDS, entry
            assert fu_line(entry) == entry["reason"], entry
            if "tile" in entry["params"]:
                assert entry["params"]["tile"] in TILE_CODES, entry
            ids.add(entry["id"])
            whys.add(entry["params"].get("why", ""))
    assert ids == set(fu.FU_IDS)
    assert whys - {""} == set(PAIR_WHYS)


def test_every_fu_key_in_every_catalog_with_the_same_parameters() -> None:
    for lang in LANGS:
        for key in FU_KEYS:
            text = i18n.catalog(lang).get(key)
            assert isinstance(text, str) and text, (lang, key)
            assert i18n.placeholders(text) == i18n.placeholders(str(i18n.catalog("en")[key])), (lang, key, text)


def test_the_tables_are_not_shared_with_results() -> None:
    """A caller changing a result's breakdown does not change the next result (the entries are precomputed)."""
    case = ("123m456p789s222s55p", "5p", BASE)
    first = paili.score(case[0], win=case[1], **case[2])
    for entry in first["fu_breakdown"]:
        entry["fu"] = 0
        entry["params"]["tile"] = "x"
    again = paili.score(case[0], win=case[1], **case[2])
    assert sum(e["fu"] for e in again["fu_breakdown"]) == again["fu"] == 40
    assert all(e["params"].get("tile", "2s") == "2s" for e in again["fu_breakdown"])


def test_the_command_line_words_the_breakdown_in_its_language() -> None:
    """``python -m paili score --lang ja`` says each fu line in Japanese (it printed the engine's English in
    every language): cli.fu_reason composes the line as the page does, tiles by their codes; in English it is
    the engine's reason."""
    for entries in breakdowns():
        for entry in entries:
            assert cli.fu_reason(entry, "en") == entry["reason"], entry
            for lang in LANGS:
                assert cli.fu_reason(entry, lang) == fu_line(entry, lang), (lang, entry)
    result = paili.score("111z234m567p88s345m", win="3m", **BASE)
    hand = str(paili.parse("111z234m567p88s345m"))
    for lang in LANGS:
        line = next(row for row in cli.render(result, hand, lang).splitlines()
                    if row.startswith(i18n.t("cli.fu", lang)))
        assert [f"{e['fu']} {fu_line(e, lang)}" for e in result["fu_breakdown"]] == line.split(None, 1)[1].split(" + ")
    assert "暗刻 1z（么九牌）" in cli.render(result, hand, "ja")
