"""The built site opens, its engine starts, it fetches nothing but its own files, and its real engine (Pyodide
in the page's worker) answers every op of paili.api exactly as CPython does: that last check is what lets the
page's other browser tests run on the recorded engine (recorded_engine.py).

The page tests share one first visit (a fresh context, index.html, the engine started once and the service
worker's precache done): its requests are taken before any test runs, and each test checks what it needs of
that same visit."""

from __future__ import annotations

import json
import math
import urllib.request
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import pytest
from playwright.sync_api import Page
from selfplay import game

import paili.api
from tools.pyodide import PYODIDE_FILES

pytestmark = pytest.mark.pyodide  # the real runtime (Pyodide in the page's worker) is the point


@pytest.fixture(scope="module")
def first_visit(_pyodide_module_page: tuple[Page, Any]) -> list[str]:
    """Every URL requested by the module's page (conftest's ``pyodide_page``: a fresh context, index.html, the
    real engine started) on its first visit, up to the end of the service worker's precache. A module fixture
    is set up before the function ones, so this runs before ``pyodide_page`` clears the record for a test."""
    page, problems = _pyodide_module_page
    page.locator("html[data-offline='ready']").wait_for(timeout=60_000)  # the precache has fetched the rest
    return list(problems.requested)


def test_build_info_names_an_existing_wheel(site_url: str, site_dir: Path) -> None:
    with urllib.request.urlopen(site_url + "build-info.json") as response:
        assert response.headers.get_content_type() == "application/json"
        info: dict[str, Any] = json.load(response)
    assert set(info) >= {"version", "wheel", "pyodide", "pyodideVersion"}
    assert info["wheel"] == f"wheels/paili-{info['version']}-py3-none-any.whl"
    assert (site_dir / info["wheel"]).is_file()
    assert (site_dir / info["pyodide"] / "pyodide.mjs").is_file()
    with urllib.request.urlopen(site_url + info["wheel"]) as response:
        assert response.status == 200
        assert response.read(4) == b"PK\x03\x04"


def test_server_mime_types(site_url: str, build_info: dict[str, Any]) -> None:
    expected = {
        "pyodide/pyodide.mjs": "text/javascript",
        "pyodide/pyodide.asm.wasm": "application/wasm",
        build_info["wheel"]: "application/octet-stream",
        "tiles/Regular/faces.svg": "image/svg+xml",
    }
    for path, mime in expected.items():
        request = urllib.request.Request(site_url + path, method="HEAD")
        with urllib.request.urlopen(request) as response:
            assert response.headers.get_content_type() == mime, path


def test_page_starts_the_engine(first_visit: list[str], pyodide_page: Page, screenshot_dir: Path) -> None:
    assert pyodide_page.title()  # (pyodide_page asserts data-engine="ready")
    pyodide_page.screenshot(path=screenshot_dir / "smoke-ready.png", full_page=True)


def test_page_fetches_only_files_of_the_site(
    first_visit: list[str], pyodide_page: Page, site_url: str, site_dir: Path
) -> None:
    """Every request is for a file that exists in dist/site (the browser guard already fails other hosts)."""
    requests_seen = first_visit
    assert any(url.endswith(".whl") for url in requests_seen), "the engine wheel was never fetched"
    outside: list[str] = []
    for url in requests_seen:
        if url.startswith(("data:", "blob:")):
            continue
        assert url.startswith(site_url), f"request outside the site: {url}"
        path = unquote(urlsplit(url).path).lstrip("/") or "index.html"
        if path.endswith("/"):
            path += "index.html"
        if not (site_dir / path).is_file():
            outside.append(url)
    assert not outside, f"requests for files that are not in dist/site: {outside}"


def test_site_ships_only_the_pyodide_files_a_page_fetches(
    first_visit: list[str], pyodide_page: Page, site_dir: Path, build_info: dict[str, Any]
) -> None:
    """The build copies a fixed list from the npm package (PYODIDE_FILES), and micropip (named in the lock) for
    pages that install Paili with it (test_micropip.py): nothing more, and all of it is fetched (by the page,
    or by the service worker, which precaches the whole site)."""
    folder = build_info["pyodide"]
    shipped = {path.name for path in (site_dir / folder).iterdir() if path.suffix not in (".gz", ".br")}
    lock = json.loads((site_dir / folder / "pyodide-lock.json").read_text())
    assert shipped == {*PYODIDE_FILES, lock["packages"]["micropip"]["file_name"]}
    pyodide_page.locator("html[data-offline='ready']").wait_for(timeout=60_000)  # (first_visit waited for it)
    fetched = {unquote(urlsplit(url).path).rsplit("/", 1)[-1] for url in first_visit if f"/{folder}" in url}
    assert fetched == shipped


# ---- the recorded engine is faithful --------------------------------------------------------------------

def _short_log() -> dict[str, Any]:
    """A self-play log (tests/selfplay.py) cut to each seat's first two draws and discards, ended by a draw:
    a review of two decisions, quick enough for Pyodide."""
    log = game(7, rounds=1)
    round_ = log["log"][0]
    for seat in range(4):
        round_[5 + 3 * seat] = round_[5 + 3 * seat][:2]
        round_[6 + 3 * seat] = round_[6 + 3 * seat][:2]
    round_[-1] = ["流局", [0, 0, 0, 0]]
    return log


