"""``score()``: the value of a winning hand (yaku, han, fu, limit, payments) in a given situation.

Every reading of the hand (:func:`paili.decompositions`: regular, seven pairs, thirteen orphans) is scored
with every place the winning tile can take in it (pair, a triplet, or a sequence: two-sided, closed or edge),
and the one that scores most is kept (ties: more han, then more fu).

Dora (ドラ) come from indicators: the next tile in the indicator's cycle (1-9 in a suit, 9 -> 1; East ->
South -> West -> North -> East; White -> Green -> Red -> White). Each kan reveals one more indicator: give them
all in ``dora`` (at most 5). Ura dora (裏ドラ) count only with riichi. Red fives (赤ドラ) score one each
(the ``red_fives`` rule). None of these is a yaku: a hand with dora only has no yaku (``no_yaku: true``).

Three-player riichi (the ``sanma`` rule, :mod:`paili.scoring.rules`): the hand and the indicators are over
the 108-tile wall (2m-8m and chi are errors; the hand string is parsed with ``rules="sanma"``); the
indicator 1m shows 9m (and 9m shows 1m, as ever); each north set aside (``{4z}``, 抜きドラ) is one
``nukidora`` and also counts as a north for the dora and ura indicators (an indicator 3z makes each of them
one more dora); rinshan is also the win on the replacement tile of a nukidora; the winds are 1z-3z.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from ..agari import Decomposition, decompositions, shape
from ..errors import HandError
from ..hand import Hand, Meld
from ..notation import _fast_parts, _new_hand, check_visible, parse, parse_tiles
from ..results import decomposition_json
from ..tables import agari_index
from ..tiles import FIVES, HONOR_BASE, KINDS, SUITS, Tile, tile_name
from .fu import CLOSED_TRIPLET_FU, NAMES, Breakdown, chiitoitsu_fu, regular_breakdown, regular_fu, set_fu
from .points import basic_points, payments, settle
from .rules import DEFAULT_RULES, PRESETS, ScoringRules, resolve_rules
from .yaku import (
    QUAD,
    RANK,
    SEQUENCE,
    TRIPLET,
    YAKUMAN,
    Group,
    Situation,
    Wait,
    Yaku,
    chiitoitsu_yaku,
    hand_yaku,
    kokushi_yaku,
    nine_gates,
    regular_yaku,
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
_NEXT_SANMA: Final = (8,) + _NEXT[1:]
"""The same over the sanma wall, which has no 2m-8m: 1m shows 9m."""
_NO_SANMA: Final = range(1, 8)
"""2m-8m: the kinds the three-player wall lacks."""

_PLAIN_TILES: Final = {name: t for t, name in enumerate(NAMES)}
"""Two-character names of the plain (not red) tiles: the fast path of reading ``win`` and indicators."""
_PLAIN_INDICATORS: Final[dict[str, tuple[Tile, ...]]] = {"": (), **{name: (t,) for name, t in _PLAIN_TILES.items()}}
"""No indicator or one written plainly -> its kinds (the common cases, one lookup; :func:`_plain_indicators`
reads the others)."""
_PINFU: Final = ("pinfu", 1, 0)
_WINDS: Final = {"1z": 27, "2z": 28, "3z": 29, "4z": 30}
_NORTH: Final = 30
_NEW_TUPLE: Final = tuple.__new__
_MELD_GROUP: Final = {"chi": SEQUENCE, "pon": TRIPLET, "kan": QUAD, "ankan": QUAD}
_COMMON_SITUATIONS: Final = {
    (tsumo, last_tile, riichi, round_wind, seat_wind): Situation(tsumo, r, w, riichi, False, last_tile, False, False,
                                                                 False)
    for tsumo in (False, True) for last_tile in (False, True) for riichi in (0, 1, 2)
    for round_wind, r in _WINDS.items() for seat_wind, w in _WINDS.items()}
"""The situations without ippatsu, rinshan, chankan nor blessing by (tsumo, last_tile, riichi, round_wind,
seat_wind) as given (checked: their types first, ``True == 1``), what most calls pass: one lookup instead of the
checks of :func:`_situation` (a Situation is an immutable tuple of flags and winds, shared like the constants)."""
_FIVE_SUIT: Final = {five: suit for suit, five in enumerate(FIVES)}
"""The kind of each five -> its suit (the index of its red count in ``Hand.reds``)."""
_NO_REDS: Final = (0, 0, 0)
_DEFAULT_JSON: Final = DEFAULT_RULES.to_json()
"""The default rules as JSON (each result gets a copy)."""


def _rank(found: Yaku) -> int:
    """Where a yaku found comes in the results (:data:`~paili.scoring.yaku.YAKU_ORDER`)."""
    return RANK[found[0]]


def dora_of(indicator: Tile, *, sanma: bool = False) -> Tile:
    """The dora an indicator shows (``sanma``: over the three-player wall, where 1m shows 9m).

    >>> [tile_name(dora_of(t)) for t in (8, 13, 30, 33)], tile_name(dora_of(0, sanma=True))
    (['1m', '6p', '1z', '5z'], '9m')
    """
    return (_NEXT_SANMA if sanma else _NEXT)[indicator]


# --- checking the input ---------------------------------------------------------------------------------


def _flag(name: str, value: object) -> bool:
    if value is True or value is False:
        return value
    raise HandError(f"expected true or false, got {value!r}", field=name, code="option.bool",
                    params={"name": name, "got": repr(value)})


def check_count(name: str, value: object, most: int) -> int:
    """``value`` when it is a whole number from 0 to ``most`` (honba, sticks, riichi), else a HandError naming
    ``name``."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= most:
        raise HandError(f"expected a whole number from 0 to {most}, got {value!r}", field=name,
                        code="option.int_range", params={"name": name, "low": 0, "high": most, "got": repr(value)})
    return value


