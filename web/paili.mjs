// Paili, embeddable: the mahjong hand analyzer running in a Web Worker.
//
//   import { createEngine } from "https://example.org/paili/paili.mjs";
//   const engine = await createEngine({ onProgress: (message) => console.log(message) });
//   const result = await engine.analyze("123m456p789s11122z");   // the JSON of Python's paili.analyze()
//   engine.close();
//
// createEngine({ baseUrl, onProgress }) starts the worker and resolves once the engine is ready (onProgress(message,
// download) hears of the start-up, with {loaded, total} bytes while the runtime downloads); it rejects
// with an EngineError if start-up fails. baseUrl is the URL of the Paili site folder (the one holding
// build-info.json); by default the folder of this module.
//
// engine.analyze(hand, { melds, visible, rules, void }) resolves to the analysis, or rejects with an EngineError
// carrying type ("HandError", "RequestError", "InternalError", "EngineClosed"), message, code and params (the
// message's id and parameters, for a translation: docs/I18N.md), field (the input a
// HandError belongs to: "hand", "melds", "visible", "rules", "turns"..., else null) and position (a character
// index in that input's string, or null). engine.advise(hand, { melds, visible, rules, turns, tegawari,
// shanten_down, max_shanten, objective, riichi, ippatsu, round_wind, seat_wind, dora, honba, riichi_sticks,
// improvements }) resolves to the JSON of Python's paili.advise() (discards ranked by the expected points or the
// chance to win); options left out take Python's defaults; with improvements: false the rows' improvements are
// null and engine.improvements(hand, {...the same options}) gives them alone, quickly (no search). engine.score(hand, { win, tsumo, round_wind, seat_wind, riichi,
// ippatsu, last_tile, rinshan, chankan, blessing, dora, ura, honba, riichi_sticks, rules }) resolves to the JSON
// of Python's paili.score() (yaku, han, fu and its breakdown, limit, payments); engine.scoreWaits(hand, {...the
// same but win and tsumo}) what each wait of a tenpai hand is worth by ron and tsumo. engine.request(op, payload)
// sends any other operation.
// Every method takes a `signal` (an AbortSignal) among its options: aborting it rejects the request at once
// with an EngineError of type "Cancelled" and the worker drops its work (a long advise stops within a step of
// about 15 ms). The worker answers requests in steps, newest first, so a quick request sent during a long
// search is answered at once, without cancelling it.
// engine.close() ends the worker and rejects every request still pending.

// ---- The shapes that cross the boundary (docs/CONTRACT.md) -----------------------------------------------

/** @typedef {"riichi" | "sanma" | "sichuan" | "gb"} Rules  the rule set (docs/RULES.md); "chinese" is retired */
/** @typedef {{tile: string, remaining: number}} TileCount  a tile kind ("5m") and the copies left */
/** @typedef {{total: number, tiles: TileCount[]}} Ukeire */
// A tile code is the mpsz name of one tile: "1m".."9m", "1p".., "1s".., "1z".."7z"; the red fives are "0m", "0p",
// "0s". Every hand text comes with its tiles as codes in the text's order; tiles naming a kind (waits, ukeire,
// decompositions) are plain codes ("5m", never "0m"). The JSON is built by engine/paili/results.py.
/** @typedef {{type: "chi" | "pon" | "kan" | "ankan", tiles: string[], text: string}} Meld  tiles ["7s", "8s", "9s"], text "[789s]" */
/**
 * @typedef {object} Shanten  per form; null where the form cannot apply (seven pairs or thirteen orphans with
 *   melds, thirteen orphans in Sichuan); the knitted forms are present under "gb" only
 * @property {number} min
 * @property {number} regular
 * @property {number | null} chiitoitsu
 * @property {number | null} kokushi
 * @property {number | null} [quanbukao]  全不靠 (gb)
 * @property {number | null} [qixingbukao]  七星不靠 (gb)
 * @property {number | null} [zuhelong]  组合龙 (gb)
 */
/**
 * @typedef {"nine_gates" | "pure_straight" | "iipeikou" | "ryanpeikou" | "qingyise" | "duiduihu" | "qidui"
 *   | "longqidui" | "jingoudiao" | "daiyaojiu" | "jiangdui"} Flag  riichi shape flags; Sichuan's names under "sichuan"
 */
