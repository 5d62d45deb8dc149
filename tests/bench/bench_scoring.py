"""Benchmark ``paili.score`` against the ``mahjong`` library's ``HandCalculator.estimate_hand_value`` (2.1.0).

Run ``python tests/bench/bench_scoring.py [--hands 3000] [--seed 2026]`` (``python3 build.py bench`` runs it).
Both sides score the same seeded random winning hands with the same random situations (tests/scoring_cases.py:
the hand as mpsz text with its melds, the winning tile, winds, riichi, ippatsu, haitei / houtei, rinshan,
chankan, tenhou / chiihou, dora and ura indicators, honba, sticks), in one run, side by side; it prints
microseconds per hand for each, the ratio (mahjong / paili) and how many answers differ (han, fu below
yakuman, the winner's total, no-yaku). It prints figures and never fails on them.

What is timed, per hand:

* ``paili.score(text, ...)``: parse included (the hand and the indicators are text; the situation is keyword
  arguments).
* ``paili.score`` on a parsed Hand: scoring alone (the JSON included).
* mahjong, parse included: the library's own parser (``TilesConverter.one_line_string_to_136_array``) reads
  the same text (the concealed tiles, each meld, the winning tile, the indicators), its ``Meld`` objects and
  the ``HandConfig`` of the situation are built, then ``estimate_hand_value`` runs: the conversion is counted,
  as the parse is on paili's side. This is the like-for-like figure.
* mahjong, inputs ready: ``estimate_hand_value`` alone, on arguments built before the clock starts (136-tile
  ids, Meld objects, a HandConfig): the conversion is not counted. Compared with ``paili.score`` on text this
  is the strictest figure (paili parses, the library does not).

Time is CPU time (``time.process_time``: the machine may be shared; for a figure a busy machine does not move,
count instructions with tests/bench/callgrind_scoring.py under ``valgrind --tool=callgrind``), taken side by
side in chunks of 100 hands, each chunk the best of ``--repeat`` passes. The library keeps its last 128 hand
divisions in an LRU cache: it is emptied before each of its passes, or the repeated passes would time cache
hits instead of scoring. paili keeps no cache of hands (its table of the index method's shapes is loaded
before the clock starts); the few indicator and winning-tile strings it remembers once read
(``paili.scoring.situation.read_tiles``) are forgotten before each of its passes.

Each call's result is dropped as soon as it returns, as a caller that reads it and moves on (and as
``timeit`` and callgrind_scoring.py do): the time of a call includes freeing what it returned, on both sides.
Holding a chunk's 100 results in a list until the clock stops would time something else: their freeing
falls outside the clock, and the objects held pile up (paili's result is about 39 memory blocks, 10 of them
containers the garbage collector tracks; mahjong's about 22 and 6), so the collector runs over them within
the clock. On a shared 2-core machine, same build: 3.27x kept -> 3.38x dropped (medians of 6 runs of this
script each, alternated), 3.23x -> 3.60x when both ways alternate within one process.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "engine"), str(ROOT / "tests")]

import paili  # noqa: E402
from paili.scoring.situation import read_tiles  # noqa: E402

try:
    from mahjong.constants import EAST
    from mahjong.hand_calculating.divider import HandDivider
    from mahjong.hand_calculating.hand import HandCalculator
    from mahjong.hand_calculating.hand_config import HandConfig
    from mahjong.meld import Meld
    from mahjong.tile import TilesConverter
    from scoring_cases import mahjong_options, random_cases, to_mahjong
except ImportError:  # pragma: no cover - the figures need the mahjong package
    print("bench_scoring: the mahjong package is not installed (pip install mahjong==2.1.0)")
    raise SystemExit(0) from None


CHUNK = 100
_MELD = re.compile(r"([\[(])([^\])]*)[\])]")
_OPTIONS = mahjong_options(paili.scoring.DEFAULT_RULES)


def mahjong_parse(case: dict[str, Any]) -> dict[str, Any]:
    """The arguments of ``estimate_hand_value`` read from the case's text by the library's own parser (the
    same answers as tests/scoring_cases.py's ``to_mahjong``, which the agreement tests use; checked below)."""
    read = TilesConverter.one_line_string_to_136_array
    text = case["hand"]
    melds = []
    for opener, body in _MELD.findall(text):
        ids = sorted(read(body, True))
        kind = Meld.KAN if len(ids) == 4 else Meld.PON if ids[0] // 4 == ids[1] // 4 else Meld.CHI
        melds.append(Meld(meld_type=kind, tiles=ids, opened=opener == "["))
    tiles = read(_MELD.sub("", text), True)
    for meld in melds:
        tiles += meld.tiles
    seat, tsumo, last = EAST + int(case["seat_wind"][0]) - 1, case["tsumo"], case["last_tile"]
    config = HandConfig(
        is_tsumo=tsumo, is_riichi=case["riichi"] == 1, is_daburu_riichi=case["riichi"] == 2,
        is_ippatsu=case["ippatsu"], is_rinshan=case["rinshan"], is_chankan=case["chankan"],
        is_haitei=last and tsumo, is_houtei=last and not tsumo, is_tenhou=case["blessing"] and seat == EAST,
        is_chiihou=case["blessing"] and seat != EAST, player_wind=seat,
        round_wind=EAST + int(case["round_wind"][0]) - 1, kyoutaku_number=case["riichi_sticks"],
        tsumi_number=case["honba"], options=_OPTIONS)
    return {"tiles": tiles, "win_tile": read(case["win"], True)[0], "melds": melds or None,
            "dora_indicators": read(case["dora"], True), "ura_dora_indicators": read(case["ura"], True),
            "config": config}


def mahjong_score(case: dict[str, Any]) -> Any:
    """The library's parse and score of one case."""
    return HandCalculator.estimate_hand_value(**mahjong_parse(case))


def timed(run: Callable[[Any], Any], inputs: Sequence[Any]) -> float:
    """CPU seconds for one pass over ``inputs``, each result dropped as it comes (freed within the clock)."""
    start = time.process_time()
    for item in inputs:
        run(item)
    return time.process_time() - start


def side_by_side(runs: Sequence[tuple[Callable[[Any], Any], Sequence[Any]]], repeat: int,
                 before: Sequence[Callable[[], Any]]) -> list[float]:
    """CPU microseconds per input of each run, timed in alternation over chunks of ``CHUNK`` inputs (so a busy
    machine slows every side alike); each chunk counts its fastest of ``repeat`` passes. ``before[i]`` runs
    before each pass of run ``i`` (to empty a cache that would remember the previous pass)."""
    total = [0.0] * len(runs)
    size = len(runs[0][1])
    for start in range(0, size, CHUNK):
        best = [float("inf")] * len(runs)
        for _ in range(repeat):
            for i, (run, inputs) in enumerate(runs):
                before[i]()
                best[i] = min(best[i], timed(run, inputs[start:start + CHUNK]))
        for i in range(len(runs)):
            total[i] += best[i]
    return [t / size * 1e6 for t in total]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)

    cases = list(random_cases(args.seed, args.hands))
    parsed = [(paili.parse(c["hand"]), {k: v for k, v in c.items() if k != "hand"}) for c in cases]
    theirs_in = [to_mahjong(c) for c in cases]
    paili.score(**cases[0])  # load the tables before the clock starts
    mahjong_score(cases[0])

    clear = HandDivider._divide_hand_impl.cache_clear
    forget_tiles = read_tiles.cache_clear
    text_us, hand_us, their_text_us, their_ready_us = side_by_side(
        [(lambda c: paili.score(**c), cases), (lambda p: paili.score(p[0], **p[1]), parsed),
         (mahjong_score, cases), (lambda m: HandCalculator.estimate_hand_value(**m), theirs_in)], args.repeat,
        [forget_tiles, forget_tiles, clear, clear])
    ours = [paili.score(**c) for c in cases]
    theirs = [HandCalculator.estimate_hand_value(**m) for m in theirs_in]
    their_parsed = [mahjong_score(c) for c in cases]

    differ = parses_differ = 0
    for mine, other, again in zip(ours, theirs, their_parsed, strict=True):
        parses_differ += (other.han, other.fu, other.error, other.cost) != (again.han, again.fu, again.error,
                                                                          again.cost)
        if other.error:
            differ += not mine["no_yaku"]
            continue
        same = (mine["han"], mine["total"]) == (other.han, other.cost["total"]) and (
            mine["yakuman"] or mine["fu"] == other.fu)
        differ += not same
    print(f"scoring: {len(cases)} random winning hands with random situations (seed {args.seed}), the same "
          f"for both, side by side in chunks of {CHUNK}, best of {args.repeat} passes per chunk, CPU time")
    print(f"{'':<66}{'µs/hand':>10}")
    print(f"{'paili.score, parse included (text in)':<66}{text_us:>10,.1f}")
    print(f"{'paili.score on a parsed Hand (scoring alone)':<66}{hand_us:>10,.1f}")
    print(f"{'mahjong, parse included (its TilesConverter, Meld, HandConfig)':<66}{their_text_us:>10,.1f}")
    print(f"{'mahjong estimate_hand_value, inputs ready (not counted)':<66}{their_ready_us:>10,.1f}")
    print(f"paili.score is {their_text_us / text_us:.2f}x faster than mahjong, parse included for both")
    print(f"paili.score (parse included) is {their_ready_us / text_us:.2f}x faster than mahjong with its inputs "
          "ready (the conversion not counted)")
    print(f"scoring alone (parsed Hand vs inputs ready): {their_ready_us / hand_us:.2f}x")
    print(f"answers that differ: {differ} (paili vs mahjong); {parses_differ} (mahjong's parse vs the ready "
          "inputs)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