def check_wind(name: str, value: object) -> Tile:
    """The kind of a wind written 1z-4z, else a HandError naming ``name``."""
    if isinstance(value, str) and value in _WINDS:
        return _WINDS[value]
    raise HandError(f"expected a wind from 1z (East) to 4z (North), got {value!r}", field=name,
                    code="wind.invalid", params={"got": repr(value)})


def _check_sanma(hand: Hand, rules: ScoringRules) -> None:
    """A :class:`Hand` given as such fits the rules: no 2m-8m nor chi under sanma, no nukidora otherwise."""
    if not rules.sanma:
        if hand.nukidora:
            raise HandError("expected no nukidora ({4z}): only three-player riichi sets north aside; "
                            "score with rules 'sanma'", field="hand", code="sanma.nukidora_outside", params={})
        return
    for m in hand.melds:
        if m.kind == "chi":
            raise HandError(f"expected a pon or kan: the three-player (sanma) rules call no chi, got {m}",
                            field="hand", code="sanma.chi", params={"meld": str(m)})
    for t in _NO_SANMA:
        if hand.concealed[t] or any(t in m.tiles for m in hand.melds):
            raise HandError(f"expected tiles of the three-player (sanma) set (no 2m-8m), got {tile_name(t)}",
                            field="hand", code="sanma.tile", params={"tile": tile_name(t)})


def _win_tile(hand: Hand, win: object) -> Tile:
    if not isinstance(win, str):
        raise HandError(f"expected the winning tile such as '5p' or '0p', got {win!r}", field="win",
                        code="win.type", params={"got": repr(win)})
    tile = _PLAIN_TILES.get(win)
    red = False
    if tile is None:
        counts, reds = parse_tiles(win, field="win")
        if sum(counts) != 1:
            raise HandError(f"expected exactly one tile such as '5p', got {sum(counts)} in {win!r}", field="win",
                            code="win.count", params={"count": sum(counts), "got": repr(win)})
        tile, red = counts.index(1), any(reds)
    if tile in FIVES:
        suit = FIVES.index(tile)
        if red and not hand.reds[suit]:
            raise HandError(f"the red five {win!r} is not among the concealed tiles of the hand", field="win",
                            code="win.red_not_held", params={"win": repr(win)})
        if not red and hand.concealed[tile] == hand.reds[suit]:
            if hand.reds[suit]:
                raise HandError(f"expected a tile among the concealed tiles; the hand holds only the red "
                                f"five 0{SUITS[suit]}, not {win!r}", field="win", code="win.only_red",
                                params={"red": f"0{SUITS[suit]}", "win": repr(win)})
            raise HandError(f"expected a tile among the concealed tiles of the hand, got {win!r}", field="win",
                            code="win.not_held", params={"win": repr(win)})
    elif not hand.concealed[tile]:
        raise HandError(f"expected a tile among the concealed tiles of the hand, got {win!r}", field="win",
                        code="win.not_held", params={"win": repr(win)})
    return tile


