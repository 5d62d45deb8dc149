"""Valid input never raises (issue 25): every public function that takes a position (hand and melds, visible
tiles, dora and ura indicators) answers every *legal* one, under every rule set, and refuses an illegal one (a
5th copy of a kind, a 2nd red five of a suit) with a :class:`paili.HandError` naming the input that holds it.

The positions are random and seeded, with extra weight on the limits: all four copies of a kind accounted for,
a wait's last copy as an indicator, a red five as an indicator, a kan with the indicator it reveals.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import pytest
from support import scaled

import paili
from paili.rules import RULE_SETS, RULES
from paili.tiles import FIVES, KINDS, SUITS, tile_name

HAND = "11123m456p789s55s"
"""The issue's position: three 1m in the hand, waiting on 1m and 4m (and 5s)."""


def _without_situation(result: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in result.items() if key != "situation"}


@pytest.mark.parametrize("riichi", ["always", "dama"])
def test_a_waits_last_copy_as_dora_indicator_answers_like_a_visible_copy(riichi: str) -> None:
    shown = paili.outlook(HAND, dora="1m", riichi=riichi, turns=3)
    seen = paili.outlook(HAND, visible="1m", riichi=riichi, turns=3)
    assert [(w["tile"], w["remaining"], w["yaku"], w["p_win"]) for w in shown["waits"]] == [
        (w["tile"], w["remaining"], w["yaku"], w["p_win"]) for w in seen["waits"]]
    assert shown["waits"][0]["remaining"] == 0
    assert shown["waits"][0]["p_win"] == [0.0, 0.0, 0.0]
    assert (shown["p_win"], shown["p_tenpai"]) == (seen["p_win"], seen["p_tenpai"])
    # The indicator 1m shows 2m, one dora in this hand: every wait is worth more, the 1m one too.
    for a, b in zip(shown["waits"], seen["waits"], strict=True):
        assert a["points"]["tsumo"] > b["points"]["tsumo"]
    if riichi == "dama":  # the value as if the 1m were drawn: one dora, as an indicator 3p (4p) would show it
        won = "1111m23m456p789s55s"
        assert shown["waits"][0]["points"] == {
            "tsumo": paili.score(won, win="1m", tsumo=True, dora="3p")["points"],
            "ron": paili.score(won, win="1m", dora="3p")["points"]}


@pytest.mark.parametrize("riichi", ["always", "dama"])
def test_an_indicator_that_shows_no_dora_changes_nothing_but_the_situation(riichi: str) -> None:
    """9m shows 1m, which the hand (waiting on 6m, 9m and 5s) never holds: the JSON is its visible twin's but
    for the situation."""
    hand = "78999m456p789s55s"
    shown = paili.outlook(hand, dora="9m", riichi=riichi, turns=3)
    seen = paili.outlook(hand, visible="9m", riichi=riichi, turns=3)
    assert _without_situation(shown) == _without_situation(seen)
    assert [(w["tile"], w["remaining"]) for w in shown["waits"]] == [("6m", 4), ("9m", 0), ("5s", 2)]
    assert shown["situation"]["dora"] == "9m"
    # advise: the discard of the 1z drawn leaves the hand above; its row is the visible twin's.
    rows = paili.advise(hand + "1z", dora="9m", riichi=riichi, turns=3)["discards"]
    twins = paili.advise(hand + "1z", visible="9m", riichi=riichi, turns=3)["discards"]
    assert rows == twins


def test_the_issues_advise_keeps_its_table() -> None:
    shown = paili.advise(HAND + "1z", dora="1m", turns=2)
    seen = paili.advise(HAND + "1z", visible="1m", turns=2)
    assert sorted((r["tile"], r["p_win"], r["p_tenpai"]) for r in shown["discards"]) == sorted(
        (r["tile"], r["p_win"], r["p_tenpai"]) for r in seen["discards"])  # the order follows ev (the dora)
    row = next(r for r in shown["discards"] if r["tile"] == "1z")
    assert [(w["tile"], w["remaining"]) for w in row["waits"]] == [("1m", 0), ("4m", 4), ("5s", 2)]


