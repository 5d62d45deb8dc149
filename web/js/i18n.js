// The page's languages (docs/I18N.md): the catalogs (locales/<tag>.json, one per language, built from
// engine/paili/locales), t(key, params), plural forms, numbers and percentages in the reader's locale, the
// choice of language and the document's lang / dir. The pure helpers (chooseLanguage, interpolate, ...) touch
// no DOM, so node's test runner checks them (tests/js/i18n.test.js).

import { percentOf } from "./download.js";

/** @typedef {Record<string, unknown>} Catalog  a catalog as written: key -> text, and "@language" */
/** @typedef {{tag: string, name: string, dir: "ltr" | "rtl"}} Language  an entry of locales/index.json */
/** @typedef {string | number | boolean | null | undefined} Param */

export const DEFAULT_LANGUAGE = "en";
/** The storage key of the language chosen in the header. */
export const STORAGE_KEY = "paili.lang";
/** The URL parameter that opens a shared link in the sender's language (only when the sender asks for it). */
export const URL_PARAM = "lang";

/**
 * The catalog tag that serves the reader's preferences (navigator.languages order): an exact tag, else the
 * same language with its script ("zh-CN", "zh-SG" and "zh" read zh-Hans; "zh-TW" / "zh-HK" find nothing),
 * else the default.
 * @param {readonly string[]} wanted  BCP 47 tags, most wanted first
 * @param {readonly string[]} available  the catalogs' tags
 * @returns {string}
 */
export function chooseLanguage(wanted, available) {
  const known = new Map(available.map((tag) => [tag.toLowerCase(), tag]));
  for (const raw of wanted) {
    if (!raw) continue;
    const parts = raw.replace(/_/g, "-").toLowerCase().split("-");
    for (let n = parts.length; n > 0; n -= 1) {
      const found = known.get(parts.slice(0, n).join("-"));
      if (found) return found;
    }
    if (parts[0] === "zh" && !parts.slice(1).some((p) => ["hant", "tw", "hk", "mo"].includes(p))) {
      const simplified = known.get("zh-hans");
      if (simplified) return simplified;
    }
  }
  return known.get(DEFAULT_LANGUAGE) ?? available[0] ?? DEFAULT_LANGUAGE;
}

/**
 * Fill the {name} parameters of a text; a parameter not given stays as written.
 * @param {string} text
 * @param {Record<string, string>} params  already formatted
 */
export function interpolate(text, params) {
  return text.replace(/\{([a-z_]+)\}/g, (whole, name) => (name in params ? params[name] : whole));
}

/** The marker of a key no catalog has: visible, so the browser tests find it. @param {string} key */
export function missing(key) {
  return `⟦${key}⟧`;
}

/**
 * One language's catalogs, its fallback (English), and the formatters of its locale.
 */
export class Translator {
  /**
   * @param {string} tag
   * @param {Catalog} catalog
   * @param {Catalog} [fallback]  the default language's catalog
   */
  constructor(tag, catalog, fallback = catalog) {
    this.tag = tag;
    this.catalog = catalog;
    this.fallback = fallback;
    const meta = /** @type {{dir?: string}} */ (catalog["@language"] ?? {});
    /** @type {"ltr" | "rtl"} */
    this.dir = meta.dir === "rtl" ? "rtl" : "ltr";
    this.numbers = new Intl.NumberFormat(tag);
    /** percentages with one decimal (made once: a discard table writes dozens, and a formatter is slow to make) */
    this.percents = new Intl.NumberFormat(tag, { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 });
    this.plurals = new Intl.PluralRules(tag);
  }

  /**
   * The text of a key, or null.
   * @param {string} key
   * @returns {string | null}
   */
  lookup(key) {
    for (const source of [this.catalog, this.fallback]) {
      const text = source[key];
      if (typeof text === "string") return text;
    }
    return null;
  }

  /**
   * The text of `key` with its parameters filled in (numbers formatted for the locale). With a numeric
   * `count`, a key written as plural forms takes `key.<category>` (Intl.PluralRules), else `key.other`.
   * @param {string} key
   * @param {Record<string, Param>} [params]
   * @returns {string}
   */
  t(key, params = {}) {
    let text = null;
    if (typeof params.count === "number") {
      const category = this.plurals.select(params.count);
      text = (typeof this.catalog[`${key}.${category}`] === "string" ? /** @type {string} */ (this.catalog[`${key}.${category}`]) : null)
        ?? this.lookup(`${key}.other`);
    }
    text ??= this.lookup(key);
    if (text === null) return missing(key);
    /** @type {Record<string, string>} */
    const shown = {};
    for (const [name, value] of Object.entries(params)) {
      shown[name] = typeof value === "number" ? this.number(value) : String(value ?? "");
    }
    return interpolate(text, shown);
  }

  /**
   * A number in the locale ("1,234"; integers as they are, digits grouped).
   * @param {number} value
   * @param {Intl.NumberFormatOptions} [options]
   */
  number(value, options) {
    return options ? new Intl.NumberFormat(this.tag, options).format(value) : this.numbers.format(value);
  }

