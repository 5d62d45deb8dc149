// The words and blocks of a score (paili.score's JSON), shared by the page's Score panel (score.js) and the
// embed view (embed.js): yaku by name (English with the Japanese), han and fu with the fu explained, the limit,
// who pays what; a hand with no yaku says why it cannot win; each wait of a tenpai hand gets its worth. The
// text helpers are pure (tests/js/scoreview.test.js); the block builders make detached DOM nodes.

import { h } from "./render.js";
import { tileName } from "./tiles.js";

/** @typedef {import("../paili.mjs").Score} Score */
/** @typedef {import("../paili.mjs").Meld} Meld */
/** @typedef {import("./situation.js").Situation} Situation */
/** @typedef {{tile: string, remaining: number, ron: Score | null, tsumo: Score | null}} WaitScore */

// Every yaku id of paili.score (engine/paili/scoring/yaku.py, YAKU_ORDER): its name for players, then the
// Japanese. tests/test_score_names.py fails when an id is missing here.
/** @type {Record<string, [string, string]>} */
export const YAKU_NAMES = {
  tenhou: ["Tenhou (blessing of heaven)", "天和"],
  chiihou: ["Chiihou (blessing of earth)", "地和"],
  kokushi: ["Thirteen orphans", "国士無双"],
  kokushi_13: ["Thirteen orphans, 13-sided wait", "国士無双十三面待ち"],
  suuankou: ["Four concealed triplets", "四暗刻"],
  suuankou_tanki: ["Four concealed triplets, pair wait", "四暗刻単騎"],
  daisangen: ["Big three dragons", "大三元"],
  shousuushii: ["Little four winds", "小四喜"],
  daisuushii: ["Big four winds", "大四喜"],
  tsuuiisou: ["All honors", "字一色"],
  ryuuiisou: ["All green", "緑一色"],
  chinroutou: ["All terminals", "清老頭"],
  suukantsu: ["Four quads", "四槓子"],
  chuuren: ["Nine gates", "九蓮宝燈"],
  junsei_chuuren: ["True nine gates", "純正九蓮宝燈"],
  riichi: ["Riichi", "立直"],
  double_riichi: ["Double riichi", "両立直"],
  ippatsu: ["Ippatsu (one-shot)", "一発"],
  menzen_tsumo: ["Closed self-draw (menzen tsumo)", "門前清自摸和"],
  tanyao: ["All simples (tanyao)", "断么九"],
  pinfu: ["Pinfu (no-points hand)", "平和"],
  iipeikou: ["Pure double sequence (iipeikou)", "一盃口"],
  yakuhai_haku: ["White dragon", "役牌 白"],
  yakuhai_hatsu: ["Green dragon", "役牌 發"],
  yakuhai_chun: ["Red dragon", "役牌 中"],
  round_wind: ["Round wind", "場風"],
  seat_wind: ["Seat wind", "自風"],
  rinshan: ["After a kan (rinshan)", "嶺上開花"],
  chankan: ["Robbing a kan (chankan)", "搶槓"],
  haitei: ["Last tile drawn (haitei)", "海底摸月"],
  houtei: ["Last discard (houtei)", "河底撈魚"],
  chiitoitsu: ["Seven pairs (chiitoitsu)", "七対子"],
  chanta: ["Outside hand (chanta)", "混全帯么九"],
  ittsu: ["Pure straight (ittsu)", "一気通貫"],
  sanshoku: ["Mixed triple sequence (sanshoku)", "三色同順"],
  sanshoku_doukou: ["Triple triplets", "三色同刻"],
  sankantsu: ["Three quads", "三槓子"],
  toitoi: ["All triplets (toitoi)", "対々和"],
  sanankou: ["Three concealed triplets", "三暗刻"],
  shousangen: ["Little three dragons", "小三元"],
  honroutou: ["All terminals and honors", "混老頭"],
  ryanpeikou: ["Twice pure double sequence", "二盃口"],
  junchan: ["Terminals in every set (junchan)", "純全帯么九"],
  honitsu: ["Half flush (honitsu)", "混一色"],
  chinitsu: ["Full flush (chinitsu)", "清一色"],
  dora: ["Dora", "ドラ"],
  aka: ["Red fives", "赤ドラ"],
  ura: ["Ura dora", "裏ドラ"],
};

