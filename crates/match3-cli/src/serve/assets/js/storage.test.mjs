import assert from "node:assert/strict";
import test from "node:test";
import { bundleOf, forgetGame, keepGame, KEPT_GAMES, keptGame, progress, recordEnd, setSetting, settings } from "./storage.mjs";

/** A Storage as browsers give it, in memory. */
function memory() {
  const items = new Map();
  return {
    getItem: (k) => (items.has(k) ? items.get(k) : null),
    setItem: (k, v) => items.set(k, String(v)),
    removeItem: (k) => items.delete(k),
  };
}

const refusing = { getItem() { throw new Error("denied"); }, setItem() { throw new Error("quota"); } };

const state = (id, moves = 1) => ({ id, rules: "lines", level: null, save: { rules: "lines", moves }, record: ["swap (0,0) (0,1)"] });

test("a kept game comes back in its tab, and in a new tab as the latest", () => {
  const local = memory();
  const tabA = memory();
  keepGame(local, tabA, bundleOf(state("g1"), 7, 1));
  const tabB = memory();
  keepGame(local, tabB, bundleOf(state("g2"), 8, 2));
  assert.equal(keptGame(local, tabA).id, "g1", "this tab's game after a reload");
  assert.equal(keptGame(local, tabA).seed, 7);
  assert.deepEqual(keptGame(local, tabA).save, { rules: "lines", moves: 1 });
  assert.equal(keptGame(local, memory()).id, "g2", "a new tab resumes the latest");
  forgetGame(local, "g2");
  assert.equal(keptGame(local, memory()), null);
});

test("only the latest games are kept", () => {
  const local = memory();
  for (let i = 0; i < KEPT_GAMES + 3; i++) keepGame(local, memory(), bundleOf(state("g" + i), 0, i));
  const kept = JSON.parse(local.getItem("match3:games"));
  assert.equal(Object.keys(kept).length, KEPT_GAMES);
  assert.ok(!("g0" in kept) && "g7" in kept);
});

test("progress keeps the best stars and score, and a win once won", () => {
  const local = memory();
  recordEnd(local, "01-first-steps", "won", 2, 900);
  recordEnd(local, "01-first-steps", "lost", 0, 1200);
  recordEnd(local, "01-first-steps", "won", 1, 500);
  assert.deepEqual(progress(local)["01-first-steps"], { won: true, stars: 2, score: 1200 });
  recordEnd(local, "02-ring", "lost", 0, 40);
  assert.deepEqual(progress(local)["02-ring"], { won: false, stars: 0, score: 40 });
});

test("settings default to idle hints on and remember a change", () => {
  const local = memory();
  assert.equal(settings(local).idleHint, true);
  setSetting(local, "idleHint", false);
  assert.equal(settings(local).idleHint, false);
});

test("a browser that refuses storage loses only what it refuses", () => {
  assert.equal(keepGame(refusing, refusing, bundleOf(state("g1"), 0, 0)), false);
  assert.equal(keptGame(refusing, refusing), null);
  assert.deepEqual(progress(refusing), {});
  assert.equal(settings(refusing).idleHint, true);
  const garbled = memory();
  garbled.setItem("match3:games", "{not json");
  assert.equal(keptGame(garbled, memory()), null);
});
