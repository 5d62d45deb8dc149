"""Benchmark of :func:`paili.review` on real play: how often its ``best`` is the player's discard, and how often
``best`` would have dealt in under another player's riichi against how often the player did.

Real rounds, not the project's self-play: tenhou.net/6 logs of human games, given as files or folders, or read
from a folder of a git repository at a commit (``--git GITDIR REV FOLDER``, into a temporary folder). Public
ones, not part of this repository:

* Equim-chan/mjai-reviewer, ``HEAD convlog/tests/testdata`` (Apache-2.0): 20 single rounds, Tenhou Houou ones
  among them (calls of a tile thrown twice, kans, double ron, a four-riichi abort);
* tsubakisakura/mjlog2json, ``74defacf1191c293b78dcea7462a9f18738a488a data`` (MIT or Apache-2.0): six whole
  Tenhou Houou hanchan of 2019 and 2023 (their ``.json`` files).

For every seat of every log it reviews every discard decision (``kind`` ``"discard"``; the forced ones after the
seat's own riichi are left out) and counts:

* ``matched``: the player's discard is ``best`` or ties it (its value at the last draw equals the best's:
  expected points when the hand is scored, else the chance to win);
* under riichi (another player has declared riichi before this discard): the decisions, how often the player's
  discard and how often ``best`` would have dealt in to a riichi player (the tile completes that player's actual
  hand, read from the log, and they are not furiten: none of their waits among their own discards or the tiles
  passed since their riichi), and how often each was genbutsu (in that player's river or passed since);
* the loss: expected points, best minus played, per seat-game (a hanchan's seat when the log is a whole game);
* the call decisions apart: how often the player's choice is best (no loss), their loss, and under another
  player's riichi how often the player and ``best`` let the tile go.

Prints the figures; ``--json`` prints them as JSON. A script that prints figures, not a test.

    python3 tests/bench/bench_review_real.py --git /path/to/mjai-reviewer HEAD convlog/tests/testdata \
        --git /path/to/mjlog2json 74defacf1191c293b78dcea7462a9f18738a488a data [--turns 17]
    python3 tests/bench/bench_review_real.py LOG_OR_FOLDER... [--json]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "engine"))

import paili  # noqa: E402
from paili.hand import Hand  # noqa: E402
from paili.logs import Game, Round, read_log, replay  # noqa: E402
from paili.shanten import shanten  # noqa: E402
from paili.table import Table  # noqa: E402
from paili.tiles import KINDS, Tile, tile_from_name  # noqa: E402


def deals_in(view: Table, tile: Tile, rules: str) -> bool:
    """Whether ``tile`` thrown now wins for the riichi player whose own view ``view`` is: it completes their
    actual hand and they are not furiten (none of their waits in their river or passed since their riichi)."""
    hand = view.hand
    counts = list(hand.concealed)
    waits = set()
    for k in range(KINDS):
        counts[k] += 1
        if counts[k] <= 4 and shanten(Hand(tuple(counts), hand.reds, hand.melds), rules=rules).min == -1:  # type: ignore[arg-type]
            waits.add(k)
        counts[k] -= 1
    me = view.table[view.seat]
    return tile in waits and not waits & ({t.tile for t in me.river} | set(me.passed))


def genbutsu(view: Table, tile: Tile) -> bool:
    """Whether ``tile`` is safe by the rules against the player whose view ``view`` is (their river, or passed
    since their riichi)."""
    me = view.table[view.seat]
    return tile in {t.tile for t in me.river} or tile in me.passed


def table_states(game: Game, r: Round) -> Iterator[tuple[int, list[Table]]]:
    """Each step of the round (as review counts them) with every seat's own view before that step's event."""
    views = [Table(game, r, s) for s in range(len(game.players))]
    for step, event in enumerate(replay(game, r), start=1):
        yield step, views
        for view in views:
            view.apply(event)


@dataclass
class Figures:
    seat_games: int = 0
    decisions: int = 0
    matched: int = 0
    loss: float = 0.0
    under_riichi: int = 0
    played_deals_in: int = 0
    best_deals_in: int = 0
    played_genbutsu: int = 0
    best_genbutsu: int = 0
    calls: int = 0
    calls_matched: int = 0
    calls_loss: float = 0.0
    calls_under_riichi: int = 0
    calls_played_pass: int = 0
    calls_best_pass: int = 0
    seconds: float = 0.0


def _value(row: dict[str, Any]) -> float:
    figures = row["ev"] if row.get("ev") is not None else row["p_win"]
    return float(figures[-1]) if figures else 0.0


def measure(paths: list[Path], turns: int, figures: Figures, review_options: dict[str, Any]) -> None:
    for path in paths:
        text = path.read_text()
        game = read_log(text)
        rules = "riichi" if len(game.players) == 4 else "sanma"
        for seat in range(len(game.players)):
            start = time.process_time()
            result = paili.review(text, seat=seat, turns=turns, **review_options)
            figures.seconds += time.process_time() - start
            figures.seat_games += 1
            for index, rr in enumerate(result["rounds"]):
                count_calls(rr["decisions"] or (), game, game.rounds[index], seat, figures)
                decisions = {d["step"]: d for d in rr["decisions"] or () if d["kind"] == "discard" and d["rows"]}
                for step, views in table_states(game, game.rounds[index]):
                    d = decisions.get(step)
                    if d is None:
                        continue
                    rows = {row["tile"]: row for row in d["rows"]}
                    played = rows.get(d["played"]) or rows.get(d["played"].replace("0", "5"))
                    best = d["rows"][0]
                    figures.decisions += 1
                    if played is not None and _value(played) >= _value(best):
                        figures.matched += 1
                    figures.loss += (d.get("loss") or {}).get("ev") or 0.0
                    riichi = [v for v in views if v.seat != seat and v.in_riichi]
                    if not riichi:
                        continue
                    figures.under_riichi += 1
                    for name, tile in (("played", tile_from_name(d["played"])), ("best", tile_from_name(best["tile"]))):
                        if any(deals_in(v, tile, rules) for v in riichi):
                            setattr(figures, f"{name}_deals_in", getattr(figures, f"{name}_deals_in") + 1)
                        if all(genbutsu(v, tile) for v in riichi):
                            setattr(figures, f"{name}_genbutsu", getattr(figures, f"{name}_genbutsu") + 1)


def count_calls(decisions: Any, game: Game, r: Round, seat: int, figures: Figures) -> None:
    """The call decisions (a tile another player threw that the seat could call): how often the player's choice
    is ``best`` or ties it (no loss), the loss, and under another player's riichi how often the player and
    ``best`` let the tile go."""
    calls = {d["step"]: d for d in decisions if d["kind"] == "call"}
    for step, views in table_states(game, r):
        d = calls.get(step)
        if d is None or d["loss"] is None:
            continue
        figures.calls += 1
        loss = d["loss"]["ev"] if d["loss"]["ev"] is not None else d["loss"]["p_win"] or 0.0
        figures.calls_matched += loss <= 0
        figures.calls_loss += d["loss"]["ev"] or 0.0
        if any(v.seat != seat and v.in_riichi for v in views):
            figures.calls_under_riichi += 1
            figures.calls_played_pass += d["played"] == "pass"
            figures.calls_best_pass += d["best"] == "pass"


def logs_from_git(gitdir: Path, rev: str, folder: str, into: Path) -> list[Path]:
    """The ``.json`` files of ``folder`` at ``rev`` in the git repository ``gitdir``, written into ``into``."""
    names = subprocess.run(["git", "-C", str(gitdir), "ls-tree", "--name-only", rev, f"{folder.rstrip('/')}/"],
                           check=True, capture_output=True, text=True).stdout.split()
    out = []
    for name in names:
        if name.endswith(".json"):
            target = into / f"{gitdir.parent.name}-{Path(name).name}"
            target.write_bytes(subprocess.run(["git", "-C", str(gitdir), "show", f"{rev}:{name}"], check=True,
                                              capture_output=True).stdout)
            out.append(target)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="*", type=Path, help="tenhou.net/6 logs or folders of them")
    parser.add_argument("--git", nargs=3, action="append", default=[], metavar=("GITDIR", "REV", "FOLDER"),
                        help="read the .json logs of FOLDER at REV in the git repository GITDIR")
    parser.add_argument("--turns", type=int, default=17, help="review's horizon (default 17, review's own)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--defence", choices=["on", "off", "both"], default="both",
                        help="review with the other players counted (review's default), without, or both (default)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        paths = [p for given in args.paths for p in (sorted(given.glob("*.json")) if given.is_dir() else [given])]
        for gitdir, rev, folder in args.git:
            paths += logs_from_git(Path(gitdir), rev, folder, Path(tmp))
        if not paths:
            parser.error("give logs, folders of logs, or --git GITDIR REV FOLDER")
        runs = {"on": [True], "off": [False], "both": [False, True]}[args.defence]
        results = {}
        for defence in runs:
            figures = Figures()
            measure(paths, args.turns, figures, {"defence": defence})
            results["defence" if defence else "offence only"] = figures
    if args.json:
        print(json.dumps({name: asdict(f) for name, f in results.items()}))
        return 0
    for name, f in results.items():
        n, u = max(1, f.decisions), max(1, f.under_riichi)
        print(f"[{name}] {len(paths)} logs, {f.seat_games} seat-games, {f.decisions} discard decisions "
              f"({f.seconds:.0f} s CPU, {1000 * f.seconds / n:.0f} ms a decision)")
        print(f"  matched (best or tied with it): {f.matched} ({100 * f.matched / n:.1f}%)")
        print(f"  under another player's riichi: {f.under_riichi} decisions; deal-in: played {f.played_deals_in} "
              f"({100 * f.played_deals_in / u:.1f}%), best {f.best_deals_in} ({100 * f.best_deals_in / u:.1f}%); "
              f"genbutsu: played {100 * f.played_genbutsu / u:.1f}%, best {100 * f.best_genbutsu / u:.1f}%")
        print(f"  loss: {f.loss:.0f} expected points in all, {f.loss / max(1, f.seat_games):.0f} per seat-game")
        c, cu = max(1, f.calls), max(1, f.calls_under_riichi)
        print(f"  calls offered: {f.calls}, matched {100 * f.calls_matched / c:.1f}%, loss {f.calls_loss:.0f} in all "
              f"({f.calls_loss / max(1, f.seat_games):.0f} per seat-game); under riichi {f.calls_under_riichi}: "
              f"passed by the player {100 * f.calls_played_pass / cu:.1f}%, "
              f"by best {100 * f.calls_best_pass / cu:.1f}%")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