/** @type {Record<string, [string, string]>} */
export const LIMIT_NAMES = {
  mangan: ["Mangan", "満貫"],
  haneman: ["Haneman", "跳満"],
  baiman: ["Baiman", "倍満"],
  sanbaiman: ["Sanbaiman", "三倍満"],
  kazoe_yakuman: ["Counted yakuman", "数え役満"],
  yakuman: ["Yakuman", "役満"],
};

const MULTIPLES = ["", "", "Double ", "Triple ", "Quadruple ", "Quintuple ", "Sextuple "];

/**
 * A yaku's name for players, and the Japanese ("Riichi", "立直"); an id the table lacks shows as itself.
 * @param {string} id
 * @returns {[string, string]}
 */
export function yakuName(id) {
  return YAKU_NAMES[id] ?? [id, ""];
}

/**
 * Points as players write them: 12000 -> "12,000".
 * @param {number} points
 */
export function formatPoints(points) {
  return points.toLocaleString("en-US");
}

/**
 * What the hand is worth in han and fu, or its yakuman ("3 han 40 fu", "Yakuman", "Double yakuman").
 * @param {Score} score
 */
export function valueText(score) {
  if (score.yakuman) return `${MULTIPLES[score.yakuman] ?? `${score.yakuman}x `}${score.yakuman > 1 ? "yakuman" : "Yakuman"}`;
  return `${score.han} han ${score.fu} fu`;
}

/**
 * The limit reached, as [English, Japanese], or null (below mangan, and a yakuman says so in valueText).
 * @param {Score} score
 * @returns {[string, string] | null}
 */
export function limitName(score) {
  if (!score.limit || score.yakuman) return null;
  return LIMIT_NAMES[score.limit] ?? [score.limit, ""];
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
  if (ron !== undefined) lines.push(`Ron: the player who discarded the tile pays ${formatPoints(ron)}.`);
  else if (dealer !== undefined) {
    lines.push(`Tsumo: the dealer pays ${formatPoints(dealer)}, each other player ${formatPoints(others ?? 0)}.`);
  } else if (others !== undefined) lines.push(`Tsumo: each other player pays ${formatPoints(others)}.`);
  if (honba > 0) lines.push(`Included: ${honba} honba (${formatPoints(300 * honba)} in all).`);
  if (riichi_sticks > 0) {
    lines.push(`The winner also takes the ${riichi_sticks} riichi stick${riichi_sticks > 1 ? "s" : ""} on the table (${formatPoints(1000 * riichi_sticks)}).`);
  }
  lines.push(`The winner gets ${formatPoints(score.total)} in all.`);
  return lines;
}

/**
 * Why a complete hand with no yaku cannot win, in a player's words.
 * @param {Situation} situation
 * @param {{melds: Meld[]}} hand
 */
export function noYakuReason(situation, { melds }) {
  const open = melds.some((m) => m.type !== "ankan");
  const first = "The hand is complete but has no yaku, so it cannot win: a win needs at least one yaku, and dora, red fives and ura dora do not count.";
  if (open) {
    return `${first} With an open meld there is no riichi and no closed self-draw, so the yaku must come from the tiles (a dragon or a wind triplet, all simples, a flush, all triplets…).`;
  }
  if (!situation.tsumo && situation.riichi === 0) {
    return `${first} A closed hand won by ron needs riichi or a yaku in its tiles: declare riichi, or win by tsumo (a closed self-draw is a yaku).`;
  }
  return first;
}

const WIND_NAMES = /** @type {Record<string, string>} */ ({ "1z": "East", "2z": "South", "3z": "West", "4z": "North" });

/**
 * The situation in one line, for the read-only panel of the embed view ("Ron on 4 sou · seat South, round
 * East · riichi · dora indicators 4p").
 * @param {Situation} s  already limited to what applies (situation.effective)
 * @param {{waits?: boolean}} [options]  `waits`: the situation of a tenpai hand (no winning tile)
 */
