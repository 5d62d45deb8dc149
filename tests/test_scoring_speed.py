"""The fast paths that make :func:`paili.score` fast give exactly what the full code gives.

* ``paili.notation._fast_hand`` (the fast path of :func:`paili.parse` for plain text) against the full
  scanner (``parse(text, melds=[])`` never takes the fast path) on seeded random texts, valid and not, and its
  reading of the canonical order (one match) against its token reading (``_fast_tokens``, any order);
* ``paili.notation.meld_texts`` (the table of every meld as it can be written) against the full meld parser
  on every bracketed string of 3 or 4 digits and one suit letter;
* ``paili.agari.shape_key`` (it visits only the kinds held) against the index method's definition of the key,
  run by run, on seeded random counts (out-of-range counts too), and ``paili.agari.shape``'s tile count and
  kind mask against their definitions;
* what ``paili.score`` settles inline against the functions that give the checks and the errors: the
  situation (``_situation``), the winning tile (``_win_tile``) and the indicators, on seeded random cases whose
  situation and winning tile are mutated into valid and invalid ones; the seven-pairs reading taken from the
  table's key against :func:`paili.decompositions`;
* ``paili.score`` on text, which scores the fields the fast parser read without building a Hand (the Hand is
  built only for an error or a rare case that needs it), against ``paili.score`` on the parsed Hand, on seeded
  random cases with mutated situations, winning tiles and indicators (answers and errors alike).
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Callable
from typing import Any, Final

import pytest
from scoring_cases import random_cases
from support import scaled

from paili import score
from paili.agari import Decomposition, decompositions, shape, shape_key
from paili.errors import HandError
from paili.hand import Hand
from paili.notation import _CANONICAL, _fast_hand, _fast_tokens, meld_texts, parse, parse_melds
from paili.scoring.calculate import _situation, _win_tile
from paili.tables import agari_index

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


def test_the_canonical_reading_agrees_with_the_token_reading() -> None:
    """Texts in the canonical order (suits m, p, s, z, then each meld after a space) are read by one match in
    _fast_hand; the token reading (any order) must give the same Hand or the same refusal."""
    rng = random.Random(10)
    texts = [case["hand"] for case in random_cases(10, 1500)]
    texts += [m for text in texts[:600] for m in _mutations(rng, text)]
    digits = "0123456789"
    for _ in range(4000):  # canonical texts with random digits: copies over 4, two red fives, 0z, bad melds
        parts = [f"{''.join(rng.choice(digits) for _ in range(rng.randrange(1, 8)))}{suit}"
                 for suit in "mpsz" if rng.random() < 0.6]
        melds = [f"{rng.choice('[(')}{''.join(rng.choice(digits) for _ in range(rng.choice((3, 4))))}"
                 f"{rng.choice('mpsz')}{rng.choice('])')}" for _ in range(rng.randrange(0, 5))]
        texts.append(" ".join(["".join(parts), *melds]))
    canonical = read = 0
    for text in texts:
        if _CANONICAL.fullmatch(text) is None:
            continue
        canonical += 1
        fast, tokens = _fast_hand(text), _fast_tokens(text)
        assert fast == tokens, text
        if fast is not None:
            read += 1
            assert fast == _full(text), text
    assert canonical > 5000 and read > 2000  # both answers were exercised


_BACKTRACKING: Final = re.compile(r"(?:([0-9]+)m)?(?:([0-9]+)p)?(?:([0-9]+)s)?(?:([1-7]+)z)?"
                                  r"((?: [\[(][0-9]{3,4}[mpsz][\])])*)")
"""``_CANONICAL`` with ordinary (backtracking) quantifiers: what its possessive ones must match alike."""


def test_the_possessive_canonical_pattern_matches_as_the_backtracking_one() -> None:
    """Possessive quantifiers change no match of the canonical pattern: the same texts match, with the same
    groups, on seeded random texts over its alphabet and random edits of hand texts."""
    rng = random.Random(12)
    alphabet = "0123456789mpsz[]() "
    texts = [case["hand"] for case in random_cases(12, 500)]
    texts += [text[:rng.randrange(len(text) + 1)] + rng.choice(alphabet) + text[rng.randrange(len(text) + 1):]
              for text in texts[:500] for _ in range(20)]
    texts += ["".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 24))) for _ in range(scaled(5000, 20000))]
    matched = 0
    for text in texts:
        ours, reference = _CANONICAL.fullmatch(text), _BACKTRACKING.fullmatch(text)
        assert (ours is None) == (reference is None), text
        if ours is not None and reference is not None:
            assert ours.groups() == reference.groups(), text
            matched += 1
    assert matched > 1000


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
    for _ in range(scaled(5000, 20000)):
        density = rng.random()
        counts = [rng.choice((1, 2, 3, 4, 4, 5, -1) if rng.random() < 0.01 else (1, 2, 3, 4))
                  if rng.random() < density else 0 for _ in range(34)]
        key, kinds = _key_by_definition(counts)
        assert shape_key(counts) == (key, kinds), counts
        assert shape(counts) == (key, kinds, sum(counts), sum(1 << t for t in range(34) if counts[t])), counts
    assert shape_key([0] * 34) == ("", [])
    assert shape([0] * 34) == ("", [], 0, 0)


def test_the_seven_pairs_keys_give_the_chiitoitsu_of_decompositions() -> None:
    rng = random.Random(14)
    seen = 0
    for _ in range(3000):
        counts = [0] * 34
        for t in rng.sample(range(34), 7):
            counts[t] = 2
        if rng.random() < 0.3:  # a pair made a four, or moved: not seven pairs any more
            counts[rng.choice([t for t in range(34) if counts[t]])] -= 2
            counts[rng.randrange(34)] += 2
        if max(counts) > 4:
            continue
        hand = Hand(tuple(counts))
        key, kinds, size, _ = shape(counts)
        entry = agari_index.load().get(key)
        special = [d for d in decompositions(hand) if d.form != "regular"]
        if entry is not None and entry.seven_pairs:
            seen += 1
            assert special == [Decomposition("chiitoitsu", pairs=tuple(kinds))], counts
        else:
            assert all(d.form != "chiitoitsu" for d in special), counts
    assert seen > 1500


_SITUATION_VALUES = {
    "tsumo": [True, False, False, 1, None],
    "round_wind": ["1z", "2z", "3z", "4z", "5z", 27, "1m"],
    "seat_wind": ["1z", "2z", "3z", "4z", "5z", None],
    "riichi": [0, 0, 1, 1, 2, 3, True, -1, "1"],
    "ippatsu": [False, False, False, True, 0],
    "last_tile": [False, False, True, 1],
    "rinshan": [False, False, False, True, "no"],
    "chankan": [False, False, False, True],
    "blessing": [False, False, False, True, 0],
}


class _Refused(tuple):  # type: ignore[type-arg]
    """The code and field of a HandError."""


def _outcome(run: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """What a call gives: its answer, or the code and field of its error."""
    try:
        return run(*args, **kwargs)
    except HandError as exc:
        return _Refused((exc.code, exc.field))


def test_score_settles_the_situation_and_the_winning_tile_as_the_checking_functions_do() -> None:
    rng = random.Random(15)
    situations = errors = 0
    for case in random_cases(15, 1500):
        case = dict(case)
        for name, values in _SITUATION_VALUES.items():
            if rng.random() < 0.12:
                case[name] = rng.choice(values)
        hand = parse(case["hand"])
        if rng.random() < 0.1:
            case["win"] = rng.choice(["0m", "0p", "0s", "5m", "5p", "5s", "1z", "9s", "1m1m", "", 5])
        elif any(hand.reds) and rng.random() < 0.5:  # the plain or the red five of a suit with a red one
            suits = [suit for suit, red in zip("mps", hand.reds, strict=True) if red]
            case["win"] = rng.choice("05") + rng.choice(suits)
        rules = rng.choice(["riichi", "riichi", "sanma"])
        closed = not any(m.kind != "ankan" for m in hand.melds)
        got = _outcome(score, **case, rules=rules)
        if rules == "sanma" and isinstance(got, _Refused) and got[0].startswith(("sanma.", "rules.")):
            continue  # the sanma wall refused the hand or an indicator first
        win = _outcome(_win_tile, hand, case["win"])
        if isinstance(win, _Refused):  # the winning tile is wrong: that is the error
            assert got == win, case
            errors += 1
            continue
        if isinstance(got, _Refused) and got[0] in ("situation.chankan_copies", "score.not_agari"):
            continue  # an error that comes before the situation's checks
        sit = _outcome(_situation, hand.melds, hand.nukidora, closed, case["tsumo"], case["round_wind"],
                       case["seat_wind"], case["riichi"], case["ippatsu"], case["last_tile"], case["rinshan"],
                       case["chankan"], case["blessing"], rules == "sanma")
        if isinstance(sit, _Refused):
            assert got == sit, case
            errors += 1
            continue
        situations += 1
        assert isinstance(got, dict), (case, got)
        ids = {y["id"] for y in got["yaku"]}
        assert got["dealer"] == (sit.seat_wind == 27), case
        assert ("riichi" in ids) == (sit.riichi == 1 and not got["yakuman"] and bool(got["yaku"])), case
        assert ("double_riichi" in ids) == (sit.riichi == 2 and not got["yakuman"] and bool(got["yaku"])), case
        if got["yaku"]:
            assert ("ron" in got["payments"]) == (not sit.tsumo), case
        if got["yaku"] and not got["yakuman"]:
            assert ("haitei" in ids) == (sit.last_tile and sit.tsumo), case
            assert ("houtei" in ids) == (sit.last_tile and not sit.tsumo), case
            assert ("ippatsu" in ids) == sit.ippatsu, case
    assert situations > 500 and errors > 300, (situations, errors)  # both branches were exercised


def _peikou(sequences: tuple[int, ...]) -> int:
    """Pairs of identical sequences, each sequence in one pair at most (what iipeikou / ryanpeikou count)."""
    ordered = sorted(sequences)
    pairs = i = 0
    while i + 1 < len(ordered):
        if ordered[i] == ordered[i + 1]:
            pairs += 1
            i += 2
        else:
            i += 1
    return pairs


def test_the_peikou_flags_of_the_table_count_the_identical_sequences() -> None:
    """paili.score reads iipeikou / ryanpeikou from the reading's flags: they agree with the count."""
    readings = 0
    for entry in agari_index.load().values():
        for r in entry.readings:
            flagged = 2 if "ryanpeikou" in r.flags else 1 if "iipeikou" in r.flags else 0
            assert flagged == _peikou(r.sequences), r
            readings += 1
    assert readings > 9000


