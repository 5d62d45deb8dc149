"""The one error type of the engine: every bad input raises :class:`HandError` (a ``ValueError``)."""

from __future__ import annotations


class HandError(ValueError):
    """A hand, meld or tile string that is not valid, an impossible hand, or a bad option.

    The message says what was expected and where; ``position`` is the 0-based character index in the
    string that was parsed, where one applies (``None`` otherwise); ``field`` names the input the error
    belongs to, by its keyword name in :func:`paili.analyze` / :func:`paili.advise` (``"hand"``, ``"melds"``,
``"visible"``, ``"rules"``, ``"turns"``...; ``position`` indexes that input's string).

    >>> HandError("expected a suit letter", 3, "visible")
    HandError('expected a suit letter', position=3, field='visible')
    """

    def __init__(self, message: str, position: int | None = None, field: str = "hand") -> None:
        super().__init__(message)
        self.message = message
        self.position = position
        self.field = field

    def __repr__(self) -> str:
        return f"HandError({self.message!r}, position={self.position!r}, field={self.field!r})"
