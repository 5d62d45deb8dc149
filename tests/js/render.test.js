// The pure parts of the renderer (web/js/render.js): the words for a shanten and the text of a result's hand.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { useLanguage } from "./catalogs.js";
import { recorded } from "./fake_engine.js";

import { gbLines, handText, meldTexts, shantenText } from "../../web/js/render.js";
import { scoreMode } from "../../web/js/situation.js";

/**
 * An analysis with only what handText reads.
 * @param {string} hand
 * @param {string[]} melds  their canonical texts
 * @returns {import("../../web/paili.mjs").Analysis}
 */
function analysis(hand, melds) {
  return {
    hand,
    concealed: [],
    melds: melds.map((text) => ({ type: text.startsWith("(") ? "ankan" : "pon", tiles: [], text })),
    tiles: 0,
    rules: "riichi",
    shanten: { min: 0, regular: 0, chiitoitsu: null, kokushi: null },
  };
}

useLanguage("en");

describe("shantenText", () => {
  it("says agari below zero, tenpai at zero, and n-shanten above", () => {
    assert.equal(shantenText(-1), "Agari");
    assert.equal(shantenText(0), "Tenpai");
    for (let n = 1; n <= 8; n += 1) assert.equal(shantenText(n), `${n}-shanten`);
  });

  it("says n/a for a form that does not apply", () => {
    assert.equal(shantenText(null), "n/a");
    assert.equal(shantenText(undefined), "n/a");
  });
});

describe("handText", () => {
  it("is the concealed tiles, then each meld's text, separated by spaces", () => {
    assert.equal(handText(analysis("123m456p22z", ["[789s]", "(1111z)"])), "123m456p22z [789s] (1111z)");
    assert.equal(handText(analysis("123m", [])), "123m");
  });

  it("leaves out an empty concealed part (every tile called)", () => {
    assert.equal(handText(analysis("", ["[777s]"])), "[777s]");
  });

  it("writes a sanma hand's norths set aside after its melds, one {4z} each, as the engine reads them", () => {
    const hand = { ...analysis("19m11p", ["[111s]"]), rules: /** @type {const} */ ("sanma"), nukidora: 2 };
    assert.deepEqual(meldTexts(hand), ["[111s]", "{4z}", "{4z}"]);
    assert.equal(handText(hand), "19m11p [111s] {4z} {4z}");
  });
});

describe("the language shown", () => {
  it("writes shanten in each community's words", () => {
    useLanguage("ja");
    assert.equal(shantenText(2), "2向聴");
    assert.equal(shantenText(0), "聴牌");
    useLanguage("zh-Hans");
    assert.equal(shantenText(2), "2向听");
    assert.equal(shantenText(-1), "和牌");
    useLanguage("en");
  });
});


/**
 * The engine's recorded analysis of a GB hand (tests/js/record_answers.py).
 * @param {string} hand
 * @returns {import("../../web/paili.mjs").Analysis}
 */
function gbAnalysis(hand) {
  const answer = recorded({ op: "analyze", hand, melds: null, visible: "", rules: "gb", void: null });
  return /** @type {import("../../web/paili.mjs").Analysis} */ (answer.result);
}

describe("gbLines", () => {
  it("says a complete GB hand is a legal win with its fans by name", () => {
    const [line] = gbLines(gbAnalysis("123m456p789s11z555z"));
    assert.equal(line.legal, true);
    assert.equal(line.text, "19 fans by discard on 2m: a legal win. Mixed Straight 8 · All Types 6 · Dragon Pung 2 · Concealed Hand 2 · Closed Wait 1");
  });

  it("says a complete shape short of 8 is not a win, counting a fan made twice", () => {
    const [line] = gbLines(gbAnalysis("234m567m22p [345s] [678s]"));
    assert.equal(line.legal, false);
    assert.match(line.text, /^7 fans by discard on 3m: short of 8, not a win\. /);
    assert.match(line.text, /Short Straight 1 ×2/);
  });

  it("scores a GB win in the Score panel; a tenpai hand's waits keep their fans in these lines", () => {
    assert.equal(scoreMode(gbAnalysis("123m456p789s11z555z")), "win");
    assert.equal(scoreMode(gbAnalysis("23m567m22p345s678s")), null);
  });

  it("gives each wait of a tenpai hand its total, in Chinese too", () => {
    const lines = gbLines(gbAnalysis("23m567m22p345s678s"));
    assert.deepEqual(lines.map((l) => l.legal), [false, true]);
    assert.match(lines[0].text, /^5 fans by discard on 1m: short of 8/);
    useLanguage("zh-Hans");
    try {
      assert.match(gbLines(gbAnalysis("23m567m22p345s678s"))[1].text, /^点和 4m：8 番，可以和牌。 门前清 2/);
    } finally {
      useLanguage("en");
    }
  });
});
