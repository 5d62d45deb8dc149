#!/usr/bin/env python3
"""Build, serve, test and benchmark Paili.  Standard library only: run it with any Python >= 3.11.

    python3 build.py build            assemble dist/site (pages, engine wheel, tiles, Pyodide)
    python3 build.py serve [--port N] build, then serve dist/site on http://127.0.0.1:N/ (default 8000)
    python3 build.py test [ARGS...]   build, then ruff, mypy and pytest over tests/ (engine and browser)
    python3 build.py bench            build, then print the engine and browser benchmarks
    python3 build.py clean [--all]    remove dist/ and build/ (--all: also .venv and node_modules)

On first use each command installs what it needs: a virtual environment in .venv from the pinned
requirements-dev.txt, the npm packages pinned by package-lock.json (`npm ci`), and Debian's chromium for the
browser tests (as root; otherwise it says what to install).  Every step keeps a stamp (a hash of its inputs)
and is skipped when nothing changed, so a repeated command is fast.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent
WEB = ROOT / "web"
TILES_SRC = WEB / "tiles"
ENGINE = ROOT / "engine" / "paili"
DIST = ROOT / "dist"
SITE = DIST / "site"
BENCH_SITE = DIST / "bench"
CACHE = ROOT / "build"  # git-ignored: wheel and minified-tile caches
VENV = ROOT / ".venv"
VENV_PYTHON = VENV / "bin" / "python"
REQUIREMENTS = ROOT / "requirements-dev.txt"
NODE_MODULES = ROOT / "node_modules"
PYODIDE_PKG = NODE_MODULES / "pyodide"
SVGO = NODE_MODULES / ".bin" / "svgo"
ICON_SCRIPT = ROOT / "tools" / "render-icons.mjs"
CHROMIUM = Path("/usr/bin/chromium")

# What loadPyodide() fetches for a page that loads one pure-Python wheel with loadPackage(url): the
# browser test (tests/browser/test_smoke.py) watches the network and fails on any other request.
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)

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
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".md": "text/markdown; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
}

# The Content-Security-Policy of every page.  Each HTML page in web/ carries it in a <meta http-equiv> (the
# site is static: that is what any host delivers); the build checks the meta tags say exactly this, and the
# server below also sends it as a header, with frame-ancestors (which a <meta> policy cannot carry).
CSP_DIRECTIVES = (
    "default-src 'none'",  # nothing that is not allowed below: no fonts, media, objects, frames, prefetch
    # our ES modules and Pyodide's; 'wasm-unsafe-eval' lets Pyodide compile WebAssembly (not eval, not
    # new Function); no inline script, no event-handler attribute, no javascript: URL
    "script-src 'self' 'wasm-unsafe-eval'",
    "worker-src 'self'",  # the engine's module worker and the service worker, from this site only
    "connect-src 'self'",  # fetch(): build-info.json, Pyodide's files, the wheel; never another origin
    "img-src 'self'",  # tile images and icons
    "style-src 'self'",  # css/style.css; no inline <style> and no style="" attributes
    "manifest-src 'self'",  # manifest.webmanifest
    "base-uri 'none'",  # no <base> element can re-point the relative URLs
    "form-action 'none'",  # the hand form is read by script and never submitted anywhere
    "object-src 'none'",  # no plugins (already denied by default-src; stated for older checkers)
    # DOM sinks (innerHTML, script URLs) take no plain strings; the only Trusted Types policies are the two
    # that make the engine worker's URL (paili.mjs) and the service worker's (js/offline.js)
    "require-trusted-types-for 'script'",
    "trusted-types paili-engine paili-offline",
)
CSP = "; ".join(CSP_DIRECTIVES)
# Who may frame a page (header only): the compact embed view anyone, the other pages only this site.
FRAME_ANCESTORS = {"embed.html": "frame-ancestors *"}
FRAME_ANCESTORS_DEFAULT = "frame-ancestors 'self'"

# Environment for every tool run from here: Playwright must never download a browser.
TOOL_ENV = {
    "PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD": "1",
    "PLAYWRIGHT_SKIP_BROWSER_GC": "1",
    "PIP_DISABLE_PIP_VERSION_CHECK": "1",
    "PYTHONDONTWRITEBYTECODE": "1",
}


class BuildError(Exception):
    """A step failed; the message says what to do."""


# --------------------------------------------------------------------------------------------------------
# Small helpers


def say(message: str) -> None:
    print(f"[build] {message}", flush=True)


def run(cmd: Sequence[str | Path], *, cwd: Path = ROOT, env: dict[str, str] | None = None) -> int:
    """Run a command, echoing it; return its exit code."""
    shown = " ".join(str(c) for c in cmd)
    say(f"$ {shown}")
    full_env = {**os.environ, **TOOL_ENV, **(env or {})}
    return subprocess.run([str(c) for c in cmd], cwd=cwd, env=full_env).returncode


def check(cmd: Sequence[str | Path], *, cwd: Path = ROOT, env: dict[str, str] | None = None) -> None:
    """Run a command and raise BuildError if it fails."""
    code = run(cmd, cwd=cwd, env=env)
    if code != 0:
        raise BuildError(f"command failed with exit code {code}: {' '.join(str(c) for c in cmd)}")


def files_under(folder: Path) -> Iterator[Path]:
    """Every file under folder, sorted, skipping caches and hidden files."""
    for path in sorted(folder.rglob("*")):
        rel = path.relative_to(folder).parts
        if path.is_file() and "__pycache__" not in rel and not any(p.startswith(".") for p in rel):
            yield path


def digest(paths: Iterable[Path], *, base: Path = ROOT, extra: str = "") -> str:
    """A hash of the names and contents of the given files (and an extra string)."""
    h = hashlib.sha256(extra.encode())
    for path in paths:
        h.update(str(path.relative_to(base)).encode() + b"\0")
        h.update(hashlib.sha256(path.read_bytes()).digest())
    return h.hexdigest()


def stamp_matches(stamp: Path, value: str) -> bool:
    return stamp.is_file() and stamp.read_text().strip() == value


def write_stamp(stamp: Path, value: str) -> None:
    stamp.parent.mkdir(parents=True, exist_ok=True)
    stamp.write_text(value + "\n")


def human_size(n: float) -> str:
    for unit in ("B", "KiB", "MiB"):
        if n < 1024 or unit == "MiB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024
    raise AssertionError("unreachable")


def tree_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


# --------------------------------------------------------------------------------------------------------
# Bootstrap: .venv, node_modules, chromium


def ensure_venv() -> Path:
    """Create .venv and install requirements-dev.txt into it, unless the stamp says it is current."""
    stamp = VENV / ".paili-requirements.sha256"
    wanted = digest([REQUIREMENTS], extra=f"{sys.version_info[:2]}")
    if VENV_PYTHON.exists() and stamp_matches(stamp, wanted):
        return VENV_PYTHON
    if not VENV_PYTHON.exists():
        say("creating the virtual environment .venv")
        check([sys.executable, "-m", "venv", VENV])
    say("installing the pinned Python tools from requirements-dev.txt")
    check([VENV_PYTHON, "-m", "pip", "install", "--quiet", "pip==26.3"])
    check([VENV_PYTHON, "-m", "pip", "install", "--quiet", "-r", REQUIREMENTS])
    write_stamp(stamp, wanted)
    return VENV_PYTHON


def ensure_node_modules() -> None:
    """Run `npm ci` when package-lock.json changed since the last install."""
    stamp = NODE_MODULES / ".paili-lock.sha256"
    lock = ROOT / "package-lock.json"
    wanted = digest([lock, ROOT / "package.json"])
    if stamp_matches(stamp, wanted) and PYODIDE_PKG.is_dir():
        return
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError("npm is missing: install Node.js 20+ with npm (Debian: apt-get install nodejs npm)")
    say("installing the npm packages pinned by package-lock.json")
    check([npm, "ci", "--no-audit", "--no-fund"])
    write_stamp(stamp, wanted)


def ensure_chromium() -> Path:
    """Debian's chromium for the browser tests: installed with apt-get when running as root."""
    if CHROMIUM.exists():
        return CHROMIUM
    if os.geteuid() != 0:
        raise BuildError(
            f"{CHROMIUM} is missing. The browser tests use Debian's chromium: "
            "run `sudo apt-get update && sudo apt-get install -y chromium`, then run this command again."
        )
    say(f"{CHROMIUM} is missing: installing Debian's chromium with apt-get (a few minutes, once)")
    apt_env = {"DEBIAN_FRONTEND": "noninteractive"}
    check(["apt-get", "update"], env=apt_env)
    check(["apt-get", "install", "-y", "chromium"], env=apt_env)
    if not CHROMIUM.exists():
        raise BuildError(f"apt-get installed chromium but {CHROMIUM} is still missing")
    return CHROMIUM


