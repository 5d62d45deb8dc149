// Call advice's logic, without a DOM (calls.js draws it; tests/js/callcontrol.test.js runs it under node against
// recorded engine answers): which thrown tiles a 13-tile hand could call, what the engine is asked
// (paili.call_advice through the api op "call_advice"), and the verdict and rows its answer reads as.
//
// The engine's model (docs/ADVICE.md, "Calls"): passing keeps the hand's own draws; a call takes the thrown tile
// in place of a draw and is followed at once by its best discard; an open hand cannot riichi and a win without a
// yaku counts nothing. Its options come best first by the objective at the last draw.

import { DEFAULT_MAX_SHANTEN, DEFAULT_TURNS, baseOf, verdictText } from "./advicecontrol.js";
import { percent, points } from "./chances.js";
import { t } from "./i18n.js";
import { kindOf, tileName } from "./tiles.js";

/** @typedef {import("../paili.mjs").Analysis} Analysis */
/** @typedef {"left" | "across" | "right"} Seat  who threw the tile: the player before you (the only one a chi may come from), across, after you */
/**
 * @typedef {object} CallOption  an option of paili.call_advice (docs/CONTRACT.md, call_advice)
 * @property {"pass" | "ron" | "chi" | "pon" | "kan"} call
 * @property {string | null} meld  the meld the call makes ("[234m]"); null for pass and ron
 * @property {string | null} discard  the best discard after the call (null for pass and ron)
 * @property {number} shanten
 * @property {number[]} p_tenpai
 * @property {number[]} p_win
 * @property {number[] | null} ev  null where the rule set has no points (sanma, Sichuan)
 * @property {boolean | null} yaku  a win it can reach has a yaku (null: not scored)
 * @property {import("../paili.mjs").AdviceDiscard[]} rows  the discard table after the call, best first
 * @property {{points: number} | null} score  a ron's score
 */
/**
 * @typedef {{offered: string, seat: Seat, options: CallOption[], no_calls?: "riichi" | "void" | null,
 *   verdict?: {fold: boolean, push: string | null, safest: string | null, margin: number}}} CallAdvice
 *   the JSON of paili.call_advice (`no_calls`: why no chi, pon or kan is offered though the hand could make one;
 *   `verdict`, with opponents: the best option against passing and folding)
 */
/**
 * @typedef {object} CallRow  an option as its row shows it
 * @property {CallOption} option
 * @property {string} key  the option as the review names it: "pass", "ron", "pon [555z]"
 * @property {string} label  "Chi [234m]", "Pass"...
 * @property {string} pWin  the chance to win within the draws
 * @property {string} ev  the expected points ("—" without points)
 * @property {string} delta  against passing, in the figure that ranks ("+57", "−3.1%"); "" for passing itself
 * @property {string | null} after  the hand after the call and its best discard (null for pass and ron)
 * @property {boolean} best
 */

/** The seats a tile may come from, the player before you first. */
export const SEATS = /** @type {const} */ (["left", "across", "right"]);

/** The rule sets that allow a chi (sanma and Sichuan have none). */
const CHI_RULES = new Set(["riichi", "gb"]);


/** The order of kinds: man, pin, sou by number, then the honors. @param {string} code */
const order = (code) => "mpsz".indexOf(code[1]) * 10 + Number(code[0]);

/**
 * The kinds a thrown tile could be called as, for a 3n+1 hand: its waits (ron, when a yaku allows), a kind it
 * holds two or three of (pon, kan) and, from the player before you under a rule set with chi, a suited kind
 * that makes a sequence with two kinds it holds. The engine decides what each allows; a kind left out could
 * only be passed.
 * @param {Analysis} result
 * @param {Seat} seat
 * @returns {string[]}
 */
export function callableTiles(result, seat) {
  /** @type {Map<string, number>} */
  const held = new Map();
  for (const code of result.concealed) held.set(kindOf(code), (held.get(kindOf(code)) ?? 0) + 1);
  const kinds = new Set((result.waits ?? []).map((w) => w.tile));
  for (const [kind, count] of held) if (count >= 2) kinds.add(kind);
  if (seat === "left" && CHI_RULES.has(result.rules ?? "riichi")) {
    for (const suit of "mps") {
      const has = (/** @type {number} */ n) => n >= 1 && n <= 9 && held.has(`${n}${suit}`);
      for (let n = 1; n <= 9; n++) {
        if ((has(n - 2) && has(n - 1)) || (has(n - 1) && has(n + 1)) || (has(n + 1) && has(n + 2))) kinds.add(`${n}${suit}`);
      }
    }
  }
  return [...kinds].sort((a, b) => order(a) - order(b));
}

