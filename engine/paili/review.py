"""Review of one seat's decisions in a logged game: each discard beside the advisor's best.

:func:`review_steps` replays every round of a :class:`~paili.logs.Game` (:func:`paili.logs.replay`) and, at
each discard of the seat, builds the position the seat saw: its 14-tile hand with its melds, what was visible
(every discard so far, the other players' melds, bar the tiles taken into the seat's own melds), the dora
indicators shown, the winds, honba and sticks. The advisor (:func:`paili.advice.advice_steps`) ranks the
discards of that position over the seat's draws left (the live wall shared by the players, at most
``turns``), and the decision records the move played, the best and the loss of the one played: expected
points and chance to win at the last draw, best minus played. Discards after the seat's riichi are
``forced`` (only the drawn tile may go) and not searched.

A tile another player throws that the seat could have called (chi from the left, pon, open kan, ron) is a
:class:`CallDecision`: the options of call advice (:func:`paili.advice.call_advice_of`) for the seat's 13-tile
hand in that position, beside what the seat did: ``"pass"``, ``"ron"`` (the round's result says so) or the meld
it made. A tile only passing answers makes no decision, nor one whose options the search gives no figures
(a hand beyond ``max_shanten`` on every line).

Three-player logs are replayed over the 108-tile wall and ranked by the chance to win (the advisor does not
score three-player hands yet).
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass

from .advice import (
    DEFAULT_MAX_SHANTEN,
    DEFAULT_TURNS,
    Advice,
    AdviceRow,
    CallAdvice,
    CallOption,
    Given,
    Situation,
    advice_steps,
    call_advice_of,
    calls_after,
)
from .errors import HandError
from .hand import Hand, Meld
from .logs import DEAD_WALL, TILE_COUNT, Call, Discard, Draw, Game, Kan, Round, replay, tile_of
from .rules import Rules
from .shanten import shanten
from .tiles import FIVES, KINDS, Tile, tile_name
from .win_value import RiichiPolicy

__all__ = ["CallDecision", "Decision", "Review", "RoundReview", "review_steps"]


@dataclass(frozen=True, slots=True)
class Decision:
    """One discard of the seat: the position, the move played and, unless ``forced``, the advisor's table."""

    kind: str
    """``"discard"``, or ``"forced"`` after the seat's riichi."""
    step: int
    hand: Hand
    played: Tile
    played_red: bool
    visible: tuple[int, ...]
    visible_reds: tuple[int, int, int]
    dora: str
    turns: int
    advice: Advice | None
    """The ranked discards (``None`` for a forced discard)."""

    @property
    def best(self) -> AdviceRow | None:
        return self.advice.rows[0] if self.advice is not None and self.advice.rows else None

    @property
    def played_row(self) -> AdviceRow | None:
        if self.advice is None:
            return None
        return next((row for row in self.advice.rows if row.discard.tile == self.played), None)

    def loss(self, figure: str) -> float | None:
        """Best minus played for ``"ev"`` or ``"p_win"`` at the last draw (``None`` without figures)."""
        best, played = self.best, self.played_row
        if best is None or played is None:
            return None
        a: tuple[float, ...] | None = getattr(best, figure)
        b: tuple[float, ...] | None = getattr(played, figure)
        if a is None or b is None:
            return None
        return max(0.0, a[-1] - b[-1])


def call_key(call: str, meld: Meld | None) -> str:
    """A call's name in a review: ``"pass"``, ``"ron"``, or the call and its meld (``"pon [555z]"``)."""
    return call if meld is None else f"{call} {meld}"


def option_key(option: CallOption) -> str:
    """A call option's name in a review (:func:`call_key`)."""
    return call_key(option.call, option.meld)


@dataclass(frozen=True, slots=True)
class CallDecision:
    """A tile another player threw that the seat could have called: its options and what the seat did."""

    kind: str
    """``"call"``."""
    step: int
    hand: Hand
    """The seat's 13-tile hand (with its melds) when the tile was thrown."""
    offered: Tile
    offered_red: bool
    source: str
    """Who threw it, from the seat: ``"left"``, ``"across"`` or ``"right"``."""
    played: str
    """``"pass"``, ``"ron"`` or the meld made (:func:`option_key`)."""
    visible: tuple[int, ...]
    visible_reds: tuple[int, int, int]
    dora: str
    turns: int
    calls: CallAdvice

    @property
    def best(self) -> CallOption:
        return self.calls.options[0]

    @property
    def played_option(self) -> CallOption | None:
        return next((o for o in self.calls.options if option_key(o) == self.played), None)

    def loss(self, figure: str) -> float | None:
        """Best minus played for ``"ev"`` or ``"p_win"`` at the last draw (``None`` without figures, or when
        what was played is not among the options)."""
        played = self.played_option
        if played is None:
            return None
        a: tuple[float, ...] | None = getattr(self.best, figure)
        b: tuple[float, ...] | None = getattr(played, figure)
        if a is None or b is None:
            return None
        return max(0.0, a[-1] - b[-1])


