"""review-many (paili.season): a season's statistics on hand-made logs where every figure is known, resuming
after an interrupted run, a malformed log among good ones, and the same answers serial, in two processes and on
a local Dask cluster of processes. Small horizons (turns 2, max shanten 1) keep each review a fraction of a
second."""

from __future__ import annotations

import copy
import gzip
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import distributed  # the cluster extra: in the dev requirements
import pytest
import selfplay

import paili
from paili.cli.season import main
from paili.season import runner
from paili.season.stats import summarize
from paili.season.unit import placements

ROOT = Path(__file__).resolve().parents[1]
FAST = ["--turns", "2", "--max-shanten", "1"]

STARTS = [[11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24], [31, 32, 33, 34, 35, 36, 37, 38, 39, 25, 26, 27, 46],
          [41, 41, 42, 42, 43, 43, 44, 44, 45, 45, 46, 46, 47], [11, 12, 13, 21, 22, 23, 31, 32, 33, 29, 29, 47, 47]]


def _round(number: int, scores: list[int], result: list[Any]) -> list[Any]:
    """A short hand-made round. East 1 (dealer seat 0): seat 0 draws 8p and declares riichi with it, seat 1
    draws 9m and throws 6z, seat 2 pons it and throws 7z (seat 3 could ron it and passes), seat 3 draws 4m and
    throws it, seat 0 draws 9s and throws it. East 2 (dealer seat 1): seat 1 draws 9m and throws 6z, seat 2
    pons it and throws 7z, seat 3 draws and throws 4m, seat 0 draws and throws 8p (no riichi), seat 1 draws
    9s. The result is the caller's: a log's results are what the statistics read."""
    if number == 0:
        draws: list[list[Any]] = [[28, 39], [19], ["p464646"], [14]]
        discards: list[list[Any]] = [["r60", 60], [46], [47], [60]]
    else:
        draws, discards = [[28], [19, 39], ["p464646"], [14]], [[28], [46], [47], [60]]
    seats = [x for s in range(4) for x in (STARTS[s], draws[s], discards[s])]
    return [[number, 0, 0], scores, [33], [], *seats, result]


# Game 1 (Ann Bob Cid Dee): E1 Bob wins by ron on Ann's 9s after her riichi (+4900 with her stick); E2 Bob wins
# by tsumo (+3000). Final: Ann 19100, Bob 32900, Cid 24000, Dee 24000 (Cid ahead of Dee: nearer the first dealer).
GAME1 = {"name": ["Ann", "Bob", "Cid", "Dee"], "rule": {"disp": "hand-made", "aka": 0}, "log": [
    _round(0, [25000] * 4, ["和了", [-3900, 4900, 0, 0], [1, 0, 1, "30符3飜3900点"]]),
    _round(1, [20100, 29900, 25000, 25000], ["和了", [-1000, 3000, -1000, -1000], [1, 1, 1, "30符2飜1000点∀"]])]}
# Game 2 (Dee Ann Bob Eve), the same play: E1 an exhaustive draw (seat 0, Dee, in riichi, +1500); E2 Ann wins by
# tsumo (+3000). Final: Dee 25500, Ann 27500, Bob 23500, Eve 23500.
GAME2 = {"name": ["Dee", "Ann", "Bob", "Eve"], "rule": {"disp": "hand-made", "aka": 0}, "log": [
    _round(0, [25000] * 4, ["流局", [1500, -500, -500, -500]]),
    _round(1, [26500, 24500, 24500, 24500], ["和了", [-1000, 3000, -1000, -1000], [1, 1, 1, "30符2飜1000点∀"]])]}

