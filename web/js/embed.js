// embed.html: the compact view of one hand for an iframe (embed.html?q=HAND&v=VISIBLE, &rules=sanma|sichuan|gb
// and &void=m|p|s as on the page). It draws the hand at
// once (a sketch, before the engine is ready), then its shanten, and the decompositions of a win, the waits of
// 13 tiles or the discard table of 14; a row of the table shows the hand after that discard, a step the Undo
// button takes back (the frame never adds to the host page's history). The table is ranked as the page ranks it
// (the same paili.advise request with the page's default options: expected points, then the chances to win and
// to be tenpai; the chance to win where the rule set has no points), with the page's phone columns on a narrow
// frame, and shows its best rows ("Show all" for the rest); <html data-advice> says "pending", "ready" or
// "none" (no table, or the advice failed and the engine's order stays). A win gets
// the page's Score panel, its situation read-only from the address (the page's parameters, situation.js); a
// tenpai 13-tile hand's waits show their worth. Its height goes to the parent page as
// {type: "paili:height", height} on every change, so the host can size it.

import { EngineError } from "../paili.mjs";
import { startPageEngine } from "./engine.js";
import { sortTable } from "./advice.js";
import { DEFAULT_TURNS, baseOf, initialState, requestOf } from "./advicecontrol.js";
import { byId } from "./dom.js";
import * as i18n from "./i18n.js";
import * as render from "./render.js";
import { readRules, writeRules } from "./rules.js";
import { errorText, fillWaitValues, isGbScore, scoreBlocks, situationText } from "./scoreview.js";
import { decodeSituation, defaultWin, effective, encodeSituation, lastTyped, scoreMode, scoreOptions } from "./situation.js";
import { sketchHand } from "./sketch.js";

/** @typedef {import("../paili.mjs").Analysis} Analysis */
/** @typedef {import("../paili.mjs").PailiEngine} PailiEngine */

const ui = {
  root: document.documentElement,
  status: byId("engine-status", HTMLElement),
  error: byId("hand-error", HTMLElement),
  errorMessage: byId("hand-error-message", HTMLElement),
  handTiles: byId("hand-tiles", HTMLElement),
  results: byId("results-body", HTMLElement),
  openFull: byId("open-full", HTMLAnchorElement),
  score: byId("score", HTMLElement),
  scoreSituation: byId("score-situation", HTMLElement),
  scoreError: byId("score-error", HTMLElement),
  scoreBody: byId("score-body", HTMLElement),
  undo: byId("undo", HTMLButtonElement),
};

/** The discard rows shown before "Show all". */
const TOP_ROWS = 5;
/** @type {string[]} the hands before each discard chosen in the frame, newest last (Undo goes back one) */
const steps = [];

/** @type {PailiEngine | null} */
let engine = null;
/** @type {AbortController | null} the advice being computed for the hand on screen */
let advising = null;
/** A frame as narrow as a phone's page draws the page's phone table (its improving tiles in no column). */
const narrowScreen = matchMedia(render.NARROW_SCREEN);

/**
 * @typedef {{hand: string, visible: string, rules: import("./rules.js").Rules, void: "" | "m" | "p" | "s"}} Input
 *   the hand, the visible tiles, the rule set and a Sichuan suit given up of the address (?q=, &v=, &rules=, &void=)
 */

/** @returns {Input} */
function params() {
  const search = new URLSearchParams(location.search);
  return { hand: search.get("q") ?? "", visible: search.get("v") ?? "", ...readRules(search) };
}

/**
 * @param {"loading" | "ready" | "failed"} state  what data-engine says
 * @param {string} message
 */
function setEngineState(state, message) {
  ui.root.dataset.engine = state;
  ui.status.textContent = message;
}

// ---- height for the host page ---------------------------------------------------------------------------

let lastHeight = -1;

function postHeight() {
  const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
  if (height === lastHeight || window.parent === window) return;
  lastHeight = height;
  // The height is no secret: any host may read it ("*"); the message carries nothing else.
  window.parent.postMessage({ type: "paili:height", height }, "*");
}

// ---- drawing --------------------------------------------------------------------------------------------

/**
 * @param {Input} input
 * @param {Analysis | null} result
 */
