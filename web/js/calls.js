// The call panel of a 13-tile hand (鳴き): "If someone throws a tile". The player taps the tile thrown (among the
// kinds the hand could call) and who threw it; the engine compares passing with ron, chi, pon and open kan of it
// (paili.call_advice), and the panel shows the verdict first, then a row per option with its chance to win, its
// expected points and its difference to passing. A call's row has a button that shows the hand after the call
// and its best discard, as a row of the discard table does.
//
// <html data-calls> says where it is: "none" (no panel), "idle" (no tile asked yet), "pending", "ready" or
// "failed". What to ask and how an answer reads is callcontrol.js's (tested under node).

import { EngineError } from "../paili.mjs";
import { DEFAULT_TURNS } from "./advicecontrol.js";
import { SEATS, callLines, callableTiles, requestOf } from "./callcontrol.js";
import { t, translator } from "./i18n.js";
import { callOptionsTable, glossed, h, handText, tile } from "./render.js";
import { tileName } from "./tiles.js";

/** @typedef {import("../paili.mjs").Analysis} Analysis */
/** @typedef {import("../paili.mjs").PailiEngine} PailiEngine */
/** @typedef {import("./callcontrol.js").Seat} Seat */
/** @typedef {import("./callcontrol.js").CallAdvice} CallAdvice */

/**
 * @typedef {object} CallPanel
 * @property {(result: Analysis, visible: string) => HTMLElement} show  the panel for a 3n+1 hand, to place in the results
 * @property {() => void} clear  no panel (another hand, an error): a search still running is cancelled
 */

/**
 * @param {{engine: () => PailiEngine | null, root: HTMLElement, onWalk: (hand: string) => void, opponents: () => string}} options
 *   `engine()`: the page's engine (null while it starts); `root` carries data-calls; `onWalk(hand)` shows a hand
 *   (the one after a call and its discard); `opponents()`: the Opponents panel's text form ("" for none)
 * @returns {CallPanel}
 */
