"""The page, used the way people use it: typing hands, tapping tiles, walking the discard table.

Everything is found by role and label and waited on by condition (Playwright's auto-waiting `expect`);
nothing sleeps. The expected figures come from the engine itself (`paili.analyze` in this process).
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Locator, Page, expect

import paili
from paili.tiles import display_name

PHONE = {"width": 360, "height": 740}
PHONE_LANDSCAPE = {"width": 740, "height": 360}
DESKTOP = {"width": 1280, "height": 900}


def hand_field(page: Page) -> Locator:
    return page.get_by_label("Hand", exact=True)


def results(page: Page) -> Locator:
    return page.get_by_role("region", name="Analysis")


def hand_tiles(page: Page) -> Locator:
    return page.get_by_role("group", name=re.compile(r"^Hand tiles"))


def palette(page: Page) -> Locator:
    return page.get_by_role("group", name="Tile palette")


def discard_table(page: Page) -> Locator:
    return page.get_by_role("table", name="Discards, best first")


def analyse(page: Page, hand: str) -> None:
    """Type a hand and wait until the analysis on screen is the one of this hand."""
    hand_field(page).fill(hand)
    expect(results(page)).to_have_attribute("data-hand", canonical(hand))
    expect(results(page)).to_be_visible()


def canonical(hand: str, **options: str) -> str:
    """The hand as the engine writes it back: concealed tiles, then the melds."""
    result = paili.analyze(hand, **options)
    return " ".join([result["hand"], *(m["text"] for m in result["melds"])]).strip()


def tiles_of(hand: str) -> list[str]:
    """Concealed tiles of a hand in canonical order, as the page's data-tile values ("0m" for a red five)."""
    return list(paili.analyze(hand)["concealed"])


def drawn_hand(page: Page) -> list[str]:
    return hand_tiles(page).locator("button.tile").evaluate_all("els => els.map(e => e.dataset.tile)")


def no_horizontal_scroll(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    viewport = page.evaluate("document.documentElement.clientWidth")
    assert width <= viewport, f"the page scrolls sideways: {width}px content in a {viewport}px viewport"


# ---- loading ---------------------------------------------------------------------------------------------


def test_loads_and_reports_ready(ready_page: Page) -> None:
    page = ready_page
    expect(page.get_by_role("status")).to_have_text(re.compile("ready", re.I))
    expect(page.get_by_role("heading", level=1)).to_contain_text("Paili")
    expect(hand_field(page)).to_be_editable()
    expect(page.get_by_label("Visible tiles")).to_be_editable()
    # the palette: 34 kinds and three red fives, each with its text name
    expect(palette(page).get_by_role("button")).to_have_count(37)
    expect(palette(page).get_by_role("button", name="red 5 man")).to_have_attribute("data-tile", "0m")
    expect(palette(page).get_by_role("button", name="East", exact=True)).to_have_attribute("data-tile", "1z")
    expect(palette(page).get_by_role("button", name="9 sou")).to_have_attribute("data-tile", "9s")


@pytest.mark.pyodide  # the start of the real runtime is the point
@pytest.mark.slow  # 12 s; test_startup counts the progress of a start in the ten-minute run
def test_progress_is_shown_while_the_engine_starts(page: Page, site_url: str) -> None:
    page.goto(site_url)
    # the html attribute says loading (or already ready on a fast machine); the status line is never empty
    expect(page.locator("html")).to_have_attribute("data-engine", re.compile("loading|ready"))
    expect(page.get_by_role("status")).not_to_be_empty()
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=60_000)


# ---- typing hands ----------------------------------------------------------------------------------------


