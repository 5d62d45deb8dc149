// The call panel's logic (web/js/callcontrol.js) against the engine's recorded answers (fake_engine.js): which
// thrown tiles a hand could call from each seat, the request it sends, and how an answer reads.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { callLines, callableTiles, requestOf } from "../../web/js/callcontrol.js";
import { tileName } from "../../web/js/tiles.js";
import { useLanguage } from "./catalogs.js";
import { recorded } from "./fake_engine.js";

/** @typedef {import("../../web/paili.mjs").Analysis} Analysis */
/** @typedef {import("../../web/js/callcontrol.js").CallAdvice} CallAdvice */

useLanguage("en");

const CALLS = "23m456p789s11556z";
const PON = "345m34p67s556677z";
const TENPAI = "123m456p789s1122z";

/** @param {string} hand @returns {Analysis} */
function analysis(hand) {
  return /** @type {Analysis} */ (recorded({ op: "analyze", hand, melds: null, visible: "", rules: "riichi", void: null }).result);
}

/**
 * The recorded answer of the request the panel sends.
 * @param {string} hand @param {string} offered @param {"left" | "across" | "right"} seat
 * @returns {CallAdvice}
 */
function answer(hand, offered, seat) {
  return /** @type {CallAdvice} */ (recorded({ op: "call_advice", ...requestOf(analysis(hand), "", offered, seat) }).result);
}

describe("callableTiles", () => {
  it("offers chi from the left only, pon of a pair from any seat", () => {
    // 23m 456p 789s 11z 55z 6z: chi 1m/4m; 3p..7p with 456p; 6s..9s with 789s; pon 1z, 5z
    assert.deepEqual(callableTiles(analysis(CALLS), "left"), ["1m", "4m", "3p", "4p", "5p", "6p", "7p", "6s", "7s", "8s", "9s", "1z", "5z"]);
    assert.deepEqual(callableTiles(analysis(CALLS), "across"), ["1z", "5z"]);
    assert.deepEqual(callableTiles(analysis(CALLS), "right"), ["1z", "5z"]);
  });

  it("offers a tenpai hand's waits for ron", () => {
    // 123m 456p 789s 11z 22z waits on 1z and 2z, which it also holds in pairs
    const tiles = callableTiles(analysis(TENPAI), "across");
    assert.deepEqual(tiles, ["1z", "2z"]);
    for (const wait of analysis(TENPAI).waits ?? []) assert.ok(tiles.includes(wait.tile));
  });

  it("offers no chi under a rule set without it", () => {
    const sanma = { ...analysis(CALLS), rules: /** @type {const} */ ("sanma") };
    assert.deepEqual(callableTiles(sanma, "left"), ["1z", "5z"]);
  });
});

describe("callLines", () => {
  it("reads a call that beats passing: the verdict names it, its discard and the points it adds", () => {
    const advice = answer(PON, "6z", "right");
    const { verdict, rows, scored } = callLines(advice);
    assert.equal(scored, true);
    assert.deepEqual(rows.map((r) => r.option.call), advice.options.map((o) => o.call));
    const [pon, pass] = rows;
    assert.equal(pon.label, "Pon [666z]");
    assert.equal(pass.label, "Pass");
    assert.equal(pass.delta, "");
    const last = (/** @type {number[] | null} */ v) => (v ? v[v.length - 1] : 0);
    const gain = Math.round(last(pon.option.ev) - last(pass.option.ev));
    assert.ok(gain > 0);
    assert.equal(pon.delta, `+${gain.toLocaleString("en")}`);
    assert.equal(verdict, `Pon [666z], then discard ${tileName(pon.option.discard ?? "")}: +${gain.toLocaleString("en")} against passing.`);
    assert.equal(pon.after, pon.option.rows[0].after);
    assert.ok(pon.best && !pass.best);
  });

  it("reads passing as the verdict when no call does better, and a worse call with a minus", () => {
    const advice = answer(CALLS, "4m", "left");
    const { verdict, rows } = callLines(advice);
    assert.equal(rows[0].option.call, "pass");
    // issue 37: chi wins more often than passing, yet passing is best: the verdict says points decided
    assert.equal(verdict, `Pass: Chi [234m] wins more often (${rows[1].pWin} against ${rows[0].pWin}) but for fewer points; staying closed keeps riichi and the closed-hand yaku.`);
    assert.equal(rows[1].label, "Chi [234m]");
    assert.match(rows[1].delta, /^−[\d,]+$/);
    assert.equal(rows[0].after, null);
  });

  it("says why a waiting hand is offered no call, and asks again as a dama hand", () => {
    const blocked = answer(TENPAI, "2z", "across");
    assert.deepEqual(blocked.options.map((o) => o.call), ["pass", "ron"]); // 2z is also its wait: ron, but no pon
    assert.equal(blocked.no_calls, "riichi");
    assert.equal(callLines(blocked).reason, "Your hand is waiting: under riichi you cannot call.");
    assert.equal("riichi" in requestOf(analysis(TENPAI), "", "2z", "across"), false); // the default, left out
    const dama = /** @type {CallAdvice} */ (recorded({ op: "call_advice", ...requestOf(analysis(TENPAI), "", "2z", "across", "dama") }).result);
    assert.ok(dama.options.some((o) => o.call === "pon"));
    assert.equal(dama.no_calls, null);
    assert.equal(callLines(dama).reason, "");
  });

  it("reads a ron: its points now", () => {
    const advice = answer(TENPAI, "1z", "right");
    const { verdict, rows } = callLines(advice);
    assert.equal(rows[0].option.call, "ron");
    const points = rows[0].option.score?.points ?? 0;
    assert.ok(points > 0);
    assert.equal(verdict, `Ron: ${points.toLocaleString("en")} points now, better than passing.`);
  });
});
