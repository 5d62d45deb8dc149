"""The table as one seat sees it while a logged round is replayed: :class:`Table` follows the events of
:func:`paili.logs.replay` with one short method each (a draw, a discard and its riichi, a call, a kan, and at the
end a win or a draw game), and holds what the seat knows at every moment: its own hand, every tile it has seen,
the dora indicators shown, the draws left in the live wall, and each other player's river (the riichi tile
marked), melds and the tiles that passed them since their riichi (:class:`Player`).

The review (:mod:`paili.review`) asks it for the position at each decision; nothing here searches.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .defence.opponents import Opponent, Opponents, seen_counts
from .errors import HandError
from .hand import Hand, Meld
from .logs import DEAD_WALL, TILE_COUNT, Call, Discard, Draw, Event, Game, Kan, Round, tile_of
from .tiles import FIVES, KINDS, Tile, tile_code, tile_name

__all__ = ["Player", "RiverTile", "Table"]


@dataclass(frozen=True, slots=True)
class RiverTile:
    """A discard as it lies in a river: the tile, whether it was the red five, whether it was the tile just
    drawn (tsumogiri) and whether it declared riichi. A tile called from the river stays listed (``called``)."""

    tile: Tile
    red: bool
    tsumogiri: bool
    riichi: bool
    called: bool = False


@dataclass(slots=True)
class Player:
    """Another player as the seat sees them (or the seat itself, its river and melds)."""

    river: list[RiverTile] = field(default_factory=list)
    melds: list[Meld] = field(default_factory=list)
    riichi: bool = False
    passed: list[Tile] = field(default_factory=list)
    """The tiles the other players threw since this player's riichi (they let each pass: furiten on them)."""


@dataclass(slots=True)
class _Hand:
    """The seat's own concealed tiles and melds as the round goes."""

    counts: list[int]
    reds: list[int]
    melds: list[Meld]

    def take(self, tile: Tile, red: bool) -> None:
        self.counts[tile] += 1
        if red:
            self.reds[FIVES.index(tile)] += 1

    def give(self, tile: Tile, red: bool, where: tuple[str, int]) -> None:
        if self.counts[tile] == 0 or red and not self.reds[FIVES.index(tile)]:
            label, step = where
            raise HandError(f"the seat discards or calls with {tile_name(tile)} it does not hold (round {label}, "
                            f"step {step})", field="log", code="log.invalid",
                            params={"message": "a tile not held", "round": label, "step": step})
        self.counts[tile] -= 1
        if red:
            self.reds[FIVES.index(tile)] -= 1

    def give_meld(self, tiles: list[Tile], reds: int, where: tuple[str, int]) -> None:
        """Give a meld's ``tiles`` from the hand, ``reds`` of them red fives."""
        for t in tiles:
            red = bool(reds) and t in FIVES
            self.give(t, red, where)
            reds -= red


