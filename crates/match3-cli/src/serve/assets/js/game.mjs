// The game in play and every request about it: start, move, undo, reset, hint and
// restore. It owns the page's game state (`current`) and the busy flag
// (`document.body.dataset.busy`: "true" while a request or an animation runs). Every
// failed request shows what went wrong with a Try again button; a game the server no
// longer has is restored from the copy this page keeps, and the action goes on.

import { animate, createRun } from "./animate.mjs";
import { api, failureWords } from "./api.mjs";
import * as board from "./board.mjs";
import * as dialog from "./dialog.mjs";
import { isOver } from "./endings.mjs";
import { narrate } from "./narrate.mjs";
import * as notice from "./notice.mjs";
import { planTurn } from "./plan.mjs";
import { SIDES } from "./swaps.mjs";
import { humanCoords, moveInWords, plural } from "./words.mjs";

/** The page's game: the last state, what the variants accept, the sample levels. */
export const current = {
  state: null,
  seed: null, // the seed this game was started with (null: unknown)
  kinds: {}, // variant -> move kinds
  specials: {}, // variant -> [{marker, name}]
  swaps: {}, // variant -> the steps [dr, dc] its swaps take (swaps.mjs)
  levels: [], // [{name, title, rules}]
  selected: null, // [r, c] selected (swap variants)
  busy: false,
  run: null, // the animation playing, to skip it
  step: 140, // full-pace animation step, ms (0: reduced motion)
};

let hooks = { shown() {}, started() {}, ended() {} };

/** Sets what happens after a state is shown, a game started, a game ended. */
export function setHooks(h) {
  hooks = { ...hooks, ...h };
}

export function setBusy(on) {
  current.busy = on;
  document.body.dataset.busy = on ? "true" : "false";
}

const later = (fn) => setTimeout(fn, 0);
export const specialsOf = (state) => current.specials[state.rules] || [];
export const kindsOf = (state) => current.kinds[state.rules] || ["swap"];
export const swapsOf = (state) => current.swaps[state.rules] || SIDES;

/** Shows `state` on the board and around it. */
export function show(state, fresh = false) {
  current.state = state;
  board.draw(state, specialsOf(state), fresh);
  board.markSelected(current.selected);
  hooks.shown(state);
}

// The answers every action treats alike. No answer or a server error: the problem bar,
// with `again` to try once more. The game gone (404): restored from the page's copy,
// then `again`. Otherwise the answer, for the action to handle.
async function send(method, path, body, doing, again) {
  const res = await api(method, path, body);
  if (res.status === 0 || res.status >= 500) {
    notice.problem(`Could not ${doing}: ${failureWords(res)}`, () => later(again));
    return null;
  }
  notice.clearProblem();
  if (res.status === 404 && current.state && path.startsWith(`/api/games/${current.state.id}`)) {
    if (await restore(current.state, current.seed, "gone")) {
      // The action goes on; the notice that the game was restored stays unless it has
      // something of its own to say.
      later(async () => {
        await again();
        if (!document.getElementById("message").textContent) notice.message(STALE.gone);
      });
    }
    return null;
  }
  return res;
}

/** Starts the game `body` describes (with its seed); the intro is spoken by `started`. */
export async function start(body) {
  if (current.busy) return false;
  setBusy(true);
  try {
    return await begin(body);
  } finally {
    setBusy(false);
  }
}

/** start() for a caller that holds the busy flag already. */
export async function begin(body) {
  notice.message("");
  current.selected = null;
  const res = await send("POST", "/api/games", body, "start the game", () => start(body));
  if (!res) return false;
  if (!res.ok) {
    notice.message(humanCoords(res.data.error));
    return false;
  }
  current.seed = body.seed === undefined ? null : body.seed;
  dialog.close(false);
  show(res.data, true);
  hooks.started(res.data);
  return true;
}

const STALE = {
  gone: "The server no longer had this game (it was restarted, or closed the game to make room): it has been restored from this page's copy.",
  reload: "Your game was restored.",
};

/** Restores a game from the page's copy of `state` (`why`: "gone" or "reload"). If the
 * server cannot take the copy, the same game starts afresh and the page says why. */
export async function restore(state, seed, why) {
  const body = { save: state.save, level: state.level || null, record: state.record || [] };
  const res = await api("POST", "/api/restore", body);
  if (res.status === 0 || res.status >= 500) {
    notice.problem(`Could not restore your game: ${failureWords(res)}`, () => later(() => restoreAgain(state, seed, why)));
    return false;
  }
  notice.clearProblem();
  if (res.ok) {
    current.seed = seed;
    show(res.data, true);
    if (why === "gone") notice.message(STALE.gone);
    notice.say(STALE[why] + ` Score ${res.data.score}, ${plural(res.data.moves, "move")} played.`);
    return true;
  }
  // Plain words for the player; the server's reason for the curious.
  const what = state.level ? "the level" : "the game";
  const words = `Your game could not be restored (the server no longer accepts its saved copy), so ${what} has started again from the beginning.`;
  console.warn("restore refused:", res.data && res.data.error);
  await begin(startBodyFor(state, seed));
  notice.message(words);
  notice.say(words);
  return false;
}

