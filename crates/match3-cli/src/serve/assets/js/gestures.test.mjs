import assert from "node:assert/strict";
import test from "node:test";
import { CLICK_AFTER_SWIPE_MS, createGestures, swipeDirection } from "./gestures.mjs";
import { directionsOf } from "./swaps.mjs";

const CELL = 48;
// The eight ways of a variant with corner swaps ([[0, 1], [1, 0], [1, 1], [1, -1]]).
const EIGHT = directionsOf([[0, 1], [1, 0], [1, 1], [1, -1]]);

test("a press that moves a third of a cell is a swipe that way", () => {
  assert.equal(swipeDirection(5, 10, CELL), null);
  assert.deepEqual(swipeDirection(0, 30, CELL), [1, 0]);
  assert.deepEqual(swipeDirection(-30, 4, CELL), [0, -1]);
  assert.deepEqual(swipeDirection(2, -17, CELL), [-1, 0]);
});

test("side by side only, a swipe goes one of four ways, a diagonal one the more upright", () => {
  // What the page has always done: the larger of |dx| and |dy| wins; a tie goes upright.
  const old = (dx, dy) => (Math.abs(dx) > Math.abs(dy) ? [0, Math.sign(dx)] : [Math.sign(dy), 0]);
  for (let dx = -60; dx <= 60; dx += 4) {
    for (let dy = -60; dy <= 60; dy += 4) {
      if (Math.max(Math.abs(dx), Math.abs(dy)) < CELL / 3) continue;
      assert.deepEqual(swipeDirection(dx, dy, CELL), old(dx, dy), `${dx},${dy}`);
    }
  }
  assert.deepEqual(swipeDirection(30, 30, CELL), [1, 0]);
  assert.deepEqual(swipeDirection(-30, -28, CELL), [0, -1]);
});

test("with corner swaps, a swipe goes one of eight ways: near a diagonal, corner to corner", () => {
  assert.deepEqual(swipeDirection(30, 30, CELL, EIGHT), [1, 1]);
  assert.deepEqual(swipeDirection(-30, -26, CELL, EIGHT), [-1, -1]);
  assert.deepEqual(swipeDirection(30, -20, CELL, EIGHT), [-1, 1], "34 degrees up from the right");
  assert.deepEqual(swipeDirection(-25, 30, CELL, EIGHT), [1, -1]);
  // 22.5 degrees from an axis is the border: under it the side way, over it the corner.
  assert.deepEqual(swipeDirection(40, 15, CELL, EIGHT), [0, 1], "20.6 degrees: right");
  assert.deepEqual(swipeDirection(40, 18, CELL, EIGHT), [1, 1], "24.2 degrees: down-right");
  assert.deepEqual(swipeDirection(-15, -40, CELL, EIGHT), [-1, 0], "up");
  assert.deepEqual(swipeDirection(3, 40, CELL, EIGHT), [1, 0], "down");
  assert.deepEqual(swipeDirection(10, 10, CELL, EIGHT), null, "too short");
  // Each of the eight, swiped straight, goes that way.
  for (const [dr, dc] of EIGHT) assert.deepEqual(swipeDirection(dc * 40, dr * 40, CELL, EIGHT), [dr, dc]);
});

test("a diagonal swipe gives the two corner cells it swaps", () => {
  const g = createGestures();
  g.down(2, 2, 100, 100);
  assert.deepEqual(g.up(130, 70, 1000, CELL, EIGHT), { from: [2, 2], to: [1, 3] });
  g.down(2, 2, 100, 100);
  assert.deepEqual(g.up(130, 70, 1000, CELL), { from: [2, 2], to: [1, 2] }, "side by side only");
});

test("a swipe gives the two cells it swaps", () => {
  const g = createGestures();
  g.down(0, 2, 100, 100);
  assert.deepEqual(g.up(100, 140, 1000, CELL), { from: [0, 2], to: [1, 2] });
});

test("a tap after a swipe counts, when the browser sent no click for the swipe", () => {
  // A touch swipe (or a drag across cells) ends without a click on a cell: the next
  // tap, anywhere, is a tap.
  const g = createGestures();
  g.down(0, 2, 100, 100);
  assert.ok(g.up(100, 140, 1000, CELL));
  g.down(3, 3, 250, 250);
  assert.equal(g.up(250, 250, 1400, CELL), null, "a press that did not move");
  assert.equal(g.click(250, 250, 1401), true, "the tap is a tap");
});

test("the click a browser sends at the end of a mouse swipe is not a tap", () => {
  const g = createGestures();
  g.down(0, 2, 100, 100);
  assert.ok(g.up(100, 130, 1000, CELL));
  assert.equal(g.click(100, 130, 1001), false, "the swipe's own click");
  assert.equal(g.click(100, 130, 1200), true, "a later click at the same place");
});

test("a click long after a swipe, even at the same place, is a tap", () => {
  const g = createGestures();
  g.down(0, 0, 10, 10);
  assert.ok(g.up(40, 10, 0, CELL));
  assert.equal(g.click(40, 10, CLICK_AFTER_SWIPE_MS + 1), true);
});

test("a release without a press (it started off the board) is nothing", () => {
  const g = createGestures();
  assert.equal(g.up(0, 100, 0, CELL), null);
  g.down(1, 1, 0, 0);
  g.cancel();
  assert.equal(g.up(0, 100, 0, CELL), null);
});
