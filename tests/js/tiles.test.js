// The page's display table of tiles (web/js/tiles.js): every code the palette offers has a name and a face,
// and every face is an image of both tile sets in web/tiles.
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { describe, it } from "node:test";

import { useLanguage } from "./catalogs.js";

import { PALETTE, TILES, tileFace, tileName } from "../../web/js/tiles.js";

const TILE_IMAGES = new URL("../../web/tiles/", import.meta.url);

useLanguage("en");

describe("tiles.js", () => {
  it("offers every tile code once in the palette: 1-9 and the red 0 of each suit, then 1z-7z", () => {
    const codes = PALETTE.flat();
    assert.equal(codes.length, 37);
    assert.equal(new Set(codes).size, 37);
    assert.deepEqual(new Set(codes), new Set(Object.keys(TILES)));
    for (const suit of "mps") for (const digit of "0123456789") assert.ok(codes.includes(`${digit}${suit}`));
    for (const digit of "1234567") assert.ok(codes.includes(`${digit}z`));
  });

  it("has a face image in both tile sets for every code", () => {
    for (const code of Object.keys(TILES)) {
      for (const set of ["Regular", "Black"]) {
        const file = new URL(`${set}/${tileFace(code)}.svg`, TILE_IMAGES);
        assert.ok(existsSync(file), `${code}: no ${file.pathname}`);
      }
    }
  });

  it("names a red five as such, and no two codes alike", () => {
    assert.equal(tileName("0p"), "red 5 pin");
    assert.equal(tileName("5p"), "5 pin");
    assert.equal(tileFace("0s"), "Sou5-Dora");
    const names = Object.keys(TILES).map(tileName);
    assert.equal(new Set(names).size, names.length);
  });

  it("refuses what is not a tile code", () => {
    for (const code of ["5", "8z", "0z", "10m", "", "5M"]) {
      assert.throws(() => tileName(code), /not a tile code/, code);
      assert.throws(() => tileFace(code), /not a tile code/, code);
    }
  });
});

describe("tile names in the language shown", () => {
  it("names tiles for screen readers in Japanese and Chinese", () => {
    useLanguage("ja");
    assert.equal(tileName("0p"), "赤五筒");
    assert.equal(tileName("7z"), "中");
    useLanguage("zh-Hans");
    assert.equal(tileName("3s"), "三条");
    assert.equal(tileName("1z"), "东风");
    useLanguage("en");
    assert.equal(tileName("5z"), "White dragon");
  });
});

