"""embed.html (the compact view for an iframe) and examples/embed.html, the documented way to embed Paili in
another site, served from a second origin (127.0.0.1, another port)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, Route, expect
from recorded_engine import use_recorded_engine

import paili
from tools.server import serve_in_thread

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def host_url() -> Iterator[str]:
    """examples/ served as another site: same host, another port, no Paili headers."""
    server, url = serve_in_thread(ROOT / "examples", security_headers=False)
    try:
        yield url
    finally:
        server.shutdown()
        server.server_close()


def embed(page: Page, site_url: str, hand: str) -> None:
    page.goto(f"{site_url}embed.html?q={hand}")
    page.locator("html[data-engine='ready'], html[data-engine='failed']").wait_for(timeout=60_000)
    assert page.locator("html").get_attribute("data-engine") == "ready"


def test_embed_shows_a_win_with_its_decompositions(page: Page, site_url: str) -> None:
    embed(page, site_url, "111222333m11p")  # 11 tiles: too few for a win
    result = paili.analyze("111234m456p789s11z")
    embed(page, site_url, "111234m456p789s11z")
    expect(page.locator("#results-body")).to_have_attribute("data-hand", result["hand"])
    expect(page.get_by_text("Agari — a complete hand")).to_be_visible()
    # issue 37: the complete form says so in words in the shanten table too, never "-1"
    expect(page.locator(".shanten-table td[data-form='min']")).to_have_text("Agari")
    expect(page.locator(".shanten-table")).not_to_contain_text("-1")
    expect(page.get_by_role("region", name=re.compile(r"^Decompositions"))).to_be_visible()
    assert page.get_by_role("group", name="Hand tiles").locator(".tile").count() == 14


def test_embed_shows_the_discard_table_and_follows_a_row(page: Page, site_url: str) -> None:
    embed(page, site_url, "2345m456p789s1122z")
    table = page.get_by_role("table", name="Discards, best first")
    expect(table).to_be_visible()
    expect(page.locator("html")).to_have_attribute("data-advice", "ready", timeout=60_000)  # rows in their order
    first = table.locator("tr.discard-row").first
    after = first.get_attribute("data-after")
    assert after in [d["after"] for d in paili.analyze("2345m456p789s1122z")["discards"]]
    first.click()
    expect(page.locator("#results-body")).to_have_attribute("data-hand", after or "")
    assert "q=" in page.url


def test_embed_shows_an_error_for_a_bad_hand(page: Page, site_url: str) -> None:
    embed(page, site_url, "123m8z")
    expect(page.locator("#hand-error-message")).to_contain_text("8z")


@pytest.mark.pyodide
def test_iframe_and_module_from_another_origin(page: Page, site_url: str, host_url: str,
                                               requests_seen: list[str]) -> None:
    """The module starts the real worker from another origin (Pyodide fetched across origins: the point here);
    the iframe, the site's own embed.html, draws on the recorded engine."""
    assert host_url != site_url
    host = host_url.rstrip("/")
    use_recorded_engine(page.context)

    def real_worker_for_the_host(route: Route) -> None:
        # asked before the recorded engine's route: the worker script the host's blob worker imports (a
        # cross-origin request, with the host's Origin) is the real one; the iframe's goes on to the recorded one
        if route.request.header_value("origin") == host:
            route.continue_()
        else:
            route.fallback()

    page.context.route("**/js/worker.js", real_worker_for_the_host)
    page.goto(f"{host_url}embed.html?site={site_url}")
    # The module: paili.mjs imported cross-origin, its worker started from a blob, the engine answers.
    result = page.locator("#module-result")
    expect(result).to_have_attribute("data-shanten", "0", timeout=120_000)  # Pyodide starting, on a loaded machine
    expect(result).to_have_text("tenpai")
    # The iframe: the discard table drawn inside, and the frame sized to the height it reported.
    frame = page.frame_locator("#paili-frame")
    expect(frame.get_by_role("table", name="Discards, best first")).to_be_visible(timeout=60_000)
    iframe = page.locator("#paili-frame")
    expect(iframe).to_have_attribute("data-reported-height", re.compile(r"^\d+"))

    def sizes() -> tuple[float, float]:
        reported = float(iframe.get_attribute("data-reported-height") or 0)
        return reported, iframe.bounding_box()["height"]  # type: ignore[index]

    page.wait_for_function(
        """() => { const f = document.getElementById('paili-frame');
                   return f.contentWindow && Number(f.dataset.reportedHeight) > 300; }""",
        timeout=60_000,
    )
    reported, height = sizes()
    assert reported > 300, "the embed reported no real height for a 14-tile hand"
    assert abs(height - 2 - reported) <= 1.5, (height, reported)  # 1px border on each side
    # The frame shows everything without scrolling inside it.
    inner = page.frames[1]
    assert inner.evaluate("document.documentElement.scrollHeight <= window.innerHeight + 1")
    # both engines were what this test says: the real runtime (for the module) and the recorded one (the iframe)
    assert any(url.endswith("/pyodide.asm.wasm") for url in requests_seen), "the module did not start Pyodide"
    assert any(url.endswith("/__engine__") for url in requests_seen), "the iframe did not use the recorded engine"


def test_embed_is_compact_on_a_phone(page: Page, site_url: str) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    embed(page, site_url, "2345m456p789s1122z")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"the embed scrolls sideways at 360 px: {width}px"


def test_copy_link_puts_the_hand_on_the_clipboard(page: Page, site_url: str) -> None:
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_url.rstrip("/"))
    page.goto(site_url + "?q=123m456p789s11122z&v=1z")
    page.locator("html[data-engine='ready']").wait_for(timeout=60_000)
    page.get_by_role("button", name="Copy link").click()
    expect(page.get_by_text("Link copied.")).to_be_visible()
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == f"{site_url}?q=123m456p789s11122z&v=1z"