export function createCalls({ engine, root, onWalk, opponents }) {
  /** @type {Seat} */
  let seat = "left";
  /** @type {{result: Analysis, visible: string, key: string, opponents: string} | null} */
  let shown = null;
  /** @type {string | null} the tile asked about */
  let offered = null;
  /** @type {AbortController | null} */
  let running = null;
  /** @type {"always" | "dama"} the pass line's riichi policy: "dama" once asked again for a waiting hand */
  let riichi = "always";

  const seats = h(
    "div",
    { class: "call-seats", role: "radiogroup", "aria-label": t("ui.calls_seat") },
    SEATS.map((name) => {
      const input = h("input", { type: "radio", name: "call-seat", id: `call-seat-${name}`, value: name, checked: name === seat ? "" : null });
      input.addEventListener("change", () => {
        seat = /** @type {Seat} */ (name);
        drawTiles();
        if (offered && tiles.querySelector(`[data-tile="${offered}"]`)) ask(offered);
        else clearAnswer();
      });
      return h("label", { class: "call-seat", for: `call-seat-${name}` }, input, h("span", {}, t(`ui.calls_seat_${name}`)));
    }),
  );
  const tiles = h("div", { class: "call-tiles", role: "group", "aria-label": t("ui.calls_tiles") });
  const status = h("p", { class: "calls-status", role: "status" });
  const verdict = h("p", { class: "calls-verdict", hidden: true });
  const fold = h("p", { class: "calls-fold", hidden: true });
  const reason = h("p", { class: "calls-reason", hidden: true });
  const table = h("div", { class: "calls-options" });
  const panel = h(
    "section",
    { class: "block calls", "aria-label": t("ui.calls_title") },
    h("h3", {}, ...glossed("term.call", t("ui.calls_title"))),
    verdict,
    fold,
    reason,
    table,
    status,
    h("p", { class: "help" }, t("ui.calls_hint", { turns: DEFAULT_TURNS })),
    h("p", { class: "calls-seat-label" }, t("ui.calls_seat")),
    seats,
    tiles,
  );

  tiles.addEventListener("click", (event) => {
    const button = event.target instanceof Element ? event.target.closest("button[data-tile]") : null;
    if (button instanceof HTMLElement && button.dataset.tile) ask(button.dataset.tile);
  });
  reason.addEventListener("click", (event) => {
    const button = event.target instanceof Element ? event.target.closest("button.calls-dama") : null;
    if (!button || !offered) return;
    riichi = "dama";
    ask(offered);
  });
  table.addEventListener("click", (event) => {
    const button = event.target instanceof Element ? event.target.closest("button.call-walk") : null;
    if (button instanceof HTMLElement && button.dataset.after) onWalk(button.dataset.after);
  });

  function drawTiles() {
    if (!shown) return;
    const kinds = callableTiles(shown.result, seat);
    tiles.replaceChildren(
      ...kinds.map((kind) => {
        const button = tile(kind, { tag: "button", label: t("ui.calls_ask", { tile: tileName(kind) }) });
        button.setAttribute("aria-pressed", String(kind === offered));
        return button;
      }),
      ...(kinds.length ? [] : [h("p", { class: "help" }, t("ui.calls_none"))]),
    );
  }

  function clearAnswer() {
    running?.abort();
    running = null;
    offered = null;
    riichi = "always";
    verdict.hidden = true;
    fold.hidden = true;
    reason.hidden = true;
    table.replaceChildren();
    status.textContent = "";
    for (const button of tiles.querySelectorAll("button[aria-pressed]")) button.setAttribute("aria-pressed", "false");
    root.dataset.calls = shown ? "idle" : "none";
  }

  /** @param {string} kind */
  async function ask(kind) {
    const ready = engine();
    if (!shown || !ready) return;
    running?.abort();
    const job = new AbortController();
    running = job;
    offered = kind;
    for (const button of tiles.querySelectorAll("button[data-tile]")) {
      if (button instanceof HTMLElement) button.setAttribute("aria-pressed", String(button.dataset.tile === kind));
    }
    root.dataset.calls = "pending";
    verdict.hidden = true;
    fold.hidden = true;
    reason.hidden = true;
    table.replaceChildren();
    status.textContent = t("ui.calls_computing", { tile: tileName(kind) });
    try {
      const payload = requestOf(shown.result, shown.visible, kind, seat, riichi, shown.opponents);
      const answer = /** @type {CallAdvice} */ (await ready.request("call_advice", payload, { signal: job.signal }));
      if (running !== job) return;
      running = null;
      drawAnswer(answer);
      root.dataset.calls = "ready";
      // the verdict where the thumb is: on a phone the panel may start below the first screen
      verdict.scrollIntoView({ block: "nearest" });
    } catch (error) {
      if (!(error instanceof EngineError)) throw error; // the engine rejects with nothing else
      if (error.type === "Cancelled" || running !== job) return;
      running = null;
      status.textContent = t("ui.calls_failed", { detail: translator().error(error) });
      root.dataset.calls = "failed";
    }
  }

  /** @param {CallAdvice} answer */
  function drawAnswer(answer) {
    const { verdict: text, rows, scored, reason: why, fold: folding } = callLines(answer);
    verdict.textContent = text;
    verdict.hidden = false;
    fold.textContent = folding;
    fold.hidden = !folding;
    // why no call is offered: a waiting hand in riichi can ask again as a dama hand
    reason.replaceChildren(...(why ? [h("span", {}, why)] : []),
      ...(answer.no_calls === "riichi" ? [" ", h("button", { type: "button", class: "secondary calls-dama" }, t("ui.calls_ask_dama"))] : []));
    reason.hidden = !why;
    status.textContent = t("ui.calls_model", { tile: tileName(answer.offered), turns: DEFAULT_TURNS });
    table.replaceChildren(callOptionsTable({ rows, scored }, { offered: answer.offered, walk: true }));
  }

  return {
    show(result, visible) {
      const table = opponents();
      const key = JSON.stringify([handText(result), result.rules, result.void, visible, table]);
      const same = shown?.key === key;
      shown = { result, visible, key, opponents: table };
      if (!same) clearAnswer();
      drawTiles();
      if (!same) root.dataset.calls = "idle";
      return panel;
    },
    clear() {
      shown = null;
      clearAnswer();
    },
  };
}