def test_score_waits_counts_the_indicators_out_and_scores_a_wait_with_none_left() -> None:
    waits = paili.score_waits(HAND, dora="1m")
    assert [(w["tile"], w["remaining"]) for w in waits] == [("1m", 0), ("4m", 4), ("5s", 2)]
    won = "1111m23m456p789s55s"
    assert waits[0]["tsumo"] == paili.score(won, win="1m", tsumo=True, dora="3p") | {
        "yaku": waits[0]["tsumo"]["yaku"]}  # the same value: one dora (2m here, 4p there)
    assert waits[0]["tsumo"]["points"] == paili.score(won, win="1m", tsumo=True, dora="3p")["points"]
    assert [(w["tile"], w["remaining"]) for w in paili.score_waits(HAND, dora="4m", ura="4m", riichi=1)] == [
        ("1m", 1), ("4m", 2), ("5s", 2)]
    ura = paili.score_waits(HAND, riichi=1, dora="9p", ura="1m")
    assert ura[0]["remaining"] == 0 and ura[0]["ron"]["points"] > 0
    with pytest.raises(paili.HandError) as caught:
        paili.score_waits(HAND, dora="1m1m")
    assert caught.value.field == "dora"
    with pytest.raises(paili.HandError) as caught:
        paili.score_waits(HAND, dora="9p", ura="1m1m")
    assert caught.value.field == "ura"
    assert paili.score_waits("55m123456789p11z", dora="0m")[0]["remaining"] == 1


def test_score_checks_the_indicators_against_the_hand() -> None:
    # Three 1m in the hand and the fourth as the indicator: legal.
    assert paili.score("11123m456p789s55s5s", win="5s", tsumo=True, dora="1m")["points"] > 0
    # A red five as the indicator while the hand holds three plain fives: legal.
    assert paili.score("555m123p456p789s11z", win="1z", tsumo=True, dora="0m")["points"] > 0
    # A kan and an indicator of its kind: five copies.
    for dora, ura, name in (("1m", "", "dora"), ("9p", "1m", "ura")):
        with pytest.raises(paili.HandError) as caught:
            paili.score("234m456p789s55s (1111m)", win="5s", tsumo=True, riichi=1, dora=dora, ura=ura)
        assert caught.value.field == name
    with pytest.raises(paili.HandError) as caught:  # a second red five of a suit
        paili.score("0m55m123p456p789s11z", win="1z", tsumo=True, dora="0m")
    assert caught.value.field == "dora"
    with pytest.raises(paili.HandError) as caught:  # the second one an ura indicator (found by the test below)
        paili.score("123m456p789s11z222z", win="2z", dora="0m", ura="0m")
    assert (caught.value.field, caught.value.code) == ("ura", "visible.red_fives")
    with pytest.raises(paili.HandError) as caught:
        paili.score_waits("123m456p789s11z22z", dora="0m", ura="0m")
    assert caught.value.field == "ura"


# --- random legal positions -------------------------------------------------------------------------------


@dataclass
class Position:
    """A legal position: every kind at most 4 times in all its parts, one red five a suit at most."""

    rules: str
    concealed: list[str] = field(default_factory=list)
    melds: list[str] = field(default_factory=list)
    nukidora: int = 0
    visible: list[str] = field(default_factory=list)
    dora: list[str] = field(default_factory=list)
    ura: list[str] = field(default_factory=list)
    kans: int = 0
    open: bool = False
    complete: bool = False
    wait: int | None = None
    """The kind taken out of a complete hand to leave a 3n+1 one (one of its waits)."""

    @property
    def hand(self) -> str:
        return " ".join(["".join(self.concealed), *self.melds, *["{4z}"] * self.nukidora]).strip()

    def args(self) -> dict[str, Any]:
        return {"hand": self.hand, "visible": "".join(self.visible), "dora": "".join(self.dora),
                "ura": "".join(self.ura)}


