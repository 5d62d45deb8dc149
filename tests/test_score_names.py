"""The page names every yaku and limit paili.score can answer: web/js/scoreview.js's YAKU_NAMES and LIMIT_NAMES
hold exactly the engine's ids (a new yaku in the engine without a name for players fails here)."""

from __future__ import annotations

import re
from pathlib import Path

from paili.scoring.points import basic_points
from paili.scoring.rules import DEFAULT_RULES
from paili.scoring.yaku import YAKU_HAN, YAKU_ORDER, YAKUMAN

ROOT = Path(__file__).resolve().parents[1]
SOURCE = (ROOT / "web" / "js" / "scoreview.js").read_text(encoding="utf-8")


def table_ids(name: str) -> list[str]:
    match = re.search(rf"export const {name} = \{{\n(.*?)\n\}};", SOURCE, re.S)
    assert match, f"web/js/scoreview.js must define {name} as an object literal"
    return re.findall(r"^\s*([a-z_0-9]+): \[", match.group(1), re.M)


def test_every_yaku_id_has_a_name_on_the_page() -> None:
    ids = table_ids("YAKU_NAMES")
    assert ids == list(YAKU_ORDER)
    assert set(YAKU_HAN) | set(YAKUMAN) <= set(ids)


def test_every_limit_has_a_name_on_the_page() -> None:
    limits = {basic_points(han, fu, yakuman, DEFAULT_RULES)[1]
              for han in range(1, 27) for fu in range(20, 120, 10) for yakuman in range(3)}
    assert set(table_ids("LIMIT_NAMES")) == limits - {None}
