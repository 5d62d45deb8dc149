"""Push or fold (:mod:`paili.advice.pushfold`): the advisor's values with the table's risks counted.

* a line whose every draw survives with probability 1 (no opponent can win, no tile deals in, the wall's end out
  of reach) is the advisor's line unchanged;
* hand-computed cases: one opponent in riichi, the survival compounded turn by turn, the fold line with
  genbutsu in hand (it never deals in), the exhaustive draw's payments;
* the direction the published push/fold tables give: a tenpai hand with a good wait pushes a 5% tile against
  a non-dealer riichi, a cheap bad wait folds rather than push a 20% tile;
* the outlook of a hand waiting for its draw and the call advice count the table the same way (a quiet table
  leaves every figure as it was), and the tile offered ends its thrower's river;
* the review values every decision, the calls too, with the opponents the log shows.
"""

from __future__ import annotations

import itertools

import pytest
from support import scaled

import paili
from paili.advice.calls import thrown
from paili.advice.pushfold import OpponentRisk, TableRisk, fold_line, line_at_table, noten_payment, row_at_table
from paili.defence.opponents import format_opponents, parse_opponents
from paili.tiles import tile_from_name

RIICHI = OpponentRisk(p_tenpai=1.0, win_per_turn=0.1, value=5200.0, dealer=False)


def risk(deal_in: dict[str, float], *, held: str = "", opponents: tuple[OpponentRisk, ...] = (RIICHI,),
         cost: float = 5200.0, draws_to_end: int | None = None) -> TableRisk:
    kinds = {tile_from_name(t): p for t, p in deal_in.items()}
    return TableRisk(kinds, {k: cost for k in kinds}, [tile_from_name(t) for t in _tiles(held)], opponents,
                     draws_to_end, 4, False)


def _tiles(text: str) -> list[str]:
    out, digits = [], ""
    for c in text:
        if c.isdigit():
            digits += c
        else:
            out += [f"{d}{c}" for d in digits]
            digits = ""
    return out


def test_a_line_that_always_survives_is_the_advisors_line() -> None:
    advice = paili.advise("123m456p789s1122z3z", turns=8, dora="1z")
    quiet = risk({}, opponents=(OpponentRisk(0.0, 0.5, 8000.0, True),))
    for row in advice["discards"]:
        at = row_at_table(tile_from_name(row["tile"]), row["p_win"], row["p_tenpai"], row["ev"], quiet)
        assert at.deal_in == 0.0 and at.ev_if_deals_in == -0.0
        assert at.ev == pytest.approx(tuple(row["ev"]), abs=1e-9)
        assert at.ev_if_passes == at.ev


def test_survival_compounds_turn_by_turn_by_hand() -> None:
    """A line that wins 1,000 points at each of its two draws with chance 0.5 (then 0.25 more): one riichi
    opponent who wins 10% of the go-arounds, the seat's later discard dealing in 4%."""
    win, tenpai, ev = [0.5, 0.75], [1.0, 1.0], [500.0, 750.0]
    r = risk({"1m": 0.1, "9p": 0.02}, held="1m9p")
    p_later, c_later = r.push_deal_in
    assert p_later == pytest.approx(0.06) and c_later == pytest.approx(5200.0)
    others = 0.25 * 5200 / 3  # a non-dealer's self-draw: a third of the wins, a quarter of its value each
    at = row_at_table(tile_from_name("1m"), win, tenpai, ev, r)
    q = 0.1
    first = -q * others + (1 - q) * 500
    alive = (1 - q) * (1 - p_later * 1)
    second = first - (1 - q) * 0.5 * p_later * c_later
    alive = (1 - q) * (1 - p_later)
    second += -alive * 0.5 * q * others + alive * (1 - q) * 250
    assert at.ev_if_passes == pytest.approx((first, second))
    assert at.ev == pytest.approx(tuple(-0.1 * 5200 + 0.9 * x for x in (first, second)))
    assert at.ev_if_deals_in == -5200.0 and at.deal_in == 0.1


def test_the_fold_line_with_genbutsu_in_hand_never_deals_in() -> None:
    """One riichi; the hand holds three genbutsu (0%): three turns of folding throw them and never deal in; it
    pays only its share of the riichi player's self-draws."""
    r = risk({"4z": 0.0, "9m": 0.0, "5p": 0.12, "3s": 0.08}, held="9m5p3s4z4z")
    fold = fold_line(3, r)
    assert fold.tiles == (tile_from_name("9m"), tile_from_name("4z"), tile_from_name("4z"))
    assert fold.deal_in == 0.0
    others = 0.25 * 5200 / 3
    expected, alive = [], 1.0
    value = 0.0
    for _ in range(3):
        value -= alive * 0.1 * others
        alive *= 0.9
        expected.append(value)
    assert fold.ev == pytest.approx(tuple(expected))
    # a fourth turn throws the 8% 3s
    assert fold_line(4, r).deal_in == pytest.approx(0.9 ** 3 * 0.08)


