"""The fast paths that make :func:`paili.score` fast give exactly what the full code gives.

* ``paili.notation._fast_hand`` (the fast path of :func:`paili.parse` for plain text) against the full
  scanner (``parse(text, melds=[])`` never takes the fast path) on seeded random texts, valid and not;
* ``paili.notation.meld_texts`` (the table of every meld as it can be written) against the full meld parser
  on every bracketed string of 3 or 4 digits and one suit letter;
* ``paili.agari.shape_key`` (it visits only the kinds held) against the index method's definition of the key,
  run by run, on seeded random counts (out-of-range counts too).
"""

from __future__ import annotations

import itertools
import random

from scoring_cases import random_cases

from paili.agari import shape_key
from paili.errors import HandError
from paili.hand import Hand
from paili.notation import _fast_hand, meld_texts, parse, parse_melds

ALPHABET = "0123456789mpsz[]() MZ１ｐ［"  # upper-case and full-width: the full parser normalises them


def _full(text: str) -> Hand | None:
    """The full parser's answer, ``None`` for an error."""
    try:
        return parse(text, melds=[])
    except HandError:
        return None


def _mutations(rng: random.Random, text: str) -> list[str]:
    """``text`` with a character inserted, dropped or replaced, and two pieces swapped."""
    out = []
    for _ in range(4):
        i = rng.randrange(len(text) + 1)
        c = rng.choice(ALPHABET)
        out += [text[:i] + c + text[i:], text[:i] + text[i + 1:], text[:i] + c + text[i + 1:]]
    i, j = sorted(rng.sample(range(len(text) + 1), 2))
    out.append(text[j:] + text[i:j] + text[:i])
    return out


def test_the_fast_parser_agrees_with_the_full_one() -> None:
    rng = random.Random(9)
    texts = [case["hand"] for case in random_cases(9, 1500)]
    fast_valid = sum(_fast_hand(text) is not None for text in texts)
    assert fast_valid == len(texts)  # the generated texts are plain: the fast path reads every one
    texts += [m for text in texts[:600] for m in _mutations(rng, text)]
    texts += ["".join(rng.choice(ALPHABET) for _ in range(rng.randrange(1, 24))) for _ in range(3000)]
    texts += ["123m456p789s11122z", "11111m", "0z", "8z", "1m" * 101, "", " ", "[123m]", "[123m] 1m",
              "(1111z)(2222z)(3333z)(4444z)11z", "0m0m55m", "05m [505m]", "19m19p19s12345z", "123m4"]
    agree = refused = 0
    for text in texts:
        fast, full = _fast_hand(text), _full(text)
        if fast is None:
            refused += 1
        else:
            assert fast == full, text
            agree += 1
    assert agree > 2000 and refused > 2000  # both branches were exercised


def test_the_meld_table_is_every_meld_the_full_parser_reads() -> None:
    table = meld_texts()
    read: dict[str, object] = {}
    for opener, closer in (("[", "]"), ("(", ")")):
        for size in (3, 4):
            for digits in itertools.product("0123456789", repeat=size):
                for suit in "mpsz":
                    text = f"{opener}{''.join(digits)}{suit}{closer}"
                    try:
                        (meld,) = parse_melds(text)
                    except HandError:
                        continue
                    read[text] = meld
    assert table == read


def _key_by_definition(counts: list[int]) -> tuple[str, list[int]]:
    """Runs of consecutive kinds within a suit (an honor alone), each written as its counts, joined by 0."""
    runs: list[list[int]] = []
    for t, c in enumerate(counts):
        if c:
            if runs and runs[-1][-1] == t - 1 and t < 27 and t % 9:
                runs[-1].append(t)
            else:
                runs.append([t])
    return "0".join("".join(str(counts[t]) for t in run) for run in runs), [t for run in runs for t in run]


def test_shape_key_follows_its_definition() -> None:
    rng = random.Random(12)
    for _ in range(20000):
        density = rng.random()
        counts = [rng.choice((1, 2, 3, 4, 4, 5, -1) if rng.random() < 0.01 else (1, 2, 3, 4))
                  if rng.random() < density else 0 for _ in range(34)]
        assert shape_key(counts) == _key_by_definition(counts), counts
    assert shape_key([0] * 34) == ("", [])