function draw({ hand, visible, ...choice }, result) {
  const full = new URL("./", location.href);
  if (hand) full.searchParams.set("q", hand);
  if (visible) full.searchParams.set("v", visible);
  writeRules(choice, full.searchParams);
  encodeSituation(decodeSituation(new URLSearchParams(location.search)), full.searchParams);
  ui.openFull.href = full.href;
  ui.error.hidden = true;
  if (!result) {
    ui.handTiles.replaceChildren();
    ui.results.replaceChildren();
    return;
  }
  // The page's renderer, without the hint line, the details rows and the sort buttons (the view is compact).
  ui.handTiles.replaceChildren(...render.handTiles(result));
  ui.handTiles.dataset.source = "engine";
  ui.results.replaceChildren(...render.resultBlocks(result, { hint: false, advice: true, compact: true, improve: !narrowScreen.matches }));
  ui.results.dataset.hand = render.handText(result);
  const table = ui.results.querySelector("table.discards");
  if (table instanceof HTMLTableElement) compactTable(table);
}

/**
 * Rank the discard table on screen as the page does: its advice columns filled by the page's default request,
 * its rows sorted by expected points (the chance to win where there are no points), the best TOP_ROWS shown.
 * Without a table there is nothing to advise; should the advice fail, the engine's order stays.
 * @param {Analysis} result
 * @param {string} visible
 */
async function rank(result, visible) {
  advising?.abort();
  advising = null;
  const table = ui.results.querySelector("table.discards");
  if (!engine || !(table instanceof HTMLTableElement)) {
    ui.root.dataset.advice = "none";
    return;
  }
  const job = new AbortController();
  advising = job;
  ui.root.dataset.advice = "pending";
  table.setAttribute("aria-busy", "true");
  const page = initialState(); // the page's default options
  const { payload } = requestOf(baseOf(result, visible), page.options, false, DEFAULT_TURNS, page.maxShanten);
  try {
    const advice = await engine.advise(payload.hand, { ...payload, improvements: false, signal: job.signal });
    if (advising !== job) return;
    render.fillAdvice(table, advice);
    sortTable(table, table.querySelector("td[data-key='ev']") ? "ev" : "p_win", true);
    ui.root.dataset.advice = "ready";
  } catch (error) {
    if (!(error instanceof EngineError)) throw error; // the engine rejects with nothing else
    if (advising !== job) return;
    for (const cell of table.querySelectorAll("td.pending")) cell.textContent = "—";
    ui.root.dataset.advice = "none";
  } finally {
    if (advising === job) advising = null;
    table.removeAttribute("aria-busy");
  }
  compactTable(table);
}

/**
 * Show the discard table's best TOP_ROWS rows in their present order, and a button that shows the others (once
 * it is pressed, every row stays shown when the ranking comes and reorders them).
 * @param {HTMLTableElement} table
 */
function compactTable(table) {
  if (table.dataset.all === "shown") return;
  const rows = [...table.querySelectorAll("tr.discard-row")];
  rows.forEach((row, index) => {
    if (row instanceof HTMLElement) row.hidden = index >= TOP_ROWS;
  });
  if (rows.length <= TOP_ROWS || table.nextElementSibling?.classList.contains("show-all")) return;
  const more = render.h("button", { type: "button", class: "secondary show-all" }, i18n.t("ui.show_all", { count: rows.length }));
  more.addEventListener("click", () => {
    table.dataset.all = "shown";
    for (const row of rows) if (row instanceof HTMLElement) row.hidden = false;
    more.remove();
  });
  table.after(more);
}

/**
 * The Score panel of a win (the situation of the address, read-only), or the worth of each wait of a tenpai
 * 13-tile hand; nothing for other hands. The section carries data-state and, for a win, data-points.
 * @param {string} typed  the hand of the address (its last tile is the default winning tile)
 * @param {Analysis} result
 */
