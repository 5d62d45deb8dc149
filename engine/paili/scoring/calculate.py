"""The value of a winning hand: every reading, every place of the winning tile, the one that scores most.

Every reading of the hand (the index method's table of winning shapes, seven pairs, thirteen orphans) is
scored with every place the winning tile can take in it (pair, a triplet, or a sequence: two-sided, closed or
edge), and the one that scores most is kept: basic points, then a yakuman before a counted one of the same
points, then more han, then more fu (the first found on a tie).

Two ways in, sharing :func:`_placements_scored` and :func:`_value`:

* :func:`score_hand`: a parsed hand, its winning tile as written and the situation as keywords, checked
  (:func:`~paili.scoring.situation.check_setting`); the whole :class:`Score` (yaku, fu and its breakdown,
  the reading used, payments). :func:`paili.score` is it with the hand as text and the answer as JSON.
* :func:`win_points`: the advisor's leaf, the points of a win from the counts, the melds, the winning tile and
  a :class:`~paili.scoring.situation.ScoringSetting` checked once for the whole search; nothing else is built.

Dora, ura dora (with riichi only), red fives (the ``red_fives`` rule) and sanma's nukidora are no yaku: a hand
with them alone has no yaku (``no_yaku``).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Final, NamedTuple

from ..agari import Decomposition, decompositions, shape
from ..errors import HandError
from ..hand import Hand, Meld
from ..notation import parse
from ..tables import agari_index
from ..tiles import Counts, Tile
from .fu import CLOSED_TRIPLET_FU, Breakdown, chiitoitsu_fu, regular_breakdown, regular_fu, set_fu
from .points import basic_points, payments, total
from .rules import ScoringRules, resolve_rules
from .situation import ScoringSetting, check_sanma, check_setting, check_win_tile
from .yaku import (
    QUAD,
    RANK,
    SEQUENCE,
    TRIPLET,
    YAKUMAN,
    Group,
    HandYaku,
    Wait,
    Yaku,
    yaku_entry,
)

__all__ = ["Score", "score_hand", "win_points"]

_NORTH: Final = 30
_MELD_GROUP: Final = {"chi": SEQUENCE, "pon": TRIPLET, "kan": QUAD, "ankan": QUAD}
_PINFU: Final = yaku_entry("pinfu", True)


# --- the readings ------------------------------------------------------------------------------------------


class Regular(NamedTuple):
    """Where the winning tile sits in a regular reading: what the fu breakdown and the result need."""

    pair: Tile
    triplets: list[Tile]
    sequences: list[Tile]
    wait: Wait
    shanpon: int
    """The index of the concealed triplet a ron completed, -1 for none."""
    pinfu: bool


class Special(NamedTuple):
    """A seven-pairs or thirteen-orphans reading and its wait."""

    decomposition: Decomposition
    wait: Wait


class Score(NamedTuple):
    """The value of a win (what :func:`paili.score` answers as JSON: see docs/CONTRACT.md)."""

    win: str
    """The winning tile as it was given (``"0p"`` for a red five)."""
    dealer: bool
    yaku: tuple[Yaku, ...]
    """The yaku in the order results list them, dora, ura, aka and nukidora last; empty: no yaku."""
    han: int
    fu: int
    yakuman: int
    """0, or the yakuman multiple."""
    limit: str | None
    points: int
    """The hand's points, without honba."""
    payments: dict[str, int]
    """``{"ron": n}``, ``{"dealer": n, "others": n}`` or ``{"others": n}``, honba included."""
    total: int
    """The winner's gain, sticks included."""
    fu_breakdown: Breakdown
    reading: Regular | Special
    """The reading used and the place of the winning tile in it."""
    win_tile: Tile
    rules: ScoringRules


class Scored(NamedTuple):
    """One place of the winning tile in one reading, with its yaku and fu."""

    yaku: list[Yaku]
    fu: int
    place: Regular | Special


class Value(NamedTuple):
    """What a reading is worth, in the order readings are compared."""

    basic: int
    yakuman: int
    han: int
    fu: int
    yaku: list[Yaku]
    limit: str | None


