"""The review on real play: the public real rounds of Equim-chan/mjai-reviewer's test data (Apache-2.0, copied
in tests/data/mjai-reviewer with their licence): twenty single rounds of Tenhou games, chosen by that project
for their hard cases (calls of a tile thrown twice, kans, chankan, a double ron, four riichi, an abort).

* every round reviews on every seat, the table counted (review's default), with no error: each decision after
  another player's riichi knows that player's riichi tile, and its rows carry their chance to deal in;
* a discard that is genbutsu against every riichi player (safe by the rules) is graded best or close (within
  100 expected points), as a strong player would read it (issue 40).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import paili
from paili.logs import read_log

sys.path.insert(0, str(Path(__file__).parent / "bench"))
from bench_review_real import genbutsu, table_states  # noqa: E402

REAL = Path(__file__).parent / "data" / "mjai-reviewer"
ROUNDS = sorted(REAL.glob("*.json"))


def test_the_real_rounds_are_here_with_their_licence() -> None:
    assert len(ROUNDS) == 20
    assert "Apache License" in (REAL / "LICENSE").read_text()


@pytest.mark.parametrize("path", ROUNDS, ids=[p.stem for p in ROUNDS])
def test_every_real_round_reviews_on_every_seat(path: Path) -> None:
    text = path.read_text()
    game = read_log(text)
    for seat in range(len(game.players)):
        review = paili.review(text, seat=seat, turns=4, max_shanten=1)
        for r in review["rounds"]:
            for d in r["decisions"]:
                if d["kind"] != "discard" or d["opponents"] is None:
                    continue
                riichi = [p for p in d["opponents"].values() if p["riichi"] is not None]
                assert all(0 <= p["riichi"] < len(p["discards"]) for p in riichi)
                assert all("deal_in" in row for row in d["rows"])
                assert d["opponents_text"] is not None
                assert paili.read_opponents(d["opponents_text"])["seats"] == d["opponents"]


def test_a_genbutsu_discard_under_riichi_is_graded_best_or_close() -> None:
    """The rounds with a riichi whose other players then threw genbutsu (four_reach, double_ron, rinshan), every
    seat, review's default horizon: each such discard is graded best or close."""
    seen = graded = 0
    for name in ("four_reach", "double_ron", "rinshan"):
        text = (REAL / f"{name}.json").read_text()
        game = read_log(text)
        for seat in range(len(game.players)):
            review = paili.review(text, seat=seat)
            for index, r in enumerate(game.rounds):
                decisions = {d["step"]: d for d in review["rounds"][index]["decisions"]
                             if d["kind"] == "discard" and d["rows"]}
                for step, views in table_states(game, r):
                    riichi = [v for v in views if v.seat != seat and v.in_riichi]
                    d = decisions.get(step)
                    if d is None or not riichi:
                        continue
                    if not all(genbutsu(v, paili.tile_from_name(d["played"])) for v in riichi):
                        continue
                    seen += 1
                    graded += d["loss"] is not None and (d["loss"]["ev"] or 0.0) <= 100
    assert seen >= 5
    assert graded == seen
