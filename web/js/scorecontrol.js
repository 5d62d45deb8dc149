// The Score panel's logic, without the DOM: the situation (part of the page's address), which hand is scored and
// how (a win: paili.score; a tenpai 13-tile hand's waits: paili.score_waits), its default winning tile, which
// parts of the form apply and what they say, what the engine is asked, a stale answer dropped, and where an
// error is shown in the players' words. Every function works on the state (one plain value, below); update()
// also on the engine client and a view, the few drawing calls score.js makes on the DOM
// (tests/js/scorecontrol.test.js gives it a fake view and an engine that answers recorded answers).

import { t, translator } from "./i18n.js";
import { handText } from "./render.js";
import { errorText, isGbScore } from "./scoreview.js";
import { DEFAULT_SITUATION, applicable, decodeSituation, defaultWin, effective, encodeSituation, lastTyped, scoreMode,
  scoreOptions } from "./situation.js";

/** @typedef {import("../paili.mjs").Analysis} Analysis */
/** @typedef {import("../paili.mjs").PailiEngine} PailiEngine */
/** @typedef {import("../paili.mjs").Score} Score */
/** @typedef {import("./situation.js").Situation} Situation */
/** @typedef {import("./situation.js").Optional} Optional */

/** The parts of the form, by the engine's field names (an engine error naming one is shown there). */
export const PARTS = /** @type {const} */ (["win", "tsumo", "seat_wind", "round_wind", "riichi", "ippatsu", "last_tile",
  "rinshan", "chankan", "blessing", "dora", "ura", "honba", "riichi_sticks", "flowers", "last_copy"]);
/** @typedef {typeof PARTS[number]} Part */

/**
 * @typedef {object} ScoreState
 * @property {Situation} situation
 * @property {{hand: string, result: Analysis, mode: "win" | "waits"} | null} shown  the hand scored
 * @property {boolean} fromUrl  the address's winning tile is kept for the first hand shown after it was read
 * @property {number} winIndex  which copy of the winning tile is marked (an index in `concealed`)
 * @property {number} latest  the number of the newest request: an older answer is dropped
 */
/**
 * @typedef {object} FormModel  what the form shows
 * @property {Situation} situation  the controls' values
 * @property {boolean} north  North may be a seat or round wind (not in sanma)
 * @property {Partial<Record<Optional, boolean>>} applies  which optional parts show
 * @property {string} lastTile  the label of the last-tile box
 * @property {string} blessing  the label of the first-draw box
 * @property {{code: string, pressed: boolean}[]} winTiles  a win's tiles, the winning one pressed
 */
/**
 * @typedef {{han: string, fu: string, points: string, total: string, noYaku: string}
 *   | {fan: string, legal: string, total: string}} ScoreValues  the section's data-* of a riichi score, or of GB's
 */
/** @typedef {{part: Part | null, message: string}} ErrorPlace  an error's line: at a part, or (null) the panel's */
/**
 * @typedef {object} ScoreView  the drawing calls (score.js on the DOM; a fake in the tests)
 * @property {() => void} running
 * @property {(score: Score, situation: Situation, result: Analysis, values: ScoreValues) => void} scored  a win's score
 * @property {(waits: Awaited<ReturnType<PailiEngine["scoreWaits"]>>) => void} waits  each wait's worth
 * @property {(place: ErrorPlace, mode: "win" | "waits") => void} failed
 */

/** @returns {ScoreState} */
export function initialScore() {
  return { situation: { ...DEFAULT_SITUATION }, shown: null, fromUrl: false, winIndex: -1, latest: 0 };
}

/**
 * What the form shows for the state.
 * @param {ScoreState} state
 * @returns {FormModel}
 */
export function formModel({ situation, shown, winIndex }) {
  const waits = shown?.mode === "waits";
  return {
    situation,
    north: shown?.result.rules !== "sanma", // three players sit East, South and West
    applies: applicable(situation, shown?.result ?? { melds: [] }, { waits }),
    lastTile: waits ? t("score.last_tile_both")
      : shown?.result.rules === "gb" ? t(situation.tsumo ? "score.gb_miaoshou" : "score.gb_haidi")
        : situation.tsumo ? t("score.haitei") : t("score.houtei"),
    blessing: situation.seat_wind === "1z" ? t("score.tenhou") : t("score.chiihou"),
    winTiles: shown?.mode === "win" ? shown.result.concealed.map((code, index) => ({ code, pressed: index === winIndex })) : [],
  };
}

/**
 * Show the panel for an analysis: a win is scored (its winning tile: the one asked for the same hand or by the
 * address, else the tile entered last, else the last typed), a tenpai 13-tile hand's waits are priced. Returns
 * the mode, or null: nothing to score (the panel hides; see clearHand).
 * @param {ScoreState} state
 * @param {Analysis} result
 * @param {{typed: string, entered: string | null}} context  typed: the hand's text as typed; entered: the tile
 *   code tapped in last (null when typed)
 */
