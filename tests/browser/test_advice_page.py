"""The advice in the discard table: win %, tenpai % and expected points per discard (paili.advise), computed on
the page's one engine (one worker, one Pyodide), sortable, with a details row per discard (issues 10 and 13).

The expected figures come from the engine itself (`paili.advise` in this process). Ordering is asserted on
what the page recorded (a MutationObserver log), never on timings; nothing sleeps.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect
from test_page import FACES_DRAWN, poll

import paili

PHONE = {"width": 390, "height": 844}
SMALL = {"width": 360, "height": 740}
TOUCH = {"has_touch": True, "is_mobile": True}
DESKTOP = {"width": 1280, "height": 900}

ONE_SHANTEN = "12345567m24p223s3z"  # 14 tiles, 1-shanten
TENPAI = "1235m456p789s1122z"  # 14 tiles, tenpai after 5m
# A hand whose 2-shanten rows with both options and 30 draws take about 11 s in CPython, several times that
# under Pyodide; OTHER takes under a second in CPython.
SLOW_HAND = "49m456p23456s2777z"
OTHER = "2345m456p789s1122z"
SLOW = {"turns": 30, "tegawari": True, "shanten_down": True}
# 14 tiles tapped in this order (a 2-shanten hand, as in test_phone.py)
TAPS = ["1m", "2m", "4m", "7m", "2p", "3p", "6p", "9p", "3s", "4s", "8s", "1z", "1z", "5z"]

# Records, in order, every analysis and every data-advice state: ("analysis", hand), ("advice", state, hand).
LOG_PROBE = """
(() => {
  window.__log = [];
  new MutationObserver((records) => {
    for (const r of records) {
      const node = r.target;
      if (node.id === "results" && r.attributeName === "data-hand" && node.dataset.hand) {
        window.__log.push(["analysis", node.dataset.hand]);
      } else if (node === document.documentElement && r.attributeName === "data-advice") {
        window.__log.push(["advice", node.dataset.advice, document.getElementById("results")?.dataset.hand ?? ""]);
      }
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-hand", "data-advice"] });
})();
"""


# With LOG_PROBE: every request the page sends its engine, logged as ("request", op, hand, the hand of the
# analysis on screen as it is sent).
REQUEST_PROBE = """
(() => {
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message && message.op) {
      const drawn = document.getElementById("results")?.dataset.hand ?? "";
      window.__log?.push(["request", message.op, message.payload?.hand ?? "", drawn]);
    }
    return post.call(this, message, ...rest);
  };
})();
"""


def percent(p: float | None) -> str:
    """The page's format (chances.js `percent`)."""
    if p is None:
        return "—"
    if 0 < p < 0.0005:
        return "<0.1%"
    return f"{p * 100:.1f}%"


def points(value: float | None) -> str:
    """The page's format (chances.js `points`)."""
    return "—" if value is None else f"{round(value):,}"


def hand_field(page: Page) -> Locator:
    return page.get_by_label("Hand", exact=True)


def results(page: Page) -> Locator:
    return page.get_by_role("region", name="Analysis")


def table(page: Page) -> Locator:
    return page.get_by_role("table", name="Discards, best first")


def canonical(hand: str) -> str:
    result = paili.analyze(hand)
    return " ".join([result["hand"], *(m["text"] for m in result["melds"])]).strip()


def analyse(page: Page, hand: str) -> None:
    hand_field(page).fill(hand)
    expect(results(page)).to_have_attribute("data-hand", canonical(hand))


def wait_for_advice(page: Page, hand: str, timeout: int = 120_000) -> None:
    """Until the advice shown is the one of this hand."""
    expect(results(page)).to_have_attribute("data-hand", canonical(hand))
    expect(page.locator("html")).to_have_attribute("data-advice", "ready", timeout=timeout)
    expect(table(page)).to_have_attribute("data-advice", "ready")


def shown_rows(page: Page) -> list[dict[str, Any]]:
    return table(page).locator("tr.discard-row").evaluate_all(
        """rs => rs.map(r => {
            const cell = (key) => r.querySelector(`td[data-key=${key}]`);
            return {tile: r.dataset.tile, win: cell('p_win').textContent, tenpai: cell('p_tenpai').textContent,
                    ev: cell('ev').textContent, pWin: cell('p_win').dataset.value ?? null,
                    pTenpai: cell('p_tenpai').dataset.value ?? null, value: cell('ev').dataset.value ?? null};
        })"""
    )


def last(values: list[float] | None) -> float | None:
    return None if values is None else values[-1]


def assert_rows_match(page: Page, discards: list[dict[str, Any]]) -> None:
    """The rows on screen are these discards, in this order, with their figures by the last draw."""
    shown = shown_rows(page)
    assert [r["tile"] for r in shown] == [d["tile"] for d in discards]
    for row, d in zip(shown, discards, strict=True):
        assert row["win"] == percent(last(d["p_win"])) and row["tenpai"] == percent(last(d["p_tenpai"])), row
        assert row["ev"] == points(last(d["ev"])), row
        if d["p_win"] is not None:
            assert float(row["pWin"]) == pytest.approx(d["p_win"][-1], abs=1e-12)
            assert float(row["pTenpai"]) == pytest.approx(d["p_tenpai"][-1], abs=1e-12)


def sorted_discards(advice: dict[str, Any], key: str, descending: bool = True) -> list[dict[str, Any]]:
    """The page's order for a sort key: the figure (ties: the others, as the engine ranks), rows without
    it last, then the analysis (Tenhou) order."""
    order = {d["tile"]: i for i, d in enumerate(paili.analyze(advice["hand"])["discards"])}
    ties = {"p_win": ["p_tenpai"], "p_tenpai": ["p_win"], "ev": ["p_win", "p_tenpai"], "count": []}[key]
    sign = -1 if descending else 1

    def figure(d: dict[str, Any], k: str) -> float | None:
        return float(-order[d["tile"]]) if k == "count" else last(d[k])  # count: Tenhou's order

    def rank(d: dict[str, Any]) -> tuple[Any, ...]:
        parts: list[Any] = []
        for k in [key, *ties]:
            v = figure(d, k)
            parts += [v is None, 0.0 if v is None else sign * v]
        return (*parts, order[d["tile"]])

    return sorted(advice["discards"], key=rank)


def no_horizontal_scroll(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    viewport = page.evaluate("document.documentElement.clientWidth")
    assert width <= viewport, f"the page scrolls sideways: {width}px content in a {viewport}px viewport"


@pytest.fixture
def logged_page(page: Page, site_url: str) -> Page:
    page.add_init_script(LOG_PROBE)
    page.goto(site_url)
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=60_000)
    return page


def log_of(page: Page) -> list[list[str]]:
    entries: list[list[str]] = page.evaluate("window.__log")
    return entries


# ---- tests -----------------------------------------------------------------------------------------------


def test_advice_columns_of_a_one_shanten_hand(page: Page, site_url: str) -> None:
    started: list[str] = []
    page.on("worker", lambda worker: started.append(worker.url))
    page.add_init_script(LOG_PROBE)
    page.goto(site_url)
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=60_000)
    expect(page.locator("html")).to_have_attribute("data-advice", "none")
    expected = paili.advise(ONE_SHANTEN)
    analyse(page, ONE_SHANTEN)
    wait_for_advice(page, ONE_SHANTEN)
    # best first by the objective (expected points), the engine's own order
    assert_rows_match(page, expected["discards"])
    for header in ("Discard", "Shanten", "Count", "Win", "Tenpai", "Points"):
        expect(table(page).get_by_role("columnheader", name=re.compile(header))).to_be_visible()
    expect(table(page).locator("th[data-sort='ev']")).to_have_attribute("aria-sort", "descending")
    # the state went pending, then ready, for this hand
    log = log_of(page)
    hand = canonical(ONE_SHANTEN)
    assert log.index(["advice", "pending", hand]) < log.index(["advice", "ready", hand]), log
    # a 13-tile hand has no discard to choose: a tenpai one gets its waits' chances (test_outlook_page), one
    # that is not tenpai nothing
    analyse(page, "123m456p789s1357z")
    expect(page.locator("html")).to_have_attribute("data-advice", "none")
    expect(page.locator(".outlook-total")).to_have_count(0)
    analyse(page, "123m456p789s1122z")
    expect(page.locator(".outlook-total")).to_have_count(1)
    expect(page.locator("html")).to_have_attribute("data-advice", "ready")
    # one Python runtime on the page: one worker ever started (the engine's), none now besides it
    assert [w.url for w in page.workers] == started, started
    assert len(started) == 1 and started[0].endswith("/js/worker.js"), started


