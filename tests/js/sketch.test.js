// The first drawing of a typed hand (web/js/sketch.js): what it refuses, and the characters it reads as the
// engine does. tests/test_sketch.py compares its drawings with the engine's own reading of random hands.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { normalizeChar, sketchHand } from "../../web/js/sketch.js";

describe("sketch.js", () => {
  it("draws a hand in the engine's order, with its melds", () => {
    assert.deepEqual(sketchHand("5z 0m12m [789s]"), {
      hand: "120m5z",
      concealed: ["1m", "2m", "0m", "5z"],
      melds: [{ type: "chi", tiles: ["7s", "8s", "9s"], text: "[789s]" }],
    });
  });
  it("gives up on what is not plainly tiles and melds", () => {
    for (const text of ["123", "m", "12x", "[123m", "123m]", "8z", "0z", "[12m]", "(111m)", "[1234m]", "1[23m]",
      "{4z", "{}", "{1z}", "{44p}", "1{4z}"]) {
      assert.equal(sketchHand(text), null, text);
    }
  });

  it("reads full-width and upper-case characters as the engine does", () => {
    assert.equal(normalizeChar("１"), "1");
    assert.equal(normalizeChar("Ｍ"), "m");
    assert.equal(normalizeChar("P"), "p");
    assert.equal(normalizeChar("ｚ"), "z");
    assert.equal(normalizeChar("［"), "[");
    assert.equal(normalizeChar("X"), "X");
    assert.equal(normalizeChar("ａ"), "ａ");
  });
});
