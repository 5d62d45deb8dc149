// The engine's worker, started by the first module a page runs. index.html, embed.html and review.html load this
// module before their own: Python's start-up is the long pole, so it begins while the page's other modules and its
// catalogs load (on a return visit that is about a third of a second sooner). The page takes the engine over with
// `firstEngine`; a retry after a failed start makes a new one with paili.mjs's createEngine.

import { createEngine } from "../paili.mjs";

/** @typedef {import("../paili.mjs").PailiEngine} PailiEngine */
/** @typedef {import("../paili.mjs").EngineError} EngineError */
/** @typedef {Parameters<NonNullable<import("../paili.mjs").EngineOptions["onProgress"]>>} ProgressArgs */

/** What happened before the page took the engine over, and whom to tell from then on. */
const early = {
  /** @type {ProgressArgs | null} the last progress message so far */
  progress: null,
  /** @type {EngineError | null} a failure after `ready` */
  failure: null,
  /** @type {((...args: ProgressArgs) => void) | null} */
  onProgress: null,
  /** @type {((error: EngineError) => void) | null} */
  onFailure: null,
};

const started = createEngine({
  onProgress: (...args) => {
    early.progress = args;
    early.onProgress?.(...args);
  },
  onFailure: (error) => {
    early.failure = error;
    early.onFailure?.(error);
  },
});
started.catch(() => {}); // a failed start is the page's to show, once it takes the engine over

/**
 * The engine started when the page loaded. Its progress goes to `onProgress` from now on (the last message so
 * far at once), and a failure after it is ready to `onFailure`.
 * @param {{onProgress?: (...args: ProgressArgs) => void, onFailure?: (error: EngineError) => void}} [handlers]
 * @returns {Promise<PailiEngine>}  resolves once it is ready; rejects with an EngineError if it could not start
 */
export function firstEngine({ onProgress, onFailure } = {}) {
  early.onProgress = onProgress ?? null;
  early.onFailure = onFailure ?? null;
  if (onProgress && early.progress) onProgress(...early.progress);
  if (onFailure && early.failure) onFailure(early.failure);
  return started;
}
