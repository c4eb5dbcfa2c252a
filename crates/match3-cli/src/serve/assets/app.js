// The match3 playground page: talks to the JSON API, draws the board, and animates each
// turn from its trace. Pieces are elements keyed by id, so a surviving piece slides to
// its new cell and never re-appears. Plain script, no build step.
"use strict";

const STEP = 140; // ms per animation step
const $ = (id) => document.getElementById(id);
const key = (r, c) => r + "," + c;
const GLYPH = { "-": "\u2194", "|": "\u2195", "+": "\u25c6", "*": "\u2731" };

let game = null;      // the last state from the server
let kinds = {};       // variant name -> accepted move kinds
let selected = null;  // [r, c] of a selected cell (swap variants)
let focus = [0, 0];   // the cell with the keyboard focus
let pieces = new Map(); // piece id -> element
let busy = false;
let lastStart = null;   // the body of the last game started, to start it again

async function api(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const res = await fetch(path, init);
  let data = null;
  try { data = await res.json(); } catch (e) { data = { error: res.statusText }; }
  return { ok: res.ok, status: res.status, data };
}

const wait = (ms) => new Promise((done) => setTimeout(done, ms));
const frame = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));

function setBusy(on) {
  busy = on;
  document.body.dataset.busy = on ? "true" : "false";
}

function say(text) { $("live").textContent = text; }
function message(text) { $("message").textContent = text || ""; }

function cellSize() {
  return parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--cell")) || 48;
}

function place(el, r, c) {
  const s = cellSize();
  el.style.transform = `translate(${c * s}px, ${r * s}px)`;
}

function glyph(token) {
  const letter = token.match(/^[A-Z]/) ? token[0] : "";
  const marker = token.slice(letter.length);
  return letter + (GLYPH[marker] !== undefined ? GLYPH[marker] : marker);
}

function pieceElement(id, token, locked) {
  const el = document.createElement("div");
  const letter = token.match(/^[A-Z]/) ? token[0] : "none";
  el.className = "piece c-" + letter + (token.length > 1 || letter === "none" ? " special" : "") +
    (locked ? " locked" : "");
  el.dataset.id = id;
  el.textContent = glyph(token);
  el.setAttribute("aria-hidden", "true");
  return el;
}

// Draws the board from a state: cells (the test hooks and focus targets) and pieces,
// reusing piece elements by id so that they move rather than appear.
function render(state) {
  game = state;
  const board = $("board");
  board.style.gridTemplateColumns = `repeat(${state.cols}, var(--cell))`;
  let layer = board.querySelector(".pieces");
  if (!board.dataset.shape || board.dataset.shape !== state.rows + "x" + state.cols) {
    board.innerHTML = "";
    pieces = new Map();
    for (let r = 0; r < state.rows; r++) {
      for (let c = 0; c < state.cols; c++) {
        const cell = document.createElement("div");
        cell.className = "cell";
        cell.dataset.row = r;
        cell.dataset.col = c;
        cell.setAttribute("role", "gridcell");
        cell.tabIndex = -1;
        cell.addEventListener("click", () => { setFocus(r, c); choose(r, c); });
        board.appendChild(cell);
      }
    }
    layer = document.createElement("div");
    layer.className = "pieces";
    board.appendChild(layer);
    board.dataset.shape = state.rows + "x" + state.cols;
    focus = [Math.min(focus[0], state.rows - 1), Math.min(focus[1], state.cols - 1)];
  }
  const seen = new Set();
  for (const cell of state.cells) {
    const el = cellAt(cell.row, cell.col);
    el.setAttribute("aria-label", cell.label);
    el.className = "cell" + (cell.kind === "hole" ? " hole" : "") +
      (cell.kind === "crate" ? " crate" : "") + (cell.kind === "blocker" ? " blocker" : "") +
      (cell.jelly ? " jelly" + cell.jelly : "");
    if (cell.kind === "crate") el.dataset.health = cell.health; else delete el.dataset.health;
    if (cell.kind === "piece") {
      let p = pieces.get(cell.id);
      if (!p) {
        p = pieceElement(cell.id, cell.token, cell.locked);
        layer.appendChild(p);
        pieces.set(cell.id, p);
      } else {
        p.className = pieceElement(cell.id, cell.token, cell.locked).className;
        p.textContent = glyph(cell.token);
      }
      place(p, cell.row, cell.col);
      seen.add(cell.id);
    }
  }
  for (const [id, p] of pieces) {
    if (!seen.has(id)) { p.remove(); pieces.delete(id); }
  }
  setFocus(focus[0], focus[1], false);
  markSelected();
  $("score").textContent = String(state.score);
  $("moves").textContent = String(state.moves);
  $("status").textContent = state.status;
  $("moves-left").textContent = state.moves_left === null ? "unlimited" : String(state.moves_left);
  $("next").textContent = state.next_piece || "none";
  const goals = $("goals");
  goals.innerHTML = "";
  for (const g of state.goals) {
    const li = document.createElement("li");
    const what = g.kind === "collect" ? "collect " + g.color : g.kind;
    const need = g.target !== undefined ? g.target : g.count;
    li.textContent = `${what}: ${g.progress} / ${need}${g.done ? " (done)" : ""}`;
    goals.appendChild(li);
  }
  if (!state.goals.length) goals.innerHTML = "<li>none</li>";
  const record = $("record");
  record.innerHTML = "";
  for (const m of state.record) {
    const li = document.createElement("li");
    li.textContent = m;
    record.appendChild(li);
  }
  $("undo").disabled = !state.can_undo;
}

