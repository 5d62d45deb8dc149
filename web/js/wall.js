// Playing forward: the wall a random draw comes from, and the seeded randomness the tests use. The wall is the
// 136 copies (one five of each suit red) less the tiles the hand holds (its melds too) and the visible tiles.

import { TILES } from "./tiles.js";

/**
 * The copies left in the wall, as tile codes: 4 of each kind, a red five ("0m") one of the four fives, less
 * `held` and `seen`. A "5m" taken out takes a plain five while there is one; a "0m" the red one.
 * @param {string[]} held  the hand's tiles (concealed and in melds)
 * @param {string[]} seen  the visible tiles
 * @returns {string[]}
 */
export function wallLeft(held, seen) {
  /** @type {Map<string, number>} */
  const left = new Map();
  for (const code of Object.keys(TILES)) left.set(code, code[0] === "0" ? 1 : code[0] === "5" && code[1] !== "z" ? 3 : 4);
  for (const code of [...held, ...seen]) {
    const red = `0${code[1]}`;
    const from = (left.get(code) ?? 0) > 0 ? code : code[0] === "5" && (left.get(red) ?? 0) > 0 ? red : null;
    if (from) left.set(from, (left.get(from) ?? 0) - 1);
  }
  return [...left].flatMap(([code, n]) => Array.from({ length: n }, () => code));
}

/**
 * A seeded generator of numbers in [0, 1) (mulberry32): the same seed gives the same draws.
 * @param {number} seed
 * @returns {() => number}
 */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * One copy drawn at random from the wall (every copy equally likely), or null from an empty wall.
 * @param {string[]} wall
 * @param {() => number} random  numbers in [0, 1)
 * @returns {string | null}
 */
export function drawFrom(wall, random) {
  return wall.length ? wall[Math.floor(random() * wall.length)] : null;
}
