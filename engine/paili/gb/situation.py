"""How a Chinese Official hand won, checked: the :class:`GbSituation` its fans are counted in.

:func:`paili.score` with ``rules="gb"`` takes ``tsumo``, ``seat_wind``, ``round_wind`` (1z-4z), ``flowers``
(0-8, 花牌), and the one-off wins: ``last_copy`` (和绝张, the winning tile is the last of its four copies: the
other three are in sight), ``last_tile`` (the wall's last tile: 妙手回春 by self-draw, 海底捞月 by discard),
``rinshan`` (杠上开花, the replacement tile of a kong) and ``chankan`` (抢杠和, the tile another player added to
a pung). :func:`check_situation` checks them against the hand in a fixed order, the first problem found being
the :class:`~paili.HandError`, which names its field as riichi's checks do; riichi's own options (``riichi``,
``dora``, ``honba``...) are an error under ``gb``.

The winning tile is a last copy whatever ``last_copy`` says when the called melds show its three other copies.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, NamedTuple

from ..errors import HandError
from ..hand import Hand
from ..scoring.situation import check_count, check_wind, with_defaults
from ..tiles import Tile, tile_name

__all__ = ["GB_DEFAULTS", "GB_KEYS", "MAX_FLOWERS", "RIICHI_ONLY", "GbSituation", "check_situation"]

GB_KEYS: Final = ("tsumo", "seat_wind", "round_wind", "flowers", "last_copy", "last_tile", "rinshan", "chankan")
"""The keyword arguments of :func:`paili.score` under ``rules="gb"`` besides ``hand``, ``win`` and ``rules``."""

RIICHI_ONLY: Final = {"riichi": 0, "ippatsu": False, "blessing": False, "dora": "", "ura": "", "honba": 0,
                      "riichi_sticks": 0}
"""Riichi's options and their defaults: under ``gb`` each must keep its default."""

MAX_FLOWERS: Final = 8
"""Four flowers and four seasons."""


class GbSituation(NamedTuple):
    """Everything about a GB win but the hand and its winning tile, checked."""

    tsumo: bool
    seat_wind: Tile
    round_wind: Tile
    flowers: int
    last_copy: bool
    last_tile: bool
    rinshan: bool
    chankan: bool


def _flag(name: str, value: object) -> bool:
    if value is True or value is False:
        return value
    raise HandError(f"expected true or false, got {value!r}", field=name, code="option.bool",
                    params={"name": name, "got": repr(value)})


def check_riichi_options(options: dict[str, object], defaults: Mapping[str, object] = RIICHI_ONLY) -> None:
    """A :class:`HandError` naming the first of riichi's options given a value other than its default
    (``defaults``: :func:`paili.score`'s, or the caller's own, as the advisor's riichi policy)."""
    for name, default in defaults.items():
        if name in options and (options[name] != default or type(options[name]) is not type(default)):
            raise HandError(f"expected no {name} under rules 'gb': Chinese Official scoring has no riichi, dora, "
                            f"honba or sticks, got {options[name]!r}", field=name, code="gb.riichi_option",
                            params={"name": name, "got": repr(options[name])})


GB_DEFAULTS: Final[dict[str, object]] = {"tsumo": False, "seat_wind": "1z", "round_wind": "1z", "flowers": 0,
                                         "last_copy": False, "last_tile": False, "rinshan": False, "chankan": False}
"""A Chinese Official win's situation, as :func:`paili.score` takes it under ``gb``, and its defaults."""


def check_situation(hand: Hand, win: Tile, situation: Mapping[str, object]) -> GbSituation:
    """The :class:`GbSituation` of a win of ``hand`` on ``win`` (checked to be among its concealed tiles) in the
    ``situation`` given as keywords (:data:`GB_DEFAULTS` for those absent), or the :class:`HandError` of the
    first thing wrong: each value, then what they say against each other and the hand.

    >>> from paili import parse
    >>> check_situation(parse("123m456p789s11z [555z]"), 27, {"tsumo": True, "flowers": 2}).flowers
    2
    """
    given = with_defaults(situation, GB_DEFAULTS, "score_gb")
    sit = GbSituation(_flag("tsumo", given["tsumo"]), check_wind("seat_wind", given["seat_wind"]),
                      check_wind("round_wind", given["round_wind"]),
                      check_count("flowers", given["flowers"], MAX_FLOWERS), _flag("last_copy", given["last_copy"]),
                      _flag("last_tile", given["last_tile"]), _flag("rinshan", given["rinshan"]),
                      _flag("chankan", given["chankan"]))
    called = hand.called_counts()
    if sit.chankan and sit.tsumo:
        raise HandError("a robbed kan is a ron, expected tsumo false", field="chankan",
                        code="situation.chankan_tsumo", params={})
    if sit.chankan and (hand.concealed[win] != 1 or called[win]):
        raise HandError(f"the robbed tile's three other copies are in the kong, expected the hand to hold no other "
                        f"{tile_name(win)}, got {hand.concealed[win] - 1 + called[win]}", field="chankan",
                        code="gb.chankan_copies",
                        params={"tile": tile_name(win), "count": hand.concealed[win] - 1 + called[win]})
    if sit.chankan and sit.last_tile:
        raise HandError("no kan can be added after the last tile, expected last_tile false with chankan",
                        field="last_tile", code="situation.chankan_last_tile", params={})
    if sit.rinshan and not sit.tsumo:
        raise HandError("the replacement tile of a kan is drawn, expected tsumo true", field="rinshan",
                        code="situation.rinshan_ron", params={})
    if sit.rinshan and not any(m.kind in ("kan", "ankan") for m in hand.melds):
        raise HandError("expected a kan among the melds (rinshan is the win on a kan's replacement tile)",
                        field="rinshan", code="situation.rinshan_no_kan", params={})
    if sit.last_copy and hand.concealed[win] != 1:
        raise HandError(f"expected the last copy of the winning tile alone among the concealed tiles (和绝张), "
                        f"got {hand.concealed[win]} {tile_name(win)}", field="last_copy", code="gb.last_copy_held",
                        params={"tile": tile_name(win), "count": hand.concealed[win]})
    if called[win] == 3 and not sit.last_copy:
        sit = sit._replace(last_copy=True)  # the melds show the three other copies
    return sit