# Each player's figures from the logs, counted by hand from the two games above.
LOG_FIGURES = {
    "Ann": {"games": 2, "rounds": 4, "wins": 1, "win_points": 3000, "deal_ins": 1, "riichi": 1, "called": 0,
            "win_rate": 0.25, "deal_in_rate": 0.25, "riichi_rate": 0.25, "call_rate": 0.0, "average_win": 3000,
            "average_placement": 2.5},  # 4th, then 1st
    "Bob": {"games": 2, "rounds": 4, "wins": 2, "win_points": 7900, "deal_ins": 0, "riichi": 0, "called": 2,
            "win_rate": 0.5, "deal_in_rate": 0.0, "riichi_rate": 0.0, "call_rate": 0.5, "average_win": 3950,
            "average_placement": 2.0},  # 1st, then 3rd
    "Dee": {"games": 2, "rounds": 4, "wins": 0, "win_points": 0, "deal_ins": 0, "riichi": 1, "called": 0,
            "win_rate": 0.0, "deal_in_rate": 0.0, "riichi_rate": 0.25, "call_rate": 0.0, "average_win": None,
            "average_placement": 2.5},  # 3rd, then 2nd
    "Cid": {"games": 1, "rounds": 2, "wins": 0, "win_points": 0, "deal_ins": 0, "riichi": 0, "called": 2,
            "win_rate": 0.0, "deal_in_rate": 0.0, "riichi_rate": 0.0, "call_rate": 1.0, "average_win": None,
            "average_placement": 2.0},
    "Eve": {"games": 1, "rounds": 2, "wins": 0, "win_points": 0, "deal_ins": 0, "riichi": 0, "called": 0,
            "win_rate": 0.0, "deal_in_rate": 0.0, "riichi_rate": 0.0, "call_rate": 0.0, "average_win": None,
            "average_placement": 4.0},
}
SEATS = {"Ann": [(1, 0), (2, 1)], "Bob": [(1, 1), (2, 2)], "Cid": [(1, 2)], "Dee": [(1, 3), (2, 0)], "Eve": [(2, 3)]}


def _review_figures(game: dict[str, Any], seat: int) -> dict[str, Any]:
    """Paili's figures of one seat counted from its review's tables (not from the losses it reports): a decision
    is searched when the played move has points; it is best when its points equal the first row's."""
    out = {"decisions": 0, "best": 0, "calls": 0, "calls_best": 0, "loss": 0.0}
    for r in paili.review(game, seat=seat, turns=2, max_shanten=1)["rounds"]:
        for d in r["decisions"]:
            if d["kind"] == "discard":
                rows, prefix = d["rows"], ""
                played = next((row for row in rows if row["tile"] == d["played"]), None)
            elif d["kind"] == "call":
                rows, prefix = d["options"], "calls_"
                played = next((o for o in rows if (o["call"] if o["meld"] is None else f"{o['call']} {o['meld']}")
                               == d["played"]), None)
            else:
                continue
            if played is None or played["ev"] is None:
                continue
            out["decisions" if not prefix else "calls"] += 1
            lost = rows[0]["ev"][-1] - played["ev"][-1]
            out[prefix + "best"] += lost <= 1e-6
            out["loss"] += max(0.0, lost)
    return out


@pytest.fixture
def season(tmp_path: Path) -> Path:
    """The two hand-made games: one plain, one gzip-compressed, in a folder."""
    folder = tmp_path / "logs"
    folder.mkdir()
    (folder / "game1.json").write_text(json.dumps(GAME1, ensure_ascii=False), encoding="utf-8")
    with gzip.open(folder / "game2.json.gz", "wt", encoding="utf-8") as f:
        f.write(json.dumps(GAME2, ensure_ascii=False))
    return folder


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict[str, Any]]:
    status = main([*argv, *FAST, "--json"])
    return status, json.loads(capsys.readouterr().out)


def test_placements_tie_goes_to_the_seat_nearer_the_first_dealer() -> None:
    assert placements([19100, 32900, 24000, 24000]) == [4, 1, 2, 3]
    assert placements([25000, 25000, 25000, 25000]) == [1, 2, 3, 4]


