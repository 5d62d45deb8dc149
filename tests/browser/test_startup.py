"""Start-up (issue 28): the progress line tells the truth, a first visit fetches each file once, and a return
visit restores Python from a memory snapshot.

- A first visit counts the bytes over the wire against the build's compressed sizes, then says "Starting
  Python" (a step of its own); a return visit (the build in the offline cache) shows no download at all.
- After its first normal start the worker makes a snapshot of Python (paili imported, tables built) and keeps
  it in the origin private file system (js/snapshot.js) with its build, Pyodide version, length and sha256;
  the next visit restores it. A snapshot that is stale (another build), corrupt, truncated, not a snapshot at all,
  or of another engine under this build's name falls back to a normal start, never to a broken page, and is
  replaced by a good one. From one build to the next: the old snapshot is dropped, the new build makes its
  own.

Each test runs the real engine (Pyodide in the page's worker, the service worker) on a server of its own, in a
fresh context (a first visit); the ones that start Python five times or more are marked slow.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, Worker, expect
from test_offline import NEXT_VERSION, Server, analyse, wait_offline, wait_ready

import paili.api
from tools.server import SiteHandler
from tools.site import assemble_site

pytestmark = pytest.mark.pyodide  # the real runtime, its snapshot, and the service worker are the point

RECORD_STATUS = """
window.__statuses = [];
new MutationObserver(() => {
  const status = document.getElementById("engine-status");
  const text = status?.textContent ?? "";
  if (status && window.__statuses.at(-1) !== text) window.__statuses.push(text);
}).observe(document, { subtree: true, childList: true, characterData: true });
"""

# The snapshot files (web/js/snapshot.js): one a site in the origin private file system's "paili-snapshots",
# named by the site's address; a 4-byte little-endian header length, the JSON header {of, length, sha256}, the
# snapshot. The page reads and writes them with File objects (sync access handles are the worker's).
SNAPSHOT_FILES = """
    const folder = async () => (await navigator.storage.getDirectory()).getDirectoryHandle("paili-snapshots");
    const read = async (name) => {
        const all = new Uint8Array(await (await (await (await folder()).getFileHandle(name)).getFile()).arrayBuffer());
        const headerLength = new DataView(all.buffer).getUint32(0, true);
        const header = JSON.parse(new TextDecoder().decode(all.subarray(4, 4 + headerLength)));
        return { header, bytes: all.slice(4 + headerLength) };
    };
    const write = async (name, header, bytes) => {
        const headerBytes = new TextEncoder().encode(JSON.stringify(header));
        const prefix = new Uint8Array(4);
        new DataView(prefix.buffer).setUint32(0, headerBytes.length, true);
        const writable = await (await (await folder()).getFileHandle(name, { create: true })).createWritable();
        await writable.write(new Blob([prefix, headerBytes, bytes]));
        await writable.close();
    };
"""

SNAPSHOT_ENTRY = """async (name) => {""" + SNAPSHOT_FILES + """
    try {
        const { header, bytes } = await read(name);
        return { header, length: bytes.length };
    } catch (error) {
        if (error.name === "NotFoundError") return null;
        throw error;
    }
}"""

# Rewrites the stored snapshot: `damage` names what is done to its bytes and header.
DAMAGE = """async ([name, damage]) => {""" + SNAPSHOT_FILES + """
    let { header, bytes } = await read(name);
    const hex = async (b) => Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", b)),
                                        (x) => x.toString(16).padStart(2, "0")).join("");
    if (damage === "truncated") bytes = bytes.slice(0, bytes.length - 4096);
    if (damage === "corrupt") bytes[bytes.length >> 1] ^= 0xff;
    if (damage === "stale") header.of = "build 0000000000000000, Pyodide 0.0";
    if (damage === "not a snapshot") {
        // random bytes with a length and hash that match them: they pass the checks, and fail to load
        bytes = new Uint8Array(1 << 20);
        for (let i = 0; i < bytes.length; i += 65536) crypto.getRandomValues(bytes.subarray(i, i + 65536));
        header = { ...header, length: bytes.length, sha256: await hex(bytes) };
    }
    await write(name, header, bytes);
}"""

COPY_SNAPSHOT = """async ([from, to, relabel]) => {""" + SNAPSHOT_FILES + """
    const { header, bytes } = await read(from);
    if (relabel) header.of = relabel;
    await write(to, header, bytes);
}"""


@pytest.fixture
def own_server() -> Iterator[Server]:
    server = Server()
    try:
        yield server
    finally:
        server.stop()


def engine_worker(page: Page) -> Worker:
    workers = [worker for worker in page.workers if worker.url.endswith("/js/worker.js")]
    assert len(workers) == 1, [worker.url for worker in page.workers]
    return workers[0]


def marks(page: Page) -> list[str]:
    names: list[str] = engine_worker(page).evaluate("performance.getEntriesByType('mark').map((m) => m.name)")
    return names


def started_from(page: Page) -> str:
    """How the page's Python started: "snapshot" or "normal" (the worker's mark)."""
    found = [name.split(" ", 1)[1] for name in marks(page) if name.startswith("worker:ready ")]
    assert len(found) == 1, marks(page)
    return found[0]


def after_ready(page: Page) -> None:
    """Until the worker has done its work after ready (stored its snapshot, or unpacked the wheel)."""
    for _ in range(600):
        if "worker:after-ready" in marks(page):
            return
        page.wait_for_timeout(100)
    raise AssertionError("the worker never finished its work after ready")


def snapshot_file(url: str) -> str:
    """The snapshot file's name for the site at `url` (snapshot.js: the address as encodeURIComponent writes it)."""
    return quote(url, safe="-_.!~*'()") + ".snapshot"


