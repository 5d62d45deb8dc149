// review.html: a game reviewed offline. A tenhou.net/6 log comes in (pasted, opened from a file, or a
// tenhou.net/6 link with the log in its #json= fragment); the engine lists its players and rounds at once
// (paili.review with rounds: []), the player picks a seat, and the engine reviews the game a round at a time
// (rounds: [i]), each round drawn as it comes: its decisions as a row of tiles marked best / close / costly,
// one opened with its position, the advisor's discard table and a link to the analyzer. "Stop" ends the
// review between two requests (the one running is cancelled); the rounds done stay.
//
// <html data-review>: "none" (no game read), "listed" (read, not reviewed), "running", "done", "stopped" or
// "failed". What a decision's grade is and how the lines read is reviewcontrol.js's (tested under node).

import { EngineError } from "../paili.mjs";
import { startWithStatusLine } from "./engine.js";
import { byId } from "./dom.js";
import * as i18n from "./i18n.js";
import * as render from "./render.js";
import { CLOSE, analyzerUrl, decisionText, grade, resultText, roundTitle, summaryText } from "./reviewcontrol.js";
import { percent, points } from "./chances.js";
import { callLines } from "./callcontrol.js";
import { sketchHand } from "./sketch.js";

/** @typedef {import("./reviewcontrol.js").Review} Review */
/** @typedef {import("./reviewcontrol.js").RoundReview} RoundReview */
/** @typedef {import("./reviewcontrol.js").Decision} Decision */
/** @typedef {import("../paili.mjs").PailiEngine} PailiEngine */

const ui = {
  root: document.documentElement,
  status: byId("engine-status", HTMLElement),
  form: byId("review-form", HTMLFormElement),
  log: byId("review-log", HTMLTextAreaElement),
  file: byId("review-file", HTMLInputElement),
  error: byId("review-error", HTMLElement),
  seats: byId("review-seats", HTMLElement),
  seatList: byId("review-seat-list", HTMLElement),
  start: byId("review-start", HTMLButtonElement),
  cancel: byId("review-cancel", HTMLButtonElement),
  reviewStatus: byId("review-status", HTMLElement),
  progress: byId("review-progress", HTMLProgressElement),
  summary: byId("review-summary", HTMLElement),
  summaryText: byId("review-summary-text", HTMLElement),
  legend: byId("review-legend-list", HTMLElement),
  rounds: byId("review-rounds", HTMLElement),
};

/** @type {PailiEngine | null} */
let engine = null;
/** @type {{log: string, listing: Review} | null} the game read */
let game = null;
/** @type {AbortController | null} the review running */
let running = null;

/** @param {"none" | "listed" | "running" | "done" | "stopped" | "failed"} state */
function setState(state) {
  ui.root.dataset.review = state;
}

/** @param {unknown} error */
function showError(error) {
  if (!(error instanceof EngineError)) throw error; // the engine rejects with nothing else
  ui.error.textContent = i18n.translator().error(error) || error.message;
  ui.error.hidden = false;
}

// ---- reading a game ---------------------------------------------------------------------------------------

async function read() {
  ui.error.hidden = true;
  stop();
  const log = ui.log.value.trim();
  if (!log) {
    ui.error.textContent = i18n.t("review.log_empty");
    ui.error.hidden = false;
    return;
  }
  if (!engine) {
    ui.reviewStatus.textContent = "";
    ui.error.textContent = i18n.t("review.engine_wait");
    ui.error.hidden = false;
    return; // read once the engine is ready (start)
  }
  try {
    const listing = /** @type {Review} */ (await engine.request("review", { log, seat: 0, rounds: [] }));
    game = { log, listing };
  } catch (error) {
    game = null;
    ui.seats.hidden = true;
    ui.rounds.replaceChildren();
    ui.summary.hidden = true;
    setState("none");
    showError(error);
    return;
  }
  drawSeats(game.listing.players);
  drawRounds(game.listing.rounds, game.listing.players);
  ui.summary.hidden = true;
  ui.reviewStatus.textContent = i18n.t("review.listed", { rounds: game.listing.rounds.length });
  setState("listed");
  ui.seats.scrollIntoView({ block: "nearest" });
}

/** @param {string[]} players */
function drawSeats(players) {
  ui.seatList.replaceChildren(
    ...players.map((name, seat) =>
      render.h(
        "label",
        { class: "review-seat" },
        render.h("input", { type: "radio", name: "review-seat", value: String(seat), checked: seat === 0 ? "" : null }),
        render.h("span", {}, name || i18n.t("review.seat_unnamed", { seat: seat + 1 })),
      ),
    ),
  );
  ui.seats.hidden = false;
}