class Wall:
    """The copies a position may still use: 4 of each kind of the rule set, one red five of each suit."""

    def __init__(self, rules: str) -> None:
        self.left = list(RULE_SETS[rules].caps)  # type: ignore[index]
        self.red = [int(five in RULE_SETS[rules].tiles) for five in FIVES]  # type: ignore[index]

    def take(self, kind: int, rng: random.Random, red: float = 0.3) -> str:
        """One copy of ``kind`` (assumed left), red now and then when it is a five and the red one is left."""
        self.left[kind] -= 1
        if kind in FIVES and self.red[FIVES.index(kind)] and rng.random() < red:
            self.red[FIVES.index(kind)] = 0
            return f"0{SUITS[FIVES.index(kind)]}"
        return tile_name(kind)

    def any(self, rng: random.Random) -> int:
        return rng.choice([k for k in range(KINDS) if self.left[k]])


def _digit(code: str) -> str:
    return code[0]


def _meld(position: Position, wall: Wall, rng: random.Random) -> bool:
    """Add a random called meld if one fits the copies left."""
    chi = RULE_SETS[position.rules].chi  # type: ignore[index]
    kind = rng.choice(["chi", "pon", "kan", "ankan"] if chi else ["pon", "kan", "ankan"])
    if RULE_SETS[position.rules].void and len({m[-2] for m in position.melds}) == 2:  # type: ignore[index]
        return False  # Sichuan: melds of a third suit make a hand that can never win (an error)
    if kind == "chi":
        starts = [k for k in range(27) if k % 9 <= 6 and all(wall.left[k + i] for i in range(3))]
        if not starts:
            return False
        low = rng.choice(starts)
        codes = [wall.take(low + i, rng) for i in range(3)]
        position.melds.append(f"[{''.join(map(_digit, codes))}{SUITS[low // 9]}]")
        position.open = True
        return True
    size = 3 if kind == "pon" else 4
    kinds = [k for k in range(KINDS) if wall.left[k] >= size]
    if not kinds:
        return False
    k = rng.choice(kinds)
    codes = [wall.take(k, rng) for _ in range(size)]
    digits = "".join(sorted(map(_digit, codes), reverse=True))  # a red 0 last: [550m] reads as well as [505m]
    suit = "z" if k >= 27 else SUITS[k // 9]
    position.melds.append(f"({digits}{suit})" if kind == "ankan" else f"[{digits}{suit}]")
    position.open |= kind != "ankan"
    position.kans += size == 4
    return True


def _complete(position: Position, wall: Wall, rng: random.Random, groups: int) -> bool:
    """Fill the concealed part with ``groups`` sets and a pair, if the copies left allow."""
    chi_ok = True  # a concealed sequence is no chi: every rule set has sequences in its suits
    taken: list[str] = []
    for _ in range(groups):
        if rng.random() < 0.6 and chi_ok:
            starts = [k for k in range(27) if k % 9 <= 6 and all(wall.left[k + i] for i in range(3))]
            if starts:
                low = rng.choice(starts)
                taken += [wall.take(low + i, rng) for i in range(3)]
                continue
        kinds = [k for k in range(KINDS) if wall.left[k] >= 3]
        if not kinds:
            return False
        k = rng.choice(kinds)
        taken += [wall.take(k, rng) for _ in range(3)]
    kinds = [k for k in range(KINDS) if wall.left[k] >= 2]
    if not kinds:
        return False
    k = rng.choice(kinds)
    taken += [wall.take(k, rng) for _ in range(2)]
    position.concealed = taken
    return True


def random_position(rng: random.Random, rules: str) -> Position:
    """A random legal position under ``rules`` (see the module docs for the weights)."""
    while True:
        position = Position(rules)
        wall = Wall(rules)
        for _ in range(rng.choice([0, 0, 0, 1, 1, 2, 3])):
            _meld(position, wall, rng)
        if RULE_SETS[rules].nukidora:  # type: ignore[index]
            for _ in range(min(rng.choice([0, 0, 1, 2]), wall.left[30])):
                position.nukidora += 1
                wall.take(30, rng)
        groups = 4 - len(position.melds)
        if rng.random() < 0.7:
            if not _complete(position, wall, rng, groups):
                continue
            position.complete = True
        else:
            position.concealed = [wall.take(wall.any(rng), rng) for _ in range(3 * groups + 2)]
        if rng.random() < 0.5:  # a hand waiting for its draw: one tile less (from a complete hand, one wait)
            out = position.concealed.pop(rng.randrange(len(position.concealed)))
            kind = paili.tile_from_name(out)
            wall.left[kind] += 1
            if out[0] == "0":
                wall.red[SUITS.index(out[1])] = 1
            position.wait = kind if position.complete else None
            position.complete = False
        _indicators_and_visible(position, wall, rng)
        return position


def _indicators_and_visible(position: Position, wall: Wall, rng: random.Random) -> None:
    """The dora and ura indicators (one plus one per kan, now and then none) and the visible tiles, with weight
    on the limits: the wait's last copies, a red five, all four copies of a kind the hand holds."""
    count = rng.choice([0, 1, 1, 1]) + position.kans
    held = sorted({paili.tile_from_name(c) for c in position.concealed})
    if position.wait is not None and 0 < wall.left[position.wait] and rng.random() < 0.4:
        # The wait's last copies as indicators (a red five among them now and then): none left to draw.
        getattr(position, rng.choice(["dora", "dora", "ura"])).extend(
            wall.take(position.wait, rng) for _ in range(wall.left[position.wait]))
    for _ in range(min(count, 5 - len(position.dora))):
        pick = rng.random()
        reds = [s for s in range(3) if wall.red[s] and wall.left[FIVES[s]]]
        if pick < 0.3 and position.wait is not None and wall.left[position.wait]:
            position.dora.append(wall.take(position.wait, rng, red=0.0))
        elif pick < 0.45 and reds:
            s = rng.choice(reds)
            wall.left[FIVES[s]] -= 1
            wall.red[s] = 0
            position.dora.append(f"0{SUITS[s]}")
        elif pick < 0.7 and any(wall.left[k] for k in held):
            position.dora.append(wall.take(rng.choice([k for k in held if wall.left[k]]), rng))
        else:
            position.dora.append(wall.take(wall.any(rng), rng))
    if rng.random() < 0.5:
        for _ in range(len(position.dora) - len(position.ura)):
            position.ura.append(wall.take(wall.any(rng), rng))
    if position.wait is not None and rng.random() < 0.3:  # the wait's last copies seen
        position.visible += [wall.take(position.wait, rng) for _ in range(wall.left[position.wait])]
    if held and rng.random() < 0.4:  # all four copies of a kind the hand holds
        k = rng.choice(held)
        target = rng.choice(["visible", *(name for name in ("dora", "ura")
                                          if len(getattr(position, name)) + wall.left[k] <= 5)])
        getattr(position, target).extend(wall.take(k, rng) for _ in range(wall.left[k]))
    for _ in range(rng.choice([0, 0, 2, 6, 12])):
        position.visible.append(wall.take(wall.any(rng), rng))
    if position.rules == "gb":  # Chinese Official has no dora: the tiles drawn as indicators are plain visible ones
        position.visible += position.dora + position.ura
        position.dora, position.ura = [], []


Call = Callable[[Position], Any]


def _scoring(position: Position) -> str | None:
    """The scoring preset that values the position's rule set (score and score_waits), or None."""
    return {"riichi": "riichi", "sanma": "sanma"}.get(position.rules)


def _situation(position: Position) -> dict[str, Any]:
    winds = ["1z", "2z", "3z"] if position.rules == "sanma" else ["1z", "2z", "3z", "4z"]
    rng = random.Random(position.hand)
    return {"seat_wind": rng.choice(winds), "round_wind": rng.choice(winds)}


def _win(position: Position) -> str:
    """A winning tile among the concealed ones (the red five when it is the only five of its kind held)."""
    code = random.Random(position.hand).choice(position.concealed)
    kind = paili.tile_from_name(code)
    plain = tile_name(kind)
    return plain if plain in position.concealed else code


def _analyze(p: Position) -> Any:
    return paili.analyze(p.hand, visible="".join(p.visible), rules=p.rules)


def _riichi(p: Position) -> str:
    """The advisor's riichi policy for a position: either, but under GB (no riichi) its default."""
    return "always" if p.rules == "gb" else random.Random(p.hand).choice(["always", "dama"])


def _advise(p: Position) -> Any:
    return paili.advise(p.hand, visible="".join(p.visible), rules=p.rules, dora="".join(p.dora), turns=2,
                        riichi=_riichi(p), **_situation(p))


def _improvements(p: Position) -> Any:
    return paili.advise_improvements(p.hand, visible="".join(p.visible), rules=p.rules, dora="".join(p.dora),
                                     turns=2, **_situation(p))


def _outlook(p: Position) -> Any:
    return paili.outlook(p.hand, visible="".join(p.visible), rules=p.rules, dora="".join(p.dora), turns=2,
                         riichi=_riichi(p), **_situation(p))


def _score(p: Position) -> Any:
    return paili.score(p.hand, win=_win(p), tsumo=len(p.hand) % 2 == 0, riichi=0 if p.open else 1,
                       dora="".join(p.dora), ura="".join(p.ura), rules=_scoring(p), **_situation(p))


def _score_waits(p: Position) -> Any:
    return paili.score_waits(p.hand, riichi=0 if p.open else 1, dora="".join(p.dora), ura="".join(p.ura),
                             rules=_scoring(p), **_situation(p))


def calls(position: Position) -> dict[str, tuple[Call, set[str]]]:
    """The public functions that take ``position``, each with the inputs whose copies it checks."""
    waiting = len(position.concealed) % 3 == 1
    scored = {"dora"} if position.rules == "riichi" else set()  # the advisor scores four-player riichi only
    out: dict[str, tuple[Call, set[str]]] = {"analyze": (_analyze, {"visible"})}
    if waiting:
        out["outlook"] = (_outlook, {"visible"} | scored)
        if _scoring(position):
            out["score_waits"] = (_score_waits, {"dora", "ura"})
    else:
        out["advise"] = (_advise, {"visible"} | scored)
        out["advise_improvements"] = (_improvements, {"visible"} | scored)
        if position.complete and _scoring(position):
            out["score"] = (_score, {"dora", "ura"})
    return out


ORDER = ("visible", "dora", "ura")
"""The inputs in the order the functions check them: a 5th copy is reported in the first that makes it."""


def _tally(codes: Iterable[str], counts: list[int], reds: list[int]) -> None:
    for code in codes:
        counts[paili.tile_from_name(code)] += 1
        if code[0] == "0":
            reds[SUITS.index(code[1])] += 1


def _copies(position: Position, inputs: Iterable[str] = ORDER) -> tuple[list[int], list[int]]:
    """The copies of each kind in the hand (melds and nukidora too) and ``inputs``, and its red fives by suit."""
    counts = [0] * KINDS
    reds = [0, 0, 0]
    _tally(position.concealed, counts, reds)
    for meld in position.melds:
        _tally((f"{digit}{meld[-2]}" for digit in meld[1:-2]), counts, reds)
    counts[30] += position.nukidora
    for name in inputs:
        _tally(getattr(position, name), counts, reds)
    return counts, reds


def _first_over(position: Position, inputs: set[str]) -> str | None:
    """The first input (in :data:`ORDER`) with which the copies seen pass a limit, or None."""
    seen: list[str] = []
    for name in ORDER:
        if name in inputs:
            seen.append(name)
            counts, reds = _copies(position, seen)
            if max(counts) > 4 or max(reds) > 1:
                return name
    return None


POSITIONS = scaled(12, 300)
"""Random positions per rule set (each one called by every function that takes it)."""


def _positions(rules: str) -> list[Position]:
    rng = random.Random(f"valid-input {rules}")
    return [random_position(rng, rules) for _ in range(POSITIONS)]


@pytest.mark.parametrize("rules", RULES)
def test_legal_positions_never_raise(rules: str) -> None:
    for position in _positions(rules):
        counts, reds = _copies(position)
        assert max(counts) <= 4 and max(reds) <= 1, position  # the generator's own promise
        for name, (call, _) in calls(position).items():
            try:
                call(position)
            except Exception as exc:  # noqa: BLE001 - any exception is the failure, reported with its input
                pytest.fail(f"{name} raised {exc!r} on the legal {position}")


@pytest.mark.parametrize("rules", RULES)
def test_one_copy_too_many_raises_naming_its_input(rules: str) -> None:
    """A kind the position holds (or a red five it holds) once more, in the visible tiles or an indicator."""
    rng = random.Random(f"too many {rules}")
    checked = 0
    for position in _positions(rules):
        for name, (call, inputs) in calls(position).items():
            counts, reds = _copies(position, inputs)  # what the function sees
            for where in sorted(inputs):
                k = rng.choice([k for k in range(KINDS) if counts[k] >= 3] or [k for k in range(KINDS) if counts[k]])
                extra = [tile_name(k)] * (5 - counts[k])
                red_suits = [s for s in range(3) if reds[s]]
                if red_suits and rng.random() < 0.3:
                    extra = [f"0{SUITS[rng.choice(red_suits)]}"]  # a second red five (maybe a fifth copy too)
                if where != "visible" and len(getattr(position, where)) + len(extra) > 5:
                    continue  # more indicators than a table shows: another error of the same field
                bad = Position(**{**position.__dict__, where: [*getattr(position, where), *extra]})
                with pytest.raises(paili.HandError) as caught:
                    call(bad)
                assert caught.value.field == _first_over(bad, inputs), (name, bad, caught.value)
                checked += 1
    assert checked >= POSITIONS


def _offers(position: Position, rng: random.Random) -> list[str]:
    """Tiles another player could throw that the position's hand could call (its kinds and their neighbours),
    with copies left to throw, a few of them at random."""
    counts, _ = _copies(position)
    held = {paili.tile_from_name(code) for code in position.concealed}
    near = {k + d for k in held for d in (-2, -1, 0, 1, 2) if 0 <= k + d < KINDS and (k + d) // 9 == k // 9}
    left = sorted(k for k in near if counts[k] < 4)
    return [tile_name(k) for k in rng.sample(left, min(3, len(left)))]


@pytest.mark.parametrize("rules", RULES)
def test_legal_positions_never_raise_at_any_horizon_or_offered_call(rules: str) -> None:
    """Issue 37: the smallest horizons (one draw left) and the call advice crashed where the longer ones did
    not. Every legal position's advice and outlook at 1 and 2 draws, and its call advice for tiles it could
    call from each seat at 1 and 2 draws: an answer whose every line has ``turns`` entries, never an exception."""
    rng = random.Random(f"horizons {rules}")
    answered = 0
    for position in _positions(rules)[:scaled(40, 300)]:
        args = {"visible": "".join(position.visible), "rules": rules, "dora": "".join(position.dora),
                "riichi": _riichi(position), **_situation(position)}
        waiting = len(position.concealed) % 3 == 1
        for turns in (1, 2):
            try:
                if not waiting:
                    paili.advise(position.hand, turns=turns, **args)
                    continue
                paili.outlook(position.hand, turns=turns, **args)
                for offered in _offers(position, rng):
                    for seat in ("left", "across"):
                        result = paili.call_advice(position.hand, offered, seat=seat, turns=turns, **args)
                        for o in result["options"]:
                            assert o["p_win"] is None or len(o["p_win"]) == turns, (position, offered, o)
                        answered += 1
            except Exception as exc:  # noqa: BLE001 - any other exception is the failure, reported with its input
                pytest.fail(f"{exc!r} at turns={turns} on the legal {position}")
    assert answered > 0
