// Which cells a piece may swap with, from its variant's `swaps` (GET /api/variants):
// steps [dr, dc], each letting a cell swap with the cell that step away, and so with the
// cell that step the other way. Side by side is [[0, 1], [1, 0]]; corner to corner adds
// [1, 1] and [1, -1]. Pure: no DOM.

/** The steps of a variant that does not say (side by side, as every variant once was). */
export const SIDES = [[0, 1], [1, 0]];

/** Whether the steps let a cell swap with (r, c) and (r + dr, c + dc). */
function allows(steps, dr, dc) {
  return steps.some(([sr, sc]) => (dr === sr && dc === sc) || (dr === -sr && dc === -sc));
}

/** Whether the cells a and b ([r, c]) may swap under `steps`. */
export function canSwap(steps, a, b) {
  return allows(steps, b[0] - a[0], b[1] - a[1]);
}

/** Every way [dr, dc] a piece may move under `steps`: each step, both ways. */
export function directionsOf(steps) {
  // 0 - x, not -x: a step of 0 stays 0, never -0.
  return steps.flatMap(([r, c]) => [[r, c], [0 - r, 0 - c]]);
}

/** Whether `steps` let pieces swap corner to corner. */
export function hasCorners(steps) {
  return steps.some(([r, c]) => r !== 0 && c !== 0);
}

/** The keys that move the focus to a corner neighbour, as on a number pad (7 9 1 3):
 * Home up-left, Page Up up-right, End down-left, Page Down down-right. */
export const CORNER_KEYS = { Home: [-1, -1], PageUp: [-1, 1], End: [1, -1], PageDown: [1, 1] };

/** Where a corner key moves the focus from (r, c) on a board of rows × cols: the corner
 * neighbour that way, or (r, c) itself at the edge (kept on the board, it would move
 * side by side); null for any other key. */
export function cornerFocus(key, r, c, rows, cols) {
  const step = CORNER_KEYS[key];
  if (!step) return null;
  const [tr, tc] = [r + step[0], c + step[1]];
  return tr >= 0 && tc >= 0 && tr < rows && tc < cols ? [tr, tc] : [r, c];
}
