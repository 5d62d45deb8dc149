// The page's Score panel (paili.score): what a complete hand is worth in the situation the user sets, redrawn
// as each option changes; for a tenpai 13-tile hand, the same situation prices each wait of the Analysis
// (paili.score_waits). The situation is part of the page's address (situation.js), so a link or a reload
// brings it back.
//
// app.js calls show(result, ...) for every analysis (the panel shows for a win or a tenpai 13-tile hand) and
// clear() otherwise. The section carries data-state = idle | running | done | error, data-mode = win | waits,
// data-hand (the hand scored) and, for a win once drawn, data-han, data-fu, data-points, data-total and
// data-no-yaku.
//
// This module is the DOM: the form, its events, and the calls that draw. The state and what it means (the
// winning tile, the parts that apply, what is asked, where an error goes) is scorecontrol.js's (tested under
// node against recorded answers: tests/js/scorecontrol.test.js).

import { byId } from "./dom.js";
import { t } from "./i18n.js";
import { h, tile } from "./render.js";
import { PARTS, clearHand, formModel, initialScore, pickIndicator, pickWin, readParams, showHand, update,
  writeParams } from "./scorecontrol.js";
import { fillWaitValues, scoreBlocks, situationText } from "./scoreview.js";
import { MAX_COUNT, MAX_FLOWERS, TOGGLES, countOf, effective, WINDS } from "./situation.js";
import { PALETTE, tileName } from "./tiles.js";

/** @typedef {import("../paili.mjs").Analysis} Analysis */
/** @typedef {import("../paili.mjs").PailiEngine} PailiEngine */
/** @typedef {import("./situation.js").Optional} Optional */
/** @typedef {import("./scorecontrol.js").Part} Part */

const OPEN_KEY = "paili.situation";

/** Whether the situation form was left open (false when storage is unavailable). */
function readOpen() {
  try {
    return localStorage.getItem(OPEN_KEY) === "open";
  } catch {
    return false;
  }
}

/** @param {boolean} open */
function writeOpen(open) {
  try {
    localStorage.setItem(OPEN_KEY, open ? "open" : "closed");
  } catch {
    // private browsing without storage: the form opens and closes, unremembered
  }
}

/**
 * @param {{getEngine: () => PailiEngine | null, onChange: () => void}} deps  onChange: the situation changed
 *   (app.js writes the address)
 */
