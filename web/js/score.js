// The Score panel (paili.score): what a complete hand is worth in a situation the user sets, redrawn as the
// options change. The situation lives in the page's URL (the form's field names), so a shared link keeps it.
//
// app.js calls show(result, typedText) when a 3n+2 analysis is drawn (the panel shows only for a win) and
// clear() otherwise. The section carries data-state = idle | running | done | error and, once drawn,
// data-hand (the scored hand) and data-points.

import { h } from "./render.js";

/** @typedef {import("../paili.mjs").Analysis} Analysis */
/** @typedef {import("../paili.mjs").Score} Score */
/** @typedef {import("../paili.mjs").PailiEngine} PailiEngine */

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

const LIMITS = /** @type {Record<string, string>} */ ({
  mangan: "mangan", haneman: "haneman", baiman: "baiman", sanbaiman: "sanbaiman", yakuman: "yakuman",
  kazoe_yakuman: "counted yakuman",
});
const PAYERS = /** @type {Record<string, string>} */ ({
  ron: "The discarder pays", dealer: "The dealer pays", others: "Each other player pays",
});

/** The last tile code written in a hand text ("123m45p" -> "5p"), or null. @param {string} text */
export function lastTyped(text) {
  const concealed = text.replace(/[[(][^\])]*[\])]/g, " ");
  const match = /([0-9])[^0-9a-z]*([mpsz])[^mpsz]*$/.exec(concealed.replace(/\s+/g, ""));
  return match ? `${match[1]}${match[2]}` : null;
}

/**
 * @param {{getEngine: () => PailiEngine | null, onChange: () => void}} deps  onChange: the situation changed
 *   (app.js writes the URL)
 */
