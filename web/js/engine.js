// The page's engine, started the same way on every page (the analyzer, the review, the season, the embed): the one
// early.js began as the page loaded (or, for a retry, a new one), its start-up progress and a failure said in
// the player's words through the page's own `say`.

import { EngineError, createEngine } from "../paili.mjs";
import { firstEngine } from "./early.js";
import * as i18n from "./i18n.js";

/** @typedef {import("../paili.mjs").PailiEngine} PailiEngine */
/**
 * @typedef {(state: "loading" | "failed", text: string, download?: import("../paili.mjs").DownloadProgress) => void} Say
 *   how a page shows the engine's state: data-engine and its status line (and the download's bytes, if it
 *   draws a bar)
 */

/**
 * The words of an engine's failure ("The engine could not start: ...").
 * @param {unknown} error
 */
export function failureText(error) {
  const detail = error instanceof EngineError ? i18n.translator().error(error) : String(error instanceof Error ? error.message : error);
  return i18n.t("ui.engine_failed", { detail });
}

/**
 * Take over the engine early.js started (`first`), or start a new one (a retry), saying its progress; resolves to
 * the engine, or to null once a failure at start-up is said (by `onFailure` when given, else by `say`).
 * `onFailure` also hears of a failure after the start.
 * @param {{say: Say, first?: boolean, onFailure?: (error: unknown) => void}} options
 * @returns {Promise<PailiEngine | null>}
 */
export async function startPageEngine({ say, first = true, onFailure }) {
  say("loading", i18n.t("ui.engine_loading"));
  /** @param {import("./early.js").ProgressArgs} args */
  const onProgress = (...[message, download, step]) => {
    const text = i18n.progressText(message, download, step);
    say("loading", download ? text : i18n.t("ui.progress", { step: text }), download);
  };
  try {
    const handlers = { onProgress, onFailure };
    return await (first ? firstEngine(handlers) : createEngine(handlers));
  } catch (error) {
    if (onFailure) onFailure(error);
    else say("failed", failureText(error));
    return null;
  }
}

/**
 * The engine of a page that shows its state in <html data-engine> and one status line (the review and season
 * pages): started as startPageEngine; once it is ready, data-engine says so and the line is emptied.
 * @param {HTMLElement} root
 * @param {HTMLElement} status
 * @returns {Promise<PailiEngine | null>}
 */
export async function startWithStatusLine(root, status) {
  const engine = await startPageEngine({
    say: (state, text) => {
      root.dataset.engine = state;
      status.textContent = text;
    },
  });
  if (engine) {
    root.dataset.engine = "ready";
    status.textContent = "";
  }
  return engine;
}
