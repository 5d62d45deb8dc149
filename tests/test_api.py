"""analyze(), the JSON entry point and the CLI: shapes of results, error envelopes, fuzzing."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import scaled

import paili
from paili.api import handle

ENGINE = Path(__file__).resolve().parents[1] / "engine"


def test_analyze_a_win_lists_every_reading() -> None:
    r = paili.analyze("123m456p789s11122z")
    assert r["agari"] is True and r["shanten"]["min"] == -1 and r["tiles"] == 14
    assert r["decompositions"] == [{"form": "regular", "pair": "2z", "triplets": ["1z"],
                                    "sequences": ["1m", "4p", "7s"], "flags": []}]
    assert "waits" not in r and len(r["discards"]) == 11


def test_analyze_both_regular_and_seven_pairs() -> None:
    forms = [d["form"] for d in paili.analyze("11223344556677m")["decompositions"]]
    assert forms == ["regular", "regular", "regular", "chiitoitsu"]


def test_analyze_thirteen_orphans_and_flags() -> None:
    r = paili.analyze("19m19p19s1234567z9m")
    assert r["agari"] and r["decompositions"] == [{"form": "kokushi", "pair": "9m", "flags": []}]
    gates = paili.analyze("11123455678999m")["decompositions"]
    assert all("nine_gates" in d["flags"] for d in gates)
    straight = paili.analyze("123456789m11p123s")["decompositions"][0]
    assert "pure_straight" in straight["flags"]
    # Closed-only flags disappear once the hand is open.
    open_hand = paili.analyze("112233m44p [789s] [123p]")["decompositions"][0]
    assert "iipeikou" not in open_hand["flags"]
    assert "iipeikou" in paili.analyze("112233m44p789s123p")["decompositions"][0]["flags"]


def test_analyze_tenpai_hand_gives_waits_and_ukeire() -> None:
    r = paili.analyze("1112345678999m")
    assert [w["tile"] for w in r["waits"]] == [f"{d}m" for d in range(1, 10)]
    assert r["ukeire"]["total"] == sum(w["remaining"] for w in r["waits"]) == 23


def test_analyze_with_melds_argument_and_visible_tiles() -> None:
    r = paili.analyze("123m456p11z", melds=["[789s]", "(2222z)"], visible="3m3m")
    assert [m["type"] for m in r["melds"]] == ["chi", "ankan"]
    assert r["shanten"] == {"min": -1, "regular": -1, "chiitoitsu": None, "kokushi": None}
    row = next(d for d in r["discards"] if d["tile"] == "3m")
    assert row["after"] == "12m456p11z [789s] (2222z)"
    # 3m: 4 - 0 in hand after the discard - 1 discarded - 2 visible = 1 left.
    assert {"tile": "3m", "remaining": 1} in row["ukeire"]["tiles"]


def test_red_fives_are_kept_in_the_hand_and_discards() -> None:
    r = paili.analyze("123m406p789s11122z")
    assert r["hand"] == "123m406p789s11122z"
    assert r["concealed"][3:6] == ["4p", "0p", "6p"]
    row = next(d for d in r["discards"] if d["tile"] == "0p")
    assert row["after"] == "123m46p789s11122z" and "red" not in row
    assert row["after_concealed"][3:5] == ["4p", "6p"]


@pytest.mark.parametrize("bad", ["123m8z", "1m2", "", "1111m1m23456789p", "[123z]123m", "00m", "12m(123m"])
def test_bad_hands_raise_hand_error_with_a_message(bad: str) -> None:
    with pytest.raises(paili.HandError) as info:
        paili.analyze(bad)
    assert info.value.message and isinstance(info.value, ValueError)


def test_bad_options_are_hand_errors() -> None:
    with pytest.raises(paili.HandError, match="rules"):
        paili.analyze("123m456p789s1122z", rules="hk")
    with pytest.raises(paili.HandError, match="visible"):
        paili.analyze("123m456p789s1122z", visible="1111z")


def test_handle_answers_results_and_errors() -> None:
    ok = json.loads(handle(json.dumps({"op": "analyze", "hand": "123m456p789s1122z"})))
    assert ok == {"ok": True, "result": paili.analyze("123m456p789s1122z")}
    bad = json.loads(handle(json.dumps({"op": "analyze", "hand": "123m8z"})))
    assert bad["ok"] is False and bad["error"]["type"] == "HandError" and bad["error"]["position"] == 4
    for request in ["nope", "[]", '{"op": "fly"}', '{"op": "analyze"}', '{"op": "analyze", "hand": 5}',
                    '{"op": "analyze", "hand": "11z", "melds": 3}']:
        answer = json.loads(handle(request))
        assert answer["ok"] is False and answer["error"]["type"] == "RequestError", request
    assert json.loads(handle('{"op": "version"}'))["result"]["version"] == paili.__version__


WARM_CHECK = """
from paili import api
from paili.tables import agari_index
before = agari_index.load.cache_info().currsize
answer = api.handle('{"op": "warm"}')
print(before, agari_index.load.cache_info().currsize, answer)
"""


def test_warm_builds_the_tables_built_on_first_use() -> None:
    """The worker's warm-up (before it says it is ready) leaves the winning-shape index loaded (a fresh process:
    in this one other tests have loaded it already)."""
    run = subprocess.run([sys.executable, "-c", WARM_CHECK], capture_output=True, text=True,
                         env={"PYTHONPATH": str(ENGINE)}, timeout=120, check=True)
    before, after, answer = run.stdout.split(" ", 2)
    assert (before, after, json.loads(answer)) == ("0", "1", {"ok": True, "result": {}})


def test_huge_input_is_rejected_at_once() -> None:
    start = time.perf_counter()
    with pytest.raises(paili.HandError):
        paili.analyze("1m" * 5000)
    assert json.loads(handle(json.dumps({"op": "analyze", "hand": "1" * 10_000})))["ok"] is False
    refused = json.loads(handle(json.dumps({"op": "review", "log": "x" * 2_000_000})))
    assert not refused["ok"] and refused["error"]["type"] == "RequestError" and "at most" in refused["error"]["message"]
    assert time.perf_counter() - start < 5  # generous: a guard against quadratic work, not a benchmark


def test_a_whole_games_log_fits_a_request() -> None:
    """A review's log is long: an 8-round game's mjai record (some 60 KB here) is answered, not refused."""
    from selfplay import game
    from test_mjai import to_mjai

    record = to_mjai(game(1, rounds=8))
    assert len(record) > 20_000
    answer = json.loads(handle(json.dumps({"op": "review", "log": record, "seat": 0, "rounds": []})))
    assert answer["ok"] and len(answer["result"]["rounds"]) == 8


@settings(max_examples=scaled(100, 400), deadline=None)
@given(st.text(alphabet="0123456789mpsz []()x-", max_size=40), st.sampled_from(["", "1z", "5m0m", "9s9s9s9s"]))
def test_fuzz_analyze_raises_only_hand_error(text: str, visible: str) -> None:
    try:
        result = paili.analyze(text, visible=visible)
    except paili.HandError:
        return
    json.dumps(result)
    assert result["shanten"]["min"] >= -1


@settings(max_examples=scaled(50, 200), deadline=None)
@given(st.text(max_size=60))
def test_fuzz_handle_never_raises(text: str) -> None:
    for request in (text, json.dumps({"op": "analyze", "hand": text})):
        answer = json.loads(handle(request))
        assert answer["ok"] in (True, False)
        if not answer["ok"]:
            assert answer["error"]["type"] in ("HandError", "RequestError")


def _cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "paili", *args], input=stdin, capture_output=True, text=True,
                          env={"PYTHONPATH": str(ENGINE)}, timeout=60, check=False)


def test_cli_prints_a_readable_analysis_and_json() -> None:
    text = _cli("123m456p789s11122z")
    assert text.returncode == 0 and "complete (agari)" in text.stdout and "pair 2z" in text.stdout
    as_json = _cli("--json", "123m456p789s1122z")
    assert json.loads(as_json.stdout) == paili.analyze("123m456p789s1122z")
    bad = _cli("123m8z")
    assert bad.returncode == 2 and "character 5" in bad.stderr and "^" in bad.stderr


def test_cli_batch_mode_writes_json_lines() -> None:
    run = _cli(stdin="123m456p789s11122z\n\nnot a hand\n1112345678999m\n")
    lines = [json.loads(line) for line in run.stdout.splitlines()]
    assert run.returncode == 1 and len(lines) == 3
    assert lines[0] == paili.analyze("123m456p789s11122z")
    assert lines[1]["input"] == "not a hand" and lines[1]["error"]["type"] == "HandError"
    assert lines[2]["shanten"]["min"] == 0


@pytest.mark.parametrize("hand", ["", "123m", "123m456p", "1m [111p]", "123m [111p] [222p] [333p]", "05m11z"])
def test_tiles_op_draws_incomplete_hands_like_analyze(hand: str) -> None:
    """The tiles op accepts any count a hand being built has; its tiles are those analyze writes for the same
    tiles plus one (a count analyze accepts)."""
    reply = json.loads(handle(json.dumps({"op": "tiles", "hand": hand})))
    assert reply["ok"], reply
    plus_one = paili.analyze(hand + "7z") if hand.count("[") < 4 else None
    result = reply["result"]
    assert result["tiles"] == len(result["concealed"])
    if plus_one is not None:
        assert sorted([*result["concealed"], "7z"]) == sorted(plus_one["concealed"])
        assert [m["text"] for m in result["melds"]] == [m["text"] for m in plus_one["melds"]]


@pytest.mark.parametrize(("hand", "needle"), [
    ("11111m", "5th"), ("00m", "red five"), ("123456789m123456p", "at most 14"),
    ("123z [111p] [222p] [333p] [444p]", "at most 14")])
def test_tiles_op_keeps_the_other_limits(hand: str, needle: str) -> None:
    reply = json.loads(handle(json.dumps({"op": "tiles", "hand": hand})))
    assert not reply["ok"] and reply["error"]["type"] == "HandError" and needle in reply["error"]["message"]


def test_a_chinese_official_score_request_passes_flowers_and_last_copy_on() -> None:
    """The worker's score op takes GB's own keys: the answer is paili.score's with them, flowers counted."""
    request = {"op": "score", "hand": "123m456p789s11z [555z]", "win": "9s", "rules": "gb", "flowers": 2,
               "last_copy": True}
    answer = json.loads(handle(json.dumps(request)))
    expected = paili.score("123m456p789s11z [555z]", win="9s", rules="gb", flowers=2, last_copy=True)
    assert answer == {"ok": True, "result": expected}
    assert {"id": "flower_tiles", "fan": 1, "count": 2} in expected["fans"]
    assert any(f["id"] == "last_tile" for f in expected["fans"])


def test_call_advice_op_answers_as_the_function() -> None:
    request = {"op": "call_advice", "hand": "3460m55p12789s66z", "offered": "5m", "seat": "left", "turns": 3,
               "dora": "1z", "allow_swap_back": True}
    answer = json.loads(handle(json.dumps(request)))
    assert answer["ok"] is True
    assert answer["result"] == paili.call_advice("3460m55p12789s66z", "5m", seat="left", turns=3, dora="1z",
                                                 allow_swap_back=True)
    assert list(answer["result"]) == ["offered", "seat", "options", "no_calls"]
    assert list(answer["result"]["options"][0]) == ["call", "meld", "discard", "shanten", "p_tenpai", "p_win", "ev",
                                                    "yaku", "rows", "score"]
    bad = json.loads(handle(json.dumps({**request, "seat": "behind"})))
    assert bad["ok"] is False and bad["error"]["field"] == "seat"
    missing = json.loads(handle(json.dumps({"op": "call_advice", "hand": "3460m55p12789s66z"})))
    assert missing["ok"] is False
