"""Call advice (鳴き): should the player take the tile just thrown by chi, pon, open kan or ron, or pass?

:func:`call_advice_of` answers a :class:`CallAdvice`: every legal option (:class:`CallOption`) with its
figures on one time line, best first. The model is the advisor's (:mod:`paili.advice`, section *Calls*
there states what a call changes); this module builds each option's hand and asks the advisor:

* ``pass``: the 13-tile hand's :func:`~paili.advice.outlook.outlook_of` with the offered tile seen;
* ``ron``: the win on the offered tile, scored once;
* ``chi`` / ``pon``: the hand after the call must discard: its :func:`~paili.advice.ranking.advice_steps`
  with ``turns - 1`` draws, the swap-back discards left out, its best row the option's figures;
* ``kan``: the hand after the open kan draws its replacement at once (a win on it scores rinshan kaihou),
  then follows the default policy with ``turns - 1`` draws; every win after the kan is worth the exact
  expectation over the kan's new dora indicator (:class:`~paili.win_value.WinValue`'s ``kan_dora``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Final

from ..defence.opponents import Opponent, Opponents, seen_counts
from ..errors import HandError
from ..gb.count import GbScore, score_gb
from ..hand import Hand, Meld
from ..scoring.calculate import Score, score_hand
from ..shanten import shanten
from ..situation import Situation
from ..tiles import HONOR_BASE, Tile, tile_name
from ..win_value import FIVE_SUIT, GbWinValue, WinValue
from .answers import AdviceRow, AtTable
from .inputs import Position, SearchOptions, scored_policy
from .model import Values
from .outlook import outlook_of
from .pushfold import line_at_table, noten_payment, table_risk, verdict
from .ranking import ORDER_BY, advice_steps
from .stepping import finish

__all__ = ["SEATS", "CallAdvice", "CallOption", "call_advice_of", "calls_after", "swap_back_kinds"]

SEATS: Final = ("left", "across", "right")
"""Who threw the tile: the player before you (``left``, the only one a chi may come from), across, right."""

NO_CHI_RULES: Final = ("sanma", "sichuan")


@dataclass(frozen=True, slots=True)
class CallOption:
    """One answer to the offered tile: ``call`` (``pass``, ``ron``, ``chi``, ``pon``, ``kan``), the meld it
    makes, the hand after the call (``None`` for pass and ron), its best discard (a row of ``rows``; ``None``
    for pass, ron and kan, which discards only after its replacement draw), the figures on the pass line's
    time line (``None`` beyond ``max_shanten``; ``ev`` also when the hand is not scored), whether a win with a
    yaku is within reach, the discard table after the call (the swap-back discards left out) and a ron's
    score."""

    call: str
    meld: Meld | None
    hand: Hand | None
    discard: AdviceRow | None
    shanten: int
    p_tenpai: tuple[float, ...] | None
    p_win: tuple[float, ...] | None
    ev: tuple[float, ...] | None
    yaku: bool | None
    rows: tuple[AdviceRow, ...]
    score: Score | GbScore | None = None
    """A ron's score: riichi's, or under ``gb`` the fan count of a legal win."""


@dataclass(frozen=True, slots=True)
class CallAdvice:
    """The options of a 13-tile hand offered ``offered`` (``red``: the red five) from ``seat``, best first by
    ``objective`` at the last turn."""

    hand: Hand
    offered: Tile
    red: bool
    seat: str
    turns: int
    objective: str
    options: tuple[CallOption, ...]
    no_calls: str | None = None
    """Why no chi, pon or kan is offered though the hand holds the tiles for one: ``"riichi"`` (a closed
    tenpai hand under the riichi policy ``always`` counts as in riichi, and a hand in riichi never calls) or
    ``"void"`` (a Sichuan hand never calls a tile of the suit it gives up); ``None`` otherwise."""
    table: AtTable | None = None
    """With opponents given: the fold line after passing and the verdict, the best option or folding."""


def swap_back_kinds(meld: Meld, offered: Tile) -> frozenset[Tile]:
    """The discards the swap-back ban (食い替え) forbids after calling ``offered`` into ``meld``: its kind, and
    after a chi the tile beyond the sequence's other end (chi 4m with 56m: 4m and 7m; with 23m: 4m and 1m).

    >>> sorted(swap_back_kinds(Meld("chi", (3, 4, 5)), 3)), sorted(swap_back_kinds(Meld("chi", (1, 2, 3)), 3))
    ([3, 6], [0, 3])
    """
    banned = {offered}
    if meld.kind == "chi":
        low, high = meld.tiles[0], meld.tiles[2]
        other = high + 1 if offered == low else low - 1 if offered == high else None
        if other is not None and other // 9 == offered // 9 and 0 <= other < HONOR_BASE:
            banned.add(other)
    return frozenset(banned)


def _take(hand: Hand, used: tuple[Tile, ...], used_reds: int, kind: str, offered: Tile, red: bool) -> Hand:
    """``hand`` after calling ``offered`` with its concealed ``used`` tiles (``used_reds`` of them red)."""
    counts = list(hand.concealed)
    for t in used:
        counts[t] -= 1
    reds = list(hand.reds)
    if used_reds:
        reds[FIVE_SUIT[next(t for t in used if t in FIVE_SUIT)]] -= used_reds
    meld = Meld(kind, tuple(sorted((*used, offered))), used_reds + red)  # type: ignore[arg-type]
    return Hand(tuple(counts), (reds[0], reds[1], reds[2]), (*hand.melds, meld), hand.nukidora)


def _red_choices(hand: Hand, used: tuple[Tile, ...]) -> list[int]:
    """How many red fives the concealed ``used`` tiles can include (0 or 1 each way the hand allows)."""
    fives = [t for t in used if t in FIVE_SUIT]
    if not fives:
        return [0]
    five = fives[0]
    held, red = hand.concealed[five], hand.reds[FIVE_SUIT[five]]
    need = len(fives)
    return [n for n in (0, 1) if n <= red and need - n <= held - red]


def calls_after(hand: Hand, offered: Tile, red: bool, seat: str, rules: str) -> list[Hand]:
    """The hands after every distinct chi, pon and open kan of ``offered`` (chi only from the left, none
    under sanma and Sichuan; red copies apart when the hand can give either)."""
    c = hand.concealed
    out: list[Hand] = []
    if seat == "left" and rules not in NO_CHI_RULES and offered < HONOR_BASE and hand.tile_count >= 4:
        n = offered % 9
        for low in (n - 2, n - 1, n):
            if low < 0 or low > 6:
                continue
            used = tuple(offered - n + low + i for i in range(3) if low + i != n)
            if all(c[t] for t in used):
                out.extend(_take(hand, used, r, "chi", offered, red) for r in _red_choices(hand, used))
    if c[offered] >= 2 and hand.tile_count >= 4:
        out.extend(_take(hand, (offered, offered), r, "pon", offered, red)
                   for r in _red_choices(hand, (offered, offered)))
    if c[offered] >= 3 and sum(m.kind in ("kan", "ankan") for m in hand.melds) < 4:
        out.extend(_take(hand, (offered,) * 3, r, "kan", offered, red)
                   for r in _red_choices(hand, (offered,) * 3))
    return out


def _rank(objective: str, scored: bool) -> Any:
    order_by = ORDER_BY["p_win" if objective == "ev" and not scored else objective]

    def rank(item: tuple[int, CallOption]) -> tuple[Any, ...]:
        order, o = item
        figures = {"p_win": o.p_win, "p_tenpai": o.p_tenpai, "ev": o.ev}
        if o.p_win is None:
            return (True, *(0.0 for _ in order_by), order)
        return (False, *(-(figures[key] or (0.0,))[-1] for key in order_by), order)
    return rank


def _yaku(p_win: tuple[float, ...] | None, scored: bool) -> bool | None:
    """A win with a yaku is within reach when the chance to win is above 0 by the last turn."""
    return p_win[-1] > 0 if scored and p_win is not None else None


def _kan_line(hand: Hand, situation: Situation) -> tuple[tuple[float, ...], tuple[float, ...],
                                                          tuple[float, ...] | None, bool]:
    """The figures of the 3n+1 hand after an open kan: its replacement draw at once, then ``turns - 1``
    draws under the default policy; entry ``n`` after the replacement and ``n`` more draws."""
    n = situation.turns
    _, value, policy = scored_policy(hand, situation, turns=n - 1, kan_dora=True)
    c = list(hand.concealed)
    reds = value.reds_of(hand) if value is not None else [0, 0, 0]
    s, total, lowering = policy.chances(c)
    win, ten, ev = [0.0] * n, [0.0] * n, [0.0] * n
    hit = 0.0
    for k, r in lowering:
        c[k] += 1
        for copies, is_red in policy.copies(k, r, reds):
            q = copies / total
            if is_red:
                reds[FIVE_SUIT[k]] += 1
            after: Values
            if s == 0:  # a complete shape on the replacement draw: rinshan kaihou is its yaku
                points = value.rinshan(c, reds, k, is_red) if value is not None else 0.0
                after = Values([1.0] * n, [1.0] * n, [points] * n)
            else:
                after = policy.best_after(c, reds, s - 1)
            if is_red:
                reds[FIVE_SUIT[k]] -= 1
            hit += q
            for i in range(n):
                win[i] += q * after.win[i]
                ten[i] += q * after.tenpai[i]
                ev[i] += q * after.ev[i]
        c[k] -= 1
    stay = policy.values(c, reds)
    rest = 1.0 - hit if total else 1.0
    for i in range(n):
        win[i] += rest * stay.win[i]
        ten[i] += rest * stay.tenpai[i]
        ev[i] += rest * stay.ev[i]
    return tuple(win), tuple(ten), tuple(ev) if value is not None else None, value is not None


def _shifted(row: AdviceRow, turns: int
             ) -> tuple[tuple[float, ...] | None, tuple[float, ...] | None, tuple[float, ...] | None]:
    """A call's best row on the pass line's time line of ``turns`` entries: entry 0 is 0 (no own draw made
    yet, as the rules of the call advice fix it, tenpai or not), then its figures after 1, 2... of its own
    draws (the row has ``turns - 1`` of them, or one when ``turns`` is 1: that entry is then left out)."""
    if row.p_win is None or row.p_tenpai is None:
        return None, None, None
    return ((0.0, *row.p_tenpai)[:turns], (0.0, *row.p_win)[:turns],
            (0.0, *row.ev)[:turns] if row.ev is not None else None)


def _without_draws(row: AdviceRow) -> AdviceRow:
    """A row of the table after a call made with one draw left (``turns`` 1): the call skips that draw, so
    on the pass line's one-entry time line its figures are 0, as the option's own are (:func:`_shifted`)."""
    def zero(figures: tuple[float, ...] | None) -> tuple[float, ...] | None:
        return None if figures is None else (0.0,)
    return replace(row, p_win=zero(row.p_win), p_tenpai=zero(row.p_tenpai), ev=zero(row.ev),
                   waits=tuple(replace(wait, p_win=(0.0,)) for wait in row.waits))


def thrown(opponents: Opponents, seat: str, offered: Tile, red: bool, *, called: bool) -> Opponents | None:
    """The opponents once ``seat`` has thrown ``offered``: it ends that seat's river (called away by the hand
    when ``called``), and every other opponent in riichi has let it pass (nobody took it by ron: the hand is
    asked). ``None`` when ``seat`` is not among the opponents given (the tile is then only seen)."""
    player = getattr(opponents, seat, None)
    if not isinstance(player, Opponent):
        return None
    index = len(player.discards)
    seats: dict[str, Opponent] = {}
    for name, other in opponents.seats():
        if name != seat and other.in_riichi:
            seats[name] = replace(other, passed=(*other.passed, offered), passed_reds=(*other.passed_reds, red))
    seats[seat] = replace(player, discards=(*player.discards, offered), reds=(*player.reds, red),
                          called=player.called | {index} if called else player.called)
    return replace(opponents, **seats)


def _kan_at_table(after: Hand, situation: Situation, win: tuple[float, ...], tenpai: tuple[float, ...],
                  ev: tuple[float, ...] | None) -> tuple[float, ...] | None:
    """The kan line's ``ev`` with the table counted (its replacement draw taken at once, before the others'
    go-around), or as it is without opponents."""
    if situation.opponents is None or ev is None:
        return ev
    risk = table_risk(Position(after, situation, SearchOptions()))
    return line_at_table(win, tenpai, ev, risk, drawn_now=True)


def _call_at_table(row: AdviceRow, after_call: Position, turns: int) -> tuple[float, ...] | None:
    """A chi or pon's ``ev`` on the pass line's time line with the table counted. Its discard right after the call
    is valued as the pass line's discards are, at the mean danger of the tiles held (the pass line does not know
    its discards either: the options compare on one footing; the rows after the call still rank the discards by
    their own danger), the line after it as the rows count it (``ev_if_passes``). With one draw left the call
    skips it: the discard, then the exhaustive draw's payment when the wall ends there."""
    if row.ev_if_passes is None:
        return None
    risk = table_risk(after_call)
    p, cost = risk.push_deal_in
    if turns == 1:
        ends = risk.draws_to_end is not None and risk.draws_to_end <= 1
        end = noten_payment(1.0 if row.discard.shanten == 0 else 0.0, risk.opponents, risk.players) if ends else 0.0
        return (-p * cost + (1.0 - p) * end,)
    return (0.0, *(-p * cost + (1.0 - p) * x for x in row.ev_if_passes))[:turns]


