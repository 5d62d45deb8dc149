"""The Opponents panel and the danger strip (issue 39), as a player uses them: a river tapped in, its riichi tile
marked, the address keeping it; each tile of the hand with its chance to deal in (a band of colour and the figure,
as paili.danger counts it) and, tapped, why per opponent; a typed mistake named at its seat; the seats a rule set
has; three languages; at 360 px (the answer still on the first screen) and on a desktop."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import Page, expect
from test_advice_page import DESKTOP, no_horizontal_scroll
from test_phone import SMALL, TOUCH

import paili

HAND = "123m2455679p78s11z"


def open_page(page: Page, url: str) -> None:
    page.goto(url)
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=60_000)


def panel(page: Page):  # type: ignore[no-untyped-def]
    return page.locator("#opponents-field")


def percent(p: float) -> str:
    """The page's figure of a chance (one decimal, "<0.1%" under it)."""
    return "<0.1%" if 0 < p < 0.0005 else f"{p * 100:.1f}%"


@pytest.mark.parametrize("size", [SMALL, DESKTOP], ids=["phone-360", "desktop"])
@pytest.mark.browser_context_args(**TOUCH)
def test_a_river_tapped_in_counts_the_table(page: Page, site_url: str, size: dict[str, int]) -> None:
    """Tap left's 1m 9m 5p and mark 5p as the riichi tile: the field says it in the text form, the address keeps
    it, the discard table marks each row's deal-in, and the strip shows each tile's figure as paili.danger counts
    it; tapping 5p (the riichi tile: genbutsu) says why."""
    page.set_viewport_size(size)
    open_page(page, f"{site_url}?q={HAND}")
    panel(page).locator("summary").click()
    tiles = panel(page).locator(".opponent-palette")
    for code in ("1m", "9m", "5p"):
        tiles.locator(f"button.tile[data-tile='{code}']").click()
        expect(page.locator("html")).to_have_attribute("data-opponents", "ready")
    riichi = panel(page).get_by_role("button", name="Riichi tile")
    riichi.click()
    expect(riichi).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#opponent-left")).to_have_value("1m9m5*p")
    river = panel(page).locator(".opponent-seat[data-seat='left'] .river-tiles > *")
    expect(river).to_have_count(3)
    expect(river.nth(2)).to_have_class(re.compile("river-riichi"))
    expect(page.locator("html")).to_have_attribute("data-danger", "ready", timeout=60_000)
    assert parse_qs(urlparse(page.url).query)["o"] == ["l:1m9m5*p"]
    want = paili.danger(HAND, opponents="l:1m9m5*p")
    strip = page.locator("section.danger .danger-tile")
    expect(strip).to_have_count(len(want["tiles"]))
    shown = [(b.get_attribute("data-tile"), b.locator(".danger-figure").inner_text()) for b in strip.all()]
    order = sorted(want["tiles"], key=lambda row: (row["deal_in"], row["tile"]))
    assert shown == [(row["tile"], percent(row["deal_in"])) for row in order]
    for button, row in zip(strip.all(), order, strict=True):  # the band is said in words too, never colour alone
        band = "low" if row["deal_in"] < 0.03 else "medium" if row["deal_in"] < 0.07 else "high"
        assert (button.get_attribute("aria-label") or "").endswith(f"({band})")
    expect(page.locator("table.discards .deal-in")).not_to_have_count(0, timeout=120_000)
    strip.locator("xpath=self::*[@data-tile='5p']").click()
    why = page.locator("section.danger .danger-why li[data-seat='left']")
    expect(why).to_contain_text("genbutsu")
    expect(why).to_contain_text("Left (riichi)")
    no_horizontal_scroll(page)


@pytest.mark.browser_context_args(viewport=SMALL, **TOUCH)
def test_a_linked_table_puts_the_danger_on_the_first_screen(page: Page, site_url: str) -> None:
    """Opened from an address with opponents at 360 px: the panel is open with each seat's part, and the strip
    of deal-in figures is on the first screen, under the headline."""
    open_page(page, f"{site_url}?q={HAND}&o=l:19m4'5*p7z;r:1z2z9p")
    expect(page.locator("html")).to_have_attribute("data-danger", "ready", timeout=60_000)
    expect(page.locator("#opponent-left")).to_have_value("1m9m4'p5*p7z")
    expect(page.locator("#opponent-right")).to_have_value("1z2z9p")
    expect(page.locator("#opponent-across")).to_have_value("")
    box = page.locator("section.danger").bounding_box()
    assert box is not None and box["y"] + box["height"] <= SMALL["height"], box
    headline = page.locator("#results-body .summary").bounding_box()
    assert headline is not None and headline["y"] < box["y"]


