"""The built site opens, its engine starts, and it fetches nothing but its own files."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from playwright.sync_api import Page

from tools.pyodide import PYODIDE_FILES


def test_build_info_names_an_existing_wheel(site_url: str, site_dir: Path) -> None:
    with urllib.request.urlopen(site_url + "build-info.json") as response:
        assert response.headers.get_content_type() == "application/json"
        info: dict[str, Any] = json.load(response)
    assert set(info) >= {"version", "wheel", "pyodide", "pyodideVersion"}
    assert info["wheel"] == f"wheels/paili-{info['version']}-py3-none-any.whl"
    assert (site_dir / info["wheel"]).is_file()
    assert (site_dir / info["pyodide"] / "pyodide.mjs").is_file()
    with urllib.request.urlopen(site_url + info["wheel"]) as response:
        assert response.status == 200
        assert response.read(4) == b"PK\x03\x04"


def test_server_mime_types(site_url: str, build_info: dict[str, Any]) -> None:
    expected = {
        "pyodide/pyodide.mjs": "text/javascript",
        "pyodide/pyodide.asm.wasm": "application/wasm",
        build_info["wheel"]: "application/octet-stream",
        "tiles/Regular/Man1.svg": "image/svg+xml",
    }
    for path, mime in expected.items():
        request = urllib.request.Request(site_url + path, method="HEAD")
        with urllib.request.urlopen(request) as response:
            assert response.headers.get_content_type() == mime, path


def test_page_starts_the_engine(ready_page: Page, screenshot_dir: Path) -> None:
    assert ready_page.title()
    ready_page.screenshot(path=screenshot_dir / "smoke-ready.png", full_page=True)


def test_page_fetches_only_files_of_the_site(
    requests_seen: list[str], ready_page: Page, site_url: str, site_dir: Path
) -> None:
    """Every request is for a file that exists in dist/site (the browser guard already fails other hosts)."""
    assert any(url.endswith(".whl") for url in requests_seen), "the engine wheel was never fetched"
    outside: list[str] = []
    for url in requests_seen:
        if url.startswith(("data:", "blob:")):
            continue
        assert url.startswith(site_url), f"request outside the site: {url}"
        path = unquote(urlsplit(url).path).lstrip("/") or "index.html"
        if path.endswith("/"):
            path += "index.html"
        if not (site_dir / path).is_file():
            outside.append(url)
    assert not outside, f"requests for files that are not in dist/site: {outside}"


def test_site_ships_only_the_pyodide_files_a_page_fetches(
    requests_seen: list[str], ready_page: Page, site_dir: Path, build_info: dict[str, Any]
) -> None:
    """The build copies a fixed list from the npm package (PYODIDE_FILES), and micropip (named in the lock) for
    pages that install Paili with it (test_micropip.py): nothing more, and all of it is fetched (by the page,
    or by the service worker, which precaches the whole site)."""
    folder = build_info["pyodide"]
    shipped = {path.name for path in (site_dir / folder).iterdir()}
    lock = json.loads((site_dir / folder / "pyodide-lock.json").read_text())
    assert shipped == {*PYODIDE_FILES, lock["packages"]["micropip"]["file_name"]}
    ready_page.locator("html[data-offline='ready']").wait_for(timeout=60_000)  # the precache has fetched the rest
    fetched = {unquote(urlsplit(url).path).rsplit("/", 1)[-1] for url in requests_seen if f"/{folder}" in url}
    assert fetched == shipped
