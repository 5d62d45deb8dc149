// The script of examples/embed.html: Paili embedded from another origin, as an iframe and as a module.

const site = new URL(new URLSearchParams(location.search).get("site") ?? "http://127.0.0.1:8000/");
const HAND = "2345m456p789s1122z";

/**
 * The element of embed.html with this id, checked to be of the expected kind.
 * @template {HTMLElement} T
 * @param {string} id
 * @param {new () => T} kind  e.g. HTMLIFrameElement
 * @returns {T}
 */
function element(id, kind) {
  const found = document.getElementById(id);
  if (!(found instanceof kind)) throw new Error(`embed.html has no ${kind.name} #${id}`);
  return found;
}

// 1. The iframe: embed.html?q=HAND, and its height from the messages it posts.
const frame = element("paili-frame", HTMLIFrameElement);
const src = new URL("embed.html", site);
src.searchParams.set("q", HAND);
frame.src = src.href;
window.addEventListener("message", (event) => {
  // Only the frame's own messages, from Paili's origin; the height is a number of CSS pixels.
  if (event.origin !== site.origin || event.source !== frame.contentWindow) return;
  if (event.data?.type === "paili:height" && Number.isFinite(event.data.height)) {
    frame.style.height = `${Math.ceil(event.data.height)}px`;
    frame.dataset.reportedHeight = String(event.data.height);
  }
});

// 2. The module: import paili.mjs from the site; the engine and its files come from there too.
const output = element("module-result", HTMLOutputElement);
const hand = element("module-hand", HTMLElement).textContent ?? "";
try {
  /** @type {typeof import("../web/paili.mjs")} the module as the site serves it */
  const { createEngine } = await import(new URL("paili.mjs", site).href);
  const engine = await createEngine();
  const result = await engine.analyze(hand);
  const min = result.shanten.min;
  output.textContent = min < 0 ? "a win" : min === 0 ? "tenpai" : `${min}-shanten`;
  output.dataset.shanten = String(min);
  engine.close();
} catch (error) {
  output.textContent = `Paili could not start: ${error instanceof Error ? error.message : error}`;
}
