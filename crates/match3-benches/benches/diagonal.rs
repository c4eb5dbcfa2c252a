//! A variant with diagonal runs, written twice the way a newcomer would: once with only
//! `find_matches`, cell by cell (every predicate left to the engine's defaults), and once
//! on the colour planes' row words. Shared by the `extension` benchmark and the
//! cross-variant tests, which check that both agree and pass the shared suite.

use match3_core::planes::{self, Field, OnPlanes};
use match3_core::{Board, CellSet, Color, Pos, Rules};

/// The four directions a run may take: across, down, down-right, down-left.
const DIRECTIONS: [(i32, i32); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

/// Runs of three in a line, diagonals included; only `find_matches`, cell by cell.
pub struct DiagonalNaive;

impl Rules for DiagonalNaive {
    fn name(&self) -> &str {
        "diagonal-naive"
    }
    fn find_matches(&self, board: &Board) -> CellSet {
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
    fn refills(&self) -> bool {
        true
    }
}

/// The same rules on core's bit planes: each direction is a plane ANDed with itself
/// shifted one and two steps, written once for packed and row-word boards.
pub struct DiagonalPlanes;

struct Diagonals;

impl OnPlanes for Diagonals {
    type Output = CellSet;
    fn run<F: Field>(self, f: &F, colors: impl Iterator<Item = F::P> + Clone, _: F::P) -> CellSet {
        // Step to the cell down-right / down-left, and back.
        let dr = |x| f.right(f.below(x, 1), 1);
        let ul = |x| f.left(f.above(x, 1), 1);
        let dl = |x| f.left(f.below(x, 1), 1);
        let ur = |x| f.right(f.above(x, 1), 1);
        let found = colors.fold(f.zero(), |acc, m| {
            let (h, v) = planes::runs3(f, m);
            let s = m & dr(m) & dr(dr(m));
            let t = m & dl(m) & dl(dl(m));
            acc | h | v | s | ul(s) | ul(ul(s)) | t | ur(t) | ur(ur(t))
        });
        f.to_set(found)
    }
}

impl Rules for DiagonalPlanes {
    fn name(&self) -> &str {
        "diagonal-planes"
    }
    fn find_matches(&self, board: &Board) -> CellSet {
        planes::on_planes(board, Diagonals)
    }
    fn refills(&self) -> bool {
        true
    }
}
