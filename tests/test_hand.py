"""Tests of :mod:`paili.hand`: hands and melds print themselves, the text parses back, melds check their shape.

* ``parse(str(hand)) == hand`` and ``parse_melds(str(meld)) == (meld,)`` on seeded random hands built as
  values (not from text): called melds of every kind, red fives in melds and in the concealed tiles, every
  concealed size a hand can have.
* A meld built by hand with a wrong shape is a :class:`HandError` (it used to print as something else).
"""

from __future__ import annotations

import random

import pytest

import paili
from paili.errors import HandError
from paili.hand import Hand, Meld, MeldKind
from paili.notation import parse_melds
from paili.tiles import FIVES, KINDS


def _random_meld(rng: random.Random, used: list[int], red_used: list[int]) -> Meld | None:
    kind: MeldKind = rng.choice(["chi", "pon", "kan", "ankan"])
    if kind == "chi":
        first = rng.choice([t for t in range(27) if t % 9 <= 6])
        tiles: tuple[int, ...] = (first, first + 1, first + 2)
    else:
        tiles = (rng.randrange(KINDS),) * (3 if kind == "pon" else 4)
    if any(used[t] + tiles.count(t) > 4 for t in tiles):
        return None
    reds = 0
    five = next((t for t in tiles if t in FIVES), None)
    if five is not None and not red_used[five // 9] and rng.random() < 0.6:
        reds = red_used[five // 9] = 1
    for t in tiles:
        used[t] += 1
    return Meld(kind, tiles, reds)


def random_hand(rng: random.Random) -> Hand:
    """A valid hand: up to four melds, a concealed part of a size a hand can have, red fives anywhere."""
    used = [0] * KINDS
    red_used = [0, 0, 0]
    melds = [m for m in (_random_meld(rng, used, red_used) for _ in range(rng.randint(0, 4))) if m is not None]
    sizes = [n for n in range(1, 15) if n % 3 and n + 3 * len(melds) <= 14]
    wall = [k for k in range(KINDS) for _ in range(4 - used[k])]
    counts = [0] * KINDS
    for k in rng.sample(wall, rng.choice(sizes)):
        counts[k] += 1
    reds = [1 if counts[five] and not red_used[s] and rng.random() < 0.6 else 0 for s, five in enumerate(FIVES)]
    return Hand(tuple(counts), (reds[0], reds[1], reds[2]), tuple(melds))


def test_random_hands_round_trip_through_their_text() -> None:
    rng = random.Random(20)
    with_melds = with_reds = 0
    for _ in range(3000):
        hand = random_hand(rng)
        text = str(hand)
        assert paili.parse(text) == hand, text
        assert str(paili.parse(text)) == text
        assert paili.format_hand(hand) == text
        assert repr(hand) == f"paili.parse({text!r})"
        for meld in hand.melds:
            assert parse_melds(str(meld)) == (meld,), str(meld)
        with_melds += bool(hand.melds)
        with_reds += any(hand.reds) or any(m.reds for m in hand.melds)
    assert with_melds > 1000 and with_reds > 1000


@pytest.mark.parametrize(("meld", "text"), [
    (Meld("chi", (12, 13, 14), 1), "[406p]"),
    (Meld("pon", (13, 13, 13), 1), "[055p]"),
    (Meld("kan", (4, 4, 4, 4), 1), "[0555m]"),
    (Meld("ankan", (27, 27, 27, 27)), "(1111z)"),
    (Meld("chi", (24, 25, 26)), "[789s]"),
])
def test_melds_print_canonically(meld: Meld, text: str) -> None:
    assert str(meld) == text
    assert parse_melds(text) == (meld,)


@pytest.mark.parametrize(("kind", "tiles", "reds", "message"), [
    ("chi", (0, 0, 0), 0, "expected a chi of three consecutive tiles"),
    ("chi", (7, 8, 9), 0, "expected a chi of three consecutive tiles"),
    ("chi", (27, 28, 29), 0, "honors make no chi"),
    ("pon", (0, 0, 1), 0, "expected a pon of three equal tiles"),
    ("kan", (5, 5, 5, 6), 0, "expected a kan of four equal tiles"),
    ("kan", (0, 0, 0), 0, "expected the 4 tiles of a kan"),
    ("chi", (2, 1, 0), 0, "in ascending order"),
    ("pon", (34, 34, 34), 0, "kinds from 0 to 33"),
    ("pon", [0, 0, 0], 0, "kinds from 0 to 33"),
    ("pon", (True, True, True), 0, "kinds from 0 to 33"),
    ("chi", (0, 1, 2), 1, "expected 0 red fives"),
    ("pon", (4, 4, 4), 2, "expected 0 or 1 red fives"),
    ("pon", (4, 4, 4), -1, "expected 0 or 1 red fives"),
    ("triplet", (0, 0, 0), 0, "expected a meld kind"),
])
def test_a_meld_of_the_wrong_shape_is_an_error(kind: str, tiles: tuple[int, ...], reds: int, message: str) -> None:
    with pytest.raises(HandError, match=message):
        Meld(kind, tiles, reds)  # type: ignore[arg-type]


def test_a_second_red_five_in_a_written_meld_names_its_position() -> None:
    with pytest.raises(HandError, match="got a second '0m' at character 8") as caught:
        paili.parse("123p [0055m]")
    assert caught.value.position == 7
