"""The advisor in steps (paili.public.advise_steps) and the worker's job API (paili.api.begin / step / cancel).

A search run in steps, abandoned and resumed at every pause, must give exactly the figures of the search run
in one go; the job API must answer exactly what handle() answers, one request among others.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from support import random_counts

import paili
from paili import api
from paili.advice import AdviceRow, finish
from paili.notation import format_tiles
from paili.public import advise_steps
from paili.shanten import counts_shanten


def dealt(rng: random.Random, target: int) -> str:
    """A random 14-tile hand dealt from the 136 tiles whose shanten is ``target``."""
    while not counts_shanten(counts := random_counts(rng, 14), melds_needed=4, called=None, full=True).min == target:
        pass
    return format_tiles(counts)


def run(hand: str, budget: float | None, **options: Any) -> tuple[dict[str, Any], list[AdviceRow | None]]:
    steps = advise_steps(hand, budget=budget, **options)
    yielded: list[AdviceRow | None] = []
    while True:
        try:
            yielded.append(next(steps))
        except StopIteration as done:
            return done.value, yielded


@pytest.mark.parametrize(("target", "seed", "budget", "options"), [
    (0, 1, 0.0, {}), (1, 2, 0.0, {}),
    (1, 3, 0.002, {"tegawari": True, "shanten_down": True, "turns": 4, "max_shanten": 1}),
    (2, 4, 0.0, {"turns": 6}), (1, 5, 0.0, {"objective": "p_win", "riichi": "dama", "dora": "3p", "visible": "1z9m"}),
])
def test_a_search_paused_at_every_chance_gives_the_same_table(target: int, seed: int, budget: float,
                                                              options: dict[str, Any]) -> None:
    hand = dealt(random.Random(seed), target)
    whole = paili.advise(hand, **options)
    # budget 0: every step ends as soon as it has finished a state, so the search is abandoned and resumed
    # as often as it can be (with the options, a few milliseconds: the same, less often).
    stepped, yielded = run(hand, budget, **options)
    assert stepped == whole
    rows = [y for y in yielded if y is not None]
    assert len(rows) == len(whole["discards"]) == len({(r.discard.tile, r.discard.red) for r in rows})
    if target > 0:
        assert None in yielded  # the search did pause


def test_without_a_budget_only_rows_are_yielded() -> None:
    hand = dealt(random.Random(7), 1)
    stepped, yielded = run(hand, None)
    assert stepped == paili.advise(hand)
    assert None not in yielded and len(yielded) == len(stepped["discards"])
    assert finish(advise_steps(hand)) == stepped


def test_bad_input_raises_from_the_first_step() -> None:
    steps = advise_steps("123m", budget=0.0)  # creating the generator checks nothing yet
    with pytest.raises(paili.HandError) as caught:
        next(steps)
    assert caught.value.field == "hand"


def request(hand: str, **fields: Any) -> str:
    return json.dumps({"op": "advise", "hand": hand, **fields})


def drain(job: int) -> tuple[str, int]:
    steps = 0
    while (answer := api.step(job)) is None:
        steps += 1
    return answer, steps


def test_a_job_answers_what_handle_answers() -> None:
    hand = dealt(random.Random(8), 1)
    text = request(hand, turns=6)
    answer, steps = drain(api.begin(text, 0.0))
    assert answer == api.handle(text) and steps > 0
    analyze = json.dumps({"op": "analyze", "hand": hand})
    assert drain(api.begin(analyze)) == (api.handle(analyze), 0)


def test_jobs_interleave_and_a_cancelled_job_is_gone() -> None:
    slow = request(dealt(random.Random(9), 2), turns=5)
    fast = json.dumps({"op": "analyze", "hand": "123m456p789s1122z"})
    old = api.begin(slow, 0.0)
    assert api.step(old) is None  # started, not finished
    assert drain(api.begin(fast)) == (api.handle(fast), 0)  # a newer request answers between its steps
    assert drain(old)[0] == api.handle(slow)  # and the old one then finishes with the right answer
    dropped = api.begin(slow, 0.0)
    assert api.step(dropped) is None
    api.cancel(dropped)
    api.cancel(dropped)  # twice is harmless
    gone = json.loads(api.step(dropped) or "")
    assert gone["ok"] is False and gone["error"]["type"] == "RequestError"
    assert "not finished" in gone["error"]["message"]


@pytest.mark.parametrize(("text", "kind"), [
    ("not json", "RequestError"), ('{"op": "nope"}', "RequestError"),
    ('{"op": "advise", "hand": "123m456p789s1122z", "turns": 0}', "HandError"),
    ('{"op": "analyze", "hand": "123m"}', "HandError"),
])
def test_a_bad_job_answers_its_error_envelope(text: str, kind: str) -> None:
    answer, steps = drain(api.begin(text))
    assert steps == 0 and answer == api.handle(text)
    assert json.loads(answer)["error"]["type"] == kind
