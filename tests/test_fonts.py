"""The site's languages (tools/fonts.py): the catalogs copied with their index, and CJK font subsets that
hold a glyph for every character the catalogs and pages use, declared with exactly those characters."""

from __future__ import annotations

import json
import re

from fontTools.ttLib import TTFont

from tools.common import VENV_PYTHON
from tools.fonts import build_languages as build
from tools.fonts import characters, face_texts, read_catalogs, unicode_range


def is_cjk(point: int) -> bool:
    """CJK punctuation, kana, ideographs and full-width forms: what the subsets must draw."""
    return 0x3000 <= point <= 0x9FFF or 0xFF00 <= point <= 0xFFEF


def test_unicode_range_joins_runs() -> None:
    assert unicode_range([0x3001, 0x3002, 0x3003, 0x4E00, 0x4E02]) == "U+3001-3003,U+4E00,U+4E02"
    assert unicode_range([]) == ""
    assert characters(["ab", "向聴 …"]) == sorted([ord("向"), ord("聴"), ord("…")])


def test_the_subsets_cover_every_character_of_their_languages() -> None:
    files = build(VENV_PYTHON)
    catalogs = read_catalogs()
    assert {f"locales/{tag}.json" for tag in catalogs} <= set(files)
    index = json.loads(files["locales/index.json"].read_text(encoding="utf-8"))
    assert [entry["tag"] for entry in index] == ["en", *sorted(t for t in catalogs if t != "en")]
    faces = face_texts(catalogs)
    assert set(faces) == {"Noto Sans CJK JP", "Noto Sans CJK SC"}
    css = files["css/fonts.css"].read_text(encoding="utf-8")
    for face, points in faces.items():
        font = TTFont(files[f"fonts/{face.lower().replace(' ', '-')}.woff2"])
        cmap = font.getBestCmap()
        missing = [chr(p) for p in points if p not in cmap and is_cjk(p)]
        assert not missing, f"{face} lacks {''.join(missing)}"
        for tag, catalog in catalogs.items():  # each language's text is in its face
            if catalog["@language"]["font"] == face:
                text = "".join(v for v in catalog.values() if isinstance(v, str))
                assert all(ord(c) in cmap for c in text if is_cjk(ord(c))), tag
        rule = re.search(r'font-family: "Paili ' + face + r'";.*?unicode-range: ([^;]*);', css, re.S)
        assert rule is not None and rule[1] == unicode_range(sorted(p for p in points if p in cmap))
        assert len(cmap) < 1000  # a subset, not the face
    assert ':root:lang(zh-Hans) { --cjk: "Paili Noto Sans CJK SC"' in css
    assert "SIL OPEN FONT LICENSE" in files["fonts/OFL.txt"].read_text(encoding="utf-8").upper()
