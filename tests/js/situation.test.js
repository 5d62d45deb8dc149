// The situation of a win in the page's address (web/js/situation.js): encode / decode round trips, defaults
// left out, bad values read as defaults, what applies to which hand, the engine's options, the default tile.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import {
  DEFAULT_SITUATION, MAX_COUNT, PARAMS, WINDS, applicable, countOf, decodeSituation, defaultWin, effective,
  encodeSituation, lastTyped, scoreOptions,
} from "../../web/js/situation.js";

/** @typedef {import("../../web/js/situation.js").Situation} Situation */
/** @typedef {import("../../web/paili.mjs").Meld} Meld */

/**
 * A seeded generator (mulberry32), so a failure can be replayed.
 * @param {number} seed
 */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A random situation of values the panel can set.
 * @param {() => number} rnd
 * @returns {Situation}
 */
function randomSituation(rnd) {
  /** @type {<T>(list: readonly T[]) => T} */
  const pick = (list) => list[Math.floor(rnd() * list.length)];
  const codes = ["1m", "5m", "0m", "9p", "0p", "4s", "0s", "1z", "7z"];
  return {
    win: pick([null, ...codes]),
    tsumo: rnd() < 0.5,
    seat_wind: pick(WINDS),
    round_wind: pick(WINDS),
    riichi: pick(/** @type {const} */ ([0, 1, 2])),
    ippatsu: rnd() < 0.5,
    last_tile: rnd() < 0.5,
    rinshan: rnd() < 0.5,
    chankan: rnd() < 0.5,
    blessing: rnd() < 0.5,
    dora: pick(["", "4p", "1z9s", "0m 3s"]),
    ura: pick(["", "2m", "5z6z"]),
    honba: pick([0, 1, 3, MAX_COUNT]),
    riichi_sticks: pick([0, 1, 2]),
    flowers: pick([0, 1, 8]),
    last_copy: rnd() < 0.5,
  };
}

/**
 * @param {Meld["type"]} type
 * @returns {Meld}
 */
const meld = (type) => ({ type, tiles: [], text: "" });

describe("encodeSituation / decodeSituation", () => {
  it("round-trips every situation the panel can set, through the text of an address", () => {
    const rnd = random(20261123);
    for (let n = 0; n < 500; n += 1) {
      const situation = randomSituation(rnd);
      const params = new URLSearchParams("q=123m456p789s234s55p&v=1z");
      encodeSituation(situation, params);
      const back = decodeSituation(new URLSearchParams(params.toString()));
      assert.deepEqual(back, situation);
      assert.equal(params.get("q"), "123m456p789s234s55p", "the hand's parameter is left alone");
      assert.equal(params.get("v"), "1z");
    }
  });

  it("leaves the defaults out, so a plain hand's address stays short", () => {
    const params = new URLSearchParams();
    encodeSituation({ ...DEFAULT_SITUATION }, params);
    assert.equal(params.toString(), "");
    encodeSituation({ ...DEFAULT_SITUATION, win: "4s", tsumo: true, riichi: 1, dora: " 4p ", honba: 2 }, params);
    assert.equal(params.toString(), "w=4s&t=1&r=1&d=4p&hb=2");
  });

  it("replaces what an address already says", () => {
    const params = new URLSearchParams("q=x&r=2&d=1m&ip=1");
    encodeSituation({ ...DEFAULT_SITUATION, riichi: 1 }, params);
    assert.equal(params.toString(), "q=x&r=1");
  });

  it("uses short, distinct parameter names that do not take the page's q and v", () => {
    const names = /** @type {string[]} */ (Object.values(PARAMS));
    assert.equal(new Set(names).size, names.length);
    assert.ok(!names.includes("q") && !names.includes("v"));
    assert.ok(names.every((name) => name.length <= 2));
  });

  it("reads what the panel cannot set as the default", () => {
    const back = decodeSituation(new URLSearchParams("w=xx&t=yes&sw=5z&rw=&r=3&ip=true&hb=-1&rb=1.5&d=" + "1m".repeat(50)));
    assert.deepEqual({ ...back, dora: "" }, { ...DEFAULT_SITUATION });
    assert.equal(back.dora.length, 40, "an indicator text is bounded, and the engine checks it");
  });
});

describe("countOf", () => {
  it("takes whole numbers 0..MAX_COUNT and nothing else", () => {
    assert.equal(countOf("3"), 3);
    assert.equal(countOf(String(MAX_COUNT)), MAX_COUNT);
    for (const bad of [null, undefined, "", "-1", "1.5", "abc", String(MAX_COUNT + 1)]) {
      assert.equal(countOf(bad), 0, String(bad));
    }
  });
});