@dataclass(frozen=True, slots=True)
class RoundReview:
    round: Round
    decisions: tuple[Decision | CallDecision, ...] | None
    """``None`` for a round listed but not reviewed (``review_steps``' ``rounds``)."""


@dataclass(frozen=True, slots=True)
class Review:
    game: Game
    seat: int
    rounds: tuple[RoundReview, ...]


@dataclass(slots=True)
class _Seat:
    """The reviewed seat's hand as the round goes."""

    counts: list[int]
    reds: list[int]
    melds: list[Meld]
    riichi: bool = False

    def take(self, tile: Tile, red: bool) -> None:
        self.counts[tile] += 1
        if red:
            self.reds[FIVES.index(tile)] += 1

    def give(self, tile: Tile, red: bool, label: str, step: int) -> None:
        if self.counts[tile] == 0 or red and not self.reds[FIVES.index(tile)]:
            raise HandError(f"the seat discards or calls with {tile_name(tile)} it does not hold (round {label}, "
                            f"step {step})", field="log", code="log.invalid",
                            params={"message": "a tile not held", "round": label, "step": step})
        self.counts[tile] -= 1
        if red:
            self.reds[FIVES.index(tile)] -= 1

    def hand(self) -> Hand:
        return Hand(tuple(self.counts), (self.reds[0], self.reds[1], self.reds[2]), tuple(self.melds))


def _winds(game: Game, r: Round, seat: int) -> tuple[str, str]:
    players = len(game.players)
    dealer = r.number % 4 % players
    return f"{r.number // 4 % 4 + 1}z", f"{(seat - dealer) % players + 1}z"


