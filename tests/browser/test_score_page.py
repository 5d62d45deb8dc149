"""The Score panel of the page and of the embed view, used as a player would: type or tap a winning hand, tap the
winning tile, change ron / tsumo, the winds, riichi, dora..., and read the yaku, han, fu and payments; a tenpai
13-tile hand shows each wait's worth. Every expected figure is computed here by CPython's `paili.score` /
`paili.score_waits` for the same situation (nothing hard-coded).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, expect
from test_fu_i18n import fu_line

import paili

# A closed hand: 5p is a pair wait (no yaku by ron without riichi), 4s and 1s a two-sided wait (pinfu).
HAND = "123m456p789s234s55p"
# The same with the 234s called: open, no yaku on any wait.
OPEN_HAND = "123m456p789s55p [234s]"
MOBILE = {"width": 390, "height": 844}
SMALL = {"width": 360, "height": 740}


@pytest.fixture(autouse=True)
def situation_open(context: BrowserContext) -> None:
    """The situation form folds under the answer (issue 27) and the page remembers it open: these tests use it,
    so the page starts with it left open, as a player who opened it once has it."""
    context.add_init_script("try { localStorage.setItem('paili.situation', 'open'); } catch {}")


def panel(page: Page) -> Locator:
    return page.get_by_role("region", name=re.compile(r"^Score"))


def type_hand(page: Page, hand: str) -> None:
    page.get_by_label("Hand", exact=True).fill(hand)


def win_tile(page: Page, code: str) -> Locator:
    """The last copy of `code` among the panel's winning-tile buttons."""
    return panel(page).get_by_role("group", name="Winning tile").locator(f"button.tile[data-tile='{code}']").last


def pressed_tile(page: Page) -> Locator:
    return panel(page).get_by_role("group", name="Winning tile").locator("button.tile[aria-pressed='true']")


def points(n: int) -> str:
    return f"{n:,}"


def expect_score(page: Page, want: dict[str, Any]) -> None:
    """The panel shows `want` (a paili.score result): han, fu, points, every yaku, the fu and the payments."""
    score = panel(page)
    expect(score).to_have_attribute("data-state", "done")
    expect(score).to_have_attribute("data-points", str(want["points"]))
    expect(score).to_have_attribute("data-han", str(want["han"]))
    expect(score).to_have_attribute("data-fu", str(want["fu"]))
    expect(score).to_have_attribute("data-total", str(want["total"]))
    assert not want["no_yaku"]
    value = score.locator(".score-value")
    if not want["yakuman"]:
        expect(value).to_contain_text(f"{want['han']} han {want['fu']} fu")
    expect(value).to_contain_text(f"{points(want['points'])} points")
    rows = score.get_by_role("table", name="Yaku").locator("tbody tr")
    expect(rows).to_have_count(len(want["yaku"]))
    assert rows.evaluate_all("rs => rs.map(r => r.dataset.yaku)") == [y["id"] for y in want["yaku"]]
    for y in want["yaku"]:
        if not y.get("yakuman"):
            expect(score.locator(f"tr[data-yaku='{y['id']}'] td")).to_have_text(f"{y['han']} han")
    if not want["yakuman"]:
        fu = score.get_by_role("region", name="Fu")
        for entry in want["fu_breakdown"]:
            expect(fu).to_contain_text(f"{entry['fu']} fu {fu_line(entry, names=True)}")
    paid = score.get_by_role("list", name="Payments")
    pays = want["payments"]
    if "ron" in pays:
        expect(paid).to_contain_text(f"discarded the tile pays {points(pays['ron'])}")
    elif "dealer" in pays:
        dealer, others = points(pays["dealer"]), points(pays["others"])
        expect(paid).to_contain_text(f"the dealer pays {dealer}, each other player {others}")
    else:
        expect(paid).to_contain_text(f"each other player pays {points(pays['others'])}")
    expect(paid).to_contain_text(f"The winner gets {points(want['total'])} in all")


