"""The public functions that answer in JSON: :func:`analyze`, :func:`advise`, :func:`advise_improvements`,
:func:`outlook`, :func:`score` and :func:`score_waits` (``paili.analyze`` and so on), and the steps versions
:func:`advise_steps` and :func:`outlook_steps` that the worker's :mod:`paili.api` runs.

Each checks and parses its inputs, asks the computation for a typed value (:mod:`paili.analysis`,
:mod:`paili.advice`, :mod:`paili.scoring`) and gives it as JSON (:mod:`paili.results`): the computation
below, the JSON on top. The advisor's functions read their request once (:func:`paili.advice.read_position`,
given their keyword arguments as ``locals()``: the situation's and the search's fields by name) into one
:class:`~paili.advice.Position`, the hand in its checked :class:`~paili.situation.Situation`.
They sit in a module of their own, above both, so that no module imports one above it (``results`` would be
the other place, but it is imported by modules below the computation: see its docstring).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from .advice import (
    DEFAULT_MAX_SHANTEN,
    DEFAULT_TURNS,
    MAX_SHANTEN_LIMIT,
    MAX_TURNS,
    Progress,
    Steps,
    advice_steps,
    call_advice_of,
    check_bool,
    check_int,
    check_objective,
    check_riichi_policy,
    collector_paused,
    finish,
    improvement_rows,
    outlook_of,
    read_position,
)
from .analysis import analysis_of, parse_inputs
from .defence.inputs import checked_opponents, danger_checked
from .defence.opponents import Opponents, format_opponents, opponents_json
from .errors import HandError
from .gb.count import score_gb
from .gb.situation import check_riichi_options
from .hand import Hand
from .logs import read_log
from .notation import parse_tiles
from .results import (
    advice_json,
    analysis_json,
    call_advice_json,
    danger_json,
    gb_score_json,
    improvements_json,
    outlook_json,
    read_as_json,
    review_json,
    review_summary_json,
    round_review_json,
    score_json,
    wait_score_json,
)
from .review import ReviewOptions, ReviewSummary, RoundReview
from .review import review_steps as review_of
from .rules import check_rules, check_void
from .scoring import score_hand, wait_scores

__all__ = ["advise", "advise_improvements", "advise_steps", "analyze", "call_advice", "danger", "outlook",
           "outlook_steps", "review", "review_steps", "score", "score_waits"]


def analyze(hand: str, *, melds: str | Sequence[str] | None = None, visible: str = "",
            rules: str = "riichi", void: str | None = None) -> dict[str, Any]:
    """Analyze a hand given in mpsz notation; raises :class:`HandError` for any bad input.

    ``melds`` adds called melds to those written in ``hand`` (``["[789s]", "(1111z)"]``); ``visible`` lists
    tiles seen elsewhere (discards, dora indicators...): they lower the copies left of waits and ukeire, never
    the shanten. The result's keys are documented in the README; those that do not apply to the hand's size
    are absent (``agari``, ``decompositions``, ``discards`` for 3n+2 tiles; ``waits``, ``ukeire`` for 3n+1).
    ``rules`` names the rule set (:mod:`paili.rules`: ``riichi``, ``sanma``, ``sichuan``, ``gb``); ``void``
    fixes the suit a Sichuan hand gives up (定缺: ``"m"``, ``"p"`` or ``"s"``; by default the hand's best).
    ``read_as`` is there only when the parser normalised the hand text (upper-case or full-width characters:
    ``"１２３Ｍ..."`` is read as ``"123m..."``).

    >>> r = analyze("123m456p789s1122z")
    >>> r["shanten"]["min"], [w["tile"] for w in r["waits"]], r["ukeire"]["total"]
    (0, ['1z', '2z'], 4)
    """
    checked = check_rules(rules)
    fixed = check_void(void, checked)
    parsed, seen = parse_inputs(hand, melds=melds, visible=visible, rules=checked)
    return {**analysis_json(analysis_of(parsed, visible=seen, rules=checked, void=fixed)), **read_as_json(hand)}


def danger(hand: str, *, opponents: object, melds: str | Sequence[str] | None = None, visible: str = "",
           dora: str = "", round_wind: str = "1z", seat_wind: str = "1z", rules: str = "riichi") -> dict[str, Any]:
    """Each kind the hand can discard: its chance to deal in now (``deal_in``, any opponent) and per opponent
    ``p_tenpai``, ``p_wait``, ``p_deal_in``, the expected ``payment`` and the reasons (codes); per opponent
    their ``p_tenpai`` and ``value``. ``opponents``: the text form (``"l:19m4'5*p7z+3s;r:1z2z9p [234s]"``) or
    the JSON form (:mod:`paili.defence.opponents`); ``visible``: other tiles the seat sees (its own river);
    ``dora``: the indicators. Riichi and sanma rules only. The model: ``docs/RULES.md``, "Defence".

    >>> r = danger("123m456p789s1234z5z", opponents="l:1m9m4p5*p7z")
    >>> r["tiles"][0]["tile"], r["tiles"][0]["deal_in"], r["tiles"][0]["opponents"][0]["reasons"]
    ('1m', 0.0, [{'code': 'genbutsu'}])
    """
    return danger_json(danger_checked(hand, opponents=opponents, melds=melds, visible=visible, dora=dora,
                                      round_wind=round_wind, seat_wind=seat_wind, rules=rules)[1])


def read_opponents(opponents: object, *, rules: str = "riichi") -> dict[str, Any]:
    """The opponents read and written back (for a form built around them): ``text``, the canonical text form
    (``""`` for none); ``parts``, each seat's part of it without its ``l:``/``a:``/``r:`` letter; ``seats``, the
    JSON form. ``opponents``: the text or the JSON form (:func:`danger`'s); a malformed one raises
    :class:`HandError` (field ``opponents``, and the character at fault for the text form).

    >>> r = read_opponents("r:1z2z9p ; l:19m4'5*p7z")
    >>> r["text"], r["parts"]["left"], r["seats"]["left"]["riichi"]
    ("l:1m9m4'p5*p7z;r:1z2z9p", "1m9m4'p5*p7z", 3)
    """
    checked = checked_opponents(opponents, rules)
    return {"text": format_opponents(checked),
            "parts": {seat: format_opponents(Opponents(**{seat: player})).split(":", 1)[1]
                      for seat, player in checked.seats()},
            "seats": opponents_json(checked)}


def advise(hand: str, *, melds: str | Sequence[str] | None = None, visible: str = "",
           turns: int = DEFAULT_TURNS, tegawari: bool = False, shanten_down: bool = False,
           max_shanten: int = DEFAULT_MAX_SHANTEN, objective: str = "ev", riichi: str = "always",
           ippatsu: bool = False, round_wind: str = "1z", seat_wind: str = "1z", dora: str = "", honba: int = 0,
           riichi_sticks: int = 0, rules: object = "riichi", double_riichi: bool = False,
           void: str | None = None, improvements: bool = True, opponents: object = None) -> dict[str, Any]:
    """Rank the discards of a 3n+2 hand by the points (or the chance) to win within 1..turns draws.

    Same inputs as :func:`paili.analyze` plus ``turns`` (1..30), the options ``tegawari`` and
    ``shanten_down``, ``max_shanten`` (0..4), ``objective`` (``"ev"``, ``"p_win"`` or ``"p_tenpai"``: what
    orders the discards), ``riichi`` (``"always"`` or ``"dama"``), ``ippatsu``, ``double_riichi`` (this is
    the first discard: a discard leaving a closed hand tenpai declares double riichi) and the situation arguments of
    :func:`paili.score` (``round_wind``, ``seat_wind``, ``dora`` indicators, ``honba``, ``riichi_sticks``,
    ``rules``: a scoring preset or options (four-player riichi), or the rule set ``"sanma"``, ``"sichuan"``
    or ``"gb"``, whose wall and forms the search follows and which score nothing); ``void``: the suit a
    Sichuan hand gives up (定缺); ``improvements``: ``False`` leaves out the improvements (改良) of every
    row (its ``improvements`` is ``null``; :func:`advise_improvements` gives them alone), which saves their
    time when they are shown later or not at all; ``opponents``: the other players as the seat sees them (the
    text or JSON form of docs/RULES.md, "Defence"; riichi and sanma): the values then count the table (each
    row's ``deal_in``, ``ev_if_passes``, ``ev_if_deals_in``, the ``fold`` line and the ``verdict``;
    :mod:`paili.advice.pushfold`). See :mod:`paili.advice` for the model and the result's keys.
    Raises :class:`HandError` for any bad input, including a 3n+1 hand (it has no discard to choose).
    """
    with collector_paused():  # the whole call: the memos are freed before any collection walks them
        return finish(advise_steps(hand, melds=melds, visible=visible, turns=turns, tegawari=tegawari,
                                   shanten_down=shanten_down, max_shanten=max_shanten, objective=objective,
                                   riichi=riichi, ippatsu=ippatsu, round_wind=round_wind, seat_wind=seat_wind,
                                   dora=dora, honba=honba, riichi_sticks=riichi_sticks, rules=rules,
                                   double_riichi=double_riichi, void=void, improvements=improvements,
                                   opponents=opponents))


def advise_steps(hand: str, *, melds: str | Sequence[str] | None = None, visible: str = "",
                 turns: int = DEFAULT_TURNS, tegawari: bool = False, shanten_down: bool = False,
                 max_shanten: int = DEFAULT_MAX_SHANTEN, objective: str = "ev", riichi: str = "always",
                 ippatsu: bool = False, round_wind: str = "1z", seat_wind: str = "1z", dora: str = "",
                 honba: int = 0, riichi_sticks: int = 0, rules: object = "riichi", double_riichi: bool = False,
                 void: str | None = None, budget: float | None = None, improvements: bool = True,
                 opponents: object = None) -> Steps[dict[str, Any]]:
    """:func:`advise` in steps, for a caller that must stay responsive (the browser worker answers newer
    requests between steps, and drops a search nobody wants any more by not resuming it).

    Each ``next()`` yields an :class:`~paili.advice.AdviceRow` when a discard's row is finished (in the table's
    order, before the ranking) and, with ``budget`` (seconds), ``None`` whenever the step has searched that long; the
    generator returns exactly the JSON of :func:`advise` (``finish(advise_steps(...)) == advise(...)``). Bad
    input raises :class:`HandError` from the first ``next()``.
    """
    check_objective(objective)
    wanted = check_bool(improvements, "improvements")
    position = read_position(hand, melds=melds, visible=visible, rules=rules, void=void, options=locals())
    advice = yield from advice_steps(position, objective=objective, budget=budget, improvements=wanted)
    return advice_json(advice)


def advise_improvements(hand: str, *, melds: str | Sequence[str] | None = None, visible: str = "",
                        turns: int = DEFAULT_TURNS, tegawari: bool = False, shanten_down: bool = False,
                        max_shanten: int = DEFAULT_MAX_SHANTEN, objective: str = "ev", riichi: str = "always",
                        ippatsu: bool = False, round_wind: str = "1z", seat_wind: str = "1z", dora: str = "",
                        honba: int = 0, riichi_sticks: int = 0, rules: object = "riichi",
                        double_riichi: bool = False, void: str | None = None, improvements: bool = True,
                        opponents: object = None) -> dict[str, Any]:
    """The improvements (改良) that :func:`advise` gives each discard, alone and without its search: the
    same inputs (checked as :func:`advise` checks them, so a request for the advice can be sent again for its
    improvements; those of the search do not change them, and ``improvements`` is accepted and ignored),
    answering ``{"discards": [{"tile": "0m", "improvements": {"total": ..., "tiles": [...]}}, ...]}``: one
    entry per discard (its ``tile`` written as :func:`advise` writes it, ``"0m"`` for a red five), in the
    discard table's order, each ``improvements`` equal to that of the discard's row in :func:`advise`."""
    check_objective(objective)
    check_bool(improvements, "improvements")
    position = read_position(hand, melds=melds, visible=visible, rules=rules, void=void, options=locals())
    rows = improvement_rows(position)
    return improvements_json(rows)


def call_advice(hand: str, offered: str, *, seat: str = "left", melds: str | Sequence[str] | None = None,
                visible: str = "", turns: int = DEFAULT_TURNS, max_shanten: int = DEFAULT_MAX_SHANTEN,
                objective: str = "ev", riichi: str = "always", round_wind: str = "1z", seat_wind: str = "1z",
                dora: str = "", honba: int = 0, riichi_sticks: int = 0, rules: object = "riichi",
                void: str | None = None, allow_swap_back: bool = False, opponents: object = None) -> dict[str, Any]:
    """Should a 13-tile hand (one waiting for its draw) take ``offered``, the tile just thrown from ``seat``
    (``"left"``, the player before you, the only one a chi may come from; ``"across"``; ``"right"``), by
    ron, chi, pon or open kan, or pass? Every legal option with its figures on one time line, best first by
    ``objective`` at the last turn (the model: :mod:`paili.advice`, section *Calls*).

    The other inputs are :func:`advise`'s (``riichi`` the pass line's policy: a call opens the hand);
    ``allow_swap_back``: the rule set allows the swap-back discards (食い替え), banned by default;
    ``opponents``: the other players as :func:`advise` takes them, as they were before ``offered`` was thrown
    (it is added to the thrower's river: called away by a chi, pon or kan, passed by the others in riichi when
    the hand lets it go): every option's ``ev`` then counts the table, and ``fold`` and ``verdict`` say whether
    letting it go and folding is worth more. The result: ``offered``, ``seat``, ``options``, each ``{"call",
    "meld", "discard", "shanten", "p_tenpai", "p_win", "ev", "yaku", "rows", "score"}`` (docs/CONTRACT.md).
    Raises :class:`HandError` for any bad input.

    >>> r = call_advice("3460m55p12789s66z", "5m", turns=17, dora="1z")
    >>> [(o["call"], o["meld"], o["discard"], round(o["ev"][-1])) for o in r["options"]]
    [('pass', None, None, 2050), ('chi', '[345m]', '1s', 385), ('chi', '[456m]', '1s', 234)]
    """
    check_objective(objective)
    allow = check_bool(allow_swap_back, "allow_swap_back")
    if not isinstance(offered, str):
        raise HandError(f"expected one tile such as '4m', got {offered!r}", field="offered", code="calls.offered",
                        params={"got": repr(offered)})
    counts, reds = parse_tiles(offered, field="offered")
    if sum(counts) != 1:
        raise HandError(f"expected one tile such as '4m', got {offered!r}", field="offered", code="calls.offered",
                        params={"got": repr(offered)})
    position = read_position(hand, melds=melds, visible=visible, rules=rules, void=void, options=locals())
    tile = counts.index(1)
    with collector_paused():
        advice = call_advice_of(position, tile, any(reds), seat=seat, objective=objective, allow_swap_back=allow)
    return call_advice_json(advice)


def outlook(hand: str, *, melds: str | Sequence[str] | None = None, visible: str = "",
            turns: int = DEFAULT_TURNS, tegawari: bool = False, shanten_down: bool = False,
            max_shanten: int = DEFAULT_MAX_SHANTEN, riichi: str = "always", ippatsu: bool = False,
            round_wind: str = "1z", seat_wind: str = "1z", dora: str = "", honba: int = 0, riichi_sticks: int = 0,
            rules: object = "riichi", void: str | None = None, opponents: object = None) -> dict[str, Any]:
    """The chance and expected points to win a 3n+1 hand (one waiting for its draw) within 1..turns draws,
    and for a tenpai hand each wait's points and chance to be the winning draw.

    The inputs and the model are those of :func:`advise` (a closed tenpai hand under ``riichi="always"`` is in
    riichi), for the hand as it stands rather than after each discard. The result: the hand's keys, ``rules``,
    ``shanten``, ``turns``, ``options``, ``situation``, ``p_win``, ``p_tenpai`` and ``ev`` (per draw, as an
    advice row's), ``waits`` (a tenpai hand's: ``tile``, ``remaining`` (copies left to draw), ``yaku``,
    ``points`` (for a wait with none left, as if a copy were drawn: see :mod:`paili.advice`) and ``p_win``, the
    chance that the hand, kept as it is, wins on that tile within 1..turns draws; these sum to the hand's
    ``p_win`` when it never changes: in riichi, or with both options off) and ``note``. With ``opponents``
    (:func:`advise`'s) ``ev`` counts the table and ``fold`` and ``verdict`` say whether folding is worth more.
    Raises :class:`HandError` for any bad input, including a 3n+2 hand. (The example's figures are snapshots of
    the engine's own output.)

    >>> o = outlook("23456m345p33345s", dora="1m", turns=2)  # in riichi, waiting on 1m-4m-7m
    >>> [round(p, 4) for p in o["p_win"]], [round(e) for e in o["ev"]]
    ([0.082, 0.1572], [1025, 1966])
    >>> [(w["tile"], w["remaining"], round(w["p_win"][-1], 4)) for w in o["waits"]]
    [('1m', 3, 0.0472), ('4m', 3, 0.0472), ('7m', 4, 0.0629)]
    """
    with collector_paused():  # as in advise
        return finish(outlook_steps(hand, melds=melds, visible=visible, turns=turns, tegawari=tegawari,
                                    shanten_down=shanten_down, max_shanten=max_shanten, riichi=riichi, ippatsu=ippatsu,
                                    round_wind=round_wind, seat_wind=seat_wind, dora=dora, honba=honba,
                                    riichi_sticks=riichi_sticks, rules=rules, void=void, opponents=opponents))


def outlook_steps(hand: str, *, melds: str | Sequence[str] | None = None, visible: str = "",
                  turns: int = DEFAULT_TURNS, tegawari: bool = False, shanten_down: bool = False,
                  max_shanten: int = DEFAULT_MAX_SHANTEN, riichi: str = "always", ippatsu: bool = False,
                  round_wind: str = "1z", seat_wind: str = "1z", dora: str = "", honba: int = 0,
                  riichi_sticks: int = 0, rules: object = "riichi", void: str | None = None,
                  opponents: object = None, budget: float | None = None) -> Steps[dict[str, Any]]:
    """:func:`outlook` in steps, as :func:`advise_steps` (``finish(outlook_steps(...)) == outlook(...)``)."""
    position = read_position(hand, melds=melds, visible=visible, rules=rules, void=void, options=locals())
    result = yield from outlook_of(position, budget)
    return outlook_json(result)


def score(hand: str | Hand, *, win: str, tsumo: bool = False, round_wind: str = "1z", seat_wind: str = "1z",
          riichi: int = 0, ippatsu: bool = False, last_tile: bool = False, rinshan: bool = False,
          chankan: bool = False, blessing: bool = False, dora: str = "", ura: str = "", honba: int = 0,
          riichi_sticks: int = 0, rules: object = "riichi", flowers: int = 0, last_copy: bool = False
          ) -> dict[str, Any]:
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

    Chinese Official scoring (``rules="gb"``, :mod:`paili.gb`) takes ``tsumo``, the winds, ``flowers`` (0-8),
    ``last_copy`` (和绝张), ``last_tile``, ``rinshan`` and ``chankan``, and answers
    :func:`~paili.results.gb_score_json`'s keys; ``flowers`` and ``last_copy`` are an error under the other
    rules, riichi's options under ``gb``.

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
    if isinstance(rules, str) and rules == "gb":
        check_riichi_options({"riichi": riichi, "ippatsu": ippatsu, "blessing": blessing, "dora": dora, "ura": ura,
                              "honba": honba, "riichi_sticks": riichi_sticks})
        return gb_score_json(score_gb(hand, win=win, tsumo=tsumo, seat_wind=seat_wind, round_wind=round_wind,
                                      flowers=flowers, last_copy=last_copy, last_tile=last_tile, rinshan=rinshan,
                                      chankan=chankan))
    for name, value, default in (("flowers", flowers, 0), ("last_copy", last_copy, False)):
        if value != default or type(value) is not type(default):
            raise HandError(f"expected no {name} outside rules 'gb': flowers and last_copy are Chinese Official "
                            f"situations, got {value!r}", field=name, code="score.gb_only",
                            params={"name": name, "got": repr(value)})
    return score_json(score_hand(hand, win=win, tsumo=tsumo, round_wind=round_wind, seat_wind=seat_wind,
                                 riichi=riichi, ippatsu=ippatsu, last_tile=last_tile, rinshan=rinshan,
                                 chankan=chankan, blessing=blessing, dora=dora, ura=ura, honba=honba,
                                 riichi_sticks=riichi_sticks, rules=rules))


def score_waits(hand: str | Hand, **situation: Any) -> list[dict[str, Any]]:
    """``[{"tile": "3m", "remaining": n, "ron": result | None, "tsumo": result | None}, ...]`` in tile order;
    ``[]`` when the hand is not tenpai (:mod:`paili.scoring.waits`). ``situation`` takes :func:`score`'s keyword
    arguments but ``win`` and ``tsumo``.

    >>> [(w["tile"], w["ron"]["points"], w["tsumo"]["points"]) for w in score_waits("23m456p789s234s55p",
    ...                                                                             seat_wind="2z", riichi=1)]
    [('1m', 2000, 2700), ('4m', 2000, 2700)]
    """
    return [wait_score_json(w) for w in wait_scores(hand, **situation)]


def _check_rounds(rounds: object, count: int) -> frozenset[int] | None:
    """``review``'s ``rounds``: ``None`` (every round), or a list of round indexes below ``count``."""
    if rounds is None:
        return None
    if isinstance(rounds, (str, bytes)) or not isinstance(rounds, Sequence):
        raise HandError(f"expected rounds to be a list of round numbers from 0 to {count - 1}, got {rounds!r}",
                        field="rounds", code="review.rounds", params={"high": count - 1, "got": repr(rounds)})
    return frozenset(check_int(r, "rounds", 0, count - 1) for r in rounds)


REVIEW_KEYS: Final = ("turns", "max_shanten", "objective", "riichi", "rounds")
"""The keyword arguments of :func:`review` besides the log and the seat (what the API passes on)."""


def review_steps(log: str | dict[str, Any], *, seat: int = 0, turns: int = DEFAULT_TURNS,
                 max_shanten: int = DEFAULT_MAX_SHANTEN, objective: str = "ev", riichi: str = "always",
                 rounds: Sequence[int] | None = None, budget: float | None = None, defence: bool = True
                 ) -> Steps[dict[str, Any]]:
    """:func:`review` in steps (as :func:`advise_steps`): yields after each decision, with ``budget``
    (seconds) whenever a search has run that long, and after each round reviewed a :class:`Progress` whose JSON
    is ``{"index", "round", "summary"}`` (the round's index in the log, its review, the summary of the rounds
    reviewed so far); returns the JSON of :func:`review`."""
    game = read_log(log)
    chosen = _check_rounds(rounds, len(game.rounds))
    check_int(seat, "seat", 0, len(game.players) - 1)
    check_int(turns, "turns", 1, MAX_TURNS)
    check_int(max_shanten, "max_shanten", 0, MAX_SHANTEN_LIMIT)
    check_objective(objective)
    policy = check_riichi_policy(riichi)
    options = ReviewOptions(turns, max_shanten, objective, policy, check_bool(defence, "defence"))
    steps = review_of(game, seat, options, budget=budget, rounds=chosen)
    done: list[RoundReview] = []
    while True:
        try:
            part = next(steps)
        except StopIteration as finished:
            return review_json(finished.value)
        if isinstance(part, RoundReview):
            done.append(part)
            index = next(i for i, r in enumerate(game.rounds) if r is part.round)
            yield Progress({"index": index, "round": round_review_json(part),
                            "summary": review_summary_json(ReviewSummary.of(tuple(done)))})
        else:
            yield part


def review(log: str | dict[str, Any], *, seat: int = 0, turns: int = DEFAULT_TURNS,
           max_shanten: int = DEFAULT_MAX_SHANTEN, objective: str = "ev", riichi: str = "always",
           rounds: Sequence[int] | None = None, defence: bool = True) -> dict[str, Any]:
    """Review one seat's discards in a tenhou.net/6 log (JSON text, its dict, or a tenhou.net/6 link with
    ``#json=``): each discard beside the advisor's best for the position the seat saw (:mod:`paili.review`).

    Keys: ``seat``, ``players``, ``rounds`` (``round`` such as ``"E1"``, ``honba``, ``decisions``: each with
    ``kind`` (``"discard"``, or ``"forced"`` after the seat's riichi), ``step``, ``hand``, ``played``, ``best``,
    ``visible``, ``dora``, ``turns``, ``rows`` (:func:`advise`'s discards for the position) and ``loss``
    (``ev`` and ``p_win`` at the last draw, best minus played), and ``result``), and ``summary``. A malformed
    log is a :class:`~paili.HandError` (field ``log``) naming the round and the step.

    ``rounds``: the indexes (from 0, in the log's order) of the rounds to review; the others are listed with
    ``decisions`` null, and the summary counts the rounds reviewed (``rounds=[]`` lists the game at once: a
    page reviews it round by round, showing each as it comes). ``defence`` (default ``True``): each discard
    and each tile offered is valued with the other players counted as the log shows them (their rivers, melds,
    riichi and what passed: :func:`advise`'s and :func:`call_advice`'s ``opponents``), so a fold can be best;
    ``False``: the offence-only view.
    """
    with collector_paused():
        return finish(review_steps(log, seat=seat, turns=turns, max_shanten=max_shanten, objective=objective,
                                   riichi=riichi, rounds=rounds, defence=defence))