def test_the_search_is_asked_once_as_soon_as_the_analysis_comes(page: Page, site_url: str) -> None:
    # The page asks for a hand's advice (a tenpai 13-tile hand's outlook) when the analysis answers, before it
    # draws it, and once: drawing the table then finds the search running.
    page.add_init_script(LOG_PROBE)
    page.add_init_script(REQUEST_PROBE)
    page.goto(site_url)
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=60_000)
    for hand, op in ((ONE_SHANTEN, "advise"), ("123m456p789s1122z", "outlook"), (TENPAI, "advise")):
        analyse(page, hand)
        expect(page.locator("html")).to_have_attribute("data-advice", "ready", timeout=120_000)
        log = log_of(page)
        shown = canonical(hand)
        # one search, for this hand, sent while the analysis on screen was still the one before
        asked = [entry for entry in log if entry[0] == "request" and entry[1] in ("advise", "outlook")]
        assert len(asked) == 1 and asked[0][1:3] == [op, paili.analyze(hand)["hand"]], log
        assert asked[0][3] != shown, log
        assert log.index(["advice", "pending", shown]) < log.index(["advice", "ready", shown]), log
        page.evaluate("window.__log.length = 0")


def test_sorting_by_each_column(ready_page: Page) -> None:
    page = ready_page
    advice = paili.advise(ONE_SHANTEN)
    analyse(page, ONE_SHANTEN)
    wait_for_advice(page, ONE_SHANTEN)
    for key, name in (("p_win", "Win"), ("p_tenpai", "Tenpai"), ("count", "Count"), ("ev", "Points")):
        header = table(page).locator(f"th[data-sort='{key}']")
        header.get_by_role("button", name=re.compile(name)).click()
        expect(header).to_have_attribute("aria-sort", "descending")
        expect(table(page).locator("th[aria-sort]")).to_have_count(1)
        assert_rows_match(page, sorted_discards(advice, key))
    # again: the other way; by keyboard
    button = table(page).locator("th[data-sort='p_win'] button")
    button.focus()
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    expect(table(page).locator("th[data-sort='p_win']")).to_have_attribute("aria-sort", "ascending")
    assert_rows_match(page, sorted_discards(advice, "p_win", descending=False))


