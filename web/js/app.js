// The page: wires the inputs, the tile palette, the drawn hand and the results to the engine (paili.mjs).

import { EngineError } from "../paili.mjs";
import { failureText, startPageEngine } from "./engine.js";
import { createAdvice } from "./advice.js";
import { createCalls } from "./calls.js";
import { createDanger } from "./danger.js";
import { byId } from "./dom.js";
import * as i18n from "./i18n.js";
import { registerOffline } from "./offline.js";
import { createOpponents } from "./opponents.js";
import * as render from "./render.js";
import { createScore } from "./score.js";
import { roving } from "./roving.js";
import { NUKIDORA, RULE_NAMES, RULE_SETS, VOID_SUITS, inSet, paletteOf, readRules, rulesOf, voidOf, writeRules } from "./rules.js";
import { sketchCodes, sketchHand } from "./sketch.js";
import { kindOf } from "./tiles.js";
import { drawFrom, seededRandom, wallLeft } from "./wall.js";

/** @typedef {import("../paili.mjs").Analysis} Analysis */
/** @typedef {import("../paili.mjs").PailiEngine} PailiEngine */
/** @typedef {import("./advice.js").AdviceController} AdviceController */
/** @typedef {import("../paili.mjs").Rules} Rules */
/**
 * @typedef {{hand: string, concealed: string[], melds: import("../paili.mjs").Meld[], nukidora?: number, read_as?: string}} DrawnHand
 *   an analysis, a hand being built, or (before the engine is ready) a sketch of the typed text
 */

const DEBOUNCE_MS = 120;
/** A mistake in a field being typed in shows after this pause (or when the field is left, or on Enter). */
const ERROR_PAUSE_MS = 1500;

const ui = {
  root: document.documentElement,
  status: byId("engine-status", HTMLElement),
  progress: byId("engine-progress", HTMLProgressElement),
  form: byId("hand-form", HTMLFormElement),
  hand: byId("hand", HTMLInputElement),
  clear: byId("clear-hand", HTMLButtonElement),
  rules: byId("rules", HTMLSelectElement),
  void: byId("void", HTMLSelectElement),
  rulesHelp: byId("rules-help", HTMLElement),
  visible: byId("visible", HTMLInputElement),
  opponentsField: byId("opponents-field", HTMLDetailsElement),
  handTiles: byId("hand-tiles", HTMLElement),
  handEmpty: byId("hand-empty", HTMLElement),
  handCount: byId("hand-count", HTMLElement),
  readAs: byId("read-as", HTMLElement),
  undo: byId("undo", HTMLButtonElement),
  randomDraw: byId("random-draw", HTMLButtonElement),
  palette: byId("palette", HTMLElement),
  paletteFull: byId("palette-full", HTMLElement),
  paletteToggle: byId("palette-toggle", HTMLButtonElement),
  backspace: byId("backspace", HTMLButtonElement),
  results: byId("results", HTMLElement),
  resultsStale: byId("results-stale", HTMLElement),
  resultsBody: byId("results-body", HTMLElement),
  version: byId("version", HTMLElement),
  offline: byId("offline-status", HTMLElement),
  copyLink: byId("copy-link", HTMLButtonElement),
  share: byId("share-hand", HTMLButtonElement),
  shareNote: byId("share-note", HTMLElement),
  shareLanguage: byId("share-language", HTMLInputElement),
  shareRow: byId("share-row", HTMLElement),
  scoreSection: byId("score", HTMLElement),
  language: byId("language", HTMLSelectElement),
  meldsHelp: byId("melds-help", HTMLElement),
  updateBanner: byId("update-banner", HTMLElement),
  applyUpdate: byId("apply-update", HTMLButtonElement),
  dropOutside: byId("drop-outside", HTMLButtonElement),
};

/**
 * The page's state, in one place: every module-level value that changes as the player works.
 * @type {{
 *   engine: PailiEngine | null,
 *   latest: number,
 *   timer: number,
 *   current: DrawnHand | null,
 *   edits: string[],
 *   advice: AdviceController | null,
 *   calls: import("./calls.js").CallPanel | null,
 *   opponents: import("./opponents.js").OpponentsPanel | null,
 *   danger: import("./danger.js").DangerStrip | null,
 *   analysed: {hand: string, visible: string, rules: string} | null,
 *   choice: {rules: Rules, void: "" | "m" | "p" | "s"},
 *   focusResults: boolean,
 *   entered: string | null,
 *   shown: Analysis | null,
 *   lastError: EngineError | null,
 *   pendingError: {error: EngineError, texts: Record<FieldName, string>} | null,
 *   errorTimer: number,
 * }}
 */
const page = {
  engine: null, // the page's engine; null while it starts or after it failed
  latest: 0, // number of the newest request; older answers are dropped
  timer: 0, // the analysis waiting for a pause in the typing
  current: null, // the hand on screen (an analysis, or the tiles of a hand being built), for removals and sharing
  edits: [], // the hand's texts before each palette tap, newest last: Backspace goes back one
  advice: null, // the advice columns of the discard table (on the same engine); created in start()
  calls: null, // the call panel of a 13-tile hand
  opponents: null, // the Opponents panel: the other players' rivers and calls (the advice then counts the table)
  danger: null, // with opponents: each tile of the hand's chance to deal in, and why
  analysed: null, // the input of the analysis on screen
  choice: { rules: "riichi", void: "" }, // the rule set chosen, and a Sichuan hand's suit given up ("": its best)
  focusResults: false, // a discard was chosen in the table: the next analysis drawn takes the focus
  entered: null, // the tile code tapped in last (the Score panel's default winning tile); null once typed
  shown: null, // the analysis drawn in the results
  lastError: null, // the error of the last analysis, for Enter
  pendingError: null, // a mistake in what is being typed, not shown yet
  errorTimer: 0,
};

