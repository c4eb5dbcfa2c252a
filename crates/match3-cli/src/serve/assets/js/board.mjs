// The board on the page: an ARIA grid of cells (the test hooks: `data-row`, `data-col`,
// `aria-label`) under a layer of piece elements keyed by piece id, so that a piece that
// stays on the board slides and never re-appears. It owns the board's elements, the
// keyboard focus and the cell size.

import { fitCell } from "./layout.mjs";
import { iconFor } from "./words.mjs";

const $ = (id) => document.getElementById(id);
const pieces = new Map(); // piece id -> element
let focus = [0, 0]; // the cell with the keyboard focus
let shape = null; // {rows, cols} of the cells built

export const cellSize = () =>
  parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--cell")) || 48;

export const layer = () => $("board").querySelector(".pieces");

export function cellAt(r, c) {
  return $("board").querySelector(`.cell[data-row="${r}"][data-col="${c}"]`);
}

export function place(el, r, c) {
  const s = cellSize();
  el.style.transform = `translate(${c * s}px, ${r * s}px)`;
}

/** The piece element of id `id`, if on the page. */
export const pieceById = (id) => pieces.get(id);

/** Adds a piece element for `token` at (r, c). */
export function addPiece(id, token, r, c, specials) {
  const el = pieceElement(id, token, specials);
  place(el, r, c);
  layer().appendChild(el);
  pieces.set(id, el);
  return el;
}

export function removePiece(id) {
  const el = pieces.get(id);
  if (el) el.remove();
  pieces.delete(id);
}

export const allPieces = () => pieces;

function classFor(token, specials) {
  const letter = /^[A-Z]/.test(token) ? token[0] : "none";
  const marker = token.slice(letter === "none" ? 0 : 1);
  let cls = "piece c-" + letter;
  if (marker) {
    const kind = (specials || []).find((k) => k.marker === marker);
    const name = kind ? kind.name : "";
    cls += " special" + (/row/.test(name) ? " s-row" : /column/.test(name) ? " s-col" : /wrapped|3x3/.test(name) ? " s-wrap" : "");
  }
  return cls;
}

function fillPiece(el, token, specials) {
  const letter = /^[A-Z]/.test(token) ? token[0] : "";
  const marker = token.slice(letter.length);
  el.className = classFor(token, specials);
  el.textContent = "";
  const mark = document.createElement("span");
  mark.className = "letter";
  mark.textContent = letter;
  el.appendChild(mark);
  if (marker) {
    const kind = (specials || []).find((k) => k.marker === marker);
    const icon = document.createElement("span");
    icon.className = "icon";
    icon.textContent = iconFor(kind ? kind.name : marker);
    el.appendChild(icon);
  }
  el.dataset.token = token;
}

export function pieceElement(id, token, specials) {
  const el = document.createElement("div");
  el.dataset.id = id;
  el.setAttribute("aria-hidden", "true");
  fillPiece(el, token, specials);
  return el;
}

function buildCells(state) {
  const board = $("board");
  board.innerHTML = "";
  pieces.clear();
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
      row.appendChild(cell);
    }
  }
  const layerEl = document.createElement("div");
  layerEl.className = "pieces";
  board.appendChild(layerEl);
  shape = { rows: state.rows, cols: state.cols };
  focus = [Math.min(focus[0], state.rows - 1), Math.min(focus[1], state.cols - 1)];
}

function drawCell(el, cell) {
  el.setAttribute("aria-label", cell.label);
  el.className = "cell" + (cell.kind === "hole" ? " hole" : "") +
    (cell.kind === "crate" ? " crate" : "") + (cell.kind === "blocker" ? " blocker" : "") +
    (cell.jelly ? " jelly" + cell.jelly : "") + (cell.locked ? " locked" : "");
  if (cell.kind === "crate") el.dataset.health = cell.health; else delete el.dataset.health;
}

/** Draws `state`'s board; `fresh` rebuilds the cells (a new game). */
export function draw(state, specials, fresh = false) {
  if (fresh || !shape || shape.rows !== state.rows || shape.cols !== state.cols) buildCells(state);
  fit(state);
  $("board").style.gridTemplateColumns = `repeat(${state.cols}, var(--cell))`;
  const seen = new Set();
  for (const cell of state.cells) {
    drawCell(cellAt(cell.row, cell.col), cell);
    if (cell.kind !== "piece") continue;
    const el = pieces.get(cell.id);
    if (!el) addPiece(cell.id, cell.token, cell.row, cell.col, specials);
    else {
      if (el.dataset.token !== cell.token || el.classList.contains("gone")) fillPiece(el, cell.token, specials);
      el.style.transitionDuration = "";
      place(el, cell.row, cell.col);
    }
    seen.add(cell.id);
  }
  for (const id of [...pieces.keys()]) if (!seen.has(id)) removePiece(id);
  for (const el of $("board").querySelectorAll(".popup")) el.remove();
  setFocus(focus[0], focus[1], false);
}

/** Sizes the cells so the whole board fits the screen (portrait or landscape). */
export function fit(state) {
  const board = $("board");
  const root = document.documentElement;
  const beside = matchMedia("(max-height: 500px) and (orientation: landscape)").matches ? 220 : 0;
  const size = fitCell({
    width: root.clientWidth,
    height: window.innerHeight,
    top: board.getBoundingClientRect().top + window.scrollY,
    rows: state.rows,
    cols: state.cols,
    beside,
    margin: parseFloat(getComputedStyle(document.body).marginLeft) || 0,
  });
  root.style.setProperty("--cell", size + "px");
}

/** After a resize or rotation: new cell size, pieces put back where they are. */
export function refit(state) {
  if (!state || !shape) return;
  fit(state);
  for (const cell of state.cells) {
    const el = cell.kind === "piece" && pieces.get(cell.id);
    if (el) {
      el.style.transitionDuration = "0ms";
      place(el, cell.row, cell.col);
    }
  }
}

export const focused = () => focus;

export function setFocus(r, c, move = true) {
  if (!shape) return;
  r = Math.max(0, Math.min(shape.rows - 1, r));
  c = Math.max(0, Math.min(shape.cols - 1, c));
  for (const el of $("board").querySelectorAll(".cell[tabindex='0']")) el.tabIndex = -1;
  focus = [r, c];
  const el = cellAt(r, c);
  if (!el) return;
  el.tabIndex = 0;
  if (move) el.focus();
}

/** Marks the selected cell (or none). */
export function markSelected(selected) {
  for (const el of $("board").querySelectorAll(".cell.selected")) {
    el.classList.remove("selected");
    el.removeAttribute("aria-selected");
  }
  if (!selected) return;
  const el = cellAt(selected[0], selected[1]);
  if (el) {
    el.classList.add("selected");
    el.setAttribute("aria-selected", "true");
  }
}

/** Marks cells with `cls` ("hint" or "blast"), clearing the others first. */
export function mark(cls, cells) {
  for (const el of $("board").querySelectorAll(".cell." + cls)) el.classList.remove(cls);
  for (const [r, c] of cells) {
    const el = cellAt(r, c);
    if (el) el.classList.add(cls);
  }
}
