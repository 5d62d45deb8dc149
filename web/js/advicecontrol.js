// The advice's logic, without the DOM: what the engine is asked for the hand on screen (the advice of a 3n+2
// hand's discard table, then its improvements; the outlook of a tenpai 3n+1 hand's waits list), in which order,
// what becomes of each answer (kept; drawn when its hand is still the one on screen; a stale one dropped), the
// errors in the players' words, and the words and figures drawn. Every function works on a Control: the state
// (one plain value, below), the engine client and a view, the few drawing calls advice.js makes on the DOM
// (tests/js/advicecontrol.test.js gives it a fake view and an engine that answers recorded answers).

import { EngineError } from "../paili.mjs";
import { MAX_TURNS, duration, parseTurns, percent, points } from "./chances.js";
import { t, translator } from "./i18n.js";
import { handText, meldTexts } from "./render.js";
import { tileName } from "./tiles.js";

/** @typedef {import("../paili.mjs").Advice} Advice */
/** @typedef {import("../paili.mjs").AdviceDiscard} AdviceDiscard */
/** @typedef {import("../paili.mjs").Analysis} Analysis */
/** @typedef {import("../paili.mjs").Discard} Discard */
/** @typedef {import("../paili.mjs").Outlook} Outlook */
/** @typedef {import("../paili.mjs").PailiEngine} PailiEngine */
/** @typedef {"count" | "p_win" | "p_tenpai" | "ev"} SortKey  what orders the rows ("count": Tenhou's order) */

export const DEFAULT_TURNS = 17;
/** The engine's highest max_shanten (paili.advice.MAX_SHANTEN_LIMIT): "compute them too" asks for it. */
export const MAX_SHANTEN_LIMIT = 4;
/** The max_shanten of a new hand's advice (the engine's note says when worse discards were left out). */
export const DEFAULT_MAX_SHANTEN = 2;

/**
 * @typedef {{hand: string, melds: string[], visible: string, rules: import("../paili.mjs").Rules, void?: "m" | "p" | "s"}} Base
 *   a hand as it was analysed
 */
/** @typedef {Base & {turns: number, tegawari: boolean, shanten_down: boolean, max_shanten: number, opponents?: string}} Payload */
/**
 * @typedef {{turns: string, tegawari: boolean, shanten_down: boolean, opponents?: string}} Options  the panel's
 *   controls, as read, and the opponents' text form ("" or absent: none; the page's Opponents field)
 */
/**
 * @typedef {object} Screen  the hand on screen
 * @property {string} key  its text
 * @property {Base} base
 * @property {boolean} waits  a tenpai 3n+1 hand's waits list (its outlook), else a discard table (its advice)
 * @property {Discard[]} discards  the table's rows
 * @property {string} signature  the request its figures are for, once asked
 * @property {boolean} ready  the table holds its advice
 */
/**
 * @typedef {object} AdviceState
 * @property {Screen | null} screen
 * @property {Options} options
 * @property {number} maxShanten
 * @property {{key: SortKey, descending: boolean}} sort
 * @property {{signature: string, advice: Advice, payload: Payload} | null} last  the last advice computed (asked
 *   for without its improvements: they are filled into it when they come)
 * @property {{signature: string, outlook: Outlook} | null} lastOutlook  the last outlook computed
 * @property {{signature: string, job: AbortController} | null} running  the search running, and what it computes
 * @property {AbortController | null} improving  the request for the improvements of `last`
 */
/**
 * @typedef {object} OutlookLines  what a waits list shows of an outlook
 * @property {{tile: string, pWin: number, text: string}[]} waits  beside each wait: its chance to be the winning draw
 * @property {{pWin: number, ev: number | null, text: string} | null} total  the hand's, above the list
 * @property {string} assumes  what the figures assume (assumptionsText)
 * @property {string} verdict  with opponents: going on with the hand or folding, in one line ("" without)
 */
/**
 * @typedef {object} AdviceView  the drawing calls (advice.js on the DOM; a fake in the tests)
 * @property {(state: "pending" | "ready" | "none") => void} setState  <html data-advice>
 * @property {(text: string) => void} status  the status line
 * @property {(busy: boolean) => void} busy  the table or waits list is being computed (aria-busy)
 * @property {(valid: boolean) => void} turnsValid  the draws field
 * @property {(advice: Advice, lines: {status: string, more: boolean, assumes: string, verdict: string}) => void} drawAdvice
 *   fill the table (its rows sorted, its open details), the status line, whether to offer the discards left out,
 *   the line that says what the figures assume, and with opponents the push-or-fold line ("" without)
 * @property {(lines: OutlookLines) => void} drawOutlook  fill the waits list
 * @property {(state: "pending" | "ready") => void} improvements  the table's improvements are asked / came
 */
