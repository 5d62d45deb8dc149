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

With `--breakdown`: each page's Pss by Chromium process type (browser, GPU, network, storage, renderer, ...),
the bare page once more with the page's Python work on the hand (bench/bare.html?advise=HAND: warm, analyze,
advise in its worker; its WebAssembly memory after each), and the timeline of each first advice from the
marks of the page and its worker (paili.mjs, worker.js: ms after data-engine="ready").

Two options measure what a part costs or where a floor is, against the same blank and bare pages:
`--js-flags=--no-liftoff` passes V8 flags to every Chromium (that one compiles the WebAssembly with the
optimizing tier before it runs, so the latency is that of fully optimized Pyodide code: a fresh browser runs
V8's baseline code until its dynamic tier-up is done, and the first advice comes in that window); `--block
GLOB` aborts the index page's requests that match (`'**/tiles/**'`: the page without its tile faces).

Prints figures only; it asserts nothing. Other hosts are blocked by Chromium itself (--host-rules).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from collections.abc import Sequence
from pathlib import Path

from playwright.sync_api import Browser, Page, Playwright, sync_playwright

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


def chromium_pids() -> list[int]:
    """The Chromium processes started by this script (below it: Playwright's driver, then Chromium)."""
    out = []
    for pid in descendants(os.getpid()):
        try:
            exe = (Path("/proc") / str(pid) / "cmdline").read_bytes().split(b"\0")[0]
        except OSError:
            continue
        if b"chrom" in exe:
            out.append(pid)
    return out


def browser_mib() -> float:
    """The Pss of every Chromium process started by this script."""
    return sum(pss_mib(pid) for pid in chromium_pids())


def process_type(pid: int) -> str:
    """A Chromium process's type from its command line (--type, --utility-sub-type), "browser" without one.
    Chromium rewrites its children's command lines as one string: the flags are split at spaces too."""
    try:
        line = (Path("/proc") / str(pid) / "cmdline").read_bytes()
    except OSError:
        return "?"
    flags = line.replace(b"\0", b" ").decode(errors="replace").split()
    if not flags:
        return "?"
    kind = next((f.split("=", 1)[1] for f in flags if f.startswith("--type=")), "browser")
    sub = next((f.split("=", 1)[1].split(".")[0] for f in flags if f.startswith("--utility-sub-type=")), "")
    return f"{kind}:{sub}" if sub else kind


def browser_breakdown() -> dict[str, float]:
    """The Pss (MiB) of the Chromium processes of this script by process type (see browser_mib)."""
    out: dict[str, float] = {}
    for pid in chromium_pids():
        kind = process_type(pid)
        out[kind] = out.get(kind, 0.0) + pss_mib(pid)
    return out


MARKS = ("() => ({origin: performance.timeOrigin, "
         "marks: performance.getEntriesByType('mark').map(e => [e.name, e.startTime])})")


def timeline(page: Page) -> list[tuple[float, str]]:
    """The marks of the page and of its workers, in ms after data-engine="ready", in order."""
    mine = page.evaluate(MARKS)
    start = float(page.evaluate("window.__engineAt"))
    rows = [(t - start, f"page   {name}") for name, t in mine["marks"]]
    for worker in page.workers:
        theirs = worker.evaluate(MARKS)
        shift = theirs["origin"] - mine["origin"]
        rows += [(t + shift - start, f"worker {name}") for name, t in theirs["marks"]]
        heap = worker.evaluate("self.__heap ?? null")
        if heap:
            rows.append((0.0, "worker WebAssembly memory (MiB) " + ", ".join(f"{k} {v:.0f}" for k, v in heap.items())))
    if page.evaluate("window.__adviceAt !== undefined"):
        rows.append((float(page.evaluate("window.__adviceAt")) - start, "page   advice shown"))
    return sorted(r for r in rows if r[0] >= -50)


def measure(playwright: Playwright, url: str, wait: str, breakdown: bool = False, js_flags: str = "",
            block: Sequence[str] = ()) -> tuple[float, float | None]:
    """Memory (MiB) of a fresh Chromium with `url` open and settled; ms from engine ready to advice shown.
    With `breakdown`, prints the memory by process type and the page's timeline; `js_flags` go to V8 and the
    requests matching a glob of `block` are aborted."""
    args = [*CHROMIUM_ARGS, f"--js-flags={js_flags}"] if js_flags else CHROMIUM_ARGS
    browser: Browser = playwright.chromium.launch(executable_path=CHROMIUM, args=args, headless=True)
    try:
        context = browser.new_context(service_workers="block")
        context.add_init_script(PROBE)
        for glob in block:
            context.route(glob, lambda route: route.abort())
        page = context.new_page()
        page.goto(url)
        latency = None
        if wait == "engine":
            page.locator("html[data-engine='ready']").wait_for(state="attached", timeout=120_000)
        elif wait == "advice":
            page.wait_for_function("() => window.__adviceAt !== undefined", timeout=120_000)
            latency = float(page.evaluate("window.__adviceAt - window.__engineAt"))
        page.wait_for_timeout(1500)  # let the page settle (collect, finish its requests) before reading memory
        if breakdown:
            parts = browser_breakdown()
            print(f"  {url.rsplit('/', 1)[-1]}: {sum(parts.values()):.1f} MiB = "
                  + ", ".join(f"{kind} {mib:.1f}" for kind, mib in sorted(parts.items())))
            if wait:
                for at, name in timeline(page):
                    print(f"    {at:8.1f} ms  {name}")
        return browser_mib(), latency
    finally:
        browser.close()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="the build (site/ and bench/) to measure")
    parser.add_argument("--runs", type=int, default=3, help="fresh browsers per page (default 3)")
    parser.add_argument("--breakdown", action="store_true",
                        help="also print each page's memory by process and its timeline (see the docstring)")
    parser.add_argument("--js-flags", default="", metavar="FLAGS",
                        help="V8 flags for every Chromium, e.g. --js-flags=--no-liftoff (see the docstring)")
    parser.add_argument("--block", action="append", default=[], metavar="GLOB",
                        help="abort the index page's requests matching GLOB, e.g. '**/tiles/**' (repeatable)")
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
    extra = {"bare + advice": (base + f"bench/bare.html?advise={ONE_SHANTEN}", "engine")} if args.breakdown else {}
    memory: dict[str, list[float]] = {name: [] for name in pages}
    latencies: list[float] = []
    try:
        with sync_playwright() as playwright:
            for _ in range(args.runs):
                for name, (url, wait) in pages.items():
                    block = args.block if name == "index.html" else ()
                    mib, latency = measure(playwright, url, wait, args.breakdown, args.js_flags, block)
                    memory[name].append(mib)
                    if latency is not None:
                        latencies.append(latency)
                for name, (url, wait) in extra.items():
                    memory.setdefault(name, []).append(measure(playwright, url, wait, True, args.js_flags)[0])
    finally:
        server.shutdown()
        server.server_close()
    median = {name: statistics.median(values) for name, values in memory.items()}
    print(f"Browser memory (Pss of all Chromium processes, MiB; median of {args.runs} fresh browsers), {dist}"
          + (f", V8 flags {args.js_flags}" if args.js_flags else "")
          + (f", index.html without {', '.join(args.block)}" if args.block else "") + ":")
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
