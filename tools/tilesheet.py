"""The tile faces of a set as one SVG sheet of symbols, ``tiles/<set>/faces.svg``, which the page draws with
``<svg><use href="tiles/Regular/faces.svg#Man1"/></svg>`` (web/js/render.js).

One sheet is one image document a page loads and keeps, whatever the number of tiles it draws; an ``<img>``
per tile made the browser build a document for each (39 of them on the page's first screen, a third of a
second of a return visit's main-thread time on this machine). The faces come from the minified files
(:func:`tools.site.minify_tiles`); the sheet itself does not go through svgo, which drops symbols that nothing
in their own document uses.

Each face becomes ``<symbol id="FACE" viewBox=...>`` with its own ids prefixed by ``FACE-`` and its
references to them (``href="#a"``, ``xlink:href="#a"``, ``url(#a)``) rewritten alike, so the faces' ids, all
short names svgo gave ("a", "b"), do not collide in one document.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from .common import BuildError, write_if_changed

SHEET = "faces.svg"
"""The file name of a set's sheet, in the set's folder of the site."""

SVG_ROOT = re.compile(r"\s*<svg\b([^>]*)>(.*)</svg>\s*", re.S)
VIEW_BOX = re.compile(r'\bviewBox="([^"]+)"')
ID = re.compile(r'\bid="([^"]+)"')
REFERENCE = re.compile(r'((?:\bhref="|url\()#)([^")]+)')


def symbol(face: str, svg: str) -> str:
    """One face's SVG document as a ``<symbol>`` named ``face``: its root's viewBox kept, its content with ids
    and the references to them prefixed by ``face-``."""
    root = SVG_ROOT.fullmatch(svg)
    if root is None:
        raise BuildError(f"tile face {face}: expected one <svg> document, found {svg[:40]!r}...")
    view_box = VIEW_BOX.search(root[1])
    if view_box is None:
        raise BuildError(f"tile face {face}: its <svg> has no viewBox, so it would not scale to a tile")
    body = ID.sub(lambda m: f'id="{face}-{m[1]}"', root[2])
    body = REFERENCE.sub(lambda m: f"{m[1]}{face}-{m[2]}", body)
    return f'<symbol id="{face}" viewBox="{view_box[1]}">{body}</symbol>'


def sheet(faces: dict[str, str]) -> str:
    """The sheet of the faces (name -> SVG document), in the order given."""
    symbols = "".join(symbol(face, svg) for face, svg in faces.items())
    return ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">'
            f"{symbols}</svg>\n")


def face_sheets(tiles: dict[str, Path], faces: Iterable[str], out: Path) -> dict[str, Path]:
    """The site's tile files: each set's sheet of ``faces`` (written under ``out``) in place of their files,
    and the other files of ``tiles`` (site path -> file; the tile bodies, the licence) as they are."""
    names = sorted(set(faces))
    sets = sorted({rel.split("/")[1] for rel in tiles if rel.count("/") == 2})
    drawn = {f"tiles/{tile_set}/{face}.svg" for tile_set in sets for face in names}
    missing = sorted(drawn - tiles.keys())
    if missing:
        raise BuildError(f"the tile sets have no image for {', '.join(missing)}")
    result = {rel: path for rel, path in tiles.items() if rel not in drawn}
    for tile_set in sets:
        rel = f"tiles/{tile_set}/{SHEET}"
        text = sheet({face: tiles[f"tiles/{tile_set}/{face}.svg"].read_text() for face in names})
        write_if_changed(out / rel, text)
        result[rel] = out / rel
    return result
