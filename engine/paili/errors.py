"""The engine's errors, each a ``ValueError``: every bad input raises :class:`HandError`; a request to
:mod:`paili.api` that is not of the documented form raises :class:`RequestError`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, TypeAlias

Param: TypeAlias = str | int | bool | None
"""A value of an error's ``params``: JSON-ready, shown as it is (no English in it)."""

PART_PARAMS: Final = ("expected", "note", "ruleset")
"""Params whose value is the id of another catalog entry: ``expected`` -> ``error.expected.<id>``,
``note`` -> ``error.note.<id>``, ``ruleset`` (a rule set's name) -> ``error.ruleset.<name>`` (translated first,
then put into the message)."""


class HandError(ValueError):
    """A hand, meld or tile string that is not valid, an impossible hand, or a bad option.

    The message says what was expected and where; ``position`` is the 0-based character index in the
    string that was parsed, where one applies (``None`` otherwise); ``field`` names the input the error
    belongs to, by its keyword name in :func:`paili.analyze` / :func:`paili.advise` (``"hand"``, ``"melds"``,
    ``"visible"``, ``"rules"``, ``"turns"``...; ``position`` indexes that input's string).

    ``code`` is the stable id of the message (``"notation.unexpected"``; ``"invalid"`` when none was
    given) and ``params`` its parameters, so that a translation can be shown without parsing the English:
    the message catalogs (``paili/locales/<lang>.json``) hold ``error.<code>`` in each language, with the
    params in braces (see :mod:`paili.i18n`).

    >>> HandError("expected a suit letter", 3, "visible")
    HandError('expected a suit letter', position=3, field='visible', code='invalid')
    >>> HandError("expected 3 tiles", code="meld.size", params={"size": 2}).params
    {'size': 2}
    """

    def __init__(self, message: str, position: int | None = None, field: str = "hand", *,
                 code: str = "invalid", params: Mapping[str, Param] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.position = position
        self.field = field
        self.code = code
        self.params: dict[str, Param] = dict(params) if params is not None else {"message": message}

    def __repr__(self) -> str:
        return (f"HandError({self.message!r}, position={self.position!r}, field={self.field!r}, "
                f"code={self.code!r})")


class RequestError(ValueError):
    """A request to :mod:`paili.api` that is not valid JSON of the documented form (not a JSON object, an unknown
    ``op``, a key of the wrong JSON type). Its envelope has ``code: "request"`` and no ``field``."""