/** A phone's width, where the discard table is drawn without its improving tiles (render.NARROW_SCREEN). */
const narrowScreen = matchMedia(render.NARROW_SCREEN);
// The screen widened (a phone turned, a window resized): the table on screen gets its improving tiles.
narrowScreen.addEventListener("change", () => {
  const table = ui.resultsBody.querySelector("table.discards");
  if (!narrowScreen.matches && page.shown?.discards && table instanceof HTMLTableElement) render.fillImprove(table, page.shown.discards);
});
// The catalogs (local files, precached) before any module below draws text: the Score panel builds its form now.
await i18n.load().catch((error) => console.error("paili: the catalogs could not be loaded:", error));
// The Score panel of a winning hand (and the worth of a tenpai hand's waits); its situation is part of the URL.
const score = createScore({ getEngine: () => page.engine, onChange: () => replaceUrl() });
/** Random draws: Math.random, or a seeded generator with ?seed=N in the address (the tests draw reproducibly). */
const random = (() => {
  const seed = new URLSearchParams(location.search).get("seed");
  return seed !== null && Number.isFinite(Number(seed)) ? seededRandom(Number(seed)) : Math.random;
})();
// The palette and the hand are one Tab stop each; the arrow keys move inside them (roving.js).
const paletteKeys = roving(ui.palette, "button.tile");
const handKeys = roving(ui.handTiles, "button.tile");

// ---- URL <-> inputs -------------------------------------------------------------------------------------

/**
 * The page's address for a hand and visible tiles (?q=, &v=).
 * @param {string} hand
 * @param {string} visible
 */
function urlFor(hand, visible) {
  const url = new URL(location.href);
  url.search = "";
  if (hand) url.searchParams.set("q", hand);
  if (visible) url.searchParams.set("v", visible);
  const opponents = page.opponents?.text() ?? "";
  if (opponents) url.searchParams.set("o", opponents);
  writeRules(page.choice, url.searchParams);
  score.writeParams(url.searchParams);
  return url;
}

function readUrl() {
  const params = new URLSearchParams(location.search);
  ui.hand.value = params.get("q") ?? "";
  ui.visible.value = params.get("v") ?? "";
  setRules(readRules(params));
  page.opponents?.load(params.get("o") ?? "");
  score.readParams(params);
  ui.undo.hidden = !(history.state?.depth > 0);
}

function replaceUrl() {
  history.replaceState(history.state, "", urlFor(ui.hand.value, ui.visible.value));
}

// ---- errors ---------------------------------------------------------------------------------------------

/** @typedef {"hand" | "visible"} FieldName  the inputs an engine error can be shown at */
/** @typedef {{input: HTMLInputElement, box: HTMLElement, message: HTMLElement, pointer: HTMLElement}} Field */

/**
 * Each input with its error block: a message and the input's text with a caret under the bad character.
 * @param {FieldName} name
 * @param {HTMLInputElement} input
 * @returns {Field}
 */
function errorField(name, input) {
  const part = (/** @type {string} */ suffix) => byId(`${name}-error${suffix}`, HTMLElement);
  return { input, box: part(""), message: part("-message"), pointer: part("-pointer") };
}
/** @type {Record<FieldName, Field>} */
const FIELDS = { hand: errorField("hand", ui.hand), visible: errorField("visible", ui.visible) };

function clearErrors() {
  for (const [name, field] of Object.entries(FIELDS)) {
    field.input.removeAttribute("aria-invalid");
    field.input.setAttribute("aria-describedby", `${name}-help`);
    field.box.hidden = true;
  }
  dropFix().hidden = true;
  markStale(false);
}

/**
 * The results on screen are of the last valid hand while an error is shown above them: say so and dim them.
 * @param {boolean} stale
 */
function markStale(stale) {
  ui.resultsStale.hidden = !stale;
  if (stale) ui.results.dataset.stale = "true";
  else delete ui.results.dataset.stale;
}

/** The line of the hand's error box that holds the button dropping the tiles outside the rule set. */
function dropFix() {
  return /** @type {HTMLElement} */ (ui.dropOutside.parentElement);
}

/**
 * The text with the character at `position` marked, and a caret under it.
 * @param {HTMLElement} code
 * @param {string} text
 * @param {number} position
 */
function drawPointer(code, text, position) {
  const at = text.slice(position, position + 1) || " ";
  code.replaceChildren(text.slice(0, position), render.h("mark", {}, at), text.slice(position + 1), "\n", " ".repeat(position), "^");
}

/**
 * Which input field shows an engine error: the one it names (error.field), else the hand.
 * @param {EngineError} error
 * @returns {FieldName}
 */
function fieldOf(error) {
  return error.field === "visible" ? "visible" : "hand";
}

/**
 * @param {EngineError} error
 * @param {Record<FieldName, string>} texts  what was analysed, by field
 */
