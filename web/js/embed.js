// embed.html: the compact view of one hand for an iframe (embed.html?q=HAND&v=VISIBLE). It draws the hand,
// its shanten, and the decompositions of a win, the waits of 13 tiles or the discard table of 14; a row of
// the table shows the hand after that discard. A win gets the page's Score panel, its situation read-only
// from the address (the page's parameters, situation.js); a tenpai 13-tile hand's waits show their worth. Its height goes to the parent page as
// {type: "paili:height", height} on every change, so the host can size the frame.

import { EngineError, createEngine } from "../paili.mjs";
import { byId } from "./dom.js";
import * as render from "./render.js";
import { errorText, fillWaitValues, scoreBlocks, situationText } from "./scoreview.js";
import { decodeSituation, defaultWin, effective, encodeSituation, lastTyped, scoreOptions } from "./situation.js";

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
};

/** @type {PailiEngine | null} */
let engine = null;

/** @returns {{hand: string, visible: string}} the hand and the visible tiles of the address (?q=, &v=) */
function params() {
  const search = new URLSearchParams(location.search);
  return { hand: search.get("q") ?? "", visible: search.get("v") ?? "" };
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
 * @param {{hand: string, visible: string}} input
 * @param {Analysis | null} result
 */
function draw({ hand, visible }, result) {
  const full = new URL("./", location.href);
  if (hand) full.searchParams.set("q", hand);
  if (visible) full.searchParams.set("v", visible);
  encodeSituation(decodeSituation(new URLSearchParams(location.search)), full.searchParams);
  ui.openFull.href = full.href;
  ui.error.hidden = true;
  if (!result) {
    ui.handTiles.replaceChildren();
    ui.results.replaceChildren();
    return;
  }
  // The page's renderer, without the hint line (the view is compact).
  ui.handTiles.replaceChildren(...render.handTiles(result));
  ui.results.replaceChildren(...render.resultBlocks(result, { hint: false }));
  ui.results.dataset.hand = render.handText(result);
}

/**
 * The Score panel of a win (the situation of the address, read-only), or the worth of each wait of a tenpai
 * 13-tile hand; nothing for other hands. The section carries data-state and, for a win, data-points.
 * @param {string} typed  the hand of the address (its last tile is the default winning tile)
 * @param {Analysis} result
 */
async function drawScore(typed, result) {
  const waits = !result.agari;
  ui.score.hidden = true;
  ui.scoreError.hidden = true;
  ui.scoreBody.replaceChildren();
  delete ui.score.dataset.points;
  if (!engine || !(result.agari || (result.tiles % 3 === 1 && result.shanten.min === 0))) return;
  const asked = decodeSituation(new URLSearchParams(location.search));
  const situation = effective(
    waits ? asked : { ...asked, win: defaultWin(result.concealed, asked.win, lastTyped(typed)) }, result, { waits });
  const hand = render.handText(result);
  ui.scoreSituation.textContent = situationText(situation, { waits });
  ui.score.hidden = false;
  try {
    if (waits) {
      fillWaitValues(ui.results, await engine.scoreWaits(hand, scoreOptions(situation, result, { waits: true })));
      ui.scoreBody.replaceChildren(render.h("p", { class: "help" }, "Each wait shows what a win on it is worth, by ron and by tsumo."));
    } else {
      const score = await engine.score(hand, /** @type {import("../paili.mjs").ScoreOptions} */ (scoreOptions(situation, result)));
      ui.scoreBody.replaceChildren(...scoreBlocks(score, situation, result));
      ui.score.dataset.points = String(score.points);
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
  ui.score.hidden = true;
  ui.handTiles.replaceChildren();
  ui.results.replaceChildren();
  delete ui.results.dataset.hand;
  const where = error.position !== null && Number.isInteger(error.position) ? ` (at character ${error.position + 1})` : "";
  const field = error.field && error.field !== "hand" ? `${error.field}: ` : ""; // e.g. the visible tiles (v=)
  ui.errorMessage.textContent = `${field}${error.message || "This is not a valid hand."}${where}`;
  ui.error.hidden = false;
}

async function show() {
  const state = params();
  if (!state.hand.trim()) {
    draw(state, null);
    setEngineState("ready", "No hand given: add ?q=HAND to the address.");
    return;
  }
  if (!engine) return; // still starting: start() shows the hand once the engine is ready
  try {
    const result = await engine.analyze(state.hand, { visible: state.visible });
    draw(state, result);
    await drawScore(state.hand, result);
    setEngineState("ready", "");
  } catch (error) {
    if (!(error instanceof EngineError)) throw error; // the engine rejects with nothing else
    drawError(error);
    setEngineState("ready", "");
  }
}

async function start() {
  new ResizeObserver(postHeight).observe(document.documentElement);
  postHeight();
  // A discard row shows the hand left after that discard (the host page is not navigated).
  ui.results.addEventListener("click", (event) => {
    const target = event.target;
    const row = target instanceof Element ? target.closest("table.discards tbody tr") : null;
    if (!(row instanceof HTMLElement) || !row.dataset.after) return;
    const url = new URL(location.href);
    url.searchParams.set("q", row.dataset.after);
    history.pushState(null, "", url);
    show();
  });
  window.addEventListener("popstate", show);
  try {
    engine = await createEngine({ onProgress: (message) => setEngineState("loading", `${message}…`) });
  } catch (error) {
    setEngineState("failed", `The engine could not be loaded: ${error instanceof Error ? error.message : error}`);
    return;
  }
  await show();
}

start();
