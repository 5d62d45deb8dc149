// Game review's logic (web/js/reviewcontrol.js): how a decision is graded against the best, how the rounds'
// summaries add up, and their words.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { CLOSE, analyzerUrl, decisionText, grade, resultText, summaryText } from "../../web/js/reviewcontrol.js";
import { useLanguage } from "./catalogs.js";

/** @typedef {import("../../web/js/reviewcontrol.js").Decision} Decision */

useLanguage("en");

/**
 * A decision with what grade() reads.
 * @param {Partial<Decision>} parts
 * @returns {Decision}
 */
function decision(parts) {
  return { kind: "discard", step: 7, turn: 4, hand: "123m456p789s11345z", played: "3z", best: "4z", visible: "", dora: "1m", turns: 17, rows: [], loss: { ev: 0, p_win: 0 }, ...parts };
}

describe("grade", () => {
  it("grades the best kind as best (a red five is a five), and a move that loses nothing", () => {
    assert.equal(grade(decision({ played: "0m", best: "5m", loss: { ev: 10, p_win: 0.02 } })), "best");
    assert.equal(grade(decision({ loss: { ev: 0, p_win: 0 } })), "best");
  });

  it("grades within CLOSE as close, beyond it as costly, in points or in win chance", () => {
    assert.equal(grade(decision({ loss: { ev: CLOSE.points, p_win: CLOSE.pWin } })), "close");
    assert.equal(grade(decision({ loss: { ev: CLOSE.points + 1, p_win: 0 } })), "costly");
    assert.equal(grade(decision({ loss: { ev: 0, p_win: CLOSE.pWin + 0.001 } })), "costly");
    assert.equal(grade(decision({ loss: { ev: null, p_win: 0.005 } })), "close"); // no points (sanma): the chance alone
  });

  it("grades forced and unsearched positions apart", () => {
    assert.equal(grade(decision({ kind: "forced", best: null, loss: null })), "forced");
    assert.equal(grade(decision({ best: null, loss: null })), "unsearched");
    assert.equal(grade(decision({ loss: { ev: null, p_win: null } })), "unsearched");
  });
});

describe("summaries", () => {
  it("say the engine's figures, the costliest by its round, honba and turn", () => {
    const s = { decisions: 7, matched: 3, calls: 0, calls_matched: 0, total_loss: 620, largest_loss: { round: "S3", honba: 1, step: 5, turn: 3, ev: 450 } };
    assert.equal(summaryText(s), "3 of 7 discards were the best or as good. 620 points expected lost in all. The costliest: S3-1, turn 3 (450 points).");
    assert.equal(summaryText({ ...s, largest_loss: { round: "E2", honba: 0, step: 9, turn: 4, ev: 100 } }).endsWith("The costliest: E2, turn 4 (100 points)."), true);
    assert.equal(summaryText({ decisions: 0, matched: 0, calls: 0, calls_matched: 0, total_loss: 0, largest_loss: null }), "No discard was searched yet.");
  });
});

describe("words and links", () => {
  it("say what was thrown, what was best and what it cost", () => {
    assert.equal(decisionText(decision({ loss: { ev: 450, p_win: 0.04 } })), "threw West; best was North (−450 points expected)");
    assert.equal(decisionText(decision({ loss: { ev: null, p_win: 0.04 } })), "threw West; best was North (−4.0% win chance)");
    assert.equal(decisionText(decision({ kind: "forced", best: null, loss: null })), "threw West (after riichi: no choice)");
  });

  it("open the position in the analyzer with what the seat could see", () => {
    const url = new URL(analyzerUrl(decision({ visible: "1z2z", hand: "123m456p789s11345z [555z]" }), "https://example.org/paili/"));
    assert.equal(url.pathname, "/paili/");
    assert.equal(url.searchParams.get("q"), "123m456p789s11345z [555z]");
    assert.equal(url.searchParams.get("v"), "1z2z");
    assert.equal(url.searchParams.get("d"), "1m");
  });
});

describe("call decisions", () => {
  it("grade the option played against the best, and say who threw what", () => {
    const call = decision({ kind: "call", hand: "23m456p789s11556z", offered: "5z", from: "across", played: "pass", best: "pon [555z]", loss: { ev: 450, p_win: 0.02 } });
    assert.equal(grade(call), "costly");
    assert.equal(decisionText(call), "Across threw White dragon: Pass; best was Pon [555z] (−450 points expected)");
    const same = { ...call, played: "pon [555z]", loss: { ev: 0, p_win: 0 } };
    assert.equal(grade(same), "best");
    assert.equal(decisionText(same), "Across threw White dragon: Pon [555z], the best");
  });

  it("count into the summary beside the discards", () => {
    const s = { decisions: 4, matched: 2, calls: 3, calls_matched: 1, total_loss: 10, largest_loss: null };
    assert.equal(summaryText(s), "2 of 4 discards were the best or as good. 1 of 3 tiles you could call were handled best. 10 points expected lost in all.");
  });
});

describe("round results", () => {
  it("say who won, how and how much, or how the round was drawn", () => {
    const players = ["Aoi", "", "Chen", "Dara"];
    assert.equal(resultText({ kind: "win", text: "和了", deltas: [-3900, 3900, 0, 0], wins: [{ winner: 1, from: 0, points: 3900 }] }, players), "Seat 2 won by ron off Aoi, +3,900");
    assert.equal(resultText({ kind: "win", text: "和了", deltas: [-1000, -1000, 4000, -2000], wins: [{ winner: 2, from: 2, points: 4000 }] }, players), "Chen won by self-draw, +4,000");
    assert.equal(resultText({ kind: "draw", text: "流局", deltas: [1500, -1500, 1500, -1500], wins: [] }, players), "exhaustive draw");
    const double = { kind: /** @type {const} */ ("win"), text: "和了", deltas: [], wins: [{ winner: 1, from: 0, points: 2000 }, { winner: 3, from: 0, points: 8000 }] };
    assert.equal(resultText(double, players), "Seat 2 won by ron off Aoi, +2,000; Dara won by ron off Aoi, +8,000");
  });
});
