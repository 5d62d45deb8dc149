"""Riichi scoring (点数計算): yaku (役), han (翻), fu (符), limits and payments of a winning hand.

:func:`paili.score` and :func:`paili.score_waits` are the entry points (they answer JSON,
:mod:`paili.results`); this package computes typed values. The modules, one concept each:

* :mod:`~paili.scoring.yaku`: every yaku and yakuman, with its han (the table is in the module docstring);
* :mod:`~paili.scoring.fu`: fu and its readable breakdown;
* :mod:`~paili.scoring.points`: limits (mangan ... yakuman) and payments (ron, tsumo, honba, sticks);
* :mod:`~paili.scoring.rules`: the rule options and the presets for common rooms;
* :mod:`~paili.scoring.situation`: the situation checked against the hand (:class:`ScoringSetting`), dora indicators;
* :mod:`~paili.scoring.calculate`: every reading and placement of the winning tile, the one that scores most
  (:func:`score_hand` for a whole :class:`Score`, :func:`win_points` for the advisor's points);
* :mod:`~paili.scoring.waits`: what each wait of a tenpai hand is worth (:func:`wait_scores`).

Rule choices where the common rules leave room (Japanese riichi conventions, as Tenhou and Mahjong Soul play):

* The reading that scores most is kept: basic points, then a yakuman before a counted (kazoe) yakuman of the
  same points, then more han, then more fu. The winning tile may sit in any place it fits (a 23444s hand
  won on 4s is a two-sided or a pair wait, whichever scores more), and a triplet it completes by ron is
  open (fu, sanankou, suuankou).
* kokushi_13 is the win on the doubled orphan (the 13-sided wait); junsei_chuuren the win on the extra tile
  of 1112345678999 (the 9-sided wait); suuankou_tanki the win on the pair. Seven pairs of honors are
  tsuuiisou. Four identical sequences read as two pairs of them (ryanpeikou); ryanpeikou beats seven pairs
  because it scores more.
* Yakuman entries show 13 han each (26 for a double); ``han`` of a yakuman hand is 13 x its multiple.
* Rinshan is a tsumo and gets the 2 fu of tsumo. Thirteen orphans has no fu (0, no breakdown).
* Situations are checked: riichi needs a closed hand (closed kans allowed); ippatsu needs riichi and is ended
  by the player's own kan (so not with rinshan); rinshan is a tsumo after a kan and not the last tile;
  chankan is a ron on a tile the hand holds once (the kan holds the other three), never on the last tile;
  tenhou / chiihou (``blessing``) are a tsumo with no meld, no riichi, not the last tile.
* Not scored: renhou, nagashi mangan, open riichi, paarenchan and other local yaku.
"""

from __future__ import annotations

from .calculate import Score, score_hand, win_points
from .rules import DEFAULT_RULES, PRESETS, ScoringRules, resolve_rules
from .situation import ScoringSetting, check_setting, dora_of
from .waits import WaitScore, wait_scores

__all__ = ["DEFAULT_RULES", "PRESETS", "Score", "ScoringRules", "ScoringSetting", "WaitScore", "check_setting",
           "dora_of", "resolve_rules", "score_hand", "wait_scores", "win_points"]
