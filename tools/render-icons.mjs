// Renders SVG to PNG for build.py (the app icons) with resvg compiled to WebAssembly (@resvg/resvg-wasm,
// pinned in package-lock.json): no native library, the same pixels on every machine.
//
//   node tools/render-icons.mjs JOBS.json     JOBS.json: [{"svg": "<svg ...>", "out": "path.png", "width": 192}]

import { readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { initWasm, Resvg } from "@resvg/resvg-wasm";

const require = createRequire(import.meta.url);
await initWasm(await readFile(require.resolve("@resvg/resvg-wasm/index_bg.wasm")));

const jobs = JSON.parse(await readFile(process.argv[2], "utf8"));
for (const { svg, out, width } of jobs) {
  const resvg = new Resvg(svg, { fitTo: { mode: "width", value: width }, font: { loadSystemFonts: false } });
  const image = resvg.render();
  if (image.width !== width) throw new Error(`${out}: rendered ${image.width} px wide, wanted ${width}`);
  await writeFile(out, image.asPng());
  image.free();
  resvg.free();
}
