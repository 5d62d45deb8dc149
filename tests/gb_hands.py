"""Seeded random Chinese Official wins for the GB tests and benchmark: a legal shape (four sets and a pair, some of
them called, or one of the special forms), its winning tile and a situation that fits it; and the same win as
PyMahjongGB's ``MahjongFanCalculator`` (ChineseOfficialMahjongHelper's C++ core) takes it."""

from __future__ import annotations

import random
from typing import Any, NamedTuple

from paili.hand import format_tiles

HONORS = range(27, 34)
KNITTED = ((0, 3, 6), (1, 4, 7), (2, 5, 8))


class Win(NamedTuple):
    """A complete hand as text, its winning tile and the keywords of :func:`paili.score` (GB)."""

    hand: str
    win: str
    situation: dict[str, Any]
    concealed: list[int]
    melds: list[tuple[str, int]]
    """``(kind, tile)``: ``chi`` (lowest tile), ``pon``, ``kan``, ``ankan``."""


def _name(t: int) -> str:
    return f"{t % 9 + 1}{'mpsz'[t // 9]}"


def _meld_text(kind: str, t: int) -> str:
    if kind == "chi":
        return f"[{t % 9 + 1}{t % 9 + 2}{t % 9 + 3}{'mps'[t // 9]}]"
    digit, suit = str(t % 9 + 1), "mpsz"[t // 9]
    return {"pon": f"[{digit * 3}{suit}]", "kan": f"[{digit * 4}{suit}]", "ankan": f"({digit * 4}{suit})"}[kind]


def _kinds(rng: random.Random) -> list[int]:
    """The kinds a hand draws from: now and then one suit and the honors, or one suit alone, or the honors and
    terminals, to reach the flush and orphan fans."""
    theme = rng.random()
    suit = rng.randrange(3) * 9
    if theme < 0.15:
        return [*range(suit, suit + 9), *HONORS]
    if theme < 0.25:
        return list(range(suit, suit + 9))
    if theme < 0.3:
        return [0, 8, 9, 17, 18, 26, *HONORS]
    if theme < 0.35:
        return [19, 20, 21, 23, 25, 32]  # the green tiles
    return list(range(34))


def _regular(rng: random.Random) -> tuple[list[int], list[tuple[str, int]], list[int]] | None:
    """Four sets and a pair: (whole counts, sets as (kind, tile), pair tile), or None when the copies ran out."""
    kinds = _kinds(rng)
    whole = [0] * 34
    sets: list[tuple[str, int]] = []
    chow_starts = [t for t in kinds if t < 27 and t % 9 < 7 and t + 1 in kinds and t + 2 in kinds]
    chow_share = rng.choice((0.0, 0.3, 0.6, 0.9))
    for _ in range(4):
        if chow_starts and rng.random() < chow_share:
            t = rng.choice(chow_starts)
            if any(whole[k] >= 4 for k in (t, t + 1, t + 2)):
                return None
            for k in (t, t + 1, t + 2):
                whole[k] += 1
            sets.append(("chow", t))
        else:
            t = rng.choice(kinds)
            size = 4 if rng.random() < 0.12 else 3
            if whole[t] + size > 4:
                return None
            whole[t] += size
            sets.append(("kong" if size == 4 else "pung", t))
    pair = rng.choice(kinds)
    if whole[pair] + 2 > 4:
        return None
    whole[pair] += 2
    return whole, sets, [pair]


def _special(rng: random.Random) -> list[int] | None:
    """The 14 counts of seven pairs, thirteen orphans, 全不靠 / 七星不靠 or 组合龙 with a set and a pair."""
    counts = [0] * 34
    roll = rng.random()
    if roll < 0.4:
        suit = rng.randrange(3) * 9
        if rng.random() < 0.15:
            start = suit + rng.randrange(3)
            pairs = list(range(start, start + 7))
        else:
            pairs = [rng.randrange(34) for _ in range(7)]
        for t in pairs:
            counts[t] += 2
        return counts if max(counts) <= 4 else None
    if roll < 0.5:
        for t in (0, 8, 9, 17, 18, 26, *HONORS):
            counts[t] = 1
        counts[rng.choice((0, 8, 9, 17, 18, 26, *HONORS))] += 1
        return counts
    order = rng.sample(range(3), 3)
    knitted = [suit * 9 + r for suit, ranks in zip(order, KNITTED, strict=True) for r in ranks]
    if roll < 0.75:
        tiles = rng.sample(knitted, rng.randint(7, 9))
        tiles += rng.sample(list(HONORS), 14 - len(tiles))
        for t in tiles:
            counts[t] = 1
        return counts
    for t in knitted:
        counts[t] += 1
    found = _regular(rng)
    if found is None:
        return None
    whole, sets, pair = found
    rest = [0] * 34
    kind, t = sets[0]
    if kind == "chow":
        for k in (t, t + 1, t + 2):
            rest[k] += 1
    else:
        rest[t] += 3
    rest[pair[0]] += 2
    total = [a + b for a, b in zip(counts, rest, strict=True)]
    return total if max(total) <= 4 else None


def deal(rng: random.Random) -> Win:
    """A random legal GB win (retrying until the copies fit)."""
    while True:
        melds: list[tuple[str, int]] = []
        if rng.random() < 0.2:
            special = _special(rng)
            if special is None:
                continue
            concealed = special
        else:
            found = _regular(rng)
            if found is None:
                continue
            whole, sets, (pair,) = found
            called = rng.choice((0, 0, 0, 1, 1, 2, 3, 4))
            concealed = [0] * 34
            concealed[pair] += 2
            for i, (kind, t) in enumerate(sets):
                if i < called or (kind == "kong"):
                    if kind == "chow":
                        melds.append(("chi", t))
                    elif kind == "pung":
                        melds.append(("pon", t))
                    else:
                        melds.append(("kan" if i < called else "ankan", t))
                elif kind == "chow":
                    for k in (t, t + 1, t + 2):
                        concealed[k] += 1
                else:
                    concealed[t] += 3
        return _with_situation(rng, concealed, melds)


def _with_situation(rng: random.Random, concealed: list[int], melds: list[tuple[str, int]]) -> Win:
    held = [t for t in range(34) if concealed[t]]
    win = rng.choice([t for t in held for _ in range(concealed[t])])
    called = [0] * 34
    for kind, t in melds:
        for k in ((t, t + 1, t + 2) if kind == "chi" else (t,) * (4 if kind in ("kan", "ankan") else 3)):
            called[k] += 1
    tsumo = rng.random() < 0.4
    kong = any(kind in ("kan", "ankan") for kind, _ in melds)
    situation: dict[str, Any] = {
        "tsumo": tsumo, "seat_wind": f"{rng.randint(1, 4)}z", "round_wind": f"{rng.randint(1, 4)}z",
        "flowers": rng.choice((0, 0, 0, 1, 2, 3)),
        "last_copy": concealed[win] == 1 and rng.random() < 0.15,
        "last_tile": rng.random() < 0.08,
        "rinshan": tsumo and kong and rng.random() < 0.3,
        "chankan": not tsumo and concealed[win] == 1 and not called[win] and rng.random() < 0.1,
    }
    if situation["chankan"]:
        situation["last_tile"] = False
    text = format_tiles(concealed) + "".join(f" {_meld_text(kind, t)}" for kind, t in melds)
    return Win(text, _name(win), situation, concealed, melds)


# --- the oracle -------------------------------------------------------------------------------------------

_SUIT_CODE = "WBT"  # characters, dots, bamboo
_HONOR_CODE = ("F1", "F2", "F3", "F4", "J3", "J2", "J1")  # E S W N, white 白 = J3, green 發 = J2, red 中 = J1


def oracle_code(t: int) -> str:
    """PyMahjongGB's code of a kind."""
    return _HONOR_CODE[t - 27] if t >= 27 else f"{_SUIT_CODE[t // 9]}{t % 9 + 1}"


def oracle(w: Win) -> list[tuple[int, int, str]]:
    """PyMahjongGB's answer for ``w``: ``(value, count, English name)`` of each fan."""
    from MahjongGB import MahjongFanCalculator

    packs = []
    for kind, t in w.melds:
        if kind == "chi":
            packs.append(("CHI", oracle_code(t + 1), 1))
        elif kind == "pon":
            packs.append(("PENG", oracle_code(t), 1))
        else:
            packs.append(("GANG", oracle_code(t), 0 if kind == "ankan" else 1))
    win = int(w.win[0]) - 1 + 9 * "mpsz".index(w.win[1])
    rest = list(w.concealed)
    rest[win] -= 1
    hand = tuple(oracle_code(t) for t in range(34) for _ in range(rest[t]))
    s = w.situation
    answer = MahjongFanCalculator(
        pack=tuple(packs), hand=hand, winTile=oracle_code(win), flowerCount=s["flowers"], isSelfDrawn=s["tsumo"],
        is4thTile=s["last_copy"], isAboutKong=s["rinshan"] or s["chankan"], isWallLast=s["last_tile"],
        seatWind=int(s["seat_wind"][0]) - 1, prevalentWind=int(s["round_wind"][0]) - 1, verbose=True)
    return [(value, count, english) for value, count, _, english in answer]