def call_advice_of(position: Position, offered: Tile, red: bool, *, seat: str, objective: str,
                   allow_swap_back: bool = False) -> CallAdvice:
    """The :class:`CallAdvice` of a checked position (a 13-tile hand; its visible tiles without the offered
    tile) for ``offered`` thrown from ``seat``."""
    hand, given, search = position
    if hand.tile_count % 3 != 1:
        raise HandError(f"expected a hand waiting for its draw (3n+1 concealed tiles: 13, 10, 7, 4 or 1), got "
                        f"{hand.tile_count}; call advice is about the tile another player has just thrown",
                        code="calls.size", params={"count": hand.tile_count})
    if seat not in SEATS:
        raise HandError(f"expected seat to be one of {', '.join(map(repr, SEATS))}, got {seat!r}", field="seat",
                        code="option.choice",
                        params={"name": "seat", "choices": ", ".join(map(repr, SEATS)), "got": repr(seat)})
    called = hand.called_counts()
    shown = seen_counts(given.opponents)[offered] if given.opponents is not None else 0
    if hand.concealed[offered] + called[offered] + given.visible[offered] + shown >= 4:
        raise HandError(f"expected at most 4 copies of {tile_name(offered)} with the offered one, the hand's, "
                        f"the visible ones and the opponents'", field="offered", code="calls.offered_copies",
                        params={"tile": tile_name(offered)})
    suit = FIVE_SUIT.get(offered)
    if red and suit is not None and hand.reds[suit] + given.visible_reds[suit] + sum(
            m.reds for m in hand.melds if m.tiles[0] // 9 == suit) >= 1:
        raise HandError(f"expected one red five of each suit, got a second red {tile_name(offered)}",
                        field="offered", code="calls.offered_copies", params={"tile": tile_name(offered)})
    turns = given.turns
    seen = list(given.visible)
    seen_reds = list(given.visible_reds)
    passed = thrown(given.opponents, seat, offered, red, called=False) if given.opponents is not None else None
    taken = thrown(given.opponents, seat, offered, red, called=True) if given.opponents is not None else None
    if passed is None:  # no river to end: the tile is seen
        seen[offered] += 1
        if red and suit is not None:
            seen_reds[suit] += 1
    situation = replace(given, visible=tuple(seen), visible_reds=(seen_reds[0], seen_reds[1], seen_reds[2]),
                        opponents=passed if passed is not None else given.opponents)
    calling = replace(given, opponents=taken if taken is not None else given.opponents)
    stand = finish(outlook_of(Position(hand, situation, search._replace(tegawari=False, shanten_down=False))))
    scored = stand.situation is not None
    options = [CallOption("pass", None, None, None, stand.shanten, stand.p_tenpai, stand.p_win, stand.ev,
                          _yaku(stand.p_win, scored), ())]
    in_riichi = (scored and given.rules == "riichi" and stand.shanten == 0 and hand.is_closed
                 and situation.riichi == "always")  # GB has no riichi
    # ron: the offered tile completes a win with a yaku (furiten aside)
    counts = list(hand.concealed)
    counts[offered] += 1
    reds = list(hand.reds)
    if red and suit is not None:
        reds[suit] += 1
    won = Hand(tuple(counts), (reds[0], reds[1], reds[2]), hand.melds, hand.nukidora)
    if shanten(won, rules=given.rules, void=given.void).min == -1:
        if scored and given.rules == "gb":  # a legal win by GB's count (8 fans), worth GB's payment by discard
            gb = score_gb(won, win=tile_name(offered), tsumo=False, round_wind=situation.round_wind,
                          seat_wind=situation.seat_wind)
            if gb.legal:
                payment = GbWinValue(hand, seen=seen, round_wind=situation.round_wind, seat_wind=situation.seat_wind)
                points = payment.ron(counts, reds, offered, red)
                options.append(CallOption("ron", None, None, None, -1, (1.0,) * turns, (1.0,) * turns,
                                          (points,) * turns, True, (), gb))
        elif scored:
            value = WinValue(hand, situation)
            code = "0" + "mps"[suit] if red and suit is not None else tile_name(offered)
            score = score_hand(won, win=code, rules=situation.scoring, tsumo=False, round_wind=situation.round_wind,
                               seat_wind=situation.seat_wind, riichi=1 if in_riichi else 0, dora=situation.dora,
                               honba=situation.honba, riichi_sticks=situation.riichi_sticks, indicators_checked=True)
            if score.yaku:
                points = value.ron(counts, value.reds_of(won), offered, red)
                options.append(CallOption("ron", None, None, None, -1, (1.0,) * turns, (1.0,) * turns,
                                          (points,) * turns, True, (), score))
        else:
            options.append(CallOption("ron", None, None, None, -1, (1.0,) * turns, (1.0,) * turns, None, None, ()))
    # a hand in riichi never calls; nor does a Sichuan hand call a tile of the suit it has given up (定缺: its
    # tiles are only ever thrown)
    given_up = given.void is not None and offered // 9 == given.void
    blocked = calls_after(hand, offered, red, seat, given.rules) if in_riichi or given_up else []
    no_calls = None if not blocked else "riichi" if in_riichi else "void"
    if not in_riichi and not given_up:
        for after in calls_after(hand, offered, red, seat, given.rules):
            meld = after.melds[-1]
            if meld.kind == "kan":
                w, t, e, kan_scored = _kan_line(after, calling)
                s = shanten(after, rules=given.rules, void=given.void).min
                options.append(CallOption("kan", meld, after, None, s, t, w, _kan_at_table(after, calling, w, t, e),
                                          _yaku(w, kan_scored), ()))
                continue
            # the discard table after the call: its own draws, turns - 1 (at least one, for a table to rank)
            after_call = Position(after, replace(calling, turns=max(1, turns - 1)), SearchOptions(
                max_shanten=search.max_shanten))
            advice = finish(advice_steps(after_call, objective=objective, improvements=False))
            banned = frozenset() if allow_swap_back else swap_back_kinds(meld, offered)
            rows = tuple(row if turns > 1 else _without_draws(row)
                         for row in advice.rows if row.discard.tile not in banned)
            if not rows:
                continue  # every discard is banned: the call cannot be made
            best = rows[0]
            t2, w2, e2 = _shifted(best, turns)
            if calling.opponents is not None and e2 is not None:  # the table counted, on the pass line's footing
                e2 = _call_at_table(best, after_call, turns)
            options.append(CallOption(meld.kind, meld, after, best, best.discard.shanten, t2, w2, e2,
                                      _yaku(w2, advice.situation is not None), rows))
    ranked = sorted(enumerate(options), key=_rank(objective, scored))
    table = None
    if stand.table is not None:  # the opponents given: folding after passing against the best option's value
        top = max((o.ev[-1] for o in options if o.ev is not None), default=None)
        table = AtTable(stand.table.fold, verdict(stand.table.fold, None, top))
    return CallAdvice(hand, offered, red, seat, turns, objective, tuple(o for _, o in ranked), no_calls, table)

