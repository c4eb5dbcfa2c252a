//! The compact board encoding: one `int8` a cell, row-major. A piece is its colour's
//! index (A = 0 … Z = 25; specials keep their colour), a colourless piece (a colour bomb)
//! is 26, and the other cells are negative.

use match3_core::{Board, Cell};

/// An empty cell.
pub const EMPTY: i8 = -1;
/// A blocker.
pub const BLOCKER: i8 = -2;
/// A hole (outside the board's shape).
pub const HOLE: i8 = -3;
/// A crate.
pub const CRATE: i8 = -4;
/// A piece without a colour.
pub const COLORLESS: i8 = 26;

/// Writes `board` into `out` (rows × cols cells).
pub fn board(board: &Board, out: &mut [i8]) {
    for ((_, cell), slot) in board.iter().zip(out.iter_mut()) {
        *slot = match cell {
            Cell::Empty => EMPTY,
            Cell::Blocker => BLOCKER,
            Cell::Hole => HOLE,
            Cell::Crate(_) => CRATE,
            Cell::Piece(p) => p.color().map_or(COLORLESS, |c| c.index() as i8),
        };
    }
}
