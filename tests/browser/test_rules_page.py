"""The rule sets on the page (issue 11): the selector, each set's palette, its analysis, the address, the embed.

What a user does: choose a rule set, tap or type a hand, read its numbers, share and reload the address. Every
expected figure comes from the engine in this process (`paili.analyze(..., rules=...)`), never typed.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qs, quote, urlsplit

import pytest
from playwright.sync_api import Page, expect
from test_page import hand_field, palette, results

import paili
from paili import i18n
from paili.errors import HandError
from paili.rules import RULE_SETS
from paili.tiles import TILE_CODES

PLAIN_CODES = [code for code in TILE_CODES if code[0] != "0"]

# A 13-tile sanma hand that improves on many kinds, north among them (one north set aside by a tap).
SANMA_HAND = "19m12p3457s11234z"
SICHUAN_HAND = "1112223m456p789s"  # three suits: one must go
GB_KNITTED = "147m258p369s12345z"  # 全不靠


def text_of(result: dict[str, Any]) -> str:
    """The hand as the engine writes it back: concealed tiles, melds, norths set aside."""
    melds = [m["text"] for m in result["melds"]] + ["{4z}"] * result.get("nukidora", 0)
    return " ".join([result["hand"], *melds]).strip()


def choose(page: Page, rules: str) -> None:
    page.get_by_label("Rules").select_option(rules)
    expect(page.locator("html")).to_have_attribute("data-rules", rules)


def analyse(page: Page, hand: str, **options: Any) -> dict[str, Any]:
    """Type a hand, wait for its analysis on screen; the engine's analysis of it."""
    result = paili.analyze(hand, **options)
    hand_field(page).fill(hand)
    expect(results(page)).to_have_attribute("data-hand", text_of(result))
    return result


def counts_on_screen(page: Page) -> dict[str, int]:
    """The improving tiles of a 13-tile hand as drawn: kind -> copies left."""
    block = results(page).get_by_role("region", name=re.compile(r"^Tiles that"))
    items = block.locator("li[data-tile]")
    found: dict[str, int] = items.evaluate_all(
        "els => Object.fromEntries(els.map(e => [e.dataset.tile,"
        " Number(e.querySelector('.count [aria-hidden=true]').textContent)]))")
    return found


def params(page: Page) -> dict[str, list[str]]:
    return parse_qs(urlsplit(page.url).query)


def palette_kinds(page: Page) -> set[str]:
    codes: list[str] = palette(page).locator("button.tile[data-tile]").evaluate_all(
        "els => els.map(e => e.dataset.tile)")
    return {f"5{code[1]}" if code[0] == "0" else code for code in codes}


def test_sanma_palette_north_aside_counts_address_and_reload(ready_page: Page) -> None:
    page = ready_page
    choose(page, "sanma")
    expected_kinds = {PLAIN_CODES[k] for k in RULE_SETS["sanma"].tiles}
    assert len(expected_kinds) == 27
    expect(palette(page).locator("button.tile[data-tile='2m']")).to_have_count(0)
    assert palette_kinds(page) == expected_kinds
    north_aside = palette(page).get_by_role("button", name=re.compile("nukidora"))
    expect(north_aside).to_have_count(1)

    analyse(page, SANMA_HAND, rules="sanma")
    north_aside.click()  # the north set aside: {4z} written after the tiles
    result = paili.analyze(SANMA_HAND + "{4z}", rules="sanma")
    assert result["nukidora"] == 1
    expect(results(page)).to_have_attribute("data-hand", text_of(result))
    expect(hand_field(page)).to_have_value(text_of(result))
    expect(page.get_by_role("group", name=re.compile("^nukidora"))).to_be_visible()
    expected = {t["tile"]: t["remaining"] for t in result["ukeire"]["tiles"]}
    assert "4z" in expected  # the north's copies left count the one set aside
    assert counts_on_screen(page) == expected
    assert params(page).get("rules") == ["sanma"]

    page.reload()
    page.locator("html[data-engine='ready']").wait_for(timeout=60_000)
    expect(page.get_by_label("Rules")).to_have_value("sanma")
    expect(results(page)).to_have_attribute("data-hand", text_of(result))
    assert palette_kinds(page) == expected_kinds
    assert counts_on_screen(page) == expected

    choose(page, "riichi")  # back to the default: the parameter goes, the whole palette is back
    assert "rules" not in params(page)
    assert len(palette_kinds(page)) == 34


def test_a_tile_outside_the_set_is_marked_where_it_was_typed(ready_page: Page) -> None:
    page = ready_page
    choose(page, "sanma")
    hand = "123m456p789s1122z"
    try:
        paili.analyze(hand, rules="sanma")
        raise AssertionError("the engine accepted 2m under sanma")
    except HandError as error:
        position = error.position
    assert position is not None
    hand_field(page).fill(hand)
    expect(page.locator("#hand-error")).to_be_visible()
    expect(page.locator("#hand-error-pointer mark")).to_have_text(hand[position])
    expect(hand_field(page)).to_have_attribute("aria-invalid", "true")
    expect(results(page)).to_be_hidden()
    choose(page, "riichi")  # the same text is a hand under riichi
    expect(page.locator("#hand-error")).to_be_hidden()
    expect(results(page)).to_have_attribute("data-hand", text_of(paili.analyze(hand)))


