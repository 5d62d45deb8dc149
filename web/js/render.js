// The one renderer of results, shared by the page (app.js, advice.js) and the embed view (embed.js): engine
// results in, detached DOM nodes out. Text only ever goes in through text nodes and attributes, never as HTML.
// No event handlers here; the pages listen (delegated) on containers. Tiles come as tile codes from the engine
// (see tiles.js); nothing here parses notation.

import { percent, points } from "./chances.js";
import { gloss, t } from "./i18n.js";
import { RULE_SETS } from "./rules.js";
import { tileFace, tileName } from "./tiles.js";

// The shapes of results are defined once, where they cross the boundary (paili.mjs).
/** @typedef {import("../paili.mjs").Analysis} Analysis */
/** @typedef {import("../paili.mjs").Meld} Meld */
/** @typedef {import("../paili.mjs").TileCount} TileCount */
/** @typedef {import("../paili.mjs").Shanten} Shanten */
/** @typedef {import("../paili.mjs").Decomposition} Decomposition */
/** @typedef {import("../paili.mjs").Discard} Discard */
/** @typedef {import("../paili.mjs").Advice} Advice */

/** @typedef {string | number | boolean | null | undefined | Record<string, string | null | undefined>} AttrValue */
/** @typedef {Node | string | number | null | undefined | false} Child */

const SVG = "http://www.w3.org/2000/svg";

/**
 * Build an element: h("td", {class: "x", dataset: {tile: "5m"}}, "text", childNode).
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, AttrValue>} [attrs]
 * @param {...(Child | Child[])} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "dataset" && typeof value === "object") {
      for (const [name, v] of Object.entries(value)) if (v !== null && v !== undefined) node.dataset[name] = v;
    } else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === "string" || typeof child === "number" ? String(child) : child);
  }
  return node;
}

/**
 * Build an SVG element: svg("line", {x1: 0, x2: 10}).
 * @param {string} tag
 * @param {Record<string, string | number>} [attrs]
 * @param {...(Node | string)} children
 */
export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  node.append(...children);
  return node;
}

/** The system's dark mode: the faces of the Black tile set (the CSS swaps the tile body). */
const darkScheme = globalThis.matchMedia?.("(prefers-color-scheme: dark)");

/**
 * The sheet of tile faces to draw from (tools/tilesheet.py builds one per set): the Black set's in dark mode.
 * @returns {string}
 */
function faceSheet() {
  return `tiles/${darkScheme?.matches ? "Black" : "Regular"}/faces.svg`;
}

// When the system turns dark or light, the tiles drawn take the other set's faces.
darkScheme?.addEventListener("change", () => {
  for (const use of document.querySelectorAll("svg.face > use[data-face]")) {
    use.setAttribute("href", `${faceSheet()}#${use.getAttribute("data-face")}`);
  }
});

/**
 * A tile: its face, an <svg> image named by the tile's text name that shows the face's symbol from the sheet,
 * over the tile body (a CSS background). `tag` "button" makes it tappable; `label` overrides the accessible name of a button.
 * @param {string} name a tile code
 * @param {{tag?: "span" | "button", size?: string, label?: string | null}} [options]
 * @returns {HTMLElement}
 */
export function tile(name, { tag = "span", size = "", label = null } = {}) {
  const classes = ["tile", size && `tile--${size}`].filter(Boolean).join(" ");
  const attrs = { class: classes, dataset: { tile: name } };
  if (tag === "button") Object.assign(attrs, { type: "button", "aria-label": label });
  const face = tileFace(name);
  const use = svg("use", { href: `${faceSheet()}#${face}`, "data-face": face });
  return h(tag, attrs, svg("svg", { class: "face", viewBox: "0 0 300 400", role: "img", "aria-label": tileName(name) }, use));
}

/**
 * The other players' rivers: each seat's discards in order, the riichi tile turned and named, the tiles called
 * away dimmed, then its melds (the review's decisions, the Opponents panel).
 * @param {Partial<Record<string, {discards: string[], riichi: number | null, called: number[], melds: string[]}>>} opponents
 * @param {{names?: boolean}} [options]  `names`: each river after its seat's name (else the caller names it)
 */