function showError(error, texts) {
  const name = fieldOf(error);
  const field = FIELDS[name];
  const text = texts[name];
  const position =
    error.position !== null && Number.isInteger(error.position) && error.position <= text.length ? error.position : null;
  field.input.setAttribute("aria-invalid", "true");
  field.input.setAttribute("aria-describedby", `${name}-error-message ${name}-help`);
  const message = i18n.translator().error(error) || i18n.t("ui.invalid_hand");
  // A HandError is about what was typed, said in a player's words (the parser's message when the page has none);
  // anything else is the engine's own trouble, said so without its type name.
  field.message.textContent =
    error.type === "HandError" ? playerWords(error) ?? message : i18n.t("ui.engine_could_not_answer", { message });
  if (field.pointer.parentElement) field.pointer.parentElement.hidden = position === null;
  if (position !== null) drawPointer(field.pointer, text, position);
  if (name === "hand" && OUTSIDE_SET.has(`error.${error.code}`)) offerDrop(text);
  field.box.hidden = false;
  markStale(!ui.results.hidden); // results still drawn are the last valid hand's
}

/**
 * The page's words for the mistakes a player makes typing a hand (by the engine's error code): what is wrong
 * and how to write it, without the parser's "expected ..., got ... at character n" (the pointer marks the spot).
 * Keyed by the catalog key of the parser's message ("error." and the code).
 */
const MISTAKES = /** @type {Record<string, string>} */ ({
  "error.notation.unended": "mistake.suit_letter",
  "error.notation.unended_end": "mistake.suit_letter",
  "error.notation.unexpected": "mistake.not_a_tile",
  "error.notation.honor_digit": "mistake.honor_digit",
  "error.notation.red_honor": "mistake.red_honor",
  "error.notation.digits_before_suit": "mistake.digits_first",
  "error.copies.fifth": "mistake.fifth_copy",
  "error.copies.fifth_plain": "mistake.fifth_copy",
  "error.copies.second_red": "mistake.second_red",
  "error.size.too_many": "mistake.too_many",
  "error.size.too_many_with_melds": "mistake.too_many_with_melds",
  "error.rules.honor_tile": "mistake.outside_set",
  "error.rules.man_tile": "mistake.outside_set",
  "error.sanma.tile": "mistake.outside_set",
  "error.meld.size": "mistake.meld_size",
  "error.meld.ankan_size": "mistake.meld_size",
  "error.meld.unclosed": "mistake.meld_unclosed",
  "error.meld.unclosed_after_suit": "mistake.meld_unclosed",
  "error.meld.empty": "mistake.meld_empty",
  "error.meld.honor_chi": "mistake.not_a_meld",
  "error.meld.not_chi": "mistake.not_a_meld",
  "error.meld.not_pon": "mistake.not_a_meld",
  "error.meld.not_kan": "mistake.not_a_meld",
  "error.melds.too_many_text": "mistake.too_many_melds",
  "error.melds.too_many": "mistake.too_many_melds",
  "error.visible.too_many_copies": "mistake.too_many_visible",
});
/** The mistakes of a tile outside the rule set chosen (the error box offers to drop them). */
const OUTSIDE_SET = new Set(Object.keys(MISTAKES).filter((key) => MISTAKES[key] === "mistake.outside_set"));

/**
 * A mistake in a player's words, or null when the page has none for its code.
 * @param {EngineError} error
 * @returns {string | null}
 */
function playerWords(error) {
  const key = MISTAKES[`error.${error.code}`];
  if (!key) return null;
  /** @type {Record<string, string | number>} */
  const params = {};
  for (const [name, value] of Object.entries(error.params ?? {})) {
    // the parser quotes what it quotes ('45'): a player reads the tiles as they are
    params[name] = typeof value === "string" ? value.replace(/^'(.*)'$/, "$1") : Number(value);
  }
  params.ruleset = i18n.t(`error.ruleset.${params.ruleset ?? "sanma"}`);
  return i18n.t(key, params);
}

/**
 * The button under a hand with tiles outside the rule set chosen (after a switch of rule set): it drops them in
 * one tap, the tiles and melds of the set kept.
 * @param {string} text  the hand as typed
 */
function offerDrop(text) {
  const read = sketchHand(text);
  if (!read) return;
  const kept = read.concealed.filter((code) => inSet(code, page.choice.rules));
  const melds = read.melds.filter((meld) => meld.tiles.every((code) => inSet(code, page.choice.rules)));
  const dropped = [
    ...read.concealed.filter((code) => !inSet(code, page.choice.rules)),
    ...read.melds.filter((meld) => !melds.includes(meld)).map((meld) => meld.text),
  ];
  if (!dropped.length) return;
  const nukidora = read.nukidora && page.choice.rules === "sanma" ? [NUKIDORA.repeat(read.nukidora)] : [];
  ui.dropOutside.textContent = i18n.t("ui.drop_outside", { tiles: dropped.join(" ") });
  ui.dropOutside.dataset.hand = [kept.join(""), ...melds.map((meld) => meld.text), ...nukidora].filter(Boolean).join(" ");
  dropFix().hidden = false;
}

/**
 * Enter with an error: put the cursor on the offending character (selected).
 * @param {EngineError} error
 */
function selectError(error) {
  const field = FIELDS[fieldOf(error)];
  field.input.focus();
  if (error.position !== null && Number.isInteger(error.position)) {
    const end = Math.min(error.position + 1, field.input.value.length);
    field.input.setSelectionRange(Math.min(error.position, end), end);
  }
}

// ---- results --------------------------------------------------------------------------------------------

