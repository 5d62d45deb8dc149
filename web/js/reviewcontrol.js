// Game review's logic, without a DOM (review.js draws it; tests/js/reviewcontrol.test.js runs it under node on
// recorded engine answers): how a decision is graded, and the words of decisions, rounds and summaries.
//
// The engine lists a game at once (the api op "review" with `rounds: []`), then reviews every round in one
// request, handing each round to the page as it finishes it with the summary so far (the page adds nothing up).

import { percent, points } from "./chances.js";
import { t } from "./i18n.js";
import { kindOf, tileName } from "./tiles.js";

/**
 * @typedef {object} Decision  a decision of paili.review (docs/CONTRACT.md, review): a discard, or ("call") a
 *   tile another player threw that the seat could call
 * @property {"discard" | "forced" | "call"} kind
 * @property {number} step  the event's number in the round's replay
 * @property {number} turn  the seat's turn (巡目), by which the page numbers decisions
 * @property {string} hand  the 14-tile hand before the discard (a call's: the 13-tile hand), with its melds
 * @property {string} played  the tile thrown; a call's: "pass", "ron" or the meld made ("pon [555z]")
 * @property {string | null} best  null when not searched (a hand over the search's shanten)
 * @property {string} [offered]  a call's: the tile thrown by another player
 * @property {import("./callcontrol.js").Seat} [from]  a call's: who threw it
 * @property {import("./callcontrol.js").CallOption[]} [options]  a call's: call advice's options, best first
 * @property {string} visible
 * @property {string} dora
 * @property {number} turns
 * @property {import("../paili.mjs").AdviceDiscard[]} rows
 * @property {{ev: number | null, p_win: number | null} | null} loss  best minus played, at the last draw
 * @property {Record<string, {discards: string[], riichi: number | null, tedashi: number[], called: number[], melds: string[], passed: string[]}> | null} [opponents]
 *   the other players as the log showed them, when the review counted them
 * @property {string | null} [opponents_text]  the same in the text form (the analyzer's o=)
 */
/**
 * @typedef {{decisions: number, matched: number, calls: number, calls_matched: number, total_loss: number,
 *   largest_loss: {round: string, honba: number, step: number, turn: number, ev: number} | null}} Summary
 */
/**
 * @typedef {{winner: number, from: number, points: number}} Win  a win of a round: the winner's seat, the seat it
 *   won from (the winner on a self-draw), the winner's gain
 * @typedef {{kind: "win" | "draw" | "abort", text: string, deltas: number[], wins: Win[]}} RoundResult
 * @typedef {{round: string, honba: number, decisions: Decision[] | null, result: RoundResult}} RoundReview
 */
/** @typedef {{seat: number, players: string[], rounds: RoundReview[], summary: Summary}} Review  the JSON of paili.review */
/** @typedef {"best" | "close" | "costly" | "forced" | "unsearched"} Grade */

/** A move this close to the best, in expected points and in win chance, is "close" rather than "costly". */
export const CLOSE = { points: 100, pWin: 0.01 };


/**
 * How a decision compares to the best: "best" (the best kind, or a move that loses nothing), "close" (within
 * CLOSE), "costly"; "forced" after the seat's riichi, "unsearched" when the advisor did not search the position
 * (no best, or a hand too far from ready: its rows are ranked by tile count, without figures).
 * @param {Decision} d
 * @returns {Grade}
 */
export function grade(d) {
  if (d.kind === "forced") return "forced";
  if (d.best === null || !d.loss) return "unsearched";
  const { ev, p_win: pWin } = d.loss;
  if (d.kind === "call" ? d.played === d.best : kindOf(d.played) === kindOf(d.best)) return "best";
  if (ev === null && pWin === null) return "unsearched"; // ranked by tile count alone (over the search's shanten)
  if ((ev ?? 0) <= 0 && (pWin ?? 0) <= 0) return "best";
  if ((ev === null || ev <= CLOSE.points) && (pWin ?? 0) <= CLOSE.pWin) return "close";
  return "costly";
}

/**
 * The summary in words: how many discards matched the best, the points expected lost, the largest loss.
 * @param {Summary} s
 */
