// The words and blocks of a score (paili.score's JSON), shared by the page's Score panel (score.js) and the
// embed view (embed.js): yaku by name (English with the Japanese), han and fu with the fu explained, the limit,
// who pays what; a hand with no yaku says why it cannot win; each wait of a tenpai hand gets its worth. The
// text helpers are pure (tests/js/scoreview.test.js); the block builders make detached DOM nodes.

import { gloss, t, translator } from "./i18n.js";
import { glossSpan, h } from "./render.js";
import { tileName } from "./tiles.js";

/** @typedef {import("../paili.mjs").RiichiScore} Score  riichi's (and sanma's) */
/** @typedef {import("../paili.mjs").GbScore} GbScore */
/** @typedef {import("../paili.mjs").Meld} Meld */
/** @typedef {import("../paili.mjs").FuEntry} FuEntry */
/** @typedef {import("./situation.js").Situation} Situation */
/** @typedef {{tile: string, remaining: number, ron: Score | null, tsumo: Score | null}} WaitScore */

// Every yaku id of paili.score (engine/paili/scoring/yaku.py, YAKU_ORDER): its name for players, then the
// Japanese. tests/test_score_names.py fails when an id is missing here.

/**
 * A yaku's name for players, and the Japanese ("Riichi", "立直"); an id the table lacks shows as itself.
 * @param {string} id
 * @returns {[string, string]}
 */
export function yakuName(id) {
  const name = translator().lookup(`yaku.${id}`);
  return name === null ? [id, ""] : [name, glossText(`yaku.${id}`, name)];
}

/**
 * Points as players write them: 12000 -> "12,000".
 * @param {number} points
 */
export function formatPoints(points) {
  return translator().number(points);
}

/**
 * What the hand is worth in han and fu, or its yakuman ("3 han 40 fu", "Yakuman", "Double yakuman").
 * @param {Score} score
 */
export function valueText(score) {
  if (score.yakuman) return yakumanText(score.yakuman);
  return t("score.han_fu", { han: score.han, fu: score.fu });
}

/**
 * The Japanese term of a key, "" when the page is in Japanese or the term is the name shown.
 * @param {string} key
 * @param {string} name
 */
function glossText(key, name) {
  const term = gloss(key);
  return term && term !== name ? term : "";
}

/**
 * "Yakuman", "Double yakuman"..., or "7x yakuman" past the words there are.
 * @param {number} multiple
 */
function yakumanText(multiple) {
  if (multiple === 1) return t("score.yakuman");
  return translator().lookup(`score.yakuman_${multiple}`) ?? t("score.yakuman_multiple", { count: multiple });
}

/**
 * The limit reached, as [English, Japanese], or null (below mangan, and a yakuman says so in valueText).
 * @param {Score} score
 * @returns {[string, string] | null}
 */
export function limitName(score) {
  if (!score.limit || score.yakuman) return null;
  const name = translator().lookup(`limit.${score.limit}`);
  return name === null ? [score.limit, ""] : [name, glossText(`limit.${score.limit}`, name)];
}

/**
 * Who pays what, one sentence each (honba included, as the engine counts them), then the sticks and the total.
 * @param {Score} score
 * @param {{honba: number, riichi_sticks: number}} table
 * @returns {string[]}
 */
export function paymentLines(score, { honba, riichi_sticks }) {
  const { ron, dealer, others } = score.payments;
  const lines = [];
  if (ron !== undefined) lines.push(t("score.pay_ron", { points: formatPoints(ron) }));
  else if (dealer !== undefined) {
    lines.push(t("score.pay_tsumo_dealer", { dealer: formatPoints(dealer), others: formatPoints(others ?? 0) }));
  } else if (others !== undefined) lines.push(t("score.pay_tsumo_others", { points: formatPoints(others) }));
  if (honba > 0) lines.push(t("score.pay_honba", { count: honba, points: formatPoints(300 * honba) }));
  if (riichi_sticks > 0) {
    lines.push(t("score.pay_sticks", { count: riichi_sticks, points: formatPoints(1000 * riichi_sticks) }));
  }
  lines.push(t("score.pay_total", { points: formatPoints(score.total) }));
  return lines;
}

