"""Riichi scoring (点数計算): yaku (役), han (翻), fu (符), limits and payments of a winning hand.

:func:`score` is the entry point (also :func:`paili.score`). The modules, one concept each:

* :mod:`~paili.scoring.yaku`: every yaku and yakuman, with its han (the table is in the module docstring);
* :mod:`~paili.scoring.fu`: fu and its readable breakdown;
* :mod:`~paili.scoring.points`: limits (mangan ... yakuman) and payments (ron, tsumo, honba, sticks);
* :mod:`~paili.scoring.rules`: the rule options and the presets for common rooms;
* :mod:`~paili.scoring.calculate`: checking the situation, dora, and picking the reading that scores most;
* :mod:`~paili.scoring.waits`: what each wait of a tenpai hand is worth (:func:`score_waits`).
"""

from __future__ import annotations

from .calculate import dora_of, score, score_hand
from .rules import DEFAULT_RULES, PRESETS, ScoringRules, resolve_rules
from .waits import score_waits

__all__ = ["DEFAULT_RULES", "PRESETS", "ScoringRules", "dora_of", "resolve_rules", "score", "score_hand",
           "score_waits"]