def snapshot_entry(page: Page, url: str) -> dict[str, Any] | None:
    entry: dict[str, Any] | None = page.evaluate(SNAPSHOT_ENTRY, snapshot_file(url))
    return entry


def snapshot_of(info: dict[str, Any]) -> str:
    return f"build {info['build']}, Pyodide {info['pyodideVersion']}"


def visit(context: BrowserContext, url: str) -> Page:
    page = context.new_page()
    page.add_init_script(RECORD_STATUS)
    page.goto(url)
    wait_ready(page)
    return page


def check_stored(page: Page, url: str, info: dict[str, Any]) -> None:
    after_ready(page)
    entry = snapshot_entry(page, url)
    assert entry is not None, "no snapshot was stored"
    assert entry["header"]["of"] == snapshot_of(info)
    assert entry["header"]["length"] == entry["length"] and entry["length"] > 10_000_000
    assert re.fullmatch(r"[0-9a-f]{64}", entry["header"]["sha256"])


def check_answers(page: Page) -> None:
    """The engine answers on the page, and a request straight to the worker as CPython does."""
    analyse(page, "123m456p789s11122z")
    request = {"op": "score", "hand": "123m456p789s11122z", "win": "2z", "tsumo": True}
    answer = engine_worker(page).evaluate(
        """async (request) => new Promise((resolve) => {
            const id = 2_000_000_000;
            const post = self.postMessage;
            self.postMessage = function (message, ...rest) {
                if (message?.id !== id) return post.call(this, message, ...rest);
                self.postMessage = post;
                resolve(message);
            };
            self.dispatchEvent(new MessageEvent("message", { data: { id, op: request.op, payload: request } }));
        })""",
        request,
    )
    answer.pop("id")
    assert answer == json.loads(paili.api.handle(json.dumps(request)))


def test_progress_counts_the_wire_then_python_and_a_return_visit_restores_the_snapshot(
    context: BrowserContext, own_server: Server, site_dir: Path, build_info: dict[str, Any]
) -> None:
    own_server.start(site_dir)
    encodings: list[str] = []
    # the worker's fetch of the runtime (not the service worker's copy for the offline cache, which takes it
    # from the HTTP cache once the engine is ready)
    context.on("response", lambda r: encodings.append(r.headers.get("content-encoding") or "identity")
               if r.url.endswith("pyodide.asm.wasm") and r.request.service_worker is None else None)
    # The runtime is held until the page draws a count: the worker starts before the page can draw its progress
    # (js/early.js), and on this unthrottled link the whole download may otherwise be over by then.
    held: list[Route] = []

    def hold(route: Route) -> None:
        held.append(route)

    context.route("**/pyodide.asm.wasm", hold)
    first = context.new_page()
    first.add_init_script(RECORD_STATUS)
    first.goto(own_server.url)
    expect(first.locator("#engine-status")).to_contain_text(re.compile(r"of \d+\.\d MB \(\d+%\)"))
    while not held:
        first.wait_for_timeout(50)  # until the worker's request reaches the route
    context.unroute("**/pyodide.asm.wasm", hold)
    for route in held:
        route.fallback()
    wait_ready(first)
    assert started_from(first) == "normal"
    statuses: list[str] = first.evaluate("window.__statuses")
    assert len(encodings) == 1, encodings
    total = sum(sizes.get(encodings[0], sizes["identity"]) for sizes in build_info["startFiles"].values())
    counts = [re.search(r"([\d.]+) of ([\d.]+) MB \((\d+)%\)", s) for s in statuses]
    found = [(float(m[1]), float(m[2]), int(m[3])) for m in counts if m]
    assert found and all(t == round(total / 1e6, 1) for _, t, _ in found), (statuses, total)
    assert found[-1][2] == 100 and [p for _, _, p in found] == sorted(p for _, _, p in found)
    last = max(i for i, m in enumerate(counts) if m)
    assert statuses[last + 1] == "Starting Python…", statuses
    check_stored(first, own_server.url, build_info)
    wait_offline(first)

    again = visit(context, own_server.url)  # the build is cached: nothing to download, and Python restored
    assert started_from(again) == "snapshot"
    statuses = again.evaluate("window.__statuses")
    assert not [s for s in statuses if "MB" in s], statuses
    assert "Starting Python…" in statuses, statuses
    after_ready(again)  # the wheel's files unpacked again
    check_answers(again)


