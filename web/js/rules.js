// The rule sets on the page: what each one's tiles are (the palette, the wall of a random draw), its name in
// the players' terms, and the address parameters that carry it (&rules=, and &void= for a Sichuan hand's suit
// given up). The table of the sets is the engine's paili.rules.RULE_SETS (its tiles as codes, in the engine's
// order), in the module tools/tables.py generates (js/tables.js: the build writes it into the site). The page
// needs it before the engine has started (the palette is drawn at once).

import { RULE_SETS } from "./tables.js";
import { PALETTE } from "./tiles.js";

export { RULE_SETS };

/** @typedef {import("../paili.mjs").Rules} Rules */
/**
 * @typedef {object} RuleSetInfo  one rule set of the engine
 * @property {string} title  the engine's name of it, as its error messages write it
 * @property {string[]} tiles  the kinds in its wall (4 copies each), as plain codes
 * @property {boolean} chi  chi may be called
 * @property {boolean} void  缺一门: a win holds at most two suits (a suit is given up)
 * @property {boolean} nukidora  a north may be set aside as nukidora ({4z})
 * @property {boolean} knitted  the GB knitted forms count
 * @property {boolean} scored  paili.score values its wins (riichi only, until the engine scores the others)
 */

/** @type {Rules} */
export const DEFAULT_RULES = "riichi";

/**
 * The catalog keys of each set's name for the players (short enough for the selector on a phone, with its
 * name at the table) and of what the help line under the hand says of it (none for riichi).
 * @type {Record<Rules, {name: string, help: string | null}>}
 */
export const RULE_NAMES = {
  riichi: { name: "ui.ruleset.riichi", help: null },
  sanma: { name: "ui.ruleset.sanma", help: "ui.ruleset_help.sanma" },
  sichuan: { name: "ui.ruleset.sichuan", help: "ui.ruleset_help.sichuan" },
  gb: { name: "ui.ruleset.gb", help: "ui.ruleset_help.gb" },
};

/** The suits a Sichuan hand may give up (定缺), with the catalog keys of their choices; "" the hand's best. */
export const VOID_SUITS = /** @type {const} */ ([["", "ui.void_auto"], ["m", "ui.void_m"], ["p", "ui.void_p"], ["s", "ui.void_s"]]);

/** The address parameters: the rule set (left out for riichi) and a Sichuan hand's suit given up. */
export const RULE_PARAMS = Object.freeze(/** @type {const} */ ({ rules: "rules", void: "void" }));

/**
 * A rule set's name from a parameter or a field; anything else is the default (riichi).
 * @param {string | null | undefined} text
 * @returns {Rules}
 */
export function rulesOf(text) {
  return text && Object.hasOwn(RULE_SETS, text) ? /** @type {Rules} */ (text) : DEFAULT_RULES;
}

/**
 * The suit given up from a parameter or a field, under rules that give one up; "" (the hand's best) otherwise.
 * @param {string | null | undefined} text
 * @param {Rules} rules
 * @returns {"" | "m" | "p" | "s"}
 */
export function voidOf(text, rules) {
  const found = VOID_SUITS.find(([suit]) => suit === text);
  return found && RULE_SETS[rules].void ? found[0] : "";
}

/**
 * Write the rule set and the suit given up into address parameters: nothing for riichi, nor for the hand's
 * best suit.
 * @param {{rules: Rules, void: string}} choice
 * @param {URLSearchParams} params
 */
export function writeRules(choice, params) {
  params.delete(RULE_PARAMS.rules);
  params.delete(RULE_PARAMS.void);
  if (choice.rules !== DEFAULT_RULES) params.set(RULE_PARAMS.rules, choice.rules);
  const suit = voidOf(choice.void, choice.rules);
  if (suit) params.set(RULE_PARAMS.void, suit);
}

/**
 * The rule set and the suit given up of address parameters.
 * @param {URLSearchParams} params
 * @returns {{rules: Rules, void: "" | "m" | "p" | "s"}}
 */
export function readRules(params) {
  const rules = rulesOf(params.get(RULE_PARAMS.rules));
  return { rules, void: voidOf(params.get(RULE_PARAMS.void), rules) };
}

/**
 * Whether the set's wall holds red fives: the riichi sets' do (one five of each suit in the set); the Chinese
 * sets play none (the engine reads a typed 0p as a five all the same).
 * @param {Rules} rules
 */
export function hasRedFives(rules) {
  return rules === "riichi" || rules === "sanma";
}

/**
 * Whether a tile code is one of the set's tiles (a red five: when the set has red fives and that five).
 * @param {string} code
 * @param {Rules} rules
 */
export function inSet(code, rules) {
  if (code[0] === "0") return hasRedFives(rules) && RULE_SETS[rules].tiles.includes(`5${code[1]}`);
  return RULE_SETS[rules].tiles.includes(code);
}

/**
 * The palette of a set: PALETTE's rows with only the set's tiles (a row left empty goes).
 * @param {Rules} rules
 * @returns {string[][]}
 */
export function paletteOf(rules) {
  return PALETTE.map((row) => row.filter((code) => inSet(code, rules))).filter((row) => row.length > 0);
}

/** The text of one north set aside as nukidora, as the engine writes it. */
export const NUKIDORA = "{4z}";
