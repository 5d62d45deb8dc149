// The Opponents panel's logic (tested under node): the seats a rule set has, each seat's river as the engine reads
// it (the JSON form of docs/RULES.md section 10) and the edits a tap makes to it, the whole text form from the
// seats' parts (and back from an error's character to the seat and the character in its own field), and the words
// of a tile's danger: its band, its figure, and per opponent why.
//
// Reading and writing the text form is the engine's ("opponents" op, paili.read_opponents): the page never parses
// it. A tap edits the JSON form, which the engine writes back as text.

import { t } from "./i18n.js";
import { kindOf, tileName } from "./tiles.js";

/** @typedef {"left" | "across" | "right"} Seat */
/**
 * @typedef {object} SeatJson  one opponent in the JSON form
 * @property {string[]} discards  in order, "0m" a red five
 * @property {number | null} riichi  the index of the riichi discard
 * @property {number[]} tedashi  indices of the discards thrown from the hand
 * @property {number[]} called  indices of the discards another player called
 * @property {string[]} melds  "[234s]", "(1111z)"...
 * @property {string[]} passed  the tiles the others threw since the riichi that it let pass
 */
/** @typedef {Partial<Record<Seat, SeatJson>>} OpponentsJson */
/** @typedef {{text: string, parts: Partial<Record<Seat, string>>, seats: OpponentsJson}} ReadOpponents  the engine's "opponents" answer */
/**
 * @typedef {object} SeatDanger  one opponent's part of a tile's danger (paili.danger)
 * @property {Seat} seat
 * @property {number} p_tenpai
 * @property {number} p_wait
 * @property {number} p_deal_in
 * @property {number} payment
 * @property {{code: string, n?: number}[]} reasons
 */
/** @typedef {{tile: string, deal_in: number, opponents: SeatDanger[]}} TileDanger */
/** @typedef {{seat: Seat, riichi: boolean, dealer: boolean, p_tenpai: number, value: number}} OpponentState */
/** @typedef {{tiles: TileDanger[], opponents: OpponentState[]}} Danger  the engine's "danger" answer */

/** The seats' letters in the text form. */
export const LETTERS = /** @type {const} */ ({ left: "l", across: "a", right: "r" });

/**
 * The opponents a rule set has: three, or two in three-player mahjong (no one across).
 * @param {string} rules
 * @returns {Seat[]}
 */
export function seatsOf(rules) {
  return rules === "sanma" ? ["left", "right"] : ["left", "across", "right"];
}

/** Whether the rule set counts the opponents (their furiten and payments are riichi's). @param {string} rules */
export function defended(rules) {
  return rules === "riichi" || rules === "sanma";
}

/**
 * The whole text form from the seats' parts (a part left empty: that seat is not given), and where each part
 * starts in it (to point an error at its seat's field).
 * @param {Partial<Record<Seat, string>>} parts
 * @param {Seat[]} seats
 * @returns {{text: string, starts: Partial<Record<Seat, number>>}}
 */
export function composeText(parts, seats) {
  let text = "";
  /** @type {Partial<Record<Seat, number>>} */
  const starts = {};
  for (const seat of seats) {
    const part = (parts[seat] ?? "").trim();
    if (!part) continue;
    if (text) text += ";";
    text += `${LETTERS[seat]}:`;
    starts[seat] = text.length;
    text += part;
  }
  return { text, starts };
}

/**
 * The seat whose part holds the character `position` of the whole text, and that character's place in the part
 * (null when it is a seat's letter or a separator).
 * @param {Partial<Record<Seat, number>>} starts
 * @param {Partial<Record<Seat, string>>} parts
 * @param {number} position
 * @returns {{seat: Seat, position: number} | null}
 */
export function seatAt(starts, parts, position) {
  for (const [seat, start] of /** @type {[Seat, number][]} */ (Object.entries(starts))) {
    const length = (parts[seat] ?? "").trim().length;
    if (position >= start && position <= start + length) return { seat, position: position - start };
  }
  return null;
}

/** @returns {SeatJson} a seat with nothing in it */
export function emptySeat() {
  return { discards: [], riichi: null, tedashi: [], called: [], melds: [], passed: [] };
}

/**
 * A tile tapped into a seat's river: its next discard.
 * @param {SeatJson} seat
 * @param {string} code
 * @returns {SeatJson}
 */
export function withDiscard(seat, code) {
  return { ...seat, discards: [...seat.discards, code] };
}

/**
 * The riichi mark on the seat's last discard, or off it when it is already there (a seat declares riichi once:
 * the mark moves). A seat with calls cannot declare riichi: the engine says so.
 * @param {SeatJson} seat
 * @returns {SeatJson}
 */
export function toggleRiichi(seat) {
  const last = seat.discards.length - 1;
  if (last < 0) return seat;
  return { ...seat, riichi: seat.riichi === last ? null : last };
}