def test_a_typed_win_is_scored_live_as_the_situation_changes(ready_page: Page) -> None:
    page = ready_page
    type_hand(page, HAND)
    score = panel(page)
    expect(score).to_be_visible()
    expect(score).to_have_attribute("data-mode", "win")
    # the winning tile defaults to the last one typed (5p), not the hand's last tile in order (9s)
    expect(pressed_tile(page)).to_have_attribute("data-tile", "5p")
    want = paili.score(HAND, win="5p")
    assert want["no_yaku"]
    expect(score).to_have_attribute("data-no-yaku", "true")
    expect(score.get_by_role("note")).to_contain_text("No yaku")
    expect(score.get_by_role("note")).to_contain_text("declare riichi")
    # ippatsu and ura dora show only with riichi
    expect(score.get_by_role("checkbox", name=re.compile("^Ippatsu"))).to_be_hidden()
    expect(score.get_by_label("Ura dora indicators", exact=True)).to_be_hidden()
    score.get_by_label("Riichi", exact=True).select_option("1")
    expect(score.get_by_role("checkbox", name=re.compile("^Ippatsu"))).to_be_visible()
    score.get_by_role("checkbox", name=re.compile("^Ippatsu")).check()
    win_tile(page, "4s").click()
    expect(pressed_tile(page)).to_have_attribute("data-tile", "4s")
    score.get_by_label("Dora indicators", exact=True).fill("4p")
    expect_score(page, paili.score(HAND, win="4s", riichi=1, ippatsu=True, dora="4p"))
    # tsumo, seat South, round South, honba and sticks: the non-dealer's tsumo payments
    score.get_by_label("Won by").select_option("tsumo")
    score.get_by_label("Seat wind").select_option("2z")
    score.get_by_label("Round wind").select_option("2z")
    score.get_by_label("Honba").fill("2")
    score.get_by_label("Riichi sticks", exact=True).fill("1")
    situation: dict[str, Any] = {"win": "4s", "tsumo": True, "riichi": 1, "ippatsu": True, "dora": "4p",
                                 "seat_wind": "2z", "round_wind": "2z", "honba": 2, "riichi_sticks": 1}
    want = paili.score(HAND, **situation)
    expect_score(page, want)
    expect(score.get_by_role("list", name="Payments")).to_contain_text("2 honba")
    # the situation is in the address (short parameters), and a reload brings it all back
    query = parse_qs(urlsplit(page.url).query)
    assert {k: v[0] for k, v in query.items()} == {
        "q": HAND, "w": "4s", "t": "1", "r": "1", "ip": "1", "d": "4p", "sw": "2z", "rw": "2z", "hb": "2", "rb": "1"}
    page.reload()
    page.locator("html[data-engine='ready']").wait_for(timeout=60_000)
    expect_score(page, want)
    expect(pressed_tile(page)).to_have_attribute("data-tile", "4s")
    expect(panel(page).get_by_label("Won by")).to_have_value("tsumo")
    expect(panel(page).get_by_role("checkbox", name=re.compile("^Ippatsu"))).to_be_checked()
    # ura dora count with riichi
    panel(page).get_by_label("Ura dora indicators", exact=True).fill("3m")
    expect_score(page, paili.score(HAND, **situation, ura="3m"))


def test_a_tapped_win_defaults_to_the_tile_tapped_last(ready_page: Page) -> None:
    page = ready_page
    type_hand(page, "123m456p789s23s55p")
    expect(page.get_by_role("region", name="Analysis")).to_be_visible()
    page.get_by_role("group", name="Tile palette").locator("button.tile[data-tile='4s']").click()
    expect(panel(page)).to_have_attribute("data-mode", "win")
    expect(pressed_tile(page)).to_have_attribute("data-tile", "4s")
    expect_score(page, paili.score(HAND, win="4s"))


def test_toggles_show_only_where_they_apply(ready_page: Page) -> None:
    page = ready_page
    score = panel(page)
    # an open hand with a kan: no riichi; rinshan only on a tsumo, chankan only on a ron
    hand = "123m456p55p [234s] [7777z]"
    type_hand(page, hand)
    expect(score).to_have_attribute("data-mode", "win")
    expect(score.get_by_label("Riichi", exact=True)).to_be_hidden()
    expect(score.get_by_role("checkbox", name=re.compile("^Chankan"))).to_be_visible()
    expect(score.get_by_role("checkbox", name=re.compile("^Rinshan"))).to_be_hidden()
    expect(score.get_by_role("checkbox", name=re.compile("^Houtei"))).to_be_visible()
    score.get_by_label("Won by").select_option("tsumo")
    expect(score.get_by_role("checkbox", name=re.compile("^Chankan"))).to_be_hidden()
    expect(score.get_by_role("checkbox", name=re.compile("^Haitei"))).to_be_visible()
    # a meld: no first-draw win
    expect(score.get_by_role("checkbox", name=re.compile("^(Tenhou|Chiihou)"))).to_be_hidden()
    score.get_by_role("checkbox", name=re.compile("^Rinshan")).check()
    expect_score(page, paili.score(hand, win="5p", tsumo=True, rinshan=True))
    # a closed hand with no kan: riichi, tenhou on a dealer's tsumo, no rinshan
    type_hand(page, HAND)
    expect(score).to_have_attribute("data-hand", paili.analyze(HAND)["hand"])
    expect(score.get_by_label("Riichi", exact=True)).to_be_visible()
    expect(score.get_by_role("checkbox", name=re.compile("^Rinshan"))).to_be_hidden()
    score.get_by_role("checkbox", name=re.compile("^Tenhou")).check()
    expect_score(page, paili.score(HAND, win="5p", tsumo=True, blessing=True))
    # robbing a kan of a tile the hand holds three of: the engine's error, under that toggle
    score.get_by_label("Won by").select_option("ron")
    score.get_by_role("checkbox", name=re.compile("^Chankan")).check()
    with pytest.raises(paili.HandError) as caught:
        paili.score(HAND, win="5p", chankan=True)
    assert caught.value.field == "chankan"
    expect(page.locator("#score-chankan-error")).to_have_text(caught.value.message)
    expect(score).to_have_attribute("data-state", "error")
    win_tile(page, "4s").click()
    expect_score(page, paili.score(HAND, win="4s", chankan=True))
    expect(page.locator("#score-chankan-error")).to_be_hidden()


