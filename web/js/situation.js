// The situation of a win (how and where the hand won: paili.score's keyword arguments), kept in the page's
// address with short parameter names so a shared link or a reload brings it back. Pure: no DOM, no engine;
// the Score panel (score.js) and the embed view (embed.js) use it, tests/js/situation.test.js tests it.
//
// Parameters (README, "Share"): w winning tile (a tile code, "0p" for a red five), t=1 tsumo (else ron),
// sw seat wind, rw round wind ("1z".."4z"; seat 1z is the dealer), r=1 riichi / r=2 double riichi, ip=1
// ippatsu, lt=1 last tile (haitei / houtei), rs=1 rinshan, ck=1 chankan, bl=1 tenhou / chiihou, d dora
// indicators, u ura dora indicators (mpsz), hb honba, rb riichi sticks on the table; under Chinese Official
// (GB), fl flowers (0..8) and lc=1 the winning tile's last copy (和绝张). Values at their default are left out;
// a value that is not one the panel can set is read as the default. Each rule set scores its own parts
// (applicable): riichi's riichi, ippatsu, ura, dora, honba, sticks and first draw; GB's flowers and last copy.

import { RULE_SETS } from "./rules.js";

/** @typedef {import("../paili.mjs").Meld} Meld */

/**
 * @typedef {object} Situation  the panel's state, in paili.score's names (win: null = the default tile)
 * @property {string | null} win
 * @property {boolean} tsumo
 * @property {string} seat_wind
 * @property {string} round_wind
 * @property {0 | 1 | 2} riichi
 * @property {boolean} ippatsu
 * @property {boolean} last_tile
 * @property {boolean} rinshan
 * @property {boolean} chankan
 * @property {boolean} blessing
 * @property {string} dora
 * @property {string} ura
 * @property {number} honba
 * @property {number} riichi_sticks
 * @property {number} flowers  GB's flowers (花牌), 0..MAX_FLOWERS
 * @property {boolean} last_copy  GB's 和绝张: the winning tile's last copy
 */

/** @typedef {"ippatsu" | "last_tile" | "rinshan" | "chankan" | "blessing" | "last_copy"} Toggle  the yes/no parts */
/**
 * @typedef {"win" | "tsumo" | "riichi" | "ura" | "dora" | "honba" | "riichi_sticks" | "flowers" | Toggle} Optional
 *   the parts a hand, its rule set or a situation can rule out
 */

/** @type {Readonly<Situation>} */
export const DEFAULT_SITUATION = Object.freeze({
  win: null, tsumo: false, seat_wind: "1z", round_wind: "1z", riichi: 0, ippatsu: false, last_tile: false,
  rinshan: false, chankan: false, blessing: false, dora: "", ura: "", honba: 0, riichi_sticks: 0, flowers: 0,
  last_copy: false,
});

/** The URL parameter of each part of the situation. */
export const PARAMS = Object.freeze(/** @type {const} */ ({
  win: "w", tsumo: "t", seat_wind: "sw", round_wind: "rw", riichi: "r", ippatsu: "ip", last_tile: "lt",
  rinshan: "rs", chankan: "ck", blessing: "bl", dora: "d", ura: "u", honba: "hb", riichi_sticks: "rb",
  flowers: "fl", last_copy: "lc",
}));

export const WINDS = Object.freeze(["1z", "2z", "3z", "4z"]);
/** The most honba or riichi sticks the panel takes (more is no real table). */
export const MAX_COUNT = 99;
/** The most flowers a hand can show (the eight flower tiles). */
export const MAX_FLOWERS = 8;
/** The longest indicator text kept from an address (ten indicators with spaces fit). */
const MAX_TEXT = 40;

/** @type {readonly Toggle[]} */
export const TOGGLES = Object.freeze(["ippatsu", "last_tile", "rinshan", "chankan", "blessing", "last_copy"]);

/**
 * A count from a parameter or a field: a whole number 0..MAX_COUNT, anything else 0.
 * @param {string | null | undefined} text
 */
export function countOf(text) {
  const value = Number(text);
  return Number.isInteger(value) && value >= 0 && value <= MAX_COUNT ? value : 0;
}

