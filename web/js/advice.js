// Discard advice (何切る): per discard of a 3n+2 hand, the chance to win and to be tenpai within the next draws
// (paili.advise, whose order is by the expected points won), with a small chart by turn and the improvement
// tiles (改良).
//
// The search can take seconds, so it runs in its own engine (a second Pyodide worker, started when first
// needed) and never delays the analysis worker. A computation whose hand is no longer on screen is stale:
// its answer is dropped, and if it is still running GRACE_MS after it started, its worker is terminated and
// a fresh one started (restarting Pyodide costs about a second; a short search is cheaper to let finish).
//
// app.js calls: inputChanged(hand, visible) when an analysis starts, show(result, {hand, visible}) when one
// is drawn, clear() when there is nothing to advise. The section is <section aria-label="Win chances">
// with data-state = idle | starting | running | done | error and, once drawn, data-hand (the advised hand).

import { EngineError, createEngine } from "../paili.mjs";
import { MAX_TURNS, duration, parseTurns, percent, polylinePoints, sparklineLabel, sparklineScale } from "./chances.js";
import { t, translator } from "./i18n.js";
import { glossed, h, handText, shantenText, tile, tileCounts } from "./render.js";
import { tileName } from "./tiles.js";

/** @typedef {import("../paili.mjs").Advice} Advice */
/** @typedef {import("../paili.mjs").AdviceDiscard} AdviceDiscard */
/** @typedef {import("../paili.mjs").Analysis} Analysis */
/** @typedef {import("../paili.mjs").AdviseOptions} AdviseOptions */
/** @typedef {import("../paili.mjs").PailiEngine} PailiEngine */

export const DEFAULT_TURNS = 17;
/** The engine's highest max_shanten (paili.advice.MAX_SHANTEN_LIMIT): "compute them too" asks for it. */
export const MAX_SHANTEN_LIMIT = 4;
/** How long a stale computation may keep running (it may be about to finish) before its worker is ended. */
const GRACE_MS = 300;
const SVG = "http://www.w3.org/2000/svg";

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * An SVG element with attributes and children.
 * @param {string} tag
 * @param {Record<string, string | number>} [attrs]
 * @param {...(Node | string)} children
 */
function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  node.append(...children);
  return node;
}

/**
 * The chance by turn as a sparkline: win (solid) and tenpai (dashed), 0..100% on a fixed scale.
 * @param {number[]} pWin  the chance to win within 1, 2, ... draws
 * @param {number[]} pTenpai  the chance to be tenpai within 1, 2, ... draws
 * @param {{width?: number, height?: number}} [size]
 */
