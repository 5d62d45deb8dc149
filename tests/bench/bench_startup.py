"""Start-up as a visitor on a slow link sees it: first and return visits of index.html and of the bare Pyodide
page (tests/bench/pages/bare.html), every request throttled, bytes and seconds.

Run by `python3 build.py bench` (which builds dist/site and copies the bench pages to dist/bench). dist/ is
served on a free port behind a local throttling proxy (:class:`Throttle`): the browser talks to the proxy as
to the server, so every request is slowed alike, the page's, its workers' and the service worker's (throttling
a page through CDP leaves its workers' requests alone). The link: ``--mbps`` (default 9 Mbit/s) shared by all
connections, ``--rtt`` (default 150 ms) added to each round trip.

- First visit: a fresh browser profile; seconds and bytes over the wire (as the proxy passed them: bodies and
  headers) to data-engine="ready", and for index.html to "Available offline" (its service worker has the build,
  and the worker has stored its snapshot).
- Return visit: the browser started again on the same profile (index.html: from the offline cache, Python
  from its memory snapshot; bare.html: from the HTTP cache, each file revalidated).

Prints figures only; it asserts no timing. Requests that would leave the machine are refused by Chromium.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import BrowserContext, Page, Playwright, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from bench_browser import READY_PROBE  # noqa: E402  (this folder: the script's own)
from support import BLOCK_OTHER_HOSTS, CHROMIUM  # noqa: E402
from support import CHROMIUM_ARGS as BROWSER_ARGS  # noqa: E402

from tools.server import serve_in_thread  # noqa: E402

CHROMIUM_ARGS = [*BROWSER_ARGS, BLOCK_OTHER_HOSTS]
CHUNK = 16384


@dataclass
class Throttle:
    """A TCP proxy on 127.0.0.1 in front of a server: each direction's data is delivered half a round trip
    late, and the data towards the browser shares one link of `mbps` (a token bucket across connections)."""

    target_port: int
    mbps: float
    rtt: float
    down_bytes: int = 0
    port: int = 0
    _link_free: float = 0.0
    _loop: asyncio.AbstractEventLoop = field(default_factory=asyncio.new_event_loop)

    def start(self) -> None:
        ready = threading.Event()

        def run() -> None:
            asyncio.set_event_loop(self._loop)
            server = self._loop.run_until_complete(asyncio.start_server(self._serve, "127.0.0.1", 0))
            self.port = server.sockets[0].getsockname()[1]
            ready.set()
            self._loop.run_forever()

        threading.Thread(target=run, name="bench-throttle", daemon=True).start()
        ready.wait()

    def stop(self) -> None:
        self._loop.call_soon_threadsafe(self._loop.stop)

    async def _serve(self, client_reader: asyncio.StreamReader, client_writer: asyncio.StreamWriter) -> None:
        try:
            server_reader, server_writer = await asyncio.open_connection("127.0.0.1", self.target_port)
        except OSError:
            client_writer.close()
            return
        await asyncio.gather(
            self._pump(client_reader, server_writer, down=False),
            self._pump(server_reader, client_writer, down=True),
            return_exceptions=True,
        )

    async def _pump(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, *, down: bool) -> None:
        queue: asyncio.Queue[tuple[float, bytes]] = asyncio.Queue()

        async def deliver() -> None:
            while True:
                at, data = await queue.get()
                delay = at - time.monotonic()
                if delay > 0:
                    await asyncio.sleep(delay)
                if not data:
                    break
                writer.write(data)
                await writer.drain()
            writer.close()

        sender = asyncio.ensure_future(deliver())
        try:
            while data := await reader.read(CHUNK):
                now = time.monotonic()
                sent = now
                if down:
                    self.down_bytes += len(data)
                    self._link_free = max(self._link_free, now) + len(data) * 8 / (self.mbps * 1e6)
                    sent = self._link_free
                await queue.put((sent + self.rtt / 2, data))
        except (ConnectionError, OSError):
            pass
        await queue.put((time.monotonic() + self.rtt / 2, b""))
        await sender


@dataclass
class Visit:
    seconds: float
    megabytes: float
    offline_seconds: float | None = None
    offline_megabytes: float | None = None
    started: str = ""


def wait_ready(page: Page, timeout: float = 300.0) -> float:
    """ms from navigation start to data-engine="ready" (polled: the page's CSP forbids Playwright's eval)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        at = page.evaluate("window.__pailiReadyAt ?? null")
        if at is not None:
            return float(at)
        if page.evaluate("document.documentElement.dataset.engine") == "failed":
            raise RuntimeError(f"{page.url}: the engine failed to start")
        page.wait_for_timeout(50)
    raise TimeoutError(f"{page.url}: not ready in {timeout} s")


