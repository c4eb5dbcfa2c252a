import assert from "node:assert/strict";
import test from "node:test";
import { endingOf, endScreen, isOver } from "./endings.mjs";

const level = (status, movesLeft, score, stars) =>
  ({ status, moves_left: movesLeft, score, stars, moves: 8 - (movesLeft ?? 0), level: "08-tap-columns", star_thresholds: [30, 40, 50] });

test("a lost level with moves left was stuck, not out of moves", () => {
  assert.equal(endingOf(level("lost", 4, 20, 0)), "stuck");
  assert.equal(endScreen(level("lost", 4, 20, 0)).title, "Stuck: no move is left");
  assert.equal(endingOf(level("lost", 0, 20, 0)), "out-of-moves");
  assert.equal(endScreen(level("lost", 0, 20, 0)).title, "Out of moves");
  assert.equal(endingOf({ status: "no_moves", moves_left: null }), "no-moves");
  assert.equal(endingOf({ status: "playable", moves_left: 3 }), null);
  assert.ok(isOver("cleared") && !isOver("playable"));
});

test("the end screen shows the stars and the score against each threshold", () => {
  const end = endScreen(level("won", 2, 42, 2));
  assert.equal(end.title, "You won!");
  assert.equal(end.text, "Score 42 in 6 moves: 2 stars of 3.");
  assert.equal(end.stars, 2);
  assert.deepEqual(end.lines.map((l) => l.text), [
    "1 star at 30 points: reached",
    "2 stars at 40 points: reached",
    "3 stars at 50 points: 8 more needed",
  ]);
});

test("a game without a level has no stars", () => {
  const end = endScreen({ status: "cleared", score: 12, moves: 1, level: null, stars: 0, moves_left: null });
  assert.equal(end.stars, null);
  assert.equal(end.text, "Score 12 in 1 move.");
});