/**
 * @typedef {({form: "regular", pair: string, triplets: string[], sequences: string[], flags: Flag[]}
 *   | {form: "chiitoitsu", pairs: string[], flags: Flag[]}
 *   | {form: "kokushi", pair: string, flags: Flag[]}
 *   | {form: "quanbukao" | "qixingbukao", knitted: string[], flags: Flag[]}
 *   | {form: "zuhelong", knitted: string[], pair: string, triplets: string[], sequences: string[], flags: Flag[]})
 *   & {gen?: number}} Decomposition  one reading of a winning hand; knitted: the nine kinds of the knitted
 *   pattern (gb); gen: the number of 根 (sichuan only)
 */
/**
 * @typedef {object} Discard  a row of the discard table
 * @property {string} tile  the copy thrown ("0m" for a red five)
 * @property {number} shanten  after the discard
 * @property {Ukeire} ukeire  after the discard
 * @property {string} after  canonical text of the hand left (with its melds)
 * @property {string[]} after_concealed  the concealed tiles left, as codes
 */
/**
 * @typedef {object} GbWin  a Chinese Official win counted by analyze (by discard, the winds East, no flowers)
 * @property {string} win  the winning tile (a complete hand's best among its concealed kinds)
 * @property {{id: string, fan: number, count: number}[]} fans  highest first (names: the catalogs' gb_fan.<id>)
 * @property {number} fan  the total
 * @property {boolean} legal  at least 8 fans: a legal win
 * @property {number} short  the fans missing for the 8 (0 when legal)
 */
/**
 * @typedef {object} Analysis  the JSON of Python's paili.analyze(); keys that do not apply to the size are absent
 * @property {string} hand  canonical concealed tiles
 * @property {string[]} concealed  the concealed tiles as codes, in the order of `hand`
 * @property {Meld[]} melds
 * @property {number} tiles
 * @property {number} [nukidora]  norths set aside (sanma), when there are any
 * @property {Rules} rules
 * @property {Shanten} shanten
 * @property {{suits: string, fixed: boolean}} [void]  sichuan: the suit given up (fixed), or the best choices
 * @property {GbWin | null} [gb]  gb, 3n+2 hands: the complete shape's win counted (null: not complete, or melds unwritten)
 * @property {boolean} [agari]  3n+2 hands
 * @property {Decomposition[]} [decompositions]  3n+2 hands ([] when not a win)
 * @property {Discard[]} [discards]  3n+2 hands
 * @property {(TileCount & {gb?: GbWin | null})[]} [waits]  3n+1 hands ([] when not tenpai); gb: each wait's win by discard
 * @property {Ukeire} [ukeire]  3n+1 hands
 * @property {string} [read_as]  the hand text as the parser read it, when it normalised characters ("１２３Ｍ" -> "123m")
 */
/**
 * @typedef {object} AdviceWait  a wait of a tenpai discard (or of a tenpai hand, in an Outlook)
 * @property {string} tile
 * @property {number} remaining  copies left (the discarded copy counted as seen, as in the table)
 * @property {boolean | null} yaku  the self-drawn win has a yaku, under gb is legal (8 fans) (null: not scored, see AdviceDiscard.ev)
 * @property {{tsumo: number, ron: number} | null} points  expected over ura dora and red copies (0: no yaku); gb: the winner's gain by GB's payments
 * @property {number[]} p_win  p_win[i]: the chance that the hand, kept as it is, wins on this tile within i+1 draws
 */
/**
 * @typedef {Discard & {
 *   p_win: number[] | null,
 *   p_tenpai: number[] | null,
 *   ev: number[] | null,
 *   waits: AdviceWait[],
 *   improvements: Improvements | null,
 * }} AdviceDiscard  p_win[i] / p_tenpai[i]: the chance within i+1 draws, ev[i] the expected points won within
 *   i+1 draws (null: not computed, see note; ev also null under sanma, sichuan or with unwritten melds; under gb GB's payments); waits: [] unless
 *   the discard leaves the hand tenpai
 */
/**
 * @typedef {{total: number, tiles: (TileCount & {ukeire_after: number})[]}} Improvements  a discard's improvement
 *   draws (改良); null in an advice asked for with improvements: false (engine.improvements() gives them)
 */
/**
 * @typedef {object} AdviceImprovements  the JSON of Python's paili.advise_improvements()
 * @property {{tile: string, improvements: Improvements}[]} discards  in the discard table's order; tile as in
 *   the advice's rows ("0m" for a red five)
 */
