// Discard advice (何切る) in the discard table: per discard of a 3n+2 hand, the chance to win and to be tenpai
// within the next draws and the expected points won (paili.advise), as columns of the table render.js draws
// (`advice: true`), sortable by each, with a details row per discard (the per-draw chart, the tiles that
// improve, the improvement tiles 改良, the waits of a tenpai discard with their points).
//
// The advice runs on the page's one engine (paili.mjs, one worker and one Python): the worker answers in
// steps, newest request first, so an analysis is never held up by a search, and a search whose hand left the
// screen is cancelled (its AbortSignal) at once. The answer of the last search is kept: a table drawn again for
// the same hand and options is filled at once.
//
// A tenpai 3n+1 hand gets the same model's outlook (paili.outlook): each wait's chance to be the winning draw
// beside it in the Analysis's waits list, and the hand's chance and expected points above the list.
//
// app.js calls: show(result, table, visible) when a 3n+2 analysis is drawn (`table` its discard table),
// showWaits(result, list, visible) when a tenpai 3n+1 analysis is drawn (`list` its ul.waits), clear() when
// there is nothing to advise, cancel() when the hand changes. <html data-advice> says whether the
// advice of the hand on screen is shown: "pending" (asked), "ready" (in the table) or "none" (nothing to advise,
// or it failed: the status line says why).

import { EngineError } from "../paili.mjs";
import { MAX_TURNS, duration, parseTurns, percent, points, polylinePoints, sparklineLabel, sparklineScale } from "./chances.js";
import { t, translator } from "./i18n.js";
import { fillAdvice, glossed, h, handText, meldTexts, tileCounts } from "./render.js";
import { roving } from "./roving.js";
import { tileName } from "./tiles.js";

/** @typedef {import("../paili.mjs").Advice} Advice */
/** @typedef {import("../paili.mjs").AdviceDiscard} AdviceDiscard */
/** @typedef {import("../paili.mjs").Analysis} Analysis */
/** @typedef {import("../paili.mjs").Discard} Discard */
/** @typedef {import("../paili.mjs").Outlook} Outlook */
/** @typedef {import("../paili.mjs").PailiEngine} PailiEngine */
/** @typedef {"count" | "p_win" | "p_tenpai" | "ev"} SortKey  what orders the rows ("count": Tenhou's order) */

export const DEFAULT_TURNS = 17;
/** The engine's highest max_shanten (paili.advice.MAX_SHANTEN_LIMIT): "compute them too" asks for it. */
export const MAX_SHANTEN_LIMIT = 4;
const SVG = "http://www.w3.org/2000/svg";

/** The figures that break ties, after the one sorted by (paili.advice.ORDER_BY). */
const TIES = { count: [], p_win: ["p_tenpai"], p_tenpai: ["p_win"], ev: ["p_win", "p_tenpai"] };

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
 * The chance by draw as a chart: win (solid) and tenpai (dashed), 0..100% on a fixed scale.
 * @param {number[]} pWin  the chance to win within 1, 2, ... draws
 * @param {number[]} pTenpai  the chance to be tenpai within 1, 2, ... draws
 * @param {{width?: number, height?: number}} [size]
 */