/**
 * The situation in an address's parameters (what the page's links carry).
 * @param {URLSearchParams} params
 * @returns {Situation}
 */
export function decodeSituation(params) {
  const get = (/** @type {keyof Situation} */ key) => params.get(PARAMS[key]);
  const flag = (/** @type {keyof Situation} */ key) => get(key) === "1";
  const wind = (/** @type {"seat_wind" | "round_wind"} */ key) => {
    const value = get(key);
    return value !== null && WINDS.includes(value) ? value : DEFAULT_SITUATION[key];
  };
  // An indicator text or a tile code goes to the engine as it is (the engine checks it and names the field);
  // only its length is bounded here.
  const text = (/** @type {"dora" | "ura"} */ key) => (get(key) ?? "").slice(0, MAX_TEXT);
  const win = get("win");
  const riichi = get("riichi");
  return {
    win: win && /^[0-9][mpsz]$/.test(win) ? win : null,
    tsumo: flag("tsumo"),
    seat_wind: wind("seat_wind"),
    round_wind: wind("round_wind"),
    riichi: riichi === "1" ? 1 : riichi === "2" ? 2 : 0,
    ippatsu: flag("ippatsu"),
    last_tile: flag("last_tile"),
    rinshan: flag("rinshan"),
    chankan: flag("chankan"),
    blessing: flag("blessing"),
    dora: text("dora"),
    ura: text("ura"),
    honba: countOf(get("honba")),
    riichi_sticks: countOf(get("riichi_sticks")),
    flowers: Math.min(countOf(get("flowers")), MAX_FLOWERS),
    last_copy: flag("last_copy"),
  };
}

/**
 * Write a situation into an address's parameters: only the parts not at their default (and a yes/no part
 * as "1"). Parameters of the situation already there are replaced or removed.
 * @param {Situation} situation
 * @param {URLSearchParams} params
 */
export function encodeSituation(situation, params) {
  for (const [key, name] of Object.entries(PARAMS)) {
    params.delete(name);
    const value = situation[/** @type {keyof Situation} */ (key)];
    if (value === DEFAULT_SITUATION[/** @type {keyof Situation} */ (key)] || value === null) continue;
    if (typeof value === "boolean") params.set(name, "1");
    else if (typeof value === "string" && value.trim() === "") continue;
    else params.set(name, String(value).trim());
  }
}

/**
 * The parts of the situation that apply to a hand, as its rule set allows them (riichi needs a closed hand,
 * closed kans allowed; ippatsu riichi; rinshan a kan and a tsumo; chankan a ron; tenhou / chiihou a tsumo with
 * no meld and no riichi; ura dora riichi; dora, honba and sticks are riichi's; flowers and the last copy GB's,
 * which has no riichi nor first draw). `waits`: for the waits of a 13-tile hand, where the winning tile and
 * ron or tsumo are each wait's and both ways are scored.
 * @param {Situation} situation
 * @param {{melds: Meld[], rules?: import("../paili.mjs").Rules}} hand
 * @param {{waits?: boolean}} [options]
 * @returns {Record<Optional, boolean>}
 */
export function applicable(situation, { melds, rules }, { waits = false } = {}) {
  const gb = rules === "gb";
  const closed = melds.every((m) => m.type === "ankan");
  const riichi = !gb && closed && situation.riichi > 0;
  const tsumo = waits || situation.tsumo;
  const ron = waits || !situation.tsumo;
  return {
    win: !waits,
    tsumo: !waits,
    riichi: !gb && closed,
    ippatsu: riichi,
    ura: riichi,
    last_tile: true,
    rinshan: tsumo && melds.some((m) => m.type === "kan" || m.type === "ankan"),
    chankan: ron,
    blessing: !gb && tsumo && melds.length === 0 && !riichi,
    dora: !gb,
    honba: !gb,
    riichi_sticks: !gb,
    flowers: gb,
    last_copy: gb && !waits,
  };
}

/**
 * The situation with what does not apply to the hand set back to its default (what is scored, and what the
 * address keeps).
 * @param {Situation} situation
 * @param {{melds: Meld[], rules?: import("../paili.mjs").Rules}} hand
 * @param {{waits?: boolean}} [options]
 * @returns {Situation}
 */
