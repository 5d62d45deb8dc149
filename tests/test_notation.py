"""Tests of paili.notation: round trips, canonical examples, every error with its position, fuzzing.

The reference for the parser is a hand generator that builds valid :class:`Hand` values directly from a tile
pool (so they honour the 4-copy and one-red-per-suit limits), plus a scrambler that writes such a hand in a
random non-canonical way (any tile order, melds anywhere, spaces anywhere, part of the melds passed in the
separate ``melds`` argument). Parsing the scrambled text must give back the very hand.
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Callable, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import scaled

from paili.errors import HandError
from paili.hand import Hand, Meld, MeldKind
from paili.notation import (
    MAX_TEXT_LENGTH,
    check_visible,
    format_hand,
    format_meld,
    format_tiles,
    normalize,
    parse,
    parse_melds,
    parse_tiles,
)
from paili.tiles import FIVES, KINDS, SUITS

Pick = Callable[[int], int]
"""``pick(n)`` returns an int in ``range(n)``: a seeded RNG or a hypothesis draw."""

CHI_STARTS = tuple(suit * 9 + rank for suit in range(3) for rank in range(7))
SPACES = (" ", "  ", "\t", "\n", "\u3000")


# --- generators ---------------------------------------------------------------------------------------------


def build_hand(pick: Pick) -> Hand:
    """A valid hand: 0-4 melds and an allowed concealed count, every tile taken from a 136-tile pool."""
    pool = {t: [t in FIVES] + [False] * 3 for t in range(KINDS)}  # one red flag per copy left

    def take(tile: int) -> bool:
        copies = pool[tile]
        return copies.pop(pick(len(copies)))

    melds = []
    for _ in range(pick(5)):
        kind: MeldKind = ("chi", "pon", "kan", "ankan")[pick(4)]
        if kind == "chi":
            start = CHI_STARTS[pick(len(CHI_STARTS))]
            tiles: tuple[int, ...] = (start, start + 1, start + 2)
        else:
            tile = pick(KINDS)
            tiles = (tile,) * (3 if kind == "pon" else 4)
        if any(len(pool[t]) < tiles.count(t) for t in tiles):
            continue
        melds.append(Meld(kind, tiles, sum(take(t) for t in tiles)))
    sizes = [n for n in range(1, 15) if n % 3 and n + 3 * len(melds) <= 14]
    counts = [0] * KINDS
    reds = [0, 0, 0]
    for _ in range(sizes[pick(len(sizes))]):
        kinds = [t for t in range(KINDS) if pool[t]]
        tile = kinds[pick(len(kinds))]
        counts[tile] += 1
        if take(tile):
            reds[tile // 9] += 1
    return Hand(tuple(counts), (reds[0], reds[1], reds[2]), tuple(melds))


def digit(tile: int, red: bool) -> str:
    return "0" if red else str(tile % 9 + 1)


def spaced(rng: random.Random, chars: Sequence[str]) -> str:
    """Join characters with random whitespace (often none) between and around them."""
    out = []
    for char in chars:
        if rng.random() < 0.2:
            out.append(rng.choice(SPACES))
        out.append(char)
    return "".join(out)


def scramble_meld(meld: Meld, rng: random.Random) -> str:
    digits = [digit(t, False) for t in meld.tiles]
    fives = [i for i, t in enumerate(meld.tiles) if t in FIVES]
    for i in fives[: meld.reds]:
        digits[i] = "0"
    rng.shuffle(digits)
    opener, closer = ("(", ")") if meld.kind == "ankan" else ("[", "]")
    return spaced(rng, [opener, *digits, SUITS[meld.tiles[0] // 9], closer])


def scramble(hand: Hand, rng: random.Random) -> tuple[str, list[str] | str | None]:
    """A random non-canonical text of ``hand`` and the separate ``melds`` argument that goes with it."""
    tokens: list[tuple[str, str]] = []
    for tile, count in enumerate(hand.concealed):
        red = tile in FIVES and hand.reds[FIVES.index(tile)] > 0
        tokens.extend((digit(tile, red and i == 0), SUITS[tile // 9]) for i in range(count))
    rng.shuffle(tokens)
    groups: list[str] = []
    boundaries = [0]  # where a meld may go: the start, or after a group that ends with its suit letter
    for i, (d, suit) in enumerate(tokens):
        next_suit = tokens[i + 1][1] if i + 1 < len(tokens) else ""
        closes = next_suit != suit or rng.random() < 0.3
        groups.append(spaced(rng, [d, suit] if closes else [d]))
        if closes:
            boundaries.append(i + 1)
    inline = rng.randrange(len(hand.melds) + 1)
    spots = sorted(rng.choice(boundaries) for _ in range(inline))
    melds = [" " * rng.randrange(2) + scramble_meld(m, rng) for m in hand.melds[:inline]]
    out: list[str] = []
    for b in range(len(groups) + 1):
        out.extend(meld for meld, spot in zip(melds, spots, strict=True) if spot == b)
        if b < len(groups):
            out.append(groups[b])
    separate = [scramble_meld(m, rng) for m in hand.melds[inline:]]
    style = rng.randrange(3)
    if not separate and style == 0:
        return "".join(out), None
    if style == 1:
        return "".join(out), " ".join(separate)
    return "".join(out), separate


def visible_text(counts: Sequence[int], reds: Sequence[int], rng: random.Random) -> str:
    tokens: list[str] = []
    for tile, count in enumerate(counts):
        red = tile in FIVES and reds[FIVES.index(tile)] > 0
        tokens.extend(digit(tile, red and i == 0) + SUITS[tile // 9] for i in range(count))
    rng.shuffle(tokens)
    return "".join(tokens)


@st.composite
def hands(draw: st.DrawFn) -> Hand:
    return build_hand(lambda n: draw(st.integers(0, n - 1)))


# --- round trips --------------------------------------------------------------------------------------------


def test_round_trip_seeded_random_hands() -> None:
    rng = random.Random(20240611)
    with_reds = with_melds = 0
    for _ in range(3000):
        hand = build_hand(rng.randrange)
        text = format_hand(hand)
        assert parse(text) == hand, text
        assert format_hand(parse(text)) == text
        assert str(hand) == text
        scrambled, separate = scramble(hand, rng)
        assert parse(scrambled, melds=separate) == hand, (scrambled, separate)
        with_reds += sum(hand.reds) + sum(m.reds for m in hand.melds) > 0
        with_melds += len(hand.melds) > 0
    assert with_reds > 300 and with_melds > 1000  # the generator really covers red fives and melds


@given(hands())
def test_round_trip_hypothesis_hands(hand: Hand) -> None:
    text = format_hand(hand)
    assert parse(text) == hand
    assert format_hand(parse(text)) == text
    assert parse_melds([format_meld(m) for m in hand.melds]) == hand.melds


@given(hands(), st.randoms(use_true_random=False))
def test_scrambled_text_parses_to_the_same_hand(hand: Hand, rng: random.Random) -> None:
    scrambled, separate = scramble(hand, rng)
    assert parse(scrambled, melds=separate) == hand


def test_tiles_round_trip_seeded() -> None:
    rng = random.Random(7)
    for _ in range(500):
        pool = [(t, t in FIVES and i == 0) for t in range(KINDS) for i in range(4)]
        counts, reds = [0] * KINDS, [0, 0, 0]
        for tile, red in rng.sample(pool, rng.choice((rng.randrange(137), rng.randrange(90)))):
            counts[tile] += 1
            if red:
                reds[tile // 9] += 1
        text = format_tiles(counts, reds)
        assert parse_tiles(text) == (tuple(counts), tuple(reds))
        scrambled = visible_text(counts, reds, rng)  # one suit letter per tile: long
        if len(scrambled) <= MAX_TEXT_LENGTH:
            assert parse_tiles(scrambled) == (tuple(counts), tuple(reds))


def test_all_136_tiles_fit_the_length_limit() -> None:
    counts, reds = parse_tiles(format_tiles([4] * KINDS, (1, 1, 1)))
    assert counts == (4,) * KINDS and reds == (1, 1, 1)
    text = format_tiles(counts, reds)
    assert len(text) == 140 and text.startswith("111122223333444405556666777788889999m1111")


# --- canonical form -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("123m456p789s1122z", "123m456p789s1122z"),
        ("1122z 789s 456p 123m", "123m456p789s1122z"),
        ("5034m", "3405m"),
        ("5505m", "0555m"),
        ("0m0p0s55z", "0m0p0s55z"),
        ("1m2m3m4p4p", "123m44p"),
        ("1 2 3 m\t4\n5\u30006 p 7z7z", "123m456p77z"),
        ("[978s] 11z", "11z [789s]"),
        ("[406p] 11z", "11z [406p]"),
        ("[640p] 11z", "11z [406p]"),
        ("[505p] 11z", "11z [055p]"),
        ("[5505m] 11z", "11z [0555m]"),
        ("(5505m) 11z", "11z (0555m)"),
        ("[7777s] 11z", "11z [7777s]"),
        ("(1111z) 22z 654p [879s] 321m", "123m456p22z (1111z) [789s]"),
        ("11z [789s] 22z [111m]", "1122z [789s] [111m]"),
        ("[ 7 8 9 s ] 1z", "1z [789s]"),
        ("19m19p19s12345z", "19m19p19s12345z"),
        ("19m19p19s12345z [222m]", "19m19p19s12345z [222m]"),
        ("1z [111m] [222m] [333m] [444m]", "1z [111m] [222m] [333m] [444m]"),
        ("12z", "12z"),
    ],
)
def test_canonical_examples(text: str, canonical: str) -> None:
    hand = parse(text)
    assert format_hand(hand) == canonical
    assert parse(canonical) == hand


def test_parse_values() -> None:
    hand = parse("1234m 0p [406s] (1111z)", melds="[123p]")
    assert hand.concealed[0:4] == (1, 1, 1, 1) and hand.concealed[13] == 1 and hand.tile_count == 5
    assert hand.reds == (0, 1, 0)
    assert hand.melds == (
        Meld("chi", (21, 22, 23), 1),
        Meld("ankan", (27, 27, 27, 27), 0),
        Meld("chi", (9, 10, 11), 0),
    )
    assert parse("05m").concealed[4] == 2  # a red five is a five in the counts


def test_separate_melds_come_after_inline_melds() -> None:
    hand = parse("[111z] 11m", melds=["[222z]", "(3333z)"])
    assert [m.tiles[0] for m in hand.melds] == [27, 28, 29]
    assert parse("[111z] 11m", melds="[222z] (3333z)") == hand
    assert parse("[111z] 11m", melds=("[222z]", "(3333z)")) == hand
    assert parse("11m [111z]", melds=[]) == parse("11m", melds=["[111z]"])


def test_format_meld_and_parse_melds() -> None:
    cases = {
        "[406p]": Meld("chi", (12, 13, 14), 1),
        "[055p]": Meld("pon", (13, 13, 13), 1),
        "[0555m]": Meld("kan", (4, 4, 4, 4), 1),
        "(0555s)": Meld("ankan", (22, 22, 22, 22), 1),
        "[777z]": Meld("pon", (33, 33, 33), 0),
    }
    for text, meld in cases.items():
        assert format_meld(meld) == text
        assert parse_melds(text) == (meld,)
        assert parse_melds([text]) == (meld,)
    assert parse_melds(None) == () == parse_melds([]) == parse_melds("  ")


def test_format_tiles() -> None:
    assert format_tiles([0] * KINDS) == ""
    assert parse_tiles("") == ((0,) * KINDS, (0, 0, 0))
    counts, reds = parse_tiles("7z 0s 55s 1m")
    assert format_tiles(counts, reds) == "1m055s7z"


def test_hand_str_and_repr() -> None:
    hand = parse("0m [406p]")
    assert str(hand) == "0m [406p]"
    assert repr(hand) == "paili.parse('0m [406p]')"


# --- normalisation: upper-case and full-width input -------------------------------------------------------

FULL_WIDTH = 0xFEE0


def variants(char: str) -> list[str]:
    """The ways a phone may type one notation character: as is, full-width, and for a suit letter upper-case
    and full-width upper-case."""
    out = [char]
    if char in "0123456789mpsz[]()":
        out.append(chr(ord(char) + FULL_WIDTH))
    if char in "mpsz":
        out += [char.upper(), chr(ord(char.upper()) + FULL_WIDTH)]
    return out


def retype(text: str, rng: random.Random) -> str:
    """The text with each character typed in one of its random variants (one character for one)."""
    return "".join(rng.choice(variants(c)) for c in text)


def test_normalize_maps_each_variant_to_its_ascii_character() -> None:
    for char in "0123456789mpsz[]()":
        for variant in variants(char):
            assert normalize(variant) == char, variant
    assert normalize("１２３Ｍ ４５６P [７８９ｓ]（１１１１ｚ）") == "123m 456p [789s](1111z)"
    # nothing else changes: other letters, other full-width characters, whitespace
    assert normalize("xX ａＡ！ \u3000") == "xX ａＡ！ \u3000"


def test_retyped_hands_parse_to_the_same_hand_seeded() -> None:
    """Random hands, scrambled, then each character retyped at random: the very hand, in every field."""
    rng = random.Random(13)
    changed = 0
    for _ in range(2000):
        hand = build_hand(rng.randrange)
        scrambled, separate = scramble(hand, rng)
        text = retype(scrambled, rng)
        melds = [retype(m, rng) for m in separate] if isinstance(separate, list) else (
            retype(separate, rng) if separate is not None else None)
        changed += text != scrambled
        assert normalize(text) == scrambled
        assert parse(text, melds=melds) == hand, (text, melds)
        counts, reds = parse_tiles(visible_text(hand.concealed, hand.reds, rng))
        assert parse_tiles(retype(format_tiles(counts, reds), rng)) == (counts, reds)
    assert changed > 1900  # the retyping really changes the texts


@settings(max_examples=scaled(100, 300))
@given(st.text(alphabet="0123456789mpsz []()x", max_size=30), st.randoms(use_true_random=False))
def test_retyped_text_fails_at_the_same_position(text: str, rng: random.Random) -> None:
    """Any text over the notation's alphabet and its retyped form give the same hand or the same error:
    positions index the text as typed (the mapping is one character for one)."""
    retyped = retype(text, rng)
    try:
        expected: Hand | HandError = parse(text)
    except HandError as error:
        expected = error
    try:
        got: Hand | HandError = parse(retyped)
    except HandError as error:
        got = error
    if isinstance(expected, HandError):
        assert isinstance(got, HandError), retyped
        assert (got.position, got.field) == (expected.position, expected.field)
        if got.position is not None:
            assert normalize(retyped[got.position]) == text[got.position]
    else:
        assert got == expected


def test_messages_count_characters_from_1() -> None:
    error = error_of(lambda: parse("１２３Ｍ４"))
    assert error.position == 4
    assert error.message == "expected a suit letter after the digits '4' at character 5, got end of input"


# --- errors -------------------------------------------------------------------------------------------------


def error_of(call: Callable[[], object]) -> HandError:
    with pytest.raises(HandError) as info:
        call()
    return info.value


@pytest.mark.parametrize(
    ("text", "position", "words"),
    [
        # characters
        ("123m x", 5, "got 'x' at character 6"),
        ("１２３ｘ", 3, "got 'ｘ' at character 4"),
        ("12x", 2, "expected a digit or a suit letter"),
        ("123m,456p", 4, "got ','"),
        # digits without a suit letter: point at the first pending digit
        ("123m4", 4, "expected a suit letter after the digits '4' at character 5, got end of input"),
        ("123m 45", 5, "after the digits '45' at character 6"),
        ("12 [789s]", 0, "after the digits '12' at character 1, got '['"),
        ("[789]", 1, "after the digits '789' at character 2, got ']'"),
        # a suit letter without digits
        ("m", 0, "expected digits before the suit letter 'm' at character 1"),
        ("123m p", 5, "before the suit letter 'p' at character 6"),
        ("123mm", 4, "before the suit letter 'm' at character 5"),
        ("[m]", 1, "before the suit letter 'm' at character 2"),
        # honors
        ("8z", 0, "got '8z' at character 1"),
        ("1239z", 3, "got '9z' at character 4"),
        ("0z1z", 0, "no red honor"),
        ("1z [000z]", 4, "got '0z' at character 5"),
        # brackets
        ("12m [789s", 4, "expected ']' to close the meld opened at character 5, got end of input"),
        ("12m (1111s", 4, "expected ')' to close the meld opened at character 5"),
        ("12m 789s]", 8, "got ']' at character 9 with no meld open"),
        ("12m )", 4, "with no meld open"),
        (
            "[789s) 1z",
            5,
            "expected ']' to close the meld opened at character 1 after its suit letter, got ')'",
        ),
        ("(1111z] 1z", 6, "expected ')' to close"),
        ("[789) 1z", 4, "closes with ']'"),
        ("[[789s]] 1z", 1, "melds cannot be nested"),
        ("[78(9s)] 1z", 3, "melds cannot be nested"),
        ("[78s9s] 1z", 4, "after its suit letter, got '9' at character 5"),
        ("[7s8s9s] 1z", 3, "after its suit letter"),
        ("[] 1z", 0, "empty meld at character 1"),
        ("[ ] 1z", 0, "empty meld"),
        # meld sizes and shapes
        ("1z [78s]", 3, "expected 3 tiles (chi or pon) or 4 (kan) in a meld, got 2 in '[78s]' at character 4"),
        ("1z [7s]", 3, "got 1"),
        ("1z [77777s]", 3, "got 5"),
        ("1z (777s)", 3, "expected 4 tiles in a closed kan, got 3"),
        ("1z (77777s)", 3, "closed kan, got 5"),
        ("1z [135m]", 3, "expected a chi of three consecutive tiles or a pon of three equal tiles"),
        ("1z [112m]", 3, "three consecutive tiles"),
        ("1z [891m]", 3, "three consecutive tiles"),
        ("1z [123z]", 3, "honors make no chi"),
        ("1z [1234m]", 3, "expected a kan of four equal tiles"),
        ("1z (1112m)", 3, "kan of four equal tiles"),
        # copies: the 5th copy, counting red fives and melds
        (
            "11111m",
            4,
            "expected at most 4 copies of 1m (red fives and called melds count), got a 5th at character 5",
        ),
        ("05555m", 4, "copies of 5m"),
        ("1m [111m] 1m", 10, "got a 5th at character 11"),
        ("1z [111z] (1111z)", 11, "copies of 1z"),
        # red fives: the second one
        ("0m0m", 2, "expected at most one red five of each suit, got a second '0m' at character 3"),
        ("0p [406p]", 5, "second '0p' at character 6"),
        ("[055s] 0s", 7, "second '0s' at character 8"),
        ("1z [000s]", 5, "second '0s'"),
    ],
)
def test_errors_with_position(text: str, position: int, words: str) -> None:
    error = error_of(lambda: parse(text))
    assert error.position == position, error
    assert words in error.message, error
    assert error.message.startswith("expected "), error
    assert str(error) == error.message


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "expected at least one concealed tile, got none"),
        (" \t\n", "expected at least one concealed tile, got none"),
        ("[111z]", "expected at least one concealed tile, got none"),
        ("123m", "expected 3k+1 or 3k+2 concealed tiles (1, 2, 4, 5, 7, 8, 10, 11, 13 or 14), got 3"),
        ("123456789m123z", "got 12"),
        ("11m2222z [111s]", "got 6"),
        ("123456789m123456z", "expected at most 14 tiles, got 15"),
        ("1122334455667788m", "expected at most 14 tiles, got 16"),
        ("19m19p19s12345z [111m] [222m]", "expected at most 14 tiles counting 3 per meld, got 17"),
        ("1234567899m [111z] [222z]", "got 16 (10 concealed + 2 melds)"),
        ("12m [111z] [222z] [333z] [444z] [555z]", "got 17"),
    ],
)
def test_tile_count_errors(text: str, words: str) -> None:
    error = error_of(lambda: parse(text))
    assert error.position is None and error.field == "hand"
    assert words in error.message, error


@pytest.mark.parametrize("value", [None, 5, 1.5, b"123m", ["123m"], ("1m",), {"hand": "1m"}, object()])
def test_non_string_input(value: object) -> None:
    error = error_of(lambda: parse(value))  # type: ignore[arg-type]
    assert "expected a string" in error.message and error.position is None
    assert "expected a string" in error_of(lambda: parse_tiles(value)).message  # type: ignore[arg-type]


def test_long_strings_rejected_at_once() -> None:
    for text in ("x" * 10_000, "[" * 10_000, "1" * 10_000, "1m" + " " * 199):
        start = time.perf_counter()
        error = error_of(lambda text=text: parse(text))  # type: ignore[misc]
        assert time.perf_counter() - start < 0.5  # loose guard: no work done on the text
        assert error.position == MAX_TEXT_LENGTH
        assert error.message == (
            f"expected at most 200 characters, got {len(text)}; the text is too long from character 201"
        )
    assert parse("1m" + " " * 198) == parse("1m")  # exactly 200 characters is fine
    error = error_of(lambda: parse_tiles("1m" * 101))
    assert error.message.startswith("expected at most 200") and error.field == "visible"
    error = error_of(lambda: parse_melds(["[111m]" + " " * 200]))
    assert error.message.startswith("expected at most") and error.message.endswith("(in melds[0])")
    assert error.field == "melds"
    error = error_of(lambda: parse_melds(" " * 201))
    assert error.message.startswith("expected at most 200") and error.field == "melds"


@pytest.mark.parametrize(
    ("melds", "position", "words", "where"),
    [
        (["[789s]", "12m"], 0, "expected '[' or '(' to open a meld, got '1' at character 1", "melds[1]"),
        (["[789s]", "[78s]"], 0, "expected 3 tiles (chi or pon) or 4 (kan)", "melds[1]"),
        (["[789s][123m]"], 6, "expected one meld per string, got 2; the 2nd starts at character 7", "melds[0]"),
        (["  "], None, "expected one meld such as '[789s]' or '(7777s)', got none", "melds[0]"),
        (["[111m]", 5], None, "expected a string, got int", "melds[1]"),
        ("[111m] 2", 7, "expected '[' or '(' to open a meld, got '2' at character 8", "melds"),
        ("[111m] [22", 7, "expected ']' to close the meld opened at character 8", "melds"),
        (5, None, "expected a string, a list of meld strings or None, got int", "melds"),
        (b"[111m]", None, "got bytes", "melds"),
        ({"[111m]"}, None, "got set", "melds"),
        (["[1111m]"] * 5, None, "expected at most 4 melds, got 5", "melds"),
        ("[111m]" * 5, 24, "expected at most 4 melds, got 5; the 5th is at character 25", "melds"),
        (["[1111m]", " [1111m]"], 2, "expected at most 4 copies of 1m", "melds[1]"),
        ("[055m] [406m]", 9, "expected at most one red five of each suit, got a second '0m'", "melds"),
    ],
)
def test_melds_argument_errors(melds: object, position: int | None, words: str, where: str) -> None:
    error = error_of(lambda: parse_melds(melds))  # type: ignore[arg-type]
    assert error.position == position, error
    assert words in error.message and error.field == "melds", error
    assert error.message.endswith(f"(in {where})") == (where != "melds"), error
    again = error_of(lambda: parse("1z", melds=melds))  # type: ignore[arg-type]
    assert (again.message, again.position, again.field) == (error.message, error.position, error.field)


def test_copies_across_text_and_separate_melds() -> None:
    error = error_of(lambda: parse("1m [11 1m]", melds=["[406p]", "[1111m]"]))
    assert error.message.startswith("expected at most 4 copies of 1m") and error.position == 1
    assert error.field == "melds" and error.message.endswith("(in melds[1])")
    error = error_of(lambda: parse("0p 1z", melds=["[406p]"]))
    assert error.message.startswith("expected at most one red five") and error.position == 2
    assert error.field == "melds" and error.message.endswith("(in melds[0])")
    error = error_of(lambda: parse("1z [111m] [222m]", melds="[333m] [444m] [555m]"))
    assert "got 16 (1 concealed + 5 melds)" in error.message


def test_visible_tiles() -> None:
    error = error_of(lambda: parse_tiles("11111m"))
    assert error.message == "expected at most 4 copies of 1m (red fives count), got a 5th at character 5"
    assert error.field == "visible"
    error = error_of(lambda: parse_tiles("1m 0p 0p", field="dora"))
    assert error.message.startswith("expected at most one red five") and error.position == 6
    assert error.field == "dora"
    error = error_of(lambda: parse_tiles("1m [111m]"))
    assert error.position == 3 and "melds are not allowed here" in error.message
    assert error_of(lambda: parse_tiles("1m 2")).position == 3
    assert error_of(lambda: parse_tiles("9z")).message.startswith("expected an honor digit")


def test_check_visible_limits() -> None:
    hand = parse("11m 05p [111z]")
    check_visible(hand, parse_tiles("11m 55p 1z")[0])
    error = error_of(lambda: check_visible(hand, parse_tiles("555p")[0]))
    assert error.message == (
        "expected at most 4 copies of 5p in the hand, its melds and the visible tiles together, "
        "got 5 (2 concealed, 0 in melds, 3 visible)"
    )
    assert error.position is None and error.field == "visible"
    error = error_of(lambda: check_visible(hand, parse_tiles("11z")[0]))
    assert "got 5 (0 concealed, 3 in melds, 2 visible)" in error.message
    counts, reds = parse_tiles("0p")
    check_visible(hand, counts)  # without reds only the copies are checked
    error = error_of(lambda: check_visible(hand, counts, reds=reds))
    assert "expected at most one red five '0p'" in error.message
    counts, reds = parse_tiles("0s")
    error = error_of(lambda: check_visible(parse("1m [406s]"), counts, reds=reds, field="dora"))
    assert error.message.startswith("expected at most one red five '0s'") and error.field == "dora"


def test_format_rejects_inconsistent_values() -> None:
    with pytest.raises(HandError):
        format_tiles([0] * 33)
    with pytest.raises(HandError):
        format_tiles([5] + [0] * 33)
    with pytest.raises(HandError):
        format_tiles([0] * KINDS, (1, 0, 0))  # a red 5m without a 5m
    with pytest.raises(HandError):
        format_meld(Meld("chi", (7, 8, 9), 0))  # 8m 9m 1p
    with pytest.raises(HandError):
        format_meld(Meld("pon", (0, 0, 0), 1))  # a red 1m


# --- fuzzing ------------------------------------------------------------------------------------------------

ALPHABET = "0123456789mpsz []()"


def parse_or_error(text: str, melds: object = None) -> Hand | None:
    """Parse; any HandError is fine, anything else fails the test. A parsed hand must round-trip."""
    try:
        hand = parse(text, melds=melds)  # type: ignore[arg-type]
    except HandError as error:
        assert error.message and (error.position is None or isinstance(error.position, int))
        if error.position is not None:
            assert error.position >= 0
        return None
    canonical = format_hand(hand)
    assert parse(canonical) == hand
    assert format_hand(parse(canonical)) == canonical
    return hand


@settings(max_examples=scaled(150, 500))
@given(st.text())
def test_fuzz_any_text(text: str) -> None:
    parse_or_error(text)


@settings(max_examples=scaled(250, 1000))
@given(st.text(alphabet=ALPHABET, max_size=40))
def test_fuzz_notation_alphabet(text: str) -> None:
    hand = parse_or_error(text)
    if hand is not None:
        for meld in hand.melds:
            assert parse_melds(format_meld(meld)) == (meld,)


@settings(max_examples=scaled(100, 300))
@given(st.text(alphabet=ALPHABET, max_size=30), st.lists(st.text(alphabet=ALPHABET, max_size=10), max_size=5))
def test_fuzz_with_separate_melds(text: str, melds: list[str]) -> None:
    parse_or_error(text, melds)
    try:
        parse_melds(melds)
    except HandError:
        pass


@settings(max_examples=scaled(100, 300))
@given(st.text(alphabet=ALPHABET + "\t\u3000x", max_size=60))
def test_fuzz_tiles(text: str) -> None:
    try:
        counts, reds = parse_tiles(text)
    except HandError as error:
        assert error.field == "visible"
        return
    assert parse_tiles(format_tiles(counts, reds)) == (counts, reds)


@given(
    st.one_of(
        st.none(),
        st.integers(),
        st.binary(),
        st.lists(st.one_of(st.text(alphabet=ALPHABET, max_size=8), st.integers(), st.none()), max_size=6),
        st.dictionaries(st.text(max_size=3), st.text(max_size=3), max_size=2),
    )
)
def test_fuzz_odd_melds_arguments(melds: object) -> None:
    parse_or_error("1z", melds)


def test_every_short_string_over_a_small_alphabet() -> None:
    """Exhaustive over strings of up to 4 characters: only HandError escapes, and parses round-trip."""
    for size in range(5):
        for chars in itertools.product("05mz[](", repeat=size):
            parse_or_error("".join(chars))