  /**
   * A chance as a percentage with one decimal ("31.2%"), "<0.1%" for a chance too small to show, "—" for none.
   * @param {number | null | undefined} p  0..1
   */
  percent(p) {
    if (p === null || p === undefined) return "—";
    if (p > 0 && p < 0.0005) return `<${this.percents.format(0.001)}`;
    return this.percents.format(p);
  }

  /**
   * An engine error in this language (ErrorInfo / EngineError: `code`, `params`; docs/I18N.md): the params
   * `expected`, `note` and `ruleset` are catalog ids of their own, `item` adds the melds-list suffix.
   * @param {{code?: string, params?: Record<string, Param>, message?: string}} error
   */
  error(error) {
    const params = { ...(error.params ?? {}) };
    for (const name of ["expected", "note", "ruleset"]) {
      if (typeof params[name] === "string") params[name] = this.t(`error.${name}.${params[name]}`, params);
    }
    if (!error.code) return String(error.message ?? "");
    let text = this.t(`error.${error.code}`, params);
    if ("item" in params) text += this.t("error.suffix.item", { index: params.item });
    return text;
  }
}

// ---- the page's language -----------------------------------------------------------------------------------

/** The language of the glosses: the Japanese term shown after a word in the other languages (riichi players
 * read Japanese terms first). */
export const GLOSS_LANGUAGE = "ja";

/** @type {Translator} the language shown; English with no catalog until load() (every key shows its marker) */
let current = new Translator(DEFAULT_LANGUAGE, {});
/** @type {Translator | null} the gloss language's catalog, once loaded */
let glosses = null;
/** @type {Language[]} */
let available = [];

/**
 * The text of `key` in the language shown (see Translator.t).
 * @param {string} key
 * @param {Record<string, Param>} [params]
 */
export function t(key, params) {
  return current.t(key, params);
}

/**
 * The text of `key` as pieces to append to an element, its {name} parameters replaced by the nodes given
 * (a translation may put them in another order): template("ui.melds_help", {chi: codeNode, ...}).
 * @param {string} key
 * @param {Record<string, Node>} nodes
 * @returns {(string | Node)[]}
 */
export function template(key, nodes) {
  return t(key)
    .split(/(\{[a-z_]+\})/)
    .filter(Boolean)
    .map((piece) => {
      const name = /^\{([a-z_]+)\}$/.exec(piece)?.[1];
      return name && nodes[name] ? nodes[name].cloneNode(true) : piece;
    });
}

/**
 * A start-up progress message of the engine in the language shown: the step's catalog text (ui.progress.<step>,
 * the download's amount in the locale's numbers), or the worker's English message for a step it does not name.
 * @param {string} message
 * @param {{loaded: number, total: number}} [download]
 * @param {{step: string, params: Record<string, string | number>}} [step]
 */
