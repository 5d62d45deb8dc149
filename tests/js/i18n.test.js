// The pure parts of the page's languages (web/js/i18n.js), with the real catalogs (engine/paili/locales).
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { describe, it } from "node:test";

import { Translator, chooseLanguage, interpolate, missing } from "../../web/js/i18n.js";

const LOCALES = new URL("../../engine/paili/locales/", import.meta.url);
/** @param {string} tag */
const catalog = (tag) => JSON.parse(readFileSync(new URL(`${tag}.json`, LOCALES), "utf8"));
const TAGS = readdirSync(LOCALES).filter((f) => f.endsWith(".json")).map((f) => f.slice(0, -5));
const en = catalog("en");

describe("chooseLanguage", () => {
  it("takes the first preference with a catalog, by language and script", () => {
    assert.equal(chooseLanguage(["ja-JP", "en-US"], TAGS), "ja");
    assert.equal(chooseLanguage(["fr-FR", "zh-CN", "en"], TAGS), "zh-Hans");
    assert.equal(chooseLanguage(["zh-Hans-CN"], TAGS), "zh-Hans");
    assert.equal(chooseLanguage(["zh"], TAGS), "zh-Hans");
    assert.equal(chooseLanguage(["en-GB", "ja"], TAGS), "en");
  });

  it("does not show simplified Chinese for traditional, and falls back to English", () => {
    assert.equal(chooseLanguage(["zh-TW"], TAGS), "en");
    assert.equal(chooseLanguage(["zh-Hant-HK", "ja"], TAGS), "ja");
    assert.equal(chooseLanguage([], TAGS), "en");
    assert.equal(chooseLanguage(["de", "ko"], TAGS), "en");
  });
});

describe("Translator", () => {
  it("fills parameters, with numbers in the locale", () => {
    assert.equal(interpolate("{a} and {b}", { a: "1" }), "1 and {b}");
    const english = new Translator("en", en);
    assert.equal(english.t("ui.engine_version", { version: "0.1.0" }), "Engine 0.1.0.");
    assert.equal(english.t("ui.waits_total", { kinds: 2, count: 1234 }), "2 kinds, 1,234 tiles left");
  });

  it("picks plural forms by the locale's rules", () => {
    const english = new Translator("en", en);
    const japanese = new Translator("ja", catalog("ja"), en);
    assert.equal(english.t("ui.tile_count", { count: 1 }), "1 tile");
    assert.equal(english.t("ui.tile_count", { count: 13 }), "13 tiles");
    assert.equal(japanese.t("ui.tile_count", { count: 1 }), "1 枚");
  });

  it("speaks each community's words", () => {
    assert.equal(new Translator("ja", catalog("ja"), en).t("term.ukeire"), "受け入れ");
    assert.equal(new Translator("zh-Hans", catalog("zh-Hans"), en).t("yaku.kokushi"), "十三幺");
  });

  it("marks a key no catalog has, and falls back to English for one a language lacks", () => {
    const partial = new Translator("ja", { "@language": { dir: "ltr" } }, en);
    assert.equal(partial.t("ui.no_such_key"), missing("ui.no_such_key"));
    assert.equal(partial.t("ui.clear"), "Clear");
  });

  it("writes percentages per locale, tiny and missing chances too", () => {
    const english = new Translator("en", en);
    assert.equal(english.percent(0.3125), "31.3%");
    assert.equal(english.percent(0.0001), "<0.1%");
    assert.equal(english.percent(null), "—");
    assert.equal(new Translator("de", {}).percent(0.5), "50,0\u00a0%");
  });

  it("translates engine errors from their code and params, parts included", () => {
    const japanese = new Translator("ja", catalog("ja"), en);
    const error = { code: "notation.unexpected", params: { expected: "digit", char: "'x'", at: 3, note: "none" } };
    assert.equal(new Translator("en", en).error(error), "expected a digit (0-9), got 'x' at character 3");
    assert.equal(japanese.error(error), "数字（0-9）が必要です（3 文字目が 'x'）");
    assert.equal(japanese.error({ code: "melds.none_in_item", params: { item: 2 } }), "'[789s]' や '(7777s)' のような副露が 1 つ必要です（melds[2]）");
  });

  it("has a direction for every catalog", () => {
    for (const tag of TAGS) assert.equal(new Translator(tag, catalog(tag)).dir, "ltr");
  });
});

describe("progressText", () => {
  it("says the engine's start-up steps as the worker does in English, and in each language", async () => {
    const { progressText, useTranslator } = await import("../../web/js/i18n.js");
    const { downloadText } = await import("../../web/js/download.js");
    const step = { step: "download", params: {} };
    useTranslator(new Translator("en", en));
    for (const [loaded, total] of [[0, 12.5e6], [2.71e6, 12.5e6], [12.5e6, 12.5e6], [3.1e6, 0]]) {
      const english = `Downloading Python and the engine: ${downloadText(loaded, total)}`;
      assert.equal(progressText(english, { loaded, total }, step), english);
    }
    useTranslator(new Translator("ja", catalog("ja"), en));
    assert.equal(progressText("", { loaded: 2.71e6, total: 12.5e6 }, step), catalog("ja")["ui.progress.download"].replace("{progress}", "2.7 / 12.5 MB（21%）"));
    assert.equal(progressText("Starting", undefined, { step: "start", params: {} }), catalog("ja")["ui.progress.start"]);
    useTranslator(new Translator("en", en));
  });
});
