"""Scoring rule options (ルール) and presets for common rooms.

:func:`paili.score` takes ``rules`` as a preset name (``"riichi"``, the default) or a dict of options laid
over a preset: ``{"kiriage": True}`` is the default rules with kiriage mangan, ``{"preset": "ema",
"open_tanyao": False}`` is the EMA rules without open tanyao. Unknown names and values of the wrong type are
a :class:`~paili.HandError` naming the option.

Options (default in brackets):

* ``open_tanyao`` [True]: tanyao (断么九) counts in an open hand (kuitan).
* ``red_fives`` ["mps"]: the suits whose red five scores one han (赤ドラ, ``aka``); ``""`` turns red fives
  off (they are then plain fives).
* ``kazoe_yakuman`` [True]: 13 han or more without a yakuman is a counted yakuman (数え役満); off, it is
  sanbaiman.
* ``double_yakuman`` [True]: suuankou_tanki, kokushi_13, junsei_chuuren and daisuushii count twice (ダブル役満);
  off, they count once.
* ``yakuman_stack`` [True]: several yakuman add up (daisangen + tsuuiisou = 2x); off, the hand is worth its
  largest single yakuman.
* ``kiriage`` [False]: 4 han 30 fu and 3 han 60 fu are rounded up to mangan (切り上げ満貫).
* ``double_wind_fu`` [4]: fu for a pair of the wind that is both the seat and the round wind (連風牌); 2 in
  some rooms.
* ``pinfu_tsumo`` [True]: pinfu counts on a tsumo (20 fu, no tsumo fu); off (ピンヅモなし), a pinfu-shaped
  tsumo has no pinfu and gets the 2 fu of tsumo (30 fu).
* ``open_pinfu_fu`` [True]: an open hand with no fu at all (20) is counted 30 fu; off, it stays 20.
* ``chiitoitsu_fu`` [25]: the fixed fu of seven pairs (七対子).
* ``sanma`` [False]: three-player riichi (三麻): the hand is read over the 108-tile wall (no 2m-8m, no chi),
  each north set aside (``{4z}``, 抜きドラ) is one dora (``nukidora``), the dora after a 1m indicator is 9m,
  nobody sits North (``seat_wind`` and ``round_wind`` 1z-3z), and a tsumo is paid by the two other players
  only: the share of the missing fourth player is lost (ツモ損, "tsumo loss"). Each honba is 100 from each
  other player: 200 on a ron, 100 from each payer on a tsumo.
* ``sanma_split`` [False]: with ``sanma``, the missing player's share of a tsumo is split between the two
  payers instead (北家折半), each half rounded up to 100, so a tsumo is worth about what a ron is.

Presets, and the published rules each follows:

* ``riichi``: the defaults above (the rules most Japanese online rooms share).
* ``tenhou``: Tenhou's ranked rooms (喰断・赤あり): as ``riichi`` but no double yakuman (every yakuman
  counts once; several still add up).
* ``mahjong_soul``: Mahjong Soul (雀魂) ranked rules: the same options as ``riichi``.
* ``sanma``: three-player riichi as Tenhou and Mahjong Soul play it: the defaults with ``sanma`` (tsumo
  loss); ``{"preset": "sanma", "sanma_split": True}`` splits the missing share instead.
* ``ema``: the European Mahjong Association's riichi rules (2016): no red fives, 13+ han without a yakuman is
  sanbaiman (no kazoe yakuman), no double yakuman; yakuman still add up.

>>> resolve_rules({"preset": "ema", "kiriage": True}).red_fives, resolve_rules("riichi").double_wind_fu
('', 4)
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from functools import cache
from typing import Any, Final

from ..errors import HandError


@dataclass(frozen=True, slots=True)
class ScoringRules:
    """The options of one scoring rule set (see the module docstring for each)."""

    open_tanyao: bool = True
    red_fives: str = "mps"
    kazoe_yakuman: bool = True
    double_yakuman: bool = True
    yakuman_stack: bool = True
    kiriage: bool = False
    double_wind_fu: int = 4
    pinfu_tsumo: bool = True
    open_pinfu_fu: bool = True
    chiitoitsu_fu: int = 25
    sanma: bool = False
    sanma_split: bool = False

    def to_json(self) -> dict[str, Any]:
        """The options as a JSON-ready dict (a new one each time)."""
        return _options_json(self).copy()


@cache
def _options_json(rules: ScoringRules) -> dict[str, Any]:
    """The options of ``rules`` by name (made once per rule set: results copy it)."""
    return asdict(rules)


DEFAULT_RULES: Final = ScoringRules()

PRESETS: Final[dict[str, ScoringRules]] = {
    "riichi": DEFAULT_RULES,
    "tenhou": replace(DEFAULT_RULES, double_yakuman=False),
    "mahjong_soul": DEFAULT_RULES,
    "ema": replace(DEFAULT_RULES, red_fives="", kazoe_yakuman=False, double_yakuman=False),
    "sanma": replace(DEFAULT_RULES, sanma=True),
}
"""Rule sets by name; the module docstring says which room each follows."""

_CHOICES: Final[dict[str, tuple[Any, ...]]] = {"double_wind_fu": (2, 4), "chiitoitsu_fu": (25, 50)}


def _option(name: str, value: object, default: object) -> object:
    if name in _CHOICES:
        if isinstance(value, bool) or value not in _CHOICES[name]:
            raise HandError(f"expected {name!r} to be one of {', '.join(map(str, _CHOICES[name]))}, "
                            f"got {value!r}", field="rules", code="option.choice",
                            params={"name": repr(name), "choices": ", ".join(map(str, _CHOICES[name])),
                                    "got": repr(value)})
        return value
    if name == "red_fives":
        if not isinstance(value, str) or any(c not in "mps" for c in value) or len(set(value)) != len(value):
            raise HandError(f"expected 'red_fives' to be the suits whose red five scores, a string of "
                            f"m, p, s such as 'mps' or '', got {value!r}", field="rules", code="rules.red_fives",
                            params={"got": repr(value)})
        return "".join(s for s in "mps" if s in value)
    if not isinstance(value, type(default)):
        raise HandError(f"expected {name!r} to be {type(default).__name__}, got {value!r}", field="rules",
                        code="option.type", params={"name": repr(name), "type": type(default).__name__,
                                                    "got": repr(value)})
    return value


def resolve_rules(rules: object) -> ScoringRules:
    """The :class:`ScoringRules` for a preset name or a dict of options over a preset (``"preset"`` key,
    ``"riichi"`` when absent); a :class:`HandError` names what is wrong.

    >>> resolve_rules({"kiriage": True}).kiriage
    True
    """
    if isinstance(rules, str):
        if rules not in PRESETS:
            raise HandError(f"expected a preset among {', '.join(map(repr, PRESETS))} or a dict of "
                            f"options, got {rules!r}", field="rules", code="rules.choice",
                            params={"choices": ", ".join(map(repr, PRESETS)), "got": repr(rules)})
        return PRESETS[rules]
    if isinstance(rules, ScoringRules):
        return rules
    if not isinstance(rules, dict):
        raise HandError(f"expected a preset name or a dict of options, got {type(rules).__name__}", field="rules",
                        code="rules.type", params={"type": type(rules).__name__})
    options = dict(rules)
    preset = options.pop("preset", "riichi")
    if not isinstance(preset, str):
        raise HandError(f"expected 'preset' to be a preset name, got {preset!r}", field="rules",
                        code="rules.preset_type", params={"got": repr(preset)})
    base = resolve_rules(preset)
    known = {f.name: getattr(base, f.name) for f in fields(ScoringRules)}
    changes: dict[str, Any] = {}
    for name, value in options.items():
        if name not in known:
            raise HandError(f"expected options among {', '.join(map(repr, known))} (or 'preset'), "
                            f"got {name!r}", field="rules", code="rules.unknown_option",
                            params={"choices": ", ".join(map(repr, known)), "got": repr(name)})
        changes[name] = _option(name, value, known[name])
    out = replace(base, **changes)
    if out.sanma_split and not out.sanma:
        raise HandError("expected 'sanma': true with 'sanma_split' (the missing player's share exists only in "
                        "three-player riichi)", field="rules", code="rules.sanma_split", params={})
    return out
