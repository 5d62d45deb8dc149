"""The page's first drawing of a typed hand (web/js/sketch.js, run in Node) against the engine's reading of the
same text (the ``tiles`` op): seeded random hands, scrambled and retyped in upper-case and full-width forms."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest
from test_notation import build_hand, retype, scramble

from paili.api import handle

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = """
import { sketchHand } from "./web/js/sketch.js";
let input = "";
for await (const chunk of process.stdin) input += chunk;
process.stdout.write(JSON.stringify(JSON.parse(input).map((text) => sketchHand(text))));
"""


def sketches(texts: list[str]) -> list[dict[str, object] | None]:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is missing (Node.js 20+ is part of the set-up: see README, Develop)")
    done = subprocess.run([node, "--input-type=module", "-e", SCRIPT], input=json.dumps(texts), cwd=ROOT,
                          capture_output=True, text=True, check=True)
    out: list[dict[str, object] | None] = json.loads(done.stdout)
    return out


def engine_tiles(text: str, rules: str = "riichi") -> dict[str, object] | None:
    reply = json.loads(handle(json.dumps({"op": "tiles", "hand": text, "rules": rules})))
    if not reply["ok"]:
        return None
    result = reply["result"]
    return {key: result[key] for key in ("hand", "concealed", "melds", "nukidora") if key in result}


def test_the_sketch_draws_what_the_engine_reads() -> None:
    rng = random.Random(2026)
    texts = []
    for _ in range(600):
        hand = build_hand(rng.randrange)
        text, _ = scramble(hand, rng)  # the melds written inline only: the page has one field
        texts.append(retype(text, rng) if rng.random() < 0.5 else text)
        # a hand being tapped in: the first tiles of it
        texts.append(text[: rng.randrange(len(text) + 1)])
    drawn = sketches(texts)
    compared = 0
    for text, sketch in zip(texts, drawn, strict=True):
        expected = engine_tiles(text)
        if expected is None:
            continue  # the engine refuses it: the page shows the engine's error, whatever the sketch drew
        assert sketch == expected, text
        compared += 1
    assert compared > 700


SANMA = [f"{n}{suit}" for suit in "ps" for n in "123456789"] + ["1m", "9m"] + [f"{n}z" for n in "123567"]


def test_the_sketch_draws_the_norths_a_sanma_hand_sets_aside() -> None:
    """Sanma hands with norths set aside ({4z}, {44z}) anywhere a meld may be: the sketch's tiles and nukidora
    are the engine's."""
    rng = random.Random(3)
    texts = []
    for _ in range(200):
        parts = [rng.choice(SANMA) for _ in range(rng.randrange(1, 12))]
        for _ in range(rng.randrange(0, 3)):
            parts.insert(rng.randrange(len(parts) + 1), "{" + "4" * rng.randrange(1, 3) + "z}")
        texts.append(" ".join(parts))
    drawn = sketches(texts)
    compared = 0
    for text, sketch in zip(texts, drawn, strict=True):
        expected = engine_tiles(text, "sanma")
        if expected is None:
            continue  # the engine refuses it (a fifth copy...): the page shows the engine's error
        assert sketch == expected, text
        compared += 1
    assert compared > 150
    assert sum("nukidora" in (sketch or {}) for sketch in drawn) > 80