export function createScore({ getEngine, onChange }) {
  const section = byId("score", HTMLElement);
  const form = byId("score-form", HTMLFormElement);
  const intro = byId("score-intro", HTMLElement);
  const body = byId("score-body", HTMLElement);
  const panelError = byId("score-error", HTMLElement);
  // The situation (how and where the hand was won) folds under the answer: one tap opens it, and the page
  // remembers it open or closed (localStorage) for the next hand and the next visit.
  const details = byId("situation", HTMLDetailsElement);
  const line = byId("situation-line", HTMLElement);
  details.open = readOpen();
  details.querySelector("summary")?.addEventListener("click", () => writeOpen(!details.open));

  const state = initialScore();
  /** @type {ParentNode | null} where the Analysis drew the waits of the hand scored (a tenpai 13-tile hand's) */
  let waitsRoot = null;

  // ---- the form ------------------------------------------------------------------------------------------

  /** @type {Partial<Record<Part, HTMLElement>>} each part's wrapper (hidden where it does not apply) */
  const wrappers = {};
  /** @type {Partial<Record<Part, HTMLElement>>} each part's error line */
  const errors = {};

  /**
   * A part of the form: its control(s) and an error line under them.
   * @param {Part} part
   * @param {string} cls
   * @param {...(Node | string | null)} content
   */
  function field(part, cls, ...content) {
    const error = h("p", { class: "field-error error-message", id: `score-${part}-error`, hidden: true });
    const wrapper = h("div", { class: `score-field ${cls}`, dataset: { part } }, ...content, error);
    wrappers[part] = wrapper;
    errors[part] = error;
    return wrapper;
  }

  /**
   * @param {Part} part
   * @param {string} label
   * @param {[string, string][]} options
   */
  function select(part, label, options) {
    const control = h("select", { id: `score-${part}`, name: part, "aria-describedby": `score-${part}-error` },
      options.map(([value, text]) => h("option", { value }, text)));
    return field(part, "score-select", h("label", { for: `score-${part}` }, label), control);
  }

  /**
   * @param {Part} part
   * @param {string} label  (changed later for the last tile and the first draw, see drawForm)
   */
  function check(part, label) {
    const control = h("input", { type: "checkbox", id: `score-${part}`, name: part, "aria-describedby": `score-${part}-error` });
    return field(part, "score-check", h("label", { for: `score-${part}` }, control, " ", h("span", {}, label)));
  }

  /**
   * An indicator field (dora / ura): typed in mpsz, or picked from a small palette.
   * @param {"dora" | "ura"} part
   * @param {string} label
   */
  function indicators(part, label) {
    const input = h("input", { type: "text", id: `score-${part}`, name: part, spellcheck: "false", autocapitalize: "off",
      autocorrect: "off", placeholder: t("score.example"), "aria-describedby": `score-${part}-error` });
    const tiles = h("div", { class: "picker-tiles", role: "group", "aria-label": t(part === "ura" ? "score.pick_ura" : "score.pick_dora") });
    const clear = h("button", { type: "button", class: "secondary", dataset: { clear: part } }, t("score.clear"));
    const picker = h("details", { class: "picker", dataset: { picker: part } }, h("summary", {}, t("score.pick_tiles")), tiles, clear);
    // Its 37 tiles are drawn when it is first opened: most visits never open it, and the two pickers drawn with
    // the page cost each page load about 60 ms of the main thread (profiled on a return visit).
    picker.addEventListener("toggle", () => {
      if (!picker.open || tiles.hasChildNodes()) return;
      tiles.replaceChildren(...PALETTE.map((row) => h("div", { class: "palette-row" },
        row.map((code) => tile(code, { tag: "button", label: t("score.add_tile", { tile: tileName(code) }) })))));
    });
    return field(part, "score-text", h("label", { for: `score-${part}` }, label), h("div", { class: "input-row" }, input), picker);
  }

  /**
   * @param {Part} part
   * @param {string} label
   */
  function count(part, label) {
    const control = h("input", { type: "number", id: `score-${part}`, name: part, min: 0, max: MAX_COUNT, step: 1,
      inputmode: "numeric", "aria-describedby": `score-${part}-error` });
    return field(part, "score-count", h("label", { for: `score-${part}` }, label), control);
  }

  const winTiles = h("div", { class: "win-tiles", role: "group", "aria-label": t("score.winning_tile") });
  form.replaceChildren(
    field("win", "score-win", h("p", { class: "score-label", "aria-hidden": "true" }, t("score.winning_tile"), " ", h("span", { class: "help" }, t("score.tap_winning_tile"))), winTiles),
    select("tsumo", t("score.won_by"), [["ron", t("score.ron_discard")], ["tsumo", t("score.tsumo_self")]]),
    select("seat_wind", t("score.seat_wind"), WINDS.map((v) => [v, v === "1z" ? t("score.dealer_wind", { wind: t(`wind.${v}`) }) : t(`wind.${v}`)])),
    select("round_wind", t("score.round_wind"), WINDS.map((v) => [v, t(`wind.${v}`)])),
    select("riichi", t("score.riichi"), [["0", t("score.no_riichi")], ["1", t("score.riichi")], ["2", t("score.double_riichi")]]),
    check("ippatsu", t("score.ippatsu")),
    check("last_tile", t("score.last_tile")),
    check("rinshan", t("score.rinshan")),
    check("chankan", t("score.chankan")),
    check("blessing", t("score.blessing")),
    indicators("dora", t("score.dora_indicators")),
    indicators("ura", t("score.ura_indicators")),
    count("honba", t("score.honba")),
    count("riichi_sticks", t("score.riichi_sticks")),
    select("flowers", t("score.flowers"), Array.from({ length: MAX_FLOWERS + 1 }, (_, n) => [String(n), String(n)])),
    check("last_copy", t("score.last_copy")),
  );

  /** @param {string} id */
  const control = (id) => /** @type {HTMLInputElement | HTMLSelectElement} */ (form.elements.namedItem(id));

  /** Put the situation into the controls and show only the parts that apply (scorecontrol.formModel). */
  function drawForm() {
    const model = formModel(state);
    const { situation } = model;
    for (const key of /** @type {const} */ (["seat_wind", "round_wind"])) {
      const north = control(key).querySelector("option[value='4z']");
      if (north instanceof HTMLOptionElement) north.disabled = north.hidden = !model.north;
    }
    control("tsumo").value = situation.tsumo ? "tsumo" : "ron";
    control("seat_wind").value = situation.seat_wind;
    control("round_wind").value = situation.round_wind;
    control("riichi").value = String(situation.riichi);
    control("flowers").value = String(situation.flowers);
    for (const key of TOGGLES) /** @type {HTMLInputElement} */ (control(key)).checked = situation[key];
    for (const key of /** @type {const} */ (["dora", "ura"])) {
      if (control(key).value !== situation[key]) control(key).value = situation[key];
    }
    for (const key of /** @type {const} */ (["honba", "riichi_sticks"])) {
      if (countOf(control(key).value) !== situation[key] || control(key).value === "") control(key).value = String(situation[key]);
    }
    for (const key of /** @type {Optional[]} */ (Object.keys(model.applies))) {
      const wrapper = wrappers[key];
      if (wrapper) wrapper.hidden = !model.applies[key];
    }
    const last = wrappers.last_tile?.querySelector("label span");
    if (last) last.textContent = model.lastTile;
    const blessing = wrappers.blessing?.querySelector("label span");
    if (blessing) blessing.textContent = model.blessing;
    const shown = state.shown;
    line.textContent = shown
      ? situationText(effective(situation, shown.result, { waits: shown.mode === "waits" }), { waits: shown.mode === "waits" })
      : "";
    // The winning-tile buttons are built again only when the hand's tiles change: a button rebuilt under a tap
    // (the form redraws on every change) would lose the tap, and the keyboard's focus.
    const codes = model.winTiles.map(({ code }) => code).join(",");
    if (winTiles.dataset.codes !== codes) {
      winTiles.dataset.codes = codes;
      winTiles.replaceChildren(...model.winTiles.map(({ code }, index) => {
        const button = tile(code, { tag: "button", label: tileName(code) });
        button.dataset.index = String(index);
        return button;
      }));
    }
    model.winTiles.forEach(({ pressed }, index) => winTiles.children[index]?.setAttribute("aria-pressed", String(pressed)));
  }

  /** Read the controls into the situation. */
  function readForm() {
    const riichi = Number(control("riichi").value);
    state.situation = {
      ...state.situation,
      tsumo: control("tsumo").value === "tsumo",
      seat_wind: control("seat_wind").value,
      round_wind: control("round_wind").value,
      riichi: riichi === 1 || riichi === 2 ? riichi : 0,
      ippatsu: /** @type {HTMLInputElement} */ (control("ippatsu")).checked,
      last_tile: /** @type {HTMLInputElement} */ (control("last_tile")).checked,
      rinshan: /** @type {HTMLInputElement} */ (control("rinshan")).checked,
      chankan: /** @type {HTMLInputElement} */ (control("chankan")).checked,
      blessing: /** @type {HTMLInputElement} */ (control("blessing")).checked,
      dora: control("dora").value,
      ura: control("ura").value,
      honba: countOf(control("honba").value),
      riichi_sticks: countOf(control("riichi_sticks").value),
      flowers: Math.min(countOf(control("flowers").value), MAX_FLOWERS),
      last_copy: /** @type {HTMLInputElement} */ (control("last_copy")).checked,
    };
  }

  function changed() {
    drawForm();
    onChange();
    update(scoring);
  }

  form.addEventListener("submit", (event) => event.preventDefault());
  form.addEventListener("input", () => {
    readForm();
    changed();
  });
  form.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const winButton = target?.closest(".win-tiles button.tile");
    if (winButton instanceof HTMLElement && state.shown) {
      pickWin(state, Number(winButton.dataset.index));
      changed();
      return;
    }
    const picked = target?.closest(".picker button.tile");
    const clear = target?.closest("button[data-clear]");
    const picker = (picked ?? clear)?.closest("[data-part]");
    if (!(picker instanceof HTMLElement)) return;
    const code = picked instanceof HTMLElement ? picked.dataset.tile ?? "" : "";
    pickIndicator(state, picker.dataset.part === "ura" ? "ura" : "dora", code);
    changed();
  });

  // ---- scoring -------------------------------------------------------------------------------------------

  /** Take every error away: the parts' and the panel's own line. */
  function clearErrors() {
    for (const key of PARTS) {
      const error = errors[key];
      if (error) error.hidden = true;
      control(key)?.removeAttribute?.("aria-invalid");
    }
    panelError.hidden = true;
  }

  /** @param {import("./scorecontrol.js").ErrorPlace} place */
  function showError({ part, message }) {
    clearErrors();
    const error = part ? errors[part] : undefined;
    if (part && error) {
      details.open = true; // the part at fault is in the folded form
      error.textContent = message;
      error.hidden = false;
      control(part)?.setAttribute?.("aria-invalid", "true");
    } else {
      panelError.textContent = message;
      panelError.hidden = false;
    }
  }

  function setValues(/** @type {Record<string, string | null>} */ values) {
    for (const [key, value] of Object.entries(values)) {
      if (value === null) delete section.dataset[key];
      else section.dataset[key] = value;
    }
  }

  const NO_VALUES = { han: null, fu: null, points: null, total: null, noYaku: null, fan: null, legal: null };

  /** @type {import("./scorecontrol.js").ScoreView} */
  const view = {
    running() {
      section.dataset.state = "running";
    },
    scored(score, situation, result, values) {
      clearErrors();
      body.replaceChildren(...scoreBlocks(score, situation, result));
      setValues(NO_VALUES);
      setValues(values);
      section.dataset.state = "done";
    },
    waits(waits) {
      clearErrors();
      if (waitsRoot) fillWaitValues(waitsRoot, waits);
      body.replaceChildren();
      section.dataset.state = "done";
    },
    failed(place, mode) {
      body.replaceChildren();
      if (mode === "waits" && waitsRoot) fillWaitValues(waitsRoot, null);
      setValues(NO_VALUES);
      showError(place);
      section.dataset.state = "error";
    },
  };
  const scoring = { state, engine: getEngine, view };

  return {
    /**
     * The situation as address parameters (after the hand's q): what applies to the hand shown (all but the
     * winning tile when no hand is scored). @param {URLSearchParams} params
     */
    writeParams(params) {
      writeParams(state, params);
    },
    /** Take the situation from address parameters. @param {URLSearchParams} params */
    readParams(params) {
      readParams(state, params);
      drawForm(); // the page analyses the address's hand next, and show() scores it in this situation
    },
    /**
     * Show the panel for an analysis: a win is scored, a tenpai 13-tile hand's waits are priced; anything else
     * hides it.
     * @param {Analysis} result
     * @param {{typed: string, entered: string | null, waitsRoot: ParentNode}} context  typed: the hand's text as
     *   typed; entered: the tile code tapped in last (null when typed); waitsRoot: where the Analysis drew its waits
     */
    show(result, { typed, entered, waitsRoot: root }) {
      const mode = showHand(state, result, { typed, entered });
      if (!mode) {
        this.clear();
        return;
      }
      waitsRoot = root;
      section.dataset.hand = state.shown?.hand ?? "";
      section.dataset.mode = mode;
      intro.textContent = mode === "win"
        ? t("score.intro_win")
        : t("score.intro_waits");
      section.hidden = false;
      drawForm();
      onChange();
      update(scoring);
    },
    clear() {
      if (state.shown?.mode === "waits" && waitsRoot) fillWaitValues(waitsRoot, null);
      clearHand(state);
      waitsRoot = null;
      section.hidden = true;
      section.dataset.state = "idle";
      delete section.dataset.hand;
      delete section.dataset.mode;
      setValues(NO_VALUES);
      body.replaceChildren();
      clearErrors();
    },
  };
}
