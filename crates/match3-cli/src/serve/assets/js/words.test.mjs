import assert from "node:assert/strict";
import test from "node:test";
import { goalWords, humanCoords, iconFor, levelIntro, moveInWords, plural, recordLine, shortName, statusWords } from "./words.mjs";

test("the server's 0-based coordinates read from 1, each counted once", () => {
  assert.equal(
    humanCoords("swapping (0,0) and (1,0) makes no match"),
    "swapping row 1 column 1 and row 2 column 1 makes no match",
  );
  assert.equal(humanCoords("column 5 is full"), "column 6 is full");
  assert.equal(humanCoords("row 0, col 3: unknown character 'x'"), "row 1, column 4: unknown character 'x'");
  assert.equal(humanCoords("illegal move drop 2: column 2 is full"), "illegal move drop into column 3: column 3 is full");
  assert.equal(humanCoords("the board has 4 rows"), "the board has 4 rows");
});

test("plurals agree with their number", () => {
  assert.equal(plural(1, "move"), "1 move");
  assert.equal(plural(0, "move"), "0 moves");
  assert.equal(plural(2, "star"), "2 stars");
});

test("moves and the record count from 1", () => {
  assert.equal(moveInWords({ swap: [[0, 2], [1, 2]] }), "swap row 1 column 3 with row 2 column 3");
  assert.equal(moveInWords({ drop: 0 }), "drop into column 1");
  assert.equal(moveInWords({ tap: [4, 1] }), "tap row 5 column 2");
  assert.equal(recordLine("swap (0,2) (1,2)"), "swap r1 c3 \u2194 r2 c3");
  assert.equal(recordLine("tap (4,1)"), "tap r5 c2");
  assert.equal(recordLine("drop 3"), "drop c4");
});

test("statuses are words", () => {
  assert.equal(statusWords("no_moves"), "no moves");
  assert.equal(statusWords("won"), "won");
  assert.equal(statusWords("playable"), "playable");
});

test("every special gets an icon, never its raw marker", () => {
  assert.equal(iconFor("striped (clears its row)"), "\u2194");
  assert.equal(iconFor("striped (clears its column)"), "\u2195");
  assert.equal(iconFor("lightning (strikes 3 random pieces)"), "\u03df");
  assert.notEqual(iconFor("something new"), "");
  assert.equal(shortName("wrapped (clears the 3x3 around it)"), "wrapped");
});

test("goals and a level's start are told in words", () => {
  assert.equal(goalWords({ kind: "jelly", count: 6, progress: 3, done: false }), "jelly 3 of 6");
  assert.equal(goalWords({ kind: "collect", color: "A", count: 30, progress: 30, done: true }), "collect red (A) done");
  assert.equal(goalWords({ kind: "score", target: 500, progress: 200, done: false }), "300 points to the score goal");
  const state = { goals: [{ kind: "jelly", count: 6 }, { kind: "score", target: 5000 }], moves_left: 1, star_thresholds: [600, 900, 1200] };
  assert.equal(
    levelIntro(state, "Jelly ring", "13 of 19"),
    "Level 13 of 19, Jelly ring. Goals: clear all 6 jelly, score 5000. 1 move. Stars at 600, 900, 1200 points.",
  );
});