describe("applicable / effective / scoreOptions", () => {
  const closed = { melds: [] };
  const withClosedKan = { melds: [meld("ankan")] };
  const open = { melds: [meld("pon")] };
  const openKan = { melds: [meld("kan")] };

  it("offers riichi only to a closed hand (closed kans allowed), ippatsu and ura only with riichi", () => {
    const s = { ...DEFAULT_SITUATION, riichi: /** @type {const} */ (1) };
    assert.equal(applicable(s, closed).riichi, true);
    assert.equal(applicable(s, withClosedKan).riichi, true);
    assert.equal(applicable(s, open).riichi, false);
    assert.equal(applicable(s, open).ippatsu, false);
    assert.equal(applicable(s, closed).ippatsu, true);
    assert.equal(applicable({ ...s, riichi: 0 }, closed).ura, false);
  });

  it("offers rinshan for a tsumo with a kan, chankan for a ron, the first draw for a closed tsumo without riichi", () => {
    const ron = { ...DEFAULT_SITUATION };
    const tsumo = { ...DEFAULT_SITUATION, tsumo: true };
    assert.equal(applicable(tsumo, openKan).rinshan, true);
    assert.equal(applicable(tsumo, withClosedKan).rinshan, true);
    assert.equal(applicable(tsumo, open).rinshan, false);
    assert.equal(applicable(ron, openKan).rinshan, false);
    assert.equal(applicable(ron, closed).chankan, true);
    assert.equal(applicable(tsumo, closed).chankan, false);
    assert.equal(applicable(tsumo, closed).blessing, true);
    assert.equal(applicable({ ...tsumo, riichi: 1 }, closed).blessing, false);
    assert.equal(applicable(tsumo, withClosedKan).blessing, false);
    assert.equal(applicable(ron, closed).blessing, false);
  });

  it("for a tenpai hand's waits, has no winning tile and offers what either way allows", () => {
    const applies = applicable({ ...DEFAULT_SITUATION }, openKan, { waits: true });
    assert.equal(applies.win, false);
    assert.equal(applies.tsumo, false);
    assert.equal(applies.rinshan, true);
    assert.equal(applies.chankan, true);
  });

  it("under GB offers flowers and the last copy, and none of riichi's parts; asks with GB's situation alone", () => {
    const gbHand = { melds: [], rules: /** @type {const} */ ("gb") };
    const s = { ...DEFAULT_SITUATION, riichi: /** @type {const} */ (1), ippatsu: true, tsumo: true, blessing: true,
      dora: "1m", ura: "2m", honba: 2, riichi_sticks: 1, flowers: 3, last_copy: true, last_tile: true, win: "5z" };
    const applies = applicable(s, gbHand);
    for (const key of /** @type {const} */ (["riichi", "ippatsu", "ura", "blessing", "dora", "honba", "riichi_sticks"])) {
      assert.equal(applies[key], false, key);
    }
    assert.equal(applies.flowers, true);
    assert.equal(applies.last_copy, true);
    assert.equal(applicable(s, gbHand, { waits: true }).last_copy, false);
    assert.deepEqual(scoreOptions(s, gbHand), { rules: "gb", seat_wind: "1z", round_wind: "1z", last_tile: true, rinshan: false,
      chankan: false, flowers: 3, last_copy: true, win: "5z", tsumo: true });
    // and riichi's hands never get GB's parts
    assert.equal(applicable(s, closed).flowers, false);
    assert.equal(effective(s, closed).flowers, 0);
    assert.equal(effective(s, closed).last_copy, false);
  });

  it("scores only what applies: the rest goes back to its default", () => {
    const rnd = random(7);
    for (let n = 0; n < 300; n += 1) {
      const s = randomSituation(rnd);
      for (const hand of [closed, withClosedKan, open, openKan]) {
        for (const waits of [false, true]) {
          const applies = applicable(s, hand, { waits });
          const e = effective(s, hand, { waits });
          for (const key of /** @type {const} */ (["ippatsu", "last_tile", "rinshan", "chankan", "blessing", "last_copy"])) {
            assert.equal(e[key], applies[key] && s[key], key);
          }
          assert.equal(e.riichi, applies.riichi ? s.riichi : 0);
          const options = /** @type {Record<string, unknown>} */ (scoreOptions(s, hand, { waits })); // riichi's hands
          assert.equal("win" in options, !waits);
          assert.equal(options.dora, s.dora.trim());
          assert.equal(options.ura, e.ura.trim());
          assert.equal(options.honba, s.honba);
        }
      }
    }
  });
});

describe("lastTyped / defaultWin", () => {
  it("finds the last tile written, melds aside", () => {
    assert.equal(lastTyped("123m456p789s234s55p"), "5p");
    assert.equal(lastTyped("123m456p789s55p [234s]"), "5p");
    assert.equal(lastTyped("123m 456p (1111z) 789s 20s"), "0s");
    assert.equal(lastTyped("12378m"), "8m");
    assert.equal(lastTyped("[234s]"), null);
    assert.equal(lastTyped(""), null);
  });

  it("keeps the wanted tile when the hand holds it, else the one entered, else the last", () => {
    const concealed = ["1m", "2m", "3m", "0p", "5p", "9s"];
    assert.equal(defaultWin(concealed, "0p", "2m"), "0p");
    assert.equal(defaultWin(concealed, "7z", "2m"), "2m");
    assert.equal(defaultWin(concealed, null, "5m"), "9s");
    assert.equal(defaultWin([], null, null), "");
  });
});