export function sparkline(pWin, pTenpai, { width = 96, height = 32 } = {}) {
  const n = pWin.length;
  const scale = sparklineScale(n, { width, height });
  const { x, y } = scale;
  /** @param {number[]} values */
  const points = (values) => polylinePoints(values, scale);
  const label = sparklineLabel(pWin, pTenpai);
  /**
   * @param {number[]} values
   * @param {string} cls
   */
  const line = (values, cls) =>
    n === 1
      ? svg("circle", { class: cls, cx: x(0), cy: y(values[0]), r: 2 })
      : svg("polyline", { class: cls, points: points(values), fill: "none", "vector-effect": "non-scaling-stroke" });
  return svg(
    "svg",
    { class: "sparkline", viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": label, focusable: "false" },
    svg("line", { class: "sparkline-axis", x1: 0, x2: width, y1: y(0), y2: y(0) }),
    svg("line", { class: "sparkline-axis", x1: 0, x2: width, y1: y(1), y2: y(1) }),
    line(pTenpai, "sparkline-tenpai"),
    line(pWin, "sparkline-win"),
  );
}

function legend() {
  /** @param {string} cls */
  const sample = (cls) => svg("svg", { class: "legend-line", viewBox: "0 0 16 8", "aria-hidden": "true" },
    svg("line", { class: cls, x1: 1, x2: 15, y1: 4, y2: 4 }));
  return h(
    "p",
    { class: "advice-legend", "aria-hidden": "true" },
    h("span", {}, sample("sparkline-win"), " ", t("ui.legend_win")),
    h("span", {}, sample("sparkline-tenpai"), " ", t("ui.legend_tenpai")),
    h("span", {}, t("ui.legend_scale")),
  );
}

/**
 * The advice table: one tbody per discard (its row, then its improvements), in the engine's order.
 * @param {Advice} advice
 */
export function adviceTable(advice) {
  const n = advice.turns;
  /**
   * @param {string} title  a catalog key
   * @param {string} term  the catalog key of its gloss
   * @param {string} cls
   */
  const header = (title, term, cls) => h("th", { scope: "col", class: cls }, ...glossed(term, t(title)));
  const bodies = advice.discards.map((d) => {
    const name = d.tile;
    const pWin = d.p_win ?? null;
    const pTenpai = d.p_tenpai ?? null;
    const known = pWin !== null && pTenpai !== null;
    const win = known ? pWin[n - 1] : null;
    const tenpai = known ? pTenpai[n - 1] : null;
    const better = d.improvements ?? { total: 0, tiles: [] };
    const main = h(
      "tr",
      {
        class: "advice-row",
        dataset: {
          tile: name,
          after: d.after ?? null,
          pWin: known ? String(win) : null,
          pTenpai: known ? String(tenpai) : null,
        },
      },
      h(
        "th",
        { scope: "row", class: "discard" },
        h("button", { type: "button", class: "discard-button", "aria-label": t("ui.discard_tile", { tile: tileName(name) }) }, tile(name, { size: "sm" })),
        h("span", { class: "advice-shanten" }, shantenText(d.shanten)),
      ),
      h("td", { class: "p-win" }, percent(win)),
      h("td", { class: "p-tenpai" }, percent(tenpai)),
      h("td", { class: "chart" }, known ? sparkline(pWin, pTenpai) : h("span", { class: "na" }, "—")),
    );
    const extra = h(
      "tr",
      { class: "advice-improvements" },
      h(
        "td",
        { colspan: "4" },
        better.tiles.length
          ? h(
              "details",
              {},
              h(
                "summary",
                {},
                ...glossed("term.improvements", t("ui.improvements", { kinds: better.tiles.length, count: better.total })),
              ),
              tileCounts(better.tiles, { size: "xs" }),
            )
          : h("span", { class: "none" }, ...glossed("term.no_improvements", t("ui.no_improvements"))),
      ),
    );
    return h("tbody", { dataset: { tile: name } }, main, extra);
  });
  return h(
    "table",
    { class: "advice-table" },
    h("caption", { class: "sr-only" }, t("ui.advice_caption", { count: n })),
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        header("ui.col_discard", "term.discard", "discard"),
        header("ui.col_win", "term.agari", "p-win"),
        header("ui.col_tenpai", "term.tenpai", "p-tenpai"),
        header("ui.col_by_draw", "term.trend", "chart"),
      ),
    ),
    bodies,
  );
}

/**
 * @typedef {object} Job  the advice wanted for the hand on screen
 * @property {string} key  the hand advised (canonical, with its melds): what data-hand shows once drawn
 * @property {string} handKey  the same text, what a new analysis is compared with
 * @property {{hand: string, visible: string}} source  the input as typed, for inputChanged()
 * @property {AdviseOptions & {hand: string}} base  the request but for the options of the controls
 * @property {(AdviseOptions & {hand: string, turns: number}) | null} payload  the request sent, once asked
 * @property {string | null} signature  JSON of the payload, to tell a new request from the same one again
 * @property {number} gen  the generation it was asked in (-1: not asked yet)
 */

/** @typedef {{gen: number, startedAt: number, settled: Promise<void>}} Running  the request on the advice engine */

/**
 * @typedef {object} AdviceController
 * @property {HTMLElement} element  the section
 * @property {(hand: string, visible: string) => void} inputChanged
 * @property {(result: Analysis, input: {hand: string, visible?: string}) => void} show
 * @property {() => void} close
 * @property {() => void} clear
 */

/**
 * Build the advice section inside `container` (appended) and return its controller.
 * `onDiscard(text)` is called with the hand left when a discard button of the table is chosen.
 * @param {{container: Element, onDiscard?: ((after: string) => void) | null}} options
 * @returns {AdviceController}
 */
