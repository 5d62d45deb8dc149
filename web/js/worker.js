// The Paili engine worker (a module Web Worker): the one Python runtime of a page.
//
// Start-up: the client posts {type: "init", baseUrl}. The worker reads build-info.json from baseUrl to find
// Pyodide and the wheel, loads Pyodide, installs the wheel with pyodide.loadPackage (offline, no micropip),
// and takes the Python entry points of paili.api once. It reports {type: "progress", message, step} at each
// step: while files cross the wire, with `loaded` and `total` bytes over the wire (build-info.json's
// `startFiles` sizes in the encoding the server uses); then "Starting Python" once they are all there, or at
// once when the build's offline cache holds them (a return visit downloads nothing, and says so); then
// {type: "ready", version} or {type: "fatal", message}.
//
// Requests: {id, op, payload}. The request JSON is {op, ...payload}; strings are the whole boundary: a string
// goes in, a string comes out, no Python proxy ever reaches the page.
// Replies: {id, ok: true, result} or {id, ok: false, error: {type, message, position, field}}.
//
// Every request is a job of paili.api (begin / step / cancel) run in steps of about STEP_SECONDS: between two
// steps the worker returns to its event loop, reads the messages that came meanwhile, and works on the newest
// job first. So a long search (advise) never holds up a newer request, and {type: "cancel", id} drops a job
// within a step (the client has already rejected its promise).

import { WireCount, countingFetch, downloadText, percentOf } from "./download.js";

/** @typedef {import("../paili.mjs").InitMessage} InitMessage */
/** @typedef {import("../paili.mjs").RequestMessage} RequestMessage */
/** @typedef {import("../paili.mjs").CancelMessage} CancelMessage */
/** @typedef {import("../paili.mjs").ReplyMessage} ReplyMessage */
/** @typedef {import("../paili.mjs").StatusMessage} StatusMessage */
/** @template [T=unknown] @typedef {import("../paili.mjs").Envelope<T>} Envelope */
/**
 * @typedef {object} BuildInfo  build-info.json, written by build.py
 * @property {string} [version]  the engine's version
 * @property {string} [build]  the build id (a hash of the site's files)
 * @property {string} wheel  URL of the engine wheel, relative to the site folder
 * @property {string} [pyodide]  URL of Pyodide's folder, relative to the site folder
 * @property {string} [pyodideVersion]
 * @property {Record<string, import("./download.js").EncodedSizes>} [startFiles]  the files fetched at start-up
 *   (relative to the site folder) with their bytes over the wire in each encoding
 */

/**
 * @typedef {object} Api  PyProxies of paili.api's job functions, kept for the worker's life
 * @property {(request: string, budget: number) => number} begin
 * @property {(job: number) => string | undefined} step  the envelope once finished (Python's None: undefined)
 * @property {(job: number) => void} cancel
 */
/** @type {Api | null} */
let api = null;
/** How long one step of a job may work, in seconds: a newer request waits at most about this long. */
const STEP_SECONDS = 0.015;
/** @type {{id: number, job: number}[]} the jobs not finished, oldest first (the newest is worked on) */
const jobs = [];
let pumping = false;
/** @type {Promise<string> | null} the start-up (resolves to the version), so requests that arrive early wait for it */
let started = null;
let build = ""; // the build id of the site (build-info.json), so the page can check it runs one build

/** @param {StatusMessage | ReplyMessage} message */
function post(message) {
  self.postMessage(message);
}

/**
 * @param {string} message  in English
 * @param {string} step  its id (the page says it from the catalogs: ui.progress.<step> with `params`)
 * @param {Record<string, string | number>} params
 * @param {{loaded: number, total: number}} [bytes]  the download so far
 */
function progress(message, step, params, bytes) {
  post({ type: "progress", message, step, params, ...bytes });
}

/**
 * Run `load` with the worker's fetch counting the bytes over the wire of the start-up files: a progress message
 * on each new percent, then "Starting Python" once every file is there; then fetch as it was.
 * @template T
 * @param {WireCount | null} count  null: the files are in this build's offline cache (nothing to download)
 * @param {() => Promise<T>} load
 * @returns {Promise<T>}
 */
async function withDownloadProgress(count, load) {
  const starting = () => progress("Starting Python", "python", {});
  if (!count) {
    starting();
    return load();
  }
  const original = self.fetch;
  let shown = -1;
  let said = false;
  const report = () => {
    if (said) return;
    if (count.done) {
      said = true;
      starting();
      return;
    }
    const { loaded, total } = count;
    const step = percentOf(loaded, total) ?? 0;
    if (step === shown) return;
    shown = step;
    progress(`Downloading Python and the engine: ${downloadText(loaded, total)}`, "download", {}, { loaded, total });
  };
  self.fetch = countingFetch(
    (input, init) =>
      original(input, init).then((response) => {
        count.answer(response.url, response.headers.get("Content-Encoding"));
        return response;
      }),
    (bytes, response) => {
      count.add(response.url, bytes);
      report();
    },
    (response) => {
      count.end(response.url);
      report();
    },
  );
  report();
  try {
    return await load();
  } finally {
    self.fetch = original;
  }
}