export function rivers(opponents, { names = true } = {}) {
  return h("div", { class: "rivers" }, ...Object.entries(opponents).map(([seat, player]) => player && h("div", { class: "river", dataset: { seat } },
    names ? h("span", { class: "river-seat" }, t(`ui.calls_seat_${seat}`)) : null,
    h("span", { class: "river-tiles", role: "group", "aria-label": t("review.river_of", { seat: t(`ui.calls_seat_${seat}`) }) },
      ...player.discards.map((code, i) => {
        const face = tile(code, { size: "sm" });
        if (i === player.riichi) {
          face.classList.add("river-riichi");
          face.querySelector("svg")?.setAttribute("aria-label", t("review.riichi_tile", { tile: tileName(code) }));
        }
        if (player.called.includes(i)) face.classList.add("river-called");
        return face;
      })),
    player.melds.length ? h("span", { class: "river-melds" }, player.melds.join(" ")) : null)));
}

/**
 * Tiles side by side.
 * @param {string[]} names tile codes
 * @param {Parameters<typeof tile>[1]} [options]
 */
export function tiles(names, options = {}) {
  return h("span", { class: "tiles" }, names.map((name) => tile(name, options)));
}

/**
 * A visually hidden text for screen readers.
 * @param {string} text
 */
function srOnly(text) {
  return h("span", { class: "sr-only" }, text);
}

/**
 * "Agari", "Tenpai", "2-shanten" (null: "n/a"), in the language shown.
 * @param {number | null | undefined} value
 * @returns {string}
 */
export function shantenText(value) {
  if (value === null || value === undefined) return t("ui.na");
  if (value < 0) return t("ui.agari");
  if (value === 0) return t("ui.tenpai");
  return t("ui.shanten_n", { count: value });
}

/**
 * The Japanese term of a catalog key, in small text after a word (none when the page is in Japanese, or when
 * the term is the word shown, as Chinese often writes it).
 * @param {string} key
 * @param {string} [shown]  the word it glosses (default: the key's text)
 * @returns {HTMLElement | null}
 */
export function glossSpan(key, shown = t(key)) {
  const term = gloss(key);
  return term && term !== shown ? h("span", { class: "ja", lang: "ja" }, term) : null;
}

/**
 * A word followed by its gloss: [text, " ", gloss] (or the text alone).
 * @param {string} key
 * @param {string} [text]  the word shown (default: the key's text)
 * @returns {Child[]}
 */
export function glossed(key, text = t(key)) {
  const span = glossSpan(key, text);
  return span ? [text, " ", span] : [text];
}

/**
 * The headline of a result: what the hand is, in words.
 * @param {Analysis} result
 */
export function summary(result) {
  const min = result.shanten.min;
  const word = min < 0 ? "agari" : min === 0 ? "tenpai" : "shanten";
  const shape = result.rules === "gb" && !result.gb?.legal; // a complete GB shape is a win only with 8 fans
  const mustDiscard = result.tiles % 3 === 2; // 14 tiles: the shanten is the one after the best discard
  const tenpai = mustDiscard ? t("ui.summary_tenpai_discard") : t(shape ? "ui.summary_tenpai_shape" : "ui.summary_tenpai");
  const away = t("ui.summary_away", { shanten: shantenText(min), count: min }); // shanten, glossed
  const text = min < 0 ? t(shape ? "ui.summary_shape" : "ui.summary_agari") : min === 0 ? tenpai : away;
  const term = glossSpan(`term.${word}`, text);
  return h(
    "p",
    { class: `summary summary--${word}` },
    h("span", { class: "summary-text" }, text),
    term ? " " : null,
    term,
    h("span", { class: "summary-size" }, t("ui.summary_size", { count: result.tiles })),
  );
}

/** @type {Record<string, string>} the catalog key of each suit's name, by its letter */
const SUIT_TERMS = { m: "term.man", p: "term.pin", s: "term.sou" };

