// Bench only: load Pyodide from the built site, install the engine wheel, import paili, say ready.
/** @typedef {import("../../../web/js/worker.js").BuildInfo} BuildInfo  build-info.json */
/** @typedef {typeof import("pyodide")} PyodideModule */

const site = new URL(new URL(import.meta.url).searchParams.get("site") ?? "");
try {
  /** @type {BuildInfo} */
  const info = await (await fetch(new URL("build-info.json", site))).json();
  const indexURL = new URL(info.pyodide ?? "pyodide/", site).href;
  /** @type {PyodideModule} the module as the site serves it */
  const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
  const pyodide = await loadPyodide({ indexURL });
  await pyodide.loadPackage(new URL(info.wheel, site).href);
  pyodide.runPython("import paili");
  postMessage({ ok: true });
} catch (error) {
  postMessage({ ok: false, error: String(error instanceof Error ? (error.stack ?? error) : error) });
}