/** @typedef {{state: AdviceState, engine: () => PailiEngine | null, view: AdviceView}} Control */

/** @returns {AdviceState} */
export function initialState() {
  return {
    screen: null,
    options: { turns: String(DEFAULT_TURNS), tegawari: false, shanten_down: false, opponents: "" },
    maxShanten: DEFAULT_MAX_SHANTEN,
    sort: { key: "ev", descending: true },
    last: null,
    lastOutlook: null,
    running: null,
    improving: null,
  };
}

/**
 * What the engine is asked about a hand as it was analysed: its tiles, melds and norths set aside, the visible
 * tiles, its rule set, and a Sichuan suit given up when one was fixed.
 * @param {Analysis} result
 * @param {string} visible
 * @returns {Base}
 */
export function baseOf(result, visible) {
  const fixed = result.void?.fixed ? { void: /** @type {"m" | "p" | "s"} */ (result.void.suits) } : {};
  return { hand: result.hand, melds: meldTexts(result), visible, rules: result.rules ?? "riichi", ...fixed };
}

/**
 * What the engine is asked for a hand under the panel's options, and the request's signature (a table's
 * advice and a waits list's outlook differ by `waits`).
 * @param {Base} base
 * @param {Options} options
 * @param {boolean} waits
 * @param {number} draws
 * @param {number} shanten  max_shanten
 */
export function requestOf(base, options, waits, draws, shanten) {
  /** @type {Payload} */
  const payload = { ...base, turns: draws, tegawari: options.tegawari, shanten_down: options.shanten_down, max_shanten: shanten,
    ...(options.opponents ? { opponents: options.opponents } : {}) };
  return { payload, signature: JSON.stringify({ ...payload, waits }) };
}

/**
 * The sort after a click on a column's header: that column, best first; again, the other way.
 * @param {{key: SortKey, descending: boolean}} sort
 * @param {SortKey} key
 */
export function nextSort(sort, key) {
  return { key, descending: sort.key === key ? !sort.descending : true };
}

/**
 * The lines of a tenpai hand's outlook: each wait's chance to be the winning draw, the hand's chance (and
 * expected points) within the draws.
 * @param {Outlook} outlook
 * @returns {OutlookLines}
 */
export function outlookLines(outlook) {
  const n = outlook.turns;
  const waits = outlook.waits.map((wait) => {
    const pWin = wait.p_win[n - 1];
    return { tile: wait.tile, pWin, text: t("ui.wait_chance", { percent: percent(pWin) }) };
  });
  const assumes = assumptionsText(outlook.situation, n, Boolean(outlook.verdict));
  const verdict = outlook.verdict ? verdictText(outlook.verdict) : "";
  if (!outlook.p_win) return { waits, total: null, assumes, verdict };
  const pWin = outlook.p_win[n - 1];
  const ev = outlook.ev ? outlook.ev[n - 1] : null;
  const text = ev !== null
    ? t("ui.outlook_total_ev", { count: n, win: percent(pWin), points: points(ev) })
    : t("ui.outlook_total", { count: n, win: percent(pWin) });
  return { waits, total: { pWin, ev, text }, assumes, verdict };
}

/**
 * A discard of the table on screen (its place in the engine's order), and its advice once the table holds it.
 * @param {AdviceState} state
 * @param {number} order
 * @returns {{discard: Discard, advised: AdviceDiscard | null} | null}
 */
export function detailsOf(state, order) {
  const discard = state.screen?.discards[order];
  if (!state.screen || !discard) return null;
  const advised = state.last && state.screen.ready ? state.last.advice.discards.find((d) => d.tile === discard.tile) ?? null : null;
  return { discard, advised };
}

/** The searches running stop (the hand changed). @param {Control} c */
export function cancel(c) {
  c.state.running?.job.abort();
  c.state.running = null;
  c.state.improving?.abort();
  c.state.improving = null;
}

/**
 * Ask for the improvements of the advice drawn (`last`), unless they are there or asked for already; when they
 * come they go into `last.advice`, and the table on screen is told if they are its own.
 * @param {Control} c
 */
