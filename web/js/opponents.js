// The Opponents panel (under the hand, folded under its title): for each seat, its river tapped in or typed, its
// riichi tile marked, its calls typed in brackets. The engine reads every change (the "opponents" op) and writes
// it back canonically; the whole text form goes into the address (o=) and to the advice, which then counts the
// table. What a tap changes and how the parts join is opponentscontrol.js's (tested under node).
//
// <html data-opponents> says where it is: "none" (no opponent given), "ready" (the engine has read them),
// "pending" (a change is being read) or "invalid" (the engine refused it: the error says where).

import { EngineError } from "../paili.mjs";
import { t, translator } from "./i18n.js";
import { composeText, defended, emptySeat, isEmpty, meldTap, seatAt, seatsOf, toggleRiichi, toggleTedashi, withDiscard,
  withMeld, withoutLast } from "./opponentscontrol.js";
import { h, rivers, tile } from "./render.js";
import { paletteOf } from "./rules.js";
import { kindOf } from "./tiles.js";

/** @typedef {import("./opponentscontrol.js").Seat} Seat */
/** @typedef {import("./opponentscontrol.js").SeatJson} SeatJson */
/** @typedef {import("./opponentscontrol.js").ReadOpponents} ReadOpponents */
/** @typedef {import("../paili.mjs").PailiEngine} PailiEngine */

/**
 * @typedef {object} OpponentsPanel
 * @property {() => string} text  the whole text form the engine last accepted ("" for none), or the address's while the engine starts
 * @property {(text: string) => Promise<void>} load  take a text form (from the address): the seats are filled once the engine reads it
 * @property {(rules: string) => void} setRules  another rule set: its seats (sanma has none across); sichuan and gb count no opponents
 * @property {() => Promise<void>} refresh  read the seats again (the engine has just started)
 */

/**
 * @param {{engine: () => PailiEngine | null, root: HTMLElement, details: HTMLDetailsElement, onChange: (text: string) => void}} options
 *   `root` carries data-opponents; `details` is the panel's folded field; `onChange(text)`: the accepted text changed
 * @returns {OpponentsPanel}
 */
