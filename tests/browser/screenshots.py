"""Screenshots of the page on a phone (360x740, touch) for docs/screenshots/ and the README's "On a phone":
empty, 13 tiles, 14 tiles, a win, the situation open, and each language once. Run by hand after building the
site (``python3 build.py build``, or PAILI_SITE=<a built site>):

    python tests/browser/screenshots.py

The page answers with the recorded engine (CPython's paili.api, as most browser tests do), not Pyodide: the
pictures are the same, and they take seconds.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path[:0] = [str(HERE), str(ROOT), str(ROOT / "engine"), str(ROOT / "tests")]

from playwright.sync_api import Page, expect, sync_playwright  # noqa: E402
from recorded_engine import use_recorded_engine  # noqa: E402
from support import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

from tools.server import serve_in_thread  # noqa: E402

SITE = Path(os.environ.get("PAILI_SITE", ROOT / "dist" / "site")).resolve()
OUT = ROOT / "docs" / "screenshots"
SHOTS = [
    # (file, language, hand, open the situation)
    ("phone-empty", "en", "", False),
    ("phone-13-tiles", "en", "123m456p789s1122z", False),
    ("phone-14-tiles", "en", "123m456p789s11225z", False),
    ("phone-win", "en", "23334m456p566778s", False),
    ("phone-situation", "en", "23334m456p566778s", True),
    ("phone-ja", "ja", "123m456p789s11225z", False),
    ("phone-zh", "zh-Hans", "123m456p789s1122z", False),
]


def shoot(page: Page, url: str, name: str, lang: str, hand: str, situation: bool) -> None:
    page.goto(f"{url}?lang={lang}" + (f"&q={hand}" if hand else ""))
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=60_000)
    if hand:
        expect(page.locator("#results-body .summary")).to_be_visible()
    expect(page.locator("#results")).not_to_have_attribute("aria-busy", "true")
    if hand.endswith("5z"):  # 14 tiles to discard from: the advice's win % and points drawn
        table = page.locator("table.discards--advice")
        expect(table).to_have_attribute("data-advice", "ready", timeout=120_000)
    if situation:
        page.locator("#situation > summary").tap()
    page.wait_for_timeout(500)
    page.screenshot(path=str(OUT / f"{name}.png"))
    print(f"docs/screenshots/{name}.png")


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    server, url = serve_in_thread(SITE)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for name, lang, hand, situation in SHOTS:
                context = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True,
                                              device_scale_factor=1, service_workers="block")
                use_recorded_engine(context)
                shoot(context.new_page(), url + "/", name, lang, hand, situation)
                context.close()
            browser.close()
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
