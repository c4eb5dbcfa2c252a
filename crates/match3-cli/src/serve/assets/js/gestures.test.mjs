import assert from "node:assert/strict";
import test from "node:test";
import { CLICK_AFTER_SWIPE_MS, createGestures, swipeDirection } from "./gestures.mjs";

const CELL = 48;

test("a press that moves a third of a cell is a swipe that way", () => {
  assert.equal(swipeDirection(5, 10, CELL), null);
  assert.deepEqual(swipeDirection(0, 30, CELL), [1, 0]);
  assert.deepEqual(swipeDirection(-30, 4, CELL), [0, -1]);
  assert.deepEqual(swipeDirection(2, -17, CELL), [-1, 0]);
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
