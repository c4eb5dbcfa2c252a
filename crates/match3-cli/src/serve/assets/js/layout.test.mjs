import assert from "node:assert/strict";
import test from "node:test";
import { FRAME, fitCell, MAX_CELL, MIN_CELL } from "./layout.mjs";

test("an 8x8 board fills a 360 px phone at 44 px cells and fits its height", () => {
  const cell = fitCell({ width: 360, height: 640, top: 130, rows: 8, cols: 8, margin: 2 });
  assert.equal(cell, 44);
  assert.ok(130 + 8 * cell + FRAME <= 640);
  assert.ok(8 * cell + FRAME + 4 <= 360);
});

test("375x667 portrait and landscape keep the whole board on screen", () => {
  const portrait = fitCell({ width: 375, height: 667, top: 130, rows: 8, cols: 8, margin: 2 });
  assert.ok(8 * portrait + FRAME + 4 <= 375 && portrait >= 44, `portrait ${portrait}`);
  const landscape = fitCell({ width: 667, height: 375, top: 4, rows: 8, cols: 8, beside: 220, margin: 8 });
  assert.ok(4 + 8 * landscape + FRAME <= 375, `landscape ${landscape}`);
  assert.ok(landscape >= 40, `landscape ${landscape}`);
});

test("cells stay between the smallest and the largest", () => {
  assert.equal(fitCell({ width: 1280, height: 900, top: 150, rows: 4, cols: 4 }), MAX_CELL);
  assert.equal(fitCell({ width: 200, height: 300, top: 100, rows: 16, cols: 16 }), MIN_CELL);
});
