// season.html: several logs reviewed at once, offline. The player opens log files (or a folder); each is read
// (gzip-compressed ones uncompressed here) and listed by the engine (paili.review with rounds: []: its players,
// or why it cannot be read); "Review the season" reviews every seat, or one player's, one after another in the
// engine's worker (the season_unit op, in steps: each round shown as it is done), and after each the statistics
// are summed again (season_summary: the same figures as `python -m paili review-many`): the table per player,
// a chart of each game's expected points lost and agreement (uPlot), the costliest decisions linked to the
// analyzer. "Stop" ends between two requests (the one running is cancelled); what is done stays, and the
// records can be saved as the command line's JSON lines.
//
// <html data-season>: "none", "listed", "running", "done", "stopped" or "failed". What the table and the chart
// show is seasoncontrol.js's (tested under node).

import { EngineError } from "../paili.mjs";
import { byId } from "./dom.js";
import { startWithStatusLine } from "./engine.js";
import * as i18n from "./i18n.js";
import { h } from "./render.js";
import { COLUMNS, chartSeries, costlyText, isGzip, isLogName, parseRecords, playerCells, progressText, recordsText,
  seatsToReview, unitKey } from "./seasoncontrol.js";

/** @typedef {import("../paili.mjs").PailiEngine} PailiEngine */
/** @typedef {import("./seasoncontrol.js").Season} Season */
/** @typedef {import("./seasoncontrol.js").Skipped} Skipped */
/** @typedef {import("./seasoncontrol.js").Unit} Unit */
/** @typedef {{file: string, text: string, players: string[], keys: string[]}} Log  a log read: its seats' unit keys */

const ui = {
  root: document.documentElement,
  status: byId("engine-status", HTMLElement),
  files: byId("season-files", HTMLInputElement),
  folder: byId("season-folder", HTMLInputElement),
  saved: byId("season-saved", HTMLInputElement),
  savedNote: byId("season-saved-note", HTMLElement),
  player: byId("season-player", HTMLInputElement),
  listed: byId("season-listed", HTMLElement),
  start: byId("season-start", HTMLButtonElement),
  stop: byId("season-stop", HTMLButtonElement),
  seasonStatus: byId("season-status", HTMLElement),
  progress: byId("season-progress", HTMLProgressElement),
  summary: byId("season-summary", HTMLElement),
  table: byId("season-table", HTMLTableElement),
  chart: byId("season-chart", HTMLElement),
  chartPlayer: byId("season-chart-player", HTMLSelectElement),
  games: byId("season-games", HTMLTableElement),
  costly: byId("season-costly", HTMLElement),
  skipped: byId("season-skipped", HTMLElement),
  download: byId("season-download", HTMLButtonElement),
};

/** @type {PailiEngine | null} */
let engine = null;
/** @type {Log[]} the logs read */
let logs = [];
/** @type {Skipped[]} the files that could not be read */
let unread = [];
/** @type {unknown[]} the records of the (game, seat) reviews done */
let records = [];
/** @type {Map<string, unknown>} records saved by an earlier run (this page's or review-many's), by unit key */
let saved = new Map();
/** @type {Season | null} */
let season = null;
/** @type {AbortController | null} */
let running = null;
/** @type {{destroy: () => void} | null} the chart drawn */
let chart = null;

/** @param {"none" | "listed" | "running" | "done" | "stopped" | "failed"} state */
function setState(state) {
  ui.root.dataset.season = state;
}

// ---- reading the files ----------------------------------------------------------------------------------------

/**
 * A file's text: gzip-compressed bytes are uncompressed first (whatever the file's name).
 * @param {File} file
 */
async function textOf(file) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!isGzip(bytes)) return new TextDecoder().decode(bytes);
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Response(stream).text();
}

/**
 * Read the files chosen: each log's players (the engine lists the game), or why it cannot be read.
 * @param {File[]} files
 */
async function readFiles(files) {
  stop();
  const chosen = files.filter((f) => isLogName(f.name)).sort((a, b) => nameOf(a).localeCompare(nameOf(b)));
  logs = [];
  unread = [];
  records = [];
  season = null;
  ui.summary.hidden = true;
  if (!engine) {
    ui.listed.textContent = i18n.t("review.engine_wait");
    return;
  }
  ui.listed.textContent = i18n.t("season.reading", { count: chosen.length });
  for (const file of chosen) {
    try {
      const text = await textOf(file);
      const listing = /** @type {{players: string[]}} */ (await engine.request("review", { log: text, seat: 0, rounds: [] }));
      const keys = await Promise.all(listing.players.map((_, seat) => unitKey(text, seat)));
      logs.push({ file: nameOf(file), text, players: listing.players, keys });
    } catch (error) {
      if (error instanceof EngineError) unread.push({ file: nameOf(file), seat: null, reason: i18n.translator().error(error) || error.message });
      else unread.push({ file: nameOf(file), seat: null, reason: i18n.t("season.unreadable", { detail: String(error) }) });
    }
  }
  showListed();
}

