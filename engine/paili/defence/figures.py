"""Published figures the defence model is calibrated and tested against, copied with their sources.

Nothing here is computed by Paili: each constant is a public statistic, cited where it is defined.
"""

from __future__ import annotations

from typing import Final

HOUOU_TABLE: Final[dict[str, float]] = {
    "honour_0": 4.29, "honour_1": 2.11, "honour_2": 0.28, "honour_3": 0.01,
    "19_non_suji": 6.65, "19_suji": 2.02,
    "28_non_suji": 7.72, "28_suji": 3.50,
    "37_non_suji": 8.42, "37_suji": 4.62,
    "456_non_suji": 11.56, "456_one_suji": 7.10, "456_both_suji": 2.81,
}
"""Deal-in rate (%) of a discard against a riichi at the moment of declaration, by category: 2019 Tenhou Houou
games, 1,300,316 riichi (kobalab, 「天鳳鳳凰卓の牌の危険度表」, 2021). ``honour_n``: an honour with n copies seen;
suji: the tile's suji partner(s) are the riichi player's genbutsu."""

GIMITE_INTERVALS: Final[dict[str, tuple[float, float]]] = {
    "passed_suji": (3.1, 3.5), "riichi_tile_suji": (4.7, 5.6), "no_chance": (3.0, 3.7),
    "early_outside": (3.8, 4.6), "one_chance": (7.4, 7.9),
}
"""95% intervals (%) of the deal-in rate against a single riichi, Tenhou games
(gimite, 「統計による麻雀危険牌分析」)."""

OPEN_TENPAI_AT_9: Final[dict[int, float]] = {1: 0.30, 2: 0.50, 3: 0.81}
"""Tenpai rate of an open hand without riichi at its 9th discard, by calls (EndlessCheng/mahjong-helper's data)."""

CLOSED_TENPAI_PER_TURN: Final = 0.01
"""A closed hand without riichi is tenpai about its turn number in % (same source)."""

DEAL_IN_COST: Final[dict[str, float]] = {"riichi": 5172.0, "ippatsu": 7445.0, "closed": 4536.0, "open": 3000.0}
"""Average cost of a deal-in (「統計学」のマージャン戦術, as mahjong-helper uses it)."""

OPEN_DORA_FACTOR: Final = 1.4
"""An open hand's cost rises x1.4 for each of its first three dora seen in its melds (same source)."""

DEALER_FACTOR: Final = 1.5
"""A dealer wins 1.5 times a non-dealer's points (the scoring rules)."""