export function createOpponents({ engine, root, details, onChange }) {
  let rules = "riichi";
  /** @type {Seat} */
  let target = "left";
  /** the accepted text form, and what the engine read of it */
  let accepted = "";
  /** @type {Partial<Record<Seat, SeatJson>>} the seats as tapped (drawn at once), read by the engine in turn */
  let seats = {};
  /** @type {Partial<Record<Seat, SeatJson>>} the seats the engine last accepted (a refused edit goes back to them) */
  let acceptedSeats = {};
  /** the number of the newest read: an older answer is dropped */
  let asked = 0;
  /** a text to read once the engine is there (from the address before it started) */
  let waiting = "";
  /** @type {string[] | null} the call being tapped in (its tiles so far), null when taps go to the river */
  let calling = null;

  const seatsBox = h("div", { class: "opponent-seats" });
  /** @type {Partial<Record<Seat, HTMLInputElement>>} */
  const inputs = {};
  /** @type {Partial<Record<Seat, HTMLElement>>} */
  const riverBoxes = {};
  const targets = h("div", { class: "opponent-targets", role: "radiogroup", "aria-label": t("ui.opponents_tap_into") });
  const palette = h("div", { class: "opponent-palette", role: "group", "aria-label": t("ui.opponents_palette", { seat: t(`ui.opponent_${target}`) }) });
  const riichiButton = h("button", { type: "button", class: "secondary", "aria-pressed": "false" }, t("ui.opponents_riichi"));
  const tedashiButton = h("button", { type: "button", class: "secondary", "aria-pressed": "false" }, t("ui.opponents_tedashi"));
  const callButton = h("button", { type: "button", class: "secondary", "aria-pressed": "false" }, t("ui.opponents_call"));
  const undoButton = h("button", { type: "button", class: "secondary" }, t("ui.opponents_undo"));
  const callNote = h("p", { class: "help opponents-calling", "aria-live": "polite", hidden: true });
  const clearButton = h("button", { type: "button", class: "secondary" }, t("ui.opponents_clear"));
  const error = h("p", { class: "field-error opponents-error", role: "alert", hidden: true });
  const offNote = h("p", { class: "help opponents-off", hidden: true }, t("ui.opponents_rules"));
  const count = h("span", { class: "opponents-count" });
  details.querySelector("summary")?.append(" ", count);
  details.append(offNote, seatsBox, h("div", { class: "opponent-tap" }, targets, palette,
    h("div", { class: "opponent-actions" }, riichiButton, tedashiButton, callButton, undoButton, clearButton), callNote), error);

  function build() {
    seatsBox.replaceChildren();
    targets.replaceChildren();
    for (const seat of seatsOf(rules)) {
      const id = `opponent-${seat}`;
      const input = h("input", { id, type: "text", spellcheck: "false", autocapitalize: "off", autocomplete: "off",
        placeholder: t("ui.opponents_seat_placeholder"), "aria-describedby": "opponents-help" });
      input.addEventListener("change", readTyped);
      inputs[seat] = /** @type {HTMLInputElement} */ (input);
      const river = h("div", { class: "opponent-river" });
      riverBoxes[seat] = river;
      seatsBox.append(h("div", { class: "opponent-seat", dataset: { seat } },
        h("label", { for: id }, t(`ui.opponent_${seat}`)), input, river));
      const radio = h("input", { type: "radio", name: "opponent-target", id: `opponent-target-${seat}`, value: seat,
        checked: seat === target ? "" : null });
      radio.addEventListener("change", () => {
        target = seat;
        palette.setAttribute("aria-label", t("ui.opponents_palette", { seat: t(`ui.opponent_${seat}`) }));
        drawMarks();
      });
      targets.append(h("label", { class: "opponent-target", for: `opponent-target-${seat}` }, radio, h("span", {}, t(`ui.opponent_${seat}`))));
    }
    palette.replaceChildren(...paletteOf(/** @type {import("../paili.mjs").Rules} */ (rules)).map((row) =>
      h("div", { class: "palette-row" }, row.map((code) => tile(code, { tag: "button", size: "sm" })))));
    fill();
  }

  /** The seats' fields, rivers and marks from what the engine read. */
  function fill() {
    for (const seat of seatsOf(rules)) {
      const player = seats[seat];
      riverBoxes[seat]?.replaceChildren(player && !isEmpty(player) ? rivers({ [seat]: player }, { names: false }) : "");
    }
    drawMarks();
    const riichi = Object.entries(seats).filter(([, p]) => p?.riichi !== null).map(([seat]) => t(`ui.opponent_${seat}`));
    count.textContent = riichi.length ? t("ui.opponents_riichi_count", { seats: riichi.join(", ") }) : "";
  }

  /** The riichi and tedashi buttons say whether the target seat's last discard carries the mark. */
  function drawMarks() {
    const player = seats[target];
    const last = player ? player.discards.length - 1 : -1;
    riichiButton.setAttribute("aria-pressed", String(last >= 0 && player?.riichi === last));
    tedashiButton.setAttribute("aria-pressed", String(last >= 0 && Boolean(player?.tedashi.includes(last))));
    for (const button of [riichiButton, tedashiButton, undoButton]) /** @type {HTMLButtonElement} */ (button).disabled = last < 0;
  }

  /**
   * Ask the engine to read the opponents (text or JSON form); on success they are the accepted ones.
   * @param {string | Partial<Record<Seat, SeatJson>>} value
   * @param {{starts?: Partial<Record<Seat, number>>, parts?: Partial<Record<Seat, string>>}} [where]  to point a text's error at its seat
   */
  async function read(value, where = {}) {
    const id = ++asked;
    const empty = typeof value === "string" ? value.trim() === "" : Object.values(value).every(isEmpty);
    if (empty) {
      accept({ text: "", parts: {}, seats: {} });
      return;
    }
    const running = engine();
    if (!running) {
      waiting = typeof value === "string" ? value : waiting;
      return;
    }
    root.dataset.opponents = "pending";
    try {
      const answer = /** @type {ReadOpponents} */ (await running.request("opponents", { opponents: value, rules }));
      if (id === asked) accept(answer);
    } catch (failure) {
      if (!(failure instanceof EngineError)) throw failure;
      if (id !== asked) return;
      seats = acceptedSeats; // a tap the engine refused is taken back; a typed mistake stays in its field
      fill();
      showError(failure, where);
    }
  }

  /** @param {ReadOpponents} answer */
  function accept(answer) {
    error.hidden = true;
    for (const input of Object.values(inputs)) input?.removeAttribute("aria-invalid");
    seats = acceptedSeats = answer.seats;
    for (const seat of seatsOf(rules)) {
      const input = inputs[seat];
      if (input) input.value = answer.parts[seat] ?? "";
    }
    fill();
    root.dataset.opponents = answer.text ? "ready" : "none";
    if (answer.text !== accepted) {
      accepted = answer.text;
      onChange(accepted);
    }
  }

  /**
   * @param {EngineError} failure
   * @param {{starts?: Partial<Record<Seat, number>>, parts?: Partial<Record<Seat, string>>}} where
   */
  function showError(failure, where) {
    root.dataset.opponents = "invalid";
    const at = where.starts && where.parts && failure.position !== null ? seatAt(where.starts, where.parts, failure.position) : null;
    const seat = at?.seat ?? null;
    if (seat) inputs[seat]?.setAttribute("aria-invalid", "true");
    // the engine counts the characters of the whole form: the message counts those of the seat's own field
    const own = at && failure.params && "at" in failure.params
      ? new EngineError({ type: failure.type, message: failure.message, position: at.position, field: failure.field,
        code: failure.code, params: { ...failure.params, at: at.position + 1 } })
      : failure;
    const message = translator().error(own) || own.message;
    error.textContent = seat ? t("ui.opponents_error_at", { seat: t(`ui.opponent_${seat}`), message }) : message;
    error.hidden = false;
  }

  /** A seat's field was changed by hand: the whole form from every field, read. */
  function readTyped() {
    /** @type {Partial<Record<Seat, string>>} */
    const parts = {};
    for (const name of seatsOf(rules)) parts[name] = inputs[name]?.value ?? "";
    const { text, starts } = composeText(parts, seatsOf(rules));
    read(text, { starts, parts });
  }

  /** @param {(player: SeatJson) => SeatJson} edit  a tap's change to the target seat */
  function editTarget(edit) {
    /** @type {Partial<Record<Seat, SeatJson>>} */
    const next = { ...seats, [target]: edit(seats[target] ?? emptySeat()) };
    for (const [seat, player] of Object.entries(next)) if (isEmpty(player)) delete next[/** @type {Seat} */ (seat)];
    seats = next; // drawn at once: the next tap builds on it, before the engine has read it
    fill();
    read(next);
  }

  palette.addEventListener("click", (event) => {
    const button = event.target instanceof Element ? event.target.closest("button.tile") : null;
    const code = button instanceof HTMLElement ? button.dataset.tile : undefined;
    if (!code) return;
    const building = calling;
    if (!building) {
      editTarget((player) => withDiscard(player, code));
      return;
    }
    // three of a kind and then another kind: the pon is done, and that tile goes to the river
    const three = building.length === 3 && building.every((c) => kindOf(c) === kindOf(building[0]));
    const ponDone = three && kindOf(code) !== kindOf(building[0]);
    const { pending, meld } = meldTap(building, ponDone ? null : code);
    setCalling(meld ? null : pending);
    if (meld) editTarget((player) => (ponDone ? withDiscard(withMeld(player, meld), code) : withMeld(player, meld)));
  });
  callButton.addEventListener("click", () => {
    if (!calling) {
      setCalling([]);
      return;
    }
    const { meld } = meldTap(calling, null);
    setCalling(null);
    if (meld) editTarget((player) => withMeld(player, meld));
  });
  riichiButton.addEventListener("click", () => editTarget(toggleRiichi));
  tedashiButton.addEventListener("click", () => editTarget(toggleTedashi));
  undoButton.addEventListener("click", () => editTarget(withoutLast));
  clearButton.addEventListener("click", () => read(""));

  /** Taps build a call (its tiles so far), or go to the river (null). @param {string[] | null} tiles */
  function setCalling(tiles) {
    calling = tiles;
    callButton.setAttribute("aria-pressed", String(tiles !== null));
    callNote.hidden = tiles === null;
    callNote.textContent = tiles === null ? "" : t("ui.opponents_calling", { seat: t(`ui.opponent_${target}`), tiles: tiles.join(" ") || "—" });
  }

  function setOff() {
    const on = defended(rules);
    offNote.hidden = on;
    for (const part of [seatsBox, targets.parentElement]) if (part instanceof HTMLElement) part.hidden = !on;
  }

  build();
  setOff();
  root.dataset.opponents = "none";

  return {
    text: () => waiting || accepted, // before the engine reads the address's, that one (the address keeps it)
    load(text) {
      details.open = details.open || text.trim() !== "";
      return read(text);
    },
    setRules(next) {
      if (next === rules) return;
      rules = next;
      build();
      setOff();
      // the seats a rule set lacks go (sanma: across); under sichuan and gb nothing counts
      if (!defended(rules)) {
        if (accepted) {
          accepted = "";
          onChange("");
        }
        return;
      }
      const kept = Object.fromEntries(Object.entries(seats).filter(([seat]) => seatsOf(rules).includes(/** @type {Seat} */ (seat))));
      read(kept);
    },
    refresh() {
      const text = waiting;
      waiting = "";
      return text ? read(text) : Promise.resolve();
    },
  };
}
