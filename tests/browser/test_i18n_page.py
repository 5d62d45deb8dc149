"""The page and the embed view in English, Japanese and Chinese (issue 12): the language follows the browser,
switches in the header and persists, rides in a shared link only when asked; every state of the page is
drawn with no missing catalog key (⟦key⟧), no horizontal scroll at 360 px, and CJK text in the site's own
fonts (Debian's Chromium here has no CJK font). Screenshots of each language go to test-artifacts.

All on the recorded engine (the language is the page's, not the runtime's): a test's browser locale is its
context's, given by a `browser_context_args` mark per language; a second browser in another language is a context
of `other_browser`, checked and recorded like `page`'s.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from guard import BrowserProblems, fail_if_misbehaved, watch
from playwright.sync_api import Browser, BrowserContext, Page, expect
from recorded_engine import use_recorded_engine
from test_fu_i18n import fu_line

import paili
from paili import i18n
from paili.results import error_json

LANGS = {"en": "en-US", "ja": "ja-JP", "zh-Hans": "zh-CN"}
"""Each catalog, and a browser locale (navigator.languages) that should choose it."""
PHONE = {"width": 360, "height": 740}
STATES = {
    "discards": "123m456p789s11223z",  # 14 tiles: the discard table with the advice's columns
    "waits": "123m456p789s1122z",  # 13 tiles, tenpai: waits and ukeire
    "agari": "123m456p789s11122z",  # a win: its decompositions
    "shanten": "13579m2468p159s1z",  # far from tenpai
}


EACH_LANGUAGE = [pytest.param(lang, id=lang, marks=pytest.mark.browser_context_args(
    locale=locale, viewport=PHONE, service_workers="block")) for lang, locale in LANGS.items()]
"""Each language, its test's context (`page`) in a browser set to the locale that should choose it, 360 px wide
(service workers blocked, as the harness blocks them for the recorded engine)."""


def open_page(page: Page, site_url: str, query: str = "", path: str = "") -> Page:
    page.goto(f"{site_url}{path}{query}")
    page.locator("html[data-engine='ready'], html[data-engine='failed']").wait_for(timeout=90_000)
    assert page.locator("html").get_attribute("data-engine") == "ready"
    return page


@pytest.fixture
def other_browser(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Callable[[str], BrowserContext]]:
    """Makes a new context set to a locale (360 px, the recorded engine), with the browser checks of `page`."""
    made: list[tuple[BrowserContext, Any, Callable[[], None]]] = []

    def make(locale: str) -> BrowserContext:
        context = browser.new_context(locale=locale, viewport=PHONE, service_workers="block")
        problems = BrowserProblems()
        unwatch = watch(context, problems)
        use_recorded_engine(context)
        made.append((context, problems, unwatch))
        return context

    yield make
    reports = []
    for context, problems, unwatch in made:
        unwatch()
        context.close()
        reports.append(problems.report())
    fail_if_misbehaved("\n".join(r for r in reports if r), f"during {request.node.name}")


def summary(hand: str, lang: str) -> str:
    """The headline the page shows for a hand, from the catalogs."""
    result = paili.analyze(hand)
    least = result["shanten"]["min"]
    if least < 0:
        return i18n.t("ui.summary_agari", lang)
    if least == 0:
        return i18n.t("ui.summary_tenpai_discard" if result["tiles"] % 3 == 2 else "ui.summary_tenpai", lang)
    return i18n.t("ui.summary_away", lang, shanten=i18n.t("ui.shanten_n", lang, count=least), count=least)


def check_rendered(page: Page, lang: str) -> None:
    """The document says its language, shows no missing key, fits 360 px, and draws CJK in the site's fonts."""
    root = page.locator("html")
    expect(root).to_have_attribute("lang", lang)
    expect(root).to_have_attribute("dir", "ltr")
    text = page.evaluate("document.body.innerText + ' ' + [...document.querySelectorAll('[aria-label],[alt],"
                         "[title],[placeholder]')].map(e => e.getAttribute('aria-label') + e.getAttribute('alt') + "
                         "e.getAttribute('title') + e.getAttribute('placeholder')).join(' ')")
    assert "⟦" not in text, text[text.index("⟦") - 80: text.index("⟦") + 80]
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    if lang != "en":
        faces = page.evaluate("document.fonts.ready.then(fs => [...fs].filter(f => f.status === 'loaded')"
                              ".map(f => f.family))")
        assert any("Noto Sans CJK" in face for face in faces), faces


