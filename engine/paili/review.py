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
from dataclasses import dataclass, replace

from .advice import (
    DEFAULT_MAX_SHANTEN,
    DEFAULT_TURNS,
    Advice,
    AdviceRow,
    CallAdvice,
    CallOption,
    Position,
    Progress,
    SearchOptions,
    advice_steps,
    call_advice_of,
    calls_after,
)
from .defence.opponents import Opponents
from .hand import Hand, Meld
from .logs import Call, Discard, Game, Round, replay
from .rules import Rules
from .scoring.rules import resolve_rules
from .shanten import shanten
from .situation import RiichiPolicy, Situation
from .table import Table
from .tiles import Tile

__all__ = ["CallDecision", "Costliest", "Decision", "Review", "ReviewOptions", "ReviewSummary",
           "RoundReview", "review_steps"]


@dataclass(frozen=True, slots=True)
class Decision:
    """One discard of the seat: the position, the move played and, unless ``forced``, the advisor's table."""

    kind: str
    """``"discard"``, or ``"forced"`` after the seat's riichi."""
    step: int
    """The event's number in the round's replay (from 1)."""
    turn: int
    """The seat's turn in the round (巡目): 1 for its first discard, one more for each discard of its own."""
    hand: Hand
    played: Tile
    played_red: bool
    visible: tuple[int, ...]
    visible_reds: tuple[int, int, int]
    dora: str
    turns: int
    advice: Advice | None
    """The ranked discards (``None`` for a forced discard)."""
    opponents: Opponents | None = None
    """The other players as the log showed them, when the review counts them (``defence``)."""

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

    @property
    def matched(self) -> bool:
        """The move played is the best, or ties it (:func:`_ties`)."""
        best = self.best
        return best is not None and (self.played == best.discard.tile or _ties(self))


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
    turn: int
    """The seat's turn in the round (巡目) that the call would take: its discards so far, plus one."""
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
    opponents: Opponents | None = None
    """The other players as the seat saw them before the tile was thrown, when the values count them."""

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

    @property
    def matched(self) -> bool:
        """What the seat did is the best option, or ties it (:func:`_ties`)."""
        return self.played == option_key(self.best) or _ties(self)


def _ties(d: Decision | CallDecision) -> bool:
    """A move that loses nothing: its expected points (when scored) and its chance to win at the last draw are
    the best's (what the review page grades "best")."""
    ev, p_win = d.loss("ev"), d.loss("p_win")
    return p_win is not None and p_win <= 0 and (ev is None or ev <= 0)


@dataclass(frozen=True, slots=True)
class RoundReview:
    round: Round
    decisions: tuple[Decision | CallDecision, ...] | None
    """``None`` for a round listed but not reviewed (``review_steps``' ``rounds``)."""


@dataclass(frozen=True, slots=True)
class Costliest:
    """The decision that lost the most expected points: its round's name and honba, its step and the seat's
    turn, and the points lost."""

    round: str
    honba: int
    step: int
    turn: int
    ev: float


@dataclass(frozen=True, slots=True)
class ReviewSummary:
    """A review's figures over the rounds reviewed: the discards searched (``decisions``) and how many were the
    best or tied it; the call decisions whose choice is among the options (``calls``) and how many were the best
    or tied it; the
    expected points lost over both, and the costliest decision (``None`` when nothing was lost or searched)."""

    decisions: int
    matched: int
    calls: int
    calls_matched: int
    total_loss: float
    largest_loss: Costliest | None

    @classmethod
    def of(cls, rounds: tuple[RoundReview, ...]) -> ReviewSummary:
        searched = matched = calls = calls_matched = 0
        total = 0.0
        largest: Costliest | None = None
        for rr in rounds:
            for d in rr.decisions or ():
                if isinstance(d, CallDecision):
                    if d.loss("p_win") is None:  # what was played is not an option with figures
                        continue
                    calls += 1
                    calls_matched += d.matched
                else:
                    if d.best is None:
                        continue
                    searched += 1
                    matched += d.matched
                loss = d.loss("ev")
                if loss is not None:
                    total += loss
                    if largest is None or loss > largest.ev:
                        largest = Costliest(rr.round.name, rr.round.honba, d.step, d.turn, loss)
        return cls(searched, matched, calls, calls_matched, total, largest)


@dataclass(frozen=True, slots=True)
class Review:
    game: Game
    seat: int
    rounds: tuple[RoundReview, ...]

    @property
    def summary(self) -> ReviewSummary:
        """The figures over the rounds reviewed (:class:`ReviewSummary`)."""
        return ReviewSummary.of(self.rounds)


@dataclass(frozen=True, slots=True)
class ReviewOptions:
    """How a review searches each position: the draws looked ahead at most, the search's shanten limit, what
    ranks the discards, the riichi policy, and whether the values count the other players (``defence``: each
    discard position carries the opponents the log shows, :mod:`paili.advice.pushfold`)."""

    turns: int = DEFAULT_TURNS
    max_shanten: int = DEFAULT_MAX_SHANTEN
    objective: str = "ev"
    riichi: RiichiPolicy = "always"
    defence: bool = True


