"""How a hand won, checked: the :class:`ScoringSetting` every score starts from.

:func:`paili.score` takes the situation as keyword arguments (``tsumo``, the winds, ``riichi``, the one-off
wins, the dora and ura indicators, honba and sticks, the rules). :func:`check_setting` checks them against the
hand, in a fixed order (the first problem found is the error a player sees), and answers one frozen
:class:`ScoringSetting`: the yaku's :class:`~paili.scoring.yaku.WinSituation`, the indicators as kinds, honba,
sticks and the resolved rules. The advisor builds its settings once per search and scores thousands of wins with them
(:func:`paili.scoring.calculate.win_points`).

Dora (ドラ) come from indicators: the next tile in the indicator's cycle (1-9 in a suit, 9 -> 1; East ->
South -> West -> North -> East; White -> Green -> Red -> White); over the three-player wall 1m shows 9m.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Final, NamedTuple

from ..errors import HandError
from ..hand import Hand
from ..notation import check_visible, parse_tiles
from ..tiles import FIVES, HONOR_BASE, KINDS, SUITS, Counts, Tile, tile_name
from .rules import ScoringRules
from .yaku import WinSituation

__all__ = ["MAX_INDICATORS", "SITUATION_DEFAULTS", "SITUATION_KEYS", "ScoringSetting", "check_count", "check_setting",
           "check_wind", "check_win_tile", "dora_of", "indicator_counts", "with_defaults"]

SITUATION_KEYS: Final = ("tsumo", "round_wind", "seat_wind", "riichi", "ippatsu", "last_tile", "rinshan",
                         "chankan", "blessing", "dora", "ura", "honba", "riichi_sticks", "rules")
"""The keyword arguments of :func:`paili.score` besides ``hand`` and ``win`` (what the API and the CLI pass on)."""

MAX_INDICATORS: Final = 5
"""One dora indicator plus one per kan, four kans at most."""

MOST_STICKS: Final = 1000
"""The largest honba or riichi-stick count accepted."""

_WINDS: Final = {"1z": 27, "2z": 28, "3z": 29, "4z": 30}
_NORTH: Final = 30
_NO_SANMA: Final = range(1, 8)
"""2m-8m: the kinds the three-player wall lacks."""
_NEXT: Final = tuple(
    (t // 9 * 9 + (t % 9 + 1) % 9) if t < HONOR_BASE
    else (27 + (t - 27 + 1) % 4) if t < 31 else (31 + (t - 31 + 1) % 3)
    for t in range(KINDS))
"""``_NEXT[indicator]``: the dora it shows."""
_NEXT_SANMA: Final = (8,) + _NEXT[1:]
"""The same over the sanma wall, which has no 2m-8m: 1m shows 9m."""


class ScoringSetting(NamedTuple):
    """Everything about a win but the hand and its winning tile, checked (:func:`check_setting`)."""

    situation: WinSituation
    """How and where the hand won: tsumo, the winds as kinds, riichi, the one-off wins."""
    dora: tuple[Tile, ...]
    """The dora indicators, as kinds."""
    ura: tuple[Tile, ...]
    """The ura dora indicators, as kinds (they count only with riichi)."""
    honba: int
    riichi_sticks: int
    rules: ScoringRules

    @property
    def shows(self) -> tuple[Tile, ...]:
        """``shows[indicator]``: the dora an indicator shows under these rules."""
        return _NEXT_SANMA if self.rules.sanma else _NEXT


def dora_of(indicator: Tile, *, sanma: bool = False) -> Tile:
    """The dora an indicator shows (``sanma``: over the three-player wall, where 1m shows 9m).

    >>> [tile_name(dora_of(t)) for t in (8, 13, 30, 33)], tile_name(dora_of(0, sanma=True))
    (['1m', '6p', '1z', '5z'], '9m')
    """
    return (_NEXT_SANMA if sanma else _NEXT)[indicator]


# --- single values -----------------------------------------------------------------------------------------


def _flag(name: str, value: object) -> bool:
    if value is True or value is False:
        return value
    raise HandError(f"expected true or false, got {value!r}", field=name, code="option.bool",
                    params={"name": name, "got": repr(value)})


def check_count(name: str, value: object, most: int) -> int:
    """``value`` when it is a whole number from 0 to ``most`` (honba, sticks, riichi), else a HandError naming
    ``name``."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= most:
        raise HandError(f"expected a whole number from 0 to {most}, got {value!r}", field=name,
                        code="option.int_range", params={"name": name, "low": 0, "high": most, "got": repr(value)})
    return value


