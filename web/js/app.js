// The page: wires the inputs, the tile palette, the drawn hand and the results to the engine (paili.mjs).

import { createEngine } from "../paili.mjs";
import { createAdvice } from "./advice.js";
import { registerOffline } from "./offline.js";
import * as render from "./render.js";
import { createScore } from "./score.js";
import { PALETTE } from "./tiles.js";

const DEBOUNCE_MS = 120;

const $ = (id) => document.getElementById(id);
const ui = {
  root: document.documentElement,
  status: $("engine-status"),
  form: $("hand-form"),
  hand: $("hand"),
  clear: $("clear-hand"),
  visible: $("visible"),
  handTiles: $("hand-tiles"),
  handEmpty: $("hand-empty"),
  undo: $("undo"),
  palette: $("palette"),
  results: $("results"),
  resultsBody: $("results-body"),
  version: $("version"),
  offline: $("offline-status"),
  copyLink: $("copy-link"),
  share: $("share-hand"),
  shareNote: $("share-note"),
  updateBanner: $("update-banner"),
  applyUpdate: $("apply-update"),
};

let engine = null;
let latest = 0; // number of the newest request; older answers are dropped
let timer = 0;
/** @type {import("./render.js").Analysis | null} the analysis on screen, for removals and sharing */
let current = null;
// Win chances of the discards (its own worker); created in start(), before any analysis.
let advice = null;
// The Score panel of a winning hand; its situation is part of the URL.
const score = createScore({ getEngine: () => engine, onChange: () => replaceUrl() });

// ---- URL <-> inputs -------------------------------------------------------------------------------------

function urlFor(hand, visible) {
  const url = new URL(location.href);
  url.search = "";
  if (hand) url.searchParams.set("q", hand);
  if (visible) url.searchParams.set("v", visible);
  score.writeParams(url.searchParams);
  return url;
}

function readUrl() {
  const params = new URLSearchParams(location.search);
  ui.hand.value = params.get("q") ?? "";
  ui.visible.value = params.get("v") ?? "";
  score.readParams(params);
  ui.undo.hidden = !(history.state?.depth > 0);
}

function replaceUrl() {
  history.replaceState(history.state, "", urlFor(ui.hand.value, ui.visible.value));
}

// ---- errors ---------------------------------------------------------------------------------------------

/** Each input with its error block: a message and the input's text with a caret under the bad character. */
const FIELDS = {
  hand: { input: ui.hand, box: $("hand-error"), message: $("hand-error-message"), pointer: $("hand-error-pointer") },
  visible: {
    input: ui.visible,
    box: $("visible-error"),
    message: $("visible-error-message"),
    pointer: $("visible-error-pointer"),
  },
};

function clearErrors() {
  for (const [name, field] of Object.entries(FIELDS)) {
    field.input.removeAttribute("aria-invalid");
    field.input.setAttribute("aria-describedby", `${name}-help`);
    field.box.hidden = true;
  }
}

/** The text with the character at `position` marked, and a caret under it. */
function drawPointer(code, text, position) {
  const at = text.slice(position, position + 1) || " ";
  code.replaceChildren(text.slice(0, position), render.h("mark", {}, at), text.slice(position + 1), "\n", " ".repeat(position), "^");
}

/** Which input field shows an engine error: the one it names (error.field), else the hand. */
function fieldOf(error) {
  return error.field in FIELDS ? error.field : "hand";
}

function showError(error, texts) {
  const name = fieldOf(error);
  const field = FIELDS[name];
  const text = texts[name];
  const position = Number.isInteger(error.position) && error.position <= text.length ? error.position : null;
  field.input.setAttribute("aria-invalid", "true");
  field.input.setAttribute("aria-describedby", `${name}-error-message ${name}-help`);
  const message = error.message || "This is not a valid hand.";
  field.message.textContent = error.type === "HandError" ? message : `${error.type}: ${message}`;
  field.pointer.parentElement.hidden = position === null;
  if (position !== null) drawPointer(field.pointer, text, position);
  field.box.hidden = false;
}

/** Enter with an error: put the cursor on the offending character (selected). */
function selectError(error) {
  const field = FIELDS[fieldOf(error)];
  field.input.focus();
  if (Number.isInteger(error.position)) {
    const end = Math.min(error.position + 1, field.input.value.length);
    field.input.setSelectionRange(Math.min(error.position, end), end);
  }
}

