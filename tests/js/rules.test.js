// The rule sets on the page (web/js/rules.js): palettes, address parameters.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { RULE_SETS, inSet, paletteOf, readRules, rulesOf, voidOf, writeRules } from "../../web/js/rules.js";
import { PALETTE } from "../../web/js/tiles.js";

/** @param {string[][]} rows */
const kinds = (rows) => new Set(rows.flat().map((code) => (code[0] === "0" ? `5${code[1]}` : code)));

describe("rules.js", () => {
  it("gives riichi the whole palette", () => {
    assert.deepEqual(paletteOf("riichi"), PALETTE);
  });

  it("draws each set's palette from its tiles, red fives only where the set has them", () => {
    for (const [name, set] of Object.entries(RULE_SETS)) {
      const rows = paletteOf(/** @type {import("../../web/paili.mjs").Rules} */ (name));
      assert.deepEqual([...kinds(rows)].sort(), [...set.tiles].sort(), name);
    }
    const sanma = paletteOf("sanma");
    assert.deepEqual(sanma[0], ["1m", "9m"]);
    assert.ok(sanma.flat().includes("0p") && !sanma.flat().includes("0m"));
    const sichuan = paletteOf("sichuan");
    assert.equal(sichuan.length, 3); // no honor row
    assert.ok(!sichuan.flat().some((code) => code[0] === "0"));
    assert.equal(inSet("0s", "gb"), false);
    assert.equal(inSet("4z", "sanma"), true);
  });

  it("reads and writes the address: nothing for riichi, the suit given up only under Sichuan", () => {
    const params = new URLSearchParams("q=123m&r=1");
    writeRules({ rules: "riichi", void: "p" }, params);
    assert.equal(params.toString(), "q=123m&r=1");
    writeRules({ rules: "sichuan", void: "p" }, params);
    assert.equal(params.toString(), "q=123m&r=1&rules=sichuan&void=p");
    assert.deepEqual(readRules(params), { rules: "sichuan", void: "p" });
    writeRules({ rules: "gb", void: "p" }, params);
    assert.deepEqual(readRules(params), { rules: "gb", void: "" });
    assert.equal(params.get("void"), null);
    assert.deepEqual(readRules(new URLSearchParams("rules=chinese&void=z")), { rules: "riichi", void: "" });
    assert.equal(rulesOf("toString"), "riichi");
    assert.equal(voidOf("s", "sichuan"), "s");
    assert.equal(voidOf("x", "sichuan"), "");
  });
});