def check_wind(name: str, value: object) -> Tile:
    """The kind of a wind written 1z-4z, else a HandError naming ``name``."""
    if isinstance(value, str) and value in _WINDS:
        return _WINDS[value]
    raise HandError(f"expected a wind from 1z (East) to 4z (North), got {value!r}", field=name,
                    code="wind.invalid", params={"got": repr(value)})


# --- the hand against the rules and the winning tile --------------------------------------------------------


def check_sanma(hand: Hand, rules: ScoringRules) -> None:
    """A hand fits the rules: no 2m-8m nor chi under sanma, no nukidora otherwise (a :class:`Hand` may be
    given as such, not parsed under the rules)."""
    if not rules.sanma:
        if hand.nukidora:
            raise HandError("expected no nukidora ({4z}): only three-player riichi sets north aside; "
                            "score with rules 'sanma'", field="hand", code="sanma.nukidora_outside", params={})
        return
    for m in hand.melds:
        if m.kind == "chi":
            raise HandError(f"expected a pon or kan: the three-player (sanma) rules call no chi, got {m}",
                            field="hand", code="sanma.chi", params={"meld": str(m)})
    for t in _NO_SANMA:
        if hand.concealed[t] or any(t in m.tiles for m in hand.melds):
            raise HandError(f"expected tiles of the three-player (sanma) set (no 2m-8m), got {tile_name(t)}",
                            field="hand", code="sanma.tile", params={"tile": tile_name(t)})


def check_win_tile(hand: Hand, win: object) -> Tile:
    """The kind of the winning tile ``win`` (``"5p"``, or ``"0p"`` for a red five), which must be among the
    hand's concealed tiles (a red five only when the hand holds it, a plain five only when it holds one)."""
    if not isinstance(win, str):
        raise HandError(f"expected the winning tile such as '5p' or '0p', got {win!r}", field="win",
                        code="win.type", params={"got": repr(win)})
    _, counts, reds = read_tiles(win, "win")
    if sum(counts) != 1:
        raise HandError(f"expected exactly one tile such as '5p', got {sum(counts)} in {win!r}", field="win",
                        code="win.count", params={"count": sum(counts), "got": repr(win)})
    tile, red = counts.index(1), any(reds)
    if tile in FIVES:
        suit = FIVES.index(tile)
        if red and not hand.reds[suit]:
            raise HandError(f"the red five {win!r} is not among the concealed tiles of the hand", field="win",
                            code="win.red_not_held", params={"win": repr(win)})
        if not red and hand.concealed[tile] == hand.reds[suit]:
            if hand.reds[suit]:
                raise HandError(f"expected a tile among the concealed tiles; the hand holds only the red "
                                f"five 0{SUITS[suit]}, not {win!r}", field="win", code="win.only_red",
                                params={"red": f"0{SUITS[suit]}", "win": repr(win)})
            raise HandError(f"expected a tile among the concealed tiles of the hand, got {win!r}", field="win",
                            code="win.not_held", params={"win": repr(win)})
    elif not hand.concealed[tile]:
        raise HandError(f"expected a tile among the concealed tiles of the hand, got {win!r}", field="win",
                        code="win.not_held", params={"win": repr(win)})
    return tile


# --- the situation -----------------------------------------------------------------------------------------