@pytest.mark.parametrize("seat_tenpai", [0.0, 1.0])
def test_the_exhaustive_draw_pays_as_the_rules_say(seat_tenpai: float) -> None:
    """Every split of tenpai and noten among four players, against a brute force over the opponents' states."""
    for chances in itertools.product([0.0, 1.0, 0.3], repeat=3):
        opponents = [OpponentRisk(p, 0.0, 0.0, False) for p in chances]
        want = 0.0
        for states in itertools.product([False, True], repeat=3):
            weight = 1.0
            for p, on in zip(chances, states, strict=True):
                weight *= p if on else 1 - p
            for seat_on, seat_weight in ((True, seat_tenpai), (False, 1 - seat_tenpai)):
                tenpai = sum(states) + seat_on
                if tenpai in (0, 4):
                    continue
                pay = 3000 / tenpai if seat_on else -3000 / (4 - tenpai)
                want += weight * seat_weight * pay
        assert noten_payment(seat_tenpai, opponents, 4) == pytest.approx(want), chances



def test_the_exhaustive_draw_counts_the_opponents_tenpai_at_its_turn() -> None:
    """An opponent not tenpai now (a closed hand at their 5th discard: 5%) who will have thrown 12 more tiles by
    the exhaustive draw is tenpai then with their rate at the 17th (17%): the seat's payment, tenpai alone against
    three, is counted with that chance."""
    from paili.defence.model import p_tenpai
    from paili.defence.opponents import parse_opponents

    player = parse_opponents("l:19m4p7z2z").left
    assert player is not None
    now, later = p_tenpai(player), p_tenpai(player, 17)
    assert (now, later) == pytest.approx((0.05, 0.17))
    quiet = OpponentRisk(now, 0.0, 0.0, False, later)
    three = [quiet] * 3
    want = 0.0  # the seat tenpai: 3000 shared with the tenpai opponents, by how many of them are tenpai
    for k, ways in enumerate((1, 3, 3, 1)):
        want += ways * later ** k * (1 - later) ** (3 - k) * (3000 / (k + 1) if k < 3 else 0.0)
    assert noten_payment(1.0, three, 4) == pytest.approx(want)
    assert noten_payment(1.0, three, 4) < noten_payment(1.0, [OpponentRisk(now, 0.0, 0.0, False)] * 3, 4)


def _push_or_fold(hand: str, push: str, danger: float, dora: str = "") -> tuple[float, float]:
    """The push (throwing ``push``, which deals in with ``danger``, keeping the tenpai hand) and the fold (the
    East pair first, genbutsu, then tiles of 10%) of a hand against one non-dealer riichi at mid-game (8 draws
    left)."""
    advice = paili.advise(hand, turns=8, dora=dora, riichi="always", seat_wind="2z")
    row = next(r for r in advice["discards"] if r["tile"] == push)
    held = [tile_from_name(t) for t in _tiles(hand)]
    kinds = {k: 0.10 for k in held} | {tile_from_name(push): danger, tile_from_name("1z"): 0.0}
    r = TableRisk(kinds, {k: 5200.0 for k in kinds}, held, (OpponentRisk(1.0, 0.12, 5200.0, False),), None, 4,
                  False)
    return row_at_table(tile_from_name(push), row["p_win"], row["p_tenpai"], row["ev"], r).ev[-1], \
        fold_line(8, r).ev[-1]


def test_a_good_wait_pushes_a_five_percent_tile_and_a_cheap_bad_wait_folds_a_twenty_percent_one() -> None:
    """The published push/fold tables' direction (Riichi Book I's tenpai / value / wait rule): a riichi on a
    two-sided wait with dora pushes a 5% tile; a cheap closed wait folds rather than push a 20% tile."""
    push, fold = _push_or_fold("23456m345678p5s11z", "5s", 0.05, dora="3m")
    assert push > fold, (push, fold)
    push, fold = _push_or_fold("123m12234p5789s11z", "5s", 0.20)
    assert fold > push, (push, fold)


