"""The season page (issue 41), as a player uses it: several logs opened at once (one gzip-compressed, one
malformed), every seat or one player's reviewed in the page's engine, then the statistics table with the figures
`review-many` gives for the same logs, a chart of each game drawn by uPlot, the costliest decisions linked to
the analyzer, the malformed file listed as skipped, and the records saved as the command line's JSON lines. At
360 px and on a desktop."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect
from test_advice_page import DESKTOP, no_horizontal_scroll
from test_phone import SMALL, TOUCH
from test_season import GAME1, GAME2

from paili import api
from paili.season.sources import read_text


def logs(tmp_path: Path) -> list[Path]:
    """The two hand-made games of tests/test_season.py (the second gzip-compressed) and a file that is no log."""
    first, second, bad = tmp_path / "game1.json", tmp_path / "game2.json.gz", tmp_path / "notes.json"
    first.write_text(json.dumps(GAME1, ensure_ascii=False), encoding="utf-8")
    second.write_bytes(gzip.compress(json.dumps(GAME2, ensure_ascii=False).encode()))
    bad.write_text("{not json", encoding="utf-8")
    return [first, second, bad]


def expected(paths: list[Path], player: str = "") -> dict[str, Any]:
    """The season the engine sums for these logs with the page's options (review's defaults), through the API."""
    records = []
    for path in paths[:2]:
        names = (GAME1 if path.name == "game1.json" else GAME2)["name"]
        for seat, name in enumerate(names):
            if player and name != player:
                continue
            answer = json.loads(api.handle(json.dumps({"op": "season_unit", "log": read_text(path), "seat": seat,
                                                       "file": path.name})))
            records.append(answer["result"])
    result: dict[str, Any] = json.loads(api.handle(json.dumps({"op": "season_summary", "records": records})))["result"]
    return result


def review(page: Page, paths: list[Path], player: str = "") -> tuple[dict[str, Any], list[Locator]]:
    """Review the season on the page, until done: the engine's season for these logs and the table's rows (one
    a player, as many as it has)."""
    page.get_by_role("button", name="Review the season").click()
    expect(page.locator("html")).to_have_attribute("data-season", "done", timeout=300_000)
    want = expected(paths, player)
    rows = page.locator("#season-table tbody tr")
    expect(rows).to_have_count(len(want["players"]))
    return want, rows.all()


def percent(p: float | None) -> str:
    return "—" if p is None else f"{p * 100:.1f}%"


@pytest.mark.parametrize("size", [SMALL, DESKTOP], ids=["phone-360", "desktop"])
@pytest.mark.browser_context_args(**TOUCH)
def test_a_season_of_logs_gives_the_command_lines_statistics(page: Page, site_url: str, size: dict[str, int],
                                                              tmp_path: Path) -> None:
    page.set_viewport_size(size)
    page.goto(f"{site_url}season.html")
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=60_000)
    paths = logs(tmp_path)
    page.set_input_files("#season-files", [str(p) for p in paths])
    expect(page.locator("html")).to_have_attribute("data-season", "listed", timeout=30_000)
    expect(page.locator("#season-listed")).to_have_text("Logs read: 2; seats to review: 8; files skipped: 1.")
    want, rows = review(page, paths)
    for row, p in zip(rows, want["players"], strict=True):
        cells = [c.inner_text() for c in row.locator("th, td").all()]
        assert cells[:7] == [p["name"], str(p["games"]), str(p["rounds"]), percent(p["win_rate"]),
                             percent(p["deal_in_rate"]), percent(p["riichi_rate"]), percent(p["call_rate"])]
        assert cells[9:11] == [str(p["decisions"]), percent(p["best_rate"])]
        assert cells[11] == f"{round(p['loss_per_game']):,}"
    # the chart: uPlot's canvas, drawn for the first player's games
    first = want["players"][0]
    chart = page.locator("#season-chart")
    expect(chart).to_have_attribute("data-games", str(first["games"]))
    canvas = chart.locator("canvas")
    expect(canvas).to_have_count(1)
    box = canvas.bounding_box()
    assert box is not None and box["width"] > 200 and box["height"] > 100
    assert page.evaluate("""() => {
        const canvas = document.querySelector('#season-chart canvas');
        const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
        let red = 0;
        for (let i = 0; i < data.length; i += 4) if (data[i] > 150 && data[i + 1] < 90 && data[i + 2] < 90) red++;
        return red;
    }""") > 20  # the loss line (#c0392b) is drawn
    costly = page.locator("#season-costly a")
    expect(costly).to_have_count(len(first["costliest"]))
    if first["costliest"]:
        assert costly.first.get_attribute("href") == first["costliest"][0]["url"].replace(
            "http://127.0.0.1:8000/", site_url)
    expect(page.locator("#season-skipped")).to_contain_text("notes.json")
    # the summary is above the inputs once there are figures: the answer first
    summary, inputs = page.locator("#season-summary").bounding_box(), page.locator(".season-input").bounding_box()
    assert summary is not None and inputs is not None and summary["y"] < inputs["y"]
    no_horizontal_scroll(page)
    with page.expect_download() as info:
        page.get_by_role("button", name="Save the records (JSON lines)").click()
    lines = Path(info.value.path()).read_text().splitlines()
    assert len(lines) == 8 and all(json.loads(line)["options"] == {"turns": 17, "max_shanten": 2} for line in lines)


def test_one_players_seats(page: Page, site_url: str, tmp_path: Path) -> None:
    """Only Ann's seats: two reviews, one row."""
    page.goto(f"{site_url}season.html")
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=60_000)
    paths = logs(tmp_path)
    page.set_input_files("#season-files", [str(p) for p in paths[:2]])
    expect(page.locator("html")).to_have_attribute("data-season", "listed", timeout=30_000)
    page.get_by_label("Only this player's seats").fill("Ann")
    expect(page.locator("#season-listed")).to_have_text("Logs read: 2; seats to review: 2; files skipped: 0.")
    want, rows = review(page, paths, "Ann")
    assert [p["name"] for p in want["players"]] == ["Ann"] and want["players"][0]["games"] == 2
    expect(rows[0].locator("th")).to_have_text("Ann")
    expect(rows[0].locator("td").first).to_have_text("2")


def test_a_season_goes_on_from_saved_records(page: Page, site_url: str, tmp_path: Path) -> None:
    """Records saved by `review-many --out` (or by this page) are not reviewed again: the page keys each seat as
    the command line does (the SHA-256 of the log's text and the seat), takes the saved record, and the figures
    are the same as a whole run's."""
    from paili.cli.season import main

    paths = logs(tmp_path)
    out = tmp_path / "season.jsonl"
    assert main([str(paths[0]), "--out", str(out), "--json"]) == 0  # game 1 reviewed on the command line
    page.goto(f"{site_url}season.html")
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=60_000)
    page.set_input_files("#season-saved", str(out))
    expect(page.locator("#season-saved-note")).to_have_text("Saved records read: 4; lines not read: 0.")
    page.set_input_files("#season-files", [str(p) for p in paths[:2]])
    expect(page.locator("#season-listed")).to_have_text(
        "Logs read: 2; seats to review: 8; files skipped: 0. 4 of them are in the saved records and are not "
        "reviewed again.")
    want, rows = review(page, paths)
    for row, p in zip(rows, want["players"], strict=True):
        assert row.locator("th").inner_text() == p["name"]
        assert row.locator("td").nth(8).inner_text() == str(p["decisions"])
