"""Message catalogs: the words of the page, the CLI and the errors in each language (see docs/I18N.md).

One JSON file per language in ``paili/locales/`` (``en.json``, ``ja.json``, ``zh-Hans.json``; the file name
is the BCP 47 tag): a flat object of ``key -> text`` and ``"@language"`` (``name``, its own name for the
language switch; ``dir``, ``ltr`` or ``rtl``; ``font``, the face of the CJK font collection its glyphs are
drawn from, or null). A fourth language is a fourth file: nothing here lists the languages.

Keys: ``term.*`` (mahjong words), ``yaku.<id>``, ``form.*``, ``flag.*``, ``meld.*``, ``group.*``, ``wait.*``,
``limit.*``, ``wind.<code>``, ``tile.<code>`` (names for screen readers), ``rules.*``, ``objective.*``,
``payer.*``, ``ui.*`` (the page), ``cli.*`` (the command line) and ``error.<code>`` (a
:class:`~paili.errors.HandError`'s ``code``). Texts take parameters in braces (``{count}``); a key with a
count has plural forms ``key.one`` / ``key.other`` (CLDR categories; ``other`` is always there).

>>> t("yaku.iipeikou", "ja"), t("yaku.iipeikou", "zh-Hans"), t("term.ukeire", "zh-Hans")
('一盃口', '一般高', '进张')
>>> t("ui.tile_count", "en", count=1), t("ui.tile_count", "en", count=3), t("ui.tile_count", "ja", count=3)
('1 tile', '3 tiles', '3 枚')
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Final

from .errors import PART_PARAMS

DEFAULT: Final = "en"
"""The language every other falls back to, and the one whose catalog has every key."""

META: Final = "@language"
MISSING: Final = "⟦{key}⟧"
"""What a key that no catalog has shows as: visible, so that the tests find it."""

_PARAM: Final = re.compile(r"\{([a-z_]+)\}")


def _locales() -> dict[str, str]:
    folder = resources.files("paili").joinpath("locales")
    return {entry.name.removesuffix(".json"): entry.name for entry in folder.iterdir()
            if entry.name.endswith(".json")}


@cache
def languages() -> tuple[str, ...]:
    """The tags of every catalog, the default first: ``('en', 'ja', 'zh-Hans')``."""
    tags = sorted(_locales())
    return (DEFAULT, *[tag for tag in tags if tag != DEFAULT])


@cache
def catalog(lang: str) -> Mapping[str, object]:
    """The catalog of ``lang`` as written (with its ``"@language"`` entry)."""
    if lang not in languages():
        raise ValueError(f"expected a language among {', '.join(languages())}, got {lang!r}")
    text = resources.files("paili").joinpath("locales", f"{lang}.json").read_text(encoding="utf-8")
    data = json.loads(text)
    if not isinstance(data, dict):
        raise ValueError(f"paili/locales/{lang}.json: expected a JSON object")
    return data


def choose(tag: str | None) -> str:
    """The catalog for a language tag or a POSIX locale (``ja_JP.UTF-8``, ``zh_CN``, ``zh-Hans-CN``, ``C``):
    an exact tag, else the same language with its script (Chinese in mainland China and Singapore is
    ``zh-Hans``), else the default.

    >>> choose("ja_JP.UTF-8"), choose("zh_CN.UTF-8"), choose("zh-Hans"), choose("fr_FR"), choose(None)
    ('ja', 'zh-Hans', 'zh-Hans', 'en', 'en')
    """
    if not tag:
        return DEFAULT
    parts = tag.split(".")[0].split("@")[0].replace("_", "-").split("-")
    known = {lang.lower(): lang for lang in languages()}
    for n in range(len(parts), 0, -1):
        found = known.get("-".join(parts[:n]).lower())
        if found:
            return found
    if parts[0].lower() == "zh" and not {p.lower() for p in parts[1:]} & {"hant", "tw", "hk", "mo"}:
        return known.get("zh-hans", DEFAULT)
    return DEFAULT


def _text(key: str, lang: str) -> str | None:
    for source in (lang, DEFAULT):
        value = catalog(source).get(key)
        if isinstance(value, str):
            return value
    return None


def t(key: str, lang: str = DEFAULT, /, **params: object) -> str:
    """The text of ``key`` in ``lang`` with its ``{params}`` filled in (a key missing there falls back to the
    default language, and one missing everywhere shows as ``⟦key⟧``). With a ``count`` param, a key written
    as plural forms takes ``key.one`` for a count of 1 (where the language has that form), else ``key.other``.
    """
    text = None
    if "count" in params:
        form = "one" if params["count"] == 1 and f"{key}.one" in catalog(lang) else "other"
        text = _text(f"{key}.{form}", lang)
    if text is None:
        text = _text(key, lang)
    if not isinstance(text, str):
        return MISSING.format(key=key)
    return _PARAM.sub(lambda m: str(params[m[1]]) if m[1] in params else m[0], text)


def placeholders(text: str) -> set[str]:
    """The parameter names of a catalog text: ``{"count"}`` for ``"{count} tiles"``."""
    return set(_PARAM.findall(text))


def error_text(error: Mapping[str, object], lang: str = DEFAULT) -> str:
    """An error of the API (``results.error_json``: ``code``, ``params``) in ``lang``, its params filled in;
    ``expected`` and ``note`` params name catalog entries of their own (``error.expected.<id>``,
    ``error.note.<id>``), and an ``item`` param (the i-th string of a melds list) adds ``error.suffix.item``.

    >>> error_text({"code": "size.not_3k", "params": {"count": 3}}, "ja")
    '門前の牌は 3k+1 か 3k+2 枚（1, 2, 4, 5, 7, 8, 10, 11, 13, 14）です（3 枚あります）'
    """
    code = error.get("code")
    raw = error.get("params")
    params: dict[str, object] = dict(raw) if isinstance(raw, Mapping) else {}
    for name in PART_PARAMS:
        if isinstance(params.get(name), str):
            params[name] = t(f"error.{name}.{params[name]}", lang, **params)
    text = t(f"error.{code}", lang, **params) if isinstance(code, str) else str(error.get("message", ""))
    if "item" in params:
        text += t("error.suffix.item", lang, index=params["item"])
    return text