/**
 * The number of tiles in a hand, 3 per called meld (a kan's 4th is a replacement, not counted).
 * @param {DrawnHand} hand
 */
function tileCount(hand) {
  return hand.concealed.length + 3 * hand.melds.length;
}

/**
 * The quiet line under the hand: how many tiles there are and, while the hand is being built, what is missing.
 * @param {DrawnHand | null} hand
 */
function drawCount(hand) {
  const count = hand ? tileCount(hand) : 0;
  ui.handCount.hidden = count === 0;
  if (!hand || count === 0) return;
  const tiles = i18n.t("ui.tile_count", { count });
  if (hand.concealed.length % 3 === 0) ui.handCount.textContent = i18n.t("ui.add_one_more", { tiles });
  else if (count < 13) ui.handCount.textContent = i18n.t("ui.add_more", { tiles, count: 13 - count });
  else ui.handCount.textContent = i18n.t("ui.tiles_done", { tiles });
  ui.handCount.dataset.count = String(count);
}

/**
 * "Read as 123m" under the hand when the engine normalised what was typed (full-width or upper-case letters).
 * @param {DrawnHand | null} result
 */
function showReadAs(result) {
  const readAs = result?.read_as;
  ui.readAs.hidden = !readAs;
  ui.readAs.textContent = readAs ? i18n.t("ui.read_as", { hand: readAs }) : "";
}

/**
 * Draw the hand's tiles (an analysis, or the engine's tiles of an incomplete hand, or before the engine is
 * ready a sketch of the typed text); null: no hand.
 * @param {DrawnHand | null} result
 * @param {"engine" | "sketch"} [source]  who read the hand (data-source of the tiles, for the tests)
 */
function drawHand(result, source = "engine") {
  ui.handTiles.dataset.source = source;
  showReadAs(result);
  drawCount(result);
  if (!result) {
    delete ui.root.dataset.handFull;
    ui.handTiles.replaceChildren();
    ui.handEmpty.hidden = false;
    page.current = null;
    showShareButtons();
    updatePalette();
    return;
  }
  page.current = result;
  if (tileCount(result) >= 14) ui.root.dataset.handFull = "";
  else delete ui.root.dataset.handFull;
  showShareButtons();
  const focused = handKeys.hasFocus(); // a tile was taken out with the keyboard: the focus stays in the hand
  ui.handTiles.replaceChildren(...render.handTiles(result, { tag: "button" }));
  handKeys.refresh({ focus: focused });
  ui.handEmpty.hidden = result.concealed.length + result.melds.length > 0;
  updatePalette();
}

/**
 * Every tile of a hand, as codes: concealed, in called melds, and its norths set aside (nukidora).
 * @param {DrawnHand} hand
 */
function heldTiles(hand) {
  return [...hand.concealed, ...hand.melds.flatMap((m) => m.tiles), ...Array.from({ length: hand.nukidora ?? 0 }, () => "4z")];
}

/**
 * Grey out the palette tiles that cannot be added to the hand on screen: a 5th copy of a kind (called melds
 * count), a second red five of a suit, anything once the hand has 14 tiles (3 per meld).
 */
function updatePalette() {
  const held = page.current ? heldTiles(page.current) : [];
  const copies = new Map();
  for (const code of held) copies.set(kindOf(code), (copies.get(kindOf(code)) ?? 0) + 1);
  const full = page.current !== null && tileCount(page.current) >= 14;
  ui.paletteFull.hidden = !full; // why the palette is grey: said, not left to guess
  const focused = paletteKeys.hasFocus(); // a tile that goes grey hands the focus to its neighbour
  for (const button of ui.palette.querySelectorAll("button.tile")) {
    if (!(button instanceof HTMLButtonElement)) continue;
    const code = button.dataset.tile ?? "";
    const why = full ? i18n.t("ui.why_full")
      : (copies.get(kindOf(code)) ?? 0) >= 4 ? i18n.t("ui.why_four")
        : code[0] === "0" && held.includes(code) ? i18n.t("ui.why_red") : "";
    button.disabled = why !== "";
    button.title = why && i18n.t("ui.cannot_add", { why });
  }
  // a north set aside (sanma): while a copy is left (it does not fill the hand)
  const aside = ui.palette.querySelector("button.nukidora");
  if (aside instanceof HTMLButtonElement) {
    aside.disabled = (copies.get("4z") ?? 0) >= 4;
    aside.title = aside.disabled ? i18n.t("ui.why_nukidora") : "";
  }
  paletteKeys.refresh({ focus: focused && !paletteKeys.hasFocus() });
  ui.backspace.disabled = page.edits.length === 0 && !(page.current?.concealed.length);
  // The hand is full: the focus goes to Backspace without scrolling to it. On a phone the full hand's analysis
  // moves above the palette (style.css: html[data-hand-full]), so scrolling to Backspace would take the hand and
  // its count off the screen.
  if (focused && !paletteKeys.hasFocus() && !ui.backspace.disabled) ui.backspace.focus({ preventScroll: true });
}

/**
 * With opponents: each tile's chance to deal in, under the analysis's headline (the answer a player wants first
 * after a riichi); none without.
 * @param {Analysis} result
 * @param {string} visible
 */
function drawDanger(result, visible) {
  ui.resultsBody.querySelector("section.danger")?.remove();
  const strip = page.danger?.show(result, visible, page.opponents?.text() ?? "");
  if (strip) (ui.resultsBody.querySelector(".melded-note") ?? ui.resultsBody.querySelector(".summary"))?.after(strip);
}