def test_sichuan_gives_up_a_suit(ready_page: Page) -> None:
    page = ready_page
    void = page.get_by_label("Suit given up")
    expect(void).to_be_hidden()
    choose(page, "sichuan")
    expect(void).to_be_visible()
    assert palette_kinds(page) == {PLAIN_CODES[k] for k in RULE_SETS["sichuan"].tiles}
    best = analyse(page, SICHUAN_HAND, rules="sichuan")
    shanten = results(page).locator(".shanten-table td[data-form='min']")
    expect(shanten).to_have_text(str(best["shanten"]["min"]))
    note = results(page).locator(".rule-note--void")
    expect(note).to_have_attribute("data-suits", best["void"]["suits"])
    expect(note).to_contain_text(i18n.t("term.void", "ja"))  # the gloss the page writes after English words

    fixed = paili.analyze(SICHUAN_HAND, rules="sichuan", void="m")
    assert fixed["shanten"]["min"] != best["shanten"]["min"]  # giving up man costs this hand
    void.select_option("m")
    expect(shanten).to_have_text(str(fixed["shanten"]["min"]))
    expect(note).to_have_attribute("data-suits", "m")
    assert params(page).get("void") == ["m"]
    assert counts_on_screen(page) == {t["tile"]: t["remaining"] for t in fixed["ukeire"]["tiles"]}


def test_gb_names_the_knitted_form_and_says_whether_the_win_is_legal(ready_page: Page) -> None:
    page = ready_page
    choose(page, "gb")
    result = analyse(page, GB_KNITTED, rules="gb")
    forms = [d["form"] for d in result["decompositions"]]
    assert forms == ["quanbukao"]
    reading = results(page).locator("li.decomposition[data-form='quanbukao']")
    expect(reading).to_contain_text(i18n.t("form.quanbukao"))
    expect(reading).to_contain_text(i18n.t("form.quanbukao", "ja"))  # 全不靠
    expect(results(page).locator(".summary")).to_contain_text(i18n.t("ui.summary_agari"))  # 24 fans: legal
    note = results(page).locator(".rule-note--gb")
    expect(note).to_have_attribute("data-legal", "true")
    expect(note).to_contain_text(i18n.t("ui.gb_legal", count=24, tile="1m"))
    expect(note).to_contain_text(i18n.t("gb_fan.knitted_straight"))
    for form in ("quanbukao", "qixingbukao", "zuhelong"):
        cell = results(page).locator(f".shanten-table td[data-form='{form}']")
        value = result["shanten"][form]
        expect(cell).to_have_text("Agari" if value < 0 else str(value))  # a complete form in words (issue 37)
        expect(cell).to_have_attribute("data-shanten", str(value))
    # the Score panel scores the win by GB's count (test_score_page has its situation)
    score = page.locator("#score")
    expect(score).to_have_attribute("data-state", "done")
    want = paili.score(GB_KNITTED, rules="gb", win=score.locator(".win-tiles button[aria-pressed='true']")
                       .get_attribute("data-tile") or "")
    expect(score).to_have_attribute("data-fan", str(want["fan"]))
    expect(score).to_have_attribute("data-legal", "true")


def test_a_sanma_win_is_scored_by_sanma_rules_and_a_sichuan_win_says_why_it_is_not(ready_page: Page) -> None:
    page = ready_page
    choose(page, "sanma")
    hand = "111m456p789s11122z{4z}"  # the north set aside is a han of nukidora
    result = analyse(page, hand, rules="sanma")
    assert result["agari"]
    want = paili.score(hand, win="2z", rules="sanma")  # the last tile typed wins by default
    assert want["points"] != paili.score(hand.removesuffix("{4z}"), win="2z", rules="sanma")["points"]
    score = page.locator("#score")
    expect(score).to_have_attribute("data-state", "done")
    expect(score).to_have_attribute("data-points", str(want["points"]))
    expect(results(page).locator(".rule-note--unscored")).to_have_count(0)
    # three players: no North seat or round to choose
    for name in ("seat_wind", "round_wind"):
        expect(score.locator(f"select[name='{name}'] option[value='4z']")).to_be_disabled()
        expect(score.locator(f"select[name='{name}'] option[value='3z']")).to_be_enabled()

    choose(page, "sichuan")
    hand = "111222333m44455p"
    assert analyse(page, hand, rules="sichuan")["agari"]
    expect(results(page).locator(".rule-note--unscored")).to_have_text(
        i18n.t("ui.unscored", rules=i18n.t("error.ruleset.sichuan")))
    expect(score).to_be_hidden()


