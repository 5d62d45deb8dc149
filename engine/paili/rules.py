"""The rule sets the engine knows: one type, its names, and the one validator every entry point uses.

* ``"riichi"`` (Japanese riichi mahjong, the default): a concealed four-of-a-kind is one pair, not two, in
  seven pairs (七対子).
* ``"chinese"``: a concealed four counts as two pairs in seven pairs (龍七对).

Nothing else differs between them today; scoring and other rule sets will add their differences here.
"""

from __future__ import annotations

from typing import Final, Literal, TypeAlias

from .errors import HandError

__all__ = ["RULES", "Rules", "check_rules"]

Rules: TypeAlias = Literal["riichi", "chinese"]
"""The name of a rule set."""

RULES: Final[tuple[Rules, ...]] = ("riichi", "chinese")
"""Every rule set, the default first."""


def check_rules(rules: object) -> Rules:
    """The rules name, or a :class:`HandError` saying which ones exist.

    >>> check_rules("chinese")
    'chinese'
    >>> check_rules("mcr")
    Traceback (most recent call last):
    ...
    paili.errors.HandError: expected rules to be one of 'riichi', 'chinese', got 'mcr'
    """
    for name in RULES:
        if rules == name and isinstance(rules, str):
            return name
    raise HandError(f"expected rules to be one of {', '.join(map(repr, RULES))}, got {rules!r}", field="rules",
                    code="option.choice",
                    params={"name": "rules", "choices": ", ".join(map(repr, RULES)), "got": repr(rules)})
