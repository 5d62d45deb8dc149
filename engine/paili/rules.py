"""The rule sets the engine knows: their names, what each fixes, and the one validator every entry point uses.

A rule set fixes the tile universe (the kinds in the wall), whether chi may be called, and the winning forms
(:class:`RuleSet`). Every count of tiles left (ukeire, waits, the advisor's wall) is over its universe.

* ``"riichi"`` (Japanese riichi mahjong, the default): 136 tiles; the regular form, seven pairs (七対子, a
  concealed four is one pair, not two) and thirteen orphans (国士無双).
* ``"sanma"`` (three-player riichi, 三麻): 108 tiles, no 2m-8m (they are an input error); no chi (a chi meld
  is an error); north (4z) may be extracted as nukidora (抜きドラ), written ``{4z}`` after the tiles like a
  meld (see :mod:`paili.notation`); the forms of riichi.
* ``"sichuan"`` (四川麻将, 血战到底): 108 tiles, no honors; no chi; a winning hand holds tiles of at most two
  suits (缺一门): shanten is exact under "the tiles of the suit given up must all go", for the hand's best
  choice of that suit or the one the caller fixes (``void``, 定缺); seven pairs may count a four as two pairs
  (龙七对); no thirteen orphans.
* ``"gb"`` (Chinese Official, 国标麻将): 136 tiles; seven pairs may count a four as two pairs; thirteen orphans
  (十三幺); the knitted forms 全不靠 (``quanbukao``), 七星不靠 (``qixingbukao``) and 组合龙 (``zuhelong``). These
  are the *shapes*; a GB win also needs 8 fans, which :func:`paili.score` counts with ``rules="gb"``
  (:mod:`paili.gb`); analyses still report a complete GB shape as a complete shape, not as a legal win.

``"chinese"`` (the old switch that only let a four count as two pairs) is retired: it names no real rule set,
and ``check_rules("chinese")`` says to use ``"gb"`` or ``"sichuan"``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal, TypeAlias

from .errors import HandError

__all__ = ["RULES", "RULE_SETS", "VOIDS", "RuleSet", "Rules", "check_rules", "check_void", "rule_set"]

Rules: TypeAlias = Literal["riichi", "sanma", "sichuan", "gb"]
"""The name of a rule set."""

RULES: Final[tuple[Rules, ...]] = ("riichi", "sanma", "sichuan", "gb")
"""Every rule set, the default first."""

_KINDS = 34
_HONOR_BASE = 27


@dataclass(frozen=True, slots=True)
class RuleSet:
    """What a rule set fixes.

    ``tiles``: the kinds in the wall (4 copies each); ``chi``: chi may be called; ``four_pairs``: seven pairs
    may count a four as two pairs; ``kokushi``: thirteen orphans is a form; ``knitted``: the GB knitted forms
    count; ``void``: 缺一门 (a win holds at most two suits); ``nukidora``: north may be extracted (sanma).
    """

    name: Rules
    tiles: frozenset[int]
    chi: bool
    four_pairs: bool
    kokushi: bool
    knitted: bool
    void: bool
    nukidora: bool
    title: str
    """The set's name for people, as the error messages write it."""

    @property
    def caps(self) -> tuple[int, ...]:
        """How many copies of each of the 34 kinds the wall holds: 4 in the universe, 0 outside it."""
        return tuple(4 if k in self.tiles else 0 for k in range(_KINDS))

    @property
    def size(self) -> int:
        """The number of tiles in the wall (136 or 108)."""
        return 4 * len(self.tiles)


_ALL: Final = frozenset(range(_KINDS))
RULE_SETS: Final[dict[Rules, RuleSet]] = {
    "riichi": RuleSet("riichi", _ALL, chi=True, four_pairs=False, kokushi=True, knitted=False, void=False,
                      nukidora=False, title="riichi"),
    "sanma": RuleSet("sanma", _ALL - frozenset(range(1, 8)), chi=False, four_pairs=False, kokushi=True,
                     knitted=False, void=False, nukidora=True, title="three-player (sanma)"),
    "sichuan": RuleSet("sichuan", frozenset(range(_HONOR_BASE)), chi=False, four_pairs=True, kokushi=False,
                       knitted=False, void=True, nukidora=False, title="Sichuan"),
    "gb": RuleSet("gb", _ALL, chi=True, four_pairs=True, kokushi=True, knitted=True, void=False, nukidora=False,
                  title="Chinese Official (gb)"),
}
"""Each rule set by name."""

_RETIRED: Final = {
    "chinese": "rules 'chinese' is retired: use 'gb' (Chinese Official: seven pairs may count a four as two "
               "pairs, thirteen orphans, the knitted forms) or 'sichuan' (108 tiles, 缺一门, seven pairs with fours)",
}


def check_rules(rules: object) -> Rules:
    """The rules name, or a :class:`HandError` saying which ones exist.

    >>> check_rules("sichuan")
    'sichuan'
    >>> check_rules("mcr")
    Traceback (most recent call last):
    ...
    paili.errors.HandError: expected rules to be one of 'riichi', 'sanma', 'sichuan', 'gb', got 'mcr'
    """
    for name in RULES:
        if rules == name and isinstance(rules, str):
            return name
    if isinstance(rules, str) and rules in _RETIRED:
        raise HandError(_RETIRED[rules], field="rules", code="rules.retired", params={"got": repr(rules)})
    raise HandError(f"expected rules to be one of {', '.join(map(repr, RULES))}, got {rules!r}", field="rules",
                    code="option.choice",
                    params={"name": "rules", "choices": ", ".join(map(repr, RULES)), "got": repr(rules)})


def rule_set(rules: object) -> RuleSet:
    """The :class:`RuleSet` of a name (checked by :func:`check_rules`).

    >>> rule_set("sanma").size, rule_set("sichuan").size, rule_set("gb").size
    (108, 108, 136)
    """
    return RULE_SETS[check_rules(rules)]


VOIDS: Final = "mps"
"""The suits a Sichuan hand may give up, by letter (m = 0, p = 1, s = 2)."""


def check_void(void: object, rules: Rules) -> int | None:
    """The suit fixed as given up (定缺) as 0, 1 or 2, ``None`` when none is fixed; a :class:`HandError`
    (field ``void``) for anything but ``None``/``""``/``"m"``/``"p"``/``"s"``, or a void under a rule set
    without 缺一门.

    >>> check_void("p", "sichuan"), check_void(None, "sichuan")
    (1, None)
    """
    if void is None or void == "":
        return None
    if not isinstance(void, str) or void not in VOIDS or len(void) != 1:
        raise HandError(f"expected void to be 'm', 'p' or 's' (the suit given up), got {void!r}", field="void",
                        code="void.invalid", params={"got": repr(void)})
    if not RULE_SETS[rules].void:
        raise HandError(f"expected no void under rules {rules!r}: only 'sichuan' gives up a suit (缺一门), "
                        f"got {void!r}", field="void", code="void.not_allowed",
                        params={"rules": repr(rules), "got": repr(void)})
    return VOIDS.index(void)