/**
 * The "from the hand" mark (tedashi) on the seat's last discard, on or off.
 * @param {SeatJson} seat
 * @returns {SeatJson}
 */
export function toggleTedashi(seat) {
  const last = seat.discards.length - 1;
  if (last < 0) return seat;
  const tedashi = seat.tedashi.includes(last) ? seat.tedashi.filter((i) => i !== last) : [...seat.tedashi, last];
  return { ...seat, tedashi };
}

/**
 * The seat without its last discard (and the marks on it).
 * @param {SeatJson} seat
 * @returns {SeatJson}
 */
export function withoutLast(seat) {
  const last = seat.discards.length - 1;
  if (last < 0) return seat;
  return { ...seat, discards: seat.discards.slice(0, last), riichi: seat.riichi === last ? null : seat.riichi,
    tedashi: seat.tedashi.filter((i) => i !== last), called: seat.called.filter((i) => i !== last),
    passed: seat.riichi === last ? [] : seat.passed };
}

/**
 * A tile tapped while a call is being added: the meld grows, and it is done once it is one. Three tiles in a row
 * of a suit are a chi; three of a kind wait for a fourth (a kan) unless `close` (the Call button pressed again, or
 * another tile tapped) makes them a pon; three tiles that are neither are given to the engine, which says why.
 * @param {string[]} pending  the meld's tiles so far (codes, "0p" a red five)
 * @param {string | null} code  the tile tapped; null: close the meld as it is
 * @returns {{pending: string[], meld: string | null}}  `meld`: the finished meld's text ("[406p]"), else null
 */
export function meldTap(pending, code) {
  const tiles = code === null ? pending : [...pending, code];
  const kinds = tiles.map(kindOf);
  const same = kinds.every((k) => k === kinds[0]);
  const done = code === null ? tiles.length >= 3 : tiles.length === 4 || (tiles.length === 3 && !same);
  if (!done) return { pending: code === null ? [] : tiles, meld: null };
  const suit = tiles[0].slice(-1);
  const digits = [...tiles].sort((a, b) => kindOf(a).localeCompare(kindOf(b))).map((c) => c[0]).join("");
  const mixed = tiles.some((c) => c.slice(-1) !== suit);
  return { pending: [], meld: mixed ? `[${tiles.join("")}]` : `[${digits}${suit}]` };
}

/**
 * A seat with a meld added (its text as meldTap makes it).
 * @param {SeatJson} seat
 * @param {string} meld
 * @returns {SeatJson}
 */
export function withMeld(seat, meld) {
  return { ...seat, melds: [...seat.melds, meld] };
}

/**
 * A seat with nothing to say: no discard, no meld.
 * @param {SeatJson | undefined} seat
 */
export function isEmpty(seat) {
  return !seat || (seat.discards.length === 0 && seat.melds.length === 0);
}

/**
 * A chance to deal in as a band of colour: low (under 3%), mid (under 7%) or high. The figure is always shown
 * beside it: the colour never says it alone.
 * @param {number} p
 * @returns {"low" | "mid" | "high"}
 */
export function dealInBand(p) {
  return p < 0.03 ? "low" : p < 0.07 ? "mid" : "high";
}

/**
 * A reason in players' words (catalog danger.reason.<code>).
 * @param {{code: string, n?: number}} reason
 */
export function reasonText(reason) {
  return t(`danger.reason.${reason.code}`, reason.n === undefined ? {} : { n: reason.n });
}

/**
 * Why a tile is as safe as it is, a line per opponent: who (riichi, dealer), their chance to be tenpai, the
 * chance the tile is one of their waits, the chance it deals in to them, and the reasons.
 * @param {TileDanger} tile
 * @param {OpponentState[]} opponents
 * @param {(p: number) => string} percent
 * @returns {{seat: Seat, text: string}[]}
 */
export function whyLines(tile, opponents, percent) {
  return tile.opponents.map((o) => {
    const state = opponents.find((s) => s.seat === o.seat);
    const who = t(`ui.opponent_${o.seat}`) + (state?.riichi ? ` (${t("ui.opponent_in_riichi")})` : "")
      + (state?.dealer ? ` (${t("ui.opponent_dealer")})` : "");
    const reasons = o.reasons.map(reasonText).join(", ");
    const figures = t("ui.danger_why", { tenpai: percent(o.p_tenpai), wait: percent(o.p_wait), deal_in: percent(o.p_deal_in) });
    return { seat: o.seat, text: reasons ? `${who}: ${figures} — ${reasons}` : `${who}: ${figures}` };
  });
}

/**
 * The tile's accessible name in the danger strip: its name, its chance to deal in and its band in words.
 * @param {TileDanger} tile
 * @param {(p: number) => string} percent
 */
export function dangerLabel(tile, percent) {
  return t("ui.danger_tile", { tile: tileName(tile.tile), percent: percent(tile.deal_in), band: t(`ui.danger_band_${dealInBand(tile.deal_in)}`) });
}