/**
 * The opponents changed (tapped, typed, cleared): the advice counts them, the address keeps them, the danger
 * strip follows.
 * @param {string} text
 */
function opponentsChanged(text) {
  page.advice?.setOpponents(text);
  replaceUrl();
  if (!page.shown || !page.analysed) return;
  drawDanger(page.shown, page.analysed.visible);
  // the call panel's answer was without them (or with others): asked again when a tile is tapped
  if (page.shown.concealed.length % 3 === 1) page.calls?.show(page.shown, page.analysed.visible);
}

/**
 * @param {Analysis} result
 * @param {string} visible  the visible tiles it was analysed with
 */
function drawResult(result, visible) {
  performance.mark("paili:draw analysis");
  ui.results.append(ui.scoreSection); // the Score panel's place while the results are redrawn (placeScore)
  // a hand that waits for a tile (3n+1): its waits and improving tiles draw, and so does "Draw a tile"
  ui.randomDraw.hidden = result.concealed.length % 3 !== 1;
  // a phone hides the discard table's improving tiles (each row's details list them): they are not built there
  const improve = !narrowScreen.matches;
  ui.resultsBody.replaceChildren(...render.resultBlocks(result, { draw: true, advice: true, improve }));
  // Fewer than 13 tiles are analysed as a hand whose other tiles are called melds: said under the headline.
  const missing = Math.floor((14 - tileCount(result)) / 3);
  if (missing > 0) {
    ui.resultsBody.querySelector(".summary")?.after(render.h("p", { class: "rule-note melded-note", role: "note" },
      i18n.t("ui.read_as_melded", { count: missing, tiles: tileCount(result) })));
  }
  page.shown = result;
  ui.results.dataset.hand = render.handText(result);
  ui.results.hidden = false;
  const table = ui.resultsBody.querySelector("table.discards");
  const waits = ui.resultsBody.querySelector("ul.waits");
  if (table instanceof HTMLTableElement) page.advice?.show(result, table, visible);
  else if (waits instanceof HTMLElement) page.advice?.showWaits(result, waits, visible); // a tenpai 3n+1 hand
  else page.advice?.clear();
  // a hand waiting for its draw: should it call a tile thrown now?
  if (result.concealed.length % 3 === 1 && page.calls) ui.resultsBody.append(page.calls.show(result, visible));
  else page.calls?.clear();
  drawDanger(result, visible);
  performance.mark("paili:drawn analysis");
  if (page.focusResults) {
    page.focusResults = false;
    // the table, or what replaced it: its first discard button, else the analysis itself
    const target = ui.resultsBody.querySelector("button.discard-button");
    (target instanceof HTMLElement ? target : ui.results).focus();
  }
}

/**
 * The answer first: a win's points and yaku right under the headline (and its rule notes), before the
 * decompositions and the discard table; a tenpai hand's situation after the waits it prices.
 */
function placeScore() {
  const head = ui.resultsBody.querySelector(".summary");
  let after = head;
  while (after?.nextElementSibling?.classList.contains("rule-note")) after = after.nextElementSibling;
  if (ui.scoreSection.dataset.mode === "win" && after) after.after(ui.scoreSection);
  else ui.results.append(ui.scoreSection);
}

function clearResult() {
  ui.results.append(ui.scoreSection);
  page.shown = null;
  ui.randomDraw.hidden = true;
  ui.resultsBody.replaceChildren();
  delete ui.results.dataset.hand;
  ui.results.hidden = true;
  page.advice?.clear();
  page.calls?.clear();
  page.danger?.clear();
}

// ---- analysis -------------------------------------------------------------------------------------------


/**
 * Analyse the hand in the field now; with `canonical`, the field then shows the engine's text of the hand
 * (after a tap: the tile codes appended or taken out are written back in canonical order).
 * `typing`: started by typing in a field (a mistake is held back: see showPending).
 * @param {{canonical?: boolean, typing?: boolean}} [options]
 */
