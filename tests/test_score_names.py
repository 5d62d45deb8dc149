"""The page names every yaku and limit paili.score can answer: web/js/scoreview.js names them from the message
catalogs (``yaku.<id>``, ``limit.<name>``: yakuName, limitName), and the catalogs hold exactly the engine's ids
(a new yaku in the engine without a name for players fails here; tests/test_i18n.py checks every language has
every key of English)."""

from __future__ import annotations

from pathlib import Path

from paili import i18n
from paili.scoring.points import basic_points
from paili.scoring.rules import DEFAULT_RULES
from paili.scoring.yaku import YAKU_HAN, YAKU_ORDER, YAKUMAN

ROOT = Path(__file__).resolve().parents[1]
SOURCE = (ROOT / "web" / "js" / "scoreview.js").read_text(encoding="utf-8")


def catalog_ids(prefix: str) -> list[str]:
    """The ids of the English catalog's keys under ``prefix`` (``yaku.``), in the catalog's order."""
    return [key.removeprefix(prefix) for key in i18n.catalog("en") if key.startswith(prefix)]


def test_every_yaku_id_has_a_name_on_the_page() -> None:
    assert "translator().lookup(`yaku.${id}`)" in SOURCE
    ids = catalog_ids("yaku.")
    assert ids == list(YAKU_ORDER)
    assert set(YAKU_HAN) | set(YAKUMAN) <= set(ids)


def test_every_limit_has_a_name_on_the_page() -> None:
    assert "translator().lookup(`limit.${score.limit}`)" in SOURCE
    limits = {basic_points(han, fu, yakuman, DEFAULT_RULES)[1]
              for han in range(1, 27) for fu in range(20, 120, 10) for yakuman in range(3)}
    assert set(catalog_ids("limit.")) == limits - {None}