/** @typedef {"ev" | "p_win" | "p_tenpai"} Objective  what orders the discards (its value at the last turn) */
/**
 * @typedef {object} AdviceSituation  the scoring situation in effect (null under sanma, sichuan or with unwritten melds; under gb {round_wind, seat_wind, rules: "gb"} alone)
 * @property {"always" | "dama"} riichi
 * @property {boolean} ippatsu
 * @property {string} round_wind
 * @property {string} seat_wind
 * @property {string} dora
 * @property {number} honba
 * @property {number} riichi_sticks
 * @property {Record<string, unknown>} rules  every scoring option in effect
 */
/**
 * @typedef {object} Advice  the JSON of Python's paili.advise()
 * @property {string} hand
 * @property {string[]} concealed
 * @property {Meld[]} melds
 * @property {number} tiles
 * @property {Rules} rules
 * @property {number} shanten
 * @property {number} turns
 * @property {{tegawari: boolean, shanten_down: boolean, max_shanten: number, objective: Objective}} options
 * @property {AdviceSituation | null} situation
 * @property {AdviceDiscard[]} discards  best first
 * @property {string | null} note
 * @property {{tiles: string[], deal_in: number, ev: number[]}} [fold]  with opponents: the fold line
 * @property {{fold: boolean, push: string | null, safest: string | null, margin: number}} [verdict]  with
 *   opponents: push or fold, and by how much at the last draw
 */
/**
 * @typedef {{hand: string, concealed: string[], melds: Meld[], tiles: number, nukidora?: number, read_as?: string}}
 *   HandTiles  the tiles of a hand that may still be incomplete (engine.tiles)
 */
/**
 * @typedef {object} Outlook  the JSON of Python's paili.outlook(): a 3n+1 hand's chances by draw
 * @property {string} hand
 * @property {string[]} concealed
 * @property {Meld[]} melds
 * @property {number} tiles
 * @property {Rules} rules
 * @property {number} shanten
 * @property {number} turns
 * @property {{tegawari: boolean, shanten_down: boolean, max_shanten: number}} options
 * @property {AdviceSituation | null} situation
 * @property {number[] | null} p_win  as an AdviceDiscard's, for the hand as it stands
 * @property {number[] | null} p_tenpai
 * @property {number[] | null} ev
 * @property {AdviceWait[]} waits  a tenpai hand's ([] otherwise); remaining: the copies left to draw
 * @property {string | null} note
 * @property {{tiles: string[], deal_in: number, ev: number[]}} [fold]  with opponents: the fold line
 * @property {{fold: boolean, push: null, safest: string | null, margin: number}} [verdict]  with opponents:
 *   going on with the hand or folding, and by how much at the last draw
 */
/**
 * @typedef {object} AnalyzeOptions
 * @property {string | string[] | null} [melds]
 * @property {string} [visible]
 * @property {Rules} [rules]
 * @property {"m" | "p" | "s" | null} [void]  sichuan: the suit given up (定缺); by default the hand's best
 */
/**
 * @typedef {object} AdviseOnlyOptions
 * @property {number} [turns]  1..30
 * @property {boolean} [tegawari]
 * @property {boolean} [shanten_down]
 * @property {number} [max_shanten]  0..4
 * @property {Objective} [objective]  "ev" by default
 * @property {"always" | "dama"} [riichi]  a closed hand declares riichi on reaching tenpai ("always") or never
 * @property {boolean} [ippatsu]  a win on the first draw after riichi scores ippatsu
 * @property {boolean} [double_riichi]  the discard is the first: one leaving a closed hand tenpai is a double riichi
 * @property {string} [round_wind]  "1z".."4z"
 * @property {string} [seat_wind]  "1z".."4z"; "1z" is the dealer
 * @property {string} [dora]  the dora indicators (seen tiles: not to be repeated in visible)
 * @property {number} [honba]
 * @property {number} [riichi_sticks]
 * @property {boolean} [improvements]  false: the rows' improvements are null (ask engine.improvements() for them)
 * @property {string} [opponents]  the other players' text form (docs/RULES.md, Defence): the values count the
 *   table (each row's deal_in, ev_if_passes, ev_if_deals_in; the answer's fold and verdict)
 */
/**
 * @typedef {Omit<AnalyzeOptions, "rules"> & AdviseOnlyOptions & {rules?: Rules | string | Record<string, unknown>}} AdviseOptions
 *   rules: "sanma", "sichuan" or "gb" (their wall and forms, nothing scored), or a scoring preset name ("riichi",
 *   "tenhou"...) or options over one
 */
