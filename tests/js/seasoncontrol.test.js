// The season page's logic (web/js/seasoncontrol.js): which files are logs, which seats to review, the progress
// words, a player's row of the statistics table, the chart's series and the records as JSON lines.
import assert from "node:assert/strict";
import { gzipSync } from "node:zlib";
import { describe, it } from "node:test";

import { createHash } from "node:crypto";

import { COLUMNS, chartSeries, costlyText, isGzip, isLogName, parseRecords, playerCells, progressText, recordsText,
  seatsToReview, unitKey } from "../../web/js/seasoncontrol.js";
import { useLanguage } from "./catalogs.js";

useLanguage("en");

/** @type {import("../../web/js/seasoncontrol.js").PlayerStats} */
const ANN = {
  name: "Ann", games: 2, rounds: 4, win_rate: 0.25, deal_in_rate: 0.25, riichi_rate: 0.25, call_rate: 0,
  average_win: 3000, average_placement: 2.5, decisions: 9, best_rate: 2 / 3, loss_per_game: 1234.4,
  costliest: [{ file: "game1.json", seat: 0, round: "E1", honba: 1, step: 6, kind: "discard", played: "9s", best: "8p",
    loss: 4321.2, url: "http://127.0.0.1:8000/?q=123m" }],
  per_game: [{ file: "game1.json", seat: 0, loss: 2000.5, agreement: 0.5 }, { file: "game2.json.gz", seat: 1, loss: 468.3, agreement: null }],
};

describe("the files and the seats", () => {
  it("takes logs by name, gzip by its bytes", () => {
    assert.deepEqual(["a.json", "b.JSON.gz", "c.jsonl", "d.mjson", "e.txt", "notes.md", "f.json.zip"].map(isLogName),
      [true, true, true, true, true, false, false]);
    assert.equal(isGzip(new Uint8Array(gzipSync("{}"))), true);
    assert.equal(isGzip(new TextEncoder().encode("{}")), false);
  });

  it("reviews every seat, or only the named player's", () => {
    assert.deepEqual(seatsToReview(["Ann", "Bob", "Cid", "Dee"], ""), [0, 1, 2, 3]);
    assert.deepEqual(seatsToReview(["Dee", "Ann", "Bob", "Ann"], " Ann "), [1, 3]);
    assert.deepEqual(seatsToReview(["Dee", "Bob"], "Ann"), []);
  });

  it("says how far the review is", () => {
    const unit = { file: "game1.json", text: "", seat: 2, player: "Cid" };
    assert.equal(progressText(3, 8, unit, "E2"), "Reviewing seat 3 of 8: game1.json, seat 3 (Cid)… round E2");
    assert.equal(progressText(8, 8, null), "Reviewed 8 of 8 seats.");
  });
});

describe("the statistics", () => {
  it("writes a player's row under the table's columns", () => {
    const cells = playerCells(ANN);
    assert.equal(cells.length, COLUMNS.length);
    assert.deepEqual(cells, ["Ann", "2", "4", "25.0%", "25.0%", "25.0%", "0.0%", "3,000", "2.5", "9", "66.7%", "1,234"]);
    const none = playerCells({ ...ANN, average_win: null, best_rate: null, average_placement: null });
    assert.deepEqual([none[7], none[8], none[10]], ["—", "—", "—"]);
  });

  it("charts each game's loss and agreement, a game without a discard searched left out of the agreement", () => {
    assert.deepEqual(chartSeries(ANN), [[1, 2], [2000.5, 468.3], [50, null]]);
  });

  it("names a costly decision with its round and honba, and saves the records as JSON lines", () => {
    assert.equal(costlyText(ANN.costliest[0]), "game1.json, E1-1: played 9s, best 8p (4,321 expected points)");
    assert.equal(recordsText([{ key: "a:0" }, { key: "a:1" }]), '{"key":"a:0"}\n{"key":"a:1"}\n');
    assert.equal(recordsText([]), "");
  });
});

describe("saved records", () => {
  it("reads review-many's JSON lines back, a line cut short counted apart", () => {
    const text = recordsText([{ key: "a:0", seat: 0 }, { key: "a:1", seat: 1 }]) + '\n{"key": "b:0", "se';
    const { records, bad } = parseRecords(text);
    assert.deepEqual(records.map((r) => r.key), ["a:0", "a:1"]);
    assert.equal(bad, 1);
    assert.deepEqual(parseRecords('[1]\n{"key": 3, "seat": 0}\n').bad, 2);
  });

  it("keys a unit as the command line does: the SHA-256 of the log's UTF-8 text and the seat", async () => {
    const text = '{"name": ["東家", "b", "c", "d"], "log": []}';
    const hex = createHash("sha256").update(text, "utf8").digest("hex");
    assert.equal(await unitKey(text, 2), `${hex}:2`);
  });
});
