//! The compact board encoding: one `int8` a cell, row-major. A piece is its colour's
//! index (A = 0 … Z = 25; specials keep their colour), a colourless piece (a colour bomb)
//! is 26, and the other cells are negative.

use match3_core::{Board, Cell, SpecialKind};

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

/// What an environment observes: the compact board (one `int8` a cell), or one-hot
/// planes, plane-major: a plane per colour, then colourless, empty, blocker, hole,
/// crate, a plane per special kind of the rules, jelly (any layer) and locked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Obs {
    Compact,
    Planes { colors: usize, kinds: usize },
}

/// Planes after the colours' and before the specials': colourless, empty, blocker,
/// hole, crate.
const CELL_PLANES: usize = 5;

impl Obs {
    /// The planes of `colors` colours under rules with `kinds` special kinds.
    pub fn planes(colors: u8, kinds: usize) -> Obs {
        Obs::Planes {
            colors: usize::from(colors),
            kinds,
        }
    }

    /// Values per cell.
    pub fn depth(self) -> usize {
        match self {
            Obs::Compact => 1,
            Obs::Planes { colors, kinds } => colors + CELL_PLANES + kinds + 2,
        }
    }

    /// Writes `board` (of rules with `kinds` special kinds) into `out` (`depth` ×
    /// cells).
    pub fn write(self, board: &Board, kinds: &[SpecialKind], out: &mut [i8]) {
        let Obs::Planes { colors, .. } = self else {
            return self::board(board, out);
        };
        let cells = board.rows() * board.cols();
        out.fill(0);
        let specials = colors + CELL_PLANES;
        let layers = specials + kinds.len();
        for (i, (pos, cell)) in board.iter().enumerate() {
            // A palette's colours are below `colors`; the `min` only keeps a stray
            // one inside the colour planes.
            let plane = match cell.color() {
                Some(c) => usize::from(c.index()).min(colors.saturating_sub(1)),
                None => match other(cell) {
                    COLORLESS => colors,
                    code => colors + code.unsigned_abs() as usize,
                },
            };
            out[plane * cells + i] = 1;
            let special = cell.piece().and_then(|p| p.special());
            if let Some(k) = special.and_then(|s| kinds.iter().position(|k| k.special == s)) {
                out[(specials + k) * cells + i] = 1;
            }
            let l = board.layers(pos);
            out[layers * cells + i] = i8::from(l.jelly > 0);
            out[(layers + 1) * cells + i] = i8::from(l.locked);
        }
    }
}