export async function fetchImprovements(c) {
  const { state } = c;
  const ready = c.engine();
  const asked = state.last;
  if (!ready || !asked || state.improving || asked.advice.discards.every((d) => d.improvements)) return;
  const job = new AbortController();
  state.improving = job;
  if (state.screen && !state.screen.waits) c.view.improvements("pending");
  try {
    const answer = await ready.improvements(asked.payload.hand, { ...asked.payload, signal: job.signal });
    if (state.improving !== job) return;
    state.improving = null;
    const byTile = new Map(answer.discards.map((d) => [d.tile, d.improvements]));
    for (const d of asked.advice.discards) d.improvements = byTile.get(d.tile) ?? d.improvements;
    if (state.last !== asked || !state.screen || state.screen.waits || state.screen.signature !== asked.signature) return;
    c.view.improvements("ready");
  } catch (error) {
    if (!(error instanceof EngineError)) throw error;
    if (state.improving === job) state.improving = null;
    // Cancelled: a newer request wants the worker; any other error was the advice's too (the same inputs)
  }
}

/**
 * Push or fold in one line (an answer with opponents): which line is worth more at the last draw, and by how much;
 * for a hand that throws nothing yet (an outlook, a call: `push` null), going on with it or folding.
 * @param {{fold: boolean, push: string | null, safest: string | null, margin: number}} verdict
 */
export function verdictText(verdict) {
  const name = (/** @type {string | null} */ code) => (code ? tileName(code) : "—");
  const names = { push: name(verdict.push), safest: name(verdict.safest), points: points(verdict.margin) };
  if (verdict.push === null) return t(verdict.fold ? "ui.verdict_hold_fold" : "ui.verdict_hold_push", names);
  return t(verdict.fold ? "ui.verdict_fold" : "ui.verdict_push", names);
}

/**
 * The opponents changed (their text form, "" for none): the advice is asked again with them.
 * @param {Control} c
 * @param {string} opponents
 */
export function setOpponents(c, opponents) {
  if (c.state.options.opponents === opponents) return Promise.resolve();
  c.state.options = { ...c.state.options, opponents };
  return c.state.screen ? request(c) : Promise.resolve();
}

/**
 * What the figures assume, in words, from the situation the engine used (an advice's or an outlook's): self-draws
 * within the draws left, the riichi policy, the winds, the dora indicators; under GB its payments; unscored rule
 * sets the chances alone.
 * @param {import("../paili.mjs").AdviceSituation | null} situation
 * @param {number} turns
 * @param {boolean} [table]  the other players were counted (an answer with opponents): said in one more sentence
 */
export function assumptionsText(situation, turns, table = false) {
  const others = table ? ` ${t("ui.assumes_table")}` : "";
  if (!situation) return t("ui.assumes_unscored", { turns }) + others;
  const winds = { round: tileName(situation.round_wind), seat: tileName(situation.seat_wind) };
  if (/** @type {unknown} */ (situation.rules) === "gb") return t("ui.assumes_gb", { turns, ...winds });
  const dora = situation.dora ? (situation.dora.match(/\d[mpsz]/g) ?? []).map(tileName).join(", ") : t("ui.assumes_no_dora");
  return t("ui.assumes", { turns, riichi: t(`ui.assumes_riichi_${situation.riichi}`), ...winds, dora }) + others;
}

/**
 * Fill the table on screen with an advice, then ask for its improvements.
 * @param {Control} c
 * @param {Advice} advice
 */
function draw(c, advice) {
  const screen = c.state.screen;
  if (!screen || screen.waits) return;
  performance.mark("paili:draw advice");
  screen.ready = true;
  c.view.drawAdvice(advice, {
    status: advice.note ? t("ui.advice_note", { max: advice.options.max_shanten }) : "",
    verdict: advice.verdict ? verdictText(advice.verdict) : "",
    more: Boolean(advice.note) && advice.options.max_shanten < MAX_SHANTEN_LIMIT,
    assumes: assumptionsText(advice.situation, advice.turns, Boolean(advice.verdict)),
  });
  c.view.setState("ready");
  fetchImprovements(c);
}

/**
 * Fill the waits list on screen with an outlook.
 * @param {Control} c
 * @param {Outlook} outlook
 */
function drawOutlook(c, outlook) {
  if (!c.state.screen?.waits) return;
  c.view.drawOutlook(outlookLines(outlook));
  c.view.status("");
  c.view.setState("ready");
}

/**
 * Ask the engine (the advice, or a waits list's outlook); its answer is kept, and drawn if its hand is the one
 * on screen by then (a search may start before its table is drawn: see prefetch). An answer that a newer
 * search replaced is dropped; an error is said in the status line.
 * @param {Control} c
 * @param {PailiEngine} ready
 * @param {Payload} payload
 * @param {string} signature
 * @param {boolean} waits
 */