/** The message of a thrown value: its `message` when it has one, else the value itself, as text. */
function messageOf(/** @type {unknown} */ value) {
  const message = value !== null && typeof value === "object" && "message" in value ? value.message : undefined;
  return String(message ?? value);
}

/**
 * Run `load` while watching WebAssembly instantiation: Pyodide only logs a warning when pyodide.asm.wasm
 * cannot be compiled (a bad or missing file) and its promise then never settles. Here any failed
 * instantiation rejects at once instead.
 *
 * @template T
 * @param {() => Promise<T>} load
 * @returns {Promise<T>}
 */
async function failingOnBadWasm(load) {
  /** @type {(error: Error) => void} */
  let fail = () => {};
  /** @type {Promise<never>} */
  const failed = new Promise((_, reject) => {
    fail = reject;
  });
  // The two loaders as assignable properties (TypeScript declares them as functions of a namespace).
  const loaders = /** @type {Record<WasmLoader, (...args: any[]) => Promise<unknown>>} */ (WebAssembly);
  const originals = { instantiate: loaders.instantiate, instantiateStreaming: loaders.instantiateStreaming };
  for (const name of WASM_LOADERS) {
    const original = originals[name];
    /** @this {unknown} */
    loaders[name] = function (...args) {
      const promise = original.apply(this, args);
      promise.catch((err) => fail(new Error(`the Python runtime (pyodide.asm.wasm) did not load: ${messageOf(err)}`)));
      return promise;
    };
  }
  try {
    return await Promise.race([load(), failed]);
  } finally {
    Object.assign(WebAssembly, originals);
  }
}

/** @typedef {"instantiate" | "instantiateStreaming"} WasmLoader */
/** @type {readonly WasmLoader[]} */
const WASM_LOADERS = ["instantiate", "instantiateStreaming"];

/**
 * Whether this build's offline cache (sw.js's "paili-<build>") holds every file of `urls`: then they come from
 * this device, not the network.
 * @param {string} buildId @param {string[]} urls
 */
async function cachedLocally(buildId, urls) {
  if (!self.caches || !buildId) return false;
  try {
    if (!(await caches.has(`paili-${buildId}`))) return false;
    const cache = await caches.open(`paili-${buildId}`);
    const found = await Promise.all(urls.map((url) => cache.match(url)));
    return found.every(Boolean);
  } catch {
    return false;
  }
}

/**
 * @param {string | undefined} baseUrl  the site folder
 * @returns {Promise<string>}  the engine's version
 */
async function start(baseUrl) {
  progress("Reading build information", "build_info", {});
  const infoUrl = new URL("build-info.json", baseUrl);
  const infoResponse = await fetch(infoUrl);
  if (!infoResponse.ok) throw new Error(`could not load ${infoUrl} (HTTP ${infoResponse.status})`);
  // the server's encoding of this answer: what it will use for the others (before they come)
  const encoding = infoResponse.headers.get("Content-Encoding") || "identity";
  const info = /** @type {BuildInfo} */ (await infoResponse.json());
  build = String(info.build ?? "");
  const pyodideBase = new URL(info.pyodide ?? "pyodide/", baseUrl);
  const pyodideVersion = info.pyodideVersion ? ` ${info.pyodideVersion}` : "";

  progress(`Loading the Python runtime (Pyodide${pyodideVersion})`, "pyodide", { version: info.pyodideVersion ?? "" });
  /** @type {typeof import("pyodide")} the module as the site serves it (node_modules/pyodide, copied) */
  const { loadPyodide } = await import(new URL("pyodide.mjs", pyodideBase).href);
  /** @type {string[]} */
  const wheelErrors = [];
  /** @type {Record<string, import("./download.js").EncodedSizes>} */
  const files = {};
  for (const [rel, sizes] of Object.entries(info.startFiles ?? {})) files[new URL(rel, baseUrl).href] = sizes;
  const local = await cachedLocally(build, Object.keys(files));
  const pyodide = await withDownloadProgress(local ? null : new WireCount(files, encoding), async () => {
    const runtime = await failingOnBadWasm(() => loadPyodide({ indexURL: pyodideBase.href }));
    await runtime.loadPackage(new URL(info.wheel, baseUrl).href, {
      messageCallback: () => {},
      errorCallback: (message) => wheelErrors.push(message),
    });
    return runtime;
  });
  if (wheelErrors.length) throw new Error(wheelErrors.join("; "));

  progress("Starting the Paili engine", "start", {});
  const module = pyodide.pyimport("paili.api");
  /** @type {Api} */
  let entries;
  try {
    // our own references, so the module proxy can go
    entries = { begin: module.begin.copy(), step: module.step.copy(), cancel: module.cancel.copy() };
  } finally {
    module.destroy();
  }
  api = entries;
  /** @type {Envelope<{version: string}>} */
  const reply = JSON.parse(runJob(entries.begin(JSON.stringify({ op: "version" }), STEP_SECONDS)));
  const version = reply.ok ? reply.result.version : info.version;
  // The tables Python builds on first use (the winning-shape index, the shanten tables) are built now, not
  // in the first request a user makes.
  runJob(entries.begin(JSON.stringify({ op: "warm" }), STEP_SECONDS));
  return String(version ?? "");
}