def test_no_yaku_and_errors_by_field(ready_page: Page) -> None:
    page = ready_page
    score = panel(page)
    type_hand(page, OPEN_HAND)
    assert paili.score(OPEN_HAND, win="5p")["no_yaku"]
    expect(score).to_have_attribute("data-no-yaku", "true")
    expect(score.get_by_role("note")).to_contain_text("No yaku")
    expect(score.get_by_role("note")).to_contain_text("open meld")
    # a bad dora indicator: the engine's message under the dora field
    score.get_by_label("Dora indicators", exact=True).fill("9x")
    with pytest.raises(paili.HandError) as caught:
        paili.score(OPEN_HAND, win="5p", dora="9x")
    assert caught.value.field == "dora"
    expect(score).to_have_attribute("data-state", "error")
    expect(page.locator("#score-dora-error")).to_have_text(caught.value.message)
    expect(score.get_by_label("Dora indicators", exact=True)).to_have_attribute("aria-invalid", "true")
    score.get_by_label("Dora indicators", exact=True).fill("")
    expect(score).to_have_attribute("data-state", "done")
    expect(page.locator("#score-dora-error")).to_be_hidden()
    # dora picked from the small palette
    picker = score.locator("details[data-picker='dora']")
    picker.locator("summary").click()
    picker.locator("button.tile[data-tile='6z']").click()
    expect(score.get_by_label("Dora indicators", exact=True)).to_have_value("6z")
    want = paili.score("123m456p55p [234s] [777z]", win="5p", dora="6z")
    type_hand(page, "123m456p55p [234s] [777z]")
    expect_score(page, want)


def test_each_wait_of_a_tenpai_hand_shows_its_worth(ready_page: Page) -> None:
    page = ready_page
    hand = "23m456p789s234s55p"
    type_hand(page, hand)
    score = panel(page)
    expect(score).to_have_attribute("data-mode", "waits")
    score.get_by_label("Riichi", exact=True).select_option("1")
    score.get_by_label("Dora indicators", exact=True).fill("1m")
    score.get_by_label("Seat wind").select_option("3z")
    expect(score).to_have_attribute("data-state", "done")
    waits = page.get_by_role("region", name="Waits")
    want = paili.score_waits(hand, riichi=1, dora="1m", seat_wind="3z")
    assert want
    for entry in want:
        value = waits.locator(f"li[data-tile='{entry['tile']}'] .wait-value")
        expect(value).to_have_attribute("data-ron", str(entry["ron"]["points"]))
        expect(value).to_have_attribute("data-tsumo", str(entry["tsumo"]["points"]))
        expect(value).to_have_text(f"Ron {points(entry['ron']['points'])} · Tsumo {points(entry['tsumo']['points'])}")
    # an open tenpai hand with no yaku on its waits says so
    open_hand = "23m456p789s55p [234s]"
    type_hand(page, open_hand)
    expect(score).to_have_attribute("data-hand", re.compile(r"\[234s\]"))
    for entry in paili.score_waits(open_hand):
        assert entry["ron"]["no_yaku"] and entry["tsumo"]["no_yaku"]
        expect(waits.locator(f"li[data-tile='{entry['tile']}'] .wait-value")).to_have_text("No yaku")
    # a wait drawn into the hand (playing forward) is the winning tile, scored in the situation set above
    type_hand(page, hand)
    expect(score).to_have_attribute("data-hand", paili.analyze(hand)["hand"])  # the closed hand again, not the open one
    expect(score).to_have_attribute("data-mode", "waits")
    waits.get_by_role("button", name="Draw 4 man").click()
    expect(score).to_have_attribute("data-mode", "win")
    expect(pressed_tile(page)).to_have_attribute("data-tile", "4m")
    expect_score(page, paili.score(hand + "4m", win="4m", riichi=1, dora="1m", seat_wind="3z"))