/**
 * @typedef {object} ScoreOptions  the situation of a win (paili.score's keyword arguments; win is required)
 * @property {string} win  the winning tile, among the concealed tiles ("0p" for a red five)
 * @property {boolean} [tsumo]
 * @property {string} [round_wind]  "1z".."4z"
 * @property {string} [seat_wind]  "1z".."4z"; "1z" is the dealer
 * @property {0 | 1 | 2} [riichi]  2: double riichi
 * @property {boolean} [ippatsu]
 * @property {boolean} [last_tile]  haitei on a tsumo, houtei on a ron
 * @property {boolean} [rinshan]
 * @property {boolean} [chankan]
 * @property {boolean} [blessing]  tenhou for the dealer, chiihou otherwise
 * @property {string} [dora]  indicators
 * @property {string} [ura]  indicators (count with riichi)
 * @property {number} [honba]
 * @property {number} [riichi_sticks]
 * @property {string | Record<string, unknown>} [rules]  a preset name or options over a preset: "sanma" scores
 *   three-player riichi (the hand may set norths aside, "{4z}"; tsumo loss), {preset: "sanma", sanma_split: true}
 *   splits the missing player's share of a tsumo; "gb" scores Chinese Official (GbScore), whose situation is win,
 *   tsumo, the winds, last_tile, rinshan, chankan, flowers and last_copy (riichi's other parts are refused)
 * @property {number} [flowers]  gb: the flowers shown, 0..8
 * @property {boolean} [last_copy]  gb: 和绝张, the winning tile's last copy
 */
/**
 * @typedef {object} GbScore  the JSON of Python's paili.score(..., rules="gb")
 * @property {"gb"} rules
 * @property {string} win
 * @property {{id: string, fan: number, count: number}[]} fans  highest first (names: the catalogs' gb_fan.<id>)
 * @property {number} fan  the total, flowers included
 * @property {boolean} legal  8 fans or more without the flowers
 * @property {{discarder?: number, others?: number}} payments  by discard: the discarder's and each other
 *   player's; by self-draw: each player's ({} when not legal)
 * @property {number} total  the winner's gain
 */
/**
 * @typedef {object} FuEntry  one line of a score's fu breakdown (engine/paili/scoring/fu.py): `reason` in English;
 *   `id` (base, menzen_ron, tsumo, set, pair, wait, open_pinfu, rounding, chiitoitsu) and `params` to translate it
 *   (the catalog keys fu.<id>): set {kind: "triplet"|"quad", tile, open, ron, orphan}, pair {tile, why:
 *   "dragon"|"double_wind"|"seat_wind"|"round_wind"}, wait {wait: "kanchan"|"penchan"|"tanki"}, rounding {raw}
 * @property {number} fu
 * @property {string} reason
 * @property {string} id
 * @property {Record<string, string | number | boolean>} params
 */
/**
 * @typedef {object} RiichiScore  the JSON of Python's paili.score() under riichi and sanma
 * @property {{id: string, han: number, yakuman?: number}[]} yaku
 * @property {number} han
 * @property {number} fu
 * @property {number} yakuman  0 or the multiple
 * @property {string | null} limit
 * @property {number} points  without honba
 * @property {{ron?: number, dealer?: number, others?: number}} payments  honba included
 * @property {number} total  the winner's gain, sticks included
 * @property {FuEntry[]} fu_breakdown  adds up to `fu`
 * @property {Record<string, unknown>} decomposition  the reading used, with its wait
 * @property {boolean} no_yaku
 * @property {string} win
 * @property {boolean} dealer
 * @property {Record<string, unknown>} rules  every option in effect
 */
/** @typedef {RiichiScore | GbScore} Score  the JSON of Python's paili.score(): GB's under rules "gb" */
/** @typedef {string | number | boolean | null} ErrorParam  a value of an error's params (JSON, no English) */
/**
 * @typedef {{type: string, message: string, position: number | null, field: string | null, code: string,
 *   params: Record<string, ErrorParam>}} ErrorInfo  an error envelope's `error` (paili.results.error_json):
 *   `field` is the input a HandError belongs to ("hand", "melds", "visible", "rules", "turns", ...; null for
 *   other types), `position` a character index in that input; `code` the message's stable id and `params` its
 *   parameters, which the catalogs translate (`error.<code>` in engine/paili/locales, see docs/I18N.md):
 *   the page shows an error in the reader's language without parsing the English `message`
 */

// ---- The worker protocol (web/js/worker.js) ---------------------------------------------------------------

