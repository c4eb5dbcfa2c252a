// The match3 playground page: talks to the JSON API, draws the board, and animates each
// turn from its trace. Pieces are elements keyed by id, so a surviving piece slides to
// its new cell and never re-appears. Plain script, no build step.
"use strict";

// ms per animation step; none when the player asks for reduced motion.
const STEP = matchMedia("(prefers-reduced-motion: reduce)").matches ? 0 : 140;
const $ = (id) => document.getElementById(id);
const key = (r, c) => r + "," + c;
const GLYPH = { "-": "\u2194", "|": "\u2195", "+": "\u25c6", "*": "\u2731" };

let game = null;      // the last state from the server
let kinds = {};       // variant name -> accepted move kinds
let selected = null;  // [r, c] of a selected cell (swap variants)
let focus = [0, 0];   // the cell with the keyboard focus
let pieces = new Map(); // piece id -> element
let busy = false;
let lastStart = null;
let swipeFrom = null;   // where a touch or pointer swipe started
let swiped = false;     // a swipe just played: the click that follows it is not a tap   // the body of the last game started, to start it again

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

// A fall over `rows` rows takes longer the further it goes (gravity-like: the square
// root of the distance), eased in; a swap or a slide of one cell takes one STEP.
function fallTime(rows) {
  return Math.round(STEP * Math.sqrt(Math.max(1, rows)));
}

function fall(el, fromRow, r, c) {
  el.style.transitionDuration = fallTime(r - fromRow) + "ms";
  place(el, r, c);
}

