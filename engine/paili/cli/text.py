"""What the commands of the command line share: the ``--lang`` option, the options read from the table of request
keys (:mod:`paili.request_keys`), padded labels, error lines with a caret, a reading in words, and the loop that
answers one hand a line."""

from __future__ import annotations

import argparse
import json
import os
import unicodedata
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from ..errors import HandError
from ..i18n import choose, error_text, languages, t
from ..request_keys import REQUESTS
from ..results import error_json


def default_language() -> str:
    """The catalog the environment's locale asks for (``LC_ALL``, ``LC_MESSAGES``, ``LANG``), else English."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if os.environ.get(name):
            return choose(os.environ[name])
    return choose(None)


def add_lang_option(parser: argparse.ArgumentParser) -> None:
    """``--lang``: the language of the readable output and of error messages."""
    parser.add_argument("--lang", choices=languages(), default=default_language(),
                        help=t("cli.lang_help", "en", choices=", ".join(languages())))


def _rounds(text: str) -> list[int]:
    """``--rounds 0,2,3``: the round indexes, separated by commas."""
    try:
        return [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected round numbers separated by commas, got {text!r}") from None


def add_options(parser: argparse.ArgumentParser, op: str, but: Sequence[str] = ()) -> None:
    """An option for each key of the request ``op`` (:data:`paili.request_keys.REQUESTS`) but those in ``but`` (the
    command's positional arguments, or keys it words itself): a bool is a flag (``--no-...`` for one on by
    default), melds may be repeated, the others take one value; each with its default, choices and help."""
    for found in REQUESTS[op]:
        if found.name in but:
            continue
        choices = list(found.choices) or None
        if found.kind == "bool":
            if found.default is True:
                parser.add_argument("--no-" + found.flag[2:], dest=found.name, action="store_false",
                                    help=f"leave out: {found.help}")
            else:
                parser.add_argument(found.flag, dest=found.name, action="store_true", help=found.help)
        elif found.kind == "melds":
            parser.add_argument(found.flag, dest=found.name, action="append", default=None, help=found.help)
        elif found.kind == "int":
            parser.add_argument(found.flag, dest=found.name, type=int, default=found.default, help=found.help)
        elif found.kind == "rounds":
            parser.add_argument(found.flag, dest=found.name, type=_rounds, default=None, help=found.help)
        else:
            parser.add_argument(found.flag, dest=found.name, default=found.default, choices=choices, help=found.help)


def options_of(args: argparse.Namespace, op: str, but: Sequence[str] = ()) -> dict[str, Any]:
    """The keyword arguments of the request ``op`` that :func:`add_options` read into ``args``, but ``but``."""
    return {found.name: getattr(args, found.name) for found in REQUESTS[op]
            if found.name not in but and hasattr(args, found.name)}


def label(text: str, width: int = 10) -> str:
    """``text`` padded to ``width`` terminal columns (wide CJK characters take two)."""
    used = sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)
    return text + " " * max(1, width - used)


def error_lines(exc: HandError, lang: str, text: str | None) -> str:
    """``paili: FIELD: MESSAGE`` in ``lang``, and a caret under the character at fault in ``text``."""
    out = t("cli.error", lang, field=exc.field, message=error_text(error_json(exc), lang))
    if text is not None and exc.position is not None and exc.position < len(text):
        out += f"\n  {text}\n  {' ' * exc.position}^"
    return out


def _knitted(codes: Sequence[str]) -> str:
    """The nine tiles of a knitted pattern by suit: ``147m 258p 369s``."""
    return " ".join("".join(c[0] for c in codes[i:i + 3]) + codes[i][1] for i in range(0, 9, 3))


def reading_text(reading: dict[str, Any], lang: str = "en") -> str:
    """One reading (a decomposition's JSON) in words: ``pair 2z | triplets 1z | sequences 1m 4p``."""
    if reading["form"] == "chiitoitsu":
        return t("cli.form.chiitoitsu", lang) + " " + " ".join(reading["pairs"])
    if reading["form"] == "kokushi":
        return t("cli.kokushi_pair", lang, tile=reading["pair"])
    if reading["form"] in ("quanbukao", "qixingbukao"):
        return t("cli.knitted_form", lang, form=t(f"cli.form.{reading['form']}", lang), id=reading["form"],
                 tiles=_knitted(reading["knitted"]))
    parts = [f"{t('cli.pair', lang)} {reading['pair']}"]
    if reading["form"] == "zuhelong":
        parts.insert(0, t("cli.zuhelong", lang, tiles=_knitted(reading["knitted"])))
    if reading["triplets"]:
        parts.append(t("cli.triplets", lang) + " " + " ".join(reading["triplets"]))
    if reading["sequences"]:
        parts.append(t("cli.sequences", lang) + " " + " ".join(reading["sequences"]))
    return " | ".join(parts)


def batch(stream: TextIO, out: TextIO, answer: Callable[[str], dict[str, Any]]) -> int:
    """JSON lines: ``answer(line)`` for each non-blank line of ``stream``, or ``{"input", "error"}`` for a
    HandError; 1 when any line failed, else 0."""
    failed = 0
    for line in stream:
        text = line.strip()
        if not text:
            continue
        try:
            record = answer(text)
        except HandError as exc:
            failed += 1
            record = {"input": text, "error": error_json(exc)}
        out.write(json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n")
    return 1 if failed else 0