export async function run(c, ready, payload, signature, waits) {
  const { state } = c;
  const job = new AbortController();
  state.running = { signature, job };
  const started = performance.now();
  /** The answer is for the hand on screen (with the options of the panel). */
  const shown = () => state.screen !== null && state.screen.signature === signature;
  try {
    if (waits) {
      const outlook = await ready.outlook(payload.hand, { ...payload, signal: job.signal });
      if (state.running?.job !== job) return;
      state.running = null;
      state.lastOutlook = { signature, outlook };
      if (shown()) drawOutlook(c, outlook);
      return;
    }
    // the improvements (shown only in a row's details) come after, in a quick request of their own
    const advice = await ready.advise(payload.hand, { ...payload, improvements: false, signal: job.signal });
    if (state.running?.job !== job) return;
    state.running = null;
    state.last = { signature, advice, payload };
    if (!shown()) return;
    draw(c, advice);
    if (!advice.note) c.view.status(t("ui.advice_computed", { duration: duration(performance.now() - started) }));
  } catch (error) {
    if (!(error instanceof EngineError)) throw error; // the engine rejects with nothing else
    if (error.type === "Cancelled" || state.running?.job !== job) return;
    state.running = null;
    if (!shown()) return;
    c.view.status(t("ui.advice_failed", { detail: translator().error(error) }));
    c.view.busy(false);
    c.view.setState("none");
  }
}

/**
 * Fill in the hand on screen: from the last answer when it is for the same request, else ask the engine (or
 * wait for the search running, when it computes the same). Resolves when the answer asked for is drawn.
 * @param {Control} c
 * @returns {Promise<void>}
 */
export async function request(c) {
  const { state, view } = c;
  const screen = state.screen;
  if (!screen) return cancel(c);
  const draws = parseTurns(state.options.turns);
  view.turnsValid(draws !== null);
  if (draws === null) {
    view.status(t("ui.advice_bad_draws", { max: MAX_TURNS }));
    view.setState("none");
    return;
  }
  const { payload, signature } = requestOf(screen.base, state.options, screen.waits, draws, state.maxShanten);
  screen.signature = signature;
  if (state.running?.signature !== signature) {
    cancel(c);
    if (screen.waits && state.lastOutlook?.signature === signature) return drawOutlook(c, state.lastOutlook.outlook);
    if (!screen.waits && state.last?.signature === signature) return draw(c, state.last.advice);
  }
  view.setState("pending");
  view.busy(true);
  view.status(t("ui.advice_computing"));
  if (state.running) return; // the search running (started by prefetch, or for this hand drawn again) answers it
  const ready = c.engine();
  if (!ready) return; // asked again once the engine is ready (the page analyses again then)
  return run(c, ready, payload, signature, screen.waits);
}

/**
 * A 3n+2 hand's discard table is on screen (or, `waits`, a tenpai 3n+1 hand's waits list): fill in its figures.
 * A new hand's table asks for the default max_shanten again.
 * @param {Control} c
 * @param {Analysis} result
 * @param {string} visible
 * @param {{waits?: boolean}} [options]
 */
export function show(c, result, visible, { waits = false } = {}) {
  const key = handText(result);
  if (!waits && c.state.screen?.key !== key) c.state.maxShanten = DEFAULT_MAX_SHANTEN;
  c.state.screen = { key, base: baseOf(result, visible), waits, discards: waits ? [] : result.discards ?? [], signature: "", ready: false };
  return request(c);
}

/**
 * An analysis has come and is about to be drawn: start its search now (a 3n+2 hand's advice, a tenpai 3n+1
 * hand's outlook), so the worker computes while the page draws the analysis; show() then finds it running.
 * Draws nothing.
 * @param {Control} c
 * @param {Analysis} result
 * @param {string} visible
 */
export function prefetch(c, result, visible) {
  const { state } = c;
  const waits = !result.discards;
  if (waits && !result.waits?.length) return; // no discard table and no waits list: nothing to compute
  const ready = c.engine();
  const draws = parseTurns(state.options.turns);
  if (!ready || draws === null) return;
  // the max_shanten show() will ask with: back to its default for a new hand (a table's)
  const shanten = !waits && state.screen?.key !== handText(result) ? DEFAULT_MAX_SHANTEN : state.maxShanten;
  const { payload, signature } = requestOf(baseOf(result, visible), state.options, waits, draws, shanten);
  if (state.running?.signature === signature) return;
  if ((waits ? state.lastOutlook : state.last)?.signature === signature) return;
  cancel(c);
  return run(c, ready, payload, signature, waits);
}

/**
 * "Compute them too": the discards the note says were left out.
 * @param {Control} c
 */
export function more(c) {
  c.state.maxShanten = MAX_SHANTEN_LIMIT;
  return request(c);
}

/**
 * Nothing to advise (no hand, an error, a 3n+1 hand that is not tenpai).
 * @param {Control} c
 */
export function clear(c) {
  cancel(c);
  c.state.screen = null;
  c.view.status("");
  c.view.setState("none");
}
