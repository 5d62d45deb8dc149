// Arrow-key moves of the roving tabindex (web/js/roving.js): along a row, between rows to the nearest usable
// column, skipping what cannot take the focus.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { moveIn } from "../../web/js/roving.js";

/** @param {number} n @param {number[]} [off] */
const row = (n, off = []) => Array.from({ length: n }, (_, i) => !off.includes(i));

describe("roving.js moveIn", () => {
  const palette = [row(10), row(10, [3, 4, 5]), row(10), row(7)];

  it("moves along a row and on into the next one, skipping disabled items", () => {
    assert.deepEqual(moveIn(palette, [0, 3], "ArrowRight"), [0, 4]);
    assert.deepEqual(moveIn(palette, [0, 9], "ArrowRight"), [1, 0]);
    assert.deepEqual(moveIn(palette, [1, 2], "ArrowRight"), [1, 6]);
    assert.deepEqual(moveIn(palette, [1, 6], "ArrowLeft"), [1, 2]);
    assert.equal(moveIn(palette, [0, 0], "ArrowLeft"), null);
    assert.equal(moveIn(palette, [3, 6], "ArrowRight"), null);
  });

  it("moves up and down to the same column, or the nearest usable one", () => {
    assert.deepEqual(moveIn(palette, [0, 2], "ArrowDown"), [1, 2]);
    assert.deepEqual(moveIn(palette, [0, 4], "ArrowDown"), [1, 2]); // 3, 4, 5 are off: 2 and 6 tie, the left wins
    assert.deepEqual(moveIn(palette, [2, 9], "ArrowDown"), [3, 6]); // the honors row is shorter
    assert.deepEqual(moveIn(palette, [3, 0], "ArrowUp"), [2, 0]);
    assert.equal(moveIn(palette, [0, 5], "ArrowUp"), null);
  });

  it("goes to the first and last usable item with Home and End", () => {
    assert.deepEqual(moveIn([row(3, [0]), row(2, [1])], [1, 0], "Home"), [0, 1]);
    assert.deepEqual(moveIn([row(3, [0]), row(2, [1])], [0, 1], "End"), [1, 0]);
  });

  it("moves along a single row with Up and Down too (the hand)", () => {
    assert.deepEqual(moveIn([row(14)], [0, 5], "ArrowDown"), [0, 6]);
    assert.deepEqual(moveIn([row(14)], [0, 5], "ArrowUp"), [0, 4]);
    assert.equal(moveIn([row(14)], [0, 5], "Enter"), null);
  });
});