/**
 * What the rule set adds to the headline: the suit a Sichuan hand gives up (缺一门), the nukidora of a sanma
 * hand, that a complete GB shape still needs its 8 points, and why a hand of a set the engine does not score
 * has no Score panel. Nothing under riichi.
 * @param {Analysis} result
 * @returns {HTMLElement[]}
 */
export function ruleNotes(result) {
  const out = [];
  if (result.void) {
    const suits = [...result.void.suits].map((suit) => t(SUIT_TERMS[suit] ?? suit)).join(" / ");
    const how = result.void.fixed ? "ui.void_fixed" : result.void.suits.length > 1 ? "ui.void_either" : "ui.void_best";
    out.push(h("p", { class: "rule-note rule-note--void", dataset: { suits: result.void.suits } }, ...glossed("term.void", t(how, { suits }))));
  }
  if (result.nukidora) {
    out.push(h("p", { class: "rule-note rule-note--nukidora" }, ...glossed("term.nukidora", t("ui.nukidora_note", { count: result.nukidora }))));
  }
  const scored = RULE_SETS[result.rules ?? "riichi"]?.scored ?? true;
  if (result.rules === "gb") {
    for (const { text, legal } of gbLines(result)) {
      out.push(h("p", { class: "rule-note rule-note--gb", dataset: legal === null ? {} : { legal: String(legal) } }, text));
    }
  }
  else if (!scored && (result.agari || (result.tiles % 3 === 1 && result.shanten.min === 0))) {
    out.push(h("p", { class: "rule-note rule-note--unscored" }, t("ui.unscored", { rules: t(`error.ruleset.${result.rules}`) })));
  }
  return out;
}

/**
 * What a GB analysis says of its wins (by discard, the winds East, no flowers): a complete hand's fans and
 * total, legal or short of 8; a tenpai hand's waits, each with its total; the rule itself otherwise.
 * @param {Analysis} result
 * @returns {{text: string, legal: boolean | null}[]}
 */
export function gbLines(result) {
  /** @param {import("../paili.mjs").GbWin} win */
  const total = (win) => (win.legal ? t("ui.gb_legal", { count: win.fan, tile: win.win }) : t("ui.gb_short", { count: win.fan, tile: win.win, short: win.short }));
  /** @param {import("../paili.mjs").GbWin} win */
  const fans = (win) => win.fans.map((f) => `${t(`gb_fan.${f.id}`)} ${f.fan}${f.count > 1 ? ` ×${f.count}` : ""}`).join(" · ");
  if (result.gb) return [{ text: `${total(result.gb)} ${fans(result.gb)}`, legal: result.gb.legal }];
  const waits = (result.waits ?? []).filter((w) => w.gb);
  if (waits.length) {
    return waits.map((w) => {
      const win = /** @type {import("../paili.mjs").GbWin} */ (w.gb);
      return { text: `${total(win)} ${fans(win)}`, legal: win.legal };
    });
  }
  return [{ text: t("ui.gb_note"), legal: null }];
}

/** The columns of the shanten table: the result's key and the catalog key of its title (the knitted forms: gb). */
const FORMS = [
  ["regular", "form.regular"],
  ["chiitoitsu", "form.chiitoitsu"],
  ["kokushi", "form.kokushi"],
  ["quanbukao", "form.quanbukao"],
  ["qixingbukao", "form.qixingbukao"],
  ["zuhelong", "form.zuhelong"],
  ["min", "term.shanten_number"],
];

/**
 * Shanten per form, as a small table: the forms the rule set has (the knitted ones under gb).
 * @param {Shanten} shanten
 */
export function shantenTable(shanten) {
  const forms = FORMS.filter(([key]) => key in shanten);
  return h(
    "table",
    { class: "shanten-table" },
    h("caption", { class: "sr-only" }, t("ui.shanten_per_form")),
    h("thead", {}, h("tr", {}, forms.map(([, key]) => h("th", { scope: "col" }, ...glossed(key))))),
    h(
      "tbody",
      {},
      h(
        "tr",
        {},
        forms.map(([key]) => {
          const value = shanten[/** @type {keyof Shanten} */ (key)] ?? null;
          // a complete form says so in words ("Agari"), as the headline does, rather than -1
          const text = value === null ? "—" : value < 0 ? t("ui.agari") : String(value);
          return h("td", { class: value === null ? "na" : null, dataset: { form: key, shanten: value === null ? null : String(value) } }, text);
        }),
      ),
    ),
  );
}