def test_a_win_shows_every_decomposition(ready_page: Page) -> None:
    page = ready_page
    hand = "123m456p789s11122z"
    analyse(page, hand)
    expected = paili.analyze(hand)
    expect(results(page).get_by_text("Agari", exact=False).first).to_be_visible()
    block = page.get_by_role("region", name=re.compile(r"^Decompositions"))
    items = block.get_by_role("listitem").filter(has=page.locator(".groups"))
    expect(items).to_have_count(len(expected["decompositions"]))
    first = items.first
    expect(first.get_by_role("group", name="pair: South, South")).to_be_visible()
    expect(first.get_by_role("group", name="triplet: East, East, East")).to_be_visible()
    expect(first.get_by_role("group", name="sequence: 1 man, 2 man, 3 man")).to_be_visible()
    # the hand, drawn in canonical order with text names
    assert drawn_hand(page) == tiles_of(hand)
    expect(hand_tiles(page).get_by_role("button", name="East", exact=True)).to_have_count(3)
    # shanten per form
    table = page.get_by_role("table", name="Shanten per form")
    for form, value in expected["shanten"].items():
        cell = table.locator(f"td[data-form='{form}']")
        expect(cell).to_have_text("—" if value is None else "Agari" if value < 0 else str(value))


def test_seven_pairs_and_flags(ready_page: Page) -> None:
    page = ready_page
    hand = "11223344556677m"
    analyse(page, hand)
    expected = paili.analyze(hand)
    forms = {d["form"] for d in expected["decompositions"]}
    block = page.get_by_role("region", name=re.compile(r"^Decompositions"))
    for form in forms:
        expect(block.locator(f"li.decomposition[data-form='{form}']").first).to_be_visible()
    flags = sorted({f for d in expected["decompositions"] for f in d["flags"]})
    if flags:
        expect(block.get_by_role("list", name="Flags").first).to_be_visible()


def test_tenpai_shows_waits_with_copies_left(ready_page: Page) -> None:
    page = ready_page
    hand = "123m456p789s1122z"
    analyse(page, hand)
    expected = paili.analyze(hand)
    expect(results(page).get_by_text("Tenpai", exact=False).first).to_be_visible()
    waits = page.get_by_role("region", name="Waits")
    for wait in expected["waits"]:
        item = waits.locator(f"li[data-tile='{wait['tile']}']")
        expect(item.get_by_role("img", name=display_name(wait["tile"]))).to_be_visible()
        expect(item).to_contain_text(f"{wait['remaining']} left")
    expect(waits.get_by_role("listitem")).to_have_count(len(expected["waits"]))


def test_visible_tiles_lower_the_copies_left(ready_page: Page) -> None:
    page = ready_page
    hand = "123m456p789s1122z"
    analyse(page, hand)
    page.get_by_label("Visible tiles").fill("1z1z")
    expected = paili.analyze(hand, visible="1z1z")
    east = next(w for w in expected["waits"] if w["tile"] == "1z")
    waits = page.get_by_role("region", name="Waits")
    expect(waits.locator("li[data-tile='1z']")).to_contain_text(f"{east['remaining']} left")
    query = parse_qs(urlsplit(page.url).query)
    assert query == {"q": [hand], "v": ["1z1z"]}


def test_fourteen_tiles_show_the_discard_table(ready_page: Page) -> None:
    page = ready_page
    hand = "1235m456p789s1122z"
    analyse(page, hand)
    expected = paili.analyze(hand)
    table = discard_table(page)
    for header in ("Discard", "Shanten", "Tiles that improve", "Count"):
        expect(table.get_by_role("columnheader", name=re.compile(header))).to_be_visible()
    rows = table.locator("tr.discard-row")
    expect(rows).to_have_count(len(expected["discards"]))
    # once the advice is in, the rows are in its order (best first by the expected points)
    expect(page.locator("html")).to_have_attribute("data-advice", "ready", timeout=60_000)
    ranked = paili.advise(hand)["discards"]
    ukeire = {d["tile"]: d["ukeire"]["total"] for d in expected["discards"]}
    expect(rows.first.locator("td.count")).to_have_text(str(ukeire[ranked[0]["tile"]]))
    assert rows.evaluate_all("rs => rs.map(r => r.dataset.tile)") == [d["tile"] for d in ranked]