def _indicators(hand: Hand, name: str, text: object, seen: list[int], seen_reds: list[int], sanma: bool,
                copies: bool = True) -> list[Tile]:
    """The indicator kinds of ``text``; ``seen`` (kinds in the hand, its melds and nukidora, and earlier
    indicators) and ``seen_reds`` (the red fives of earlier indicators, by suit) are updated. ``copies=False``
    leaves out the check of the copies (4 of a kind, one red five of a suit) against the hand:
    :func:`score_hand`'s ``indicators_checked``."""
    if not isinstance(text, str):
        raise HandError(f"expected indicator tiles such as '3m1z', got {text!r}", field=name,
                        code="indicators.type", params={"got": repr(text)})
    if not text:
        return []
    tiles = [_PLAIN_TILES.get(text[i:i + 2], -1) for i in range(0, len(text), 2)]
    if len(text) % 2 or -1 in tiles:  # not the plain form "3m1z...": the full parser (errors, red fives)
        counts, reds = parse_tiles(text, field=name, rules="sanma" if sanma else "riichi")
        tiles = [t for t in range(KINDS) for _ in range(counts[t])]
        if any(reds) and copies:
            called = hand.set_aside()
            earlier = [seen[t] - hand.concealed[t] - called[t] for t in range(KINDS)]
            check_visible(hand, [earlier[t] + counts[t] for t in range(KINDS)],
                          reds=[seen_reds[s] + reds[s] for s in range(3)], field=name)
        for s in range(3):
            seen_reds[s] += reds[s]
    if len(tiles) > MAX_INDICATORS:
        raise HandError(f"expected at most {MAX_INDICATORS} indicators (one plus one per kan), "
                        f"got {len(tiles)}", field=name, code="indicators.too_many",
                        params={"max": MAX_INDICATORS, "count": len(tiles)})
    if sanma:
        for t in tiles:
            if t in _NO_SANMA:
                raise HandError(f"expected indicators of the three-player (sanma) wall (no 2m-8m), got "
                                f"{tile_name(t)}", field=name, code="sanma.indicator", params={"tile": tile_name(t)})
    for t in tiles:
        seen[t] += 1
        if seen[t] > 4 and copies:
            called = hand.set_aside()
            check_visible(hand, [seen[k] - hand.concealed[k] - called[k] for k in range(KINDS)], field=name)
    return tiles


def _situation(melds: Sequence[Meld], nukidora: int, closed: bool, tsumo: object, round_wind: object, seat_wind: object,
               riichi: object, ippatsu: object, last_tile: object, rinshan: object, chankan: object,
               blessing: object, sanma: bool) -> Situation:
    if (tsumo.__class__ is bool and ippatsu.__class__ is bool and last_tile.__class__ is bool
            and rinshan.__class__ is bool and chankan.__class__ is bool and blessing.__class__ is bool
            and riichi.__class__ is int and round_wind.__class__ is str and seat_wind.__class__ is str
            and round_wind in _WINDS and seat_wind in _WINDS and riichi in (0, 1, 2)):
        sit = _NEW_TUPLE(Situation, (tsumo, _WINDS[round_wind], _WINDS[seat_wind], riichi, ippatsu, last_tile,
                                     rinshan, chankan, blessing))  # Situation(...) without its Python __new__
    else:  # the checks one by one, for the error message
        sit = Situation(
            _flag("tsumo", tsumo), check_wind("round_wind", round_wind), check_wind("seat_wind", seat_wind),
            check_count("riichi", riichi, 2), _flag("ippatsu", ippatsu), _flag("last_tile", last_tile),
            _flag("rinshan", rinshan), _flag("chankan", chankan), _flag("blessing", blessing))
    if sanma and (sit.seat_wind == _NORTH or sit.round_wind == _NORTH):
        seat = sit.seat_wind == _NORTH
        raise HandError(f"expected a wind from 1z (East) to 3z (West): three-player riichi has no North "
                        f"{'seat' if seat else 'round'}, got '4z'", field="seat_wind" if seat else "round_wind",
                        code="sanma.seat_wind" if seat else "sanma.round_wind", params={})
    if not (sit.riichi or sit.ippatsu or sit.rinshan or sit.chankan or sit.blessing):
        return sit
    if sit.riichi and not closed:
        raise HandError("expected a closed hand (closed kans only) for riichi; the hand has an open meld",
                        field="riichi", code="situation.riichi_open", params={})
    if sit.ippatsu and not sit.riichi:
        raise HandError("expected riichi (1 or 2) for ippatsu", field="ippatsu",
                        code="situation.ippatsu_without_riichi", params={})
    if sit.chankan and sit.tsumo:
        raise HandError("a robbed kan is a ron, expected tsumo false", field="chankan",
                        code="situation.chankan_tsumo", params={})
    if sit.rinshan and not sit.tsumo:
        raise HandError("the replacement tile of a kan is drawn, expected tsumo true", field="rinshan",
                        code="situation.rinshan_ron", params={})
    if sit.rinshan and not nukidora and not any(m.kind in ("kan", "ankan") for m in melds):
        raise HandError("expected a kan among the melds (rinshan is the win on a kan's replacement tile)"
                        + (" or a north set aside (nukidora)" if sanma else ""), field="rinshan",
                        code="situation.rinshan_no_kan_sanma" if sanma else "situation.rinshan_no_kan", params={})
    if sit.rinshan and sit.last_tile:
        raise HandError("a kan's replacement tile is not the last tile of the wall (rinshan is set)", field="last_tile",
                        code="situation.rinshan_last_tile", params={})
    if sit.rinshan and sit.ippatsu:
        raise HandError("one's own kan ends ippatsu, expected ippatsu false with rinshan", field="ippatsu",
                        code="situation.rinshan_ippatsu", params={})
    if sit.chankan and sit.last_tile:
        raise HandError("no kan can be added after the last tile, expected last_tile false with chankan",
                        field="last_tile", code="situation.chankan_last_tile", params={})
    if sit.blessing:
        if melds:
            raise HandError("tenhou / chiihou need a hand with no meld, not even a closed kan", field="blessing",
                            code="situation.blessing_melds", params={})
        if not sit.tsumo:
            raise HandError("tenhou / chiihou are won on the first draw, expected tsumo true", field="blessing",
                            code="situation.blessing_ron", params={})
        if sit.riichi:
            raise HandError("tenhou / chiihou come before any riichi, expected riichi 0", field="blessing",
                            code="situation.blessing_riichi", params={})
        if sit.last_tile:
            raise HandError("the first draw is not the last tile, expected last_tile false", field="blessing",
                            code="situation.blessing_last_tile", params={})
    return sit


