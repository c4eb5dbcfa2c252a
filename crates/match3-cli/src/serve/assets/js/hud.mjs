// Everything around the board that shows a state: score, moves, status, moves left,
// next piece, goals, the level card with its thresholds and best result, the legend of
// pieces and specials, and the move record (counting from 1).

import { COLOURS, colourName, goalWords, iconFor, plural, recordLine, statusWords } from "./words.mjs";

const $ = (id) => document.getElementById(id);

const HOWTO = {
  swap: "Select a piece, then a neighbour to swap it with, or swipe it that way (arrow keys and Enter work too).",
  corners: "Select a piece, then a neighbour to swap it with, side by side or corner to corner, or swipe it that way, diagonals too (arrow keys and Enter work too; Home, Page Up, End and Page Down step to a corner neighbour).",
  drop: "Click a column to drop the next piece into it.",
  tap: "Click a group of three or more pieces of one colour to clear it.",
};

/** The move kind a variant takes, for the line that says how to play. */
export function moveKind(kinds) {
  return kinds.includes("drop") ? "drop" : kinds.includes("tap") ? "tap" : "swap";
}

function goalItem(g) {
  const li = document.createElement("li");
  const icon = document.createElement("span");
  icon.className = "goal-icon " + (g.kind === "collect" ? "piece-icon c-" + g.color : "goal-" + g.kind);
  icon.setAttribute("aria-hidden", "true");
  if (g.kind === "collect") icon.textContent = g.color;
  li.appendChild(icon);
  const need = g.target !== undefined ? g.target : g.count;
  const what = g.kind === "collect" ? `collect ${colourName(g.color)} ${g.color}` : g.kind;
  li.appendChild(document.createTextNode(` ${what}: ${g.progress} / ${need}${g.done ? " (done)" : ""}`));
  li.title = goalWords(g);
  if (g.done) li.className = "done";
  return li;
}

function drawGoals(state) {
  const goals = $("goals");
  goals.innerHTML = "";
  for (const g of state.goals) goals.appendChild(goalItem(g));
  goals.hidden = !state.goals.length;
}

function drawRecord(state) {
  const record = $("record");
  record.innerHTML = "";
  for (const m of state.record) {
    const li = document.createElement("li");
    li.textContent = recordLine(m);
    record.appendChild(li);
  }
}

/** The level card: name, thresholds, and the best result kept in this browser. */
function drawLevel(state, info, best) {
  $("level-card").hidden = !state.level;
  $("level-name").textContent = info ? info.title || info.name : state.level || "";
  const stars = state.star_thresholds || [];
  $("level-stars").textContent = stars.length
    ? "Stars at " + stars.map((t, i) => "\u2605".repeat(i + 1) + " " + t).join(", ")
    : "";
  $("level-best").textContent = best
    ? `Your best: ${best.won ? plural(best.stars, "star") + ", won" : "not won yet"}, ${best.score} points.`
    : "";
}

/** The legend: each colour's shape and name, each special's icon and name. */
export function drawLegend(colours, specials) {
  const list = $("legend");
  list.innerHTML = "";
  const item = (cls, glyph, words) => {
    const li = document.createElement("li");
    const icon = document.createElement("span");
    icon.className = cls;
    icon.textContent = glyph;
    icon.setAttribute("aria-hidden", "true");
    li.append(icon, " " + words);
    list.appendChild(li);
  };
  for (const letter of Object.keys(COLOURS).slice(0, colours)) {
    item("piece-icon c-" + letter, letter, `${letter}: ${colourName(letter)} ${COLOURS[letter].shape}`);
  }
  for (const k of specials || []) item("special-icon", iconFor(k.name), k.name);
}

/** The line that says how to play: by the move kind, for swaps whether `corners` too. */
export function howTo(kinds, corners) {
  const kind = moveKind(kinds);
  return HOWTO[kind === "swap" && corners ? "corners" : kind];
}

/** Draws the numbers and lists of `state` (`corners`: its swaps go corner to corner too). */
export function drawHud(state, { kinds, corners, info, best }) {
  $("howto").textContent = howTo(kinds, corners);
  drawLevel(state, info, best);
  $("score").textContent = String(state.score);
  $("moves").textContent = String(state.moves);
  $("status").textContent = statusWords(state.status);
  $("moves-left").textContent = state.moves_left === null ? "unlimited" : String(state.moves_left);
  $("next").textContent = state.next_piece || "none";
  $("next").parentElement.hidden = !state.next_piece;
  drawGoals(state);
  drawRecord(state);
  $("undo").disabled = !state.can_undo;
}

/** The number of colours a state's board shows (for the legend). */
export function coloursOn(state) {
  let most = 0;
  for (const cell of state.cells) {
    if (cell.color) most = Math.max(most, cell.color.charCodeAt(0) - 64);
  }
  return Math.max(most, 3);
}