export function progressText(message, download, step) {
  if (!step) return message;
  /** @type {Record<string, Param>} */
  const params = { ...step.params };
  if (download) {
    const mb = (/** @type {number} */ bytes) => current.number(bytes / 1e6, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    const part = percentOf(download.loaded, download.total); // download.js's whole percent, as the worker's English says it
    params.progress = part === null
      ? t("ui.download_loaded", { loaded: mb(download.loaded) })
      : t("ui.download_progress", { loaded: mb(download.loaded), total: mb(download.total), percent: current.number(part / 100, { style: "percent" }) });
  }
  return t(`ui.progress.${step.step}`, params);
}

/** The language shown (a Translator: t, number, percent, error, tag, dir). */
export function translator() {
  return current;
}

/**
 * The Japanese term of `key` as a gloss, or null when the page is in Japanese (or the key has none).
 * @param {string} key
 * @returns {string | null}
 */
export function gloss(key) {
  // none in Japanese, nor in Chinese: Chinese writes the same terms in its own characters (点数计算 点数計算)
  if (!glosses || current.tag === GLOSS_LANGUAGE || current.tag.startsWith("zh")) return null;
  return glosses.lookup(key);
}

/**
 * Show another Translator (node's tests, which have no fetch of the site: they read the catalogs themselves).
 * @param {Translator} shown
 * @param {Translator | null} [glossary]  the gloss language's
 */
export function useTranslator(shown, glossary = null) {
  current = shown;
  glosses = glossary;
}

/** Every language there is a catalog for (locales/index.json). */
export function languages() {
  return available;
}

/**
 * @param {string} rel  a path under the site folder
 * @returns {Promise<unknown>}
 */
async function fetchJson(rel) {
  const response = await fetch(new URL(`../${rel}`, import.meta.url));
  if (!response.ok) throw new Error(`${rel}: HTTP ${response.status}`);
  return response.json();
}

/** @type {Map<string, Promise<Catalog>>} */
const catalogs = new Map();

/** @param {string} tag */
function catalogOf(tag) {
  let found = catalogs.get(tag);
  if (!found) {
    found = /** @type {Promise<Catalog>} */ (fetchJson(`locales/${tag}.json`));
    catalogs.set(tag, found);
  }
  return found;
}

/**
 * The language the page opens in: `?lang=` (a link shared in its sender's language), else the one chosen in
 * the header (localStorage), else the first of navigator.languages with a catalog, else English.
 * @param {readonly string[]} tags  the catalogs there are
 */
export function initialLanguage(tags) {
  const fromUrl = new URLSearchParams(location.search).get(URL_PARAM);
  let stored = null;
  try {
    stored = localStorage.getItem(STORAGE_KEY);
  } catch {
    // storage refused (a sandboxed frame): the browser's languages decide
  }
  for (const tag of [fromUrl, stored]) if (tag && tags.includes(tag)) return tag;
  return chooseLanguage(navigator.languages?.length ? navigator.languages : [navigator.language], tags);
}

/**
 * Load the catalogs (the index, then the language to show and English), set the document's lang and dir and
 * translate its static text. Returns the language shown.
 * @param {{root?: ParentNode}} [options]
 */
export async function load({ root = document } = {}) {
  available = /** @type {Language[]} */ (await fetchJson("locales/index.json"));
  await use(initialLanguage(available.map((l) => l.tag)), root);
  return current.tag;
}

/**
 * @param {string} tag
 * @param {ParentNode} root
 */
async function use(tag, root) {
  const [catalog, fallback, glossary] = await Promise.all([catalogOf(tag), catalogOf(DEFAULT_LANGUAGE),
    catalogOf(GLOSS_LANGUAGE).catch(() => null)]);
  current = new Translator(tag, catalog, fallback);
  glosses = glossary ? new Translator(GLOSS_LANGUAGE, glossary, fallback) : null;
  await loadFaces([catalog, glossary]);
  document.documentElement.lang = tag;
  document.documentElement.dir = current.dir;
  translateStatic(root);
}

/**
 * Load the CJK faces (css/fonts.css: "Paili <@language.font>") of these catalogs before any of their text is
 * laid out: text drawn while a face was still loading could keep the fallback's empty boxes in Chromium.
 * Best effort: a face that does not load leaves the system fonts to draw.
 * @param {(Catalog | null)[]} sources
 */
async function loadFaces(sources) {
  if (typeof document === "undefined" || !document.fonts) return;
  const faces = new Set();
  for (const source of sources) {
    const face = /** @type {{font?: string | null}} */ (source?.["@language"] ?? {}).font;
    if (face) faces.add(face);
  }
  await Promise.all([...faces].map((face) => document.fonts.load(`1em "Paili ${face}"`, "牌").catch(() => [])));
}

/**
 * Show the page in another language, remembered for the next visits: the page loads again in it (every module
 * draws its text once, in the language of the load; the engine comes back from the offline cache). A `lang=`
 * of the address (a shared link) is dropped, or it would win over the choice.
 * @param {string} tag
 */
export function setLanguage(tag) {
  let stored = false;
  try {
    localStorage.setItem(STORAGE_KEY, tag);
    stored = true;
  } catch {
    // not remembered: the address carries the choice instead
  }
  const url = new URL(location.href);
  url.searchParams.delete(URL_PARAM);
  if (!stored) url.searchParams.set(URL_PARAM, tag);
  location.replace(url.href);
}

/**
 * Translate the static text of the HTML: `data-i18n="key"` sets an element's text, `data-i18n-gloss="key"`
 * the Japanese term after a word (hidden in Japanese), `data-i18n-attr="attr:key attr:key"` its attributes
 * (aria-label, placeholder, content, title...).
 * @param {ParentNode} root
 */
export function translateStatic(root) {
  for (const node of root.querySelectorAll("[data-i18n]")) {
    const key = node.getAttribute("data-i18n");
    if (key) node.textContent = t(key);
  }
  for (const node of root.querySelectorAll("[data-i18n-gloss]")) {
    const term = gloss(node.getAttribute("data-i18n-gloss") ?? "");
    node.textContent = term ?? "";
    if (node instanceof HTMLElement) node.hidden = !term;
  }
  for (const node of root.querySelectorAll("[data-i18n-attr]")) {
    for (const pair of (node.getAttribute("data-i18n-attr") ?? "").split(/\s+/)) {
      const [attr, key] = pair.split(":");
      if (attr && key) node.setAttribute(attr, t(key));
    }
  }
}

/**
 * A `<select>` of every language, showing the current one; choosing another switches the page.
 * @param {HTMLSelectElement} select
 */
export function bindLanguageSelect(select) {
  select.replaceChildren(
    ...available.map((l) => {
      const option = document.createElement("option");
      option.value = l.tag;
      option.lang = l.tag;
      option.textContent = l.name;
      return option;
    }),
  );
  select.value = current.tag;
  select.addEventListener("change", () => setLanguage(select.value));
}
