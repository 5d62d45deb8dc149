"""Site assembly: the engine wheel, and everything of ``dist/site`` (see docs/CONTRACT.md, "Site layout"):
the pages and modules of web/, the tiles minified with svgo (their faces in one sheet per set,
:mod:`tools.tilesheet`), the icons, the Pyodide files (:mod:`tools.pyodide`), build-info.json, and the offline
files (the precache manifest and the service worker that reads it).

Every step caches its output in build/ and is skipped when its inputs did not change; :func:`sync_tree`
copies only what differs, so a repeated build is fast.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Final

from .common import (
    BENCH_SITE,
    CACHE,
    ENGINE,
    NODE_MODULES,
    ROOT,
    SITE,
    WEB,
    BuildError,
    check,
    digest,
    files_under,
    human_size,
    say,
    stamp_matches,
    tree_size,
    write_if_changed,
    write_stamp,
)
from .compress import compressed_copies, encoded_sizes
from .csp import CSP
from .env import ensure_node_modules, ensure_venv
from .fonts import build_languages
from .icons import build_icons
from .pyodide import FETCHED_AT_START, pyodide_files
from .tables import MODULE as TABLES_MODULE
from .tables import engine_tables
from .tables import write_module as write_tables_module
from .tilesheet import face_sheets

TILES_SRC = WEB / "tiles"
SVGO = NODE_MODULES / ".bin" / "svgo"

WHEEL_README = "engine/README.md"  # pyproject.toml's readme: the wheel's description
SERVICE_WORKER = "sw.js"  # web/sw.js: the build writes the precache manifest into it
HEAD = "head.html"  # web/head.html: the head every page shares (fill_head), not a file of the site
HEAD_MARKER = re.compile(r"^([ \t]*)<!-- common head: (\S+\.css) -->\n", re.M)
"""A page's line that the common head replaces, naming the page's own stylesheet."""
PAGE_CSS_LINE = "<!-- the page's stylesheet -->"
"""The line of web/head.html that becomes the page's stylesheet."""
PRECACHE_MANIFEST = "precache-manifest.json"
VENDOR: Final = {
    "vendor/uplot/uPlot.esm.js": NODE_MODULES / "uplot" / "dist" / "uPlot.esm.js",
    "vendor/uplot/uPlot.min.css": NODE_MODULES / "uplot" / "dist" / "uPlot.min.css",
    "vendor/uplot/LICENSE": NODE_MODULES / "uplot" / "LICENSE",
}
"""Third-party files the pages load as they are, from the npm packages package-lock.json pins, each with its
licence: uPlot (MIT), the season page's charts."""
MANIFEST_LINE = "const MANIFEST = "  # the line of web/sw.js that the build replaces


