"""The single JSON-in, JSON-out entry point that the browser worker calls.

``handle('{"op": "analyze", "hand": "123m456p789s11122z"}')`` returns ``'{"ok": true, "result": {...}}'``
or ``'{"ok": false, "error": {"type": ..., "message": ..., "position": ..., "field": ..., "code": ...,
"params": {...}}}'`` (see
:func:`paili.results.error_json`). Requests:

* ``{"op": "analyze", "hand": str, "melds": [str] | str | null, "visible": str, "rules": "riichi" | "chinese"}``
* ``{"op": "advise", ...the analyze fields..., "turns": int, "tegawari": bool, "shanten_down": bool,
  "max_shanten": int, "objective": "ev" | "p_win" | "p_tenpai", "riichi": "always" | "dama", "ippatsu": bool,
  "round_wind": str, "seat_wind": str, "dora": str, "honba": int, "riichi_sticks": int, "rules": str |
  object}`` -> :func:`paili.advise` (discards ranked by the expected points or the chance to win, see
  :mod:`paili.advice`; ``rules`` is ``"chinese"`` or a scoring preset or options)
* ``{"op": "score", "hand": str, "win": str, ...the other keyword arguments of paili.score...}`` ->
  :func:`paili.score` (keys left out take its defaults; ``rules`` is a preset name or a dict of options)
* ``{"op": "score_waits", "hand": str, ...the same situation but win and tsumo...}`` ->
  :func:`paili.score_waits` (each wait of a tenpai hand, scored by ron and by tsumo)
* ``{"op": "tiles", "hand": str, "melds": [str] | str | null}`` -> the hand's tiles as
  :func:`paili.results.hand_json` writes them, for a hand that may still be incomplete (any concealed count up
  to 14 tiles: the page draws a hand while it is tapped in); the other limits are those of ``analyze``
* ``{"op": "version"}`` -> ``{"version": str}``

Errors become envelopes here and nowhere else: ``HandError`` (bad hand or option, with ``field``, the input
it belongs to, and ``position`` in that input where it applies), ``RequestError`` (a request that is not of
the form above) and ``InternalError`` (a bug: its traceback is logged, never swallowed).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from typing import Any

from . import __version__
from .advice import ADVICE_KEYS, advise
from .analysis import analyze
from .errors import HandError
from .notation import parse
from .results import error_json, hand_json, read_as_json
from .scoring import score, score_waits
from .scoring.calculate import SITUATION_KEYS

log = logging.getLogger("paili")

MAX_REQUEST = 10_000
"""Requests longer than this many characters are refused before they are parsed."""


class RequestError(ValueError):
    """A request that is not valid JSON of the documented form."""


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


def _analyze(request: dict[str, Any]) -> Any:
    return analyze(_string(request, "hand"), melds=_melds(request), visible=_string(request, "visible", ""),
                   rules=_string(request, "rules", "riichi"))


def _tiles(request: dict[str, Any]) -> Any:
    text = _string(request, "hand")
    return {**hand_json(parse(text, melds=_melds(request), partial=True)), **read_as_json(text)}


def _advise(request: dict[str, Any]) -> Any:
    rules = request.get("rules", "riichi")
    if not isinstance(rules, (str, dict)):
        raise RequestError(f"expected 'rules' to be a string or an object, got {type(rules).__name__}")
    situation = {key: request[key] for key in ADVICE_KEYS if key in request}
    return advise(_string(request, "hand"), melds=_melds(request), visible=_string(request, "visible", ""),
                  rules=rules, **situation)


def _score(request: dict[str, Any]) -> Any:
    options = {key: request[key] for key in SITUATION_KEYS if key in request}
    return score(_string(request, "hand"), win=_string(request, "win"), **options)


def _score_waits(request: dict[str, Any]) -> Any:
    options = {key: request[key] for key in ("win", *SITUATION_KEYS) if key in request}
    return score_waits(_string(request, "hand"), **options)


def _version(request: dict[str, Any]) -> Any:
    return {"version": __version__}


OPS: dict[str, Callable[[dict[str, Any]], Any]] = {
    "analyze": _analyze, "advise": _advise, "score": _score, "score_waits": _score_waits,
    "tiles": _tiles, "version": _version}
"""The operations ``handle`` knows, by name (other modules may register more)."""


def _dispatch(request_json: str) -> Any:
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
    return OPS[op](request)


def handle(request_json: str) -> str:
    """Answer one JSON request with one JSON envelope (never raises)."""
    try:
        return json.dumps({"ok": True, "result": _dispatch(request_json)}, ensure_ascii=False)
    except (HandError, RequestError) as exc:
        error = error_json(exc)
    except Exception as exc:  # the one place where unexpected errors become an envelope
        log.exception("internal error while handling %r", request_json[:200])
        message = f"{type(exc).__name__}: {exc}"
        error = {**error_json(exc), "type": "InternalError", "message": message, "params": {"message": message}}
    return json.dumps({"ok": False, "error": error}, ensure_ascii=False)
