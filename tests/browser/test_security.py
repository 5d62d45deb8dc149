"""The Content-Security-Policy, markup in hands, and the engine failing: nothing runs that should not, and
a failure is reported with a way out.

CSP violations are collected in every page (a `securitypolicyviolation` listener added before any script, or
on the module's shared page as soon as it is loaded) and fail the test; the browser guard (conftest) also
fails on console errors, which is where Chromium reports violations in workers.

The tests of the real runtime (the policy with Pyodide and the service worker, the module's engines, failed
starts, crashes) are marked ``pyodide``; those that need no fresh page share one (conftest's ``pyodide_page``,
one Python start). Markup in a link or in the embed view is about what the page renders of it on load: those
run on the recorded engine (the same answers, test_smoke checks), a fresh page each."""

from __future__ import annotations

import re
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from guard import BrowserProblems, watch
from playwright.sync_api import Browser, BrowserContext, Dialog, Page, Route, expect

from tools.csp import CSP

REAL = pytest.mark.pyodide  # the real runtime (Pyodide in the page's worker), not the recorded engine

ROOT = Path(__file__).resolve().parents[2]
VALID_HAND = "123m456p789s11122z"
PAYLOADS = [
    "<img src=x onerror=alert(1)>",
    '"><script>alert(1)</script>',
    "123m<svg onload=alert(1)>",
    "javascript:alert(1)",
]
COLLECT_VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
});
"""


@pytest.fixture
def guarded(context: BrowserContext) -> Iterator[list[str]]:
    """Dialogs (alert/confirm/prompt) opened in this context; CSP violations fail the test at the end."""
    dialogs: list[str] = []

    def on_dialog(dialog: Dialog) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    context.add_init_script(COLLECT_VIOLATIONS)
    context.on("dialog", on_dialog)
    yield dialogs
    violations = []
    for page in context.pages:
        try:
            violations += page.evaluate("window.__violations ?? []")
        except Exception:  # noqa: BLE001 - a closed page has nothing to say
            pass
    assert not violations, f"CSP violations: {violations}"
    assert not dialogs, f"dialogs opened: {dialogs}"


@pytest.fixture(scope="module")
def _policed(_pyodide_module_page: tuple[Page, Any]) -> Page:
    """The module's shared page (real engine), collecting CSP violations from now on."""
    page = _pyodide_module_page[0]
    page.evaluate(COLLECT_VIOLATIONS)
    return page


@pytest.fixture
def shared_page(_policed: Page, pyodide_page: Page, _pyodide_module_page: tuple[Page, Any]) -> Iterator[Page]:
    """The module's shared page with the engine ready, as `guarded` watches a context: dialogs opened and CSP
    violations during the test fail it. A test leaves the page as it found it (no elements of its own)."""
    dialogs: list[str] = []

    def on_dialog(dialog: Dialog) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    pyodide_page.evaluate("window.__violations.splice(0)")  # (those of earlier tests failed them)
    pyodide_page.on("dialog", on_dialog)
    yield pyodide_page
    pyodide_page.remove_listener("dialog", on_dialog)
    violations = pyodide_page.evaluate("window.__violations.splice(0)")
    assert not violations, f"CSP violations: {violations}"
    assert not dialogs, f"dialogs opened: {dialogs}"


def shared_problems(module_page: tuple[Page, Any]) -> Any:
    """What the browser guard records for the module's shared page (conftest's BrowserProblems)."""
    return module_page[1]


def wait_engine(page: Page) -> str:
    page.locator("html[data-engine='ready'], html[data-engine='failed']").wait_for(timeout=120_000)
    return page.locator("html").get_attribute("data-engine") or ""


# ---- the policy -----------------------------------------------------------------------------------------


def test_every_page_carries_the_policy_and_the_server_sends_it(site_url: str, site_dir: Path) -> None:
    pages = sorted(site_dir.glob("*.html"))
    assert {p.name for p in pages} >= {"index.html", "embed.html"}
    for path in pages:
        meta = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', path.read_text())
        assert meta and meta.group(1) == CSP, path.name
        assert "frame-ancestors" not in meta.group(1)  # ignored (and warned about) in a meta tag
        with urllib.request.urlopen(site_url + path.name) as response:
            header = response.headers["Content-Security-Policy"]
        assert header.startswith(CSP + "; frame-ancestors "), path.name
    policy = dict(d.split(" ", 1) for d in CSP.split("; "))
    assert "'unsafe-inline'" not in CSP and "'unsafe-eval'" not in CSP
    assert policy["script-src"] == "'self' 'wasm-unsafe-eval'"
    assert policy["connect-src"] == "'self'"
    assert policy["default-src"] == "'none'"
    with urllib.request.urlopen(site_url + "embed.html") as response:
        assert response.headers["Content-Security-Policy"].endswith("frame-ancestors *")
    with urllib.request.urlopen(site_url) as response:
        assert response.headers["Content-Security-Policy"].endswith("frame-ancestors 'self'")