/** @typedef {{type: "init", baseUrl: string}} InitMessage  page -> worker, once */
/** @typedef {{type?: undefined, id: number, op: string, payload: Record<string, unknown>}} RequestMessage  page -> worker */
/** @typedef {{type: "cancel", id: number}} CancelMessage  page -> worker: drop the job of request `id` */
/**
 * @typedef {{signal?: AbortSignal, onPartial?: (part: unknown) => void}} RequestOptions  `signal`: aborting it
 *   cancels the request; `onPartial`: called with each part of the answer the engine readies before the whole
 *   (a review's rounds, each as it is reviewed: `{index, round, summary}`)
 */
/**
 * @template [T=unknown]
 * @typedef {{ok: true, result: T} | {ok: false, error: ErrorInfo}} Envelope  the answer of Python's paili.api.handle
 */
/** @typedef {Envelope & {type?: undefined, id: number}} ReplyMessage  worker -> page, one per request */
/** @typedef {{type: "partial", id: number, progress: unknown}} PartialMessage  worker -> page: a part of request
 *  `id`'s answer, ready before the whole (paili.api.step's `{"ok": true, "progress"}`); the request goes on */
/**
 * @typedef {{type: "progress", message: string, step?: string, params?: Record<string, string | number>,
 *     loaded?: number, total?: number}
 *   | {type: "ready", version: string, build: string, start?: string}
 *   | {type: "fatal", message: string}} StatusMessage  worker -> page: start-up, then a fatal error if any;
 *   a progress message of the download carries the bytes `loaded` so far and the `total` expected (0: unknown),
 *   both over the wire; `start` says how Python started ("snapshot": restored from the memory snapshot of an
 *   earlier visit, "normal")
 */
/** @typedef {{loaded: number, total: number}} DownloadProgress  the bytes of the engine's start-up download */
/** @typedef {{step: string, params: Record<string, string | number>}} ProgressStep  which start-up step a
 *  progress message is (its English `message` is `ui.progress.<step>` in the catalogs, docs/I18N.md) */
/** @typedef {StatusMessage | ReplyMessage | PartialMessage} WorkerMessage */

/** An error answered by the engine (or the engine going away), with the engine's type, field and position. */
export class EngineError extends Error {
  /** @param {Partial<ErrorInfo>} [error] */
  constructor({ type = "InternalError", message = "unknown error", position = null, field = null, code, params } = {}) {
    super(message);
    this.name = "EngineError";
    /** The engine's error type ("HandError", "RequestError", "InternalError"), or "EngineClosed" / "EngineFailed" /
     * "Cancelled" (the request's signal was aborted). */
    this.type = type;
    /** A character index in the input named by `field`, or null. */
    this.position = position ?? null;
    /** The input a HandError belongs to ("hand", "melds", "visible", "rules", "turns", ...), or null. */
    this.field = field ?? null;
    /** The message's stable id (`error.<code>` in the catalogs): the engine's, or "engine_closed" / "engine_failed" /
     * "cancelled". */
    this.code = code ?? (type === "EngineClosed" ? "engine_closed" : type === "EngineFailed" ? "engine_failed" : "internal");
    /** @type {Record<string, ErrorParam>} the message's parameters */
    this.params = params ?? { message };
  }
}

// Under a Content-Security-Policy that requires Trusted Types (Paili's own pages do), a worker's URL must be a
// TrustedScriptURL. This module's policy only ever gets the URLs made below (never user input). A host whose
// CSP does not allow the name "paili-engine" gets plain URLs (a host without Trusted Types needs nothing).
/** @type {{createScriptURL(url: string): TrustedScriptURL} | null} */
let scriptUrlPolicy = null;
try {
  // A window or a worker of a browser with Trusted Types has `trustedTypes`; other globals do not.
  const { trustedTypes } = /** @type {{trustedTypes?: TrustedTypePolicyFactory}} */ (globalThis);
  scriptUrlPolicy = trustedTypes?.createPolicy("paili-engine", { createScriptURL: (url) => url }) ?? null;
} catch {
  scriptUrlPolicy = null;
}

/**
 * The URL to start a worker from: a TrustedScriptURL when there is a policy. lib.dom's Worker constructor
 * predates Trusted Types and admits only string | URL, hence the cast (browsers take a TrustedScriptURL there).
 * @param {URL | string} url
 * @returns {URL | string}
 */
const scriptUrl = (url) =>
  scriptUrlPolicy ? /** @type {string} */ (/** @type {unknown} */ (scriptUrlPolicy.createScriptURL(String(url)))) : url;

