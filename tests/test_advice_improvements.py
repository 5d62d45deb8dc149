"""The improvements (改良) apart from the search: ``advise(improvements=False)`` is ``advise()`` without them, and
``advise_improvements`` (the API's ``improvements`` op) gives exactly ``advise()``'s, per discard (issue 10: the
page asks for the advice first and the improvements after it)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import paili
from paili import api
from paili.advice import finish
from paili.public import advise_steps

SUITS = "mpsz"


def text_of(counts: list[int], red: bool) -> str:
    """The hand text of 34 counts; with ``red`` each suit's first five is written as its red copy ("0")."""
    out = []
    for s, suit in enumerate(SUITS):
        digits = "".join(str(k % 9 + 1) * counts[k] for k in range(9 * s, min(9 * s + 9, 34)))
        if red and suit != "z":
            digits = digits.replace("5", "0", 1)
        if digits:
            out.append(digits + suit)
    return "".join(out)


KINDS_OF = {"riichi": list(range(34)), "gb": list(range(34)), "sanma": [0, 8, *range(9, 34)],
            "sichuan": list(range(27))}


def dealt(seed: int, rules: str, melds: int, visible: int) -> dict[str, Any]:
    """The inputs of a random hand under ``rules`` (14 tiles with ``melds`` pons called; ``visible`` tiles seen;
    red fives written as such on even seeds) whose shanten is at most 2, dealt from the rule set's wall."""
    rng = random.Random(seed)
    while True:
        wall = [k for k in KINDS_OF[rules] for _ in range(4)]
        rng.shuffle(wall)
        called = []
        for _ in range(melds):
            k = next(k for k in wall if wall.count(k) >= 3)
            for _ in range(3):
                wall.remove(k)
            called.append("[" + text_of([3 if j == k else 0 for j in range(34)], False) + "]")
        size = 14 - 3 * melds
        counts = [wall[:size].count(k) for k in range(34)]
        seen = [wall[size:size + visible].count(k) for k in range(34)]
        inputs: dict[str, Any] = {"hand": text_of(counts, seed % 2 == 0 and rules in ("riichi", "sanma")),
                                  "melds": called or None, "visible": text_of(seen, False), "rules": rules}
        if rules == "riichi":
            inputs["dora"] = "5p"  # the indicators are seen tiles: they change the counts
            if seen[13] + counts[13] >= 4:
                inputs["dora"] = "3z"
        try:
            parsed = paili.parse(inputs["hand"], melds=inputs["melds"], rules=rules)  # type: ignore[arg-type]
            if paili.shanten(parsed, rules=rules).min <= 2:  # type: ignore[arg-type]
                return inputs
        except paili.HandError:
            continue


CASES = [(seed, rules, melds, visible) for seed, (rules, melds, visible) in enumerate(
    [("riichi", 0, 0), ("riichi", 0, 6), ("riichi", 1, 4), ("riichi", 2, 0), ("riichi", 0, 9), ("sanma", 0, 3),
     ("sanma", 1, 0), ("sichuan", 0, 5), ("gb", 0, 2), ("gb", 1, 3), ("riichi", 1, 0), ("riichi", 0, 2)])]


@pytest.mark.parametrize(("seed", "rules", "melds", "visible"), CASES)
def test_without_improvements_is_the_advice_without_them(seed: int, rules: str, melds: int, visible: int) -> None:
    inputs = dealt(seed, rules, melds, visible)
    options = {"turns": 2, "max_shanten": 1, "tegawari": seed % 3 == 0}
    full = paili.advise(**inputs, **options)
    lean = paili.advise(**inputs, **options, improvements=False)
    assert all(row["improvements"] is None for row in lean["discards"])
    for row in full["discards"]:
        row["improvements"] = None
    assert lean == full
    assert finish(advise_steps(**inputs, **options, improvements=False, budget=0.001)) == lean


@pytest.mark.parametrize(("seed", "rules", "melds", "visible"), CASES)
def test_the_improvements_alone_are_the_advice_s(seed: int, rules: str, melds: int, visible: int) -> None:
    inputs = dealt(seed, rules, melds, visible)
    full = paili.advise(**inputs, turns=2, max_shanten=0)
    alone = paili.advise_improvements(**inputs, turns=2, max_shanten=0)
    assert [d["tile"] for d in alone["discards"]] == [d["tile"] for d in paili.analyze(
        inputs["hand"], melds=inputs["melds"], visible=inputs["visible"] + (inputs.get("dora") or ""),
        rules=rules)["discards"]]
    assert {d["tile"]: d["improvements"] for d in alone["discards"]} == {
        d["tile"]: d["improvements"] for d in full["discards"]}
    assert any(d["improvements"]["tiles"] for d in alone["discards"])  # the cases have some: the test compares them
    # the API op, from the request advise would get
    request = {"op": "improvements", **{k: v for k, v in inputs.items() if v is not None}, "turns": 2}
    answer = json.loads(api.handle(json.dumps(request)))
    assert answer == {"ok": True, "result": alone}


def test_the_improvements_are_from_the_same_seen_tiles() -> None:
    """The dora indicators and the visible tiles count as seen for the improvements' ``remaining`` too."""
    hand = "12345567m24p223s3z"
    plain = paili.advise_improvements(hand)
    seen = paili.advise_improvements(hand, visible="3p3p", dora="2p")
    assert plain != seen
    assert {d["tile"]: d["improvements"] for d in seen["discards"]} == {
        d["tile"]: d["improvements"] for d in paili.advise(hand, visible="3p3p", dora="2p", turns=1,
                                                           max_shanten=0)["discards"]}


@pytest.mark.parametrize("bad", ["yes", 1, None, 0])
def test_improvements_must_be_a_bool(bad: object) -> None:
    for run in (paili.advise, paili.advise_improvements):
        with pytest.raises(paili.HandError, match="expected improvements to be true or false") as caught:
            run("12345567m24p223s3z", improvements=bad)  # type: ignore[operator]
        assert caught.value.field == "improvements"
    answer = json.loads(api.handle(json.dumps({"op": "advise", "hand": "12345567m24p223s3z", "improvements": bad})))
    assert not answer["ok"]
    assert answer["error"]["field"] == "improvements"


def test_the_improvements_op_checks_the_advice_s_inputs() -> None:
    """A request the advice refuses is refused by the improvements op too (same checks, same error)."""
    for bad in ({"turns": 0}, {"objective": "x"}, {"dora": "9z"}, {"hand": "123m"}, {"tegawari": "no"}):
        request = {"op": "advise", "hand": "12345567m24p223s3z", **bad}
        advised = json.loads(api.handle(json.dumps(request)))
        alone = json.loads(api.handle(json.dumps({**request, "op": "improvements"})))
        assert not advised["ok"]
        assert alone == advised
