// Tiles for drawing: the display table (tile code -> screen-reader name and face image file) and the palette.
// The table is a copy of paili.tiles.DISPLAY (engine/paili/tiles.py), the one table of display names;
// tests/test_results.py fails when they differ. A tile code is the mpsz name of one tile: "1m".."9m", "1p"..,
// "1s".., "1z".."7z"; "0m"/"0p"/"0s" are the red fives. The page never parses notation: results carry their
// tiles as lists of codes, and canonical hand text comes from the engine.

import { translator } from "./i18n.js";

/** @typedef {{name: string, face: string}} TileDisplay */

// BEGIN TABLE
/** @type {Record<string, TileDisplay>} */
export const TILES = {
  "1m": {"name": "1 man", "face": "Man1"},
  "2m": {"name": "2 man", "face": "Man2"},
  "3m": {"name": "3 man", "face": "Man3"},
  "4m": {"name": "4 man", "face": "Man4"},
  "0m": {"name": "red 5 man", "face": "Man5-Dora"},
  "5m": {"name": "5 man", "face": "Man5"},
  "6m": {"name": "6 man", "face": "Man6"},
  "7m": {"name": "7 man", "face": "Man7"},
  "8m": {"name": "8 man", "face": "Man8"},
  "9m": {"name": "9 man", "face": "Man9"},
  "1p": {"name": "1 pin", "face": "Pin1"},
  "2p": {"name": "2 pin", "face": "Pin2"},
  "3p": {"name": "3 pin", "face": "Pin3"},
  "4p": {"name": "4 pin", "face": "Pin4"},
  "0p": {"name": "red 5 pin", "face": "Pin5-Dora"},
  "5p": {"name": "5 pin", "face": "Pin5"},
  "6p": {"name": "6 pin", "face": "Pin6"},
  "7p": {"name": "7 pin", "face": "Pin7"},
  "8p": {"name": "8 pin", "face": "Pin8"},
  "9p": {"name": "9 pin", "face": "Pin9"},
  "1s": {"name": "1 sou", "face": "Sou1"},
  "2s": {"name": "2 sou", "face": "Sou2"},
  "3s": {"name": "3 sou", "face": "Sou3"},
  "4s": {"name": "4 sou", "face": "Sou4"},
  "0s": {"name": "red 5 sou", "face": "Sou5-Dora"},
  "5s": {"name": "5 sou", "face": "Sou5"},
  "6s": {"name": "6 sou", "face": "Sou6"},
  "7s": {"name": "7 sou", "face": "Sou7"},
  "8s": {"name": "8 sou", "face": "Sou8"},
  "9s": {"name": "9 sou", "face": "Sou9"},
  "1z": {"name": "East", "face": "Ton"},
  "2z": {"name": "South", "face": "Nan"},
  "3z": {"name": "West", "face": "Shaa"},
  "4z": {"name": "North", "face": "Pei"},
  "5z": {"name": "White dragon", "face": "Haku"},
  "6z": {"name": "Green dragon", "face": "Hatsu"},
  "7z": {"name": "Red dragon", "face": "Chun"}
};
// END TABLE

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