async function analyzeNow({ canonical = false, typing = false } = {}) {
  clearTimeout(page.timer);
  clearTimeout(page.errorTimer);
  page.pendingError = null;
  const hand = ui.hand.value;
  const visible = ui.visible.value;
  const { rules, void: voidSuit } = page.choice;
  const id = ++page.latest;
  const asked = `${rules}/${voidSuit}`;
  // the advice's search is for another hand (or rule set)
  if (page.analysed?.hand !== hand || page.analysed.visible !== visible || page.analysed.rules !== asked) page.advice?.cancel();
  page.analysed = { hand, visible, rules: asked };
  if (!hand.trim()) {
    page.lastError = null;
    clearErrors();
    drawHand(null);
    clearResult();
    score.clear();
    return;
  }
  if (!page.engine) {
    // The engine is still loading: draw the tiles at once (a sketch); the engine's answer replaces it when ready.
    clearErrors();
    drawHand(sketchHand(hand), "sketch");
    return;
  }
  ui.results.setAttribute("aria-busy", "true");
  try {
    const result = await page.engine.analyze(hand, { visible, rules, void: voidSuit || null });
    if (id !== page.latest) return;
    page.advice?.prefetch(result, visible); // the worker searches while the analysis is drawn
    page.lastError = null;
    clearErrors();
    drawHand(result);
    drawResult(result, visible);
    if (canonical && ui.hand.value === hand) {
      ui.hand.value = render.handText(result);
      page.analysed = { hand: ui.hand.value, visible, rules: asked };
      replaceUrl();
    }
    score.show(result, { typed: hand, entered: page.entered, waitsRoot: ui.resultsBody });
    placeScore();
  } catch (error) {
    if (!(error instanceof EngineError)) throw error; // the engine rejects with nothing else
    if (id !== page.latest) return;
    // A hand still being built (3k tiles) is no error: draw its tiles, say what is missing, analyse nothing.
    const partial = error.type === "HandError" && fieldOf(error) === "hand" ? await partialHand(hand, rules) : null;
    if (id !== page.latest) return;
    if (partial) {
      page.lastError = null;
      clearErrors();
      drawHand(partial);
      clearResult();
      score.clear();
      if (canonical && ui.hand.value === hand) {
        ui.hand.value = render.handText(partial);
        replaceUrl();
      }
      return;
    }
    page.lastError = error;
    clearErrors();
    if (typing) {
      // Typing: the last valid hand and its analysis stay drawn. A token not finished yet ("45" before its suit
      // letter) is no mistake until the field is left; another mistake shows after a short pause.
      page.pendingError = { error, texts: { hand, visible } };
      if (!unfinished(error, fieldOf(error) === "hand" ? hand : visible)) page.errorTimer = setTimeout(showPending, ERROR_PAUSE_MS);
      return;
    }
    showError(error, { hand, visible });
    drawHand(null);
    clearResult();
    score.clear();
  } finally {
    if (id === page.latest) ui.results.removeAttribute("aria-busy");
  }
}

/**
 * The engine's tiles of a hand that is not (yet) one, or null when it is wrong in another way.
 * @param {string} hand
 * @param {Rules} rules
 */
async function partialHand(hand, rules) {
  try {
    return await page.engine?.tiles(hand, { rules }) ?? null;
  } catch {
    return null;
  }
}

function analyzeSoon() {
  clearTimeout(page.timer);
  page.timer = setTimeout(() => analyzeNow({ typing: true }), DEBOUNCE_MS);
}


/**
 * A token still being typed: the text ends where the engine expected more (digits waiting for their suit letter).
 * @param {EngineError} error
 * @param {string} text
 */
function unfinished(error, text) {
  return error.code === "notation.unended_end" || (error.position !== null && error.position >= text.trimEnd().length);
}

/** Show the mistake held back while typing (after the pause, or as the field is left). */
function showPending() {
  clearTimeout(page.errorTimer);
  if (!page.pendingError) return;
  const { error, texts } = page.pendingError;
  page.pendingError = null;
  if (ui.hand.value !== texts.hand || ui.visible.value !== texts.visible) return; // typed on since
  showError(error, texts);
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
  page.edits = [];
  page.entered = null;
  replaceUrl();
  analyzeSoon();
}

/** The palette of the rule set chosen: its tiles, by suit; under sanma, a north to set aside (nukidora) last. */
function buildPalette() {
  const rows = paletteOf(page.choice.rules).map((row) => row.map((name) => render.tile(name, { tag: "button" })));
  if (RULE_SETS[page.choice.rules].nukidora) {
    const label = i18n.t("ui.nukidora_button", { notation: NUKIDORA });
    const aside = render.tile("4z", { tag: "button", label });
    aside.classList.add("nukidora");
    delete aside.dataset.tile; // not a tile of the hand: it appends {4z}
    aside.append(render.h("span", { class: "nukidora-mark", "aria-hidden": "true" }, "抜"));
    rows.at(-1)?.push(aside);
  }
  ui.palette.replaceChildren(...rows.map((row) => render.h("div", { class: "palette-row" }, row)));
  paletteKeys.refresh();
  updatePalette();
}

/** The rule set selector's choices, and the Sichuan suit's, from rules.js. */
function buildRulePicker() {
  ui.rules.replaceChildren(...Object.entries(RULE_NAMES).map(([value, { name }]) => render.h("option", { value }, i18n.t(name))));
  ui.void.replaceChildren(...VOID_SUITS.map(([suit, key]) => render.h("option", { value: suit }, i18n.t(key))));
}

/**
 * Take a rule set (and a Sichuan hand's suit given up): the selectors, the help line and the palette follow.
 * @param {{rules: Rules, void: string}} next
 */
function setRules(next) {
  const rules = rulesOf(next.rules);
  const changed = rules !== page.choice.rules;
  page.choice = { rules, void: voidOf(next.void, rules) };
  ui.rules.value = rules;
  ui.root.dataset.rules = rules;
  ui.void.hidden = !RULE_SETS[rules].void;
  ui.void.value = page.choice.void;
  const help = RULE_NAMES[rules].help;
  ui.rulesHelp.textContent = help ? i18n.t(help) : "";
  ui.rulesHelp.hidden = !help;
  if (changed || !ui.palette.childElementCount) buildPalette();
  page.opponents?.setRules(rules);
}

/**
 * The hand on screen without its concealed tile at `index`: the engine's codes without that one, then the melds.
 * @param {number} index
 * @param {{push: boolean}} options `push`: a step of the browser history (the Undo button)
 */
function removeTile(index, { push }) {
  if (!page.current) return;
  const codes = page.current.concealed.filter((_, i) => i !== index);
  page.edits = [];
  page.entered = null;
  setHand([codes.join(""), ...page.current.melds.map((m) => m.text)].filter(Boolean).join(" "), { push, canonical: true });
}