_INDICATORS = [f"{d}{suit}" for suit in "mps" for d in range(1, 10)] + [f"{d}z" for d in range(1, 8)] + ["0p", "5"]


def test_score_on_text_agrees_with_score_on_the_parsed_hand() -> None:
    """The text path (no Hand built unless needed) gives what the Hand path gives: the same dict, or the same
    error (its code, field and message), for valid and invalid situations, winning tiles and indicators."""
    rng = random.Random(2609)
    compared = errors = 0
    for case in random_cases(2609, 3000):
        case = dict(case)
        for name, values in _SITUATION_VALUES.items():
            if rng.random() < 0.08:
                case[name] = rng.choice(values)
        if rng.random() < 0.3:  # indicators drawn at random: copies past 4, red fives, bad text
            case["dora"] = "".join(rng.choice(_INDICATORS) for _ in range(rng.randint(0, 6)))
            case["ura"] = "".join(rng.choice(_INDICATORS) for _ in range(rng.randint(0, 3)))
        if rng.random() < 0.05:
            case["win"] = rng.choice(["0m", "0p", "0s", "5m", "5p", "5s", "1z", "9s", "1m1m", "", 5])
        if rng.random() < 0.05:  # not a complete hand any more
            case["hand"] = case["hand"].replace("1", "2", 1)
        text = case.pop("hand")
        try:
            hand = parse(text)
        except HandError:
            continue
        assert _fast_hand(text) == hand or _fast_hand(text) is None, text
        on_text, on_hand = _outcome(score, text, **case), _outcome(score, hand, **case)
        if isinstance(on_text, _Refused):
            errors += 1
            with pytest.raises(HandError) as by_text:
                score(text, **case)
            with pytest.raises(HandError) as by_hand:
                score(hand, **case)
            assert str(by_text.value) == str(by_hand.value), (text, case)
        assert on_text == on_hand, (text, case)
        compared += 1
    assert compared > 2500 and errors > 100, (compared, errors)