@pytest.mark.slow
@pytest.mark.parametrize("damage", ["truncated", "corrupt", "stale", "not a snapshot"])
def test_a_damaged_snapshot_falls_back_to_a_normal_start(
    context: BrowserContext, own_server: Server, site_dir: Path, build_info: dict[str, Any], damage: str
) -> None:
    own_server.start(site_dir)
    first = visit(context, own_server.url)
    check_stored(first, own_server.url, build_info)
    first.evaluate(DAMAGE, [snapshot_file(own_server.url), damage])
    first.close()
    page = visit(context, own_server.url)
    assert started_from(page) == "normal"
    check_answers(page)
    check_stored(page, own_server.url, build_info)  # a good one again
    page.close()
    assert started_from(visit(context, own_server.url)) == "snapshot"


@pytest.fixture(scope="module")
def next_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("next-site")
    assemble_site(folder, version=NEXT_VERSION)
    return folder


@pytest.mark.slow
def test_an_upgrade_drops_the_old_snapshot_and_a_relabelled_one_is_caught(
    context: BrowserContext, own_server: Server, site_dir: Path, next_site: Path, build_info: dict[str, Any]
) -> None:
    new_info = json.loads((next_site / "build-info.json").read_text())
    own_server.start(site_dir)
    page = visit(context, own_server.url)
    check_stored(page, own_server.url, build_info)
    wait_offline(page)
    # keep the old build's snapshot aside, to pass it off as the new build's below
    page.evaluate(COPY_SNAPSHOT, [snapshot_file(own_server.url), "old.snapshot", None])

    own_server.start(next_site)
    page.reload()
    wait_ready(page)
    banner = page.get_by_role("alert")
    expect(banner).to_contain_text("new version", timeout=120_000)
    with page.expect_navigation():
        banner.get_by_role("button", name="Reload to update").click()
    wait_ready(page)
    expect(page.locator("#version")).to_have_text(f"Engine {NEXT_VERSION}.")
    assert started_from(page) == "normal"  # the old build's snapshot is not this one's
    check_stored(page, own_server.url, new_info)

    # the old engine's snapshot under the new build's name: its length and hash match, it loads, and the
    # engine it restores is the old one: the version and probe checks catch it
    page.evaluate(COPY_SNAPSHOT, ["old.snapshot", snapshot_file(own_server.url), snapshot_of(new_info)])
    page.reload()
    wait_ready(page)
    assert started_from(page) == "normal"
    expect(page.locator("#version")).to_have_text(f"Engine {NEXT_VERSION}.")
    check_stored(page, own_server.url, new_info)
    page.reload()
    wait_ready(page)
    assert started_from(page) == "snapshot"
    expect(page.locator("#version")).to_have_text(f"Engine {NEXT_VERSION}.")
    check_answers(page)


def test_a_first_visit_fetches_each_file_once(
    browser: Browser, own_server: Server, site_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The offline cache takes what the page has fetched from the browser's HTTP cache (no request at all),
    so no file crosses the wire twice before "Available offline"; and a return visit sends nothing. (A context
    of its own, with no route: a route turns Chromium's HTTP cache off. It watches that no request leaves the
    machine.)"""
    answers: list[tuple[str, int]] = []
    send_response = SiteHandler.send_response

    def recording(handler: SiteHandler, code: int, message: str | None = None) -> None:
        answers.append((handler.path.split("?", 1)[0], int(code)))
        send_response(handler, code, message)

    monkeypatch.setattr(SiteHandler, "send_response", recording)
    own_server.start(site_dir)
    context = browser.new_context()
    elsewhere: list[str] = []
    context.on("request", lambda r: None if r.url.startswith((own_server.url, "data:", "blob:"))
               else elsewhere.append(r.url))
    try:
        page = visit(context, own_server.url)
        wait_offline(page)
        after_ready(page)
        sent = Counter(path for path, code in answers if code == 200)
        assert not [path for path, times in sent.items() if times > 1], sent
        manifest = json.loads((site_dir / "precache-manifest.json").read_text())
        assert {path.lstrip("/") or "index.html" for path in sent} >= set(manifest["files"]) - {"index.html"}
        answers.clear()
        page.close()
        assert started_from(visit(context, own_server.url)) == "snapshot"
        assert not [path for path, code in answers if code == 200 and path != "/sw.js"], answers
        assert not elsewhere, elsewhere
    finally:
        context.close()
