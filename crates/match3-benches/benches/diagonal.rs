//! A variant with diagonal runs, written twice the way a newcomer would: once with only
//! `find_matches`, cell by cell (every predicate left to the engine's defaults), and once
//! on the colour planes' row words. Shared by the `extension` benchmark and the
//! cross-variant tests, which check that both agree and pass the shared suite.

use match3_core::detect::{DetectFn, PlaneRule, Planes};
use match3_core::planes::{self, Field};
use match3_core::refill::Uniform;
use match3_core::specials::NoSpecials;
use match3_core::{Board, CellSet, Color, Pos, Variant};

/// The four directions a run may take: across, down, down-right, down-left.
const DIRECTIONS: [(i32, i32); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

/// Runs of three in a line, diagonals included; detection only, cell by cell.
pub fn diagonal_naive() -> Variant<DetectFn, NoSpecials, Uniform> {
    Variant::new("diagonal-naive", naive_matches as DetectFn).with_refill(Uniform)
}

/// Every cell in a run of three in any of the four directions, cell by cell.
pub fn naive_matches(board: &Board) -> CellSet {
    let (rows, cols) = (board.rows() as i32, board.cols() as i32);
    let at = |r: i32, c: i32| -> Option<Color> {
        (r >= 0 && c >= 0 && r < rows && c < cols)
            .then(|| board.color_at(Pos::new(r as u8, c as u8)))
            .flatten()
    };
    let mut out = CellSet::new();
    for r in 0..rows {
        for c in 0..cols {
            let Some(color) = at(r, c) else { continue };
            for (dr, dc) in DIRECTIONS {
                if (1..3).all(|k| at(r + k * dr, c + k * dc) == Some(color)) {
                    for k in 0..3 {
                        out.insert(Pos::new((r + k * dr) as u8, (c + k * dc) as u8));
                    }
                }
            }
        }
    }
    out
}

/// The same rules on core's bit planes, one colour at a time: each direction is a plane
/// ANDed with itself shifted one and two steps, written once for packed and row-word
/// boards, with its reach declared. Every other answer the engine derives on the planes
/// (legal swaps in bulk, batch by batch).
pub fn diagonal_planes() -> Variant<Planes<Diagonals>, NoSpecials, Uniform> {
    Variant::new("diagonal-planes", Planes(Diagonals)).with_refill(Uniform)
}

/// Runs of three across, down and on both diagonals, of one colour's plane.
pub struct Diagonals;

impl PlaneRule for Diagonals {
    fn matched<F: Field>(&self, f: &F, m: F::P) -> F::P {
        // Step to the cell down-right / down-left, and back.
        let dr = |x| f.right(f.below(x, 1), 1);
        let ul = |x| f.left(f.above(x, 1), 1);
        let dl = |x| f.left(f.below(x, 1), 1);
        let ur = |x| f.right(f.above(x, 1), 1);
        let (h, v) = planes::runs3(f, m);
        let s = m & dr(m) & dr(dr(m));
        let t = m & dl(m) & dl(dl(m));
        h | v | s | ul(s) | ul(ul(s)) | t | ur(t) | ur(ur(t))
    }

    /// A cell is in a run of three with cells at most two rows and columns away.
    fn reach(&self) -> Option<u32> {
        Some(2)
    }
}
