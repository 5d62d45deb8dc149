// For node's tests of the page's modules: show a language from the catalogs of the repository (the page
// fetches them from the site; node reads the files).
import { readFileSync } from "node:fs";

import { GLOSS_LANGUAGE, Translator, useTranslator } from "../../web/js/i18n.js";

const LOCALES = new URL("../../engine/paili/locales/", import.meta.url);

/**
 * A catalog as written.
 * @param {string} tag
 * @returns {Record<string, unknown>}
 */
export function catalog(tag) {
  return JSON.parse(readFileSync(new URL(`${tag}.json`, LOCALES), "utf8"));
}

/**
 * Show `tag` in the page's modules (t, tileName, percent...), with English as its fallback and the glosses.
 * @param {string} tag
 */
export function useLanguage(tag) {
  const english = catalog("en");
  useTranslator(new Translator(tag, catalog(tag), english), new Translator(GLOSS_LANGUAGE, catalog(GLOSS_LANGUAGE), english));
}
