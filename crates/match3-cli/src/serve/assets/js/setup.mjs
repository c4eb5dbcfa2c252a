// The game setup: the Rules, Preset and Level lists, the seed, New game and the board
// typed in notation. Starting another game while one is in progress asks first; the
// lists follow the game on screen (Next level into another variant, a restored game);
// the level list shows the progress kept in this browser. On a phone the setup folds
// away while a game is being played.

import { current, start } from "./game.mjs";
import { plural } from "./words.mjs";

const $ = (id) => document.getElementById(id);
let pending = null; // {proceed, cancel, moves} while the confirmation asks

/** A fresh seed, unless the player typed one. */
export function seedFor() {
  const typed = $("seed").value.trim();
  if (typed !== "" && /^\d+$/.test(typed)) return Number(typed);
  const words = new Uint32Array(1);
  crypto.getRandomValues(words);
  return words[0];
}

/** Whether a game is in progress: moves played and not over. */
export function inProgress() {
  const s = current.state;
  return !!s && s.moves > 0 && s.status === "playable";
}

/** Runs `proceed` at once, or after the player confirms discarding the game in
 * progress; `cancel` runs if they keep playing. */
export function confirmDiscard(proceed, cancel = () => {}) {
  if (!inProgress()) return proceed();
  const s = current.state;
  pending = { proceed, cancel, moves: s.moves };
  $("confirm-text").textContent =
    `Start a new game? The game in progress (${plural(s.moves, "move")}, score ${s.score}) will be lost.`;
  $("confirm").hidden = false;
  $("confirm-yes").focus();
}

function answer(yes) {
  const p = pending;
  pending = null;
  $("confirm").hidden = true;
  if (p) (yes ? p.proceed : p.cancel)();
}

/** The game the setup describes: a level, else the rules with a preset or a random
 * board; every one with a new seed unless one is typed. */
export function newGameBody() {
  const level = $("level").value;
  if (level) return { level, seed: seedFor() };
  const body = { rules: $("variant").value, seed: seedFor() };
  if ($("preset").value) body.board = $("preset").value;
  return body;
}

export function fillPresets(variant, presets) {
  const list = $("preset");
  list.innerHTML = '<option value="">(random board)</option>';
  for (const name of presets[variant] || []) {
    const o = document.createElement("option");
    o.value = name;
    o.textContent = name;
    list.appendChild(o);
  }
  if (list.options.length > 1) list.selectedIndex = 1;
}

/** The level list's labels, with the progress kept in this browser. */
export function labelLevels(levels, progress) {
  for (const o of $("level").options) {
    const l = levels.find((x) => x.name === o.value);
    if (!l) continue;
    const p = progress[l.name];
    const mark = !p ? "" : p.won ? ` \u2014 won, ${"\u2605".repeat(p.stars)}${"\u2606".repeat(3 - p.stars)}` : " \u2014 tried";
    o.textContent = `${l.title || l.name} (${l.rules})${mark}`;
  }
}

/** The lists follow the game on screen: its rules, its level. */
export function follow(state, presets) {
  // A question left unanswered while the game went on no longer applies.
  if (pending && current.state && current.state.moves !== pending.moves) answer(false);
  if ($("variant").value !== state.rules) {
    $("variant").value = state.rules;
    fillPresets(state.rules, presets);
  }
  $("level").value = state.level || "";
  if (state.level) $("preset").value = "";
  $("seed-used").textContent = current.seed === null ? "" : `This game's seed: ${current.seed}.`;
  document.body.dataset.playing = inProgress() ? "true" : "false";
  if (!inProgress()) openSetup(false);
}

/** Opens or folds the setup (a phone folds it while a game is being played). */
export function openSetup(open) {
  document.body.classList.toggle("setup-open", open);
  $("setup-toggle").setAttribute("aria-expanded", String(open || !inProgress()));
}

// Arrow keys on a list change its value at each press: act once the choice is made
// (Enter, or leaving the list), not once per key.
function onChoice(select, act) {
  let stepping = false;
  select.addEventListener("keydown", (e) => {
    if (e.key.startsWith("Arrow")) stepping = true;
    if (e.key === "Enter" && stepping) {
      stepping = false;
      act();
    }
  });
  select.addEventListener("blur", () => {
    if (stepping) {
      stepping = false;
      act();
    }
  });
  select.addEventListener("change", () => {
    if (!stepping) act();
  });
}

// A list changed: start its game, after asking if one is in progress; keeping the game
// puts the lists back.
function chosen(presets, change) {
  const undo = () => current.state && follow(current.state, presets);
  confirmDiscard(() => { change(); start(newGameBody()); }, undo);
}

export function setup({ presets, levels }) {
  onChoice($("variant"), () => chosen(presets, () => {
    $("level").value = "";
    fillPresets($("variant").value, presets);
  }));
  onChoice($("preset"), () => chosen(presets, () => { $("level").value = ""; }));
  onChoice($("level"), () => chosen(presets, () => {
    const info = levels.find((l) => l.name === $("level").value);
    if (info && info.rules) {
      $("variant").value = info.rules;
      fillPresets(info.rules, presets);
    }
    if (info) $("preset").value = "";
  }));
  $("new").addEventListener("click", () => confirmDiscard(() => start(newGameBody())));
  // A board typed in notation and loaded on purpose: no question asked.
  $("load").addEventListener("click", () => {
    $("level").value = "";
    start({ rules: $("variant").value, board: $("board-input").value, seed: seedFor() });
  });
  $("board-input").addEventListener("keydown", (e) => { if (e.key === "Enter") $("load").click(); });
  $("confirm-yes").addEventListener("click", () => answer(true));
  $("confirm-no").addEventListener("click", () => answer(false));
  $("confirm").addEventListener("keydown", (e) => { if (e.key === "Escape") answer(false); });
  $("setup-toggle").addEventListener("click", () => {
    const open = !document.body.classList.contains("setup-open");
    openSetup(open);
    if (open) $("variant").focus();
  });
}
