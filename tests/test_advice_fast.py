"""Tests of the advisor's fast paths (:mod:`paili.advice`): each gives exactly what the plain computation gives.

* ``_max`` (the elementwise best of two value vectors) returns one of its vectors when it is at least the other
  everywhere, else builds the elementwise best: equal, float for float, to the plain elementwise best on seeded
  random vectors that dominate, are dominated, cross, are equal or are the same list.
* The whole search with the plain elementwise best in place of ``_max`` (which builds a new list every time, so
  that the tenpai sums of :meth:`~paili.advice.DefaultPolicy.values` take their general path) gives the same
  advice, float for float (``==`` on the JSON), on seeded random hands with both options on, with visible
  tiles and dora, under both riichi policies.

The slower plain-recursion references (``tests/test_advice*.py``) check the values themselves.
"""

from __future__ import annotations

import random

import pytest
from test_advice_steps import dealt

import paili
from paili import advice


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
            best = advice._max(x, y)  # noqa: SLF001
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
    monkeypatch.setattr(advice, "_max", plain_max)
    assert paili.advise(hand, **kwargs) == fast  # type: ignore[arg-type]
