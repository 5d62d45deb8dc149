"""``python -m paili score HAND --win 5p [--tsumo] [--riichi] ...``: score a winning hand.

* ``--rules gb`` scores a Chinese Official win (``--flowers 0-8``, ``--last-copy``, ``--tsumo``, the winds,
  ``--last-tile``, ``--rinshan``, ``--chankan``): its fans, the total, whether it is legal (8 fans, flowers
  aside) and the payments (:func:`render_gb`); without ``--win`` each wait with the fans of its win by discard.

* Without ``--win``, HAND is a hand waiting to win (13 tiles with its melds): each wait is printed with what it
  is worth by ron and by tsumo (:func:`paili.score_waits`; ``--json`` prints its result).

* Prints the yaku with their han, the fu breakdown, the limit and who pays what; ``--json`` prints
  :func:`paili.score`'s result as JSON.
* With no HAND, lines are read from standard input and written as JSON lines: a line is either a JSON object
  of :func:`paili.score`'s arguments (``{"hand": "...", "win": "5p", "tsumo": true}``; the command-line
  options fill in what it leaves out) or a bare hand (scored with the command-line options). A bad line gives
  ``{"input": line, "error": {...}}`` and the run goes on; the exit status is 1 if any line failed.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from ..errors import HandError
from ..i18n import t
from ..notation import parse
from ..public import analyze, score, score_waits
from ..request_keys import RequestKey, key, names
from .text import add_lang_option, batch, error_lines, label, reading_text


def fu_reason(entry: dict[str, Any], lang: str = "en") -> str:
    """One line of a ``fu_breakdown`` in ``lang``, from its ``id`` and ``params`` (the catalog keys ``fu.<id>``,
    as the page's scoreview.js words them; tiles by their codes, as the rest of the command line writes them: in
    English this is the engine's own ``reason``).

    >>> fu_reason({"fu": 8, "reason": "", "id": "set", "params": {"kind": "triplet", "tile": "1z", "open": False,
    ...            "ron": False, "orphan": True}}, "ja")
    '暗刻 1z（么九牌）'
    >>> fu_reason({"fu": 2, "reason": "", "id": "wait", "params": {"wait": "kanchan"}}, "en")
    'closed wait (kanchan)'
    """
    p = entry["params"]
    id_ = entry["id"]
    tile = p.get("tile", "")
    if id_ == "set":
        line = t("fu.set", lang, tile=tile,
                 set=t(f"fu.set_{'open' if p['open'] else 'closed'}_{'quad' if p['kind'] == 'quad' else 'triplet'}",
                       lang),
                 **{"class": t("fu.set_orphan" if p["orphan"] else "fu.set_simple", lang)})
        return t("fu.set_by_ron", lang, line=line) if p["ron"] else line
    if id_ == "pair":
        return t("fu.pair", lang, tile=tile, why=t(f"fu.pair_{p['why']}", lang))
    if id_ == "wait":
        return t("fu.wait", lang, wait=t(f"wait.{p['wait']}", lang))
    if id_ == "rounding":
        return t("fu.rounding", lang, raw=p["raw"])
    return t(f"fu.{id_}", lang)


def render(result: dict[str, Any], hand: str, lang: str = "en") -> str:
    """The readable text form of a :func:`paili.score` result for ``hand`` (its canonical text), in ``lang``
    (English names the yaku by their ids; the fu reasons come from the catalogs, :func:`fu_reason`)."""
    reading = result["decomposition"]
    how = t("cli.tsumo", lang) if "ron" not in result["payments"] and result["payments"] else t("cli.ron", lang)
    dealer = t("cli.dealer", lang) if result["dealer"] else t("cli.non_dealer", lang)
    lines = [f"{label(t('cli.hand', lang))}{hand}   {t('cli.win', lang)} {result['win']} "
             f"({dealer}{', ' + how if result['payments'] else ''})"]
    lines.append(f"{label(t('cli.reading', lang))}{reading_text(reading, lang)}   "
                 f"{t('cli.wait', lang)}: {reading['wait'] if lang == 'en' else t('wait.' + reading['wait'], lang)}")
    if result["no_yaku"]:
        lines.append(f"{label(t('cli.no_yaku_label', lang))}{t('cli.no_yaku', lang)}")
        return "\n".join(lines)
    for y in result["yaku"]:
        value = (t("cli.yakuman_times", lang, count=y["yakuman"]) if "yakuman" in y
                 else t("cli.han", lang, count=y["han"]))
        name = y["id"] if lang == "en" else t(f"yaku.{y['id']}", lang)
        lines.append(f"  {label(name, 19)}{value}")
    limit = f"  {result['limit'].replace('_', ' ') if lang == 'en' else t('limit.' + result['limit'], lang)}" \
        if result["limit"] else ""
    if result["yakuman"]:
        lines.append(f"{label(t('cli.value', lang))}{t('cli.yakuman_times', lang, count=result['yakuman'])}")
    else:
        lines.append(f"{label(t('cli.value', lang))}{t('cli.han_fu', lang, han=result['han'], fu=result['fu'])}"
                     f"{limit}")
        lines.append(label(t("cli.fu", lang))
                     + " + ".join(f"{e['fu']} {fu_reason(e, lang)}" for e in result["fu_breakdown"]))
    # three players: a non-dealer's tsumo has one other non-dealer to pay (a dealer's, two: "each")
    one = result["rules"].get("sanma") and "dealer" in result["payments"]
    paid = ", ".join(f"{t('payer.' + ('other' if one and k == 'others' else k), lang)} {v}"
                     for k, v in result["payments"].items())
    lines.append(f"{label(t('cli.points', lang))}{result['points']}   "
                 f"({paid}; {t('cli.paid_total', lang, total=result['total'])})")
    return "\n".join(lines)


def _fan_lines(fans: list[dict[str, Any]], lang: str) -> list[str]:
    """One line per fan: its name (the id in English, the catalogs' ``gb_fan.<id>`` otherwise) and value."""
    out = []
    for f in fans:
        name = f["id"] if lang == "en" else t(f"gb_fan.{f['id']}", lang)
        count = f" x{f['count']}" if f["count"] > 1 else ""
        out.append(f"  {label(name, 31)}{t('cli.fan_count', lang, count=f['fan'])}{count}")
    return out


def _gb_total(result: dict[str, Any], lang: str) -> str:
    return t("cli.gb_legal" if result["legal"] else "cli.gb_short", lang, count=result["fan"])


def render_gb(result: dict[str, Any], hand: str, lang: str = "en") -> str:
    """The readable text form of a Chinese Official :func:`paili.score` result for ``hand``: the fans, the
    total (legal or short of 8) and, for a legal win, who pays what.

    >>> print(render_gb(score("123m456p789s11z [555z]", win="1z", rules="gb"), "123m456p789s11z [555z]"))
    hand      123m456p789s11z [555z]   win 1z (ron)
    fans
      mixed_straight                 8 fan
      all_types                      6 fan
      dragon_pung                    2 fan
      single_wait                    1 fan
    value     17 fans: a legal win
    points    the discarder pays 25, each other player pays 8; the winner gets 41 in all
    """
    how = t("cli.tsumo" if result["situation"]["tsumo"] else "cli.ron", lang)
    lines = [f"{label(t('cli.hand', lang))}{hand}   {t('cli.win', lang)} {result['win']} ({how})",
             label(t("cli.fans", lang)).rstrip()]
    lines.extend(_fan_lines(result["fans"], lang))
    lines.append(f"{label(t('cli.value', lang))}{_gb_total(result, lang)}")
    if result["legal"]:
        paid = ", ".join(f"{t('payer.' + k, lang)} {v}" for k, v in result["payments"].items())
        lines.append(f"{label(t('cli.points', lang))}{paid}; {t('cli.paid_total', lang, total=result['total'])}")
    return "\n".join(lines)


def render_gb_waits(result: dict[str, Any], lang: str = "en") -> str:
    """A tenpai GB hand's waits (:func:`paili.analyze`'s ``waits`` under ``gb``), each with the fans of its win
    by discard (the winds East, no flowers)."""
    waits = result.get("waits") or []
    if not waits:
        return t("cli.not_tenpai", lang)
    lines = []
    for w in waits:
        win = w.get("gb")
        lines.append(f"{label(w['tile'], 6)}{w['remaining']:>2} {t('cli.left', lang)}  "
                     f"{_gb_total(win, lang) if win else '-'}")
        if win:
            lines.extend("  " + line for line in _fan_lines(win["fans"], lang))
    return "\n".join(lines)


def _worth(result: dict[str, Any] | None, lang: str) -> str:
    if result is None:
        return "-"
    if result["no_yaku"]:
        return t("cli.no_yaku_label", lang)
    value = (t("cli.yakuman_times", lang, count=result["yakuman"]) if result["yakuman"]
             else t("cli.han_fu", lang, han=result["han"], fu=result["fu"]))
    paid = "/".join(str(result["payments"][k]) for k in ("dealer", "others") if k in result["payments"])
    return f"{result['points']} ({value}{', ' + paid if paid else ''})"


def render_waits(rows: list[dict[str, Any]], lang: str = "en") -> str:
    """The readable form of :func:`paili.score_waits`: one line per wait, its worth by ron and by tsumo."""
    if not rows:
        return t("cli.not_tenpai", lang)
    lines = [f"{label(t('cli.wait', lang), 6)}{t('cli.left', lang):>5}  {label(t('cli.ron', lang), 28)}"
             f"{t('cli.tsumo', lang)}"]
    for row in rows:
        lines.append(f"{row['tile']:<6}{row['remaining']:>5}  {label(_worth(row['ron'], lang), 28)}"
                     f"{_worth(row['tsumo'], lang)}")
    return "\n".join(lines)


def _options(args: argparse.Namespace) -> dict[str, Any]:
    if args.rules == "gb" and not args.rule:  # riichi's options are passed on only to be refused
        riichi = {"riichi": 2 if args.double_riichi else 1 if args.riichi else 0, "ippatsu": args.ippatsu,
                  "blessing": args.blessing, "dora": args.dora, "ura": args.ura, "honba": args.honba,
                  "riichi_sticks": args.sticks}
        return {"tsumo": args.tsumo, "round_wind": args.round, "seat_wind": args.seat, "flowers": args.flowers,
                "last_copy": args.last_copy, "last_tile": args.last_tile, "rinshan": args.rinshan,
                "chankan": args.chankan, "rules": "gb",
                **{k: v for k, v in riichi.items() if v not in (0, False, "")}}
    rules: Any = args.rules
    if args.rule:
        rules = {"preset": args.rules}
        for item in args.rule:
            name, _, value = item.partition("=")
            try:
                rules[name] = json.loads(value)
            except json.JSONDecodeError:
                rules[name] = value
    return {"tsumo": args.tsumo, "round_wind": args.round, "seat_wind": args.seat,
            "riichi": 2 if args.double_riichi else 1 if args.riichi else 0, "ippatsu": args.ippatsu,
            "last_tile": args.last_tile, "rinshan": args.rinshan, "chankan": args.chankan,
            "blessing": args.blessing, "dora": args.dora, "ura": args.ura, "honba": args.honba,
            "riichi_sticks": args.sticks, "rules": rules,
            **({"flowers": args.flowers} if args.flowers else {}),
            **({"last_copy": args.last_copy} if args.last_copy else {})}


def _answer(text: str, win: str | None, options: dict[str, Any]) -> dict[str, Any]:
    """One line of the batch: a hand (scored with the command's options) or a JSON object of score()'s keys."""
    if text.startswith("{"):
        try:
            request = json.loads(text)
        except json.JSONDecodeError as exc:
            raise HandError(f"expected a JSON object or a hand, got invalid JSON: {exc.msg}", code="cli.json_invalid",
                            params={"detail": exc.msg}) from None
        if not isinstance(request, dict):
            raise HandError("expected a JSON object or a hand", code="cli.json_not_object", params={})
        unknown = sorted(set(request) - set(names("score")))
        if unknown:
            raise HandError(f"expected the keys of paili.score(), got {', '.join(map(repr, unknown))}",
                            code="cli.json_keys", params={"keys": ", ".join(map(repr, unknown))})
        merged = {**options, "win": win, **request}
        hand = merged.pop("hand", None)
        if not isinstance(hand, str):
            raise HandError("expected a string", field="hand", code="cli.hand_string", params={})
    else:
        hand, merged = text, {**options, "win": win}
    if merged.get("win") is None:
        raise HandError("expected the winning tile (a \"win\" key or --win)", field="win", code="cli.win_missing",
                        params={})
    return score(hand, **merged)


def _add(parser: argparse.ArgumentParser, option: str, found: RequestKey) -> None:
    """The option ``option`` for the request key ``found`` (a flag for a bool; riichi's ``--riichi`` and
    ``--double-riichi`` are two flags for one key, written by hand)."""
    if found.kind == "bool":
        parser.add_argument(option, action="store_true", help=found.help)
    elif found.kind == "int":
        parser.add_argument(option, type=int, default=found.default, help=found.help)
    else:
        parser.add_argument(option, default=found.default, help=found.help)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m paili score``: the exit status (0, 1 when a line of the batch failed, 2 for a bad hand)."""
    parser = argparse.ArgumentParser(prog="paili score", description="Score a winning riichi hand (mpsz notation).")
    parser.add_argument("hand", nargs="?", help="the complete hand, e.g. 123m456p789s234s55p [789m]; "
                                                "without it, read JSON lines or hands from stdin")
    for name, option in (("win", "--win"), ("tsumo", "--tsumo"), ("round_wind", "--round"),
                         ("seat_wind", "--seat")):
        _add(parser, option, key("score", name))
    parser.add_argument("--riichi", action="store_true", help="riichi declared")
    parser.add_argument("--double-riichi", action="store_true", help="double riichi (first turn)")
    for name, option in (("ippatsu", "--ippatsu"), ("last_tile", "--last-tile"), ("rinshan", "--rinshan"),
                         ("chankan", "--chankan"), ("blessing", "--blessing"), ("dora", "--dora"), ("ura", "--ura"),
                         ("honba", "--honba"), ("riichi_sticks", "--sticks")):
        _add(parser, option, key("score", name))
    parser.add_argument("--rules", default="riichi", help="preset: riichi, tenhou, mahjong_soul, ema, sanma "
                                                          "(three players; --rule sanma_split=true to split "
                                                          "the missing player's share), or gb (Chinese "
                                                          "Official: fans, the 8-fan minimum, GB payments)")
    _add(parser, "--flowers", key("score", "flowers"))
    _add(parser, "--last-copy", key("score", "last_copy"))
    parser.add_argument("--rule", action="append", metavar="NAME=VALUE",
                        help="a rule option over the preset, e.g. kiriage=true; may be repeated")
    parser.add_argument("--json", action="store_true", help="print paili.score() as JSON")
    add_lang_option(parser)
    args = parser.parse_args(argv)
    options = _options(args)
    if args.hand is None:
        return batch(sys.stdin, sys.stdout, lambda text: _answer(text, args.win, options))
    try:
        if args.rules == "gb":
            if args.win is None:  # a hand waiting to win: each wait's win by discard
                result = analyze(args.hand, rules="gb")
                print(json.dumps(result.get("waits", []), ensure_ascii=False, indent=2) if args.json
                      else render_gb_waits(result, args.lang))
                return 0
            result = score(args.hand, win=args.win, **options)
            text = str(parse(args.hand, rules="gb"))
            print(json.dumps(result, ensure_ascii=False, indent=2) if args.json else render_gb(result, text, args.lang))
            return 0
        if args.win is None:  # a hand waiting to win: what each wait is worth
            del options["tsumo"]
            rows = score_waits(args.hand, **options)
            print(json.dumps(rows, ensure_ascii=False, indent=2) if args.json else render_waits(rows, args.lang))
            return 0
        result = score(args.hand, win=args.win, **options)
    except HandError as exc:
        print(error_lines(exc, args.lang, args.hand if exc.field == "hand" else None), file=sys.stderr)
        return 2
    text = str(parse(args.hand, rules="sanma" if result["rules"]["sanma"] else "riichi"))
    print(json.dumps(result, ensure_ascii=False, indent=2) if args.json else render(result, text, args.lang))
    return 0