_RULES_JSON: dict[int, tuple[ScoringRules, dict[str, Any]]] = {}


def _rules_json(rules: ScoringRules) -> dict[str, Any]:
    """``rules.to_json()``, remembered by identity (the presets are few; hashing a dataclass is not free)."""
    known = _RULES_JSON.get(id(rules))
    if known is None or known[0] is not rules:
        known = _RULES_JSON[id(rules)] = (rules, rules.to_json())
        if len(_RULES_JSON) > 64:
            _RULES_JSON.clear()
    return known[1].copy()


# --- scoring the readings --------------------------------------------------------------------------------


def _placements(pair: Tile, triplets: list[Tile], sequences: list[Tile], win: Tile) -> list[tuple[Wait, int]]:
    """Where the winning tile can sit in a regular reading: (wait, index of the triplet for a shanpon)."""
    out: list[tuple[Wait, int]] = []
    if pair == win:
        out.append(("tanki", -1))
    if win in triplets:
        out.append(("shanpon", triplets.index(win)))
    for s in set(sequences):
        offset = win - s
        if offset == 1:
            out.append(("kanchan", -1))
        elif offset == 0:
            out.append(("penchan" if s % 9 == 6 else "ryanmen", -1))
        elif offset == 2:
            out.append(("penchan" if s % 9 == 0 else "ryanmen", -1))
    return out


_INDEX: Final[list[dict[str, agari_index.Entry]]] = []
"""``agari_index.load()``'s table once read: a list lookup per score instead of a call through
``functools.cache`` (which goes through the type machinery, about a thousand instructions)."""


def _index() -> dict[str, agari_index.Entry]:
    """The index table, read on first use (:data:`_INDEX`)."""
    if not _INDEX:
        _INDEX.append(agari_index.load())
    return _INDEX[0]


def _whole(given: Hand | None, concealed: tuple[int, ...], reds: tuple[int, ...], melds: Sequence[Meld]) -> Hand:
    """The :class:`Hand` of :func:`_score`'s fields: the one given, or one built from them (plain text, so no
    nukidora)."""
    return given if given is not None else _new_hand(concealed, reds, melds)


def _value(found: list[Yaku], fu: int, bonus: int, rules: ScoringRules
           ) -> tuple[int, int, int, int, list[Yaku], str | None]:
    """(basic points, yakuman multiple, han, fu, the yaku as counted, the limit) of one reading."""
    if not found:
        return 0, 0, 0, fu, found, None
    if found[0][2]:  # a reading with a yakuman lists only yakuman
        counted = [(name, 13 * m, m) for name, _, n in found
                   for m in [YAKUMAN[name] if rules.double_yakuman else 1]]
        total = sum(y[2] for y in counted) if rules.yakuman_stack else max(y[2] for y in counted)
        return 8000 * total, total, 13 * total, fu, counted, "yakuman"
    han = bonus
    for y in found:
        han += y[1]
    base, limit = basic_points(han, fu, 0, rules)
    return base, 0, han, fu, found, limit


