"""Counting a Chinese Official win: every reading, the counting principles, the highest total.

A winning hand is read every way it can be (:func:`paili.agari.decompositions` under ``rules="gb"``: the regular
readings, seven pairs, thirteen orphans, 全不靠 / 七星不靠 and 组合龙, plus nine gates and seven shifted pairs
found here), each reading's fans are found (:mod:`paili.gb.fans`) and the principles applied:

* 不重复 (no repeat) and the excluded fans: a fan implied by a higher one is not counted again
  (:data:`~paili.gb.fans.EXCLUDES`, applied by :func:`~paili.gb.fans.exclude`);
* 不拆移 (no splitting): a reading's sets are fixed once chosen; a set is not broken up to make another fan;
* 不得相同 (no identical) and 套算一次 (a set combined once): a set that has made a fan with another set does
  not make the same fan again, and combines with each other set at most once
  (:func:`~paili.gb.fans.chow_fans`, :func:`~paili.gb.fans.pung_fans`);
* 就高不就低 (the highest reading): of all readings, the one with the highest total counts.

A reading with no fan at all is 无番和 (chicken hand, 8). ``legal``: at least 8 fans without the flowers.
Payments: by discard the discarder pays 8 + the total and each other player 8; by self-draw each of the three
pays 8 + the total. A hand short of 8 is no win: nothing is paid.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Final, NamedTuple

from ..agari import Decomposition, decompositions, shape_key
from ..errors import HandError
from ..hand import Hand
from ..notation import parse
from ..scoring.situation import check_win_tile
from ..tables import agari_index
from ..tiles import HONOR_BASE, KINDS, Tile
from .fans import (
    CHOW,
    FAN_VALUE,
    KONG,
    PUNG,
    RANK,
    Fans,
    Group,
    WinFacts,
    exclude,
    hand_fans,
    regular_fans,
    win_fans,
    winds_fans,
)
from .situation import GbSituation, check_situation

__all__ = ["MINIMUM", "GbScore", "count_fans", "legal_win", "payments", "score_gb"]

MINIMUM: Final = 8
"""The fans a win needs, flowers not counted (起和番)."""
BASE: Final = 8
"""What each paying player adds to the fans (底分)."""

_MELD_GROUP: Final = {"chi": CHOW, "pon": PUNG, "kan": KONG, "ankan": KONG}


class Counted(NamedTuple):
    """The fans of one reading, the principles applied, and their total (flowers aside)."""

    fans: Fans
    total: int
    form: str
    """``regular``, ``seven_pairs``, ``seven_shifted_pairs``, ``thirteen_orphans``, ``knitted`` (全不靠 or
    七星不靠), ``knitted_straight`` (组合龙 with a set and a pair) or ``nine_gates``."""
    decomposition: Decomposition


class GbScore(NamedTuple):
    """The value of a GB win (what :func:`paili.score` answers as JSON under ``rules="gb"``)."""

    win: str
    """The winning tile as it was given."""
    win_tile: Tile
    fans: tuple[tuple[str, int, int], ...]
    """``(id, value of one, count)``, highest first, the flowers last."""
    fan: int
    """The total, flowers included."""
    legal: bool
    payments: dict[str, int]
    total: int
    form: str
    decomposition: Decomposition
    situation: GbSituation


# --- the waits --------------------------------------------------------------------------------------------


@cache
def _index() -> dict[str, agari_index.Entry]:
    return agari_index.load()


def _regular_complete(counts: list[int]) -> bool:
    """Can 3n+2 counts (a count may be 5) be read as sets and a pair?"""
    if max(counts) <= 4:
        entry = _index().get(shape_key(counts)[0])
        return entry is not None and bool(entry.readings)
    for t in range(KINDS):
        if counts[t] >= 2:
            counts[t] -= 2
            done = _sets_only(counts)
            counts[t] += 2
            if done:
                return True
    return False


def _sets_only(counts: list[int]) -> bool:
    t = next((k for k in range(KINDS) if counts[k]), None)
    if t is None:
        return True
    if counts[t] >= 3:
        counts[t] -= 3
        done = _sets_only(counts)
        counts[t] += 3
        if done:
            return True
    if t < HONOR_BASE and t % 9 < 7 and counts[t + 1] and counts[t + 2]:
        for k in (t, t + 1, t + 2):
            counts[k] -= 1
        done = _sets_only(counts)
        for k in (t, t + 1, t + 2):
            counts[k] += 1
        return done
    return False


def one_wait(concealed: Sequence[int], win: Tile) -> bool:
    """Did the concealed tiles wait on one kind only before ``win`` (regular form, and seven pairs for 13
    tiles)? By shape, as ChineseOfficialMahjongHelper reads 独听: a kind whose copies are all in sight still
    counts as a wait.

    >>> one_wait([1, 1, 1] + [0] * 24 + [2] + [0] * 6, 2), one_wait([0, 1, 1, 1] + [0] * 23 + [2] + [0] * 6, 3)
    (True, False)
    """
    rest = list(concealed)
    rest[win] -= 1
    waits: set[Tile] = set()
    if sum(rest) == 13 and sum(2 if c == 4 else 1 if c >= 2 else 0 for c in rest) == 6:
        waits.add(next(t for t in range(KINDS) if rest[t] in (1, 3)))  # the single of six pairs
    for t in range(KINDS):
        if t in waits or not _near(rest, t):
            continue
        rest[t] += 1
        if _regular_complete(rest):
            waits.add(t)
        rest[t] -= 1
        if len(waits) > 1:
            return False
    return len(waits) == 1


def _near(counts: Sequence[int], t: Tile) -> bool:
    """Could a tile of kind ``t`` complete anything (it is held, or a suited neighbour within two is)?"""
    if counts[t]:
        return True
    if t >= HONOR_BASE:
        return False
    suit = t // 9 * 9
    return any(counts[k] for k in range(max(suit, t - 2), min(suit + 9, t + 3)))


# --- readings ---------------------------------------------------------------------------------------------


def _melds(hand: Hand) -> list[Group]:
    return [Group(_MELD_GROUP[m.kind], m.tiles[0], m.kind == "ankan") for m in hand.melds]


def _merged(*parts: Fans) -> Fans:
    out: Fans = {}
    for part in parts:
        for fan, n in part.items():
            out[fan] = out.get(fan, 0) + n
    return out


def _total(fans: Fans) -> int:
    return sum(FAN_VALUE[f] * n for f, n in fans.items())


def _counted(fans: Fans, form: str, d: Decomposition) -> Counted:
    fans = exclude(fans)
    if not fans:
        fans = {"chicken_hand": 1}
    return Counted(fans, _total(fans), form, d)


def _nine_gates(hand: Hand, win: Tile) -> bool:
    """九莲宝灯: a closed hand of one suit that waited on 1112345678999 of it."""
    counts = hand.concealed
    suit = win // 9 * 9
    if hand.melds or win >= HONOR_BASE or sum(counts[suit:suit + 9]) != 14:
        return False
    rest = list(counts[suit:suit + 9])
    rest[win - suit] -= 1
    return rest == [3, 1, 1, 1, 1, 1, 1, 1, 3]


def _seven_shifted(d: Decomposition) -> bool:
    """连七对: seven pairs of seven consecutive tiles of one suit."""
    pairs = d.pairs
    return (pairs[0] < HONOR_BASE and pairs[6] == pairs[0] + 6 and pairs[0] // 9 == pairs[6] // 9
            and len(set(pairs)) == 7)


def _knitted_straight_fans(d: Decomposition, hand: Hand, win: Tile, sit: GbSituation) -> Fans:
    """组合龙 with its set and pair: the fans of the set and the pair (the knitted nine count as the other three
    sets), and the wait: with no meld, where the winning tile sits among the set and the pair when the five
    tiles outside the knitted nine waited on one kind; with a meld, 单钓将 when the pair was the wait."""
    found: Fans = {"knitted_straight": 1}
    pair = d.pair
    assert pair is not None
    if hand.melds:
        group = _melds(hand)[0]
    elif d.sequences:
        group = Group(CHOW, d.sequences[0], True)
    else:
        group = Group(PUNG, d.triplets[0], True)
    t = group.tile
    if group.kind == CHOW:
        if pair < HONOR_BASE:
            found["all_chows"] = 1
    else:
        if group.kind == KONG:
            found["concealed_kong" if group.concealed else "melded_kong"] = 1
        if t >= 31:
            found["dragon_pung"] = 1
        elif t >= HONOR_BASE:
            winds, used = winds_fans([t], sit.seat_wind, sit.round_wind)
            found.update(winds)
            if not used:
                found["pung_of_terminals_or_honors"] = 1
        elif t % 9 in (0, 8):
            found["pung_of_terminals_or_honors"] = 1
    if hand.melds:
        if win not in d.knitted or hand.concealed[win] == 3:
            found["single_wait"] = 1
    else:
        rest = list(hand.concealed)
        for k in d.knitted:
            rest[k] -= 1
        if rest[win] and one_wait(rest, win):
            if group.kind == CHOW and win in (t, t + 2):
                found["edge_wait"] = 1
            elif group.kind == CHOW and win == t + 1:
                found["closed_wait"] = 1
            elif pair == win:
                found["single_wait"] = 1
    return found


def count_fans(hand: Hand, win: Tile, sit: GbSituation, readings: Sequence[Decomposition] | None = None) -> Counted:
    """The highest reading of a complete hand won on ``win`` in ``sit`` (就高不就低); a ``ValueError`` for a hand
    that is no win. On a tie a regular reading is kept before seven pairs, and one with 一色三同顺 or 三同刻
    before another (as ChineseOfficialMahjongHelper chooses). ``readings``: the hand's GB decompositions, when
    the caller has them."""
    if readings is None:
        readings = decompositions(hand, rules="gb")
    if not readings:
        raise ValueError("count_fans needs a complete hand")
    whole = [c + m for c, m in zip(hand.concealed, hand.called_counts(), strict=True)]
    kongs = sum(1 for m in hand.melds if m.kind in ("kan", "ankan"))
    shared = _merged(hand_fans(whole, kongs),
                     win_fans(WinFacts(sit.tsumo, sit.last_copy, sit.last_tile, sit.rinshan, sit.chankan,
                                       sum(1 for m in hand.melds if m.kind != "ankan"))))
    melds = _melds(hand)
    gates = _nine_gates(hand, win)
    wait: bool | None = None
    best: Counted | None = None
    best_key = (-1, False, False)
    for d in readings:
        if d.form == "regular":
            if wait is None:
                wait = not gates and one_wait(hand.concealed, win)
            groups = melds + [Group(PUNG, t, True) for t in d.triplets] + [Group(CHOW, t, True) for t in d.sequences]
            assert d.pair is not None
            fans = _merged(shared, regular_fans(groups, d.pair, win, sit.tsumo, sit.seat_wind, sit.round_wind,
                                                "one" if wait else None))
            if gates:
                fans["nine_gates"] = 1
                found = exclude(fans)
                if found.get("pung_of_terminals_or_honors"):  # nine gates leaves out one 幺九刻
                    found["pung_of_terminals_or_honors"] -= 1
                    if not found["pung_of_terminals_or_honors"]:
                        del found["pung_of_terminals_or_honors"]
                counted = Counted(found, _total(found), "nine_gates", d)
            else:
                counted = _counted(fans, "regular", d)
        elif d.form == "chiitoitsu":
            if _seven_shifted(d):
                counted = _counted(_merged(shared, {"seven_shifted_pairs": 1}), "seven_shifted_pairs", d)
            else:
                counted = _counted(_merged(shared, {"seven_pairs": 1}), "seven_pairs", d)
        elif d.form == "kokushi":
            counted = _counted(_merged(shared, {"thirteen_orphans": 1}), "thirteen_orphans", d)
        elif d.form in ("quanbukao", "qixingbukao"):
            form = {"qixingbukao": "greater_honors_and_knitted_tiles", "quanbukao": "lesser_honors_and_knitted_tiles"}
            own = {form[d.form]: 1}
            if sum(hand.concealed[:HONOR_BASE]) == 9:
                own["knitted_straight"] = 1
            counted = _counted(_merged(shared, own), "knitted", d)
        else:  # zuhelong
            counted = _counted(_merged(shared, _knitted_straight_fans(d, hand, win, sit)), "knitted_straight", d)
        key = (counted.total, counted.form != "seven_pairs",
               "pure_triple_chow" in counted.fans or "triple_pung" in counted.fans)
        if key > best_key:
            best, best_key = counted, key
    assert best is not None
    return best


# --- the way in -------------------------------------------------------------------------------------------


def payments(fan: int, tsumo: bool) -> tuple[dict[str, int], int]:
    """``(payments, total)`` of a win worth ``fan``: by discard ``{"discarder": 8 + fan, "others": 8}``, by
    self-draw ``{"others": 8 + fan}`` (each of three).

    >>> payments(10, False), payments(10, True)
    (({'discarder': 18, 'others': 8}, 34), ({'others': 18}, 54))
    """
    if tsumo:
        return {"others": BASE + fan}, 3 * (BASE + fan)
    return {"discarder": BASE + fan, "others": BASE}, BASE + fan + 2 * BASE


def score_gb(hand: str | Hand, *, win: object, **situation: object) -> GbScore:
    """The :class:`GbScore` of a complete hand (mpsz text, or a :class:`Hand`) won on ``win`` in the situation
    given by :func:`paili.score`'s GB keywords (:data:`~paili.gb.situation.GB_KEYS`). The checks come in this
    order, the first problem found being the error: the hand, its size, whether it is a win, the winning tile,
    the situation.

    >>> s = score_gb("123m456p789s11z [555z]", win="1z", seat_wind="1z")
    >>> [(f, n) for f, _, n in s.fans], s.fan, s.legal
    ([('mixed_straight', 1), ('all_types', 1), ('dragon_pung', 1), ('single_wait', 1)], 17, True)
    """
    if not isinstance(hand, Hand):
        hand = parse(hand, rules="gb")
    size = hand.tile_count
    if size % 3 != 2 or size + 3 * len(hand.melds) != 14:
        raise HandError(f"expected a complete hand of 14 tiles (a kan counts as 3) with its melds "
                        f"written, got {size} concealed tiles and {len(hand.melds)} meld(s)", field="hand",
                        code="score.size", params={"concealed": size, "melds": len(hand.melds)})
    readings = decompositions(hand, rules="gb")
    if not readings:
        raise HandError(f"expected a complete hand (agari), {hand} is not one", field="hand",
                        code="score.not_agari", params={"hand": str(hand)})
    win_tile = check_win_tile(hand, win)
    sit = check_situation(hand, win_tile, situation)
    counted = count_fans(hand, win_tile, sit, readings)
    fans = sorted(counted.fans.items(), key=lambda item: RANK[item[0]])
    listed = [(fan, FAN_VALUE[fan], n) for fan, n in fans]
    if sit.flowers:
        listed.append(("flower_tiles", 1, sit.flowers))
    legal = counted.total >= MINIMUM
    fan = counted.total + sit.flowers
    paid, gained = payments(fan, sit.tsumo) if legal else ({}, 0)
    return GbScore(str(win), win_tile, tuple(listed), fan, legal, paid, gained, counted.form, counted.decomposition,
                   sit)


def legal_win(hand: Hand, win: Tile, sit: GbSituation) -> tuple[tuple[tuple[str, int, int], ...], int, bool]:
    """``(fans, total, legal)`` of a complete hand won on ``win`` in ``sit`` (the inputs taken as checked): what
    :func:`paili.analyze` and the advisor need to tell a legal GB win (8 fans, flowers aside) from a complete
    shape. ``fans`` as :attr:`GbScore.fans` lists them, ``total`` with the flowers.

    >>> from paili import parse
    >>> legal_win(parse("123m456p789s11z [555z]"), 27, GbSituation(False, 27, 27, 0, False, False, False, False))[1:]
    (17, True)
    """
    counted = count_fans(hand, win, sit)
    listed = [(fan, FAN_VALUE[fan], n) for fan, n in sorted(counted.fans.items(), key=lambda item: RANK[item[0]])]
    if sit.flowers:
        listed.append(("flower_tiles", 1, sit.flowers))
    return tuple(listed), counted.total + sit.flowers, counted.total >= MINIMUM