/** @param {URL} baseUrl  the site folder */
function workerFor(baseUrl) {
  const url = new URL("js/worker.js", baseUrl);
  if (typeof location === "undefined" || url.origin === location.origin) {
    return new Worker(scriptUrl(url), { type: "module" });
  }
  // A worker script must be same-origin; from another site, start a tiny module worker that imports ours.
  const source = `import ${JSON.stringify(url.href)};`;
  const blobUrl = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
  try {
    return new Worker(scriptUrl(blobUrl), { type: "module" });
  } finally {
    URL.revokeObjectURL(blobUrl);
  }
}

/**
 * The payload of a request: the hand, and those of the options named in `keys` that are given (not undefined),
 * so the options left out take Python's defaults.
 * @template {object} O
 * @param {string} hand
 * @param {O} options
 * @param {readonly (keyof O & string)[]} keys
 * @returns {Record<string, unknown>}
 */
function payloadOf(hand, options, keys) {
  /** @type {Record<string, unknown>} */
  const payload = { hand };
  for (const key of keys) if (options[key] !== undefined) payload[key] = options[key];
  return payload;
}

/**
 * @typedef {{resolve: (result: unknown) => void, reject: (error: EngineError) => void,
 *   partial?: (part: unknown) => void}} Pending
 */

/** The error of a request whose signal was aborted. */
function cancelled() {
  return new EngineError({ type: "Cancelled", message: "the request was cancelled", code: "cancelled", params: {} });
}

class Engine {
  /** @type {Worker} */
  #worker;
  /** @type {Map<number, Pending>} */
  #pending = new Map();
  #nextId = 1;
  /** @type {EngineError | null} the error every later request is rejected with, once closed or failed */
  #closed = null;

  /** @param {Worker} worker */
  constructor(worker) {
    this.#worker = worker;
    /** The engine's version (Python's paili.__version__), once ready. */
    this.version = "";
    /** The build id of the site (build-info.json), once ready. */
    this.build = "";
    /** The worker died (after start-up or during it). */
    this.failed = false;
  }

