// Paili, embeddable: the mahjong hand analyzer running in a Web Worker.
//
//   import { createEngine } from "https://example.org/paili/paili.mjs";
//   const engine = await createEngine({ onProgress: (message) => console.log(message) });
//   const result = await engine.analyze("123m456p789s11122z");   // the JSON of Python's paili.analyze()
//   engine.close();
//
// createEngine({ baseUrl, onProgress }) starts the worker and resolves once the engine is ready; it rejects
// with an EngineError if start-up fails. baseUrl is the URL of the Paili site folder (the one holding
// build-info.json); by default the folder of this module.
//
// engine.analyze(hand, { melds, visible, rules }) resolves to the analysis, or rejects with an EngineError
// carrying type ("HandError", "RequestError", "InternalError", "EngineClosed"), message, field (the input a
// HandError belongs to: "hand", "melds", "visible", "rules", "turns"..., else null) and position (a character
// index in that input's string, or null). engine.advise(hand, { melds, visible, rules, turns, tegawari,
// shanten_down, max_shanten }) resolves to the JSON of Python's paili.advise() (discards ranked by the chance to
// win); options left out take Python's defaults. engine.request(op, payload) sends any other operation.
// engine.close() ends the worker and rejects every request still pending.

/**
 * The error envelope of the engine (paili.results.error_json).
 * @typedef {object} EngineErrorInit
 * @property {string} [type] "HandError", "RequestError", "InternalError", "EngineClosed" or "EngineFailed"
 * @property {string} [message] what was expected and where
 * @property {number | null} [position] character index in the input named by `field`
 * @property {string | null} [field] the input a HandError belongs to ("hand", "visible", "melds", ...)
 */

/** An error answered by the engine (or the engine going away), with the engine's type, field and position. */
export class EngineError extends Error {
  /** @param {EngineErrorInit} [init] */
  constructor({ type = "InternalError", message = "unknown error", position = null, field = null } = {}) {
    super(message);
    this.name = "EngineError";
    /** @type {string} */
    this.type = type;
    /** @type {number | null} */
    this.position = position ?? null;
    /** @type {string | null} */
    this.field = field ?? null;
  }
}

// Under a Content-Security-Policy that requires Trusted Types (Paili's own pages do), a worker's URL must be a
// TrustedScriptURL. This module's policy only ever gets the URLs made below (never user input). A host whose
// CSP does not allow the name "paili-engine" gets plain URLs (a host without Trusted Types needs nothing).
let scriptUrlPolicy = null;
try {
  scriptUrlPolicy = globalThis.trustedTypes?.createPolicy("paili-engine", { createScriptURL: (url) => url }) ?? null;
} catch {
  scriptUrlPolicy = null;
}
const scriptUrl = (url) => (scriptUrlPolicy ? scriptUrlPolicy.createScriptURL(String(url)) : url);

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

class Engine {
  #worker;
  #pending = new Map(); // id -> {resolve, reject}
  #nextId = 1;
  #closed = null; // the EngineError every later request is rejected with, once closed or failed

  constructor(worker) {
    this.#worker = worker;
    this.version = "";
  }

  /** Send `{op, ...payload}` to the engine; resolves to its `result`, rejects with an EngineError. */
  request(op, payload = {}) {
    if (this.#closed) return Promise.reject(this.#closed);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ id, op, payload });
    });
  }

  /** Analyse a hand: exactly the JSON of Python's `paili.analyze(hand, melds=..., visible=..., rules=...)`. */
  analyze(hand, { melds = null, visible = "", rules = "riichi" } = {}) {
    return this.request("analyze", { hand, melds, visible, rules });
  }

  /**
   * Rank the discards of a 3n+2 hand by the chance to win within 1..turns draws: exactly the JSON of Python's
   * `paili.advise(hand, ...)`. Options: melds, visible, rules, turns, tegawari, shanten_down, max_shanten
   * (left out or undefined: Python's default).
   */
  advise(hand, options = {}) {
    const keys = ["melds", "visible", "rules", "turns", "tegawari", "shanten_down", "max_shanten"];
    const payload = { hand };
    for (const key of keys) if (options[key] !== undefined) payload[key] = options[key];
    return this.request("advise", payload);
  }

  /** End the worker; everything pending rejects with an EngineError of type "EngineClosed". */
  close() {
    this._fail(new EngineError({ type: "EngineClosed", message: "the engine was closed" }));
  }

  _reply({ id, ok, result, error }) {
    const entry = this.#pending.get(id);
    if (!entry) return;
    this.#pending.delete(id);
    if (ok) entry.resolve(result);
    else entry.reject(new EngineError(error));
  }

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

/**
 * Start the engine. Options: `baseUrl` (URL of the Paili site folder; default: this module's folder),
 * `onProgress(message)` (start-up progress), `onFailure(error)` (the worker died after start-up: every
 * pending and later request rejects with that EngineError of type "EngineFailed"). Resolves to an engine
 * once Python is ready; rejects with an EngineError of type "EngineFailed" if start-up fails.
 */
export function createEngine({ baseUrl, onProgress, onFailure } = {}) {
  const base = new URL(baseUrl ?? "./", baseUrl ? globalThis.location?.href : import.meta.url);
  if (!base.pathname.endsWith("/")) base.pathname += "/";
  const worker = workerFor(base);
  const engine = new Engine(worker);

  return new Promise((resolve, reject) => {
    let ready = false;
    const fail = (message) => {
      const error = new EngineError({ type: "EngineFailed", message });
      const first = !engine.failed;
      engine.failed = true;
      engine._fail(error);
      if (!ready) reject(error);
      else if (first) onFailure?.(error);
    };
    worker.onmessage = ({ data }) => {
      if (data.type === "progress") {
        onProgress?.(data.message);
      } else if (data.type === "ready") {
        ready = true;
        engine.version = data.version;
        engine.build = data.build ?? "";
        resolve(engine);
      } else if (data.type === "fatal") {
        fail(`${ready ? "the engine stopped" : "the engine could not start"}: ${data.message}`);
      } else if ("id" in data) {
        engine._reply(data);
      }
    };
    worker.onerror = (event) => {
      event.preventDefault?.();
      fail(`the engine worker failed: ${event.message || "could not load js/worker.js"}`);
    };
    worker.onmessageerror = () => fail("the engine sent a message that could not be read");
    worker.postMessage({ type: "init", baseUrl: base.href });
  });
}
