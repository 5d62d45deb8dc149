"""Push or fold: the advisor's values with the other players counted (the table's risks given as a
:class:`TableRisk`, from the defence model).

The advisor's lines (:mod:`paili.advice`) assume nobody else can win. Here each line is valued at a table where
the others can: a discard that deals in ends the round with its payment; every later draw of the line happens
only if nobody has won before it; an exhaustive draw pays tenpai and noten; and beside every push line stands the
**fold** line, which throws the safest tile held each turn and never wins.

What is exact and what is estimated (docs/RULES.md, "Push or fold", says the same for players):

* exact: the line's own chances by draw (the advisor's vectors), the payments' arithmetic, the compounding of
  the survival chances over the turns;
* estimated, from the defence model: each tile's deal-in chance now and its cost; each opponent's chance to be
  tenpai and to win per go-around (their own draw and the discards of the players other than the seat, each a
  random unseen tile), and their hand's value; the seat's deal-in chance on each later discard of a push line
  (the mean danger of the tiles it holds now, kept for the rest of the line);
* simplified: the risks stay as they are now for the rest of the round (an opponent not yet tenpai does not
  become tenpai later, but at the exhaustive draw, where each is tenpai with the rate of their turn then); the
  push line keeps the choices of the advisor's offence-only policy (the table
  discounts them; it does not re-plan them); the fold line wins nothing and throws its tiles safest first.

For a row whose first discard ``d`` deals in with chance ``p`` costing ``c``:
``ev = p * (-c) + (1 - p) * ev_if_passes``, where ``ev_if_passes`` sums, over the draws ``t`` of the line, the
line's expected points won at draw ``t`` times the chance the round is still alive then, less the payments of
an opponent's win (a self-draw's share) and of the seat's later deal-ins on the way, plus the exhaustive draw's
payment when the horizon reaches the end of the wall.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Final

from ..defence.danger import danger_of
from ..defence.model import p_tenpai
from ..defence.opponents import Opponents, check_against
from ..scoring.situation import dora_of
from ..tiles import KINDS, Tile, tile_from_name
from .answers import AdviceRow, AtTable, FoldLine, Verdict
from .inputs import Position

__all__ = ["AtTable", "FoldLine", "OpponentRisk", "RowAtTable", "TableRisk", "Verdict", "counted", "draws_to_end",
           "fold_line", "line_at_table", "noten_payment", "row_at_table", "table_risk", "verdict"]

TENPAI_PAYMENT: Final = {4: 3000, 3: 2000}
"""The exhaustive draw's payments by number of players: what the noten players pay the tenpai ones in all."""


@dataclass(frozen=True, slots=True)
class OpponentRisk:
    """One opponent as the defence model sees them: the chance they are tenpai, the chance they win during one
    go-around when tenpai (their draw and the others' discards, the seat's apart), their hand's expected value
    (a ron's payment), whether they are the dealer, and their chance to be tenpai at the exhaustive draw."""

    p_tenpai: float
    win_per_turn: float
    value: float
    dealer: bool
    p_tenpai_at_end: float | None = None
    """Their chance to be tenpai at the exhaustive draw (``None``: as now): a hand not tenpai now may be by then."""

    @property
    def p_win_per_turn(self) -> float:
        return self.p_tenpai * self.win_per_turn

    @property
    def tenpai_at_end(self) -> float:
        return self.p_tenpai if self.p_tenpai_at_end is None else self.p_tenpai_at_end


