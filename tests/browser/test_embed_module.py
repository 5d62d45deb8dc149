"""paili.mjs, the embedding module, used the way another site would use it.

The embedding page is a bare HTML page served (by Playwright routing) from a sub-folder of the site, so it
starts no engine of its own and passes `baseUrl` like an embedder. The expected answers are computed in this
process with `paili.analyze`: the browser must return exactly the same JSON.

The module against the real worker (Pyodide) is the point of most tests here: start-up, the answers of Python in
the browser, a broken site. The tests that only ask what a started engine answers share one embedder page with
the engine started once (`engine_page`); close() (paili.mjs's own bookkeeping) runs on the recorded engine.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from guard import BrowserProblems, fail_if_misbehaved, watch
from playwright.sync_api import Browser, Page, Route

import paili
import paili.api

EMBEDDER = "embedder/index.html"
HANDS = 300
SEED = 20240611


def open_embedder(page: Page, site_url: str) -> None:
    """Open a blank page at <site>/embedder/ with `window.paili` = the imported module."""

    def blank(route: Route) -> None:
        route.fulfill(status=200, content_type="text/html", body="<!doctype html><title>embedder</title>")

    page.route(site_url + EMBEDDER, blank)
    page.goto(site_url + EMBEDDER)
    page.evaluate("async () => { window.paili = await import('../paili.mjs'); }")


@pytest.fixture
def embed_page(page: Page, site_url: str) -> Page:
    """The embedder page in this test's own context (the real worker when the test is marked pyodide)."""
    open_embedder(page, site_url)
    return page


Started = tuple[Page, Any, list[str]]
"""The module's embedder page, the browser problems seen in its context, the progress messages of its start."""


@pytest.fixture(scope="module")
def _started_engine(browser: Browser, site_url: str, request: pytest.FixtureRequest) -> Iterator[Started]:
    """The embedder page with `window.engine` started once on the real worker (Pyodide), for the module; with
    the browser checks of tests/browser/conftest.py on its context (a start that misbehaves fails every test)."""
    context = browser.new_context()
    problems = BrowserProblems()
    unwatch = watch(context, problems)
    try:
        page = context.new_page()
        open_embedder(page, site_url)
        progress = start(page)
        fail_if_misbehaved(problems.report(), "while the engine started")
        yield page, problems, progress
    finally:
        unwatch()
        context.close()


@pytest.fixture
def engine_page(_started_engine: Started, request: pytest.FixtureRequest) -> Iterator[Page]:
    """The module's embedder page with `window.engine` ready on the real worker; what the browser did wrong
    during this test fails it, as with `page`. The tests only send requests: none closes the engine."""
    page, problems, _ = _started_engine
    assert page.evaluate("!window.engine.failed"), "the shared engine failed"
    problems.clear()
    yield page
    fail_if_misbehaved(problems.report(), f"during {request.node.name}")


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


@pytest.mark.pyodide
def test_start_reports_progress_then_ready(_started_engine: Started, engine_page: Page) -> None:
    progress = _started_engine[2]  # what the real worker reported while the module's engine started
    assert progress, "no progress was reported"
    assert all(isinstance(m, str) and m for m in progress)
    version = engine_page.evaluate("window.engine.version")
    assert version == json.loads(paili.api.handle('{"op": "version"}'))["result"]["version"]


@pytest.mark.pyodide
def test_same_json_as_python_for_random_hands(engine_page: Page) -> None:
    rng = random.Random(SEED)
    hands = [random_hand(rng) for _ in range(HANDS)]
    hands += ["123m456p789s11122z", "123m456p22z [789s] (1111z)", "19m19p19s12345677z", "123m8z", ""]
    answers: list[dict[str, Any]] = engine_page.evaluate(
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


@pytest.mark.pyodide
def test_concurrent_requests_resolve_to_their_callers(engine_page: Page) -> None:
    hands = ["123m456p789s11122z", "1m", "123m8z", "11223344556677m", "123456789p1122z", "19m19p19s1234567z"]
    # fire them all before awaiting any, interleaved with the generic request() and a bad request
    answers = engine_page.evaluate(
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
    """close() is paili.mjs's own: it ends the worker and rejects what is pending (recorded engine)."""
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


@pytest.mark.pyodide
def test_create_engine_rejects_when_the_site_is_broken(engine_page: Page, site_url: str) -> None:
    """A build-info.json naming a wheel that is not a wheel: createEngine rejects with the reason. (A second
    engine in the module's page, its runtime files already in the context's cache; the routes that break the
    site are taken away after, the module's engine is not touched.)"""
    context = engine_page.context

    def build_info(route: Route) -> None:
        body = json.dumps({"version": "0", "wheel": "wheels/broken-0-py3-none-any.whl", "pyodide": "pyodide/"})
        route.fulfill(status=200, content_type="application/json", body=body)

    def not_a_wheel(route: Route) -> None:
        route.fulfill(status=200, content_type="application/octet-stream", body=b"not a zip file")

    context.route(site_url + "build-info.json", build_info)
    context.route(site_url + "wheels/broken-0-py3-none-any.whl", not_a_wheel)
    try:
        error = engine_page.evaluate(
            """async () => {
                try { await window.paili.createEngine({ baseUrl: "../" }); return null; }
                catch (err) { return { type: err.type, message: err.message, isError: err instanceof Error }; }
            }"""
        )
    finally:
        context.unroute(site_url + "build-info.json", build_info)
        context.unroute(site_url + "wheels/broken-0-py3-none-any.whl", not_a_wheel)
    assert error is not None, "createEngine resolved for a broken site"
    assert error["isError"] and error["type"] == "EngineFailed"
    assert error["message"]


@pytest.mark.pyodide
def test_score_gives_the_same_json_as_python(engine_page: Page) -> None:
    from scoring_cases import random_cases

    cases = list(random_cases(SEED, 40))
    cases.append({"hand": "123m456p789s234s55p", "win": "5p", "ippatsu": True})  # an error: ippatsu, no riichi
    answers: list[dict[str, Any]] = engine_page.evaluate(
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
