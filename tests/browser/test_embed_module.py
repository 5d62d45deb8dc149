"""paili.mjs, the embedding module, used the way another site would use it.

The embedding page is a bare HTML page served (by Playwright routing) from a sub-folder of the site, so it
starts no engine of its own and passes `baseUrl` like an embedder. The expected answers are computed in this
process with `paili.analyze`: the browser must return exactly the same JSON.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from playwright.sync_api import Page, Route

import paili
import paili.api

EMBEDDER = "embedder/index.html"
HANDS = 300
SEED = 20240611


@pytest.fixture
def embed_page(page: Page, site_url: str) -> Page:
    """A blank page at <site>/embedder/ with `window.paili` = the imported module."""

    def blank(route: Route) -> None:
        route.fulfill(status=200, content_type="text/html", body="<!doctype html><title>embedder</title>")

    page.route(site_url + EMBEDDER, blank)
    page.goto(site_url + EMBEDDER)
    page.evaluate("async () => { window.paili = await import('../paili.mjs'); }")
    return page


def start(page: Page) -> list[str]:
    """createEngine with an explicit relative baseUrl; returns the progress messages seen."""
    messages: list[str] = page.evaluate(
        """async () => {
            const progress = [];
            window.engine = await window.paili.createEngine({
                baseUrl: "../", onProgress: (message) => progress.push(message) });
            return progress;
        }"""
    )
    return messages


def random_hand(rng: random.Random) -> str:
    """A random hand: 1 to 14 concealed tiles (3k+1 or 3k+2) dealt from a wall with one red five per suit,
    sometimes with a called chi or pon, sometimes spoiled (a bad character) to compare errors too."""
    wall = [f"{d}{s}" for s in "mps" for d in "123456789" for _ in range(4)] + [
        f"{d}z" for d in "1234567" for _ in range(4)
    ]
    for suit in "mps":
        wall[wall.index(f"5{suit}")] = f"0{suit}"
    rng.shuffle(wall)
    melds: list[str] = []
    if rng.random() < 0.2:
        suit = rng.choice("mps")
        if rng.random() < 0.5:
            low = rng.randint(1, 7)
            melds.append(f"[{low}{low + 1}{low + 2}{suit}]")
        else:
            digit = rng.choice("12346789")
            melds.append(f"[{digit * 3}{suit}]")
    size = rng.choice([1, 2, 4, 5, 7, 8, 10, 11, 13, 14])
    size = min(size, 14 - 3 * len(melds))
    if size % 3 == 0:
        size += 1
    tiles = wall[:size]
    text = "".join(tile for tile in tiles)  # one group per tile, "1m5p1m": the engine canonicalises it
    if rng.random() < 0.05:
        cut = rng.randrange(len(text) + 1)
        text = text[:cut] + rng.choice("x8z ]0") + text[cut:]
    return " ".join([text, *melds])


def expected(hand: str) -> dict[str, Any]:
    try:
        return {"ok": True, "result": paili.analyze(hand)}
    except paili.HandError as error:
        return {"ok": False, "error": {"type": "HandError", "message": error.message, "position": error.position,
                                       "field": error.field}}


def test_start_reports_progress_then_ready(embed_page: Page) -> None:
    progress = start(embed_page)
    assert progress, "no progress was reported"
    assert all(isinstance(m, str) and m for m in progress)
    version = embed_page.evaluate("window.engine.version")
    assert version == json.loads(paili.api.handle('{"op": "version"}'))["result"]["version"]


def test_same_json_as_python_for_random_hands(embed_page: Page) -> None:
    rng = random.Random(SEED)
    hands = [random_hand(rng) for _ in range(HANDS)]
    hands += ["123m456p789s11122z", "123m456p22z [789s] (1111z)", "19m19p19s12345677z", "123m8z", ""]
    start(embed_page)
    answers: list[dict[str, Any]] = embed_page.evaluate(
        """async (hands) => {
            const settled = await Promise.allSettled(hands.map((hand) => window.engine.analyze(hand)));
            return settled.map((s) => s.status === "fulfilled"
                ? { ok: true, result: s.value }
                : { ok: false, error: { type: s.reason.type, message: s.reason.message, position: s.reason.position,
                                        field: s.reason.field, isError: s.reason instanceof Error } });
        }""",
        hands,
    )
    assert len(answers) == len(hands)
    errors = 0
    for hand, answer in zip(hands, answers, strict=True):
        if not answer["ok"]:
            assert answer["error"].pop("isError") is True, hand
            errors += 1
        assert answer == expected(hand), hand
    assert 0 < errors < len(hands) // 2, "the random hands should be mostly valid, with some errors"


def test_concurrent_requests_resolve_to_their_callers(embed_page: Page) -> None:
    start(embed_page)
    hands = ["123m456p789s11122z", "1m", "123m8z", "11223344556677m", "123456789p1122z", "19m19p19s1234567z"]
    # fire them all before awaiting any, interleaved with the generic request() and a bad request
    answers = embed_page.evaluate(
        """async (hands) => {
            const e = window.engine;
            const promises = [];
            for (const hand of hands) {
                promises.push(e.analyze(hand));
                promises.push(e.request("version"));
            }
            promises.push(e.request("no-such-op", {}));
            const settled = await Promise.allSettled(promises);
            return settled.map((s) => s.status === "fulfilled" ? ["ok", s.value]
                                                                  : ["error", s.reason.type, s.reason.message]);
        }""",
        hands,
    )
    for i, hand in enumerate(hands):
        analysis, version = answers[2 * i], answers[2 * i + 1]
        want = expected(hand)
        if want["ok"]:
            assert analysis == ["ok", want["result"]], hand
        else:
            assert analysis == ["error", "HandError", want["error"]["message"]], hand
        assert version[0] == "ok"
    assert answers[-1][0] == "error"
    assert answers[-1][1] == "RequestError"


def test_close_rejects_what_is_pending(embed_page: Page) -> None:
    start(embed_page)
    outcome = embed_page.evaluate(
        """async () => {
            const e = window.engine;
            const pending = [e.analyze("123m456p789s11122z"), e.analyze("1235m456p789s1122z"), e.request("version")];
            e.close();
            const settled = await Promise.allSettled(pending);
            const later = await e.analyze("1m").then(() => "resolved", (err) => err.type);
            return { settled: settled.map((s) => s.status === "rejected" ? s.reason.type : "fulfilled"), later };
        }"""
    )
    assert outcome == {"settled": ["EngineClosed"] * 3, "later": "EngineClosed"}


def test_create_engine_rejects_when_the_site_is_broken(embed_page: Page, site_url: str) -> None:
    """A build-info.json naming a wheel that is not a wheel: createEngine rejects with the reason."""
    context = embed_page.context

    def build_info(route: Route) -> None:
        body = json.dumps({"version": "0", "wheel": "wheels/broken-0-py3-none-any.whl", "pyodide": "pyodide/"})
        route.fulfill(status=200, content_type="application/json", body=body)

    def not_a_wheel(route: Route) -> None:
        route.fulfill(status=200, content_type="application/octet-stream", body=b"not a zip file")

    context.route(site_url + "build-info.json", build_info)
    context.route(site_url + "wheels/broken-0-py3-none-any.whl", not_a_wheel)
    error = embed_page.evaluate(
        """async () => {
            try { await window.paili.createEngine({ baseUrl: "../" }); return null; }
            catch (err) { return { type: err.type, message: err.message, isError: err instanceof Error }; }
        }"""
    )
    assert error is not None, "createEngine resolved for a broken site"
    assert error["isError"] and error["type"] == "EngineFailed"
    assert error["message"]


def test_score_gives_the_same_json_as_python(embed_page: Page) -> None:
    from scoring_cases import random_cases

    cases = list(random_cases(SEED, 40))
    cases.append({"hand": "123m456p789s234s55p", "win": "5p", "ippatsu": True})  # an error: ippatsu, no riichi
    start(embed_page)
    answers: list[dict[str, Any]] = embed_page.evaluate(
        """async (cases) => {
            const settled = await Promise.allSettled(cases.map(({ hand, ...options }) =>
                window.engine.score(hand, options)));
            return settled.map((s) => s.status === "fulfilled" ? { ok: true, result: s.value }
                : { ok: false, error: { type: s.reason.type, message: s.reason.message,
                    position: s.reason.position, field: s.reason.field } });
        }""",
        cases,
    )
    for case, answer in zip(cases, answers, strict=True):
        try:
            want: dict[str, Any] = {"ok": True, "result": json.loads(json.dumps(paili.score(**case)))}
        except paili.HandError as error:
            want = {"ok": False, "error": {"type": "HandError", "message": error.message, "position": error.position,
                                           "field": error.field}}
        assert answer == want, case
    assert answers[-1]["error"]["field"] == "ippatsu"