@REAL
def test_the_site_works_under_the_policy(guarded: list[str], page: Page, site_url: str) -> None:
    page.goto(site_url + "?q=123m456p789s11122z")
    assert wait_engine(page) == "ready"
    expect(page.get_by_role("region", name="Analysis")).to_be_visible()
    page.get_by_label("Hand", exact=True).fill("2345m456p789s1122z")
    expect(page.get_by_role("table", name="Discards, best first")).to_be_visible()
    expect(page.locator("#offline-status")).to_be_visible(timeout=120_000)  # the service worker ran too
    page.goto(site_url + "embed.html?q=2345m456p789s1122z")
    assert wait_engine(page) == "ready"
    expect(page.get_by_role("table", name="Discards, best first")).to_be_visible()


@REAL
def test_the_policy_blocks_inline_script_and_other_origins(
    shared_page: Page, _pyodide_module_page: tuple[Page, Any]
) -> None:
    """The policy is in force: an injected inline script does not run, a fetch elsewhere is refused."""
    page = shared_page
    outcome = page.evaluate(
        """async () => {
            window.__ran = false;
            const s = document.createElement("script");
            try { s.textContent = "window.__ran = true"; } catch (e) { /* Trusted Types refuse the text */ }
            document.body.append(s);
            s.remove();  // (the shared page: later tests count the inline scripts)
            let fetched;
            try { await fetch("http://127.0.0.1:9/x"); fetched = "yes"; } catch (e) { fetched = "refused"; }
            await new Promise((resolve) => setTimeout(resolve, 100));  // violation events are queued tasks
            const seen = window.__violations.splice(0);  // expected here: do not fail the test for them
            return { ran: window.__ran, fetched, seen };
        }"""
    )
    assert outcome["ran"] is False
    assert outcome["fetched"] == "refused"
    assert any("connect-src" in v for v in outcome["seen"]), outcome["seen"]
    # (eval cannot be checked from here: Playwright's evaluate runs with the page's CSP checks lifted)
    shared_problems(_pyodide_module_page).console_errors.clear()  # the refusals were the point


def test_a_request_to_another_host_is_refused_and_listed(browser: Browser) -> None:
    """The harness itself: the browser refuses every host but this machine, and the guard lists the request
    (a test whose page made one fails at teardown with that list)."""
    context = browser.new_context()
    problems = BrowserProblems()
    unwatch = watch(context, problems)
    try:
        outcome = context.new_page().evaluate(
            """async () => {
                try { await fetch("http://example.org/paili"); return "fetched"; } catch { return "refused"; }
            }""")
    finally:
        unwatch()
        context.close()
    assert outcome == "refused"
    assert problems.blocked == ["GET http://example.org/paili"]
    assert "GET http://example.org/paili" in problems.report()


# ---- markup in hands ------------------------------------------------------------------------------------


def no_injected_markup(page: Page) -> None:
    injected = page.evaluate(
        """() => ({ img: document.querySelectorAll("img[src='x'], img:not([src^='tiles/'])").length,
                    svg: document.querySelectorAll("svg[onload]").length,
                    script: [...document.scripts].filter((s) => !s.src).length,
                    handlers: document.querySelectorAll("[onerror], [onload]").length })"""
    )
    assert injected == {"img": 0, "svg": 0, "script": 0, "handlers": 0}, injected


@pytest.mark.parametrize("payload", PAYLOADS)
def test_markup_in_the_link_is_text(guarded: list[str], page: Page, site_url: str, payload: str) -> None:
    page.goto(f"{site_url}?q={quote(payload)}")
    assert wait_engine(page) == "ready"
    hand = page.get_by_label("Hand", exact=True)
    expect(hand).to_have_value(payload)
    expect(hand).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#hand-error-message")).to_be_visible()
    no_injected_markup(page)


@REAL
@pytest.mark.parametrize("payload", PAYLOADS)
def test_markup_typed_is_text(shared_page: Page, payload: str) -> None:
    page = shared_page
    hand = page.get_by_label("Hand", exact=True)
    # a valid hand first (analysed), so the error state below is this payload's and not the previous one's
    hand.fill(VALID_HAND)
    expect(page.get_by_role("region", name="Analysis")).to_have_attribute("data-hand", VALID_HAND)
    expect(hand).not_to_have_attribute("aria-invalid", "true")
    hand.fill(payload)
    expect(hand).to_have_attribute("aria-invalid", "true")
    # the caret line repeats the text literally
    expect(page.locator("#hand-error-pointer")).to_contain_text(payload[:3])
    no_injected_markup(page)


@pytest.mark.parametrize("payload", PAYLOADS)
def test_markup_in_the_embed_is_text(guarded: list[str], page: Page, site_url: str, payload: str) -> None:
    page.goto(f"{site_url}embed.html?q={quote(payload)}")
    assert wait_engine(page) == "ready"
    expect(page.locator("#hand-error-message")).to_be_visible()
    no_injected_markup(page)


