"""An axe-core audit of the page (issue 27): no serious or critical violation on its main states (empty, 13
tiles, 14 tiles, a win) in each language, at a phone's size. axe-core is pinned in package.json (npm, exact
version) and read from node_modules.

The page's CSP (script-src 'self', Trusted Types) blocks a script injected from the test, so these contexts
are opened with ``bypass_csp=True``: the page itself is unchanged, only the test's script is let in.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from selfplay import game
from test_phone import SMALL, TOUCH

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
STATES = {"empty": "", "13 tiles": "123m456p789s1122z", "14 tiles": "123m456p789s11225z", "a win": "23334m456p566778s"}


def serious(page: Page) -> list[str]:
    page.add_script_tag(path=str(AXE))
    found: list[dict[str, Any]] = page.evaluate("""async () => {
      const result = await axe.run(document, {resultTypes: ["violations"]});
      return result.violations.filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => ({id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" "))}));
    }""")
    return [f"{v['id']} ({v['impact']}): {', '.join(v['nodes'])}" for v in found]


@pytest.mark.parametrize("lang", ["en", pytest.param("ja", marks=pytest.mark.slow),
                                  pytest.param("zh-Hans", marks=pytest.mark.slow)])  # the ten-minute run: English
@pytest.mark.browser_context_args(viewport=SMALL, bypass_csp=True, **TOUCH)
def test_no_serious_violation(page: Page, site_url: str, lang: str) -> None:
    assert AXE.is_file(), "run `npm ci`: axe-core is a dev dependency"
    problems = {}
    for state, hand in STATES.items():
        page.goto(f"{site_url}?lang={lang}" + (f"&q={hand}" if hand else ""))
        expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=60_000)
        if hand:
            expect(page.get_by_role("region").locator("#results-body .summary")).to_be_visible()
        expect(page.locator("#results")).not_to_have_attribute("aria-busy", "true")
        page.wait_for_timeout(300)
        problems[state] = serious(page)
    wrong = {state: found for state, found in problems.items() if found}
    assert not wrong, "\n".join(f"{state}: {line}" for state, found in wrong.items() for line in found)


@pytest.mark.browser_context_args(viewport=SMALL, bypass_csp=True, **TOUCH)
def test_no_serious_violation_in_the_call_panel_and_the_review(page: Page, site_url: str) -> None:
    """The call panel with an answer (issue 29), the Opponents panel open with the danger strip and a tile's
    reasons shown (issue 39), and the review page with a round reviewed and a decision opened (issue 30)."""
    problems = {}
    page.goto(f"{site_url}?q=123m2455679p78s11z&o=l:19m4'5*p7z;r:1z2z9p")
    expect(page.locator("html")).to_have_attribute("data-danger", "ready", timeout=60_000)
    page.locator("section.danger .danger-tile").first.click()
    expect(page.locator("section.danger .danger-why li")).not_to_have_count(0)
    page.locator("#opponents-field .opponent-palette button.tile").first.click()
    expect(page.locator("html")).to_have_attribute("data-opponents", "ready")
    problems["opponents panel"] = serious(page)
    page.goto(f"{site_url}?q=345m34p67s556677z")
    expect(page.locator("html")).to_have_attribute("data-calls", "idle", timeout=60_000)
    page.get_by_role("radiogroup", name="Thrown by").get_by_text("Right", exact=True).click()
    page.locator(".call-tiles button[data-tile='6z']").click()
    expect(page.locator("html")).to_have_attribute("data-calls", "ready", timeout=60_000)
    problems["call panel"] = serious(page)
    page.goto(f"{site_url}season.html")
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=60_000)
    page.set_input_files("#season-files", files=[{"name": "game.json", "mimeType": "application/json",
                                                  "buffer": json.dumps(game(21, rounds=1)).encode()}])
    expect(page.locator("html")).to_have_attribute("data-season", "listed", timeout=30_000)
    page.get_by_role("button", name="Review the season").click()
    expect(page.locator("html")).to_have_attribute("data-season", "done", timeout=300_000)
    problems["season page"] = serious(page)
    page.goto(f"{site_url}review.html")
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=60_000)
    page.get_by_label("Paste a tenhou.net/6 log").fill(json.dumps(game(21, rounds=1)))
    page.get_by_role("button", name="Read the game").click()
    page.get_by_role("button", name="Review", exact=True).click()
    expect(page.locator("html")).to_have_attribute("data-review", "done", timeout=120_000)
    page.locator("button.review-decision").nth(2).click()
    problems["review"] = serious(page)
    wrong = {state: found for state, found in problems.items() if found}
    assert not wrong, "\n".join(f"{state}: {line}" for state, found in wrong.items() for line in found)