def test_expanding_a_row_shows_its_chart_waits_and_improvements(ready_page: Page) -> None:
    page = ready_page
    advice = paili.advise(TENPAI)
    analyse(page, TENPAI)
    wait_for_advice(page, TENPAI)
    best = advice["discards"][0]
    n = advice["turns"]
    row = table(page).locator("tr.discard-row").first
    expand = row.get_by_role("button", name=re.compile("^Details of discarding"))
    expect(expand).to_have_attribute("aria-expanded", "false")
    expand.click()
    expect(expand).to_have_attribute("aria-expanded", "true")
    detail = page.locator(f"#{expand.get_attribute('aria-controls')}")
    expect(detail).to_be_visible()
    chart = detail.get_by_role("img", name=re.compile(r"^Chance by draw: to win"))
    expect(chart).to_have_attribute("aria-label", re.compile(re.escape(f"{percent(best['p_win'][n - 1])} after {n}")))
    expect(chart.locator("polyline")).to_have_count(2)
    waits = detail.locator(".advice-waits li")
    expect(waits).to_have_count(len(best["waits"]))
    for item, wait in zip(waits.all(), best["waits"], strict=True):
        expect(item).to_have_attribute("data-tile", wait["tile"])
        expect(item).to_contain_text(f"{wait['remaining']} left")
        if wait["yaku"]:
            expect(item).to_contain_text(f"ron {points(wait['points']['ron'])}")
    expect(detail).to_contain_text(f"Tiles that improve: {best['ukeire']['total']}")
    expect(detail).to_contain_text(f"{len(best['improvements']['tiles'])} kinds, {best['improvements']['total']} tiles")
    # closing it hides it; the row is still a discard row (the expand button does not discard)
    expand.click()
    expect(detail).to_be_hidden()
    expect(results(page)).to_have_attribute("data-hand", canonical(TENPAI))


