"""The 81 fans (番) of Chinese Official mahjong (国标麻将): their ids, values, and each fan's condition, once.

A fan's id is its standard English name in lower case (``pure_double_chow``, 一般高). :data:`FANS` lists them by
value, highest first, each with its Chinese name; :data:`EXCLUDES` is the rule book's table of the fans each fan
excludes (不计); :mod:`paili.gb.count` reads every winning hand with these functions and applies the table.

Where to find a fan's condition:

* the tiles alone, whatever the reading (suits, ranks, honors, 四归一): :func:`hand_fans`;
* how the hand was won (自摸, 和绝张, the last tile, a kong's tile, concealment): :func:`win_fans`;
* the sets of a regular reading: :func:`chow_fans` (four, three or two chows and the 套算一次 limit),
  :func:`pung_fans` (four, three or two pungs), :func:`kong_fans` (kongs and concealed pungs), and
  :func:`regular_fans`, which adds the pair, the outside/five/even sets, the winds and the wait;
* the special forms (seven pairs, thirteen orphans, the knitted forms, nine gates): :mod:`paili.gb.count`.

Tiles are kinds 0-33 (:mod:`paili.tiles`); a chow is named by its lowest tile.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations
from typing import Final, NamedTuple

from ..tiles import HONOR_BASE, Tile

__all__ = [
    "CHOW", "EXCLUDES", "FANS", "FAN_IDS", "FAN_VALUE", "KONG", "PUNG", "Fans", "Group", "WinFacts",
    "chow_fans", "exclude", "hand_fans", "kong_fans", "pung_fans", "regular_fans", "win_fans",
]

Fans = dict[str, int]
"""Fans found: id -> how many times it counts."""

FANS: Final[tuple[tuple[str, int, str], ...]] = (
    ("big_four_winds", 88, "大四喜"), ("big_three_dragons", 88, "大三元"), ("all_green", 88, "绿一色"),
    ("nine_gates", 88, "九莲宝灯"), ("four_kongs", 88, "四杠"), ("seven_shifted_pairs", 88, "连七对"),
    ("thirteen_orphans", 88, "十三幺"),
    ("all_terminals", 64, "清幺九"), ("little_four_winds", 64, "小四喜"), ("little_three_dragons", 64, "小三元"),
    ("all_honors", 64, "字一色"), ("four_concealed_pungs", 64, "四暗刻"), ("pure_terminal_chows", 64, "一色双龙会"),
    ("quadruple_chow", 48, "一色四同顺"), ("four_pure_shifted_pungs", 48, "一色四节高"),
    ("four_pure_shifted_chows", 32, "一色四步高"), ("three_kongs", 32, "三杠"),
    ("all_terminals_and_honors", 32, "混幺九"),
    ("seven_pairs", 24, "七对"), ("greater_honors_and_knitted_tiles", 24, "七星不靠"),
    ("all_even_pungs", 24, "全双刻"), ("full_flush", 24, "清一色"), ("pure_triple_chow", 24, "一色三同顺"),
    ("pure_shifted_pungs", 24, "一色三节高"), ("upper_tiles", 24, "全大"), ("middle_tiles", 24, "全中"),
    ("lower_tiles", 24, "全小"),
    ("pure_straight", 16, "清龙"), ("three_suited_terminal_chows", 16, "三色双龙会"),
    ("pure_shifted_chows", 16, "一色三步高"), ("all_five", 16, "全带五"), ("triple_pung", 16, "三同刻"),
    ("three_concealed_pungs", 16, "三暗刻"),
    ("lesser_honors_and_knitted_tiles", 12, "全不靠"), ("knitted_straight", 12, "组合龙"),
    ("upper_four", 12, "大于五"), ("lower_four", 12, "小于五"), ("big_three_winds", 12, "三风刻"),
    ("mixed_straight", 8, "花龙"), ("reversible_tiles", 8, "推不倒"), ("mixed_triple_chow", 8, "三色三同顺"),
    ("mixed_shifted_pungs", 8, "三色三节高"), ("chicken_hand", 8, "无番和"), ("last_tile_draw", 8, "妙手回春"),
    ("last_tile_claim", 8, "海底捞月"), ("out_with_replacement_tile", 8, "杠上开花"),
    ("robbing_the_kong", 8, "抢杠和"),
    ("all_pungs", 6, "碰碰和"), ("half_flush", 6, "混一色"), ("mixed_shifted_chows", 6, "三色三步高"),
    ("all_types", 6, "五门齐"), ("melded_hand", 6, "全求人"), ("two_concealed_kongs", 6, "双暗杠"),
    ("two_dragons_pungs", 6, "双箭刻"),
    ("concealed_kong_and_melded_kong", 5, "明暗杠"),
    ("outside_hand", 4, "全带幺"), ("fully_concealed_hand", 4, "不求人"), ("two_melded_kongs", 4, "双明杠"),
    ("last_tile", 4, "和绝张"),
    ("dragon_pung", 2, "箭刻"), ("prevalent_wind", 2, "圈风刻"), ("seat_wind", 2, "门风刻"),
    ("concealed_hand", 2, "门前清"), ("all_chows", 2, "平和"), ("tile_hog", 2, "四归一"), ("double_pung", 2, "双同刻"),
    ("two_concealed_pungs", 2, "双暗刻"), ("concealed_kong", 2, "暗杠"), ("all_simples", 2, "断幺"),
    ("pure_double_chow", 1, "一般高"), ("mixed_double_chow", 1, "喜相逢"), ("short_straight", 1, "连六"),
    ("two_terminal_chows", 1, "老少副"), ("pung_of_terminals_or_honors", 1, "幺九刻"), ("melded_kong", 1, "明杠"),
    ("one_voided_suit", 1, "缺一门"), ("no_honors", 1, "无字"), ("edge_wait", 1, "边张"), ("closed_wait", 1, "嵌张"),
    ("single_wait", 1, "单钓将"), ("self_drawn", 1, "自摸"), ("flower_tiles", 1, "花牌"),
)
"""Every fan: (id, value of one occurrence, Chinese name), by value, highest first (the order results list)."""

FAN_IDS: Final = tuple(fan for fan, _, _ in FANS)
FAN_VALUE: Final = {fan: value for fan, value, _ in FANS}
RANK: Final = {fan: i for i, fan in enumerate(FAN_IDS)}

EXCLUDES: Final[dict[str, tuple[str, ...]]] = {
    # 88
    "big_four_winds": ("big_three_winds", "all_pungs", "prevalent_wind", "seat_wind", "pung_of_terminals_or_honors"),
    "big_three_dragons": ("two_dragons_pungs", "dragon_pung"),
    "all_green": ("half_flush", "one_voided_suit"),
    "nine_gates": ("full_flush", "concealed_hand", "fully_concealed_hand", "no_honors"),
    "four_kongs": ("three_kongs", "two_melded_kongs", "two_concealed_kongs", "concealed_kong_and_melded_kong",
                   "melded_kong", "concealed_kong", "all_pungs", "single_wait"),
    "seven_shifted_pairs": ("seven_pairs", "full_flush", "concealed_hand", "fully_concealed_hand", "single_wait",
                            "no_honors"),
    "thirteen_orphans": ("all_terminals_and_honors", "all_types", "concealed_hand", "fully_concealed_hand",
                         "single_wait"),
    # 64
    "all_terminals": ("all_terminals_and_honors", "all_pungs", "outside_hand", "pung_of_terminals_or_honors",
                      "no_honors", "double_pung"),
    "little_four_winds": ("big_three_winds", "pung_of_terminals_or_honors"),
    "little_three_dragons": ("two_dragons_pungs", "dragon_pung"),
    "all_honors": ("all_terminals_and_honors", "all_pungs", "outside_hand", "pung_of_terminals_or_honors",
                   "one_voided_suit"),
    "four_concealed_pungs": ("three_concealed_pungs", "two_concealed_pungs", "all_pungs", "concealed_hand",
                             "fully_concealed_hand"),
    "pure_terminal_chows": ("seven_pairs", "full_flush", "all_chows", "pure_double_chow", "two_terminal_chows",
                            "one_voided_suit", "no_honors"),
    # 48
    "quadruple_chow": ("pure_triple_chow", "pure_double_chow", "tile_hog"),
    "four_pure_shifted_pungs": ("pure_shifted_pungs", "all_pungs"),
    # 32
    "four_pure_shifted_chows": ("pure_shifted_chows", "short_straight", "two_terminal_chows"),
    "three_kongs": ("two_melded_kongs", "two_concealed_kongs", "concealed_kong_and_melded_kong", "melded_kong",
                    "concealed_kong"),
    "all_terminals_and_honors": ("all_pungs", "outside_hand", "pung_of_terminals_or_honors"),
    # 24
    "seven_pairs": ("concealed_hand", "fully_concealed_hand", "single_wait"),
    "greater_honors_and_knitted_tiles": ("lesser_honors_and_knitted_tiles", "all_types", "concealed_hand",
                                         "fully_concealed_hand", "single_wait"),
    "all_even_pungs": ("all_pungs", "all_simples", "no_honors"),
    "full_flush": ("one_voided_suit", "no_honors"),
    "pure_triple_chow": ("pure_double_chow",),
    "upper_tiles": ("upper_four", "no_honors"),
    "middle_tiles": ("all_simples", "no_honors"),
    "lower_tiles": ("lower_four", "no_honors"),
    # 16
    "pure_straight": ("short_straight", "two_terminal_chows"),
    "three_suited_terminal_chows": ("all_chows", "no_honors", "mixed_double_chow", "two_terminal_chows"),
    "all_five": ("all_simples", "no_honors"),
    "three_concealed_pungs": ("two_concealed_pungs",),
    # 12
    "lesser_honors_and_knitted_tiles": ("all_types", "concealed_hand", "fully_concealed_hand", "single_wait"),
    "upper_four": ("no_honors",),
    "lower_four": ("no_honors",),
    "big_three_winds": (),  # and the pung_of_terminals_or_honors of its three winds (see regular_fans)
    # 8
    "reversible_tiles": ("one_voided_suit",),
    "mixed_triple_chow": ("mixed_double_chow",),
    "last_tile_draw": ("self_drawn",),
    "out_with_replacement_tile": ("self_drawn",),
    "robbing_the_kong": ("last_tile",),
    # 6
    "half_flush": ("one_voided_suit",),
    "melded_hand": ("single_wait",),
    "two_concealed_kongs": ("concealed_kong", "two_concealed_pungs"),
    "two_dragons_pungs": ("dragon_pung",),
    # 5, 4, 2
    "concealed_kong_and_melded_kong": ("concealed_kong", "melded_kong"),
    "fully_concealed_hand": ("self_drawn", "concealed_hand"),
    "two_melded_kongs": ("melded_kong",),
    "all_chows": ("no_honors",),
    "all_simples": ("no_honors",),
}
"""The fans each fan excludes (不计), as ChineseOfficialMahjongHelper reads the rule book. A fan excluded by a
higher one counts for nothing, so it excludes nothing either (四暗刻 removes 不求人, and 自摸 stays). The
pung_of_terminals_or_honors a wind fan already counts (圈风刻, 门风刻, 三风刻) is left out where it is found, and
nine gates leaves out one of them (:mod:`paili.gb.count`)."""


def exclude(found: Fans) -> Fans:
    """``found`` without the fans that the fans in it exclude, the highest fans first (a fan removed by a
    higher one excludes nothing).

    >>> exclude({"four_concealed_pungs": 1, "fully_concealed_hand": 1, "self_drawn": 1, "all_pungs": 1})
    {'four_concealed_pungs': 1, 'self_drawn': 1}
    """
    for fan in sorted(found, key=RANK.__getitem__):
        if fan in found:
            for other in EXCLUDES.get(fan, ()):
                found.pop(other, None)
    return found


# --- tiles ----------------------------------------------------------------------------------------------------

_EAST: Final = 27
_WINDS: Final = range(27, 31)
_DRAGONS: Final = range(31, 34)
_GREEN: Final = frozenset({19, 20, 21, 23, 25, 32})
"""2s 3s 4s 6s 8s and the green dragon (發)."""
_REVERSIBLE: Final = frozenset({9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31})
"""1234589p, 245689s and the white dragon (白): tiles that look the same upside down."""


def _suit(t: Tile) -> int:
    return t // 9


def _rank(t: Tile) -> int:
    """1-9 for a suited tile."""
    return t % 9 + 1


def _terminal(t: Tile) -> bool:
    return t < HONOR_BASE and t % 9 in (0, 8)


def _outside(t: Tile) -> bool:
    return t >= HONOR_BASE or t % 9 in (0, 8)


class Group(NamedTuple):
    """A set of a regular reading: a chow (named by its lowest tile), a pung or a kong; ``concealed`` for one
    formed in the hand (a concealed kong too), not called."""

    kind: int
    tile: Tile
    concealed: bool


CHOW: Final = 0
PUNG: Final = 1
KONG: Final = 2


# --- the tiles alone --------------------------------------------------------------------------------------------


def hand_fans(counts: Sequence[int], kongs: int) -> Fans:
    """The fans of the whole hand's tiles (``counts``: the 34 counts of the concealed tiles and the melds, a kong
    four), whatever the reading: suits, honors, ranks, and 四归一 (each kind held four times that is no kong;
    ``kongs`` is their number).

    >>> hand_fans([3, 1, 1, 1, 1, 1, 1, 1, 3] + [0] * 25, 0)
    {'full_flush': 1}
    """
    held = [t for t in range(34) if counts[t]]
    found: Fans = {}
    suits = {_suit(t) for t in held if t < HONOR_BASE}
    honors = [t for t in held if t >= HONOR_BASE]
    # suits: 无字 缺一门 混一色 清一色 五门齐
    if len(suits) == 1:
        found["half_flush" if honors else "full_flush"] = 1
    elif len(suits) == 2:
        found["one_voided_suit"] = 1
    if not honors and len(suits) != 1:
        found["no_honors"] = 1
    if len(suits) == 3 and any(t in _WINDS for t in honors) and any(t in _DRAGONS for t in honors):
        found["all_types"] = 1
    # the kinds of tiles: 断幺 推不倒 绿一色 字一色 清幺九 混幺九
    if not any(_outside(t) for t in held):
        found["all_simples"] = 1
    if all(t in _REVERSIBLE for t in held):
        found["reversible_tiles"] = 1
    if all(t in _GREEN for t in held):
        found["all_green"] = 1
    if not suits:
        found["all_honors"] = 1
    elif all(_terminal(t) for t in held):
        found["all_terminals"] = 1
    elif all(_outside(t) for t in held):
        found["all_terminals_and_honors"] = 1
    # the ranks: 全小 小于五 全大 大于五 全中 (no honor)
    if not honors:
        ranks = {_rank(t) for t in held}
        if ranks <= {1, 2, 3, 4}:
            found["lower_four" if 4 in ranks else "lower_tiles"] = 1
        elif ranks <= {6, 7, 8, 9}:
            found["upper_four" if 6 in ranks else "upper_tiles"] = 1
        elif ranks <= {4, 5, 6}:
            found["middle_tiles"] = 1
    hogs = sum(1 for t in held if counts[t] == 4) - kongs
    if hogs:
        found["tile_hog"] = hogs
    return found


# --- how the hand was won ----------------------------------------------------------------------------------------


class WinFacts(NamedTuple):
    """How the hand was won (checked by :mod:`paili.gb.situation`)."""

    tsumo: bool
    last_copy: bool
    last_tile: bool
    rinshan: bool
    chankan: bool
    open_melds: int
    """Called melds but concealed kongs."""


def win_fans(w: WinFacts) -> Fans:
    """自摸 妙手回春 杠上开花 海底捞月 抢杠和 和绝张, and the concealment: 门前清 (no open meld, by discard) / 不求人
    (no open meld, self-drawn) / 全求人 (four open melds, by discard).

    >>> win_fans(WinFacts(tsumo=True, last_copy=False, last_tile=True, rinshan=False, chankan=False, open_melds=0))
    {'self_drawn': 1, 'last_tile_draw': 1, 'fully_concealed_hand': 1}
    """
    found: Fans = {}
    if w.tsumo:
        found["self_drawn"] = 1
        if w.last_tile:
            found["last_tile_draw"] = 1
        if w.rinshan:
            found["out_with_replacement_tile"] = 1
    else:
        if w.last_tile:
            found["last_tile_claim"] = 1
        if w.chankan:
            found["robbing_the_kong"] = 1
    if w.last_copy:
        found["last_tile"] = 1
    if w.open_melds == 0:
        found["fully_concealed_hand" if w.tsumo else "concealed_hand"] = 1
    elif w.open_melds == 4 and not w.tsumo:
        found["melded_hand"] = 1
    return found


# --- chows --------------------------------------------------------------------------------------------------


def _two_chows(a: Tile, b: Tile) -> str | None:
    """The fan two chows make: 一般高 (the same), 喜相逢 (same numbers, two suits), 连六 (six in a row), 老少副
    (123 and 789 of a suit)."""
    if _suit(a) != _suit(b):
        return "mixed_double_chow" if _rank(a) == _rank(b) else None
    if a == b:
        return "pure_double_chow"
    if abs(a - b) == 3:
        return "short_straight"
    if {_rank(a), _rank(b)} == {1, 7}:
        return "two_terminal_chows"
    return None


_PAIR_ORDER: Final = ("pure_double_chow", "mixed_double_chow", "short_straight", "two_terminal_chows")
"""The two-chow fans, the one kept first when 套算一次 leaves room for fewer than are found."""


def _three_chows(a: Tile, b: Tile, c: Tile) -> str | None:
    """The fan three chows (``a <= b <= c``) make."""
    ranks = sorted((_rank(a), _rank(b), _rank(c)))
    if len({_suit(a), _suit(b), _suit(c)}) == 3:
        if ranks[0] + 1 == ranks[1] and ranks[1] + 1 == ranks[2]:
            return "mixed_shifted_chows"
        if ranks[0] == ranks[2]:
            return "mixed_triple_chow"
        if ranks == [1, 4, 7]:
            return "mixed_straight"
        return None
    if _suit(a) != _suit(c):
        return None
    if (b - a, c - b) == (3, 3):
        return "pure_straight"
    if (b - a, c - b) in ((1, 1), (2, 2)):
        return "pure_shifted_chows"
    if a == c:
        return "pure_triple_chow"
    return None


def _limited(pairs: list[str], most: int) -> Fans:
    """Two-chow fans cut down to ``most`` (套算一次), the repeated ones first (不得相同), 老少副 before 连六 before
    喜相逢 before 一般高."""
    table = {fan: pairs.count(fan) for fan in _PAIR_ORDER}
    extra = len(pairs) - most
    for keep in (1, 0):
        for fan in reversed(_PAIR_ORDER):
            while extra > 0 and table[fan] > keep:
                table[fan] -= 1
                extra -= 1
    return {fan: n for fan, n in table.items() if n}


def chow_fans(chows: Sequence[Tile]) -> Fans:
    """The fans the chows of a reading make together, each chow combined with another at most once (套算一次):

    * four chows: 一色四同顺 or 一色四步高 alone; else a three-chow fan plus at most one two-chow fan of the fourth
      chow with the three; else two-chow fans, at most one fewer than the chows that take part in one;
    * three chows: a three-chow fan alone, else at most two two-chow fans;
    * two chows: their two-chow fan.

    >>> chow_fans([10, 13, 19, 22])  # 234p 567p 234s 567s: 喜相逢 twice and 连六 twice would combine a chow twice
    {'mixed_double_chow': 2, 'short_straight': 1}
    >>> chow_fans([10, 10, 13, 19])  # 234p 234p 567p 234s: not 喜相逢 twice (不得相同)
    {'pure_double_chow': 1, 'mixed_double_chow': 1, 'short_straight': 1}
    """
    chows = sorted(chows)
    n = len(chows)
    if n < 2:
        return {}
    if n == 4:
        a, b, c, d = chows
        if a == d:
            return {"quadruple_chow": 1}
        if _suit(a) == _suit(d) and (b - a, c - b, d - c) in ((1, 1, 1), (2, 2, 2)):
            return {"four_pure_shifted_chows": 1}
    best: Fans | None = None
    for three in combinations(range(n), 3):
        fan = _three_chows(*(chows[i] for i in three))
        if fan is None:
            continue
        found = {fan: 1}
        if n == 4:
            (rest,) = set(range(4)) - set(three)
            extras = {_two_chows(chows[i], chows[rest]) for i in three}
            extra = next((f for f in _PAIR_ORDER if f in extras), None)
            if extra is not None:
                found[extra] = 1
        if best is None or _value(found) > _value(best):
            best = found
    if best is not None:
        return best
    pairs: list[str] = []
    linked = set()
    for i, j in combinations(range(n), 2):
        fan = _two_chows(chows[i], chows[j])
        if fan is not None:
            pairs.append(fan)
            linked |= {i, j}
    return _limited(pairs, len(linked) - 1) if pairs else {}


def _value(found: Fans) -> int:
    return sum(FAN_VALUE[f] * n for f, n in found.items())


# --- pungs and kongs ----------------------------------------------------------------------------------------


def _two_pungs(a: Tile, b: Tile) -> str | None:
    """双同刻 (the same number in two suits) or 双箭刻 (two dragons)."""
    if a < HONOR_BASE and b < HONOR_BASE:
        return "double_pung" if _rank(a) == _rank(b) else None
    return "two_dragons_pungs" if a in _DRAGONS and b in _DRAGONS else None


def _three_pungs(a: Tile, b: Tile, c: Tile) -> str | None:
    """The fan three pungs (``a < b < c``) make."""
    if c < HONOR_BASE:
        ranks = sorted((_rank(a), _rank(b), _rank(c)))
        if len({_suit(a), _suit(b), _suit(c)}) == 3:
            if ranks[0] + 1 == ranks[1] and ranks[1] + 1 == ranks[2]:
                return "mixed_shifted_pungs"
            return "triple_pung" if ranks[0] == ranks[2] else None
        return "pure_shifted_pungs" if _suit(a) == _suit(c) and (b - a, c - b) == (1, 1) else None
    if a in _WINDS and c in _WINDS:
        return "big_three_winds"
    if a in _DRAGONS:
        return "big_three_dragons"
    return None


def pung_fans(pungs: Sequence[Tile]) -> Fans:
    """The fans the pungs and kongs of a reading make together: four (一色四节高, 大四喜) alone; else a three-pung
    fan plus at most one two-pung fan of the fourth with another; else every two-pung fan.

    >>> pung_fans([0, 9, 18, 31])  # 111m 111p 111s 555z: 三同刻
    {'triple_pung': 1}
    """
    pungs = sorted(pungs)
    n = len(pungs)
    if n == 4:
        a, b, c, d = pungs
        if d < HONOR_BASE and _suit(a) == _suit(d) and (b - a, c - b, d - c) == (1, 1, 1):
            return {"four_pure_shifted_pungs": 1}
        if a == _EAST and d == _EAST + 3:
            return {"big_four_winds": 1}
    found: Fans = {}
    if n >= 3:
        for three in combinations(range(n), 3):
            fan = _three_pungs(*(pungs[i] for i in three))
            if fan is None:
                continue
            found[fan] = 1
            if n == 4:
                (rest,) = set(range(4)) - set(three)
                for i in three:
                    extra = _two_pungs(pungs[i], pungs[rest])
                    if extra is not None:
                        found[extra] = 1
                        break
            return found
    for i, j in combinations(range(n), 2):
        fan = _two_pungs(pungs[i], pungs[j])
        if fan is not None:
            found[fan] = found.get(fan, 0) + 1
    return found


def kong_fans(melded_kongs: int, concealed_kongs: int, concealed_pungs: int) -> Fans:
    """The kongs (明杠 暗杠 双明杠 明暗杠 双暗杠 三杠 四杠) and the concealed pungs, a concealed kong among them
    (双暗刻 三暗刻 四暗刻).

    >>> kong_fans(1, 1, 1)
    {'concealed_kong_and_melded_kong': 1, 'two_concealed_pungs': 1}
    """
    found: Fans = {}
    kongs = melded_kongs + concealed_kongs
    if kongs == 1:
        found["melded_kong" if melded_kongs else "concealed_kong"] = 1
    elif kongs == 2:
        found[("two_melded_kongs", "concealed_kong_and_melded_kong", "two_concealed_kongs")[concealed_kongs]] = 1
    elif kongs == 3:
        found["three_kongs"] = 1
    elif kongs == 4:
        found["four_kongs"] = 1
    hidden = concealed_pungs + concealed_kongs
    if hidden >= 2:
        found[("two_concealed_pungs", "three_concealed_pungs", "four_concealed_pungs")[hidden - 2]] = 1
    return found


# --- a regular reading --------------------------------------------------------------------------------------


def _terminal_chows(chows: Sequence[Tile], pair: Tile) -> str | None:
    """一色双龙会 (two 123, two 789 and the 5 of one suit) or 三色双龙会 (123 and 789 of two suits, 5 of the
    third)."""
    if pair >= HONOR_BASE or _rank(pair) != 5 or len(chows) != 4 or any(_rank(c) not in (1, 7) for c in chows):
        return None
    suit = _suit(pair)
    if all(_suit(c) == suit for c in chows):
        return "pure_terminal_chows" if sorted(_rank(c) for c in chows) == [1, 1, 7, 7] else None
    others = sorted(chows)
    if any(_suit(c) == suit for c in chows) or len({_suit(c) for c in chows}) != 2:
        return None
    return "three_suited_terminal_chows" if [_rank(c) for c in others] == [1, 7, 1, 7] else None


def winds_fans(pungs: Iterable[Tile], seat_wind: Tile, round_wind: Tile) -> tuple[Fans, int]:
    """圈风刻 and 门风刻 of the wind pungs, and how many wind pungs they count (their 幺九刻 is left out)."""
    found: Fans = {}
    used = 0
    for t in pungs:
        if t == round_wind or t == seat_wind:
            used += 1
            if t == round_wind:
                found["prevalent_wind"] = 1
            if t == seat_wind:
                found["seat_wind"] = 1
    return found, used


def regular_fans(groups: Sequence[Group], pair: Tile, win: Tile, tsumo: bool, seat_wind: Tile, round_wind: Tile,
                 wait: str | None) -> Fans:
    """The fans of a regular reading's sets and pair (the tiles alone and the way of winning are
    :func:`hand_fans` and :func:`win_fans`): the combinations of chows and of pungs, the kongs and concealed
    pungs, 碰碰和, 箭刻, 幺九刻, the winds, 平和, 小三元, 小四喜, 全带幺, 全带五, 全双刻, and the wait (``wait``:
    ``None`` unless the hand waited on one kind only, then where the winning tile sits is read here).

    A pung completed by a discard counts as melded (not concealed) unless the winning tile can be read in a
    concealed chow instead.
    """
    chows = [g.tile for g in groups if g.kind == CHOW]
    pungs = [g.tile for g in groups if g.kind != CHOW]
    found: Fans = {}
    terminal = _terminal_chows(chows, pair)
    if terminal is not None:
        found[terminal] = 1
    else:
        found.update(chow_fans(chows))
    for fan, n in pung_fans(pungs).items():
        found[fan] = found.get(fan, 0) + n
    # kongs and concealed pungs
    in_chow = any(g.kind == CHOW and g.concealed and g.tile <= win <= g.tile + 2 for g in groups)
    concealed_pungs = sum(1 for g in groups if g.kind == PUNG and g.concealed
                          and (tsumo or in_chow or g.tile != win))
    melded_kongs = sum(1 for g in groups if g.kind == KONG and not g.concealed)
    found.update(kong_fans(melded_kongs, len([g for g in groups if g.kind == KONG]) - melded_kongs,
                           concealed_pungs))
    if len(pungs) == 4:
        found["all_pungs"] = 1
    # each pung: 箭刻, 幺九刻 (the winds counted by 圈风刻, 门风刻 or 三风刻 aside)
    dragons = sum(1 for t in pungs if t in _DRAGONS)
    if dragons:
        found["dragon_pung"] = dragons
    winds, used = winds_fans((t for t in pungs if t in _WINDS), seat_wind, round_wind)
    found.update(winds)
    if "big_three_winds" in found:
        used = 3
    orphans = sum(1 for t in pungs if _terminal(t) or t in _WINDS) - used
    if orphans > 0:
        found["pung_of_terminals_or_honors"] = orphans
    # the pair: 平和, 小三元, 小四喜
    if len(chows) == 4 and pair < HONOR_BASE:
        found["all_chows"] = 1
    if "two_dragons_pungs" in found and pair in _DRAGONS:
        del found["two_dragons_pungs"]
        found["little_three_dragons"] = 1
    if "big_three_winds" in found and pair in _WINDS:
        del found["big_three_winds"]
        found["little_four_winds"] = 1
    # every set and the pair: 全带幺, 全带五, 全双刻
    lows = [(t, t + 2) for t in chows] + [(t, t) for t in pungs] + [(pair, pair)]
    if all(_outside(lo) or _outside(hi) for lo, hi in lows):
        found["outside_hand"] = 1
    elif all(lo < HONOR_BASE and _rank(lo) <= 5 <= _rank(hi) for lo, hi in lows):
        found["all_five"] = 1
    elif not chows and all(t < HONOR_BASE and _rank(t) % 2 == 0 for t in [*pungs, pair]):
        found["all_even_pungs"] = 1
    if wait is not None:
        where = _wait_place(groups, pair, win)
        if where is not None:
            found[where] = 1
    return found


def _wait_place(groups: Sequence[Group], pair: Tile, win: Tile) -> str | None:
    """Where the winning tile of a hand waiting on one kind sits in the concealed sets: 边张 at an end of a chow,
    else 嵌张 in its middle, else 单钓将 as the pair."""
    ends = middle = False
    for g in groups:
        if g.kind == CHOW and g.concealed:
            if win in (g.tile, g.tile + 2):
                ends = True
            elif win == g.tile + 1:
                middle = True
    if ends:
        return "edge_wait"
    if middle:
        return "closed_wait"
    return "single_wait" if pair == win else None