def build_wheel_with_version(python: Path, version: str, out: Path) -> Path:
    """A wheel of the engine under another version number (the update tests serve two builds that differ).

    The repository's sources are left alone: the wheel is built from a temporary copy, whose version hatchling
    itself sets (`hatchling version`, the command behind `hatch version`, in the one place it reads it from).
    """
    with tempfile.TemporaryDirectory(prefix="paili-wheel-src-") as tmp:
        src = Path(tmp, "src")
        shutil.copytree(ENGINE, src / "engine" / "paili", ignore=shutil.ignore_patterns("__pycache__"))
        for name in (WHEEL_README, "pyproject.toml"):
            shutil.copy2(ROOT / name, src / name)
        check([python, "-m", "hatchling", "version", "--force", version], cwd=src)
        out.mkdir(parents=True, exist_ok=True)
        check([python, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation", "-w", out, src])
    built = sorted(out.glob(f"paili-{version}-py3-none-any.whl"))
    if len(built) != 1:
        raise BuildError(f"expected paili-{version}-py3-none-any.whl in {out}")
    return built[0]


def build_wheel(python: Path) -> Path:
    """The engine wheel, rebuilt only when engine/paili, pyproject.toml or the wheel's README changed."""
    out = CACHE / "wheel"
    stamp = CACHE / "wheel.sha256"
    sources = [*files_under(ENGINE), ROOT / "pyproject.toml", ROOT / WHEEL_README]
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


def web_files() -> dict[str, Path]:
    """Pages, styles and ES modules: everything in web/ but web/tiles (which goes through svgo), the service
    worker (written by write_offline_files), the common head (filled into the pages by write_pages) and the
    tables module (written by tools.tables; web/js/tables.js is the JavaScript checks' copy)."""
    skipped = {SERVICE_WORKER, HEAD, TABLES_MODULE}
    return {
        src.relative_to(WEB).as_posix(): src
        for src in files_under(WEB)
        if src.relative_to(WEB).parts[0] != "tiles" and src.relative_to(WEB).as_posix() not in skipped
    }


def fill_head(page: str, head: str) -> str:
    """A page with the common head in place of its ``<!-- common head: css/PAGE.css -->`` line: the head's
    lines (less the comment that opens web/head.html, about the file itself) at that line's indentation, its
    ``<!-- the page's stylesheet -->`` line a link to the stylesheet the marker names."""
    found = list(HEAD_MARKER.finditer(page))
    if len(found) != 1:
        raise BuildError(f"a page must have one line '<!-- common head: css/PAGE.css -->', found {len(found)}")
    indent, stylesheet = found[0].groups()
    body = re.sub(r"\A<!--.*?-->\n", "", head, flags=re.S)
    if body.count(PAGE_CSS_LINE) != 1:
        raise BuildError(f"web/{HEAD} must have one line {PAGE_CSS_LINE!r}")
    body = body.replace(PAGE_CSS_LINE, f'<link rel="stylesheet" href="{stylesheet}">')
    lines = "".join(f"{indent}{line}" if line.strip() else line for line in body.splitlines(keepends=True))
    return page[: found[0].start()] + lines + page[found[0].end() :]


def write_pages(pages: dict[str, Path], out: Path) -> dict[str, Path]:
    """The HTML pages among ``pages``, with the common head filled in (fill_head), written into ``out``."""
    head = (WEB / HEAD).read_text()
    written = {}
    for rel, src in pages.items():
        if rel.endswith(".html"):
            write_if_changed(out / rel, fill_head(src.read_text(), head))
            written[rel] = out / rel
    return written


def check_csp_meta(pages: dict[str, Path]) -> None:
    """Every HTML page must carry exactly CSP in a <meta http-equiv="Content-Security-Policy">."""
    wanted = f'<meta http-equiv="Content-Security-Policy" content="{CSP}">'
    for rel, src in pages.items():
        if rel.endswith(".html") and wanted not in src.read_text():
            raise BuildError(f"web/{rel} lacks the Content-Security-Policy meta tag; put this in its <head>:\n{wanted}")


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


PROBE = {"op": "analyze", "hand": "123m456p789s1122z"}
"""The request whose answer the engine's worker checks after restoring Python from a memory snapshot."""


def probe_answer() -> str:
    """paili.api's answer to PROBE, from the engine of this repository in CPython (the build's Python): the
    worker's restored engine must answer exactly this (tests/browser/test_smoke.py checks that Pyodide and
    CPython answer alike)."""
    if str(ENGINE.parent) not in sys.path:
        sys.path.insert(0, str(ENGINE.parent))
    import paili.api

    answer: str = paili.api.handle(json.dumps(PROBE))
    return answer


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
    pyodide, pyodide_version = pyodide_files(python, generated)
    pages = web_files()
    pages.update(write_pages(pages, generated / "pages"))
    tables = engine_tables()  # js/tables.js, and the tile faces the page draws
    pages[TABLES_MODULE] = write_tables_module(generated / TABLES_MODULE, tables)
    check_csp_meta(pages)
    tiles = minify_tiles()
    faces = [tile["face"] for tile in tables["TILES"].values()]
    parts: dict[str, dict[str, Path]] = {
        "pages and modules": pages,
        "tiles": face_sheets(tiles, faces, generated),
        "icons": build_icons(tiles),
        "languages": build_languages(python),
        "pyodide": pyodide,
        "wheel": {f"wheels/{wheel.name}": wheel},
        "vendor": dict(VENDOR),
    }
    everything = {rel: src for part in parts.values() for rel, src in part.items()}
    copies = compressed_copies(everything)  # NAME.gz and NAME.br: not files of the build (no hash, no cache)
    # The build id: a hash of every file of the site; build-info.json, the manifest and the worker carry it.
    build = hashlib.sha256(json.dumps(file_hashes(everything)).encode()).hexdigest()[:16]
    info_path = "build-info.json"
    info = {
        "version": version,
        "build": build,
        "wheel": f"wheels/{wheel.name}",
        "pyodide": "pyodide/",
        "pyodideVersion": pyodide_version,
        # What the engine's worker fetches at start-up, with the bytes a browser receives for each in each
        # encoding (identity, gzip, br): its progress counts the bytes over the wire against these.
        "startFiles": {
            rel: encoded_sizes(rel, src, copies)
            for rel, src in {**parts["pyodide"], **parts["wheel"]}.items()
            if rel.startswith("wheels/") or rel.removeprefix("pyodide/") in FETCHED_AT_START
        },
        # the worker checks a Python restored from a memory snapshot by this request's answer
        "probe": {"request": PROBE, "answer": probe_answer()},
    }
    write_if_changed(generated / info_path, json.dumps(info, indent=2) + "\n")
    everything[info_path] = generated / info_path
    parts["offline"] = write_offline_files(everything, generated, build, version)
    everything.update(parts["offline"])
    late = {rel: everything[rel] for rel in (info_path, *parts["offline"])}
    copies.update(compressed_copies(late))  # written after the build id: compressed now
    parts["compressed (.gz, .br)"] = copies
    dest.mkdir(parents=True, exist_ok=True)
    copied = sync_tree(dest, {**everything, **copies})
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

