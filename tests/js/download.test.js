// The engine's download progress (web/js/download.js): the counting fetch passes every byte through and counts
// them all, the bytes over the wire they stand for, and the words for a count.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { WireCount, countingFetch, downloadText, percentOf } from "../../web/js/download.js";

describe("download.js", () => {
  it("counts every byte of a body read in chunks, and passes the body and headers through", async () => {
    const bytes = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 7919) % 251);
    /** @type {typeof fetch} */
    const inner = async () =>
      new Response(new Blob([bytes.slice(0, 30_000), bytes.slice(30_000)]).stream(), {
        status: 200,
        headers: { "Content-Type": "application/wasm" },
      });
    /** @type {number[]} */
    const chunks = [];
    const response = await countingFetch(inner, (n) => chunks.push(n))("x");
    assert.equal(response.headers.get("Content-Type"), "application/wasm");
    assert.ok(response.ok);
    const body = new Uint8Array(await response.arrayBuffer());
    assert.deepEqual(body, bytes);
    await new Promise((resolve) => setTimeout(resolve, 0)); // the copy's last chunk
    assert.equal(chunks.reduce((a, b) => a + b, 0), bytes.length);
  });

  it("returns the fetch's own answer (so the browser can cache what it compiles from it), counting a copy", async () => {
    const bytes = new Uint8Array(50_000).fill(7);
    const answer = new Response(new Blob([bytes]).stream(), { status: 200 });
    let counted = 0;
    const response = await countingFetch(async () => answer, (n) => (counted += n))("x");
    assert.equal(response, answer);
    // counted as the bytes arrive, before (and whether or not) the answer is read
    await new Promise((resolve) => setTimeout(resolve, 10));
    assert.equal(counted, bytes.length);
    assert.deepEqual(new Uint8Array(await response.arrayBuffer()), bytes);
  });

  it("stops counting, without an unhandled rejection, when the body fails; the answer's reader sees the error", async () => {
    let sent = false;
    const failing = new ReadableStream({
      pull(controller) {
        if (!sent) {
          sent = true;
          controller.enqueue(new Uint8Array(100));
        } else controller.error(new Error("connection reset"));
      },
    });
    let counted = 0;
    const response = await countingFetch(async () => new Response(failing), (n) => (counted += n))("x");
    await assert.rejects(response.arrayBuffer(), /connection reset/);
    await new Promise((resolve) => setTimeout(resolve, 10)); // the copy's reader has seen the error too
    assert.ok(counted <= 100); // the chunk before the error, if the copy read it before the error came
  });

  it("leaves an answer without a body as it is", async () => {
    const empty = new Response(null, { status: 204 });
    let called = 0;
    const response = await countingFetch(async () => empty, () => called++)("x");
    assert.equal(response, empty);
    assert.equal(called, 0);
  });

  it("tells the end of a body read whole, and not of one that failed", async () => {
    /** @type {string[]} */
    const ends = [];
    const whole = await countingFetch(async () => new Response("abc"), () => {}, () => ends.push("whole"))("x");
    await whole.text();
    await new Promise((resolve) => setTimeout(resolve, 10));
    assert.deepEqual(ends, ["whole"]);
  });

  it("counts bytes over the wire: decoded bytes scaled to the answer's encoding, exact once a file ends", () => {
    const count = new WireCount(
      { a: { identity: 1000, gzip: 400, br: 300 }, b: { identity: 500, gzip: 450, br: 440 } },
      "br",
    );
    assert.equal(count.total, 740); // nothing answered yet: both at the expected encoding's size
    assert.equal(count.loaded, 0);
    count.answer("a", "gzip"); // the server chose gzip for this one after all
    assert.equal(count.total, 840);
    count.add("a", 500);
    assert.equal(count.loaded, 200); // half the decoded bytes: half the gzip bytes
    count.add("a", 700); // more than the file (a wrong size): never more than its wire size
    assert.equal(count.loaded, 400);
    assert.ok(!count.done);
    count.end("a");
    count.answer("b", null); // no Content-Encoding: the file as it is
    count.add("b", 100);
    assert.equal(count.total, 900);
    assert.equal(count.loaded, 500);
    count.end("b");
    assert.ok(count.done);
    assert.equal(count.loaded, count.total);
    count.answer("other", "br"); // not one of the files: not counted
    count.add("other", 1e6);
    assert.equal(count.loaded, 900);
  });

  it("says bytes in MB with the percent, 100% only when all is there", () => {
    assert.equal(downloadText(3_100_000, 12_400_000), "3.1 of 12.4 MB (25%)");
    assert.equal(downloadText(12_399_999, 12_400_000), "12.4 of 12.4 MB (99%)");
    assert.equal(downloadText(12_400_000, 12_400_000), "12.4 of 12.4 MB (100%)");
    assert.equal(downloadText(2_500_000, 0), "2.5 MB");
    assert.equal(percentOf(0, 10), 0);
    assert.equal(percentOf(11, 10), 100);
    assert.equal(percentOf(5, 0), null);
  });
});