export function effective(situation, hand, options = {}) {
  const applies = applicable(situation, hand, options);
  /** @type {Situation} */
  const out = { ...situation };
  if (!applies.riichi) out.riichi = 0;
  if (!applies.ura) out.ura = "";
  if (!applies.dora) out.dora = "";
  if (!applies.honba) out.honba = 0;
  if (!applies.riichi_sticks) out.riichi_sticks = 0;
  if (!applies.flowers) out.flowers = 0;
  if (options.waits) {
    out.win = null;
    out.tsumo = false;
  }
  for (const key of TOGGLES) if (!applies[key]) out[key] = false;
  return out;
}

/**
 * The options of engine.score (or, with `waits`, engine.scoreWaits) for a situation: what does not apply left
 * at its default, the indicators trimmed.
 * @param {Situation} situation
 * @param {{melds: Meld[], rules?: import("../paili.mjs").Rules}} hand  (a rule set the engine scores: riichi,
 *   sanma, gb)
 * @param {{waits?: boolean}} [options]
 */
export function scoreOptions(situation, hand, options = {}) {
  const s = effective(situation, hand, options);
  if (hand.rules === "gb") {
    // GB's own situation (paili.score refuses riichi's parts under gb)
    const gb = { rules: "gb", seat_wind: s.seat_wind, round_wind: s.round_wind, last_tile: s.last_tile, rinshan: s.rinshan,
      chankan: s.chankan, flowers: s.flowers, last_copy: s.last_copy };
    return options.waits ? gb : { ...gb, win: s.win ?? "", tsumo: s.tsumo };
  }
  const rules = hand.rules && hand.rules !== "riichi" ? { rules: hand.rules } : {};
  const common = {
    seat_wind: s.seat_wind, round_wind: s.round_wind, riichi: s.riichi, ippatsu: s.ippatsu, last_tile: s.last_tile,
    rinshan: s.rinshan, chankan: s.chankan, blessing: s.blessing, dora: s.dora.trim(), ura: s.ura.trim(),
    honba: s.honba, riichi_sticks: s.riichi_sticks,
    ...rules,
  };
  return options.waits ? common : { ...common, win: s.win ?? "", tsumo: s.tsumo };
}

/**
 * The last tile code written in a hand's text ("123m 45p [777z]" -> "5p"), or null: the default winning tile
 * of a hand typed or linked whole. The engine's analysis has the tiles in canonical order only, so this is
 * the one place the page reads a hand's text; its answer is used only when it is among the engine's codes.
 * @param {string} text
 * @returns {string | null}
 */
export function lastTyped(text) {
  const concealed = text.replace(/[[(][^\])]*[\])]?/g, " ");
  const match = /([0-9])\s*([mpsz])[^mpsz]*$/.exec(concealed);
  return match ? `${match[1]}${match[2]}` : null;
}

/**
 * Which hands are scored: a win ("win"), a tenpai 13-tile hand whose waits are priced ("waits"), else null; none
 * under a rule set the engine does not score (render.ruleNotes says so). Under GB a win only: its waits carry
 * their fans in the analysis itself (render.gbLines).
 * @param {import("../paili.mjs").Analysis} result
 * @returns {"win" | "waits" | null}
 */
export function scoreMode(result) {
  if (result.rules === "gb") return result.agari ? "win" : null;
  if (!RULE_SETS[result.rules ?? "riichi"]?.scored) return null;
  return result.agari ? "win" : result.tiles % 3 === 1 && result.shanten.min === 0 ? "waits" : null;
}

/**
 * The winning tile to show for a hand: `wanted` (kept from before, or the address's) when the hand holds it,
 * else the tile entered last when the hand holds it, else the hand's last concealed tile.
 * @param {string[]} concealed  the engine's codes of the hand's concealed tiles
 * @param {string | null} wanted
 * @param {string | null} entered
 * @returns {string}
 */
export function defaultWin(concealed, wanted, entered) {
  if (wanted && concealed.includes(wanted)) return wanted;
  if (entered && concealed.includes(entered)) return entered;
  return concealed.at(-1) ?? "";
}
