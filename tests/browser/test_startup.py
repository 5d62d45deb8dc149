"""Start-up (issue 28): the progress line tells the truth.

A first visit counts the bytes over the wire against the build's compressed sizes (build-info.json's
``startFiles`` in the encoding the server sends), then says "Starting Python" (a step of its own); a return
visit (the build in the offline cache) shows no download at all.

Each test runs the real engine (Pyodide in the page's worker, the service worker) on a server of its own, in a
fresh context (a first visit).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page
from test_offline import Server, analyse, wait_offline, wait_ready

pytestmark = pytest.mark.pyodide  # the real runtime and the service worker are the point

RECORD_STATUS = """
window.__statuses = [];
new MutationObserver(() => {
  const status = document.getElementById("engine-status");
  const text = status?.textContent ?? "";
  if (status && window.__statuses.at(-1) !== text) window.__statuses.push(text);
}).observe(document, { subtree: true, childList: true, characterData: true });
"""


@pytest.fixture
def own_server() -> Iterator[Server]:
    server = Server()
    try:
        yield server
    finally:
        server.stop()


def visit(context: BrowserContext, url: str) -> Page:
    page = context.new_page()
    page.add_init_script(RECORD_STATUS)
    page.goto(url)
    wait_ready(page)
    return page


def test_progress_counts_the_wire_then_python_and_a_return_visit_downloads_nothing(
    context: BrowserContext, own_server: Server, site_dir: Path, build_info: dict[str, Any]
) -> None:
    own_server.start(site_dir)
    encodings: list[str] = []
    context.on("response", lambda r: encodings.append(r.headers.get("content-encoding") or "identity")
               if r.url.endswith("pyodide.asm.wasm") else None)
    first = visit(context, own_server.url)
    statuses: list[str] = first.evaluate("window.__statuses")
    assert len(encodings) == 1, encodings
    total = sum(sizes.get(encodings[0], sizes["identity"]) for sizes in build_info["startFiles"].values())
    counts = [re.search(r"([\d.]+) of ([\d.]+) MB \((\d+)%\)", s) for s in statuses]
    found = [(float(m[1]), float(m[2]), int(m[3])) for m in counts if m]
    assert found and all(t == round(total / 1e6, 1) for _, t, _ in found), (statuses, total)
    assert found[-1][2] == 100 and [p for _, _, p in found] == sorted(p for _, _, p in found)
    last = max(i for i, m in enumerate(counts) if m)
    assert statuses[last + 1] == "Starting Python…", statuses
    wait_offline(first)

    again = visit(context, own_server.url)  # the build is in the offline cache: nothing to download
    statuses = again.evaluate("window.__statuses")
    assert not [s for s in statuses if "MB" in s], statuses
    assert "Starting Python…" in statuses, statuses
    analyse(again, "123m456p789s11122z")
