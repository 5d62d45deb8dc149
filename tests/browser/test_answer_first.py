"""The answer first on a phone (issue 27): at 360x740 with touch, the hand tapped in tile by tile,
the first screen (nothing scrolled, above the palette docked at its foot) holds the answer: after the 14th tap
the headline and the best discard row with its win % and points; for a tenpai 13-tile hand its waits with their
worth; for a win its points and yaku. The situation form folds under the answer (one tap opens it, the page
remembers it open), and the palette with its Backspace stays docked at the foot of the screen, where the thumb is.
(The 390x844 cases run under --all: 360x740 is the tighter screen.)
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect
from test_phone import SMALL, TOUCH, VIEWPORTS, tap_in

import paili

TENPAI = ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "1z", "2z", "2z"]  # waits 1z and 2z
FULL = [*TENPAI, "5z"]  # the best discard (5z) leaves TENPAI: the advice has its win % and points
WIN = ["2m", "3m", "4m", "3m", "3m", "4p", "5p", "6p", "5s", "6s", "7s", "6s", "7s", "8s"]  # tanyao, by tsumo


def box(locator: Locator) -> dict[str, float]:
    found = locator.bounding_box()
    assert found is not None, f"{locator} has no box"
    return found


def in_first_screen(page: Page, locator: Locator, what: str) -> dict[str, float]:
    """`locator` is drawn on the first screen: the page not scrolled, the element between the top of the screen
    and the docked palette's top edge (nothing of it behind the palette). Its box."""
    assert page.evaluate("scrollY") == 0, "the page scrolled"
    dock = box(page.locator(".palette-section"))
    found = box(locator)
    assert found["y"] >= 0 and found["y"] + found["height"] <= dock["y"] + 0.5, (
        f"{what} at {found['y']:.0f}-{found['y'] + found['height']:.0f} px, the docked palette from {dock['y']:.0f} px")
    return found


def check_docked_palette(page: Page) -> None:
    """The palette (or, for a full hand, its last row) and its Backspace sit at the foot of the screen."""
    height = (page.viewport_size or SMALL)["height"]
    dock = box(page.locator(".palette-section"))
    assert abs(dock["y"] + dock["height"] - height) < 1, dock
    backspace = box(page.locator("#backspace"))
    assert backspace["y"] + backspace["height"] <= height and backspace["y"] >= height - 70, backspace
    assert backspace["width"] >= 44 and backspace["height"] >= 44


def tap_hand(page: Page, site_url: str, codes: list[str]) -> None:
    page.goto(site_url)
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=60_000)
    for n, code in enumerate(codes):
        tap_in(page, code, codes[:n])
        check_docked_palette(page)
    expect(page.locator("#results")).not_to_have_attribute("aria-busy", "true")


@pytest.mark.parametrize("viewport", VIEWPORTS)
@pytest.mark.browser_context_args(**TOUCH)
def test_after_the_14th_tap_the_best_discard_is_on_the_first_screen(page: Page, site_url: str,
                                                                    viewport: dict[str, int]) -> None:
    page.set_viewport_size(viewport)
    tap_hand(page, site_url, FULL)
    table = page.get_by_role("table", name="Discards, best first")
    expect(table).to_have_attribute("data-advice", "ready", timeout=120_000)
    best = table.locator("tr.discard-row").first
    expect(best).to_have_attribute("data-tile", "5z")
    in_first_screen(page, page.locator("#results .summary"), "the headline")
    in_first_screen(page, best, "the best discard row")
    expect(best.locator("td.p-win")).to_contain_text("%")
    expect(best.locator("td.ev")).to_have_text(re.compile(r"^\d[\d,]*$"))
    check_docked_palette(page)


@pytest.mark.parametrize("viewport", VIEWPORTS)
@pytest.mark.browser_context_args(**TOUCH)
def test_a_tenpai_hand_shows_its_waits_and_their_worth_on_the_first_screen(page: Page, site_url: str,
                                                                          viewport: dict[str, int]) -> None:
    page.set_viewport_size(viewport)
    tap_hand(page, site_url, TENPAI)
    values = page.locator("ul.waits .wait-value")
    expect(values).to_have_count(2)
    in_first_screen(page, page.locator("#results .summary"), "the headline")
    in_first_screen(page, page.locator("ul.waits"), "the waits with their worth")
    # the situation is under the answer, folded: one tap opens it, and the page remembers it open
    situation = page.locator("#situation")
    assert box(situation)["y"] >= box(page.locator("ul.waits"))["y"]
    seat = page.get_by_label("Seat wind")
    expect(seat).to_be_hidden()
    situation.locator("> summary").tap()
    expect(seat).to_be_visible()
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=60_000)
    expect(page.locator("ul.waits .wait-value")).to_have_count(2)
    expect(page.get_by_label("Seat wind")).to_be_visible()
    page.locator("#situation > summary").tap()  # closed again, and remembered closed
    page.reload()
    expect(page.locator("ul.waits .wait-value")).to_have_count(2)
    expect(page.get_by_label("Seat wind")).to_be_hidden()


@pytest.mark.parametrize("viewport", VIEWPORTS)
@pytest.mark.browser_context_args(**TOUCH)
def test_a_win_shows_its_points_and_yaku_on_the_first_screen(page: Page, site_url: str,
                                                             viewport: dict[str, int]) -> None:
    page.set_viewport_size(viewport)
    tap_hand(page, site_url, WIN)
    score = page.get_by_role("region", name="Score")
    expect(score).to_have_attribute("data-state", "done")
    hand = paili.analyze("".join(WIN))["hand"]
    want = paili.score(hand, win="8s")
    expect(score).to_have_attribute("data-points", str(want["points"]))
    in_first_screen(page, page.locator("#results .summary"), "the headline")
    in_first_screen(page, score.locator(".score-value"), "the points")
    in_first_screen(page, score.get_by_role("table", name="Yaku"), "the yaku")
    assert box(page.locator("#situation"))["y"] >= box(score.get_by_role("table", name="Yaku"))["y"]
