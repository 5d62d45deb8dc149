// A stand-in for web/js/worker.js in the browser tests of the page (the "recorded engine" tier): the same
// messages in and out, with no Python in the browser. Each request is posted to `__engine__` beside this script;
// the test's route answers it with `paili.api.handle(request)` computed in CPython (tests/browser/conftest.py),
// so the page renders the engine's real answers and starts in a fraction of a second instead of booting Pyodide.
// The real worker is tested where the runtime is the point (test_smoke's answers against CPython's, offline,
// start-up failures, the CSP, micropip, the embed module).
//
// Protocol (web/paili.mjs): {type: "init", baseUrl} -> progress, then {type: "ready", version, build};
// {id, op, payload} -> {type: "partial", id, progress} for each part readied before the whole (a review's rounds),
// then {id, ok, result} or {id, ok: false, error}; {type: "cancel", id} drops a request not yet sent. Like the real worker it answers one request at a time, the newest waiting first, so a page that asks
// again and again (a hand played forward) is answered for its latest hand, not for each stale one in turn.

const endpoint = new URL("__engine__", import.meta.url);

/** @param {unknown} message */
function post(message) {
  self.postMessage(message);
}

/** @param {Record<string, unknown>} request */
async function ask(request) {
  const response = await fetch(endpoint, { method: "POST", body: JSON.stringify(request) });
  if (!response.ok) throw new Error(`the recorded engine answered HTTP ${response.status}: ${await response.text()}`);
  return response.json();
}

self.onmessage = async (event) => {
  const data = event.data;
  if (!data) return;
  if (data.type === "init") {
    post({ type: "progress", message: "Loading the Python runtime (recorded engine)", step: "pyodide", params: {} });
    try {
      const info = await (await fetch(new URL("build-info.json", data.baseUrl))).json();
      const version = (await ask({ op: "version" })).answer;
      post({ type: "ready", version: version.result.version, build: String(info.build ?? "") });
    } catch (err) {
      post({ type: "fatal", message: String(err) });
    }
    return;
  }
  if (data.type === "cancel") {
    const index = waiting.findIndex((job) => job.id === data.id);
    if (index >= 0) waiting.splice(index, 1);
    return;
  }
  waiting.push({ id: data.id, request: { ...(data.payload ?? {}), op: data.op } });
  pump();
};

/** @type {{id: number, request: Record<string, unknown>}[]} requests not sent yet, oldest first */
const waiting = [];
let pumping = false;

/** Send the waiting requests one at a time, newest first, posting each answer. */
async function pump() {
  if (pumping) return;
  pumping = true;
  try {
    while (waiting.length) {
      const { id, request } = /** @type {{id: number, request: Record<string, unknown>}} */ (waiting.pop());
      try {
        const { parts, answer } = await ask(request);
        for (const progress of parts) post({ type: "partial", id, progress });
        post({ id, ...answer });
      } catch (err) {
        const message = String(err);
        post({ id, ok: false, error: { type: "InternalError", message, position: null, field: null,
          code: "internal", params: { message } } });
      }
    }
  } finally {
    pumping = false;
  }
}
