"""The development server (tools/server.py): compressed answers to the browsers that accept them (a
precompressed ``NAME.br`` for brotli, a ``NAME.gz`` sibling preferred for gzip), identity otherwise; the bytes
always decompress to the file."""

from __future__ import annotations

import doctest
import gzip
import http.client
import os
import random
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import brotli
import pytest

from tools import server
from tools.server import COMPRESSED_SUFFIXES, serve_in_thread


@pytest.fixture
def site(tmp_path: Path) -> Iterator[tuple[Path, str]]:
    rng = random.Random(5)
    (tmp_path / "index.html").write_text("<!doctype html><title>t</title>" + "<p>x</p>" * 200)
    (tmp_path / "pyodide").mkdir()
    # half random bytes (incompressible), half repeated: a stand-in for the runtime's wasm
    (tmp_path / "pyodide" / "pyodide.asm.wasm").write_bytes(rng.randbytes(20_000) + b"\0asm" * 5000)
    (tmp_path / "app.js").write_text("export const x = 1;\n" * 500)
    (tmp_path / "icon.png").write_bytes(rng.randbytes(3000))
    srv, url = serve_in_thread(tmp_path)
    try:
        yield tmp_path, url
    finally:
        srv.shutdown()
        srv.server_close()


def get(url: str, path: str, encoding: str | None, **validators: str) -> tuple[int, dict[str, str], bytes]:
    """GET `path` with that Accept-Encoding (none if None) and the validators given (``If_None_Match="..."``)."""
    parts = urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname or "", parts.port)
    headers = {"Accept-Encoding": encoding} if encoding is not None else {}
    headers |= {name.replace("_", "-"): value for name, value in validators.items()}
    conn.request("GET", path, headers=headers)
    response = conn.getresponse()
    body = response.read()
    conn.close()
    return response.status, {k.lower(): v for k, v in response.getheaders()}, body


@pytest.mark.parametrize("path", ["/pyodide/pyodide.asm.wasm", "/app.js", "/index.html", "/"])
def test_gzip_when_accepted(site: tuple[Path, str], path: str) -> None:
    root, url = site
    original = (root / (path.lstrip("/") or "index.html")).read_bytes()
    status, headers, body = get(url, path, "gzip, deflate, br")
    assert status == 200
    assert headers["content-encoding"] == "gzip" and headers["vary"] == "Accept-Encoding"
    assert int(headers["content-length"]) == len(body) < len(original)
    assert gzip.decompress(body) == original
    # the same again (from the cache) and with identity only: the plain file
    assert get(url, path, "gzip")[2] == body
    status, headers, body = get(url, path, None)
    assert status == 200 and "content-encoding" not in headers and body == original
    status, headers, body = get(url, path, "gzip;q=0, identity")
    assert "content-encoding" not in headers and body == original


def test_png_is_sent_as_it_is(site: tuple[Path, str]) -> None:
    root, url = site
    status, headers, body = get(url, "/icon.png", "gzip")
    assert ".png" not in COMPRESSED_SUFFIXES
    assert status == 200 and "content-encoding" not in headers and body == (root / "icon.png").read_bytes()


def test_a_precompressed_sibling_is_preferred_and_a_stale_one_ignored(site: tuple[Path, str]) -> None:
    root, url = site
    target = root / "app.js"
    made = gzip.compress(target.read_bytes(), compresslevel=9, mtime=1)
    (root / "app.js.gz").write_bytes(made)
    assert get(url, "/app.js", "gzip")[2] == made
    # the file changed after its .gz was written: compressed afresh, never the stale bytes
    target.write_text("export const y = 2;\n" * 400)
    stat = (root / "app.js.gz").stat()
    os.utime(target, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))
    _, headers, body = get(url, "/app.js", "gzip")
    assert headers["content-encoding"] == "gzip" and gzip.decompress(body) == target.read_bytes()


def test_brotli_from_a_precompressed_sibling(site: tuple[Path, str]) -> None:
    """``NAME.br`` to a browser that accepts br (never compressed here), gzip to one that does not; a ``.br``
    older than its file is ignored."""
    root, url = site
    target = root / "app.js"
    made = brotli.compress(target.read_bytes(), quality=11)
    assert get(url, "/app.js", "gzip, deflate, br")[1]["content-encoding"] == "gzip"  # no .br yet
    (root / "app.js.br").write_bytes(made)
    status, headers, body = get(url, "/app.js", "gzip, deflate, br, zstd")
    assert status == 200 and headers["content-encoding"] == "br" and headers["vary"] == "Accept-Encoding"
    assert body == made and headers["etag"].endswith('-br"') and int(headers["content-length"]) == len(made)
    assert get(url, "/app.js", "gzip, br;q=0")[1]["content-encoding"] == "gzip"
    assert again_not_modified(url, headers["etag"])
    target.write_text("export const y = 2;\n" * 400)
    stat = (root / "app.js.br").stat()
    os.utime(target, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))
    _, headers, body = get(url, "/app.js", "br, gzip")
    assert headers["content-encoding"] == "gzip" and gzip.decompress(body) == target.read_bytes()


def again_not_modified(url: str, tag: str) -> bool:
    return get(url, "/app.js", "gzip, deflate, br", If_None_Match=tag)[0] == 304


@pytest.mark.parametrize("encoding", ["gzip", None])
@pytest.mark.parametrize("path", ["/pyodide/pyodide.asm.wasm", "/icon.png", "/"])
def test_an_unchanged_file_is_not_sent_again(site: tuple[Path, str], path: str, encoding: str | None) -> None:
    """A browser revalidates (Cache-Control: no-cache) with the Last-Modified or ETag it was given: 304 while
    the file is unchanged (so Chrome keeps the WebAssembly it compiled from it), the file again once it
    changes. Chrome sends If-Modified-Since to this HTTP/1.0 server; If-None-Match is honoured too."""
    root, url = site
    status, headers, body = get(url, path, encoding)
    assert status == 200 and headers["cache-control"] == "no-cache"
    tag, modified = headers["etag"], headers["last-modified"]
    assert tag.startswith('"') and tag.endswith('-gzip"' if "content-encoding" in headers else '"')
    for validators in ({"If_None_Match": tag}, {"If_Modified_Since": modified},
                       {"If_None_Match": f'"other", W/{tag}'}):
        again = get(url, path, encoding, **validators)
        assert again[0] == 304 and again[2] == b"" and again[1]["etag"] == tag, validators
    # a tag of the other encoding, a tag of another version and an older date: the whole file
    assert get(url, path, encoding, If_None_Match='"1-1"')[0] == 200
    assert get(url, path, encoding, If_Modified_Since="Thu, 01 Jan 1970 00:00:00 GMT")[2] == body
    other = "identity" if encoding else "gzip"
    assert get(url, path, other, If_None_Match=tag)[0] == (304 if path == "/icon.png" else 200)
    target = root / (path.lstrip("/") or "index.html")
    stat = target.stat()
    os.utime(target, ns=(stat.st_atime_ns, stat.st_mtime_ns + 5 * 10**9))
    for validators in ({"If_None_Match": tag}, {"If_Modified_Since": modified}):
        status, headers, again = get(url, path, encoding, **validators)
        assert status == 200 and again == body and headers["etag"] != tag, validators


def test_missing_files_are_404(site: tuple[Path, str]) -> None:
    _, url = site
    assert get(url, "/nothing.js", "gzip")[0] == 404


def test_doctests() -> None:
    assert doctest.testmod(server).failed == 0