async function drawScore(typed, result) {
  const mode = scoreMode(result);
  const waits = mode === "waits";
  ui.score.hidden = true;
  ui.scoreError.hidden = true;
  ui.scoreBody.replaceChildren();
  delete ui.score.dataset.points;
  if (!engine || !mode) return;
  const asked = decodeSituation(new URLSearchParams(location.search));
  const situation = effective(
    waits ? asked : { ...asked, win: defaultWin(result.concealed, asked.win, (result.rules === "gb" && result.gb ? result.gb.win : null) ?? lastTyped(typed)) }, result, { waits });
  const hand = render.handText(result);
  ui.scoreSituation.textContent = situationText(situation, { waits });
  ui.score.hidden = false;
  try {
    if (waits) {
      fillWaitValues(ui.results, await engine.scoreWaits(hand, scoreOptions(situation, result, { waits: true })));
      ui.scoreBody.replaceChildren(render.h("p", { class: "help" }, i18n.t("ui.embed_waits_worth")));
    } else {
      const score = await engine.score(hand, /** @type {import("../paili.mjs").ScoreOptions} */ (scoreOptions(situation, result)));
      ui.scoreBody.replaceChildren(...scoreBlocks(score, situation, result));
      ui.score.dataset.points = String(isGbScore(score) ? score.total : score.points);
    }
    ui.score.dataset.state = "done";
  } catch (error) {
    if (!(error instanceof EngineError)) throw error;
    ui.scoreError.textContent = errorText(error);
    ui.scoreError.hidden = false;
    ui.score.dataset.state = "error";
  }
}

/** @param {EngineError} error */
function drawError(error) {
  advising?.abort();
  ui.root.dataset.advice = "none";
  ui.score.hidden = true;
  ui.handTiles.replaceChildren();
  ui.results.replaceChildren();
  delete ui.results.dataset.hand;
  // the engine's message says where (counting characters from 1); another input than the hand is named
  const message = i18n.translator().error(error) || i18n.t("ui.invalid_hand");
  ui.errorMessage.textContent = error.field === "visible" ? i18n.t("ui.embed_visible_error", { message })
    : error.field && error.field !== "hand" ? i18n.t("ui.embed_options_error", { message }) : message;
  ui.error.hidden = false;
}

async function show() {
  const state = params();
  if (!state.hand.trim()) {
    draw(state, null);
    ui.root.dataset.advice = "none";
    setEngineState("ready", i18n.t("ui.no_hand"));
    return;
  }
  if (!engine) {
    // still starting: the tiles drawn at once; start() shows the engine's answer once it is ready
    const sketch = sketchHand(state.hand);
    ui.handTiles.replaceChildren(...(sketch ? render.handTiles(sketch) : []));
    ui.handTiles.dataset.source = "sketch";
    return;
  }
  try {
    const result = await engine.analyze(state.hand, { visible: state.visible, rules: state.rules, void: state.void || null });
    draw(state, result);
    const ranked = rank(result, state.visible);
    await drawScore(state.hand, result);
    await ranked;
    setEngineState("ready", "");
  } catch (error) {
    if (!(error instanceof EngineError)) throw error; // the engine rejects with nothing else
    drawError(error);
    setEngineState("ready", "");
  }
}

/**
 * Show another hand in the frame: its address is replaced (never pushed: the host page's Back button stays the
 * host's), and Undo shows while there is a step to take back.
 * @param {string} hand
 */
function setHand(hand) {
  const url = new URL(location.href);
  url.searchParams.set("q", hand);
  history.replaceState(null, "", url);
  ui.undo.hidden = steps.length === 0;
  show();
}

async function start() {
  await i18n.load(); // the catalogs, before anything draws text
  new ResizeObserver(postHeight).observe(document.documentElement);
  postHeight();
  // A discard row shows the hand left after that discard (the host page is not navigated).
  ui.results.addEventListener("click", (event) => {
    const target = event.target;
    const row = target instanceof Element ? target.closest("table.discards tr.discard-row") : null;
    if (!(row instanceof HTMLElement) || !row.dataset.after) return;
    steps.push(params().hand);
    setHand(row.dataset.after);
  });
  ui.undo.addEventListener("click", () => {
    const previous = steps.pop();
    if (previous !== undefined) setHand(previous);
  });
  show(); // the hand drawn at once, while the engine loads
  engine = await startPageEngine({ say: setEngineState });
  if (!engine) return;
  await show();
}

start();