class Melds(NamedTuple):
    """What the called melds give every reading of the hand."""

    groups: list[Group]
    """Each meld as a group of the reading (its kind, lowest tile, open, called)."""
    sequences: int
    """The bits ``1 << low`` of the chi."""
    sets: int
    """The bits ``1 << tile`` of the pon and kan."""
    mask: int
    """The bits of every kind in them."""
    quads: int
    closed_sets: int
    """Closed kans."""
    fu: int
    closed: bool
    """No open meld."""


@cache
def _index() -> dict[str, agari_index.Entry]:
    """The index method's table of winning shapes (read once)."""
    return agari_index.load()


def _melds(melds: Sequence[Meld]) -> Melds:
    groups: list[Group] = []
    sequences = sets = mask = quads = closed_sets = fu = 0
    for m in melds:
        kind, low, is_open = _MELD_GROUP[m.kind], m.tiles[0], m.kind != "ankan"
        groups.append((kind, low, is_open, True))
        if kind == SEQUENCE:
            sequences |= 1 << low
            mask |= 7 << low
        else:
            sets |= 1 << low
            mask |= 1 << low
            quads += kind == QUAD
            closed_sets += not is_open
            fu += set_fu(kind, low, is_open)
    return Melds(groups, sequences, sets, mask, quads, closed_sets, fu, all(g[2] is False for g in groups))


def _special_readings(concealed: Counts, kinds: list[Tile], entry: agari_index.Entry | None,
                      melds: Sequence[Meld], size: int) -> list[Decomposition]:
    """Seven pairs or thirteen orphans, for a closed hand of 14 concealed tiles."""
    if melds or size != 14 or (entry is not None and not entry.seven_pairs):
        return []
    if entry is not None:  # the table's seven-pairs key: seven kinds held twice
        return [Decomposition("chiitoitsu", pairs=tuple(kinds))]
    return [d for d in decompositions(Hand(concealed)) if d.form != "regular"]  # thirteen orphans, or nothing


def _placements(pair: Tile, triplets: list[Tile], sequences: list[Tile], win: Tile) -> list[tuple[Wait, int]]:
    """Where the winning tile can sit in a regular reading: (wait, index of the triplet for a shanpon)."""
    out: list[tuple[Wait, int]] = []
    if pair == win:
        out.append(("tanki", -1))
    if win in triplets:
        out.append(("shanpon", triplets.index(win)))
    for s in set(sequences):
        offset = win - s
        if offset == 1:
            out.append(("kanchan", -1))
        elif offset == 0:
            out.append(("penchan" if s % 9 == 6 else "ryanmen", -1))
        elif offset == 2:
            out.append(("penchan" if s % 9 == 0 else "ryanmen", -1))
    return out


def _placements_scored(concealed: Counts, kinds: list[Tile], mask: int, entry: agari_index.Entry | None,
                       special: list[Decomposition], called: Melds, win: Tile, setting: ScoringSetting) -> list[Scored]:
    """Every place of the winning tile in every reading, with its yaku and fu (the readings' order)."""
    sit, rules, closed = setting.situation, setting.rules, called.closed
    hand = HandYaku(mask, sit, closed, rules, concealed, win)
    out: list[Scored] = []
    if entry is not None:
        for r in entry.readings:
            pair = kinds[r.pair]
            triplets = [kinds[i] for i in r.triplets]
            sequences = [kinds[i] for i in r.sequences]
            seq_bits, set_bits, sets_fu = called.sequences, called.sets, called.fu
            for t in sequences:
                seq_bits |= 1 << t
            for t in triplets:
                set_bits |= 1 << t
                sets_fu += CLOSED_TRIPLET_FU[t]
            peikou = (2 if "ryanpeikou" in r.flags else 1 if "iipeikou" in r.flags else 0) if closed else 0
            for wait, shanpon in _placements(pair, triplets, sequences, win):
                if shanpon >= 0 and sit.tsumo:
                    shanpon = -1  # a triplet completed by tsumo stays concealed
                ron_set = shanpon >= 0  # a triplet completed by ron counts as open
                found = hand.regular(sequences, seq_bits, set_bits, called.quads,
                                     called.closed_sets + len(triplets) - ron_set, pair, wait, peikou)
                pinfu = not ron_set and wait == "ryanmen" and _PINFU in found
                fu = regular_fu(sets_fu - (CLOSED_TRIPLET_FU[win] >> 1 if ron_set else 0), pair, wait, sit, closed,
                                pinfu, rules)
                out.append(Scored(found, fu, Regular(pair, triplets, sequences, wait, shanpon, pinfu)))
    for d in special:
        if d.form == "chiitoitsu":
            out.append(Scored(hand.chiitoitsu(), chiitoitsu_fu(rules)[0], Special(d, "tanki")))
        else:
            thirteen = concealed[win] == 2
            out.append(Scored(hand.kokushi(thirteen), 0, Special(d, "kokushi_13" if thirteen else "kokushi")))
    return out


