// For node's tests of the page's controllers: the real engine client (web/paili.mjs) over a fake worker that
// answers from the recorded answers of paili.api.handle (fixtures/engine_answers.json, tests/js/record_answers.py).
// Answers wait until the test releases them, so a test decides the order in which they come.
import { readFileSync } from "node:fs";

import { createEngine } from "../../web/paili.mjs";

/** @type {{answers: {request: Record<string, unknown>, answer: {ok: boolean, result?: unknown, error?: unknown}}[]}} */
const FIXTURE = JSON.parse(readFileSync(new URL("fixtures/engine_answers.json", import.meta.url), "utf8"));

/**
 * A request as a key: its JSON with the keys sorted (at every depth).
 * @param {unknown} value
 * @returns {string}
 */
export function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

const RECORDED = new Map(FIXTURE.answers.map(({ request, answer }) => [canonical(request), answer]));

/**
 * The recorded answer of a request (what paili.api.handle answered).
 * @param {Record<string, unknown>} request
 */
export function recorded(request) {
  const answer = RECORDED.get(canonical(request));
  if (!answer) throw new Error(`no recorded answer: add this request to tests/js/record_answers.py: ${canonical(request)}`);
  return structuredClone(answer);
}

/** A worker that holds each request until the test releases it, then answers the recorded answer. */
class FixtureWorker {
  /** @type {FixtureWorker | null} */
  static last = null;

  constructor() {
    /** @type {{id: number, op: string, payload: Record<string, unknown>}[]} requests not answered yet, in order */
    this.held = [];
    /** @type {{op: string, payload: Record<string, unknown>}[]} every request, in order */
    this.asked = [];
    /** @type {number[]} the ids of the requests cancelled */
    this.cancelled = [];
    /** @type {((event: {data: unknown}) => void) | null} */
    this.onmessage = null;
    /** @type {unknown} */
    this.onerror = null;
    /** @type {unknown} */
    this.onmessageerror = null;
    FixtureWorker.last = this;
  }

  /** @param {any} data */
  postMessage(data) {
    if (data.type === "init") {
      queueMicrotask(() => this.onmessage?.({ data: { type: "ready", version: "recorded", build: "test" } }));
    } else if (data.type === "cancel") {
      this.cancelled.push(data.id);
      this.held = this.held.filter((r) => r.id !== data.id);
    } else {
      this.held.push(data);
      this.asked.push({ op: data.op, payload: data.payload });
    }
  }

  terminate() {}
}

/**
 * The engine client of the page, over the fixture worker; `release(op)` answers the oldest held request of
 * that op (any op without one), `settle()` lets the page's promises run.
 */
export async function fixtureEngine() {
  /** @type {any} */ (globalThis).Worker = FixtureWorker;
  const engine = await createEngine({ baseUrl: "http://paili.test/" });
  const worker = /** @type {FixtureWorker} */ (FixtureWorker.last);
  return {
    engine,
    worker,
    /** @param {string} [op] */
    async release(op) {
      const index = op ? worker.held.findIndex((r) => r.op === op) : 0;
      if (index < 0 || !worker.held.length) throw new Error(`no ${op ?? ""} request is waiting`);
      const [{ id, op: asked, payload }] = worker.held.splice(index, 1);
      // a copy, as a worker's message is (the page writes into the answers it keeps)
      worker.onmessage?.({ data: structuredClone({ id, ...recorded({ ...payload, op: asked }) }) });
      await settle();
    },
  };
}

/** Let every promise that can run, run (the engine's answers reach the controllers). */
export async function settle() {
  for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve));
}
