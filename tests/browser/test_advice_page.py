"""The page's win chances (何切る): per discard of a 14-tile hand, paili.advise() computed in its own worker.

The expected figures come from the engine itself (`paili.advise` in this process). Ordering is asserted on
what the page recorded (a MutationObserver log), never on timings; nothing sleeps.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

import paili
from paili import i18n

PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 900}

ONE_SHANTEN = "12345567m24p223s3z"  # 14 tiles, 1-shanten
TENPAI = "1235m456p789s1122z"  # 14 tiles, tenpai after 5m
FAR = "135m468p2579s1122z"  # 3-shanten: beyond the default max_shanten (2)
# ONE_SHANTEN with both options and 30 draws: seconds in CPython, several times that under Pyodide.
SLOW = {"turns": 30, "tegawari": True, "shanten_down": True}

# Records, in order, every analysis and every advice state the page shows: ("analysis", hand),
# ("advice", state, hand), ("restart", n). Installed before the page's scripts run.
LOG_PROBE = """
(() => {
  window.__log = [];
  const seen = new WeakMap();
  const record = (node) => {
    if (node.id === "results" && node.dataset.hand) {
      window.__log.push(["analysis", node.dataset.hand]);
    } else if (node.classList?.contains("advice")) {
      const entry = [node.dataset.state, node.dataset.hand ?? "", node.dataset.restarts ?? "0"];
      const key = entry.join("|");
      if (seen.get(node) === key) return;
      seen.set(node, key);
      window.__log.push(["advice", ...entry]);
    }
  };
  new MutationObserver((records) => {
    for (const r of records) if (r.type === "attributes") record(r.target);
  }).observe(document, {
    subtree: true, attributes: true, attributeFilter: ["data-hand", "data-state", "data-restarts"],
  });
})();
"""


def percent(p: float | None) -> str:
    """The page's format (advice.js `percent`)."""
    if p is None:
        return "—"
    if 0 < p < 0.0005:
        return "<0.1%"
    return f"{p * 100:.1f}%"


def hand_field(page: Page) -> Locator:
    return page.get_by_label("Hand", exact=True)


def results(page: Page) -> Locator:
    return page.get_by_role("region", name="Analysis")


def advice(page: Page) -> Locator:
    return page.get_by_role("region", name=re.compile(r"^Win chances"))


def advice_table(page: Page) -> Locator:
    return page.get_by_role("table", name=re.compile(r"^Discards by the expected points won"))


def canonical(hand: str) -> str:
    result = paili.analyze(hand)
    return " ".join([result["hand"], *(m["text"] for m in result["melds"])]).strip()


def analyse(page: Page, hand: str) -> None:
    hand_field(page).fill(hand)
    expect(results(page)).to_have_attribute("data-hand", canonical(hand))


def wait_for_advice(
    page: Page, hand: str, *, turns: int = 17, tegawari: bool = False, shanten_down: bool = False
) -> None:
    """Until the advice on screen is the one of this hand and these options."""
    section = advice(page)
    expect(section).to_have_attribute("data-state", "done", timeout=120_000)
    expect(section).to_have_attribute("data-hand", canonical(hand), timeout=120_000)
    expect(section).to_have_attribute("data-turns", str(turns), timeout=120_000)
    expect(section).to_have_attribute("data-tegawari", str(tegawari).lower())
    expect(section).to_have_attribute("data-shanten-down", str(shanten_down).lower())
    expect(section).to_have_attribute("data-state", "done", timeout=120_000)


def rows(page: Page) -> Locator:
    return advice_table(page).locator("tr.advice-row")


def shown_rows(page: Page) -> list[dict[str, Any]]:
    return rows(page).evaluate_all(
        """rs => rs.map(r => ({
            tile: r.dataset.tile,
            pWin: r.dataset.pWin ?? null,
            pTenpai: r.dataset.pTenpai ?? null,
            win: r.querySelector('td.p-win').textContent,
            tenpai: r.querySelector('td.p-tenpai').textContent,
            chart: r.querySelector('svg[role=img]')?.getAttribute('aria-label') ?? null,
        }))"""
    )


def row_name(d: dict[str, Any]) -> str:
    return str(d["tile"])   # the copy thrown: "0m" for a red five


