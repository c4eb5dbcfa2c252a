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
    let cols = board.cols();
    for (r, slots) in out.chunks_exact_mut(cols).enumerate() {
        for (slot, &cell) in slots.iter_mut().zip(board.row(r).unwrap_or_default()) {
            // This runs for every cell of every environment step: a coloured piece,
            // nearly every cell, costs one comparison; a `match` over every case (a
            // jump table) measured three times the instructions.
            *slot = match cell.color() {
                Some(c) => c.index() as i8,
                None => other(cell),
            };
        }
    }
}

#[cold]
fn other(cell: Cell) -> i8 {
    match cell {
        Cell::Empty => EMPTY,
        Cell::Blocker => BLOCKER,
        Cell::Hole => HOLE,
        Cell::Crate(_) => CRATE,
        Cell::Piece(_) => COLORLESS,
    }
}
