// The season page's logic (tested under node): which files are logs, which seats of a log to review, the words of
// the progress, the statistics table's cells and the chart's series from the engine's summary (season_summary:
// the same figures as `python -m paili review-many`), and the records as the command line's JSON lines.

import { percent, points } from "./chances.js";
import { t, translator } from "./i18n.js";

/**
 * @typedef {object} Costly  one of a player's costliest decisions (season_summary)
 * @property {string} file
 * @property {number} seat
 * @property {string} round
 * @property {number} honba
 * @property {number} step
 * @property {string} kind
 * @property {string} played
 * @property {string} best
 * @property {number} loss
 * @property {string} url  the analyzer's address of the position
 */
/**
 * @typedef {object} PlayerStats  one player's season (season_summary)
 * @property {string} name
 * @property {number} games
 * @property {number} rounds
 * @property {number | null} win_rate
 * @property {number | null} deal_in_rate
 * @property {number | null} riichi_rate
 * @property {number | null} call_rate
 * @property {number | null} average_win
 * @property {number | null} average_placement
 * @property {number} decisions
 * @property {number | null} best_rate
 * @property {number | null} loss_per_game
 * @property {Costly[]} costliest
 * @property {{file: string, seat: number, loss: number, agreement: number | null}[]} per_game
 */
/** @typedef {{file: string, seat: number | null, reason: string}} Skipped */
/** @typedef {{players: PlayerStats[], units: number, options: Record<string, unknown>, skipped: Skipped[]}} Season */
/** @typedef {{file: string, text: string, seat: number, player: string}} Unit  a (game, seat) to review */

/** The names of the files a folder may hold that are logs (tenhou.net/6 JSON, mjai lines), also gzip-compressed. */
const LOG_NAME = /\.(json|jsonl|mjson|txt)(\.gz)?$/i;

/** @param {string} name */
export function isLogName(name) {
  return LOG_NAME.test(name);
}

/**
 * Whether bytes are gzip-compressed (their first two bytes, whatever the file's name).
 * @param {Uint8Array} bytes
 */
export function isGzip(bytes) {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/**
 * The seats of a log to review: every seat, or only those where `player` sat (names compared as written).
 * @param {string[]} players  the log's names, by seat
 * @param {string} player  "" for every seat
 * @returns {number[]}
 */
export function seatsToReview(players, player) {
  const wanted = player.trim();
  return players.map((_, seat) => seat).filter((seat) => !wanted || players[seat] === wanted);
}

/**
 * The progress line: how many (game, seat) reviews are done of how many, and the one running.
 * @param {number} done
 * @param {number} total
 * @param {Unit | null} unit
 * @param {string} [round]  the round it has reached ("E3")
 */
export function progressText(done, total, unit, round = "") {
  if (!unit) return t("season.progress_done", { done, total });
  return t("season.progress", { done, total, file: unit.file, seat: unit.seat + 1, player: unit.player || "—" })
    + (round ? ` ${t("season.progress_round", { round })}` : "");
}

/** The statistics table's columns: the catalog key of each heading. */
export const COLUMNS = /** @type {const} */ (["season.col_player", "season.col_games", "season.col_rounds",
  "season.col_win", "season.col_deal_in", "season.col_riichi", "season.col_call", "season.col_average_win",
  "season.col_placement", "season.col_decisions", "season.col_best", "season.col_loss"]);

/**
 * A player's row of the statistics table, as text (the rates as percentages, the averages rounded).
 * @param {PlayerStats} p
 * @returns {string[]}
 */
export function playerCells(p) {
  const rate = (/** @type {number | null} */ value) => (value === null ? "—" : percent(value));
  const placement = p.average_placement === null ? "—"
    : translator().number(Math.round(p.average_placement * 100) / 100);
  return [p.name, String(p.games), String(p.rounds), rate(p.win_rate), rate(p.deal_in_rate), rate(p.riichi_rate),
    rate(p.call_rate), points(p.average_win), placement, String(p.decisions), rate(p.best_rate), points(p.loss_per_game)];
}

/**
 * The chart's series for one player: game by game (in the files' order), the expected points lost and the
 * share of discards that were the best, in percent (null for a game without a discard searched).
 * @param {PlayerStats} p
 * @returns {[number[], number[], (number | null)[]]}  x (1, 2, ...), loss, agreement
 */
export function chartSeries(p) {
  return [p.per_game.map((_, i) => i + 1), p.per_game.map((g) => g.loss),
    p.per_game.map((g) => (g.agreement === null ? null : Math.round(g.agreement * 1000) / 10))];
}

/**
 * A costly decision in words: where, what was played, what was best, what it cost.
 * @param {Costly} c
 */
export function costlyText(c) {
  const round = c.honba ? `${c.round}-${c.honba}` : c.round;
  return t("season.costly_link", { file: c.file, round, played: c.played, best: c.best, points: points(c.loss) });
}

/**
 * The records of a saved file (`review-many --out`'s, or this page's): one JSON object a line, each with its
 * `key` (the log's SHA-256 and the seat); blank lines skipped; a line that is not such a record is counted in
 * `bad` (a file cut short by an interrupted run ends with one).
 * @param {string} text
 * @returns {{records: Record<string, unknown>[], bad: number}}
 */
export function parseRecords(text) {
  /** @type {Record<string, unknown>[]} */
  const records = [];
  let bad = 0;
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    try {
      const record = JSON.parse(line);
      if (record && typeof record === "object" && typeof record.key === "string" && Number.isInteger(record.seat)) records.push(record);
      else bad += 1;
    } catch {
      bad += 1;
    }
  }
  return { records, bad };
}

/**
 * A unit's key, as the command line writes it: the SHA-256 of the log's text (UTF-8), in hex, and the seat.
 * @param {string} text
 * @param {number} seat
 */
export async function unitKey(text, seat) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return `${Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("")}:${seat}`;
}

/**
 * The records as `review-many --out` writes them: one JSON line each (the command line resumes from such a file).
 * @param {unknown[]} records
 */
export function recordsText(records) {
  return records.map((r) => JSON.stringify(r)).join("\n") + (records.length ? "\n" : "");
}
