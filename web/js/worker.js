// The Paili engine worker (a module Web Worker).
//
// Start-up: the client posts {type: "init", baseUrl}. The worker reads build-info.json from baseUrl to find
// Pyodide and the wheel, loads Pyodide, installs the wheel with pyodide.loadPackage (offline, no micropip),
// and takes the one Python entry point, paili.api.handle, once. It reports
//   {type: "progress", message}, then {type: "ready", version} or {type: "fatal", message}.
//
// Requests: {id, op, payload}. The request JSON is {op, ...payload}; handle(str) -> str is the whole
// boundary: a string goes in, a string comes out, no Python proxy ever reaches the page.
// Replies: {id, ok: true, result} or {id, ok: false, error: {type, message, position, field}}.

let handle = null; // the PyProxy of paili.api.handle, kept for the worker's life
let started = null; // Promise of the start-up, so requests that arrive early wait for it
let build = ""; // the build id of the site (build-info.json), so the page can check it runs one build

function progress(message) {
  self.postMessage({ type: "progress", message });
}

async function fetchJson(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`could not load ${url} (HTTP ${response.status})`);
  return response.json();
}

/**
 * Run `load` while watching WebAssembly instantiation: Pyodide only logs a warning when pyodide.asm.wasm
 * cannot be compiled (a bad or missing file) and its promise then never settles. Here any failed
 * instantiation rejects at once instead.
 */
async function failingOnBadWasm(load) {
  let fail;
  const failed = new Promise((_, reject) => {
    fail = reject;
  });
  const originals = { instantiate: WebAssembly.instantiate, instantiateStreaming: WebAssembly.instantiateStreaming };
  for (const [name, original] of Object.entries(originals)) {
    WebAssembly[name] = function (...args) {
      const promise = original.apply(this, args);
      promise.catch((err) => fail(new Error(`the Python runtime (pyodide.asm.wasm) did not load: ${err?.message ?? err}`)));
      return promise;
    };
  }
  try {
    return await Promise.race([load(), failed]);
  } finally {
    Object.assign(WebAssembly, originals);
  }
}

async function start(baseUrl) {
  progress("Reading build information");
  const info = await fetchJson(new URL("build-info.json", baseUrl));
  build = String(info.build ?? "");
  const pyodideBase = new URL(info.pyodide ?? "pyodide/", baseUrl);
  const pyodideVersion = info.pyodideVersion ? ` ${info.pyodideVersion}` : "";

  progress(`Loading the Python runtime (Pyodide${pyodideVersion})`);
  const { loadPyodide } = await import(new URL("pyodide.mjs", pyodideBase).href);
  const pyodide = await failingOnBadWasm(() => loadPyodide({ indexURL: pyodideBase.href }));

  progress(`Installing the Paili engine ${info.version ?? ""}`.trim());
  const wheelErrors = [];
  await pyodide.loadPackage(new URL(info.wheel, baseUrl).href, {
    messageCallback: () => {},
    errorCallback: (message) => wheelErrors.push(message),
  });
  if (wheelErrors.length) throw new Error(wheelErrors.join("; "));

  progress("Starting the Paili engine");
  const api = pyodide.pyimport("paili.api");
  try {
    handle = api.handle.copy(); // our own reference, so the module proxy can go
  } finally {
    api.destroy();
  }
  const reply = JSON.parse(handle(JSON.stringify({ op: "version" })));
  const version = reply.ok ? (reply.result?.version ?? reply.result) : info.version;
  return String(version ?? "");
}

// The one place where an exception becomes an error envelope. paili.api.handle already answers every
// error it knows about with {ok: false, error}; anything thrown here (a Python bug escaping handle, a reply
// that is not JSON) is an InternalError, logged with its traceback.
async function answer(id, op, payload) {
  try {
    if (!started) throw new Error("the engine was not started");
    await started;
    const reply = JSON.parse(handle(JSON.stringify({ ...payload, op })));
    return { id, ...reply };
  } catch (err) {
    console.error("paili worker: internal error", err);
    const message = String(err?.message ?? err).trim().split("\n").at(-1) || "internal error";
    return { id, ok: false, error: { type: "InternalError", message, position: null, field: null } };
  }
}

// A promise nobody awaited failed: the engine is in an unknown state, so it reports itself dead.
self.addEventListener("unhandledrejection", (event) => {
  self.postMessage({ type: "fatal", message: String(event.reason?.message ?? event.reason) });
});

self.onmessage = async (event) => {
  const data = event.data ?? {};
  if (data.type === "init") {
    if (started) return;
    started = start(data.baseUrl);
    try {
      const version = await started;
      self.postMessage({ type: "ready", version, build });
    } catch (err) {
      self.postMessage({ type: "fatal", message: String(err?.message ?? err) });
    }
    return;
  }
  const { id, op, payload } = data;
  self.postMessage(await answer(id, op, payload ?? {}));
};
