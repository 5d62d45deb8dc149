// The advice's logic (web/js/advicecontrol.js) without a DOM: a fake view records what would be drawn, the engine
// is the page's client answering the engine's recorded answers (fake_engine.js), released in the order a test
// chooses.
import assert from "node:assert/strict";
import { beforeEach, describe, it } from "node:test";

import * as advice from "../../web/js/advicecontrol.js";
import { useLanguage } from "./catalogs.js";
import { fixtureEngine, recorded } from "./fake_engine.js";

/** @typedef {import("../../web/paili.mjs").Analysis} Analysis */

useLanguage("en");

const A = "123m2455679p78s11z";
/** What the figures of a hand advised with the defaults assume (advicecontrol.assumptionsText). */
const DEFAULT_ASSUMES = "Self-draws only, within 17 draws; riichi as soon as a closed hand is tenpai; round wind East, seat wind East; dora indicators: none. Points are expected points: the chance to win times a win's worth.";
const B = "123m456p789s11345z";
const TENPAI = "123m456p789s1122z";

/** @param {string} hand @returns {Analysis} */
function analysis(hand) {
  const answer = recorded({ op: "analyze", hand, melds: null, visible: "", rules: "riichi", void: null });
  return /** @type {Analysis} */ (answer.result);
}

/** A view that writes down every drawing call, in order. */
function fakeView() {
  /** @type {[string, ...unknown[]][]} */
  const calls = [];
  /** @type {import("../../web/js/advicecontrol.js").AdviceView} */
  const view = {
    setState: (state) => calls.push(["state", state]),
    status: (text) => calls.push(["status", text]),
    busy: (on) => calls.push(["busy", on]),
    turnsValid: (valid) => calls.push(["turnsValid", valid]),
    drawAdvice: (a, lines) => calls.push(["drawAdvice", a.hand, lines]),
    drawOutlook: (lines) => calls.push(["drawOutlook", lines]),
    improvements: (state) => calls.push(["improvements", state]),
  };
  /** @param {string} name */
  const of = (name) => calls.filter(([n]) => n === name).map(([, ...args]) => args);
  return { view, calls, of };
}

/** @type {Awaited<ReturnType<typeof fixtureEngine>>} */
let fx;
/** @type {ReturnType<typeof fakeView>} */
let v;
/** @type {import("../../web/js/advicecontrol.js").Control} */
let c;

beforeEach(async () => {
  fx = await fixtureEngine();
  v = fakeView();
  c = { state: advice.initialState(), engine: () => fx.engine, view: v.view };
});

