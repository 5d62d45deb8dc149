// Playing forward: the wall a random draw comes from, and the seeded randomness the tests use. The wall is the
// rule set's tiles (riichi: 136 copies, one five of each suit red) less the tiles the hand holds (its melds and
// nukidora too) and the visible tiles.

import { RULE_SETS, hasRedFives } from "./rules.js";

/**
 * The copies left in the wall, as tile codes: 4 of each kind of the rule set, a red five ("0m") one of the four
 * fives where the set has red fives, less `held` and `seen`. A "5m" taken out takes a plain five while there is
 * one; a "0m" the red one (a plain five in a set without red fives).
 * @param {string[]} held  the hand's tiles (concealed, in melds, set aside)
 * @param {string[]} seen  the visible tiles
 * @param {import("../paili.mjs").Rules} [rules]
 * @returns {string[]}
 */
export function wallLeft(held, seen, rules = "riichi") {
  const red = hasRedFives(rules);
  /** @type {Map<string, number>} */
  const left = new Map();
  for (const code of RULE_SETS[rules].tiles) {
    const five = red && code[0] === "5" && code[1] !== "z";
    if (five) left.set(`0${code[1]}`, 1); // the order of tiles.js: the red five before the plain ones
    left.set(code, five ? 3 : 4);
  }
  for (const code of [...held, ...seen]) {
    const other = code[0] === "0" ? `5${code[1]}` : `0${code[1]}`; // the other colour of a five
    const five = code[0] === "0" || (code[0] === "5" && code[1] !== "z");
    const from = (left.get(code) ?? 0) > 0 ? code : five && (left.get(other) ?? 0) > 0 ? other : null;
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