/**
 * Draw a tile into the hand on screen (playing forward): its text and the code, as a step Undo takes back.
 * @param {string} code
 */
function drawTile(code) {
  if (!page.current) return;
  page.edits = [];
  page.entered = code; // a wait drawn is the Score panel's winning tile
  setHand(`${render.handText(page.current)} ${code}`, { push: true, canonical: true });
}

/**
 * The element matching `selector` that an event happened in (the target or an ancestor), if any.
 * @param {Event} event
 * @param {string} selector
 * @returns {HTMLElement | null}
 */
function closest(event, selector) {
  const target = event.target;
  const found = target instanceof Element ? target.closest(selector) : null;
  return found instanceof HTMLElement ? found : null;
}

/**
 * The tile code of the tile matching `selector` that an event happened in, if any.
 * @param {Event} event
 * @param {string} selector
 */
function tileOf(event, selector) {
  return closest(event, selector)?.dataset.tile ?? null;
}

function wire() {
  // Another rule set (or suit given up): the same hand, analysed under it; a step of its own in the address.
  for (const select of [ui.rules, ui.void]) {
    select.addEventListener("change", () => {
      setRules({ rules: rulesOf(ui.rules.value), void: ui.void.value });
      replaceUrl();
      analyzeNow();
    });
  }
  // a hand with tiles outside the rule set: one tap drops them
  ui.dropOutside.addEventListener("click", () => {
    page.edits = [];
    page.entered = null;
    setHand(ui.dropOutside.dataset.hand ?? "", { push: true, canonical: true });
  });
  ui.hand.addEventListener("input", onTyping);
  ui.visible.addEventListener("input", onTyping);
  // leaving a field shows its mistake at once (an unfinished token included)
  ui.hand.addEventListener("blur", showPending);
  ui.visible.addEventListener("blur", showPending);
  // Enter analyses at once and, for a bad hand, selects the offending character.
  ui.form.addEventListener("submit", (event) => event.preventDefault());
  for (const input of [ui.hand, ui.visible]) {
    input.addEventListener("keydown", async (event) => {
      if (event.key !== "Enter" || event.isComposing) return;
      event.preventDefault();
      await analyzeNow();
      if (page.lastError) selectError(page.lastError);
    });
  }
  // Clear starts over: no tap to take back, no step to undo.
  ui.clear.addEventListener("click", () => {
    page.edits = [];
    history.replaceState({ depth: 0 }, "", urlFor("", ui.visible.value));
    ui.undo.hidden = true;
    setHand("");
    ui.hand.focus();
  });
  // A tapped palette tile appends its code to the text; the engine writes the hand back canonically.
  ui.palette.addEventListener("click", (event) => {
    if (closest(event, "button.nukidora:not(:disabled)")) {
      page.edits.push(ui.hand.value);
      page.entered = null;
      setHand(`${ui.hand.value}${NUKIDORA}`, { canonical: true });
      return;
    }
    const name = tileOf(event, "button.tile:not(:disabled)");
    if (!name) return;
    page.edits.push(ui.hand.value);
    page.entered = name;
    setHand(ui.hand.value + name, { canonical: true });
  });
  // Backspace: the hand before the last palette tap, else the hand without its last concealed tile.
  ui.backspace.addEventListener("click", () => {
    const previous = page.edits.pop();
    if (previous !== undefined) setHand(previous, { canonical: true });
    else if (page.current?.concealed.length) removeTile(page.current.concealed.length - 1, { push: false });
  });
  // A tapped hand tile is taken out, as a step the Undo button takes back.
  ui.handTiles.addEventListener("click", (event) => {
    const button = closest(event, "button.tile");
    if (button && page.current) removeTile(Number(button.dataset.index), { push: true });
  });
  // Playing forward: a wait or an improving tile tapped is drawn into the hand; "Draw a tile" draws from the
  // wall left (the hand and the visible tiles taken out). Both are steps the Undo button takes back.
  ui.resultsBody.addEventListener("click", (event) => {
    const code = tileOf(event, ".tile-counts button.tile:not(:disabled)");
    if (code) drawTile(code);
  });
  ui.randomDraw.addEventListener("click", () => {
    if (!page.current) return;
    const code = drawFrom(wallLeft(heldTiles(page.current), sketchCodes(ui.visible.value) ?? [], page.choice.rules), random);
    if (code) drawTile(code);
  });
  // A discard row (its button, or anywhere on it but its expand button) draws the hand after that discard.
  ui.resultsBody.addEventListener("click", (event) => {
    const row = closest(event, "table.discards tr.discard-row");
    if (!row?.dataset.after || closest(event, "button.expand")) return;
    page.focusResults = row.contains(document.activeElement);
    setHand(row.dataset.after, { push: true });
  });
  ui.undo.addEventListener("click", () => history.back());
  window.addEventListener("popstate", () => {
    page.edits = [];
    readUrl();
    analyzeNow();
  });
}

// ---- sharing --------------------------------------------------------------------------------------------

/**
 * The link to a hand (?q=, and ?v= with visible tiles), with the sender's language (&lang=) only when they
 * ticked "Open in my language".
 * @param {DrawnHand} result
 */
function shareUrl(result) {
  const url = urlFor(render.handText(result), ui.visible.value);
  if (ui.shareLanguage.checked) url.searchParams.set(i18n.URL_PARAM, i18n.translator().tag);
  return url.href;
}

function showShareButtons() {
  ui.shareRow.hidden = !page.current;
  ui.share.hidden = typeof navigator.share !== "function";
  if (!page.current) ui.shareNote.hidden = true;
}

