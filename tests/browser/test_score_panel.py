"""The Score panel: a complete hand's value (paili.score) in the situation the user sets, live, in the URL.

The expected figures come from the engine itself (`paili.score` in this process).
"""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import Locator, Page, expect

import paili


def panel(page: Page) -> Locator:
    return page.get_by_role("region", name="Score")


def type_hand(page: Page, hand: str) -> None:
    page.get_by_label("Hand", exact=True).fill(hand)


def test_a_win_is_scored_live_as_the_situation_changes(ready_page: Page) -> None:
    page = ready_page
    hand = "123m456p789s234s55p"
    type_hand(page, hand)
    score = panel(page)
    expect(score).to_be_visible()
    # the winning tile defaults to the last one typed
    expect(score.get_by_label("Winning tile")).to_have_value("5p")
    expect(score).to_have_attribute("data-state", "done")
    # default: ron, seat and round East (dealer), no riichi: a pair wait with no yaku
    expect(score.get_by_text("No yaku")).to_be_visible()
    assert paili.score(hand, win="5p")["no_yaku"] is True
    # ippatsu is shown only with riichi
    expect(score.get_by_label("Ippatsu")).to_be_hidden()
    score.get_by_label("Riichi", exact=True).select_option("1")
    expect(score.get_by_label("Ippatsu")).to_be_visible()
    score.get_by_label("Ippatsu").check()
    score.get_by_label("Winning tile").select_option("4s")
    score.get_by_label("Dora indicators").fill("4p")
    want = paili.score(hand, win="4s", riichi=1, ippatsu=True, dora="4p")
    expect(score).to_have_attribute("data-points", str(want["points"]))
    yaku = score.get_by_role("table", name="Yaku")
    expect(yaku.get_by_role("row")).to_have_count(len(want["yaku"]))
    expect(score.get_by_text(f"{want['han']} han {want['fu']} fu")).to_be_visible()
    for entry in want["fu_breakdown"]:
        expect(score.get_by_role("list", name="Fu")).to_contain_text(f"{entry['fu']} fu: {entry['reason']}")
    expect(score.get_by_role("list", name="Payments")).to_contain_text(f"The discarder pays {want['payments']['ron']}")
    # the situation is in the URL, and a reload brings it back
    query = parse_qs(urlsplit(page.url).query)
    assert query["r"] == ["1"] and query["ip"] == ["1"] and query["d"] == ["4p"] and query["w"] == ["4s"]
    page.reload()
    expect(panel(page)).to_have_attribute("data-points", str(want["points"]))
    expect(panel(page).get_by_label("Winning tile")).to_have_value("4s")


def test_tsumo_payments_and_errors(ready_page: Page) -> None:
    page = ready_page
    hand = "123m456p789s234s55p"
    type_hand(page, hand)
    score = panel(page)
    expect(score).to_have_attribute("data-state", "done")
    score.get_by_label("Won by").select_option("tsumo")
    score.get_by_label("Seat wind").select_option("2z")
    score.get_by_label("Honba").fill("2")
    want = paili.score(hand, win="5p", tsumo=True, seat_wind="2z", honba=2)
    expect(score).to_have_attribute("data-points", str(want["points"]))
    payments = score.get_by_role("list", name="Payments")
    expect(payments).to_contain_text(f"The dealer pays {want['payments']['dealer']}")
    expect(payments).to_contain_text(f"Each other player pays {want['payments']['others']}")
    # a bad dora indicator: the panel says so, naming the field
    score.get_by_label("Dora indicators").fill("9x")
    expect(score).to_have_attribute("data-state", "error")
    expect(score.get_by_role("alert")).to_contain_text("dora")


def test_only_a_win_gets_the_panel(ready_page: Page) -> None:
    page = ready_page
    type_hand(page, "123m456p789s234s5p")
    expect(page.get_by_role("region", name="Analysis")).to_be_visible()
    expect(panel(page)).to_be_hidden()
    type_hand(page, "123m456p789s234s56p")
    expect(page.get_by_role("region", name="Analysis")).to_have_attribute("data-hand", "123m4566p234789s")
    expect(panel(page)).to_be_hidden()
