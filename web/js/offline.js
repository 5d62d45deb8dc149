// Offline use: registers the service worker (sw.js) and tells the page when the site is available offline
// and when an update is ready. No DOM here; the page decides what to show.

/** @typedef {{type: "status", build: string, version: string, complete: boolean}} Status  sw.js's answer to "status" */

/**
 * @typedef {object} OfflineCallbacks
 * @property {(status: {build: string, version: string}) => void} [onOffline]
 * @property {(apply: () => void) => void} [onUpdate]
 */

/**
 * Register sw.js. Callbacks:
 *   onOffline({build, version})  the cache of the build serving this page is complete: it works offline;
 *   onUpdate(apply)              a new build is installed and waiting; apply() switches to it and reloads.
 * Whenever another build takes over (this tab's button or another tab's), the page reloads, so it never
 * runs with files of two builds.
 * @param {OfflineCallbacks} [callbacks]
 * @returns {Promise<ServiceWorkerRegistration | null>}
 */
export async function registerOffline({ onOffline, onUpdate } = {}) {
  const container = navigator.serviceWorker;
  if (!container || !window.isSecureContext) return null;
  const hadController = Boolean(container.controller);
  let reloading = false;
  container.addEventListener("controllerchange", () => {
    // The first install does not take over the page (it was loaded from the network); an update does.
    if (!hadController || reloading) return;
    reloading = true;
    location.reload();
  });

  let registration;
  try {
    const url = new URL("../sw.js", import.meta.url).href;
    // Paili's CSP requires Trusted Types: this policy only ever gets the URL above. lib.dom's register()
    // predates Trusted Types and admits only string | URL, hence the cast (browsers take a TrustedScriptURL).
    const policy = window.trustedTypes?.createPolicy("paili-offline", { createScriptURL: (_input) => url });
    const scriptUrl = policy ? /** @type {string} */ (/** @type {unknown} */ (policy.createScriptURL(url))) : url;
    registration = await container.register(scriptUrl, { updateViaCache: "none" });
  } catch (error) {
    console.warn("paili: no offline support:", error);
    return null;
  }
  if (!registration) return null; // service workers blocked (some browsers' private modes, test harnesses)

  /** @param {ServiceWorker | null} worker */
  const offer = (worker) => {
    if (!worker || !container.controller) return; // first install: nothing to update from
    onUpdate?.(() => worker.postMessage({ type: "skip-waiting" }));
  };
  if (registration.waiting) offer(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    worker?.addEventListener("statechange", () => {
      if (worker.state === "installed") offer(worker);
    });
  });

  const ready = await container.ready;
  const status = await ask(ready.active, { type: "status" });
  if (status?.complete) onOffline?.({ build: status.build, version: status.version });
  return registration;
}

/**
 * Post a message to a service worker and wait for its answer on a MessageChannel.
 * @param {ServiceWorker | null} worker
 * @param {{type: "status"}} message
 * @returns {Promise<Status | null>}
 */
function ask(worker, message) {
  if (!worker) return Promise.resolve(null);
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = ({ data }) => resolve(data);
    worker.postMessage(message, [channel.port2]);
  });
}
