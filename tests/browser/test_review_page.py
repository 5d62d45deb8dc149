"""review.html (issue 30): a tenhou.net/6 log pasted, opened as a link or refused in words; a seat reviewed round
by round, each decision marked as the engine's review says, one opened with its position; stopping midway. The
logs are the tests' own self-play (tests/selfplay.py); the expected answers come from paili.review here.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from playwright.sync_api import Page, Route, expect
from selfplay import game

import paili

LOG = game(21, rounds=2)


def open_review(page: Page, url: str) -> None:
    page.goto(url)
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=60_000)


def read(page: Page, log: Any) -> None:
    page.get_by_label("Paste a tenhou.net/6 log").fill(json.dumps(log))
    page.get_by_role("button", name="Read the game").click()


def kind_of(code: str) -> str:
    """A tile code's kind (a red five is a five)."""
    return "5" + code[1] if code[0] == "0" else code


def grades(decisions: list[dict[str, Any]]) -> list[str]:
    """The grades the page should show: reviewcontrol.grade, restated (best: the best kind or nothing lost)."""
    out = []
    for d in decisions:
        if d["kind"] == "forced":
            out.append("forced")
        elif d["best"] is None or d["loss"] is None:
            out.append("unsearched")
        else:
            ev, p = d["loss"]["ev"], d["loss"]["p_win"] or 0
            if (d["played"] == d["best"] if d["kind"] == "call" else kind_of(d["played"]) == kind_of(d["best"])):
                out.append("best")
            elif ev is None and d["loss"]["p_win"] is None:
                out.append("unsearched")
            elif (ev or 0) <= 0 and p <= 0:
                out.append("best")
            elif (ev is None or ev <= 100) and p <= 0.01:
                out.append("close")
            else:
                out.append("costly")
    return out


@pytest.mark.parametrize("width", [360, 1280])
def test_a_pasted_game_is_reviewed_round_by_round_as_the_engine_reviews_it(
        page: Page, site_url: str, screenshot_dir: Path, width: int) -> None:
    page.set_viewport_size({"width": width, "height": 800})
    open_review(page, f"{site_url}review.html")
    read(page, LOG)
    expect(page.locator("html")).to_have_attribute("data-review", "listed")
    seats = page.get_by_role("radiogroup", name="Whose decisions?").get_by_role("radio")
    expect(seats).to_have_count(4)
    page.get_by_text("P1", exact=True).click()
    page.get_by_role("button", name="Review", exact=True).click()
    expect(page.locator("html")).to_have_attribute("data-review", "done", timeout=120_000)
    want = paili.review(LOG, seat=1)
    s = want["summary"]
    expect(page.locator("#review-summary-text")).to_contain_text(
        f"{s['matched']} of {s['decisions']} discards were the best or as good.")
    # issue 40: the page opens on the summary once the review is done, with a legend of the marks
    summary = page.locator("#review-summary").bounding_box()
    assert summary is not None and 0 <= summary["y"] and summary["y"] + summary["height"] <= 800, summary
    page.get_by_text("What the marks mean").click()
    legend = page.locator("#review-legend-list li")
    expect(legend).to_have_count(5)
    expect(legend.nth(1)).to_have_text("Close: within 100 expected points and 1.0% win chance of the best.")
    # each round's header says who won, how and how much (the self-play's score changes are 0)
    for index, r in enumerate(want["rounds"]):
        header = page.locator(f"section.review-round[data-index='{index}'] h3 .review-result")
        for w in r["result"]["wins"]:
            winner = want["players"][w["winner"]]
            how = "self-draw" if w["winner"] == w["from"] else f"ron off {want['players'][w['from']]}"
            expect(header).to_contain_text(f"{winner} won by {how}")
        if r["result"]["kind"] == "draw":
            expect(header).to_have_text("exhaustive draw")
    for index, r in enumerate(want["rounds"]):
        section = page.locator(f"section.review-round[data-index='{index}']")
        buttons = section.locator("button.review-decision")
        assert buttons.evaluate_all("bs => bs.map(b => b.dataset.tile)") == [
            d["offered"] if d["kind"] == "call" else d["played"] for d in r["decisions"]]
        assert buttons.evaluate_all("bs => bs.map(b => b.dataset.grade)") == grades(r["decisions"])
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    # issue 37: a visible way back to the analyzer, a phone's tap target too
    back = page.get_by_role("link", name="Back to the hand analyzer")
    expect(back).to_be_visible()
    box = back.bounding_box()
    assert box is not None and box["height"] >= 44 and box["x"] + box["width"] <= width
    assert back.get_attribute("href") == "./"
    # a decision opened: its position with the advisor's rows, and the analyzer's address of it
    decisions = want["rounds"][0]["decisions"]
    i = next(i for i, d in enumerate(decisions) if d["rows"] and d["kind"] == "discard")
    d = decisions[i]
    page.locator("section.review-round[data-index='0'] button.review-decision").nth(i).click()
    detail = page.locator("section.review-round[data-index='0'] .review-detail")
    expect(detail).to_be_visible()
    expect(detail.locator("tr.discard-row")).to_have_count(len(d["rows"]))
    assert detail.locator("tr.discard-row").evaluate_all("rs => rs.map(r => r.dataset.tile)") == [
        row["tile"] for row in d["rows"]]
    expect(detail.locator("tr.review-best")).to_have_attribute("data-tile", d["best"])
    href = detail.get_by_role("link", name="Open this position in the analyzer").get_attribute("href") or ""
    assert f"q={quote(d['hand'], safe='').replace('%20', '+')}" in href
    for target in page.locator("button.review-decision, .review-seat").all():
        box = target.bounding_box()
        assert box is not None and box["width"] >= 44 and box["height"] >= 44
    if width == 360:
        page.screenshot(path=str(screenshot_dir / "review-phone.png"), full_page=True)


