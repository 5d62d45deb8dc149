"""The tile sprites of the site (tools.site.tile_faces): every face the page draws has its cell in each set's
sprite and a rule in css/faces.css that moves the sprite to exactly that cell; the sprites are well-formed and
their references (gradients, masks) point inside the same face."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from paili.tiles import DISPLAY
from tools.site import FACE_SIZE, TILE_SETS, minify_tiles, tile_faces

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    return tile_faces(minify_tiles(), tmp_path_factory.mktemp("faces"))


def positions(css: str) -> dict[str, tuple[float, float]]:
    found = re.findall(r"\.tile \.face--([\w-]+) \{ background-position: ([\d.]+)% ([\d.]+)%; \}", css)
    return {face: (float(x), float(y)) for face, x, y in found}


def test_every_face_has_its_cell_and_its_place(built: dict[str, Path]) -> None:
    css = built["css/faces.css"].read_text()
    size = re.search(r"\.tile \.face \{ background-size: ([\d.]+)% ([\d.]+)%; \}", css)
    assert size
    places = positions(css)
    faces = {d.face for d in DISPLAY.values()}
    assert faces <= set(places)
    width, height = FACE_SIZE
    for tile_set in TILE_SETS:
        root = ET.parse(built[f"tiles/{tile_set}/faces.svg"]).getroot()
        sprite_w, sprite_h = float(root.get("width", "0")), float(root.get("height", "0"))
        # the stylesheet sizes the sprite to the element: the face's width is the element's
        assert float(size.group(1)) == pytest.approx(100 * sprite_w / width, abs=1e-3)
        assert float(size.group(2)) == pytest.approx(100 * sprite_h / height, abs=1e-3)
        cells = {cell.get("id"): cell for cell in root.findall(f"{SVG}svg")}
        assert set(cells) == set(places)
        for face, (px, py) in places.items():
            cell = cells[face]
            assert (cell.get("width"), cell.get("height")) == (str(width), str(height))
            # background-position p% puts the image's point p% on the element's point p%
            assert px / 100 * (sprite_w - width) == pytest.approx(float(cell.get("x", "")), abs=0.01)
            assert py / 100 * (sprite_h - height) == pytest.approx(float(cell.get("y", "")), abs=0.01)


def test_references_stay_inside_their_face(built: dict[str, Path]) -> None:
    checked = 0
    for tile_set in TILE_SETS:
        root = ET.parse(built[f"tiles/{tile_set}/faces.svg"]).getroot()
        ids = [e.get("id") for e in root.iter() if e.get("id")]
        assert len(ids) == len(set(ids)), "ids repeated in the sprite"
        for cell in root.findall(f"{SVG}svg"):
            face = cell.get("id")
            inner = {e.get("id") for e in cell.iter() if e.get("id")}
            text = ET.tostring(cell, encoding="unicode")
            refs = re.findall(r"url\(#([^)]+)\)", text) + re.findall(r'href="#([^"]+)"', text)
            for ref in refs:
                assert ref in inner and ref.startswith(f"{face}-"), (tile_set, face, ref)
            checked += len(refs)
    assert checked  # some faces (Pin1, Pin2, Sou1) draw with gradients or masks


def test_the_site_keeps_the_bodies_not_the_face_files(built: dict[str, Path]) -> None:
    for tile_set in TILE_SETS:
        assert f"tiles/{tile_set}/Front.svg" in built
        assert f"tiles/{tile_set}/Man1.svg" not in built
