"""Seeded random winning hands with random situations, and the same case for the ``mahjong`` library.

Shared by tests/test_scoring_mahjong.py (agreement) and tests/bench/bench_scoring.py (speed): both use
:func:`random_cases` and :func:`to_mahjong`. A case is the keyword arguments of :func:`paili.score`.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from mahjong.constants import EAST
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.meld import Meld as MjMeld

import paili
from paili.scoring import ScoringRules, resolve_rules

SUITS = "mpsz"


def _name(t: int) -> str:
    return f"{t % 9 + 1}{SUITS[t // 9]}"


def _digits(tiles: list[int], reds: set[int]) -> str:
    """mpsz text of kinds (with the red copies given by their position in ``tiles``)."""
    out = []
    for suit in range(4):
        ds = sorted(("0" if i in reds else str(t % 9 + 1)) for i, t in enumerate(tiles) if t // 9 == suit)
        if ds:
            out.append("".join(ds) + SUITS[suit])
    return "".join(out)


ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def _shape(rng: random.Random, counts: list[int], one_suit: int | None, mode: str,
           last: tuple[str, int] | None) -> tuple[str, int] | None:
    kind = rng.random()
    if mode == "twins" and last is not None and last[0] == "sequence" and rng.random() < 0.7:
        kind, start = 0.0, last[1]
    else:
        start = -1
    if mode == "orphans" and kind < 0.45:
        suit = one_suit if one_suit is not None else rng.randrange(3)
        start = suit * 9 + rng.choice((0, 6))
    if mode.startswith("pattern:") and mode.count(":") < 4:
        kind, start = 0.0, int(mode.split(":")[-1])
    if kind < 0.6:
        suit = one_suit if one_suit is not None else rng.randrange(3)
        start = start if start >= 0 else suit * 9 + rng.randrange(7)
        if all(counts[start + i] < 4 for i in range(3)):
            for i in range(3):
                counts[start + i] += 1
            return "sequence", start
        return None
    honors_ok = one_suit is None or rng.random() < 0.3
    t = rng.randrange(34) if honors_ok else one_suit * 9 + rng.randrange(9)
    if mode == "orphans":
        t = rng.choice(ORPHANS)
    elif mode == "honors":
        t = rng.randrange(27, 34)
    if one_suit is not None and t < 27 and t // 9 != one_suit:
        t = one_suit * 9 + t % 9
    size = 4 if kind > 0.93 else 3
    if counts[t] + size > 4:
        return None
    counts[t] += size
    return ("quad" if size == 4 else "triplet"), t


def random_case(rng: random.Random) -> dict[str, Any]:
    """One winning hand with a random, consistent situation (keyword arguments of :func:`paili.score`)."""
    while True:
        case = _try_case(rng)
        if case is not None:
            return case


def _special(rng: random.Random) -> tuple[list[int], list[str]] | None:
    if rng.random() < 0.5:
        kinds = rng.sample(range(34), 7) if rng.random() < 0.8 else rng.sample(range(27, 34), 7)
        return [t for t in kinds for _ in range(2)], []
    orphans = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]
    return orphans + [rng.choice(orphans)], []


def _try_case(rng: random.Random) -> dict[str, Any] | None:
    counts = [0] * 34
    concealed: list[int] = []
    melds: list[tuple[str, list[int]]] = []
    if rng.random() < 0.08:
        special = _special(rng)
        assert special is not None
        concealed = special[0]
    else:
        one_suit = rng.randrange(3) if rng.random() < 0.15 else None
        honor_heavy = rng.random() < 0.1
        mode = rng.choice(["plain"] * 6 + ["orphans", "twins", "pattern", "honors"])
        if mode == "pattern":  # the three sequences of ittsu or sanshoku first
            suit, n = rng.randrange(3), rng.randrange(7)
            starts = [suit * 9, suit * 9 + 3, suit * 9 + 6] if rng.random() < 0.5 else [n, n + 9, n + 18]
            if one_suit is not None:
                starts = [one_suit * 9, one_suit * 9 + 3, one_suit * 9 + 6]
            mode = "pattern:" + ":".join(map(str, starts))
        last: tuple[str, int] | None = None
        for i in range(4):
            for _attempt in range(10):
                step = ("pattern:" + mode.split(":")[i + 1]) if mode.startswith("pattern:") and i < 3 else mode
                shape = _shape(rng, counts, one_suit, step, last)
                if shape is not None and honor_heavy and shape[0] == "sequence" and rng.random() < 0.7:
                    for i in range(3):
                        counts[shape[1] + i] -= 1
                    shape = None
                if shape is not None:
                    break
            else:
                return None
            kind, t = shape
            last = shape
            tiles = [t, t + 1, t + 2] if kind == "sequence" else [t] * (4 if kind == "quad" else 3)
            call = rng.random()
            if kind == "quad":
                melds.append(("ankan" if call < 0.4 else "kan", tiles))
            elif call < 0.22:
                melds.append(("chi" if kind == "sequence" else "pon", tiles))
            else:
                concealed.extend(tiles)
        pair = rng.randrange(34) if one_suit is None else one_suit * 9 + rng.randrange(9)
        if mode in ("orphans", "honors"):
            pair = rng.choice(ORPHANS[6:] if mode == "honors" else ORPHANS)
        if counts[pair] + 2 > 4:
            return None
        counts[pair] += 2
        concealed.extend([pair, pair])
    # red fives: one copy of a 5 anywhere may be red
    red_positions: set[int] = set()
    meld_reds: list[set[int]] = [set() for _ in melds]
    for five in (4, 13, 22):
        # a game with red fives has one of each: a hand holding all four fives holds the red one
        held = concealed.count(five) + sum(ts.count(five) for _, ts in melds)
        if rng.random() < 0.5 or held == 4:
            places = [("c", i) for i, t in enumerate(concealed) if t == five]
            places += [("m", (j, i)) for j, (_, ts) in enumerate(melds) for i, t in enumerate(ts) if t == five]
            if places:
                where, at = rng.choice(places)
                if where == "c":
                    assert isinstance(at, int)
                    red_positions.add(at)
                else:
                    assert isinstance(at, tuple)
                    meld_reds[at[0]].add(at[1])
    text = _digits(concealed, red_positions)
    for (kind, ts), reds in zip(melds, meld_reds, strict=True):
        body = _digits(ts, reds)
        text += f" ({body})" if kind == "ankan" else f" [{body}]"
    win_at = rng.randrange(len(concealed))
    win = ("0" + SUITS[concealed[win_at] // 9]) if win_at in red_positions else _name(concealed[win_at])
    closed = all(kind == "ankan" for kind, _ in melds)
    has_kan = any(kind in ("kan", "ankan") for kind, _ in melds)
    tsumo = rng.random() < 0.5
    riichi = rng.choice([0, 0, 1, 1, 1, 2]) if closed else 0
    rinshan = has_kan and tsumo and rng.random() < 0.3
    ippatsu = bool(riichi) and not rinshan and rng.random() < 0.25
    chankan = not tsumo and concealed.count(concealed[win_at]) == 1 and rng.random() < 0.08
    last_tile = not rinshan and not chankan and rng.random() < 0.08
    blessing = not melds and tsumo and not riichi and not last_tile and rng.random() < 0.05
    full = [0] * 34
    for t in concealed:
        full[t] += 1
    for _, ts in melds:
        for t in ts:
            full[t] += 1
    seen = full[:]

    def indicators(n: int) -> str:
        out = []
        for _ in range(n):
            free = [t for t in range(34) if seen[t] < (3 if t in (4, 13, 22) else 4)]  # keep the red five
            t = rng.choice(free)
            seen[t] += 1
            out.append(_name(t))
        return "".join(out)

    n_dora = 1 + sum(1 for kind, _ in melds if kind in ("kan", "ankan"))
    dora = indicators(n_dora)
    ura = indicators(n_dora) if riichi else ""
    return {"hand": text, "win": win, "tsumo": tsumo, "round_wind": rng.choice(["1z", "2z", "1z", "2z", "3z", "4z"]),
            "seat_wind": rng.choice(["1z", "2z", "3z", "4z"]), "riichi": riichi, "ippatsu": ippatsu,
            "last_tile": last_tile, "rinshan": rinshan, "chankan": chankan, "blessing": blessing, "dora": dora,
            "ura": ura, "honba": rng.choice([0, 0, 1, 2, 5]), "riichi_sticks": rng.choice([0, 0, 1, 3])}


def random_cases(seed: int, n: int) -> Iterator[dict[str, Any]]:
    """``n`` seeded cases."""
    rng = random.Random(seed)
    for _ in range(n):
        yield random_case(rng)


SANMA_KINDS = [t for t in range(34) if not 1 <= t <= 7]
"""The kinds of the three-player wall (no 2m-8m)."""


def random_sanma_case(rng: random.Random) -> dict[str, Any]:
    """A winning hand over the three-player wall (no 2m-8m, no chi) with 0-4 norths set aside (``{4z}``) and a
    consistent sanma situation (winds 1z-3z, indicators from the sanma wall, rinshan after a kan or a north)
    (keyword arguments of :func:`paili.score`, to be scored with a sanma preset)."""
    while True:
        case = random_case(rng)
        hand = paili.parse(case["hand"])
        held = [a + b for a, b in zip(hand.concealed, hand.called_counts(), strict=True)]
        if any(held[1:8]) or any(m.kind == "chi" for m in hand.melds):
            continue
        north = rng.choice([0, 0, 1, 1, 2, 3, 4])
        north = min(north, 4 - held[30])
        seen = held[:]
        seen[30] += north
        n_indicators = len(case["dora"]) // 2

        def indicators(n: int, seen: list[int] = seen) -> str:
            out = []
            for _ in range(n):
                free = [t for t in SANMA_KINDS if seen[t] < (3 if t in (13, 22) else 4)]
                # often 3z (north is dora: the nukidora count again), 1m (shows 9m) or 9m (shows 1m)
                chosen = [t for t in (29, 0, 8) if t in free]
                t = rng.choice(chosen if chosen and rng.random() < 0.4 else free)
                seen[t] += 1
                out.append(_name(t))
            return "".join(out)

        dora = indicators(n_indicators)
        ura = indicators(n_indicators) if case["riichi"] else ""
        has_kan = any(m.kind in ("kan", "ankan") for m in hand.melds)
        rinshan = (has_kan or north > 0) and case["tsumo"] and rng.random() < 0.3
        return {**case, "hand": case["hand"] + " {4z}" * north, "round_wind": rng.choice(["1z", "1z", "2z", "3z"]),
                "seat_wind": rng.choice(["1z", "2z", "3z"]), "dora": dora, "ura": ura, "rinshan": rinshan,
                "ippatsu": case["ippatsu"] and not rinshan,
                "last_tile": case["last_tile"] and not rinshan}


def random_sanma_cases(seed: int, n: int) -> Iterator[dict[str, Any]]:
    """``n`` seeded sanma cases."""
    rng = random.Random(seed)
    for _ in range(n):
        yield random_sanma_case(rng)


# --- the same case for the mahjong library -------------------------------------------------------------


def _ids(kinds: list[int], red: list[bool], used: set[int]) -> list[int]:
    out = []
    for t, r in zip(kinds, red, strict=True):
        if r:
            tid = t * 4
        else:
            free = [t * 4 + c for c in range(4) if t * 4 + c not in used]
            tid = free[-1]  # the red copy (copy 0 of a five) only when nothing else is left
        used.add(tid)
        out.append(tid)
    return out


def _kinds(text: str) -> tuple[list[int], list[bool]]:
    counts, reds = paili.parse_tiles(text)
    kinds = [t for t in range(34) for _ in range(counts[t])]
    red = [False] * len(kinds)
    for s, five in enumerate((4, 13, 22)):
        if reds[s]:
            red[kinds.index(five)] = True
    return kinds, red


def mahjong_options(rules: ScoringRules) -> OptionalRules:
    """The library's options for our rules (the ones it has)."""
    return OptionalRules(
        has_open_tanyao=rules.open_tanyao, has_aka_dora=bool(rules.red_fives), has_double_yakuman=rules.double_yakuman,
        kazoe_limit=HandConstants.KAZOE_LIMITED if rules.kazoe_yakuman else HandConstants.KAZOE_SANBAIMAN,
        kiriage=rules.kiriage, fu_for_open_pinfu=rules.open_pinfu_fu, fu_for_pinfu_tsumo=not rules.pinfu_tsumo,
        is_three_player=rules.sanma)