function cellAt(r, c) {
  return $("board").querySelector(`.cell[data-row="${r}"][data-col="${c}"]`);
}

function setFocus(r, c, move = true) {
  if (!game) return;
  r = Math.max(0, Math.min(game.rows - 1, r));
  c = Math.max(0, Math.min(game.cols - 1, c));
  for (const el of $("board").querySelectorAll(".cell[tabindex='0']")) el.tabIndex = -1;
  focus = [r, c];
  const el = cellAt(r, c);
  if (!el) return;
  el.tabIndex = 0;
  if (move) el.focus();
}

function markSelected() {
  for (const el of $("board").querySelectorAll(".cell.selected")) {
    el.classList.remove("selected");
    el.removeAttribute("aria-selected");
  }
  if (selected) {
    const el = cellAt(selected[0], selected[1]);
    if (el) { el.classList.add("selected"); el.setAttribute("aria-selected", "true"); }
  }
}

// A click, Enter or Space on a cell: tap it, drop into its column, or select it and
// swap with an adjacent selected cell.
function choose(r, c) {
  if (busy || !game) return;
  for (const el of $("board").querySelectorAll(".cell.hint")) el.classList.remove("hint");
  const accepts = kinds[game.rules] || ["swap"];
  if (accepts.includes("tap")) return play({ tap: [r, c] });
  if (accepts.includes("drop")) return play({ drop: c });
  if (!selected) { selected = [r, c]; markSelected(); say(`selected row ${r}, column ${c}`); return; }
  const [sr, sc] = selected;
  if (sr === r && sc === c) { selected = null; markSelected(); say("selection cleared"); return; }
  if (Math.abs(sr - r) + Math.abs(sc - c) === 1) {
    selected = null;
    markSelected();
    return play({ swap: [[sr, sc], [r, c]] });
  }
  selected = [r, c];
  markSelected();
  say(`selected row ${r}, column ${c}`);
}

async function play(move) {
  if (busy) return;
  setBusy(true);
  message("");
  try {
    const res = await api("POST", `/api/games/${game.id}/moves`, move);
    if (await recover(res)) {
      return;
    } else if (res.status === 422) {
      message(res.data.error);
      say(res.data.error);
      render(res.data.state);
    } else if (!res.ok) {
      message(res.data.error);
    } else {
      await animate(res.data.trace);
      render(res.data.state);
      const s = res.data.state;
      say(`score ${s.score}, ${s.moves} moves, status ${s.status}`);
    }
  } finally {
    setBusy(false);
  }
}

