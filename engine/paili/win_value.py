"""What a self-drawn win is worth in the advisor's draw model (:mod:`paili.advice`), from :func:`paili.score`.

:class:`WinValue` holds one hand's situation (melds, winds, dora indicators, honba, rules, the riichi policy)
and answers, for a complete 14-tile hand and its winning draw, the points :func:`paili.score` gives that
tsumo, as an exact expectation over the ura dora indicators when the hand is in riichi. Answers are cached by
(the 14 counts, the red fives held, the winning tile, whether it is red, ippatsu, double riichi): scoring is the
expensive leaf of the advisor's search.

Ura dora (裏ドラ): as many indicators as dora indicators (at least one), drawn without replacement from the
tiles unseen at the win: 4 copies of each kind less the winning hand (concealed and called), the visible
tiles and the dora indicators. The distribution of the number of ura dora is exact (a product of binomial
coefficients summed per kind), and the points for each number come from one scoring of the hand
(:func:`~paili.scoring.calculate.win_points`' ``ura_hits``: the best reading for each number of extra han).

Under the Chinese Official rules (``rules="gb"``) :class:`GbWinValue` answers the same questions: a win is one
only when it is legal (at least 8 fans, :func:`paili.gb.legal_win`; no flowers), and its value is what GB's
payments give the winner: 3 x (8 + fan) by self-draw, 8 + fan + 2 x 8 by discard (:func:`paili.gb.payments`).
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb
from typing import Final

from .gb import GbSituation, legal_win, payments
from .hand import Hand
from .scoring.calculate import win_points
from .scoring.situation import ScoringSetting, check_wind, dora_of
from .scoring.yaku import WinSituation
from .situation import RIICHI_POLICIES, RiichiPolicy
from .situation import Situation as SeatSituation
from .tiles import FIVES, KINDS, SUITS

__all__ = ["RIICHI_POLICIES", "AnyWinValue", "GbWinValue", "RiichiPolicy", "WinValue"]


_DORA: Final = tuple(dora_of(t) for t in range(KINDS))


class WinValue:
    """The points of the advisor's wins for one hand's situation (see the module docs).

    ``hand`` gives the melds (and the reds among them); ``situation`` the visible tiles (without the dora
    indicators), the indicators, the winds, honba, sticks, the scoring rules and the riichi policy, checked
    by its builder, the indicators against the hand: the scoring does not check them again, so a wait with no
    copy left (its last one an indicator) is scored as if a copy were drawn, like one whose last copy is
    visible.
    """

    def __init__(self, hand: Hand, situation: SeatSituation, kan_dora: bool = False) -> None:
        seen, seen_reds = situation.visible, situation.visible_reds
        dora, dora_reds, rules = situation.dora_kinds, situation.dora_reds, situation.scoring
        self.melds = hand.melds
        self.closed = hand.is_closed
        self.riichi = self.closed and situation.riichi == "always"
        """Is a tenpai hand in riichi (closed, policy ``always``)?"""
        self.ippatsu = self.riichi and situation.ippatsu
        """Does a win on the first draw after riichi score ippatsu?"""
        called = hand.called_counts()
        self.called = called
        self._unseen = [4 - called[k] - seen[k] for k in range(KINDS)]
        for k in dora:
            self._unseen[k] -= 1
        self.indicators = max(1, len(dora))
        self.kan_dora = kan_dora and not self.riichi
        """An open kan has just turned a new dora indicator, unknown to the model: drawn, like the ura dora,
        from the tiles unseen at the win, its points are the exact expectation over it (open hands only)."""
        self._round_wind = situation.round_kind
        self._seat_wind = situation.seat_kind
        self._dora = tuple(dora)
        self._honba = situation.honba
        self._riichi_sticks = situation.riichi_sticks
        self._rules = rules
        self._settings: dict[tuple[bool, bool, int, bool], ScoringSetting] = {}
        meld_reds = [0, 0, 0]
        for m in hand.melds:
            if m.reds:
                meld_reds[m.tiles[0] // 9] += m.reds
        self.red_total = tuple(
            max(0, 1 - meld_reds[s] - seen_reds[s] - dora_reds[s]) if SUITS[s] in rules.red_fives else 0
            for s in range(3))
        """Red fives of each suit that are in the hand or the wall (only those that score are tracked)."""
        self._points: dict[bytes, float] = {}
        self._ura: dict[bytes, list[tuple[float, int]]] = {}

    def reds_of(self, hand: Hand) -> list[int]:
        """The red fives of ``hand`` the model tracks (those of suits whose red fives score)."""
        return [hand.reds[s] if self.red_total[s] else 0 for s in range(3)]

    def tsumo(self, c: Sequence[int], reds: Sequence[int], win: int, red: bool, first: bool,
              double: bool = False) -> float:
        """Points of the self-drawn win of ``win`` completing the 14-tile counts ``c`` (holding ``reds``, the
        drawn tile included; ``red``: the drawn tile is the red five), ippatsu when ``first`` and the option
        is on, double riichi when ``double`` and the hand is in riichi; 0.0 when the hand has no yaku."""
        ippatsu = first and self.ippatsu
        double = double and self.riichi
        key = bytes(c) + bytes(reds) + bytes((win, red, ippatsu, True, double))
        found = self._points.get(key)
        if found is None:
            found = self._points[key] = self._score(c, reds, win, red, True, ippatsu, double)
        return found

    def ron(self, c: Sequence[int], reds: Sequence[int], win: int, red: bool, double: bool = False) -> float:
        """Points of the win of ``win`` on a discard (for the waits of the result), double riichi when
        ``double`` and the hand is in riichi."""
        double = double and self.riichi
        key = bytes(c) + bytes(reds) + bytes((win, red, False, False, double))
        found = self._points.get(key)
        if found is None:
            found = self._points[key] = self._score(c, reds, win, red, False, False, double)
        return found

    def rinshan(self, c: Sequence[int], reds: Sequence[int], win: int, red: bool) -> float:
        """Points of the self-drawn win of ``win`` on a kan's replacement draw (rinshan kaihou, 嶺上開花)."""
        key = bytes(c) + bytes(reds) + bytes((win, red, False, True, False, True))
        found = self._points.get(key)
        if found is None:
            found = self._points[key] = self._score(c, reds, win, red, True, False, False, rinshan=True)
        return found

    def _setting(self, tsumo: bool, ippatsu: bool, riichi: int, rinshan: bool = False) -> ScoringSetting:
        """The scoring setting of a win by tsumo or ron, with ippatsu or not, riichi 0, 1 or 2, on a kan's
        replacement draw or not (made once)."""
        key = (tsumo, ippatsu, riichi, rinshan)
        found = self._settings.get(key)
        if found is None:
            situation = WinSituation(tsumo=tsumo, round_wind=self._round_wind, seat_wind=self._seat_wind, riichi=riichi,
                                  ippatsu=ippatsu, last_tile=False, rinshan=rinshan, chankan=False, blessing=False)
            found = self._settings[key] = ScoringSetting(situation, self._dora, (), self._honba, self._riichi_sticks,
                                                  self._rules)
        return found

    def _score(self, c: Sequence[int], reds: Sequence[int], win: int, red: bool, tsumo: bool,
               ippatsu: bool, double: bool, rinshan: bool = False) -> float:
        """The points of a win (``red``, the winning copy being the red five, changes nothing: ``reds`` holds
        it), expected over the ura dora when the hand is in riichi, over the kan's new indicator after an open
        kan (:attr:`kan_dora`)."""
        counts = tuple(c)
        if not self.riichi:
            setting = self._setting(tsumo, False, 0, rinshan)
            if not self.kan_dora:
                return float(win_points(counts, reds, self.melds, win, setting)[0])
            hits = self.ura(c, 1)
            points = win_points(counts, reds, self.melds, win, setting, [h for _, h in hits])
            return float(sum(p * value for (p, _), value in zip(hits, points, strict=True)))
        ura = self.ura(c)
        points = win_points(counts, reds, self.melds, win, self._setting(tsumo, ippatsu, 2 if double else 1),
                            [hits for _, hits in ura])
        return float(sum(p * value for (p, _), value in zip(ura, points, strict=True)))

    def ura(self, c: Sequence[int], indicators: int | None = None) -> list[tuple[float, int]]:
        """The distribution of the number of ura dora (or of the dora of ``indicators`` indicators drawn alike)
        of the winning 14-tile counts ``c``, as ``(probability, hits)`` by increasing hits."""
        m = self.indicators if indicators is None else indicators
        key = bytes(c) + bytes((m,))
        found = self._ura.get(key)
        if found is not None:
            return found
        called = self.called
        base = self._unseen
        weights: dict[int, int] = {}
        if m == 1:
            for k in range(KINDS):
                u = base[k] - c[k]
                if u > 0:
                    hits = c[_DORA[k]] + called[_DORA[k]]
                    weights[hits] = weights.get(hits, 0) + u
            total = sum(weights.values())
        else:
            # (indicators drawn, hits) -> ways: the multivariate hypergeometric law, kind by kind.
            states: dict[tuple[int, int], int] = {(0, 0): 1}
            unseen = 0
            for k in range(KINDS):
                u = base[k] - c[k]
                if u <= 0:
                    continue
                unseen += u
                h = c[_DORA[k]] + called[_DORA[k]]
                grown = dict(states)
                for (used, hits), ways in states.items():
                    for j in range(1, min(u, m - used) + 1):
                        at = (used + j, hits + j * h)
                        grown[at] = grown.get(at, 0) + ways * comb(u, j)
                states = grown
            for (used, hits), ways in states.items():
                if used == m:
                    weights[hits] = weights.get(hits, 0) + ways
            total = comb(unseen, m)
        found = self._ura[key] = [(weights[h] / total, h) for h in sorted(weights)]
        return found


