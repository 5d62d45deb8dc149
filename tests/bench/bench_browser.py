"""Browser figures: engine start-up of index.html against a bare Pyodide page, and analyze() latency.

Run by `python3 build.py bench` (which builds dist/site and copies tests/bench/pages to dist/bench), with the
venv's Python.  dist/ is served on a free port, so the bench pages reach the site as ../site/.

- Start-up: several cold loads, each in a fresh browser context (empty HTTP cache), alternating
  site/index.html and bench/bare.html (Pyodide in a module worker, the same wheel, `import paili`), timed
  from navigation start to <html data-engine="ready">.  Prints both and the ratio of the medians.
- Return visits: index.html in one browser profile kept on disk, as a visitor's: a first visit until the site
  is available offline (its service worker has cached the build), then `--visits` more, each in the browser
  started afresh, timed as above. They come from the service worker's cache, and pyodide.asm.wasm's compiled
  code from Chrome's WebAssembly code cache (web/js/download.js leaves the answer the browser's own for that).
- Latency: `engine.analyze(hand)` through site/paili.mjs for seeded random 14-tile hands, round trip from
  the page; prints the median and p90.
- Win chances: `engine.advise(hand)` for a few dealt tenpai / 1- / 2-shanten hands (bench_advice_browser.py).
- Call advice: bench_calls.py's hands in the page beside CPython (bench_calls_browser.py).
- Defence: danger and advise with opponents in the page beside CPython (bench_danger_browser.py).
- Game review: one seat of a self-play hanchan, a round a request, beside CPython (bench_review_browser.py).

Prints figures only; it asserts no timing.  Requests that would leave the machine are aborted.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import Browser, Playwright, Route, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from support import BLOCK_OTHER_HOSTS, CHROMIUM  # noqa: E402
from support import CHROMIUM_ARGS as BROWSER_ARGS  # noqa: E402

from tools.server import serve_in_thread  # noqa: E402

CHROMIUM_ARGS = [*BROWSER_ARGS, BLOCK_OTHER_HOSTS]

# Records performance.now() (ms since navigation start) when <html data-engine> becomes "ready".
READY_PROBE = """
(() => {
  const check = () => {
    if (document.documentElement?.dataset.engine === "ready" && window.__pailiReadyAt === undefined) {
      window.__pailiReadyAt = performance.now();
    }
  };
  // Runs before the document is parsed: watch the whole document for the attribute.
  const watch = { subtree: true, attributes: true, attributeFilter: ["data-engine"] };
  new MutationObserver(check).observe(document, watch);
  check();
})();
"""

ANALYZE_LOOP = """
async ({ hands }) => {
  const { createEngine } = await import("../site/paili.mjs");
  const engine = await createEngine({ baseUrl: new URL("../site/", location.href).href });
  try {
    await engine.analyze(hands[0]);  // warm-up: first call compiles the Python code paths
    const times = [];
    for (const hand of hands) {
      const start = performance.now();
      await engine.analyze(hand, { melds: null, visible: "", rules: "riichi" });
      times.push(performance.now() - start);
    }
    return times;
  } finally {
    engine.close();
  }
}
"""


def random_hand(rng: random.Random, size: int = 14) -> str:
    """A hand drawn from a full 136-tile set, in compact notation (`123m406p99s1z`, no red fives)."""
    kinds = [(suit, number) for suit in "mpsz" for number in range(1, 8 if suit == "z" else 10)]
    wall = [kind for kind in kinds for _ in range(4)]
    tiles = sorted(rng.sample(wall, size), key=lambda t: ("mpsz".index(t[0]), t[1]))
    text = ""
    for suit in "mpsz":
        numbers = "".join(str(n) for s, n in tiles if s == suit)
        if numbers:
            text += numbers + suit
    return text


def percentile(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def block_other_hosts(route: Route) -> None:
    if urlsplit(route.request.url).hostname == "127.0.0.1":
        route.continue_()
    else:
        print(f"  aborted a request off the machine: {route.request.url}")
        route.abort("blockedbyclient")


def time_to_ready(browser: Browser, url: str, timeout_ms: float) -> float:
    """One cold load in a fresh context: ms from navigation start to data-engine="ready".

    Other hosts are blocked by Chromium itself (--host-rules in CHROMIUM_ARGS), not by a Playwright route:
    a route sends every request through this process, which slows the page with more requests (the tiles,
    the service worker's precache) more than the bare page and skews the ratio.
    """
    context = browser.new_context()
    try:
        context.add_init_script(READY_PROBE)
        page = context.new_page()
        page.goto(url)
        page.wait_for_function(
            "() => window.__pailiReadyAt !== undefined"
            " || document.documentElement.dataset.engine === 'failed'",
            timeout=timeout_ms,
        )
        ready_at = page.evaluate("window.__pailiReadyAt")
        if ready_at is None:
            raise RuntimeError(f"{url}: the engine failed to start (data-engine=failed)")
        return float(ready_at)
    finally:
        context.close()


def analyze_latencies(browser: Browser, url: str, hands: list[str]) -> list[float]:
    context = browser.new_context()
    try:
        context.route("**/*", block_other_hosts)
        page = context.new_page()
        page.goto(url)
        times: list[float] = page.evaluate(ANALYZE_LOOP, {"hands": hands})
        return times
    finally:
        context.close()


def describe(values: Sequence[float]) -> str:
    return (
        f"median {statistics.median(values):7.0f} ms  min {min(values):7.0f}  max {max(values):7.0f}"
        f"  ({', '.join(f'{v:.0f}' for v in values)})"
    )


def bench_startup(browser: Browser, base: str, loads: int) -> None:
    pages = {"index.html": base + "site/index.html", "bare.html": base + "bench/bare.html"}
    print(f"Chromium {browser.version}: {loads} cold loads of each page, a fresh context each")
    times: dict[str, list[float]] = {name: [] for name in pages}
    for _ in range(loads):
        for name, url in pages.items():  # alternate, so drift hits both alike
            times[name].append(time_to_ready(browser, url, timeout_ms=120_000))
    print("Start-up, navigation start to data-engine=ready:")
    for name, values in times.items():
        print(f"  {name:<11} {describe(values)}")
    ratio = statistics.median(times["index.html"]) / statistics.median(times["bare.html"])
    print(f"  ratio index.html / bare Pyodide page (medians): {ratio:.2f}")


def bench_return_visits(playwright: Playwright, base: str, visits: int) -> None:
    url = base + "site/index.html"
    times: list[float] = []
    with tempfile.TemporaryDirectory(prefix="paili-profile-") as profile:
        for visit in range(visits + 1):
            context = playwright.chromium.launch_persistent_context(
                profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            try:
                context.add_init_script(READY_PROBE)
                page = context.new_page()
                page.goto(url)
                page.wait_for_function("() => window.__pailiReadyAt !== undefined", timeout=120_000)
                if visit:
                    times.append(float(page.evaluate("window.__pailiReadyAt")))
                else:  # the first visit: until the service worker has the whole build
                    page.locator("#offline-status:not([hidden])").wait_for(timeout=120_000)
                page.wait_for_timeout(3000)  # as a visitor stays: the browser stores what it compiled
            finally:
                context.close()
    print(f"Return visits of index.html (one profile on disk, available offline after the first), {visits}:")
    print(f"  index.html  {describe(times)}")


def bench_analyze(browser: Browser, base: str, count: int, seed: int) -> None:
    rng = random.Random(seed)
    hands = [random_hand(rng) for _ in range(count)]
    latencies = analyze_latencies(browser, base + "bench/blank.html", hands)
    print(f"engine.analyze(hand) via paili.mjs, {count} random 14-tile hands (seed {seed}), round trip:")
    median, p90 = statistics.median(latencies), percentile(latencies, 0.9)
    print(f"  median {median:.2f} ms  p90 {p90:.2f} ms  max {max(latencies):.2f} ms")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--loads", type=int, default=5, help="cold loads of each page (default 5)")
    parser.add_argument("--visits", type=int, default=4, help="return visits after the first (default 4)")
    parser.add_argument("--hands", type=int, default=300, help="random 14-tile hands (default 300)")
    parser.add_argument("--seed", type=int, default=2024, help="seed of the random hands")
    args = parser.parse_args(argv)

    for needed in (DIST / "site" / "index.html", DIST / "bench" / "bare.html"):
        if not needed.exists():
            print(f"bench_browser: {needed.relative_to(ROOT)} is missing (run `python3 build.py bench`)")
            return 1
    server, base = serve_in_thread(DIST, security_headers=False)  # bench pages use inline scripts
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            try:
                bench_startup(browser, base, args.loads)
                bench_return_visits(playwright, base, args.visits)
                bench_analyze(browser, base, args.hands, args.seed)
                from bench_advice_browser import bench_advise  # this folder: the script's own
                from bench_calls_browser import bench_calls
                from bench_danger_browser import bench_danger
                from bench_review_browser import bench_review

                bench_advise(browser, base)
                bench_calls(browser, base)
                bench_danger(browser, base)
                bench_review(browser, base)
            finally:
                browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