def test_called_melds(ready_page: Page) -> None:
    page = ready_page
    # (the example `123m456p11z [789s] (1111z)` holds six Easts; the engine rejects it. Same shape, 2z pair:)
    hand = "123m456p22z [789s] (1111z)"
    analyse(page, hand)
    expected = paili.analyze(hand)
    assert expected["agari"]
    expect(hand_tiles(page).get_by_role("group", name="chi: 7 sou, 8 sou, 9 sou")).to_be_visible()
    expect(hand_tiles(page).get_by_role("group", name="closed kan: East, East, East, East")).to_be_visible()
    expect(page.get_by_role("region", name=re.compile(r"^Decompositions"))).to_be_visible()
    expect(page.get_by_role("table", name="Shanten per form").locator("td[data-form='chiitoitsu']")).to_have_text("—")


def test_a_bad_hand_shows_the_message_and_the_position(ready_page: Page) -> None:
    page = ready_page
    field = hand_field(page)
    field.fill("123m8z")
    with pytest.raises(paili.HandError) as caught:
        paili.analyze("123m8z")
    assert caught.value.code == "notation.honor_digit"
    expect(field).to_have_attribute("aria-invalid", "true")
    message = page.locator("#hand-error-message")
    # the engine's mistake in a player's words (issue 27), not the parser's message
    words = "There is no 8z: the honours are 1z to 7z (East, South, West, North, White, Green, Red)."
    expect(message).to_have_text(words)
    # the message is what describes the field
    described = field.get_attribute("aria-describedby") or ""
    assert "hand-error-message" in described.split()
    expect(field).to_have_accessible_description(re.compile(re.escape(words)))
    # the bad character is marked, with a caret under it
    position = caught.value.position
    assert position == 4
    expect(page.locator("#hand-error-pointer mark")).to_have_text("123m8z"[position])
    expect(page.locator("#hand-error-pointer")).to_have_text(re.compile(rf"\n {{{position}}}\^$"))
    expect(results(page)).to_be_hidden()
    # Enter puts the cursor on it
    field.press("Enter")
    poll(page, "(() => { const el = document.activeElement;"
               " return el.selectionStart === 4 && el.selectionEnd === 5; })()")
    # fixing the hand clears the error
    field.fill("123m7z")
    expect(field).not_to_have_attribute("aria-invalid", "true")
    expect(message).to_be_hidden()


def test_a_bad_visible_field_marks_that_field(ready_page: Page) -> None:
    page = ready_page
    analyse(page, "123m456p789s1122z")
    visible = page.get_by_label("Visible tiles")
    visible.fill("1z9z")
    expect(visible).to_have_attribute("aria-invalid", "true")
    expect(hand_field(page)).not_to_have_attribute("aria-invalid", "true")
    expect(page.locator("#visible-error-pointer mark")).to_have_text("9")
    # Too many copies between the hand and the visible tiles: the engine says the error is the visible
    # field's (error.field); its message names no field, so nothing but the field can put it there.
    with pytest.raises(paili.HandError) as caught:
        paili.analyze("123m456p789s1122z", visible="111z")
    assert caught.value.field == "visible" and not caught.value.message.startswith("visible")
    visible.fill("111z")
    expect(visible).to_have_attribute("aria-invalid", "true")
    assert caught.value.code == "visible.too_many_copies"
    expect(page.locator("#visible-error-message")).to_have_text(
        "There are only 4 of each tile: the hand and the visible tiles hold 5 of 1z.")
    expect(page.locator("#hand-error")).to_be_hidden()
    expect(hand_field(page)).not_to_have_attribute("aria-invalid", "true")
    # and an error of the hand goes back to the hand field
    hand_field(page).fill("123m456p789s1122z8z")
    expect(hand_field(page)).to_have_attribute("aria-invalid", "true")
    expect(visible).not_to_have_attribute("aria-invalid", "true")
    expect(page.locator("#visible-error")).to_be_hidden()


def test_typed_text_is_never_html(ready_page: Page) -> None:
    page = ready_page
    hand_field(page).fill('<img src=x id=injected onerror="document.title=1">1m')
    expect(hand_field(page)).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#injected")).to_have_count(0)
    expect(page.locator("#hand-error-pointer")).to_contain_text("<img src=x")


