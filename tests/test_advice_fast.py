"""Tests of the advisor's fast paths (:mod:`paili.advice`): each gives exactly what the plain computation gives.

* ``elementwise_best`` (the elementwise best of two value vectors) returns one of its vectors when it is at
  least the other everywhere, else builds the elementwise best: equal, float for float, to the plain elementwise
  best on seeded random vectors that dominate, are dominated, cross, are equal or are the same list.
* The whole search with the plain elementwise best in place of ``elementwise_best`` (which builds a new list
  every time, so that the tenpai sums of :meth:`~paili.advice.DefaultPolicy.values` take their general path)
  gives the same advice, float for float (``==`` on the JSON), on seeded random hands with both options on,
  with visible tiles and dora, under both riichi policies.

The slower plain-recursion references (``tests/test_advice*.py``) check the values themselves.
"""

from __future__ import annotations

import gc
import math
import random
from types import SimpleNamespace
from typing import Any

import pytest
from test_advice_steps import dealt

import paili
from paili import advice, public
from paili.advice import model, options, ranking
from paili.win_value import FIVE_SUIT


def plain_max(a: list[float], b: list[float]) -> list[float]:
    """The elementwise best, written plainly."""
    return [max(x, y) for x, y in zip(a, b, strict=True)]


def vectors(rng: random.Random, n: int) -> list[float]:
    """A nondecreasing vector from 0.0, as the search's value vectors are."""
    out = [0.0]
    for _ in range(n):
        out.append(out[-1] + rng.choice([0.0, rng.random()]))
    return out