export function summaryText(s) {
  if (!s.decisions) return t("review.summary_none");
  const lines = [t("review.summary_matched", { matched: s.matched, decisions: s.decisions })];
  if (s.calls) lines.push(t("review.summary_calls", { matched: s.calls_matched, calls: s.calls }));
  lines.push(t("review.summary_lost", { points: points(s.total_loss) }));
  const largest = s.largest_loss;
  if (largest && largest.ev > 0) lines.push(t("review.summary_largest", { round: roundLabel(largest.round, largest.honba), turn: largest.turn, points: points(largest.ev) }));
  return lines.join(" ");
}

/**
 * A round as players write it: "S3", or "S3-1" with one honba.
 * @param {string} round
 * @param {number} honba
 */
export function roundLabel(round, honba) {
  return honba ? `${round}-${honba}` : round;
}

/**
 * A round's title: "E1", with its honba when there are any ("E1 · 1 honba").
 * @param {RoundReview} r
 */
export function roundTitle(r) {
  return r.honba ? t("review.round_honba", { round: r.round, honba: r.honba }) : r.round;
}

/**
 * How a round ended, in words: who won, how and how much ("South won by ron off West, +3,900"), or the draw.
 * @param {RoundResult} result
 * @param {string[]} players  the players' names (a seat without one is named by its number)
 */
export function resultText(result, players) {
  const name = (/** @type {number} */ seat) => players[seat] || t("review.seat_unnamed", { seat: seat + 1 });
  if (result.kind !== "win" || !result.wins.length) return t(`review.result_${result.kind}`);
  return result.wins.map((w) => w.winner === w.from
    ? t("review.result_tsumo", { winner: name(w.winner), points: points(w.points) })
    : t("review.result_ron", { winner: name(w.winner), from: name(w.from), points: points(w.points) })).join("; ");
}

/**
 * A decision in words: what was thrown, what was best and what it cost.
 * @param {Decision} d
 */
export function decisionText(d) {
  if (d.kind === "call") return callText(d);
  const played = tileName(d.played);
  switch (grade(d)) {
    case "forced":
      return t("review.decision_forced", { played });
    case "unsearched":
      return t("review.decision_unsearched", { played });
    case "best":
      return t("review.decision_best", { played });
    default: {
      const loss = d.loss ?? { ev: null, p_win: null };
      const cost = loss.ev !== null ? t("review.cost_points", { points: points(loss.ev) }) : t("review.cost_win", { win: percent(loss.p_win) });
      return t("review.decision_other", { played, best: tileName(d.best ?? d.played), cost });
    }
  }
}

/**
 * The address of the analyzer for a decision's position: its hand and the tiles its seat could see.
 * @param {Decision} d
 * @param {string} base  the analyzer's URL (the site's folder)
 */
export function analyzerUrl(d, base) {
  const url = new URL(base);
  url.searchParams.set("q", d.hand);
  if (d.visible) url.searchParams.set("v", d.visible);
  if (d.dora) url.searchParams.set("d", d.dora);
  if (d.opponents_text) url.searchParams.set("o", d.opponents_text); // their rivers are in them, not in v=
  return url.href;
}

/**
 * A call decision's name of an option: "pass", "ron" or "pon [555z]" in the language shown.
 * @param {string} key
 */
export function callKeyText(key) {
  const [call, meld] = key.split(" ");
  return t(`ui.call_${call}`, { meld: meld ?? "" });
}

/**
 * A call decision in words: who threw what, what the seat did, what was best and what it cost.
 * @param {Decision} d
 */
function callText(d) {
  const offered = tileName(d.offered ?? "");
  const who = t(`ui.calls_seat_${d.from ?? "left"}`);
  const played = callKeyText(d.played);
  const g = grade(d);
  if (g === "best" || g === "unsearched") return t("review.call_best", { who, offered, played });
  const loss = d.loss ?? { ev: null, p_win: null };
  const cost = loss.ev !== null ? t("review.cost_points", { points: points(loss.ev) }) : t("review.cost_win", { win: percent(loss.p_win) });
  return t("review.call_other", { who, offered, played, best: callKeyText(d.best ?? "pass"), cost });
}
