// Pointer gestures on the board, mouse and touch alike: a press that moves at least a
// third of a cell is a swipe towards the neighbour that way (of the ways the variant's
// pieces move: the nearest by angle, so on a variant with corner swaps a swipe within
// 22.5° of a diagonal goes corner to corner); anything else is a tap.
// A browser may follow a mouse swipe with a click where it ended: that click is part of
// the swipe, not a tap. Only that click is ignored (same place, right after), so a
// later tap always counts, whether or not the browser sent such a click. Pure: no DOM.

import { directionsOf, SIDES } from "./swaps.mjs";

/** How far, as a fraction of a cell, a press must move to be a swipe. */
export const SWIPE_FRACTION = 1 / 3;

/** How long after a swipe a click at the same place still belongs to it, in ms. */
export const CLICK_AFTER_SWIPE_MS = 500;

/** The four ways side by side. */
export const SIDE_WAYS = directionsOf(SIDES);

/** The direction [dr, dc] of a press that moved (dx, dy) px on cells of `cell` px: of
 * `ways` (see swaps.mjs `directionsOf`), the nearest the swipe's angle; null for a tap. */
export function swipeDirection(dx, dy, cell, ways = SIDE_WAYS) {
  if (Math.max(Math.abs(dx), Math.abs(dy)) < cell * SWIPE_FRACTION) return null;
  // Upright ways first, so that a swipe exactly between two goes the more upright way.
  const upright = [...ways].sort((a, b) => Math.abs(a[1]) - Math.abs(b[1]));
  let best = null;
  let nearest = -Infinity;
  for (const [dr, dc] of upright) {
    const cos = (dc * dx + dr * dy) / Math.hypot(dr, dc);
    if (cos > nearest) [best, nearest] = [[dr, dc], cos];
  }
  return best;
}

/** A gesture tracker: feed it presses, releases and clicks (times in ms). */
export function createGestures() {
  let pressed = null; // {r, c, x, y} of the press in progress
  let swipeEnd = null; // {x, y, t} where and when the last swipe ended
  return {
    /** A press on the cell (r, c) at (x, y). */
    down(r, c, x, y) {
      pressed = { r, c, x, y };
    },
    /** The release at (x, y) at time t on cells of `cell` px, pieces moving `ways`:
     * `{from, to}` cells for a swipe, else null. */
    up(x, y, t, cell, ways = SIDE_WAYS) {
      const from = pressed;
      pressed = null;
      if (!from) return null;
      const dir = swipeDirection(x - from.x, y - from.y, cell, ways);
      if (!dir) return null;
      swipeEnd = { x, y, t };
      return { from: [from.r, from.c], to: [from.r + dir[0], from.c + dir[1]] };
    },
    /** A press that ended elsewhere (pointer cancelled): forget it. */
    cancel() {
      pressed = null;
    },
    /** Whether a click at (x, y) at time t is a tap (not the tail of a swipe). */
    click(x, y, t) {
      const end = swipeEnd;
      swipeEnd = null;
      if (!end) return true;
      const same = Math.abs(x - end.x) < 2 && Math.abs(y - end.y) < 2;
      return !(same && t - end.t <= CLICK_AFTER_SWIPE_MS);
    },
  };
}
