"""Browser figures for game review: one seat of bench_review.py's self-play hanchan reviewed through
site/paili.mjs in Chromium, a round a request as the review page asks (``rounds: [i]``), beside the whole review
in CPython in this process. The issue's target: the page within 60 s.

Run by bench_browser.py (so by `python3 build.py bench`), or alone after a build:

    .venv/bin/python tests/bench/bench_review_browser.py

Prints figures only; it asserts no timing. Requests that would leave the machine are aborted.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from playwright.sync_api import Browser

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "engine"), str(ROOT / "tests"), str(Path(__file__).resolve().parent)]

from bench_advice_browser import block_other_hosts, run_in_chromium  # noqa: E402
from selfplay import game  # noqa: E402

import paili  # noqa: E402

REVIEW_LOOP = """
async ({ log, rounds }) => {
  const { createEngine } = await import("../site/paili.mjs");
  const engine = await createEngine({ baseUrl: new URL("../site/", location.href).href });
  try {
    const start = performance.now();
    const listed = await engine.request("review", { log, seat: 0, rounds: [] });
    const each = [];
    let decisions = 0;
    for (let i = 0; i < rounds; i++) {
      const t = performance.now();
      const answer = await engine.request("review", { log, seat: 0, rounds: [i] });
      each.push(performance.now() - t);
      decisions += answer.rounds[i].decisions.length;
    }
    return { total: performance.now() - start, each, decisions, players: listed.players.length };
  } finally {
    engine.close();
  }
}
"""


def bench_review(browser: Browser, base: str, seed: int = 1, rounds: int = 8) -> None:
    """Print seat 0's review of a self-play hanchan in the page, round by round, and in CPython."""
    log = json.dumps(game(seed, rounds=rounds))
    context = browser.new_context()
    try:
        context.route("**/*", block_other_hosts)
        page = context.new_page()
        page.goto(base + "bench/blank.html")
        page.set_default_timeout(600_000)
        out = page.evaluate(REVIEW_LOOP, {"log": log, "rounds": rounds})
    finally:
        context.close()
    start = time.perf_counter()
    native = paili.review(log, seat=0)
    seconds = time.perf_counter() - start
    decisions = sum(len(r["decisions"]) for r in native["rounds"])
    print(f"review of seat 0, self-play hanchan (seed {seed}, {rounds} rounds, {decisions} decisions): page "
          f"{out['total'] / 1000:.1f} s a round at a time ({', '.join(f'{v / 1000:.1f}' for v in out['each'])}), "
          f"CPython {seconds:.1f} s, ratio {out['total'] / 1000 / seconds:.2f}x")


def main() -> int:
    return run_in_chromium("bench_review_browser", bench_review)


if __name__ == "__main__":
    sys.exit(main())
