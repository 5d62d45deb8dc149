"""The score op of the JSON entry point, the ``python -m paili score`` command and its batch mode."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from scoring_cases import random_cases

import paili
from paili.api import handle

ENGINE = Path(__file__).resolve().parents[1] / "engine"


def _ask(request: dict[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(handle(json.dumps(request)))
    return answer


def test_score_op_answers_exactly_paili_score() -> None:
    for case in random_cases(5, 200):
        assert _ask({"op": "score", **case}) == {"ok": True, "result": json.loads(json.dumps(paili.score(**case)))}
    only = _ask({"op": "score", "hand": "123m456p789s234s55p", "win": "4s"})["result"]
    assert only == paili.score("123m456p789s234s55p", win="4s")
    with_rules = _ask({"op": "score", "hand": "111m222p333s444s55z", "win": "5z", "rules": {"double_yakuman": False}})
    assert with_rules["result"]["yakuman"] == 1


def test_score_op_errors_use_the_envelope() -> None:
    bad = _ask({"op": "score", "hand": "123m456p789s234s55p", "win": "5p", "ippatsu": True})
    assert bad == {"ok": False, "error": {"type": "HandError", "message": "expected riichi (1 or 2) for ippatsu",
                                          "position": None, "field": "ippatsu",
                                          "code": "situation.ippatsu_without_riichi", "params": {}}}
    bad = _ask({"op": "score", "hand": "123m456p789s234s55p", "win": "5q"})
    assert bad["error"]["type"] == "HandError" and bad["error"]["field"] == "win"
    bad = _ask({"op": "score", "hand": "123m456p789s234s55p", "win": "5p", "honba": "2"})
    assert bad["error"]["field"] == "honba"
    bad = _ask({"op": "score", "hand": "123m456p789s234s55p", "win": "5p", "rules": ["riichi"]})
    assert bad["error"]["field"] == "rules"
    assert _ask({"op": "score", "hand": "123m456p789s234s55p"})["error"]["type"] == "RequestError"
    bad = _ask({"op": "score", "hand": "123m456p789s2x34s55p", "win": "5p"})
    assert bad["error"]["type"] == "HandError" and bad["error"]["position"] == 13


def _cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "paili", "score", *args], input=stdin, capture_output=True,
                          text=True, env={"PYTHONPATH": str(ENGINE)}, timeout=60)


def test_cli_prints_yaku_fu_and_payments() -> None:
    run = _cli("123m456p789s234s55p", "--win", "4s", "--riichi", "--seat", "2z", "--dora", "4p", "--honba", "1",
               "--sticks", "1")
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0].startswith("hand      123m45556p234789s   win 4s (non-dealer, ron)")
    assert "  riichi             1 han" in lines and "  dora               3 han" in lines
    assert "value     5 han 30 fu  mangan" in lines
    assert "fu        20 base (futei) + 10 closed hand won by ron (menzen kafu)" in lines
    assert lines[-1] == "points    8000   (the discarder pays 8300; the winner gets 9300 in all)"
    run = _cli("123m456p234s55p [789s]", "--win", "5p", "--tsumo")
    assert "no yaku" in run.stdout and run.returncode == 0
    run = _cli("123m456p789s234s55p", "--win", "4s", "--tsumo", "--double-riichi", "--json", "--rules", "ema",
               "--rule", "kiriage=true")
    result = json.loads(run.stdout)
    assert result == paili.score("123m456p789s234s55p", win="4s", tsumo=True, riichi=2,
                                 rules={"preset": "ema", "kiriage": True})


def test_cli_errors_name_the_field() -> None:
    run = _cli("123m456p789s234s55p", "--win", "5p", "--ippatsu")
    assert run.returncode == 2 and run.stderr.startswith("paili: ippatsu: ")
    run = _cli("123m456p789s2x34s55p", "--win", "5p")
    assert run.returncode == 2 and run.stderr.splitlines()[-1].endswith("^")


def test_cli_batch_json_lines() -> None:
    lines = [json.dumps({"hand": "123m456p789s234s55p", "win": "4s", "tsumo": True}), "",
             "123m456p789s234s55p", json.dumps({"hand": "123m456p789s234s55p", "nope": 1}), "123m"]
    run = _cli("--win", "5p", "--riichi", "--seat", "3z", stdin="\n".join(lines) + "\n")
    assert run.returncode == 1
    out = [json.loads(line) for line in run.stdout.splitlines()]
    assert len(out) == 4
    assert out[0] == paili.score("123m456p789s234s55p", win="4s", tsumo=True, riichi=1, seat_wind="3z")
    assert out[1] == paili.score("123m456p789s234s55p", win="5p", riichi=1, seat_wind="3z")
    assert out[2]["error"]["message"] == "expected the keys of paili.score(), got 'nope'"
    assert out[3]["input"] == "123m" and "3k+1" in out[3]["error"]["message"]


def test_score_waits_scores_each_wait_by_ron_and_tsumo() -> None:
    rows = paili.score_waits("23m456p789s234s55p", seat_wind="2z", riichi=1, dora="3m")
    assert [r["tile"] for r in rows] == ["1m", "4m"] and [r["remaining"] for r in rows] == [4, 4]
    for row in rows:
        whole = "23m456p789s234s55p" + row["tile"]
        assert row["ron"] == paili.score(whole, win=row["tile"], seat_wind="2z", riichi=1, dora="3m")
        assert row["tsumo"] == paili.score(whole, win=row["tile"], tsumo=True, seat_wind="2z", riichi=1, dora="3m")
    assert rows[1]["ron"]["han"] == rows[0]["ron"]["han"] + 1  # the 4m is a dora
    assert paili.score_waits("123m456p789s1235z") == []  # not tenpai
    no_yaku = paili.score_waits("23m456p789s55p [234s]")
    assert all(r["ron"]["no_yaku"] and r["tsumo"]["no_yaku"] for r in no_yaku)
    rinshan = paili.score_waits("23m456p789s55p (1111z)", rinshan=True)
    assert all(r["ron"] is None and "rinshan" in [y["id"] for y in r["tsumo"]["yaku"]] for r in rinshan)
    chankan = paili.score_waits("13m456p789s234s55p", chankan=True)
    assert [(r["tile"], r["ron"]["han"], r["tsumo"]) for r in chankan] == [("2m", 1, None)]


def test_score_waits_errors() -> None:
    import pytest

    for options, field in (({"ippatsu": True}, "ippatsu"), ({"win": "1m"}, "win")):
        with pytest.raises(paili.HandError) as info:
            paili.score_waits("23m456p789s234s55p", **options)  # type: ignore[arg-type]
        assert info.value.field == field
    with pytest.raises(paili.HandError) as info:
        paili.score_waits("123m456p789s234s55p")
    assert info.value.field == "hand"
    answer = _ask({"op": "score_waits", "hand": "23m456p789s234s55p", "riichi": 1})
    assert answer["ok"] is True and [r["tile"] for r in answer["result"]] == ["1m", "4m"]
    answer = _ask({"op": "score_waits", "hand": "23m456p789s234s55p", "riichi": 1, "tsumo": True})
    assert answer["error"]["type"] == "HandError" and answer["error"]["field"] == "tsumo"
    assert _ask({"op": "score_waits", "hand": "23m456p789s234s55p", "seat_wind": "9z"})["error"]["field"] == "seat_wind"


def test_cli_without_win_scores_each_wait() -> None:
    run = _cli("23m456p789s234s55p", "--riichi", "--seat", "2z", "--dora", "3m")
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == [
        "wait   left  ron                         tsumo",
        "1m        4  2000 (2 han 30 fu)          2700 (3 han 20 fu, 1300/700)",
        "4m        4  3900 (3 han 30 fu)          5200 (4 han 20 fu, 2600/1300)"]
    run = _cli("23m456p789s234s55p", "--json")
    assert json.loads(run.stdout) == json.loads(json.dumps(paili.score_waits("23m456p789s234s55p")))
    assert _cli("123m456p789s1235z").stdout.strip() == "not tenpai: no wait to score"
    assert "no yaku" in _cli("23m456p789s55p [234s]").stdout


def test_cli_scores_a_chinese_official_win() -> None:
    """``--rules gb``: the fans, the total (legal or short of 8), the payments; flowers and 和绝张 taken, riichi's
    options refused, the JSON that of paili.score, each wait's discard win without ``--win``."""
    run = _cli("123m456p789s11z [555z]", "--win", "1z", "--rules", "gb", "--tsumo", "--flowers", "2")
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0].split() == ["hand", "123m456p789s11z", "[555z]", "win", "1z", "(tsumo)"]
    assert [line.split()[0] for line in lines[2:8]] == ["mixed_straight", "all_types", "dragon_pung", "single_wait",
                                                        "self_drawn", "flower_tiles"]
    assert lines[7].split() == ["flower_tiles", "1", "fan", "x2"]
    assert lines[8].split() == ["value", "20", "fans:", "a", "legal", "win"]
    assert lines[9].split()[1:] == ["each", "other", "player", "pays", "28;", "the", "winner", "gets", "84", "in",
                                    "all"]
    run = _cli("123m456p789s11z [555z]", "--win", "9s", "--rules", "gb", "--last-copy", "--json")
    expected = paili.score("123m456p789s11z [555z]", win="9s", rules="gb", last_copy=True)
    assert "last_tile" in {f["id"] for f in expected["fans"]}  # 和绝张
    assert json.loads(run.stdout) == json.loads(json.dumps(expected))
    short = _cli("234m567m22p [345s] [678s]", "--win", "3m", "--rules", "gb", "--lang", "zh-Hans")
    assert short.returncode == 0 and "7番，不足8番：不能和牌" in short.stdout and "支付" not in short.stdout
    waits = _cli("34m567m22p [345s] [678s]", "--rules", "gb").stdout.splitlines()
    assert [line.split()[:3] for line in waits if not line.startswith(" ")] == [
        ["2m", "4", "left"], ["5m", "3", "left"], ["8m", "4", "left"]]
    assert "7 fans, short of 8: no win" in waits[-5]
    refused = _cli("234m567m22p345s678s", "--win", "3m", "--rules", "gb", "--riichi")
    assert refused.returncode == 2 and "riichi" in refused.stderr
    assert _cli("234m567m22p345s678s", "--win", "3m", "--flowers", "1").returncode == 2  # flowers: gb only
    batch = _cli("--rules", "gb", stdin='{"hand": "123m456p789s11z [555z]", "win": "1z", "flowers": 1}\n')
    assert json.loads(batch.stdout)["fan"] == 18