def test_a_typed_mistake_is_named_at_its_seat_and_the_seats_follow_the_rules(page: Page, site_url: str) -> None:
    """A mistake typed in right's field: the error names the seat and the character in that field, the field is
    marked invalid, and the advice keeps its last opponents. Three-player mahjong has no one across; Sichuan
    counts no opponents and says why."""
    open_page(page, f"{site_url}?q={HAND}&o=l:19m")
    right = page.locator("#opponent-right")
    right.fill("1z2x")
    right.press("Tab")
    error = panel(page).locator(".opponents-error")
    expect(error).to_be_visible()
    expect(error).to_contain_text("Right: ")
    expect(error).to_contain_text("character 4")
    expect(right).to_have_attribute("aria-invalid", "true")
    assert parse_qs(urlparse(page.url).query)["o"] == ["l:1m9m"]
    right.fill("1z2z")
    right.press("Tab")
    expect(error).to_be_hidden()
    expect(page).to_have_url(re.compile(r"o=l%3A1m9m%3Br%3A1z2z"))
    page.select_option("#rules", "sanma")
    expect(page.locator("#opponent-across")).to_have_count(0)
    expect(page.locator("#opponent-left")).to_be_visible()
    page.select_option("#rules", "sichuan")
    expect(panel(page).locator(".opponents-off")).to_be_visible()
    expect(page.locator("#opponent-left")).to_be_hidden()
    expect(page.locator("section.danger")).to_have_count(0)


@pytest.mark.parametrize(("lang", "seat", "reason"), [("ja", "上家", "現物"), ("zh-Hans", "上家", "现物")])
def test_the_panel_and_the_reasons_in_japanese_and_chinese(page: Page, site_url: str, lang: str, seat: str,
                                                           reason: str) -> None:
    open_page(page, f"{site_url}?lang={lang}&q={HAND}&o=l:19m5*p")
    expect(page.locator("html")).to_have_attribute("data-danger", "ready", timeout=60_000)
    expect(panel(page).locator("label[for='opponent-left']")).to_have_text(seat)
    page.locator("section.danger .danger-tile[data-tile='5p']").click()
    expect(page.locator("section.danger .danger-why li[data-seat='left']")).to_contain_text(reason)


@pytest.mark.browser_context_args(viewport=SMALL, **TOUCH)
def test_a_waiting_hand_and_a_tile_offered_count_the_table(page: Page, site_url: str) -> None:
    """Issue 40 on the page: a 13-tile hand's waits list and its call panel follow the opponents too: a line says
    whether going on with the hand or folding is worth more (paili.outlook's and paili.call_advice's verdicts)."""
    hand, table = "123m456p789s1122z", "l:19m4'5*p7z;r:3z2z9p"
    open_page(page, f"{site_url}?q={hand}&o={table}")
    expect(page.locator("html")).to_have_attribute("data-advice", "ready", timeout=120_000)
    outlook = paili.outlook(hand, opponents=table)
    word = "Fold" if outlook["verdict"]["fold"] else "Go on"
    line = page.locator(".advice-verdict")
    expect(line).to_be_visible()
    expect(line).to_have_text(re.compile(f"^{word}: "))
    expect(page.locator(".outlook-total")).to_have_attribute("data-ev", re.compile(
        re.escape(repr(outlook["ev"][-1])[:10])))
    page.get_by_role("radiogroup", name="Thrown by").get_by_text("Right", exact=True).click()
    page.locator(".call-tiles button[data-tile='1z']").click()
    expect(page.locator("html")).to_have_attribute("data-calls", "ready", timeout=120_000)
    calls = paili.call_advice(hand, "1z", seat="right", opponents=table)
    fold = page.locator(".calls-fold")
    expect(fold).to_be_visible()
    expect(fold).to_have_text(re.compile("^" + ("Fold" if calls["verdict"]["fold"] else "Go on") + ": "))
    # cleared: the call panel's answer goes (asked again without them when a tile is tapped)
    panel(page).get_by_role("button", name="Clear all").click()
    expect(page.locator("html")).to_have_attribute("data-calls", "idle")
    expect(page.locator(".advice-verdict")).to_be_hidden()


@pytest.mark.browser_context_args(viewport=SMALL, **TOUCH)
def test_a_call_and_quick_taps_are_kept(page: Page, site_url: str) -> None:
    """Right's calls tapped in (a pon closed by the button, then a chi that ends by itself) and three discards
    tapped as fast as a thumb: nothing is lost, the field and the address say all of it."""
    open_page(page, f"{site_url}?q={HAND}")
    panel(page).locator("summary").click()
    panel(page).get_by_role("radiogroup", name="Tap tiles into").get_by_text("Right", exact=True).click()
    tiles = panel(page).locator(".opponent-palette")
    call = panel(page).get_by_role("button", name="Add a call")
    call.click()
    expect(call).to_have_attribute("aria-pressed", "true")
    for _ in range(3):
        tiles.locator("button.tile[data-tile='5z']").click()
    call.click()
    expect(call).to_have_attribute("aria-pressed", "false")
    call.click()
    for code in ("7s", "8s", "9s"):
        tiles.locator(f"button.tile[data-tile='{code}']").click()
    expect(call).to_have_attribute("aria-pressed", "false")
    for code in ("1z", "9m", "2p"):  # no wait between the taps
        tiles.locator(f"button.tile[data-tile='{code}']").click()
    expect(page.locator("#opponent-right")).to_have_value("1z9m2p [555z] [789s]")
    expect(page.locator("html")).to_have_attribute("data-opponents", "ready")
    assert parse_qs(urlparse(page.url).query)["o"] == ["r:1z9m2p [555z] [789s]"]
    expect(panel(page).locator(".opponent-seat[data-seat='right'] .river-melds")).to_have_text("[555z] [789s]")
