"""Typing a hand (issue 27): the hand never blanks and no error shows for a token not finished yet; the last
valid hand stays drawn; a real mistake shows after a short pause, or at once when the field is left; a hand of
fewer than 13 tiles says, under the headline, that it is read as having called melds.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from test_phone import PHONE, TOUCH

HAND = "123m456p789s1122z"


def hand_tiles(page: Page):  # noqa: ANN201 - a Locator
    return page.get_by_role("group", name=re.compile(r"^Hand tiles")).locator("button.tile")


@pytest.mark.browser_context_args(viewport=PHONE, **TOUCH)
def test_typing_keeps_the_last_hand_and_holds_back_unfinished_tokens(ready_page: Page) -> None:
    page = ready_page
    field = page.get_by_label("Hand", exact=True)
    error = page.locator("#hand-error")
    field.fill(HAND)
    expect(hand_tiles(page)).to_have_count(13)
    expect(page.get_by_role("region", name="Analysis")).to_be_visible()
    # digits waiting for their suit letter: the hand and its analysis stay, no error, even after the pause
    field.press_sequentially("3")
    page.wait_for_timeout(2500)
    expect(error).to_be_hidden()
    expect(field).not_to_have_attribute("aria-invalid", "true")
    expect(hand_tiles(page)).to_have_count(13)
    expect(page.get_by_role("region", name="Analysis")).to_be_visible()
    field.press_sequentially("z")
    expect(hand_tiles(page)).to_have_count(14)
    # a real mistake (an honour 8z) shows after the pause, the last valid hand still drawn, the spot marked
    field.fill(f"{HAND}8z")
    expect(error).to_be_visible()
    expect(page.locator("#hand-error-message")).to_contain_text("8z")
    expect(page.locator("#hand-error-pointer mark")).to_have_text("8")
    expect(hand_tiles(page)).to_have_count(14)
    # an unfinished token shows its mistake when the field is left
    field.fill(f"{HAND}3")
    page.wait_for_timeout(500)
    expect(error).to_be_hidden()
    field.blur()
    expect(error).to_be_visible()
    expect(hand_tiles(page)).to_have_count(14)


@pytest.mark.browser_context_args(viewport=PHONE, **TOUCH)
def test_a_short_hand_says_it_is_read_as_having_called_melds(ready_page: Page) -> None:
    page = ready_page
    page.get_by_label("Hand", exact=True).fill("2345m")
    note = page.get_by_role("region", name="Analysis").locator(".melded-note")
    expect(note).to_have_text("Read as a hand with 3 called melds (only 4 tiles typed): add tiles for a closed hand.")
    page.get_by_label("Hand", exact=True).fill(HAND)
    expect(hand_tiles(page)).to_have_count(13)
    expect(note).to_have_count(0)