/**
 * A list of tiles, each with how many copies are left under it. `draw`: each tile is a button that draws it
 * into the hand ("Draw 3 man"; disabled when no copy is left).
 * @param {TileCount[]} entries
 * @param {{size?: string, draw?: boolean}} [options]
 */
export function tileCounts(entries, { size = "sm", draw = false } = {}) {
  /** @param {string} name @param {number} remaining */
  const face = (name, remaining) => {
    if (!draw) return tile(name, { size });
    const button = /** @type {HTMLButtonElement} */ (tile(name, { size, tag: "button", label: t("ui.draw_tile", { tile: tileName(name) }) }));
    button.disabled = remaining === 0;
    return button;
  };
  return h(
    "ul",
    { class: "tile-counts" },
    entries.map(({ tile: name, remaining }) =>
      h(
        "li",
        { class: remaining === 0 ? "none-left" : null, dataset: { tile: name } },
        face(name, remaining),
        h("span", { class: "count" }, h("span", { "aria-hidden": "true" }, String(remaining)), srOnly(`, ${t("ui.left", { count: remaining })}`)),
      ),
    ),
  );
}

/**
 * A titled block: the title in the language shown, and the Japanese term of `term` in small text.
 * @param {string} title
 * @param {string} term  a catalog key
 * @param {...Child} content
 */
function block(title, term, ...content) {
  return h(
    "section",
    { class: "block", "aria-label": title },
    h("h3", {}, ...glossed(term, title)),
    ...content,
  );
}

/**
 * The three codes of the sequence that starts at `start` ("4p" -> 4p 5p 6p).
 * @param {string} start
 */
function sequenceOf(start) {
  const digit = Number(start[0]);
  return [0, 1, 2].map((k) => `${digit + k}${start[1]}`);
}

/**
 * @param {"pair" | "triplet" | "sequence" | "kokushi" | "knitted" | "honors" | "straight"} kind  a group.* catalog key
 * @param {string[]} names tile codes
 */
function group(kind, names) {
  const label = `${t(`group.${kind}`)}: ${names.map(tileName).join(", ")}`;
  return h("span", { class: `group group--${kind}`, role: "group", "aria-label": label }, names.map((n) => tile(n, { size: "sm" })));
}

/** The thirteen orphans, one of each. */
const KOKUSHI = ["1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z"];

/**
 * One reading of a winning hand: its groups, drawn as tiles, and its flags (with Sichuan's count of 根, kinds
 * held four times). The knitted forms of 全不靠 / 七星不靠 draw the hand's knitted tiles and honors, from its
 * `concealed` codes.
 * @param {Decomposition} d
 * @param {string[]} [concealed]  the hand's concealed tiles
 */
export function decomposition(d, concealed = []) {
  const groups = [];
  if (d.form === "regular" && d.pair) {
    groups.push(group("pair", [d.pair, d.pair]));
    for (const t of d.triplets ?? []) groups.push(group("triplet", [t, t, t]));
    for (const s of d.sequences ?? []) groups.push(group("sequence", sequenceOf(s)));
  } else if (d.form === "chiitoitsu") {
    for (const p of d.pairs ?? []) groups.push(group("pair", [p, p]));
  } else if (d.form === "kokushi" && d.pair) {
    const names = [...KOKUSHI];
    names.splice(names.indexOf(d.pair) + 1, 0, d.pair);
    groups.push(group("kokushi", names));
  } else if (d.form === "quanbukao" || d.form === "qixingbukao") {
    const plain = concealed.map((code) => (code[0] === "0" ? `5${code[1]}` : code));
    groups.push(group("knitted", d.knitted.filter((code) => plain.includes(code))));
    groups.push(group("honors", plain.filter((code) => code[1] === "z")));
  } else if (d.form === "zuhelong") {
    groups.push(group("straight", d.knitted));
    groups.push(group("pair", [d.pair, d.pair]));
    for (const t of d.triplets ?? []) groups.push(group("triplet", [t, t, t]));
    for (const s of d.sequences ?? []) groups.push(group("sequence", sequenceOf(s)));
  }
  const flags = (d.flags ?? []).map((f) => h("li", { class: "flag", dataset: { flag: f } }, ...glossed(`flag.${f}`)));
  if (d.gen) flags.push(h("li", { class: "flag", dataset: { flag: "gen" } }, ...glossed("term.gen", t("ui.gen_count", { count: d.gen }))));
  return h(
    "li",
    { class: "decomposition", dataset: { form: d.form } },
    h("p", { class: "decomposition-form" }, ...glossed(`form.${d.form}`)),
    h("div", { class: "groups" }, groups),
    flags.length ? h("ul", { class: "flags", "aria-label": t("ui.flags") }, flags) : null,
  );
}