def to_mahjong(case: dict[str, Any], rules: object = "riichi") -> dict[str, Any]:
    """The arguments of ``HandCalculator.estimate_hand_value`` for the same case."""
    checked = resolve_rules(rules)
    hand = paili.parse(case["hand"], rules="sanma" if checked.sanma else "riichi")
    used: set[int] = {30 * 4 + c for c in range(hand.nukidora)}  # the norths set aside
    concealed_text = str(paili.Hand(hand.concealed, hand.reds))
    kinds, red = _kinds(concealed_text)
    concealed_ids = _ids(kinds, red, used)
    melds = []
    all_ids = list(concealed_ids)
    for m in hand.melds:
        mred = [False] * len(m.tiles)
        if m.reds:
            mred[m.tiles.index(next(t for t in m.tiles if t in (4, 13, 22)))] = True
        ids = _ids(list(m.tiles), mred, used)
        all_ids.extend(ids)
        kind = {"chi": MjMeld.CHI, "pon": MjMeld.PON, "kan": MjMeld.KAN, "ankan": MjMeld.KAN}[m.kind]
        melds.append(MjMeld(meld_type=kind, tiles=ids, opened=m.kind != "ankan"))
    win = case["win"]
    wt = paili.tile_from_name(win)
    if win[0] == "0":
        win_id = wt * 4
    else:
        win_id = next(i for i in concealed_ids if i // 4 == wt and not (wt in (4, 13, 22) and i == wt * 4))
    dora_ids = _ids(*_kinds(case["dora"]), used) if case["dora"] else []
    ura_ids = _ids(*_kinds(case["ura"]), used) if case["ura"] else []
    seat = EAST + int(case["seat_wind"][0]) - 1
    config = HandConfig(
        is_tsumo=case["tsumo"], is_riichi=case["riichi"] == 1, is_daburu_riichi=case["riichi"] == 2,
        is_ippatsu=case["ippatsu"], is_rinshan=case["rinshan"], is_chankan=case["chankan"],
        is_haitei=case["last_tile"] and case["tsumo"], is_houtei=case["last_tile"] and not case["tsumo"],
        is_tenhou=case["blessing"] and seat == EAST, is_chiihou=case["blessing"] and seat != EAST,
        player_wind=seat, round_wind=EAST + int(case["round_wind"][0]) - 1,
        kyoutaku_number=case["riichi_sticks"], tsumi_number=case["honba"], num_nuki_dora=hand.nukidora,
        options=mahjong_options(checked))
    return {"tiles": all_ids, "win_tile": win_id, "melds": melds or None, "dora_indicators": dora_ids,
            "ura_dora_indicators": ura_ids, "config": config}
