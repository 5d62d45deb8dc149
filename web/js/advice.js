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
//
// This module is the DOM: the panel, the chart, the details rows, the sorting of rows, and the calls that draw.
// What to ask the engine and when, what each answer does and what the lines say is advicecontrol.js's (tested
// under node against recorded answers: tests/js/advicecontrol.test.js).

import { DEFAULT_TURNS, cancel, clear, detailsOf, initialState, more as moreDiscards, nextSort, prefetch, request, setOpponents, show } from "./advicecontrol.js";
import { MAX_TURNS, percent, points, polylinePoints, sparklineLabel, sparklineScale } from "./chances.js";
import { t } from "./i18n.js";
import { dealInBand } from "./opponentscontrol.js";
import { fillAdvice, glossed, h, svg, tileCounts } from "./render.js";
import { roving } from "./roving.js";
import { tileName } from "./tiles.js";

/** @typedef {import("../paili.mjs").AdviceDiscard} AdviceDiscard */
/** @typedef {import("../paili.mjs").Analysis} Analysis */
/** @typedef {import("../paili.mjs").Discard} Discard */
/** @typedef {import("../paili.mjs").PailiEngine} PailiEngine */
/** @typedef {"count" | "p_win" | "p_tenpai" | "ev"} SortKey  what orders the rows ("count": Tenhou's order) */

export { DEFAULT_TURNS, MAX_SHANTEN_LIMIT } from "./advicecontrol.js";

/** The figures that break ties, after the one sorted by (paili.advice.ORDER_BY). */
const TIES = { count: [], p_win: ["p_tenpai"], p_tenpai: ["p_win"], ev: ["p_win", "p_tenpai"] };

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
 * With opponents, each row's chance to deal in beside its tile: a band whose colour says low, mid or high, and
 * the figure (the colour never says it alone); none without.
 * @param {HTMLTableElement} table
 * @param {import("../paili.mjs").Advice & {discards: (import("../paili.mjs").AdviceDiscard & {deal_in?: number})[]}} advice
 */
export function markDealIn(table, advice) {
  for (const old of table.querySelectorAll(".deal-in")) old.remove();
  for (const row of advice.discards) {
    if (row.deal_in === undefined) continue;
    const cell = table.querySelector(`tr.discard-row[data-tile="${row.tile}"] td.discard`);
    const band = dealInBand(row.deal_in);
    cell?.append(h("span", { class: `deal-in deal-in--${band}`, dataset: { dealIn: String(row.deal_in) } },
      t("ui.deal_in_short", { percent: percent(row.deal_in) })));
  }
}

/**
 * @typedef {object} AdviceController
 * @property {(result: Analysis, table: HTMLTableElement, visible: string) => void} show
 * @property {(result: Analysis, list: HTMLElement, visible: string) => void} showWaits
 * @property {(result: Analysis, visible: string) => void} prefetch
 * @property {() => void} cancel
 * @property {() => void} clear
 * @property {(opponents: string) => void} setOpponents  the opponents' text form ("" for none)
 */