/**
 * The called melds of a hand, each a group of tiles.
 * @param {Meld[]} list
 * @param {Parameters<typeof tile>[1]} [options]
 */
export function melds(list, options = {}) {
  return list.map((m) => {
    const names = m.tiles;
    const label = `${t(`meld.${m.type}`)}: ${names.map(tileName).join(", ")}`;
    return h("span", { class: `meld meld--${m.type}`, role: "group", "aria-label": label }, names.map((n) => tile(n, options)));
  });
}

/**
 * Decompositions block of a complete hand.
 * @param {Decomposition[]} list
 * @param {string[]} [concealed]  the hand's concealed tiles (drawn by the knitted forms)
 */
export function decompositions(list, concealed = []) {
  return block(
    t("ui.decompositions", { count: list.length }),
    "term.decompositions",
    h("ol", { class: "decompositions" }, list.map((d) => decomposition(d, concealed))),
  );
}

/**
 * Waits and ukeire blocks of a 13-tile (3n+1) hand; `draw`: their tiles are buttons that draw them.
 * @param {Analysis} result
 * @param {{draw?: boolean}} [options]
 */
export function waitsAndUkeire(result, { draw = false } = {}) {
  const out = [];
  if (result.waits?.length) {
    const total = result.waits.reduce((sum, w) => sum + w.remaining, 0);
    const list = tileCounts(result.waits, { draw });
    list.classList.add("waits"); // scoreview.js writes each wait's worth in its items
    out.push(block(t("ui.waits"), "term.waits", h("p", { class: "total" }, t("ui.waits_total", { kinds: result.waits.length, count: total })), list));
  }
  if (result.ukeire) {
    const { total, tiles: list } = result.ukeire;
    const win = result.rules === "gb" ? "ui.tiles_that_complete" : "ui.tiles_that_win";
    const title = t(result.shanten.min === 0 ? win : "ui.tiles_that_improve", { count: total });
    out.push(
      block(
        title,
        "term.ukeire",
        list.length ? tileCounts(list, { draw }) : h("p", { class: "empty" }, t("ui.no_improving_tile")),
      ),
    );
  }
  return out;
}

/** The advice columns of the discard table: their key (a figure of paili.advise), the catalog keys of their
 *  title and of its Japanese term. */
export const ADVICE_COLUMNS = /** @type {const} */ ([
  ["p_win", "ui.col_win", "term.agari"],
  ["p_tenpai", "ui.col_tenpai", "term.tenpai"],
  ["ev", "ui.col_points", "term.hand_value"],
]);

/**
 * A column header (its title and the Japanese term); `sort` makes it a button that sorts the table by that key
 * (the page listens); `short`: the catalog key of a shorter title that a phone's narrow advice table shows
 * (the full title stays the header's name for screen readers).
 * @param {string} title  a catalog key
 * @param {string} term  the catalog key of its Japanese gloss
 * @param {{cls?: string, sort?: string, short?: string}} [options]
 */