# Holds back every "improvements" request the page sends its engine until window.__release() (the advice is
# asked for without them, and they after it: issue 10).
HOLD_IMPROVEMENTS = """
(() => {
  const post = Worker.prototype.postMessage;
  const held = [];
  window.__held = () => held.map(([, message]) => message.payload?.hand ?? "");
  window.__release = () => {
    for (const [worker, message, rest] of held.splice(0)) post.call(worker, message, ...rest);
  };
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message && message.op === "improvements") {
      held.push([this, message, rest]);
      return undefined;
    }
    return post.call(this, message, ...rest);
  };
})();
"""


def improvement_tiles(detail: Locator) -> list[list[str]]:
    """The improvement tiles shown in a details row: [tile, copies left] each."""
    items: list[list[str]] = detail.locator(".detail-improvements li").evaluate_all(
        "ls => ls.map(l => [l.dataset.tile, l.querySelector('.count [aria-hidden]').textContent])")
    return items


def test_the_improvements_come_after_the_advice(page: Page, site_url: str) -> None:
    page.add_init_script(HOLD_IMPROVEMENTS)
    page.goto(site_url)
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=60_000)
    # the advice is ready while its improvements are still held back: it does not wait for them
    analyse(page, TENPAI)
    wait_for_advice(page, TENPAI)
    expect(table(page)).to_have_attribute("data-improvements", "pending")
    assert page.evaluate("window.__held()") == [paili.analyze(TENPAI)["hand"]]
    # a row expanded before they come: a pending "…", busy
    row = table(page).locator("tr.discard-row").nth(1)
    expand = row.get_by_role("button", name=re.compile("^Details of discarding"))
    expand.click()
    detail = page.locator(f"#{expand.get_attribute('aria-controls')}")
    part = detail.locator(".detail-improvements")
    expect(part).to_have_attribute("aria-busy", "true")
    expect(part).to_contain_text("…")
    # a newer hand: the held reply of the old one is not shown for it
    analyse(page, ONE_SHANTEN)
    wait_for_advice(page, ONE_SHANTEN)
    expect(table(page)).to_have_attribute("data-improvements", "pending")
    page.evaluate("window.__release()")
    expect(table(page)).to_have_attribute("data-improvements", "ready")
    # every row shows the improvements of engine.advise for the hand on screen, as before
    advice = {d["tile"]: d for d in paili.advise(ONE_SHANTEN)["discards"]}
    rows = table(page).locator("tr.discard-row")
    for i in range(rows.count()):
        row = rows.nth(i)
        tile = row.get_attribute("data-tile") or ""
        expand = row.get_by_role("button", name=re.compile("^Details of discarding"))
        expand.click()
        detail = page.locator(f"#{expand.get_attribute('aria-controls')}")
        better = advice[tile]["improvements"]
        part = detail.locator(".detail-improvements")
        expect(part).not_to_have_attribute("aria-busy", "true")
        expect(part).to_contain_text(f"{len(better['tiles'])} kinds, {better['total']} tiles")
        assert improvement_tiles(detail) == [[b["tile"], str(b["remaining"])] for b in better["tiles"]], tile
    # a row open as they come is filled in: a hand again, its improvements held, one row opened, then released
    analyse(page, TENPAI)
    wait_for_advice(page, TENPAI)
    expand = table(page).locator("tr.discard-row").first.get_by_role("button", name=re.compile("^Details of"))
    if expand.get_attribute("aria-expanded") != "true":
        expand.click()
    detail = page.locator(f"#{expand.get_attribute('aria-controls')}")
    tile = table(page).locator("tr.discard-row").first.get_attribute("data-tile") or ""
    expect(detail.locator(".detail-improvements")).to_have_attribute("aria-busy", "true")
    page.evaluate("window.__release()")
    expect(detail.locator(".detail-improvements")).not_to_have_attribute("aria-busy", "true")
    better = {d["tile"]: d for d in paili.advise(TENPAI)["discards"]}[tile]["improvements"]
    expect(detail).to_contain_text(f"{len(better['tiles'])} kinds, {better['total']} tiles")
    assert improvement_tiles(detail) == [[b["tile"], str(b["remaining"])] for b in better["tiles"]]


