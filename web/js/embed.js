// embed.html: the compact view of one hand for an iframe (embed.html?q=HAND&v=VISIBLE). It draws the hand,
// its shanten, and the decompositions of a win, the waits of 13 tiles or the discard table of 14; a row of
// the table shows the hand after that discard. Its height goes to the parent page as
// {type: "paili:height", height} on every change, so the host can size the frame.

import { createEngine } from "../paili.mjs";
import * as render from "./render.js";

const $ = (id) => document.getElementById(id);
const ui = {
  root: document.documentElement,
  status: $("engine-status"),
  error: $("hand-error"),
  errorMessage: $("hand-error-message"),
  handTiles: $("hand-tiles"),
  results: $("results-body"),
  openFull: $("open-full"),
};

let engine = null;

function params() {
  const search = new URLSearchParams(location.search);
  return { hand: search.get("q") ?? "", visible: search.get("v") ?? "" };
}

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

function drawError(error) {
  ui.handTiles.replaceChildren();
  ui.results.replaceChildren();
  delete ui.results.dataset.hand;
  const where = Number.isInteger(error.position) ? ` (at character ${error.position + 1})` : "";
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
  try {
    draw(state, await engine.analyze(state.hand, { visible: state.visible }));
    setEngineState("ready", "");
  } catch (error) {
    drawError(error);
    setEngineState("ready", "");
  }
}

async function start() {
  new ResizeObserver(postHeight).observe(document.documentElement);
  postHeight();
  // A discard row shows the hand left after that discard (the host page is not navigated).
  ui.results.addEventListener("click", (event) => {
    const row = event.target.closest("table.discards tbody tr");
    if (!row?.dataset.after) return;
    const url = new URL(location.href);
    url.searchParams.set("q", row.dataset.after);
    history.pushState(null, "", url);
    show();
  });
  window.addEventListener("popstate", show);
  try {
    engine = await createEngine({ onProgress: (message) => setEngineState("loading", `${message}…`) });
  } catch (error) {
    setEngineState("failed", `The engine could not be loaded: ${error.message}`);
    return;
  }
  await show();
}

start();