/**
 * Run a job that takes one step (version, warm) to its answer.
 * @param {number} job
 * @returns {string}
 */
function runJob(job) {
  if (!api) throw new Error("the engine has no entry point");
  for (;;) {
    const answer = api.step(job);
    if (answer !== undefined) return answer;
  }
}

/** Back to the event loop (a message to ourselves: no timer clamping), so the messages that came are read. */
const channel = new MessageChannel();
/** @type {(() => void)[]} */
const waiting = [];
channel.port1.onmessage = () => waiting.shift()?.();
function yieldToEvents() {
  return new Promise((resolve) => {
    waiting.push(() => resolve(undefined));
    channel.port2.postMessage(null);
  });
}

/** Work on the jobs, newest first, one step at a time, until none is left. */
async function pump() {
  if (pumping) return;
  pumping = true;
  try {
    while (jobs.length && api) {
      const entry = /** @type {{id: number, job: number}} */ (jobs.at(-1));
      /** @type {ReplyMessage | null} */
      let reply = null;
      try {
        const answer = api.step(entry.job);
        if (answer !== undefined) reply = { id: entry.id, .../** @type {Envelope} */ (JSON.parse(answer)) };
      } catch (err) {
        reply = internalError(entry.id, err);
        api.cancel(entry.job);
      }
      if (reply) {
        jobs.splice(jobs.indexOf(entry), 1);
        performance.mark(`worker:done ${entry.id}`);
        post(reply);
      }
      await yieldToEvents();
    }
  } finally {
    pumping = false;
  }
}

/**
 * @param {number} id
 * @param {unknown} err
 * @returns {ReplyMessage}
 */
function internalError(id, err) {
  console.error("paili worker: internal error", err);
  const message = messageOf(err).trim().split("\n").at(-1) || "internal error";
  return { id, ok: false, error: { type: "InternalError", message, position: null, field: null, code: "internal", params: { message } } };
}

// paili.api answers every error it knows about with {ok: false, error}; anything thrown here (a Python bug
// escaping it, a reply that is not JSON) is an InternalError, logged with its traceback.
/**
 * Start a job for a request; its answer is posted when the pump finishes it.
 * @param {number} id
 * @param {string} op
 * @param {Record<string, unknown>} payload
 */
async function enqueue(id, op, payload) {
  try {
    if (!started) throw new Error("the engine was not started");
    await started;
    if (!api) throw new Error("the engine has no entry point"); // cannot happen once `started` resolved
    performance.mark(`worker:begin ${op} ${id}`); // the worker's timeline of a request (tests/bench/bench_memory.py)
    jobs.push({ id, job: api.begin(JSON.stringify({ ...payload, op }), STEP_SECONDS) });
  } catch (err) {
    post(internalError(id, err));
    return;
  }
  pump();
}

/**
 * Drop the job of a request (its client no longer waits for it).
 * @param {number} id
 */
function cancel(id) {
  const index = jobs.findIndex((entry) => entry.id === id);
  if (index < 0) return; // finished already (or not begun: then it runs, and its answer is ignored)
  const [entry] = jobs.splice(index, 1);
  api?.cancel(entry.job);
}

// A promise nobody awaited failed: the engine is in an unknown state, so it reports itself dead.
self.addEventListener("unhandledrejection", (event) => {
  post({ type: "fatal", message: messageOf(event.reason) });
});

/** @param {MessageEvent<InitMessage | RequestMessage | CancelMessage | null>} event */
self.onmessage = async (event) => {
  const data = event.data;
  if (!data) return; // not a message of paili.mjs
  if (data.type === "init") {
    if (started) return;
    started = start(data.baseUrl);
    try {
      const version = await started;
      post({ type: "ready", version, build });
    } catch (err) {
      post({ type: "fatal", message: messageOf(err) });
    }
    return;
  }
  if (data.type === "cancel") {
    cancel(data.id);
    return;
  }
  const { id, op, payload } = data;
  await enqueue(id, op, payload ?? {});
};