export function showHand(state, result, { typed, entered }) {
  const mode = scoreMode(result);
  if (!mode) return null;
  const hand = handText(result);
  if (mode === "win") {
    const same = state.shown?.hand === hand && state.shown.mode === "win";
    const wanted = same || state.fromUrl ? state.situation.win : null;
    // under GB the analysis names the win it counted (its best tile, by discard): the panel scores the same one
    const counted = result.rules === "gb" && result.gb ? result.gb.win : null;
    const win = defaultWin(result.concealed, wanted, counted ?? entered ?? lastTyped(typed));
    if (!same || result.concealed[state.winIndex] !== win) state.winIndex = result.concealed.lastIndexOf(win);
    state.situation = { ...state.situation, win };
  }
  state.fromUrl = false;
  state.shown = { hand, result, mode };
  return mode;
}

/** No hand to score: an answer still coming is dropped. @param {ScoreState} state */
export function clearHand(state) {
  state.shown = null;
  state.latest++;
}

/**
 * A copy of the hand's tiles chosen as the winning tile.
 * @param {ScoreState} state
 * @param {number} index  in `concealed`
 */
export function pickWin(state, index) {
  if (!state.shown) return;
  state.winIndex = index;
  state.situation = { ...state.situation, win: state.shown.result.concealed[index] ?? null };
}

/**
 * A dora or ura indicator picked from the palette (appended), or "" (the field cleared).
 * @param {ScoreState} state
 * @param {"dora" | "ura"} part
 * @param {string} code
 */
export function pickIndicator(state, part, code) {
  state.situation = { ...state.situation, [part]: code ? state.situation[part].trim() + code : "" };
}

/**
 * The situation as address parameters (after the hand's q): what applies to the hand shown (all but the
 * winning tile when no hand is scored); the winning tile a link's hand gives by default (its last tile
 * written) goes without saying.
 * @param {ScoreState} state
 * @param {URLSearchParams} params
 */
export function writeParams({ situation, shown }, params) {
  const kept = shown ? effective(situation, shown.result, { waits: shown.mode === "waits" }) : { ...situation, win: null };
  if (kept.win === lastTyped(params.get("q") ?? "")) kept.win = null;
  encodeSituation(kept, params);
}

/**
 * Take the situation from address parameters (its winning tile for the next hand shown).
 * @param {ScoreState} state
 * @param {URLSearchParams} params
 */
export function readParams(state, params) {
  state.situation = decodeSituation(params);
  state.fromUrl = true;
}

/**
 * Where an engine error of the situation is shown: at the part it names when that part shows, with the
 * message alone; else on the panel's line, naming the part.
 * @param {ScoreState} state
 * @param {{message?: string, field?: string | null, code?: string, params?: Record<string, string | number | boolean | null>}} error
 * @returns {ErrorPlace}
 */
export function errorPlace(state, error) {
  const part = PARTS.find((p) => p === error.field) ?? null;
  const applies = /** @type {Partial<Record<string, boolean>>} */ (formModel(state).applies);
  if (part && applies[part] !== false) return { part, message: translator().error(error) || t("score.failed") };
  return { part: null, message: errorText(error) };
}

/** @param {Score} score @returns {ScoreValues} */
export function scoreValues(score) {
  if (isGbScore(score)) return { fan: String(score.fan), legal: String(score.legal), total: String(score.total) };
  return { han: String(score.han), fu: String(score.fu), points: String(score.points), total: String(score.total), noYaku: String(score.no_yaku) };
}

/**
 * Score the hand shown in the situation (or price its waits) and draw the answer, unless a newer request or
 * clearHand came first; an error is drawn where errorPlace says.
 * @param {{state: ScoreState, engine: () => PailiEngine | null, view: ScoreView}} c
 * @returns {Promise<void>}
 */
export async function update({ state, engine, view }) {
  const ready = engine();
  if (!state.shown || !ready) return;
  const id = ++state.latest;
  const { hand, result, mode } = state.shown;
  const situation = state.situation;
  view.running();
  try {
    if (mode === "win") {
      const score = await ready.score(hand, /** @type {import("../paili.mjs").ScoreOptions} */ (scoreOptions(situation, result)));
      if (id !== state.latest) return;
      view.scored(score, effective(situation, result), result, scoreValues(score));
    } else {
      const waits = await ready.scoreWaits(hand, scoreOptions(situation, result, { waits: true }));
      if (id !== state.latest) return;
      view.waits(waits);
    }
  } catch (caught) {
    if (id !== state.latest) return;
    view.failed(errorPlace(state, /** @type {{message?: string, field?: string | null}} */ (caught)), mode);
  }
}