def worker_marks(page: Page) -> list[str]:
    for worker in page.workers:
        if worker.url.endswith("/js/worker.js"):
            marks: list[str] = worker.evaluate("performance.getEntriesByType('mark').map((m) => m.name)")
            return marks
    return []


def one_visit(playwright: Playwright, profile: str, url: str, throttle: Throttle, *, offline: bool) -> Visit:
    context: BrowserContext = playwright.chromium.launch_persistent_context(
        profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
    try:
        context.add_init_script(READY_PROBE)
        page = context.new_page()
        throttle.down_bytes = 0
        started = time.monotonic()
        page.goto(url, wait_until="commit")
        ready_ms = wait_ready(page)
        visit = Visit(ready_ms / 1000, throttle.down_bytes / 1e6)
        marks = worker_marks(page)
        visit.started = next((m.split(" ", 1)[1] for m in marks if m.startswith("worker:ready ")), "")
        if offline:
            page.locator("#offline-status:not([hidden])").wait_for(timeout=300_000)
            while visit.started and "worker:after-ready" not in worker_marks(page):  # (an older build: no marks)
                page.wait_for_timeout(100)
            visit.offline_seconds = time.monotonic() - started
            visit.offline_megabytes = throttle.down_bytes / 1e6
        page.wait_for_timeout(2000)  # as a visitor stays: the browser stores what it compiled
        return visit
    finally:
        context.close()


def visits(playwright: Playwright, url: str, throttle: Throttle, *, offline: bool) -> tuple[Visit, Visit]:
    with tempfile.TemporaryDirectory(prefix="paili-bench-profile-") as profile:
        first = one_visit(playwright, profile, url, throttle, offline=offline)
        again = one_visit(playwright, profile, url, throttle, offline=False)
    return first, again


def size(megabytes: float) -> str:
    return f"{megabytes:6.2f} MB" if megabytes >= 0.1 else f"{megabytes * 1000:6.1f} kB"


def line(name: str, runs: list[Visit]) -> str:
    seconds = statistics.median(v.seconds for v in runs)
    text = f"  {name:<22} ready {seconds:6.2f} s  {size(statistics.median(v.megabytes for v in runs))}"
    offline = [v for v in runs if v.offline_seconds is not None]
    if offline:
        text += (f"   available offline {statistics.median(v.offline_seconds or 0 for v in offline):6.2f} s"
                 f"  {size(statistics.median(v.offline_megabytes or 0 for v in offline))}")
    started = sorted({v.started for v in runs if v.started})
    if started:
        text += f"   (Python: {', '.join(started)})"
    each = ", ".join(f"{v.seconds:.2f}" for v in runs)
    return f"{text}   [{each}]"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=2, help="first and return visits of each page (default 2)")
    parser.add_argument("--mbps", type=float, default=9.0, help="the link's bandwidth, Mbit/s (default 9)")
    parser.add_argument("--rtt", type=float, default=0.150, help="the round trip added, seconds (default 0.150)")
    parser.add_argument("--dist", type=Path, default=DIST,
                        help="the folder holding site/ and bench/ (default dist/; another build's, to compare)")
    args = parser.parse_args(argv)
    for needed in (args.dist / "site" / "index.html", args.dist / "bench" / "bare.html"):
        if not needed.exists():
            print(f"bench_startup: {needed} is missing (run `python3 build.py bench`)")
            return 1
    server, _ = serve_in_thread(args.dist, security_headers=False)  # bench pages use inline scripts
    throttle = Throttle(server.server_address[1], args.mbps, args.rtt)
    throttle.start()
    base = f"http://127.0.0.1:{throttle.port}/"
    pages = {"index.html": (base + "site/index.html", True), "bare.html": (base + "bench/bare.html", False)}
    results: dict[str, tuple[list[Visit], list[Visit]]] = {name: ([], []) for name in pages}
    try:
        with sync_playwright() as playwright:
            for _ in range(args.runs):
                for name, (url, offline) in pages.items():  # alternate, so drift hits both alike
                    first, again = visits(playwright, url, throttle, offline=offline)
                    results[name][0].append(first)
                    results[name][1].append(again)
    finally:
        throttle.stop()
        server.shutdown()
        server.server_close()
    print(f"Start-up over a throttled link ({args.mbps:g} Mbit/s, {args.rtt * 1000:.0f} ms round trips, every "
          f"request), median of {args.runs}; seconds from navigation start, MB over the wire:")
    for name, (first, again) in results.items():
        print(line(f"{name} first visit", first))
        print(line(f"{name} return visit", again))
    return 0


if __name__ == "__main__":
    sys.exit(main())
