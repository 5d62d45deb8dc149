// Bench only: load Pyodide from the built site, install the engine wheel, import paili, say ready.
/** @typedef {import("../../../web/js/worker.js").BuildInfo} BuildInfo  build-info.json */
/** @typedef {typeof import("pyodide")} PyodideModule */

const params = new URL(import.meta.url).searchParams;
const site = new URL(params.get("site") ?? "");
const advise = params.get("advise"); // breakdown only: then warm, analyse and advise that hand as the page does
try {
  /** @type {BuildInfo} */
  const info = await (await fetch(new URL("build-info.json", site))).json();
  const indexURL = new URL(info.pyodide ?? "pyodide/", site).href;
  /** @type {PyodideModule} the module as the site serves it */
  const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
  const pyodide = await loadPyodide({ indexURL });
  await pyodide.loadPackage(new URL(info.wheel, site).href);
  pyodide.runPython("import paili");
  // The size of the WebAssembly memory after each step (read by bench_memory.py --breakdown).
  /** The size of the runtime's WebAssembly memory in MiB (Pyodide's Emscripten module, not in its types). */
  const module = /** @type {{_module: {HEAP8: Int8Array}}} */ (/** @type {unknown} */ (pyodide))._module;
  const size = () => module.HEAP8.length / 2 ** 20;
  /** @type {Record<string, number>} */
  const heap = { imported: size() };
  /** @type {{__heap?: Record<string, number>}} */ (/** @type {unknown} */ (self)).__heap = heap;
  if (advise) {
    const api = pyodide.pyimport("paili.api");
    const request = (/** @type {Record<string, unknown>} */ body) => api.handle(JSON.stringify(body));
    request({ op: "warm" });
    heap.warm = size();
    request({ op: "analyze", hand: advise });
    heap.analyzed = size();
    request({ op: "advise", hand: advise, turns: 17, max_shanten: 2 });
    heap.advised = size();
  }
  postMessage({ ok: true });
} catch (error) {
  postMessage({ ok: false, error: String(error instanceof Error ? (error.stack ?? error) : error) });
}
