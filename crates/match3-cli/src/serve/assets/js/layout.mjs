// The size of a board cell: as large as fits the screen both ways (a phone shows the
// whole board, portrait or landscape), never larger than MAX_CELL nor smaller than
// MIN_CELL. Pure: the caller measures the page.

/** The largest cell, px. */
export const MAX_CELL = 48;

/** The smallest cell, px: below it pieces are too small to aim at. */
export const MIN_CELL = 24;

/** The board's frame: its padding on both sides together, px. */
export const FRAME = 4;

/**
 * The cell size for a `rows`×`cols` board whose top edge is `top` px down a viewport of
 * `width`×`height` px, with `beside` px of the width taken by what sits beside the board
 * and `margin` px kept free on each side.
 */
export function fitCell({ width, height, top, rows, cols, beside = 0, margin = 0 }) {
  const byWidth = Math.floor((width - beside - 2 * margin - FRAME) / cols);
  const byHeight = Math.floor((height - Math.max(0, top) - margin - FRAME) / rows);
  return Math.max(MIN_CELL, Math.min(MAX_CELL, byWidth, byHeight));
}