export function createAdvice({ container, onDiscard = null }) {
  const ids = { title: "advice-title", turns: "advice-turns", tegawari: "advice-tegawari", back: "advice-shanten-down" };
  const turns = h("input", { id: ids.turns, type: "number", inputmode: "numeric", min: "1", max: String(MAX_TURNS), step: "1", value: String(DEFAULT_TURNS), "aria-describedby": "advice-turns-help" });
  const tegawari = h("input", { id: ids.tegawari, type: "checkbox" });
  const back = h("input", { id: ids.back, type: "checkbox" });
  const status = h("p", { class: "advice-status", role: "status" });
  const elapsed = h("span", { class: "advice-elapsed", "aria-hidden": "true" });
  const progress = h("div", { class: "advice-progress", hidden: true }, h("span", { class: "advice-bar" }), elapsed);
  const note = h("p", { class: "advice-note", hidden: true });
  const more = h("button", { type: "button", class: "secondary advice-more", hidden: true }, t("ui.advice_more"));
  const body = h("div", { class: "advice-body" });
  const controls = h(
    "div",
    { class: "advice-controls", role: "group", "aria-label": t("ui.advice_options") },
    h(
      "div",
      { class: "advice-turns" },
      h("label", { for: ids.turns }, ...glossed("term.draws", t("ui.advice_draws"))),
      turns,
      h("span", { id: "advice-turns-help", class: "help" }, t("ui.advice_draws_range", { max: MAX_TURNS })),
    ),
    h("div", { class: "advice-check" }, tegawari, h("label", { for: ids.tegawari }, ...glossed("term.tegawari", t("ui.advice_tegawari")))),
    h("div", { class: "advice-check" }, back, h("label", { for: ids.back }, ...glossed("term.shanten_down", t("ui.advice_shanten_down")))),
  );
  const section = h(
    "section",
    { class: "block advice", "aria-labelledby": ids.title, hidden: true, dataset: { state: "idle" } },
    h("h3", { id: ids.title }, ...glossed("term.what_to_discard", t("ui.advice_title"))),
    h("p", { class: "hint" }, t("ui.advice_hint")),
    controls,
    status,
    progress,
    note,
    more,
    body,
  );
  container.append(section);

  /** @type {Promise<PailiEngine> | null} the advice engine (its own worker), or null until needed */
  let engine = null;
  /** @type {Running | null} the request on that engine, if any */
  let running = null;
  let generation = 0; // number of the advice wanted now; answers of older ones are dropped
  /** @type {Job | null} the advice for the hand on screen */
  let wanted = null;
  /** @type {string | null} key of the advice drawn */
  let shownKey = null;
  let ticker = 0;

  /** @param {"idle" | "starting" | "running" | "done" | "error"} state */
  const setState = (state) => {
    section.dataset.state = state;
  };
  let closed = false; // set by close(): the page is switching to another build, start no worker again

  function startEngine() {
    if (closed) return null;
    engine = createEngine({
      onProgress: (message) => {
        if (section.dataset.state === "starting") status.textContent = t("ui.advice_starting_step", { step: message });
      },
    });
    engine.catch(() => {}); // a failure is reported to the request that awaits it
    return engine;
  }

  /** End the advice worker (a stale search is running) and start a fresh one at once. */
  function restart() {
    const old = engine;
    engine = null;
    running = null;
    old?.then((e) => e.close(), () => {});
    section.dataset.restarts = String(Number(section.dataset.restarts ?? 0) + 1);
    startEngine();
  }

  /** A stale search still running after its grace period ends with its worker. */
  function reap() {
    if (!running || running.gen === generation) return;
    const left = GRACE_MS - (performance.now() - running.startedAt);
    if (left <= 0) restart();
    else setTimeout(reap, left + 1);
  }

  function stopTicker() {
    clearInterval(ticker);
    ticker = 0;
    progress.hidden = true;
  }

  function startTicker() {
    stopTicker();
    const since = performance.now();
    elapsed.textContent = "";
    progress.hidden = false;
    ticker = setInterval(() => {
      elapsed.textContent = `${((performance.now() - since) / 1000).toFixed(1)} s`;
    }, 100);
  }

  function readTurns() {
    const value = parseTurns(turns.value);
    if (value !== null) turns.removeAttribute("aria-invalid");
    else turns.setAttribute("aria-invalid", "true");
    return value;
  }

  function options() {
    return { turns: readTurns(), tegawari: tegawari.checked, shanten_down: back.checked };
  }

  /** Drop the search running or awaited: its answer is not wanted any more. */
  function drop() {
    generation += 1;
    stopTicker();
    reap();
  }

  /** Drop whatever is wanted or running: the hand changed. */
  function cancel() {
    drop();
    wanted = null;
  }

  /** @returns {Promise<void>} */
  async function compute() {
    const job = wanted;
    if (!job?.payload) return; // request() sets both before it calls compute()
    const payload = job.payload;
    const gen = job.gen;
    // Wait for the advice worker to be free: a stale search may finish within its grace, or is ended.
    while (running) {
      const current = running;
      const left = GRACE_MS - (performance.now() - current.startedAt);
      await Promise.race([current.settled, sleep(left)]);
      if (gen !== generation) return;
      if (running === current && performance.now() - current.startedAt >= GRACE_MS) restart();
    }
    if (closed) return;
    const pending = engine ?? startEngine();
    if (!pending) return; // closed
    let ready;
    setState("starting");
    status.textContent = t("ui.advice_starting");
    startTicker();
    try {
      ready = await pending;
    } catch (error) {
      if (gen !== generation) return;
      if (engine === pending) engine = null; // try a new worker next time
      stopTicker();
      setState("error");
      status.textContent = t("ui.advice_start_failed", { detail: error instanceof EngineError ? translator().error(error) : String(error instanceof Error ? error.message : error) });
      return;
    }
    if (gen !== generation || engine !== pending) {
      if (gen === generation) compute(); // the worker was replaced meanwhile: go again
      return;
    }
    if (running) return compute(); // someone else got the worker first (cannot happen in order, but be safe)
    setState("running");
    status.textContent = t("ui.advice_computing", { count: payload.turns });
    startTicker();
    const startedAt = performance.now();
    const request = ready.advise(payload.hand, payload);
    const entry = { gen, startedAt, settled: request.then(() => {}, () => {}) };
    running = entry;
    entry.settled.then(() => {
      if (running === entry) running = null;
    });
    /** @type {{ok: true, advice: Advice} | {ok: false, failure: EngineError}} */
    let outcome;
    try {
      outcome = { ok: true, advice: await request };
    } catch (error) {
      if (!(error instanceof EngineError)) throw error; // the engine rejects with nothing else
      outcome = { ok: false, failure: error };
    }
    if (gen !== generation) return; // stale: never drawn
    stopTicker();
    if (!outcome.ok) {
      const failure = outcome.failure;
      if (failure.type === "EngineClosed" || failure.type === "EngineFailed") {
        if (failure.type === "EngineFailed" && engine === pending) engine = null;
        if (failure.type === "EngineClosed") return compute();
      }
      setState("error");
      status.textContent = t("ui.advice_failed", { detail: translator().error(failure) });
      body.replaceChildren();
      note.hidden = true;
      more.hidden = true;
      return;
    }
    draw(outcome.advice, job, performance.now() - startedAt);
  }

  /**
   * @param {Advice} advice
   * @param {Job} job
   * @param {number} ms  how long it took
   */
  function draw(advice, job, ms) {
    shownKey = job.key;
    section.dataset.hand = job.key;
    section.dataset.turns = String(advice.turns);
    section.dataset.tegawari = String(advice.options.tegawari);
    section.dataset.shantenDown = String(advice.options.shanten_down);
    section.dataset.maxShanten = String(advice.options.max_shanten);
    const charts = advice.discards.some((d) => d.p_win !== null && d.p_win !== undefined);
    body.replaceChildren(...(charts ? [legend()] : []), adviceTable(advice));
    // the engine's note (English) says which rows it left out: the page says it from the rows themselves
    const skipped = advice.discards.filter((d) => d.p_win === null || d.p_win === undefined).length;
    note.textContent = advice.note ? t("ui.advice_note", { count: skipped, max: advice.options.max_shanten }) : "";
    note.hidden = !advice.note;
    more.hidden = !advice.note || advice.options.max_shanten >= MAX_SHANTEN_LIMIT;
    status.textContent = t("ui.advice_done", { count: advice.turns, duration: duration(ms) });
    section.removeAttribute("aria-busy");
    setState("done");
  }

  function request() {
    if (!wanted) return;
    const { turns: draws, ...flags } = options();
    if (draws === null) {
      drop();
      wanted.signature = null; // a valid number asks again, even the same as before
      status.textContent = t("ui.advice_bad_draws", { max: MAX_TURNS });
      setState("error");
      return;
    }
    const payload = { ...wanted.base, turns: draws, ...flags };
    const key = wanted.handKey;
    const signature = JSON.stringify(payload);
    if (wanted.signature === signature && wanted.gen === generation && section.dataset.state !== "error") return;
    const source = wanted.source;
    const handKey = wanted.handKey;
    const base = wanted.base;
    cancel();
    wanted = { key, handKey, source, base, payload, signature, gen: generation };
    section.hidden = false;
    section.setAttribute("aria-busy", "true");
    compute();
  }

  // ---- events ------------------------------------------------------------------------------------------

  let turnsTimer = 0;
  turns.addEventListener("input", () => {
    clearTimeout(turnsTimer);
    turnsTimer = setTimeout(request, 250);
  });
  turns.addEventListener("change", () => {
    clearTimeout(turnsTimer);
    request();
  });
  tegawari.addEventListener("change", request);
  more.addEventListener("click", () => {
    if (!wanted) return;
    wanted.base = { ...wanted.base, max_shanten: MAX_SHANTEN_LIMIT };
    more.hidden = true;
    request();
  });
  back.addEventListener("change", request);
  body.addEventListener("click", (/** @type {MouseEvent} */ event) => {
    const target = event.target;
    if (!(target instanceof Element)) return;
    const row = target.closest("tr.advice-row");
    if (!(row instanceof HTMLElement) || !onDiscard || target.closest("details")) return;
    if (row.dataset.after) onDiscard(row.dataset.after);
  });

  return {
    element: section,

    /** An analysis of (hand, visible) is starting: a search for another input is stale from now on. */
    inputChanged(hand, visible) {
      if (!wanted || (wanted.source.hand === hand && wanted.source.visible === visible)) return;
      section.setAttribute("aria-busy", "true");
      if (section.dataset.state !== "done") cancel(); // a search for the old input is starting or running
    },

    /** The analysis on screen: advise its discards (3n+2 hands), or hide the section. */
    show(result, { hand, visible = "" }) {
      if (!("discards" in result)) {
        this.clear();
        return;
      }
      const melds = result.melds.map((m) => m.text);
      const handKey = handText(result);
      const base = { hand: result.hand, melds, visible, rules: result.rules ?? "riichi" };
      const source = { hand, visible };
      if (wanted && wanted.handKey === handKey && wanted.base.visible === visible) {
        wanted.source = source;
        if (section.dataset.state === "done") section.removeAttribute("aria-busy");
        if (section.dataset.state === "error") request(); // try again
        return; // running or drawn for this very hand
      }
      if (shownKey !== null && shownKey !== handKey) {
        // the advice of another hand must not stay beside this analysis
        body.replaceChildren();
        note.hidden = true;
        more.hidden = true;
        shownKey = null;
        delete section.dataset.hand;
      }
      cancel();
      wanted = { key: handKey, handKey, source, base, payload: null, signature: null, gen: -1 };
      request();
    },

    /** End the advice worker for good: the page is about to load another build of the site. */
    close() {
      closed = true;
      cancel();
      const old = engine;
      engine = null;
      old?.then((e) => e.close(), () => {});
    },

    /** Nothing to advise (no hand, an error, a 3n+1 hand). */
    clear() {
      cancel();
      shownKey = null;
      body.replaceChildren();
      note.hidden = true;
      more.hidden = true;
      status.textContent = "";
      delete section.dataset.hand;
      section.removeAttribute("aria-busy");
      section.hidden = true;
      setState("idle");
    },
  };
}
