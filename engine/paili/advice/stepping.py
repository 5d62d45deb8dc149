"""A search in steps: :data:`Steps` (a computation that yields while it works), :func:`finish` (run one to
its end) and :func:`searched` (the options' values, in steps of a time budget, the garbage collector paused
while a step searches: :func:`collector_paused`)."""

from __future__ import annotations

import gc
from collections.abc import Callable, Generator, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from time import perf_counter
from typing import Any, TypeAlias, TypeVar

from .answers import AdviceRow
from .model import Reds, Values
from .options import OptionMoves

__all__ = ["Progress", "Steps", "collector_paused", "finish", "searched"]

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Progress:
    """A part of the answer ready before the whole (a game's round reviewed): ``payload`` is its JSON, which
    :func:`paili.api.step` hands to the caller while the job goes on."""

    payload: dict[str, Any]


Steps: TypeAlias = Generator[AdviceRow | Progress | None, None, T]
"""A computation in steps: each ``next()`` works a while and yields a finished row, a :class:`Progress` (a part
of the answer), or ``None`` when its time is up; the generator's return value is the result. :func:`finish`
runs one to the end."""


def finish(steps: Steps[T]) -> T:
    """Run a computation in steps to its end and return its result."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value  # type: ignore[no-any-return]


class _Paused(Exception):
    """Raised inside a search whose step has used its time (never escapes :func:`searched`)."""


class _Step:
    """One step of a search: it ends (:class:`_Paused`) at the first state entered after ``budget`` seconds,
    once the memo (``memo``, the search's value memos) has grown."""

    def __init__(self, memo: tuple[dict[bytes, Values], ...], budget: float) -> None:
        self.memo = memo
        self.size = sum(map(len, memo))
        self.deadline = perf_counter() + budget
        self.calls = 0

    def hooked(self, inner: Callable[..., Values]) -> Callable[..., Values]:
        """``inner`` (a ``values`` method), checking the time every 16 states entered."""
        def values(c: list[int], reds: Reds, key: bytes | None = None) -> Values:
            self.calls += 1
            if not self.calls & 15 and perf_counter() > self.deadline and sum(map(len, self.memo)) > self.size:
                raise _Paused
            return inner(c, reds, key)
        return values


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector paused for a stretch of search (restored after it, also on an
    exception; left alone if it was off already).

    The search makes no reference cycles: its lists, tuples and bytes are freed by reference counting as
    always. But its memos keep tens of thousands of lists alive, and every collection the allocations trigger
    walks them all again: measured on twenty 1-shanten hands with both options on, the collector took about a
    sixth of the CPU time. The collector is paused only while a step computes, never while a step is
    suspended at its ``yield`` (so a caller's own code between steps runs with it as it was)."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def searched(options: OptionMoves, counts: list[int], reds: Reds, budget: float | None) -> Steps[Values]:
    """``options.values(counts, reds)``, yielding ``None`` every ``budget`` seconds of search when a budget is
    given. A step that runs out of time abandons the search where it is (an exception from the next state
    entered) and the next step starts it again: every state finished so far is in the memo, so the search
    resumes where it stopped after a walk down the memoised states. The hands searched are copies (an
    abandoned search leaves its lists half changed), and a step only stops once it has finished a state, so
    every step makes progress. The garbage collector is paused while a step searches
    (:func:`collector_paused`)."""
    if budget is None:
        with collector_paused():
            return options.values(counts, reds)
    policy = options.policy
    memo = (policy.memo, options.memo)
    while True:
        step = _Step(memo, budget)
        # Instance attributes shadow the methods for every call the search makes, through self.values.
        policy.values = step.hooked(policy.values)  # type: ignore[method-assign]
        options.values = step.hooked(options.values)  # type: ignore[method-assign]
        try:
            with collector_paused():
                return options.values(list(counts), list(reds))
        except _Paused:
            pass
        finally:
            del policy.values, options.values
        yield None
