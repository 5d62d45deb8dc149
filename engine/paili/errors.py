"""The one error type of the engine: every bad input raises :class:`HandError` (a ``ValueError``)."""

from __future__ import annotations


class HandError(ValueError):
    """A hand, meld or tile string that is not valid, or an impossible hand.

    The message says what was expected and where; ``position`` is the 0-based character index in the
    string that was parsed, where one applies (``None`` otherwise).
    """

    def __init__(self, message: str, position: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.position = position

    def __repr__(self) -> str:
        return f"HandError({self.message!r}, position={self.position!r})"