  /**
   * Send `{op, ...payload}` to the engine; resolves to its `result`, rejects with an EngineError (of type
   * "Cancelled" once `signal` is aborted: the worker then drops the request's work).
   * @param {string} op
   * @param {Record<string, unknown>} [payload]
   * @param {RequestOptions} [options]
   * @returns {Promise<unknown>}
   */
  request(op, payload = {}, { signal, onPartial } = {}) {
    if (this.#closed) return Promise.reject(this.#closed);
    if (signal?.aborted) return Promise.reject(cancelled());
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      const abort = () => {
        if (!this.#pending.delete(id)) return;
        /** @type {CancelMessage} */
        const message = { type: "cancel", id };
        this.#worker.postMessage(message);
        reject(cancelled());
      };
      signal?.addEventListener("abort", abort, { once: true });
      /** @param {() => void} settle */
      const done = (settle) => {
        signal?.removeEventListener("abort", abort);
        settle();
      };
      this.#pending.set(id, {
        resolve: (result) => done(() => resolve(result)),
        reject: (error) => done(() => reject(error)),
        partial: onPartial,
      });
      /** @type {RequestMessage} */
      const message = { id, op, payload };
      performance.mark(`paili:send ${op} ${id}`); // the page's timeline of a request (see tests/bench/bench_memory.py)
      this.#worker.postMessage(message);
    });
  }

  /**
   * Analyse a hand: exactly the JSON of Python's `paili.analyze(hand, melds=..., visible=..., rules=...,
   * void=...)` (rules: "riichi", "sanma", "sichuan" or "gb"; void: the suit a Sichuan hand gives up).
   * @param {string} hand
   * @param {AnalyzeOptions & RequestOptions} [options]
   * @returns {Promise<Analysis>}  (the shape is the engine's contract, docs/CONTRACT.md)
   */
  analyze(hand, { melds = null, visible = "", rules = "riichi", void: voidSuit = null, signal } = {}) {
    return /** @type {Promise<Analysis>} */ (
      this.request("analyze", { hand, melds, visible, rules, void: voidSuit }, { signal }));
  }

  /**
   * Rank the discards of a 3n+2 hand by the expected points (or the chance) to win within 1..turns draws: exactly
   * the JSON of Python's `paili.advise(hand, ...)`. Options: melds, visible, rules, void, turns, tegawari,
   * shanten_down, max_shanten, objective, riichi, ippatsu, round_wind, seat_wind, dora, honba, riichi_sticks (left
   * out or undefined: Python's default); `signal` cancels it.
   * @param {string} hand
   * @param {AdviseOptions & RequestOptions} [options]
   * @returns {Promise<Advice>}  (the shape is the engine's contract, docs/CONTRACT.md)
   */
  advise(hand, options = {}) {
    const keys = /** @type {const} */ (["melds", "visible", "rules", "void", "turns", "tegawari", "shanten_down",
      "max_shanten", "objective", "riichi", "ippatsu", "double_riichi", "round_wind", "seat_wind", "dora", "honba",
      "riichi_sticks", "improvements", "opponents"]);
    return /** @type {Promise<Advice>} */ (this.request("advise", payloadOf(hand, options, keys), options));
  }

  /**
   * The improvements (改良) that advise() gives each discard, alone and without its search (one quick step):
   * exactly the JSON of Python's `paili.advise_improvements(hand, ...)`. Options: those of advise() (the
   * search's own are checked and ignored); `signal` cancels it.
   * @param {string} hand
   * @param {AdviseOptions & RequestOptions} [options]
   * @returns {Promise<AdviceImprovements>}  (the shape is the engine's contract, docs/CONTRACT.md)
   */
  improvements(hand, options = {}) {
    const keys = /** @type {const} */ (["melds", "visible", "rules", "void", "turns", "tegawari", "shanten_down",
      "max_shanten", "objective", "riichi", "ippatsu", "double_riichi", "round_wind", "seat_wind", "dora", "honba",
      "riichi_sticks"]);
    return /** @type {Promise<AdviceImprovements>} */ (
      this.request("improvements", payloadOf(hand, options, keys), options));
  }

  /**
   * What a 3n+1 hand (one waiting for its draw) can expect within 1..turns draws, under the advisor's model:
   * exactly the JSON of Python's `paili.outlook(hand, ...)` (its chances and expected points by draw, and a
   * tenpai hand's waits with each one's chance to be the winning draw). Options: those of advise() but objective
   * and double_riichi; `signal` cancels it.
   * @param {string} hand
   * @param {Omit<AdviseOptions, "objective" | "double_riichi"> & RequestOptions} [options]
   * @returns {Promise<Outlook>}  (the shape is the engine's contract, docs/CONTRACT.md)
   */
  outlook(hand, options = {}) {
    const keys = /** @type {const} */ (["melds", "visible", "rules", "void", "turns", "tegawari", "shanten_down",
      "max_shanten", "riichi", "ippatsu", "round_wind", "seat_wind", "dora", "honba", "riichi_sticks", "opponents"]);
    return /** @type {Promise<Outlook>} */ (this.request("outlook", payloadOf(hand, options, keys), options));
  }

  /**
   * Score a winning hand: exactly the JSON of Python's `paili.score(hand, win=..., ...)`. Options: win (required),
   * tsumo, round_wind, seat_wind, riichi (0, 1, 2), ippatsu, last_tile, rinshan, chankan, blessing, dora, ura,
   * honba, riichi_sticks, rules (a preset name or an object of options); left out: Python's default.
   * @param {string} hand
   * @param {ScoreOptions & RequestOptions} options
   * @returns {Promise<Score>}  (the shape is the engine's contract, docs/CONTRACT.md)
   */
  score(hand, options) {
    const keys = /** @type {const} */ (["win", "tsumo", "round_wind", "seat_wind", "riichi", "ippatsu", "last_tile",
      "rinshan", "chankan", "blessing", "dora", "ura", "honba", "riichi_sticks", "rules", "flowers", "last_copy"]);
    return /** @type {Promise<Score>} */ (this.request("score", payloadOf(hand, options, keys), options));
  }

  /**
   * What each wait of a tenpai 3n+1 hand is worth: exactly the JSON of Python's `paili.score_waits(hand, ...)`,
   * `[{tile, remaining, ron, tsumo}]` with a Score (or null where the situation rules that way out) for each.
   * Options: those of score() but win and tsumo.
   * @param {string} hand
   * @param {Omit<ScoreOptions, "win" | "tsumo"> & RequestOptions} [options]
   * @returns {Promise<{tile: string, remaining: number, ron: RiichiScore | null, tsumo: RiichiScore | null}[]>}
   */
  scoreWaits(hand, options = {}) {
    const keys = /** @type {const} */ (["round_wind", "seat_wind", "riichi", "ippatsu", "last_tile", "rinshan",
      "chankan", "blessing", "dora", "ura", "honba", "riichi_sticks", "rules"]);
    return /** @type {Promise<{tile: string, remaining: number, ron: RiichiScore | null, tsumo: RiichiScore | null}[]>} */ (
      this.request("score_waits", payloadOf(hand, options, keys), options));
  }

  /**
   * The tiles of a hand that may still be incomplete (being tapped in): exactly the JSON of the engine's "tiles"
   * op, `{hand, concealed, melds, tiles}` (and `nukidora`, the norths set aside under sanma); any concealed count
   * up to 14 tiles, the other limits of analyze() under `rules` (a tile outside the set is an error).
   * @param {string} hand
   * @param {{melds?: string | string[] | null, rules?: Rules} & RequestOptions} [options]
   * @returns {Promise<HandTiles>}
   */
  tiles(hand, { melds = null, rules = "riichi", signal } = {}) {
    return /** @type {Promise<HandTiles>} */ (this.request("tiles", { hand, melds, rules }, { signal }));
  }

  /** End the worker; everything pending rejects with an EngineError of type "EngineClosed". */
  close() {
    this._fail(new EngineError({ type: "EngineClosed", message: "the engine was closed" }));
  }

  /** @param {PartialMessage} message  a part of a request's answer: handed to its `onPartial` */
  _partial(message) {
    this.#pending.get(message.id)?.partial?.(message.progress);
  }

  /** @param {ReplyMessage} reply */
  _reply(reply) {
    const entry = this.#pending.get(reply.id);
    performance.mark(`paili:reply ${reply.id}`);
    if (!entry) return;
    this.#pending.delete(reply.id);
    if (reply.ok) entry.resolve(reply.result);
    else entry.reject(new EngineError(reply.error));
  }

  /** @param {EngineError} error */
  _fail(error) {
    if (!this.#closed) {
      this.#closed = error;
      this.#worker.terminate();
    }
    const pending = [...this.#pending.values()];
    this.#pending.clear();
    for (const { reject } of pending) reject(error);
  }
}