export function createScore({ getEngine, onChange }) {
  const section = $("score");
  const form = /** @type {HTMLFormElement} */ ($("score-form"));
  const body = $("score-body");
  const error = $("score-error");
  const win = /** @type {HTMLSelectElement} */ ($("score-win"));
  /** @type {{hand: string, result: Analysis} | null} */
  let shown = null;
  let latest = 0;

  /** @param {string} id */
  const checked = (id) => /** @type {HTMLInputElement} */ ($(id)).checked;
  /** @param {string} id */
  const value = (id) => /** @type {HTMLInputElement | HTMLSelectElement} */ ($(id)).value;

  function situation() {
    const tsumo = value("score-how") === "tsumo";
    const riichi = /** @type {0 | 1 | 2} */ (Number(value("score-riichi")));
    const melds = shown?.result.melds ?? [];
    const when = {
      riichi: riichi > 0, tsumo, ron: !tsumo, kan: melds.some((m) => m.type === "kan" || m.type === "ankan"),
      "closed-full": melds.length === 0,
    };
    for (const label of form.querySelectorAll("[data-when]")) {
      const needs = /** @type {HTMLElement} */ (label).dataset.when?.split(" ") ?? [];
      /** @type {HTMLElement} */ (label).hidden = !needs.every((n) => when[/** @type {keyof typeof when} */ (n)]);
    }
    const shownCheck = (/** @type {string} */ id) => checked(id) && !$(id).closest("label")?.hidden;
    return {
      win: win.value, tsumo, seat_wind: value("score-seat"), round_wind: value("score-round"), riichi,
      ippatsu: shownCheck("score-ippatsu"), last_tile: checked("score-last"), rinshan: shownCheck("score-rinshan"),
      chankan: shownCheck("score-chankan"), blessing: shownCheck("score-blessing"), dora: value("score-dora").trim(),
      ura: riichi > 0 ? value("score-ura").trim() : "", honba: Math.max(0, Math.trunc(Number(value("score-honba")) || 0)),
      riichi_sticks: Math.max(0, Math.trunc(Number(value("score-sticks")) || 0)),
    };
  }

  /** @param {Score} score */
  function draw(score) {
    if (score.no_yaku) {
      body.replaceChildren(h("p", { class: "no-yaku" },
        "No yaku: the hand is complete but has no yaku (dora do not count), so it cannot win."));
      return;
    }
    const rows = score.yaku.map((y) => h("tr", { dataset: { yaku: y.id } }, h("th", { scope: "row" }, y.id.replaceAll("_", " ")),
      h("td", {}, y.yakuman ? (y.yakuman > 1 ? `yakuman x${y.yakuman}` : "yakuman") : `${y.han} han`)));
    const value = score.yakuman ? `yakuman${score.yakuman > 1 ? ` x${score.yakuman}` : ""}` : `${score.han} han ${score.fu} fu`;
    const limit = score.limit && !score.yakuman ? ` (${LIMITS[score.limit] ?? score.limit})` : "";
    const fu = score.yakuman ? null : h("ul", { class: "fu-breakdown", "aria-label": "Fu" },
      score.fu_breakdown.map((e) => h("li", {}, `${e.fu} fu: ${e.reason}`)));
    const paid = Object.entries(score.payments).map(([who, n]) => h("li", {}, `${PAYERS[who] ?? who} ${n}`));
    body.replaceChildren(
      h("table", { class: "yaku", "aria-label": "Yaku" }, h("tbody", {}, rows)),
      h("p", { class: "score-value" }, `${value}${limit}: ${score.points} points`),
      fu ?? "",
      h("ul", { class: "payments", "aria-label": "Payments" }, paid,
        h("li", {}, `The winner gets ${score.total} in all`)),
    );
  }

  async function update() {
    const engine = getEngine();
    if (!shown || !engine) return;
    const id = ++latest;
    const options = situation();
    section.dataset.state = "running";
    try {
      const score = await engine.score(shown.hand, options);
      if (id !== latest) return;
      error.hidden = true;
      draw(score);
      section.dataset.state = "done";
      section.dataset.points = String(score.points);
    } catch (caught) {
      if (id !== latest) return;
      const e = /** @type {{message?: string, field?: string | null}} */ (caught);
      body.replaceChildren();
      error.textContent = e.field && e.field !== "hand" ? `${e.field.replaceAll("_", " ")}: ${e.message}` : `${e.message}`;
      error.hidden = false;
      section.dataset.state = "error";
    }
  }

  form.addEventListener("input", () => {
    onChange();
    update();
  });
  form.addEventListener("submit", (event) => event.preventDefault());

  return {
    /** The form's values as URL parameters (only those not at their default). @param {URLSearchParams} params */
    writeParams(params) {
      for (const element of form.elements) {
        const input = /** @type {HTMLInputElement} */ (element);
        if (!input.name) continue;
        if (input.type === "checkbox") {
          if (input.checked) params.set(input.name, "1");
        } else if (input.value && input.value !== input.defaultValue && !(input.tagName === "SELECT" &&
            input.value === /** @type {HTMLSelectElement} */ (element).options[0]?.value)) {
          params.set(input.name, input.value);
        }
      }
    },
    /** Set the form from URL parameters. @param {URLSearchParams} params */
    readParams(params) {
      for (const element of form.elements) {
        const input = /** @type {HTMLInputElement} */ (element);
        if (!input.name) continue;
        if (input.type === "checkbox") input.checked = params.get(input.name) === "1";
        else if (input.tagName === "SELECT") {
          const select = /** @type {HTMLSelectElement} */ (element);
          if (input.name !== "w") select.value = params.get(input.name) ?? select.options[0]?.value ?? "";
        } else input.value = params.get(input.name) ?? input.defaultValue;
      }
    },
    /**
     * Show the panel for an analysis: only a win is scored. @param {Analysis} result
     * @param {string} typed the hand as typed (its last tile is the default winning tile)
     * @param {string} handText the engine's text of the hand
     */
    show(result, typed, handText) {
      if (!result.agari) {
        this.clear();
        return;
      }
      const wanted = new URLSearchParams(location.search).get("w") ?? win.value;
      const codes = [...new Set(result.concealed)];
      win.replaceChildren(...codes.map((code) => h("option", { value: code }, code)));
      const typedLast = lastTyped(typed);
      win.value = codes.includes(wanted) && shown?.hand === handText ? wanted
        : codes.includes(wanted) && !shown ? wanted : typedLast && codes.includes(typedLast) ? typedLast : codes.at(-1) ?? "";
      shown = { hand: handText, result };
      section.dataset.hand = handText;
      section.hidden = false;
      update();
    },
    clear() {
      shown = null;
      latest++;
      section.hidden = true;
      section.dataset.state = "idle";
      delete section.dataset.hand;
      body.replaceChildren();
      error.hidden = true;
    },
  };
}
