"""The development server: a site folder on 127.0.0.1 with the MIME types the site needs, no caching,
compressed answers for the browsers that accept them (brotli from the build's precompressed ``NAME.br``,
gzip), and (by default) the site's security headers.
``build.py serve`` runs it in the foreground; the browser tests
and benchmarks run it in a thread with :func:`serve_in_thread`."""

from __future__ import annotations

import datetime
import email.utils
import functools
import gzip
import http.server
import io
import os
import sys
import threading
from pathlib import Path

from .common import ROOT, BuildError
from .csp import CSP, frame_ancestors

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".whl": "application/octet-stream",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".woff2": "font/woff2",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".md": "text/markdown; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
}


COMPRESSED_SUFFIXES = frozenset(set(MIME_TYPES) - {".png", ".ico"})
"""The files answered gzip-compressed to a browser that accepts it: all but the PNG images (compressed
already). The zip archives (the wheels, python_stdlib.zip) gain little (2%) but are sent the same way."""

GZIP_LEVEL = 6


class GzipCache:
    """The gzip bytes of the site's files, made once per file version (its path, size and mtime)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._entries: dict[str, tuple[tuple[int, int], bytes]] = {}

    def get(self, path: str) -> bytes:
        stat = os.stat(path)
        key = (stat.st_size, stat.st_mtime_ns)
        with self._lock:
            cached = self._entries.get(path)
        if cached is not None and cached[0] == key:
            return cached[1]
        data = gzip.compress(Path(path).read_bytes(), compresslevel=GZIP_LEVEL, mtime=0)
        with self._lock:
            self._entries[path] = (key, data)
        return data


def accepts(header: str | None, encoding: str) -> bool:
    """Whether an Accept-Encoding header admits an encoding (``gzip;q=0`` refuses it).

    >>> accepts("gzip, deflate, br", "br"), accepts("br;q=1, gzip;q=0", "gzip"), accepts(None, "gzip")
    (True, False, False)
    """
    for part in (header or "").split(","):
        name, _, params = part.partition(";")
        if name.strip().lower() in (encoding, "*"):
            weight = params.strip()
            return not weight.startswith("q=") or weight[2:].strip() not in ("0", "0.0", "0.00", "0.000")
    return False


def unchanged(if_none_match: str | None, if_modified_since: str | None, etag: str, mtime: float) -> bool:
    """Whether a request's validators say its copy is current (``304 Not Modified``): If-None-Match names the
    file's ETag; without it, the file is no newer than If-Modified-Since (whole seconds, as Last-Modified
    says). Browsers send If-None-Match only to HTTP/1.1 servers; this one, like its base class, speaks 1.0.

    >>> unchanged('"a", "b"', None, '"b"', 0.0), unchanged(None, "Thu, 01 Jan 1970 00:01:40 GMT", '"b"', 100.9)
    (True, True)
    >>> unchanged(None, "Thu, 01 Jan 1970 00:01:40 GMT", '"b"', 101.0), unchanged(None, "yesterday", '"b"', 0.0)
    (False, False)
    """
    if if_none_match is not None:
        return etag in etags(if_none_match)
    if if_modified_since is None:
        return False
    try:
        since = email.utils.parsedate_to_datetime(if_modified_since)
    except (TypeError, IndexError, OverflowError, ValueError):
        return False
    if since.tzinfo is None:
        since = since.replace(tzinfo=datetime.UTC)
    return int(mtime) <= since.timestamp()


def etags(header: str | None) -> frozenset[str]:
    """The entity tags an If-None-Match header names, weak ones as their strong form (``*``: none here, the
    server never answers it).

    >>> sorted(etags('"a-1", W/"b-2" ,"c"')), etags(None)
    (['"a-1"', '"b-2"', '"c"'], frozenset())
    """
    return frozenset(tag.strip().removeprefix("W/") for tag in (header or "").split(",") if tag.strip())


def fresh_sibling(path: str, suffix: str, mtime_ns: int) -> bool:
    """Whether the file has a precompressed sibling (``NAME.gz``, ``NAME.br``) no older than itself (a file
    changed after its sibling was written is never answered with the stale bytes)."""
    sibling = path + suffix
    return os.path.isfile(sibling) and os.stat(sibling).st_mtime_ns >= mtime_ns


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the MIME types the site needs, revalidated on every use (a development server).

    Every file answer carries ``Cache-Control: no-cache``, a Last-Modified and an ETag (the file's size and
    modification time, and its encoding), and a request that shows it holds that version (If-None-Match, or
    If-Modified-Since: see :func:`unchanged`) is answered ``304 Not Modified``. The
    browser keeps what it has while the file is unchanged, and with it the compiled WebAssembly it cached
    for pyodide.asm.wasm: a ``200`` would replace the cached file and throw that code away, so every visit
    would compile the runtime again and run V8's baseline code until its optimizing tier caught up.

    With security_headers (the default), every answer carries the Content-Security-Policy (with the page's
    frame-ancestors) and nosniff; and Access-Control-Allow-Origin: * so that other sites can embed Paili
    with paili.mjs (a cross-origin module, its worker and the files that worker fetches all need CORS) or
    install its wheel with micropip.
    """

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    etag: str | None = None
    """The ETag of the file being answered (set by ``send_head``), None for anything else."""
    quiet = False
    security_headers = True
    gzip_cache = GzipCache()

    def send_head(self):  # type: ignore[no-untyped-def]  # the base class's is untyped (a file or BytesIO)
        """A file the browser may take compressed (Accept-Encoding) is answered with its precompressed
        ``NAME.br`` when brotli is accepted and the folder has one, else gzip-compressed (its ``NAME.gz``
        sibling when the folder has one, else compressed here, once per file version), with
        ``Content-Encoding`` and ``Vary: Accept-Encoding`` (:meth:`encoding_for`); anything else as the base
        class does."""
        self.etag = None
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?", 1)[0].endswith("/"):
            path = os.path.join(path, "index.html")
        if not os.path.isfile(path):
            return super().send_head()
        stat = os.stat(path)
        encoding = self.encoding_for(path, stat.st_mtime_ns)
        compress = encoding is not None
        self.etag = f'"{stat.st_size:x}-{stat.st_mtime_ns:x}{"-" + encoding if encoding else ""}"'
        if unchanged(self.headers.get("If-None-Match"), self.headers.get("If-Modified-Since"), self.etag,
                     stat.st_mtime):
            self.send_response(http.HTTPStatus.NOT_MODIFIED)
            if compress:
                self.send_header("Vary", "Accept-Encoding")
            self.end_headers()
            return None
        if not compress:
            return super().send_head()
        if encoding == "br":
            data = Path(path + ".br").read_bytes()
        elif fresh_sibling(path, ".gz", stat.st_mtime_ns):
            data = Path(path + ".gz").read_bytes()
        else:
            data = self.gzip_cache.get(path)
        self.send_response(http.HTTPStatus.OK)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", str(encoding))
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
        self.end_headers()
        return io.BytesIO(data)

    def encoding_for(self, path: str, mtime_ns: int) -> str | None:
        """The Content-Encoding to answer a file with: ``br`` when the browser accepts it and the file has a
        precompressed ``NAME.br`` (brotli is too slow to compress here), else ``gzip`` when accepted (its
        ``NAME.gz``, or compressed here), else None (the file as it is). The PNGs are never compressed."""
        if Path(path).suffix not in COMPRESSED_SUFFIXES:
            return None
        header = self.headers.get("Accept-Encoding")
        if accepts(header, "br") and fresh_sibling(path, ".br", mtime_ns):
            return "br"
        return "gzip" if accepts(header, "gzip") else None

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        if self.etag is not None:
            self.send_header("ETag", self.etag)
        if self.security_headers:
            page = self.path.split("?", 1)[0].rsplit("/", 1)[-1]
            self.send_header("Content-Security-Policy", f"{CSP}; {frame_ancestors(page)}")
            self.send_header("X-Content-Type-Options", "nosniff")
            self.send_header("Referrer-Policy", "no-referrer")
            self.send_header("Access-Control-Allow-Origin", "*")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base class's name
        if not self.quiet:
            super().log_message(format, *args)