# --------------------------------------------------------------------------------------------------------
# Build steps: each returns {path in the output: source file}


def build_wheel_with_version(python: Path, version: str, out: Path) -> Path:
    """A wheel of the engine under another version number (for update tests): built from a copy of the
    sources with the version replaced in pyproject.toml and paili/__init__.py."""
    with tempfile.TemporaryDirectory(prefix="paili-wheel-src-") as tmp:
        src = Path(tmp, "src")
        shutil.copytree(ENGINE, src / "engine" / "paili", ignore=shutil.ignore_patterns("__pycache__"))
        for name in ("README.md", "pyproject.toml"):
            shutil.copy2(ROOT / name, src / name)
        for rel, prefix in (("pyproject.toml", "version = "), ("engine/paili/__init__.py", "__version__ = ")):
            path = src / rel
            lines = path.read_text().splitlines(keepends=True)
            hits = [i for i, line in enumerate(lines) if line.startswith(prefix)]
            if len(hits) != 1:
                raise BuildError(f"expected one line starting with {prefix!r} in {rel}")
            lines[hits[0]] = f'{prefix}"{version}"\n'
            path.write_text("".join(lines))
        out.mkdir(parents=True, exist_ok=True)
        check([python, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation", "-w", out, src])
    built = sorted(out.glob(f"paili-{version}-py3-none-any.whl"))
    if len(built) != 1:
        raise BuildError(f"expected paili-{version}-py3-none-any.whl in {out}")
    return built[0]


def build_wheel(python: Path) -> Path:
    """The engine wheel, rebuilt only when engine/paili, pyproject.toml or README.md changed."""
    out = CACHE / "wheel"
    stamp = CACHE / "wheel.sha256"
    sources = [*files_under(ENGINE), ROOT / "pyproject.toml"]
    if (ROOT / "README.md").exists():
        sources.append(ROOT / "README.md")
    wanted = digest(sources)
    wheels = sorted(out.glob("paili-*-py3-none-any.whl"))
    if stamp_matches(stamp, wanted) and len(wheels) == 1:
        return wheels[0]
    say("building the engine wheel")
    with tempfile.TemporaryDirectory(prefix="paili-wheel-") as tmp:
        check([python, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation", "-w", tmp, "."])
        built = sorted(Path(tmp).glob("paili-*-py3-none-any.whl"))
        if len(built) != 1:
            raise BuildError(f"expected one paili-*-py3-none-any.whl, pip made {[p.name for p in built]}")
        shutil.rmtree(out, ignore_errors=True)
        out.mkdir(parents=True)
        wheel = Path(shutil.copy2(built[0], out / built[0].name))
    write_stamp(stamp, wanted)
    return wheel


def minify_tiles() -> dict[str, Path]:
    """Minify web/tiles/**/*.svg with svgo into a content-addressed cache; copy the other files as they are.

    Only files whose content is not in the cache yet go through svgo (one svgo run for all of them).
    """
    cache = CACHE / "svgo"
    svgo_version = json.loads((NODE_MODULES / "svgo" / "package.json").read_text())["version"]
    config = ROOT / "svgo.config.mjs"
    salt = digest([config], extra=svgo_version)[:16]
    result: dict[str, Path] = {}
    todo: dict[Path, Path] = {}  # cached output -> source
    for src in files_under(TILES_SRC):
        rel = "tiles/" + src.relative_to(TILES_SRC).as_posix()
        if src.suffix != ".svg":
            result[rel] = src
            continue
        key = hashlib.sha256(src.read_bytes() + salt.encode()).hexdigest()
        cached = cache / f"{key}.svg"
        result[rel] = cached
        if not cached.exists():
            todo[cached] = src
    if todo:
        say(f"minifying {len(todo)} tile images with svgo {svgo_version}")
        cache.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(prefix="paili-svgo-") as tmp:
            staged, minified = Path(tmp, "in"), Path(tmp, "out")
            staged.mkdir()
            for cached, src in todo.items():
                shutil.copyfile(src, staged / cached.name)
            check([SVGO, "--config", config, "--quiet", "-f", staged, "-o", minified])
            for cached in todo:
                shutil.copyfile(minified / cached.name, cached)
    return result


SERVICE_WORKER = "sw.js"  # web/sw.js: the build writes the precache manifest into it
PRECACHE_MANIFEST = "precache-manifest.json"
MANIFEST_LINE = "const MANIFEST = "  # the line of web/sw.js that the build replaces


def web_files() -> dict[str, Path]:
    """Pages, styles and ES modules: everything in web/ but web/tiles (which goes through svgo) and the
    service worker (written by write_offline_files)."""
    return {
        src.relative_to(WEB).as_posix(): src
        for src in files_under(WEB)
        if src.relative_to(WEB).parts[0] != "tiles" and src.relative_to(WEB).as_posix() != SERVICE_WORKER
    }


def check_csp_meta(pages: dict[str, Path]) -> None:
    """Every HTML page must carry exactly CSP in a <meta http-equiv="Content-Security-Policy">."""
    wanted = f'<meta http-equiv="Content-Security-Policy" content="{CSP}">'
    for rel, src in pages.items():
        if rel.endswith(".html") and wanted not in src.read_text():
            raise BuildError(f"web/{rel} lacks the Content-Security-Policy meta tag; put this in its <head>:\n{wanted}")


# The app icons: a tile of the Regular set (the red dragon) rendered to PNG by resvg (WebAssembly, from npm).
ICONS = (  # (file in the site, size in px, maskable: full-bleed background with the tile in the safe zone)
    ("icons/icon-192.png", 192, False),
    ("icons/icon-512.png", 512, False),
    ("icons/maskable-512.png", 512, True),
)
ICON_TILE = ("tiles/Regular/Front.svg", "tiles/Regular/Chun.svg")
ICON_BACKGROUND = "#1f6b47"  # the page's --accent (table felt), also the manifest's theme_color


def _nested_svg(text: str, x: float, y: float, width: float, height: float) -> str:
    """An SVG document as an <svg> element placed at x, y with the given size (its viewBox kept)."""
    start = text.index("<svg")
    end = text.index(">", start)
    head = text[start:end]
    for attr in ("x", "y", "width", "height"):
        head = re.sub(rf'\s{attr}="[^"]*"', "", head)
    return f'{head} x="{x}" y="{y}" width="{width}" height="{height}"{text[end:]}'


def icon_svg(size: int, maskable: bool, tiles: dict[str, Path]) -> str:
    """The SVG of one icon: the tile body and face, centred; on the felt colour for a maskable icon."""
    # A maskable icon's safe zone is the centred circle of 80% diameter: the tile's corners must fit in it.
    height = size * (0.62 if maskable else 0.94)
    width = height * 3 / 4
    x, y = (size - width) / 2, (size - height) / 2
    layers = [_nested_svg(tiles[rel].read_text(), x, y, width, height) for rel in ICON_TILE]
    background = f'<rect width="{size}" height="{size}" fill="{ICON_BACKGROUND}"/>' if maskable else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" viewBox="0 0 {size} {size}">'
        f"{background}{''.join(layers)}</svg>"
    )


def build_icons(tiles: dict[str, Path]) -> dict[str, Path]:
    """The PNG icons, rendered from the tile art with @resvg/resvg-wasm; cached by their SVG source."""
    resvg_version = json.loads((NODE_MODULES / "@resvg" / "resvg-wasm" / "package.json").read_text())["version"]
    jobs = []
    result: dict[str, Path] = {}
    for rel, size, maskable in ICONS:
        svg = icon_svg(size, maskable, tiles)
        key = hashlib.sha256((svg + resvg_version + ICON_SCRIPT.read_text()).encode()).hexdigest()
        cached = CACHE / "icons" / f"{key}.png"
        result[rel] = cached
        if not cached.exists():
            jobs.append({"svg": svg, "out": str(cached), "width": size})
    if jobs:
        node = shutil.which("node")
        if node is None:
            raise BuildError("node is missing: install Node.js 20+ (Debian: apt-get install nodejs npm)")
        say(f"rendering {len(jobs)} icons with resvg {resvg_version}")
        (CACHE / "icons").mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("w", suffix=".json", prefix="paili-icons-", delete=False) as tmp:
            json.dump(jobs, tmp)
        try:
            check([node, ICON_SCRIPT, tmp.name])
        finally:
            os.unlink(tmp.name)
    return result


def file_hashes(files: dict[str, Path]) -> dict[str, str]:
    """sha256 (hex) of each file's content, by its path in the site."""
    return {rel: hashlib.sha256(files[rel].read_bytes()).hexdigest() for rel in sorted(files)}


def write_offline_files(files: dict[str, Path], out: Path, build: str, version: str) -> dict[str, Path]:
    """The precache manifest and the service worker of a build, written into the folder `out`.

    The manifest lists every file of the site (but the service worker itself) with its sha256: the service
    worker caches exactly these, checks each hash, and names its cache after the build id.
    """
    manifest = {"build": build, "version": version, "files": file_hashes(files)}
    text = (WEB / SERVICE_WORKER).read_text()
    lines = text.splitlines(keepends=True)
    hits = [i for i, line in enumerate(lines) if line.startswith(MANIFEST_LINE)]
    if len(hits) != 1:
        raise BuildError(f"web/{SERVICE_WORKER} must have one line starting with {MANIFEST_LINE!r}")
    lines[hits[0]] = f"{MANIFEST_LINE}{json.dumps(manifest, separators=(',', ':'))};\n"
    write_if_changed(out / SERVICE_WORKER, "".join(lines))
    write_if_changed(out / PRECACHE_MANIFEST, json.dumps(manifest, indent=1) + "\n")
    return {SERVICE_WORKER: out / SERVICE_WORKER, PRECACHE_MANIFEST: out / PRECACHE_MANIFEST}


def pyodide_files() -> tuple[dict[str, Path], str]:
    version: str = json.loads((PYODIDE_PKG / "package.json").read_text())["version"]
    files = {f"pyodide/{name}": PYODIDE_PKG / name for name in PYODIDE_FILES}
    missing = [str(p) for p in files.values() if not p.exists()]
    if missing:
        raise BuildError(f"the pyodide npm package lacks {missing}: delete node_modules and build again")
    return files, version


def sync_tree(dest: Path, files: dict[str, Path]) -> int:
    """Make dest hold exactly these files: copy what is missing or differs, delete the rest.

    Returns the number of files copied.
    """
    copied = 0
    for rel, src in files.items():
        target = dest / rel
        s = src.stat()
        if target.is_file():
            t = target.stat()
            if t.st_size == s.st_size and int(t.st_mtime) == int(s.st_mtime):
                continue
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, target)
        copied += 1
    wanted = {Path(rel) for rel in files}
    for path in sorted(dest.rglob("*"), reverse=True):
        if path.is_dir():
            if not any(path.iterdir()):
                path.rmdir()
        elif path.relative_to(dest) not in wanted:
            path.unlink()
    return copied


def write_if_changed(path: Path, text: str) -> None:
    if not path.is_file() or path.read_text() != text:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def assemble_site(dest: Path, *, version: str | None = None) -> Path:
    """Assemble a site (see docs/CONTRACT.md, "Site layout") into dest and print its sizes.

    version: build the engine wheel under this version number instead of pyproject.toml's (the update
    tests serve two builds that differ); the generated files then go to a cache folder of their own.
    """
    started = time.perf_counter()
    python = ensure_venv()
    ensure_node_modules()
    if version is None:
        wheel = build_wheel(python)
        generated = CACHE / "generated"
    else:
        key = hashlib.sha256(f"{dest.resolve()}\0{version}".encode()).hexdigest()[:16]
        generated = CACHE / "generated-other" / key
        shutil.rmtree(generated, ignore_errors=True)
        wheel = build_wheel_with_version(python, version, generated / "wheel")
    version = wheel.name.split("-")[1]
    pyodide, pyodide_version = pyodide_files()
    pages = web_files()
    check_csp_meta(pages)
    tiles = minify_tiles()
    parts: dict[str, dict[str, Path]] = {
        "pages and modules": pages,
        "tiles": tiles,
        "icons": build_icons(tiles),
        "pyodide": pyodide,
        "wheel": {f"wheels/{wheel.name}": wheel},
    }
    everything = {rel: src for part in parts.values() for rel, src in part.items()}
    # The build id: a hash of every file of the site; build-info.json, the manifest and the worker carry it.
    build = hashlib.sha256(json.dumps(file_hashes(everything)).encode()).hexdigest()[:16]
    info_path = "build-info.json"
    info = {
        "version": version,
        "build": build,
        "wheel": f"wheels/{wheel.name}",
        "pyodide": "pyodide/",
        "pyodideVersion": pyodide_version,
    }
    write_if_changed(generated / info_path, json.dumps(info, indent=2) + "\n")
    everything[info_path] = generated / info_path
    parts["offline"] = write_offline_files(everything, generated, build, version)
    everything.update(parts["offline"])
    dest.mkdir(parents=True, exist_ok=True)
    copied = sync_tree(dest, everything)
    if not (WEB / "index.html").exists():
        say("note: web/index.html does not exist yet; the site has no page")
    for name, part in parts.items():
        size = sum((dest / rel).stat().st_size for rel in part)
        say(f"  {name:<18} {len(part):>4} files {human_size(size):>10}")
    took = time.perf_counter() - started
    shown = dest.relative_to(ROOT) if dest.is_relative_to(ROOT) else dest
    say(f"{shown}: {human_size(tree_size(dest))} ({copied} files updated, build {build}) in {took:.2f} s")
    return dest


def build_site() -> Path:
    """Assemble dist/site."""
    return assemble_site(SITE)


def build_bench_pages() -> Path:
    """The bench-only pages (tests/bench/pages) go to dist/bench, beside dist/site."""
    sync_tree(BENCH_SITE, {p.name: p for p in files_under(ROOT / "tests" / "bench" / "pages")})
    return BENCH_SITE


# --------------------------------------------------------------------------------------------------------
# Serving


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the MIME types the site needs and no caching (a development server).

    With security_headers (the default), every answer carries the Content-Security-Policy (with the page's
    frame-ancestors) and nosniff; and Access-Control-Allow-Origin: * so that other sites can embed Paili
    with paili.mjs (a cross-origin module, its worker and the files that worker fetches all need CORS).
    """

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    quiet = False
    security_headers = True

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        if self.security_headers:
            page = self.path.split("?", 1)[0].rsplit("/", 1)[-1] or "index.html"
            frame = FRAME_ANCESTORS.get(page, FRAME_ANCESTORS_DEFAULT)
            self.send_header("Content-Security-Policy", f"{CSP}; {frame}")
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
    server = SiteServer(
        ("127.0.0.1", port), functools.partial(handler, directory=str(directory))
    )
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


# --------------------------------------------------------------------------------------------------------
# Commands


def cmd_build(args: argparse.Namespace) -> int:
    build_site()
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    site = build_site()
    try:
        server = make_server(site, args.port)
    except OSError as error:
        raise BuildError(f"cannot listen on 127.0.0.1:{args.port}: {error} (try --port 0)") from error
    print(f"Serving dist/site at {server_url(server)}  (Ctrl-C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nstopped", flush=True)
    finally:
        server.server_close()
    return 0


def cmd_test(args: argparse.Namespace) -> int:
    python = ensure_venv()
    ensure_chromium()
    build_site()
    results: list[tuple[str, int]] = []
    results.append(("ruff", run([python, "-m", "ruff", "check", "engine/paili", "tests", "build.py"])))
    results.append(("mypy", run([python, "-m", "mypy", "engine/paili"])))
    pytest_args = args.pytest_args[1:] if args.pytest_args[:1] == ["--"] else args.pytest_args
    code = run([python, "-m", "pytest", "tests", "--output", "test-artifacts/playwright", *pytest_args])
    if code == 5:
        say("pytest collected no tests: that is a failure here")
    results.append(("pytest", code))
    failed = [name for name, code in results if code != 0]
    summary = ", ".join(f"{name} {'ok' if code == 0 else f'FAILED ({code})'}" for name, code in results)
    say(summary)
    return 1 if failed else 0


def cmd_bench(args: argparse.Namespace) -> int:
    python = ensure_venv()
    ensure_chromium()
    build_site()
    build_bench_pages()
    results: list[tuple[str, int]] = []
    engine_bench = ROOT / "tests" / "bench" / "bench_engine.py"
    if engine_bench.exists():
        results.append(("engine", run([python, engine_bench], env={"PYTHONPATH": str(ENGINE.parent)})))
    else:
        say("tests/bench/bench_engine.py does not exist yet: no engine figures")
    scoring_bench = ROOT / "tests" / "bench" / "bench_scoring.py"
    results.append(("scoring", run([python, scoring_bench], env={"PYTHONPATH": str(ENGINE.parent)})))
    browser_bench = ROOT / "tests" / "bench" / "bench_browser.py"
    results.append(("browser", run([python, browser_bench, *args.bench_args])))
    return 1 if any(code != 0 for _, code in results) else 0


def cmd_clean(args: argparse.Namespace) -> int:
    targets = [DIST, CACHE] + ([VENV, NODE_MODULES] if args.all else [])
    for target in targets:
        if target.exists():
            say(f"removing {target.relative_to(ROOT)}")
            shutil.rmtree(target)
    return 0


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="build.py", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    sub.add_parser("build", help="assemble dist/site").set_defaults(func=cmd_build)
    serve = sub.add_parser("serve", help="build, then serve dist/site on 127.0.0.1")
    serve.add_argument("--port", type=int, default=8000, help="port (default 8000; 0 picks a free one)")
    serve.set_defaults(func=cmd_serve)
    test = sub.add_parser("test", help="build, then ruff, mypy and every test (engine and browser)")
    test.add_argument("pytest_args", nargs=argparse.REMAINDER, help="extra pytest arguments, e.g. -k smoke")
    test.set_defaults(func=cmd_test)
    bench = sub.add_parser("bench", help="build, then print the engine and browser benchmarks")
    bench.add_argument("bench_args", nargs=argparse.REMAINDER, help="extra arguments for bench_browser.py")
    bench.set_defaults(func=cmd_bench)
    clean = sub.add_parser("clean", help="remove dist/ and build/")
    clean.add_argument("--all", action="store_true", help="also remove .venv and node_modules")
    clean.set_defaults(func=cmd_clean)
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    try:
        code: int = args.func(args)
    except BuildError as error:
        print(f"build.py: error: {error}", file=sys.stderr, flush=True)
        return 1
    return code


if __name__ == "__main__":
    sys.exit(main())