// ---- results --------------------------------------------------------------------------------------------

function drawHand(result) {
  if (!result) {
    ui.handTiles.replaceChildren();
    ui.handEmpty.hidden = false;
    current = null;
    showShareButtons();
    return;
  }
  current = result;
  showShareButtons();
  ui.handTiles.replaceChildren(...render.handTiles(result, { tag: "button" }));
  ui.handEmpty.hidden = result.concealed.length + result.melds.length > 0;
}

/** @param {import("./render.js").Analysis} result */
function drawResult(result) {
  ui.resultsBody.replaceChildren(...render.resultBlocks(result));
  ui.results.dataset.hand = render.handText(result);
  ui.results.hidden = false;
}

function clearResult() {
  ui.resultsBody.replaceChildren();
  delete ui.results.dataset.hand;
  ui.results.hidden = true;
}

// ---- analysis -------------------------------------------------------------------------------------------

let lastError = null;

/**
 * Analyse the hand in the field now; with `canonical`, the field then shows the engine's text of the hand
 * (after a tap: the tile codes appended or taken out are written back in canonical order).
 * @param {{canonical?: boolean}} [options]
 */
async function analyzeNow({ canonical = false } = {}) {
  clearTimeout(timer);
  const hand = ui.hand.value;
  const visible = ui.visible.value;
  const id = ++latest;
  advice?.inputChanged(hand, visible);
  if (!hand.trim()) {
    lastError = null;
    clearErrors();
    drawHand(null);
    clearResult();
    score.clear();
    advice?.clear();
    return;
  }
  if (!engine) return; // analysed as soon as the engine is ready
  ui.results.setAttribute("aria-busy", "true");
  try {
    const result = await engine.analyze(hand, { visible });
    if (id !== latest) return;
    lastError = null;
    clearErrors();
    drawHand(result);
    drawResult(result);
    if (canonical && ui.hand.value === hand) {
      ui.hand.value = render.handText(result);
      replaceUrl();
    }
    score.show(result, hand, render.handText(result));
    advice?.show(result, { hand: ui.hand.value, visible });
  } catch (error) {
    if (id !== latest) return;
    lastError = error;
    clearErrors();
    showError(error, { hand, visible });
    drawHand(null);
    clearResult();
    score.clear();
    advice?.clear();
  } finally {
    if (id === latest) ui.results.removeAttribute("aria-busy");
  }
}

function analyzeSoon() {
  clearTimeout(timer);
  timer = setTimeout(analyzeNow, DEBOUNCE_MS);
}

/**
 * Put a new hand in the field (a tap or a discard), update the URL and analyse it; `canonical`: then show
 * the engine's text of it.
 * @param {string} text
 * @param {{push?: boolean, canonical?: boolean}} [options]
 */
function setHand(text, { push = false, canonical = false } = {}) {
  ui.hand.value = text;
  if (push) {
    const depth = (history.state?.depth ?? 0) + 1;
    history.pushState({ depth }, "", urlFor(ui.hand.value, ui.visible.value));
    ui.undo.hidden = false;
  } else {
    replaceUrl();
  }
  analyzeNow({ canonical });
}

// ---- events ---------------------------------------------------------------------------------------------

function onTyping() {
  replaceUrl();
  analyzeSoon();
}

function buildPalette() {
  ui.palette.replaceChildren(
    ...PALETTE.map((row) => render.h("div", { class: "palette-row" }, row.map((name) => render.tile(name, { tag: "button" })))),
  );
}

function tileOf(event, selector) {
  return event.target.closest(selector)?.dataset.tile ?? null;
}

