"""Yaku (役): which ones a reading of a winning hand has, and their han (翻).

A *reading* is one way to cut the hand into four sets and a pair (:class:`Group` list + pair), with the place
the winning tile took in it (the wait, 待ち). Yaku that depend only on the tiles (tanyao, honitsu, ...) are
computed once per hand (:class:`HandYaku`); the rest per reading (:meth:`HandYaku.regular`). Each yaku's han
stand in one place, the tables :data:`YAKU_HAN` and :data:`YAKUMAN` below: the kernel reads its entries from
them.

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

from typing import Final, Literal, NamedTuple, TypeAlias

from ..tiles import HONOR_BASE, TERMINALS_AND_HONORS, Tile
from .rules import ScoringRules

Wait: TypeAlias = Literal["ryanmen", "kanchan", "penchan", "shanpon", "tanki", "kokushi", "kokushi_13"]

YAKU_ORDER: Final = (
    "tenhou", "chiihou", "kokushi", "kokushi_13", "suuankou", "suuankou_tanki", "daisangen", "shousuushii",
    "daisuushii", "tsuuiisou", "ryuuiisou", "chinroutou", "suukantsu", "chuuren", "junsei_chuuren",
    "riichi", "double_riichi", "ippatsu", "menzen_tsumo", "tanyao", "pinfu", "iipeikou", "yakuhai_haku",
    "yakuhai_hatsu", "yakuhai_chun", "round_wind", "seat_wind", "rinshan", "chankan", "haitei", "houtei",
    "chiitoitsu", "chanta", "ittsu", "sanshoku", "sanshoku_doukou", "sankantsu", "toitoi", "sanankou",
    "shousangen", "honroutou", "ryanpeikou", "junchan", "honitsu", "chinitsu", "dora", "aka", "ura", "nukidora",
)
"""Every yaku id, in the order results list them (yakuman, then by han as in the table, then dora; ``nukidora``
is sanma's, one per north set aside)."""

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

RANK: Final = {name: i for i, name in enumerate(YAKU_ORDER)}
"""``RANK[id]``: the yaku's place in :data:`YAKU_ORDER`."""

SEQUENCE: Final = 0
TRIPLET: Final = 1
QUAD: Final = 2
GROUP_NAMES: Final = ("sequence", "triplet", "quad")

Group: TypeAlias = tuple[int, Tile, bool, bool]
"""One set of a reading: (``SEQUENCE`` / ``TRIPLET`` / ``QUAD``, its lowest tile, counts as open (a called
meld, or a triplet completed by ron), is a called meld (closed kans included))."""

Yaku: TypeAlias = tuple[str, int, int]
"""One yaku found: (id, han, yakuman multiple; 0 for an ordinary yaku)."""


def _bits(tiles: tuple[int, ...] | range) -> int:
    out = 0
    for t in tiles:
        out |= 1 << t
    return out


ORPHAN_BITS: Final = _bits(TERMINALS_AND_HONORS)
"""Kind bit masks: ``1 << tile`` for each kind in the set."""
HONOR_BITS: Final = _bits(range(HONOR_BASE, 34))
TERMINAL_BITS: Final = ORPHAN_BITS & ~HONOR_BITS
SUIT_BITS: Final = (_bits(range(0, 9)), _bits(range(9, 18)), _bits(range(18, 27)))
GREEN_BITS: Final = _bits((19, 20, 21, 23, 25, 32))
DRAGON_BITS: Final = _bits((31, 32, 33))
WIND_BITS: Final = _bits((27, 28, 29, 30))
_ALL: Final = (1 << 34) - 1
_NOT_HONOR: Final = _ALL ^ HONOR_BITS
_NOT_GREEN: Final = _ALL ^ GREEN_BITS
_NOT_TERMINAL: Final = _ALL ^ TERMINAL_BITS
_NOT_ORPHAN: Final = _ALL ^ ORPHAN_BITS
_NOT_SUIT: Final = tuple(_ALL ^ bits for bits in SUIT_BITS)
"""The complements within the 34 kinds (``mask & _NOT_HONOR`` is ``mask & ~HONOR_BITS`` on non-negative ints)."""
_HONOR_SETS: Final = DRAGON_BITS | WIND_BITS
_OUTER_SEQUENCES: Final = _bits((0, 6, 9, 15, 18, 24))
"""Sequences that hold a terminal: 123 and 789 of each suit (by their lowest tile)."""
_NOT_OUTER_SEQUENCES: Final = _ALL ^ _OUTER_SEQUENCES
_STRAIGHT: Final = _bits((0, 3, 6))
_DRAGON_YAKU: Final = ((31, "yakuhai_haku"), (32, "yakuhai_hatsu"), (33, "yakuhai_chun"))
_GATES: Final = (3, 1, 1, 1, 1, 1, 1, 1, 3)


class WinSituation(NamedTuple):
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


def _entries(han: int) -> dict[str, Yaku]:
    """Each yaku's entry as a reading lists it, its han read from the tables: ``han`` 0 closed, 1 open (an
    ordinary yaku with no open han is absent from the open entries); yakuman with their multiple."""
    out: dict[str, Yaku] = {name: (name, 0, multiple) for name, multiple in YAKUMAN.items()}
    out.update((name, (name, values[han], 0)) for name, values in YAKU_HAN.items() if values[han])
    return out


_CLOSED_HAND: Final = _entries(0)
"""The entries of a closed hand's yaku."""
_OPEN_HAND: Final = {**_CLOSED_HAND, **_entries(1)}
"""The entries of an open hand's yaku at their open han (the closed-only ones keep their closed entry: a hand
with an open meld never reaches them, riichi, menzen tsumo, pinfu... being checked against ``closed``)."""


def yaku_entry(name: str, closed: bool) -> Yaku:
    """The entry ``(id, han, yakuman multiple)`` of the yaku ``name`` for a closed or an open hand.

    >>> yaku_entry("chinitsu", True), yaku_entry("chinitsu", False), yaku_entry("daisuushii", False)
    (('chinitsu', 6, 0), ('chinitsu', 5, 0), ('daisuushii', 0, 2))
    """
    return (_CLOSED_HAND if closed else _OPEN_HAND)[name]


class HandYaku:
    """The yaku of one winning hand in one :class:`WinSituation`: what every reading shares, made once
    (:attr:`yakuman` and :attr:`ordinary`, from how the hand won and its tiles alone: ``mask`` has the bit
    ``1 << t`` of every kind in the hand, concealed and called), and each reading's own (:meth:`regular`,
    :meth:`chiitoitsu`, :meth:`kokushi`); ``counts`` (the concealed tiles) and ``win`` say whether it is nine
    gates. Han come from :data:`YAKU_HAN` and :data:`YAKUMAN`, closed or open."""

    __slots__ = ("closed", "mask", "ordinary", "rules", "sit", "table", "yakuman")

    def __init__(self, mask: int, sit: WinSituation, closed: bool, rules: ScoringRules, counts: tuple[int, ...],
                 win: Tile) -> None:
        self.mask, self.sit, self.closed, self.rules = mask, sit, closed, rules
        self.table = y = _CLOSED_HAND if closed else _OPEN_HAND
        tsumo, _, seat_wind, riichi, ippatsu, last_tile, rinshan, chankan, blessing = sit  # one unpacking
        yakuman: list[Yaku] = []
        if blessing:
            yakuman.append(y["tenhou"] if seat_wind == HONOR_BASE else y["chiihou"])
        if not mask & _NOT_HONOR:
            yakuman.append(y["tsuuiisou"])
        if not mask & _NOT_GREEN:
            yakuman.append(y["ryuuiisou"])
        if not mask & _NOT_TERMINAL:
            yakuman.append(y["chinroutou"])
        out: list[Yaku] = []
        if riichi:
            out.append(y["double_riichi"] if riichi == 2 else y["riichi"])
        if ippatsu:
            out.append(y["ippatsu"])
        if tsumo and closed:
            out.append(y["menzen_tsumo"])
        if rinshan or chankan or last_tile:
            if rinshan:
                out.append(y["rinshan"])
            if chankan:
                out.append(y["chankan"])
            if last_tile:
                out.append(y["haitei"] if tsumo else y["houtei"])
        if not mask & ORPHAN_BITS and (closed or rules.open_tanyao):
            out.append(y["tanyao"])
        suited = mask & _NOT_HONOR
        if suited and not suited & _NOT_SUIT[((suited & -suited).bit_length() - 1) // 9]:  # one suit (its lowest)
            out.append(y["honitsu"] if mask & HONOR_BITS else y["chinitsu"])
        if not mask & _NOT_ORPHAN:
            out.append(y["honroutou"])
        if closed:
            yakuman += self.nine_gates(counts, win)
        self.yakuman = yakuman
        """The yakuman every reading has."""
        self.ordinary = out
        """The ordinary yaku every reading has."""

    def nine_gates(self, counts: tuple[int, ...], win: Tile) -> list[Yaku]:
        """Nine gates (九蓮宝燈) when the hand is one: 1112345678999 plus one tile of one suit, all 14
        concealed (``counts`` are the concealed tiles); the nine-sided wait (the win on the extra tile) is
        junsei_chuuren."""
        mask = self.mask
        low = (mask & -mask).bit_length() - 1
        if self.closed and low < HONOR_BASE and not mask & _NOT_SUIT[low // 9] and sum(counts) == 14:
            base = low - low % 9
            if all(counts[base + i] >= _GATES[i] for i in range(9)):
                pure = counts[win] - _GATES[win - base] == 1
                return [self.table["junsei_chuuren" if pure else "chuuren"]]
        return []

    def regular(self, sequences: list[Tile], seq_bits: int, set_bits: int, quads: int, concealed_sets: int,
                pair: Tile, wait: Wait, peikou: int) -> list[Yaku]:
        """The yaku of a regular reading: four sets and a ``pair``, the winning tile placed as ``wait``.

        The sets are given by what the yaku ask of them: the lowest tiles of the ``sequences``, ``peikou`` the
        number of pairs of identical sequences among them (the reading's ``iipeikou`` / ``ryanpeikou`` flag:
        only concealed ones count, and a closed hand has no other) and the bits ``1 << tile`` of the
        sequences' (``seq_bits``) and of the triplets' and quads' lowest tiles (``set_bits``), called melds
        included; ``quads`` and ``concealed_sets`` count quads and the sets that are concealed (a closed kan
        is, a triplet completed by ron is not). The reading adds the yakuman of its sets to the hand's.
        """
        y, sit, closed = self.table, self.sit, self.closed
        pair_bit = 1 << pair
        yakuman = self.yakuman
        if concealed_sets == 4 or set_bits & _HONOR_SETS or quads == 4:
            yakuman = yakuman[:]
            if concealed_sets == 4:
                yakuman.append(y["suuankou_tanki"] if wait == "tanki" else y["suuankou"])
            if set_bits & DRAGON_BITS == DRAGON_BITS:
                yakuman.append(y["daisangen"])
            winds = (set_bits & WIND_BITS).bit_count()
            if winds == 4:
                yakuman.append(y["daisuushii"])
            elif winds == 3 and pair_bit & WIND_BITS:
                yakuman.append(y["shousuushii"])
            if quads == 4:
                yakuman.append(y["suukantsu"])
            if yakuman:
                return yakuman
        elif yakuman:
            return yakuman[:]

        out = self.ordinary[:]
        if closed:
            if (wait == "ryanmen" and len(sequences) == 4 and not pair_bit & DRAGON_BITS
                    and pair != sit.seat_wind and pair != sit.round_wind and (self.rules.pinfu_tsumo or not sit.tsumo)):
                out.append(y["pinfu"])
            if peikou == 2:
                out.append(y["ryanpeikou"])
            elif peikou == 1:
                out.append(y["iipeikou"])
        if set_bits & _HONOR_SETS:
            for tile, name in _DRAGON_YAKU:
                if set_bits >> tile & 1:
                    out.append(y[name])
            if set_bits >> sit.round_wind & 1:
                out.append(y["round_wind"])
            if set_bits >> sit.seat_wind & 1:
                out.append(y["seat_wind"])
        if seq_bits:
            if pair_bit & ORPHAN_BITS and not seq_bits & _NOT_OUTER_SEQUENCES and not set_bits & _NOT_ORPHAN:
                out.append(y["chanta"] if self.mask & HONOR_BITS else y["junchan"])
            if (seq_bits & _STRAIGHT == _STRAIGHT or seq_bits >> 9 & _STRAIGHT == _STRAIGHT
                    or seq_bits >> 18 & _STRAIGHT == _STRAIGHT):
                out.append(y["ittsu"])
            if seq_bits & seq_bits >> 9 & seq_bits >> 18 & 0x7F:
                out.append(y["sanshoku"])
        else:
            out.append(y["toitoi"])
        if set_bits & set_bits >> 9 & set_bits >> 18 & 0x1FF:
            out.append(y["sanshoku_doukou"])
        if quads == 3:
            out.append(y["sankantsu"])
        if concealed_sets == 3:
            out.append(y["sanankou"])
        if pair_bit & DRAGON_BITS and (set_bits & DRAGON_BITS).bit_count() == 2:  # the pair first: no call for most
            out.append(y["shousangen"])
        return out

    def chiitoitsu(self) -> list[Yaku]:
        """The yaku of a seven-pairs reading (always closed)."""
        if self.yakuman:
            return self.yakuman[:]
        return [*self.ordinary, _CLOSED_HAND["chiitoitsu"]]

    def kokushi(self, thirteen_sided: bool) -> list[Yaku]:
        """The yakuman of a thirteen-orphans reading (with tenhou / chiihou when they apply)."""
        y, sit = _CLOSED_HAND, self.sit
        blessing = [y["tenhou" if sit.seat_wind == HONOR_BASE else "chiihou"]] if sit.blessing else []
        return [*blessing, y["kokushi_13" if thirteen_sided else "kokushi"]]
