"""``advise`` and ``outlook`` under ``rules="gb"``: a win counts only when it is legal (8 fans, flowers aside),
and ``objective="ev"`` values a win by GB's payments (self-drawn: 3 x (8 + fan), the winner's gain).

The expected figures come from ``reference.AdviceModel``, the advisor's model as a plain recursion on each
draw, with the legality and the value of each win asked of :func:`paili.score` (``rules="gb"``, self-drawn,
和绝张 when the visible tiles and the melds show the three other copies): on hand-built cases (a wait short of
8 that is not counted) and seeded random small hands with written melds."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
import reference
from reference import AdviceModel, Counts

import paili
from paili.errors import HandError

WALL = [k for k in range(34) for _ in range(4)]


def gb_model(hand: str, *, melds: Sequence[str] = (), visible: str = "", seat_wind: str = "1z",
             round_wind: str = "1z") -> AdviceModel:
    parsed = paili.parse(hand, melds=list(melds), rules="gb")
    seen = reference.counts_of(visible) if visible else (0,) * 34
    limit = tuple(4 - n for n in parsed.set_aside())
    called = parsed.called_counts()

    def points(drawn: Counts, k: int) -> float:
        whole = paili.Hand(drawn, (0, 0, 0), parsed.melds)
        last = drawn[k] == 1 and seen[k] + called[k] == 3
        r = paili.score(whole, win=paili.tile_name(k), rules="gb", tsumo=True, last_copy=last,
                        seat_wind=seat_wind, round_wind=round_wind)
        return float(3 * (8 + r["fan"])) if r["legal"] else 0.0

    return AdviceModel(parsed.melds_needed, limit, seen, rules="gb", legal=lambda d, k: points(d, k) > 0,
                       points=points)


def check_outlook(hand: str, turns: int, **kw: object) -> dict[str, object]:
    model = gb_model(hand, **kw)  # type: ignore[arg-type]
    melds = kw.get("melds", ())
    o = paili.outlook(hand, melds=list(melds), visible=str(kw.get("visible", "")), rules="gb", turns=turns,  # type: ignore[call-overload]
                      seat_wind=str(kw.get("seat_wind", "1z")), round_wind=str(kw.get("round_wind", "1z")))
    counts = paili.parse(hand, melds=list(melds), rules="gb").concealed  # type: ignore[call-overload]
    for t in range(1, turns + 1):
        assert o["p_win"][t - 1] == pytest.approx(model.value(counts, t, "win"), abs=1e-9)
        assert o["ev"][t - 1] == pytest.approx(model.value(counts, t, "ev"), abs=1e-9)
    return o


def test_a_wait_short_of_8_is_not_counted() -> None:
    """Two chows called: 2m and 5m make 6 fans and 8m 7 by discard; a self-drawn 8m adds 自摸 for 8, the
    only win the advisor counts."""
    o = check_outlook("34m567m22p", 4, melds=("[345s]", "[678s]"))
    waits = {w["tile"]: w for w in o["waits"]}  # type: ignore[attr-defined]
    assert [waits[t]["yaku"] for t in ("2m", "5m", "8m")] == [False, False, True]
    assert waits["8m"]["points"] == {"tsumo": 48.0, "ron": 0.0}  # 3 x (8 + 8); by discard 7, short
    assert waits["2m"]["p_win"] == [0.0] * 4
    only = 4 / 123  # 8m: 4 copies of 123 unseen (136 - 13 held)
    assert o["p_win"][0] == pytest.approx(only)  # type: ignore[index]
    assert o["ev"][0] == pytest.approx(only * 48)  # type: ignore[index]
    plain = paili.outlook("34m567m22p [345s] [678s]", turns=4)  # riichi: every wait wins (tanyao)
    assert plain["p_win"][0] == pytest.approx(11 / 123)  # 2m, 5m and 8m: 4 + 3 + 4 copies


def test_the_same_hand_closed_counts_every_wait_at_gb_payments() -> None:
    o = check_outlook("34m567m22p345s678s", 3)
    assert {w["tile"]: w["points"]["tsumo"] for w in o["waits"]} == {"2m": 54.0, "5m": 54.0, "8m": 57.0}  # type: ignore[attr-defined]
    assert {w["tile"]: w["points"]["ron"] for w in o["waits"]} == {"2m": 32.0, "5m": 32.0, "8m": 33.0}  # type: ignore[attr-defined]
    assert o["situation"] == {"round_wind": "1z", "seat_wind": "1z", "rules": "gb"}


def test_a_wind_pung_makes_the_wait_legal_for_the_seat_it_is() -> None:
    """11z with a pung of 2z called and 123m456p789s: a mixed straight (8) is legal anyway; 1z for East."""
    check_outlook("123m456p789s1z", 3, melds=("[222z]",), seat_wind="2z")
    check_outlook("12m456p789s11z", 2, melds=("[222z]",), visible="333m")


def test_the_last_copy_adds_its_fan() -> None:
    """The three other 8m in sight: 和绝张 (4) lifts the self-drawn 8m of the open hand to 12."""
    o = check_outlook("34m567m22p", 3, melds=("[345s]", "[678s]"), visible="888m")
    assert {w["tile"]: w["points"]["tsumo"] for w in o["waits"]} == {"2m": 0.0, "5m": 0.0, "8m": 60.0}  # type: ignore[attr-defined]


def dealt_gb(rng: random.Random) -> tuple[str, list[str], str]:
    """A random 8-tile hand beside two random written melds (pon or chi), at most 1-shanten."""
    while True:
        wall = list(WALL)
        rng.shuffle(wall)
        called = []
        for _ in range(2):
            k = rng.choice(wall)
            tiles = [k, k, k] if k >= 27 or rng.random() < 0.5 else [k - k % 9 + min(k % 9, 6) + i for i in range(3)]
            if all(tiles.count(t) <= wall.count(t) for t in tiles):
                for t in tiles:
                    wall.remove(t)
                called.append("[" + reference.counts_to_text([tiles.count(t) for t in range(34)]) + "]")
        if len(called) < 2:
            continue
        counts = [0] * 34
        for k in wall[:8]:
            counts[k] += 1
        limit = [4] * 34
        for meld in called:
            for k, n in enumerate(reference.counts_of(meld[1:-1])):
                limit[k] -= n
        if reference.shanten(counts, 2, limit, rules="gb").min <= 1:
            seen = [0] * 34
            for k in wall[8:14]:
                seen[k] += 1
            return reference.counts_to_text(counts), called, reference.counts_to_text(seen)


@pytest.mark.parametrize("seed", range(2))
def test_advise_agrees_with_the_reference_on_seeded_hands(seed: int) -> None:
    rng = random.Random(3100 + seed)
    hand, melds, visible = dealt_gb(rng)
    turns = 2
    model = gb_model(hand, melds=melds, visible=visible)
    for objective in ("ev", "p_win"):
        a = paili.advise(hand, melds=melds, visible=visible, rules="gb", turns=turns, objective=objective)
        for row in a["discards"]:
            if row["p_win"] is None:
                continue
            counts = list(paili.parse(hand, melds=melds, rules="gb").concealed)
            counts[paili.tile_from_name(row["tile"])] -= 1
            kept = tuple(counts)
            for t in range(1, turns + 1):
                assert row["p_win"][t - 1] == pytest.approx(model.value(kept, t, "win"), abs=1e-9), (hand, melds)
                assert row["ev"][t - 1] == pytest.approx(model.value(kept, t, "ev"), abs=1e-9), (hand, melds)
        key = "ev" if objective == "ev" else "p_win"
        figures = [row[key][-1] for row in a["discards"] if row[key] is not None]
        assert figures == sorted(figures, reverse=True)


RIICHI_ONLY_OPTIONS = [("riichi", "dama"), ("double_riichi", True), ("ippatsu", True), ("dora", "1m"),
                       ("honba", 2), ("riichi_sticks", 1)]
CALLS = {  # each advisor function on a GB hand, and the riichi options it takes
    "advise": (lambda **o: paili.advise("23m567m22p345s678s1z", rules="gb", turns=2, **o), None),
    "outlook": (lambda **o: paili.outlook("23m567m22p345s678s", rules="gb", turns=2, **o),
                {"riichi", "ippatsu", "dora", "honba", "riichi_sticks"}),
    "call_advice": (lambda **o: paili.call_advice("23m567m22p345s678s", "4m", rules="gb", turns=2, **o),
                    {"riichi", "dora", "honba", "riichi_sticks"}),
}


@pytest.mark.parametrize(("function", "option", "value"), [
    (function, option, value) for function, (_, takes) in CALLS.items() for option, value in RIICHI_ONLY_OPTIONS
    if takes is None or option in takes])
def test_riichi_options_under_gb_are_refused_naming_their_field(function: str, option: str, value: object) -> None:
    """Chinese Official has no riichi, dora, honba or sticks: the advisor says so instead of ignoring them."""
    call, _ = CALLS[function]
    with pytest.raises(HandError) as caught:
        call(**{option: value})
    assert caught.value.field == option and "'gb'" in str(caught.value)
