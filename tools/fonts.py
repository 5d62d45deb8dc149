"""The site's languages: the message catalogs (``locales/``) and the CJK fonts their text needs (``fonts/``,
``css/fonts.css``); see docs/I18N.md.

The page must not depend on a system CJK font (Debian's Chromium has none), so the build subsets the pinned
Noto Sans CJK collection (PyPI ``noto-cjk-sans-otc``, OFL-1.1, in requirements-dev.txt) to the characters the
catalogs and the pages use: one WOFF2 per face a catalog names in ``"@language".font`` (``Noto Sans CJK JP``
for ``ja``, ``Noto Sans CJK SC`` for ``zh-Hans``), made by fontTools' subsetter in the virtual environment.
``css/fonts.css`` declares each face with the ``unicode-range`` of its subset (so a page never downloads a
face for text it does not draw; a system copy of the font is used first) and sets ``--cjk``, the face for
the document's language, which css/style.css's ``--font`` stack uses after the system fonts.

The subsets keep only the ``kern`` layout feature: the page sets CJK text horizontally with the default
glyphs, and every other feature (vertical forms, alternates, localised forms of the other regions) would
pull in glyphs it never draws (about half the bytes).
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

from .common import CACHE, ENGINE, WEB, BuildError, check, digest, files_under, say, stamp_matches, write_stamp

LOCALES = ENGINE / "locales"
FONT_MODULE = "noto_cjk_sans_otc"
FONT_PACKAGE = "noto-cjk-sans-otc"
LICENCE = "fonts/OFL.txt"
"""The font's licence (SIL Open Font License 1.1), shipped beside the subsets as the licence asks."""
"""The Python package of the font collection (its ``FONT_PATH``): Noto Sans CJK Regular, every regional face."""
FAMILY_PREFIX = "Paili "
"""The @font-face family of a subset is the face's name with this prefix (never the system font's name)."""
META = "@language"

# Run in the virtual environment (fontTools and the font package live there): reads {face: [code points]}
# on stdin; prints the collection's path, the full name of each face by index, and for each face asked the
# code points it has a glyph for (a symbol it lacks, such as U+232B, stays with the system fonts).
_FACES_SCRIPT = """
import json, sys
from importlib.metadata import distribution
from fontTools.ttLib import TTCollection
from {module} import FONT_PATH
path = str(FONT_PATH)
dist = distribution("{package}")
licence = next(str(dist.locate_file(f)) for f in dist.files or [] if f.name.startswith("LICENSE"))
fonts = TTCollection(path).fonts
names = [font["name"].getDebugName(4) for font in fonts]
wanted = json.load(sys.stdin)
covered = {{}}
for face, points in wanted.items():
    if face in names:
        cmap = fonts[names.index(face)].getBestCmap()
        covered[face] = [p for p in points if p in cmap]
print(json.dumps({{"path": path, "faces": names, "covered": covered, "licence": licence}}))
"""


