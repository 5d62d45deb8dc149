"""Chinese Official mahjong (国标麻将, GB) scoring: the 81 fans, the 8-fan minimum, the payments.

* :mod:`paili.gb.fans`: each fan's id, value and condition, and the table of the fans each excludes;
* :mod:`paili.gb.situation`: how the hand won (winds, flowers, the one-off wins), checked;
* :mod:`paili.gb.count`: every reading of a win, the counting principles, the highest total, the payments.

:func:`paili.score` with ``rules="gb"`` answers the JSON (:func:`paili.results.gb_score_json`); the rules
themselves are written out in ``docs/RULES.md``.
"""

from __future__ import annotations

from .count import MINIMUM, GbScore, count_fans, legal_win, payments, score_gb
from .fans import EXCLUDES, FAN_IDS, FAN_VALUE, FANS
from .situation import GB_KEYS, GbSituation, check_situation

__all__ = ["EXCLUDES", "FANS", "FAN_IDS", "FAN_VALUE", "GB_KEYS", "MINIMUM", "GbScore", "GbSituation",
           "check_situation", "count_fans", "legal_win", "payments", "score_gb"]