/**
 * The advice of the page: the panel of options and the figures in the table or waits list on screen, drawn for
 * advicecontrol.js, which holds the state and decides what to ask and draw. `engine()` is the page's engine
 * (null while it starts); `root` the element that carries data-advice (<html>); `container` holds the results
 * (delegated clicks on sort headers, expand buttons).
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
  // with opponents: push or fold, in one line above the table
  const verdictLine = h("p", { class: "advice-verdict", hidden: true });
  // what the figures assume (the situation the engine used), collapsed under its title on every screen size
  const assumes = h("p", { class: "hint" }, t("ui.advice_hint"));
  const panel = h(
    "div",
    { class: "advice-panel" },
    h("details", { class: "advice-assumes" }, h("summary", {}, t("ui.assumes_title")), assumes),
    controls,
    status,
    more,
    h("p", { class: "help advice-legend-words" }, t("ui.advice_legend")),
  );

  /** @type {{table: HTMLTableElement | null, list: HTMLElement | null}} the discard table or waits list on screen */
  const shown = { table: null, list: null };

  /**
   * The key the table is sorted by: the one chosen, or the win chance where the table has no points column
   * (a rule set the engine does not score).
   * @param {HTMLTableElement} table
   * @returns {SortKey}
   */
  const sortKey = (table) => {
    const { key } = control.state.sort;
    return table.querySelector(`th[data-sort="${key}"]`) || key === "count" ? key : "p_win";
  };

  /**
   * Fill the details row of an expand button from the discard and its advice (if any yet).
   * @param {Element} button
   */
  function fillDetails(button) {
    const detail = document.getElementById(button.getAttribute("aria-controls") ?? "");
    const row = button.closest("tr.discard-row");
    if (!detail || !(row instanceof HTMLElement) || !shown.table) return;
    const found = detailsOf(control.state, Number(row.dataset.order));
    if (found) detail.firstElementChild?.replaceChildren(h("div", { class: "discard-details" }, discardDetails(found.discard, found.advised)));
  }

  /** @param {HTMLTableElement} table */
  const fillOpenDetails = (table) => {
    for (const button of table.querySelectorAll("button.expand[aria-expanded='true']")) fillDetails(button);
  };

  /** @type {import("./advicecontrol.js").AdviceView} */
  const view = {
    setState(state) {
      root.dataset.advice = state;
    },
    status(text) {
      status.textContent = text;
    },
    busy(on) {
      const element = shown.table ?? shown.list;
      if (on) element?.setAttribute("aria-busy", "true");
      else element?.removeAttribute("aria-busy");
    },
    turnsValid(valid) {
      if (valid) turns.removeAttribute("aria-invalid");
      else turns.setAttribute("aria-invalid", "true");
    },
    drawAdvice(advice, lines) {
      const table = shown.table;
      if (!table) return;
      fillAdvice(table, advice);
      markDealIn(table, advice);
      table.dataset.advice = "ready";
      table.removeAttribute("aria-busy");
      sortTable(table, sortKey(table), control.state.sort.descending);
      fillOpenDetails(table);
      status.textContent = lines.status;
      more.hidden = !lines.more;
      assumes.textContent = lines.assumes;
      verdictLine.textContent = lines.verdict;
      verdictLine.hidden = !lines.verdict;
    },
    drawOutlook({ waits, total, ...lines }) {
      const list = shown.list;
      if (!list) return;
      for (const old of list.parentElement?.querySelectorAll(".wait-chance, .outlook-total") ?? []) old.remove();
      for (const wait of waits) {
        list.querySelector(`li[data-tile="${wait.tile}"]`)?.append(h("span", { class: "wait-chance", dataset: { pWin: String(wait.pWin) } }, wait.text));
      }
      if (total) list.before(h("p", { class: "outlook-total", dataset: { pWin: String(total.pWin), ev: total.ev === null ? null : String(total.ev) } }, total.text));
      list.removeAttribute("aria-busy");
      assumes.textContent = lines.assumes;
      // with opponents: going on with the hand or folding, above the waits
      verdictLine.textContent = lines.verdict;
      verdictLine.hidden = !lines.verdict;
      if (lines.verdict) (list.parentElement?.querySelector(".outlook-total") ?? list).before(verdictLine);
      else verdictLine.remove();
    },
    improvements(state) {
      if (!shown.table) return;
      shown.table.dataset.improvements = state;
      if (state === "ready") fillOpenDetails(shown.table);
    },
  };

  /** @type {import("./advicecontrol.js").Control} */
  const control = { state: initialState(), engine, view };

  // ---- events ------------------------------------------------------------------------------------------

  const readOptions = () => {
    control.state.options = { ...control.state.options, turns: turns.value, tegawari: tegawari.checked, shanten_down: back.checked };
  };
  let turnsTimer = 0;
  turns.addEventListener("input", () => {
    readOptions();
    clearTimeout(turnsTimer);
    turnsTimer = setTimeout(() => request(control), 250);
  });
  turns.addEventListener("change", () => {
    readOptions();
    clearTimeout(turnsTimer);
    request(control);
  });
  for (const box of [tegawari, back]) {
    box.addEventListener("change", () => {
      readOptions();
      request(control);
    });
  }
  more.addEventListener("click", () => {
    more.hidden = true;
    moreDiscards(control);
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
    control.state.sort = nextSort(control.state.sort, /** @type {SortKey} */ (header.closest("th")?.getAttribute("data-sort")));
    sortTable(table, sortKey(table), control.state.sort.descending);
  });

  return {
    /** The opponents' text form ("" for none): the advice counts the table with them. */
    setOpponents(opponents) {
      setOpponents(control, opponents);
    },

    /** A 3n+2 analysis is drawn with its discard table: put the options below it and fill in its advice. */
    show(result, table, visible) {
      if (!result.discards) return this.clear();
      shown.table = table;
      shown.list = null;
      table.dataset.advice = "pending";
      const head = table.tHead?.rows[0];
      if (head) roving(head, "button.sort", { oneRow: true }).refresh(); // the sort buttons: one Tab stop, arrows move
      table.after(panel); // below the table: the rows come first, within the first screen and few Tabs away
      table.before(verdictLine); // push or fold, above the rows (empty and hidden without opponents)
      verdictLine.hidden = true;
      if (control.state.sort.key === "count") sortTable(table, "count", control.state.sort.descending);
      show(control, result, visible);
    },

    /** A tenpai 3n+1 analysis is drawn with its waits list: put the options below it and fill in the chances. */
    showWaits(result, list, visible) {
      shown.table = null;
      shown.list = list;
      (list.closest("section.block") ?? list).after(panel);
      show(control, result, visible, { waits: true });
    },

    /** An analysis has come and is about to be drawn: start its search now (see advicecontrol.prefetch). */
    prefetch(result, visible) {
      prefetch(control, result, visible);
    },

    /** The hand changed: the search for the old one is not wanted any more. */
    cancel() {
      cancel(control);
    },

    /** Nothing to advise (no hand, an error, a 3n+1 hand). */
    clear() {
      clear(control);
      shown.table = shown.list = null;
      panel.remove();
      verdictLine.remove();
    },
  };
}
