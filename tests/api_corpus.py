"""A seeded corpus of engine calls and a digest of their JSON answers: the proof that a refactor changed nothing.

Every request goes through :func:`paili.api.handle` (the worker's entry point), so each answer is the exact JSON
a user gets: ``analyze`` of dealt hands under every rule set (short hands read as melded, visible tiles), small
``advise`` and ``outlook`` searches with each objective and option, ``improvements``, ``score`` of seeded
winning hands with random situations (riichi and sanma), ``score_waits`` of tenpai hands, ``tiles``, and
requests that must fail.

    PYTHONPATH=engine python tests/api_corpus.py write   # record the answers (tests/data/api_corpus.json)
    PYTHONPATH=engine python tests/api_corpus.py check   # compare the answers with the recorded ones

tests/test_api_corpus.py runs ``check``. The recorded file is a **snapshot** of the engine's own answers, not an
independent oracle: it says only that the answers did not change. A change that means to change an answer
rewrites the file (``write``) and says which answers changed in its commit message.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from scoring_cases import random_cases, random_sanma_cases
from support import random_counts

from paili import api

RECORDED = Path(__file__).resolve().parent / "data" / "api_corpus.json"
SEED = 2026
SUITS = "mpsz"
RULE_SETS = ("riichi", "sanma", "sichuan", "gb")
SANMA_KINDS = [k for k in range(34) if not 1 <= k <= 7]
SICHUAN_KINDS = list(range(27))


def text(counts: list[int]) -> str:
    """mpsz text of 34 counts."""
    out = []
    for suit in range(4):
        digits = "".join(str(k % 9 + 1) * counts[k] for k in range(9 * suit, min(9 * suit + 9, 34)) if counts[k])
        if digits:
            out.append(digits + SUITS[suit])
    return "".join(out)


def dealt(rng: random.Random, size: int, rules: str) -> str:
    kinds = {"sanma": SANMA_KINDS, "sichuan": SICHUAN_KINDS}.get(rules, list(range(34)))
    return text(random_counts(rng, size, kinds))


def without(hand: str, tile: str) -> str:
    """A hand's text less one copy of ``tile`` from its concealed part (``"123m5z [555p]"``, ``"2m"``: ``"13m5z
    [555p]"``)."""
    concealed, _, melds = hand.partition(" ")
    digit, suit = tile
    groups = re.findall(r"(\d+)([mpsz])", concealed)
    out = []
    for digits, letter in groups:
        if letter == suit and digit in digits:
            digits, digit = digits.replace(digit, "", 1), ""
        out.append(digits + letter if digits else "")
    return " ".join(part for part in ("".join(out), melds) if part)


def requests(seed: int = SEED) -> Iterator[dict[str, Any]]:
    """The corpus, in a fixed order: 2,929 requests, about 10 s of CPU (half of it the 120 small searches)."""
    rng = random.Random(seed)
    for _ in range(500):
        rules = rng.choice(RULE_SETS)
        size = rng.choice((13, 14, 14, 10, 11, 7, 8))
        request: dict[str, Any] = {"op": "analyze", "hand": dealt(rng, size, rules), "rules": rules}
        if rules == "sichuan" and rng.random() < 0.5:
            request["void"] = rng.choice("mps")
        if rng.random() < 0.3:
            request["visible"] = dealt(rng, rng.randint(1, 6), rules)
        yield request
        yield {**request, "op": "tiles"}
    for _ in range(40):
        rules = rng.choice(("riichi", "riichi", "sanma", "sichuan", "gb"))
        hand = dealt(rng, 14, rules)
        request = {"op": "advise", "hand": hand, "rules": rules, "turns": rng.choice((2, 3, 4)),
                   "max_shanten": 1, "objective": rng.choice(("ev", "p_win", "p_tenpai")),
                   "tegawari": rng.random() < 0.3, "shanten_down": rng.random() < 0.2,
                   "riichi": rng.choice(("always", "dama"))}
        if rules == "riichi" and rng.random() < 0.5:
            request["dora"] = dealt(rng, 1, rules)
        yield request
        yield {**request, "op": "improvements"}
        first = re.match(r"(\d)\d*([mpsz])", hand)
        assert first is not None
        yield {**{k: v for k, v in request.items() if k != "objective"}, "op": "outlook",
               "hand": without(hand, first[1] + first[2])}  # 13 tiles: the hand less its first tile
    for case in random_cases(SEED, 1200):
        yield {"op": "score", **case}
    for case in random_sanma_cases(SEED, 300):
        yield {"op": "score", **case, "rules": "sanma"}
    for case in random_cases(SEED + 1, 300):
        hand, win = case.pop("hand"), case.pop("win")
        del case["tsumo"]
        yield {"op": "score_waits", "hand": without(hand, win), **case}
    for bad in ("123m4", "55555m", "8z", "", "1" * 40, "123m456p789s11122z9"):
        yield {"op": "analyze", "hand": bad}
    yield {"op": "advise", "hand": "123m456p789s11122z", "turns": -1}
    yield {"op": "nothing"}
    yield {"op": "version"}


def answers(seed: int = SEED) -> Iterator[tuple[str, str]]:
    """Each request's JSON and the engine's answer to it."""
    for request in requests(seed):
        request_json = json.dumps(request, sort_keys=True)
        yield request_json, api.handle(request_json)


def digests(seed: int = SEED) -> dict[str, str]:
    """sha256 of each answer, keyed by the sha256 of its request (so a difference names its request)."""
    return {hashlib.sha256(q.encode()).hexdigest()[:16]: hashlib.sha256(a.encode()).hexdigest()[:32]
            for q, a in answers(seed)}


def differences(recorded: dict[str, str], seed: int = SEED) -> list[str]:
    """The requests whose answer differs from the recorded one (or that the record lacks), as request JSON."""
    out = []
    for q, a in answers(seed):
        key = hashlib.sha256(q.encode()).hexdigest()[:16]
        if recorded.get(key) != hashlib.sha256(a.encode()).hexdigest()[:32]:
            out.append(q)
    return out


def main(argv: list[str]) -> int:
    if argv[1:] == ["write"]:
        found = digests()
        RECORDED.write_text(json.dumps({"seed": SEED, "answers": found}, indent=0, sort_keys=True) + "\n")
        print(f"recorded {len(found)} answers in {RECORDED}")
        return 0
    if argv[1:] == ["check"]:
        recorded = json.loads(RECORDED.read_text())["answers"]
        changed = differences(recorded)
        for q in changed[:20]:
            print("changed:", q)
        print(f"{len(changed)} of {len(recorded)} answers changed")
        return 1 if changed else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