def assert_rows_match(page: Page, expected: dict[str, Any]) -> None:
    """The rows on screen are the engine's, in its order, with its chances by the last draw."""
    n = expected["turns"]
    shown = shown_rows(page)
    assert [r["tile"] for r in shown] == [row_name(d) for d in expected["discards"]]
    for row, d in zip(shown, expected["discards"], strict=True):
        if d["p_win"] is None:
            assert row["pWin"] is None and row["chart"] is None
            assert row["win"] == row["tenpai"] == "—"
            continue
        assert float(row["pWin"]) == pytest.approx(d["p_win"][n - 1], abs=1e-12), row
        assert float(row["pTenpai"]) == pytest.approx(d["p_tenpai"][n - 1], abs=1e-12), row
        assert row["win"] == percent(d["p_win"][n - 1])
        assert row["tenpai"] == percent(d["p_tenpai"][n - 1])
        assert row["chart"] is not None and f"{percent(d['p_win'][n - 1])} after {n}" in row["chart"]


def no_horizontal_scroll(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    viewport = page.evaluate("document.documentElement.clientWidth")
    assert width <= viewport, f"the page scrolls sideways: {width}px content in a {viewport}px viewport"


def set_options(
    page: Page, *, turns: int | None = None, tegawari: bool | None = None, shanten_down: bool | None = None
) -> None:
    section = advice(page)
    if turns is not None:
        section.get_by_label("Draws").fill(str(turns))
        section.get_by_label("Draws").press("Enter")
        section.get_by_label("Draws").blur()
    if tegawari is not None:
        section.get_by_label(re.compile("better shape")).set_checked(tegawari)
    if shanten_down is not None:
        section.get_by_label(re.compile("Step back a shanten")).set_checked(shanten_down)


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


def test_win_chances_of_a_one_shanten_hand(ready_page: Page) -> None:
    page = ready_page
    expected = paili.advise(ONE_SHANTEN)
    assert expected["shanten"] == 1 and expected["note"] is None
    analyse(page, ONE_SHANTEN)
    wait_for_advice(page, ONE_SHANTEN)
    assert_rows_match(page, expected)
    for header in ("Discard", "Win", "Tenpai", "By draw"):
        expect(advice_table(page).get_by_role("columnheader", name=re.compile(header))).to_be_visible()
    # the controls, with their labels
    section = advice(page)
    expect(section.get_by_label("Draws")).to_have_value("17")
    expect(section.get_by_label(re.compile("better shape"))).not_to_be_checked()
    expect(section.get_by_label(re.compile("Step back a shanten"))).not_to_be_checked()
    expect(section.get_by_role("status")).to_contain_text("within 17 draws")
    # the chart: one accessible picture per row, with both lines
    first = rows(page).first
    chart = first.get_by_role("img", name=re.compile(r"^Chance by draw: to win"))
    expect(chart).to_be_visible()
    expect(chart.locator("polyline")).to_have_count(2)
    # improvements (改良) with their copies left
    best = expected["discards"][0]
    body = advice_table(page).locator(f"tbody[data-tile='{row_name(best)}']")
    better = best["improvements"]
    if better["tiles"]:
        summary = body.locator("summary")
        expect(summary).to_contain_text(f"{len(better['tiles'])} kinds, {better['total']} tiles")
        summary.click()
        items = body.locator("ul.tile-counts li")
        expect(items).to_have_count(len(better["tiles"]))
        for item, tile in zip(items.all(), better["tiles"], strict=True):
            expect(item).to_have_attribute("data-tile", tile["tile"])
            expect(item).to_contain_text(f"{tile['remaining']} left")


def test_choosing_an_advice_row_discards_that_tile(ready_page: Page) -> None:
    page = ready_page
    expected = paili.advise(TENPAI)
    analyse(page, TENPAI)
    wait_for_advice(page, TENPAI)
    assert_rows_match(page, expected)
    best = expected["discards"][0]
    rows(page).first.get_by_role("button", name=re.compile("^Discard")).click()
    expect(hand_field(page)).to_have_value(best["after"])
    expect(results(page).get_by_text("13 tiles", exact=True)).to_be_visible()
    # a 13-tile hand has no discard to choose: no advice
    expect(advice(page)).to_be_hidden()


def test_a_new_hand_cancels_a_running_search(logged_page: Page) -> None:
    page = logged_page
    slow_hand = canonical(ONE_SHANTEN)
    analyse(page, TENPAI)
    wait_for_advice(page, TENPAI)
    set_options(page, turns=SLOW["turns"], tegawari=True, shanten_down=True)
    analyse(page, ONE_SHANTEN)
    section = advice(page)
    # the slow search has been sent to the advice worker, and the page says so
    expect(section).to_have_attribute("data-state", "running", timeout=60_000)
    expect(section.get_by_role("status")).to_contain_text("Computing win chances")
    restarts_before = int(section.get_attribute("data-restarts") or 0)
    # a 13-tile hand now: its analysis appears, the section goes away, the search is ended
    analyse(page, "123m456p789s1122z")
    expect(advice(page)).to_be_hidden()
    expect(page.locator("section.advice")).to_have_attribute("data-restarts", str(restarts_before + 1))
    # and a new 14-tile hand gets its own advice from a fresh worker
    analyse(page, TENPAI)
    wait_for_advice(page, TENPAI, turns=SLOW["turns"], tegawari=True, shanten_down=True)
    assert_rows_match(page, paili.advise(TENPAI, **SLOW))  # type: ignore[arg-type]

    log = log_of(page)
    # the slow hand's advice was never drawn, not even briefly
    assert not [e for e in log if e[0] == "advice" and e[1] == "done" and e[2] == slow_hand], log
    # order: the search for the slow hand ran, then the next analysis appeared (it did not wait for the
    # search), then the slow search was ended, and only then the new advice was drawn
    running = next(
        i for i, e in enumerate(log) if e[:2] == ["advice", "running"] and log_index_hand(log, i) == slow_hand
    )
    analysis = next(i for i, e in enumerate(log) if i > running and e == ["analysis", "123m456p789s1122z"])
    ended = next(i for i, e in enumerate(log) if i > running and e[0] == "advice" and int(e[3]) > restarts_before)
    drawn = next(i for i, e in enumerate(log) if e[:3] == ["advice", "done", canonical(TENPAI)] and i > ended)
    assert running < analysis < drawn and ended < drawn, log


def log_index_hand(log: list[list[str]], index: int) -> str:
    """The hand the advice section was computing at log entry `index`: the last analysis before it."""
    return next((e[1] for e in reversed(log[:index]) if e[0] == "analysis"), "")


def test_a_hand_changed_during_the_search_never_shows_the_old_advice(logged_page: Page) -> None:
    page = logged_page
    analyse(page, TENPAI)
    wait_for_advice(page, TENPAI)
    set_options(page, turns=SLOW["turns"], tegawari=True, shanten_down=True)
    analyse(page, ONE_SHANTEN)
    expect(advice(page)).to_have_attribute("data-state", "running", timeout=60_000)
    # straight to another 14-tile hand: its analysis shows while the old search is being dropped
    other = "2345m456p789s1122z"  # another hand
    analyse(page, other)
    wait_for_advice(page, other, turns=SLOW["turns"], tegawari=True, shanten_down=True)
    assert_rows_match(page, paili.advise(other, **SLOW))  # type: ignore[arg-type]
    log = log_of(page)
    assert not [e for e in log if e[0] == "advice" and e[1] == "done" and e[2] == canonical(ONE_SHANTEN)], log
    analysis = log.index(["analysis", canonical(other)])
    drawn = next(i for i, e in enumerate(log) if e[:3] == ["advice", "done", canonical(other)])
    assert analysis < drawn, log


def test_a_far_hand_shows_the_engine_note(ready_page: Page) -> None:
    page = ready_page
    expected = paili.advise(FAR)
    assert expected["note"] and all(d["p_win"] is None for d in expected["discards"])
    analyse(page, FAR)
    wait_for_advice(page, FAR)
    # the engine's note, as the catalogs say it (the page counts the rows left out itself)
    note = i18n.t("ui.advice_note", "en", count=len(expected["discards"]), max=expected["options"]["max_shanten"])
    expect(advice(page).locator(".advice-note")).to_have_text(note)
    assert_rows_match(page, expected)
    expect(advice_table(page).locator("svg[role=img]")).to_have_count(0)
    # "compute them too" asks again with the engine's highest max_shanten: every row gets its chances
    advice(page).get_by_role("button", name=re.compile("Compute them too")).click()
    expect(advice(page)).to_have_attribute("data-max-shanten", "4", timeout=120_000)
    wait_for_advice(page, FAR)
    assert_rows_match(page, paili.advise(FAR, max_shanten=4))
    expect(advice(page).locator(".advice-note")).to_be_hidden()
    # a nearer hand: the default limit again, no note
    analyse(page, ONE_SHANTEN)
    wait_for_advice(page, ONE_SHANTEN)
    expect(advice(page)).to_have_attribute("data-max-shanten", "2")
    expect(advice(page).locator(".advice-note")).to_be_hidden()


def test_options_change_the_request(ready_page: Page) -> None:
    page = ready_page
    hand = ONE_SHANTEN
    analyse(page, hand)
    wait_for_advice(page, hand)
    off = {row["tile"]: float(row["pWin"]) for row in shown_rows(page)}

    set_options(page, tegawari=True)
    wait_for_advice(page, hand, tegawari=True)
    on = paili.advise(hand, tegawari=True)
    assert_rows_match(page, on)
    for row in shown_rows(page):
        assert float(row["pWin"]) >= off[row["tile"]] - 1e-12, row  # swapping only adds choices

    set_options(page, tegawari=False, turns=5)
    wait_for_advice(page, hand, turns=5)
    assert_rows_match(page, paili.advise(hand, turns=5))

    set_options(page, shanten_down=True)
    wait_for_advice(page, hand, turns=5, shanten_down=True)
    assert_rows_match(page, paili.advise(hand, turns=5, shanten_down=True))

    # a number of draws out of range is marked and asks for nothing
    turns = advice(page).get_by_label("Draws")
    turns.fill("31")
    turns.press("Enter")
    expect(turns).to_have_attribute("aria-invalid", "true")
    expect(advice(page).get_by_role("status")).to_contain_text("from 1 to 30")
    turns.fill("30")
    turns.press("Enter")
    expect(turns).not_to_have_attribute("aria-invalid", "true")
    wait_for_advice(page, hand, turns=30, shanten_down=True)


@pytest.mark.browser_context_args(viewport=PHONE, has_touch=True, is_mobile=True)
def test_phone_layout_and_screenshots(page: Page, site_url: str, screenshot_dir: Path) -> None:
    page.goto(f"{site_url}index.html?q={ONE_SHANTEN}")
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=60_000)
    wait_for_advice(page, ONE_SHANTEN)
    body = advice_table(page).locator("tbody").first
    body.locator("summary").tap()
    page.wait_for_function("[...document.images].every(i => i.complete && i.naturalWidth > 0)", timeout=10_000)
    no_horizontal_scroll(page)
    advice(page).screenshot(path=screenshot_dir / "advice-phone.png")
    page.screenshot(path=screenshot_dir / "advice-phone-full.png", full_page=True)
    # the far hand with its note
    hand_field(page).fill(FAR)
    wait_for_advice(page, FAR)
    no_horizontal_scroll(page)
    advice(page).screenshot(path=screenshot_dir / "advice-phone-note.png")
    # a slow search, with its progress
    set_options(page, turns=SLOW["turns"], tegawari=True, shanten_down=True)
    hand_field(page).fill(ONE_SHANTEN)
    expect(advice(page)).to_have_attribute("data-state", "running", timeout=60_000)
    expect(advice(page).locator(".advice-elapsed")).to_have_text(re.compile(r"\d\.\d s"))
    no_horizontal_scroll(page)
    advice(page).screenshot(path=screenshot_dir / "advice-phone-running.png")


def test_desktop_screenshot(page: Page, site_url: str, screenshot_dir: Path) -> None:
    page.set_viewport_size(DESKTOP)
    page.goto(f"{site_url}index.html?q={TENPAI}")
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=60_000)
    wait_for_advice(page, TENPAI)
    page.wait_for_function("[...document.images].every(i => i.complete && i.naturalWidth > 0)", timeout=10_000)
    no_horizontal_scroll(page)
    page.screenshot(path=screenshot_dir / "advice-desktop.png", full_page=True)