SNAPSHOT = """() => {
    const body = document.getElementById("results-body");
    const hand = document.getElementById("hand-tiles");
    const texts = (selector) => [...body.querySelectorAll(selector)].map((e) => e.textContent);
    return {
        hand: [...hand.querySelectorAll(".tile")].map((t) => t.dataset.tile),
        melds: [...hand.querySelectorAll(".meld")].map((m) => m.getAttribute("aria-label")),
        summary: texts(".summary"),
        shanten: texts(".shanten-table td"),
        blocks: [...body.querySelectorAll("section.block:not(.calls)")].map((b) => b.getAttribute("aria-label")),
        groups: [...body.querySelectorAll(".group")].map((g) => g.getAttribute("aria-label")),
        counts: [...body.querySelectorAll(".tile-counts li")].filter((li) => !li.closest(".discard-detail"))
            // the tile and its copies left (a wait's worth and, on the page, its chance come later, each tested
            // where it is drawn: test_score_page, test_outlook_page)
            .map((li) => `${li.dataset.tile} ${li.querySelector(".count")?.textContent}`),
        rows: [...body.querySelectorAll("table.discards tr.discard-row")].map(
            (r) => [r.dataset.tile, r.dataset.after,
                    ...[...r.querySelectorAll("td.discard, td.shanten, td.count, td.improve")]
                        .map((c) => c.textContent)]),
    };
}"""


@pytest.mark.parametrize("hand", [  # a red five and melds, and 13 tiles, in the ten-minute run; two more under --all
    pytest.param("2345m406p789s1122z", marks=pytest.mark.slow),
    pytest.param("123m456p22z [789s] (1111z)", marks=pytest.mark.slow), "1112345678999m", "0m11z234p67m [406s] [123s]"])
def test_embed_and_page_draw_the_same_rows(page: Page, site_url: str, hand: str) -> None:
    """One renderer: for the same hand the page and the embed view show the same tiles, blocks and rows. The
    page adds the details rows and a 13-tile hand's call panel; both may order the rows by the advice once it
    is in (in the same order: test_embed_ranks_the_discards_as_the_page)."""
    result = paili.analyze(hand)
    text = " ".join([result["hand"], *(m["text"] for m in result["melds"])])
    query = hand.replace(" ", "+").replace("[", "%5B").replace("]", "%5D").replace("(", "%28").replace(")", "%29")
    page.goto(f"{site_url}index.html?q={query}")
    page.locator("html[data-engine='ready']").wait_for(timeout=60_000)
    expect(page.get_by_role("region", name="Analysis")).to_have_attribute("data-hand", text, timeout=30_000)
    full = page.evaluate(SNAPSHOT)
    page.goto(f"{site_url}embed.html?q={query}")
    page.locator("html[data-engine='ready']").wait_for(timeout=60_000)
    expect(page.locator("#results-body")).to_have_attribute("data-hand", text, timeout=30_000)
    compact = page.evaluate(SNAPSHOT)
    rows = compact.pop("rows")
    assert sorted(rows) == sorted(full.pop("rows"))
    counts = compact.pop("counts")
    assert sorted(counts) == sorted(full.pop("counts"))  # the rows' tiles come in each view's row order
    assert compact == full
    assert full["hand"] == result["concealed"] + [t for m in result["melds"] for t in m["tiles"]]
    assert sorted(r[:2] for r in rows) == sorted([d["tile"], d["after"]] for d in result.get("discards", []))
    assert rows or counts   # every hand here draws a table or tile counts


RANKED = """() => {
    const rows = [...document.querySelectorAll("table.discards tr.discard-row")];
    const visible = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== "hidden";
    return {
        rows: rows.map((r) => [r.dataset.tile,
            ...[...r.querySelectorAll("td[data-key]")].map((c) => `${c.dataset.key} ${c.textContent}`)]),
        shown: rows.filter(visible).map((r) => r.dataset.tile),
        heads: [...document.querySelectorAll("table.discards thead th")].filter(visible)
            .filter((th) => !th.classList.contains("more")).map((th) => th.className),
        width: document.documentElement.scrollWidth,
    };
}"""


def ranked(page: Page, url: str) -> dict[str, object]:
    page.goto(url)
    page.locator("html[data-advice='ready']").wait_for(timeout=60_000)  # "none" comes first: no hand yet
    return page.evaluate(RANKED)  # type: ignore[no-any-return]


@pytest.mark.parametrize("width", [1280, 360])
def test_embed_ranks_the_discards_as_the_page(page: Page, site_url: str, width: int) -> None:
    """The embed orders the discard table by the page's objective (expected points, then the chances), with the
    page's figures and the columns the page shows at that width; its first rows are the page's first rows. For
    this hand Tenhou's order (the engine's, by tile count) starts with West, the points with 7s."""
    hand = "234m567p5778s4557z"
    advice = paili.advise(hand, improvements=False)
    best = max((d for d in advice["discards"] if d["ev"]), key=lambda d: (d["ev"][-1], d["p_win"][-1]))
    assert paili.analyze(hand)["discards"][0]["tile"] != best["tile"]  # the two orders differ here
    page.set_viewport_size({"width": width, "height": 800})
    full = ranked(page, f"{site_url}index.html?q={hand}")
    compact = ranked(page, f"{site_url}embed.html?q={hand}")
    assert compact["rows"] == full["rows"]
    assert compact["rows"][0][0] == best["tile"]  # type: ignore[index]
    assert compact["heads"] == full["heads"]
    assert compact["shown"] == full["shown"][:5]  # type: ignore[index]
    assert compact["width"] <= width