class SiteServer(http.server.ThreadingHTTPServer):
    """A threading server that says nothing when a browser hangs up mid-answer (a closed tab or context)."""

    def handle_error(self, request: object, client_address: object) -> None:
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)  # type: ignore[arg-type]


def make_server(
    directory: Path, port: int = 0, *, quiet: bool = False, security_headers: bool = True
) -> http.server.ThreadingHTTPServer:
    """A threading HTTP server for directory on 127.0.0.1:port (port 0: a free port). Call serve_forever()."""
    handler = type("Handler", (SiteHandler,), {"quiet": quiet, "security_headers": security_headers})
    server = SiteServer(("127.0.0.1", port), functools.partial(handler, directory=str(directory)))
    server.daemon_threads = True
    return server


def server_url(server: http.server.ThreadingHTTPServer) -> str:
    host, port = server.server_address[:2]
    return f"http://{host!s}:{port}/"


def serve_in_thread(
    directory: Path, port: int = 0, *, security_headers: bool = True
) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Start a quiet server in a daemon thread; returns it (call .shutdown() to stop) and its URL."""
    server = make_server(directory, port, quiet=True, security_headers=security_headers)
    threading.Thread(target=server.serve_forever, name="paili-site-server", daemon=True).start()
    return server, server_url(server)


def serve_forever(directory: Path, port: int) -> None:
    """Serve directory on 127.0.0.1:port in the foreground until Ctrl-C (what `build.py serve` does)."""
    try:
        server = make_server(directory, port)
    except OSError as error:
        raise BuildError(f"cannot listen on 127.0.0.1:{port}: {error} (try --port 0)") from error
    shown = directory.relative_to(ROOT) if directory.is_relative_to(ROOT) else directory
    print(f"Serving {shown} at {server_url(server)}  (Ctrl-C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nstopped", flush=True)
    finally:
        server.server_close()
