// The end screen (`#game-over`, a modal dialog): the result named for how the game
// ended, large stars, the score against each threshold, Retry, Next level and Close.
// While open, Tab stays inside it and Escape closes it; closing gives the focus back to
// the board.

import { endScreen } from "./endings.mjs";

const $ = (id) => document.getElementById(id);
let onClose = () => {};

function drawStars(stars) {
  const box = $("game-over-stars");
  box.innerHTML = "";
  box.hidden = stars === null;
  for (let i = 0; i < 3; i++) {
    const star = document.createElement("span");
    star.className = "star" + (i < stars ? " earned" : "");
    star.style.animationDelay = i * 180 + "ms";
    star.textContent = i < stars ? "\u2605" : "\u2606";
    box.appendChild(star);
  }
}

function drawThresholds(lines) {
  const list = $("game-over-thresholds");
  list.innerHTML = "";
  list.hidden = !lines.length;
  for (const line of lines) {
    const li = document.createElement("li");
    li.className = line.reached ? "reached" : "";
    li.textContent = (line.reached ? "\u2713 " : "\u2717 ") + line.text;
    list.appendChild(li);
  }
}

/** Whether the end screen shows. */
export const isOpen = () => !$("game-over").hidden;

/** Opens the end screen for `state` (nothing while the game goes on); `hasNext` shows
 * Next level. Focus goes to Retry. Returns the screen's words, or null. */
export function open(state, hasNext) {
  const words = endScreen(state);
  if (!words) {
    close(false);
    return null;
  }
  const dialog = $("game-over");
  dialog.dataset.ending = words.ending;
  $("game-over-title").textContent = words.title;
  $("game-over-text").textContent = words.text;
  $("game-over-why").textContent = words.why;
  drawStars(words.stars);
  drawThresholds(words.lines);
  $("next-level").hidden = !hasNext;
  dialog.hidden = false;
  $("retry").focus();
  return words;
}

/** Closes the end screen; `refocus` hands the focus back to the board. */
export function close(refocus = true) {
  const dialog = $("game-over");
  if (dialog.hidden) return;
  dialog.hidden = true;
  if (refocus) onClose();
}

// Tab and Shift+Tab cycle through the dialog's buttons; Escape closes it.
function trap(e) {
  if (e.key === "Escape") {
    e.preventDefault();
    close();
    return;
  }
  if (e.key !== "Tab") return;
  const buttons = [...$("game-over").querySelectorAll("button")].filter((b) => !b.hidden && !b.disabled);
  if (!buttons.length) return;
  const i = buttons.indexOf(document.activeElement);
  const next = e.shiftKey ? (i <= 0 ? buttons.length - 1 : i - 1) : (i + 1) % buttons.length;
  e.preventDefault();
  buttons[next].focus();
}

/** Wires the dialog: `closed` is called when the player closes it. */
export function setup(closed) {
  onClose = closed;
  $("game-over").addEventListener("keydown", trap);
  $("game-over-close").addEventListener("click", () => close());
}