@REAL
def test_markup_through_the_module_is_an_error(shared_page: Page) -> None:
    page = shared_page
    answers = page.evaluate(
        """async (payloads) => {
            const { createEngine } = await import("./paili.mjs");
            const engine = await createEngine();
            const settled = await Promise.allSettled(payloads.map((p) => engine.analyze(p, { visible: p })));
            engine.close();
            return settled.map((s) => s.status === "rejected" ? s.reason.type : "fulfilled");
        }""",
        PAYLOADS,
    )
    assert answers == ["HandError"] * len(PAYLOADS)
    no_injected_markup(page)


# ---- the engine failing ---------------------------------------------------------------------------------


@REAL
@pytest.mark.browser_context_args(service_workers="block")
@pytest.mark.parametrize("broken", [  # the ten-minute run breaks the worker; the runtime and the wheel under --all
    pytest.param("pyodide/pyodide.asm.wasm", marks=pytest.mark.slow), pytest.param("wheel", marks=pytest.mark.slow),
    "js/worker.js"])
def test_a_failed_start_is_reported_and_retry_works(
    page: Page, site_url: str, build_info: dict[str, object], browser_guard: object, broken: str
) -> None:
    path = str(build_info["wheel"]) if broken == "wheel" else broken
    url = site_url + path

    def corrupt(route: Route) -> None:
        if broken == "js/worker.js":
            route.fulfill(status=404, body="not found")
        else:
            route.fulfill(status=200, content_type="application/octet-stream", body=b"\0corrupt\0" * 64)

    page.route(url, corrupt)
    page.goto(site_url + "?q=123m456p789s11122z")
    assert wait_engine(page) == "failed"
    status = page.locator("#engine-status")
    expect(status).to_contain_text("could not be loaded")
    retry = page.get_by_role("button", name="Retry")
    retry.click()  # still broken: fails again, with a Retry again
    expect(page.locator("html")).to_have_attribute("data-engine", "failed", timeout=120_000)
    page.unroute(url)
    page.get_by_role("button", name="Retry").click()
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=120_000)
    expect(page.get_by_role("region", name="Analysis")).to_be_visible()
    # the failures were the point of this test
    problems = browser_guard
    problems.failed_local.clear()  # type: ignore[attr-defined]
    problems.console_errors.clear()  # type: ignore[attr-defined]
    problems.page_errors.clear()  # type: ignore[attr-defined]


KEEP_WORKERS = """
window.__workers = [];
window.Worker = class extends Worker {
  constructor(...args) { super(...args); window.__workers.push(this); }
};
"""


@REAL
def test_a_worker_that_dies_rejects_pending_requests(shared_page: Page) -> None:
    """After start-up the worker fails (its error event): pending requests reject, later ones too, none
    hangs, and onFailure is told. (An engine of its own, on the shared page: the page's engine is not touched.)"""
    outcome = shared_page.evaluate(
        """async () => {
            const { createEngine } = await import("./paili.mjs");
            let failure = null;
            const Original = window.Worker;
            const workers = [];
            window.Worker = class extends Original {
                constructor(...args) { super(...args); workers.push(this); }
            };
            let engine;
            try {
                engine = await createEngine({ onFailure: (e) => { failure = e.type; } });
            } finally {
                window.Worker = Original;
            }
            const worker = workers.at(-1);
            const pending = [engine.analyze("123m456p789s11122z"), engine.request("version")];
            worker.dispatchEvent(new ErrorEvent("error", { message: "out of memory" }));
            const settled = await Promise.allSettled(pending);
            const later = await engine.analyze("1m").then(() => "resolved", (e) => e.type);
            return { failure, settled: settled.map((s) => s.status === "rejected" ? s.reason.type : "fulfilled"),
                     message: settled[0].reason?.message, later };
        }"""
    )
    assert outcome["failure"] == "EngineFailed"
    assert outcome["settled"] == ["EngineFailed", "EngineFailed"]
    assert "out of memory" in outcome["message"]
    assert outcome["later"] == "EngineFailed"


@REAL
@pytest.mark.browser_context_args(service_workers="block")
def test_the_page_reports_a_crashed_worker_and_retries(page: Page, site_url: str) -> None:
    page.add_init_script(KEEP_WORKERS)
    page.goto(site_url + "?q=123m456p789s11122z")
    assert wait_engine(page) == "ready"
    page.evaluate("window.__workers[0].dispatchEvent(new ErrorEvent('error', { message: 'crashed' }))")
    expect(page.locator("html")).to_have_attribute("data-engine", "failed")
    expect(page.locator("#engine-status")).to_contain_text("crashed")
    page.get_by_role("button", name="Retry").click()
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=120_000)
    page.get_by_label("Hand", exact=True).fill("2345m456p789s1122z")
    expect(page.get_by_role("table", name="Discards, best first")).to_be_visible()
