// The Score panel's logic (web/js/scorecontrol.js) without a DOM: a fake view records what would be drawn, the
// engine is the page's client answering the engine's recorded answers (fake_engine.js).
import assert from "node:assert/strict";
import { beforeEach, describe, it } from "node:test";

import * as score from "../../web/js/scorecontrol.js";
import { useLanguage } from "./catalogs.js";
import { fixtureEngine, recorded } from "./fake_engine.js";

/** @typedef {import("../../web/paili.mjs").Analysis} Analysis */

useLanguage("en");

const WIN = "123m456p789s11122z";
const TENPAI = "123m456p789s1122z";

/** @param {string} hand @returns {Analysis} */
function analysis(hand) {
  return /** @type {Analysis} */ (recorded({ op: "analyze", hand, melds: null, visible: "", rules: "riichi", void: null }).result);
}

function fakeView() {
  /** @type {[string, ...unknown[]][]} */
  const calls = [];
  /** @type {import("../../web/js/scorecontrol.js").ScoreView} */
  const view = {
    running: () => calls.push(["running"]),
    scored: (s, situation, _result, values) => calls.push(["scored", values, situation.tsumo, "yaku" in s ? s.yaku.map((y) => y.id) : s.fans.map((f) => f.id)]),
    waits: (waits) => calls.push(["waits", waits.map((w) => [w.tile, w.ron?.points ?? null, w.tsumo?.points ?? null])]),
    failed: (place, mode) => calls.push(["failed", place, mode]),
  };
  return { view, calls };
}

/** @type {Awaited<ReturnType<typeof fixtureEngine>>} */
let fx;
/** @type {ReturnType<typeof fakeView>} */
let v;
/** @type {{state: import("../../web/js/scorecontrol.js").ScoreState, engine: () => any, view: import("../../web/js/scorecontrol.js").ScoreView}} */
let c;

beforeEach(async () => {
  fx = await fixtureEngine();
  v = fakeView();
  c = { state: score.initialScore(), engine: () => fx.engine, view: v.view };
});

