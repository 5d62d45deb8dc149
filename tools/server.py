"""The development server: a site folder on 127.0.0.1 with the MIME types the site needs, no caching, and
(by default) the site's security headers.  ``build.py serve`` runs it in the foreground; the browser tests
and benchmarks run it in a thread with :func:`serve_in_thread`."""

from __future__ import annotations

import functools
import http.server
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


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the MIME types the site needs and no caching (a development server).

    With security_headers (the default), every answer carries the Content-Security-Policy (with the page's
    frame-ancestors) and nosniff; and Access-Control-Allow-Origin: * so that other sites can embed Paili
    with paili.mjs (a cross-origin module, its worker and the files that worker fetches all need CORS) or
    install its wheel with micropip.
    """

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    quiet = False
    security_headers = True

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
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