function chosenSeat() {
  const checked = ui.seatList.querySelector("input:checked");
  return checked instanceof HTMLInputElement ? Number(checked.value) : 0;
}

// ---- the rounds ---------------------------------------------------------------------------------------------

/**
 * @param {RoundReview[]} rounds
 * @param {string[]} players
 */
function drawRounds(rounds, players) {
  ui.rounds.replaceChildren(
    ...rounds.map((r, index) =>
      render.h(
        "section",
        { class: "review-round", dataset: { index: String(index), state: "waiting" }, "aria-label": roundTitle(r) },
        render.h("h3", {}, roundTitle(r), " ", render.h("span", { class: "review-result", title: r.result.text }, resultText(r.result, players))),
        render.h("div", { class: "review-decisions", role: "group", "aria-label": i18n.t("review.decisions_of", { round: roundTitle(r) }) }),
        render.h("div", { class: "review-detail", hidden: true }),
      ),
    ),
  );
}

/**
 * @param {number} index
 * @param {RoundReview} r  the round reviewed
 */
function fillRound(index, r) {
  const section = ui.rounds.querySelector(`section[data-index="${index}"]`);
  if (!(section instanceof HTMLElement)) return;
  section.dataset.state = "done";
  const row = section.querySelector(".review-decisions");
  const decisions = r.decisions ?? [];
  row?.replaceChildren(
    ...decisions.map((d, i) => {
      // a discard shows the tile thrown; a call decision the tile another player threw, marked as a call
      const button = render.tile(d.kind === "call" ? d.offered ?? d.played : d.played, { tag: "button", label: `${i18n.t("review.turn", { turn: d.turn })}: ${decisionText(d)}` });
      button.classList.add("review-decision", `review-decision--${grade(d)}`);
      if (d.kind === "call") button.classList.add("review-decision--call");
      button.dataset.grade = grade(d);
      button.dataset.decision = String(i);
      button.setAttribute("aria-expanded", "false");
      return button;
    }),
    ...(decisions.length ? [] : [render.h("p", { class: "help" }, i18n.t("review.no_decisions"))]),
  );
  section.addEventListener("click", (event) => {
    const button = event.target instanceof Element ? event.target.closest("button.review-decision") : null;
    if (button instanceof HTMLElement) openDecision(section, decisions, Number(button.dataset.decision));
  });
}

/**
 * Show a decision's position under its round: the hand, what was thrown and what was best, the advisor's table.
 * @param {HTMLElement} section
 * @param {Decision[]} decisions
 * @param {number} i
 */
function openDecision(section, decisions, i) {
  const d = decisions[i];
  const detail = section.querySelector(".review-detail");
  if (!d || !(detail instanceof HTMLElement)) return;
  const open = detail.dataset.decision === String(i) && !detail.hidden; // tapped again: closed
  for (const button of section.querySelectorAll("button.review-decision")) {
    if (button instanceof HTMLElement) button.setAttribute("aria-expanded", String(!open && button.dataset.decision === String(i)));
  }
  if (open) {
    detail.hidden = true;
    return;
  }
  detail.dataset.decision = String(i);
  const sketch = sketchHand(d.hand);
  /** @type {HTMLElement[]} */
  const parts = [
    render.h("p", { class: `review-verdict review-verdict--${grade(d)}` }, i18n.t("review.turn", { turn: d.turn }), " · ", decisionText(d)),
    render.h("div", { class: "hand-tiles review-hand" }, ...(sketch ? render.handTiles(sketch) : [])),
  ];
  if (d.opponents) parts.push(render.rivers(d.opponents));
  if (d.kind === "call" && d.options) {
    // call advice's options as the call panel draws them, the one the seat chose marked
    const lines = callLines({ offered: d.offered ?? "", seat: d.from ?? "left", options: d.options });
    parts.push(render.callOptionsTable(lines, { offered: d.offered ?? "", played: d.played, className: "review-calls" }));
  }
  if (d.rows.length) {
    const block = render.discardTable(d.rows, { hint: false, advice: true, compact: true, points: d.rows.some((row) => row.ev !== null) });
    const table = block.querySelector("table");
    if (table) {
      // the rows are advise's for the position: the table's figures as the page fills them
      render.fillAdvice(table, /** @type {import("../paili.mjs").Advice} */ ({ turns: d.turns, discards: d.rows }));
      for (const tr of table.querySelectorAll("tr.discard-row")) {
        if (!(tr instanceof HTMLElement)) continue;
        if (tr.dataset.tile === d.played) tr.classList.add("review-played");
        if (tr.dataset.tile === d.best) tr.classList.add("review-best");
      }
    }
    parts.push(block);
  }
  parts.push(render.h("p", {}, render.h("a", { href: analyzerUrl(d, new URL("./", location.href).href), class: "review-open" }, i18n.t("review.open_analyzer"))));
  detail.replaceChildren(...parts);
  detail.hidden = false;
  detail.scrollIntoView({ block: "nearest" });
}