// Plays a trace on the piece elements: the opening, then per phase the clear, the
// obstacles, new specials, falls and spawns, then a shuffle. The final state is drawn
// afterwards (it agrees with the animation, so nothing jumps).
async function animate(trace) {
  const at = new Map(); // "r,c" -> piece id, as the animation goes
  for (const cell of game.cells) if (cell.kind === "piece") at.set(key(cell.row, cell.col), cell.id);
  const layer = $("board").querySelector(".pieces");
  const move = (id, r, c) => { const p = pieces.get(id); if (p) place(p, r, c); };
  const o = trace.opening;
  if (o && o.swap) {
    const [[ar, ac], [br, bc]] = o.swap;
    const [aid, bid] = o.ids;
    move(aid, br, bc); move(bid, ar, ac);
    at.set(key(br, bc), aid); at.set(key(ar, ac), bid);
    await wait(STEP);
  } else if (o && o.drop) {
    const d = o.drop;
    const p = pieceElement(d.id, d.piece, false);
    place(p, -1, d.to[1]); layer.appendChild(p); pieces.set(d.id, p);
    await frame();
    move(d.id, d.to[0], d.to[1]); at.set(key(d.to[0], d.to[1]), d.id);
    await wait(STEP);
  }
  for (const phase of trace.phases) {
    for (const f of phase.fired) {
      for (const [r, c] of f.cleared) { const el = cellAt(r, c); if (el) el.classList.add("hint"); }
    }
    for (const [r, c] of phase.cleared) {
      const id = at.get(key(r, c));
      const p = pieces.get(id);
      if (p) { p.classList.add("gone"); }
      at.delete(key(r, c));
    }
    await wait(STEP);
    for (const el of $("board").querySelectorAll(".cell.hint")) el.classList.remove("hint");
    for (const [id, p] of pieces) if (p.classList.contains("gone")) { p.remove(); pieces.delete(id); }
    for (const ev of phase.obstacles || []) {
      const el = cellAt(ev.at[0], ev.at[1]);
      if (ev.kind === "jelly" && el) {
        el.classList.remove("jelly1", "jelly2");
        if (ev.left) el.classList.add("jelly" + ev.left);
      } else if (ev.kind === "crate" && el) {
        if (ev.health) el.dataset.health = ev.health; else el.classList.remove("crate");
      } else if (ev.kind === "unlocked") {
        const p = pieces.get(ev.id); if (p) p.classList.remove("locked");
      }
    }
    for (const c of phase.created) {
      const p = pieceElement(c.id, c.piece, false);
      place(p, c.at[0], c.at[1]); layer.appendChild(p); pieces.set(c.id, p);
      at.set(key(c.at[0], c.at[1]), c.id);
    }
    for (const f of phase.falls) {
      move(f.id, f.to[0], f.to[1]);
      at.delete(key(f.from[0], f.from[1]));
      at.set(key(f.to[0], f.to[1]), f.id);
    }
    // New pieces start above the board, one row above the other per column, and drop in.
    const above = {};
    for (const s of phase.spawns) above[s.at[1]] = (above[s.at[1]] || 0) + 1;
    for (const s of phase.spawns) {
      const p = pieceElement(s.id, s.piece, false);
      place(p, -(above[s.at[1]]--), s.at[1]); layer.appendChild(p); pieces.set(s.id, p);
    }
    await frame();
    for (const s of phase.spawns) { move(s.id, s.at[0], s.at[1]); at.set(key(s.at[0], s.at[1]), s.id); }
    await wait(STEP);
  }
  if (trace.shuffle) {
    for (const m of trace.shuffle.moves) move(m.id, m.to[0], m.to[1]);
    say("no move was left: the board was shuffled");
    await wait(STEP * 2);
  }
}

async function start(body) {
  lastStart = body;
  setBusy(true);
  message("");
  selected = null;
  try {
    const res = await api("POST", "/api/games", body);
    if (!res.ok) { message(res.data.error); say(res.data.error); return; }
    $("board").dataset.shape = "";
    render(res.data);
    say(`new ${res.data.rules} game: status ${res.data.status}`);
  } finally {
    setBusy(false);
  }
}

function seed() { return Math.max(0, parseInt($("seed").value, 10) || 0); }

// A game the server no longer has (evicted, or from before a restart) answers 404: start
// the same game afresh and say so, instead of showing the error on every click.
async function recover(res) {
  if (res.status !== 404) return false;
  const notice = "That game was closed by the server (it keeps a limited number of games): a new one has started.";
  setBusy(false);
  await start(lastStart || { rules: $("variant").value, seed: seed() });
  message(notice);
  say(notice);
  return true;
}

