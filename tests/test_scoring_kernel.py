"""The pieces :func:`paili.score` and the advisor's leaf share, against their definitions and each other.

* ``paili.agari.shape_key`` (it visits only the kinds held) against the index method's definition of the key,
  run by run, on seeded random counts (out-of-range counts too), and ``paili.agari.shape``'s tile count and
  kind mask against their definitions;
* the seven-pairs reading taken from the table's key against :func:`paili.decompositions`, and the table's
  iipeikou / ryanpeikou flags against a count of the identical sequences;
* the situation a result reports (dealer, riichi, haitei / houtei, ippatsu, ron or tsumo payments) against the
  :class:`~paili.scoring.situation.ScoringSetting` checked from the same arguments, on seeded random cases whose
  situation and winning tile are mutated into valid and invalid ones (an invalid one is the same error);
* :func:`~paili.scoring.calculate.win_points` (the advisor's leaf: counts, melds, winning tile and a setting
  made once) against ``paili.score``'s points, with and without ura dora.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from scoring_cases import random_cases
from support import scaled

from paili import score
from paili.agari import Decomposition, decompositions, shape, shape_key
from paili.errors import HandError
from paili.hand import Hand
from paili.notation import parse
from paili.scoring import check_setting, resolve_rules, win_points
from paili.scoring.situation import check_win_tile
from paili.tables import agari_index


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


def test_a_result_reports_the_situation_its_arguments_check_to() -> None:
    rng = random.Random(15)
    situations = errors = 0
    for case in random_cases(15, scaled(800, 1500)):
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
        got = _outcome(score, **case, rules=rules)
        if rules == "sanma" and isinstance(got, _Refused) and got[0].startswith(("sanma.", "rules.")):
            continue  # the sanma wall refused the hand or an indicator first
        win = _outcome(check_win_tile, hand, case["win"])
        if isinstance(win, _Refused):  # the winning tile is wrong: that is the error
            assert got == win, case
            errors += 1
            continue
        if isinstance(got, _Refused) and got[0] == "score.not_agari":
            continue  # an error that comes before the situation's checks
        situation = {k: v for k, v in case.items() if k not in ("hand", "win")}
        setting = _outcome(check_setting, hand, win, situation, rules=resolve_rules(rules))
        if isinstance(setting, _Refused):
            assert got == setting, case
            errors += 1
            continue
        situations += 1
        sit = setting.situation
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
    assert situations > 250 and errors > 150, (situations, errors)  # both branches were exercised


def test_the_advisors_leaf_scores_as_score_does() -> None:
    """win_points on the counts, with a setting checked once, gives score()'s points; in riichi, each number
    of ura dora given gives the points score() finds with that many ura dora among the indicators."""
    compared = with_ura = 0
    for case in random_cases(2611, scaled(1500, 4000)):
        hand = parse(case["hand"])
        situation = {k: v for k, v in case.items() if k not in ("hand", "win")}
        expected = score(**case)
        setting = check_setting(hand, check_win_tile(hand, case["win"]), situation, rules=resolve_rules("riichi"))
        win = check_win_tile(hand, case["win"])
        hits = sum(y["han"] for y in expected["yaku"] if y["id"] == "ura")
        no_ura = check_setting(hand, win, {**situation, "ura": ""}, rules=resolve_rules("riichi"))
        assert win_points(hand.concealed, hand.reds, hand.melds, win, setting) == [expected["points"]], case
        if setting.situation.riichi and not expected["yakuman"]:
            got = win_points(hand.concealed, hand.reds, hand.melds, win, no_ura, [0, hits])
            assert got[1] == expected["points"], case
            assert got[0] == score(**{**case, "ura": ""})["points"], case
            with_ura += hits > 0
        compared += 1
    assert with_ura > 20, with_ura


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

