import assert from "node:assert/strict";
import test from "node:test";
import { longCascade, phase, stateOf, TEACHING } from "./fixtures.mjs";
import { narrate, pieceWords } from "./narrate.mjs";
import { followTurn, totals } from "./turn.mjs";

const LINES = [
  { marker: "-", name: "striped (clears its row)" },
  { marker: "+", name: "wrapped (clears the 3x3 around it)" },
  { marker: "*", name: "colour bomb" },
];

test("the teaching move in words: colours, coordinates from 1", () => {
  const { before, move, trace } = TEACHING;
  const after = { ...stateOf("...C/BCBB/CBAC/ABCA"), score: 3 };
  assert.equal(
    narrate(move, before, trace, after, []),
    "Swapped blue B at row 1 column 3 with red A at row 2 column 3. Cleared 3 red. Score 3.",
  );
});

test("pieces are named by colour and special", () => {
  assert.equal(pieceWords("B", LINES), "blue B");
  assert.equal(pieceWords("B-", LINES), "blue striped B");
  assert.equal(pieceWords("*", LINES), "colour bomb");
  assert.equal(pieceWords("C!", [{ marker: "!", name: "lightning (strikes 3 random pieces)" }]), "green lightning C");
});

test("specials fired and made, locks, jelly and crates, goals and moves left", () => {
  const before = stateOf("A A B- B/C C D D", { score: 10 });
  const trace = {
    opening: null,
    phases: [phase([[0, 0], [0, 1], [0, 2], [0, 3]], {
      score: 40,
      fired: [{ piece: "B-", cleared: [[0, 0], [0, 1], [0, 2], [0, 3]] }],
      created: [{ id: 99, at: [1, 0], piece: "C+" }],
      obstacles: [{ kind: "unlocked", at: [1, 3], id: 7 }, { kind: "jelly", at: [0, 0], left: 0 }, { kind: "crate", at: [1, 1], health: 0 }],
    })],
    shuffle: null,
  };
  const after = { ...before, score: 50, moves_left: 1, goals: [{ kind: "jelly", count: 6, progress: 4, done: false }] };
  const words = narrate({ tap: [0, 0] }, before, trace, after, LINES);
  assert.match(words, /^Tapped red A at row 1 column 1\./);
  assert.match(words, / Cleared 4 \(2 red and 2 blue\), fired a striped, made a wrapped\. /);
  assert.match(words, /1 lock opened, 1 jelly cleared, 1 crate broken\./);
  assert.match(words, /Score 50 \(\+40\)\./);
  assert.match(words, /Goals: jelly 4 of 6\./);
  assert.match(words, /1 move left\.$/);
});

test("a long cascade is told by its totals and stays short", () => {
  const before = stateOf("ABCABCAB/BCABCABC/CABCABCA/ABCABCAB/BCABCABC/CABCABCA/ABCABCAB/BCABCABC");
  const trace = longCascade(37);
  const after = { ...before, score: 2220, moves_left: 6, goals: [{ kind: "score", target: 8000, progress: 2220, done: false }] };
  const words = narrate({ swap: [[7, 3], [6, 3]] }, before, trace, after, LINES);
  assert.ok(words.length <= 300, `${words.length} characters: ${words}`);
  assert.match(words, /A cascade of 37 chains: cleared 111 \(/);
  assert.match(words, /Score 2220\. Goals: 5780 points to the score goal\. 6 moves left\.$/);
  assert.doesNotMatch(words, /Chain 2/);
});

test("following a turn tracks each piece through swaps, falls and spawns", () => {
  const before = stateOf("AB/BA/AB");
  const trace = {
    opening: { ids: [2, 3], swap: [[1, 0], [1, 1]] },
    phases: [
      phase([[0, 0], [1, 0], [2, 0]], { score: 3, spawns: [{ id: 9, at: [0, 0], piece: "C" }, { id: 10, at: [1, 0], piece: "C" }, { id: 11, at: [2, 0], piece: "C" }] }),
      phase([[0, 0], [1, 0], [2, 0]], { score: 6 }),
    ],
    shuffle: null,
  };
  const phases = followTurn(before, trace);
  assert.deepEqual(phases.map((p) => p.cleared.map((c) => c.colour).join("")), ["AAA", "CCC"]);
  assert.equal(totals(phases).score, 9);
});