/**
 * The request of a call: the hand as it was analysed, the tile, the seat, and the advice panel's default draws.
 * @param {Analysis} result
 * @param {string} visible
 * @param {string} offered
 * @param {Seat} seat
 * @param {"always" | "dama"} [riichi]  the pass line's policy: "dama" keeps a closed tenpai hand out of riichi
 * @param {string} [opponents]  the Opponents panel's text form ("" for none): the options then count the table
 */
export function requestOf(result, visible, offered, seat, riichi = "always", opponents = "") {
  return { ...baseOf(result, visible), offered, seat, turns: DEFAULT_TURNS, max_shanten: DEFAULT_MAX_SHANTEN, objective: "ev",
    ...(riichi === "dama" ? { riichi } : {}), ...(opponents ? { opponents } : {}) };
}

/**
 * An option's name: "Pass", "Ron", "Chi [234m]", "Pon [444m]", "Kan [4444m]".
 * @param {CallOption} option
 */
export function optionLabel(option) {
  return t(`ui.call_${option.call}`, { meld: option.meld ?? "" });
}

/**
 * The verdict and the rows of an answer: each option's chance to win and expected points at the last draw,
 * and its difference to passing in the figure that ranks them (points where the rule set has them, else the
 * chance to win).
 * @param {CallAdvice} advice
 * @returns {{verdict: string, rows: CallRow[], scored: boolean, reason: string, fold: string}}  `reason`: why no
 *   call is offered though the hand could make one (a waiting hand in riichi; Sichuan's given-up suit), or "";
 *   `fold`: with opponents, the best option against passing and folding in one line, or ""
 */
export function callLines(advice) {
  const { options } = advice;
  const last = (/** @type {number[] | null} */ values) => (values ? values[values.length - 1] : null);
  const scored = options.every((o) => o.ev !== null);
  const figure = (/** @type {CallOption} */ o) => (scored ? last(o.ev) : last(o.p_win)) ?? 0;
  const pass = options.find((o) => o.call === "pass");
  const base = pass ? figure(pass) : 0;
  /** @param {number} d */
  const signed = (d) => {
    const text = scored ? points(Math.abs(d)) : percent(Math.abs(d));
    return `${d < 0 ? "−" : "+"}${text}`;
  };
  const rows = options.map((option, index) => ({
    option,
    key: option.meld ? `${option.call} ${option.meld}` : option.call,
    label: optionLabel(option),
    pWin: percent(last(option.p_win)),
    ev: points(last(option.ev)),
    delta: option.call === "pass" ? "" : signed(figure(option) - base),
    after: option.rows[0]?.after ?? null,
    best: index === 0,
  }));
  const best = rows[0];
  /** @type {string} */
  let verdict;
  // a call that wins more often than passing, though passing is best: points decided (a call opens the hand)
  const oftener = rows.find((row) => row.option.call !== "pass" && row.option.call !== "ron" && pass
    && (last(row.option.p_win) ?? 0) > (last(pass.p_win) ?? 0));
  if (!best) verdict = "";
  else if (best.option.call === "pass" && oftener && scored && pass) {
    verdict = t("ui.calls_verdict_pass_points", { tile: tileName(advice.offered), call: oftener.label, win: oftener.pWin, pass_win: percent(last(pass.p_win)) });
  } else if (best.option.call === "pass") verdict = t("ui.calls_verdict_pass", { tile: tileName(advice.offered) });
  else if (best.option.call === "ron") verdict = t("ui.calls_verdict_ron", { points: points(best.option.score?.points ?? null) });
  else {
    verdict = t("ui.calls_verdict_call", { call: best.label, tile: tileName(best.option.discard ?? ""), delta: best.delta });
  }
  const reason = advice.no_calls ? t(`ui.calls_no_calls_${advice.no_calls}`) : "";
  const fold = advice.verdict ? verdictText(advice.verdict) : ""; // with opponents: going on or folding
  return { verdict, rows, scored, reason, fold };
}