@pytest.mark.parametrize("seed", range(20))
def test_max_is_the_elementwise_best(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(1, 30)
    a = vectors(rng, n)
    higher = [x + rng.choice([0.0, rng.random()]) for x in a]
    crossing = [x + rng.uniform(-0.5, 0.5) if i else 0.0 for i, x in enumerate(a)]
    for b in (higher, crossing, list(a), a, vectors(rng, n)):
        for x, y in ((a, b), (b, a)):
            best = model.elementwise_best(x, y)
            assert best == plain_max(x, y)
            if all(u >= v for u, v in zip(x, y, strict=True)):
                assert best is x  # the fast path: no list built
            elif all(v >= u for u, v in zip(x, y, strict=True)):
                assert best is y


@pytest.mark.parametrize(("target", "seed"), [(0, 1), (1, 2), (1, 3), (2, 4)])
def test_the_search_with_the_plain_best_gives_the_same_advice(target: int, seed: int,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(seed)
    hand = dealt(rng, target)
    kwargs = {"turns": 6, "tegawari": True, "shanten_down": True, "max_shanten": 1, "dora": "3p",
              "visible": "1z5m" if seed % 2 else "", "riichi": "dama" if seed == 3 else "always"}
    fast = paili.advise(hand, **kwargs)  # type: ignore[arg-type]
    monkeypatch.setattr(model, "elementwise_best", plain_max)
    assert paili.advise(hand, **kwargs) == fast  # type: ignore[arg-type]


def tenpai_values(turns: int, hits: list[float]) -> advice.Values:
    """The values :meth:`~paili.advice.DefaultPolicy._tenpai` gives a tenpai hand whose winning draws have the
    chances ``hits`` (each worth 1000 points)."""
    policy = SimpleNamespace(turns=turns, ones=[1.0] * (turns + 1), _tenpai_win={}, _tenpai_ev={})
    return advice.DefaultPolicy._tenpai(policy, [(k, p, 1000.0, 1000.0) for k, p in enumerate(hits)])  # type: ignore[arg-type]  # noqa: SLF001


@pytest.mark.parametrize("seed", range(10))
def test_a_tenpai_win_vector_is_ordered_by_its_first_draw(seed: int) -> None:
    """The shortcut of :meth:`~paili.advice.DefaultPolicy.best_after` between tenpai states: a larger chance
    to win on the first draw means a win vector at least the other everywhere (on a tie the shortcut compares
    them in full: 1 - stay may round two chances to one)."""
    rng = random.Random(seed)
    turns = rng.choice([1, 2, 6, 17, 30])
    hands = []
    for _ in range(40):
        size = rng.randint(0, 4)
        scale = rng.choice([1.0, 1e-3, 1e-9, 0.25])
        hands.append([rng.random() * scale / 4 for _ in range(size)])
        # near ties: the same chances in another order, or one nudged by an ulp
        hands.append(list(reversed(hands[-1])))
        if hands[-1]:
            hands.append([*hands[-1][:-1], math.nextafter(hands[-1][-1], 1.0)])
    found = [tenpai_values(turns, hits) for hits in hands]
    for a in found:
        for b in found:
            if a.win[1] > b.win[1]:
                assert all(x >= y for x, y in zip(a.win, b.win, strict=True))


def plain_discard(c: list[int], reds: list[int], d: int) -> bool:
    """Discard ``d`` from ``c`` (a plain copy when there is one, else the red five); was it the red one?"""
    c[d] -= 1
    suit = FIVE_SUIT.get(d)
    if suit is not None and reds[suit] > c[d]:
        reds[suit] -= 1
        return True
    return False


def plain_undo_discard(c: list[int], reds: list[int], d: int, red: bool) -> None:
    c[d] += 1
    if red:
        reds[FIVE_SUIT[d]] += 1


def plain_best_after(self: advice.DefaultPolicy, c: list[int], reds: list[int], target: int) -> advice.Values:
    """:meth:`~paili.advice.DefaultPolicy.best_after` written plainly: every discard keeping ``target`` read
    from the evaluator, the elementwise best built in full."""
    key = self.key(c, reds)
    found = self._best_after.get(key)  # noqa: SLF001
    if found is not None:
        return found
    best: advice.Values | None = None
    for d, after in self.evaluator.discards(c):
        if after != target:
            continue
        red = plain_discard(c, reds, d)
        v = self.values(c, reds)
        plain_undo_discard(c, reds, d, red)
        best = v if best is None else advice.Values(*(plain_max(x, y) for x, y in zip(best, v, strict=True)))
    assert best is not None
    found = self._best_after[key] = best  # noqa: SLF001
    return found


def plain_best_discard(c: list[int], reds: list[int], kinds: list[int], values: Any, memo: Any, reds_in_play: bool,
                       best: advice.Values | None = None, tenpai: bool = False) -> advice.Values | None:
    """:func:`~paili.advice.best_discard` written plainly: no memo read, the elementwise best built in full."""
    for d in kinds:
        red = plain_discard(c, reds, d)
        v = values(c, reds)
        plain_undo_discard(c, reds, d, red)
        best = v if best is None else advice.Values(*(plain_max(x, y) for x, y in zip(best, v, strict=True)))
    return best


@pytest.mark.parametrize(("target", "seed"), [(0, 11), (1, 12), (1, 13), (1, 14), (2, 15)])
def test_the_search_with_the_plain_discards_gives_the_same_advice(target: int, seed: int,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The search's inlined discards (the memoised discard lists, the red five chosen inline, the tenpai
    shortcut, no Values built per discard: :func:`~paili.advice.best_discard`) against the plain ones, float for
    float, with red fives in play, dora, visible tiles, ippatsu and both riichi policies."""
    rng = random.Random(seed)
    hand = dealt(rng, target)
    kwargs = {"turns": rng.choice([5, 9, 17]), "tegawari": True, "shanten_down": seed % 2 == 0,
              "max_shanten": 2 if target == 2 else 1, "dora": rng.choice(["3p", "4m", "1z"]),
              "visible": "1z5m" if seed % 2 else "", "riichi": "dama" if seed == 13 else "always",
              "ippatsu": seed == 14}
    if target == 2:
        kwargs["turns"] = 4
    fast = paili.advise(hand, **kwargs)  # type: ignore[arg-type]
    monkeypatch.setattr(advice.DefaultPolicy, "best_after", plain_best_after)
    monkeypatch.setattr(options, "best_discard", plain_best_discard)
    monkeypatch.setattr(model, "elementwise_best", plain_max)
    assert paili.advise(hand, **kwargs) == fast  # type: ignore[arg-type]


class Forgetful(dict):  # type: ignore[type-arg]
    """A memo that never finds what it holds: every vector computed afresh, none shared."""

    def get(self, key: object, default: object = None) -> object:
        return default


@pytest.mark.parametrize(("target", "seed"), [(0, 21), (1, 22), (1, 23), (2, 24)])
def test_the_search_without_shared_vectors_gives_the_same_advice(target: int, seed: int,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The vectors :class:`~paili.advice.DefaultPolicy` shares between states (a tenpai state's win and ev
    vectors by its sums, the tenpai chances of a state whose draws all reach tenpai by their sum and the chance
    to stay) against vectors computed afresh for every state, float for float; and the sharing does happen."""
    rng = random.Random(seed)
    hand = dealt(rng, target)
    kwargs = {"turns": rng.choice([5, 9, 17]), "tegawari": seed % 2 == 0, "shanten_down": True,
              "max_shanten": 2 if target == 2 else 1, "dora": rng.choice(["3p", "4m", "1z"]),
              "visible": "1z5m" if seed % 2 else "", "riichi": "dama" if seed == 23 else "always",
              "ippatsu": seed == 22}
    if target == 2:
        kwargs["turns"] = 4
    shared: list[advice.DefaultPolicy] = []
    init = advice.DefaultPolicy.__init__

    def recorded(self: advice.DefaultPolicy, *args: Any, **kw: Any) -> None:
        init(self, *args, **kw)
        shared.append(self)

    monkeypatch.setattr(advice.DefaultPolicy, "__init__", recorded)
    fast = paili.advise(hand, **kwargs)  # type: ignore[arg-type]
    # Fewer vectors than the states that use them: the memos did share.
    for policy in shared:
        tenpai = [v for v in policy.memo.values() if v.tenpai is policy.ones]
        assert len({id(v.win) for v in tenpai}) <= len(policy._tenpai_win) < len(tenpai)  # noqa: SLF001

    def forgetful(self: advice.DefaultPolicy, *args: Any, **kw: Any) -> None:
        init(self, *args, **kw)
        self._flat_tenpai = Forgetful()  # noqa: SLF001
        self._tenpai_win = Forgetful()  # noqa: SLF001
        self._tenpai_ev = Forgetful()  # noqa: SLF001

    monkeypatch.setattr(advice.DefaultPolicy, "__init__", forgetful)
    assert paili.advise(hand, **kwargs) == fast  # type: ignore[arg-type]


@pytest.mark.parametrize("budget", [None, 0.0])
@pytest.mark.parametrize("enabled", [True, False])
def test_the_collector_is_paused_only_while_a_step_searches(budget: float | None, enabled: bool) -> None:
    """The garbage collector is off inside a search step, back as it was at every yield and at the end."""
    seen: list[bool] = []
    inner = advice.DefaultPolicy.values

    def values(self: advice.DefaultPolicy, c: list[int], reds: list[int], key: bytes | None = None
               ) -> advice.Values:
        seen.append(gc.isenabled())
        return inner(self, c, reds, key)

    was = gc.isenabled()
    try:
        (gc.enable if enabled else gc.disable)()
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(advice.DefaultPolicy, "values", values)
            steps = public.advise_steps("12345m456p789s122z", turns=3, tegawari=True, budget=budget)
            while True:
                try:
                    next(steps)
                except StopIteration:
                    break
                assert gc.isenabled() == enabled
        assert gc.isenabled() == enabled
        assert seen and not any(seen)
    finally:
        (gc.enable if was else gc.disable)()


@pytest.mark.parametrize("call", [paili.advise, paili.outlook])
def test_advise_and_outlook_pause_the_collector_for_the_whole_call(call: Any) -> None:
    """advise() and outlook() (not stepped) run with the collector paused from start to end, so the search's
    memos are freed before a collection walks them; it is back on after the call, and after a bad input."""
    seen: list[bool] = []
    inner = ranking.improvement_draws if call is paili.advise else advice.DefaultPolicy.chances

    def spy(*args: Any, **kwargs: Any) -> Any:
        seen.append(gc.isenabled())
        return inner(*args, **kwargs)

    was = gc.isenabled()
    try:
        gc.enable()
        with pytest.MonkeyPatch.context() as patch:
            if call is paili.advise:
                patch.setattr(ranking, "improvement_draws", spy)
            else:
                patch.setattr(advice.DefaultPolicy, "chances", spy)
            call("12345m456p789s122z" if call is paili.advise else "2345m456p789s122z", turns=2)
        assert gc.isenabled()
        assert seen and not any(seen)
        with pytest.raises(paili.HandError):
            call("12345m456p789s122z", turns=0)
        assert gc.isenabled()
    finally:
        (gc.enable if was else gc.disable)()
