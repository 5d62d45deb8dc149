// The Opponents panel's logic (web/js/opponentscontrol.js) against the engine's recorded answers (fake_engine.js):
// the seats' parts joined into the text form and an error's character traced back to its seat, the edits a tap
// makes (read back by the engine to the text it expects), and the words of a tile's danger.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { composeText, dangerLabel, dealInBand, defended, emptySeat, isEmpty, meldTap, seatAt, seatsOf, toggleRiichi,
  toggleTedashi, whyLines, withDiscard, withMeld, withoutLast } from "../../web/js/opponentscontrol.js";
import { useLanguage } from "./catalogs.js";
import { recorded } from "./fake_engine.js";

/** @typedef {import("../../web/js/opponentscontrol.js").ReadOpponents} ReadOpponents */
/** @typedef {import("../../web/js/opponentscontrol.js").Danger} Danger */

useLanguage("en");

const OPPONENTS = "l:19m4'5*p7z;r:1z2z9p";
const percent = (/** @type {number} */ p) => `${(p * 100).toFixed(1)}%`;

/** @param {unknown} opponents @returns {{ok: boolean, result?: unknown, error?: {position: number | null, field: string}}} */
function read(opponents) {
  return /** @type {never} */ (recorded({ op: "opponents", opponents, rules: "riichi" }));
}

describe("seats and the text form", () => {
  it("has no one across in three-player mahjong, and counts opponents under riichi and sanma only", () => {
    assert.deepEqual(seatsOf("riichi"), ["left", "across", "right"]);
    assert.deepEqual(seatsOf("sanma"), ["left", "right"]);
    assert.deepEqual(["riichi", "sanma", "sichuan", "gb"].map(defended), [true, true, false, false]);
  });

  it("joins the seats' parts as the engine writes them back", () => {
    const answer = /** @type {ReadOpponents} */ (read(OPPONENTS).result);
    const { text } = composeText(answer.parts, seatsOf("riichi"));
    assert.equal(text, answer.text);
    assert.equal(composeText({ left: "  ", across: "", right: "" }, seatsOf("riichi")).text, "");
  });

  it("traces the engine's character back to the seat's own field", () => {
    const parts = { left: "19m", right: "1z2x" };
    const { text, starts } = composeText(parts, seatsOf("riichi"));
    assert.equal(text, "l:19m;r:1z2x");
    const answer = read(text);
    assert.equal(answer.ok, false);
    const at = seatAt(starts, parts, answer.error?.position ?? -1);
    assert.deepEqual(at, { seat: "right", position: 3 }); // the x of "1z2x"
    assert.equal(parts.right[at?.position ?? 0], "x");
    assert.equal(seatAt(starts, parts, 0), null); // a seat's letter is no seat's field
  });
});

describe("a tap's edits", () => {
  it("adds discards in order, marks the last as the riichi tile, and the engine reads it", () => {
    let left = emptySeat();
    for (const code of ["1m", "9m", "5p"]) left = withDiscard(left, code);
    left = toggleRiichi(left);
    assert.equal(left.riichi, 2);
    const answer = /** @type {ReadOpponents} */ (read({ left }).result);
    assert.equal(answer.text, "l:1m9m5*p");
    assert.deepEqual(answer.seats.left, left);
  });

  it("takes the mark off again, and the last discard with its marks", () => {
    let seat = withDiscard(withDiscard(emptySeat(), "1m"), "5p");
    seat = toggleTedashi(toggleRiichi(seat));
    assert.deepEqual([seat.riichi, seat.tedashi], [1, [1]]);
    assert.deepEqual(toggleTedashi(seat).tedashi, []);
    assert.equal(toggleRiichi(seat).riichi, null);
    const back = withoutLast({ ...seat, passed: ["3s"] });
    assert.deepEqual(back, { ...emptySeat(), discards: ["1m"] }); // the riichi gone, what passed it too
    assert.ok(isEmpty(withoutLast(back)) && isEmpty(undefined));
    assert.deepEqual(toggleRiichi(emptySeat()), emptySeat());
  });
});

describe("a tile's danger in words", () => {
  /** @type {Danger} */
  const danger = /** @type {never} */ (recorded({ op: "danger", hand: "123m2455679p78s11z", melds: [], visible: "", opponents: OPPONENTS, rules: "riichi" }).result);

  it("bands each chance, the figure always beside it", () => {
    assert.deepEqual([0, 0.029, 0.03, 0.069, 0.07, 0.5].map(dealInBand), ["low", "low", "mid", "mid", "high", "high"]);
    for (const tile of danger.tiles) {
      const label = dangerLabel(tile, percent);
      assert.match(label, new RegExp(`${percent(tile.deal_in).replace(".", "\\.")} \\((low|medium|high)\\)$`));
    }
  });

  it("says why per opponent: genbutsu against the riichi player's own discard", () => {
    const five = danger.tiles.find((t) => t.tile === "5p");
    assert.ok(five);
    const lines = whyLines(five, danger.opponents, percent);
    assert.deepEqual(lines.map((l) => l.seat), ["left", "right"]);
    assert.match(lines[0].text, /^Left \(riichi\): tenpai 100\.0%, a wait 0\.0%, deals in 0\.0% — genbutsu: they discarded it/);
    const honour = danger.tiles.find((t) => t.tile === "1z");
    assert.ok(honour);
    assert.match(whyLines(honour, danger.opponents, percent)[1].text, /^Right: .* — genbutsu/); // right threw 1z
  });
});

describe("a call tapped in", () => {
  it("ends a chi at its third tile and a kan at its fourth; a pon when closed; the engine reads the meld", () => {
    let step = meldTap([], "4p");
    step = meldTap(step.pending, "0p");
    assert.deepEqual(step, { pending: ["4p", "0p"], meld: null });
    assert.deepEqual(meldTap(step.pending, "6p"), { pending: [], meld: "[406p]" });
    let pon = { pending: /** @type {string[]} */ ([]), meld: /** @type {string | null} */ (null) };
    for (const code of ["5z", "5z", "5z"]) pon = meldTap(pon.pending, code);
    assert.deepEqual(pon, { pending: ["5z", "5z", "5z"], meld: null }); // a kan may follow
    assert.deepEqual(meldTap(pon.pending, "5z"), { pending: [], meld: "[5555z]" });
    assert.deepEqual(meldTap(pon.pending, null), { pending: [], meld: "[555z]" });
    assert.deepEqual(meldTap(["1m"], null), { pending: [], meld: null }); // too few: nothing
    const seat = withMeld(withDiscard(emptySeat(), "1m"), "[406p]");
    const answer = /** @type {ReadOpponents} */ (read({ left: seat }).result);
    assert.equal(answer.text, "l:1m [406p]");
  });
});
