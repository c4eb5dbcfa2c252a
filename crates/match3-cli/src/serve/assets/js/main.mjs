// The playground page's entry: loads the variants and levels, resumes the game this
// tab (or this browser) was playing, and wires the board's input (mouse, touch,
// keyboard), the buttons, the end screen and the idle hint to the game.

import { api, failureWords } from "./api.mjs";
import * as board from "./board.mjs";
import * as dialog from "./dialog.mjs";
import * as game from "./game.mjs";
import { isOver } from "./endings.mjs";
import { createGestures } from "./gestures.mjs";
import { coloursOn, drawHud, drawLegend } from "./hud.mjs";
import { createIdle, IDLE_HINT_MS } from "./idle.mjs";
import * as notice from "./notice.mjs";
import * as setup from "./setup.mjs";
import * as storage from "./storage.mjs";
import { canSwap, cornerFocus, directionsOf, hasCorners } from "./swaps.mjs";
import { levelIntro, plural, where } from "./words.mjs";

const $ = (id) => document.getElementById(id);
const { current } = game;
const gestures = createGestures();
const presets = {}; // variant -> preset names
const idle = createIdle({
  delay: () => Number(document.body.dataset.idleHintMs) || IDLE_HINT_MS,
  onIdle: () => { if (!current.busy && !dialog.isOpen()) game.hint(true); },
});

// The state and the animation step, for the browser tests and the curious (read-only
// by convention: the page never reads them back).
Object.defineProperty(window, "game", { get: () => current.state, configurable: true });
Object.defineProperty(window, "STEP", { get: () => current.step, configurable: true });

function levelInfo(state) {
  const i = current.levels.findIndex((l) => l.name === state.level);
  return i < 0 ? null : { ...current.levels[i], position: `${i + 1} of ${current.levels.length}` };
}

function nextLevel(state) {
  const i = current.levels.findIndex((l) => l.name === state.level);
  return i >= 0 && i + 1 < current.levels.length ? current.levels[i + 1].name : null;
}

// After every state: the numbers, the lists, the copy kept for a reload.
function shown(state) {
  const info = levelInfo(state);
  drawHud(state, { kinds: game.kindsOf(state), corners: hasCorners(game.swapsOf(state)), info, best: state.level ? storage.progress(localStorage)[state.level] : null });
  drawLegend(coloursOn(state), game.specialsOf(state));
  setup.follow(state, presets);
  if (state.save) storage.keepGame(localStorage, sessionStorage, storage.bundleOf(state, current.seed, Date.now()));
  if (state.status === "playable") idle.poke(); else idle.stop();
}

function started(state) {
  // A game chosen in the setup below the board (a phone) shows from the top.
  if ($("board").getBoundingClientRect().top < 0) window.scrollTo({ top: 0 });
  const info = levelInfo(state);
  notice.say(info
    ? levelIntro(state, info.title || info.name, info.position)
    : `New ${state.rules} game: ${state.rows} rows, ${state.cols} columns.`);
}

function ended(state, turnWords) {
  if (state.level) {
    const progress = storage.recordEnd(localStorage, state.level, state.status, state.stars, state.score);
    setup.labelLevels(current.levels, progress);
    drawHud(state, { kinds: game.kindsOf(state), corners: hasCorners(game.swapsOf(state)), info: levelInfo(state), best: progress[state.level] });
  }
  const words = dialog.open(state, !!nextLevel(state));
  if (words) notice.say(`${turnWords} ${words.title} ${words.text}`);
}

// A cell chosen by click, tap, Enter or Space: tap it, drop into its column, or select
// it and swap with a selected neighbour (side by side, or corner to corner where the
// variant allows it; any other cell is selected instead).
function choose(r, c) {
  if (current.busy || !current.state) return;
  const state = current.state;
  // A finished game takes no more moves: show how it ended instead of an error.
  if (isOver(state.status)) return dialog.open(state, !!nextLevel(state));
  board.mark("hint", []);
  const kinds = game.kindsOf(state);
  if (kinds.includes("tap")) return game.play({ tap: [r, c] });
  if (kinds.includes("drop")) return game.play({ drop: c });
  const sel = current.selected;
  if (sel && sel[0] === r && sel[1] === c) {
    current.selected = null;
    board.markSelected(null);
    return notice.say("Selection cleared.");
  }
  if (sel && canSwap(game.swapsOf(state), sel, [r, c])) {
    current.selected = null;
    board.markSelected(null);
    return game.play({ swap: [sel, [r, c]] });
  }
  current.selected = [r, c];
  board.markSelected(current.selected);
  notice.say(`Selected ${where(r, c)}.`);
}

const cellOf = (e) => e.target.closest && e.target.closest(".cell");

function wireBoard() {
  const el = $("board");
  el.addEventListener("pointerdown", (e) => {
    if (current.run) return current.run.skip();
    const cell = cellOf(e);
    if (cell) gestures.down(Number(cell.dataset.row), Number(cell.dataset.col), e.clientX, e.clientY);
  });
  document.addEventListener("pointerup", (e) => {
    const ways = current.state ? directionsOf(game.swapsOf(current.state)) : undefined;
    swipe(gestures.up(e.clientX, e.clientY, e.timeStamp, board.cellSize(), ways));
  });
  document.addEventListener("pointercancel", () => gestures.cancel());
  el.addEventListener("click", (e) => {
    const cell = cellOf(e);
    if (!gestures.click(e.clientX, e.clientY, e.timeStamp) || !cell) return;
    const [r, c] = [Number(cell.dataset.row), Number(cell.dataset.col)];
    board.setFocus(r, c);
    choose(r, c);
  });
}