function wire() {
  ui.hand.addEventListener("input", onTyping);
  ui.visible.addEventListener("input", onTyping);
  // Enter analyses at once and, for a bad hand, selects the offending character.
  ui.form.addEventListener("submit", (event) => event.preventDefault());
  for (const input of [ui.hand, ui.visible]) {
    input.addEventListener("keydown", async (event) => {
      if (event.key !== "Enter" || event.isComposing) return;
      event.preventDefault();
      await analyzeNow();
      if (lastError) selectError(lastError);
    });
  }
  ui.clear.addEventListener("click", () => {
    setHand("");
    ui.hand.focus();
  });
  // A tapped palette tile appends its code to the text; the engine writes the hand back canonically.
  ui.palette.addEventListener("click", (event) => {
    const name = tileOf(event, "button.tile");
    if (name) setHand(ui.hand.value + name, { canonical: true });
  });
  // A tapped hand tile is taken out: the engine's tile codes without that one, then the melds' texts.
  ui.handTiles.addEventListener("click", (event) => {
    const button = event.target.closest("button.tile");
    if (!button || !current) return;
    const index = Number(button.dataset.index);
    const codes = current.concealed.filter((_, i) => i !== index);
    setHand([codes.join(""), ...current.melds.map((m) => m.text)].filter(Boolean).join(" "), { canonical: true });
  });
  ui.resultsBody.addEventListener("click", (event) => {
    const row = event.target.closest("table.discards tbody tr");
    if (row?.dataset.after) setHand(row.dataset.after, { push: true });
  });
  ui.undo.addEventListener("click", () => history.back());
  window.addEventListener("popstate", () => {
    readUrl();
    analyzeNow();
  });
}

// ---- sharing --------------------------------------------------------------------------------------------

/** The link to the hand on screen (?q=, and ?v= with visible tiles). */
function shareUrl() {
  return urlFor(render.handText(current), ui.visible.value).href;
}

function showShareButtons() {
  ui.copyLink.hidden = !current;
  ui.share.hidden = !current || typeof navigator.share !== "function";
  if (!current) ui.shareNote.hidden = true;
}

function note(text) {
  ui.shareNote.textContent = text;
  ui.shareNote.hidden = false;
}

async function copyLink() {
  if (!current) return;
  const url = shareUrl();
  try {
    await navigator.clipboard.writeText(url);
    note("Link copied.");
  } catch {
    note(`Copy this link: ${url}`); // no clipboard access: the link as text, to select by hand
  }
}

async function shareHand() {
  if (!current) return;
  const url = shareUrl();
  try {
    await navigator.share({ title: `Paili: ${render.handText(current)}`, url });
  } catch (error) {
    if (error?.name !== "AbortError") await copyLink(); // sharing refused or failed: copy instead
  }
}

// ---- offline and updates --------------------------------------------------------------------------------

function startOffline() {
  registerOffline({
    onOffline: () => {
      ui.offline.hidden = false;
      ui.root.dataset.offline = "ready";
    },
    onUpdate: (apply) => {
      ui.updateBanner.hidden = false;
      ui.applyUpdate.onclick = () => {
        ui.applyUpdate.disabled = true;
        // This build's workers end first, so none of them asks the new build's server for its old files.
        advice?.close();
        engine?.close();
        engine = null;
        apply(); // the new service worker takes over; offline.js reloads the page on controllerchange
      };
    },
  });
}

// ---- start ----------------------------------------------------------------------------------------------

function setEngineState(state, message) {
  ui.root.dataset.engine = state;
  ui.status.textContent = message;
}

/** The engine failed (at start-up or later): say so, and offer a Retry button that starts a new one. */
function engineFailed(error) {
  engine = null;
  setEngineState("failed", `The engine could not be loaded: ${error.message}`);
  const retry = render.h("button", { type: "button", class: "secondary retry" }, "Retry");
  retry.addEventListener("click", () => startEngine());
  ui.status.append(" ", retry);
}

async function startEngine() {
  setEngineState("loading", "Loading the engine…");
  try {
    engine = await createEngine({
      onProgress: (message) => setEngineState("loading", `${message}…`),
      onFailure: (error) => engineFailed(error),
    });
  } catch (error) {
    engineFailed(error);
    return;
  }
  ui.root.dataset.build = engine.build ?? "";
  ui.version.textContent = engine.version ? `Engine ${engine.version}.` : "";
  setEngineState("ready", "Engine ready.");
  await analyzeNow();
}

async function start() {
  // The engine first: Pyodide's start-up is the long pole, and the rest below runs while it loads.
  const engineStarted = startEngine();
  advice = createAdvice({ container: ui.results, onDiscard: (text) => setHand(text, { push: true }) });
  buildPalette();
  readUrl();
  wire();
  ui.copyLink.addEventListener("click", copyLink);
  ui.share.addEventListener("click", shareHand);
  await engineStarted;
  // Then the service worker: precaching the site (~14 MB, hashed) would compete with the engine's start-up.
  startOffline();
}

start();