@pytest.mark.pyodide  # the real worker's scheduling is the point: it answers the newest job first (the recorded
# engine answers in order, and would compute the slow search in this process before the new hand's)
def test_a_new_hand_does_not_wait_for_a_slow_search(logged_page: Page) -> None:
    page = logged_page
    analyse(page, TENPAI)
    wait_for_advice(page, TENPAI)
    panel = page.get_by_role("group", name="Win chance options")
    panel.get_by_label("Draws").fill(str(SLOW["turns"]))
    panel.get_by_label("Draws").press("Enter")
    panel.get_by_label(re.compile("^Swap")).check()
    panel.get_by_label(re.compile("^Step back")).check()
    analyse(page, SLOW_HAND)
    expect(page.locator("html")).to_have_attribute("data-advice", "pending")
    # a new hand typed while the slow search runs: its analysis and its advice come (well before the slow
    # search could have ended), the slow one never does
    analyse(page, OTHER)
    wait_for_advice(page, OTHER, timeout=20_000)
    assert_rows_match(page, paili.advise(OTHER, **SLOW)["discards"])  # type: ignore[arg-type]
    log = log_of(page)
    slow = canonical(SLOW_HAND)
    assert ["advice", "pending", slow] in log and ["advice", "ready", slow] not in log, log


def test_keyboard_focus_stays_in_the_results_after_a_discard(ready_page: Page) -> None:
    page = ready_page
    analyse(page, TENPAI)
    wait_for_advice(page, TENPAI)
    first = table(page).locator("tr.discard-row").first
    after = first.get_attribute("data-after")
    first.get_by_role("button", name=re.compile("^Discard")).focus()
    page.keyboard.press("Enter")
    expect(hand_field(page)).to_have_value(after or "")
    expect(results(page)).to_have_attribute("data-hand", after or "")
    assert page.evaluate("document.activeElement.closest('#results') !== null"), "the focus left the results"


@pytest.mark.slow  # 14 s; test_answer_first checks the phone's first screen in the ten-minute run
@pytest.mark.browser_context_args(viewport=PHONE, **TOUCH)
def test_phone_layout_after_tapping_a_hand(page: Page, site_url: str, screenshot_dir: Path) -> None:
    for viewport in (PHONE, SMALL):  # one touch page, opened afresh at each width
        page.set_viewport_size(viewport)
        page.goto(site_url)
        expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=60_000)
        count = page.locator("#hand-count")
        for n, code in enumerate(TAPS, start=1):
            page.get_by_role("group", name="Tile palette").locator(f"button.tile[data-tile='{code}']").tap()
            expect(count).to_have_attribute("data-count", str(n))
        wait_for_advice(page, "".join(TAPS))
        # at 390x844 the first discard row within the first 900 px of the page; one line (not wrapped tiles)
        box = page.evaluate("""(() => { const r = document.querySelector('tr.discard-row').getBoundingClientRect();
                                 return {bottom: r.bottom + scrollY, height: r.height}; })()""")
        if viewport == PHONE:
            assert box["bottom"] <= 900, box
        assert box["height"] <= 60, box  # one line (a wrapped row of tiles and counts is twice that)
        widths = page.locator("#hand-tiles .tile").evaluate_all("ts => ts.map(t => t.getBoundingClientRect().width)")
        assert len(widths) == 14 and min(widths) >= 36, widths
        # readable: every advice column on screen, no sideways scrolling
        no_horizontal_scroll(page)
        for key in ("p_win", "p_tenpai", "ev"):
            cell = page.locator(f"tr.discard-row td[data-key='{key}']").first
            right = cell.evaluate("c => c.getBoundingClientRect().right")
            assert right <= viewport["width"], (key, right)
        poll(page, FACES_DRAWN)
        page.screenshot(path=screenshot_dir / f"advice-phone-{viewport['width']}.png")