def open_embed(page: Page, url: str) -> None:
    page.goto(url)
    page.locator("html[data-engine='ready'], html[data-engine='failed']").wait_for(timeout=60_000)
    assert page.locator("html").get_attribute("data-engine") == "ready"


def test_the_embed_view_shows_the_panel_read_only(page: Page, site_url: str) -> None:
    open_embed(page, f"{site_url}embed.html?q={HAND}&w=4s&t=1&r=2&d=9s&sw=3z&hb=1")
    want = paili.score(HAND, win="4s", tsumo=True, riichi=2, dora="9s", seat_wind="3z", honba=1)
    score = panel(page)
    expect(score).to_have_attribute("data-points", str(want["points"]))
    expect(score.locator(".score-situation")).to_contain_text("Tsumo on 4 sou")
    expect(score.locator(".score-situation")).to_contain_text("double riichi")
    expect(score.locator(".score-value")).to_contain_text(f"{points(want['points'])} points")
    rows = score.get_by_role("table", name="Yaku").locator("tbody tr")
    assert rows.evaluate_all("rs => rs.map(r => r.dataset.yaku)") == [y["id"] for y in want["yaku"]]
    expect(score.locator("select, input")).to_have_count(0)  # read-only
    assert "w=4s" in (page.get_by_role("link", name="Open in Paili").get_attribute("href") or "")
    # a tenpai hand in the embed: its waits' worth
    hand = "23m456p789s234s55p"
    open_embed(page, f"{site_url}embed.html?q={hand}&r=1")
    for entry in paili.score_waits(hand, riichi=1):
        expect(page.locator(f"ul.waits li[data-tile='{entry['tile']}'] .wait-value")).to_have_attribute(
            "data-ron", str(entry["ron"]["points"]))


@pytest.mark.browser_context_args(viewport=SMALL, has_touch=True, is_mobile=True)
def test_the_embed_panel_fits_a_small_phone(page: Page, site_url: str, screenshot_dir: Path) -> None:
    open_embed(page, f"{site_url}embed.html?q=123m456p55p [234s] [777z]&t=1&d=6z&sw=2z&hb=3&rb=2")
    want = paili.score("123m456p55p [234s] [777z]", win="5p", tsumo=True, dora="6z", seat_wind="2z", honba=3,
                       riichi_sticks=2)
    expect(panel(page)).to_have_attribute("data-points", str(want["points"]))
    expect(panel(page).get_by_role("list", name="Payments")).to_contain_text(f"The winner gets {points(want['total'])}")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= SMALL["width"], f"the embed view scrolls sideways at 360 px ({width} px wide)"
    page.screenshot(path=str(screenshot_dir / "score-embed-360.png"), full_page=True)


@pytest.mark.browser_context_args(viewport=SMALL, has_touch=True, is_mobile=True)
def test_the_panel_fits_a_small_phone(ready_page: Page, screenshot_dir: Path) -> None:
    page = ready_page
    hand = "123m456p55p [234s] [7777z]"
    type_hand(page, hand)
    score = panel(page)
    score.get_by_label("Won by").select_option("tsumo")
    score.get_by_role("checkbox", name=re.compile("^Rinshan")).check()
    score.locator("details[data-picker='dora'] summary").tap()
    expect(score.locator("details[data-picker='dora'] button.tile")).to_have_count(37)  # drawn once opened
    expect_score(page, paili.score(hand, win="5p", tsumo=True, rinshan=True))
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= SMALL["width"], f"the page scrolls sideways at 360 px ({width} px wide)"
    score.screenshot(path=str(screenshot_dir / "score-360-panel.png"))