ONE_OF_EACH: list[tuple[str, dict[str, Any]]] = [
    ("analyze", {"hand": "123m456p789s1122z", "visible": "1z"}),
    ("advise", {"hand": "123m456p789s11236z", "turns": 3}),  # 1-shanten: its expected values are floats
    ("improvements", {"hand": "123m456p789s11234z", "turns": 3}),
    ("outlook", {"hand": "123m456p789s1123z", "turns": 3}),
    ("score", {"hand": "123m456p789s11122z", "win": "2z", "tsumo": True, "dora": "1z"}),
    ("score_waits", {"hand": "123m456p789s1122z", "riichi": 1}),
    ("call_advice", {"hand": "123m456p789s1123z", "offered": "1z", "seat": "across", "turns": 3}),
    ("review", {"log": _short_log(), "seat": 0, "turns": 2, "max_shanten": 1}),
    ("danger", {"hand": "23456m345p6789s15z", "opponents": "l:19m47*z23s"}),
    ("opponents", {"opponents": "r:1z2z9p;l:19m4'5*p7z"}),
    ("season_unit", {"log": _short_log(), "seat": 1, "file": "short.json", "turns": 2, "max_shanten": 1}),
    ("season_summary", {"records": [json.loads(paili.api.handle(json.dumps(
        {"op": "season_unit", "log": _short_log(), "seat": 1, "file": "short.json", "turns": 2,
         "max_shanten": 1})))["result"]], "skipped": [{"file": "x.json", "seat": None, "reason": "unreadable"}]}),
    ("outlook", {"hand": "123m456p789s1123z", "turns": 3, "opponents": "l:19m4p5*p"}),
    ("call_advice", {"hand": "123m456p789s1123z", "offered": "1z", "seat": "across", "turns": 3,
                     "opponents": "l:19m4p5*p"}),
    ("tiles", {"hand": "123m45p"}),
    ("version", {}),
    ("warm", {}),
    ("analyze", {"hand": "123x"}),  # a HandError, with its position
    ("score", {"hand": "123m456p789s11122z"}),  # a HandError: no winning tile
    ("no such op", {}),  # a RequestError
]

ASK_THE_WORKER = """async (requests) => {
    // Runs in the page's engine worker (js/worker.js with Pyodide): each request goes to the worker's own
    // message handler as the page's client posts it ({id, op, payload}); the replies with these ids are taken
    // here, before they are posted, so the page's client (which would ignore unknown ids) never sees them.
    const first = 1_000_000_000;
    const replies = new Map();
    const post = self.postMessage;
    let done;
    const all = new Promise((resolve) => { done = resolve; });
    self.postMessage = function (message, ...rest) {
        if (typeof message?.id === "number" && message.id >= first) {
            replies.set(message.id, message);
            if (replies.size === requests.length) done();
            return;
        }
        return post.call(this, message, ...rest);
    };
    try {
        requests.forEach(([op, payload], i) => {
            self.dispatchEvent(new MessageEvent("message", { data: { id: first + i, op, payload } }));
        });
        await all;
    } finally {
        self.postMessage = post;
    }
    return requests.map((_, i) => replies.get(first + i));
}"""


def same(reply: Any, expected: Any) -> bool:
    """Equal JSON, floats to their last bits: ``+ - * /`` agree exactly in Pyodide and CPython, but ``**`` goes
    through the C library's ``pow``, whose last bit musl (in WebAssembly) and glibc may round differently (the
    defence model's tenpai rates, the table's survival chances): a relative difference of 1e-13 at most."""
    if isinstance(expected, float) and isinstance(reply, (int, float)):
        return math.isclose(reply, expected, rel_tol=1e-13, abs_tol=1e-12)
    if isinstance(expected, dict) and isinstance(reply, dict):
        return reply.keys() == expected.keys() and all(same(reply[k], expected[k]) for k in expected)
    if isinstance(expected, list) and isinstance(reply, list):
        return len(reply) == len(expected) and all(same(a, b) for a, b in zip(reply, expected, strict=True))
    return bool(reply == expected)


def test_the_real_engine_answers_as_cpython_does(pyodide_page: Page) -> None:
    """One request of each op of paili.api (and errors) through the real worker: each reply is
    ``paili.api.handle`` of the same request in CPython, which is what the recorded engine answers; floats to
    their last bits (:func:`same`)."""
    assert {op for op, _ in ONE_OF_EACH} >= set(paili.api.OPS), "a request for each op"
    workers = [worker for worker in pyodide_page.workers if worker.url.endswith("/js/worker.js")]
    assert len(workers) == 1, [worker.url for worker in pyodide_page.workers]
    replies = workers[0].evaluate(ASK_THE_WORKER, [[op, payload] for op, payload in ONE_OF_EACH])
    for (op, payload), reply in zip(ONE_OF_EACH, replies, strict=True):
        expected = json.loads(paili.api.handle(json.dumps({**payload, "op": op})))
        assert reply.pop("id") >= 1_000_000_000
        assert same(reply, expected), (op, payload)