describe("the advice of a discard table", () => {
  it("asks for the advice without improvements, draws it, then asks for the improvements", async () => {
    const shown = advice.show(c, analysis(A), "");
    assert.deepEqual(fx.worker.asked.map((r) => r.op), ["advise"]);
    assert.deepEqual(fx.worker.asked[0].payload, { hand: A, melds: [], visible: "", rules: "riichi", turns: 17,
      tegawari: false, shanten_down: false, max_shanten: 2, improvements: false });
    assert.deepEqual(v.calls, [["turnsValid", true], ["state", "pending"], ["busy", true], ["status", "Computing win chances…"]]);
    await fx.release("advise");
    await shown;
    assert.deepEqual(v.of("drawAdvice"), [[A, { status: "", more: false, assumes: DEFAULT_ASSUMES, verdict: "" }]]);
    assert.deepEqual(v.of("state").at(-1), ["ready"]);
    assert.match(String(v.of("status").at(-1)), /^Computed in /);
    // the improvements, in a request of their own, once the advice is drawn
    assert.deepEqual(fx.worker.asked.map((r) => r.op), ["advise", "improvements"]);
    assert.deepEqual(v.of("improvements"), [["pending"]]);
    const rows = c.state.last?.advice.discards ?? [];
    assert.ok(rows.length > 0 && rows.every((d) => d.improvements === null));
    await fx.release("improvements");
    assert.deepEqual(v.of("improvements"), [["pending"], ["ready"]]);
    assert.ok(rows.every((d) => d.improvements !== null));
    // a details row: the discard and its advice, with the figures the engine computed
    const details = advice.detailsOf(c.state, 0);
    const answer = /** @type {any} */ (recorded({ op: "advise", hand: A, melds: [], visible: "", rules: "riichi", turns: 17,
      tegawari: false, shanten_down: false, max_shanten: 2, improvements: false })).result;
    assert.equal(details?.discard.tile, analysis(A).discards?.[0].tile);
    assert.deepEqual(details?.advised?.p_win, answer.discards.find((/** @type {any} */ d) => d.tile === details?.discard.tile).p_win);
  });

  it("draws the advice of the same hand and options again at once, without asking", async () => {
    await Promise.all([advice.show(c, analysis(A), ""), fx.release("advise")]);
    await fx.release("improvements");
    const asked = fx.worker.asked.length;
    v.calls.length = 0;
    await advice.show(c, analysis(A), "");
    assert.equal(fx.worker.asked.length, asked);
    assert.deepEqual(v.of("drawAdvice"), [[A, { status: "", more: false, assumes: DEFAULT_ASSUMES, verdict: "" }]]);
    assert.deepEqual(v.of("state"), [["ready"]]);
  });

  it("cancels the search of a hand that left the screen and never draws its answer", async () => {
    advice.show(c, analysis(A), "");
    const first = fx.worker.asked.length;
    advice.show(c, analysis(B), "");
    assert.equal(fx.worker.cancelled.length, 1); // A's search, cancelled in the worker
    assert.deepEqual(fx.worker.held.map((r) => r.payload.hand), [B]);
    assert.equal(fx.worker.asked.length, first + 1);
    await fx.release("advise");
    assert.deepEqual(v.of("drawAdvice").map(([hand]) => hand), [B]);
    assert.equal(c.state.last?.advice.hand, B);
  });

  it("drops an answer for options the panel no longer shows, and asks for the new ones", async () => {
    advice.show(c, analysis(A), "");
    c.state.options = { ...c.state.options, tegawari: true };
    advice.request(c);
    assert.equal(fx.worker.cancelled.length, 1);
    assert.deepEqual(fx.worker.held.map((r) => r.payload.tegawari), [true]);
    await fx.release("advise");
    assert.equal(v.of("drawAdvice").length, 1);
    assert.equal(JSON.parse(c.state.last?.signature ?? "{}").tegawari, true);
  });

  it("says a bad number of draws and asks nothing", () => {
    c.state.options = { ...c.state.options, turns: "31" };
    advice.show(c, analysis(A), "");
    assert.equal(fx.worker.asked.length, 0);
    assert.deepEqual(v.calls, [["turnsValid", false], ["status", "Draws: enter a whole number from 1 to 30."], ["state", "none"]]);
  });

  it("shows the engine's error in the player's words", async () => {
    const shown = advice.show(c, analysis(A), "5z5z5z5z5z");
    await fx.release("advise");
    await shown;
    assert.deepEqual(v.of("status").at(-1), ["Win chances could not be computed: expected at most 4 copies of 5z (red fives count), got a 5th at character 9"]);
    assert.deepEqual(v.of("busy").at(-1), [false]);
    assert.deepEqual(v.of("state").at(-1), ["none"]);
    assert.equal(v.of("drawAdvice").length, 0);
    assert.equal(c.state.running, null);
  });

  it("starts the search before the table is drawn, and show() waits for it instead of asking again", async () => {
    advice.prefetch(c, analysis(A), "");
    assert.deepEqual(v.calls, []); // nothing drawn yet
    advice.show(c, analysis(A), "");
    assert.equal(fx.worker.asked.length, 1);
    await fx.release("advise");
    assert.deepEqual(v.of("drawAdvice").map(([hand]) => hand), [A]);
  });

  it("clears: the searches stop, nothing more is drawn", async () => {
    advice.show(c, analysis(A), "");
    advice.clear(c);
    assert.equal(fx.worker.cancelled.length, 1);
    assert.equal(c.state.screen, null);
    assert.deepEqual(v.calls.slice(-2), [["status", ""], ["state", "none"]]);
  });
});