def test_with_a_riichi_opponent_genbutsu_is_the_best_discard_of_a_slow_hand() -> None:
    """advise with the opponents: against a riichi whose river holds the seat's isolated 5z, the 1-shanten hand
    throws that genbutsu (0% deal-in) rather than the equally useless 1z, the verdict compares the best push with
    the fold line; without opponents the two honours tie and the answer has no table keys."""
    hand, river = "23456m345p6789s15z", "l:19m4p5*p7z5z2s3s"
    alone = paili.advise(hand, turns=10, improvements=False)
    assert "verdict" not in alone and all("deal_in" not in row for row in alone["discards"])
    table = paili.advise(hand, turns=10, improvements=False, opponents=river)
    best = table["discards"][0]
    assert best["tile"] == "5z" and best["deal_in"] == 0.0
    assert best["ev"][-1] == pytest.approx(best["ev_if_passes"][-1])  # a tile that cannot deal in passes
    one_z = next(row for row in table["discards"] if row["tile"] == "1z")
    assert one_z["deal_in"] > 0 and one_z["ev"][-1] < best["ev"][-1]
    assert one_z["ev"][-1] == pytest.approx(one_z["deal_in"] * one_z["ev_if_deals_in"]
                                            + (1 - one_z["deal_in"]) * one_z["ev_if_passes"][-1])
    verdict = table["verdict"]
    assert verdict["push"] == "5z" and verdict["fold"] == (table["fold"]["ev"][-1] > best["ev"][-1])
    assert verdict["margin"] == pytest.approx(abs(table["fold"]["ev"][-1] - best["ev"][-1]))