def _round_steps(game: Game, r: Round, seat: int, options: ReviewOptions, budget: float | None
                 ) -> Generator[AdviceRow | Progress | None, None, RoundReview]:
    turns, max_shanten, objective, riichi = options.turns, options.max_shanten, options.objective, options.riichi
    players = len(game.players)
    shape_rules: Rules = "riichi" if players == 4 else "sanma"
    scoring = resolve_rules({"red_fives": "mps" if game.red_fives else ""} if players == 4 else "riichi")
    table = Table(game, r, seat)
    round_wind, seat_wind = table.winds(r.number)
    search = SearchOptions(max_shanten=max_shanten)
    decisions: list[Decision | CallDecision] = []
    pending: CallDecision | None = None  # a tile offered, its `played` known at the next event

    def position(defended: bool = False) -> Position:
        """The seat's position now: its hand in the situation it sees (checked as a request's is); ``defended``:
        with the opponents the log shows (their rivers are then in them, not in the visible tiles)."""
        opponents = table.opponents() if defended else None
        seen, reds = table.seen_apart(opponents) if opponents is not None else (table.seen, table.seen_reds)
        situation = Situation(turns=table.draws_left(turns), riichi=riichi, round_wind=round_wind,
                              seat_wind=seat_wind, honba=r.honba, riichi_sticks=r.sticks, dora=table.dora,
                              rules=shape_rules, scoring=scoring, visible=tuple(seen),
                              visible_reds=(reds[0], reds[1], reds[2]), opponents=opponents)
        situation.check_hand(table.hand)
        return Position(table.hand, situation, search)

    def offer(event: Discard) -> CallDecision | None:
        """A call decision when the seat could call the tile ``event`` throws (ron, or unless in riichi a chi
        from the left, a pon or an open kan) and the options have figures to choose by."""
        hand = table.hand
        source = table.source(event.seat)
        won = list(hand.concealed)
        won[event.tile] += 1
        wins = shanten(Hand(tuple(won), hand.reds, hand.melds), rules=shape_rules).min == -1
        if not wins and (table.in_riichi or not calls_after(hand, event.tile, event.red, source, shape_rules)):
            return None
        now = position(options.defence)
        calls = call_advice_of(now, event.tile, event.red, seat=source, objective=objective)
        # a decision when there is a choice with figures (a hand beyond the search's shanten has none)
        if len(calls.options) > 1 and sum(o.p_win is not None for o in calls.options) > 1:
            return CallDecision("call", table.step + 1, table.turn, hand, event.tile, event.red, source, "pass",
                                now.situation.visible, now.situation.visible_reds, table.dora, now.situation.turns,
                                calls, now.situation.opponents)
        return None

    for event in replay(game, r):
        if pending is not None:  # what the seat did with the tile offered: called it, or let it go
            took = isinstance(event, Call) and event.seat == seat and event.taken == pending.offered
            decisions.append(replace(pending, played=call_key(event.meld.kind, event.meld)
                                     if took and isinstance(event, Call) else "pass"))
            pending = None
        if isinstance(event, Discard) and event.seat == seat:
            hand = table.hand
            now = position(options.defence and not table.in_riichi)
            advice = None
            if not table.in_riichi:
                advice = yield from advice_steps(now, objective=objective, budget=budget, improvements=False)
            seen = now.situation
            decisions.append(Decision("forced" if table.in_riichi else "discard", table.step + 1, table.turn, hand,
                                      event.tile, event.red, seen.visible, seen.visible_reds, table.dora,
                                      seen.turns, advice, seen.opponents))
            yield None
        elif isinstance(event, Discard):
            pending = offer(event)
            if pending is not None:
                yield None
        table.apply(event)
    if pending is not None:  # the round ended on the tile offered: the seat won on it, or let it go
        decisions.append(replace(pending, played="ron" if table.won_by_ron() else "pass"))
    return RoundReview(r, tuple(decisions))


def review_steps(game: Game, seat: int, options: ReviewOptions = ReviewOptions(), *, budget: float | None = None,
                 rounds: frozenset[int] | None = None
                 ) -> Generator[AdviceRow | Progress | RoundReview | None, None, Review]:
    """The :class:`Review` of ``seat``'s decisions in every round (or in the rounds whose indexes ``rounds``
    holds: the others are listed without decisions), in steps: yields after each decision (and each of the
    advisor's discard rows), with ``budget`` (seconds) whenever a search has run that long, and each round's
    :class:`RoundReview` once it is reviewed."""
    reviewed = []
    for index, r in enumerate(game.rounds):
        if rounds is not None and index not in rounds:
            for _ in replay(game, r):  # listed, not reviewed: still read through, so a malformed log says so now
                pass
            reviewed.append(RoundReview(r, None))
            continue
        done = yield from _round_steps(game, r, seat, options, budget)
        reviewed.append(done)
        yield done
    return Review(game, seat, tuple(reviewed))

