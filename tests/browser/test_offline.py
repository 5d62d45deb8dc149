"""Offline use: the service worker, the web app manifest and icons, and updates from one build to the next.

The tests that stop the server run their own (on a free port, chosen once so a second build can be served
at the same origin); service workers need a secure context, which http://127.0.0.1 is. Those run the real
engine (marked ``pyodide``: Pyodide from the service worker's cache is the point), each in a fresh context (a
first visit). Chromium's reading of the web app manifest needs no engine: it runs on the recorded one."""

from __future__ import annotations

import hashlib
import json
import socket
import struct
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tools.server import serve_in_thread
from tools.site import assemble_site

REAL = pytest.mark.pyodide  # the real runtime (Pyodide in the page's worker) and the service worker

ROOT = Path(__file__).resolve().parents[2]
NEXT_VERSION = "0.1.0.post99"


class Server:
    """A site server on one fixed port that can be stopped and started again (with another folder)."""

    def __init__(self) -> None:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}/"
        self.server: Any = None

    def start(self, folder: Path) -> None:
        self.stop()
        self.server, url = serve_in_thread(folder, self.port)
        assert url == self.url

    def stop(self) -> None:
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()
            self.server = None


@pytest.fixture
def own_server() -> Iterator[Server]:
    server = Server()
    try:
        yield server
    finally:
        server.stop()


def wait_ready(page: Page) -> None:
    page.locator("html[data-engine='ready'], html[data-engine='failed']").wait_for(timeout=120_000)
    assert page.locator("html").get_attribute("data-engine") == "ready"


def wait_offline(page: Page) -> None:
    expect(page.get_by_text("Available offline")).to_be_visible(timeout=120_000)


def analyse(page: Page, hand: str) -> None:
    page.get_by_label("Hand", exact=True).fill(hand)
    expect(page.get_by_role("region", name="Analysis")).to_be_visible()
    expect(page.get_by_role("region", name="Analysis")).to_have_attribute("data-hand", hand)


# ---- the files ------------------------------------------------------------------------------------------


def test_precache_manifest_lists_every_file_with_its_hash(site_dir: Path, build_info: dict[str, Any]) -> None:
    manifest = json.loads((site_dir / "precache-manifest.json").read_text())
    files = {p.relative_to(site_dir).as_posix() for p in site_dir.rglob("*") if p.is_file()}
    copies = {rel for rel in files if rel.endswith((".gz", ".br"))}  # a server's to send, not the site's files
    assert set(manifest["files"]) == files - copies - {"sw.js", "precache-manifest.json"}
    assert {rel.rsplit(".", 1)[0] for rel in copies} <= files - copies
    for rel, digest in manifest["files"].items():
        assert hashlib.sha256((site_dir / rel).read_bytes()).hexdigest() == digest, rel
    assert manifest["build"] == build_info["build"]
    assert manifest["version"] == build_info["version"]
    sw = (site_dir / "sw.js").read_text()
    assert f"const MANIFEST = {json.dumps(manifest, separators=(',', ':'))};" in sw


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", path
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_web_app_manifest_and_icons(site_dir: Path) -> None:
    manifest = json.loads((site_dir / "manifest.webmanifest").read_text())
    assert manifest["name"] and manifest["short_name"] == "Paili"
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    assert manifest["theme_color"].startswith("#") and manifest["background_color"].startswith("#")
    purposes = set()
    for icon in manifest["icons"]:
        width, height = (int(n) for n in icon["sizes"].split("x"))
        assert icon["type"] == "image/png"
        assert png_size(site_dir / icon["src"]) == (width, height), icon["src"]
        purposes.add((width, icon.get("purpose", "any")))
    assert {(192, "any"), (512, "any"), (512, "maskable")} <= purposes
    assert 'rel="manifest" href="manifest.webmanifest"' in (site_dir / "index.html").read_text()


def test_chromium_reads_the_manifest(page: Page, site_url: str) -> None:
    """Chromium's own view of the manifest (what it checks before offering to install). The recorded engine:
    the manifest is the point, not the runtime."""
    page.goto(site_url)
    wait_ready(page)
    session = page.context.new_cdp_session(page)
    answer = session.send("Page.getAppManifest")
    assert not answer.get("errors"), answer.get("errors")
    parsed = answer.get("parsed") or json.loads(answer["data"])
    assert parsed


# ---- offline --------------------------------------------------------------------------------------------