@dataclass(frozen=True, slots=True)
class TableRisk:
    """The table's risks for the seat's position (built by the defence model).

    ``deal_in`` and ``cost``: for each kind the seat can throw, its chance to deal in now (to any opponent) and
    the payment when it does. ``held``: the seat's kinds, a kind once per copy (the fold line throws them
    safest first). ``opponents``: each opponent's :class:`OpponentRisk`. ``draws_to_end``: the seat's draws
    left to the end of the wall (its exhaustive draw: a longer line stops there), ``None`` when not known.
    ``players``: 4 or 3.
    ``dealer``: whether the seat is the dealer."""

    deal_in: Mapping[Tile, float]
    cost: Mapping[Tile, float]
    held: Sequence[Tile]
    opponents: Sequence[OpponentRisk]
    draws_to_end: int | None
    players: int
    dealer: bool

    @property
    def per_turn(self) -> float:
        """The chance that some opponent wins during one go-around (off another player or by self-draw)."""
        alive = 1.0
        for o in self.opponents:
            alive *= 1.0 - o.p_win_per_turn
        return 1.0 - alive

    @property
    def others_win_cost(self) -> float:
        """What the seat pays, on average, when an opponent wins during a go-around without the seat's discard:
        a self-draw's share (a third of the wins are taken as self-draws, the rest off the other players)."""
        total = sum(o.p_win_per_turn for o in self.opponents)
        if total <= 0:
            return 0.0
        paid = 0.0
        for o in self.opponents:
            share = 0.5 if self.dealer else 1 / 3 if o.dealer else 0.25
            paid += o.p_win_per_turn / total * share * o.value / 3
        return paid

    @property
    def push_deal_in(self) -> tuple[float, float]:
        """A push line's later discards: the chance each deals in and its cost (the mean over the tiles held
        now: the line's later tiles are not known here)."""
        if not self.held:
            return 0.0, 0.0
        p = sum(self.deal_in.get(t, 0.0) for t in self.held) / len(self.held)
        dealt = [(self.deal_in.get(t, 0.0), self.cost.get(t, 0.0)) for t in self.held]
        weight = sum(q for q, _ in dealt)
        cost = sum(q * c for q, c in dealt) / weight if weight > 0 else 0.0
        return p, cost


def noten_payment(seat_tenpai: float, opponents: Sequence[OpponentRisk], players: int) -> float:
    """The seat's expected payment at an exhaustive draw (positive: received) when it is tenpai with chance
    ``seat_tenpai`` and each opponent with their ``p_tenpai`` (independently): the noten players pay the tenpai
    ones :data:`TENPAI_PAYMENT` in all (nothing when all or none are tenpai); each opponent tenpai with their
    chance at the exhaustive draw (:attr:`OpponentRisk.tenpai_at_end`)."""
    total = TENPAI_PAYMENT[players]
    # the distribution of the number of tenpai opponents
    counts = [1.0]
    for o in opponents:
        nxt = [0.0] * (len(counts) + 1)
        for n, p in enumerate(counts):
            nxt[n] += p * (1.0 - o.tenpai_at_end)
            nxt[n + 1] += p * o.tenpai_at_end
        counts = nxt
    value = 0.0
    for n, p in enumerate(counts):
        if p == 0.0:
            continue
        tenpai_seat = n + 1  # the seat tenpai: it shares the payment of the players - n - 1 noten ones
        gain = total / tenpai_seat if tenpai_seat < players else 0.0
        loss = total / (players - n) if 0 < n else 0.0  # the seat noten: it pays its share to the n tenpai
        value += p * (seat_tenpai * gain - (1.0 - seat_tenpai) * loss)
    return value


@dataclass(frozen=True, slots=True)
class RowAtTable:
    """A discard's figures with the table counted, by number of draws (as the row's own lists):
    ``ev`` = ``deal_in * ev_if_deals_in + (1 - deal_in) * ev_if_passes``."""

    deal_in: float
    ev: tuple[float, ...]
    ev_if_passes: tuple[float, ...]
    ev_if_deals_in: float


def row_at_table(tile: Tile, win: Sequence[float], tenpai: Sequence[float], ev: Sequence[float],
                 risk: TableRisk) -> RowAtTable:
    """The figures of the row that throws ``tile`` with the table counted. ``win``, ``tenpai``, ``ev``: the row's
    lists by draw (entry ``t - 1`` within ``t`` draws), as the advisor computed them alone at the table."""
    p = risk.deal_in.get(tile, 0.0)
    cost = risk.cost.get(tile, 0.0)
    passes = line_at_table(win, tenpai, ev, risk)
    return RowAtTable(p, tuple(-p * cost + (1.0 - p) * x for x in passes), passes, -cost)


