// Pure helpers of the advice columns (render.js, advice.js): how chances, durations and the number of draws are
// written and read, and the geometry of the sparkline. No DOM here, so node's test runner checks them
// (tests/js/chances.test.js).

import { t, translator } from "./i18n.js";

/** The most draws the engine looks ahead (paili.advice.MAX_TURNS). */
export const MAX_TURNS = 30;

/**
 * "31.2%", "<0.1%" for a chance too small to show, "—" for none (in the locale of the language shown).
 * @param {number | null | undefined} p  a chance, 0..1
 */
export function percent(p) {
  return translator().percent(p);
}

/**
 * Expected points, whole and grouped by thousands in the locale of the language shown ("1,234"); "—" for none.
 * @param {number | null | undefined} value
 */
export function points(value) {
  if (value === null || value === undefined) return "—";
  return translator().number(Math.round(value));
}

/**
 * The number of draws typed in the field, or null unless it is a whole number from 1 to MAX_TURNS.
 * @param {string} text
 */
export function parseTurns(text) {
  const value = Number(text);
  return Number.isInteger(value) && value >= 1 && value <= MAX_TURNS ? value : null;
}

/**
 * How long a computation took: "1.5 s" from a second up, else whole milliseconds ("12 ms", at least 1).
 * @param {number} ms
 */
export function duration(ms) {
  const number = translator().number.bind(translator());
  return ms >= 1000
    ? t("ui.seconds", { value: number(ms / 1000, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) })
    : t("ui.milliseconds", { value: number(Math.max(1, Math.round(ms))) });
}

/**
 * @typedef {object} SparklineScale  where a sparkline of n points puts them, in SVG user units
 * @property {(i: number) => number} x  of the i-th draw (0-based); one point alone sits in the middle
 * @property {(p: number) => number} y  of a chance p (0 at the bottom, 1 at the top, 2 units of padding)
 */

/**
 * @param {number} n  the number of points
 * @param {{width: number, height: number}} size
 * @returns {SparklineScale}
 */
export function sparklineScale(n, { width, height }) {
  const pad = 2;
  return {
    x: (i) => (n === 1 ? width / 2 : pad + ((width - 2 * pad) * i) / (n - 1)),
    y: (p) => pad + (height - 2 * pad) * (1 - p),
  };
}

/**
 * The `points` of an SVG polyline through the values: "x,y x,y ...", one decimal.
 * @param {number[]} values
 * @param {SparklineScale} scale
 */
export function polylinePoints(values, { x, y }) {
  return values.map((p, i) => `${x(i).toFixed(1)},${y(p).toFixed(1)}`).join(" ");
}

/**
 * The text a screen reader gets for the sparkline: the chances after the first and the last draw.
 * @param {number[]} pWin  the chance to win within 1, 2, ... draws
 * @param {number[]} pTenpai  the chance to be tenpai within 1, 2, ... draws
 */
export function sparklineLabel(pWin, pTenpai) {
  const n = pWin.length;
  const last = n - 1;
  return t("ui.sparkline", {
    win_first: percent(pWin[0]), win_last: percent(pWin[last]), tenpai_first: percent(pTenpai[0]),
    tenpai_last: percent(pTenpai[last]), count: n,
  });
}
