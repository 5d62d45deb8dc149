"""Browser memory and the time to the first advice: index.html against a bare Pyodide page (issue 10).

Run by `python3 build.py bench` (after bench_browser.py), or alone on a built dist/ (`--dist DIR` for another
build, e.g. main's, to compare before and after):

- Memory: the proportional set size (Pss, /proc/PID/smaps_rollup) of every process of a fresh Chromium (the
  browser, its GPU, network and renderer processes, the workers' renderer), summed, with one page open and
  settled: a blank page, bench/bare.html (Pyodide in a worker, the wheel installed, `import paili`) once its
  engine is ready, and site/index.html?q=HAND once the advice of the hand is shown. Prints each and what the
  page and the bare page add above the blank page, and their ratio (issue 10: at most 1.3).
- Latency: ms from <html data-engine="ready"> to the first advice shown for a 1-shanten hand (`data-advice=
  "ready"`, or the old page's advice section `data-state="done"`).

Prints figures only; it asserts nothing. Other hosts are blocked by Chromium itself (--host-rules).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from collections.abc import Sequence
from pathlib import Path

from playwright.sync_api import Browser, Playwright, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from support import BLOCK_OTHER_HOSTS, CHROMIUM  # noqa: E402
from support import CHROMIUM_ARGS as BROWSER_ARGS  # noqa: E402

from tools.server import serve_in_thread  # noqa: E402

CHROMIUM_ARGS = [*BROWSER_ARGS, BLOCK_OTHER_HOSTS]
ONE_SHANTEN = "12345567m24p223s3z"

# Records performance.now() when the engine is ready and when the first advice is shown (this page's
# data-advice, or the advice section of the page before it).
PROBE = """
(() => {
  const check = () => {
    const root = document.documentElement;
    if (!root) return;
    if (root.dataset.engine === "ready" && window.__engineAt === undefined) window.__engineAt = performance.now();
    const old = document.querySelector("section.advice[data-state='done']");
    const shown = root.dataset.advice === "ready" || old;
    if (shown && window.__adviceAt === undefined) window.__adviceAt = performance.now();
  };
  new MutationObserver(check).observe(document, { subtree: true, attributes: true,
    attributeFilter: ["data-engine", "data-advice", "data-state"] });
  check();
})();
"""


def descendants(pid: int) -> list[int]:
    """Every process below `pid` (from /proc: each process's parent)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(entry.name))
    out: list[int] = []
    todo = [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            out.append(child)
            todo.append(child)
    return out


def pss_mib(pid: int) -> float:
    try:
        for line in (Path("/proc") / str(pid) / "smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def browser_mib() -> float:
    """The Pss of every Chromium process started by this script (below it: Playwright's driver, then Chromium)."""
    total = 0.0
    for pid in descendants(os.getpid()):
        try:
            exe = (Path("/proc") / str(pid) / "cmdline").read_bytes().split(b"\0")[0]
        except OSError:
            continue
        if b"chrom" in exe:
            total += pss_mib(pid)
    return total


def measure(playwright: Playwright, url: str, wait: str) -> tuple[float, float | None]:
    """Memory (MiB) of a fresh Chromium with `url` open and settled; ms from engine ready to advice shown."""
    browser: Browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
    try:
        context = browser.new_context(service_workers="block")
        context.add_init_script(PROBE)
        page = context.new_page()
        page.goto(url)
        latency = None
        if wait == "engine":
            page.locator("html[data-engine='ready']").wait_for(state="attached", timeout=120_000)
        elif wait == "advice":
            page.wait_for_function("() => window.__adviceAt !== undefined", timeout=120_000)
            latency = float(page.evaluate("window.__adviceAt - window.__engineAt"))
        page.wait_for_timeout(1500)  # let the page settle (collect, finish its requests) before reading memory
        return browser_mib(), latency
    finally:
        browser.close()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="the build (site/ and bench/) to measure")
    parser.add_argument("--runs", type=int, default=3, help="fresh browsers per page (default 3)")
    args = parser.parse_args(argv)
    dist: Path = args.dist
    for needed in (dist / "site" / "index.html", dist / "bench" / "bare.html"):
        if not needed.exists():
            print(f"bench_memory: {needed} is missing (run `python3 build.py bench`)")
            return 1
    server, base = serve_in_thread(dist, security_headers=False)  # bench pages use inline scripts
    pages = {
        "blank": (base + "bench/blank.html", ""),
        "bare Pyodide": (base + "bench/bare.html", "engine"),
        "index.html": (base + f"site/index.html?q={ONE_SHANTEN}", "advice"),
    }
    memory: dict[str, list[float]] = {name: [] for name in pages}
    latencies: list[float] = []
    try:
        with sync_playwright() as playwright:
            for _ in range(args.runs):
                for name, (url, wait) in pages.items():
                    mib, latency = measure(playwright, url, wait)
                    memory[name].append(mib)
                    if latency is not None:
                        latencies.append(latency)
    finally:
        server.shutdown()
        server.server_close()
    median = {name: statistics.median(values) for name, values in memory.items()}
    print(f"Browser memory (Pss of all Chromium processes, MiB; median of {args.runs} fresh browsers), {dist}:")
    for name, values in memory.items():
        print(f"  {name:<13} {median[name]:7.1f}   ({', '.join(f'{v:.1f}' for v in values)})")
    page = median["index.html"] - median["blank"]
    bare = median["bare Pyodide"] - median["blank"]
    print(f"  above the blank page: index.html {page:.1f}, bare Pyodide {bare:.1f}, ratio {page / bare:.2f}")
    print(f"From data-engine=ready to the first advice of {ONE_SHANTEN} (1-shanten): median "
          f"{statistics.median(latencies):.0f} ms ({', '.join(f'{v:.0f}' for v in latencies)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
