// The words of a score (web/js/scoreview.js): points, han and fu, the limit, payments, a wait's worth, the
// situation line, and names for every yaku id.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import {
  errorText, formatPoints, fuReason, limitName, noYakuReason, paymentLines, situationText, valueText, waitValueText, yakuName,
} from "../../web/js/scoreview.js";
import { DEFAULT_SITUATION } from "../../web/js/situation.js";
import { tileName } from "../../web/js/tiles.js";
import { catalog, useLanguage } from "./catalogs.js";

useLanguage("en");
const YAKU_IDS = Object.keys(catalog("en")).filter((k) => k.startsWith("yaku.")).map((k) => k.slice(5));
const LIMIT_IDS = Object.keys(catalog("en")).filter((k) => k.startsWith("limit.")).map((k) => k.slice(6));

/** @typedef {import("../../web/paili.mjs").RiichiScore} Score */

/**
 * A score with what the helpers read.
 * @param {Partial<Score>} parts
 * @returns {Score}
 */
function score(parts) {
  return {
    yaku: [], han: 1, fu: 30, yakuman: 0, limit: null, points: 1000, payments: { ron: 1000 }, total: 1000,
    fu_breakdown: [], decomposition: {}, no_yaku: false, win: "1m", dealer: false, rules: {}, ...parts,
  };
}

describe("names", () => {
  it("has an English and a Japanese name for every yaku and limit (the catalogs), none twice", () => {
    const yaku = YAKU_IDS.map((id) => [id, yakuName(id)]);
    const limits = LIMIT_IDS.map((id) => [id, limitName(score({ limit: id })) ?? ["", ""]]);
    for (const table of [yaku, limits]) {
      const english = table.map(([, [en]]) => en);
      assert.equal(new Set(english).size, english.length);
      for (const [id, [en, ja]] of table) {
        assert.ok(en && ja, String(id));
        assert.ok(!en.includes("_"), `${id}: a name for players, not an id`);
      }
    }
    assert.deepEqual(yakuName("riichi"), ["Riichi", "立直"]);
    assert.deepEqual(yakuName("something_new"), ["something_new", ""]);
  });
});

describe("value, limit and payments", () => {
  it("writes points with thousands separators", () => {
    assert.equal(formatPoints(1000), "1,000");
    assert.equal(formatPoints(48000), "48,000");
    assert.equal(formatPoints(300), "300");
  });

  it("says han and fu, or the yakuman with its multiple", () => {
    assert.equal(valueText(score({ han: 3, fu: 40 })), "3 han 40 fu");
    assert.equal(valueText(score({ han: 13, yakuman: 1, limit: "yakuman" })), "Yakuman");
    assert.equal(valueText(score({ han: 26, yakuman: 2, limit: "yakuman" })), "Double yakuman");
    assert.deepEqual(limitName(score({ limit: "haneman" })), ["Haneman", "跳満"]);
    assert.equal(limitName(score({ limit: null })), null);
    assert.equal(limitName(score({ limit: "yakuman", yakuman: 1 })), null, "the value line says yakuman already");
  });

  it("says who pays what, with honba and sticks, and the total", () => {
    const table = { honba: 0, riichi_sticks: 0 };
    assert.deepEqual(paymentLines(score({ payments: { ron: 7700 }, total: 7700 }), table),
      ["Ron: the player who discarded the tile pays 7,700.", "The winner gets 7,700 in all."]);
    assert.deepEqual(paymentLines(score({ payments: { dealer: 2600, others: 1300 }, total: 5200 }), table),
      ["Tsumo: the dealer pays 2,600, each other player 1,300.", "The winner gets 5,200 in all."]);
    const lines = paymentLines(score({ payments: { others: 4200 }, total: 14600 }), { honba: 2, riichi_sticks: 2 });
    assert.deepEqual(lines, ["Tsumo: each other player pays 4,200.", "Included: 2 honba (600 in all).",
      "The winner also takes the 2 riichi sticks on the table (2,000).", "The winner gets 14,600 in all."]);
  });
});

