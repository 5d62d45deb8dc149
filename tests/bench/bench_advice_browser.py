"""Browser figures for the win chances: `engine.advise(hand)` latency through site/paili.mjs in Chromium.

Hands are dealt at random from the 136 tiles (seeded) and kept by the shanten of the 14-tile hand: a few
tenpai, 1-shanten and 2-shanten hands. Each is advised with the page's defaults (17 draws, options off) and
then with both options on (tegawari, shanten_down); prints the median and the maximum round trip per class.

Run by bench_browser.py (so by `python3 build.py bench`), or alone after a build:

    .venv/bin/python tests/bench/bench_advice_browser.py [--hands 5] [--seed 7]

Prints figures only; it asserts no timing. Requests that would leave the machine are aborted.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import Browser, Route, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
sys.path[:0] = [str(ROOT), str(ROOT / "engine"), str(ROOT / "tests")]

from support import BLOCK_OTHER_HOSTS, CHROMIUM  # noqa: E402
from support import CHROMIUM_ARGS as BROWSER_ARGS  # noqa: E402

from paili.notation import format_tiles  # noqa: E402
from paili.shanten import counts_shanten  # noqa: E402
from tools.server import serve_in_thread  # noqa: E402

CHROMIUM_ARGS = [*BROWSER_ARGS, BLOCK_OTHER_HOSTS]

WALL = [k for k in range(34) for _ in range(4)]
CLASSES = (0, 1, 2)
RUNS = {"default": {}, "tegawari+shanten_down": {"tegawari": True, "shanten_down": True}}

ADVISE_LOOP = """
async ({ hands, runs }) => {
  const { createEngine } = await import("../site/paili.mjs");
  const baseUrl = new URL("../site/", location.href).href;
  const out = { startup: [] };
  // Start-up of an engine: the first from an empty cache, then the way the page (re)starts its advice
  // worker: another worker on the same page, its files in the HTTP cache.
  for (let i = 0; i < 4; i++) {
    const start = performance.now();
    const spare = await createEngine({ baseUrl });
    out.startup.push(performance.now() - start);
    spare.close();
  }
  const engine = await createEngine({ baseUrl });
  try {
    await engine.advise("123m456p789s11234z", { turns: 1 });  // warm-up: loads the tables
    for (const [label, options] of Object.entries(runs)) {
      out[label] = [];
      for (const hand of hands) {
        const start = performance.now();
        await engine.advise(hand, options);
        out[label].push(performance.now() - start);
      }
    }
    return out;
  } finally {
    engine.close();
  }
}
"""


def dealt(rng: random.Random, target: int) -> str:
    """A random 14-tile hand (dealt from the 136 tiles) whose shanten is ``target``."""
    while True:
        counts = [0] * 34
        for k in rng.sample(WALL, 14):
            counts[k] += 1
        if counts_shanten(counts, melds_needed=4, called=None, full=True).min == target:
            return format_tiles(counts)


def block_other_hosts(route: Route) -> None:
    if urlsplit(route.request.url).hostname == "127.0.0.1":
        route.continue_()
    else:
        print(f"  aborted a request off the machine: {route.request.url}")
        route.abort("blockedbyclient")


def bench_advise(browser: Browser, base: str, hands_per_class: int = 5, seed: int = 7) -> None:
    """Print the advise() round trip per shanten class, with the defaults and with both options on."""
    hands: dict[int, list[str]] = {}
    for t in CLASSES:
        rng = random.Random(seed * 100 + t)
        hands[t] = [dealt(rng, t) for _ in range(hands_per_class)]
    everything = [hand for t in CLASSES for hand in hands[t]]
    context = browser.new_context()
    try:
        context.route("**/*", block_other_hosts)
        page = context.new_page()
        page.goto(base + "bench/blank.html")
        times: dict[str, list[float]] = page.evaluate(ADVISE_LOOP, {"hands": everything, "runs": RUNS})
    finally:
        context.close()
    first, *again = times.pop("startup")
    print(f"createEngine() to ready: first {first:.0f} ms; again on the same page (the advice worker's restart) "
          f"median {statistics.median(again):.0f} ms ({', '.join(f'{v:.0f}' for v in again)})")
    print(f"engine.advise(hand) via paili.mjs (17 draws), {hands_per_class} dealt 14-tile hands per class "
          f"(seed {seed}), round trip:")
    for label in RUNS:
        for i, t in enumerate(CLASSES):
            values = times[label][i * hands_per_class:(i + 1) * hands_per_class]
            name = "tenpai" if t == 0 else f"{t}-shanten"
            print(f"  {name:<10} {label:<22} median {statistics.median(values):8.0f} ms   max {max(values):8.0f} ms"
                  f"   ({', '.join(f'{v:.0f}' for v in values)})")


def run_in_chromium(name: str, bench: Callable[[Browser, str], None]) -> int:
    """Serve dist/ (the site and the bench pages) and run ``bench(browser, base_url)`` in Chromium; 1 when the
    build is missing (the message names ``name``, the script)."""
    for needed in (DIST / "site" / "paili.mjs", DIST / "bench" / "blank.html"):
        if not needed.exists():
            print(f"{name}: {needed.relative_to(ROOT)} is missing (run `python3 build.py bench`)")
            return 1
    server, base = serve_in_thread(DIST, security_headers=False)  # bench pages are not the site: no CSP
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            try:
                bench(browser, base)
            finally:
                browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=5, help="hands per shanten class (default 5)")
    parser.add_argument("--seed", type=int, default=7, help="seed of the dealt hands")
    args = parser.parse_args(argv)

    def bench(browser: Browser, base: str) -> None:
        print(f"Chromium {browser.version}")
        bench_advise(browser, base, args.hands, args.seed)

    return run_in_chromium("bench_advice_browser", bench)


if __name__ == "__main__":
    sys.exit(main())