def _value(found: list[Yaku], fu: int, bonus: int, rules: ScoringRules) -> Value:
    """What a reading with the yaku ``found`` and ``fu`` is worth with ``bonus`` han of dora."""
    if not found:
        return Value(0, 0, 0, fu, found, None)
    if found[0][2]:  # a reading with a yakuman lists only yakuman
        counted = [(name, 13 * m, m) for name, _, n in found for m in [YAKUMAN[name] if rules.double_yakuman else 1]]
        multiple = sum(y[2] for y in counted) if rules.yakuman_stack else max(y[2] for y in counted)
        return Value(8000 * multiple, multiple, 13 * multiple, fu, counted, "yakuman")
    han = bonus + sum(y[1] for y in found)
    basic, limit = basic_points(han, fu, 0, rules)
    return Value(basic, 0, han, fu, found, limit)


def _bonus(concealed: Counts, reds: Sequence[int], melds: Sequence[Meld], nukidora: int, setting: ScoringSetting
           ) -> list[Yaku]:
    """Dora, ura (with riichi), aka and nukidora of the hand: han that are no yaku."""
    shows, rules = setting.shows, setting.rules
    held = list(concealed)
    for m in melds:
        for t in m.tiles:
            held[t] += 1
    held[_NORTH] += nukidora  # each north set aside is seen by the indicators
    out: list[Yaku] = []
    dora = sum(held[shows[t]] for t in setting.dora)
    if dora:
        out.append(("dora", dora, 0))
    ura = sum(held[shows[t]] for t in setting.ura) if setting.situation.riichi else 0
    if ura:
        out.append(("ura", ura, 0))
    aka = sum(reds[i] for i, suit in enumerate("mps") if suit in rules.red_fives)
    aka += sum(m.reds for m in melds if m.reds and "mps"[m.tiles[0] // 9] in rules.red_fives)
    if aka:
        out.append(("aka", aka, 0))
    if nukidora:
        out.append(("nukidora", nukidora, 0))
    return out


class _Shape(NamedTuple):
    """A winning hand's concealed shape: its kinds, the bits of every kind held (melds included), its readings."""

    kinds: list[Tile]
    mask: int
    entry: agari_index.Entry | None
    special: list[Decomposition]
    called: Melds


def _winning_shape(concealed: Counts, melds: Sequence[Meld]) -> _Shape | None:
    """The shape of a complete hand; ``None`` when it has no reading (regular, seven pairs, thirteen orphans)."""
    key, kinds, size, mask = shape(concealed)
    entry = _index().get(key)
    special = _special_readings(concealed, kinds, entry, melds, size)
    if (entry is None or not entry.readings) and not special:
        return None
    called = _melds(melds)
    return _Shape(kinds, mask | called.mask, entry, special, called)


class _Readings(NamedTuple):
    scored: list[Scored]
    bonus: list[Yaku]
    extra: int
    """The han of the bonus."""


def _readings(form: _Shape, concealed: Counts, reds: Sequence[int], melds: Sequence[Meld], nukidora: int, win: Tile,
              setting: ScoringSetting) -> _Readings:
    """Every scored placement of the winning tile and the bonus han of a hand of that shape."""
    scored = _placements_scored(concealed, form.kinds, form.mask, form.entry, form.special, form.called, win, setting)
    bonus = _bonus(concealed, reds, melds, nukidora, setting)
    return _Readings(scored, bonus, sum(b[1] for b in bonus))


def _settle(basic: int, setting: ScoringSetting) -> tuple[int, dict[str, int], int]:
    """(points, payments, total) of ``basic`` points in the setting."""
    sit, rules = setting.situation, setting.rules
    points, paid = payments(basic, dealer=sit.dealer, tsumo=sit.tsumo, honba=setting.honba, sanma=rules.sanma,
                            split=rules.sanma_split)
    return points, paid, total(paid, setting.riichi_sticks, sanma=rules.sanma)


# --- the two ways in ---------------------------------------------------------------------------------------


def win_points(concealed: Counts, reds: Sequence[int], melds: Sequence[Meld], win: Tile, setting: ScoringSetting,
               ura_hits: Sequence[int] = (0,)) -> list[int]:
    """The advisor's leaf: the points (no honba) of the win of ``win`` completing the 14-tile ``concealed``
    counts (holding ``reds``) with ``melds`` in ``setting``, with each number of extra ura dora in
    ``ura_hits`` (the best reading may differ between them); 0 for a hand with no yaku. The inputs are taken as
    checked: a hand that is no win is a ``ValueError``."""
    form = _winning_shape(concealed, melds)
    if form is None or sum(concealed) + 3 * len(melds) != 14:
        raise ValueError("win_points needs a complete hand")
    readings = _readings(form, concealed, reds, melds, 0, win, setting)
    rules, sit = setting.rules, setting.situation
    out = []
    for hits in ura_hits:
        best = max(_value(s.yaku, s.fu, readings.extra + hits, rules)[:4] for s in readings.scored)
        out.append(payments(best[0], dealer=sit.dealer, tsumo=sit.tsumo, honba=0, sanma=rules.sanma,
                            split=rules.sanma_split)[0] if best[0] else 0)
    return out


def score_hand(hand: str | Hand, *, win: object, rules: object = "riichi", indicators_checked: bool = False,
               **situation: object) -> Score:
    """The :class:`Score` of a complete hand (mpsz text, read under the rules' wall, or a :class:`Hand`) won on
    ``win`` (among its concealed tiles, ``"0p"`` for a red five) in the situation given by :func:`paili.score`'s
    keywords (:data:`~paili.scoring.situation.SITUATION_KEYS`, checked by
    :func:`~paili.scoring.situation.check_setting`, which also says what ``indicators_checked`` does).

    The checks come in this order, the first problem found being the error: the rules, the hand, its size,
    whether it is a win, the winning tile, then the situation."""
    checked_rules = resolve_rules(rules)
    if not isinstance(hand, Hand):
        hand = parse(hand, rules="sanma" if checked_rules.sanma else "riichi")
    if checked_rules.sanma or hand.nukidora:
        check_sanma(hand, checked_rules)
    size = hand.tile_count
    if size % 3 != 2 or size + 3 * len(hand.melds) != 14:
        raise HandError(f"expected a complete hand of 14 tiles (a kan counts as 3) with its melds "
                        f"written, got {size} concealed tiles and {len(hand.melds)} meld(s)", field="hand",
                        code="score.size", params={"concealed": size, "melds": len(hand.melds)})
    form = _winning_shape(hand.concealed, hand.melds)
    if form is None:
        raise HandError(f"expected a complete hand (agari), {hand} is not one", field="hand",
                        code="score.not_agari", params={"hand": str(hand)})
    win_tile = check_win_tile(hand, win)
    setting = check_setting(hand, win_tile, situation, rules=checked_rules, indicators_checked=indicators_checked)
    readings = _readings(form, hand.concealed, hand.reds, hand.melds, hand.nukidora, win_tile, setting)
    values = [_value(s.yaku, s.fu, readings.extra, checked_rules) for s in readings.scored]
    best = max(range(len(values)), key=lambda i: values[i][:4])
    value, place = values[best], readings.scored[best].place
    sit = setting.situation
    if isinstance(place, Regular):
        breakdown = regular_breakdown(place.triplets, place.shanpon, form.called.groups, place.pair, place.wait,
                                      sit, place.pinfu, checked_rules)
    else:
        breakdown = chiitoitsu_fu(checked_rules)[1] if place.decomposition.form == "chiitoitsu" else []
    found = value.yaku
    if found and not value.yakuman:
        found = found + readings.bonus
    points, paid, gained = _settle(value.basic, setting) if found else (0, {}, 0)
    return Score(win=str(win), dealer=sit.dealer, yaku=tuple(sorted(found, key=lambda y: RANK[y[0]])),
                 han=value.han, fu=value.fu, yakuman=value.yakuman, limit=value.limit, points=points, payments=paid,
                 total=gained, fu_breakdown=breakdown, reading=place, win_tile=win_tile, rules=checked_rules)

