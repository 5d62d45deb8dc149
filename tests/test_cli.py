"""The command line (``paili.cli``) and the table of request keys it shares with the API (``paili.request_keys``).

* ``python -m paili --help`` lists every command with one line, and each command has its own ``--help``;
* ``paili advise`` prints the page's discard table: its rows in ``paili.advise``'s order and its figures
  (win %, tenpai %, expected points at the last draw, the count of tiles that improve) those of
  ``paili.advise``, read back from the text; ``--json`` is ``paili.advise``'s JSON; a bad hand or a hand with
  nothing to discard is one error line in the player's language, exit status 2, no traceback;
* the table of request keys is the API's: each op's keys are the keyword arguments of the public function it
  calls (with the same defaults), the API answers to every key of the table (a bad value is refused, naming the
  key) and to no other (a bad value of another op's key is ignored).
"""

from __future__ import annotations

import inspect
import json
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from selfplay import game

import paili
from paili import api, i18n
from paili.cli import COMMANDS, main
from paili.request_keys import REQUESTS
from paili.season.requests import season_summary, season_unit

ENGINE = Path(__file__).resolve().parents[1] / "engine"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "paili", *args], capture_output=True, text=True,
                          env={"PYTHONPATH": str(ENGINE), "LANG": "C.UTF-8"}, timeout=120, check=False)


def test_help_lists_every_command_with_one_line() -> None:
    done = _run("--help")
    assert done.returncode == 0
    listed = {line.split()[0] for line in done.stdout.split("commands")[1].splitlines()[1:] if line.strip()}
    assert listed == {"HAND", *COMMANDS}
    assert set(COMMANDS) == {"advise", "call", "danger", "score", "review", "review-many"}
    for name in COMMANDS:
        sub = _run(name, "--help")
        assert sub.returncode == 0 and sub.stdout.startswith(f"usage: paili {name}"), name


def test_each_command_offers_every_key_of_its_request() -> None:
    """advise, call and review read their options from the table: one option per key (a positional for the hand,
    the tile offered and the log)."""
    for command, op, positional in (("advise", "advise", {"hand"}), ("call", "call_advice", {"hand"}),
                                    ("review", "review", {"log"})):
        text = _run(command, "--help").stdout
        for found in REQUESTS[op]:
            if found.name not in positional:
                flag = found.flag if found.default is not True else "--no-" + found.flag[2:]
                assert flag in text, (command, flag)


HAND = "123m456p789s11234z"
OPTIONS = ["--turns", "4", "--dora", "1z", "--visible", "2z"]
KEYWORDS: dict[str, Any] = {"turns": 4, "dora": "1z", "visible": "2z"}


def _percent(text: str) -> float | None:
    return None if text == "—" else 0.0 if text == "<0.1%" else float(text.rstrip("%")) / 100