@pytest.mark.pyodide  # the real worker answers the newest request first, so older answers come after it
def test_the_newest_input_wins(pyodide_page: Page) -> None:
    """Typed key by key, each keystroke a new request: what stays on screen is the analysis of the last one."""
    page = pyodide_page
    field = hand_field(page)
    field.fill("")  # the shared page as a fresh one: an empty hand (keys are typed at the cursor)
    field.press_sequentially("123m456p789s1122z")
    field.press("Backspace")
    field.press("Backspace")
    field.press_sequentially("3z")
    expect(results(page).get_by_text("13 tiles", exact=True)).to_be_visible()
    expect(results(page)).not_to_have_attribute("aria-busy", "true")
    expected = paili.analyze("123m456p789s1123z")
    expect(page.get_by_role("table", name="Shanten per form").locator("td[data-form='min']")).to_have_text(
        str(expected["shanten"]["min"])
    )
    assert drawn_hand(page) == tiles_of("123m456p789s1123z")


# ---- URL ---------------------------------------------------------------------------------------------------


def test_the_url_follows_the_hand(ready_page: Page) -> None:
    page = ready_page
    analyse(page, "123m456p789s1122z")
    assert parse_qs(urlsplit(page.url).query) == {"q": ["123m456p789s1122z"]}


def test_a_q_link_opens_the_analysis(page: Page, site_url: str) -> None:
    hand = "123m456p22z [789s] (1111z)"
    page.goto(site_url + "index.html?" + "q=" + hand.replace(" ", "+").replace("[", "%5B").replace("]", "%5D"))
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=60_000)
    expect(hand_field(page)).to_have_value(hand)
    expect(results(page).get_by_text("8 tiles", exact=True)).to_be_visible()
    expect(page.get_by_role("region", name=re.compile(r"^Decompositions"))).to_be_visible()


# ---- phone -------------------------------------------------------------------------------------------------


@pytest.mark.browser_context_args(viewport=PHONE, has_touch=True, is_mobile=True)
def test_tapping_tiles_builds_and_edits_a_hand(page: Page, site_url: str) -> None:
    page.goto(site_url)
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=60_000)
    taps = ["9s", "1m", "2m", "3m", "0p", "4p", "6p", "7s", "8s", "1z", "1z", "1z", "2z", "2z"]
    for tile in taps:
        palette(page).locator(f"button[data-tile='{tile}']").tap()
    field = hand_field(page)
    expect(field).to_have_value("123m406p789s11122z")
    expect(page.locator("#hand-count")).to_contain_text("14 tiles")  # a phone: the count line (issue 27)
    expect(hand_tiles(page).locator("button.tile")).to_have_count(14)
    assert drawn_hand(page) == tiles_of("123m406p789s11122z")
    expect(hand_tiles(page).get_by_role("button", name="red 5 pin")).to_be_visible()
    # tapping a tile of the hand takes it out
    hand_tiles(page).get_by_role("button", name="South").first.tap()
    expect(field).to_have_value("123m406p789s1112z")
    expect(page.locator("#hand-count")).to_contain_text("13 tiles")  # a phone: the count line (issue 27)
    expect(hand_tiles(page).locator("button.tile")).to_have_count(13)
    no_horizontal_scroll(page)


