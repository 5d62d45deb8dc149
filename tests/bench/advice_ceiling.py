"""Where :func:`paili.advise` spends its time with ``tegawari`` and ``shanten_down`` on, and how much an exact
pruning of the options' swaps could save at best (issue 10).

For bench_advice's seeded hands of one shanten class (the same deal), prints:

* the CPU time of the discard rows by the shanten they leave (a 1-shanten hand's rows that go back to
  2-shanten are the bulk);
* the ceiling of an exact pruning of the swaps, measured with an oracle: a first search records every swap
  candidate (a hand after an option discard, :meth:`~paili.advice.OptionMoves._swaps`) whose three vectors
  are, at every draw count where :func:`~paili.advice.options._with_stays` compares them, at most the final values
  of the state that asked for it (so leaving it out cannot change a float); a second search in a fresh
  call skips exactly those candidates, checks that the advice is the same (``==`` on the JSON) and counts
  the states searched and the CPU time. A real pruning (a bound computed before the candidate's search)
  can only skip a subset of these;
* the states searched when the rows are dealt to ``--workers`` searches with memos of their own (parallel
  workers: the rows share much of their search, so splitting them saves less than the number of workers);
* the same ceiling for the default policy's choice of discard after a draw that lowers the shanten (below
  tenpai): a candidate is skipped when the elementwise best of the others is the same floats.

    python3 tests/bench/advice_ceiling.py [--hands 4] [--seed 1] [--target 1]

A script that prints figures (it patches the advisor's internals for the measurement), not a test.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from collections.abc import Generator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "engine"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_advice import dealt  # noqa: E402

import paili  # noqa: E402
from paili import advice  # noqa: E402
from paili.advice import inputs, ranking  # noqa: E402
from paili.advice import options as option_moves  # noqa: E402
from paili.win_value import FIVE_SUIT  # noqa: E402

OPTIONS: dict[str, Any] = {"tegawari": True, "shanten_down": True}


def row_split(hands: list[str]) -> None:
    """CPU time of the rows by the shanten they leave."""
    searched = ranking.searched
    spent: Counter[int] = Counter()
    rows: Counter[int] = Counter()

    def timed(options: advice.OptionMoves, counts: list[int], reds: list[int], budget: float | None
              ) -> Generator[Any, None, advice.Values]:
        start = time.process_time()
        found = yield from searched(options, counts, reds, budget)
        s = options.policy.chances(counts).shanten
        spent[s] += time.process_time() - start
        rows[s] += 1
        return found

    ranking.searched = timed  # type: ignore[assignment]
    try:
        for hand in hands:
            paili.advise(hand, **OPTIONS)
    finally:
        ranking.searched = searched
    total = sum(spent.values())
    for s in sorted(spent):
        print(f"rows leaving {s}-shanten: {rows[s]:3d} rows, {spent[s]:7.2f} s CPU ({spent[s] / total:5.1%})")


class Oracle:
    """The swap candidates that cannot change a float, recorded in one search and skipped in the next."""

    def __init__(self) -> None:
        self.mode = "off"
        self.kind = "swaps"
        """``swaps``: the options' swap candidates; ``after``: the default policy's discards after a lowering draw
        (:meth:`~paili.advice.DefaultPolicy.best_after`, below tenpai) whose leaving out keeps the best."""
        self.after_skip: dict[bytes, set[int]] = {}
        """``record``: note the candidates to skip; ``prune``: skip them; ``off``: the plain search."""
        self.skip: set[tuple[bytes, bytes]] = set()
        self.asked: list[list[tuple[bytes, advice.Values]]] = []  # per option state searched: its candidates
        self.states: list[bytes] = []  # the option states being searched (innermost last)
        self.in_swaps = [False]
        self.policies: list[advice.DefaultPolicy] = []

    def install(self) -> None:
        oracle = self
        values = advice.OptionMoves.values
        best_discard = option_moves.best_discard
        swaps = advice.OptionMoves._swaps  # noqa: SLF001
        lowering = advice.OptionMoves._best_after_lowering  # noqa: SLF001
        base = advice.DefaultPolicy

        class Recorded(base):  # type: ignore[valid-type, misc]
            def __init__(self, *args: Any, **kwargs: Any) -> None:
                super().__init__(*args, **kwargs)
                oracle.policies.append(self)
                self.only: tuple[bytes, set[int]] | None = None

            def discards(self, c: list[int]) -> list[tuple[int, int]]:
                found: list[tuple[int, int]] = super().discards(c)
                if self.only is not None and self.only[0] == bytes(c):
                    skip = self.only[1]
                    self.only = None
                    return [(d, after) for d, after in found if d not in skip]
                return found

            def best_after(self, c: list[int], reds: list[int], target: int) -> advice.Values:
                if oracle.kind != "after" or oracle.mode == "off" or target == 0:
                    return super().best_after(c, reds, target)  # type: ignore[no-any-return]
                key = self.key(c, reds)
                if oracle.mode == "prune":
                    if key in oracle.after_skip:
                        self.only = (bytes(c), oracle.after_skip[key])
                    return super().best_after(c, reds, target)  # type: ignore[no-any-return]
                found: advice.Values = super().best_after(c, reds, target)
                kept: dict[int, advice.Values] = {}
                for d, after in super().discards(c):
                    if after == target:
                        c2, r2 = candidate(self, c, reds, d)
                        kept[d] = self.memo[self.key(c2, r2)]
                skip = set()
                for d in list(kept):  # greedily: leave d out when the others still give the same best
                    rest = [v for e, v in kept.items() if e != d]
                    if rest and all([max(xs) for xs in zip(*(v[f] for v in rest), strict=True)] == found[f]
                                    for f in range(3)):
                        skip.add(d)
                        del kept[d]
                oracle.after_skip[key] = skip
                return found

        def candidate(policy: advice.DefaultPolicy, c: list[int], reds: list[int], d: int) -> tuple[list[int],
                                                                                                      list[int]]:
            c2, r2 = list(c), list(reds)
            c2[d] -= 1
            suit = FIVE_SUIT.get(d) if policy.reds_in_play else None
            if suit is not None and r2[suit] > c2[d]:  # a plain copy when there is one, as best_discard does
                r2[suit] -= 1
            return c2, r2

        def patched_values(self: advice.OptionMoves, c: list[int], reds: list[int], key: bytes | None = None
                           ) -> advice.Values:
            key = key if key is not None else self.policy.key(c, reds)
            if key in self.memo:
                return self.memo[key]
            oracle.states.append(key)
            oracle.asked.append([])
            try:
                found = values(self, c, reds, key)
            finally:
                oracle.states.pop()
                asked = oracle.asked.pop()
            if oracle.kind == "swaps" and oracle.mode == "record":
                n = self.policy.turns
                for ck, cv in asked:
                    if all(all(x <= y for x, y in zip(a[:n], b[:n], strict=True)) for a, b in zip(cv, found,
                                                                                                 strict=True)):
                        oracle.skip.add((key, ck))
            return found

        def patched_swaps(self: advice.OptionMoves, *args: Any) -> advice.Values | None:
            oracle.in_swaps.append(True)
            try:
                return swaps(self, *args)  # type: ignore[no-any-return]
            finally:
                oracle.in_swaps.pop()

        def patched_best_discard(c: list[int], reds: list[int], kinds: list[int], *args: Any) -> advice.Values | None:
            # every discard of a swap is searched by the default policy (the option move spent)
            if oracle.kind == "swaps" and oracle.mode != "off" and oracle.in_swaps[-1] and oracle.states:
                policy = oracle.policies[-1]
                kept = []
                for d in kinds:
                    c2, r2 = candidate(policy, c, reds, d)
                    ck = policy.key(c2, r2)
                    if oracle.mode == "record":
                        oracle.asked[-1].append((ck, policy.values(c2, r2)))
                        kept.append(d)
                    elif (oracle.states[-1], ck) not in oracle.skip:
                        kept.append(d)
                kinds = kept
            return best_discard(c, reds, kinds, *args)

        def patched_best_after_lowering(self: advice.OptionMoves, *args: Any) -> advice.Values:
            oracle.in_swaps.append(False)
            try:
                return lowering(self, *args)  # type: ignore[no-any-return]
            finally:
                oracle.in_swaps.pop()

        inputs.DefaultPolicy = Recorded  # type: ignore[misc]
        advice.OptionMoves.values = patched_values  # type: ignore[method-assign]
        advice.OptionMoves._swaps = patched_swaps  # type: ignore[method-assign]  # noqa: SLF001
        option_moves.best_discard = patched_best_discard  # type: ignore[assignment]
        advice.OptionMoves._best_after_lowering = patched_best_after_lowering  # type: ignore[method-assign]  # noqa: SLF001


def ceiling(oracle: Oracle, kind: str, hands: list[str]) -> None:
    """States and CPU time of a plain search against one that skips the candidates the oracle found."""
    oracle.kind = kind
    print(f"oracle on the {kind}:")
    totals = [0, 0]
    for hand in hands:
        oracle.mode, oracle.skip, oracle.after_skip = "record", set(), {}
        paili.advise(hand, **OPTIONS)
        oracle.mode = "off"
        start = time.process_time()
        plain = paili.advise(hand, **OPTIONS)
        cpu = time.process_time() - start
        states = len(oracle.policies[-1].memo)
        oracle.mode = "prune"
        start = time.process_time()
        pruned = paili.advise(hand, **OPTIONS)
        cpu_pruned = time.process_time() - start
        states_pruned = len(oracle.policies[-1].memo)
        same = "same advice" if pruned == plain else "DIFFERENT ADVICE"
        skipped = len(oracle.skip) + sum(map(len, oracle.after_skip.values()))
        print(f"  {hand:20s} {same}: states {states} -> {states_pruned} ({states_pruned / states - 1:+.1%}), "
              f"{skipped} candidates skipped; CPU {cpu:.2f} -> {cpu_pruned:.2f} s",
              flush=True)
        totals[0] += states
        totals[1] += states_pruned
    print(f"  all: states {totals[0]} -> {totals[1]} ({totals[1] / totals[0] - 1:+.1%})")


def rows_apart(hands: list[str], workers: int) -> None:
    """States searched when the rows are dealt round-robin to ``workers`` searches with memos of their own (as
    parallel workers would be), against one shared memo; the advice must be the same."""
    print(f"rows dealt to {workers} searches with memos of their own:")
    for hand in hands:
        _apart(hand, workers)


def _apart(hand: str, workers: int) -> None:
    """:func:`rows_apart` for one hand."""
    searched = ranking.searched
    names = ("memo", "_best_after", "_chances", "_wins", "_discards")
    memos: dict[int, list[dict[bytes, Any]]] = {}
    order = [0]
    spent = [0.0] * workers

    def apart(options: advice.OptionMoves, counts: list[int], reds: list[int], budget: float | None
              ) -> Generator[Any, None, advice.Values]:
        worker = order[0] % workers
        order[0] += 1
        mine = memos.setdefault(worker, [{} for _ in range(len(names) + 1)])
        for name, memo in zip(names, mine, strict=False):
            setattr(options.policy, name, memo)
        options.memo = mine[-1]
        start = time.process_time()
        found = yield from searched(options, counts, reds, budget)
        spent[worker] += time.process_time() - start
        return found

    pols: list[advice.DefaultPolicy] = []
    original = advice.DefaultPolicy.__init__

    def init(self: advice.DefaultPolicy, *args: Any, **kwargs: Any) -> None:
        original(self, *args, **kwargs)
        pols.append(self)

    start = time.process_time()
    shared = paili.advise(hand, **OPTIONS)
    cpu = time.process_time() - start
    advice.DefaultPolicy.__init__ = init  # type: ignore[method-assign]
    try:
        paili.advise(hand, **OPTIONS)
        states = len(pols[-1].memo)
        ranking.searched = apart  # type: ignore[assignment]
        split = paili.advise(hand, **OPTIONS)
    finally:
        ranking.searched = searched
        advice.DefaultPolicy.__init__ = original  # type: ignore[method-assign]
    each = [len(memos[w][0]) for w in sorted(memos)]
    same = "same advice" if split == shared else "DIFFERENT ADVICE"
    print(f"  {hand:20s} {same}: states {states} shared, {each} apart (largest {max(each) / states:.0%}); "
          f"CPU {cpu:.2f} s shared, {' + '.join(f'{x:.2f}' for x in spent)} s apart")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--target", type=int, default=1, help="the shanten class of bench_advice's deal")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    paili.advise("123m456p789s11234z", turns=1)  # load the tables once
    rng = random.Random(args.seed * 100 + args.target)
    hands = [dealt(rng, args.target) for _ in range(args.hands)]
    row_split(hands)
    rows_apart(hands, args.workers)
    oracle = Oracle()
    oracle.install()
    ceiling(oracle, "swaps", hands)
    ceiling(oracle, "after", hands)


if __name__ == "__main__":
    main()