def test_statistics_of_hand_made_logs(season: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, result = _run(capsys, str(season), "--jobs", "1")
    assert status == 0 and result["skipped"] == [] and result["units"] == 8
    players = {p["name"]: p for p in result["players"]}
    assert set(players) == set(LOG_FIGURES)
    games = {1: GAME1, 2: GAME2}
    for name, expected in LOG_FIGURES.items():
        assert {k: players[name][k] for k in expected} == expected, name
        counted = [_review_figures(games[g], seat) for g, seat in SEATS[name]]
        p = players[name]
        assert p["decisions"] == sum(c["decisions"] for c in counted)
        assert p["best"] == sum(c["best"] for c in counted)
        assert p["calls"] == sum(c["calls"] for c in counted)
        assert p["calls_best"] == sum(c["calls_best"] for c in counted)
        assert p["loss"] == pytest.approx(sum(c["loss"] for c in counted))
        assert p["loss_per_game"] == pytest.approx(p["loss"] / p["games"])
        assert [g["loss"] for g in p["per_game"]] == pytest.approx([c["loss"] for c in counted])
    # Bob throws 6z where 9m is first in the table with the same points: a tie, counted best, though the
    # review's own "matched" (the first row's tile) counts neither of his two discards
    bob = paili.review(GAME1, seat=1, turns=2, max_shanten=1)
    assert bob["summary"]["matched"] == 2  # the review's own count takes ties too (issue 40)
    assert players["Bob"]["decisions"] == 2 and players["Bob"]["best"] == 2  # game 2's seat 2 has no figures
    # Dee passes the 7z that wins her hand, twice in game 1: her costliest decisions, linked to the analyzer
    costly = players["Dee"]["costliest"]
    assert [(c["round"], c["step"], c["played"], c["best"], c["seat"]) for c in costly[:2]] == [
        ("E1", 6, "pass", "ron", 3), ("E2", 4, "pass", "ron", 3)]  # E1 costs more: Ann's riichi counted
    assert costly[0]["loss"] >= costly[1]["loss"] > 10000
    # her 13 tiles, the indicator 3s, and the table as the review counted it: Cid's pon (left), Bob's 6z called
    # away (across), Ann's riichi on 8p (right) which the 6z passed
    assert costly[1]["url"] == "http://127.0.0.1:8000/?" + urlencode(
        {"q": "123m12399p123s77z", "d": "3s", "o": "l: [666z];a:6'-z;r:"})
    assert urlencode({"o": "l: [666z];a:6'-z;r:8*p+6z"}) in costly[0]["url"]


def test_one_player_and_one_seat(season: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, result = _run(capsys, str(season), "--player", "Ann", "--jobs", "1")
    assert status == 0 and [p["name"] for p in result["players"]] == ["Ann"]
    assert {k: result["players"][0][k] for k in LOG_FIGURES["Ann"]} == LOG_FIGURES["Ann"]
    status, result = _run(capsys, str(season), "--seat", "3", "--jobs", "1")
    assert sorted(p["name"] for p in result["players"]) == ["Dee", "Eve"]


def test_malformed_logs_are_skipped_and_named(season: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = copy.deepcopy(GAME1)
    broken["name"] = ["W", "X", "Y", "Z"]
    broken["log"][1][4 + 2] = [99]  # seat 0's discard in East 2: no such tile
    (season / "broken.json").write_text(json.dumps(broken, ensure_ascii=False), encoding="utf-8")
    (season / "notes.txt").write_text("not a log", encoding="utf-8")
    status, result = _run(capsys, str(season), "--jobs", "1")
    assert status == 1
    reasons = {(Path(s["file"]).name, s["seat"]): s["reason"] for s in result["skipped"]}
    assert set(reasons) == {("broken.json", s) for s in range(4)} | {("notes.txt", None)}
    assert all("99" in reasons["broken.json", s] and "round E2, step" in reasons["broken.json", s] for s in range(4))
    assert "tenhou.net/6" in reasons["notes.txt", None]
    assert result["units"] == 8 and {p["name"] for p in result["players"]} == set(LOG_FIGURES)
    status = main([str(season), *FAST, "--jobs", "1"])
    text = capsys.readouterr()
    assert status == 1 and "skipped (5):" in text.out and "broken.json seat 0: expected a tile number" in text.out
    assert "skipped" in text.err and "notes.txt" in text.err


def _selfplay(folder: Path, count: int) -> Path:
    folder.mkdir()
    for seed in range(count):
        (folder / f"selfplay{seed}.json").write_text(json.dumps(selfplay.game(seed, kan=0.3)), encoding="utf-8")
    return folder


def test_resume_after_an_interrupted_run(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    logs = _selfplay(tmp_path / "logs", 3)
    clean = tmp_path / "clean.jsonl"
    _, whole = _run(capsys, str(logs), "--jobs", "1", "--out", str(clean))
    lines = clean.read_text(encoding="utf-8").splitlines(keepends=True)
    assert len(lines) == 12
    # a run stopped while writing its sixth line: five lines and a part of one
    cut = tmp_path / "cut.jsonl"
    cut.write_text("".join(lines[:5]) + lines[5][:40], encoding="utf-8")
    reviewed: list[str] = []
    review_unit = runner.review_unit

    def counting(unit: Any) -> dict[str, Any]:
        reviewed.append(unit.key)
        return review_unit(unit)

    monkeypatch.setattr(runner, "review_unit", counting)
    _, resumed = _run(capsys, str(logs), "--jobs", "1", "--out", str(cut))
    assert len(reviewed) == 7 and not {json.loads(line)["key"] for line in lines[:5]} & set(reviewed)
    again = cut.read_text(encoding="utf-8").splitlines(keepends=True)
    assert again[:5] == lines[:5] and sorted(again) == sorted(lines)  # nothing lost, nothing twice
    assert resumed == whole
    reviewed.clear()
    assert _run(capsys, str(logs), "--jobs", "1", "--out", str(cut)) == (0, whole) and reviewed == []
    # other options: the file is refused, not mixed
    assert main([str(logs), "--turns", "3", "--max-shanten", "1", "--out", str(cut)]) == 2
    assert "other options" in capsys.readouterr().err


def test_resume_after_a_killed_process(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A run killed (SIGKILL: no clean-up) after its first lines, then run again: the output holds every unit
    once, the lines written before the kill untouched, and the statistics equal a clean run's."""
    logs = tmp_path / "logs"
    logs.mkdir()
    for seed in range(4):
        (logs / f"selfplay{seed}.json").write_text(json.dumps(selfplay.game(seed, rounds=2)), encoding="utf-8")
    options = FAST
    out = tmp_path / "killed.jsonl"
    command = [sys.executable, "-m", "paili", "review-many", str(logs), *options, "--jobs", "1", "--out", str(out)]
    env = {**os.environ, "PYTHONPATH": str(ROOT / "engine")}
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while process.poll() is None and (not out.exists() or out.read_bytes().count(b"\n") < 2):
            time.sleep(0.01)
    finally:
        process.kill()
        process.wait()
    assert process.returncode == -signal.SIGKILL, "the run ended before it was killed: give it more work"
    before = out.read_text(encoding="utf-8").splitlines(keepends=True)
    assert 2 <= len(before) < 16
    assert main([str(logs), *options, "--jobs", "2", "--out", str(out), "--json"]) == 0
    resumed = json.loads(capsys.readouterr().out)
    after = out.read_text(encoding="utf-8").splitlines(keepends=True)
    complete = [line for line in before if line.endswith("\n")]
    assert after[:len(complete)] == complete and len(after) == 16
    assert len({json.loads(line)["key"] for line in after}) == 16
    clean = tmp_path / "clean.jsonl"
    assert main([str(logs), *options, "--jobs", "2", "--out", str(clean), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == resumed
    assert sorted(after) == sorted(clean.read_text(encoding="utf-8").splitlines(keepends=True))


def test_two_jobs_equal_the_serial_run(season: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    logs = _selfplay(season / "selfplay", 2)
    serial, parallel = tmp_path / "serial.jsonl", tmp_path / "parallel.jsonl"
    one = _run(capsys, str(season), "--jobs", "1", "--out", str(serial))
    two = _run(capsys, str(season), "--jobs", "2", "--out", str(parallel))
    assert one == two and one[1]["units"] == 16 and logs.is_dir()
    assert sorted(serial.read_text("utf-8").splitlines()) == sorted(parallel.read_text("utf-8").splitlines())
    # the tally does not depend on the order the records come in (the losses are summed exactly)
    records = [json.loads(line) for line in serial.read_text("utf-8").splitlines()]
    options = {"turns": 2, "max_shanten": 1}
    assert summarize(records, options=options) == summarize(records[::-1], options=options)
    assert summarize(records, options=options).to_json()["players"] == one[1]["players"]


def test_a_local_dask_cluster_equals_the_local_run(season: Path, capsys: pytest.CaptureFixture[str]) -> None:
    local = _run(capsys, str(season), "--jobs", "1")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as c:
        remote = _run(capsys, str(season), "--scheduler", c.scheduler_address)
    assert remote == local and local[1]["units"] == 8


def test_scheduler_without_dask(season: Path, capsys: pytest.CaptureFixture[str],
                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if not installed: importing it fails
    assert main([str(season), *FAST, "--scheduler", "tcp://127.0.0.1:1"]) == 2
    assert "pip install 'paili[cluster]'" in capsys.readouterr().err


def test_no_logs(tmp_path: Path, season: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "empty").mkdir()
    assert main([str(tmp_path / "empty")]) == 2
    assert "no logs found" in capsys.readouterr().err
    assert main([str(season), "--player", "Zed"]) == 2
    assert "no seat of Zed" in capsys.readouterr().err


@pytest.mark.parametrize("lang", ["en", "ja", "zh-Hans"])
def test_the_table_speaks_each_language(season: Path, capsys: pytest.CaptureFixture[str], lang: str) -> None:
    assert main([str(season), *FAST, "--jobs", "1", "--lang", lang]) == 0
    out = capsys.readouterr().out
    head = out.splitlines()[0].split()
    assert head[0] == paili.i18n.t("season.player", lang) and paili.i18n.t("season.deal_in", lang) in head
    assert "⟦" not in out and "Dee" in out and "?q=123m12399p123s77z" in out


def test_an_mjai_record_counts_as_its_tenhou_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Game 1 as an mjai record (gzip-compressed, tests/test_mjai.py's writer) gives every figure of its
    tenhou.net/6 log: the results, riichi and calls as read from mjai's events, and the same reviews."""
    from test_mjai import to_mjai

    (tmp_path / "tenhou").mkdir()
    (tmp_path / "mjai").mkdir()
    # an mjai record does not say whether red fives are in play (the reader takes them to be, as mjai's own
    # games have them): the tenhou.net/6 log compared says so too
    tenhou = {**GAME1, "rule": {**GAME1.get("rule", {}), "aka": 1}}
    (tmp_path / "tenhou" / "game1.json").write_text(json.dumps(tenhou, ensure_ascii=False), encoding="utf-8")
    with gzip.open(tmp_path / "mjai" / "game1.mjson.gz", "wt", encoding="utf-8") as f:
        f.write(to_mjai(GAME1))

    def players(folder: Path) -> dict[str, Any]:
        status, result = _run(capsys, str(folder), "--jobs", "1")
        assert status == 0 and result["units"] == 4
        out = {p["name"]: p for p in result["players"]}
        for p in out.values():
            for item in p["costliest"] + p["per_game"]:
                del item["file"]
        return out

    assert players(tmp_path / "mjai") == players(tmp_path / "tenhou")


def test_a_double_ron_is_one_deal_in_and_two_wins() -> None:
    from paili.logs import read_log
    from paili.season.unit import log_figures

    game = copy.deepcopy(GAME1)
    game["log"][0][-1] = ["和了", [-3900, 4900, 0, 0], [1, 0, 1, "30符3飜3900点"], [-2000, 0, 0, 2000],
                          [3, 0, 3, "30符2飜2000点"]]
    read = read_log(game)
    ann, bob, dee = (log_figures(read, seat) for seat in (0, 1, 3))
    assert (ann["deal_ins"], ann["wins"]) == (1, 0)
    assert (bob["wins"], bob["win_points"]) == (2, 7900) and (dee["wins"], dee["win_points"]) == (1, 2000)
    # the final scores are the last round's: Ann 19100, Bob 32900, Cid 24000, Dee 24000
    assert [log_figures(read, s)["placement"] for s in range(4)] == [4, 1, 2, 3]


def test_the_pages_ops_sum_up_as_the_command_line_does(season: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The page's season: each (game, seat) through the API's season_unit (the worker's entry point), the records
    through season_summary: the same statistics as review-many's, figure for figure; a file the page could not
    read is listed with the records' errors."""
    from paili import api
    from paili.season.sources import read_text

    status, cli = _run(capsys, str(season), "--jobs", "1")
    assert status == 0
    records = []
    for path in sorted(season.iterdir()):
        for seat in range(4):
            request = {"op": "season_unit", "log": read_text(path), "seat": seat, "file": str(path), "turns": 2,
                       "max_shanten": 1}
            answer = json.loads(api.handle(json.dumps(request)))
            assert answer["ok"], answer
            records.append(answer["result"])
    summary = json.loads(api.handle(json.dumps({"op": "season_summary", "records": records[::-1]})))
    assert summary["ok"] and summary["result"] == cli  # in any order
    broken = {"op": "season_unit", "log": '{"name": ["a", "b", "c", "d"], "log": [[1]]}', "seat": 0, "file": "x.json"}
    bad = json.loads(api.handle(json.dumps(broken)))["result"]
    assert bad["file"] == "x.json" and "error" in bad
    unread = [{"file": "y.json.gz", "seat": None, "reason": "cannot read the file"}]
    both = json.loads(api.handle(json.dumps({"op": "season_summary", "records": [*records, bad], "skipped": unread})))
    assert [s["file"] for s in both["result"]["skipped"]] == ["x.json", "y.json.gz"]
    assert both["result"]["players"] == cli["players"]
    wrong = json.loads(api.handle(json.dumps({"op": "season_summary", "records": [{"seat": 0}]})))
    assert wrong["error"]["field"] == "records"