function columnHeader(title, term, { cls = "", sort = "", short = "" } = {}) {
  const label = short
    ? [h("span", { class: "col-long" }, t(title)), h("span", { class: "col-short", "aria-hidden": "true" }, t(short)), glossSpan(term, t(title))]
    : [t(title), glossSpan(term, t(title))];
  return h(
    "th",
    { scope: "col", class: cls || null, dataset: { sort: sort || null } },
    sort ? h("button", { type: "button", class: "sort" }, label) : label,
  );
}

/**
 * The discard table of a 14-tile (3n+2) hand, like Tenhou's 牌理, one line per discard, best first: the tile
 * thrown, the shanten after it, the count and kinds of the tiles that improve (the kinds scroll sideways, or
 * collapse on a phone). Each row carries `data-tile` (the copy thrown), `data-after` (the engine's text of the
 * hand left) and `data-order` (its place in the engine's order). With `advice` (the page), each row also has
 * the advice columns (win %, tenpai %, expected points, pending until fillAdvice) and, unless `compact` (the
 * embed view), a button that expands its details row (`tr.discard-detail`, filled by the page), and the count
 * and advice headers sort the table.
 * @param {Discard[]} discards
 * @param {{hint?: boolean, advice?: boolean, compact?: boolean, points?: boolean, improve?: boolean}} [options]
 *   `hint`: the line that says a row can be chosen; `compact`: the advice columns without details rows or sort
 *   buttons; `points`: the advice has the expected points column (not under a rule set the engine does not
 *   score); `improve`: false leaves the improving tiles' cells empty (a phone hides that column of the advice
 *   table: its tiles are in each row's details), for fillImprove to fill if the screen widens
 */
export function discardTable(discards, { hint = true, advice = false, compact = false, points: scored = true, improve = true } = {}) {
  const columns = ADVICE_COLUMNS.filter(([key]) => scored || key !== "ev");
  const best = discards.length ? Math.min(...discards.map((d) => d.shanten)) : 0;
  const details = advice && !compact;
  const sortable = details ? "count" : "";
  const headers = [
    columnHeader("ui.col_discard", "term.discard", { cls: "discard", short: "ui.col_discard_short" }),
    columnHeader("ui.col_shanten", "term.shanten", { cls: "shanten", short: "ui.col_shanten_short" }),
    columnHeader("ui.col_count", "term.count", { cls: "count", sort: sortable, short: "ui.col_count_short" }),
    columnHeader("ui.col_improve", "term.ukeire", { cls: "improve" }),
    ...(advice ? columns.map(([key, title, term]) => columnHeader(title, term, { cls: key.replace("_", "-"), sort: sortable && key })) : []),
    ...(details ? [h("th", { scope: "col", class: "more" }, srOnly(t("ui.col_details")))] : []),
  ];
  const rows = discards.flatMap((d, order) => {
    const name = d.tile;
    const detail = `discard-detail-${order}`;
    const main = h(
      "tr",
      { class: ["discard-row", d.shanten > best ? "worse" : ""].join(" ").trim(), dataset: { tile: name, after: d.after, order: String(order), count: String(d.ukeire.total) } },
      h(
        "td",
        { class: "discard" },
        h("button", { type: "button", class: "discard-button", "aria-label": t("ui.discard_tile", { tile: tileName(name) }) }, tile(name, { size: "sm" })),
      ),
      h("td", { class: "shanten" }, h("span", { class: "long" }, shantenText(d.shanten)), h("span", { class: "short" }, String(d.shanten))),
      h("td", { class: "count" }, String(d.ukeire.total)),
      h("td", { class: "improve" }, h("div", { class: "improve-tiles" }, improve ? improveTiles(d) : null)),
      ...(advice ? columns.map(([key]) => h("td", { class: `${key.replace("_", "-")} pending`, dataset: { key } }, "…")) : []),
      ...(details
        ? [h("td", { class: "more" }, h("button", { type: "button", class: "expand", "aria-expanded": "false", "aria-controls": detail, "aria-label": t("ui.details_of_discard", { tile: tileName(name) }) }, h("span", { "aria-hidden": "true" }, "▸")))]
        : []),
    );
    if (!details) return [main];
    return [main, h("tr", { class: "discard-detail", id: detail, hidden: true, dataset: { tile: name } }, h("td", { colspan: String(headers.length) }))];
  });
  return block(
    t("ui.discards"),
    "term.discard_table",
    hint ? h("p", { class: "hint discards-hint" }, t("ui.discards_hint")) : null,
    h(
      "table",
      { class: advice ? "discards discards--advice" : "discards" },
      h("caption", { class: "sr-only" }, t("ui.discards_caption")),
      h("thead", {}, h("tr", {}, headers)),
      h("tbody", {}, rows),
    ),
  );
}

