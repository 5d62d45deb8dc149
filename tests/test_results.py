"""The result layer (paili.results): every code list round-trips through the parser, the display table is the
page's, and every error names the input it belongs to."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from test_notation import build_hand

import paili
from paili.api import handle
from paili.errors import HandError
from paili.notation import format_hand, format_tiles, parse, parse_melds, parse_tiles
from paili.results import codes
from paili.tiles import KINDS, TILE_CODES, tile_from_name


def text_of(tiles: list[str]) -> str:
    """Tile codes written back as mpsz text, one suit letter per code (not canonical: the parser decides)."""
    return "".join(tiles)


def kinds_of(tiles: list[str]) -> Counter[int]:
    return Counter(tile_from_name(t) for t in tiles)


def check_codes(text: str, tiles: list[str]) -> None:
    """``tiles`` are the tiles of the canonical tile ``text``, in its order, and parse to the same tiles."""
    assert all(t in TILE_CODES for t in tiles), tiles
    assert parse_tiles(text_of(tiles)) == parse_tiles(text), (text, tiles)
    assert [t[0] for t in tiles] == [c for c in text if c.isdigit()], (text, tiles)
    assert format_tiles(*parse_tiles(text_of(tiles))) == text


def check_result(result: dict[str, Any], hand: paili.Hand) -> None:
    check_codes(result["hand"], result["concealed"])
    assert parse_tiles(text_of(result["concealed"])) == (hand.concealed, hand.reds)
    for meld, parsed in zip(result["melds"], hand.melds, strict=True):
        assert meld["text"] == f"{meld['text'][0]}{''.join(t[0] for t in meld['tiles'])}{meld['tiles'][0][1]}" \
                               f"{meld['text'][-1]}"
        assert parse_melds(meld["text"]) == (parsed,)
        assert parse_tiles(text_of(meld["tiles"]))[0] == tuple(parsed.tiles.count(t) for t in range(KINDS))
    assert format_hand(parse(" ".join([result["hand"], *(m["text"] for m in result["melds"])]))) == str(hand)
    for row in result.get("discards", []):
        after = parse(row["after"])
        assert after.melds == hand.melds
        check_codes(format_tiles(after.concealed, after.reds), row["after_concealed"])
        assert Counter(row["after_concealed"]) + Counter([row["tile"]]) == Counter(result["concealed"]), row


def test_every_code_list_round_trips_through_the_parser() -> None:
    rng = random.Random(8080)
    reds = melds = 0
    for _ in range(400):
        hand = build_hand(rng.randrange)
        result = paili.analyze(str(hand))
        check_result(result, hand)
        reds += any(t[0] == "0" for t in result["concealed"])
        melds += bool(hand.melds)
    assert reds > 30 and melds > 100  # the generator covers red fives and melds


def test_advice_rows_carry_the_same_codes() -> None:
    rng = random.Random(99)
    done = 0
    while done < 15:
        hand = build_hand(rng.randrange)
        if hand.tile_count % 3 != 2 or hand.tile_count > 8:  # small hands keep the search quick
            continue
        check_result(paili.advise(str(hand), turns=2, max_shanten=1), hand)
        done += 1


def test_red_fives_are_codes() -> None:
    r = paili.analyze("0m11z234p67m", melds=["[406s]", "[123s]"])
    assert r["hand"] == "067m234p11z" and r["concealed"] == ["0m", "6m", "7m", "2p", "3p", "4p", "1z", "1z"]
    assert r["melds"][0] == {"type": "chi", "tiles": ["4s", "0s", "6s"], "text": "[406s]"}
    thrown = [d["tile"] for d in r["discards"]]
    assert "0m" in thrown and "5m" not in thrown and all("red" not in d for d in r["discards"])
    assert all(t[0] != "0" for d in r["discards"] for t in (u["tile"] for u in d["ukeire"]["tiles"]))


def test_codes_of_canonical_text() -> None:
    assert codes("105m7z") == ["1m", "0m", "5m", "7z"]
    assert codes("") == []
    assert codes(format_tiles([4] * KINDS, (1, 1, 1))) == [c for c in TILE_CODES for _ in range(
        1 if c[0] == "0" else 3 if c[0] == "5" and c[1] != "z" else 4)]


# --- every error names its field ----------------------------------------------------------------------------

GOOD = {"hand": "123m456p789s11234z", "melds": None, "visible": "", "rules": "riichi", "turns": 2,
        "tegawari": False, "shanten_down": False, "max_shanten": 1}
NOISE = "0123456789mpsz[]() x9z0z"


def noise(rng: random.Random, size: int) -> str:
    return "".join(rng.choice(NOISE) for _ in range(rng.randrange(size)))


def bad_hand(rng: random.Random) -> object:
    return rng.choice([noise(rng, 20), "1m" * rng.randrange(8, 120), rng.randrange(9), None,
                       "123m456p789s11234z" + noise(rng, 4)])


def bad_melds(rng: random.Random) -> object:
    meld = "[" + noise(rng, 6) + "]"
    return rng.choice([meld, [meld], ["[789s]", meld], noise(rng, 10), [noise(rng, 8)], 5, ["[111z]"] * 5,
                       ["[222z]", "[333z]", "[444z]"], "[1111m]", ["[0555m]", "[406m]"]])


def bad_visible(rng: random.Random) -> object:
    return rng.choice([noise(rng, 12), "1111z", "2222z", "9s" * rng.randrange(1, 5) + "9s", "0p0p", 3,
                       "1m" * 101])


BAD: dict[str, Callable[[random.Random], object]] = {
    "hand": bad_hand,
    "melds": bad_melds,
    "visible": bad_visible,
    "rules": lambda rng: rng.choice(["mcr", "", None, 1, noise(rng, 6)]),
    "turns": lambda rng: rng.choice([0, 31, -rng.randrange(9), True, "3", 2.0, None, rng.randrange(31, 999)]),
    "tegawari": lambda rng: rng.choice([0, 1, "yes", None, "true"]),
    "shanten_down": lambda rng: rng.choice([0, 1, "no", None, []]),
    "max_shanten": lambda rng: rng.choice([5, -1, False, "2", 1.5, rng.randrange(5, 99)]),
}
ANALYZE_FIELDS = ("hand", "melds", "visible", "rules")


@pytest.mark.parametrize("field", list(BAD))
def test_every_error_names_its_field(field: str) -> None:
    rng = random.Random(f"field-{field}")
    errors = 0
    for _ in range(300):
        value = BAD[field](rng)
        inputs = {**GOOD, field: value}
        request = {"op": "advise", **inputs}
        try:
            paili.advise(**inputs)  # type: ignore[arg-type]
        except HandError as error:
            errors += 1
            assert error.field == field, (value, error)
            envelope = json.loads(handle(json.dumps(request)))["error"]
            if envelope["type"] == "HandError":   # a wrong JSON type can be the request's error instead
                assert envelope["field"] == field and envelope["message"] == error.message, (value, envelope)
            else:
                assert envelope["type"] == "RequestError" and envelope["field"] is None
        else:
            assert field in ("hand", "melds", "visible"), value   # only a string may turn out valid
        if field in ANALYZE_FIELDS:
            try:   # a 3n+1 hand is fine for analyze, not for advise
                paili.analyze(**{k: inputs[k] for k in ANALYZE_FIELDS})  # type: ignore[arg-type]
            except HandError as error:
                assert error.field == field, (value, error)
    assert errors > 150, errors


def test_errors_of_the_combination_belong_to_the_added_input() -> None:
    with pytest.raises(HandError) as info:   # the melds argument pushes the hand over 14 tiles
        paili.analyze("123m456p789s1z", melds="[111z] [222z]")
    assert info.value.field == "melds"
    with pytest.raises(HandError) as info:   # the hand alone is too big
        paili.analyze("123m456p789s1122z [333z]")
    assert info.value.field == "hand"
    with pytest.raises(HandError) as info:
        paili.analyze("123m406p789s1123z", visible="0p")
    assert info.value.field == "visible"


def test_cli_prints_the_field_and_caret(capsys: pytest.CaptureFixture[str]) -> None:
    from paili.cli import main

    assert main(["123m456p789s1122z", "--visible", "11m8z"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("paili: visible: expected an honor digit") and "  11m8z\n     ^" in err


def test_result_keys() -> None:
    r = paili.analyze("123m406p789s11122z", visible="5m")
    assert json.loads(json.dumps(r)) == r and set(r) == {
        "hand", "concealed", "melds", "tiles", "rules", "shanten", "agari", "decompositions", "discards"}
    assert set(r["discards"][0]) == {"tile", "shanten", "ukeire", "after", "after_concealed"}
    assert set(paili.analyze("123m406p789s1122z")) == {
        "hand", "concealed", "melds", "tiles", "rules", "shanten", "waits", "ukeire"}
