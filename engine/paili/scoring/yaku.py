"""Yaku (役): which ones a reading of a winning hand has, and their han (翻).

A *reading* is one way to cut the hand into four sets and a pair (:class:`Group` list + pair), with the place
the winning tile took in it (the wait, 待ち). Yaku that depend only on the tiles (tanyao, honitsu, ...) are
computed once per hand in :class:`TileFacts`; the rest per reading.

Han, closed / open (0 = closed hands only):

==================  ======  ====  ===================================================================
id                  closed  open  what
==================  ======  ====  ===================================================================
riichi              1       -     riichi declared (立直)
double_riichi       2       -     riichi on the first turn (ダブル立直); replaces riichi
ippatsu             1       -     won within one go-around of riichi, no call in between (一発)
menzen_tsumo        1       -     self-draw with a closed hand (門前清自摸和)
tanyao              1       1     only 2-8 suited tiles (断么九); open only with the ``open_tanyao`` rule
pinfu               1       -     four sequences, a pair that is no yakuhai, a two-sided wait (平和);
                                  not on a tsumo under ``pinfu_tsumo: False``
iipeikou            1       -     two identical sequences (一盃口)
yakuhai_haku/...    1       1     a triplet or quad of white / green / red dragons (役牌)
round_wind          1       1     a triplet or quad of the round wind (場風)
seat_wind           1       1     a triplet or quad of the seat wind (自風); both count for a double wind
rinshan             1       1     won on the replacement tile of a kan (嶺上開花)
chankan             1       1     won on a tile added to another player's kan (搶槓)
haitei / houtei     1       1     won on the last tile drawn (海底摸月) / its discard (河底撈魚)
chiitoitsu          2       -     seven pairs (七対子), always 25 fu
chanta              2       1     every set and the pair hold a terminal or honor, a sequence, an honor
ittsu               2       1     123, 456, 789 of one suit (一気通貫)
sanshoku            2       1     the same sequence in the three suits (三色同順)
sanshoku_doukou     2       2     the same triplet in the three suits (三色同刻)
sankantsu           2       2     three quads (三槓子)
toitoi              2       2     four triplets or quads (対々和)
sanankou            2       2     three concealed triplets (三暗刻); a triplet completed by ron is open
shousangen          2       2     two dragon triplets and a dragon pair (小三元)
honroutou           2       2     only terminals and honors (混老頭)
ryanpeikou          3       -     two pairs of identical sequences (二盃口); replaces iipeikou
junchan             3       2     as chanta with no honor (純全帯么九)
honitsu             3       2     one suit plus honors (混一色)
chinitsu            6       5     one suit only (清一色); replaces honitsu
==================  ======  ====  ===================================================================

Yakuman (役満), worth 1 each or 2 for the double ones under the ``double_yakuman`` rule: tenhou / chiihou
(the dealer's / a non-dealer's first draw), kokushi (国士無双) and kokushi_13 (its 13-sided wait, double),
suuankou (四暗刻) and suuankou_tanki (on a pair wait, double), daisangen (大三元), shousuushii (小四喜),
daisuushii (大四喜, double), tsuuiisou (字一色, seven pairs of honors included), ryuuiisou (緑一色: 23468s and
6z), chinroutou (清老頭), suukantsu (四槓子), chuuren (九蓮宝燈) and junsei_chuuren (its nine-sided wait,
double). A hand with a yakuman scores only its yakuman; each entry shows 13 han per yakuman (26 for a double),
and a yakuman reading beats a counted (kazoe) one of the same points.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal, TypeAlias

from ..tiles import HONOR_BASE, IS_ORPHAN, KINDS, Tile
from .rules import ScoringRules

GroupKind: TypeAlias = Literal["sequence", "triplet", "quad"]
Wait: TypeAlias = Literal["ryanmen", "kanchan", "penchan", "shanpon", "tanki", "kokushi", "kokushi_13"]

YAKU_ORDER: Final = (
    "tenhou", "chiihou", "kokushi", "kokushi_13", "suuankou", "suuankou_tanki", "daisangen", "shousuushii",
    "daisuushii", "tsuuiisou", "ryuuiisou", "chinroutou", "suukantsu", "chuuren", "junsei_chuuren",
    "riichi", "double_riichi", "ippatsu", "menzen_tsumo", "tanyao", "pinfu", "iipeikou", "yakuhai_haku",
    "yakuhai_hatsu", "yakuhai_chun", "round_wind", "seat_wind", "rinshan", "chankan", "haitei", "houtei",
    "chiitoitsu", "chanta", "ittsu", "sanshoku", "sanshoku_doukou", "sankantsu", "toitoi", "sanankou",
    "shousangen", "honroutou", "ryanpeikou", "junchan", "honitsu", "chinitsu", "dora", "aka", "ura",
)
"""Every yaku id, in the order results list them (yakuman, then by han as in the table, then dora)."""

YAKU_HAN: Final[dict[str, tuple[int, int]]] = {
    "riichi": (1, 0), "double_riichi": (2, 0), "ippatsu": (1, 0), "menzen_tsumo": (1, 0), "tanyao": (1, 1),
    "pinfu": (1, 0), "iipeikou": (1, 0), "yakuhai_haku": (1, 1), "yakuhai_hatsu": (1, 1),
    "yakuhai_chun": (1, 1), "round_wind": (1, 1), "seat_wind": (1, 1), "rinshan": (1, 1), "chankan": (1, 1),
    "haitei": (1, 1), "houtei": (1, 1), "chiitoitsu": (2, 0), "chanta": (2, 1), "ittsu": (2, 1),
    "sanshoku": (2, 1), "sanshoku_doukou": (2, 2), "sankantsu": (2, 2), "toitoi": (2, 2), "sanankou": (2, 2),
    "shousangen": (2, 2), "honroutou": (2, 2), "ryanpeikou": (3, 0), "junchan": (3, 2), "honitsu": (3, 2),
    "chinitsu": (6, 5),
}
"""Han of each ordinary yaku: (closed, open); 0 open = closed hands only."""

YAKUMAN: Final[dict[str, int]] = {
    "tenhou": 1, "chiihou": 1, "kokushi": 1, "kokushi_13": 2, "suuankou": 1, "suuankou_tanki": 2,
    "daisangen": 1, "shousuushii": 1, "daisuushii": 2, "tsuuiisou": 1, "ryuuiisou": 1, "chinroutou": 1,
    "suukantsu": 1, "chuuren": 1, "junsei_chuuren": 2,
}
"""Each yakuman and its multiple under the ``double_yakuman`` rule (1 without it)."""

_RANK: Final = {name: i for i, name in enumerate(YAKU_ORDER)}
_DRAGONS: Final = (31, 32, 33)
_DRAGON_YAKU: Final = {31: "yakuhai_haku", 32: "yakuhai_hatsu", 33: "yakuhai_chun"}
_WINDS: Final = (27, 28, 29, 30)
_GREEN: Final = frozenset({19, 20, 21, 23, 25, 32})
_GATES: Final = (3, 1, 1, 1, 1, 1, 1, 1, 3)

Yaku: TypeAlias = tuple[str, int, int]
"""One yaku found: (id, han, yakuman multiple; 0 for an ordinary yaku)."""


@dataclass(frozen=True, slots=True)
class Group:
    """One set of a reading: its kind, its lowest tile, and whether it counts as open (a called meld, or a
    triplet completed by ron); ``called`` marks the called melds themselves (closed kans included)."""

    kind: GroupKind
    tile: Tile
    open: bool
    called: bool = False


@dataclass(frozen=True, slots=True)
class Situation:
    """How and where the hand won (checked by :func:`paili.score` before it gets here)."""

    tsumo: bool
    round_wind: Tile
    seat_wind: Tile
    riichi: int
    ippatsu: bool
    last_tile: bool
    rinshan: bool
    chankan: bool
    blessing: bool

    @property
    def dealer(self) -> bool:
        """The dealer (親) is the player whose seat wind is East."""
        return self.seat_wind == HONOR_BASE


@dataclass(frozen=True, slots=True)
class TileFacts:
    """What the whole hand's tiles (concealed and called) say, whatever the reading."""

    all_simple: bool
    all_orphan: bool
    all_honor: bool
    all_terminal: bool
    all_green: bool
    suits: frozenset[int]
    has_honor: bool

    @staticmethod
    def of(counts: tuple[int, ...] | list[int]) -> TileFacts:
        """The facts of a 34-count vector of every tile in the hand."""
        present = [t for t in range(KINDS) if counts[t]]
        return TileFacts(
            all_simple=not any(IS_ORPHAN[t] for t in present),
            all_orphan=all(IS_ORPHAN[t] for t in present),
            all_honor=all(t >= HONOR_BASE for t in present),
            all_terminal=all(IS_ORPHAN[t] and t < HONOR_BASE for t in present),
            all_green=all(t in _GREEN for t in present),
            suits=frozenset(t // 9 for t in present if t < HONOR_BASE),
            has_honor=any(t >= HONOR_BASE for t in present),
        )


def _han(name: str, closed: bool) -> int:
    closed_han, open_han = YAKU_HAN[name]
    return closed_han if closed else open_han


def situation_yaku(sit: Situation, closed: bool) -> list[Yaku]:
    """The yaku that come from how the hand won, not from its shape."""
    out: list[Yaku] = []
    if sit.riichi == 2:
        out.append(("double_riichi", 2, 0))
    elif sit.riichi == 1:
        out.append(("riichi", 1, 0))
    if sit.ippatsu:
        out.append(("ippatsu", 1, 0))
    if sit.tsumo and closed:
        out.append(("menzen_tsumo", 1, 0))
    if sit.rinshan:
        out.append(("rinshan", 1, 0))
    if sit.chankan:
        out.append(("chankan", 1, 0))
    if sit.last_tile:
        out.append(("haitei", 1, 0) if sit.tsumo else ("houtei", 1, 0))
    return out


def _color_yaku(facts: TileFacts, closed: bool, rules: ScoringRules) -> list[Yaku]:
    out: list[Yaku] = []
    if facts.all_simple and (closed or rules.open_tanyao):
        out.append(("tanyao", 1, 0))
    if len(facts.suits) == 1:
        out.append(("honitsu", _han("honitsu", closed), 0) if facts.has_honor
                   else ("chinitsu", _han("chinitsu", closed), 0))
    return out


def _blessing(sit: Situation) -> list[Yaku]:
    if not sit.blessing:
        return []
    return [("tenhou", 0, 1)] if sit.dealer else [("chiihou", 0, 1)]


def regular_yaku(groups: list[Group], pair: Tile, wait: Wait, win: Tile, facts: TileFacts, sit: Situation,
                 closed: bool, counts: tuple[int, ...], rules: ScoringRules) -> list[Yaku]:
    """The yaku of a regular reading (four ``groups`` and a ``pair``, ``win`` placed as ``wait``).

    ``counts`` are the concealed tiles (for nine gates, which needs them all concealed).
    """
    sequences = [g.tile for g in groups if g.kind == "sequence"]
    sets = [g for g in groups if g.kind != "sequence"]
    set_tiles = {g.tile for g in sets}
    quads = sum(1 for g in sets if g.kind == "quad")
    concealed_sets = sum(1 for g in sets if not g.open)

    yakuman: list[Yaku] = _blessing(sit)
    if concealed_sets == 4:
        yakuman.append(("suuankou_tanki", 0, 2) if wait == "tanki" else ("suuankou", 0, 1))
    dragons = sum(1 for t in _DRAGONS if t in set_tiles)
    if dragons == 3:
        yakuman.append(("daisangen", 0, 1))
    winds = sum(1 for t in _WINDS if t in set_tiles)
    if winds == 4:
        yakuman.append(("daisuushii", 0, 2))
    elif winds == 3 and pair in _WINDS:
        yakuman.append(("shousuushii", 0, 1))
    if facts.all_honor:
        yakuman.append(("tsuuiisou", 0, 1))
    if facts.all_green:
        yakuman.append(("ryuuiisou", 0, 1))
    if facts.all_terminal:
        yakuman.append(("chinroutou", 0, 1))
    if quads == 4:
        yakuman.append(("suukantsu", 0, 1))
    if closed and len(facts.suits) == 1 and not facts.has_honor and sum(counts) == 14:
        base = next(t for t in range(27) if counts[t]) // 9 * 9
        extra = [counts[base + i] - _GATES[i] for i in range(9)]
        if min(extra) >= 0:
            pure = counts[win] - _GATES[win - base] == 1
            yakuman.append(("junsei_chuuren", 0, 2) if pure else ("chuuren", 0, 1))
    if yakuman:
        return yakuman

    out = situation_yaku(sit, closed)
    out.extend(_color_yaku(facts, closed, rules))
    pair_is_yakuhai = pair in _DRAGONS or pair == sit.seat_wind or pair == sit.round_wind
    if (closed and len(sequences) == 4 and wait == "ryanmen" and not pair_is_yakuhai
            and (rules.pinfu_tsumo or not sit.tsumo)):
        out.append(("pinfu", 1, 0))
    if closed:
        concealed_sequences = sorted(g.tile for g in groups if g.kind == "sequence")
        peikou = 0
        i = 0
        while i + 1 < len(concealed_sequences):
            if concealed_sequences[i] == concealed_sequences[i + 1]:
                peikou += 1
                i += 2
            else:
                i += 1
        if peikou == 2:
            out.append(("ryanpeikou", 3, 0))
        elif peikou == 1:
            out.append(("iipeikou", 1, 0))
    for t in _DRAGONS:
        if t in set_tiles:
            out.append((_DRAGON_YAKU[t], 1, 0))
    if sit.round_wind in set_tiles:
        out.append(("round_wind", 1, 0))
    if sit.seat_wind in set_tiles:
        out.append(("seat_wind", 1, 0))
    if sequences:
        every_orphan = IS_ORPHAN[pair] and all(
            (IS_ORPHAN[g.tile] or IS_ORPHAN[g.tile + 2]) if g.kind == "sequence" else IS_ORPHAN[g.tile]
            for g in groups)
        if every_orphan:
            out.append(("chanta", _han("chanta", closed), 0) if facts.has_honor
                       else ("junchan", _han("junchan", closed), 0))
        sequence_set = set(sequences)
        if any(s * 9 in sequence_set and s * 9 + 3 in sequence_set and s * 9 + 6 in sequence_set
               for s in range(3)):
            out.append(("ittsu", _han("ittsu", closed), 0))
        if any(n in sequence_set and n + 9 in sequence_set and n + 18 in sequence_set for n in range(7)):
            out.append(("sanshoku", _han("sanshoku", closed), 0))
    else:
        out.append(("toitoi", 2, 0))
    if any(n in set_tiles and n + 9 in set_tiles and n + 18 in set_tiles for n in range(9)):
        out.append(("sanshoku_doukou", 2, 0))
    if quads == 3:
        out.append(("sankantsu", 2, 0))
    if concealed_sets == 3:
        out.append(("sanankou", 2, 0))
    if dragons == 2 and pair in _DRAGONS:
        out.append(("shousangen", 2, 0))
    if facts.all_orphan:
        out.append(("honroutou", 2, 0))
    return out


def chiitoitsu_yaku(facts: TileFacts, sit: Situation, rules: ScoringRules) -> list[Yaku]:
    """The yaku of a seven-pairs reading (always closed)."""
    yakuman = _blessing(sit)
    if facts.all_honor:
        yakuman.append(("tsuuiisou", 0, 1))
    if yakuman:
        return yakuman
    out = situation_yaku(sit, True)
    out.append(("chiitoitsu", 2, 0))
    out.extend(_color_yaku(facts, True, rules))
    if facts.all_orphan:
        out.append(("honroutou", 2, 0))
    return out


def kokushi_yaku(thirteen_sided: bool, sit: Situation) -> list[Yaku]:
    """The yakuman of a thirteen-orphans reading (with tenhou / chiihou when they apply)."""
    return _blessing(sit) + [("kokushi_13", 0, 2) if thirteen_sided else ("kokushi", 0, 1)]


def sort_yaku(found: list[Yaku]) -> list[Yaku]:
    """Yaku in the order of :data:`YAKU_ORDER`."""
    return sorted(found, key=lambda y: _RANK[y[0]])