@pytest.mark.parametrize(
    ("typed", "taps", "remove"),
    [
        ("1 2m 9p", ["3m"], None),                             # the example: "123m...", never "1 2m3m"
        ("[789s] 2z 1m", ["1m", "2z", "5p", "0p", "3s"], None),  # melds typed first, a red five tapped
        ("(1111z) 56p 123m 9s", ["4p", "0p"], "red 5 pin"),     # take the red five out, beside a closed kan
        ("123m 406p 789s 11z", ["2z", "2z", "2z"], "East"),
    ],
)
def test_tapping_gives_the_engines_canonical_text(ready_page: Page, typed: str, taps: list[str],
                                                  remove: str | None) -> None:
    """A tap appends the tile's code; the field then shows the engine's text of the hand, whatever was typed."""
    page = ready_page
    hand_field(page).fill(typed)
    for tile in taps:
        palette(page).locator(f"button[data-tile='{tile}']").click()
    hand = typed + "".join(taps)
    expect(hand_field(page)).to_have_value(canonical(hand))
    expect(results(page)).to_have_attribute("data-hand", canonical(hand))
    assert drawn_hand(page) == tiles_of(hand)
    assert parse_qs(urlsplit(page.url).query)["q"] == [canonical(hand)]
    if remove is None:
        return
    result = paili.analyze(hand)
    names = [display_name(code) for code in result["concealed"]]
    index = names.index(remove)
    hand_tiles(page).get_by_role("button", name=remove, exact=True).first.click()
    left = result["concealed"][:index] + result["concealed"][index + 1:]
    expected = canonical(" ".join(["".join(left), *(m["text"] for m in result["melds"])]))
    expect(hand_field(page)).to_have_value(expected)
    expect(results(page)).to_have_attribute("data-hand", expected)


def test_walking_the_discard_table(ready_page: Page) -> None:
    page = ready_page
    start = "1235m456p789s1122z"
    analyse(page, start)
    expect(page.locator("html")).to_have_attribute("data-advice", "ready", timeout=60_000)
    first = paili.advise(start)["discards"][0]  # the advice's order once it is in
    name = first["tile"]
    row = discard_table(page).locator("tr.discard-row").first
    expect(row).to_have_attribute("data-tile", name)
    row.get_by_role("button", name=re.compile("^Discard")).click()
    after = first["after"]
    expect(hand_field(page)).to_have_value(after)
    expect(results(page).get_by_text("13 tiles", exact=True)).to_be_visible()
    expect(discard_table(page)).to_have_count(0)
    assert drawn_hand(page) == tiles_of(after)
    # draw a tile from the palette, discard again by clicking the row itself (not its button)
    palette(page).get_by_role("button", name="North").click()
    expect(discard_table(page)).to_be_visible()
    drawn = hand_field(page).input_value()
    second = paili.analyze(drawn)["discards"][-1]
    discard_table(page).locator(f"tr.discard-row[data-tile='{second['tile']}'] td.count").first.click()
    expect(hand_field(page)).to_have_value(second["after"])
    # and back: the undo button is browser history
    page.get_by_role("button", name="Undo", exact=True).click()
    expect(hand_field(page)).to_have_value(drawn)
    expect(discard_table(page)).to_be_visible()
    page.go_back()
    expect(hand_field(page)).to_have_value(start)
    expect(discard_table(page).locator("tr.discard-row")).to_have_count(len(paili.analyze(start)["discards"]))


def test_keyboard_only(ready_page: Page) -> None:
    page = ready_page
    analyse(page, "1235m456p789s1122z")
    button = discard_table(page).locator("tr.discard-row").first.get_by_role("button", name=re.compile("^Discard"))
    button.focus()
    page.keyboard.press("Enter")
    expect(results(page).get_by_text("13 tiles", exact=True)).to_be_visible()


NEXT_FRAMES = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"


def no_horizontal_scroll_on_a_phone(page: Page) -> None:
    """No sideways scrolling held upright, then turned (one page, its viewport resized). After each resize, two
    frames: the page's media-query listeners (a table's improving tiles, drawn above 560 px) run in the first."""
    for viewport in (PHONE, PHONE_LANDSCAPE):
        page.set_viewport_size(viewport)
        page.evaluate(NEXT_FRAMES)
        no_horizontal_scroll(page)


def test_no_horizontal_scrolling_on_a_phone(page: Page, site_url: str) -> None:
    page.set_viewport_size(PHONE)
    page.goto(site_url + "index.html?q=1235m456p789s1122z&v=1z")
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=60_000)
    expect(discard_table(page)).to_be_visible()
    no_horizontal_scroll_on_a_phone(page)
    # turned, the table has its improving tiles, as when the page was opened that way
    expect(discard_table(page).locator("td.improve .tile").first).to_be_visible()
    hand_field(page).fill("19m19p19s12345677z")
    expect(page.get_by_role("region", name=re.compile(r"^Decompositions"))).to_be_visible()
    no_horizontal_scroll_on_a_phone(page)
    hand_field(page).fill("1111222233334444555566667777888899990000m")
    expect(hand_field(page)).to_have_attribute("aria-invalid", "true")
    no_horizontal_scroll_on_a_phone(page)


