// The pure helpers of the win-chance section (web/js/chances.js).
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { useLanguage } from "./catalogs.js";

import { MAX_TURNS, duration, parseTurns, percent, points, polylinePoints, sparklineLabel, sparklineScale } from "../../web/js/chances.js";

useLanguage("en");

describe("points", () => {
  it("writes expected points whole, grouped by thousands", () => {
    assert.equal(points(0), "0");
    assert.equal(points(999.5), "1,000");
    assert.equal(points(12345.4), "12,345");
    assert.equal(points(null), "—");
  });
});

describe("percent", () => {
  it("writes a chance with one decimal", () => {
    assert.equal(percent(0.3125), "31.3%");
    assert.equal(percent(1), "100.0%");
    assert.equal(percent(0), "0.0%");
  });

  it("writes a chance too small to round to 0.1% as <0.1%, but none as 0.0%", () => {
    assert.equal(percent(0.0004999), "<0.1%");
    assert.equal(percent(Number.MIN_VALUE), "<0.1%");
    assert.equal(percent(0.0005), "0.1%");
  });

  it("writes a missing chance as a dash", () => {
    assert.equal(percent(null), "—");
    assert.equal(percent(undefined), "—");
  });

  it("agrees with rounding to a tenth of a percent on a sweep of chances", () => {
    for (let k = 5; k <= 10000; k += 7) {
      const p = k / 10000;
      const text = percent(p);
      const tenths = Number(text.slice(0, -1)) * 10;
      assert.ok(Math.abs(tenths - p * 1000) <= 0.5 + 1e-9, `${p} -> ${text}`);
    }
  });
});

describe("parseTurns", () => {
  it("reads every whole number from 1 to MAX_TURNS", () => {
    for (let n = 1; n <= MAX_TURNS; n += 1) assert.equal(parseTurns(String(n)), n);
    assert.equal(parseTurns(" 17 "), 17);
  });

  it("refuses what is not a whole number in range", () => {
    for (const text of ["0", "-1", String(MAX_TURNS + 1), "1.5", "", "abc", "1e9", "NaN", "Infinity"]) {
      assert.equal(parseTurns(text), null, JSON.stringify(text));
    }
  });
});

describe("duration", () => {
  it("writes a second and more in seconds, with one decimal", () => {
    assert.equal(duration(1000), "1.0 s");
    assert.equal(duration(1549), "1.5 s");
    assert.equal(duration(12345), "12.3 s");
  });

  it("writes less in whole milliseconds, at least 1", () => {
    assert.equal(duration(0), "1 ms");
    assert.equal(duration(0.4), "1 ms");
    assert.equal(duration(12.5), "13 ms");
    assert.equal(duration(999.4), "999 ms");
  });
});

describe("sparkline geometry", () => {
  const size = { width: 96, height: 32 };

  it("spreads the draws evenly across the box, inside its padding", () => {
    for (const n of [2, 3, 17, 30]) {
      const { x } = sparklineScale(n, size);
      assert.equal(x(0), 2);
      assert.equal(x(n - 1), 94);
      const steps = Array.from({ length: n - 1 }, (_, i) => x(i + 1) - x(i));
      for (const step of steps) assert.ok(Math.abs(step - 92 / (n - 1)) < 1e-9);
    }
  });

  it("puts a single draw in the middle", () => {
    assert.equal(sparklineScale(1, size).x(0), 48);
  });

  it("puts 100% at the top and 0% at the bottom, linearly", () => {
    const { y } = sparklineScale(5, size);
    assert.equal(y(1), 2);
    assert.equal(y(0), 30);
    assert.equal(y(0.5), 16);
  });

  it("lists one x,y pair per value, with one decimal", () => {
    const scale = sparklineScale(3, size);
    assert.equal(polylinePoints([0, 0.25, 1], scale), "2.0,30.0 48.0,23.0 94.0,2.0");
  });

  it("names the chances after the first and the last draw", () => {
    const label = sparklineLabel([0.1, 0.2, 0.35], [0.4, 0.5, 0.9]);
    assert.equal(
      label,
      "Chance by draw: to win 10.0% after 1 draw, 35.0% after 3; to be tenpai 40.0% after 1 draw, 90.0% after 3.",
    );
  });
});
