// Tiles for drawing: the display table (tile code -> screen-reader name and face image file) and the palette.
// The table is the engine's paili.tiles.DISPLAY (engine/paili/tiles.py), the one table of display names, in the
// module tools/tables.py generates (js/tables.js: the build writes it into the site). A tile code is the mpsz
// name of one tile: "1m".."9m", "1p"..,"1s".., "1z".."7z"; "0m"/"0p"/"0s" are the red fives. The page never parses notation: results carry their
// tiles as lists of codes, and canonical hand text comes from the engine.

import { translator } from "./i18n.js";
import { TILES } from "./tables.js";

export { TILES };

/** @typedef {{name: string, face: string}} TileDisplay */

/** The palette: every code, by suit (the red five after the 9), then the seven honors. */
export const PALETTE = [
  ...["m", "p", "s"].map((suit) => [..."1234567890"].map((digit) => digit + suit)),
  [..."1234567"].map((digit) => `${digit}z`),
];

/**
 * The entry of a tile code; an unknown code is an error (a bug: codes only come from the engine and PALETTE).
 * @param {string} code
 * @returns {TileDisplay}
 */
function entry(code) {
  const found = TILES[code];
  if (!found) throw new Error(`not a tile code: ${JSON.stringify(code)}`);
  return found;
}

/**
 * Screen-reader name in the language shown (the catalogs' tile.<code>: "5 pin", "赤五萬", "东风"); the
 * table's English name before the catalogs are loaded.
 * @param {string} code
 * @returns {string}
 */
export function tileName(code) {
  const name = entry(code).name;
  return translator().lookup(`tile.${code}`) ?? name;
}

/**
 * File name of the face image (without .svg): "Pin5", "Man5-Dora", "Ton".
 * @param {string} code
 * @returns {string}
 */
export function tileFace(code) {
  return entry(code).face;
}

/**
 * The kind of a tile code: a red five is a five ("0m" -> "5m"); any other code is its own kind.
 * @param {string} code
 * @returns {string}
 */
export function kindOf(code) {
  return code[0] === "0" ? `5${code[1]}` : code;
}
