"""The app icons (web app manifest, favicon): a tile of the Regular set, the red dragon, rendered to PNG from
the minified tile art by resvg (WebAssembly, pinned in package-lock.json; tools/render-icons.mjs), and
cached in build/icons by their SVG source."""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import tempfile
from pathlib import Path

from .common import CACHE, NODE_MODULES, ROOT, BuildError, check, say

ICON_SCRIPT = ROOT / "tools" / "render-icons.mjs"
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