def line_at_table(win: Sequence[float], tenpai: Sequence[float], ev: Sequence[float], risk: TableRisk, *,
                  drawn_now: bool = False) -> tuple[float, ...]:
    """A line's expected points by draw with the table counted, from its lists by draw alone at the table
    (entry ``t - 1`` within ``t`` draws), the seat holding 3n+1 tiles before its first draw: the others' go-around
    comes before each draw (``drawn_now``: not before the first, a kan's replacement draw taken at once), each
    draw but the last is followed by a discard that may deal in, and a line reaching the end of the wall ends at
    the exhaustive draw. A line whose every draw survives (no opponent can win, nothing deals in, the wall far)
    keeps ``ev`` as it is."""
    q = risk.per_turn
    others = risk.others_win_cost
    h, h_cost = risk.push_deal_in
    passes: list[float] = []
    value = 0.0
    alive = 1.0  # the round alive before the opponents' go-around ahead of draw t, the seat not yet won
    won_before = 0.0
    ev_before = 0.0
    last = len(ev) if risk.draws_to_end is None else min(len(ev), max(1, risk.draws_to_end))
    for t in range(len(ev)):
        if t >= last:  # the wall has ended: a longer line is the line to its end
            passes.append(passes[-1])
            continue
        if t > 0 or not drawn_now:
            value -= alive * (1.0 - won_before) * q * others  # an opponent wins before the seat's draw
            alive *= 1.0 - q
        value += alive * (ev[t] - ev_before)  # the seat's points won at this draw
        end = 0.0
        if risk.draws_to_end is not None and t + 1 >= risk.draws_to_end:
            end = alive * (1.0 - win[t]) * noten_payment(_tenpai_now(tenpai[t], win[t]), risk.opponents,
                                                          risk.players)
        passes.append(value + end)  # the line of t + 1 draws ends here
        # a longer line discards after this draw, when it has not won
        value -= alive * (1.0 - win[t]) * h * h_cost
        alive *= 1.0 - h
        won_before, ev_before = win[t], ev[t]
    return tuple(passes)


def _tenpai_now(tenpai: float, win: float) -> float:
    """The chance the seat is tenpai at the end, given it has not won: the line's tenpai chance less its wins."""
    return max(0.0, min(1.0, (tenpai - win) / (1.0 - win))) if win < 1.0 else 1.0


def fold_line(turns: int, risk: TableRisk, *, discard_first: bool = True) -> FoldLine:
    """The fold line over ``turns`` draws: the safest tile held thrown each turn (the tiles drawn meanwhile are
    not known: the line throws what it holds now, then, when that runs out, the mean danger of its tiles); it
    never wins, pays its share of an opponent's self-draw, and at an exhaustive draw pays as a noten hand.
    ``discard_first``: the seat holds 3n+2 tiles and throws now, then one after each draw but the last; else it
    holds 3n+1 and throws after each draw but the last (the others' go-around comes first)."""
    order = sorted(risk.held, key=lambda t: (risk.deal_in.get(t, 0.0), t))
    h, h_cost = risk.push_deal_in
    q = risk.per_turn
    others = risk.others_win_cost
    throws = turns if discard_first else max(0, turns - 1)
    tiles = tuple(order[:throws])
    dangers = [(risk.deal_in.get(t, 0.0), risk.cost.get(t, 0.0)) for t in tiles]
    dangers += [(h, h_cost)] * (throws - len(dangers))
    alive = 1.0
    value = 0.0
    dealt = 0.0
    out: list[float] = []
    last = turns if risk.draws_to_end is None else min(turns, max(1, risk.draws_to_end))

    def throw(p: float, c: float) -> None:
        nonlocal value, dealt, alive
        value -= alive * p * c
        dealt += alive * p
        alive *= 1.0 - p

    for t in range(turns):
        if t >= last:  # the wall has ended
            out.append(out[-1])
            continue
        if discard_first:
            throw(*dangers[t])
        value -= alive * q * others
        alive *= 1.0 - q
        end = 0.0
        if risk.draws_to_end is not None and t + 1 >= risk.draws_to_end:
            end = alive * noten_payment(0.0, risk.opponents, risk.players)
        out.append(value + end)
        if not discard_first and t < throws:
            throw(*dangers[t])
    return FoldLine(tiles, dealt, tuple(out))