def _bonus(reds: tuple[int, ...], melds: Sequence[Meld], nukidora: int, rules: ScoringRules, dora: int, ura: int
           ) -> list[Yaku]:
    """Dora, ura, aka and nukidora, given the hand's concealed red fives, melds and nukidora and the numbers of
    dora and ura dora it holds."""
    out: list[Yaku] = []
    if dora:
        out.append(("dora", dora, 0))
    if ura:
        out.append(("ura", ura, 0))
    if rules.red_fives:
        aka = 0
        if rules.red_fives == "mps":
            aka = reds[0] + reds[1] + reds[2]
        else:
            aka = sum(reds[i] for i, suit in enumerate("mps") if suit in rules.red_fives)
        for m in melds:
            if m.reds and "mps"[m.tiles[0] // 9] in rules.red_fives:
                aka += m.reds
        if aka:
            out.append(("aka", aka, 0))
    if nukidora:
        out.append(("nukidora", nukidora, 0))
    return out


def _plain_indicators(text: object) -> Sequence[Tile] | None:
    """The kinds of indicators written plainly ("3m1z", no red five), ``None`` for any other form."""
    if text.__class__ is not str:
        return None
    assert isinstance(text, str)
    known = _PLAIN_INDICATORS.get(text)
    if known is not None:
        return known
    tiles = [_PLAIN_TILES.get(text[i:i + 2], -1) for i in range(0, len(text), 2)]
    return None if len(text) % 2 or -1 in tiles else tiles


def score_hand(hand: Hand, *, win: str, tsumo: bool = False, round_wind: str = "1z", seat_wind: str = "1z",
               riichi: int = 0, ippatsu: bool = False, last_tile: bool = False, rinshan: bool = False,
               chankan: bool = False, blessing: bool = False, dora: str = "", ura: str = "", honba: int = 0,
               riichi_sticks: int = 0, rules: object = "riichi", ura_hits: Sequence[int] = (),
               indicators_checked: bool = False) -> dict[str, Any]:
    """:func:`score` for a parsed :class:`~paili.Hand`.

    With ``ura_hits`` (numbers of ura dora, for a hand in riichi), the result's ``points_by_ura`` lists the
    hand's ``points`` with that many more ura dora, for each (what the advisor's ura expectation needs: one
    reading of the hand instead of one per count; the best reading may differ between counts).

    ``indicators_checked``: the caller has checked the indicators' copies against the hand *before* its winning
    tile (:func:`indicator_counts`), so they are not checked against the 14 tiles. The value of a wait with no
    copy left is that of a copy assumed drawn (the last one may be an indicator: hand, winning tile and
    indicators then hold 5), and :func:`paili.score_waits` and the advisor score it so; :func:`score` checks
    the real hand it is given.
    """
    return _score(hand, hand.concealed, hand.reds, hand.melds, hand.nukidora, win, tsumo, round_wind, seat_wind,
                  riichi, ippatsu, last_tile, rinshan, chankan, blessing, dora, ura, honba, riichi_sticks, rules,
                  ura_hits, indicators_checked)


def indicator_counts(hand: Hand, *, dora: object = "", ura: object = "", sanma: bool = False) -> list[int]:
    """The copies of each kind among the dora and ura indicators, checked as :func:`score` checks them against
    ``hand`` (a hand waiting to win, for :func:`score_hand`'s ``indicators_checked``): ``HandError`` naming
    ``dora`` or ``ura`` for more than 4 copies of a kind or a second red five of a suit in all."""
    seen = [c + s for c, s in zip(hand.concealed, hand.set_aside(), strict=True)]
    seen_reds = [0, 0, 0]
    out = [0] * KINDS
    for name, text in (("dora", dora), ("ura", ura)):
        for t in _indicators(hand, name, text, seen, seen_reds, sanma):
            out[t] += 1
    return out


def _score(given: Hand | None, concealed: tuple[int, ...], reds: tuple[int, ...], melds: Sequence[Meld],
           nukidora: int, win: str, tsumo: object, round_wind: object, seat_wind: object, riichi: object,
           ippatsu: object, last_tile: object, rinshan: object, chankan: object, blessing: object, dora: object,
           ura: object, honba: object, riichi_sticks: object, rules: object, ura_hits: Sequence[int],
           indicators_checked: bool = False) -> dict[str, Any]:
    """:func:`score_hand`, its arguments by position (a call with 17 keywords costs as much as some yaku), the
    hand by its fields: ``given`` is the :class:`Hand` they come from, or ``None`` when :func:`score` read them
    from plain text (``nukidora`` 0), and the Hand is built only if an error or a rare case needs it (building
    one costs five calls through the type machinery, about 4% of a score)."""
    if rules.__class__ is ScoringRules:  # score() resolved them
        checked_rules: ScoringRules = rules
    else:
        known = PRESETS.get(rules) if isinstance(rules, str) else None
        checked_rules = resolve_rules(rules) if known is None else known
    sanma = checked_rules.sanma
    if sanma or nukidora:
        _check_sanma(_whole(given, concealed, reds, melds), checked_rules)
    key, kinds, size, mask = shape(concealed)
    if size % 3 != 2 or size + 3 * len(melds) != 14:
        raise HandError(f"expected a complete hand of 14 tiles (a kan counts as 3) with its melds "
                        f"written, got {size} concealed tiles and {len(melds)} meld(s)", field="hand",
                        code="score.size", params={"concealed": size, "melds": len(melds)})
    entry = (_INDEX[0] if _INDEX else _index()).get(key)
    special: list[Decomposition] = []
    if not melds and size == 14 and (entry is None or entry.seven_pairs):
        if entry is not None:  # the table's seven-pairs key: seven kinds held twice (decompositions' chiitoitsu)
            special = [Decomposition("chiitoitsu", pairs=tuple(kinds))]
        else:  # no regular reading, no seven pairs: thirteen orphans or nothing
            special = [d for d in decompositions(_whole(given, concealed, reds, melds)) if d.form != "regular"]
    if (entry is None or not entry.readings) and not special:
        hand = _whole(given, concealed, reds, melds)
        raise HandError(f"expected a complete hand (agari), {hand} is not one", field="hand",
                        code="score.not_agari", params={"hand": str(hand)})
    win_tile = _PLAIN_TILES.get(win) if win.__class__ is str else None  # the common case: a plain tile held
    if win_tile is None or not concealed[win_tile] or (
            win_tile in _FIVE_SUIT and concealed[win_tile] == reds[_FIVE_SUIT[win_tile]]):
        win_tile = _win_tile(_whole(given, concealed, reds, melds), win)  # a red five, or an error to report
    closed = True
    meld_groups: list[Group] = []
    meld_seq_bits = meld_set_bits = meld_quads = meld_closed = meld_fu = 0  # what the melds give every reading
    meld_tiles: list[Tile] = []
    meld_reds = 0
    for m in melds:
        meld_reds += m.reds
        low = m.tiles[0]
        meld_tiles += m.tiles
        kind = _MELD_GROUP[m.kind]
        is_open = m.kind != "ankan"
        if kind == SEQUENCE:
            mask |= 7 << low
            meld_seq_bits |= 1 << low
        else:
            mask |= 1 << low
            meld_set_bits |= 1 << low
            meld_quads += kind == QUAD
            meld_closed += not is_open
            meld_fu += set_fu(kind, low, is_open)
        if is_open:
            closed = False
        meld_groups.append((kind, low, is_open, True))
    if nukidora:  # set aside like a called tile: seen by the indicators, not part of any set
        meld_tiles += [_NORTH] * nukidora
    if chankan is True and concealed[win_tile] != 1:
        raise HandError("the robbed tile's three other copies are in the kan, expected the hand to hold "
                        f"one {tile_name(win_tile)}, got {concealed[win_tile]}", field="chankan",
                        code="situation.chankan_copies",
                        params={"tile": tile_name(win_tile), "count": concealed[win_tile]})
    sit = (_COMMON_SITUATIONS.get((tsumo, last_tile, riichi, round_wind, seat_wind))
           if (tsumo.__class__ is last_tile.__class__ is bool and riichi.__class__ is int
               and round_wind.__class__ is seat_wind.__class__ is str and ippatsu is False and rinshan is False
               and chankan is False and blessing is False and not sanma)
           else None)  # the common case, which _situation would let through
    if sit is None or riichi and not closed:
        sit = _situation(melds, nukidora, closed, tsumo, round_wind, seat_wind, riichi, ippatsu, last_tile, rinshan,
                         chankan, blessing, sanma)
    sticks = riichi_sticks
    if not (honba.__class__ is sticks.__class__ is int and 0 <= honba <= 1000 and 0 <= sticks <= 1000):
        honba = check_count("honba", honba, 1000)
        sticks = check_count("riichi_sticks", riichi_sticks, 1000)
    dora_count = ura_count = 0
    if dora or ura:
        dora_tiles: Sequence[Tile] | None = _PLAIN_INDICATORS.get(dora) if dora.__class__ is str else None
        if dora_tiles is None:
            dora_tiles = _plain_indicators(dora)
        ura_tiles: Sequence[Tile] | None = _PLAIN_INDICATORS.get(ura) if ura.__class__ is str else None
        if ura_tiles is None:
            ura_tiles = _plain_indicators(ura)
        if dora_tiles is not None and ura_tiles is not None:
            shown = [*dora_tiles, *ura_tiles]
            if (len(dora_tiles) > MAX_INDICATORS or len(ura_tiles) > MAX_INDICATORS
                    or sanma and any(t in _NO_SANMA for t in shown)):
                dora_tiles = None
            elif not indicators_checked:
                most = 4 - len(shown) - len(meld_tiles)  # a kind held at most this often cannot pass 4 copies
                for t in shown:
                    if concealed[t] > most and concealed[t] + shown.count(t) + meld_tiles.count(t) > 4:
                        dora_tiles = None
                        break
        if dora_tiles is None or ura_tiles is None:  # not plain, or too many: the full check and its error
            seen = list(concealed)
            for t in meld_tiles:
                seen[t] += 1
            hand = _whole(given, concealed, reds, melds)
            seen_reds = [0, 0, 0]
            dora_tiles = _indicators(hand, "dora", dora, seen, seen_reds, sanma, not indicators_checked)
            ura_tiles = _indicators(hand, "ura", ura, seen, seen_reds, sanma, not indicators_checked)
        shows = _NEXT_SANMA if sanma else _NEXT
        if meld_tiles:
            for t in dora_tiles:
                dora_count += concealed[shows[t]] + meld_tiles.count(shows[t])
            if sit.riichi:
                for t in ura_tiles:
                    ura_count += concealed[shows[t]] + meld_tiles.count(shows[t])
        else:  # nothing set aside: the concealed tiles alone
            for t in dora_tiles:
                dora_count += concealed[shows[t]]
            if sit.riichi:
                for t in ura_tiles:
                    ura_count += concealed[shows[t]]
    if reds == _NO_REDS and not meld_reds and not nukidora:  # _bonus without aka nor nukidora
        bonus: list[Yaku] = []
        if dora_count:
            bonus.append(("dora", dora_count, 0))
        if ura_count:
            bonus.append(("ura", ura_count, 0))
        extra = dora_count + ura_count
    else:
        bonus = _bonus(reds, melds, nukidora, checked_rules, dora_count, ura_count)
        extra = 0
        for b in bonus:
            extra += b[1]
    shared = hand_yaku(mask, sit, closed, checked_rules)

    best: tuple[int, int, int, int, list[Yaku], str | None] | None = None
    best_reading: tuple[Any, ...] = ()
    scored: list[tuple[list[Yaku], int]] = []  # every (yaku, fu) when ura_hits asks for them
    if entry is not None:
        tsumo_ = sit.tsumo
        yakuman_base = shared[0] + nine_gates(mask, concealed, win_tile, closed) if closed else shared[0]
        ordinary_base = shared[1]
        index = kinds.__getitem__
        for r in entry.readings:
            pair = kinds[r.pair]
            triplets = list(map(index, r.triplets)) if r.triplets else []
            sequences = list(map(index, r.sequences))
            seq_bits, set_bits, sets_fu = meld_seq_bits, meld_set_bits, meld_fu
            for t in sequences:
                seq_bits |= 1 << t
            for t in triplets:
                set_bits |= 1 << t
                sets_fu += CLOSED_TRIPLET_FU[t]
            closed_sets = meld_closed + len(triplets)
            flags = r.flags
            peikou = (2 if "ryanpeikou" in flags else 1 if "iipeikou" in flags else 0) if closed and flags else 0
            for wait, shanpon in _placements(pair, triplets, sequences, win_tile):
                if shanpon < 0 or tsumo_:  # a triplet completed by ron counts as open
                    shanpon = -1
                    found = regular_yaku(sequences, seq_bits, set_bits, meld_quads, closed_sets, pair, wait, mask,
                                         sit, closed, checked_rules, yakuman_base, ordinary_base, peikou)
                    pinfu = wait == "ryanmen" and _PINFU in found
                    fu = regular_fu(sets_fu, pair, wait, sit, closed, pinfu, checked_rules)
                else:
                    found = regular_yaku(sequences, seq_bits, set_bits, meld_quads, closed_sets - 1, pair, wait,
                                         mask, sit, closed, checked_rules, yakuman_base, ordinary_base, peikou)
                    pinfu = False
                    fu = regular_fu(sets_fu - (CLOSED_TRIPLET_FU[win_tile] >> 1), pair, wait, sit, closed, pinfu,
                                    checked_rules)
                if found and not found[0][2]:  # _value of an ordinary reading, inline below mangan
                    han = extra
                    for y in found:
                        han += y[1]
                    base = fu << (han + 2)  # basic_points: below 1,920 no limit applies, with kiriage or not
                    value = ((base, 0, han, fu, found, None) if han < 5 and base < 1920
                             else _value(found, fu, extra, checked_rules))
                else:
                    value = _value(found, fu, extra, checked_rules)
                if ura_hits:
                    scored.append((found, fu))
                if best is None or value[:4] > best[:4]:
                    best, best_reading = value, ("regular", pair, triplets, sequences, wait, shanpon, pinfu)
    for d in special:
        if d.form == "chiitoitsu":
            fu, _ = chiitoitsu_fu(checked_rules)
            found = chiitoitsu_yaku(shared)
            value = _value(found, fu, extra, checked_rules)
            scored.append((found, fu))
            wait = "tanki"
        else:
            thirteen = concealed[win_tile] == 2
            found = kokushi_yaku(thirteen, sit)
            value = _value(found, 0, extra, checked_rules)
            scored.append((found, 0))
            wait = "kokushi_13" if thirteen else "kokushi"
        if best is None or value[:4] > best[:4]:
            best, best_reading = value, (d.form, d, wait)
    assert best is not None
    base, yakuman, han, fu, found, limit = best

    breakdown: Breakdown
    if best_reading[0] == "regular":
        _, pair, triplets, sequences, wait, shanpon, pinfu = best_reading
        breakdown = regular_breakdown(triplets, shanpon, meld_groups, pair, wait, sit, closed, pinfu, checked_rules)
        decomposition: dict[str, Any] = {  # its six keys at once (adding a fifth and sixth resizes a dict)
            "form": "regular", "pair": NAMES[pair], "triplets": list(map(NAMES.__getitem__, triplets)),
            "sequences": list(map(NAMES.__getitem__, sorted(sequences))), "wait": wait, "win": NAMES[win_tile]}
    else:
        breakdown = chiitoitsu_fu(checked_rules)[1] if best_reading[0] == "chiitoitsu" else []
        decomposition, wait = decomposition_json(best_reading[1]), best_reading[2]
        del decomposition["flags"]
        decomposition["wait"] = wait
        decomposition["win"] = NAMES[win_tile]
    if found and not yakuman:
        found = found + bonus
    dealer = sit.seat_wind == HONOR_BASE
    if found:
        points, paid, gained = settle(base, dealer, sit.tsumo, honba, sticks, sanma, checked_rules.sanma_split)
    else:
        points, paid, gained = 0, {}, 0
    if len(found) > 1:
        found.sort(key=_rank)
    result: dict[str, Any] = {
        "win": win,
        "dealer": dealer,
        "yaku": [({"id": name, "han": h, "yakuman": n} if n else {"id": name, "han": h}) for name, h, n in found],
        "han": han,
        "fu": fu,
        "yakuman": yakuman,
        "limit": limit,
        "points": points,
        "payments": paid,
        "total": gained,
        "fu_breakdown": breakdown,
        "decomposition": decomposition,
        "no_yaku": not found,
        "rules": _rules_json(checked_rules) if checked_rules is not DEFAULT_RULES else _DEFAULT_JSON.copy(),
    }
    if ura_hits:
        result["points_by_ura"] = [
            payments(max(_value(f, fu_, extra + u, checked_rules)[0] for f, fu_ in scored), dealer=dealer,
                     tsumo=sit.tsumo, honba=0, sanma=sanma, split=checked_rules.sanma_split)[0] if points else 0
            for u in ura_hits]
    return result


def score(hand: str | Hand, *, win: str, tsumo: bool = False, round_wind: str = "1z", seat_wind: str = "1z",
          riichi: int = 0, ippatsu: bool = False, last_tile: bool = False, rinshan: bool = False,
          chankan: bool = False, blessing: bool = False, dora: str = "", ura: str = "", honba: int = 0,
          riichi_sticks: int = 0, rules: object = "riichi") -> dict[str, Any]:
    """Score a winning hand; a JSON-ready dict. Raises :class:`~paili.HandError` for a bad or incomplete hand
    and for a situation that contradicts it (its ``field`` names the input at fault).

    ``hand`` is the complete hand with its melds (``[...]`` open, ``(...)`` closed kan); ``win`` the tile that
    completed it, among the concealed tiles (``0p`` for a red five); ``riichi`` 0, 1 or 2 (double riichi);
    ``last_tile`` haitei on a tsumo, houtei on a ron; ``blessing`` tenhou for the dealer, chiihou otherwise;
    ``dora`` / ``ura`` the indicators (ura count only with riichi); the dealer is the player whose
    ``seat_wind`` is ``1z``; ``rules`` a preset name or a dict of options (:mod:`paili.scoring.rules`).

    Keys: ``yaku`` (``{"id", "han"}``, yakuman with ``"yakuman": 1 or 2``), ``han``, ``fu``, ``yakuman`` (0 or
    the multiple), ``limit`` (``None``, ``"mangan"``, ... ``"kazoe_yakuman"``, ``"yakuman"``), ``points``
    (without honba), ``payments`` (``{"ron": n}``, ``{"dealer": n, "others": n}`` or ``{"others": n}``, honba
    included), ``total`` (the winner's gain, sticks included), ``fu_breakdown``, ``decomposition`` (the
    reading used, as in :func:`paili.analyze` without flags, with its ``wait`` and ``win``), ``no_yaku``, and
    ``win``, ``dealer``, ``rules`` (the options in effect).

    >>> r = score("234m567p22s345678s", win="8s", tsumo=True, seat_wind="2z", riichi=1, dora="1s")
    >>> [y["id"] for y in r["yaku"]], r["han"], r["fu"], r["points"], r["payments"]
    (['riichi', 'menzen_tsumo', 'tanyao', 'pinfu', 'dora'], 6, 20, 12000, {'dealer': 6000, 'others': 3000})
    >>> score("123m456p789s22z [123s]", win="2z")["no_yaku"]
    True

    Three-player riichi (``rules="sanma"``, or ``{"preset": "sanma", "sanma_split": True}`` for split payment)
    reads the hand over the sanma wall, with its norths set aside written ``{4z}``:

    >>> r = score("11999m123p456p789s {4z}", win="1m", tsumo=True, seat_wind="2z", riichi=1, rules="sanma")
    >>> [(y["id"], y["han"]) for y in r["yaku"]], r["fu"], r["points"], r["payments"]
    ([('riichi', 1), ('menzen_tsumo', 1), ('nukidora', 1)], 40, 3900, {'dealer': 2600, 'others': 1300})
    """
    checked = PRESETS.get(rules) if isinstance(rules, str) else None
    if checked is None:
        checked = resolve_rules(rules)
    if not isinstance(hand, Hand):
        fast = None if checked.sanma else _fast_parts(hand)  # parse()'s fast path for plain text, called directly
        if fast is not None:  # the hand's fields, no Hand built
            return _score(None, fast[0], fast[1], fast[2], 0, win, tsumo, round_wind, seat_wind, riichi, ippatsu,
                          last_tile, rinshan, chankan, blessing, dora, ura, honba, riichi_sticks, checked, ())
        hand = parse(hand, rules="sanma" if checked.sanma else "riichi")
    return _score(hand, hand.concealed, hand.reds, hand.melds, hand.nukidora, win, tsumo, round_wind, seat_wind,
                  riichi, ippatsu, last_tile, rinshan, chankan, blessing, dora, ura, honba, riichi_sticks, checked, ())
