// Which of my tiles is safe (the "danger" op, paili.danger): with opponents given, a strip under the analysis's
// headline shows each kind of the hand safest first, its chance to deal in as a band of colour and the figure (the
// colour never says it alone); tapping a tile says why, per opponent (genbutsu, suji, kabe...).
//
// <html data-danger> says where it is: "none" (no strip), "pending", "ready" or "failed".

import { EngineError } from "../paili.mjs";
import { percent } from "./chances.js";
import { t } from "./i18n.js";
import { dangerLabel, dealInBand, whyLines } from "./opponentscontrol.js";
import { h, meldTexts, tile } from "./render.js";

/** @typedef {import("../paili.mjs").Analysis} Analysis */
/** @typedef {import("../paili.mjs").PailiEngine} PailiEngine */
/** @typedef {import("./opponentscontrol.js").Danger} Danger */

/**
 * @typedef {object} DangerStrip
 * @property {(result: Analysis, visible: string, opponents: string) => HTMLElement | null} show  the strip for a
 *   hand (null without opponents, or under a rule set that counts none): placed by the caller, filled when the engine answers
 * @property {() => void} clear  no strip; a request still running is dropped
 */

/**
 * @param {{engine: () => PailiEngine | null, root: HTMLElement}} options  `root` carries data-danger
 * @returns {DangerStrip}
 */
export function createDanger({ engine, root }) {
  let asked = 0;
  root.dataset.danger = "none";

  /**
   * @param {HTMLElement} section
   * @param {Danger} danger
   */
  function draw(section, danger) {
    const why = h("div", { class: "danger-why", "aria-live": "polite" });
    const order = [...danger.tiles].sort((a, b) => a.deal_in - b.deal_in || a.tile.localeCompare(b.tile));
    const buttons = order.map((row) => {
      const band = dealInBand(row.deal_in);
      const button = h("button", { type: "button", class: `danger-tile deal-in--${band}`, "aria-pressed": "false",
        "aria-label": dangerLabel(row, percent), dataset: { tile: row.tile, dealIn: String(row.deal_in), band } },
      tile(row.tile, { size: "sm" }), h("span", { class: "danger-figure", "aria-hidden": "true" }, percent(row.deal_in)));
      button.addEventListener("click", () => {
        for (const other of section.querySelectorAll(".danger-tile")) other.setAttribute("aria-pressed", String(other === button));
        why.replaceChildren(h("p", { class: "danger-why-head" }, dangerLabel(row, percent)),
          h("ul", {}, whyLines(row, danger.opponents, percent).map((line) => h("li", { dataset: { seat: line.seat } }, line.text))));
      });
      return button;
    });
    section.replaceChildren(h("h3", { class: "danger-title" }, t("ui.danger_title")),
      h("div", { class: "danger-tiles", role: "group", "aria-label": t("ui.danger_tiles") }, buttons), why);
  }

  return {
    show(result, visible, opponents) {
      const running = engine();
      if (!opponents || !running || (result.rules !== "riichi" && result.rules !== "sanma")) {
        this.clear();
        return null;
      }
      const id = ++asked;
      const section = h("section", { class: "danger", "aria-label": t("ui.danger_title") },
        h("p", { class: "help" }, t("ui.danger_pending")));
      root.dataset.danger = "pending";
      running.request("danger", { hand: result.hand, melds: meldTexts(result), visible, opponents, rules: result.rules })
        .then((answer) => {
          if (id !== asked) return;
          draw(section, /** @type {Danger} */ (answer));
          root.dataset.danger = "ready";
        })
        .catch((failure) => {
          if (!(failure instanceof EngineError)) throw failure;
          if (id !== asked) return;
          section.replaceChildren(); // the Opponents panel says what is wrong with them
          root.dataset.danger = "failed";
        });
      return section;
    },
    clear() {
      asked += 1;
      root.dataset.danger = "none";
    },
  };
}