// "+N" rising from the cells a phase cleared.
function popup(cells, points) {
  if (!cells.length || !points) return;
  const s = cellSize();
  const row = cells.reduce((a, [r]) => a + r, 0) / cells.length;
  const col = cells.reduce((a, [, c]) => a + c, 0) / cells.length;
  const el = document.createElement("div");
  el.className = "popup";
  el.textContent = "+" + points;
  el.setAttribute("aria-hidden", "true");
  el.style.left = (col * s + s / 2) + "px";
  el.style.top = (row * s + s / 2) + "px";
  $("board").querySelector(".pieces").appendChild(el);
  setTimeout(() => el.remove(), STEP * 6);
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
const HOWTO = {
  swap: "Select a piece, then a neighbour to swap it with (arrow keys and Enter work too).",
  drop: "Click a column to drop the next piece into it.",
  tap: "Click a group of two or more pieces of one colour to clear it.",
};

function render(state) {
  game = state;
  const accepts = kinds[state.rules] || ["swap"];
  $("howto").textContent = HOWTO[accepts.includes("drop") ? "drop" : accepts.includes("tap") ? "tap" : "swap"];
  renderLevel(state);
  fitCells(state.cols);
  const board = $("board");
  board.style.gridTemplateColumns = `repeat(${state.cols}, var(--cell))`;
  let layer = board.querySelector(".pieces");
  if (!board.dataset.shape || board.dataset.shape !== state.rows + "x" + state.cols) {
    board.innerHTML = "";
    pieces = new Map();
    for (let r = 0; r < state.rows; r++) {
      // A row element (laid out as if absent) so that the grid has rows of gridcells.
      const row = document.createElement("div");
      row.className = "row";
      row.setAttribute("role", "row");
      board.appendChild(row);
      for (let c = 0; c < state.cols; c++) {
        const cell = document.createElement("div");
        cell.className = "cell";
        cell.dataset.row = r;
        cell.dataset.col = c;
        cell.setAttribute("role", "gridcell");
        cell.tabIndex = -1;
        cell.addEventListener("click", () => { setFocus(r, c); choose(r, c); });
        cell.addEventListener("pointerdown", (e) => { swipeFrom = { r, c, x: e.clientX, y: e.clientY }; });
        row.appendChild(cell);
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
    const icon = document.createElement("span");
    icon.className = "goal-icon " + (g.kind === "collect" ? "c-" + g.color : "goal-" + g.kind);
    icon.setAttribute("aria-hidden", "true");
    if (g.kind === "collect") icon.textContent = g.color;
    li.appendChild(icon);
    li.appendChild(document.createTextNode(` ${what}: ${g.progress} / ${need}${g.done ? " (done)" : ""}`));
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

// Cells of at most 48 px, smaller on a narrow screen so the whole row fits.
function fitCells(cols) {
  const room = document.documentElement.clientWidth - 24;
  const size = Math.max(24, Math.min(48, Math.floor((room - 8) / cols)));
  document.documentElement.style.setProperty("--cell", size + "px");
}

// Spoken coordinates count from 1.
const where = (r, c) => `row ${r + 1} column ${c + 1}`;

function tokenAt(state, r, c) {
  const cell = state.cells.find((x) => x.row === r && x.col === c);
  return cell && cell.kind === "piece" ? (cell.special_name ? `${cell.color || ""} ${cell.special_name}`.trim() : cell.color) : "nothing";
}

// A turn in words: the move, what each phase cleared and made, the score, the goals
// still open and the moves left.
function narrate(move, before, trace, after) {
  const parts = [];
  if (move.swap) {
    const [[r1, c1], [r2, c2]] = move.swap;
    parts.push(`Swapped ${tokenAt(before, r1, c1)} at ${where(r1, c1)} with ${tokenAt(before, r2, c2)} at ${where(r2, c2)}.`);
  } else if (move.tap) {
    parts.push(`Tapped ${where(move.tap[0], move.tap[1])}.`);
  } else if (move.drop !== undefined) {
    parts.push(`Dropped ${before.next_piece || "a piece"} into column ${move.drop + 1}.`);
  }
  trace.phases.forEach((phase, i) => {
    const names = phase.created.map((c) => specialName(after, c.piece));
    const made = names.length ? `, made ${names.join(" and ")}` : "";
    parts.push(i === 0 ? `Cleared ${phase.cleared.length}${made}.` : `Chain ${i + 1}: cleared ${phase.cleared.length}${made}.`);
  });
  if (trace.shuffle) parts.push("No move was left: the board was shuffled.");
  parts.push(`Score ${after.score}.`);
  for (const g of after.goals) {
    const need = g.target !== undefined ? g.target : g.count;
    const what = g.kind === "collect" ? `collect ${g.color}` : g.kind;
    parts.push(g.done ? `${what} done.` : `${what} ${g.progress} of ${need}.`);
  }
  if (after.moves_left !== null) parts.push(`${after.moves_left} moves left.`);
  return parts.join(" ");
}

// "a striped piece (row)": the special's name as the variant gives it, from its marker.
function specialName(state, token) {
  const marker = token.replace(/^[A-Z]/, "");
  const kind = (window.SPECIALS[state.rules] || []).find((k) => k.marker === marker);
  return kind ? `a ${kind.name}` : "a special piece";
}

function moveInWords(mv) {
  if (mv.swap) return `swap ${where(mv.swap[0][0], mv.swap[0][1])} with ${where(mv.swap[1][0], mv.swap[1][1])}`;
  if (mv.tap) return `tap ${where(mv.tap[0], mv.tap[1])}`;
  return `drop into column ${mv.drop + 1}`;
}

const ENDED = { won: "You won!", lost: "Out of moves: the level is lost.", no_moves: "No move is left.", cleared: "The board is clear!" };

// The end of a game: a dialog with the result, the stars, Retry and (for a level with
// one after it) Next level; focus moves to it.
function showEnd(state) {
  const title = ENDED[state.status];
  if (!title) { $("game-over").hidden = true; return; }
  $("game-over-title").textContent = title;
  const stars = state.level ? state.stars : null;
  $("game-over-text").textContent = `Score ${state.score} in ${state.moves} moves` +
    (stars === null ? "." : `: ${stars} ${stars === 1 ? "star" : "stars"}.`);
  $("game-over-stars").textContent = stars === null ? "" : "\u2605".repeat(stars) + "\u2606".repeat(Math.max(0, 3 - stars));
  $("next-level").hidden = !nextLevel(state);
  $("game-over").hidden = false;
  $("retry").focus();
}

function nextLevel(state) {
  if (!state.level || !window.LEVELS) return null;
  const i = window.LEVELS.findIndex((l) => l.name === state.level);
  return i >= 0 && i + 1 < window.LEVELS.length ? window.LEVELS[i + 1].name : null;
}

// The level card: its name, stars thresholds, and goals as icons with counts.
function renderLevel(state) {
  const info = (window.LEVELS || []).find((l) => l.name === state.level);
  $("level-card").hidden = !state.level;
  $("level-name").textContent = info ? info.title || info.name : state.level || "";
  const stars = state.star_thresholds || [];
  $("level-stars").textContent = stars.length ? stars.map((t, i) => "\u2605".repeat(i + 1) + " " + t).join("  ") : "";
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
  if (swiped) { swiped = false; return; }
  if (busy || !game) return;
  // A finished game takes no more moves: show how it ended instead of an error.
  if (ENDED[game.status]) { showEnd(game); return; }
  for (const el of $("board").querySelectorAll(".cell.hint")) el.classList.remove("hint");
  const accepts = kinds[game.rules] || ["swap"];
  if (accepts.includes("tap")) return play({ tap: [r, c] });
  if (accepts.includes("drop")) return play({ drop: c });
  if (!selected) { selected = [r, c]; markSelected(); say(`selected ${where(r, c)}`); return; }
  const [sr, sc] = selected;
  if (sr === r && sc === c) { selected = null; markSelected(); say("selection cleared"); return; }
  if (Math.abs(sr - r) + Math.abs(sc - c) === 1) {
    selected = null;
    markSelected();
    return play({ swap: [[sr, sc], [r, c]] });
  }
  selected = [r, c];
  markSelected();
  say(`selected ${where(r, c)}`);
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
      // #message is an alert: announced once, not again through the live region.
      message(res.data.error);
      await bounce(move);
      render(res.data.state);
    } else if (!res.ok) {
      message(res.data.error);
    } else {
      const before = game;
      await animate(res.data.trace);
      render(res.data.state);
      say(narrate(move, before, res.data.trace, res.data.state));
      showEnd(res.data.state);
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
    popup(phase.cleared, phase.score);
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
    let longest = 1;
    for (const f of phase.falls) {
      const p = pieces.get(f.id);
      if (p) fall(p, f.from[0], f.to[0], f.to[1]);
      longest = Math.max(longest, f.to[0] - f.from[0]);
      at.delete(key(f.from[0], f.from[1]));
      at.set(key(f.to[0], f.to[1]), f.id);
    }
    // New pieces start above the board, one row above the other per column, and drop in.
    const above = {};
    for (const s of phase.spawns) above[s.at[1]] = (above[s.at[1]] || 0) + 1;
    const startRow = {};
    for (const s of phase.spawns) {
      const p = pieceElement(s.id, s.piece, false);
      startRow[s.id] = -(above[s.at[1]]--);
      place(p, startRow[s.id], s.at[1]); layer.appendChild(p); pieces.set(s.id, p);
    }
    await frame();
    for (const s of phase.spawns) {
      const p = pieces.get(s.id);
      const from = startRow[s.id];
      if (p) fall(p, from, s.at[0], s.at[1]);
      longest = Math.max(longest, s.at[0] - from);
      at.set(key(s.at[0], s.at[1]), s.id);
    }
    await wait(fallTime(longest));
    for (const p of pieces.values()) p.style.transitionDuration = "";
  }
  if (trace.shuffle) {
    for (const m of trace.shuffle.moves) move(m.id, m.to[0], m.to[1]);
    say("no move was left: the board was shuffled");
    await wait(STEP * 2);
  }
}

// A refused swap: the two pieces trade places and come back.
async function bounce(move) {
  if (!move.swap) return;
  const [[ar, ac], [br, bc]] = move.swap;
  const id = (r, c) => (game.cells.find((x) => x.row === r && x.col === c) || {}).id;
  const a = pieces.get(id(ar, ac)), b = pieces.get(id(br, bc));
  if (!a || !b) return;
  place(a, br, bc); place(b, ar, ac);
  await wait(STEP);
  place(a, ar, ac); place(b, br, bc);
  await wait(STEP);
}

async function start(body) {
  lastStart = body;
  setBusy(true);
  message("");
  selected = null;
  try {
    const res = await api("POST", "/api/games", body);
    if (!res.ok) { message(res.data.error); return; }
    $("board").dataset.shape = "";
    render(res.data);
    $("game-over").hidden = true;
    say(`new ${res.data.rules} game${res.data.level ? ", level " + res.data.level : ""}: ${res.data.rows} rows, ${res.data.cols} columns`);
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
    $("game-over").hidden = true;
    say(`${path}: score ${res.data.score}, ${res.data.moves} moves`);
    // Undo or reset back to the start must not leave the focus on nothing.
    setFocus(focus[0], focus[1]);
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
  say("Hint: " + moveInWords(mv) + ". It plays for the level's goals, not only for points.");
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

// A swipe of at least a third of a cell from a piece swaps it with its neighbour that
// way (phones: no need to tap twice).
document.addEventListener("pointerup", (e) => {
  const from = swipeFrom;
  swipeFrom = null;
  if (!from || !game || busy) return;
  const dx = e.clientX - from.x, dy = e.clientY - from.y;
  if (Math.max(Math.abs(dx), Math.abs(dy)) < cellSize() / 3) return;
  const accepts = kinds[game.rules] || ["swap"];
  if (!accepts.includes("swap")) return;
  const [r, c] = Math.abs(dx) > Math.abs(dy) ? [from.r, from.c + Math.sign(dx)] : [from.r + Math.sign(dy), from.c];
  if (r < 0 || c < 0 || r >= game.rows || c >= game.cols) return;
  e.preventDefault();
  selected = null;
  markSelected();
  swiped = true;
  play({ swap: [[from.r, from.c], [r, c]] });
});

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
  window.SPECIALS = {};
  // The variants are the program's registry: the bundled ones and any a rule crate added.
  const select = $("variant");
  for (const v of res.data.variants) {
    kinds[v.name] = v.moves; window.VARIANTS[v.name] = v.presets; window.SPECIALS[v.name] = v.specials;
    const o = document.createElement("option");
    o.value = v.name; o.textContent = v.name; o.title = v.description;
    select.appendChild(o);
  }
  // Start on the first variant with a preset board (a small puzzle), else the first.
  const first = res.data.variants.find((v) => v.presets.length > 0) || res.data.variants[0];
  if (first) select.value = first.name;
  window.LEVELS = res.data.levels;
  $("retry").addEventListener("click", () => { $("game-over").hidden = true; simple("reset", "POST"); });
  $("next-level").addEventListener("click", () => {
    const next = nextLevel(game);
    $("game-over").hidden = true;
    if (next) { $("level").value = next; start({ level: next, seed: seed() }); }
  });
  const levels = $("level");
  for (const l of res.data.levels) {
    const o = document.createElement("option");
    o.value = l.name; o.textContent = `${l.title || l.name} (${l.rules})`;
    levels.appendChild(o);
  }
  // Arrow keys on the Rules list change its value at each press: start the game when
  // the choice is made (Enter, or leaving the list), not once per key.
  let stepping = false;
  $("variant").addEventListener("keydown", (e) => {
    if (e.key.startsWith("Arrow")) stepping = true;
    if (e.key === "Enter" && stepping) { stepping = false; $("variant").dispatchEvent(new Event("change")); }
  });
  $("variant").addEventListener("blur", () => {
    if (stepping) { stepping = false; $("variant").dispatchEvent(new Event("change")); }
  });
  $("variant").addEventListener("change", () => {
    if (stepping) return;
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
    $("preset").value = "";
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
