// mpsz tile names and the small text edits the page makes to a hand (add a tapped tile, take one out).
// The engine is the only judge of whether a hand is valid; these helpers only rearrange well-formed text and
// leave anything else to the engine's error message.

// @ts-nocheck TODO(results): branch `results` rewrites this file; annotate it and type-check it (see
// types/tsconfig.page.json) once that has landed.

const SUITS = "mpsz";
const SUIT_NAMES = { m: "man", p: "pin", s: "sou" };
const SUIT_FILES = { m: "Man", p: "Pin", s: "Sou" };
const HONOR_NAMES = ["East", "South", "West", "North", "White dragon", "Green dragon", "Red dragon"];
const HONOR_FILES = ["Ton", "Nan", "Shaa", "Pei", "Haku", "Hatsu", "Chun"];

/** The palette: every kind, suits 1-9 followed by their red five, then the seven honors. */
export const PALETTE = [
  ...["m", "p", "s"].map((suit) => [..."1234567890"].map((digit) => digit + suit)),
  [..."1234567"].map((digit) => `${digit}z`),
];

/** Screen-reader name: "5 pin", "red 5 man", "East", "White dragon". */
export function tileName(tile) {
  const [digit, suit] = tile;
  if (suit === "z") return HONOR_NAMES[Number(digit) - 1];
  return digit === "0" ? `red 5 ${SUIT_NAMES[suit]}` : `${digit} ${SUIT_NAMES[suit]}`;
}

/** File name of the face image (without .svg): "Pin5", "Man5-Dora", "Ton". */
export function tileFace(tile) {
  const [digit, suit] = tile;
  if (suit === "z") return HONOR_FILES[Number(digit) - 1];
  return digit === "0" ? `${SUIT_FILES[suit]}5-Dora` : `${SUIT_FILES[suit]}${digit}`;
}

/** Sort key of the canonical order: suits m, p, s, z; digits ascending; a red 0 just before the 5s. */
function tileKey(tile) {
  const digit = tile[0] === "0" ? 4.5 : Number(tile[0]);
  return SUITS.indexOf(tile[1]) * 10 + digit;
}

/** "123m456p" -> ["1m", "2m", "3m", "4p", "5p", "6p"]; whitespace ignored. Null if not plain mpsz. */
export function expandTiles(text) {
  const tiles = [];
  for (const group of text.replace(/\s+/g, "").match(/\d+[mpsz]|./g) ?? []) {
    if (!/^\d+[mpsz]$/.test(group)) return null;
    for (const digit of group.slice(0, -1)) tiles.push(digit + group.at(-1));
  }
  return tiles;
}

/** Canonical mpsz text of a list of tiles: ["5p", "1m", "0p"] -> "1m05p". */
export function formatTiles(tiles) {
  const sorted = [...tiles].sort((a, b) => tileKey(a) - tileKey(b));
  let out = "";
  sorted.forEach((tile, i) => {
    out += tile[0];
    if (sorted[i + 1]?.[1] !== tile[1]) out += tile[1];
  });
  return out;
}

/** Split a hand into concealed tiles and meld texts ("[789s]", "(1111z)"); null if it is not well-formed. */
function splitHand(text) {
  const tiles = [];
  const melds = [];
  for (const token of text.match(/\s+|\d+[mpsz]|\[[^\][()]*\]|\([^\][()]*\)|./g) ?? []) {
    if (/^\s+$/.test(token)) continue;
    if (/^[[(]/.test(token)) melds.push(token);
    else if (/^\d+[mpsz]$/.test(token)) tiles.push(...expandTiles(token));
    else return null;
  }
  return { tiles, melds };
}

/** The concealed tiles in canonical order, then the melds, separated by spaces. */
export function joinHand(concealed, melds) {
  return [concealed, ...melds].filter(Boolean).join(" ");
}

/** The hand with one more tile (canonical when the text is well-formed, else the tile appended). */
export function addTile(text, tile) {
  const parts = splitHand(text);
  if (!parts) return text + tile;
  return joinHand(formatTiles([...parts.tiles, tile]), parts.melds);
}

/**
 * The hand with one copy of `tile` taken out of the concealed tiles. A "5m" takes a plain 5 if there is one,
 * else the red one (the engine names red fives "5m" in its results). Null if the tile is not there.
 */
export function removeTile(text, tile) {
  const parts = splitHand(text);
  if (!parts) return null;
  const fallback = tile[0] === "5" ? `0${tile[1]}` : tile[0] === "0" ? `5${tile[1]}` : tile;
  let index = parts.tiles.indexOf(tile);
  if (index < 0) index = parts.tiles.indexOf(fallback);
  if (index < 0) return null;
  parts.tiles.splice(index, 1);
  return joinHand(formatTiles(parts.tiles), parts.melds);
}
