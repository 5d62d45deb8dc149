// The engine client (web/paili.mjs) against a scripted worker: the protocol of docs/CONTRACT.md as the page
// sees it (start-up, requests by id, error envelopes, close and failure), without Pyodide.
import assert from "node:assert/strict";
import { beforeEach, describe, it } from "node:test";

import { EngineError, createEngine } from "../../web/paili.mjs";

/** Stands for the browser's Worker: records what the client posts; the test answers as js/worker.js would. */
class ScriptedWorker {
  /** @type {ScriptedWorker[]} every worker made, in order */
  static made = [];

  /**
   * @param {string | URL} url
   * @param {WorkerOptions} [options]
   */
  constructor(url, options) {
    this.url = String(url);
    this.options = options;
    /** @type {unknown[]} */
    this.sent = [];
    this.terminated = false;
    /** @type {((event: {data: unknown}) => void) | null} */
    this.onmessage = null;
    /** @type {((event: {message: string, preventDefault: () => void}) => void) | null} */
    this.onerror = null;
    /** @type {(() => void) | null} */
    this.onmessageerror = null;
    ScriptedWorker.made.push(this);
  }

  /** @param {unknown} message */
  postMessage(message) {
    if (this.terminated) throw new Error("postMessage after terminate");
    this.sent.push(structuredClone(message));
  }

  terminate() {
    this.terminated = true;
  }

  /** The worker posts `data` to the page. @param {unknown} data */
  answer(data) {
    this.onmessage?.({ data });
  }
}
Object.assign(globalThis, { Worker: ScriptedWorker });

/** The worker of the engine started last. */
function lastWorker() {
  const worker = ScriptedWorker.made.at(-1);
  assert.ok(worker, "no worker was started");
  return worker;
}

/**
 * Start an engine and make its worker ready.
 * @param {import("../../web/paili.mjs").EngineOptions} [options]
 */
async function readyEngine(options = {}) {
  const started = createEngine({ baseUrl: "https://example.org/paili/", ...options });
  const worker = lastWorker();
  worker.answer({ type: "ready", version: "1.2.3", build: "abc" });
  return { engine: await started, worker };
}

/**
 * Whether a promise has settled, after the pending callbacks ran.
 * @param {Promise<unknown>} promise
 */