def test_review_grades_genbutsu_under_riichi_as_best_or_close_more_often_with_defence() -> None:
    """Review's default counts the opponents the log shows: over seeded self-play, the discards of genbutsu
    against every riichi player are graded best or close (within 100 expected points) at least 80% of the time,
    more often than the offence-only view grades them."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent / "bench"))
    from bench_review_real import genbutsu, table_states
    from selfplay import game

    from paili.logs import read_log

    counted = {True: 0, False: 0}
    seen = 0
    for seed in range(scaled(6, 12)):
        log = game(seed, rounds=2)
        g = read_log(log)
        for seat in range(4):
            reviews = {defence: paili.review(log, seat=seat, turns=8, max_shanten=1, defence=defence)
                       for defence in (True, False)}
            for index, r in enumerate(g.rounds):
                steps = {defence: {d["step"]: d for d in review["rounds"][index]["decisions"]
                                   if d["kind"] == "discard" and d["rows"]} for defence, review in reviews.items()}
                for step, views in table_states(g, r):
                    riichi = [v for v in views if v.seat != seat and v.in_riichi]
                    if step not in steps[True] or not riichi:
                        continue
                    if not all(genbutsu(v, paili.tile_from_name(steps[True][step]["played"])) for v in riichi):
                        continue
                    seen += 1
                    for defence in (True, False):
                        loss = steps[defence][step]["loss"]
                        counted[defence] += loss is not None and (loss["ev"] or 0.0) <= 100
    assert seen >= 20
    assert counted[True] >= 0.8 * seen and counted[True] > counted[False], (seen, counted)


def test_a_line_drawn_at_once_skips_the_first_go_around_by_hand() -> None:
    """A kan's replacement draw comes before the others' go-around: the first draw survives for sure, the second
    after one go-around (the opponent wins 10% of them) and the later discard (4% to deal in)."""
    win, tenpai, ev = [0.5, 0.75], [1.0, 1.0], [500.0, 750.0]
    r = risk({"1m": 0.04}, held="1m")
    others = 0.25 * 5200 / 3
    first = 500.0
    alive = 1 - 0.04
    second = first - 0.5 * 0.04 * 5200 - alive * 0.5 * 0.1 * others + alive * 0.9 * 250
    assert line_at_table(win, tenpai, ev, r, drawn_now=True) == pytest.approx((first, second))
    assert line_at_table(win, tenpai, ev, r)[0] == pytest.approx(-0.1 * others + 0.9 * 500)


def test_the_fold_line_of_a_hand_waiting_for_its_draw_throws_after_each_draw() -> None:
    """A 13-tile hand folds by drawing first: over three draws it throws two tiles (after the first and second
    draws), the genbutsu first, and each go-around comes before the draw."""
    r = risk({"4z": 0.0, "5p": 0.12, "3s": 0.08}, held="5p3s4z")
    fold = fold_line(3, r, discard_first=False)
    assert fold.tiles == (tile_from_name("4z"), tile_from_name("3s"))
    others = 0.25 * 5200 / 3
    first = -0.1 * others
    second = first - 0.9 * 0.1 * others
    alive = 0.9 * 0.9 * (1 - 0.08)
    third = second - 0.9 * 0.9 * 0.08 * 5200 - alive * 0.1 * others
    assert fold.ev == pytest.approx((first, second, third))
    assert fold.deal_in == pytest.approx(0.81 * 0.08)


def test_outlook_and_call_advice_keep_their_values_at_a_quiet_table() -> None:
    """An opponent who cannot be tenpai yet (no discard: a closed hand's tenpai chance is its turn number in %)
    and a wall far from its end: every draw survives, so every figure is the offence-only one; the answers add
    the fold line (it never deals in) and the verdict (push)."""
    alone = paili.outlook("23456m345p33345s", dora="1m", turns=6)
    quiet = paili.outlook("23456m345p33345s", dora="1m", turns=6, opponents="a:")
    assert quiet["ev"] == alone["ev"] and quiet["p_win"] == alone["p_win"] and "verdict" not in alone
    assert quiet["fold"]["deal_in"] == 0.0 and quiet["verdict"]["fold"] is False
    assert quiet["verdict"]["margin"] == pytest.approx(alone["ev"][-1] - quiet["fold"]["ev"][-1])
    for hand, offered, seat, other in (("3460m55p12789s66z", "5m", "left", "a:"),
                                       ("3460m555p1278s66z", "5p", "across", "r:")):
        alone_calls = paili.call_advice(hand, offered, seat=seat, turns=10, dora="1z")
        quiet_calls = paili.call_advice(hand, offered, seat=seat, turns=10, dora="1z", opponents=other)
        assert [(o["call"], o["meld"], o["ev"]) for o in quiet_calls["options"]] == \
            [(o["call"], o["meld"], o["ev"]) for o in alone_calls["options"]]
        assert "fold" not in alone_calls and quiet_calls["verdict"]["fold"] is False


def test_the_tile_offered_ends_its_throwers_river() -> None:
    """Thrown by across: it ends across's river (called away when the hand calls it, so counted once, in the
    meld), and the left player in riichi has let it pass (it is safe against them now)."""
    before = parse_opponents("l:19m4*p;a:2z3z")
    passing = thrown(before, "across", tile_from_name("5s"), False, called=False)
    calling = thrown(before, "across", tile_from_name("5s"), False, called=True)
    assert passing is not None and calling is not None
    assert format_opponents(passing) == "l:1m9m4*p+5s;a:2z3z5s"
    assert format_opponents(calling) == "l:1m9m4*p+5s;a:2z3z5-s"
    assert thrown(before, "right", tile_from_name("5s"), False, called=False) is None  # right not given


def test_call_advice_under_a_dealer_riichi_counts_the_table() -> None:
    """A slow cheap hand offered a pon of its seat wind (West) while the dealer across is in riichi: every option's
    value now counts the riichi (each is worth less than alone), a pon's discard carries its deal-in chance, and
    the verdict compares folding after passing with the best option."""
    hand, table = "1378m246p1578s33z", "l:9m1p;a:19m4p5*p7z;r:1s8s"
    alone = paili.call_advice(hand, "3z", seat="right", turns=10, seat_wind="3z", max_shanten=3)
    counted = paili.call_advice(hand, "3z", seat="right", turns=10, seat_wind="3z", max_shanten=3,
                                opponents=table)
    values = {o["call"]: o["ev"][-1] for o in alone["options"]}
    for option in counted["options"]:
        assert option["ev"][-1] < values[option["call"]], option["call"]
        assert all("deal_in" in row for row in option["rows"])
    best = max(o["ev"][-1] for o in counted["options"])
    assert counted["verdict"]["fold"] == (counted["fold"]["ev"][-1] > best)
    assert counted["verdict"]["margin"] == pytest.approx(abs(counted["fold"]["ev"][-1] - best))
    assert counted["verdict"]["fold"], counted["verdict"]  # a 3-shanten hand with no value folds here
    assert counted["fold"]["tiles"][0] == "3z"  # the tile offered has passed the riichi: safe against it now


def test_a_fifth_copy_of_the_tile_offered_counts_the_rivers() -> None:
    with pytest.raises(paili.HandError) as err:
        paili.call_advice("3460m555p1278s66z", "5p", seat="across", opponents="a:5p3m")
    assert err.value.field == "offered"


def test_review_values_the_calls_with_the_opponents_too() -> None:
    """With defence (the default) a call decision carries the opponents as the log shows them before the tile
    was thrown, and its options count them; the offence-only view has none."""
    from selfplay import game

    decisions = {}
    for defence in (True, False):
        for seed in range(8):
            log = game(seed, rounds=2, pon=0.6)
            for seat in range(4):
                review = paili.review(log, seat=seat, turns=6, max_shanten=1, defence=defence)
                decisions.setdefault(defence, []).extend(
                    d for r in review["rounds"] for d in r["decisions"] or () if d["kind"] == "call")
            if len(decisions[defence]) >= 6:
                break
    assert decisions[True] and all(d["opponents"] is not None for d in decisions[True])
    assert all(d["opponents"] is None for d in decisions[False])
    differ = sum(a["options"] != b["options"] for a, b in zip(decisions[True], decisions[False], strict=False))
    assert differ > 0
