// The Paili engine worker (a module Web Worker): the one Python runtime of a page.
//
// Start-up: the client posts {type: "init", baseUrl}. The worker reads build-info.json from baseUrl to find
// Pyodide and the wheel, then starts Python one of two ways:
// - restored: from a memory snapshot of a Python that had paili imported and its tables built, kept in the
//   origin private file system (snapshot.js) by an earlier visit of the same build and Pyodide version; checked
//   by its length before, its sha256 (computed while Python restores) and the answer to build-info's probe
//   request after (a snapshot that fails any of these is deleted and Python starts the normal way). The wheel's
//   files are unpacked again after `ready` (a snapshot holds memory, not files).
// - normal: loadPyodide, the wheel unpacked into site-packages (pyodide.unpackArchive: loadPackage would leave
//   JavaScript references that a memory snapshot cannot hold), paili.api imported and its tables built; then
//   a snapshot of that Python is made and, after `ready`, stored for the next visit.
// It reports {type: "progress", message, step} at each step: while files cross the wire, with `loaded` and
// `total` bytes over the wire (build-info.json's `startFiles` sizes in the encoding the server uses); then
// "Starting Python" once they are all there, or at once when the build's offline cache holds them (a return
// visit downloads nothing, and says so); then {type: "ready", version, build} or {type: "fatal", message}.
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
import { canKeepSnapshots, dropSnapshot, readSnapshot, sha256, storeSnapshot } from "./snapshot.js";

/** @typedef {import("../paili.mjs").InitMessage} InitMessage */
/** @typedef {import("../paili.mjs").RequestMessage} RequestMessage */
/** @typedef {import("../paili.mjs").CancelMessage} CancelMessage */
/** @typedef {import("../paili.mjs").ReplyMessage} ReplyMessage */
/** @typedef {import("../paili.mjs").PartialMessage} PartialMessage */
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
 * @property {{request: Record<string, unknown>, answer: string}} [probe]  a request and paili.api's answer to it
 *   (from CPython, at build time): a Python restored from a snapshot must answer exactly this
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

