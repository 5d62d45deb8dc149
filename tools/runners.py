"""The test and benchmark runners behind ``build.py test`` and ``build.py bench``.

``run_tests`` bootstraps what the tests need (.venv, Debian's chromium, the built site), then runs each
check and reports them all: ruff, mypy, the JavaScript checks (eslint, tsc, node --test: tools/js_checks.py),
pytest. A check is a name and an exit code; to add one, append it to the list in :func:`run_tests`.
"""

from __future__ import annotations

from collections.abc import Sequence

from .common import ENGINE, ROOT, run, say
from .env import ensure_chromium, ensure_venv
from .js_checks import run_js_checks
from .site import build_bench_pages, build_site

# What ruff lints (mypy's files are listed in pyproject.toml, [tool.mypy]).
LINTED = ("engine/paili", "tests", "build.py", "tools")

PYTEST_OPTIONS = (
    "--output", "test-artifacts/playwright",
    # one worker a core (pytest-xdist); a browser module's tests stay on one worker (one page, one Python start),
    # the engine tests are dealt one by one: tests/conftest.py's scheduler
    "-n", "auto",
    "--durations=25",  # the slowest tests of every run, so a slow test shows up the day it arrives
)
"""pytest's options in every ``build.py test`` run; the caller's own (``--all``, ``-k ...``) come after them."""


def run_tests(pytest_args: Sequence[str]) -> int:
    """Build, then ruff, mypy and pytest over tests/ (engine and browser); 0 when every check passed.

    ``pytest_args`` go to pytest after :data:`PYTEST_OPTIONS`: ``--all`` adds the slow tests and the large counts
    (tests/conftest.py), anything else is pytest's own (``-k smoke``, ``-n 0`` for one process)."""
    python = ensure_venv()
    ensure_chromium()
    build_site()
    results: list[tuple[str, int]] = []
    results.append(("ruff", run([python, "-m", "ruff", "check", *LINTED])))
    results.append(("mypy", run([python, "-m", "mypy"])))
    results.append(("javascript", run_js_checks(ROOT)))  # eslint, tsc --checkJs, node --test
    code = run([python, "-m", "pytest", "tests", *PYTEST_OPTIONS, *pytest_args])
    if code == 5:
        say("pytest collected no tests: that is a failure here")
    results.append(("pytest", code))
    summary = ", ".join(f"{name} {'ok' if code == 0 else f'FAILED ({code})'}" for name, code in results)
    say(summary)
    return 1 if any(code != 0 for _, code in results) else 0


def run_benchmarks(bench_args: Sequence[str]) -> int:
    """Build the site and the bench pages, then run the engine, scoring and browser benchmarks (they print
    figures)."""
    python = ensure_venv()
    ensure_chromium()
    build_site()
    build_bench_pages()
    results: list[tuple[str, int]] = []
    engine_bench = ROOT / "tests" / "bench" / "bench_engine.py"
    results.append(("engine", run([python, engine_bench], env={"PYTHONPATH": str(ENGINE.parent)})))
    advice_bench = ROOT / "tests" / "bench" / "bench_advice.py"  # whole advice tables, with and without options
    results.append(("advice", run([python, advice_bench, "--hands", "8", "--cpu"],
                                  env={"PYTHONPATH": str(ENGINE.parent)})))
    review_bench = ROOT / "tests" / "bench" / "bench_review.py"  # one seat of a whole self-play hanchan
    results.append(("review", run([python, review_bench, "--cpu"], env={"PYTHONPATH": str(ENGINE.parent)})))
    scoring_bench = ROOT / "tests" / "bench" / "bench_scoring.py"  # paili.score beside the mahjong library
    results.append(("scoring", run([python, scoring_bench], env={"PYTHONPATH": str(ENGINE.parent)})))
    browser_bench = ROOT / "tests" / "bench" / "bench_browser.py"
    results.append(("browser", run([python, browser_bench, *bench_args])))
    startup_bench = ROOT / "tests" / "bench" / "bench_startup.py"  # first and return visits, throttled link
    results.append(("startup", run([python, startup_bench])))
    memory_bench = ROOT / "tests" / "bench" / "bench_memory.py"  # page memory against a bare Pyodide page
    results.append(("memory", run([python, memory_bench])))
    return 1 if any(code != 0 for _, code in results) else 0
