import assert from "node:assert/strict";
import test from "node:test";
import { createIdle } from "./idle.mjs";

// Timers under the test's control.
function clock() {
  let now = 0;
  const timers = new Map();
  let next = 1;
  return {
    setTimer(fn, ms) { timers.set(next, { fn, at: now + ms }); return next++; },
    clearTimer(id) { timers.delete(id); },
    advance(ms) {
      now += ms;
      for (const [id, t] of [...timers]) if (t.at <= now) { timers.delete(id); t.fn(); }
    },
  };
}

test("a hint comes once after the delay, and again only after new input", () => {
  const c = clock();
  let hints = 0;
  const idle = createIdle({ delay: 10000, onIdle: () => hints++, setTimer: c.setTimer, clearTimer: c.clearTimer });
  idle.poke();
  c.advance(9999);
  assert.equal(hints, 0);
  c.advance(1);
  assert.equal(hints, 1);
  c.advance(60000);
  assert.equal(hints, 1, "one hint per idle spell");
  idle.poke();
  c.advance(5000);
  idle.poke();
  c.advance(9000);
  assert.equal(hints, 1, "input restarts the count");
  c.advance(1000);
  assert.equal(hints, 2);
});

test("switched off, no hint comes", () => {
  const c = clock();
  let hints = 0;
  const idle = createIdle({ delay: 100, onIdle: () => hints++, setTimer: c.setTimer, clearTimer: c.clearTimer });
  idle.poke();
  idle.enable(false);
  c.advance(1000);
  idle.poke();
  c.advance(1000);
  assert.equal(hints, 0);
  assert.equal(idle.armed, false);
});