def verdict(fold: FoldLine, push: Tile | None, pushing: float | None) -> Verdict:
    """Push or fold: the fold line against the best push line (its first tile ``push``, ``None`` when it throws
    nothing yet, worth ``pushing`` at the last draw, ``None`` when it has no values)."""
    folding = fold.ev[-1] if fold.ev else 0.0
    return Verdict(pushing is not None and folding > pushing, push, fold.tiles[0] if fold.tiles else None,
                   abs(folding - pushing) if pushing is not None else 0.0)


# --- the table of a position: the defence model's risks, the rows counted, the fold line, the verdict ----------

LIVE_WALL: Final = {4: 70, 3: 55}
"""The live wall's tiles after the deal, by number of players."""
OTHERS_DEFEND: Final = 0.5
"""The players other than the seat throw into a tenpai opponent at this share of a random tile's rate: they see
the riichi too and defend (an estimate; a random tile's rate is the opponent's ``per_draw``)."""


def draws_to_end(opponents: Opponents, players: int) -> int:
    """The seat's draws left to the end of the wall, estimated from the rivers: a draw for each discard in
    them, and as many for the seat as the longest opponent's (its own river is not given)."""
    rivers = [len(player.discards) for _, player in opponents.seats()]
    drawn = sum(rivers) + max(rivers, default=0)
    return max(0, LIVE_WALL[players] - drawn) // players


def table_risk(position: Position) -> TableRisk:
    """The :class:`TableRisk` of a position whose situation has opponents: the defence model's deal-in
    chance and payment of each kind held, and each opponent's tenpai chance, win per go-around and value."""
    situation = position.situation
    opponents = situation.opponents
    assert opponents is not None
    hand = position.hand
    sanma = situation.rules == "sanma"
    players = 3 if sanma else 4
    indicators = situation.dora_kinds
    other = list(situation.visible)
    for t in indicators:
        other[t] += 1
    seen = check_against(opponents, hand, other)
    dora = frozenset(dora_of(t, sanma=sanma) for t in indicators)
    seat_wind = tile_from_name(situation.seat_wind)
    danger = danger_of(hand, opponents, seen, dora=dora, seat_wind=seat_wind, rules=situation.rules)
    deal_in = {row.tile: row.deal_in for row in danger.tiles}
    cost = {}
    for row in danger.tiles:
        weight = sum(s.p_deal_in for s in row.seats)
        cost[row.tile] = (sum(s.p_deal_in * s.payment for s in row.seats) / weight if weight > 0
                          else max((s.payment for s in row.seats), default=0.0))
    left = draws_to_end(opponents, players)
    risks = []
    for (_, player), o in zip(opponents.seats(), danger.opponents, strict=True):
        win = 1.0 - (1.0 - o.per_draw) * (1.0 - OTHERS_DEFEND * o.per_draw) ** (players - 2)
        # at the exhaustive draw they have thrown `left` more tiles: tenpai by then with their rate at that turn
        risks.append(OpponentRisk(o.p_tenpai, win, o.value, o.dealer, p_tenpai(player, len(player.discards) + left)))
    held = [t for t in range(KINDS) for _ in range(hand.concealed[t])]
    return TableRisk(deal_in, cost, held, risks, left, players, situation.seat_wind == "1z")


def counted(rows: Sequence[AdviceRow], risk: TableRisk, turns: int) -> tuple[list[AdviceRow], AtTable]:
    """The rows with the table counted (each scored row's ``ev`` now counts the table; ``deal_in``,
    ``ev_if_passes`` and ``ev_if_deals_in`` set), the fold line over ``turns`` draws and the verdict."""
    out = []
    for row in rows:
        tile = row.discard.tile
        if row.ev is None or row.p_win is None or row.p_tenpai is None:
            out.append(replace(row, deal_in=risk.deal_in.get(tile, 0.0)))
            continue
        at = row_at_table(tile, row.p_win, row.p_tenpai, row.ev, risk)
        out.append(replace(row, ev=at.ev, deal_in=at.deal_in, ev_if_passes=at.ev_if_passes,
                           ev_if_deals_in=at.ev_if_deals_in))
    fold = fold_line(turns, risk)
    pushes = [row for row in out if row.ev is not None]
    best = max(pushes, key=lambda row: row.ev[-1] if row.ev is not None else 0.0, default=None)
    pushing = best.ev[-1] if best is not None and best.ev is not None else None
    return out, AtTable(fold, verdict(fold, best.discard.tile if best is not None else None, pushing))
