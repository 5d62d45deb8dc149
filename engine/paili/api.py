"""The single JSON-in, JSON-out entry point that the browser worker calls.

``handle('{"op": "analyze", "hand": "123m456p789s11122z"}')`` returns ``'{"ok": true, "result": {...}}'``
or ``'{"ok": false, "error": {"type": ..., "message": ..., "position": ..., "field": ..., "code": ...,
"params": {...}}}'`` (see
:func:`paili.results.error_json`). Requests:

* ``{"op": "analyze", "hand": str, "melds": [str] | str | null, "visible": str, "rules": "riichi" | "sanma" |
  "sichuan" | "gb", "void": "m" | "p" | "s" | null}`` (``void``: the suit a Sichuan hand gives up)
* ``{"op": "advise", ...the analyze fields..., "turns": int, "tegawari": bool, "shanten_down": bool,
  "max_shanten": int, "objective": "ev" | "p_win" | "p_tenpai", "riichi": "always" | "dama", "ippatsu": bool,
  "round_wind": str, "seat_wind": str, "dora": str, "honba": int, "riichi_sticks": int, "rules": str |
  object, "improvements": bool}`` -> :func:`paili.advise` (discards ranked by the expected points or the chance
  to win, see :mod:`paili.advice`; ``rules`` is a rule set other than riichi, or a scoring preset or options;
  ``void``; ``improvements: false`` leaves each row's ``improvements`` ``null``)
* ``{"op": "improvements", ...the advise fields...}`` -> :func:`paili.advise_improvements` (each discard's
  improvements as ``advise`` gives them, without its search: the page asks for them after the advice)
* ``{"op": "outlook", ...the advise fields but objective and double_riichi...}`` -> :func:`paili.outlook` (a
  3n+1 hand's chance and points to win by each draw, and a tenpai hand's waits with their chances)
* ``{"op": "call_advice", "hand": str, "offered": str, "seat": "left" | "across" | "right", ...the outlook's
  fields but tegawari, shanten_down and ippatsu, plus objective and allow_swap_back...}`` ->
  :func:`paili.call_advice` (pass, ron, chi, pon, open kan of the tile just thrown; one step)
* ``{"op": "score", "hand": str, "win": str, ...the other keyword arguments of paili.score...}`` ->
  :func:`paili.score` (keys left out take its defaults; ``rules`` is a preset name or a dict of options)
* ``{"op": "score_waits", "hand": str, ...the same situation but win and tsumo...}`` ->
  :func:`paili.score_waits` (each wait of a tenpai hand, scored by ron and by tsumo)
* ``{"op": "review", "log": str | object, "seat": int, "turns": int, "max_shanten": int, "objective": str,
  "riichi": "always" | "dama"}`` -> :func:`paili.review` (one seat's discards in a tenhou.net/6 log beside the
  advisor's best; in steps, one or more per decision)
* ``{"op": "tiles", "hand": str, "melds": [str] | str | null, "rules": str}`` -> the hand's tiles as
  :func:`paili.results.hand_json` writes them, for a hand that may still be incomplete (any concealed count up
  to 14 tiles: the page draws a hand while it is tapped in); the other limits are those of ``analyze``
* ``{"op": "opponents", "opponents": str | object, "rules": str}`` -> :func:`paili.read_opponents` (the
  opponents read and written back: the canonical text, each seat's part, the JSON form)
* ``{"op": "season_unit", "log": str | object, "seat": int, "file": str, "turns": int, "max_shanten": int}`` ->
  :func:`paili.season.requests.season_unit` (one (game, seat) of a season reviewed into its record, in steps)
* ``{"op": "season_summary", "records": [object], "skipped": [object], "top": int, "site": str}`` ->
  :func:`paili.season.requests.season_summary` (the season's statistics per player)
* ``{"op": "version"}`` -> ``{"version": str}``
* ``{"op": "warm"}`` -> ``{}`` once the tables built on first use are built (the worker asks before it is ready)

The worker runs every request in steps, so that a long search never holds up a newer request:
``job = begin(request_json)`` then ``step(job, seconds)`` until it returns the envelope (``None`` before: the
job yielded after about ``seconds`` of work, or after a finished discard row); ``cancel(job)`` drops a job.
Only ``advise``, ``outlook`` and ``review`` take more than one step (:func:`paili.public.advise_steps`);
``handle(request_json)`` is the same request in one go.

Which keys each request passes on is the table :data:`paili.request_keys.REQUESTS` (the command line reads the
same table); a key outside it is ignored.

Errors become envelopes here and nowhere else: ``HandError`` (bad hand or option, with ``field``, the input
it belongs to, and ``position`` in that input where it applies), ``RequestError`` (a request that is not of
the form above) and ``InternalError`` (a bug: its traceback is logged, never swallowed).
"""