@pytest.mark.slow  # a picture for the docs (5 s)
def test_desktop_screenshot(page: Page, site_url: str, screenshot_dir: Path) -> None:
    page.set_viewport_size(DESKTOP)
    page.goto(f"{site_url}index.html?q={ONE_SHANTEN}")
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=60_000)
    wait_for_advice(page, ONE_SHANTEN)
    table(page).locator("button.expand").first.click()
    poll(page, FACES_DRAWN)
    no_horizontal_scroll(page)
    page.screenshot(path=screenshot_dir / "advice-desktop.png", full_page=True)


@pytest.mark.parametrize("size", [SMALL, DESKTOP], ids=["phone-360", "desktop"])
def test_the_figures_say_what_they_assume_on_every_screen(page: Page, site_url: str, size: dict[str, int]) -> None:
    """Issue 37: the line stating the model's assumptions was hidden on phones; the legend called the points
    column "a win's average worth" while it holds the expected points. Now a collapsed line under the table on
    every screen size, written from the situation the engine used."""
    page.set_viewport_size(size)
    page.goto(site_url)
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=60_000)
    analyse(page, ONE_SHANTEN)
    wait_for_advice(page, ONE_SHANTEN)
    summary = page.get_by_text("What the figures assume")
    expect(summary).to_be_visible()
    box = summary.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= size["width"]
    summary.click()
    expect(page.locator(".advice-assumes p")).to_have_text(
        "Self-draws only, within 17 draws; riichi as soon as a closed hand is tenpai; round wind East, seat wind "
        "East; dora indicators: none. Points are expected points: the chance to win times a win's worth.")
    expect(page.locator(".advice-legend-words")).not_to_contain_text("average worth")
    no_horizontal_scroll(page)


@pytest.mark.parametrize("size", [SMALL, DESKTOP], ids=["phone-360", "desktop"])
def test_the_opponents_field_counts_the_table(page: Page, site_url: str, size: dict[str, int]) -> None:
    """Issues 39 and 40, the page's first step: the opponents' text form (in the address, o=) makes the advice
    count the table: each row shows its chance to deal in (a band and the figure), the rows are ranked by the
    values counting it, and a line says push or fold; the field's change asks again."""
    page.set_viewport_size(size)
    hand, river = "23456m345p6789s15z", "l:19m4p5*p7z5z2s3s"
    page.goto(f"{site_url}?q={hand}&o={river}")
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=60_000)
    wait_for_advice(page, hand)
    want = paili.advise(hand, opponents=river, improvements=False)
    marks = table(page).locator(".deal-in")
    expect(marks).to_have_count(len(want["discards"]))
    assert [r["tile"] for r in shown_rows(page)][:1] == [want["discards"][0]["tile"]] == ["5z"]
    five = table(page).locator("tr.discard-row[data-tile='5z'] .deal-in")
    expect(five).to_have_text("deal-in 0.0%")
    expect(five).to_have_class(re.compile("deal-in--low"))
    verdict = want["verdict"]
    word = "Fold" if verdict["fold"] else "Push"
    line = page.locator(".advice-verdict")
    expect(line).to_be_visible()
    expect(line).to_contain_text(f"{word}: ")
    box, first = line.bounding_box(), table(page).bounding_box()
    assert box is not None and first is not None and box["y"] < first["y"]  # above the table
    no_horizontal_scroll(page)
    # cleared: the advice alone again, no marks
    page.locator("#opponents-field").get_by_role("button", name="Clear all").click()
    expect(marks).to_have_count(0)
    expect(page.locator("section.danger")).to_have_count(0)
    expect(page.locator(".advice-verdict")).to_be_hidden()
