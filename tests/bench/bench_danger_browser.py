"""Browser figures for defence: ``engine.request("danger", ...)`` (a 14-tile hand against three riichi opponents,
defence_speed.py's) and ``engine.advise`` with and without those opponents, through site/paili.mjs in Chromium,
beside the same requests through paili.api.handle in CPython in this process, as the page's worker runs them
(best of seven each; the issue's targets: the page within 2x of CPython, advise with opponents within 1.5x of
advise alone).

Run by bench_browser.py (so by `python3 build.py bench`), or alone after a build:

    .venv/bin/python tests/bench/bench_danger_browser.py

Prints figures only; it asserts no timing. Requests that would leave the machine are aborted.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Browser

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "engine"), str(ROOT / "tests"), str(Path(__file__).resolve().parent)]

from bench_advice_browser import block_other_hosts, run_in_chromium  # noqa: E402
from defence_speed import OPPONENTS  # noqa: E402

from paili import api  # noqa: E402

HAND = "123m456p789s2356z"
ADVISED = "23456m345p6789s15z"  # a 1-shanten hand: its advice (8 draws) with and without the opponents
TURNS = 8

LOOP = """
async ({ hand, advised, opponents, turns }) => {
  const { createEngine } = await import("../site/paili.mjs");
  const engine = await createEngine({ baseUrl: new URL("../site/", location.href).href });
  const best = async (ask) => {
    let ms = Infinity;
    for (let i = 0; i < 5; i++) {
      const start = performance.now();
      await ask();
      ms = Math.min(ms, performance.now() - start);
    }
    return ms;
  };
  try {
    await engine.advise("123m456p789s11234z", { turns: 1 });  // warm-up: loads the tables
    await engine.request("danger", { hand, opponents, dora: "1m" });  // and the defence model's shapes
    return {
      ping: await best(() => engine.request("version")),
      danger: await best(() => engine.request("danger", { hand, opponents, dora: "1m" })),
      alone: await best(() => engine.advise(advised, { turns, improvements: false })),
      table: await best(() => engine.advise(advised, { turns, improvements: false, opponents })),
    };
  } finally {
    engine.close();
  }
}
"""


def best_ms(call: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(7):
        start = time.perf_counter()
        call()
        best = min(best, time.perf_counter() - start)
    return best * 1000


def bench_danger(browser: Browser, base: str) -> None:
    """Print danger and advise (alone, with opponents) in the page beside CPython, and their ratios."""
    context = browser.new_context()
    try:
        context.route("**/*", block_other_hosts)
        page = context.new_page()
        page.goto(base + "bench/blank.html")
        page_ms: dict[str, float] = page.evaluate(LOOP, {"hand": HAND, "advised": ADVISED, "opponents": OPPONENTS,
                                                         "turns": TURNS})
    finally:
        context.close()
    # CPython does what the page's worker does for each request: paili.api.handle, JSON text in and out
    requests = {
        "danger": {"op": "danger", "hand": HAND, "opponents": OPPONENTS, "dora": "1m"},
        "alone": {"op": "advise", "hand": ADVISED, "turns": TURNS, "improvements": False},
        "table": {"op": "advise", "hand": ADVISED, "turns": TURNS, "improvements": False, "opponents": OPPONENTS},
    }
    native = {key: best_ms(lambda r=request: api.handle(json.dumps(r))) for key, request in requests.items()}
    print("defence, best of seven: the page's engine via paili.mjs beside CPython")
    names = {"danger": f"danger {HAND} vs three riichi", "alone": f"advise {ADVISED} ({TURNS} draws)",
             "table": "  the same with the opponents"}
    for key, name in names.items():
        print(f"  {name:<44} browser {page_ms[key]:7.1f} ms   CPython {native[key]:7.1f} ms   "
              f"ratio {page_ms[key] / native[key]:4.2f}x")
    print(f"  (a request's round trip to the worker alone, the version op: {page_ms['ping']:.1f} ms; danger without "
          f"it: {(page_ms['danger'] - page_ms['ping']) / native['danger']:.2f}x CPython)")
    print(f"  advise with opponents / without: browser {page_ms['table'] / page_ms['alone']:.2f}x, "
          f"CPython {native['table'] / native['alone']:.2f}x")


def main() -> int:
    return run_in_chromium("bench_danger_browser", bench_danger)


if __name__ == "__main__":
    sys.exit(main())
