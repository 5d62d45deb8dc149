"""``score_waits()``: what each wait of a tenpai hand is worth, by ron and by tsumo.

For a 3n+1 hand that is tenpai, every wait (:func:`paili.waits`) is added to the hand and scored with
:func:`paili.score` twice, as a ron and as a tsumo, in the same situation (``tsumo`` is not an argument). A
way of winning that the situation rules out (rinshan is a tsumo, chankan a ron) is ``None``, and so is a ron
robbing a kan of a tile the hand holds; a wait that completes the hand with no yaku answers ``no_yaku: true``.
A situation that fits neither way (ippatsu without riichi, a wind that is not 1z-4z...) is the
:class:`~paili.HandError` :func:`paili.score` gives.

The copies left (``remaining``) are those neither in the hand (its melds and nukidora included) nor among the
dora and ura indicators given. A wait with none left (the hand holds three, the fourth is an indicator) is
listed with ``remaining`` 0 and scored as if a copy were drawn: hand, winning tile and indicators then hold 5
copies of its kind, which is not checked (the indicators are checked against the hand waiting, 13 tiles).
"""

from __future__ import annotations

from typing import NamedTuple

from ..errors import HandError
from ..hand import Hand
from ..notation import parse
from ..tiles import Tile, tile_name
from ..ukeire import waits
from .calculate import Score, score_hand
from .rules import resolve_rules
from .situation import indicator_counts


class WaitScore(NamedTuple):
    """One wait of a tenpai hand and what it is worth each way (``None``: that way of winning is ruled out)."""

    tile: Tile
    remaining: int
    ron: Score | None
    tsumo: Score | None


def wait_scores(hand: str | Hand, **situation: object) -> list[WaitScore]:
    """Each wait of a tenpai 3n+1 hand, in tile order, scored by ron and by tsumo; ``[]`` when the hand is not
    tenpai. ``situation`` takes :func:`paili.score`'s keyword arguments but ``win`` and ``tsumo``. Under the
    ``sanma`` scoring rules the waits and the copies left are over the three-player wall."""
    for key in ("win", "tsumo"):
        if key in situation:
            raise HandError(f"score_waits scores every wait both by ron and by tsumo; leave {key!r} out", field=key,
                            code="score_waits.key", params={"key": repr(key)})
    sanma = resolve_rules(situation.get("rules", "riichi")).sanma
    parsed = hand if isinstance(hand, Hand) else parse(hand, rules="sanma" if sanma else "riichi")
    if parsed.tile_count % 3 != 1:
        raise HandError(f"expected a hand waiting to win (3n+1 concealed tiles), got {parsed.tile_count}", field="hand",
                        code="score_waits.size", params={"count": parsed.tile_count})
    shown = indicator_counts(parsed, dora=situation.get("dora", ""), ura=situation.get("ura", ""), sanma=sanma)
    out: list[WaitScore] = []
    refused: dict[bool, HandError] = {}
    for tile, remaining in waits(parsed, visible=shown, rules="sanma" if sanma else "riichi").tiles:
        counts = list(parsed.concealed)
        counts[tile] += 1
        whole = Hand(tuple(counts), parsed.reds, parsed.melds, parsed.nukidora)
        ways: dict[bool, Score | None] = {}
        for tsumo in (False, True):
            try:
                ways[tsumo] = score_hand(whole, win=tile_name(tile), tsumo=tsumo, indicators_checked=True,
                                         **situation)
            except HandError as exc:
                ways[tsumo] = None
                if exc.field == "chankan" and exc.message.startswith("the robbed tile"):
                    continue  # a ron robbing a kan of a tile the hand holds: no such win
                refused[tsumo] = exc
        if len(refused) == 2:
            raise refused[False]
        out.append(WaitScore(tile, remaining, ways[False], ways[True]))
    return out
