// Playing forward (web/js/wall.js): the wall left after the hand and the visible tiles, and seeded draws.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { drawFrom, seededRandom, wallLeft } from "../../web/js/wall.js";

/** @param {string[]} codes */
const tally = (codes) => codes.reduce((m, c) => m.set(c, (m.get(c) ?? 0) + 1), new Map());

describe("wall.js", () => {
  it("holds 136 copies, one red five per suit, before anything is taken", () => {
    const wall = wallLeft([], []);
    assert.equal(wall.length, 136);
    const counts = tally(wall);
    assert.equal(counts.get("0m"), 1);
    assert.equal(counts.get("5m"), 3);
    assert.equal(counts.get("5z"), 4);
    assert.equal(counts.size, 37);
  });

  it("takes out the hand and the visible tiles, a plain five before the red one", () => {
    const wall = tally(wallLeft(["5m", "5m", "0p", "1z", "1z"], ["5m", "5m", "1z", "5p"]));
    assert.equal(wall.get("5m") ?? 0, 0); // three plain fives, then the red one for the 4th
    assert.equal(wall.get("0m") ?? 0, 0);
    assert.equal(wall.get("0p") ?? 0, 0);
    assert.equal(wall.get("5p"), 2);
    assert.equal(wall.get("1z"), 1);
    assert.equal([...wall.values()].reduce((a, b) => a + b, 0), 136 - 9);
  });

  it("draws the same tiles from the same seed, each copy about equally often", () => {
    const wall = wallLeft(["1m", "1m", "1m"], []);
    const a = seededRandom(42);
    const b = seededRandom(42);
    const draws = Array.from({ length: 13_300 }, () => drawFrom(wall, a));
    assert.deepEqual(draws.slice(0, 50), Array.from({ length: 50 }, () => drawFrom(wall, b)));
    const counts = tally(/** @type {string[]} */ (draws));
    assert.ok(Math.abs((counts.get("1m") ?? 0) - 100) < 45); // 1 copy of 133: about 100 of 13,300
    assert.ok(Math.abs((counts.get("2m") ?? 0) - 400) < 90); // 4 copies: about 400
    assert.equal(drawFrom([], a), null);
  });

  it("holds the rule set's tiles: sanma and Sichuan 108 copies, red fives in sanma only", () => {
    const sanma = tally(wallLeft([], [], "sanma"));
    assert.equal([...sanma.values()].reduce((a, b) => a + b, 0), 108);
    assert.equal(sanma.get("2m"), undefined);
    assert.equal(sanma.get("0m"), undefined); // no 5m in sanma, so no red one
    assert.equal(sanma.get("0p"), 1);
    const sichuan = tally(wallLeft([], [], "sichuan"));
    assert.equal([...sichuan.values()].reduce((a, b) => a + b, 0), 108);
    assert.equal(sichuan.get("1z"), undefined);
    assert.equal(sichuan.get("0p"), undefined);
    assert.equal(sichuan.get("5p"), 4);
    // a red five typed under Sichuan takes one of its plain fives
    assert.equal(tally(wallLeft(["0p"], ["4z"], "sichuan")).get("5p"), 3);
    const gb = wallLeft([], [], "gb");
    assert.equal(gb.length, 136);
    assert.ok(!gb.some((code) => code[0] === "0"));
  });
});
