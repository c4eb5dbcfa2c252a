import assert from "node:assert/strict";
import test from "node:test";
import { canSwap, cornerFocus, directionsOf, hasCorners, SIDES } from "./swaps.mjs";

// As GET /api/variants gives them: side by side, and corner to corner too.
const CORNERS = [[0, 1], [1, 0], [1, 1], [1, -1]];

test("side by side, a piece swaps with the four cells beside it and no other", () => {
  for (const [r, c] of [[1, 3], [3, 3], [2, 2], [2, 4]]) assert.ok(canSwap(SIDES, [2, 3], [r, c]), `${r},${c}`);
  for (const [r, c] of [[1, 2], [1, 4], [3, 2], [3, 4], [2, 3], [0, 3], [2, 5]]) {
    assert.ok(!canSwap(SIDES, [2, 3], [r, c]), `${r},${c}`);
  }
});

test("with corner swaps, a piece swaps with all eight cells around it, either way round", () => {
  for (let dr = -2; dr <= 2; dr++) {
    for (let dc = -2; dc <= 2; dc++) {
      const around = Math.max(Math.abs(dr), Math.abs(dc)) === 1;
      assert.equal(canSwap(CORNERS, [2, 3], [2 + dr, 3 + dc]), around, `${dr},${dc}`);
      assert.equal(canSwap(CORNERS, [2 + dr, 3 + dc], [2, 3]), around, `${dr},${dc} reversed`);
    }
  }
});

test("corner to corner only: the four diagonal cells", () => {
  const diagonals = [[1, 1], [1, -1]];
  assert.ok(canSwap(diagonals, [1, 1], [0, 0]));
  assert.ok(canSwap(diagonals, [1, 1], [2, 0]));
  assert.ok(!canSwap(diagonals, [1, 1], [1, 2]));
  assert.ok(hasCorners(diagonals));
});

test("a variant that takes no swaps allows none", () => {
  assert.ok(!canSwap([], [0, 0], [0, 1]));
  assert.deepEqual(directionsOf([]), []);
});

test("the ways a piece moves are each step both ways, with no negative zero", () => {
  assert.deepEqual(directionsOf(SIDES), [[0, 1], [0, -1], [1, 0], [-1, 0]]);
  assert.equal(directionsOf(CORNERS).length, 8);
  for (const [r, c] of directionsOf(CORNERS)) assert.ok(!Object.is(r, -0) && !Object.is(c, -0));
  assert.ok(!hasCorners(SIDES));
  assert.ok(hasCorners(CORNERS));
});

test("the corner keys move the focus as on a number pad, and stay put at the edge", () => {
  assert.deepEqual(cornerFocus("Home", 2, 2, 5, 5), [1, 1]);
  assert.deepEqual(cornerFocus("PageUp", 2, 2, 5, 5), [1, 3]);
  assert.deepEqual(cornerFocus("End", 2, 2, 5, 5), [3, 1]);
  assert.deepEqual(cornerFocus("PageDown", 2, 2, 5, 5), [3, 3]);
  assert.deepEqual(cornerFocus("PageUp", 0, 2, 5, 5), [0, 2], "top edge");
  assert.deepEqual(cornerFocus("PageDown", 4, 4, 5, 5), [4, 4], "bottom right corner");
  assert.deepEqual(cornerFocus("End", 2, 0, 5, 5), [2, 0], "left edge");
  assert.equal(cornerFocus("ArrowUp", 2, 2, 5, 5), null);
});