/** @typedef {Engine} PailiEngine  what createEngine resolves to */

/**
 * @typedef {object} EngineOptions
 * @property {string | URL} [baseUrl]  URL of the Paili site folder; default: this module's folder
 * @property {(message: string, download?: DownloadProgress, step?: ProgressStep) => void} [onProgress]  start-up
 *   progress (with the download's bytes while Pyodide and the wheel download, and the step's id)
 * @property {(error: EngineError) => void} [onFailure]  the worker died after start-up
 */

/**
 * Start the engine. Options: `baseUrl` (URL of the Paili site folder; default: this module's folder),
 * `onProgress(message)` (start-up progress), `onFailure(error)` (the worker died after start-up: every
 * pending and later request rejects with that EngineError of type "EngineFailed"). Resolves to an engine
 * once Python is ready; rejects with an EngineError of type "EngineFailed" if start-up fails.
 * @param {EngineOptions} [options]
 * @returns {Promise<PailiEngine>}
 */
export function createEngine({ baseUrl, onProgress, onFailure } = {}) {
  const base = new URL(baseUrl ?? "./", baseUrl ? globalThis.location?.href : import.meta.url);
  if (!base.pathname.endsWith("/")) base.pathname += "/";
  const worker = workerFor(base);
  const engine = new Engine(worker);

  return new Promise((resolve, reject) => {
    let ready = false;
    /** @param {string} message */
    const fail = (message) => {
      const error = new EngineError({ type: "EngineFailed", message });
      const first = !engine.failed;
      engine.failed = true;
      engine._fail(error);
      if (!ready) reject(error);
      else if (first) onFailure?.(error);
    };
    /** @param {MessageEvent<WorkerMessage>} event */
    worker.onmessage = ({ data }) => {
      if (data.type === "progress") {
        const { loaded, total } = data;
        const step = data.step ? { step: data.step, params: data.params ?? {} } : undefined;
        onProgress?.(data.message, loaded === undefined ? undefined : { loaded, total: total ?? 0 }, step);
      } else if (data.type === "ready") {
        ready = true;
        engine.version = data.version;
        engine.build = data.build ?? "";
        resolve(engine);
      } else if (data.type === "fatal") {
        fail(`${ready ? "the engine stopped" : "the engine could not start"}: ${data.message}`);
      } else if (data.type === "partial") {
        engine._partial(data);
      } else if ("id" in data) {
        engine._reply(data);
      }
    };
    worker.onerror = (event) => {
      event.preventDefault?.();
      fail(`the engine worker failed: ${event.message || "could not load js/worker.js"}`);
    };
    worker.onmessageerror = () => fail("the engine sent a message that could not be read");
    /** @type {InitMessage} */
    const init = { type: "init", baseUrl: base.href };
    worker.postMessage(init);
  });
}