@REAL
def test_works_with_the_server_stopped(context: BrowserContext, own_server: Server, site_dir: Path) -> None:
    own_server.start(site_dir)
    page = context.new_page()
    page.goto(own_server.url)
    wait_ready(page)
    wait_offline(page)
    own_server.stop()
    # the same tab, reloaded
    page.reload()
    wait_ready(page)
    analyse(page, "123m456p789s11122z")
    # its files came from the build's cache by the service worker's static routes (no run of its fetch handler)
    sources = page.evaluate("Object.fromEntries(performance.getEntriesByType('resource')"
                            ".map(r => [new URL(r.name).pathname.split('/').pop(), r.workerFinalSourceType]))")
    files = ("early.js", "app.js", "style.css")
    assert {name: sources.get(name) for name in files} == dict.fromkeys(files, "cache"), sources
    # a new tab, with a hand in the link, and the compact view
    other = context.new_page()
    other.goto(own_server.url + "?q=2345m456p789s1122z")
    wait_ready(other)
    expect(other.get_by_role("table", name="Discards, best first")).to_be_visible()
    embed = context.new_page()
    embed.goto(own_server.url + "embed.html?q=123m456p789s1122z")
    wait_ready(embed)
    expect(embed.get_by_text("Tenpai — one tile from a win")).to_be_visible()
    # the season page and its chart library (issue 41)
    season = context.new_page()
    season.goto(own_server.url + "season.html")
    wait_ready(season)
    chart = season.evaluate(f"import('{own_server.url}vendor/uplot/uPlot.esm.js').then((m) => typeof m.default)")
    assert chart == "function"


# ---- updates --------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def next_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The same site built again with another engine version: another wheel, build-info and build id."""
    folder = tmp_path_factory.mktemp("next-site")
    assemble_site(folder, version=NEXT_VERSION)
    return folder


CACHE_REPORT = """async () => {
    const names = await caches.keys();
    const out = { names, files: {} };
    for (const name of names) {
        if (!name.startsWith("paili-")) continue;  // the engine's snapshot (test_startup.py) is no file of a build
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
            const bytes = await (await cache.match(request)).arrayBuffer();
            const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
            out.files[new URL(request.url).pathname.slice(1)] =
                Array.from(hash, (b) => b.toString(16).padStart(2, "0")).join("");
        }
    }
    const reply = await fetch("build-info.json").then((r) => r.json());
    out.buildInfo = reply;
    return out;
}"""


@REAL
def test_update_to_the_next_build(
    context: BrowserContext, own_server: Server, site_dir: Path, next_site: Path, build_info: dict[str, Any]
) -> None:
    new_info = json.loads((next_site / "build-info.json").read_text())
    assert new_info["build"] != build_info["build"] and new_info["version"] == NEXT_VERSION
    own_server.start(site_dir)
    page = context.new_page()
    # A 13-tile hand: a 14-tile one starts the advice worker, which on this first (uncontrolled) visit loads
    # from the network and could still be loading when the server below switches to the next build.
    page.goto(own_server.url + "?q=123m456p789s1122z")
    wait_ready(page)
    wait_offline(page)
    assert page.locator("html").get_attribute("data-build") == build_info["build"]

    own_server.start(next_site)  # the next build, at the same origin
    page.reload()  # still the old build (from its cache); the browser finds the new service worker
    wait_ready(page)
    assert page.locator("html").get_attribute("data-build") == build_info["build"]
    banner = page.get_by_role("alert")
    expect(banner).to_contain_text("new version", timeout=120_000)
    with page.expect_navigation():
        banner.get_by_role("button", name="Reload to update").click()
    wait_ready(page)
    expect(page.locator("html")).to_have_attribute("data-build", new_info["build"])
    expect(page.locator("#version")).to_have_text(f"Engine {NEXT_VERSION}.")  # the wheel's own version op
    wait_offline(page)
    report = page.evaluate(CACHE_REPORT)
    builds = [name for name in report["names"] if name.startswith("paili-")]
    assert builds == [f"paili-{new_info['build']}"], "old caches are removed"
    manifest = json.loads((next_site / "precache-manifest.json").read_text())
    cached = {rel: h for rel, h in report["files"].items() if rel != "precache-manifest.json"}
    assert cached == manifest["files"], "the cache holds exactly the files of the new build"
    assert report["buildInfo"]["build"] == new_info["build"]
    assert page.evaluate("navigator.serviceWorker.controller.scriptURL") == own_server.url + "sw.js"
    analyse(page, "123m456p789s11122z")


@REAL
@pytest.mark.slow  # 35 s: test_update_to_the_next_build covers the update in the ten-minute run
def test_a_plain_reload_applies_a_waiting_update(
    context: BrowserContext, own_server: Server, site_dir: Path, next_site: Path, build_info: dict[str, Any]
) -> None:
    new_info = json.loads((next_site / "build-info.json").read_text())
    own_server.start(site_dir)
    page = context.new_page()
    page.goto(own_server.url)
    wait_ready(page)
    wait_offline(page)
    own_server.start(next_site)
    page.reload()
    expect(page.get_by_role("alert")).to_contain_text("new version", timeout=120_000)
    page.reload()  # the only tab: the service worker applies the update and the page loads again
    expect(page.locator("html")).to_have_attribute("data-build", new_info["build"], timeout=120_000)
    expect(page.locator("#version")).to_have_text(f"Engine {NEXT_VERSION}.")