def read_catalogs() -> dict[str, dict[str, Any]]:
    """Every catalog, by its tag (the file name)."""
    out = {}
    for path in sorted(LOCALES.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or not isinstance(data.get(META), dict):
            raise BuildError(f"{path}: expected a JSON object with an {META!r} entry")
        out[path.stem] = data
    if "en" not in out:
        raise BuildError(f"{LOCALES}: expected en.json, the catalog every other falls back to")
    return out


def page_sources() -> list[Path]:
    """The pages and modules whose own text (Japanese glosses, symbols) the fonts must cover too."""
    return sorted(p for p in files_under(WEB) if p.suffix in (".html", ".js", ".mjs") and "tiles" not in p.parts)


def characters(texts: list[str]) -> list[int]:
    """The code points of the texts that are not ASCII (system fonts draw those), sorted."""
    return sorted({ord(c) for text in texts for c in text if ord(c) > 0x7E})


def unicode_range(points: list[int]) -> str:
    """A CSS unicode-range for the code points: ``U+3001-3002,U+4E00``."""
    parts: list[str] = []
    start = prev = -2
    for p in [*points, -1]:
        if p == prev + 1:
            prev = p
            continue
        if start >= 0:
            parts.append(f"U+{start:X}" if start == prev else f"U+{start:X}-{prev:X}")
        start = prev = p
    return ",".join(parts)


def slug(face: str) -> str:
    return face.lower().replace(" ", "-")


def face_texts(catalogs: dict[str, dict[str, Any]]) -> dict[str, list[int]]:
    """For each face a catalog names: the code points it must have (its languages' text, every language's
    own name for the language switch, and the pages' own text)."""
    pages = [p.read_text(encoding="utf-8") for p in page_sources()]
    names = [str(c[META].get("name", "")) for c in catalogs.values()]
    out: dict[str, list[int]] = {}
    for catalog in catalogs.values():
        face = catalog[META].get("font")
        if not face:
            continue
        texts = [v for v in catalog.values() if isinstance(v, str)] + names + pages
        out[str(face)] = sorted(set(out.get(str(face), [])) | set(characters(texts)))
    return out


def fonts_css(faces: dict[str, tuple[str, list[int]]], catalogs: dict[str, dict[str, Any]]) -> str:
    """The @font-face rules (each subset with its unicode-range) and the --cjk face for each language."""
    lines = ["/* Generated by tools/fonts.py from engine/paili/locales: the CJK faces the catalogs need. */"]
    for face, (file, points) in faces.items():
        lines += [
            "@font-face {",
            f'  font-family: "{FAMILY_PREFIX}{face}";',
            f'  src: local("{face}"), url("../{file}") format("woff2");',
            "  font-display: swap;",
            f"  unicode-range: {unicode_range(points)};",
            "}",
        ]
    order = list(faces)

    def families(first: list[str]) -> str:
        return ", ".join(f'"{FAMILY_PREFIX}{f}"' for f in [*first, *[f for f in order if f not in first]])

    lines.append(f":root {{ --cjk: {families([])}; }}")
    for tag, catalog in catalogs.items():
        face = catalog[META].get("font")
        if face in faces:
            lines.append(f":root:lang({tag}) {{ --cjk: {families([face])}; }}")
    return "\n".join(lines) + "\n"


def build_languages(python: Path) -> dict[str, Path]:
    """The catalogs, their index (tag, name, dir: the page's language switch), the font subsets and
    css/fonts.css, rebuilt only when the catalogs, the pages or this tool changed."""
    catalogs = read_catalogs()
    out = CACHE / "languages"
    stamp = CACHE / "languages.sha256"
    requirements = WEB.parent / "requirements-dev.txt"
    wanted = digest([*sorted(LOCALES.glob("*.json")), *page_sources(), Path(__file__), requirements])
    faces_wanted = face_texts(catalogs)
    files: dict[str, Path] = {f"locales/{tag}.json": LOCALES / f"{tag}.json" for tag in catalogs}
    files["locales/index.json"] = out / "index.json"
    files["css/fonts.css"] = out / "fonts.css"
    for face in faces_wanted:
        files[f"fonts/{slug(face)}.woff2"] = out / f"{slug(face)}.woff2"
    if faces_wanted:
        files[LICENCE] = out / "OFL.txt"
    if stamp_matches(stamp, wanted) and all(p.exists() for p in files.values()):
        return files
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    index = [{"tag": tag, "name": c[META]["name"], "dir": c[META].get("dir", "ltr")} for tag, c in catalogs.items()]
    index.sort(key=lambda entry: (entry["tag"] != "en", entry["tag"]))
    (out / "index.json").write_text(json.dumps(index, ensure_ascii=False) + "\n", encoding="utf-8")
    subsets: dict[str, tuple[str, list[int]]] = {}
    if faces_wanted:
        found = _collection(python, faces_wanted)
        shutil.copyfile(found["licence"], out / "OFL.txt")
        for face in faces_wanted:
            if face not in found["faces"]:
                raise BuildError(f"no face {face!r} in {found['path']} (it has {', '.join(found['faces'])})")
            target = out / f"{slug(face)}.woff2"
            points = found["covered"][face]
            say(f"subsetting {face} to {len(points)} characters")
            codes = out / f"{slug(face)}.unicodes.txt"  # the list, in a file: a short command line in the log
            codes.write_text("\n".join(f"U+{p:04X}" for p in points) + "\n", encoding="utf-8")
            check([python, "-m", "fontTools.subset", found["path"], f"--font-number={found['faces'].index(face)}",
                   f"--unicodes-file={codes}", "--flavor=woff2", "--layout-features=kern", "--no-hinting",
                   "--desubroutinize", f"--output-file={target}"])
            subsets[face] = (f"fonts/{slug(face)}.woff2", points)
    (out / "fonts.css").write_text(fonts_css(subsets, catalogs), encoding="utf-8")
    write_stamp(stamp, wanted)
    return files


def _collection(python: Path, wanted: dict[str, list[int]]) -> dict[str, Any]:
    """The collection's path, its faces' names, and the code points of ``wanted`` each face covers."""
    script = _FACES_SCRIPT.format(module=FONT_MODULE, package=FONT_PACKAGE)
    done = subprocess.run([python, "-c", script], input=json.dumps(wanted),
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise BuildError(f"the CJK font collection could not be read (is requirements-dev.txt installed?):\n"
                         f"{done.stderr.strip()}")
    found: dict[str, Any] = json.loads(done.stdout)
    return found
