"""Points (点): limits and who pays what.

The basic points are ``fu * 2 ** (han + 2)``, capped by the limits (満貫 and up):

==============  =========================================  ============
limit           when                                       basic points
==============  =========================================  ============
mangan          5 han, or 3-4 han whose basic points pass   2,000
                2,000 (also 4 han 30 fu and 3 han 60 fu
                under the ``kiriage`` rule)
haneman         6-7 han                                    3,000
baiman          8-10 han                                   4,000
sanbaiman       11-12 han (13+ without ``kazoe_yakuman``)  6,000
kazoe_yakuman   13+ han, no yakuman                        8,000
yakuman         n yakuman                                  8,000 x n
==============  =========================================  ============

Payments, each rounded up to 100: a ron is paid by the discarder, 4x the basic points (6x for the dealer);
a non-dealer's tsumo is paid 2x by the dealer and 1x by each of the two others; the dealer's tsumo 2x by each
of the three. ``points`` is the hand's value without honba (so tsumo 2,000-4,000 is 8,000). Each honba adds
300: all of it to a ron, 100 to each payer of a tsumo. The riichi sticks (1,000 each) on the table go to the
winner: ``total`` is the payments plus the sticks.

Three-player riichi (the ``sanma`` rule) has no fourth player to pay a tsumo. With tsumo loss (ツモ損, the
default) each payer pays what they would in four-player riichi and the missing share is lost: a non-dealer's
tsumo is 2x from the dealer and 1x from the other non-dealer, a dealer's tsumo 2x from each of the two. With
split payment (``sanma_split``, 北家折半) the missing player's share (always a non-dealer's: 1x, or 2x when
the dealer won) is split between the two payers, each half rounded up to 100. A ron is paid as in
four-player riichi. Each honba is 100 from each other player: 200 on a ron, 100 from each of the two payers
of a tsumo.
"""

from __future__ import annotations

from typing import Final

from .rules import ScoringRules

_LIMITS: Final = ((13, "kazoe_yakuman", 8000), (11, "sanbaiman", 6000), (8, "baiman", 4000),
                  (6, "haneman", 3000), (5, "mangan", 2000))


def basic_points(han: int, fu: int, yakuman: int, rules: ScoringRules) -> tuple[int, str | None]:
    """The basic points (基本点) and the limit name (``None`` below mangan).

    >>> from paili.scoring.rules import DEFAULT_RULES
    >>> basic_points(3, 30, 0, DEFAULT_RULES), basic_points(13, 40, 0, DEFAULT_RULES)
    ((960, None), (8000, 'kazoe_yakuman'))
    """
    if yakuman:
        return 8000 * yakuman, "yakuman"
    if han >= 5:
        for least, name, points in _LIMITS:
            if han >= least:
                if name == "kazoe_yakuman" and not rules.kazoe_yakuman:
                    return 6000, "sanbaiman"
                return points, name
    base = fu << (han + 2)
    if base >= 2000 or (rules.kiriage and base >= 1920):
        return 2000, "mangan"
    return base, None


def _up(n: int) -> int:
    return -(-n // 100) * 100


def payments(base: int, *, dealer: bool, tsumo: bool, honba: int, sanma: bool = False, split: bool = False
             ) -> tuple[int, dict[str, int]]:
    """The hand's points (no honba) and the payments (honba included) for ``base`` basic points; ``sanma``
    for three players (tsumo loss, or ``split`` payment of the missing share).

    >>> payments(2000, dealer=False, tsumo=True, honba=1)
    (8000, {'dealer': 4100, 'others': 2100})
    >>> payments(2000, dealer=False, tsumo=True, honba=1, sanma=True), payments(2000, dealer=True, tsumo=True,
    ...                                                                          honba=0, sanma=True, split=True)
    ((6000, {'dealer': 4100, 'others': 2100}), (12000, {'others': 6000}))
    """
    if not tsumo:
        points = _up(base * (6 if dealer else 4))
        return points, {"ron": points + (200 if sanma else 300) * honba}
    if dealer:
        each = _up(base * 2)
        if not sanma:
            return 3 * each, {"others": each + 100 * honba}
        if split:
            each += _up(each // 2)
        return 2 * each, {"others": each + 100 * honba}
    from_dealer, from_others = _up(base * 2), _up(base)
    if not sanma:
        return from_dealer + 2 * from_others, {"dealer": from_dealer + 100 * honba,
                                               "others": from_others + 100 * honba}
    if split:
        half = _up(from_others // 2)
        from_dealer, from_others = from_dealer + half, from_others + half
    return from_dealer + from_others, {"dealer": from_dealer + 100 * honba, "others": from_others + 100 * honba}


def settle(base: int, dealer: bool, tsumo: bool, honba: int, sticks: int, sanma: bool, split: bool
           ) -> tuple[int, dict[str, int], int]:
    """(points, payments, total) at once, the arguments by position (what :func:`paili.score` calls).

    >>> settle(2000, False, True, 1, 1, False, False)
    (8000, {'dealer': 4100, 'others': 2100}, 9300)
    """
    if not (tsumo or sanma):  # a four-player ron, the common case, inline
        points = -(-base * (6 if dealer else 4) // 100) * 100
        return points, {"ron": points + 300 * honba}, points + 300 * honba + 1000 * sticks
    points, paid = payments(base, dealer=dealer, tsumo=tsumo, honba=honba, sanma=sanma, split=split)
    return points, paid, total(paid, sticks, sanma=sanma)


def total(paid: dict[str, int], sticks: int, *, sanma: bool = False) -> int:
    """What the winner gains: the ``payments`` (one ron, or the three payers of a tsumo, two in ``sanma``)
    plus 1,000 per stick.

    >>> total({"dealer": 4100, "others": 2100}, 1), total({"dealer": 4100, "others": 2100}, 1, sanma=True)
    (9300, 7200)
    """
    if "ron" in paid:
        return paid["ron"] + 1000 * sticks
    return paid.get("dealer", paid["others"]) + (1 if sanma else 2) * paid["others"] + 1000 * sticks