/**
 * Why a complete hand with no yaku cannot win, in a player's words.
 * @param {Situation} situation
 * @param {{melds: Meld[]}} hand
 */
export function noYakuReason(situation, { melds }) {
  const open = melds.some((m) => m.type !== "ankan");
  const first = t("score.no_yaku_reason");
  if (open) return `${first} ${t("score.no_yaku_open")}`;
  if (!situation.tsumo && situation.riichi === 0) return `${first} ${t("score.no_yaku_ron")}`;
  return first;
}

/**
 * The situation in one line, for the read-only panel of the embed view ("Ron on 4 sou · seat South, round
 * East · riichi · dora indicators 4p").
 * @param {Situation} s  already limited to what applies (situation.effective)
 * @param {{waits?: boolean}} [options]  `waits`: the situation of a tenpai hand (no winning tile)
 */
export function situationText(s, { waits = false } = {}) {
  const parts = [];
  /** @param {string} code */
  const wind = (code) => translator().lookup(`wind.${code}`) ?? code;
  if (!waits && s.win) parts.push(t("score.situation_win", { how: t(s.tsumo ? "score.how_tsumo" : "score.how_ron"), tile: tileName(s.win) }));
  parts.push(t(s.seat_wind === "1z" ? "score.situation_seat_dealer" : "score.situation_seat", { seat: wind(s.seat_wind), round: wind(s.round_wind) }));
  if (s.riichi) parts.push(t(s.riichi === 2 ? "score.sit_double_riichi" : "score.sit_riichi"));
  if (s.ippatsu) parts.push(t("score.sit_ippatsu"));
  if (s.last_tile) parts.push(t(waits ? "score.last_tile_short" : s.tsumo ? "score.sit_haitei" : "score.sit_houtei"));
  if (s.rinshan) parts.push(t("score.sit_rinshan"));
  if (s.chankan) parts.push(t("score.sit_chankan"));
  if (s.blessing) parts.push(t(s.seat_wind === "1z" ? "score.first_draw_dealer" : "score.first_draw"));
  if (s.dora.trim()) parts.push(t("score.dora_list", { tiles: s.dora.trim() }));
  if (s.ura.trim()) parts.push(t("score.ura_list", { tiles: s.ura.trim() }));
  if (s.honba) parts.push(t("score.honba_count", { count: s.honba }));
  if (s.riichi_sticks) parts.push(t("score.sticks_count", { count: s.riichi_sticks }));
  if (s.flowers) parts.push(t("score.flowers_count", { count: s.flowers }));
  if (s.last_copy) parts.push(t("score.sit_last_copy"));
  const text = parts.join(" · ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The blocks of a score: the value line (han and fu or yakuman, the limit, the points), the yaku with their han,
 * the fu breakdown, the payments; for a hand with no yaku, the reason instead.
 * @param {Score | GbScore} score
 * @param {Situation} situation
 * @param {{melds: Meld[]}} hand
 * @returns {HTMLElement[]}
 */
export function scoreBlocks(score, situation, hand) {
  if (isGbScore(score)) return gbScoreBlocks(score);
  if (score.no_yaku) {
    return [h("p", { class: "no-yaku", role: "note" }, h("strong", {}, t("score.no_yaku"), " "), noYakuReason(situation, hand))];
  }
  const limit = limitName(score);
  const value = h(
    "p",
    { class: "score-value" },
    h("span", { class: "score-han" }, valueText(score)),
    limit ? h("span", { class: "score-limit" }, " · ", limit[0], limit[1] ? " " : null, limit[1] ? h("span", { class: "ja", lang: "ja" }, limit[1]) : null) : null,
    h("span", { class: "score-points" }, t("score.points", { points: formatPoints(score.points) })),
  );
  const yaku = h(
    "table",
    { class: "yaku-table" },
    h("caption", { class: "sr-only" }, t("score.yaku_caption")),
    h("tbody", {}, score.yaku.map((y) => {
      const [en, ja] = yakuName(y.id);
      const han = y.yakuman ? (y.yakuman > 1 ? yakumanText(y.yakuman) : t("score.row_yakuman")) : t("score.han", { count: y.han });
      return h("tr", { dataset: { yaku: y.id } }, h("th", { scope: "row" }, en, ja ? " " : null, ja ? h("span", { class: "ja", lang: "ja" }, ja) : null),
        h("td", {}, han));
    })),
  );
  const fu = score.yakuman || score.fu_breakdown.length === 0 ? null : h(
    "section",
    { class: "fu-breakdown", "aria-label": t("score.fu_label") },
    h("h3", {}, t("score.fu_title", { count: score.fu }), " ", glossSpan("term.fu", t("score.fu_label"))),
    h("ul", {}, score.fu_breakdown.map((e) => h("li", {}, h("span", { class: "fu" }, t("score.fu_count", { count: e.fu })), " ", fuReason(e)))),
  );
  const payments = h("ul", { class: "payments", "aria-label": t("score.payments_label") },
    paymentLines(score, situation).map((line) => h("li", {}, line)));
  return [value, yaku, ...(fu ? [fu] : []), payments];
}

/**
 * One line of the fu breakdown in the language shown, from its `id` and `params` (engine/paili/scoring/fu.py,
 * FU_IDS; the catalog keys `fu.<id>`): "closed triplet of 5 man, simple", "暗刻 五萬（中張牌）"; an
 * id the catalogs lack shows its English `reason`.
 * @param {FuEntry} entry
 */
export function fuReason({ id, params, reason }) {
  if (translator().lookup(`fu.${id}`) === null) return reason;
  const p = params ?? {};
  const tile = typeof p.tile === "string" ? tileName(p.tile) : "";
  if (id === "set") {
    const line = t("fu.set", {
      set: t(`fu.set_${p.open ? "open" : "closed"}_${p.kind === "quad" ? "quad" : "triplet"}`),
      tile, class: t(p.orphan ? "fu.set_orphan" : "fu.set_simple"),
    });
    return p.ron ? t("fu.set_by_ron", { line }) : line;
  }
  if (id === "pair") return t("fu.pair", { tile, why: translator().lookup(`fu.pair_${p.why}`) ?? String(p.why) });
  if (id === "wait") return t("fu.wait", { wait: translator().lookup(`wait.${p.wait}`) ?? String(p.wait) });
  if (id === "rounding") return t("fu.rounding", { raw: Number(p.raw) });
  return t(`fu.${id}`);
}

/**
 * An engine error of the situation as a line of text in the language shown (its `code` and `params` through
 * the catalogs), naming the part it belongs to unless that is the hand ("dora: expected a digit ...").
 * @param {{message?: string, field?: string | null, code?: string, params?: Record<string, string | number | boolean | null>}} error
 */
export function errorText(error) {
  const text = translator().error(error) || t("score.failed");
  const { field } = error;
  if (!field || field === "hand") return text;
  return t("score.field_error", { field: translator().lookup(`score.field.${field}`) ?? field.replaceAll("_", " "), message: text });
}

/**
 * The worth of one wait, in words: "Ron 2,900 · Tsumo 3,900", "No yaku" (neither way has one), a way the
 * situation rules out left out.
 * @param {WaitScore} entry
 */
export function waitValueText({ ron, tsumo }) {
  /** @type {(label: string, s: Score | null) => string | null} */
  const part = (label, s) => (s === null ? null : s.no_yaku ? t("score.wait_no_yaku", { how: label }) : t("score.wait_value", { how: label, points: formatPoints(s.points) }));
  if ((ron === null || ron.no_yaku) && (tsumo === null || tsumo.no_yaku)) return t("score.no_yaku_short");
  return [part(t("score.how_ron"), ron), part(t("score.how_tsumo"), tsumo)].filter(Boolean).join(" · ");
}

/**
 * Write each wait's worth beside it, in the waits list render.js drew (`ul.waits`, one `li[data-tile]` per
 * wait); `null` takes the values away.
 * @param {ParentNode} root  where the waits block is
 * @param {WaitScore[] | null} entries
 */
export function fillWaitValues(root, entries) {
  for (const old of root.querySelectorAll("ul.waits .wait-value")) old.remove();
  if (!entries) return;
  for (const entry of entries) {
    const item = root.querySelector(`ul.waits li[data-tile="${entry.tile}"]`);
    if (!item) continue;
    const dataset = {
      ron: entry.ron && !entry.ron.no_yaku ? String(entry.ron.points) : entry.ron ? "0" : null,
      tsumo: entry.tsumo && !entry.tsumo.no_yaku ? String(entry.tsumo.points) : entry.tsumo ? "0" : null,
    };
    // One line per way to win (the " · " between them is for reading as text, hidden on screen).
    const parts = waitValueText(entry).split(" · ");
    item.append(h("span", { class: "wait-value", dataset },
      parts.flatMap((part, i) => [i ? h("span", { class: "sep" }, " · ") : null, h("span", { class: "way" }, part)])));
  }
}

/**
 * A Chinese Official score (paili.score with rules "gb").
 * @param {Score | GbScore} score
 * @returns {score is GbScore}
 */
export function isGbScore(score) {
  return score.rules === "gb";
}

/**
 * GB's payments in words: by discard the discarder's share and each other player's, by self-draw each
 * player's; then the winner's gain. None for a hand short of 8 fans.
 * @param {GbScore} score
 * @returns {string[]}
 */
export function gbPaymentLines(score) {
  if (!score.legal) return [];
  const { discarder, others } = score.payments;
  const lines = discarder !== undefined
    ? [t("score.gb_pay_discard", { discarder: formatPoints(discarder), others: formatPoints(others ?? 0) })]
    : [t("score.gb_pay_tsumo", { points: formatPoints(others ?? 0) })];
  lines.push(t("score.pay_total", { points: formatPoints(score.total) }));
  return lines;
}

/**
 * The blocks of a GB score: the total and whether it is a legal win (8 fans without the flowers), the fans
 * counted, the payments.
 * @param {GbScore} score
 * @returns {HTMLElement[]}
 */
export function gbScoreBlocks(score) {
  const flowers = score.fans.find((f) => f.id === "flower_tiles");
  const short = 8 - (score.fan - (flowers ? flowers.fan * flowers.count : 0));
  const value = h(
    "p",
    { class: "score-value" },
    h("span", { class: "score-han" }, t("score.gb_fans", { count: score.fan })),
    h("span", { class: score.legal ? "score-legal" : "score-short" }, " · ", score.legal ? t("score.gb_legal") : t("score.gb_short", { short })),
  );
  const fans = h(
    "table",
    { class: "yaku-table gb-fans" },
    h("caption", { class: "sr-only" }, t("score.gb_fans_caption")),
    h("tbody", {}, score.fans.map((f) => h("tr", { dataset: { fan: f.id } },
      h("th", { scope: "row" }, t(`gb_fan.${f.id}`), f.count > 1 ? ` ×${f.count}` : ""),
      h("td", {}, t("score.gb_fans", { count: f.fan * f.count }))))),
  );
  const payments = h("ul", { class: "payments", "aria-label": t("score.payments_label") }, gbPaymentLines(score).map((line) => h("li", {}, line)));
  return [value, fans, ...(score.legal ? [payments] : [])];
}