def _situation(hand: Hand, given: dict[str, object], sanma: bool) -> WinSituation:
    """The situation's values one by one, then what they say against each other and against the hand."""
    sit = WinSituation(
        _flag("tsumo", given["tsumo"]), check_wind("round_wind", given["round_wind"]),
        check_wind("seat_wind", given["seat_wind"]), check_count("riichi", given["riichi"], 2),
        _flag("ippatsu", given["ippatsu"]), _flag("last_tile", given["last_tile"]),
        _flag("rinshan", given["rinshan"]), _flag("chankan", given["chankan"]), _flag("blessing", given["blessing"]))
    if sanma and (sit.seat_wind == _NORTH or sit.round_wind == _NORTH):
        seat = sit.seat_wind == _NORTH
        raise HandError(f"expected a wind from 1z (East) to 3z (West): three-player riichi has no North "
                        f"{'seat' if seat else 'round'}, got '4z'", field="seat_wind" if seat else "round_wind",
                        code="sanma.seat_wind" if seat else "sanma.round_wind", params={})
    if sit.riichi and not hand.is_closed:
        raise HandError("expected a closed hand (closed kans only) for riichi; the hand has an open meld",
                        field="riichi", code="situation.riichi_open", params={})
    if sit.ippatsu and not sit.riichi:
        raise HandError("expected riichi (1 or 2) for ippatsu", field="ippatsu",
                        code="situation.ippatsu_without_riichi", params={})
    if sit.chankan and sit.tsumo:
        raise HandError("a robbed kan is a ron, expected tsumo false", field="chankan",
                        code="situation.chankan_tsumo", params={})
    if sit.rinshan and not sit.tsumo:
        raise HandError("the replacement tile of a kan is drawn, expected tsumo true", field="rinshan",
                        code="situation.rinshan_ron", params={})
    if sit.rinshan and not hand.nukidora and not any(m.kind in ("kan", "ankan") for m in hand.melds):
        raise HandError("expected a kan among the melds (rinshan is the win on a kan's replacement tile)"
                        + (" or a north set aside (nukidora)" if sanma else ""), field="rinshan",
                        code="situation.rinshan_no_kan_sanma" if sanma else "situation.rinshan_no_kan", params={})
    if sit.rinshan and sit.last_tile:
        raise HandError("a kan's replacement tile is not the last tile of the wall (rinshan is set)", field="last_tile",
                        code="situation.rinshan_last_tile", params={})
    if sit.rinshan and sit.ippatsu:
        raise HandError("one's own kan ends ippatsu, expected ippatsu false with rinshan", field="ippatsu",
                        code="situation.rinshan_ippatsu", params={})
    if sit.chankan and sit.last_tile:
        raise HandError("no kan can be added after the last tile, expected last_tile false with chankan",
                        field="last_tile", code="situation.chankan_last_tile", params={})
    if sit.blessing:
        if hand.melds:
            raise HandError("tenhou / chiihou need a hand with no meld, not even a closed kan", field="blessing",
                            code="situation.blessing_melds", params={})
        if not sit.tsumo:
            raise HandError("tenhou / chiihou are won on the first draw, expected tsumo true", field="blessing",
                            code="situation.blessing_ron", params={})
        if sit.riichi:
            raise HandError("tenhou / chiihou come before any riichi, expected riichi 0", field="blessing",
                            code="situation.blessing_riichi", params={})
        if sit.last_tile:
            raise HandError("the first draw is not the last tile, expected last_tile false", field="blessing",
                            code="situation.blessing_last_tile", params={})
    return sit


# --- the indicators ----------------------------------------------------------------------------------------


class _Tiles(NamedTuple):
    """A plain tile list as read: its kinds in order, its 34 counts and its red fives by suit."""

    kinds: tuple[Tile, ...]
    counts: Counts
    reds: tuple[int, int, int]


@lru_cache(maxsize=512)
def read_tiles(text: str, field: str) -> _Tiles:
    """:func:`~paili.notation.parse_tiles` of an indicator list or a winning tile, remembered: the same few
    strings come back call after call (an error is raised each time, never remembered;
    ``read_tiles.cache_clear()`` forgets them, as the scoring benchmark does before each pass)."""
    counts, reds = parse_tiles(text, field=field)
    return _Tiles(tuple(t for t in range(KINDS) for _ in range(counts[t])), counts, reds)


def _indicators(hand: Hand, name: str, text: object, earlier: dict[Tile, int], earlier_reds: list[int],
                sanma: bool, held: Counts | None) -> tuple[Tile, ...]:
    """The indicator kinds of ``text`` (the field ``name``), checked; ``earlier`` (the copies of each kind among
    the earlier indicators) and ``earlier_reds`` (their red fives, by suit) are updated. ``held``: the hand's
    copies set aside (:meth:`~paili.hand.Hand.set_aside`) to check the copies against (4 of a kind, one red
    five of a suit); ``None`` leaves that check out."""
    if not isinstance(text, str):
        raise HandError(f"expected indicator tiles such as '3m1z', got {text!r}", field=name,
                        code="indicators.type", params={"got": repr(text)})
    tiles, counts, reds = read_tiles(text, name)
    if not tiles:
        return tiles
    if any(reds):
        if held is not None:
            check_visible(hand, [earlier.get(t, 0) + counts[t] for t in range(KINDS)],
                          reds=[earlier_reds[s] + reds[s] for s in range(3)], field=name)
        for s in range(3):
            earlier_reds[s] += reds[s]
    if len(tiles) > MAX_INDICATORS:
        raise HandError(f"expected at most {MAX_INDICATORS} indicators (one plus one per kan), "
                        f"got {len(tiles)}", field=name, code="indicators.too_many",
                        params={"max": MAX_INDICATORS, "count": len(tiles)})
    if sanma:
        for t in tiles:
            if t in _NO_SANMA:
                raise HandError(f"expected indicators of the three-player (sanma) wall (no 2m-8m), got "
                                f"{tile_name(t)}", field=name, code="sanma.indicator", params={"tile": tile_name(t)})
    for t in tiles:
        earlier[t] = earlier.get(t, 0) + 1
        if held is not None and hand.concealed[t] + held[t] + earlier[t] > 4:
            check_visible(hand, [earlier.get(k, 0) for k in range(KINDS)], field=name)
    return tiles