def test_advise_prints_the_figures_of_paili_advise(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["advise", HAND, *OPTIONS, "--lang", "en"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].split()[:6] == ["Discard", "Shanten", "Count", "Win", "Tenpai", "Points"]
    advice = paili.advise(HAND, **KEYWORDS)
    rows = [line.split() for line in lines[2:2 + len(advice["discards"])]]
    assert [row[0] for row in rows] == [d["tile"] for d in advice["discards"]]
    for row, d in zip(rows, advice["discards"], strict=True):
        assert int(row[1]) == d["shanten"] and int(row[2]) == d["ukeire"]["total"]
        win, tenpai, points = _percent(row[3]), _percent(row[4]), int(row[5].replace(",", ""))
        assert win is not None and tenpai is not None
        assert abs(win - d["p_win"][-1]) <= 0.0005 and abs(tenpai - d["p_tenpai"][-1]) <= 0.0005, row
        assert abs(points - d["ev"][-1]) <= 0.5, row
        assert row[6:] == [f"{t['tile']}({t['remaining']})" for t in d["ukeire"]["tiles"]]
    assert lines[-1].startswith("assumed:") and "dora indicators 1z" in lines[-1]
    ev = [d["ev"][-1] for d in advice["discards"]]
    assert ev == sorted(ev, reverse=True)  # best first by the expected points, as the header says
    assert "best first by expected points" in lines[0]


def test_advise_speaks_each_language(capsys: pytest.CaptureFixture[str]) -> None:
    for lang in ("ja", "zh-Hans"):
        assert main(["advise", HAND, "--turns", "2", "--lang", lang]) == 0
        header = capsys.readouterr().out.splitlines()[1]
        assert header.split()[:6] == [i18n.t(key, lang) for key in ("ui.col_discard", "ui.col_shanten",
                                                                    "ui.col_count", "ui.col_win", "ui.col_tenpai",
                                                                    "ui.col_points")]


def test_advise_json_is_paili_advise(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["advise", HAND, *OPTIONS, "--objective", "p_win", "--tegawari", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == paili.advise(HAND, objective="p_win", tegawari=True, **KEYWORDS)


def test_advise_without_points_under_a_rule_set_the_page_does_not_score(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["advise", "19m19p19s1234567z1z", "--rules", "gb", "--turns", "2", "--lang", "en"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1].split()[:5] == ["Discard", "Shanten", "Count", "Win", "Tenpai"] and "Points" not in out[1]


@pytest.mark.parametrize(("args", "field", "caret"), [
    (["advise", "123m456p789s11x34z"], "hand", "                ^"),  # not a tile
    (["advise", "123m456p789s1134z"], "hand", None),  # 13 tiles: nothing to discard
    (["advise", HAND, "--turns", "99"], "turns", None),
    (["advise", HAND, "--dora", "1q"], "dora", None),
])
def test_advise_refuses_a_bad_input_in_the_player_s_words(args: list[str], field: str, caret: str | None) -> None:
    done = _run(*args, "--lang", "en")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith(f"paili: {field}: expected") and "Traceback" not in done.stderr, done.stderr
    if caret:
        assert done.stderr.splitlines()[-1] == caret
    ja = _run(*args, "--lang", "ja")
    assert ja.returncode == 2 and "Traceback" not in ja.stderr and "expected" not in ja.stderr, ja.stderr


# --- the table of request keys and the API ---------------------------------------------------------------

FUNCTIONS: dict[str, Callable[..., Any]] = {
    "analyze": paili.analyze, "advise": paili.advise, "improvements": paili.advise_improvements,
    "outlook": paili.outlook, "call_advice": paili.call_advice, "score": paili.score, "review": paili.review,
    "opponents": paili.read_opponents, "season_unit": season_unit, "season_summary": season_summary}


@pytest.mark.parametrize("op", sorted(FUNCTIONS))
def test_each_op_s_keys_are_its_function_s_keywords(op: str) -> None:
    parameters = inspect.signature(FUNCTIONS[op]).parameters
    assert [k.name for k in REQUESTS[op]] and {k.name for k in REQUESTS[op]} == set(parameters)
    for found in REQUESTS[op]:
        default = parameters[found.name].default
        if default is not inspect.Parameter.empty:
            assert found.default == default and type(found.default) is type(default), (op, found.name)


def test_the_table_names_every_op_of_the_api() -> None:
    assert set(REQUESTS) == set(api.OPS)
    score = {k.name for k in REQUESTS["score"]}
    assert {k.name for k in REQUESTS["score_waits"]} == score - {"flowers", "last_copy"}
    assert {k.name for k in REQUESTS["tiles"]} == {"hand", "melds", "rules"}


BASE: dict[str, dict[str, Any]] = {
    "analyze": {"hand": "123m456p789s11122z"},
    "tiles": {"hand": "123m456p789s11122z"},
    "advise": {"hand": HAND, "turns": 1},
    "improvements": {"hand": HAND, "turns": 1},
    "outlook": {"hand": "123m456p789s1123z", "turns": 1},
    "call_advice": {"hand": "3460m55p12789s66z", "offered": "5m", "turns": 1},
    "score": {"hand": "234m567p22s345678s", "win": "8s"},
    "score_waits": {"hand": "23m456p789s234s55p"},
    "review": {"log": game(3, rounds=1), "turns": 1, "max_shanten": 0},
}
BAD: object = [[]]
"""A value no key takes (a list holding a list)."""


def _ask(request: dict[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(api.handle(json.dumps(request)))
    return answer


@pytest.mark.parametrize("op", sorted(BASE))
def test_the_api_answers_to_the_table_s_keys_and_no_other(op: str) -> None:
    """Each key of the table, given a bad value, is refused by name; a key of another op's table is ignored.
    (``score_waits`` refuses ``win`` and ``tsumo`` whatever their value.)"""
    assert _ask({"op": op, **BASE[op]})["ok"], op
    for found in REQUESTS[op]:
        answer = _ask({"op": op, **BASE[op], found.name: BAD})
        assert not answer["ok"], (op, found.name)
        error = answer["error"]
        assert error["type"] in ("HandError", "RequestError"), (op, error)  # not a TypeError of the function
        assert error["field"] == found.name or re.search(rf"\b{found.name}\b", error["message"]), (op, error)
    others = {k.name for keys in REQUESTS.values() for k in keys} - {k.name for k in REQUESTS[op]}
    if op in ("analyze", "tiles", "score", "score_waits"):  # the quick ones: every other key at once
        assert _ask({"op": op, **BASE[op], **dict.fromkeys(others, BAD)})["ok"], op


def test_call_and_review_refuse_a_bad_input_in_the_player_s_words(tmp_path: Path) -> None:
    call = _run("call", "3460m55p12789s66z", "--offered", "x", "--lang", "ja")
    assert call.returncode == 2 and call.stderr.startswith("paili: offered: ") and "Traceback" not in call.stderr
    assert call.stderr.splitlines()[1:] == ["  x", "  ^"]
    log = tmp_path / "bad.json"
    log.write_text('{"x": 1}', encoding="utf-8")
    review = _run("review", str(log), "--lang", "en")
    assert review.returncode == 2 and review.stderr.startswith("paili: log: the game log cannot be read")
    assert "Traceback" not in review.stderr


def test_danger_prints_the_tiles_safest_first_with_their_reasons() -> None:
    """Issue 39: ``paili danger HAND --left ... --right ...``: the hand's tiles safest first with their deal-in %
    (as paili.danger gives them) and the reasons in words; ``--json`` is paili.danger's answer."""
    done = _run("danger", "23456m345p6789s15z", "--left", "19m47*z23s", "--right", "1z2z9p", "--lang", "en")
    assert done.returncode == 0, done.stderr
    want = paili.danger("23456m345p6789s15z", opponents="l:19m47*z23s;r:1z2z9p")
    rows = sorted(want["tiles"], key=lambda row: (row["deal_in"], row["tile"]))
    lines = done.stdout.splitlines()[1:1 + len(rows)]
    assert [line.split()[:2] for line in lines] == [[row["tile"], f"{100 * row['deal_in']:.1f}%"] for row in rows]
    assert "right: genbutsu" in lines[0] and "left: suji" in done.stdout
    assert "left: tenpai 100.0%" in done.stdout
    as_json = _run("danger", "23456m345p6789s15z", "--opponents", "l:19m47*z23s;r:1z2z9p", "--json")
    assert json.loads(as_json.stdout) == want
    bad = _run("danger", "23456m345p6789s15z", "--left", "19m4x7*z", "--lang", "en")
    assert bad.returncode == 2 and "paili: opponents:" in bad.stderr and "Traceback" not in bad.stderr


def test_advise_with_opponents_shows_the_deal_in_and_the_verdict() -> None:
    """Issue 40: with ``--opponents`` the table gains the deal-in column, its points count the table, and a line
    says push or fold and by how much."""
    done = _run("advise", "23456m345p6789s15z", "--opponents", "l:19m47*z23s", "--turns", "8", "--lang", "en")
    assert done.returncode == 0, done.stderr
    want = paili.advise("23456m345p6789s15z", opponents="l:19m47*z23s", turns=8, improvements=False)
    lines = done.stdout.splitlines()
    assert "Deal-in" in lines[1].split()
    first = lines[2].split()
    best = want["discards"][0]
    assert first[0] == best["tile"] and f"{100 * best['deal_in']:.1f}%" in first
    verdict = want["verdict"]
    word = "Fold" if verdict["fold"] else "Push"
    assert any(line.startswith(f"{word}: ") for line in lines), done.stdout


def test_call_with_opponents_counts_the_table_and_says_whether_to_fold() -> None:
    """Issue 40: ``paili call ... --opponents``: the options' points count the table (as paili.call_advice gives
    them), and a last line weighs going on against passing and folding."""
    table = "l:9m1p;a:19m4p5*p7z;r:1s8s"
    args = ("1378m246p1578s33z", "--offered", "3z", "--from", "right", "--seat-wind", "3z", "--max-shanten", "3",
            "--turns", "10")
    done = _run("call", *args, "--opponents", table, "--lang", "en")
    assert done.returncode == 0, done.stderr
    want = paili.call_advice("1378m246p1578s33z", "3z", seat="right", seat_wind="3z", max_shanten=3, turns=10,
                             opponents=table)
    lines = done.stdout.splitlines()
    assert [line.split()[0] for line in lines[1:-1]] == [o["call"] for o in want["options"]]
    assert [line.split()[-1] for line in lines[1:-1]] == [f"{o['ev'][-1]:.0f}" for o in want["options"]]
    word = "Fold" if want["verdict"]["fold"] else "Go on"
    assert lines[-1].startswith(f"{word}: "), done.stdout
    alone = _run("call", *args, "--lang", "en")
    assert not alone.stdout.splitlines()[-1].startswith(("Fold", "Go on"))
