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


@pytest.mark.browser_context_args(viewport=PHONE, **TOUCH)
def test_a_mistake_is_said_in_a_players_words_in_each_language(ready_page: Page) -> None:
    page = ready_page
    field = page.get_by_label("Hand", exact=True)
    message = page.locator("#hand-error-message")
    field.fill("123m4x")
    field.press("Enter")
    expect(message).to_have_text("x has no place here: type digits, then their suit letter (m, p, s or z); a called "
                                 "meld goes in brackets, as in [123m].")
    expect(page.locator("#hand-error-pointer mark")).to_have_text("x")
    for lang, words in [("ja", "8z という牌はありません"), ("zh-Hans", "没有 8z 这张牌")]:
        page.locator("#language").select_option(lang)  # the page reloads in that language
        expect(page.locator("html")).to_have_attribute("lang", lang)
        expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=60_000)
        field = page.locator("#hand")
        field.fill("123m8z")
        field.press("Enter")
        expect(message).to_contain_text(words)
        expect(message).not_to_contain_text("expected")
        expect(page.locator("#hand-error-pointer mark")).to_have_text("8")


@pytest.mark.browser_context_args(viewport=PHONE, **TOUCH)
def test_a_rule_set_switch_offers_to_drop_the_tiles_outside_the_set(ready_page: Page) -> None:
    page = ready_page
    page.get_by_label("Hand", exact=True).fill(HAND)
    expect(hand_tiles(page)).to_have_count(13)
    page.locator("#rules").select_option("sichuan")
    expect(page.locator("#hand-error-message")).to_have_text("1z is not one of the tiles of Sichuan.")
    drop = page.get_by_role("button", name="Remove 1z 1z 2z 2z")
    drop.tap()
    expect(page.get_by_label("Hand", exact=True)).to_have_value("123m456p789s")
    expect(page.locator("#hand-error")).to_be_hidden()
    expect(hand_tiles(page)).to_have_count(9)
    # sanma: the man tiles 2m-8m go, the honours stay
    page.get_by_label("Hand", exact=True).fill("19m123p456s11z")
    page.locator("#rules").select_option("sanma")
    expect(page.locator("#drop-outside")).to_be_hidden()
    page.get_by_label("Hand", exact=True).fill("1234m123p456s11z")
    page.get_by_label("Hand", exact=True).blur()
    page.get_by_role("button", name="Remove 2m 3m 4m").tap()
    expect(page.get_by_label("Hand", exact=True)).to_have_value("1m123p456s11z")
