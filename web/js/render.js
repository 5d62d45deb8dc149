// The one renderer of results, shared by the page (app.js, advice.js) and the embed view (embed.js): engine
// results in, detached DOM nodes out. Text only ever goes in through text nodes and attributes, never as HTML.
// No event handlers here; the pages listen (delegated) on containers. Tiles come as tile codes from the engine
// (see tiles.js); nothing here parses notation.

import { percent, points } from "./chances.js";
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
 * A tile: the face image (with its text name as alt) drawn over the tile body (CSS background). The face
 * comes from the Black set when the system is in dark mode (a <picture> source; the CSS swaps the body).
 * `tag` "button" makes it tappable; `label` overrides the accessible name of a button.
 * @param {string} name a tile code
 * @param {{tag?: "span" | "button", tileSet?: string, size?: string, label?: string | null}} [options]
 * @returns {HTMLElement}
 */
export function tile(name, { tag = "span", tileSet = "Regular", size = "", label = null } = {}) {
  const classes = ["tile", size && `tile--${size}`].filter(Boolean).join(" ");
  const attrs = { class: classes, dataset: { tile: name } };
  if (tag === "button") Object.assign(attrs, { type: "button", "aria-label": label });
  const face = tileFace(name);
  const img = h("img", { src: `tiles/${tileSet}/${face}.svg`, alt: tileName(name), draggable: "false" });
  if (tileSet !== "Regular") return h(tag, attrs, img);
  const dark = h("source", { srcset: `tiles/Black/${face}.svg`, media: "(prefers-color-scheme: dark)" });
  return h(tag, attrs, h("picture", {}, dark, img));
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
 * "Agari", "Tenpai", "2-shanten" (null: "n/a").
 * @param {number | null | undefined} value
 * @returns {string}
 */
export function shantenText(value) {
  if (value === null || value === undefined) return "n/a";
  if (value < 0) return "Agari";
  if (value === 0) return "Tenpai";
  return `${value}-shanten`;
}

const JAPANESE = { agari: "和了", tenpai: "聴牌", shanten: "向聴" };

/**
 * The headline of a result: what the hand is, in words.
 * @param {Analysis} result
 */
export function summary(result) {
  const min = result.shanten.min;
  const word = min < 0 ? "agari" : min === 0 ? "tenpai" : "shanten";
  const shape = result.rules === "gb"; // a complete GB shape is not yet a win (8 points, not counted)
  const mustDiscard = result.tiles % 3 === 2; // 14 tiles: the shanten is the one after the best discard
  const tenpai = mustDiscard ? "Tenpai after the right discard" : `Tenpai — one tile from ${shape ? "a complete shape" : "a win"}`;
  const away = `${shantenText(min)} — ${min} useful draw${min === 1 ? "" : "s"} from ready`; // shanten, glossed
  const text = min < 0 ? (shape ? "A complete shape — not yet a win" : "Agari — a complete hand") : min === 0 ? tenpai : away;
  return h(
    "p",
    { class: `summary summary--${word}` },
    h("span", { class: "summary-text" }, text),
    " ",
    h("span", { class: "ja", lang: "ja" }, JAPANESE[word]),
    h("span", { class: "summary-size" }, `${result.tiles} tiles`),
  );
}

/** @type {Record<string, string>} */
const SUIT_NAMES = { m: "man", p: "pin", s: "sou" };

/**
 * What the rule set adds to the headline: the suit a Sichuan hand gives up (缺一门), the nukidora of a sanma
 * hand, and the engine's note (GB: a complete shape still needs its 8 points). Nothing under riichi.
 * @param {Analysis} result
 * @returns {HTMLElement[]}
 */
export function ruleNotes(result) {
  const out = [];
  if (result.void) {
    const suits = [...result.void.suits].map((suit) => SUIT_NAMES[suit] ?? suit);
    const how = result.void.fixed ? "as chosen" : suits.length > 1 ? "either is best" : "the best choice";
    out.push(h("p", { class: "rule-note rule-note--void", dataset: { suits: result.void.suits } },
      `Suit given up: ${suits.join(" or ")} (${how}) `, h("span", { class: "ja", lang: "zh-Hans" }, "缺一门")));
  }
  if (result.nukidora) {
    out.push(h("p", { class: "rule-note rule-note--nukidora" },
      `${result.nukidora} north${result.nukidora === 1 ? "" : "s"} set aside (nukidora, counted as dora) `,
      h("span", { class: "ja", lang: "ja" }, "抜きドラ")));
  }
  if (result.note) out.push(h("p", { class: "rule-note rule-note--gb" }, result.note));
  else if (!RULE_SETS[result.rules ?? "riichi"]?.scored && (result.agari || (result.tiles % 3 === 1 && result.shanten.min === 0))) {
    const { title } = RULE_SETS[result.rules];
    out.push(h("p", { class: "rule-note rule-note--unscored" }, `No score: Paili values riichi hands only so far, not ${title} ones.`));
  }
  return out;
}

const FORMS = [
  ["regular", "Regular", "一般手"],
  ["chiitoitsu", "Seven pairs", "七対子"],
  ["kokushi", "Thirteen orphans", "国士無双"],
  ["quanbukao", "Knitted & honors", "全不靠"],
  ["qixingbukao", "Greater knitted", "七星不靠"],
  ["zuhelong", "Knitted straight", "组合龙"],
  ["min", "Shanten", "向聴数"],
];
/** @type {Record<string, string>} the gloss's language of each form of FORMS that is not Japanese */
const FORM_LANG = { quanbukao: "zh-Hans", qixingbukao: "zh-Hans", zuhelong: "zh-Hans" };

/**
 * Shanten per form, as a small table: the forms the rule set has (the knitted ones under gb).
 * @param {Shanten} shanten
 */
export function shantenTable(shanten) {
  const forms = FORMS.filter(([key]) => key in shanten);
  return h(
    "table",
    { class: "shanten-table" },
    h("caption", { class: "sr-only" }, "Shanten per form"),
    h("thead", {}, h("tr", {}, forms.map(([key, en, ja]) => h("th", { scope: "col" }, en, h("span", { class: "ja", lang: FORM_LANG[key] ?? "ja" }, ja))))),
    h(
      "tbody",
      {},
      h(
        "tr",
        {},
        forms.map(([key]) => {
          const value = shanten[/** @type {keyof Shanten} */ (key)];
          return h("td", { class: value === null ? "na" : null, dataset: { form: key } }, value === null ? "—" : String(value));
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
    const button = /** @type {HTMLButtonElement} */ (tile(name, { size, tag: "button", label: `Draw ${tileName(name)}` }));
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
        h("span", { class: "count" }, srOnly(", "), String(remaining), srOnly(" left")),
      ),
    ),
  );
}

/**
 * A titled block with an English title and the Japanese term in small text.
 * @param {string} title
 * @param {string} ja
 * @param {...Child} content
 */
function block(title, ja, ...content) {
  return h(
    "section",
    { class: "block", "aria-label": title },
    h("h3", {}, title, " ", h("span", { class: "ja", lang: "ja" }, ja)),
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

/** @type {Record<string, string>} */
const GROUP_NAMES = {
  pair: "pair", triplet: "triplet", sequence: "sequence", kokushi: "thirteen orphans", knitted: "knitted tiles",
  honors: "honors", straight: "knitted straight", nukidora: "nukidora",
};

/**
 * @param {string} kind a key of GROUP_NAMES
 * @param {string[]} names tile codes
 */
function group(kind, names) {
  const label = `${GROUP_NAMES[kind]}: ${names.map(tileName).join(", ")}`;
  return h("span", { class: `group group--${kind}`, role: "group", "aria-label": label }, names.map((n) => tile(n, { size: "sm" })));
}

/** @type {Record<string, [string, string, string?]>} a name in the players' terms, its gloss (and the gloss's
 * language, when not Japanese): riichi's shape flags, then Sichuan's names (血战到底) */
const FLAG_NAMES = {
  nine_gates: ["Nine gates", "九蓮宝燈"],
  pure_straight: ["Pure straight", "一気通貫"],
  iipeikou: ["Pure double sequence", "一盃口"],
  ryanpeikou: ["Twice pure double sequence", "二盃口"],
  qingyise: ["Full flush", "清一色", "zh-Hans"],
  duiduihu: ["All triplets", "对对胡", "zh-Hans"],
  qidui: ["Seven pairs", "七对", "zh-Hans"],
  longqidui: ["Dragon seven pairs (a four as two pairs)", "龙七对", "zh-Hans"],
  jingoudiao: ["Golden single wait (four melds called)", "金钩钓", "zh-Hans"],
  daiyaojiu: ["Terminals in every set", "带幺九", "zh-Hans"],
  jiangdui: ["All 2-5-8 triplets", "将对", "zh-Hans"],
};
/** @type {Record<string, [string, string, string?]>} */
const DECOMPOSITION_FORMS = {
  regular: ["Regular", "一般手"],
  chiitoitsu: ["Seven pairs", "七対子"],
  kokushi: ["Thirteen orphans", "国士無双"],
  quanbukao: ["Lesser honors and knitted tiles", "全不靠", "zh-Hans"],
  qixingbukao: ["Greater honors and knitted tiles", "七星不靠", "zh-Hans"],
  zuhelong: ["Knitted straight", "组合龙", "zh-Hans"],
};
/** The thirteen orphans, one of each. */
const KOKUSHI = ["1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z"];

/**
 * A name and its gloss, small: "Full flush 清一色".
 * @param {[string, string, string?] | undefined} entry
 * @param {string} fallback  the engine's id, for a name the page does not know
 * @returns {Child[]}
 */
function named(entry, fallback) {
  const [en, gloss, lang] = entry ?? [fallback, ""];
  return [en, " ", h("span", { class: "ja", lang: lang ?? "ja" }, gloss)];
}

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
  const flags = (d.flags ?? []).map((f) => h("li", { class: "flag", dataset: { flag: f } }, named(FLAG_NAMES[f], f)));
  if (d.gen) flags.push(h("li", { class: "flag", dataset: { flag: "gen" } }, `${d.gen} × four of a kind `, h("span", { class: "ja", lang: "zh-Hans" }, "根")));
  return h(
    "li",
    { class: "decomposition", dataset: { form: d.form } },
    h("p", { class: "decomposition-form" }, named(DECOMPOSITION_FORMS[d.form], d.form)),
    h("div", { class: "groups" }, groups),
    flags.length ? h("ul", { class: "flags", "aria-label": "Flags" }, flags) : null,
  );
}

const MELD_NAMES = { chi: "chi", pon: "pon", kan: "open kan", ankan: "closed kan" };

/**
 * The called melds of a hand, each a group of tiles.
 * @param {Meld[]} list
 * @param {Parameters<typeof tile>[1]} [options]
 */
export function melds(list, options = {}) {
  return list.map((m) => {
    const names = m.tiles;
    const label = `${MELD_NAMES[m.type] ?? m.type}: ${names.map(tileName).join(", ")}`;
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
    `Decompositions (${list.length})`,
    "面子構成",
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
    out.push(block("Waits", "待ち", h("p", { class: "total" }, `${result.waits.length} kinds, ${total} tiles left`), list));
  }
  if (result.ukeire) {
    const { total, tiles: list } = result.ukeire;
    const complete = result.rules === "gb" ? "Tiles that complete the shape" : "Tiles that win";
    const title = result.shanten.min === 0 ? complete : "Tiles that improve";
    out.push(
      block(
        `${title}: ${total}`,
        "受け入れ",
        list.length ? tileCounts(list, { draw }) : h("p", { class: "empty" }, "No tile lowers the shanten."),
      ),
    );
  }
  return out;
}

/** The advice columns of the discard table: their key (a figure of paili.advise), names and class. */
export const ADVICE_COLUMNS = /** @type {const} */ ([
  ["p_win", "Win", "和了"],
  ["p_tenpai", "Tenpai", "聴牌"],
  ["ev", "Points", "打点"],
]);

/**
 * A column header; `sort` makes it a button that sorts the table by that key (the page listens).
 * @param {string} en
 * @param {string} ja
 * @param {{cls?: string, sort?: string}} [options]
 */
function columnHeader(en, ja, { cls = "", sort = "" } = {}) {
  const label = [en, h("span", { class: "ja", lang: "ja" }, ja)];
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
 * the advice columns (win %, tenpai %, expected points, pending until fillAdvice) and a button that expands
 * its details row (`tr.discard-detail`, filled by the page), and the count and advice headers sort the table.
 * @param {Discard[]} discards
 * @param {{hint?: boolean, advice?: boolean, points?: boolean}} [options] `hint`: the line that says a row can be
 *   chosen; `points`: the advice has the expected points column (not under a rule set the engine does not score)
 */
export function discardTable(discards, { hint = true, advice = false, points: scored = true } = {}) {
  const columns = ADVICE_COLUMNS.filter(([key]) => scored || key !== "ev");
  const best = discards.length ? Math.min(...discards.map((d) => d.shanten)) : 0;
  const sortable = advice ? "count" : "";
  const headers = [
    columnHeader("Discard", "打牌", { cls: "discard" }),
    columnHeader("Shanten", "向聴", { cls: "shanten" }),
    columnHeader("Count", "枚数", { cls: "count", sort: sortable }),
    columnHeader("Tiles that improve", "待ち", { cls: "improve" }),
    ...(advice ? columns.map(([key, en, ja]) => columnHeader(en, ja, { cls: key.replace("_", "-"), sort: key })) : []),
    ...(advice ? [h("th", { scope: "col", class: "more" }, srOnly("Details"))] : []),
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
        h("button", { type: "button", class: "discard-button", "aria-label": `Discard ${tileName(name)}` }, tile(name, { size: "sm" })),
      ),
      h("td", { class: "shanten" }, h("span", { class: "long" }, shantenText(d.shanten)), h("span", { class: "short" }, String(d.shanten))),
      h("td", { class: "count" }, String(d.ukeire.total)),
      h("td", { class: "improve" }, h("div", { class: "improve-tiles" }, tileCounts(d.ukeire.tiles, { size: "xs" }))),
      ...(advice ? columns.map(([key]) => h("td", { class: `${key.replace("_", "-")} pending`, dataset: { key } }, "…")) : []),
      ...(advice
        ? [h("td", { class: "more" }, h("button", { type: "button", class: "expand", "aria-expanded": "false", "aria-controls": detail, "aria-label": `Details of discarding ${tileName(name)}` }, h("span", { "aria-hidden": "true" }, "▸")))]
        : []),
    );
    if (!advice) return [main];
    return [main, h("tr", { class: "discard-detail", id: detail, hidden: true, dataset: { tile: name } }, h("td", { colspan: String(headers.length) }))];
  });
  return block(
    "Discards",
    "牌理",
    hint ? h("p", { class: "hint" }, "Choose a row to discard that tile and see the hand that is left.") : null,
    h(
      "table",
      { class: advice ? "discards discards--advice" : "discards" },
      h("caption", { class: "sr-only" }, "Discards, best first"),
      h("thead", {}, h("tr", {}, headers)),
      h("tbody", {}, rows),
    ),
  );
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
    ? [h("span", { class: "meld meld--nukidora", role: "group", "aria-label": `nukidora: ${aside.map(tileName).join(", ")}` }, aside.map((n) => tile(n)))]
    : [];
  return [...concealed, ...melds(result.melds), ...nukidora];
}

/**
 * Every block of an analysis, in order: the summary, the shanten per form, then the decompositions of a win,
 * the waits and ukeire of a 3n+1 hand, or the discard table of a 3n+2 hand.
 * @param {Analysis} result
 * @param {{hint?: boolean, draw?: boolean, advice?: boolean}} [options] `hint`: say that a discard row can be
 *   chosen; `draw`: the waits and improving tiles are buttons that draw them into the hand; `advice`: the discard
 *   table has the advice columns (see discardTable)
 * @returns {HTMLElement[]}
 */
export function resultBlocks(result, { hint = true, draw = false, advice = false } = {}) {
  return [
    summary(result),
    ...ruleNotes(result),
    shantenTable(result.shanten),
    ...(result.agari && result.decompositions ? [decompositions(result.decompositions, result.concealed)] : []),
    ...("waits" in result || "ukeire" in result ? waitsAndUkeire(result, { draw }) : []),
    ...(result.discards ? [discardTable(result.discards, { hint, advice, points: RULE_SETS[result.rules ?? "riichi"]?.scored ?? true })] : []),
  ];
}