async function restoreAgain(state, seed, why) {
  if (current.busy) return;
  setBusy(true);
  try {
    await restore(state, seed, why);
  } finally {
    setBusy(false);
  }
}

// What starts the game `state` was afresh: its level, else its rules with its starting
// board (the save's first state, in notation).
function startBodyFor(state, seed) {
  if (state.level) return { level: state.level, seed: seed ?? 0 };
  let initial = null;
  try {
    initial = JSON.parse(state.save).initial.board;
  } catch (e) {
    initial = null;
  }
  const rows = initial && Array.isArray(initial.rows) ? initial.rows.map((r) => r.split(" ").join("")).join("/") : null;
  return rows ? { rules: state.rules, board: rows, seed: seed ?? 0 } : { rules: state.rules, seed: seed ?? 0 };
}

/** Plays `move`, animates its trace (skippable), narrates it, and opens the end screen
 * when the game is over. */
export async function play(move) {
  if (current.busy || !current.state) return;
  setBusy(true);
  notice.message("");
  const before = current.state;
  try {
    const res = await send("POST", `/api/games/${before.id}/moves`, move, "play the move", () => play(move));
    if (!res) return;
    if (res.status === 422) return refused(move, res.data);
    if (!res.ok) return notice.message(humanCoords(res.data.error));
    const { trace, state } = res.data;
    const run = (current.run = createRun());
    await animate(trace, before, planTurn(trace, current.step, before.score), specialsOf(before), run);
    current.run = null;
    show(state);
    const words = narrate(move, before, trace, state, specialsOf(before));
    notice.say(words);
    if (isOver(state.status)) hooks.ended(state, words);
  } finally {
    current.run = null;
    setBusy(false);
  }
}

// A refused move: why, in words counting from 1; a refused swap trades the two pieces
// and brings them back.
async function refused(move, data) {
  const reason = String(data.error).replace(/^illegal move [^:]*: /, "");
  notice.message(`That move was refused: ${humanCoords(reason)}.`);
  await bounce(move);
  show(data.state);
}

async function bounce(move) {
  if (!move.swap || !current.step) return;
  const [[ar, ac], [br, bc]] = move.swap;
  const id = (r, c) => (current.state.cells.find((x) => x.row === r && x.col === c) || {}).id;
  const a = board.pieceById(id(ar, ac));
  const b = board.pieceById(id(br, bc));
  if (!a || !b) return;
  board.place(a, br, bc);
  board.place(b, ar, ac);
  await new Promise((done) => setTimeout(done, current.step));
  board.place(a, ar, ac);
  board.place(b, br, bc);
  await new Promise((done) => setTimeout(done, current.step));
}

/** Undo or reset ("undo", "reset"): the state it gives, focus kept on the board. */
export async function simple(path) {
  if (current.busy || !current.state) return;
  setBusy(true);
  notice.message("");
  try {
    const res = await send("POST", `/api/games/${current.state.id}/${path}`, undefined, path + " the game", () => simple(path));
    if (!res) return;
    if (!res.ok) return notice.message(humanCoords(res.data.error));
    current.selected = null;
    dialog.close(false);
    show(res.data);
    const what = path === "undo" ? "Move taken back" : "Back to the start";
    notice.say(`${what}: score ${res.data.score}, ${plural(res.data.moves, "move")} played.`);
    board.setFocus(...board.focused());
  } finally {
    setBusy(false);
  }
}

/** Asks for a hint and marks it on the board; `quiet` (the idle hint) says less. */
export async function hint(quiet = false) {
  if (current.busy || !current.state || isOver(current.state.status)) return;
  const id = current.state.id;
  const res = await send("GET", `/api/games/${id}/hint`, undefined, "get a hint", () => hint(quiet));
  if (!res || !current.state || current.state.id !== id) return;
  if (!res.ok) return notice.message(humanCoords(res.data.error));
  const mv = res.data.move;
  if (!mv) {
    notice.say("No move is possible.");
    if (!quiet) notice.message("No legal move is left.");
    return;
  }
  const cells = mv.swap ? mv.swap : mv.tap ? [mv.tap] : [];
  if (mv.drop !== undefined) for (let r = 0; r < current.state.rows; r++) cells.push([r, mv.drop]);
  board.mark("hint", cells);
  notice.say("Hint: " + moveInWords(mv) + (quiet ? "." : ". It plays for the level's goals, not only for points."));
}