def test_the_embed_takes_the_rule_set(page: Page, site_url: str) -> None:
    hand = SANMA_HAND + "{4z}"
    result = paili.analyze(hand, rules="sanma")
    page.goto(f"{site_url}embed.html?q={quote(hand)}&rules=sanma")
    page.locator("html[data-engine='ready']").wait_for(timeout=60_000)
    body = page.locator("#results-body")
    expect(body).to_have_attribute("data-hand", text_of(result))
    items = body.get_by_role("region", name=re.compile(r"^Tiles that")).locator("li[data-tile]")
    expect(items).to_have_count(len(result["ukeire"]["tiles"]))
    expect(page.locator("#open-full")).to_have_attribute("href", re.compile(r"rules=sanma"))
    page.goto(f"{site_url}embed.html?q=123m456p789s1122z&rules=sanma")  # 2m: not a sanma tile
    page.locator("html[data-engine='ready']").wait_for(timeout=60_000)
    expect(page.locator("#hand-error-message")).to_contain_text("2m")


@pytest.mark.browser_context_args(viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True)
@pytest.mark.parametrize(("rules", "hand"), [("gb", GB_KNITTED), ("sichuan", SICHUAN_HAND), ("sanma", SANMA_HAND)])
def test_each_set_fits_a_phone(page: Page, site_url: str, rules: str, hand: str) -> None:
    page.goto(f"{site_url}?q={hand}&rules={rules}")
    page.locator("html[data-engine='ready']").wait_for(timeout=60_000)
    expect(results(page)).to_have_attribute("data-hand", text_of(paili.analyze(hand, rules=rules)))
    expect(page.get_by_label("Rules")).to_be_in_viewport()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"the page scrolls sideways at 360 px under {rules}: {width}px"
    # the selector shares the Hand label's line: it adds no line above the hand field
    label = page.locator("label[for='hand']").bounding_box()
    select = page.get_by_label("Rules").bounding_box()
    assert label is not None and select is not None
    assert abs((label["y"] + label["height"] / 2) - (select["y"] + select["height"] / 2)) < 12


def test_the_advice_follows_the_rule_set_and_its_north_set_aside(ready_page: Page) -> None:
    page = ready_page
    hand = "111m456p789s1122z5z{4z}"  # sanma, tenpai after 5z, a north set aside
    advice = paili.advise(hand, rules="sanma")
    # the wall is sanma's and counts the north set aside: riichi's, or sanma's without it, give other chances
    others = [paili.advise(hand.removesuffix("{4z}"), rules="sanma"), paili.advise(hand.removesuffix("{4z}"))]
    assert all(o["discards"][0]["p_win"] != advice["discards"][0]["p_win"] for o in others)
    choose(page, "sanma")
    analyse(page, hand, rules="sanma")
    table = page.get_by_role("table", name="Discards, best first")
    expect(table).to_have_attribute("data-advice", "ready", timeout=120_000)
    expect(table.locator("th.ev")).to_have_count(0)  # no points: the engine does not score sanma
    shown = table.locator("tr.discard-row").evaluate_all(
        "rs => rs.map(r => [r.dataset.tile, Number(r.querySelector('td[data-key=p_win]').dataset.value)])")
    assert [tile for tile, _ in shown] == [d["tile"] for d in advice["discards"]]  # sorted by the win chance
    for (_, value), d in zip(shown, advice["discards"], strict=True):
        assert value == pytest.approx(d["p_win"][-1], abs=1e-12)


def test_gb_analysis_and_score_box_agree_on_the_winning_tile(ready_page: Page) -> None:
    """Issue 37: for 234m567p22s345678s the analysis said "8 fans by discard on 3m: a legal win" while the Score
    box below scored a win on 8s (the last tile typed) as 7 fans, not a win. The box now scores the win the
    analysis counted, and both say so; a fan of one is "1 fan"."""
    page = ready_page
    choose(page, "gb")
    hand = "234m567p22s345678s"
    result = analyse(page, hand, rules="gb")
    gb = result["gb"]
    assert gb["win"] == "3m" and gb["legal"]
    note = results(page).locator(".rule-note--gb")
    expect(note).to_contain_text(f"{gb['fan']} fans by discard on 3m: a legal win.")
    score = page.locator("#score")
    expect(score).to_have_attribute("data-state", "done")
    expect(score.locator(".win-tiles button[aria-pressed='true']")).to_have_attribute("data-tile", "3m")
    want = paili.score(hand, rules="gb", win="3m")
    assert want["fan"] == gb["fan"] and want["legal"]
    expect(score.locator(".score-han").first).to_have_text(f"{want['fan']} fans")
    one = [f for f in want["fans"] if f["fan"] * f["count"] == 1]
    assert one
    expect(score.locator(f".gb-fans tr[data-fan='{one[0]['id']}'] td").last).to_have_text("1 fan")