/** @param {StatusMessage | ReplyMessage | PartialMessage} message */
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
 * on each new percent, then "Starting Python" once every file is there; then fetch as it was. Whether the files
 * are on this device is found out while `load` runs (Python's start does not wait for it): when they are,
 * the worker reads them from the offline cache itself, nothing is counted, and "Starting Python" is said at
 * once. (Through the service worker, a return visit's 10 MB of them took longer: its thread, and one more hop
 * for every chunk; where the browser has the service worker's static routes, it skips that hop as well.)
 * @template T
 * @param {WireCount} count
 * @param {Promise<boolean>} local  whether the files are in this build's offline cache (never rejects)
 * @param {() => Promise<T>} load
 * @returns {Promise<T>}
 */
async function withDownloadProgress(count, local, load) {
  /** @type {boolean | null} null until `local` answers */
  let offline = null;
  let shown = -1;
  let said = false;
  const starting = () => {
    if (!said) progress("Starting Python", "python", {});
    said = true; // said once, and nothing after it
  };
  const report = () => {
    if (said || offline === null) return;
    if (offline || count.done) {
      starting();
      return;
    }
    const { loaded, total } = count;
    const step = percentOf(loaded, total) ?? 0;
    if (step === shown) return;
    shown = step;
    progress(`Downloading Python and the engine: ${downloadText(loaded, total)}`, "download", {}, { loaded, total });
  };
  local.then((value) => {
    offline = value;
    report();
  });
  const original = self.fetch;
  const network = countingFetch(
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
  self.fetch = async (input, init) => ((await local) ? await fromOfflineCache(input) : undefined) ?? network(input, init);
  try {
    const loaded = await load();
    starting(); // (when `local` answered only after the start was done)
    return loaded;
  } finally {
    said = true; // nothing said after Python has started (or failed to)
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

/** How this worker's Python started: "snapshot" (restored), "normal", or "" before it has. */
let startedFrom = "";
/** @type {(() => Promise<void>) | null} work left for after `ready` (store a snapshot, unpack the wheel) */
let afterReady = null;

/** The name of this build's offline cache (sw.js's CACHE). @param {string} buildId */
function offlineCacheName(buildId) {
  return `paili-${buildId}`;
}

/**
 * A file's answer from this build's offline cache, or undefined when it has none.
 * @param {RequestInfo | URL} input
 * @returns {Promise<Response | undefined>}
 */
async function fromOfflineCache(input) {
  try {
    return await caches.match(input instanceof URL ? input.href : input, { cacheName: offlineCacheName(build) });
  } catch {
    return undefined; // (storage refused) the network then
  }
}

/**
 * Whether this build's offline cache holds every file of `urls`: then they come from this device, not the
 * network.
 * @param {string} buildId @param {string[]} urls
 */
async function cachedLocally(buildId, urls) {
  if (!self.caches || !buildId) return false;
  try {
    if (!(await caches.has(offlineCacheName(buildId)))) return false;
    const cache = await caches.open(offlineCacheName(buildId));
    const found = await Promise.all(urls.map((url) => cache.match(url)));
    return found.every(Boolean);
  } catch {
    return false;
  }
}

/**
 * paili.api's job functions, our own references.
 * @param {import("pyodide").PyodideAPI} pyodide
 * @returns {Api}
 */
function entryPoints(pyodide) {
  const module = pyodide.pyimport("paili.api");
  try {
    return { begin: module.begin.copy(), step: module.step.copy(), cancel: module.cancel.copy() };
  } finally {
    module.destroy();
  }
}

/**
 * Unpack the wheel into site-packages.
 * @param {import("pyodide").PyodideAPI} pyodide @param {Promise<Uint8Array>} wheel
 */
async function unpackWheel(pyodide, wheel) {
  // no Python source here: site's own function, called through its proxy (the engine itself is paili.api's)
  const site = pyodide.pyimport("site");
  const found = site.getsitepackages();
  const sitePackages = String(found.get(0));
  found.destroy();
  site.destroy();
  pyodide.unpackArchive(await wheel, "wheel", { extractDir: sitePackages });
}

/** @param {URL} url @returns {Promise<Uint8Array>} */
async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`could not load ${url} (HTTP ${response.status})`);
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * @param {string | undefined} baseUrl  the site folder
 * @returns {Promise<string>}  the engine's version
 */
async function start(baseUrl) {
  progress("Reading build information", "build_info", {});
  const site = new URL(baseUrl ?? "./", self.location.href);
  const stored = readSnapshot(site); // read while build-info.json and Pyodide's module come
  const infoUrl = new URL("build-info.json", baseUrl);
  const infoResponse = await fetch(infoUrl);
  if (!infoResponse.ok) throw new Error(`could not load ${infoUrl} (HTTP ${infoResponse.status})`);
  // the server's encoding of this answer: what it will use for the others (before they come)
  const encoding = infoResponse.headers.get("Content-Encoding") || "identity";
  const info = /** @type {BuildInfo} */ (await infoResponse.json());
  performance.mark("worker:build-info");
  build = String(info.build ?? "");
  const pyodideBase = new URL(info.pyodide ?? "pyodide/", baseUrl);
  const wheelUrl = new URL(info.wheel, baseUrl);
  const snapshotOf = `build ${build}, Pyodide ${info.pyodideVersion ?? ""}`;

  progress(`Loading the Python runtime (Pyodide ${info.pyodideVersion ?? ""})`, "pyodide", { version: info.pyodideVersion ?? "" });
  /** @type {typeof import("pyodide")} the module as the site serves it (node_modules/pyodide, copied) */
  const { loadPyodide } = await import(new URL("pyodide.mjs", pyodideBase).href);
  performance.mark("worker:pyodide.mjs");
  /** @type {Record<string, import("./download.js").EncodedSizes>} */
  const files = {};
  for (const [rel, sizes] of Object.entries(info.startFiles ?? {})) files[new URL(rel, baseUrl).href] = sizes;
  // whether the files are on this device, for the progress line: a restore does not wait for the answer
  const local = cachedLocally(build, Object.keys(files));
  const found = await stored;
  const snapshot = found?.header.of === snapshotOf ? found : null;
  if (found && !snapshot) await dropSnapshot(site); // another build's, or Pyodide's
  performance.mark("worker:snapshot read");
  const count = new WireCount(files, encoding);
  const indexURL = pyodideBase.href;

  if (snapshot) {
    try {
      const restoring = withDownloadProgress(count, local, () => failingOnBadWasm(() => loadPyodide({ indexURL, _loadSnapshot: snapshot.bytes })));
      restoring.catch(() => {}); // awaited below
      // Its hash is checked before the restored Python is used. Hashing copies the 31 MB first (a tenth of a
      // second): done once Pyodide has asked for its files, while they come.
      await yieldToEvents();
      const hashed = sha256(snapshot.bytes).then((hash) => hash === snapshot.header.sha256);
      const [pyodide, intact] = await Promise.all([restoring, hashed]);
      performance.mark("worker:restored");
      if (!intact) throw new Error("the snapshot is not the one stored (its sha256 differs)");
      const entries = entryPoints(pyodide);
      api = entries;
      const version = checkRestored(entries, info);
      startedFrom = "snapshot";
      afterReady = () => unpackWheel(pyodide, fetchBytes(wheelUrl)); // its files, for what reads them later
      return version;
    } catch (error) {
      console.warn("paili worker: the snapshot did not restore; starting Python the normal way:", messageOf(error));
      api = null;
      await dropSnapshot(site);
    }
  }

  // A first visit: whether the files are here is known before any is fetched, so the count starts at 0.
  await local;
  const pyodide = await withDownloadProgress(count, local, async () => {
    const wheel = fetchBytes(wheelUrl);
    wheel.catch(() => {}); // awaited below; a failure there is the start-up's
    const runtime = await failingOnBadWasm(() => loadPyodide({ indexURL, _makeSnapshot: canKeepSnapshots }));
    await unpackWheel(runtime, wheel);
    return runtime;
  });

  performance.mark("worker:python");
  progress("Starting the Paili engine", "start", {});
  const entries = entryPoints(pyodide);
  api = entries;
  /** @type {Envelope<{version: string}>} */
  const reply = JSON.parse(runJob(entries.begin(JSON.stringify({ op: "version" }), STEP_SECONDS)));
  const version = reply.ok ? reply.result.version : info.version;
  // The tables Python builds on first use (the winning-shape index, the shanten tables) are built now, not
  // in the first request a user makes.
  runJob(entries.begin(JSON.stringify({ op: "warm" }), STEP_SECONDS));
  startedFrom = "normal";
  if (canKeepSnapshots && info.probe) {
    // Python as the next visit should find it: paili imported, its tables built, no request under way.
    let bytes = /** @type {Uint8Array | null} */ (null);
    try {
      bytes = pyodide.makeMemorySnapshot();
    } catch (error) {
      console.warn("paili worker: no snapshot of Python:", messageOf(error));
    }
    if (bytes) afterReady = () => storeSnapshot(site, snapshotOf, /** @type {Uint8Array} */ (bytes));
  }
  return String(version ?? "");
}

/**
 * Check a Python restored from a snapshot: it must be this build's engine (the version op) and answer the
 * build's probe request exactly as the engine did when the site was built. Throws otherwise.
 * @param {Api} entries @param {BuildInfo} info
 * @returns {string}  the engine's version
 */
function checkRestored(entries, info) {
  /** @type {Envelope<{version: string}>} */
  const reply = JSON.parse(runJob(entries.begin(JSON.stringify({ op: "version" }), STEP_SECONDS)));
  if (!reply.ok || reply.result.version !== info.version) {
    throw new Error(`the snapshot is of engine ${reply.ok ? reply.result.version : "?"}, not ${info.version}`);
  }
  if (!info.probe) throw new Error("build-info.json has no probe to check a snapshot by");
  const answer = runJob(entries.begin(JSON.stringify(info.probe.request), STEP_SECONDS));
  if (answer !== info.probe.answer) throw new Error("the restored engine answers the probe request otherwise");
  return reply.result.version;
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
        if (answer !== undefined) {
          const envelope = /** @type {Envelope & {progress?: unknown}} */ (JSON.parse(answer));
          // a part of the answer, ready before the whole (a review's round): passed on, the job goes on
          if ("progress" in envelope) post({ type: "partial", id: entry.id, progress: envelope.progress });
          else reply = { id: entry.id, ...envelope };
        }
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
    performance.mark("worker:init"); // the steps of the start-up, for the benchmarks (tests/bench)
    if (started) return;
    started = start(data.baseUrl);
    try {
      const version = await started;
      performance.mark(`worker:ready ${startedFrom}`); // how Python started (tests, benchmarks)
      post({ type: "ready", version, build, start: startedFrom });
    } catch (err) {
      post({ type: "fatal", message: messageOf(err) });
      return;
    }
    const later = afterReady;
    afterReady = null;
    await later?.();
    performance.mark("worker:after-ready"); // the snapshot stored, or the wheel unpacked (tests, benchmarks)
    return;
  }
  if (data.type === "cancel") {
    cancel(data.id);
    return;
  }
  const { id, op, payload } = data;
  await enqueue(id, op, payload ?? {});
};