/** A file's name as the summary reports it: its path inside the folder opened, else its name. @param {File} file */
function nameOf(file) {
  return file.webkitRelativePath || file.name;
}

/** The units the player's choice makes: every seat, or only the named player's. */
function units() {
  return logs.flatMap((log) => seatsToReview(log.players, ui.player.value).map((seat) => (
    { unit: /** @type {Unit} */ ({ file: log.file, text: log.text, seat, player: log.players[seat] ?? "" }), key: log.keys[seat] ?? "" })));
}

function showListed() {
  const all = units();
  const count = all.length;
  const done = all.filter(({ key }) => saved.has(key)).length;
  ui.listed.textContent = i18n.t("season.listed", { logs: logs.length, seats: count, unread: unread.length })
    + (done ? ` ${i18n.t("season.listed_saved", { done })}` : "");
  ui.start.disabled = count === 0;
  setState(logs.length ? "listed" : "none");
  drawSkipped();
}

// ---- reviewing -------------------------------------------------------------------------------------------------

async function review() {
  if (!engine) return;
  stop();
  const todo = units();
  const job = new AbortController();
  running = job;
  records = [];
  setState("running");
  ui.start.disabled = true;
  ui.stop.hidden = false;
  ui.progress.hidden = false;
  ui.progress.max = Math.max(1, todo.length);
  ui.progress.value = 0;
  try {
    for (const [i, { unit, key }] of todo.entries()) {
      const kept = saved.get(key);
      if (kept) { // reviewed by an earlier run: its record as saved
        records.push(kept);
        ui.progress.value = i + 1;
        continue;
      }
      ui.seasonStatus.textContent = progressText(i, todo.length, unit);
      const record = await engine.request("season_unit", { log: unit.text, seat: unit.seat, file: unit.file }, {
        signal: job.signal,
        onPartial: (part) => {
          const round = /** @type {{round?: {round?: string}}} */ (part).round?.round ?? "";
          ui.seasonStatus.textContent = progressText(i, todo.length, unit, round);
        },
      });
      records.push(record);
      ui.progress.value = i + 1;
      await summarize(); // the figures so far, after each seat
    }
    await summarize(); // the saved records too, when the last seats were among them
    ui.seasonStatus.textContent = progressText(todo.length, todo.length, null);
    setState("done");
    ui.summary.scrollIntoView({ block: "start" }); // the season done: the page opens on its statistics
  } catch (error) {
    if (!(error instanceof EngineError)) throw error;
    if (error.type === "Cancelled") {
      ui.seasonStatus.textContent = i18n.t("season.stopped", { done: records.length, total: todo.length });
      setState("stopped");
    } else {
      ui.seasonStatus.textContent = i18n.t("review.failed", { detail: i18n.translator().error(error) || error.message });
      setState("failed");
    }
  } finally {
    if (running === job) running = null;
    ui.stop.hidden = true;
    ui.start.disabled = units().length === 0;
    ui.progress.hidden = true;
  }
}

function stop() {
  running?.abort();
}

/** The statistics of the records so far, drawn. */
async function summarize() {
  if (!engine) return;
  const site = new URL("./", location.href).href;
  season = /** @type {Season} */ (await engine.request("season_summary", { records, skipped: unread, site }));
  drawSummary();
}

// ---- drawing ---------------------------------------------------------------------------------------------------

function drawSummary() {
  if (!season) return;
  ui.summary.hidden = false;
  ui.table.replaceChildren(
    h("thead", {}, h("tr", {}, COLUMNS.map((key) => h("th", { scope: "col" }, i18n.t(key))))),
    h("tbody", {}, season.players.map((p) => {
      const [name, ...cells] = playerCells(p);
      return h("tr", {}, h("th", { scope: "row" }, name), cells.map((cell) => h("td", {}, cell)));
    })));
  const shown = ui.chartPlayer.value;
  ui.chartPlayer.replaceChildren(...season.players.map((p) => h("option", { value: p.name }, p.name)));
  if (season.players.some((p) => p.name === shown)) ui.chartPlayer.value = shown;
  const label = ui.chartPlayer.closest("label");
  if (label instanceof HTMLElement) label.hidden = season.players.length < 2;
  drawPlayer();
  drawSkipped();
}

