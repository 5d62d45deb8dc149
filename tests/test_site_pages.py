"""The pages' common head (web/head.html), filled into each page by the site assembly (tools/site.py): every
page gets the same head, its own stylesheet in its place, and the CSP tag the build checks."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tools.common import WEB, BuildError
from tools.csp import CSP
from tools.site import HEAD, check_csp_meta, fill_head, web_files, write_pages

PAGES = {"index.html": "css/advice.css", "embed.html": "css/embed.css", "review.html": "css/review.css",
         "season.html": "css/season.css"}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    out = tmp_path_factory.mktemp("pages")
    written = write_pages(web_files(), out)
    assert set(written) == set(PAGES)  # every page of the site, and head.html is none
    return {rel: path.read_text() for rel, path in written.items()}


def head_of(page: str) -> list[str]:
    match = re.search(r"<head>\n(.*?)\n\s*</head>", page, re.S)
    assert match
    return [line.strip() for line in match.group(1).splitlines()]


def test_each_page_gets_the_common_head_with_its_own_stylesheet_in_place(built: dict[str, str]) -> None:
    common = [line.strip() for line in (WEB / HEAD).read_text().split("-->\n", 1)[1].splitlines()]
    for name, stylesheet in PAGES.items():
        head = head_of(built[name])
        assert head[0] == '<meta charset="utf-8">'  # first, as HTML wants it (within the first 1024 bytes)
        assert built[name].index("<meta charset") < 1024
        own = f'<link rel="stylesheet" href="{stylesheet}">'
        assert head[: len(common)] == [own if "the page's stylesheet" in line else line for line in common]
        # the stylesheets in the order they had: the base, the page's, the fonts, the languages
        links = re.findall(r'<link rel="stylesheet" href="([^"]+)">', built[name])
        assert links == ["css/style.css", stylesheet, "css/fonts.css", "css/i18n.css"]
        assert "common head" not in built[name] and "<!-- the page's stylesheet -->" not in built[name]
        assert head[-1].startswith('<script type="module" src="js/')
        assert head.count('<link rel="modulepreload" href="paili.mjs">') == 1


def test_the_filled_pages_carry_the_csp_and_the_build_checks_it(built: dict[str, str], tmp_path: Path) -> None:
    for name, page in built.items():
        assert page.count(f'<meta http-equiv="Content-Security-Policy" content="{CSP}">') == 1, name
    bad = tmp_path / "bad.html"
    bad.write_text(built["index.html"].replace("'wasm-unsafe-eval'", "'unsafe-eval'"))
    with pytest.raises(BuildError, match="Content-Security-Policy"):
        check_csp_meta({"bad.html": bad})


def test_the_head_is_kept_at_the_markers_indentation_and_a_page_needs_one_marker() -> None:
    head = "<!-- about\n     this file -->\n<meta charset=\"utf-8\">\n<!-- the page's stylesheet -->\n"
    page = "<html>\n  <head>\n      <!-- common head: css/x.css -->\n    <title>t</title>\n"
    assert fill_head(page, head) == (
        '<html>\n  <head>\n      <meta charset="utf-8">\n      <link rel="stylesheet" href="css/x.css">\n'
        "    <title>t</title>\n")
    for wrong in ("<head></head>", page + page):
        with pytest.raises(BuildError, match="common head"):
            fill_head(wrong, head)
    with pytest.raises(BuildError, match="the page's stylesheet"):
        fill_head(page, "<meta charset=\"utf-8\">\n")
