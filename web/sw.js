// The Paili service worker: the whole site, offline, one build at a time.
//
// build.py writes the precache manifest of the build into the MANIFEST line below: the build id and every
// file of the site with its sha256. Install caches exactly those files in the cache "paili-<build>"
// (reusing unchanged files from an older build's cache, else taking them from the browser's HTTP cache, so
// what the page has fetched does not cross the wire twice; checking every hash: a copy of another build is
// fetched again, and a file from another build fails the install, so a cache never mixes builds). The new worker then waits: the page tells the user an
// update is ready, and the update applies on reload (the page's button, or a reload with only this tab
// open). Activation deletes the caches of other builds. Every request for a file of the site is answered
// from the cache of the active build only, so the page, its modules, the engine worker, Pyodide and the
// wheel always come from one build.
//
// Messages from pages: {type: "skip-waiting"} (apply the update), {type: "status"} answered on the message's
// port with {type: "status", build, version, complete}.

/** @typedef {{build: string, version: string, files: Record<string, string>}} Manifest  files: path -> sha256 */

/** @type {Manifest} */
const MANIFEST = { build: "dev", version: "", files: {} };

/**
 * This script's global scope. The "webworker" type library gives `self` the type every kind of worker shares;
 * this is a service worker's, and says so.
 * @returns {ServiceWorkerGlobalScope}
 */
function serviceWorkerScope() {
  if (!(self instanceof ServiceWorkerGlobalScope)) throw new Error("sw.js runs as a service worker only");
  return self;
}
const sw = serviceWorkerScope();

const PREFIX = "paili-";
const CACHE = `${PREFIX}${MANIFEST.build}`;
const MANIFEST_FILE = "precache-manifest.json";
const SCOPE = new URL("./", sw.registration.scope).href;
const FILES = new Set(Object.keys(MANIFEST.files));

/**
 * Hex sha256 of a response body.
 * @param {Response} response
 */
async function sha256(response) {
  const bytes = await response.clone().arrayBuffer();
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(hash, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The manifests of the other builds still cached, to reuse their unchanged files.
 * @returns {Promise<{cache: Cache, files: Manifest["files"]}[]>}
 */
async function olderCaches() {
  const out = [];
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const cache = await caches.open(name);
    const response = await cache.match(new URL(MANIFEST_FILE, SCOPE).href);
    if (response) out.push({ cache, files: (await response.json()).files ?? {} });
  }
  return out;
}

async function precache() {
  const cache = await caches.open(CACHE);
  const older = await olderCaches();
  await Promise.all(
    [...FILES].map(async (rel) => {
      const url = new URL(rel, SCOPE).href;
      const hash = MANIFEST.files[rel];
      if (await cache.match(url)) return; // an install that was interrupted and started again
      for (const { cache: old, files } of older) {
        if (files[rel] !== hash) continue;
        const response = await old.match(url);
        if (response) return cache.put(url, response);
      }
      // First the browser's HTTP cache as it is ("force-cache": no revalidation, no round trip): the page has
      // just fetched most of these, and they need not cross the wire again. A copy of another build (its
      // hash differs) is fetched afresh.
      for (const mode of /** @type {const} */ (["force-cache", "no-store"])) {
        const response = await fetch(new Request(url, { cache: mode }));
        if (!response.ok) throw new Error(`${rel}: HTTP ${response.status}`);
        if ((await sha256(response)) === hash) return cache.put(url, response);
      }
      throw new Error(`${rel} is not the file of build ${MANIFEST.build}`);
    }),
  );
  // Last: the manifest itself, the mark of a complete cache (and what a later build reuses files by).
  const manifest = new Response(JSON.stringify(MANIFEST), { headers: { "Content-Type": "application/json" } });
  await cache.put(new URL(MANIFEST_FILE, SCOPE).href, manifest);
}

async function complete() {
  const cache = await caches.open(CACHE);
  return Boolean(await cache.match(new URL(MANIFEST_FILE, SCOPE).href));
}

sw.addEventListener("install", (event) => {
  // Every request but a navigation is answered from this build's cache by the browser itself, without this
  // script (the Service Worker Static Routing API, where the browser has it): a return visit's modules and
  // the engine's files then wait neither for this worker to start nor for a hop through it. A file the cache
  // lacks goes to the network. Navigations still come to the fetch handler below: it may apply an update.
  /** @type {{addRoutes?: (rules: object) => Promise<void>}} */ (event).addRoutes?.({
    condition: { not: { requestMode: "navigate" } },
    source: { cacheName: CACHE },
  }).catch((error) => console.warn("paili service worker: no static routes:", error));
  event.waitUntil(
    precache().catch(async (error) => {
      await caches.delete(CACHE); // nothing half-made stays behind; the next visit tries again
      throw error;
    }),
  );
});

sw.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((n) => n.startsWith(PREFIX) && n !== CACHE).map((n) => caches.delete(n)));
    })(),
  );
});

sw.addEventListener("message", (event) => {
  const data = event.data ?? {};
  if (data.type === "skip-waiting") {
    sw.skipWaiting();
  } else if (data.type === "status" && event.ports[0]) {
    complete().then((done) =>
      event.ports[0].postMessage({ type: "status", build: MANIFEST.build, version: MANIFEST.version, complete: done }),
    );
  }
});

/**
 * The site file a request is for ("index.html" for the folder), or null for anything else.
 * @param {Request} request
 * @returns {string | null}
 */
function fileOf(request) {
  const url = new URL(request.url);
  if (!url.href.startsWith(SCOPE) || request.method !== "GET") return null;
  const rel = decodeURIComponent(url.pathname.slice(new URL(SCOPE).pathname.length)) || "index.html";
  if (!FILES.has(rel)) return null;
  // A page's query (?q=...) is state for the script, not another file; other files never take one.
  return request.mode === "navigate" || !url.search ? rel : null;
}

/**
 * @param {Request} request
 * @param {string} rel  the site file it is for
 * @returns {Promise<Response>}
 */
async function respond(request, rel) {
  if (request.mode === "navigate" && sw.registration.waiting) {
    // An update is waiting and no other tab shows the site: apply it, and have the browser load the page
    // again (from the new build) instead of showing this one.
    const windows = await sw.clients.matchAll({ type: "window" });
    if (windows.length <= 1) {
      sw.registration.waiting.postMessage({ type: "skip-waiting" });
      // (a page of its own for that moment: its icon named, or the browser asks for /favicon.ico, which is none)
      const page = `<!doctype html><link rel="icon" href="${new URL("favicon.svg", SCOPE).pathname}">`;
      return new Response(page, { headers: { Refresh: "0", "Content-Type": "text/html" } });
    }
  }
  const cached = await caches.open(CACHE).then((cache) => cache.match(new URL(rel, SCOPE).href));
  return cached ?? fetch(request); // not cached yet (an install still under way): the network
}

sw.addEventListener("fetch", (event) => {
  const rel = fileOf(event.request);
  if (rel !== null) event.respondWith(respond(event.request, rel));
});