from __future__ import annotations

import gc
import json
import logging
from collections.abc import Callable, Generator
from typing import Any, Final

from . import __version__
from .advice import Progress, Steps, finish
from .errors import HandError, RequestError
from .notation import parse
from .public import (
    advise_improvements,
    advise_steps,
    analyze,
    call_advice,
    danger,
    outlook_steps,
    read_opponents,
    review_steps,
    score,
    score_waits,
)
from .request_keys import names
from .results import error_json, hand_json, read_as_json
from .rules import check_rules
from .season.requests import season_summary, season_unit_steps

log = logging.getLogger("paili")

MAX_REQUEST = 2_000_000
"""Requests longer than this many characters are refused before they are parsed. A review's game log is the
long one: a hanchan's tenhou.net/6 log is some 20-40 KB, its mjai record some 100-300 KB (a hand's text is
refused by the parser beyond 200 characters)."""


def _string(request: dict[str, Any], key: str, default: str | None = None) -> str:
    value = request.get(key, default)
    if not isinstance(value, str):
        raise RequestError(f"expected {key!r} to be a string, got {type(value).__name__}")
    return value


def _melds(request: dict[str, Any]) -> Any:
    melds = request.get("melds")
    if melds is not None and not isinstance(melds, str) and not (
            isinstance(melds, list) and all(isinstance(m, str) for m in melds)):
        raise RequestError("expected 'melds' to be a string, a list of strings or null")
    return melds


def _void(request: dict[str, Any]) -> str | None:
    void = request.get("void")
    if void is not None and not isinstance(void, str):
        raise RequestError(f"expected 'void' to be a string or null, got {type(void).__name__}")
    return void


def _analyze(request: dict[str, Any]) -> Any:
    return analyze(_string(request, "hand"), melds=_melds(request), visible=_string(request, "visible", ""),
                   rules=_string(request, "rules", "riichi"), void=_void(request))


def _tiles(request: dict[str, Any]) -> Any:
    rules = check_rules(_string(request, "rules", "riichi"))
    text = _string(request, "hand")
    return {**hand_json(parse(text, melds=_melds(request), partial=True, rules=rules)), **read_as_json(text)}


def _rules(request: dict[str, Any]) -> str | dict[str, Any]:
    """The request's ``rules`` (default ``"riichi"``): a rule set or preset name, or scoring options."""
    rules = request.get("rules", "riichi")
    if not isinstance(rules, (str, dict)):
        raise RequestError(f"expected 'rules' to be a string or an object, got {type(rules).__name__}")
    return rules


_EXPLICIT: Final = ("hand", "melds", "visible", "rules")
"""The keys whose JSON type this module checks itself before it calls the public function."""


def _options(request: dict[str, Any], op: str, but: tuple[str, ...] = _EXPLICIT) -> dict[str, Any]:
    """The keys of ``op`` (:data:`paili.request_keys.REQUESTS`) that the request gives, but those in ``but``, passed
    on as they are: the public function checks them."""
    return {key: request[key] for key in names(op, but) if key in request}


def _search(request: dict[str, Any], budget: float | None, run: Callable[..., Steps[Any]], op: str) -> Steps[Any]:
    """``run`` (an advisor search in steps) on the request's hand, melds, visible tiles, rules and the other keys
    of ``op``."""
    rules = _rules(request)
    situation = _options(request, op)
    return run(_string(request, "hand"), melds=_melds(request), visible=_string(request, "visible", ""),
               rules=rules, budget=budget, **situation)


def _advise_steps(request: dict[str, Any], budget: float | None = None) -> Steps[Any]:
    return _search(request, budget, advise_steps, "advise")


def _advise(request: dict[str, Any]) -> Any:
    return finish(_advise_steps(request))


