"""Harness for the end-to-end tests in headless Chromium (Debian's /usr/bin/chromium, driven by Playwright).

- ``site_url``: dist/site served on 127.0.0.1 on a free port by a server thread (build it first:
  ``python3 build.py test`` does).
- Chromium runs with every host but 127.0.0.1 unresolvable (support.BLOCK_OTHER_HOSTS), and every test that
  uses ``page`` or ``context`` records its requests: one to another host fails the test at teardown, listed.
  Page errors (uncaught exceptions, in the page or a worker) and console errors fail the test too.
- Two engines. By default a test's ``context`` gets the **recorded engine** (recorded_engine.py): the page's
  worker is replaced by one that sends each request to this process, which answers with ``paili.api`` in
  CPython, and service workers are blocked; the page starts in a fraction of a second. A test (or module)
  marked ``pyodide`` gets the real worker and Pyodide: for the runtime itself, start-up, offline, the CSP.
- ``pyodide_page``: one page a module with the real engine started once (each test gets it as the previous
  one left it, with its browser problems checked per test); a module resets what it changes.
- ``screenshot_dir``: test-artifacts/screenshots, for pictures a test takes.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from guard import BrowserProblems, fail_if_misbehaved, watch
from playwright.sync_api import Browser, BrowserContext, Page, expect
from recorded_engine import use_recorded_engine
from support import BLOCK_OTHER_HOSTS, CHROMIUM, CHROMIUM_ARGS

from tools.server import serve_in_thread

ROOT = Path(__file__).resolve().parents[2]
# PAILI_SITE points the tests at another built site folder (default dist/site).
SITE = Path(os.environ.get("PAILI_SITE", ROOT / "dist" / "site")).resolve()

os.environ.setdefault("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")


def pytest_configure(config: pytest.Config) -> None:
    # pytest-playwright 0.10's own `base_url` fixture trips a pytest 9 deprecation warning: not ours to fix.
    config.addinivalue_line(
        "filterwarnings",
        "ignore:Session-scoped fixtures defined as instance methods:pytest.PytestRemovedIn10Warning",
    )
    # An expectation waits up to 20 s for its condition (Playwright's default is 5 s): two test processes, each
    # with its browser, share a 2-core machine, and a page's answer waited on has taken over 5 s there. A
    # passing expectation returns as soon as it holds: only a failing one waits this long.
    expect.set_options(timeout=20_000)
    config.addinivalue_line("markers", "pyodide: runs the real engine (Pyodide in the page's worker), not the "
                                       "recorded one")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Everything in tests/browser is a browser test (needs the built site and chromium). (Under pytest-xdist a
    module's tests run on one worker, so its shared page starts Python once: tests/conftest.py's scheduler.)"""
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.path)).parents:
            item.add_marker(pytest.mark.browser)
            if not item.get_closest_marker("pyodide"):
                # the recorded engine's context: no service worker (it would precache Pyodide's 14 MB each test).
                # pytest-playwright reads the first browser_context_args marker only: merged into the test's own
                # (a phone's viewport, touch), put first.
                own = item.get_closest_marker("browser_context_args")
                args = {**(own.kwargs if own else {}), "service_workers": "block"}
                item.add_marker(pytest.mark.browser_context_args(**args), append=False)


SITE_NOT_BUILT = "is not a built site: run `python3 build.py build` first (`python3 build.py test` builds it too)"


@pytest.fixture(scope="session")
def site_dir() -> Path:
    """The built site; every browser test fails (never skips) when it is missing."""
    missing = [name for name in ("build-info.json", "index.html") if not (SITE / name).is_file()]
    if missing:
        shown = SITE.relative_to(ROOT) if SITE.is_relative_to(ROOT) else SITE
        pytest.fail(f"{shown} {SITE_NOT_BUILT} (it lacks {', '.join(missing)})", pytrace=False)
    return SITE


@pytest.fixture(scope="session")
def build_info(site_dir: Path) -> dict[str, Any]:
    info: dict[str, Any] = json.loads((site_dir / "build-info.json").read_text())
    return info


@pytest.fixture(scope="session")
def site_url(site_dir: Path) -> Iterator[str]:
    """http://127.0.0.1:<free port>/ serving dist/site from a background thread."""
    server, url = serve_in_thread(site_dir)
    try:
        yield url
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """pytest-playwright's launch options, pointed at Debian's chromium (Playwright downloads no browser), which
    refuses every host but this machine."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: `python3 build.py test` installs it (apt-get install chromium)")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": [*CHROMIUM_ARGS, BLOCK_OTHER_HOSTS],
            "headless": True}


@pytest.fixture(scope="session")
def screenshot_dir() -> Path:
    path = ROOT / "test-artifacts" / "screenshots"
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture(autouse=True)
def browser_guard(request: pytest.FixtureRequest) -> Iterator[BrowserProblems | None]:
    """For tests that use `page` or `context`: record requests (off-machine ones fail the test) and page errors;
    the recorded engine unless the test is marked ``pyodide``."""
    if not {"page", "context"} & set(request.fixturenames):
        yield None
        return
    context: BrowserContext = request.getfixturevalue("context")
    problems = BrowserProblems()
    unwatch = watch(context, problems)
    if not request.node.get_closest_marker("pyodide"):
        use_recorded_engine(context)
    yield problems
    unwatch()
    fail_if_misbehaved(problems.report(), f"during {request.node.name}")


@pytest.fixture(scope="module")
def _pyodide_module_page(browser: Browser, site_url: str) -> Iterator[tuple[Page, BrowserProblems]]:
    context = browser.new_context()
    problems = BrowserProblems()
    unwatch = watch(context, problems)
    page = context.new_page()
    page.goto(site_url)
    page.locator("html[data-engine='ready'], html[data-engine='failed']").wait_for(timeout=120_000)
    try:
        yield page, problems
    finally:
        unwatch()
        context.close()


@pytest.fixture
def pyodide_page(_pyodide_module_page: tuple[Page, BrowserProblems], request: pytest.FixtureRequest) -> Iterator[Page]:
    """index.html with the real engine started, shared by the tests of a module (one Python start); what the
    browser did wrong during this test fails it, as with ``page``."""
    page, problems = _pyodide_module_page
    state = page.locator("html").get_attribute("data-engine")
    assert state == "ready", f"the engine did not start: data-engine={state!r}"
    problems.clear()
    yield page
    fail_if_misbehaved(problems.report(), f"during {request.node.name}")


@pytest.fixture
def requests_seen(browser_guard: BrowserProblems | None) -> list[str]:
    """Every URL requested in this test's browser context (pages and workers), in order."""
    assert browser_guard is not None, "requests_seen needs a test that uses `page` or `context`"
    return browser_guard.requested


@pytest.fixture
def ready_page(page: Page, site_url: str) -> Page:
    """index.html opened and its engine ready (<html data-engine="ready">)."""
    page.goto(site_url)
    page.locator("html[data-engine='ready'], html[data-engine='failed']").wait_for(timeout=60_000)
    state = page.locator("html").get_attribute("data-engine")
    assert state == "ready", f"the engine did not start: data-engine={state!r}"
    return page
