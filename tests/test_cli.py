"""The command line as a package (:mod:`paili.cli`): its help lists every command, and the advise command
(issue 37) prints the advisor's discard table as the page shows it, its JSON being :func:`paili.advise`'s."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import paili
from paili.cli import COMMANDS, main

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "paili", *args], capture_output=True, text=True, timeout=120,
                          env={"PYTHONPATH": str(ROOT / "engine"), "LANG": "C"})


def test_the_help_lists_every_command_with_one_line() -> None:
    out = run("--help")
    assert out.returncode == 0
    listed = [line.split()[0] for line in out.stdout.split("commands:", 1)[1].splitlines()[1:] if line.startswith("  ")]
    assert listed == ["HAND", *COMMANDS]
    assert set(COMMANDS) == {"advise", "call", "score", "review"}
    for name in COMMANDS:  # each command answers its own --help
        assert run(name, "--help").returncode == 0


def test_advise_prints_the_advisors_table_best_first(capsys: pytest.CaptureFixture[str]) -> None:
    hand = "123m456p789s11223z"
    assert main(["advise", hand, "--turns", "8", "--dora", "1z", "--lang", "en"]) == 0
    lines = capsys.readouterr().out.splitlines()
    want = paili.advise(hand, turns=8, dora="1z", improvements=False)
    assert lines[1].split() == ["Discard", "Shanten", "Count", "Win", "Tenpai", "Points"]
    rows = [line.split() for line in lines[2:2 + len(want["discards"])]]
    for cells, row in zip(rows, want["discards"], strict=True):
        assert cells == [row["tile"], str(row["shanten"]), str(row["ukeire"]["total"]),
                         f"{100 * row['p_win'][-1]:.1f}%", f"{100 * row['p_tenpai'][-1]:.1f}%", f"{row['ev'][-1]:,.0f}"]
    assert lines[2 + len(want["discards"])].startswith("Assumes: self-draws only, within 8 draws; riichi as soon as")
    assert "dora indicators: 1z" in lines[2 + len(want["discards"])]


def test_advise_json_is_the_library_answer(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["advise", "23456m344p678s555z", "--turns", "5", "--riichi", "dama", "--seat-wind", "2z", "--json"]
    assert main(args) == 0
    assert json.loads(capsys.readouterr().out) == paili.advise("23456m344p678s555z", turns=5, riichi="dama",
                                                                seat_wind="2z", improvements=False)


def test_advise_in_japanese_and_unscored_rule_sets(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["advise", "123m456p789s11223z", "--turns", "4", "--lang", "ja"]) == 0
    assert "前提：ツモのみ、4ツモ以内" in capsys.readouterr().out
    assert main(["advise", "123m456p789s11223z", "--turns", "4", "--rules", "gb", "--lang", "en"]) == 0
    assert "Points are GB's expected payment" in capsys.readouterr().out
    assert main(["advise", "1234p5679s111z223z", "--turns", "4", "--rules", "sanma", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "Points" not in out.splitlines()[1] and "chances only" in out


def test_a_bad_hand_is_refused_in_words_with_exit_status_2() -> None:
    out = run("advise", "123m456p789s1122xz")
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert "paili: hand: expected a digit or a suit letter" in out.stderr and out.stderr.rstrip().endswith("^")
    out = run("advise", "123m456p789s1122z")  # 13 tiles: no discard to choose
    assert out.returncode == 2 and "Traceback" not in out.stderr
