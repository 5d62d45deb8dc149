"""Browser figures for call advice: ``engine.request("call_advice", ...)`` through site/paili.mjs in Chromium,
for bench_calls.py's hands, beside the same call in CPython in this process (best of three each; the issue's
target: the browser within 2x of CPython).

Run by bench_browser.py (so by `python3 build.py bench`), or alone after a build:

    .venv/bin/python tests/bench/bench_calls_browser.py

Prints figures only; it asserts no timing. Requests that would leave the machine are aborted.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from playwright.sync_api import Browser

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "engine"), str(ROOT / "tests"), str(Path(__file__).resolve().parent)]

from bench_advice_browser import block_other_hosts, run_in_chromium  # noqa: E402
from bench_calls import HANDS  # noqa: E402

import paili  # noqa: E402

CALL_LOOP = """
async ({ hands }) => {
  const { createEngine } = await import("../site/paili.mjs");
  const engine = await createEngine({ baseUrl: new URL("../site/", location.href).href });
  try {
    await engine.advise("123m456p789s11234z", { turns: 1 });  // warm-up: loads the tables
    const out = [];
    for (const [hand, offered, seat, dora] of hands) {
      let best = Infinity;
      for (let i = 0; i < 3; i++) {
        const start = performance.now();
        await engine.request("call_advice", { hand, offered, seat, dora, turns: 17 });
        best = Math.min(best, performance.now() - start);
      }
      out.push(best);
    }
    return out;
  } finally {
    engine.close();
  }
}
"""


def cpython_ms(hand: str, offered: str, seat: str, dora: str) -> float:
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        paili.call_advice(hand, offered, seat=seat, dora=dora, turns=17)
        best = min(best, time.perf_counter() - start)
    return best * 1000


def bench_calls(browser: Browser, base: str) -> None:
    """Print each hand's call advice in the page beside CPython's, and their ratio."""
    context = browser.new_context()
    try:
        context.route("**/*", block_other_hosts)
        page = context.new_page()
        page.goto(base + "bench/blank.html")
        browser_ms: list[float] = page.evaluate(CALL_LOOP, {"hands": [list(h) for h in HANDS]})
    finally:
        context.close()
    print("call advice (17 draws), best of three: the page's engine via paili.mjs beside CPython")
    for (hand, offered, seat, dora), ms in zip(HANDS, browser_ms, strict=True):
        native = cpython_ms(hand, offered, seat, dora)
        print(f"  {hand} {offered} from {seat:<6}  browser {ms:6.0f} ms   CPython {native:6.0f} ms   "
              f"ratio {ms / native:4.2f}x")


def main() -> int:
    return run_in_chromium("bench_calls_browser", bench_calls)


if __name__ == "__main__":
    sys.exit(main())