class Table:
    """One round of ``game`` as ``seat`` sees it: call :meth:`apply` with each event of the replay, in order
    (``step`` counts them from 1); read the position between two events."""

    def __init__(self, game: Game, r: Round, seat: int) -> None:
        self.round = r
        self.seat = seat
        self.players = len(game.players)
        self.dealer = r.dealer(self.players)
        self.step = 0
        self.own = _Hand([0] * KINDS, [0, 0, 0], [])
        for code in r.starts[seat]:
            self.own.take(*tile_of(code, r.name, 0))
        self.seen = [0] * KINDS
        """Copies of each kind the seat has seen outside its hand: every river, the others' melds, the
        indicators are apart (:attr:`indicators`)."""
        self.seen_reds = [0, 0, 0]
        self.indicators = [tile_of(code, r.name, 0) for code in r.dora]
        self.shown = 1
        """How many of :attr:`indicators` are face up."""
        self.live = TILE_COUNT[self.players] - DEAD_WALL - 13 * self.players
        """Tiles left in the live wall."""
        self.table = [Player() for _ in range(self.players)]
        """Every seat's river, melds and riichi (the seat's own too), by seat."""

    # -- reading the position ---------------------------------------------------------------------------------

    @property
    def hand(self) -> Hand:
        """The seat's hand now (concealed tiles with its red fives, and its melds)."""
        o = self.own
        return Hand(tuple(o.counts), (o.reds[0], o.reds[1], o.reds[2]), tuple(o.melds))

    @property
    def turn(self) -> int:
        """The seat's turn (巡目) now: its discards so far, plus one."""
        return len(self.table[self.seat].river) + 1

    @property
    def in_riichi(self) -> bool:
        return self.table[self.seat].riichi

    @property
    def dora(self) -> str:
        """The indicators shown, as text (``"0m"`` for a red five)."""
        return "".join(tile_code(t, red=red) for t, red in self.indicators[:self.shown])

    def draws_left(self, turns: int) -> int:
        """The seat's draws left: the live wall shared by the players, at most ``turns`` (and at least 1)."""
        return max(1, min(turns, self.live // self.players))

    def winds(self, round_number: int) -> tuple[str, str]:
        """The round wind and the seat's wind, as ``"1z"``..``"4z"``."""
        return f"{round_number // 4 % 4 + 1}z", f"{(self.seat - self.dealer) % self.players + 1}z"

    def source(self, other: int) -> str:
        """Where ``other`` sits from the seat: ``"left"`` (before it in turn order), ``"right"`` or ``"across"``."""
        if (self.seat - 1) % self.players == other:
            return "left"
        return "right" if (self.seat + 1) % self.players == other else "across"

    def opponents(self) -> Opponents:
        """The other players as :class:`~paili.defence.Opponents`: each river in order (the riichi tile, the
        discards from the hand and those called away marked), their melds, what passed since their riichi."""
        seats: dict[str, Opponent] = {}
        for other, player in enumerate(self.table):
            if other == self.seat:
                continue
            river = player.river
            riichi = next((i for i, t in enumerate(river) if t.riichi), None)
            seats[self.source(other)] = Opponent(
                tuple(t.tile for t in river), tuple(t.red for t in river), riichi,
                frozenset(i for i, t in enumerate(river) if not t.tsumogiri),
                frozenset(i for i, t in enumerate(river) if t.called), tuple(player.melds),
                tuple(player.passed) if player.riichi else (), tuple(False for _ in player.passed) if player.riichi
                else ())
        return Opponents(**seats)

    def seen_apart(self, opponents: Opponents) -> tuple[list[int], tuple[int, int, int]]:
        """What the seat sees besides its hand and ``opponents`` (their rivers and melds): its own river, the
        tiles it called... as counts by kind and the red fives among them by suit."""
        shown = seen_counts(opponents)
        seen = [self.seen[k] - shown[k] for k in range(KINDS)]
        reds = list(self.seen_reds)
        for _, player in opponents.seats():
            for i, red in enumerate(player.reds):
                if red and i not in player.called:
                    reds[FIVES.index(player.discards[i])] -= 1
            for meld in player.melds:
                if meld.reds:
                    reds[FIVES.index(next(t for t in meld.tiles if t in FIVES))] -= meld.reds
        return seen, (max(0, reds[0]), max(0, reds[1]), max(0, reds[2]))

    # -- the events -------------------------------------------------------------------------------------------

    def apply(self, event: Event) -> None:
        """Follow one event of the replay."""
        self.step += 1
        if isinstance(event, Draw):
            self.draw(event)
        elif isinstance(event, Discard):
            self.discard(event)
        elif isinstance(event, Call):
            self.call(event)
        else:
            self.kan(event)

    def draw(self, event: Draw) -> None:
        self.live -= 1
        if event.seat == self.seat:
            self.own.take(event.tile, event.red)

    def discard(self, event: Discard) -> None:
        if event.seat == self.seat:
            self.own.give(event.tile, event.red, (self.round.name, self.step))
        self.table[event.seat].river.append(RiverTile(event.tile, event.red, event.tsumogiri, event.riichi))
        for other, player in enumerate(self.table):
            if other != event.seat and player.riichi:
                player.passed.append(event.tile)
        if event.riichi:
            self.riichi(event.seat)
        self._see(event.tile, event.red)

    def riichi(self, seat: int) -> None:
        """``seat`` declared riichi with the discard just thrown."""
        self.table[seat].riichi = True

    def call(self, event: Call) -> None:
        source = self.table[event.source]
        if source.river:  # the tile called stays in its river's record, marked
            last = source.river[-1]
            source.river[-1] = RiverTile(last.tile, last.red, last.tsumogiri, last.riichi, True)
        self.table[event.seat].melds.append(event.meld)
        rest = list(event.meld.tiles)
        rest.remove(event.taken)
        if event.seat == self.seat:  # the taken tile leaves the river for the seat's meld
            self.seen[event.taken] -= 1
            if event.taken_red:
                self.seen_reds[FIVES.index(event.taken)] -= 1
            self.own.give_meld(rest, event.meld.reds - event.taken_red, (self.round.name, self.step))
            self.own.melds.append(event.meld)
        else:
            for t in rest:
                self._see(t, False)
            if event.meld.reds > event.taken_red:  # a red five from the caller's hand
                self.seen_reds[FIVES.index(next(t for t in event.meld.tiles if t in FIVES))] += 1
        if event.meld.kind == "kan":
            self.shown += 1

    def kan(self, event: Kan) -> None:
        self.shown += 1
        melds = self.table[event.seat].melds
        if event.kind == "ankan":
            melds.append(event.meld)
        else:
            melds[:] = [event.meld if m.kind == "pon" and m.tiles[0] == event.added else m for m in melds]
        where = (self.round.name, self.step)
        if event.seat == self.seat:
            if event.kind == "ankan":
                self.own.give_meld(list(event.meld.tiles), event.meld.reds, where)
                self.own.melds.append(event.meld)
            else:
                self.own.give(event.added, event.added_red, where)
                pon = next(m for m in self.own.melds if m.kind == "pon" and m.tiles[0] == event.added)
                self.own.melds[self.own.melds.index(pon)] = event.meld
        elif event.kind == "ankan":
            for t in event.meld.tiles:
                self._see(t, False)
            if event.meld.reds:
                self.seen_reds[FIVES.index(event.meld.tiles[0])] += 1
        else:
            self._see(event.added, event.added_red)

    def wins(self) -> list[tuple[int, int]]:
        """The round's wins, as ``(winner, from)`` (``from`` is the winner on a self-draw); none in a draw
        game or an abort."""
        r = self.round.result
        if not r or r[0] != "和了":
            return []
        return [(info[0], info[1]) for info in r[2::2] if isinstance(info, list) and len(info) > 1]

    def won_by_ron(self) -> bool:
        """Whether the seat won the round on another player's discard."""
        return any(winner == self.seat and source != self.seat for winner, source in self.wins())

    def _see(self, tile: Tile, red: bool) -> None:
        self.seen[tile] += 1
        if red:
            self.seen_reds[FIVES.index(tile)] += 1
