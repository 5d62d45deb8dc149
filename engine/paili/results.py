"""The JSON of the engine: the one module that turns its values into JSON-ready dicts.

The computation modules return typed values (:class:`~paili.analysis.Analysis`,
:class:`~paili.advice.Advice`, :class:`~paili.hand.Hand`, :class:`~paili.errors.HandError`...); the
functions here give the dicts that :func:`paili.analyze`, :func:`paili.advise` (:mod:`paili.public`), the
worker's envelopes (:mod:`paili.api`) and the CLI print. The shape is documented in ``docs/CONTRACT.md``.

This module sits above the computation and below :mod:`paili.public`, which calls both. It imports the
computation's types for their annotations (under ``TYPE_CHECKING``: it never builds them), and at run time only
what it tells apart (:class:`~paili.scoring.calculate.Regular`, the place of a winning tile in a regular
reading).

Tiles
-----
A *tile code* is the mpsz name of one tile as a string: ``"1m"``..``"9m"``, ``"1p"``.., ``"1s"``..,
``"1z"``..``"7z"``, and the red fives are their own codes ``"0m"``, ``"0p"``, ``"0s"``. Every hand text in a
result comes with its tiles as a list of codes, in the order of the text, so a page never parses notation:

* ``"hand": "0556m111z"`` (canonical text of the concealed tiles) and ``"concealed": ["0m", "5m", "5m",
  "6m", "1z", "1z", "1z"]``;
* a meld ``{"type": "chi", "tiles": ["4p", "0p", "6p"], "text": "[406p]"}``;
* a discard ``{"tile": "0m", ..., "after": "556m111z [406p]", "after_concealed": ["5m", "5m", ...]}``
  (the copy thrown, red or not; the melds after a discard are the hand's).

Tiles that stand for a *kind* (waits, ukeire, improvements, the groups of a decomposition) are the plain
codes (``"5m"``, never ``"0m"``): a wait on 5m is won by either copy.

>>> from paili import parse
>>> hand_json(parse("0556m111z [406p]"))["concealed"]
['0m', '5m', '5m', '6m', '1z', '1z', '1z']
>>> meld_json(parse("11z [406p]").melds[0])
{'type': 'chi', 'tiles': ['4p', '0p', '6p'], 'text': '[406p]'}
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from .defence.danger import Danger
from .defence.opponents import format_opponents, opponents_json
from .errors import HandError
from .gb.count import GbScore
from .hand import Hand, Meld
from .notation import format_hand, format_meld, format_tiles, normalize
from .review import CallDecision, option_key
from .scoring.calculate import Regular
from .tiles import FIVES, SUITS, tile_code, tile_name

if TYPE_CHECKING:
    from collections.abc import Sequence

    from .advice import Advice, AdviceRow, AtTable, CallAdvice, CallOption, Improvement, Outlook, Wait
    from .agari import Decomposition
    from .analysis import Analysis, GbWin
    from .logs import Round
    from .review import Decision, Review, ReviewSummary, RoundReview
    from .scoring.calculate import Score
    from .scoring.fu import FuPart
    from .scoring.waits import WaitScore
    from .shanten import Shanten
    from .ukeire import Discard, Ukeire

__all__ = [
    "advice_json",
    "analysis_json",
    "codes",
    "decomposition_json",
    "discard_json",
    "error_json",
    "gb_score_json",
    "gb_win_json",
    "hand_json",
    "meld_json",
    "read_as_json",
    "ukeire_json",
]

JSON = dict[str, Any]



def codes(text: str) -> list[str]:
    """The tile codes of a canonical tile text (digits then a suit letter, as the printers write it).

    >>> codes("105m7z")
    ['1m', '0m', '5m', '7z']
    """
    out: list[str] = []
    digits: list[str] = []
    for char in text:
        if char in SUITS:
            out.extend(d + char for d in digits)
            digits = []
        else:
            digits.append(char)
    return out


def meld_json(meld: Meld) -> JSON:
    """``{"type": "chi", "tiles": ["7s", "8s", "9s"], "text": "[789s]"}``."""
    text = format_meld(meld)
    return {"type": meld.kind, "tiles": codes(text[1:-1]), "text": text}


def _concealed(hand: Hand) -> tuple[str, list[str]]:
    """The canonical text of the concealed tiles and their codes."""
    text = format_tiles(hand.concealed, hand.reds)
    return text, codes(text)


def hand_json(hand: Hand) -> JSON:
    """``hand`` (canonical text of the concealed tiles), ``concealed`` (their codes), ``melds``, ``tiles``, and
    ``nukidora`` (the norths set aside, sanma) when there are any."""
    text, concealed = _concealed(hand)
    out: JSON = {"hand": text, "concealed": concealed, "melds": [meld_json(m) for m in hand.melds],
                 "tiles": hand.tile_count}
    if hand.nukidora:
        out["nukidora"] = hand.nukidora
    return out


def read_as_json(text: str) -> JSON:
    """``{"read_as": ...}``, the hand text as the parser read it, when it normalised any character of it
    (:func:`paili.notation.normalize`: ``"１２３Ｍ"`` is read as ``"123m"``); ``{}`` when it read the text as typed.

    >>> read_as_json("１２３Ｍ"), read_as_json("123m")
    ({'read_as': '123m'}, {})
    """
    read = normalize(text)
    return {"read_as": read} if read != text else {}


def shanten_json(forms: Shanten, *, knitted: bool = False) -> JSON:
    """``{"min": 0, "regular": 0, "chiitoitsu": 3, "kokushi": 8}`` (``null`` for a form that does not apply),
    and with ``knitted`` (the GB rules) ``quanbukao``, ``qixingbukao`` and ``zuhelong``."""
    out = {"min": forms.min, "regular": forms.regular, "chiitoitsu": forms.chiitoitsu, "kokushi": forms.kokushi}
    if knitted:
        out.update(quanbukao=forms.quanbukao, qixingbukao=forms.qixingbukao, zuhelong=forms.zuhelong)
    return out


def ukeire_json(u: Ukeire) -> JSON:
    """``{"total": 8, "tiles": [{"tile": "3m", "remaining": 3}, ...]}``."""
    return {"total": u.total, "tiles": [{"tile": tile_name(t), "remaining": n} for t, n in u.tiles]}


def decomposition_json(d: Decomposition) -> JSON:
    """One reading of a win: ``regular`` (pair, triplets, sequences by their lowest tile), ``chiitoitsu``
    (pairs) or ``kokushi`` (the doubled orphan), with its flags; the GB knitted forms ``quanbukao`` /
    ``qixingbukao`` (``knitted``: the pattern's nine kinds) and ``zuhelong`` (``knitted`` and the reading of
    the rest); Sichuan readings add ``gen`` (the number of 根)."""
    pair = tile_name(d.pair) if d.pair is not None else None
    out: JSON
    if d.form in ("regular", "zuhelong"):
        out = {"form": d.form, "pair": pair, "triplets": [tile_name(t) for t in d.triplets],
               "sequences": [tile_name(t) for t in d.sequences], "flags": list(d.flags)}
    elif d.form == "chiitoitsu":
        out = {"form": "chiitoitsu", "pairs": [tile_name(t) for t in d.pairs], "flags": list(d.flags)}
    elif d.form == "kokushi":
        out = {"form": "kokushi", "pair": pair, "flags": list(d.flags)}
    else:
        out = {"form": d.form, "flags": list(d.flags)}
    if d.knitted:
        out["knitted"] = [tile_name(t) for t in d.knitted]
    if d.gen is not None:
        out["gen"] = d.gen
    return out


def _after(hand: Hand, row: Discard) -> Hand:
    """The hand left after the discard ``row`` (the red copy when the row throws a red five)."""
    counts = list(hand.concealed)
    counts[row.tile] -= 1
    reds = list(hand.reds)
    if row.red:
        reds[FIVES.index(row.tile)] -= 1
    return Hand(tuple(counts), (reds[0], reds[1], reds[2]), hand.melds, hand.nukidora)


def discard_json(hand: Hand, row: Discard) -> JSON:
    """A discard of ``hand``: the copy thrown (``"0m"`` for a red five), the shanten and ukeire after it, and
    the hand left as canonical text (``after``, with the melds) and as codes (``after_concealed``)."""
    after = _after(hand, row)
    return {"tile": tile_code(row.tile, red=row.red), "shanten": row.shanten, "ukeire": ukeire_json(row.ukeire),
            "after": format_hand(after), "after_concealed": _concealed(after)[1]}


def gb_win_json(w: GbWin | None) -> JSON | None:
    """A GB win counted by :func:`paili.analyze` (by discard, the winds East): ``{"win": "5m", "fans": [{"id",
    "fan", "count"}, ...], "fan": 9, "legal": true, "short": 0}`` (``fans`` as :func:`gb_score_json` writes
    them; ``short``: the fans still missing for the 8, 0 for a legal win); ``None`` for ``None``."""
    if w is None:
        return None
    return {"win": tile_name(w.win),
            "fans": [{"id": fan, "fan": value, "count": count} for fan, value, count in w.fans], "fan": w.fan,
            "legal": w.legal, "short": max(0, 8 - w.fan)}


def analysis_json(a: Analysis) -> JSON:
    """The result of :func:`paili.analyze`: the hand, ``rules``, ``shanten``, then for 3n+2 tiles ``agari``,
    ``decompositions`` and ``discards``, for 3n+1 tiles ``waits`` and ``ukeire``; under Sichuan ``void``
    (``{"suits": "m", "fixed": false}``: the suit fixed as given up, or the suits whose choice is best); under
    GB for 3n+2 tiles ``gb`` (the win counted by :func:`gb_win_json`, ``null`` when the hand is not a complete
    one with every meld written) and on each wait ``gb`` (that wait's win by discard, or ``null``)."""
    result = hand_json(a.hand)
    result["rules"] = a.rules
    result["shanten"] = shanten_json(a.shanten, knitted=a.rules == "gb")
    if a.void is not None:
        result["void"] = {"suits": a.void, "fixed": a.void_fixed}
    if a.decompositions is not None:
        result["agari"] = bool(a.decompositions)
        result["decompositions"] = [decomposition_json(d) for d in a.decompositions]
        if a.rules == "gb":
            result["gb"] = gb_win_json(a.gb)
    if a.discards is not None:
        result["discards"] = [discard_json(a.hand, row) for row in a.discards]
    if a.ukeire is not None:
        result["waits"] = ukeire_json(a.ukeire)["tiles"] if a.shanten.min == 0 else []
        if a.rules == "gb" and a.gb_waits is not None:
            for wait, win in zip(result["waits"], a.gb_waits, strict=True):
                wait["gb"] = gb_win_json(win)
        result["ukeire"] = ukeire_json(a.ukeire)
    return result


def _figures(values: tuple[float, ...] | None) -> list[float] | None:
    return list(values) if values is not None else None


def _wait_json(w: Wait) -> JSON:
    """``{"tile": "3m", "remaining": 3, "yaku": true, "points": {"tsumo": 3900.0, "ron": 2600.0}, "p_win":
    [...]}`` (``yaku`` and ``points`` ``null`` when the hand is not scored; ``p_win``: the chance to win on this
    tile by each draw, the hand kept as it is)."""
    points = {"tsumo": w.tsumo, "ron": w.ron} if w.tsumo is not None and w.ron is not None else None
    return {"tile": tile_name(w.tile), "remaining": w.remaining, "yaku": w.yaku, "points": points,
            "p_win": list(w.p_win)}


def _advice_row_json(hand: Hand, row: AdviceRow) -> JSON:
    out = discard_json(hand, row.discard)
    out["p_win"] = _figures(row.p_win)
    out["p_tenpai"] = _figures(row.p_tenpai)
    out["ev"] = _figures(row.ev)
    out["waits"] = [_wait_json(w) for w in row.waits]
    out["improvements"] = _improvements_json(row.improvements) if row.improvements is not None else None
    if row.deal_in is not None:  # the opponents given: the table counted (absent otherwise)
        out["deal_in"] = row.deal_in
        out["ev_if_passes"] = _figures(row.ev_if_passes)
        out["ev_if_deals_in"] = row.ev_if_deals_in
    return out


def _improvements_json(improvements: Sequence[Improvement]) -> JSON:
    """``{"total": 12, "tiles": [{"tile": "3m", "remaining": 4, "ukeire_after": 20}, ...]}``."""
    return {"total": sum(i.remaining for i in improvements),
            "tiles": [{"tile": tile_name(i.tile), "remaining": i.remaining, "ukeire_after": i.ukeire_after}
                      for i in improvements]}


def improvements_json(rows: Sequence[tuple[Discard, Sequence[Improvement]]]) -> JSON:
    """The result of :func:`paili.advise_improvements`: ``discards``, each ``{"tile", "improvements"}``
    (the tile as :func:`discard_json` writes it, the improvements as in :func:`advice_json`'s rows)."""
    return {"discards": [{"tile": tile_code(row.tile, red=row.red), "improvements": _improvements_json(better)}
                         for row, better in rows]}


def _situation_json(a: Advice | Outlook) -> JSON | None:
    """The scoring situation of an advice (``null`` when the hand is not scored), its rules resolved; under GB
    the winds alone and ``"rules": "gb"``."""
    s = a.situation
    if s is not None and a.rules == "gb":
        return {"round_wind": s.round_wind, "seat_wind": s.seat_wind, "rules": "gb"}
    if s is None or a.scoring is None:
        return None
    return {"riichi": s.riichi, "ippatsu": s.ippatsu, "double_riichi": s.double_riichi, "round_wind": s.round_wind,
            "seat_wind": s.seat_wind, "dora": s.dora, "honba": s.honba, "riichi_sticks": s.riichi_sticks,
            "rules": a.scoring.to_json()}


def advice_json(a: Advice) -> JSON:
    """The result of :func:`paili.advise`: the hand, ``rules``, ``shanten`` (the minimum), ``turns``,
    ``options`` (with ``objective``), ``situation`` (the scoring situation, ``null`` when the hand is not
    scored), ``discards`` (best first, each a :func:`discard_json` with ``p_win``, ``p_tenpai``, ``ev``,
    ``waits`` and ``improvements``; with opponents also ``deal_in``, ``ev_if_passes``, ``ev_if_deals_in``) and
    ``note``; with opponents also ``fold`` (the fold line: its tiles, its chance to deal in, its ``ev`` by draw)
    and ``verdict`` (``fold``: whether folding is worth more than the best push, ``push``, ``safest``,
    ``margin`` in expected points at the last draw)."""
    result = hand_json(a.hand)
    result.update({
        "rules": a.rules,
        "shanten": a.shanten,
        "turns": a.turns,
        "options": {"tegawari": a.tegawari, "shanten_down": a.shanten_down, "max_shanten": a.max_shanten,
                    "objective": a.objective},
        "situation": _situation_json(a),
        "discards": [_advice_row_json(a.hand, row) for row in a.rows],
        "note": a.note,
    })
    if a.table is not None:  # the opponents given: the fold line and the verdict (absent otherwise)
        result.update(_at_table_json(a.table))
    return result


def _at_table_json(table: AtTable) -> JSON:
    """``fold`` (the fold line: its tiles, its chance to deal in, its ``ev`` by draw) and ``verdict``."""
    fold, verdict = table.fold, table.verdict
    return {"fold": {"tiles": [tile_name(t) for t in fold.tiles], "deal_in": fold.deal_in, "ev": _figures(fold.ev)},
            "verdict": {"fold": verdict.fold, "push": None if verdict.push is None else tile_name(verdict.push),
                        "safest": None if verdict.safest is None else tile_name(verdict.safest),
                        "margin": verdict.margin}}


def outlook_json(o: Outlook) -> JSON:
    """The result of :func:`paili.outlook`: the hand, ``rules``, ``shanten``, ``turns``, ``options``,
    ``situation`` (``null`` when the hand is not scored), ``p_win``, ``p_tenpai``, ``ev``, ``waits`` and
    ``note``; with opponents also ``fold`` and ``verdict`` (as :func:`advice_json`'s; ``push`` is ``null``: the
    hand throws nothing yet)."""
    result = hand_json(o.hand)
    result.update({
        "rules": o.rules,
        "shanten": o.shanten,
        "turns": o.turns,
        "options": {"tegawari": o.tegawari, "shanten_down": o.shanten_down, "max_shanten": o.max_shanten},
        "situation": _situation_json(o),
        "p_win": _figures(o.p_win),
        "p_tenpai": _figures(o.p_tenpai),
        "ev": _figures(o.ev),
        "waits": [_wait_json(w) for w in o.waits],
        "note": o.note,
    })
    if o.table is not None:  # the opponents given: the fold line and the verdict (absent otherwise)
        result.update(_at_table_json(o.table))
    return result


def _call_option_json(o: CallOption) -> JSON:
    return {"call": o.call, "meld": str(o.meld) if o.meld is not None else None,
            "discard": tile_code(o.discard.discard.tile, red=o.discard.discard.red) if o.discard is not None else None,
            "shanten": o.shanten, "p_tenpai": _figures(o.p_tenpai), "p_win": _figures(o.p_win), "ev": _figures(o.ev),
            "yaku": o.yaku,
            "rows": [_advice_row_json(o.hand, row) for row in o.rows] if o.hand is not None else [],
            "score": None if o.score is None else gb_score_json(o.score) if isinstance(o.score, GbScore)
            else score_json(o.score)}


def call_advice_json(a: CallAdvice) -> JSON:
    """The result of :func:`paili.call_advice`: ``offered`` (``"0m"`` for a red five), ``seat``, ``options``
    (best first), each ``{"call", "meld", "discard", "shanten", "p_tenpai", "p_win", "ev", "yaku", "rows",
    "score"}``, and ``no_calls``: why no chi, pon or kan is offered though the hand could make one
    (``"riichi"``, ``"void"``) or ``null``; with opponents also ``fold`` (the fold line after passing) and
    ``verdict`` (as :func:`advice_json`'s: ``fold`` when folding is worth more than the best option; ``push`` is
    ``null``)."""
    result: JSON = {"offered": tile_code(a.offered, red=a.red), "seat": a.seat,
                    "options": [_call_option_json(o) for o in a.options], "no_calls": a.no_calls}
    if a.table is not None:  # the opponents given: folding after passing, and the verdict (absent otherwise)
        result.update(_at_table_json(a.table))
    return result


def error_json(exc: Exception) -> JSON:
    """``{"type", "message", "position", "field", "code", "params"}`` of an error: a :class:`HandError` keeps
    its position, field, code and params (the message's id and parameters, which the catalogs translate);
    any other error is of its class's name with neither position nor field, code ``"request"`` for a
    ``RequestError`` and ``"internal"`` otherwise, its English message as the one param."""
    if isinstance(exc, HandError):
        return {"type": "HandError", "message": exc.message, "position": exc.position, "field": exc.field,
                "code": exc.code, "params": exc.params}
    code = "request" if type(exc).__name__ == "RequestError" else "internal"
    return {"type": type(exc).__name__, "message": str(exc), "position": None, "field": None, "code": code,
            "params": {"message": str(exc)}}


# --- scoring -----------------------------------------------------------------------------------------------


def fu_part_json(part: FuPart) -> JSON:
    """One line of a ``fu_breakdown``: ``{"fu", "reason", "id", "params"}``."""
    return {"fu": part.fu, "reason": part.reason, "id": part.id, "params": dict(part.params)}


def score_json(s: Score) -> JSON:
    """The JSON of a :class:`~paili.scoring.calculate.Score` (the keys :func:`score` lists)."""
    place = s.reading
    reading: JSON
    if isinstance(place, Regular):
        reading = {"form": "regular", "pair": tile_name(place.pair), "triplets": [tile_name(t) for t in place.triplets],
                   "sequences": [tile_name(t) for t in sorted(place.sequences)]}
    else:
        reading = decomposition_json(place.decomposition)
        del reading["flags"]
    reading["wait"] = place.wait
    reading["win"] = tile_name(s.win_tile)
    return {
        "win": s.win,
        "dealer": s.dealer,
        "yaku": [{"id": name, "han": han, "yakuman": n} if n else {"id": name, "han": han}
                 for name, han, n in s.yaku],
        "han": s.han,
        "fu": s.fu,
        "yakuman": s.yakuman,
        "limit": s.limit,
        "points": s.points,
        "payments": dict(s.payments),
        "total": s.total,
        "fu_breakdown": [fu_part_json(part) for part in s.fu_breakdown],
        "decomposition": reading,
        "no_yaku": not s.yaku,
        "rules": s.rules.to_json(),
    }


def gb_score_json(s: GbScore) -> JSON:
    """The JSON of a Chinese Official win (:class:`~paili.gb.count.GbScore`): ``rules`` (``"gb"``), ``win``,
    ``fans`` (``{"id", "fan", "count"}``, ``fan`` the value of one, highest first, ``flower_tiles`` last),
    ``fan`` (the total, flowers included), ``legal`` (at least 8 fans without the flowers), ``payments``
    (``{"discarder": 8 + fan, "others": 8}`` by discard, ``{"others": 8 + fan}`` by self-draw; ``{}`` when the
    hand is short of 8), ``total`` (the winner's gain), ``form`` (the reading's form: ``regular``,
    ``seven_pairs``, ``seven_shifted_pairs``, ``thirteen_orphans``, ``knitted``, ``knitted_straight``,
    ``nine_gates``), ``decomposition`` (the concealed tiles' reading, as :func:`decomposition_json` writes it
    without flags) and ``situation`` (as checked: ``last_copy`` is true when the melds show the three other
    copies).

    >>> from paili import score
    >>> r = score("123m456p789s11z [555z]", win="1z", rules="gb")
    >>> [(f["id"], f["fan"]) for f in r["fans"]], r["fan"], r["legal"], r["payments"], r["total"]
    ([('mixed_straight', 8), ('all_types', 6), ('dragon_pung', 2), ('single_wait', 1)], 17, True, \
{'discarder': 25, 'others': 8}, 41)
    """
    reading = decomposition_json(s.decomposition)
    del reading["flags"]
    sit = s.situation
    return {
        "rules": "gb",
        "win": s.win,
        "fans": [{"id": fan, "fan": value, "count": count} for fan, value, count in s.fans],
        "fan": s.fan,
        "legal": s.legal,
        "payments": dict(s.payments),
        "total": s.total,
        "form": s.form,
        "decomposition": reading,
        "situation": {"tsumo": sit.tsumo, "seat_wind": tile_name(sit.seat_wind),
                      "round_wind": tile_name(sit.round_wind), "flowers": sit.flowers, "last_copy": sit.last_copy,
                      "last_tile": sit.last_tile, "rinshan": sit.rinshan, "chankan": sit.chankan},
    }


def wait_score_json(w: WaitScore) -> JSON:
    """``{"tile", "remaining", "ron", "tsumo"}``: a wait and its two scores (``None`` for a way ruled out)."""
    return {"tile": tile_name(w.tile), "remaining": w.remaining,
            "ron": None if w.ron is None else score_json(w.ron),
            "tsumo": None if w.tsumo is None else score_json(w.tsumo)}


# --- review ------------------------------------------------------------------------------------------------


_RESULT_KINDS: Final = {"和了": "win", "流局": "draw"}


def _decision_json(d: Decision) -> JSON:
    best, played = d.best, d.played_row
    return {
        "kind": d.kind,
        "step": d.step,
        "turn": d.turn,
        "hand": format_hand(d.hand),
        "played": tile_code(d.played, red=d.played_red),
        "best": tile_code(best.discard.tile, red=best.discard.red) if best is not None else None,
        "visible": format_tiles(d.visible, d.visible_reds),
        "dora": d.dora,
        "turns": d.turns,
        "rows": [_advice_row_json(d.hand, row) for row in d.advice.rows] if d.advice is not None else [],
        "loss": {"ev": d.loss("ev"), "p_win": d.loss("p_win")} if played is not None else None,
        "opponents": opponents_json(d.opponents) if d.opponents is not None else None,
        "opponents_text": format_opponents(d.opponents) if d.opponents is not None else None,
    }


def _call_decision_json(d: CallDecision) -> JSON:
    played = d.played_option
    return {
        "kind": d.kind,
        "step": d.step,
        "turn": d.turn,
        "hand": format_hand(d.hand),
        "offered": tile_code(d.offered, red=d.offered_red),
        "from": d.source,
        "played": d.played,
        "best": option_key(d.best),
        "visible": format_tiles(d.visible, d.visible_reds),
        "dora": d.dora,
        "turns": d.turns,
        "rows": [],
        "options": [_call_option_json(o) for o in d.calls.options],
        "loss": {"ev": d.loss("ev"), "p_win": d.loss("p_win")} if played is not None else None,
        "opponents": opponents_json(d.opponents) if d.opponents is not None else None,
        "opponents_text": format_opponents(d.opponents) if d.opponents is not None else None,
    }


def _round_result_json(r: Round) -> JSON:
    """How a round ended: ``kind`` (``"win"``, ``"draw"``, ``"abort"``), the log's ``text``, each seat's score
    change (``deltas``, ``[]`` for an abort) and each win (``wins``: ``{"winner", "from", "points"}``, ``from``
    the winner on a self-draw, ``points`` the winner's gain)."""
    text = str(r.result[0]) if r.result else ""
    deltas: list[int] = []
    wins: list[JSON] = []
    for place in range(1, len(r.result), 2):  # a double ron repeats deltas and the winner's list
        change, info = r.result[place], r.result[place + 1] if place + 1 < len(r.result) else None
        if isinstance(change, list) and all(isinstance(v, int) for v in change):
            deltas = [a + b for a, b in zip(deltas, change, strict=True)] if deltas else list(change)
            if isinstance(info, list) and len(info) > 1 and all(isinstance(v, int) for v in info[:2]) \
                    and 0 <= info[0] < len(change):
                wins.append({"winner": info[0], "from": info[1], "points": change[info[0]]})
    return {"kind": _RESULT_KINDS.get(text, "abort"), "text": text, "deltas": deltas, "wins": wins}


def review_json(rv: Review) -> JSON:
    """The result of :func:`paili.review`: ``seat``, ``players``, ``rounds`` (each ``round`` as ``"E1"``,
    ``honba``, ``decisions``, ``result``: ``{"kind": "win" | "draw" | "abort", "text", "deltas", "wins"}``) and
    ``summary`` (``decisions``: the discards searched, ``matched`` the best or tied with it; ``calls`` the call
    decisions whose choice is among the options, ``calls_matched`` the best or tied; ``total_loss`` and
    ``largest_loss`` (``{"round", "honba", "step", "turn", "ev"}``) in expected points over both, over the
    rounds reviewed; a round listed but not reviewed has ``decisions`` null). Each decision has ``step`` (the
    event's number in the round) and ``turn`` (the seat's turn, 巡目). A call decision is ``{"kind": "call",
    "step", "turn", "hand", "offered", "from", "played", "best", "visible", "dora", "turns", "rows": [],
    "options": call advice's, "loss"}``."""
    return {"seat": rv.seat, "players": list(rv.game.players), "rounds": [round_review_json(rr) for rr in rv.rounds],
            "summary": review_summary_json(rv.summary)}


def round_review_json(rr: RoundReview) -> JSON:
    """One round of a review: ``round``, ``honba``, ``decisions`` (null when not reviewed) and ``result``."""
    decisions = [_call_decision_json(d) if isinstance(d, CallDecision) else _decision_json(d)
                 for d in rr.decisions] if rr.decisions is not None else None
    return {"round": rr.round.name, "honba": rr.round.honba, "decisions": decisions,
            "result": _round_result_json(rr.round)}


def review_summary_json(s: ReviewSummary) -> JSON:
    """A review's summary (:class:`~paili.review.ReviewSummary`)."""
    largest = s.largest_loss
    return {"decisions": s.decisions, "matched": s.matched, "calls": s.calls, "calls_matched": s.calls_matched,
            "total_loss": s.total_loss, "largest_loss": None if largest is None else
            {"round": largest.round, "honba": largest.honba, "step": largest.step, "turn": largest.turn,
             "ev": largest.ev}}


def danger_json(d: Danger) -> JSON:
    """The JSON of :func:`paili.danger` (docs/CONTRACT.md): each tile's ``deal_in`` and its figures per
    opponent with reason codes (catalog ``danger.reason.<code>``), and each opponent's state."""
    return {
        "tiles": [{"tile": tile_name(row.tile), "deal_in": round(row.deal_in, 6), "opponents": [
            {"seat": s.seat, "p_tenpai": round(s.p_tenpai, 6), "p_wait": round(s.p_wait, 6),
             "p_deal_in": round(s.p_deal_in, 6), "payment": round(s.payment),
             "reasons": [{"code": r.code, **({"n": r.n} if r.n is not None else {})} for r in s.reasons]}
            for s in row.seats]} for row in d.tiles],
        "opponents": [{"seat": o.seat, "riichi": o.riichi, "dealer": o.dealer, "p_tenpai": round(o.p_tenpai, 6),
                       "value": round(o.value)} for o in d.opponents],
    }