# ---- pictures ----------------------------------------------------------------------------------------------

FACES_DRAWN = ("[...document.querySelectorAll('svg.face > use')]"
               ".every(u => !u.parentNode.checkVisibility() || u.getBBox().width > 0)")
"""True when every tile face on screen is drawn: a face's symbol has a size once its sheet has loaded."""



@pytest.mark.parametrize(
    ("name", "viewport", "query"),
    [
        ("desktop-discards", DESKTOP, "q=1235m406p789s1122z"),
        pytest.param("desktop-agari", DESKTOP, "q=11223344556677m", marks=pytest.mark.slow),
        ("phone-discards", PHONE, "q=1235m406p789s1122z"),
        pytest.param("phone-waits", PHONE, "q=123m456p2z+%5B789s%5D+(1111z)&v=2z", marks=pytest.mark.slow),
        ("phone-error", PHONE, "q=123m8z"),
    ],
)
def test_screenshots(
    page: Page, site_url: str, screenshot_dir: Path, name: str, viewport: dict[str, int], query: str
) -> None:
    page.set_viewport_size(viewport)
    page.goto(f"{site_url}index.html?{query}")
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=60_000)
    expect(page.locator("#results:not([hidden]), #hand-error:not([hidden])").first).to_be_visible()
    poll(page, FACES_DRAWN)
    page.screenshot(path=screenshot_dir / f"page-{name}.png", full_page=True)


def face_hrefs(page: Page) -> list[str]:
    """The sheet and symbol each face of the hand is drawn from: "tiles/Regular/faces.svg#Man1", ..."""
    hrefs: list[str] = hand_tiles(page).locator("svg.face > use").evaluate_all(
        "us => us.map(u => u.getAttribute('href'))")
    return hrefs


def test_dark_theme_uses_the_black_tile_set(page: Page, site_url: str, screenshot_dir: Path) -> None:
    page.emulate_media(color_scheme="dark")
    page.set_viewport_size(PHONE)
    page.goto(site_url + "?q=123m406p789s1122z5m")
    page.locator("html[data-engine='ready']").wait_for(timeout=60_000)  # Pyodide's start, slow on a busy machine
    analyse(page, "123m406p789s1122z5m")
    faces = face_hrefs(page)
    assert faces and all(href.startswith("tiles/Black/faces.svg#") for href in faces), faces
    poll(page, FACES_DRAWN)
    # the tile body's image, once the hand drawn by the engine has its style
    poll(page, "(() => { const e = document.querySelector('#hand-tiles .tile');"
               " return e && getComputedStyle(e).backgroundImage.includes('tiles/Black/Front.svg'); })()")
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background != "rgb(255, 255, 255)"
    no_horizontal_scroll(page)
    page.screenshot(path=screenshot_dir / "page-phone-dark.png", full_page=True)
    # Back to light: the same faces from the Regular set, drawn (the page hears of the change a moment later)
    page.emulate_media(color_scheme="light")
    poll(page, "[...document.querySelectorAll('#hand-tiles svg.face > use')]"
               ".every(u => u.getAttribute('href').startsWith('tiles/Regular/faces.svg#'))")
    again = face_hrefs(page)
    assert [href.split("#")[1] for href in again] == [href.split("#")[1] for href in faces]
    poll(page, FACES_DRAWN)


def poll(page: Page, expression: str, seconds: float = 10.0) -> None:
    """Wait until ``expression`` is true in the page, asking with ``page.evaluate`` every 50 ms: Playwright's
    ``wait_for_function`` polls by evaluating a string, which the page's CSP forbids (it passed only when the
    condition held at once)."""
    deadline = time.monotonic() + seconds
    while not page.evaluate(expression):
        assert time.monotonic() < deadline, f"not true within {seconds} s: {expression}"
        page.wait_for_timeout(50)