describe("no yaku, waits, situation", () => {
  it("explains why a hand with no yaku cannot win", () => {
    const open = noYakuReason({ ...DEFAULT_SITUATION }, { melds: [{ type: "chi", tiles: [], text: "" }] });
    assert.match(open, /no yaku/);
    assert.match(open, /open meld/);
    assert.match(noYakuReason({ ...DEFAULT_SITUATION }, { melds: [] }), /declare riichi/);
  });

  it("gives each wait its worth by ron and tsumo, or says it has no yaku", () => {
    const ron = score({ points: 2900 });
    const tsumo = score({ points: 3900 });
    const none = score({ no_yaku: true, points: 0 });
    assert.equal(waitValueText({ tile: "1m", remaining: 4, ron, tsumo }), "Ron 2,900 · Tsumo 3,900");
    assert.equal(waitValueText({ tile: "1m", remaining: 4, ron: none, tsumo }), "Ron: no yaku · Tsumo 3,900");
    assert.equal(waitValueText({ tile: "1m", remaining: 4, ron: none, tsumo: none }), "No yaku");
    assert.equal(waitValueText({ tile: "1m", remaining: 4, ron: null, tsumo }), "Tsumo 3,900");
  });

  it("names the part an engine error belongs to, not the hand", () => {
    assert.equal(errorText({ message: "expected 1z-4z", field: "seat_wind" }), "seat wind: expected 1z-4z");
    assert.equal(errorText({ message: "no win", field: "hand" }), "no win");
    assert.equal(errorText({ message: "", field: null }), "The engine could not score this hand.");
  });

  it("puts the situation in one line", () => {
    const text = situationText({ ...DEFAULT_SITUATION, win: "0p", tsumo: true, seat_wind: "2z", riichi: 2, dora: "4p", honba: 1 });
    assert.equal(text, "Tsumo on red 5 pin · seat South, round East · double riichi · dora indicators 4p · 1 honba");
    assert.equal(situationText({ ...DEFAULT_SITUATION, win: "1m" }, { waits: true }), "Seat East (dealer), round East");
  });
});

describe("fu breakdown", () => {
  /** @type {(id: string, params: Record<string, string | number | boolean>, reason?: string) => import("../../web/paili.mjs").FuEntry} */
  const entry = (id, params, reason = "engine text") => ({ fu: 2, id, params, reason });
  const triplet = { kind: "triplet", tile: "5m", open: false, ron: false, orphan: false };

  it("says each line in Japanese from its id and params (the engine's English is not shown)", () => {
    useLanguage("ja");
    try {
      assert.equal(fuReason(entry("base", {})), "副底");
      assert.equal(fuReason(entry("menzen_ron", {})), "門前加符");
      assert.equal(fuReason(entry("tsumo", {})), "ツモ符");
      assert.equal(fuReason(entry("set", triplet)), "暗刻 五萬（中張牌）");
      assert.equal(fuReason(entry("set", { ...triplet, tile: "1z", kind: "quad", open: true, orphan: true })), "明槓 東（么九牌）");
      assert.equal(fuReason(entry("set", { ...triplet, open: true, ron: true })), "明刻 五萬（中張牌）・ロンで完成");
      assert.equal(fuReason(entry("pair", { tile: "2z", why: "double_wind" })), "雀頭 南（連風牌）");
      assert.equal(fuReason(entry("wait", { wait: "kanchan" })), "嵌張待ち");
      assert.equal(fuReason(entry("rounding", { raw: 32 })), "切り上げ（32符から）");
      assert.equal(fuReason(entry("chiitoitsu", {})), "七対子は固定");
    } finally {
      useLanguage("en");
    }
  });

  it("says the English lines with tile names, and an id the catalogs lack as its reason", () => {
    assert.equal(fuReason(entry("set", triplet)), "closed triplet of 5 man, simple");
    assert.equal(fuReason(entry("set", { ...triplet, open: true, ron: true })), "open triplet of 5 man, simple (completed by ron)");
    assert.equal(fuReason(entry("pair", { tile: "5z", why: "dragon" })), `pair of ${tileName("5z")}, a dragon`);
    assert.equal(fuReason(entry("wait", { wait: "tanki" })), "pair wait (tanki)");
    assert.equal(fuReason(entry("rounding", { raw: 32 })), "rounded up from 32");
    assert.equal(fuReason(entry("a_new_rule", {}, "a new rule")), "a new rule");
  });

  it("has every line in every language, no missing key", () => {
    const lines = [
      entry("base", {}), entry("menzen_ron", {}), entry("tsumo", {}), entry("open_pinfu", {}), entry("chiitoitsu", {}),
      entry("rounding", { raw: 24 }),
      ...["kanchan", "penchan", "tanki"].map((wait) => entry("wait", { wait })),
      ...["dragon", "double_wind", "seat_wind", "round_wind"].map((why) => entry("pair", { tile: "7z", why })),
      ...[false, true].flatMap((open) => [false, true].flatMap((orphan) => ["triplet", "quad"].map((kind) =>
        entry("set", { kind, tile: "9p", open, ron: open && kind === "triplet", orphan })))),
    ];
    for (const lang of ["en", "ja", "zh-Hans"]) {
      useLanguage(lang);
      try {
        for (const line of lines) {
          const text = fuReason(line);
          assert.ok(text && text !== "engine text" && !text.includes("⟦") && !text.includes("{"), `${lang} ${line.id}: ${text}`);
        }
      } finally {
        useLanguage("en");
      }
    }
  });
});
