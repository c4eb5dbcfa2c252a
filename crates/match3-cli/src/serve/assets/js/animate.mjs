// Plays a turn's trace on the piece elements, at the pace `plan.mjs` set: the opening,
// then per phase the blasts and the clear (the score counting up), obstacles, new
// specials, falls and new pieces dropping in, then a shuffle. A run can be skipped (a
// tap or a key): it stops at once and the caller draws the final state, which the
// animation agrees with, so nothing jumps.

import * as board from "./board.mjs";
import { countUp, spawnStarts } from "./plan.mjs";

const key = (r, c) => r + "," + c;
// Makes the browser take the pieces' start positions now (a style flush), so that their
// next move is a transition from there; waiting for frames instead would cost ~30 ms a
// phase, seconds in a long cascade.
const flush = () => void board.layer().getBoundingClientRect();

/** A run that `skip()` ends early: its waits resolve at once from then on. Its clock
 * keeps to the plan: `next(ms)` waits until `ms` more of the plan have passed since the
 * run began, so time lost to the page's own work is made up, never added up. */
export function createRun() {
  let wake = null;
  const began = performance.now();
  let planned = 0;
  const run = {
    skipped: false,
    next(ms) {
      planned += ms;
      return run.wait(began + planned - performance.now());
    },
    skip() {
      run.skipped = true;
      if (wake) wake();
    },
    wait(ms) {
      if (run.skipped || ms <= 0) return Promise.resolve();
      return new Promise((done) => {
        const timer = setTimeout(() => { wake = null; done(); }, ms);
        wake = () => { clearTimeout(timer); wake = null; done(); };
      });
    },
  };
  return run;
}

// The score counting from `from` to `to` over `ms`, on animation frames.
function countScore(from, to, ms, run) {
  const el = document.getElementById("score");
  const start = performance.now();
  const tick = () => {
    if (run.skipped) return;
    const t = performance.now() - start;
    el.textContent = String(countUp(from, to, t, ms));
    if (t < ms) requestAnimationFrame(tick);
  };
  tick();
}

// "+N" rising from the cells a phase cleared.
function popup(cells, points, ms) {
  if (!cells.length || !points) return;
  const s = board.cellSize();
  const row = cells.reduce((a, [r]) => a + r, 0) / cells.length;
  const col = cells.reduce((a, [, c]) => a + c, 0) / cells.length;
  const el = document.createElement("div");
  el.className = "popup";
  el.textContent = "+" + points;
  el.setAttribute("aria-hidden", "true");
  el.style.left = (col * s + s / 2) + "px";
  el.style.top = (row * s + s / 2) + "px";
  board.layer().appendChild(el);
  setTimeout(() => el.remove(), Math.max(300, ms * 4));
}

function opening(o, at, specials) {
  if (o && o.swap) {
    const [[ar, ac], [br, bc]] = o.swap;
    const [aid, bid] = o.ids;
    for (const [id, r, c] of [[aid, br, bc], [bid, ar, ac]]) {
      const el = board.pieceById(id);
      if (el) board.place(el, r, c);
      at.set(key(r, c), id);
    }
    return null;
  }
  if (o && o.drop) {
    const d = o.drop;
    board.addPiece(d.id, d.piece, -1, d.to[1], specials);
    at.set(key(d.to[0], d.to[1]), d.id);
    return () => board.place(board.pieceById(d.id), d.to[0], d.to[1]);
  }
  return null;
}

function clear(phase, at) {
  board.mark("blast", phase.fired.flatMap((f) => f.cleared));
  const kept = new Set((phase.obstacles || []).filter((e) => e.kind === "unlocked").map((e) => key(...e.at)));
  for (const [r, c] of phase.cleared) {
    if (kept.has(key(r, c))) continue;
    const el = board.pieceById(at.get(key(r, c)));
    if (el) el.classList.add("gone");
    at.delete(key(r, c));
  }
}

function obstacles(phase) {
  for (const ev of phase.obstacles || []) {
    const el = board.cellAt(ev.at[0], ev.at[1]);
    if (!el) continue;
    if (ev.kind === "jelly") {
      el.classList.remove("jelly1", "jelly2");
      if (ev.left) el.classList.add("jelly" + ev.left);
    } else if (ev.kind === "crate") {
      if (ev.health) el.dataset.health = ev.health;
      else el.classList.remove("crate");
    } else if (ev.kind === "unlocked") {
      el.classList.remove("locked");
    }
  }
}

// New specials, falls and spawns: every piece heads for where the phase leaves it.
function settle(phase, at, ms, specials) {
  for (const c of phase.created) {
    board.addPiece(c.id, c.piece, c.at[0], c.at[1], specials);
    at.set(key(...c.at), c.id);
  }
  const moving = (el, time) => { if (el) el.style.transitionDuration = time + "ms"; return el; };
  for (const f of phase.falls) at.delete(key(...f.from));
  for (const f of phase.falls) {
    const el = moving(board.pieceById(f.id), ms);
    if (el) board.place(el, f.to[0], f.to[1]);
    at.set(key(...f.to), f.id);
  }
  const starts = spawnStarts(phase);
  for (const s of phase.spawns) board.addPiece(s.id, s.piece, starts[s.id], s.at[1], specials);
  flush();
  for (const s of phase.spawns) {
    board.place(moving(board.pieceById(s.id), ms), s.at[0], s.at[1]);
    at.set(key(...s.at), s.id);
  }
}

/** Animates `trace` from the state `before` along `plan`; resolves when done or skipped. */
export async function animate(trace, before, plan, specials, run) {
  const at = new Map(); // "r,c" -> piece id, as the animation goes
  for (const cell of before.cells) if (cell.kind === "piece") at.set(key(cell.row, cell.col), cell.id);
  const drop = opening(trace.opening, at, specials);
  if (drop) {
    flush();
    drop();
  }
  await run.next(plan.opening);
  let score = before.score;
  for (const [i, phase] of trace.phases.entries()) {
    if (run.skipped) return;
    const { clear: clearMs, fall: fallMs, score: after } = plan.phases[i];
    clear(phase, at);
    popup(phase.cleared, phase.score, clearMs + fallMs);
    countScore(score, after, clearMs + fallMs, run);
    score = after;
    await run.next(clearMs);
    board.mark("blast", []);
    for (const [id, el] of board.allPieces()) if (el.classList.contains("gone")) board.removePiece(id);
    obstacles(phase);
    settle(phase, at, fallMs, specials);
    await run.next(fallMs);
  }
  if (trace.shuffle && !run.skipped) {
    for (const m of trace.shuffle.moves) {
      const el = board.pieceById(m.id);
      if (el) board.place(el, m.to[0], m.to[1]);
    }
    await run.next(plan.shuffle);
  }
}