def _round_steps(game: Game, r: Round, seat: int, *, turns: int, max_shanten: int, objective: str,
                 riichi: RiichiPolicy, budget: float | None) -> Generator[AdviceRow | None, None, RoundReview]:
    players = len(game.players)
    label = r.name
    shape_rules: Rules = "riichi" if players == 4 else "sanma"
    scoring = ({"red_fives": "mps" if game.red_fives else ""} if players == 4 else "riichi")
    own = _Seat([0] * KINDS, [0, 0, 0], [])
    for code in r.starts[seat]:
        own.take(*tile_of(code, label, 0))
    seen = [0] * KINDS
    seen_reds = [0, 0, 0]
    indicators = [tile_of(code, label, 0) for code in r.dora]
    shown = 1
    live = TILE_COUNT[players] - DEAD_WALL - 13 * players
    round_wind, seat_wind = _winds(game, r, seat)
    decisions: list[Decision] = []
    step = 0

    pending: dict[str, object] | None = None  # a call decision waiting to learn what the seat did

    def position() -> tuple[str, int, Situation]:
        """The seat's position now: the indicators shown, its draws left (the live wall shared by the players,
        at most ``turns``) and the scoring situation."""
        dora = "".join(tile_name(t) if not red else f"0{'mps'[FIVES.index(t)]}" for t, red in indicators[:shown])
        situation = Situation(riichi, False, round_wind, seat_wind, dora, r.honba, r.sticks, scoring, False)
        return dora, max(1, min(turns, live // players)), situation

    def settle(played: str) -> None:
        nonlocal pending
        if pending is not None:
            decisions.append(CallDecision(played=played, **pending))  # type: ignore[arg-type]
            pending = None

    def offer(event: Discard) -> None:
        """Open a call decision when the seat could call the tile ``event`` throws (ron, or unless in riichi
        a chi from the left, a pon or an open kan)."""
        nonlocal pending
        hand = own.hand()
        source = ("left" if (seat - 1) % players == event.seat else "right" if (seat + 1) % players == event.seat
                  else "across")
        won = list(hand.concealed)
        won[event.tile] += 1
        wins = shanten(Hand(tuple(won), hand.reds, hand.melds), rules=shape_rules).min == -1
        if not wins and (own.riichi or not calls_after(hand, event.tile, event.red, source, shape_rules)):
            return
        dora, left, situation = position()
        given = Given(hand, list(seen), tuple(seen_reds), shape_rules, None, situation, left, False, False,
                      max_shanten)
        calls = call_advice_of(given, event.tile, event.red, seat=source, objective=objective)
        # a decision when there is a choice with figures (a hand beyond the search's shanten has none)
        if len(calls.options) > 1 and sum(o.p_win is not None for o in calls.options) > 1:
            pending = {"kind": "call", "step": step, "hand": hand, "offered": event.tile, "offered_red": event.red,
                       "source": source, "visible": tuple(seen), "visible_reds": (seen_reds[0], seen_reds[1],
                                                                                  seen_reds[2]),
                       "dora": dora, "turns": left, "calls": calls}

    def see(tile: Tile, red: bool, n: int = 1) -> None:
        seen[tile] += n
        if red:
            seen_reds[FIVES.index(tile)] += 1

    for event in replay(game, r):
        step += 1
        if pending is not None:  # what the seat did with the tile offered: called it, or let it go
            took = isinstance(event, Call) and event.seat == seat and event.taken == pending["offered"]
            settle(call_key(event.meld.kind, event.meld) if took and isinstance(event, Call) else "pass")
        if isinstance(event, Draw):
            live -= 1
            if event.seat == seat:
                own.take(event.tile, event.red)
        elif isinstance(event, Discard):
            if event.seat == seat:
                hand = own.hand()
                dora, left, situation = position()
                advice = None
                if not own.riichi:
                    advice = yield from advice_steps(hand, visible=tuple(seen), turns=left, max_shanten=max_shanten,
                                                     rules=shape_rules, objective=objective, situation=situation,
                                                     visible_reds=tuple(seen_reds), budget=budget,
                                                     improvements=False)
                decisions.append(Decision("forced" if own.riichi else "discard", step, hand, event.tile, event.red,
                                          tuple(seen), (seen_reds[0], seen_reds[1], seen_reds[2]), dora, left,
                                          advice))
                own.give(event.tile, event.red, label, step)
                own.riichi = own.riichi or event.riichi
                yield None
            else:
                offer(event)
                if pending is not None:
                    yield None
            see(event.tile, event.red)
        elif isinstance(event, Call):
            if event.seat == seat:  # the taken tile leaves the river for the seat's meld
                seen[event.taken] -= 1
                if event.taken_red:
                    seen_reds[FIVES.index(event.taken)] -= 1
                rest = list(event.meld.tiles)
                rest.remove(event.taken)
                reds = event.meld.reds - event.taken_red
                for t in rest:
                    red = bool(reds) and t in FIVES
                    own.give(t, red, label, step)
                    reds -= red
                own.melds.append(event.meld)
            else:
                rest = list(event.meld.tiles)
                rest.remove(event.taken)
                for t in rest:
                    see(t, False)
                if event.meld.reds > event.taken_red:  # a red five from the caller's hand
                    seen_reds[FIVES.index(next(t for t in event.meld.tiles if t in FIVES))] += 1
            if event.meld.kind == "kan":
                shown += 1
        elif isinstance(event, Kan):
            shown += 1
            if event.seat == seat:
                if event.kind == "ankan":
                    reds = event.meld.reds
                    for t in event.meld.tiles:
                        red = bool(reds) and t in FIVES
                        own.give(t, red, label, step)
                        reds -= red
                    own.melds.append(event.meld)
                else:
                    own.give(event.added, event.added_red, label, step)
                    pon = next(m for m in own.melds if m.kind == "pon" and m.tiles[0] == event.added)
                    own.melds[own.melds.index(pon)] = event.meld
            elif event.kind == "ankan":
                for t in event.meld.tiles:
                    see(t, False)
                if event.meld.reds:
                    seen_reds[FIVES.index(event.meld.tiles[0])] += 1
            else:
                see(event.added, event.added_red)
    # the round ended on the tile offered: the seat won on it when the result names it winner by discard
    ron = bool(r.result) and r.result[0] == "和了" and any(
        isinstance(info, list) and len(info) > 1 and info[0] == seat and info[1] != seat
        for info in r.result[2::2])
    settle("ron" if ron else "pass")
    return RoundReview(r, tuple(decisions))


def review_steps(game: Game, seat: int, *, turns: int = DEFAULT_TURNS, max_shanten: int = DEFAULT_MAX_SHANTEN,
                 objective: str = "ev", riichi: RiichiPolicy = "always", budget: float | None = None,
                 rounds: frozenset[int] | None = None) -> Generator[AdviceRow | None, None, Review]:
    """The :class:`Review` of ``seat``'s decisions in every round (or in the rounds whose indexes ``rounds``
    holds: the others are listed without decisions), in steps: yields after each decision (and each of the
    advisor's discard rows) and, with ``budget`` (seconds), whenever a search has run that long."""
    reviewed = []
    for index, r in enumerate(game.rounds):
        if rounds is not None and index not in rounds:
            for _ in replay(game, r):  # listed, not reviewed: still read through, so a malformed log says so now
                pass
            reviewed.append(RoundReview(r, None))
            continue
        reviewed.append((yield from _round_steps(game, r, seat, turns=turns, max_shanten=max_shanten,
                                                 objective=objective, riichi=riichi, budget=budget)))
    return Review(game, seat, tuple(reviewed))