@pytest.mark.browser_context_args(viewport=MOBILE, has_touch=True, is_mobile=True)
def test_the_panel_fits_a_phone(ready_page: Page, screenshot_dir: Path) -> None:
    page = ready_page
    type_hand(page, HAND)
    score = panel(page)
    score.get_by_label("Riichi", exact=True).select_option("1")
    win_tile(page, "4s").tap()
    score.get_by_label("Dora indicators", exact=True).fill("3p")
    expect_score(page, paili.score(HAND, win="4s", riichi=1, dora="3p"))
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= MOBILE["width"], f"the page scrolls sideways at 390 px ({width} px wide)"
    score.scroll_into_view_if_needed()
    page.screenshot(path=str(screenshot_dir / "score-390.png"), full_page=True)
    score.screenshot(path=str(screenshot_dir / "score-390-panel.png"))
    type_hand(page, "23m456p789s234s55p")
    expect(score).to_have_attribute("data-mode", "waits")
    expect(page.locator("ul.waits .wait-value").first).to_be_visible()
    page.get_by_role("region", name="Waits").screenshot(path=str(screenshot_dir / "score-390-waits.png"))


GB_WIN = "123m456p789s11z555z"  # 5z last: its pung's tile wins by default
GB_SHORT = "234m567m22p [345s] [678s]"  # a complete shape with 7 fans at most: not a win


def expect_gb_score(page: Page, want: dict[str, Any]) -> None:
    """The panel shows `want` (a paili.score result under gb): the fans, the total, legal or short, the payments."""
    score = panel(page)
    expect(score).to_have_attribute("data-state", "done")
    expect(score).to_have_attribute("data-fan", str(want["fan"]))
    expect(score).to_have_attribute("data-legal", "true" if want["legal"] else "false")
    expect(score).to_have_attribute("data-total", str(want["total"]))
    rows = score.get_by_role("table", name="The fans counted").locator("tbody tr")
    expect(rows).to_have_count(len(want["fans"]))
    assert rows.evaluate_all("rs => rs.map(r => r.dataset.fan)") == [f["id"] for f in want["fans"]]
    expect(score.locator(".score-value")).to_contain_text(f"{want['fan']} fans")
    if not want["legal"]:
        expect(score.locator(".score-short")).to_contain_text("not a win")
        expect(score.get_by_role("list", name="Payments")).to_have_count(0)
        return
    paid = score.get_by_role("list", name="Payments")
    pays = want["payments"]
    if "discarder" in pays:
        expect(paid).to_contain_text(f"The discarder pays {pays['discarder']}, each other player {pays['others']}")
    else:
        expect(paid).to_contain_text(f"Each player pays {pays['others']}")
    expect(paid).to_contain_text(f"The winner gets {points(want['total'])} in all")


def test_a_chinese_official_win_is_scored_with_its_own_situation(page: Page, site_url: str) -> None:
    """Under GB the panel asks GB's situation (flowers, the last copy; no riichi, dora, honba) and shows the fans,
    whether the hand is a legal win, and GB's payments (issue 31)."""
    page.goto(f"{site_url}?q={GB_WIN}&rules=gb")
    score = panel(page)
    expect(score).to_have_attribute("data-mode", "win", timeout=60_000)
    counted = paili.analyze(GB_WIN, rules="gb")["gb"]["win"]  # the panel scores the win the analysis counted
    expect(pressed_tile(page)).to_have_attribute("data-tile", counted)
    expect_gb_score(page, paili.score(GB_WIN, rules="gb", win=counted))
    for hidden in ("Riichi", "Dora indicators", "Honba", "Riichi sticks"):
        expect(score.get_by_label(hidden, exact=True)).to_be_hidden()
    expect(score.get_by_label("Flowers (花牌)")).to_be_visible()
    # self-drawn on 2m with two flowers and the last copy: GB's payments by self-draw
    win_tile(page, "2m").click()
    score.get_by_label("Won by").select_option("tsumo")
    score.get_by_label("Flowers (花牌)").select_option("2")
    score.get_by_role("checkbox", name=re.compile("last copy")).check()
    expect_gb_score(page, paili.score(GB_WIN, rules="gb", win="2m", tsumo=True, flowers=2, last_copy=True))
    query = parse_qs(urlsplit(page.url).query)
    assert query["fl"] == ["2"] and query["lc"] == ["1"] and query["t"] == ["1"]
    # a complete shape short of 8 fans is no win, and says so
    score.get_by_role("checkbox", name=re.compile("last copy")).uncheck()
    score.get_by_label("Won by").select_option("ron")
    type_hand(page, GB_SHORT)
    expect(score).to_have_attribute("data-hand", paili.analyze(GB_SHORT, rules="gb")["hand"] + " [345s] [678s]")
    want = paili.score(GB_SHORT, rules="gb", win=pressed_tile(page).get_attribute("data-tile") or "",
                       flowers=2)
    assert not want["legal"]  # 9 fans with the two flowers: 7 without
    expect_gb_score(page, want)