async function settled(promise) {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

beforeEach(() => {
  ScriptedWorker.made.length = 0;
});

describe("createEngine", () => {
  it("starts js/worker.js of the site folder as a module worker and sends it init", async () => {
    /** @type {string[]} */
    const progress = [];
    const started = createEngine({ baseUrl: "https://example.org/paili", onProgress: (m) => progress.push(m) });
    const worker = lastWorker();
    assert.equal(worker.url, "https://example.org/paili/js/worker.js");
    assert.deepEqual(worker.options, { type: "module" });
    assert.deepEqual(worker.sent, [{ type: "init", baseUrl: "https://example.org/paili/" }]);
    worker.answer({ type: "progress", message: "Loading" });
    worker.answer({ type: "progress", message: "Installing" });
    assert.equal(await settled(started), false);
    worker.answer({ type: "ready", version: "1.2.3", build: "abc" });
    const engine = await started;
    assert.deepEqual(progress, ["Loading", "Installing"]);
    assert.equal(engine.version, "1.2.3");
    assert.equal(engine.build, "abc");
  });

  it("defaults to the folder of paili.mjs", async () => {
    const started = createEngine();
    assert.equal(lastWorker().url, new URL("../../web/js/worker.js", import.meta.url).href);
    lastWorker().answer({ type: "ready", version: "", build: "" });
    await started;
  });

  it("rejects with EngineFailed when the worker reports a fatal error during start-up", async () => {
    const started = createEngine({ baseUrl: "https://example.org/" });
    const worker = lastWorker();
    worker.answer({ type: "fatal", message: "no wasm" });
    await assert.rejects(started, (error) => {
      assert.ok(error instanceof EngineError);
      assert.equal(error.type, "EngineFailed");
      assert.equal(error.message, "the engine could not start: no wasm");
      return true;
    });
    assert.equal(worker.terminated, true);
  });

  it("rejects with EngineFailed when the worker script fails, and keeps the browser from logging it", async () => {
    const started = createEngine({ baseUrl: "https://example.org/" });
    let prevented = false;
    lastWorker().onerror?.({ message: "", preventDefault: () => (prevented = true) });
    await assert.rejects(started, { type: "EngineFailed", message: "the engine worker failed: could not load js/worker.js" });
    assert.equal(prevented, true);
  });
});

describe("requests", () => {
  it("carry fresh ids, and each answer settles its own request, in any order", async () => {
    const { engine, worker } = await readyEngine();
    const first = engine.request("analyze", { hand: "1m" });
    const second = engine.request("version");
    const [a, b] = worker.sent.slice(1);
    assert.deepEqual(a, { id: 1, op: "analyze", payload: { hand: "1m" } });
    assert.deepEqual(b, { id: 2, op: "version", payload: {} });
    worker.answer({ id: 2, ok: true, result: { version: "1.2.3" } });
    assert.deepEqual(await second, { version: "1.2.3" });
    assert.equal(await settled(first), false);
    worker.answer({ id: 7, ok: true, result: "nobody asked" }); // an unknown id is ignored
    worker.answer({ id: 1, ok: true, result: { shanten: { min: 0 } } });
    assert.deepEqual(await first, { shanten: { min: 0 } });
  });

  it("hand the parts of an answer readied before the whole to onPartial, then settle with the answer", async () => {
    const { engine, worker } = await readyEngine();
    /** @type {unknown[]} */
    const parts = [];
    const review = engine.request("review", { log: "{}", rounds: [0, 1] }, { onPartial: (part) => parts.push(part) });
    const other = engine.request("version");
    worker.answer({ type: "partial", id: 1, progress: { index: 0, round: {}, summary: { decisions: 3 } } });
    worker.answer({ type: "partial", id: 2, progress: "not this one's" }); // a request without onPartial: ignored
    worker.answer({ type: "partial", id: 9, progress: "nobody asked" }); // an unknown id: ignored
    assert.deepEqual(parts, [{ index: 0, round: {}, summary: { decisions: 3 } }]);
    assert.equal(await settled(review), false);
    worker.answer({ type: "partial", id: 1, progress: { index: 1, round: {}, summary: { decisions: 5 } } });
    worker.answer({ id: 1, ok: true, result: { summary: { decisions: 5 } } });
    assert.deepEqual(await review, { summary: { decisions: 5 } });
    assert.equal(parts.length, 2);
    worker.answer({ type: "partial", id: 1, progress: "after the answer" }); // the request is settled: ignored
    assert.equal(parts.length, 2);
    worker.answer({ id: 2, ok: true, result: { version: "1.2.3" } });
    assert.deepEqual(await other, { version: "1.2.3" });
  });

  it("reject with the engine's error type, message and position", async () => {
    const { engine, worker } = await readyEngine();
    const analysis = engine.analyze("123m4");
    worker.answer({ id: 1, ok: false, error: { type: "HandError", message: "expected a suit letter", position: 5 } });
    await assert.rejects(analysis, (error) => {
      assert.ok(error instanceof EngineError && error instanceof Error);
      assert.equal(error.type, "HandError");
      assert.equal(error.message, "expected a suit letter");
      assert.equal(error.position, 5);
      return true;
    });
  });

  it("analyze sends the hand with Python's defaults for the options left out", async () => {
    const { engine, worker } = await readyEngine();
    void engine.analyze("123m", { visible: "1z" });
    assert.deepEqual(worker.sent.at(-1), {
      id: 1,
      op: "analyze",
      payload: { hand: "123m", melds: null, visible: "1z", rules: "riichi", void: null },
    });
    void engine.analyze("1122m3344m5566p7p", { rules: "sichuan", void: "s" });
    assert.deepEqual(worker.sent.at(-1), {
      id: 2,
      op: "analyze",
      payload: { hand: "1122m3344m5566p7p", melds: null, visible: "", rules: "sichuan", void: "s" },
    });
  });

  it("tiles sends the rule set (riichi by default), so a tile outside the set is an error there too", async () => {
    const { engine, worker } = await readyEngine();
    void engine.tiles("19m{4z}", { rules: "sanma" });
    assert.deepEqual(worker.sent.at(-1), { id: 1, op: "tiles", payload: { hand: "19m{4z}", melds: null, rules: "sanma" } });
    void engine.tiles("123m");
    assert.deepEqual(worker.sent.at(-1), { id: 2, op: "tiles", payload: { hand: "123m", melds: null, rules: "riichi" } });
  });

  it("advise sends only the options given, so Python's defaults apply to the rest", async () => {
    const { engine, worker } = await readyEngine();
    void engine.advise("123m456p789s11223z", { turns: 5, tegawari: false, shanten_down: undefined });
    assert.deepEqual(worker.sent.at(-1), {
      id: 1,
      op: "advise",
      payload: { hand: "123m456p789s11223z", turns: 5, tegawari: false },
    });
  });

  it("advise sends the objective and the scoring situation given", async () => {
    const { engine, worker } = await readyEngine();
    void engine.advise("123m456p789s11223z", { objective: "p_win", riichi: "dama", ippatsu: undefined,
      seat_wind: "2z", dora: "1z", honba: 1, riichi_sticks: 2, rules: "tenhou" });
    assert.deepEqual(worker.sent.at(-1), {
      id: 1,
      op: "advise",
      payload: { hand: "123m456p789s11223z", objective: "p_win", riichi: "dama", seat_wind: "2z", dora: "1z",
        honba: 1, riichi_sticks: 2, rules: "tenhou" },
    });
  });

  it("advise passes double_riichi; outlook sends the situation given, never an objective", async () => {
    const { engine, worker } = await readyEngine();
    void engine.advise("123m456p789s11223z", { double_riichi: true });
    assert.deepEqual(worker.sent.at(-1), { id: 1, op: "advise", payload: { hand: "123m456p789s11223z", double_riichi: true } });
    void engine.outlook("123m456p789s1123z", /** @type {any} */ ({ turns: 9, dora: "1z", objective: "p_win", tegawari: undefined }));
    assert.deepEqual(worker.sent.at(-1), { id: 2, op: "outlook", payload: { hand: "123m456p789s1123z", turns: 9, dora: "1z" } });
  });

  it("advise passes improvements: false; improvements sends the advise options under its own op", async () => {
    const { engine, worker } = await readyEngine();
    void engine.advise("123m456p789s11223z", { improvements: false, turns: 3 });
    assert.deepEqual(worker.sent.at(-1), { id: 1, op: "advise", payload: { hand: "123m456p789s11223z", turns: 3, improvements: false } });
    void engine.improvements("123m456p789s11223z", /** @type {any} */ ({ turns: 3, dora: "1z", improvements: false, tegawari: undefined }));
    assert.deepEqual(worker.sent.at(-1), { id: 2, op: "improvements", payload: { hand: "123m456p789s11223z", turns: 3, dora: "1z" } });
  });

  it("scoreWaits sends the hand and only the situation given", async () => {
    const { engine, worker } = await readyEngine();
    void engine.scoreWaits("23m456p789s234s55p", { riichi: 1, dora: "3m", ura: undefined });
    assert.deepEqual(worker.sent.at(-1), {
      id: 1,
      op: "score_waits",
      payload: { hand: "23m456p789s234s55p", riichi: 1, dora: "3m" },
    });
  });

  it("score sends the hand, the win and only the situation given", async () => {
    const { engine, worker } = await readyEngine();
    void engine.score("123m456p789s234s55p", { win: "4s", tsumo: true, riichi: 1, dora: undefined,
      rules: { kiriage: true } });
    assert.deepEqual(worker.sent.at(-1), {
      id: 1,
      op: "score",
      payload: { hand: "123m456p789s234s55p", win: "4s", tsumo: true, riichi: 1, rules: { kiriage: true } },
    });
  });
});

describe("close and failure", () => {
  it("close ends the worker and rejects what is pending and every later request with EngineClosed", async () => {
    const { engine, worker } = await readyEngine();
    const pending = engine.request("version");
    engine.close();
    assert.equal(worker.terminated, true);
    await assert.rejects(pending, { type: "EngineClosed" });
    await assert.rejects(engine.analyze("1m"), { type: "EngineClosed", message: "the engine was closed" });
    assert.equal(worker.sent.length, 2); // init and the first request; nothing after close
  });

  it("a fatal error after start-up fails the engine once: onFailure, pending and later requests", async () => {
    /** @type {EngineError[]} */
    const failures = [];
    const { engine, worker } = await readyEngine({ onFailure: (error) => failures.push(error) });
    const pending = engine.request("version");
    worker.answer({ type: "fatal", message: "out of memory" });
    worker.answer({ type: "fatal", message: "again" });
    await assert.rejects(pending, { type: "EngineFailed", message: "the engine stopped: out of memory" });
    await assert.rejects(engine.request("version"), { type: "EngineFailed", message: "the engine stopped: out of memory" });
    assert.equal(failures.length, 1);
    assert.equal(failures[0].message, "the engine stopped: out of memory");
    assert.equal(engine.failed, true);
    assert.equal(worker.terminated, true);
  });

  it("a message that cannot be read fails the engine", async () => {
    const { engine, worker } = await readyEngine();
    const pending = engine.request("version");
    worker.onmessageerror?.();
    await assert.rejects(pending, { type: "EngineFailed", message: "the engine sent a message that could not be read" });
  });
});