/**
 * The improving tiles of a discard, as its row of the discard table shows them.
 * @param {Discard} discard
 */
function improveTiles(discard) {
  return tileCounts(discard.ukeire.tiles, { size: "xs" });
}

/** The screens where the advice table hides its improving tiles' column (style.css, the same width). */
export const NARROW_SCREEN = "(max-width: 560px)";

/**
 * Fill the improving tiles' cells a discard table was drawn without (`improve: false`), from the same discards.
 * @param {HTMLTableElement} table
 * @param {Discard[]} discards
 */
export function fillImprove(table, discards) {
  for (const row of table.querySelectorAll("tr.discard-row")) {
    const cell = row.querySelector("td.improve .improve-tiles");
    const discard = row instanceof HTMLElement ? discards[Number(row.dataset.order)] : undefined;
    if (cell && discard && !cell.firstChild) cell.append(improveTiles(discard));
  }
}

/**
 * Fill the advice columns of a discard table (drawn with `advice`) with an Advice of the same hand: each row's
 * win and tenpai chances and expected points at the last draw (`data-value` holds the number; "—" where the
 * engine gives none). Rows keep their order; the page sorts them.
 * @param {HTMLTableElement} table
 * @param {Advice} advice
 */
export function fillAdvice(table, advice) {
  const last = advice.turns - 1;
  const byTile = new Map(advice.discards.map((d) => [d.tile, d]));
  for (const row of table.querySelectorAll("tr.discard-row")) {
    if (!(row instanceof HTMLElement)) continue;
    const found = byTile.get(row.dataset.tile ?? "");
    for (const cell of row.querySelectorAll("td[data-key]")) {
      if (!(cell instanceof HTMLElement)) continue;
      const key = /** @type {"p_win" | "p_tenpai" | "ev"} */ (cell.dataset.key);
      const values = found?.[key] ?? null;
      const value = values ? values[last] : null;
      cell.classList.remove("pending");
      if (value === null || value === undefined) {
        delete cell.dataset.value;
        cell.textContent = "—";
      } else {
        cell.dataset.value = String(value);
        cell.textContent = key === "ev" ? points(value) : percent(value);
      }
    }
  }
}

/**
 * The canonical text of a result's hand, as the engine wrote it: the concealed tiles, then each meld.
 * @param {{hand: string, melds: Meld[]}} result
 * @returns {string}
 */
export function handText(result) {
  return [result.hand, ...meldTexts(result)].filter(Boolean).join(" ");
}

/**
 * The texts of a hand's called melds, then of its norths set aside (sanma's nukidora, "{4z}" each), as the
 * engine reads them in its `melds` input.
 * @param {{melds: Meld[], nukidora?: number}} result
 * @returns {string[]}
 */
export function meldTexts(result) {
  return [...result.melds.map((m) => m.text), ...Array.from({ length: result.nukidora ?? 0 }, () => "{4z}")];
}

/**
 * The hand drawn: its concealed tiles (in the engine's order; each with `data-index`, its place in
 * `concealed`), then its melds, then its norths set aside (nukidora). `tag` "button" makes the concealed tiles
 * tappable.
 * @param {{concealed: string[], melds: Meld[], nukidora?: number}} result  an analysis, or the tiles of a hand being built
 * @param {{tag?: "span" | "button"}} [options]
 * @returns {HTMLElement[]}
 */
export function handTiles(result, { tag = "span" } = {}) {
  const concealed = result.concealed.map((code, index) => {
    const node = tile(code, { tag });
    node.dataset.index = String(index);
    return node;
  });
  const aside = Array.from({ length: result.nukidora ?? 0 }, () => "4z");
  const nukidora = aside.length
    ? [h("span", { class: "meld meld--nukidora", role: "group", "aria-label": `${t("group.nukidora")}: ${aside.map(tileName).join(", ")}` }, aside.map((n) => tile(n)))]
    : [];
  return [...concealed, ...melds(result.melds), ...nukidora];
}