describe("the outlook of a tenpai hand", () => {
  it("asks for the outlook and writes each wait's chance and the hand's", async () => {
    const shown = advice.show(c, analysis(TENPAI), "", { waits: true });
    assert.deepEqual(fx.worker.asked.map((r) => r.op), ["outlook"]);
    await fx.release("outlook");
    await shown;
    const outlook = /** @type {any} */ (recorded({ op: "outlook", hand: TENPAI, melds: [], visible: "", rules: "riichi",
      turns: 17, tegawari: false, shanten_down: false, max_shanten: 2 })).result;
    const [[lines]] = /** @type {[import("../../web/js/advicecontrol.js").OutlookLines][]} */ (v.of("drawOutlook"));
    assert.deepEqual(lines.waits.map((w) => w.tile), ["1z", "2z"]);
    for (const wait of lines.waits) {
      const p = outlook.waits.find((/** @type {any} */ w) => w.tile === wait.tile).p_win[16];
      assert.equal(wait.pWin, p);
      assert.equal(wait.text, `win ${(100 * p).toFixed(1)}%`);
    }
    assert.equal(lines.total?.pWin, outlook.p_win[16]);
    assert.equal(lines.total?.ev, outlook.ev[16]);
    assert.equal(lines.total?.text, "Within 17 draws: win 43.0%, 3,717 points expected"); // the recorded figures
    assert.equal(lines.assumes, DEFAULT_ASSUMES);
    assert.deepEqual(v.calls.slice(-2), [["status", ""], ["state", "ready"]]);
  });
});

describe("what the figures assume", () => {
  it("says the situation the engine used: policy, winds, dora; GB's payments; or chances alone", () => {
    const situation = { riichi: /** @type {const} */ ("dama"), ippatsu: false, round_wind: "2z", seat_wind: "3z", dora: "1m0p", honba: 0, riichi_sticks: 0, rules: {} };
    assert.equal(advice.assumptionsText(situation, 8), "Self-draws only, within 8 draws; no riichi (dama); round wind South, seat wind West; dora indicators: 1 man, red 5 pin. Points are expected points: the chance to win times a win's worth.");
    const gb = /** @type {any} */ ({ round_wind: "1z", seat_wind: "4z", rules: "gb" });
    assert.equal(advice.assumptionsText(gb, 5), "Self-draws only, within 5 draws; round wind East, seat wind North. Points are GB's expected payment: the chance to win times the win's payment.");
    assert.equal(advice.assumptionsText(null, 3), "Self-draws only, within 3 draws; chances only (this rule set is not scored).");
  });
});

describe("sorting", () => {
  it("sorts by a column best first, and the other way on a second click", () => {
    assert.deepEqual(advice.nextSort({ key: "ev", descending: true }, "p_win"), { key: "p_win", descending: true });
    assert.deepEqual(advice.nextSort({ key: "p_win", descending: true }, "p_win"), { key: "p_win", descending: false });
  });
});

describe("the opponents", () => {
  it("go into the advice's request and the outlook's, and the verdict is said in one line", () => {
    const base = /** @type {import("../../web/js/advicecontrol.js").Base} */ ({ hand: "23456m345p6789s15z", melds: [], visible: "", rules: "riichi" });
    const options = { turns: "17", tegawari: false, shanten_down: false, opponents: "l:19m4p5*p7z" };
    assert.equal(advice.requestOf(base, options, false, 17, 2).payload.opponents, "l:19m4p5*p7z");
    assert.equal(advice.requestOf(base, options, true, 17, 2).payload.opponents, "l:19m4p5*p7z");
    assert.equal("opponents" in advice.requestOf(base, { ...options, opponents: "" }, false, 17, 2).payload, false);
    assert.equal(advice.verdictText({ fold: true, push: "8m", safest: "3z", margin: 1299.6 }),
      "Fold: West is the safest; pushing 8 man loses 1,300 expected.");
    assert.equal(advice.verdictText({ fold: false, push: "5z", safest: "5z", margin: 338.3 }),
      "Push: White dragon is worth 338 more than folding (safest: White dragon).");
    // a hand that throws nothing yet (an outlook): going on with it against folding
    assert.equal(advice.verdictText({ fold: true, push: null, safest: "3z", margin: 660.7 }),
      "Fold: West is the safest; going on with the hand loses 661 expected.");
    assert.equal(advice.verdictText({ fold: false, push: null, safest: "1m", margin: 12 }),
      "Go on: the hand is worth 12 more than folding (safest: 1 man).");
    // what the figures assume says the table is counted
    const situation = /** @type {import("../../web/paili.mjs").AdviceSituation} */ (/** @type {unknown} */ (
      { riichi: "always", round_wind: "1z", seat_wind: "1z", dora: "" }));
    assert.ok(advice.assumptionsText(situation, 17, true).endsWith(
      " The other players are counted: a discard may deal in, each draw comes only if nobody has won before it, and the exhaustive draw pays tenpai and noten."));
    assert.ok(!advice.assumptionsText(situation, 17).includes("other players"));
  });
});
