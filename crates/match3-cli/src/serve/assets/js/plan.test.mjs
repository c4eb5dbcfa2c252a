import assert from "node:assert/strict";
import test from "node:test";
import { longCascade, TEACHING } from "./fixtures.mjs";
import { BUDGET, countUp, FULL_PACE_CHAINS, fallTime, pace, planTurn, spawnStarts } from "./plan.mjs";

test("a short turn plays at full pace", () => {
  const plan = planTurn(TEACHING.trace, 140, 0);
  assert.equal(plan.opening, 140);
  assert.deepEqual(plan.phases, [{ clear: 140, fall: 140, score: 3 }]);
  assert.equal(plan.total, 420);
});

test("however long the cascade, the turn fits the budget and later chains go faster", () => {
  for (const n of [1, 5, 12, 37, 60, 200]) {
    const plan = planTurn(longCascade(n), 140, 100);
    assert.ok(plan.total <= BUDGET, `${n} chains: ${plan.total} ms`);
    assert.equal(plan.phases.length, n);
    assert.equal(plan.phases.at(-1).score, 100 + 60 * n, "the score after the last chain");
    for (let i = 1; i < n; i++) {
      assert.ok(plan.phases[i].clear <= plan.phases[i - 1].clear, `chain ${i + 1} is no slower than chain ${i}`);
    }
  }
  // 37 chains at the old 0.45 s each took 16.7 s.
  const long = planTurn(longCascade(37), 140);
  assert.ok(long.total >= 2000, `still animated: ${long.total} ms`);
  assert.ok(long.phases[0].clear > 2 * long.phases[30].clear, "the tail is quicker than the start");
});

test("the first chains keep their pace, the rest speed up to a floor", () => {
  for (let i = 0; i < FULL_PACE_CHAINS; i++) assert.equal(pace(i), 1);
  assert.ok(pace(FULL_PACE_CHAINS) < 1);
  assert.ok(pace(100) > 0);
});

test("reduced motion plans no time at all", () => {
  const plan = planTurn(longCascade(10), 0);
  assert.equal(plan.total, 0);
});

test("falls take longer the further they go; spawns stack above their column", () => {
  assert.equal(fallTime(1, 100), 100);
  assert.equal(fallTime(4, 100), 200);
  const starts = spawnStarts({ spawns: [{ id: 1, at: [1, 0] }, { id: 2, at: [0, 0] }, { id: 3, at: [0, 5] }] });
  assert.deepEqual(starts, { 1: -2, 2: -1, 3: -1 });
});

test("the score counts up evenly to the phase's total", () => {
  assert.equal(countUp(100, 160, 0, 300), 100);
  assert.equal(countUp(100, 160, 150, 300), 130);
  assert.equal(countUp(100, 160, 400, 300), 160);
  assert.equal(countUp(100, 160, 0, 0), 160);
});