def _both_indicators(hand: Hand, dora: object, ura: object, sanma: bool, copies: bool
                     ) -> tuple[tuple[Tile, ...], tuple[Tile, ...]]:
    """The dora and the ura indicators as kinds, checked in that order against the hand."""
    earlier: dict[Tile, int] = {}
    earlier_reds = [0, 0, 0]
    held = hand.set_aside() if copies else None
    return (_indicators(hand, "dora", dora, earlier, earlier_reds, sanma, held),
            _indicators(hand, "ura", ura, earlier, earlier_reds, sanma, held))


def indicator_counts(hand: Hand, *, dora: object = "", ura: object = "", sanma: bool = False) -> list[int]:
    """The copies of each kind among the dora and ura indicators, checked as :func:`paili.score` checks them
    against ``hand`` (a hand waiting to win, for :func:`check_setting`'s ``indicators_checked``): ``HandError``
    naming ``dora`` or ``ura`` for more than 4 copies of a kind or a second red five of a suit in all."""
    out = [0] * KINDS
    for tiles in _both_indicators(hand, dora, ura, sanma, True):
        for t in tiles:
            out[t] += 1
    return out


def with_defaults(given: Mapping[str, object], defaults: Mapping[str, object], where: str) -> dict[str, object]:
    """``given`` keyword values over their ``defaults``; a key that is not among them is a :class:`TypeError`,
    as an unexpected keyword argument of ``where`` would be."""
    if not given.keys() <= defaults.keys():
        unknown = next(key for key in given if key not in defaults)
        raise TypeError(f"{where}() got an unexpected keyword argument {unknown!r}")
    return {**defaults, **given}


SITUATION_DEFAULTS: Final[dict[str, object]] = {
    "tsumo": False, "round_wind": "1z", "seat_wind": "1z", "riichi": 0, "ippatsu": False, "last_tile": False,
    "rinshan": False, "chankan": False, "blessing": False, "dora": "", "ura": "", "honba": 0, "riichi_sticks": 0}
""":func:`paili.score`'s situation (:data:`SITUATION_KEYS` but ``rules``) and its defaults."""


def check_setting(hand: Hand, win: Tile, situation: Mapping[str, object], *, rules: ScoringRules,
                  indicators_checked: bool = False) -> ScoringSetting:
    """The :class:`ScoringSetting` of a win of ``hand`` (complete, its winning tile ``win`` checked) in the
    ``situation`` given as :func:`paili.score`'s keywords (:data:`SITUATION_DEFAULTS` for those absent), or the
    :class:`~paili.HandError` of the first thing that is wrong, in this order: a kan robbed of a tile the hand
    holds more than once, the situation's values and what they say against each other, honba and sticks, the
    dora then the ura indicators.

    ``indicators_checked``: the caller has checked the indicators' copies against the hand *before* its winning
    tile (:func:`indicator_counts`), so they are not checked against the 14 tiles: the value of a wait with no
    copy left is that of a copy assumed drawn (the last one may be an indicator: hand, winning tile and
    indicators then hold 5).
    """
    given = with_defaults(situation, SITUATION_DEFAULTS, "score")
    if given["chankan"] is True and hand.concealed[win] != 1:
        raise HandError("the robbed tile's three other copies are in the kan, expected the hand to hold "
                        f"one {tile_name(win)}, got {hand.concealed[win]}", field="chankan",
                        code="situation.chankan_copies",
                        params={"tile": tile_name(win), "count": hand.concealed[win]})
    sit = _situation(hand, given, rules.sanma)
    honba = check_count("honba", given["honba"], MOST_STICKS)
    riichi_sticks = check_count("riichi_sticks", given["riichi_sticks"], MOST_STICKS)
    dora_tiles, ura_tiles = _both_indicators(hand, given["dora"], given["ura"], rules.sanma, not indicators_checked)
    return ScoringSetting(sit, dora_tiles, ura_tiles, honba, riichi_sticks, rules)