def _review_steps(request: dict[str, Any], budget: float | None = None) -> Steps[Any]:
    log = request.get("log")
    if not isinstance(log, (str, dict)):
        raise RequestError(f"expected 'log' to be a tenhou.net/6 log (text or object), got {type(log).__name__}")
    options = _options(request, "review", but=("log", "seat"))
    return review_steps(log, seat=request.get("seat", 0), budget=budget, **options)


def _review(request: dict[str, Any]) -> Any:
    return finish(_review_steps(request))


def _improvements(request: dict[str, Any]) -> Any:
    """The improvements alone, from the same request as ``advise`` (one step: no search)."""
    rules = _rules(request)
    options = _options(request, "improvements")
    return advise_improvements(_string(request, "hand"), melds=_melds(request),
                               visible=_string(request, "visible", ""), rules=rules, **options)


def _outlook_steps(request: dict[str, Any], budget: float | None = None) -> Steps[Any]:
    return _search(request, budget, outlook_steps, "outlook")


def _outlook(request: dict[str, Any]) -> Any:
    return finish(_outlook_steps(request))


def _call_advice(request: dict[str, Any]) -> Any:
    options = _options(request, "call_advice", but=(*_EXPLICIT, "offered"))
    return call_advice(_string(request, "hand"), _string(request, "offered"), melds=_melds(request),
                       visible=_string(request, "visible", ""), rules=_rules(request), **options)


def _score(request: dict[str, Any]) -> Any:
    options = _options(request, "score", but=("hand", "win"))
    return score(_string(request, "hand"), win=_string(request, "win"), **options)


def _score_waits(request: dict[str, Any]) -> Any:
    options = _options(request, "score_waits", but=("hand",))
    return score_waits(_string(request, "hand"), **options)


def _danger(request: dict[str, Any]) -> Any:
    if "opponents" not in request:
        raise RequestError("expected 'opponents' (text or object) in a danger request")
    options = _options(request, "danger", but=("hand", "melds"))
    return danger(_string(request, "hand"), melds=_melds(request), **options)


def _opponents(request: dict[str, Any]) -> Any:
    if "opponents" not in request:
        raise RequestError("expected 'opponents' (text or object) in an opponents request")
    return read_opponents(request["opponents"], **_options(request, "opponents", but=("opponents",)))


def _season_unit_steps(request: dict[str, Any], budget: float | None = None) -> Steps[Any]:
    log = request.get("log")
    if not isinstance(log, (str, dict)):
        raise RequestError(f"expected 'log' to be a tenhou.net/6 log (text or object), got {type(log).__name__}")
    return season_unit_steps(log, budget=budget, **_options(request, "season_unit", but=("log",)))


def _season_unit(request: dict[str, Any]) -> Any:
    return finish(_season_unit_steps(request))


def _season_summary(request: dict[str, Any]) -> Any:
    if "records" not in request:
        raise RequestError("expected 'records' (a list of season_unit records) in a season_summary request")
    return season_summary(request["records"], **_options(request, "season_summary", but=("records",)))


def _version(request: dict[str, Any]) -> Any:
    return {"version": __version__}


WARM_UP: Final = ("123m456p789s11122z", "123m456p789s11223z")
"""A winning hand analysed and a tenpai hand advised by the ``warm`` op."""


def _warm(request: dict[str, Any]) -> Any:
    """Build what the engine builds on its first use (the winning-shape index, the shanten tables, the search's
    and the scoring's caches) by analysing a win and advising a tenpai hand, so that the first request a user
    makes answers at once: the worker asks for it before it says it is ready."""
    won, ready = WARM_UP
    analyze(won)
    finish(advise_steps(ready, turns=2))
    return {}


OPS: dict[str, Callable[[dict[str, Any]], Any]] = {
    "analyze": _analyze, "advise": _advise, "improvements": _improvements, "outlook": _outlook, "score": _score,
    "score_waits": _score_waits, "review": _review, "call_advice": _call_advice, "danger": _danger,
    "opponents": _opponents, "season_unit": _season_unit, "season_summary": _season_summary, "tiles": _tiles,
    "version": _version, "warm": _warm}
"""The operations ``handle`` knows, by name (other modules may register more)."""


STEPPED: dict[str, Callable[[dict[str, Any], float | None], Steps[Any]]] = {
    "advise": _advise_steps, "outlook": _outlook_steps, "review": _review_steps, "season_unit": _season_unit_steps}
