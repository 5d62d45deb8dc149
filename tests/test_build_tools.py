"""The build modules of tools/ that generate files: the site's pyodide-lock.json and what it pins, the
compressed copies, the tile face sheets."""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import xml.etree.ElementTree as ET
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import brotli
import pytest

from tools import compress, tilesheet
from tools.common import BuildError
from tools.pyodide import LOCK, PYODIDE_PKG, PYODIDE_REQUIREMENTS, site_lock
from tools.site import minify_tiles
from tools.tables import engine_tables


def npm_lock() -> dict[str, Any]:
    lock: dict[str, Any] = json.loads((PYODIDE_PKG / LOCK).read_text())
    return lock


def test_site_lock_points_the_shipped_wheels_entries_at_their_hashes(tmp_path: Path) -> None:
    lock = npm_lock()
    entry = lock["packages"]["micropip"]
    wheel = tmp_path / entry["file_name"]
    wheel.write_bytes(b"not Pyodide's build of micropip")
    changed = site_lock(lock, [wheel])
    assert changed["packages"]["micropip"] == {**entry, "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest()}
    assert entry["sha256"] != changed["packages"]["micropip"]["sha256"]
    assert {k: v for k, v in changed["packages"].items() if k != "micropip"} == {
        k: v for k, v in lock["packages"].items() if k != "micropip"
    }
    assert changed["info"] == lock["info"] and lock["packages"]["micropip"] is entry  # the input is left alone


def test_site_lock_refuses_a_wheel_the_lock_does_not_name(tmp_path: Path) -> None:
    lock = npm_lock()
    wheel = tmp_path / "micropip-0.0.1-py3-none-any.whl"
    wheel.write_bytes(b"")
    with pytest.raises(BuildError, match=re.escape(lock["packages"]["micropip"]["file_name"])):
        site_lock(lock, [wheel])


def test_requirements_pin_with_a_hash_the_versions_pyodide_locks() -> None:
    lock = npm_lock()
    pins = [line for line in PYODIDE_REQUIREMENTS.read_text().splitlines() if line and not line.startswith("#")]
    assert pins
    for pin in pins:
        match = re.fullmatch(r"([\w-]+)==(\S+) --hash=sha256:[0-9a-f]{64}", pin)
        assert match, pin
        name, version = match.groups()
        assert lock["packages"][name]["version"] == version, pin


@pytest.mark.parametrize(("argv", "pytest_args"), [
    (["test"], []),
    (["test", "--all"], ["--all"]),
    (["test", "-k", "smoke"], ["-k", "smoke"]),
    (["test", "--all", "-x", "-k", "a or b"], ["--all", "-x", "-k", "a or b"]),
    (["test", "--", "--all"], ["--all"]),
])
def test_build_py_test_hands_its_arguments_to_pytest(argv: list[str], pytest_args: list[str],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """`build.py test --all` and pytest's own options reach pytest in order (argparse alone refused them)."""
    import build
    from tools import runners

    seen: list[list[str]] = []
    monkeypatch.setattr(runners, "run_tests", lambda args: seen.append(list(args)) or 0)
    assert build.main(argv) == 0
    assert seen == [pytest_args]


def test_build_py_refuses_options_no_command_takes(capsys: pytest.CaptureFixture[str]) -> None:
    import build

    with pytest.raises(SystemExit) as stop:
        build.parse_args(["build", "--bogus"])
    assert stop.value.code == 2 and "unrecognized arguments: --bogus" in capsys.readouterr().err


def test_two_builds_compressing_the_same_files_at_once_both_succeed(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The test workers build sites side by side and share the cache of compressed copies: two builds making
    the same copies at once each write under a name of their own, so neither takes the other's file away (a
    shared ``.part`` name failed one build, once, in CI)."""
    sources = {}
    for i in range(6):
        src = tmp_path / "site" / f"page{i}.js"
        src.parent.mkdir(exist_ok=True)
        src.write_text(f"// file {i}\n" + "const x = 1;\n" * (2000 + i))
        sources[src.name] = src
    for attempt in range(3):
        monkeypatch.setattr(compress, "CACHE", tmp_path / f"cache{attempt}")
        with ThreadPoolExecutor(max_workers=3) as pool:
            results = list(pool.map(lambda _: compress.compressed_copies(sources), range(3)))
        assert results[0] == results[1] == results[2]
        for name, src in sources.items():
            assert brotli.decompress(results[0][name + ".br"].read_bytes()) == src.read_bytes()
            assert gzip.decompress(results[0][name + ".gz"].read_bytes()) == src.read_bytes()
        assert not list((tmp_path / f"cache{attempt}" / "compressed").glob("*.part"))


# ---- the tile face sheets (tools/tilesheet.py) -------------------------------------------------------------

XLINK = "{http://www.w3.org/1999/xlink}href"


def test_a_face_becomes_a_symbol_with_its_ids_and_references_prefixed() -> None:
    face = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="300" '
            'height="400" viewBox="0 0 300 400"><defs><linearGradient id="a"/></defs><path id="b" '
            'fill="url(#a)" d="M0 0h1"/><use xlink:href="#b"/><use href="#b" style="fill:url(#a)"/></svg>')
    assert tilesheet.symbol("Pin1", face) == (
        '<symbol id="Pin1" viewBox="0 0 300 400"><defs><linearGradient id="Pin1-a"/></defs><path id="Pin1-b" '
        'fill="url(#Pin1-a)" d="M0 0h1"/><use xlink:href="#Pin1-b"/><use href="#Pin1-b" style="fill:url(#Pin1-a)"/>'
        "</symbol>")


@pytest.mark.parametrize(("svg", "says"), [
    ("<svg>", "expected one <svg> document"),
    ('<svg width="300" height="400"><path d="M0 0h1"/></svg>', "no viewBox"),
])
def test_a_face_that_is_not_a_scalable_svg_document_is_refused(svg: str, says: str) -> None:
    with pytest.raises(BuildError, match=says):
        tilesheet.symbol("Man1", svg)


def test_each_set_has_one_sheet_of_every_face_the_page_draws(tmp_path: Path) -> None:
    tiles = minify_tiles()
    faces = sorted({tile["face"] for tile in engine_tables()["TILES"].values()})
    site = tilesheet.face_sheets(tiles, faces, tmp_path)
    sets = ("Regular", "Black")
    assert {rel for rel in site if rel.endswith(".svg") and rel.split("/")[-1] not in ("Front.svg", "Back.svg",
            "Blank.svg")} == {f"tiles/{tile_set}/faces.svg" for tile_set in sets}
    assert {f"tiles/{tile_set}/Front.svg" for tile_set in sets} <= site.keys()  # the tile bodies, for the CSS
    for tile_set in sets:
        text = site[f"tiles/{tile_set}/faces.svg"].read_text()
        root = ET.fromstring(text)
        assert [s.get("id") for s in root] == faces
        ids = [e.get("id") for e in root.iter() if e.get("id")]
        assert len(ids) == len(set(ids))
        for symbol in root:
            face = symbol.get("id")
            assert symbol.get("viewBox") == "0 0 300 400", face
            inner = {e.get("id") for e in symbol.iter() if e is not symbol and e.get("id")}
            assert all(i.startswith(f"{face}-") for i in inner), face
            references = {value.removeprefix("#") for e in symbol.iter() for key, value in e.attrib.items()
                          if key in ("href", XLINK)}
            references |= {ref for e in symbol.iter() for value in e.attrib.values()
                           for ref in re.findall(r"url\(#([^)]+)\)", value)}
            assert references <= inner, (face, references - inner)
        # each symbol draws its face's file: the file's content once the prefix is taken off again
        for face, view_box, body in re.findall(r'<symbol id="([^"]+)" viewBox="([^"]+)">(.*?)</symbol>', text):
            original = tiles[f"tiles/{tile_set}/{face}.svg"].read_text()
            assert f'viewBox="{view_box}"' in original
            assert body.replace(f'id="{face}-', 'id="').replace(f"#{face}-", "#") in original, face