export function sparkline(pWin, pTenpai, { width = 240, height = 64 } = {}) {
  const n = pWin.length;
  const scale = sparklineScale(n, { width, height });
  const { x, y } = scale;
  /**
   * @param {number[]} values
   * @param {string} cls
   */
  const line = (values, cls) =>
    n === 1
      ? svg("circle", { class: cls, cx: x(0), cy: y(values[0]), r: 2 })
      : svg("polyline", { class: cls, points: polylinePoints(values, scale), fill: "none", "vector-effect": "non-scaling-stroke" });
  return svg(
    "svg",
    { class: "sparkline", viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": sparklineLabel(pWin, pTenpai), focusable: "false" },
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
 * The details of a discard: the tiles that improve, and with its advice the chart by draw, the waits of a
 * tenpai discard (copies left, points by tsumo and ron) and the improvement tiles.
 * @param {Discard} discard
 * @param {AdviceDiscard | null} advised
 */
export function discardDetails(discard, advised) {
  const parts = [
    h("div", { class: "detail-part" }, h("h4", {}, t("ui.tiles_that_improve", { count: discard.ukeire.total })), tileCounts(discard.ukeire.tiles, { size: "xs" })),
  ];
  if (advised?.p_win && advised.p_tenpai) {
    const n = advised.p_win.length;
    parts.unshift(
      h(
        "div",
        { class: "detail-part detail-chart" },
        h("h4", {}, advised.ev
          ? t("ui.detail_chances_ev", { count: n, win: percent(advised.p_win[n - 1]), tenpai: percent(advised.p_tenpai[n - 1]), points: points(advised.ev[n - 1]) })
          : t("ui.detail_chances", { count: n, win: percent(advised.p_win[n - 1]), tenpai: percent(advised.p_tenpai[n - 1]) })),
        sparkline(advised.p_win, advised.p_tenpai),
        legend(),
      ),
    );
  }
  if (advised?.waits.length) {
    parts.push(
      h(
        "div",
        { class: "detail-part" },
        h("h4", {}, ...glossed("term.waits", t("ui.waits"))),
        h(
          "ul",
          { class: "advice-waits" },
          advised.waits.map((w) =>
            h(
              "li",
              { dataset: { tile: w.tile } },
              h("span", { class: "tile-name" }, tileName(w.tile)),
              " ",
              t("ui.left", { count: w.remaining }),
              w.points ? (w.yaku ? t("ui.wait_points", { tsumo: points(w.points.tsumo), ron: points(w.points.ron) }) : t("ui.wait_no_yaku")) : "",
            ),
          ),
        ),
      ),
    );
  }
  if (advised && !advised.improvements) {
    // asked for after the advice (engine.improvements): filled in when they come
    parts.push(
      h(
        "div",
        { class: "detail-part detail-improvements", "aria-busy": "true" },
        h("h4", {}, ...glossed("term.improvements", t("ui.improvements_pending"))),
        h("p", { class: "pending" }, "…"),
      ),
    );
  } else if (advised?.improvements) {
    const better = advised.improvements;
    parts.push(
      h(
        "div",
        { class: "detail-part detail-improvements" },
        h("h4", {}, ...glossed("term.improvements", t("ui.improvements", { kinds: better.tiles.length, count: better.total }))),
        better.tiles.length ? tileCounts(better.tiles, { size: "xs" }) : h("p", { class: "none" }, t("ui.none")),
      ),
    );
  }
  return parts;
}

/**
 * Sort the rows of a discard table (each with its details row) by `key`, best first (or last when not
 * `descending`); rows without the figure go last, ties in the engine's order.
 * @param {HTMLTableElement} table
 * @param {SortKey} key
 * @param {boolean} descending
 */
export function sortTable(table, key, descending) {
  const body = table.tBodies[0];
  const rows = [...body.querySelectorAll("tr.discard-row")].filter((r) => r instanceof HTMLElement);
  /** @param {HTMLElement} row @param {string} k */
  const value = (row, k) => {
    if (k === "count") return -Number(row.dataset.order); // the engine's order: lower shanten, then more tiles
    const text = row.querySelector(`td[data-key="${k}"]`)?.getAttribute("data-value");
    return text === null || text === undefined ? null : Number(text);
  };
  const sign = descending ? -1 : 1;
  const keys = [key, ...TIES[key]];
  // each row's figures read once (not in every comparison), with its place in the engine's order
  const figures = new Map(rows.map((row) => [row, { order: Number(row.dataset.order), values: keys.map((k) => value(row, k)) }]));
  rows.sort((a, b) => {
    const fa = /** @type {{order: number, values: (number | null)[]}} */ (figures.get(a));
    const fb = /** @type {{order: number, values: (number | null)[]}} */ (figures.get(b));
    for (let i = 0; i < keys.length; i++) {
      const x = fa.values[i];
      const y = fb.values[i];
      if (x === null || y === null) {
        if (x !== y) return x === null ? 1 : -1;
        continue;
      }
      if (x !== y) return sign * (x - y);
    }
    return fa.order - fb.order;
  });
  // Moving a row takes the focus out of it: a discard button focused (a keyboard user about to press it) keeps it.
  const focused = document.activeElement;
  for (const row of rows) {
    const detail = row.nextElementSibling;
    body.append(row);
    if (detail?.classList.contains("discard-detail")) body.append(detail);
  }
  if (focused instanceof HTMLElement && body.contains(focused) && document.activeElement !== focused) focused.focus({ preventScroll: true });
  for (const th of table.tHead?.querySelectorAll("th[data-sort]") ?? []) {
    if (th instanceof HTMLElement && th.dataset.sort === key) th.setAttribute("aria-sort", descending ? "descending" : "ascending");
    else th.removeAttribute("aria-sort");
  }
}

/**
 * What the engine is asked about a hand as it was analysed: its tiles, melds and norths set aside, the visible
 * tiles, its rule set, and a Sichuan suit given up when one was fixed.
 * @param {Analysis} result
 * @param {string} visible
 * @returns {{hand: string, melds: string[], visible: string, rules: import("../paili.mjs").Rules, void?: "m" | "p" | "s"}}
 */
function baseOf(result, visible) {
  const fixed = result.void?.fixed ? { void: /** @type {"m" | "p" | "s"} */ (result.void.suits) } : {};
  return { hand: result.hand, melds: meldTexts(result), visible, rules: result.rules ?? "riichi", ...fixed };
}

/**
 * @typedef {object} AdviceController
 * @property {(result: Analysis, table: HTMLTableElement, visible: string) => void} show
 * @property {(result: Analysis, list: HTMLElement, visible: string) => void} showWaits
 * @property {(result: Analysis, visible: string) => void} prefetch
 * @property {() => void} cancel
 * @property {() => void} clear
 */

/**
 * The advice of the page. `engine()` is the page's engine (null while it starts); `root` the element that
 * carries data-advice (<html>); `container` holds the results (delegated clicks on sort headers, expand buttons).
 * @param {{engine: () => PailiEngine | null, root: HTMLElement, container: HTMLElement}} options
 * @returns {AdviceController}
 */
export function createAdvice({ engine, root, container }) {
  const ids = { turns: "advice-turns", tegawari: "advice-tegawari", back: "advice-shanten-down" };
  const turns = h("input", { id: ids.turns, type: "number", inputmode: "numeric", min: "1", max: String(MAX_TURNS), step: "1", value: String(DEFAULT_TURNS), "aria-describedby": "advice-turns-help" });
  const tegawari = h("input", { id: ids.tegawari, type: "checkbox" });
  const back = h("input", { id: ids.back, type: "checkbox" });
  const status = h("p", { class: "advice-status", role: "status" });
  const more = h("button", { type: "button", class: "secondary advice-more", hidden: true }, t("ui.advice_more"));
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
  const panel = h(
    "div",
    { class: "advice-panel" },
    h("p", { class: "hint advice-hint" }, t("ui.advice_hint")),
    controls,
    status,
    more,
  );

  /**
   * The hand on screen: a 3n+2 hand's discard table, or a tenpai 3n+1 hand's waits list (`busy`: the element
   * that is aria-busy while its figures are computed; `signature`: the request its figures are for, once asked).
   * @type {{key: string, base: {hand: string, melds: string[], visible: string, rules: import("../paili.mjs").Rules,
   *   void?: "m" | "p" | "s"}, discards: Discard[], table: HTMLTableElement | null, waits: HTMLElement | null,
   *   busy: HTMLElement, signature: string} | null}
   */
  let current = null;
  /**
   * @type {{signature: string, advice: Advice, payload: ReturnType<typeof requestOf>["payload"]} | null} the last
   * advice computed (asked for without its improvements: they are filled into it when they come)
   */
  let last = null;
  /** @type {AbortController | null} the request for the improvements of `last` */
  let improving = null;
  /** @type {{signature: string, outlook: Outlook} | null} the last outlook computed */
  let lastOutlook = null;
  /** @type {AbortController | null} the search running */
  let running = null;
  let runningSignature = ""; // what it computes
  let maxShanten = 2;
  /** @type {{key: SortKey, descending: boolean}} */
  let sort = { key: "ev", descending: true };

  /**
   * The key the table is sorted by: the one chosen, or the win chance where the table has no points column
   * (a rule set the engine does not score).
   * @param {HTMLTableElement} table
   * @returns {SortKey}
   */
  const sortKey = (table) => (table.querySelector(`th[data-sort="${sort.key}"]`) || sort.key === "count" ? sort.key : "p_win");

  /** @param {"pending" | "ready" | "none"} state */
  const setState = (state) => {
    root.dataset.advice = state;
  };

  function readTurns() {
    const value = parseTurns(turns.value);
    if (value !== null) turns.removeAttribute("aria-invalid");
    else turns.setAttribute("aria-invalid", "true");
    return value;
  }

  function cancel() {
    running?.abort();
    running = null;
    improving?.abort();
    improving = null;
  }

  /**
   * Ask for the improvements of the advice drawn (`last`), unless they are there or asked for already; when they
   * come they go into `last.advice` and into the details rows open (a newer hand or request drops them).
   */
  async function fetchImprovements() {
    const ready = engine();
    const asked = last;
    if (!ready || !asked || improving || asked.advice.discards.every((d) => d.improvements)) return;
    const job = new AbortController();
    improving = job;
    if (current?.table) current.table.dataset.improvements = "pending";
    try {
      const answer = await ready.improvements(asked.payload.hand, { ...asked.payload, signal: job.signal });
      if (improving !== job) return;
      improving = null;
      const byTile = new Map(answer.discards.map((d) => [d.tile, d.improvements]));
      for (const d of asked.advice.discards) d.improvements = byTile.get(d.tile) ?? d.improvements;
      if (last !== asked || !current?.table || current.signature !== asked.signature) return;
      current.table.dataset.improvements = "ready";
      for (const button of current.table.querySelectorAll("button.expand[aria-expanded='true']")) fillDetails(button);
    } catch (error) {
      if (!(error instanceof EngineError)) throw error;
      if (improving === job) improving = null;
      // Cancelled: a newer request wants the worker; any other error was the advice's too (the same inputs)
    }
  }

  /** @param {Advice} advice */
  function draw(advice) {
    if (!current?.table) return;
    const table = current.table;
    performance.mark("paili:draw advice");
    fillAdvice(table, advice);
    table.dataset.advice = "ready";
    table.removeAttribute("aria-busy");
    sortTable(table, sortKey(table), sort.descending);
    for (const button of table.querySelectorAll("button.expand[aria-expanded='true']")) fillDetails(button);
    status.textContent = advice.note ? t("ui.advice_note", { max: advice.options.max_shanten }) : "";
    more.hidden = !advice.note || advice.options.max_shanten >= MAX_SHANTEN_LIMIT;
    setState("ready");
    fetchImprovements();
  }

  /**
   * A tenpai hand's outlook: each wait's chance to be the winning draw in its item of the waits list, the hand's
   * chance (and expected points) on the line above the list.
   * @param {Outlook} outlook
   */
  function drawOutlook(outlook) {
    if (!current?.waits) return;
    const list = current.waits;
    const n = outlook.turns;
    for (const old of list.parentElement?.querySelectorAll(".wait-chance, .outlook-total") ?? []) old.remove();
    for (const wait of outlook.waits) {
      const item = list.querySelector(`li[data-tile="${wait.tile}"]`);
      const chance = wait.p_win[n - 1];
      item?.append(h("span", { class: "wait-chance", dataset: { pWin: String(chance) } }, t("ui.wait_chance", { percent: percent(chance) })));
    }
    if (outlook.p_win) {
      const win = outlook.p_win[n - 1];
      const total = outlook.ev
        ? t("ui.outlook_total_ev", { count: n, win: percent(win), points: points(outlook.ev[n - 1]) })
        : t("ui.outlook_total", { count: n, win: percent(win) });
      list.before(h("p", { class: "outlook-total", dataset: { pWin: String(win), ev: outlook.ev ? String(outlook.ev[n - 1]) : null } }, total));
    }
    list.removeAttribute("aria-busy");
    status.textContent = "";
    setState("ready");
  }

  /**
   * What the engine is asked for a hand under the panel's options (`draws` read from it), and the request's
   * signature (a table's advice and a waits list's outlook differ by `waits`).
   * @param {ReturnType<typeof baseOf>} base
   * @param {boolean} waits  the outlook of a waits list (else the advice of a discard table)
   * @param {number} draws
   * @param {number} shanten  max_shanten
   */
  function requestOf(base, waits, draws, shanten) {
    const payload = { ...base, turns: draws, tegawari: tegawari.checked, shanten_down: back.checked, max_shanten: shanten };
    return { payload, signature: JSON.stringify({ ...payload, waits }) };
  }

  /**
   * Ask the engine (the advice, or a waits list's outlook); its answer is kept, and drawn if its hand is the one
   * on screen by then (a search may start before its table is drawn: see prefetch).
   * @param {PailiEngine} ready
   * @param {ReturnType<typeof requestOf>["payload"]} payload
   * @param {string} signature
   * @param {boolean} waits
   */
  async function run(ready, payload, signature, waits) {
    const job = new AbortController();
    running = job;
    runningSignature = signature;
    const started = performance.now();
    /** The answer is for the hand on screen (with the options of the panel). */
    const shown = () => current !== null && current.signature === signature;
    try {
      if (waits) {
        const outlook = await ready.outlook(payload.hand, { ...payload, signal: job.signal });
        if (running !== job) return;
        running = null;
        lastOutlook = { signature, outlook };
        if (shown()) drawOutlook(outlook);
        return;
      }
      // the improvements (shown only in a row's details) come after, in a quick request of their own
      const advice = await ready.advise(payload.hand, { ...payload, improvements: false, signal: job.signal });
      if (running !== job) return;
      running = null;
      last = { signature, advice, payload };
      if (!shown()) return;
      draw(advice);
      if (!advice.note) status.textContent = t("ui.advice_computed", { duration: duration(performance.now() - started) });
    } catch (error) {
      if (!(error instanceof EngineError)) throw error; // the engine rejects with nothing else
      if (error.type === "Cancelled" || running !== job) return;
      running = null;
      if (!current || !shown()) return;
      status.textContent = t("ui.advice_failed", { detail: translator().error(error) });
      current.busy.removeAttribute("aria-busy");
      setState("none");
    }
  }

  /** Fill in the hand on screen: from the last answer when it is for the same request, else ask the engine. */
  function request() {
    if (!current) return cancel();
    const draws = readTurns();
    if (draws === null) {
      status.textContent = t("ui.advice_bad_draws", { max: MAX_TURNS });
      setState("none");
      return;
    }
    const waits = current.waits !== null;
    const { payload, signature } = requestOf(current.base, waits, draws, maxShanten);
    current.signature = signature;
    if (!running || runningSignature !== signature) {
      cancel();
      if (waits && lastOutlook?.signature === signature) {
        drawOutlook(lastOutlook.outlook);
        return;
      }
      if (!waits && last?.signature === signature) {
        draw(last.advice);
        return;
      }
    }
    setState("pending");
    current.busy.setAttribute("aria-busy", "true");
    status.textContent = t("ui.advice_computing");
    if (running) return; // the search running (started by prefetch, or for this hand drawn again) answers it
    const ready = engine();
    if (!ready) return; // asked again once the engine is ready (the page analyses again then)
    run(ready, payload, signature, waits);
  }

  /**
   * Fill the details row of an expand button from the discard and its advice (if any yet).
   * @param {Element} button
   */
  function fillDetails(button) {
    const detail = document.getElementById(button.getAttribute("aria-controls") ?? "");
    const row = button.closest("tr.discard-row");
    if (!detail || !(row instanceof HTMLElement) || !current?.table) return;
    const discard = current.discards[Number(row.dataset.order)];
    const signature = last?.advice;
    const advised = signature && current.table.dataset.advice === "ready"
      ? signature.discards.find((d) => d.tile === discard.tile) ?? null : null;
    detail.firstElementChild?.replaceChildren(h("div", { class: "discard-details" }, discardDetails(discard, advised)));
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
  back.addEventListener("change", request);
  more.addEventListener("click", () => {
    maxShanten = MAX_SHANTEN_LIMIT;
    more.hidden = true;
    request();
  });
  container.addEventListener("click", (event) => {
    const target = event.target;
    if (!(target instanceof Element)) return;
    const expand = target.closest("button.expand");
    if (expand) {
      const open = expand.getAttribute("aria-expanded") !== "true";
      expand.setAttribute("aria-expanded", String(open));
      const detail = document.getElementById(expand.getAttribute("aria-controls") ?? "");
      if (detail) detail.hidden = !open;
      if (open) fillDetails(expand);
      return;
    }
    const header = target.closest("th[data-sort] button.sort");
    const table = header?.closest("table");
    if (!header || !(table instanceof HTMLTableElement)) return;
    const key = /** @type {SortKey} */ (header.closest("th")?.getAttribute("data-sort"));
    sort = { key, descending: sort.key === key ? !sort.descending : true };
    sortTable(table, sortKey(table), sort.descending);
  });

  return {
    /** A 3n+2 analysis is drawn with its discard table: put the options below it and fill in its advice. */
    show(result, table, visible) {
      if (!result.discards) return this.clear();
      const base = baseOf(result, visible);
      const key = handText(result);
      if (current?.key !== key) maxShanten = 2;
      current = { key, base, discards: result.discards, table, waits: null, busy: table, signature: "" };
      table.dataset.advice = "pending";
      const head = table.tHead?.rows[0];
      if (head) roving(head, "button.sort", { oneRow: true }).refresh(); // the sort buttons: one Tab stop, arrows move
      table.after(panel); // below the table: the rows come first, within the first screen and few Tabs away
      if (sort.key === "count") sortTable(table, "count", sort.descending);
      request();
    },

    /** A tenpai 3n+1 analysis is drawn with its waits list: put the options below it and fill in the chances. */
    showWaits(result, list, visible) {
      const base = baseOf(result, visible);
      const key = handText(result);
      current = { key, base, discards: [], table: null, waits: list, busy: list, signature: "" };
      (list.closest("section.block") ?? list).after(panel);
      request();
    },

    /**
     * An analysis has come and is about to be drawn: start its search now (a 3n+2 hand's advice, a tenpai 3n+1
     * hand's outlook), so the worker computes while the page draws the analysis; show() / showWaits() then
     * find it running. Changes nothing on screen.
     */
    prefetch(result, visible) {
      const waits = !result.discards;
      if (waits && !result.waits?.length) return; // no discard table and no waits list: nothing to compute
      const ready = engine();
      const draws = parseTurns(turns.value);
      if (!ready || draws === null) return;
      // the max_shanten show() will ask with: back to its default for a new hand (a table's)
      const shanten = !waits && current?.key !== handText(result) ? 2 : maxShanten;
      const { payload, signature } = requestOf(baseOf(result, visible), waits, draws, shanten);
      if (running && runningSignature === signature) return;
      if ((waits ? lastOutlook : last)?.signature === signature) return;
      cancel();
      run(ready, payload, signature, waits);
    },

    /** The hand changed: the search for the old one is not wanted any more. */
    cancel,

    /** Nothing to advise (no hand, an error, a 3n+1 hand). */
    clear() {
      cancel();
      current = null;
      panel.remove();
      status.textContent = "";
      setState("none");
    },
  };
}
