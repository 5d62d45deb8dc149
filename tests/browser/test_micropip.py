"""Paili in someone else's Pyodide: a bare page on another origin, with no Paili code, loads micropip from
the site (through the site's pyodide-lock.json), installs the site's wheel with ``micropip.install(<URL>)``
and gets the same ``paili.analyze()`` answers as CPython.  Offline: the browser guard fails the test on any
request that leaves 127.0.0.1 (so micropip never reaches PyPI)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlencode, urlsplit

import pytest
from playwright.sync_api import Page

import paili
from tools.server import serve_in_thread

pytestmark = pytest.mark.pyodide  # the real runtime (Pyodide in the page's worker) is the point

PAGES = Path(__file__).parent / "pages"
FIXED_HANDS = ["123m456p789s1122z", "1111m234p567p789s", "19m19p19s1234567z", "406p 123m 11z [789s]", "5550m"]

ANALYZE = """hands => {
    pyodide.globals.set("hands_json", JSON.stringify(hands));
    return pyodide.runPython(
        "import json, paili\\njson.dumps([paili.analyze(h) for h in json.loads(hands_json)])");
}"""


@pytest.fixture(scope="module")
def other_origin() -> Iterator[str]:
    """tests/browser/pages on a second port: another origin, without the site's headers (not our page)."""
    server, url = serve_in_thread(PAGES, security_headers=False)
    try:
        yield url
    finally:
        server.shutdown()
        server.server_close()


def dealt_hands(count: int, seed: int) -> list[str]:
    """Seeded closed hands of 13 or 14 tiles from a wall with one red five a suit."""
    rng = random.Random(seed)
    wall = [f"{d}{s}" for s in "mps" for d in "123456789" for _ in range(4)]
    wall += [f"{d}z" for d in "1234567" for _ in range(4)]
    for suit in "mps":
        wall[wall.index(f"5{suit}")] = f"0{suit}"
    hands = []
    for _ in range(count):
        rng.shuffle(wall)
        hands.append("".join(wall[: rng.choice((13, 14))]))
    return hands


def test_a_bare_pyodide_page_installs_the_wheel_with_micropip(
    page: Page,
    requests_seen: list[str],
    site_url: str,
    site_dir: Path,
    build_info: dict[str, Any],
    other_origin: str,
) -> None:
    query = urlencode({"pyodide": site_url + build_info["pyodide"], "wheel": site_url + build_info["wheel"]})
    page.goto(f"{other_origin}micropip.html?{query}")
    page.locator("html[data-state='ready'], html[data-state='failed']").wait_for(timeout=120_000)
    state = page.locator("html").get_attribute("data-state")
    assert state == "ready", f"micropip route failed: {page.locator('#log').text_content()}"

    hands = FIXED_HANDS + dealt_hands(20, seed=8)
    answers = json.loads(page.evaluate(ANALYZE, hands))
    assert answers == [paili.analyze(hand) for hand in hands]
    assert page.evaluate("pyodide.runPython('import paili; paili.__version__')") == build_info["version"]

    # micropip came from the site's own copy, and the wheel from the URL it was given
    fetched = [unquote(urlsplit(url).path) for url in requests_seen if url.startswith(site_url)]
    lock = json.loads((site_dir / build_info["pyodide"] / "pyodide-lock.json").read_text())
    micropip_wheel = lock["packages"]["micropip"]["file_name"]
    assert f"/{build_info['pyodide']}{micropip_wheel}" in fetched
    assert f"/{build_info['wheel']}" in fetched