/**
 * Every block of an analysis, in order: the summary, the shanten per form, then the decompositions of a win,
 * the waits and ukeire of a 3n+1 hand, or the discard table of a 3n+2 hand.
 * @param {Analysis} result
 * @param {{hint?: boolean, draw?: boolean, advice?: boolean, compact?: boolean, improve?: boolean}} [options]
 *   `hint`: say that a discard row can be chosen; `draw`: the waits and improving tiles are buttons that draw
 *   them into the hand; `advice`: the discard table has the advice columns, `compact` (the embed view) without
 *   details rows or sorting, `improve` (default true): its improving tiles (see discardTable)
 * @returns {HTMLElement[]}
 */
export function resultBlocks(result, { hint = true, draw = false, advice = false, compact = false, improve = true } = {}) {
  return [
    summary(result),
    ...ruleNotes(result),
    shantenTable(result.shanten),
    ...(result.agari && result.decompositions ? [decompositions(result.decompositions, result.concealed)] : []),
    ...("waits" in result || "ukeire" in result ? waitsAndUkeire(result, { draw }) : []),
    // the advice values points under riichi only (paili.advise ranks other sets' discards by the chance to win)
    ...(result.discards ? [discardTable(result.discards, { hint, advice, compact, improve, points: (result.rules ?? "riichi") === "riichi" })] : []),
  ];
}

/**
 * A call advice's options as a table, best first (callcontrol.callLines' rows): each option's name, its discard
 * after the call, its chance to win, its points (where scored) and its difference to passing. The call panel
 * and the review's call decisions both draw it. `played`: the option the seat chose (the review marks its
 * row); `walk`: a call's discard is a button that shows the hand after the call (the call panel).
 * @param {{rows: import("./callcontrol.js").CallRow[], scored: boolean}} lines
 * @param {{offered: string, played?: string, walk?: boolean, className?: string}} options
 */
export function callOptionsTable({ rows, scored }, { offered, played, walk = false, className = "" }) {
  const head = h(
    "tr",
    {},
    h("th", { scope: "col" }, t("ui.calls_col_option")),
    h("th", { scope: "col", class: "call-discard" }, ...glossed("term.discard", t("ui.calls_col_discard"))),
    h("th", { scope: "col", class: "p-win" }, t("ui.col_win")),
    scored ? h("th", { scope: "col", class: "ev" }, t("ui.col_points")) : null,
    h("th", { scope: "col", class: "delta" }, t("ui.calls_col_delta")),
  );
  const body = rows.map((row) => {
    const discard = row.option.discard;
    const cell = !discard ? "—"
      : walk && row.after
        ? h("button", { type: "button", class: "call-walk discard-button", dataset: { after: row.after }, "aria-label": t("ui.calls_walk", { call: row.label, tile: tileName(discard) }) },
          tile(discard, { size: "sm" }))
        : tile(discard, { size: "sm" });
    const classes = ["call-row", row.best ? "best" : "", row.key === played ? "review-played" : ""].filter(Boolean).join(" ");
    return h(
      "tr",
      { class: classes, dataset: { call: row.option.call, meld: row.option.meld, key: row.key } },
      h("th", { scope: "row" }, row.label, row.option.yaku === false ? h("span", { class: "call-no-yaku" }, ` ${t("ui.calls_no_yaku")}`) : null),
      h("td", { class: "call-discard" }, cell),
      h("td", { class: "p-win" }, row.pWin),
      scored ? h("td", { class: "ev" }, row.ev) : null,
      h("td", { class: "delta" }, row.delta),
    );
  });
  return h("table", { class: ["calls-table", className].filter(Boolean).join(" ") },
    h("caption", { class: "sr-only" }, t("ui.calls_caption", { tile: tileName(offered) })), h("thead", {}, head), h("tbody", {}, body));
}