def test_a_tenhou_link_opens_the_game_and_a_bad_log_is_refused_in_words(page: Page, site_url: str) -> None:
    open_review(page, f"{site_url}review.html#json={quote(json.dumps(LOG))}")
    expect(page.locator("html")).to_have_attribute("data-review", "listed")
    expect(page.locator("section.review-round")).to_have_count(2)
    read(page, "this is not a game")
    expect(page.locator("#review-error")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("data-review", "none")
    broken = json.loads(json.dumps(LOG))
    broken["log"][1][5][3] = "99x"  # a draw of the second round that is no tile
    read(page, broken)
    expect(page.locator("#review-error")).to_contain_text("E2")


def test_stop_ends_the_review_and_keeps_the_rounds_done(page: Page, site_url: str) -> None:
    """The review's one request held while it runs (the recorded engine answers a request whole): Stop ends it
    and the page says so; the answer arriving later is dropped."""
    held: list[Route] = []

    def hold(route: Route) -> None:
        request = json.loads(route.request.post_data or "{}")
        if request.get("op") == "review" and request.get("rounds"):
            held.append(route)
        else:
            route.fallback()

    page.context.route("**/__engine__", hold)  # asked before the recorded engine's own route
    open_review(page, f"{site_url}review.html")
    read(page, game(22, rounds=4))
    expect(page.locator("html")).to_have_attribute("data-review", "listed")
    page.get_by_role("button", name="Review", exact=True).click()
    expect(page.locator("html")).to_have_attribute("data-review", "running")
    page.get_by_role("button", name="Stop").click()
    expect(page.locator("html")).to_have_attribute("data-review", "stopped")
    expect(page.locator("#review-status")).to_contain_text("Stopped after")
    expect(page.get_by_role("button", name="Review", exact=True)).to_be_enabled()
    page.context.unroute("**/__engine__", hold)
    for route in held:
        route.fallback()
    page.wait_for_timeout(500)
    expect(page.locator("html")).to_have_attribute("data-review", "stopped")


def test_a_call_decision_shows_call_advices_options_and_what_was_done(page: Page, site_url: str) -> None:
    """A tile another player threw that the seat could call: its chip shows that tile, and opened, the options
    of call advice with the one played marked."""
    log = game(11, rounds=2)
    want = paili.review(log, seat=1)
    where = [(index, i, d) for index, r in enumerate(want["rounds"]) for i, d in enumerate(r["decisions"])
             if d["kind"] == "call"]
    assert where
    index, i, d = where[0]
    open_review(page, f"{site_url}review.html")
    read(page, log)
    page.get_by_text("P1", exact=True).click()
    page.get_by_role("button", name="Review", exact=True).click()
    expect(page.locator("html")).to_have_attribute("data-review", "done", timeout=120_000)
    s = want["summary"]
    expect(page.locator("#review-summary-text")).to_contain_text(
        f"{s['calls_matched']} of {s['calls']} tiles you could call were handled best.")
    chip = page.locator(f"section.review-round[data-index='{index}'] button.review-decision").nth(i)
    expect(chip).to_have_attribute("data-tile", d["offered"])
    expect(chip).to_have_class(re.compile("review-decision--call"))
    chip.click()
    rows = page.locator(f"section.review-round[data-index='{index}'] .review-calls tbody tr")
    assert rows.evaluate_all("rs => rs.map(r => r.dataset.key)") == [
        o["call"] if o["meld"] is None else f"{o['call']} {o['meld']}" for o in d["options"]]
    expect(rows.locator("xpath=self::tr[contains(@class, 'review-played')]")).to_have_attribute("data-key", d["played"])


def test_an_mjai_record_pasted_is_read_as_a_game(page: Page, site_url: str) -> None:
    """mjai JSON lines (Mortal's and mjai-reviewer's format) are read as a tenhou.net/6 log is."""
    from test_mjai import to_mjai

    open_review(page, f"{site_url}review.html")
    page.get_by_label("Paste a tenhou.net/6 log").fill(to_mjai(LOG))
    page.get_by_role("button", name="Read the game").click()
    expect(page.locator("html")).to_have_attribute("data-review", "listed")
    expect(page.locator("section.review-round")).to_have_count(2)
    expect(page.get_by_role("radiogroup", name="Whose decisions?").get_by_role("radio")).to_have_count(4)


def test_a_decision_shows_the_other_players_rivers_with_the_riichi_tile_marked(page: Page, site_url: str) -> None:
    """Issue 39: each decision the review counts the table for shows the opponents' rivers as the log showed
    them (from the decision's opponents), the riichi tile turned and named for screen readers."""
    found = None
    for seed in range(30, 60):
        log = game(seed, rounds=1)
        want = paili.review(log, seat=0, turns=2, max_shanten=1)
        decisions = want["rounds"][0]["decisions"]
        for i, d in enumerate(decisions):
            if d["kind"] == "discard" and d["opponents"] and any(
                    p["riichi"] is not None for p in d["opponents"].values()):
                found = (log, i, d)
                break
        if found:
            break
    assert found is not None
    log = found[0]
    decisions = paili.review(log, seat=0)["rounds"][0]["decisions"]  # as the page reviews it (its defaults)
    i, d = next((i, d) for i, d in enumerate(decisions) if d["kind"] == "discard" and d["opponents"]
                and any(p["riichi"] is not None for p in d["opponents"].values()))
    open_review(page, f"{site_url}review.html")
    read(page, log)
    expect(page.locator("html")).to_have_attribute("data-review", "listed")
    page.get_by_role("button", name="Review", exact=True).click()
    expect(page.locator("html")).to_have_attribute("data-review", "done", timeout=120_000)
    page.locator("section.review-round[data-index='0'] button.review-decision").nth(i).click()
    rivers = page.locator("section.review-round[data-index='0'] .review-detail .river")
    expect(rivers).to_have_count(len(d["opponents"]))
    for seat, player in d["opponents"].items():
        river = page.locator(f".review-detail .river[data-seat='{seat}'] .river-tiles > *")
        expect(river).to_have_count(len(player["discards"]))
        if player["riichi"] is not None:
            marked = river.nth(player["riichi"])
            expect(marked).to_have_class(re.compile("river-riichi"))
            expect(marked.locator("svg")).to_have_attribute("aria-label", re.compile(", riichi$"))