// A swipe swaps the piece with its neighbour that way (swap variants only).
function swipe(s) {
  const state = current.state;
  if (!s || !state || current.busy || !game.kindsOf(state).includes("swap")) return;
  const [r, c] = s.to;
  if (r < 0 || c < 0 || r >= state.rows || c >= state.cols) return;
  current.selected = null;
  board.markSelected(null);
  game.play({ swap: [s.from, s.to] });
}

const ARROWS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

// Where a key moves the focus from (r, c), or null: an arrow to the side neighbour (the
// board keeps it on the edge); on a variant with corner swaps, a corner key (Home, Page
// Up, End, Page Down) to the corner neighbour.
function focusTarget(key, r, c) {
  if (ARROWS[key]) return [r + ARROWS[key][0], c + ARROWS[key][1]];
  const state = current.state;
  if (!state || !hasCorners(game.swapsOf(state))) return null;
  return cornerFocus(key, r, c, state.rows, state.cols);
}

function onKey(e) {
  idle.poke();
  if (current.run && !e.repeat) {
    current.run.skip();
    if (e.target.classList && e.target.classList.contains("cell")) e.preventDefault();
    return;
  }
  if (!e.target.classList || !e.target.classList.contains("cell")) return;
  const [r, c] = board.focused();
  const target = focusTarget(e.key, r, c);
  if (target) {
    e.preventDefault();
    board.setFocus(...target);
  } else if (e.key === "Enter" || e.key === " ") {
    e.preventDefault();
    choose(r, c);
  } else if (e.key === "Escape") {
    current.selected = null;
    board.markSelected(null);
  }
}

function wireButtons() {
  $("undo").addEventListener("click", () => game.simple("undo"));
  $("reset").addEventListener("click", () => game.simple("reset"));
  $("hint").addEventListener("click", () => game.hint(false));
  $("retry").addEventListener("click", async () => {
    dialog.close(false);
    await game.simple("reset");
    board.setFocus(0, 0);
  });
  $("next-level").addEventListener("click", async () => {
    const next = current.state && nextLevel(current.state);
    dialog.close(false);
    if (next && (await game.start({ level: next, seed: setup.seedFor() }))) board.setFocus(0, 0);
  });
  const idleBox = $("idle-hint");
  idleBox.checked = storage.settings(localStorage).idleHint;
  idle.enable(idleBox.checked);
  idleBox.addEventListener("change", () => {
    storage.setSetting(localStorage, "idleHint", idleBox.checked);
    idle.enable(idleBox.checked);
    if (idleBox.checked) idle.poke();
  });
  document.addEventListener("keydown", onKey);
  document.addEventListener("pointerdown", () => idle.poke());
  window.addEventListener("resize", () => board.refit(current.state));
}

function fillLists(data) {
  const variants = $("variant");
  for (const v of data.variants) {
    current.kinds[v.name] = v.moves;
    current.specials[v.name] = v.specials;
    if (v.swaps) current.swaps[v.name] = v.swaps;
    presets[v.name] = v.presets;
    const o = document.createElement("option");
    o.value = v.name;
    o.textContent = v.name;
    o.title = v.description;
    variants.appendChild(o);
  }
  current.levels.push(...data.levels);
  for (const l of data.levels) {
    const o = document.createElement("option");
    o.value = l.name;
    $("level").appendChild(o);
  }
  setup.labelLevels(current.levels, storage.progress(localStorage));
  // Start on the first variant with a preset board (a small puzzle), else the first.
  const first = data.variants.find((v) => v.presets.length > 0) || data.variants[0];
  if (first) variants.value = first.name;
  setup.fillPresets(variants.value, presets);
}

// The game this tab (or, in a new tab, this browser) was playing: still on the server,
// or restored from the copy kept here; else a new game.
async function resume() {
  const kept = storage.keptGame(localStorage, sessionStorage);
  if (kept) {
    const res = await api("GET", `/api/games/${kept.id}`);
    if (res.status === 0 || res.status >= 500) {
      return notice.problem(`Could not load your game: ${failureWords(res)}`, () => busyRun(resume));
    }
    if (res.ok) {
      current.seed = kept.seed;
      game.show(res.data, true);
      return notice.say(`Your game continues: score ${res.data.score}, ${plural(res.data.moves, "move")} played.`);
    }
    if (res.status === 404 && kept.save) return game.restore(kept, kept.seed, "reload");
  }
  await game.begin(setup.newGameBody());
}

// Runs `fn` holding the busy flag (unless something else holds it).
async function busyRun(fn) {
  if (current.busy) return;
  game.setBusy(true);
  try {
    await fn();
  } finally {
    game.setBusy(false);
  }
}

// The variants and levels, then the game: busy throughout, so tests wait for both.
async function boot() {
  await busyRun(async () => {
    const res = await api("GET", "/api/variants");
    if (!res.ok) return notice.problem(`Could not load the playground: ${failureWords(res)}`, boot);
    notice.clearProblem();
    if (!$("variant").options.length) fillLists(res.data);
    await resume();
  });
}

export function main() {
  current.step = matchMedia("(prefers-reduced-motion: reduce)").matches ? 0 : 140;
  game.setHooks({ shown, started, ended });
  notice.setup();
  dialog.setup(() => board.setFocus(...board.focused()));
  setup.setup({ presets, levels: current.levels });
  wireBoard();
  wireButtons();
  boot();
}