/** The legend of the marks: each grade's band and its rule (reviewcontrol.grade, CLOSE). */
function drawLegend() {
  /** @type {[import("./reviewcontrol.js").Grade, Record<string, string>][]} */
  const grades = [["best", {}], ["close", { points: points(CLOSE.points), win: percent(CLOSE.pWin) }], ["costly", {}],
    ["forced", {}], ["unsearched", {}]];
  ui.legend.replaceChildren(...grades.map(([g, params]) => render.h("li", {},
    render.h("span", { class: `review-chip review-decision review-decision--${g}`, "aria-hidden": "true" }),
    render.h("span", {}, i18n.t(`review.legend_${g}`, params)))));
}

// ---- reviewing ----------------------------------------------------------------------------------------------

async function review() {
  if (!engine || !game) return;
  stop();
  const job = new AbortController();
  running = job;
  const seat = chosenSeat();
  const { log, listing } = game;
  drawRounds(listing.rounds, listing.players);
  ui.summary.hidden = true;
  ui.cancel.hidden = false;
  ui.start.disabled = true;
  ui.progress.hidden = false;
  ui.progress.max = listing.rounds.length;
  ui.progress.value = 0;
  setState("running");
  let done = 0;
  const count = listing.rounds.length;
  /** @param {number} index  the round being reviewed now */
  const showReviewing = (index) => {
    const r = listing.rounds[index];
    if (r) ui.reviewStatus.textContent = i18n.t("review.reviewing", { round: roundTitle(r), index: index + 1, count });
  };
  /** @param {import("./reviewcontrol.js").Summary} summary  the engine's, over the rounds reviewed so far */
  const showSummary = (summary) => {
    ui.summaryText.textContent = summaryText(summary);
    ui.summary.hidden = false;
  };
  /** @type {Set<number>} */
  const filled = new Set();
  showReviewing(0);
  try {
    // one request for every round: the log read and replayed once, each round shown as the engine finishes it
    const answer = /** @type {Review} */ (await engine.request("review", { log, seat, rounds: listing.rounds.map((_, i) => i) }, {
      signal: job.signal,
      onPartial: (part) => {
        const { index, round, summary } = /** @type {{index: number, round: RoundReview, summary: import("./reviewcontrol.js").Summary}} */ (part);
        if (running !== job) return;
        fillRound(index, round);
        filled.add(index);
        showSummary(summary);
        done = filled.size;
        ui.progress.value = done;
        showReviewing(index + 1);
      },
    }));
    if (running !== job) return;
    answer.rounds.forEach((r, index) => {
      if (!filled.has(index)) fillRound(index, r); // an engine that answers whole, without the parts
    });
    done = answer.rounds.length;
    showSummary(answer.summary);
    ui.progress.value = count;
    ui.reviewStatus.textContent = i18n.t("review.done", { rounds: done });
    setState("done");
    ui.summary.scrollIntoView({ block: "start" }); // the review done: the page opens on its summary
  } catch (error) {
    if (!(error instanceof EngineError)) throw error;
    if (error.type === "Cancelled") {
      ui.reviewStatus.textContent = i18n.t("review.stopped", { rounds: done });
      setState("stopped");
    } else {
      ui.reviewStatus.textContent = i18n.t("review.failed", { detail: i18n.translator().error(error) || error.message });
      setState("failed");
    }
  } finally {
    if (running === job) running = null;
    ui.cancel.hidden = true;
    ui.start.disabled = false;
    ui.progress.hidden = true;
  }
}

function stop() {
  running?.abort();
}

// ---- start --------------------------------------------------------------------------------------------------

async function start() {
  await i18n.load();
  drawLegend();
  ui.form.addEventListener("submit", (event) => {
    event.preventDefault();
    read();
  });
  ui.file.addEventListener("change", async () => {
    const file = ui.file.files?.[0];
    if (!file) return;
    ui.log.value = await file.text();
    read();
  });
  ui.start.addEventListener("click", () => review());
  ui.cancel.addEventListener("click", () => stop());
  // a tenhou.net/6 link opened here (review.html#json=...) is read at once
  if (location.hash.startsWith("#json=")) ui.log.value = location.href;
  engine = await startWithStatusLine(ui.root, ui.status);
  if (!engine) return;
  if (ui.log.value) read();
}

start();
