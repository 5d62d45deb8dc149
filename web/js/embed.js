// embed.html: the compact view of one hand for an iframe (embed.html?q=HAND&v=VISIBLE). It draws the hand,
// its shanten, and the decompositions of a win, the waits of 13 tiles or the discard table of 14; a row of
// the table shows the hand after that discard. Its height goes to the parent page as
// {type: "paili:height", height} on every change, so the host can size the frame.

import { EngineError, createEngine } from "../paili.mjs";
import { byId } from "./dom.js";
import * as i18n from "./i18n.js";
import * as render from "./render.js";

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

/** @param {EngineError} error */
function drawError(error) {
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
    draw(state, await engine.analyze(state.hand, { visible: state.visible }));
    setEngineState("ready", "");
  } catch (error) {
    if (!(error instanceof EngineError)) throw error; // the engine rejects with nothing else
    drawError(error);
    setEngineState("ready", "");
  }
}

async function start() {
  await i18n.load(); // the catalogs, before anything draws text
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