async function simple(path, method) {
  if (busy || !game) return;
  setBusy(true);
  message("");
  try {
    const res = await api(method, `/api/games/${game.id}/${path}`);
    if (await recover(res)) return;
    if (!res.ok) { message(res.data.error); return; }
    selected = null;
    render(res.data);
    say(`${path}: score ${res.data.score}, ${res.data.moves} moves`);
  } finally {
    setBusy(false);
  }
}

async function hint() {
  if (busy || !game) return;
  const res = await api("GET", `/api/games/${game.id}/hint`);
  if (await recover(res)) return;
  if (!res.ok) { message(res.data.error); return; }
  const mv = res.data.move;
  if (!mv) { say("no move"); message("no legal move"); return; }
  const cells = mv.swap ? mv.swap : mv.tap ? [mv.tap] : [];
  for (const [r, c] of cells) cellAt(r, c).classList.add("hint");
  if (mv.drop !== undefined) for (let r = 0; r < game.rows; r++) cellAt(r, mv.drop).classList.add("hint");
  say("hint: " + JSON.stringify(mv));
}

function fillPresets(variant) {
  const presets = $("preset");
  presets.innerHTML = '<option value="">(random board)</option>';
  for (const name of (window.VARIANTS || {})[variant] || []) {
    const o = document.createElement("option");
    o.value = name; o.textContent = name;
    presets.appendChild(o);
  }
  if (presets.options.length > 1) presets.selectedIndex = 1;
}

function newGameBody() {
  const body = { rules: $("variant").value, seed: seed() };
  if ($("preset").value) body.board = $("preset").value;
  return body;
}

document.addEventListener("keydown", (e) => {
  if (!e.target.classList || !e.target.classList.contains("cell")) return;
  const [r, c] = focus;
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (moves[e.key]) {
    e.preventDefault();
    setFocus(r + moves[e.key][0], c + moves[e.key][1]);
  } else if (e.key === "Enter" || e.key === " ") {
    e.preventDefault();
    choose(r, c);
  } else if (e.key === "Escape") {
    selected = null; markSelected();
  }
});

async function init() {
  const res = await api("GET", "/api/variants");
  window.VARIANTS = {};
  // The variants are the program's registry: the bundled ones and any a rule crate added.
  const select = $("variant");
  for (const v of res.data.variants) {
    kinds[v.name] = v.moves; window.VARIANTS[v.name] = v.presets;
    const o = document.createElement("option");
    o.value = v.name; o.textContent = v.name; o.title = v.description;
    select.appendChild(o);
  }
  // Start on the first variant with a preset board (a small puzzle), else the first.
  const first = res.data.variants.find((v) => v.presets.length > 0) || res.data.variants[0];
  if (first) select.value = first.name;
  const levels = $("level");
  for (const l of res.data.levels) {
    const o = document.createElement("option");
    o.value = l.name; o.textContent = `${l.title || l.name} (${l.rules})`;
    levels.appendChild(o);
  }
  $("variant").addEventListener("change", () => {
    $("level").value = "";
    fillPresets($("variant").value);
    start(newGameBody());
  });
  $("preset").addEventListener("change", () => start(newGameBody()));
  $("level").addEventListener("change", () => {
    const name = $("level").value;
    if (!name) return start(newGameBody());
    const info = res.data.levels.find((l) => l.name === name);
    if (info && info.rules) { $("variant").value = info.rules; fillPresets(info.rules); }
    start({ level: name, seed: seed() });
  });
  $("new").addEventListener("click", () => {
    const name = $("level").value;
    start(name ? { level: name, seed: seed() } : newGameBody());
  });
  $("load").addEventListener("click", () => {
    $("level").value = "";
    start({ rules: $("variant").value, board: $("board-input").value, seed: seed() });
  });
  $("board-input").addEventListener("keydown", (e) => { if (e.key === "Enter") $("load").click(); });
  $("undo").addEventListener("click", () => simple("undo", "POST"));
  $("reset").addEventListener("click", () => simple("reset", "POST"));
  $("hint").addEventListener("click", hint);
  fillPresets($("variant").value);
  await start(newGameBody());
}

init();