"""The operations that run in steps (see :func:`begin`); the others answer in one step."""


def _request(request_json: str) -> dict[str, Any]:
    """The request object, checked to be one of the documented form (its op known)."""
    if not isinstance(request_json, str):
        raise RequestError(f"expected a JSON string, got {type(request_json).__name__}")
    if len(request_json) > MAX_REQUEST:
        raise RequestError(f"expected a request of at most {MAX_REQUEST} characters, got {len(request_json)}")
    try:
        request = json.loads(request_json)
    except json.JSONDecodeError as exc:
        raise RequestError(f"expected a JSON object, got invalid JSON: {exc.msg} at position {exc.pos}") from None
    if not isinstance(request, dict):
        raise RequestError(f"expected a JSON object, got {type(request).__name__}")
    op = request.get("op")
    if op not in OPS:
        raise RequestError(f"expected 'op' to be one of {', '.join(map(repr, OPS))}, got {op!r}")
    return request


def _dispatch(request_json: str) -> Any:
    request = _request(request_json)
    return OPS[request["op"]](request)


def _steps(request_json: str, budget: float | None) -> Steps[Any]:
    request = _request(request_json)
    stepped = STEPPED.get(request["op"])
    if stepped is None:
        return OPS[request["op"]](request)
    return (yield from stepped(request, budget))


def handle(request_json: str) -> str:
    """Answer one JSON request with one JSON envelope (never raises)."""
    return _envelope(lambda: _dispatch(request_json), request_json)


_jobs: dict[int, Generator[Any, None, Any]] = {}
_next_job = 0


def begin(request_json: str, budget: float = 0.02) -> int:
    """Start answering a request in steps of about ``budget`` seconds; the job's number, for :func:`step`."""
    global _next_job  # noqa: PLW0603
    _next_job += 1
    _jobs[_next_job] = _steps(request_json, budget)
    return _next_job


def step(job: int) -> str | None:
    """Work on a job for one step: ``None`` while it is not finished, then its envelope (as :func:`handle`
    writes it; the job is then forgotten). A step that readies a part of the answer (a review's round) returns
    ``{"ok": true, "progress": ...}`` instead of ``None``, and the job goes on. Never raises (an unknown job is a
    RequestError envelope).

    After each step the objects alive are frozen (``gc.freeze``): the search's memo grows to millions of
    entries, and the collector's full passes over them took seconds, within one step. Reference counting
    still frees them when the search ends."""
    steps = _jobs.get(job)
    if steps is None:
        return _envelope(lambda: _unknown(job), "")

    def run() -> Any:
        try:
            part = next(steps)
        except StopIteration as stop:
            return stop.value
        raise _Pending(part.payload if isinstance(part, Progress) else None)

    try:
        answer = _envelope(run, f"job {job}")
    except _Pending as pending:
        return None if pending.progress is None else json.dumps({"ok": True, "progress": pending.progress},
                                                                 ensure_ascii=False)
    finally:
        gc.freeze()
    _jobs.pop(job, None)
    return answer


class _Pending(BaseException):
    """A job's step ended before the job did (a BaseException: it passes the envelope's error handling), with
    the JSON of a part of its answer when one is ready (a game's round reviewed)."""

    def __init__(self, progress: dict[str, Any] | None) -> None:
        super().__init__()
        self.progress = progress


def cancel(job: int) -> None:
    """Drop a job (its search is not resumed); an unknown or finished job is ignored."""
    steps = _jobs.pop(job, None)
    if steps is not None:
        steps.close()


def _unknown(job: int) -> Any:
    raise RequestError(f"expected a job started by begin() and not finished, got {job!r}")


def _envelope(run: Callable[[], Any], request_json: str) -> str:
    """The envelope of ``run()``: its result, or the error it raised (never raises)."""
    try:
        return json.dumps({"ok": True, "result": run()}, ensure_ascii=False)
    except (HandError, RequestError) as exc:
        error = error_json(exc)
    except Exception as exc:  # the one place where unexpected errors become an envelope
        log.exception("internal error while handling %r", request_json[:200])
        message = f"{type(exc).__name__}: {exc}"
        error = {**error_json(exc), "type": "InternalError", "message": message, "params": {"message": message}}
    return json.dumps({"ok": False, "error": error}, ensure_ascii=False)