@pytest.mark.parametrize("lang", EACH_LANGUAGE)
def test_every_state_in_each_language(page: Page, site_url: str, screenshot_dir: Path, lang: str) -> None:
    open_page(page, site_url)
    for name, hand in STATES.items():
        page.locator("#hand").fill(hand)
        expect(page.locator("#results .summary-text")).to_have_text(summary(hand, lang), timeout=30_000)
        if name == "discards":
            # the advice in the table's columns, one discard's details row open, the table sorted by a column
            expect(page.locator("html")).to_have_attribute("data-advice", "ready", timeout=60_000)
            page.locator("table.discards button.expand").first.click()
            expect(page.locator("table.discards tr.discard-detail").first).to_be_visible()
            page.locator("table.discards th[data-sort='p_win'] button.sort").click()
            expect(page.locator("table.discards th[data-sort='p_win']")).to_have_attribute("aria-sort", "descending")
        check_rendered(page, lang)
        assert page.locator("#results-title").inner_text() == i18n.t("ui.analysis", lang)
        page.screenshot(path=screenshot_dir / f"i18n-{lang}-{name}.png", full_page=True)
    page.locator("#hand").fill("123m8z")
    message = page.locator("#hand-error-message")
    expect(message).to_be_visible()
    error = error_json(pytest.raises(paili.HandError, paili.analyze, "123m8z").value)
    assert error["code"] == "notation.honor_digit"
    # the mistake in a player's words (issue 27), not the parser's message
    assert message.inner_text() == i18n.t("mistake.honor_digit", lang, digit=8)
    check_rendered(page, lang)


FU_WINS = {"222m999p123s456s55z": {"win": "2s", "riichi": 1},
           "222m999p55z777z [1111s]": {"win": "9p"}}
"""Wins whose fu lines name closed and open sets, one completed by ron, a dragon pair, a wait, rounding."""


@pytest.mark.parametrize("lang", EACH_LANGUAGE)
def test_the_fu_breakdown_in_each_language(page: Page, site_url: str, lang: str) -> None:
    """Each line of the Score panel's fu breakdown in the language shown, tiles by their names there."""
    for hand, situation in FU_WINS.items():
        query = f"?q={hand}&w={situation['win']}" + ("&r=1" if situation.get("riichi") else "")
        open_page(page, site_url, query)
        want = paili.score(hand, **situation)
        lines = [f"{i18n.t('score.fu_count', lang, count=e['fu'])} {fu_line(e, lang, names=True)}"
                 for e in want["fu_breakdown"]]
        expect(page.locator("section.fu-breakdown li")).to_have_text(lines, timeout=60_000)
        check_rendered(page, lang)


@pytest.mark.parametrize("lang", EACH_LANGUAGE)
def test_embed_in_each_language(page: Page, site_url: str, screenshot_dir: Path, lang: str) -> None:
    open_page(page, site_url, f"?q={STATES['discards']}", "embed.html")
    page.locator(".summary").wait_for()
    check_rendered(page, lang)
    page.screenshot(path=screenshot_dir / f"i18n-{lang}-embed.png", full_page=True)


@pytest.mark.browser_context_args(locale="en-US", viewport=PHONE, service_workers="block")
def test_switch_persists_and_a_shared_link_carries_the_language_only_when_asked(
        page: Page, site_url: str, other_browser: Callable[[str], BrowserContext]) -> None:
    open_page(page, site_url, f"?q={STATES['waits']}")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.locator("#language").select_option("ja")
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    expect(page.locator("#results-title")).to_have_text(i18n.t("ui.analysis", "ja"))
    expect(page.locator("#hand-view-title")).to_have_text(i18n.t("ui.your_hand", "ja"))
    check_rendered(page, "ja")
    page.reload()
    page.locator("html[data-engine='ready']").wait_for(timeout=90_000)
    expect(page.locator("html")).to_have_attribute("lang", "ja")  # remembered (localStorage)
    assert "lang=" not in page.url
    links: list[Any] = []
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.locator("#copy-link").click()
    links.append(page.evaluate("navigator.clipboard.readText()"))
    page.locator("#share-language").check()
    page.locator("#copy-link").click()
    links.append(page.evaluate("navigator.clipboard.readText()"))
    assert "lang=" not in links[0] and "lang=ja" in links[1], links
    # the link with lang= opens in the sender's language in a browser set to another one
    other = open_page(other_browser("zh-CN").new_page(), site_url, "?" + links[1].split("?", 1)[1])
    expect(other.locator("html")).to_have_attribute("lang", "ja")
    chinese = open_page(other_browser("zh-CN").new_page(), site_url, f"?q={STATES['waits']}")
    expect(chinese.locator("html")).to_have_attribute("lang", "zh-Hans")
