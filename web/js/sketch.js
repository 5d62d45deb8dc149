// A first drawing of a typed hand, before the engine is ready (Pyodide takes seconds to load): the page draws
// the tiles of a `?q=` or typed hand at once, and the engine's answer replaces the drawing as soon as it comes.
// The engine stays the authority on notation (docs/CONTRACT.md): this reads only what it needs to draw, checks
// no limit, and gives up (null) on anything it does not follow. It reads upper-case and full-width
// characters as the engine's parser does (paili.notation.normalize, one character for one).

/** @typedef {import("../paili.mjs").Meld} Meld */
/**
 * @typedef {{hand: string, concealed: string[], melds: Meld[], nukidora?: number}} Sketch  the shape of the
 *   engine's hand keys (nukidora: the norths set aside, {4z} or {44z}, when there are any)
 */

const FULL_WIDTH = 0xfee0;
const ASCII = "0123456789mpsz[](){}";
const SUITS = "mpsz";

/**
 * The character as the engine's parser reads it: full-width digits, suit letters and brackets and upper-case
 * suit letters become their ASCII lower-case forms; anything else is left as it is.
 * @param {string} char  one character
 * @returns {string}
 */
export function normalizeChar(char) {
  const code = char.codePointAt(0) ?? 0;
  const narrow = code >= 0xff01 && code <= 0xff5e ? String.fromCodePoint(code - FULL_WIDTH) : char;
  const lower = SUITS.includes(narrow.toLowerCase()) ? narrow.toLowerCase() : narrow;
  return ASCII.includes(lower) ? lower : char;
}

/**
 * The engine's order of codes: m, p, s, z, digits ascending, a red 0 just before the 5s.
 * @param {string} code
 */
function rank(code) {
  const digit = Number(code[0]);
  return SUITS.indexOf(code[1]) * 10 + (digit === 0 ? 4.5 : digit);
}

/**
 * @param {string[]} digits
 * @param {string} suit
 * @returns {string[] | null}  the codes, or null for an honor that is not 1z-7z
 */
function codesOf(digits, suit) {
  if (suit === "z" && digits.some((d) => d === "0" || d === "8" || d === "9")) return null;
  return digits.map((d) => d + suit);
}

/**
 * The meld a bracketed group draws as: "(...)" a closed kan; else a kan, pon or chi by its tiles.
 * @param {string} opener
 * @param {string[]} codes
 * @returns {Meld | null}
 */
function meldOf(opener, codes) {
  const kinds = new Set(codes.map((c) => (c[0] === "0" ? `5${c[1]}` : c)));
  const sorted = [...codes].sort((a, b) => rank(a) - rank(b));
  const digits = sorted.map((c) => c[0]).join("");
  const text = opener === "(" ? `(${digits}${codes[0][1]})` : `[${digits}${codes[0][1]}]`;
  if (opener === "(") return codes.length === 4 && kinds.size === 1 ? { type: "ankan", tiles: sorted, text } : null;
  if (codes.length === 4) return kinds.size === 1 ? { type: "kan", tiles: sorted, text } : null;
  if (codes.length !== 3) return null;
  return { type: kinds.size === 1 ? "pon" : "chi", tiles: sorted, text };
}

/**
 * The tiles of a typed hand, for drawing only (in the engine's order), or null when the text is not plainly
 * tiles and bracketed melds or has more than 14 concealed tiles. No other limit is checked: the engine's
 * answer follows.
 * @param {string} text
 * @returns {Sketch | null}
 */
export function sketchHand(text) {
  const read = readTiles(text);
  return read && read.concealed.length <= 14 ? read : null;
}

/**
 * Every tile code of a text of tiles and melds, any number of them, or null when it is not plainly that. The
 * page reads the visible tiles with it for the wall of a random draw, once the engine has accepted them.
 * @param {string} text
 * @returns {string[] | null}
 */
export function sketchCodes(text) {
  const read = readTiles(text);
  return read && [...read.concealed, ...read.melds.flatMap((m) => m.tiles)];
}

/**
 * @param {string} text
 * @returns {Sketch | null}
 */
function readTiles(text) {
  /** @type {string[]} */
  const concealed = [];
  /** @type {Meld[]} */
  const melds = [];
  /** @type {string[]} */
  let digits = [];
  /** @type {{opener: string, codes: string[]} | null} */
  let open = null;
  let nukidora = 0;
  for (const raw of text) {
    const char = normalizeChar(raw);
    if (/\s/.test(char)) continue;
    if (/[0-9]/.test(char)) digits.push(char);
    else if (SUITS.includes(char)) {
      const codes = digits.length ? codesOf(digits, char) : null;
      if (!codes) return null;
      (open ? open.codes : concealed).push(...codes);
      digits = [];
    } else if ((char === "[" || char === "(" || char === "{") && !open && !digits.length) open = { opener: char, codes: [] };
    else if (open?.opener === "{" && !digits.length && char === "}") {
      if (!open.codes.length || open.codes.some((c) => c !== "4z")) return null; // only norths are set aside
      nukidora += open.codes.length;
      open = null;
    } else if (open && !digits.length && char === (open.opener === "[" ? "]" : ")")) {
      const meld = meldOf(open.opener, open.codes);
      if (!meld) return null;
      melds.push(meld);
      open = null;
    } else return null;
  }
  if (digits.length || open) return null;
  concealed.sort((a, b) => rank(a) - rank(b));
  return nukidora ? { hand: textOf(concealed), concealed, melds, nukidora } : { hand: textOf(concealed), concealed, melds };
}

/**
 * The mpsz text of codes in order: "123m55z".
 * @param {string[]} codes
 */
function textOf(codes) {
  let out = "";
  codes.forEach((code, i) => {
    out += code[0];
    if (codes[i + 1]?.[1] !== code[1]) out += code[1];
  });
  return out;
}