class GbWinValue:
    """The value of the advisor's wins under the Chinese Official rules, for one hand's melds, winds and seen
    tiles: the winner's gain by GB's payments when the win is legal (8 fans, flowers aside), else 0.0 (a
    complete shape short of 8 is no win). The win is 和绝张 (last copy) when the winning copy is the only one
    concealed and the visible tiles and the melds show the three others; nothing else of the situation
    (last tile, kong replacement, robbed kong, flowers) is modelled. Answers are cached by (counts, winning
    tile, tsumo). The interface is :class:`WinValue`'s: no red five scores, no riichi, no ippatsu."""

    riichi: Final = False
    ippatsu: Final = False
    red_total: Final = (0, 0, 0)

    def __init__(self, hand: Hand, *, seen: Sequence[int], round_wind: str, seat_wind: str) -> None:
        self.melds = hand.melds
        self._called = hand.called_counts()
        self._seen = tuple(seen)
        self._round_wind = check_wind("round_wind", round_wind)
        self._seat_wind = check_wind("seat_wind", seat_wind)
        self._points: dict[bytes, float] = {}

    def reds_of(self, hand: Hand) -> list[int]:  # noqa: ARG002 - WinValue's interface
        """No red five is tracked: ``[0, 0, 0]``."""
        return [0, 0, 0]

    def fans(self, c: Sequence[int], win: int, tsumo: bool) -> tuple[int, bool]:
        """``(fan, legal)`` of the win of ``win`` completing the 14-tile counts ``c``."""
        last_copy = c[win] == 1 and self._seen[win] + self._called[win] == 3
        sit = GbSituation(tsumo, self._seat_wind, self._round_wind, 0, last_copy, False, False, False)
        _, fan, legal = legal_win(Hand(tuple(c), (0, 0, 0), self.melds), win, sit)
        return fan, legal

    def _value(self, c: Sequence[int], win: int, tsumo: bool) -> float:
        key = bytes(c) + bytes((win, tsumo))
        found = self._points.get(key)
        if found is None:
            fan, legal = self.fans(c, win, tsumo)
            found = self._points[key] = float(payments(fan, tsumo)[1]) if legal else 0.0
        return found

    def tsumo(self, c: Sequence[int], reds: Sequence[int], win: int, red: bool, first: bool,  # noqa: ARG002
              double: bool = False) -> float:
        """The winner's gain by self-draw, 3 x (8 + fan), of a legal win; 0.0 for one short of 8."""
        return self._value(c, win, True)

    def ron(self, c: Sequence[int], reds: Sequence[int], win: int, red: bool,  # noqa: ARG002
            double: bool = False) -> float:
        """The winner's gain by discard, 8 + fan + 2 x 8, of a legal win; 0.0 for one short of 8."""
        return self._value(c, win, False)

    def rinshan(self, c: Sequence[int], reds: Sequence[int], win: int, red: bool) -> float:
        """A win on a kong's replacement draw, valued as any self-draw (杠上开花 is not modelled, as the class
        says): what call advice's open kan asks."""
        return self.tsumo(c, reds, win, red, False)


AnyWinValue = WinValue | GbWinValue
"""The value of the advisor's wins: riichi's points or GB's payments."""


def red_copies(total_reds: int, held: int, r: int) -> list[tuple[int, bool]]:
    """The copies of a five left to draw, ``r`` in all, split into ``(copies, red?)`` given the red fives of
    its suit in play (``total_reds``) and held (``held``)."""
    red = total_reds - held
    if red <= 0 or r <= 0:
        return [(r, False)]
    return [(red, True), (r - red, False)] if r > red else [(r, True)]


FIVE_SUIT: Final = {k: FIVES.index(k) for k in FIVES}
"""The suit index (0..2) of each five."""
