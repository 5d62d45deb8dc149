"""Seeded self-play games written as tenhou.net/6 logs: what the review tests replay.

A simple policy plays every seat: draw, win by tsumo when the hand is a win with a yaku, else discard the tile
that leaves the lowest shanten and the most ukeire (:func:`paili.discard_table`), declaring riichi when a closed
hand is left tenpai. Another seat wins by ron on a discard that completes its hand with a yaku; otherwise a
seat not in riichi may pon a discard it holds twice (any seat) or chi it (the next seat), with the given
chances; with ``kan`` (0 by default: the games without it are unchanged) it may also declare a closed kan of
the four copies it has drawn, or an open kan of a discard it holds three of, each turning a new indicator and
drawing a replacement tile. Red fives follow ``red`` (one of each). Three players play over the 108-tile wall
(no chi, no 2m-8m). Each game's log is exactly what the replay must read: draws and discards in the order of
play, calls written as tenhou.net/6 writes them, the result.
"""

from __future__ import annotations

import random
from typing import Any

import paili
from paili.hand import Hand, Meld
from paili.tiles import FIVES, KINDS

_NO_SANMA = set(range(1, 8))


def code(tile: int, red: bool) -> int:
    """The log's number of a tile."""
    if red:
        return 51 + FIVES.index(tile)
    return (tile // 9 + 1) * 10 + tile % 9 + 1


class _Player:
    def __init__(self) -> None:
        self.tiles: list[tuple[int, bool]] = []
        self.melds: list[Meld] = []
        self.riichi = False

    def hand(self) -> Hand:
        counts = [0] * KINDS
        reds = [0, 0, 0]
        for t, red in self.tiles:
            counts[t] += 1
            if red:
                reds[FIVES.index(t)] += 1
        return Hand(tuple(counts), (reds[0], reds[1], reds[2]), tuple(self.melds))

    def take_out(self, tile: int, prefer_plain: bool = True) -> tuple[int, bool]:
        options = sorted((c for c in self.tiles if c[0] == tile), key=lambda c: c[1] == prefer_plain)
        chosen = options[0]
        self.tiles.remove(chosen)
        return chosen


def _wins(player: _Player, tile: int, red: bool, tsumo: bool, rules: str, seat_wind: str) -> bool:
    hand = player.hand()
    if hand.tile_count % 3 != 2:
        counts = list(hand.concealed)
        counts[tile] += 1
        reds = list(hand.reds)
        if red:
            reds[FIVES.index(tile)] += 1
        hand = Hand(tuple(counts), (reds[0], reds[1], reds[2]), hand.melds)
    if not paili.is_agari(hand):
        return False
    name = f"0{'mps'[FIVES.index(tile)]}" if red else paili.tile_name(tile)
    try:
        result = paili.score(hand, win=name, tsumo=tsumo, riichi=int(player.riichi), seat_wind=seat_wind, rules=rules)
    except paili.HandError:
        return False
    return not result["no_yaku"]


def game(seed: int, *, players: int = 4, rounds: int = 1, red: bool = True, pon: float = 0.3,
         chi: float = 0.2, kan: float = 0.0) -> dict[str, Any]:
    """A whole self-play log of ``rounds`` rounds (East 1 onwards, no honba)."""
    rng = random.Random(seed)
    log = []
    for number in range(rounds):
        log.append(_round(rng, number, players, red, pon, chi, kan))
    return {"title": ["paili self-play", str(seed)], "name": [f"P{i}" for i in range(players)] + [""] * (4 - players),
            "rule": {"disp": "self-play", "aka": int(red)}, "log": log}


def _round(rng: random.Random, number: int, players: int, red: bool, pon: float, chi: float, kan: float
           ) -> list[Any]:
    kinds = [k for k in range(KINDS) if players == 4 or k not in _NO_SANMA]
    wall = [(k, False) for k in kinds for _ in range(4)]
    if red:
        for five in FIVES:
            if five in kinds:
                wall.remove((five, False))
                wall.append((five, True))
    rng.shuffle(wall)
    dead, wall = wall[:14], wall[14:]
    indicators = [dead[0]]
    seats = [_Player() for _ in range(players)]
    starts = []
    for p in seats:
        p.tiles = [wall.pop() for _ in range(13)]
        starts.append([code(*c) for c in p.tiles])
    draws: list[list[Any]] = [[] for _ in range(4)]
    discards: list[list[Any]] = [[] for _ in range(4)]
    dealer = number % players
    rules = "riichi" if players == 4 else "sanma"
    winds = [f"{(s - dealer) % players + 1}z" for s in range(players)]
    turn = dealer
    result: list[Any] = ["流局", [0] * players]
    called = False
    while True:
        p = seats[turn]
        if not called:
            if not wall:
                break
            drawn = wall.pop()
            draws[turn].append(code(*drawn))
            p.tiles.append(drawn)
            won = _wins(p, drawn[0], drawn[1], True, rules, winds[turn])
            # a closed kan of the four copies drawn: set aside, a new indicator, a replacement draw
            while (not won and kan and not p.riichi and len(wall) > players and len(indicators) < 5
                   and sum(t == drawn[0] for t, _ in p.tiles) == 4 and rng.random() < kan):
                mine = [p.take_out(drawn[0]) for _ in range(4)]
                p.melds.append(Meld("ankan", (drawn[0],) * 4, sum(r for _, r in mine)))
                codes = [str(code(*c)) for c in mine]
                discards[turn].append("".join(codes[:3]) + "a" + codes[3])
                indicators.append(dead[len(indicators)])
                drawn = wall.pop()
                draws[turn].append(code(*drawn))
                p.tiles.append(drawn)
                won = _wins(p, drawn[0], drawn[1], True, rules, winds[turn])
            if won:
                result = ["和了", [0] * players, [turn, turn, turn, "self-play"]]
                break
        else:
            drawn = None
        called = False
        if p.riichi and drawn is not None:
            out = p.take_out(drawn[0], prefer_plain=not drawn[1])
            discards[turn].append(60)
        else:
            hand = p.hand()
            rows = paili.discard_table(hand, rules=rules)
            best = min(rows, key=lambda row: (row.shanten, -row.ukeire.total, rng.random()))
            out = p.take_out(best.tile)
            entry: Any = 60 if drawn is not None and out == drawn else code(*out)
            closed = not any(m.is_open for m in p.melds)
            if closed and best.shanten == 0 and len(wall) >= players and not p.melds:
                p.riichi = True
                entry = f"r{entry}"
            discards[turn].append(entry)
        # someone else's ron, pon or chi
        winner = next((s for s in (turn + k for k in range(1, players)) if
                       _wins(seats[s % players], out[0], out[1], False, rules, winds[s % players])), None)
        if winner is not None:
            result = ["和了", [0] * players, [winner % players, turn, winner % players, "self-play"]]
            break
        caller = None
        kanned = False
        for k in range(1, players):
            s = (turn + k) % players
            q = seats[s]
            if (kan and not q.riichi and sum(1 for t, _ in q.tiles if t == out[0]) == 3 and len(wall) > players
                    and len(indicators) < 5 and rng.random() < kan):  # an open kan: no discard, a replacement draw
                caller, kanned = s, True
                mine = [q.take_out(out[0]) for _ in range(3)]
                q.melds.append(Meld("kan", (out[0],) * 4, sum(r for _, r in mine) + out[1]))
                place = {1: 3, 2: 1, 3: 0}[(turn - s) % 4] if players == 4 else {1: 3, 2: 0}[(turn - s) % 3]
                parts = [str(code(*c)) for c in mine]
                parts.insert(place, f"m{code(*out)}")
                draws[s].append("".join(parts))
                discards[s].append(0)
                indicators.append(dead[len(indicators)])
                break
            if not q.riichi and sum(1 for t, _ in q.tiles if t == out[0]) >= 2 and rng.random() < pon and wall:
                caller = s
                mine = [q.take_out(out[0]), q.take_out(out[0])]
                q.melds.append(Meld("pon", (out[0],) * 3, sum(r for _, r in mine) + out[1]))
                place = {1: 4, 2: 2, 3: 0}[(turn - s) % 4] if players == 4 else {1: 4, 2: 0}[(turn - s) % 3]
                parts = [str(code(*c)) for c in mine]
                parts.insert(place // 2, f"p{code(*out)}")
                draws[s].append("".join(parts))
                break
        nxt = (turn + 1) % players
        q = seats[nxt]
        if caller is None and players == 4 and not q.riichi and out[0] < 27 and wall and rng.random() < chi:
            low = out[0] - out[0] % 9
            for start in (out[0] - 2, out[0] - 1, out[0]):
                need = [t for t in (start, start + 1, start + 2) if t != out[0]]
                if low <= start <= low + 6 and all(any(t == n for t, _ in q.tiles) for n in need):
                    mine = [q.take_out(n) for n in need]
                    q.melds.append(Meld("chi", (start, start + 1, start + 2), sum(r for _, r in mine) + out[1]))
                    draws[nxt].append(f"c{code(*out)}" + "".join(str(code(*c)) for c in mine))
                    caller = nxt
                    break
        if caller is not None:
            turn, called = caller, not kanned  # after an open kan the caller draws its replacement tile
            continue
        turn = nxt
    ura: list[int] = []
    return [[number, 0, 0], [25000] * players + [0] * (4 - players), [code(*c) for c in indicators], ura,
            *[x for s in range(4) for x in (starts[s] if s < players else [], draws[s], discards[s])], result]

