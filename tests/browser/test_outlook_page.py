"""A tenpai 13-tile hand on the page: each wait's chance to be the winning draw, and the hand's chance and
expected points, from the advisor's model (paili.outlook) on the page's one engine (issue 10).

The expected figures come from the engine itself (`paili.outlook` in this process); nothing sleeps.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

import paili

TENPAI = "23456m345p33345s"  # closed, in riichi by default: waits 1m, 4m, 7m
NINE_GATES = "1112345678999m"  # 13 tiles, closed: every man tile wins


def open_hand(page: Page, site_url: str, hand: str) -> None:
    page.goto(f"{site_url}?q={hand}")
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=60_000)


def chances(page: Page) -> dict[str, float]:
    """Each wait's chance as the page recorded it (data-p-win of its .wait-chance)."""
    found: list[list[str]] = page.locator("ul.waits li").evaluate_all(
        "items => items.map(li => [li.dataset.tile, li.querySelector('.wait-chance')?.dataset.pWin ?? ''])")
    return {tile: float(value) for tile, value in found if value}


def check_outlook(page: Page, hand: str, turns: int) -> None:
    expect(page.locator("html")).to_have_attribute("data-advice", "ready")
    want = paili.outlook(hand, turns=turns)
    assert chances(page) == pytest.approx({w["tile"]: w["p_win"][-1] for w in want["waits"]}, abs=1e-12)
    total = page.locator(".outlook-total")
    expect(total).to_have_count(1)
    assert float(total.get_attribute("data-p-win") or "nan") == pytest.approx(want["p_win"][-1], abs=1e-12)
    assert float(total.get_attribute("data-ev") or "nan") == pytest.approx(want["ev"][-1], rel=1e-12)
    expect(total).to_contain_text(f"Within {turns} draws: win {want['p_win'][-1] * 100:.1f}%")
    # the waits' chances add up to the hand's (in riichi it never changes)
    assert sum(chances(page).values()) == pytest.approx(want["p_win"][-1], abs=1e-9)


def test_a_tenpai_hand_shows_each_waits_chance_and_its_own(page: Page, site_url: str, screenshot_dir: Path) -> None:
    open_hand(page, site_url, TENPAI)
    check_outlook(page, TENPAI, 17)
    first = page.locator("ul.waits li").first.locator(".wait-chance")
    expect(first).to_have_text(re.compile(r"^win \d+\.\d%$"))
    page.screenshot(path=str(screenshot_dir / "outlook-tenpai.png"), full_page=True)
    # fewer draws: the chances are asked again for that horizon
    draws = page.get_by_role("group", name="Win chance options").get_by_label("Draws")
    draws.fill("5")
    draws.press("Enter")
    expect(page.locator(".outlook-total")).to_contain_text("Within 5 draws")
    check_outlook(page, TENPAI, 5)


def test_a_hand_not_ready_has_no_chances_and_a_win_drawn_has_a_table(page: Page, site_url: str) -> None:
    open_hand(page, site_url, "12345m678p11s257z")  # 2-shanten: no waits list
    expect(page.locator("#results")).to_have_attribute("data-hand", re.compile("12345m"))
    expect(page.locator("html")).to_have_attribute("data-advice", "none")
    expect(page.locator(".wait-chance, .outlook-total")).to_have_count(0)
    # a nine-gates 13-tile hand waits on every man tile; drawing one gives a 14-tile hand whose table is advised
    page.get_by_label("Hand", exact=True).fill(NINE_GATES)  # typed on the same page (no second load)
    expect(page.locator("#results")).to_have_attribute("data-hand", NINE_GATES)
    check_outlook(page, NINE_GATES, 17)
    page.locator("ul.waits li[data-tile='5m'] button.tile").click()
    expect(page.locator("table.discards[data-advice='ready']")).to_be_visible()
    expect(page.locator(".wait-chance, .outlook-total")).to_have_count(0)