describe("a win", () => {
  it("is scored with the last tile typed as the winning tile, and the points drawn", async () => {
    assert.equal(score.showHand(c.state, analysis(WIN), { typed: WIN, entered: null }), "win");
    assert.equal(c.state.situation.win, "2z");
    assert.equal(c.state.winIndex, analysis(WIN).concealed.lastIndexOf("2z"));
    const done = score.update(c);
    assert.deepEqual(fx.worker.asked, [{ op: "score", payload: { hand: WIN, win: "2z", tsumo: false, round_wind: "1z",
      seat_wind: "1z", riichi: 0, ippatsu: false, last_tile: false, rinshan: false, chankan: false, blessing: false,
      dora: "", ura: "", honba: 0, riichi_sticks: 0 } }]);
    await fx.release("score");
    await done;
    const answer = /** @type {any} */ (recorded({ op: "score", hand: WIN, win: "2z", tsumo: false, round_wind: "1z",
      seat_wind: "1z", riichi: 0, ippatsu: false, last_tile: false, rinshan: false, chankan: false, blessing: false,
      dora: "", ura: "", honba: 0, riichi_sticks: 0 })).result;
    assert.deepEqual(v.calls, [["running"], ["scored", { han: String(answer.han), fu: String(answer.fu),
      points: String(answer.points), total: String(answer.total), noYaku: "false" }, false, answer.yaku.map((/** @type {any} */ y) => y.id)]]);
    assert.deepEqual(v.calls[1][1], { han: "2", fu: "40", points: "3900", total: "3900", noYaku: "false" }); // East seat and round: the recorded score
  });

  it("drops the answer of a situation changed since, and draws the newest", async () => {
    score.showHand(c.state, analysis(WIN), { typed: WIN, entered: null });
    score.update(c);
    c.state.situation = { ...c.state.situation, tsumo: true };
    const newest = score.update(c);
    await fx.release("score"); // the ron answer, come late
    await fx.release("score");
    await newest;
    const drawn = v.calls.filter(([name]) => name === "scored");
    assert.equal(drawn.length, 1);
    assert.equal(drawn[0][2], true); // tsumo
    assert.deepEqual(drawn[0][3], ["menzen_tsumo", "round_wind", "seat_wind"]);
  });

  it("drops an answer once the panel is cleared", async () => {
    score.showHand(c.state, analysis(WIN), { typed: WIN, entered: null });
    score.update(c);
    score.clearHand(c.state);
    await fx.release("score");
    assert.deepEqual(v.calls, [["running"]]);
  });

  it("shows an error at the part it names, in the player's words; at the panel when the part is hidden", async () => {
    score.showHand(c.state, analysis(WIN), { typed: WIN, entered: null });
    c.state.situation = { ...c.state.situation, dora: "9x" };
    const done = score.update(c);
    await fx.release("score");
    await done;
    assert.deepEqual(v.calls.at(-1), ["failed", { part: "dora",
      message: "expected a digit or a suit letter (m, p, s or z), got 'x' at character 2" }, "win"]);
    assert.deepEqual(score.errorPlace(c.state, { field: "ura", code: "notation.unexpected", message: "m",
      params: { expected: "digit", got: "x", position: 1 } }).part, null); // no riichi: the ura part is hidden
    assert.equal(score.errorPlace(c.state, { field: "ura", message: "bad" }).message, "ura: bad"); // naming the part
  });

  it("keeps the winning tile picked for the same hand, and the address's for the first hand after it", () => {
    score.showHand(c.state, analysis(WIN), { typed: WIN, entered: null });
    score.pickWin(c.state, 0);
    score.showHand(c.state, analysis(WIN), { typed: WIN, entered: null });
    assert.equal(c.state.situation.win, "1m");
    assert.equal(c.state.winIndex, 0);
    score.clearHand(c.state);
    score.readParams(c.state, new URLSearchParams("q=123m456p789s11122z&w=9s"));
    score.showHand(c.state, analysis(WIN), { typed: WIN, entered: null });
    assert.equal(c.state.situation.win, "9s");
    const params = new URLSearchParams(`q=${WIN}`);
    score.writeParams(c.state, params);
    assert.equal(params.get("w"), "9s");
    score.pickWin(c.state, analysis(WIN).concealed.lastIndexOf("2z"));
    score.writeParams(c.state, params);
    assert.equal(params.get("w"), null); // the typed hand's last tile goes without saying
  });

  it("says what the form shows: the labels that follow the situation, the winning tile pressed", () => {
    score.showHand(c.state, analysis(WIN), { typed: WIN, entered: "1m" });
    const form = score.formModel(c.state);
    assert.equal(form.lastTile, "Houtei: won on the last discard");
    assert.equal(form.blessing, "Tenhou: the dealer won on the first draw");
    assert.deepEqual(form.winTiles.filter((w) => w.pressed).map((w) => w.code), ["1m"]);
    assert.equal(form.north, true);
    assert.equal(form.applies.ura, false);
    c.state.situation = { ...c.state.situation, tsumo: true, seat_wind: "2z", riichi: 1 };
    const after = score.formModel(c.state);
    assert.equal(after.lastTile, "Haitei: won on the last tile drawn");
    assert.equal(after.blessing, "Chiihou: won on the first draw, before any call");
    assert.equal(after.applies.ura, true);
  });
});

/** What the recorded answer says each wait is worth, [tile, by ron, by tsumo] (dealer, East round). */
const WAITS_WORTH = [["1z", 3900, 6000], ["2z", 0, 2100]]; // 1z a double East triplet; 2z by ron: no yaku

describe("a tenpai hand's waits", () => {
  it("are priced by ron and tsumo", async () => {
    assert.equal(score.showHand(c.state, analysis(TENPAI), { typed: TENPAI, entered: null }), "waits");
    const done = score.update(c);
    assert.equal(fx.worker.asked[0].op, "score_waits");
    await fx.release("score_waits");
    await done;
    assert.deepEqual(v.calls, [["running"], ["waits", WAITS_WORTH]]);
  });

  it("is nothing to score for a hand that is neither a win nor tenpai", () => {
    assert.equal(score.showHand(c.state, analysis("123m2455679p78s11z"), { typed: "", entered: null }), null);
  });
});