export function situationText(s, { waits = false } = {}) {
  const parts = [];
  if (!waits && s.win) parts.push(`${s.tsumo ? "Tsumo" : "Ron"} on ${tileName(s.win)}`);
  parts.push(`seat ${WIND_NAMES[s.seat_wind] ?? s.seat_wind}${s.seat_wind === "1z" ? " (dealer)" : ""}, round ${WIND_NAMES[s.round_wind] ?? s.round_wind}`);
  if (s.riichi) parts.push(s.riichi === 2 ? "double riichi" : "riichi");
  if (s.ippatsu) parts.push("ippatsu");
  if (s.last_tile) parts.push(waits ? "last tile" : s.tsumo ? "last tile drawn (haitei)" : "last discard (houtei)");
  if (s.rinshan) parts.push("after a kan (rinshan)");
  if (s.chankan) parts.push("robbing a kan (chankan)");
  if (s.blessing) parts.push(s.seat_wind === "1z" ? "dealer's first draw (tenhou)" : "first draw (chiihou)");
  if (s.dora.trim()) parts.push(`dora indicators ${s.dora.trim()}`);
  if (s.ura.trim()) parts.push(`ura dora indicators ${s.ura.trim()}`);
  if (s.honba) parts.push(`${s.honba} honba`);
  if (s.riichi_sticks) parts.push(`${s.riichi_sticks} riichi stick${s.riichi_sticks > 1 ? "s" : ""}`);
  const text = parts.join(" · ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The blocks of a score: the value line (han and fu or yakuman, the limit, the points), the yaku with their han,
 * the fu breakdown, the payments; for a hand with no yaku, the reason instead.
 * @param {Score} score
 * @param {Situation} situation
 * @param {{melds: Meld[]}} hand
 * @returns {HTMLElement[]}
 */
export function scoreBlocks(score, situation, hand) {
  if (score.no_yaku) {
    return [h("p", { class: "no-yaku", role: "note" }, h("strong", {}, "No yaku. "), noYakuReason(situation, hand))];
  }
  const limit = limitName(score);
  const value = h(
    "p",
    { class: "score-value" },
    h("span", { class: "score-han" }, valueText(score)),
    limit ? h("span", { class: "score-limit" }, " · ", limit[0], " ", h("span", { class: "ja", lang: "ja" }, limit[1])) : null,
    h("span", { class: "score-points" }, `${formatPoints(score.points)} points`),
  );
  const yaku = h(
    "table",
    { class: "yaku-table" },
    h("caption", { class: "sr-only" }, "Yaku"),
    h("tbody", {}, score.yaku.map((y) => {
      const [en, ja] = yakuName(y.id);
      const han = y.yakuman ? (y.yakuman > 1 ? `${MULTIPLES[y.yakuman] ?? `${y.yakuman}x `}yakuman` : "yakuman") : `${y.han} han`;
      return h("tr", { dataset: { yaku: y.id } }, h("th", { scope: "row" }, en, " ", h("span", { class: "ja", lang: "ja" }, ja)),
        h("td", {}, han));
    })),
  );
  const fu = score.yakuman || score.fu_breakdown.length === 0 ? null : h(
    "section",
    { class: "fu-breakdown", "aria-label": "Fu" },
    h("h3", {}, `Fu: ${score.fu}`, " ", h("span", { class: "ja", lang: "ja" }, "符")),
    h("ul", {}, score.fu_breakdown.map((e) => h("li", {}, h("span", { class: "fu" }, `${e.fu} fu`), " ", e.reason))),
  );
  const payments = h("ul", { class: "payments", "aria-label": "Payments" },
    paymentLines(score, situation).map((line) => h("li", {}, line)));
  return [value, yaku, ...(fu ? [fu] : []), payments];
}

/**
 * The worth of one wait, in words: "Ron 2,900 · Tsumo 3,900", "No yaku" (neither way has one), a way the
 * situation rules out left out.
 * @param {WaitScore} entry
 */
export function waitValueText({ ron, tsumo }) {
  /** @type {(label: string, s: Score | null) => string | null} */
  const part = (label, s) => (s === null ? null : s.no_yaku ? `${label}: no yaku` : `${label} ${formatPoints(s.points)}`);
  if ((ron === null || ron.no_yaku) && (tsumo === null || tsumo.no_yaku)) return "No yaku";
  return [part("Ron", ron), part("Tsumo", tsumo)].filter(Boolean).join(" · ");
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