/** @param {string} text */
function note(text) {
  ui.shareNote.textContent = text;
  ui.shareNote.hidden = false;
}

async function copyLink() {
  if (!page.current) return;
  const url = shareUrl(page.current);
  try {
    await navigator.clipboard.writeText(url);
    note(i18n.t("ui.link_copied"));
  } catch {
    note(i18n.t("ui.copy_this_link", { url })); // no clipboard access: the link as text, to select by hand
  }
}

async function shareHand() {
  if (!page.current) return;
  const url = shareUrl(page.current);
  try {
    await navigator.share({ title: i18n.t("ui.share_title", { hand: render.handText(page.current) }), url });
  } catch (error) {
    if (!(error instanceof Error && error.name === "AbortError")) await copyLink(); // refused or failed: copy instead
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
        page.advice?.cancel();
        page.engine?.close();
        page.engine = null;
        apply(); // the new service worker takes over; offline.js reloads the page on controllerchange
      };
    },
  });
}

// ---- start ----------------------------------------------------------------------------------------------

/**
 * @param {"loading" | "ready" | "failed"} state  what data-engine says
 * @param {string} message
 * @param {import("../paili.mjs").DownloadProgress} [download]  the bytes of the engine's download so far
 */
function setEngineState(state, message, download) {
  ui.root.dataset.engine = state;
  ui.status.textContent = message;
  ui.progress.hidden = state !== "loading" || !download?.total;
  if (download?.total) ui.progress.value = Math.min(100, (100 * download.loaded) / download.total);
}

/**
 * The engine failed (at start-up or later): say so, and offer a Retry button that starts a new one.
 * @param {unknown} error
 */
function engineFailed(error) {
  page.engine = null;
  setEngineState("failed", failureText(error));
  const retry = render.h("button", { type: "button", class: "secondary retry" }, i18n.t("ui.retry"));
  retry.addEventListener("click", () => startEngine());
  ui.status.append(" ", retry);
}

/**
 * Take over the engine started as the page loaded (early.js), or start a new one (a retry), and show its progress.
 * @param {boolean} [first]  the page's first engine
 */
async function startEngine(first = false) {
  // the engine early.js started as the page loaded; a retry starts a new one
  page.engine = await startPageEngine({ say: setEngineState, first, onFailure: engineFailed });
  if (!page.engine) return;
  ui.root.dataset.build = page.engine.build;
  ui.version.textContent = page.engine.version ? i18n.t("ui.engine_version", { version: page.engine.version }) : "";
  setEngineState("ready", i18n.t("ui.engine_ready"));
  await page.opponents?.refresh(); // the opponents of the address, read before the first advice asks for them
  await analyzeNow();
}

/** The palette folded away (a phone's screen for the answer) or shown; the choice is kept across visits. */
const PALETTE_KEY = "paili.palette";

/** @param {boolean} folded */
function foldPalette(folded) {
  if (folded) ui.root.dataset.palette = "folded";
  else delete ui.root.dataset.palette;
  ui.paletteToggle.setAttribute("aria-expanded", String(!folded));
  ui.paletteToggle.textContent = i18n.t(folded ? "ui.palette_show" : "ui.palette_hide");
  try {
    localStorage.setItem(PALETTE_KEY, folded ? "folded" : "shown");
  } catch {
    // storage refused (private mode): the choice lasts this visit
  }
}

/** Whether the player folded the palette on an earlier visit. */
function paletteWasFolded() {
  try {
    return localStorage.getItem(PALETTE_KEY) === "folded";
  } catch {
    return false; // storage refused: shown
  }
}

function bindPaletteToggle() {
  foldPalette(paletteWasFolded());
  ui.paletteToggle.addEventListener("click", () => foldPalette(ui.root.dataset.palette !== "folded"));
}

async function start() {
  // The engine first: Pyodide's start-up is the long pole, and the rest below runs while it loads.
  const engineStarted = startEngine(true);
  i18n.bindLanguageSelect(ui.language);
  ui.meldsHelp.replaceChildren(...i18n.template("ui.melds_help", Object.fromEntries(
    [["chi", "[789s]"], ["pon", "[777s]"], ["kan", "[7777s]"], ["ankan", "(7777s)"]].map(([k, text]) => [k, render.h("code", {}, text)]))));
  ui.root.dataset.advice = "none";
  page.advice = createAdvice({ engine: () => page.engine, root: ui.root, container: ui.resultsBody });
  ui.root.dataset.calls = "none";
  page.calls = createCalls({ engine: () => page.engine, root: ui.root, onWalk: (hand) => setHand(hand, { push: true }),
    opponents: () => page.opponents?.text() ?? "" });
  page.danger = createDanger({ engine: () => page.engine, root: ui.root });
  page.opponents = createOpponents({ engine: () => page.engine, root: ui.root, details: ui.opponentsField, onChange: opponentsChanged });
  buildRulePicker();
  bindPaletteToggle();
  readUrl(); // the rule set of the address, and its palette

  wire();
  analyzeNow(); // the engine is loading: a ?q= hand is drawn at once, and analysed once the engine is ready
  ui.copyLink.addEventListener("click", copyLink);
  ui.share.addEventListener("click", shareHand);
  await engineStarted;
  // Then the service worker: precaching the site (~14 MB, hashed) would compete with the engine's start-up.
  startOffline();
}

start();