/** The chart, the games' table and the costliest decisions of the player chosen (the first: most games). */
function drawPlayer() {
  const player = season?.players.find((p) => p.name === ui.chartPlayer.value) ?? season?.players[0];
  if (!player) return;
  const [x, loss, agreement] = chartSeries(player);
  ui.games.replaceChildren(
    h("thead", {}, h("tr", {}, [i18n.t("season.col_game"), i18n.t("season.chart_loss"), i18n.t("season.chart_agreement")]
      .map((text) => h("th", { scope: "col" }, text)))),
    h("tbody", {}, player.per_game.map((g, i) => h("tr", {}, h("td", {}, `${i + 1}. ${g.file}`),
      h("td", {}, String(Math.round(loss[i] ?? 0))), h("td", {}, agreement[i] === null ? "—" : `${agreement[i]}%`)))));
  ui.costly.replaceChildren(...player.costliest.map((c) => h("li", {}, h("a", { href: c.url }, costlyText(c)))));
  void drawChart(x, loss, agreement);
}

/**
 * The chart of a player's games: the expected points lost (left axis) and the agreement in percent (right).
 * @param {number[]} x
 * @param {number[]} loss
 * @param {(number | null)[]} agreement
 */
async function drawChart(x, loss, agreement) {
  const module = /** @type {{default: typeof import("uplot")}} */ (
    await import(new URL("../vendor/uplot/uPlot.esm.js", import.meta.url).href));
  const UPlot = module.default;
  chart?.destroy();
  ui.chart.replaceChildren();
  const width = Math.max(240, ui.chart.clientWidth || 320);
  chart = new UPlot({
    width,
    height: 240,
    scales: { x: { time: false }, percent: { range: [0, 100] } },
    series: [
      { label: i18n.t("season.col_game") },
      { label: i18n.t("season.chart_loss"), stroke: "#c0392b", width: 2, scale: "points", points: { show: true } },
      { label: i18n.t("season.chart_agreement"), stroke: "#1f6b47", width: 2, scale: "percent", points: { show: true } },
    ],
    axes: [
      { label: i18n.t("season.col_game") },
      { scale: "points", label: i18n.t("season.chart_loss") },
      { scale: "percent", side: 1, label: i18n.t("season.chart_agreement"), grid: { show: false } },
    ],
  }, [x, loss, agreement], ui.chart);
  ui.chart.dataset.games = String(x.length);
}

function drawSkipped() {
  const all = season ? season.skipped : unread;
  ui.skipped.replaceChildren(...all.map((s) => h("li", {}, i18n.t("season.skipped_line", { file: s.file,
    seat: s.seat === null ? "" : ` (${i18n.t("season.skipped_seat", { seat: s.seat + 1 })})`, reason: s.reason }))));
  ui.skipped.hidden = all.length === 0;
  if (all.length) ui.summary.hidden = false;
}

/** The records saved as the command line's JSON lines (`review-many --out` resumes from such a file). */
function download() {
  const link = h("a", { href: URL.createObjectURL(new Blob([recordsText(records)], { type: "application/x-ndjson" })),
    download: "season.jsonl" });
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.getAttribute("href") ?? ""), 1000);
}

// ---- start -------------------------------------------------------------------------------------------------------

async function start() {
  await i18n.load();
  for (const input of [ui.files, ui.folder]) {
    input.addEventListener("change", () => readFiles([...(input.files ?? [])]));
  }
  ui.saved.addEventListener("change", async () => {
    const file = ui.saved.files?.[0];
    if (!file) return;
    const { records: read, bad } = parseRecords(await textOf(file));
    saved = new Map(read.map((r) => [/** @type {string} */ (r.key), r]));
    ui.savedNote.textContent = i18n.t("season.saved_read", { count: saved.size, bad });
    if (logs.length) showListed();
  });
  ui.player.addEventListener("input", () => {
    if (logs.length) showListed();
  });
  ui.start.addEventListener("click", () => review());
  ui.stop.addEventListener("click", () => stop());
  ui.chartPlayer.addEventListener("change", () => drawPlayer());
  ui.download.addEventListener("click", download);
  let width = window.innerWidth;
  window.addEventListener("resize", () => {
    if (window.innerWidth !== width && season) drawPlayer();
    width = window.innerWidth;
  });
  engine = await startWithStatusLine(ui.root, ui.status);
  if (!engine) return;
  const files = [...(ui.files.files ?? []), ...(ui.folder.files ?? [])];
  if (files.length) readFiles(files); // chosen while the engine started
}

start();
