"""``score()``: the value of a winning hand (yaku, han, fu, limit, payments) in a given situation.

Every reading of the hand (:func:`paili.decompositions`: regular, seven pairs, thirteen orphans) is scored
with every place the winning tile can take in it (pair, a triplet, or a sequence: two-sided, closed or edge),
and the one that scores most is kept (ties: more han, then more fu).

Dora (ドラ) come from indicators: the next tile in the indicator's cycle (1-9 in a suit, 9 -> 1; East ->
South -> West -> North -> East; White -> Green -> Red -> White). Each kan reveals one more indicator: give them
all in ``dora`` (at most 5). Ura dora (裏ドラ) count only with riichi. Red fives (赤ドラ) score one each
(the ``red_fives`` rule). None of these is a yaku: a hand with dora only has no yaku (``no_yaku: true``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from ..agari import Decomposition, decompositions
from ..errors import HandError
from ..hand import Hand
from ..notation import check_visible, format_hand, format_meld, parse, parse_tiles
from ..tiles import FIVES, HONOR_BASE, KINDS, SUITS, Tile, tile_name
from .fu import Breakdown, chiitoitsu_fu, regular_fu
from .points import basic_points, payments
from .rules import ScoringRules, resolve_rules
from .yaku import (
    YAKUMAN,
    Group,
    Situation,
    TileFacts,
    Wait,
    Yaku,
    chiitoitsu_yaku,
    kokushi_yaku,
    regular_yaku,
    sort_yaku,
)

SITUATION_KEYS: Final = ("tsumo", "round_wind", "seat_wind", "riichi", "ippatsu", "last_tile", "rinshan",
                         "chankan", "blessing", "dora", "ura", "honba", "riichi_sticks", "rules")
"""The keyword arguments of :func:`score` besides ``hand`` and ``win`` (what the API and the CLI pass on)."""

MAX_INDICATORS: Final = 5
"""One dora indicator plus one per kan, four kans at most."""

_NEXT: Final = tuple(
    (t // 9 * 9 + (t % 9 + 1) % 9) if t < HONOR_BASE
    else (27 + (t - 27 + 1) % 4) if t < 31 else (31 + (t - 31 + 1) % 3)
    for t in range(KINDS))
"""``_NEXT[indicator]``: the dora it shows."""


@dataclass(slots=True)
class _Scored:
    key: tuple[int, int, int, int]
    yaku: list[Yaku]
    han: int
    fu: int
    yakuman: int
    limit: str | None
    base: int
    breakdown: Breakdown
    reading: Decomposition
    wait: Wait


def dora_of(indicator: Tile) -> Tile:
    """The dora an indicator shows.

    >>> [tile_name(dora_of(t)) for t in (8, 13, 30, 33)]
    ['1m', '6p', '1z', '5z']
    """
    return _NEXT[indicator]


# --- checking the situation -----------------------------------------------------------------------------


def _flag(name: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise HandError(f"{name}: expected true or false, got {value!r}")
    return value


def _count(name: str, value: object, most: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= most:
        raise HandError(f"{name}: expected a whole number from 0 to {most}, got {value!r}")
    return value


def _wind(name: str, value: object) -> Tile:
    if not isinstance(value, str) or len(value) != 2 or value[1] != "z" or value[0] not in "1234":
        raise HandError(f"{name}: expected a wind from 1z (East) to 4z (North), got {value!r}")
    return 26 + int(value[0])


def _win_tile(hand: Hand, win: object) -> Tile:
    if not isinstance(win, str):
        raise HandError(f"win: expected the winning tile such as '5p' or '0p', got {win!r}")
    counts, reds = parse_tiles(win, field="win")
    if sum(counts) != 1:
        raise HandError(f"win: expected exactly one tile such as '5p', got {sum(counts)} in {win!r}")
    tile = counts.index(1)
    red = any(reds)
    if tile in FIVES:
        suit = FIVES.index(tile)
        plain = hand.concealed[tile] - hand.reds[suit]
        if red and not hand.reds[suit]:
            raise HandError(f"win: the red five {win!r} is not among the concealed tiles of the hand")
        if not red and not plain:
            raise HandError(f"win: expected a tile among the concealed tiles; the hand holds only the red "
                            f"five 0{SUITS[suit]}, not {win!r}")
    elif not hand.concealed[tile]:
        raise HandError(f"win: expected a tile among the concealed tiles of the hand, got {win!r}")
    return tile


def _indicators(hand: Hand, name: str, text: object, seen: list[int]) -> list[Tile]:
    if not isinstance(text, str):
        raise HandError(f"{name}: expected indicator tiles such as '3m1z', got {text!r}")
    counts, reds = parse_tiles(text, field=name)
    if sum(counts) > MAX_INDICATORS:
        raise HandError(f"{name}: expected at most {MAX_INDICATORS} indicators (one plus one per kan), "
                        f"got {sum(counts)}")
    for t in range(KINDS):
        seen[t] += counts[t]
    check_visible(hand, seen, field=name)
    return [t for t in range(KINDS) for _ in range(counts[t])]


def _situation(hand: Hand, *, tsumo: object, round_wind: object, seat_wind: object, riichi: object,
               ippatsu: object, last_tile: object, rinshan: object, chankan: object,
               blessing: object) -> Situation:
    sit = Situation(
        tsumo=_flag("tsumo", tsumo), round_wind=_wind("round_wind", round_wind),
        seat_wind=_wind("seat_wind", seat_wind), riichi=_count("riichi", riichi, 2),
        ippatsu=_flag("ippatsu", ippatsu), last_tile=_flag("last_tile", last_tile),
        rinshan=_flag("rinshan", rinshan), chankan=_flag("chankan", chankan), blessing=_flag("blessing", blessing))
    if sit.riichi and not hand.is_closed:
        raise HandError("riichi: expected a closed hand (closed kans only) for riichi; the hand has an open meld")
    if sit.ippatsu and not sit.riichi:
        raise HandError("ippatsu: expected riichi (1 or 2) for ippatsu")
    if sit.chankan and sit.tsumo:
        raise HandError("chankan: a robbed kan is a ron, expected tsumo false")
    if sit.rinshan and not sit.tsumo:
        raise HandError("rinshan: the replacement tile of a kan is drawn, expected tsumo true")
    if sit.rinshan and not any(m.kind in ("kan", "ankan") for m in hand.melds):
        raise HandError("rinshan: expected a kan among the melds (rinshan is the win on a kan's replacement tile)")
    if sit.rinshan and sit.last_tile:
        raise HandError("last_tile: a kan's replacement tile is not the last tile of the wall (rinshan is set)")
    if sit.rinshan and sit.ippatsu:
        raise HandError("ippatsu: one's own kan ends ippatsu, expected ippatsu false with rinshan")
    if sit.chankan and sit.last_tile:
        raise HandError("last_tile: no kan can be added after the last tile, expected last_tile false with chankan")
    if sit.blessing:
        if hand.melds:
            raise HandError("blessing: tenhou / chiihou need a hand with no meld, not even a closed kan")
        if not sit.tsumo:
            raise HandError("blessing: tenhou / chiihou are won on the first draw, expected tsumo true")
        if sit.riichi:
            raise HandError("blessing: tenhou / chiihou come before any riichi, expected riichi 0")
        if sit.last_tile:
            raise HandError("blessing: the first draw is not the last tile, expected last_tile false")
    return sit


# --- scoring the readings --------------------------------------------------------------------------------


def _groups(reading: Decomposition, melds: Sequence[Group], shanpon: int) -> list[Group]:
    out = [Group("triplet", t, i == shanpon) for i, t in enumerate(reading.triplets)]
    out.extend(Group("sequence", t, False) for t in reading.sequences)
    out.extend(melds)
    return out


def _placements(reading: Decomposition, win: Tile) -> list[tuple[Wait, int]]:
    """Where the winning tile can sit in a regular reading: (wait, index of the triplet for a shanpon)."""
    out: list[tuple[Wait, int]] = []
    if reading.pair == win:
        out.append(("tanki", -1))
    for i, t in enumerate(reading.triplets):
        if t == win:
            out.append(("shanpon", i))
            break
    for s in sorted(set(reading.sequences)):
        offset = win - s
        if offset == 1:
            out.append(("kanchan", -1))
        elif offset == 0:
            out.append(("penchan" if s % 9 == 6 else "ryanmen", -1))
        elif offset == 2:
            out.append(("penchan" if s % 9 == 0 else "ryanmen", -1))
    return out


class _Scorer:
    """Everything one call shares across readings."""

    def __init__(self, hand: Hand, win: Tile, sit: Situation, rules: ScoringRules, bonus: int) -> None:
        self.hand, self.win, self.sit, self.rules, self.bonus = hand, win, sit, rules, bonus
        full = list(hand.concealed)
        for m in hand.melds:
            for t in m.tiles:
                full[t] += 1
        self.facts = TileFacts.of(full)
        self.closed = hand.is_closed
        self.melds = [Group("sequence" if m.kind == "chi" else "triplet" if m.kind == "pon" else "quad",
                            m.tiles[0], m.kind != "ankan", True) for m in hand.melds]

    def finish(self, found: list[Yaku], fu: int, breakdown: Breakdown, reading: Decomposition,
               wait: Wait) -> _Scored:
        rules = self.rules
        yakuman = [(name, 13 * m, m) for name, _, n in found if n
                   for m in [YAKUMAN[name] if rules.double_yakuman else 1]]
        if yakuman:
            found = yakuman
            total = sum(y[2] for y in yakuman) if rules.yakuman_stack else max(y[2] for y in yakuman)
            han = 13 * total
        else:
            total = 0
            han = sum(y[1] for y in found)
            if found:
                han += self.bonus
        base, limit = basic_points(han, fu, total, rules) if found else (0, None)
        return _Scored((base, total, han, fu), found, han, fu, total, limit, base, breakdown, reading, wait)

    def regular(self, reading: Decomposition) -> list[_Scored]:
        out = []
        assert reading.pair is not None
        for wait, shanpon in _placements(reading, self.win):
            groups = _groups(reading, self.melds, shanpon if not self.sit.tsumo else -1)
            found = regular_yaku(groups, reading.pair, wait, self.win, self.facts, self.sit, self.closed,
                                 self.hand.concealed, self.rules)
            pinfu = any(y[0] == "pinfu" for y in found)
            fu, breakdown = regular_fu(groups, reading.pair, wait, self.sit, self.closed, pinfu, self.rules)
            out.append(self.finish(found, fu, breakdown, reading, wait))
        return out

    def best(self, readings: list[Decomposition]) -> _Scored:
        scored: list[_Scored] = []
        for reading in readings:
            if reading.form == "regular":
                scored.extend(self.regular(reading))
            elif reading.form == "chiitoitsu":
                fu, breakdown = chiitoitsu_fu(self.rules)
                found = chiitoitsu_yaku(self.facts, self.sit, self.rules)
                scored.append(self.finish(found, fu, breakdown, reading, "tanki"))
            else:
                thirteen = self.hand.concealed[self.win] == 2
                scored.append(self.finish(kokushi_yaku(thirteen, self.sit), 0, [], reading,
                                          "kokushi_13" if thirteen else "kokushi"))
        return max(scored, key=lambda s: s.key)


def _bonus(hand: Hand, rules: ScoringRules, dora: list[Tile], ura: list[Tile]) -> list[Yaku]:
    full = list(hand.concealed)
    for m in hand.melds:
        for t in m.tiles:
            full[t] += 1
    out: list[Yaku] = []
    count = sum(full[_NEXT[t]] for t in dora)
    if count:
        out.append(("dora", count, 0))
    reds = [hand.reds[i] + sum(m.reds for m in hand.melds if m.tiles[0] // 9 == i) for i in range(3)]
    aka = sum(reds[i] for i in range(3) if SUITS[i] in rules.red_fives)
    if aka:
        out.append(("aka", aka, 0))
    count = sum(full[_NEXT[t]] for t in ura)
    if count:
        out.append(("ura", count, 0))
    return out


def _reading_json(reading: Decomposition, wait: Wait, win: Tile) -> dict[str, Any]:
    out = reading.to_json()
    out["wait"] = wait
    out["win"] = tile_name(win)
    return out


def score_hand(hand: Hand, *, win: str, tsumo: bool = False, round_wind: str = "1z", seat_wind: str = "1z",
               riichi: int = 0, ippatsu: bool = False, last_tile: bool = False, rinshan: bool = False,
               chankan: bool = False, blessing: bool = False, dora: str = "", ura: str = "", honba: int = 0,
               riichi_sticks: int = 0, rules: object = "riichi") -> dict[str, Any]:
    """:func:`score` for a parsed :class:`~paili.Hand`."""
    checked_rules = resolve_rules(rules)
    if hand.tile_count % 3 != 2 or hand.tile_count + 3 * len(hand.melds) != 14:
        raise HandError(f"hand: expected a complete hand of 14 tiles (a kan counts as 3) with its melds "
                        f"written, got {hand.tile_count} concealed tiles and {len(hand.melds)} meld(s)")
    readings = decompositions(hand)
    if not readings:
        raise HandError(f"hand: expected a complete hand (agari), {format_hand(hand)} is not one")
    win_tile = _win_tile(hand, win)
    if chankan is True and hand.concealed[win_tile] != 1:
        raise HandError("chankan: the robbed tile's three other copies are in the kan, expected the hand to hold "
                        f"one {tile_name(win_tile)}, got {hand.concealed[win_tile]}")
    sit = _situation(hand, tsumo=tsumo, round_wind=round_wind, seat_wind=seat_wind, riichi=riichi,
                     ippatsu=ippatsu, last_tile=last_tile, rinshan=rinshan, chankan=chankan, blessing=blessing)
    honba = _count("honba", honba, 1000)
    sticks = _count("riichi_sticks", riichi_sticks, 1000)
    seen = [0] * KINDS
    dora_tiles = _indicators(hand, "dora", dora, seen)
    ura_tiles = _indicators(hand, "ura", ura, seen)
    bonus = _bonus(hand, checked_rules, dora_tiles, ura_tiles if sit.riichi else [])
    scorer = _Scorer(hand, win_tile, sit, checked_rules, sum(y[1] for y in bonus))
    best = scorer.best(readings)
    found = best.yaku if best.yakuman or not best.yaku else best.yaku + bonus
    points, paid = payments(best.base, dealer=sit.dealer, tsumo=sit.tsumo, honba=honba) if best.yaku else (0, {})
    if sit.tsumo and best.yaku:
        gained = paid["others"] * (3 if sit.dealer else 2) + paid.get("dealer", 0)
    else:
        gained = paid.get("ron", 0)
    return {
        "hand": format_hand(Hand(hand.concealed, hand.reds)),
        "melds": [{"type": m.kind, "tiles": format_meld(m)[1:-1], "text": format_meld(m)} for m in hand.melds],
        "win": win,
        "dealer": sit.dealer,
        "yaku": [({"id": name, "han": han, "yakuman": n} if n else {"id": name, "han": han})
                 for name, han, n in sort_yaku(found)],
        "han": best.han,
        "fu": best.fu,
        "yakuman": best.yakuman,
        "limit": best.limit,
        "points": points,
        "payments": paid,
        "total": gained + 1000 * sticks if best.yaku else 0,
        "fu_breakdown": best.breakdown,
        "decomposition": _reading_json(best.reading, best.wait, win_tile),
        "no_yaku": not best.yaku,
        "rules": checked_rules.to_json(),
    }


def score(hand: str | Hand, *, win: str, tsumo: bool = False, round_wind: str = "1z", seat_wind: str = "1z",
          riichi: int = 0, ippatsu: bool = False, last_tile: bool = False, rinshan: bool = False,
          chankan: bool = False, blessing: bool = False, dora: str = "", ura: str = "", honba: int = 0,
          riichi_sticks: int = 0, rules: object = "riichi") -> dict[str, Any]:
    """Score a winning hand; a JSON-ready dict. Raises :class:`~paili.HandError` for a bad or incomplete hand
    and for a situation that contradicts it (the message starts with the field's name).

    ``hand`` is the complete hand with its melds (``[...]`` open, ``(...)`` closed kan); ``win`` the tile that
    completed it, among the concealed tiles (``0p`` for a red five); ``riichi`` 0, 1 or 2 (double riichi);
    ``last_tile`` haitei on a tsumo, houtei on a ron; ``blessing`` tenhou for the dealer, chiihou otherwise;
    ``dora`` / ``ura`` the indicators (ura count only with riichi); the dealer is the player whose
    ``seat_wind`` is ``1z``; ``rules`` a preset name or a dict of options (:mod:`paili.scoring.rules`).

    Keys: ``yaku`` (``{"id", "han"}``, yakuman with ``"yakuman": 1 or 2``), ``han``, ``fu``, ``yakuman`` (0 or
    the multiple), ``limit`` (``None``, ``"mangan"``, ... ``"kazoe_yakuman"``, ``"yakuman"``), ``points``
    (without honba), ``payments`` (``{"ron": n}``, ``{"dealer": n, "others": n}`` or ``{"others": n}``, honba
    included), ``total`` (the winner's gain, sticks included), ``fu_breakdown``, ``decomposition`` (the
    reading used, with its ``wait``), ``no_yaku``, and ``hand``, ``melds``, ``win``, ``dealer``, ``rules``.

    >>> r = score("234m567p22s345678s", win="8s", tsumo=True, seat_wind="2z", riichi=1, dora="1s")
    >>> [y["id"] for y in r["yaku"]], r["han"], r["fu"], r["points"], r["payments"]
    (['riichi', 'menzen_tsumo', 'tanyao', 'pinfu', 'dora'], 6, 20, 12000, {'dealer': 6000, 'others': 3000})
    >>> score("123m456p789s22z [123s]", win="2z")["no_yaku"]
    True
    """
    parsed = hand if isinstance(hand, Hand) else parse(hand)
    return score_hand(parsed, win=win, tsumo=tsumo, round_wind=round_wind, seat_wind=seat_wind, riichi=riichi,
                      ippatsu=ippatsu, last_tile=last_tile, rinshan=rinshan, chankan=chankan, blessing=blessing,
                      dora=dora, ura=ura, honba=honba, riichi_sticks=riichi_sticks, rules=rules)
