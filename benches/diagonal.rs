//! A variant with diagonal runs, written twice the way a newcomer would: once with only
//! `find_matches`, cell by cell (every predicate left to the engine's defaults), and once
//! on the colour planes' row words. Shared by the `extension` benchmark and the
//! cross-variant tests, which check that both agree and pass the shared suite.

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

/// The same rules on the colour planes: each direction is three shifted row words ANDed.
pub struct DiagonalPlanes;

impl Rules for DiagonalPlanes {
    fn name(&self) -> &str {
        "diagonal-planes"
    }
    fn find_matches(&self, board: &Board) -> CellSet {
        let rows = board.rows();
        let mut out = [0u32; 32];
        for plane in 0..board.color_planes() {
            let m = board.color_plane(plane);
            for r in 0..rows {
                let w = m[r];
                let across = w & (w >> 1) & (w >> 2);
                out[r] |= across | (across << 1) | (across << 2);
                if r + 2 < rows {
                    let (b, c) = (m[r + 1], m[r + 2]);
                    let down = w & b & c;
                    let right = w & (b >> 1) & (c >> 2);
                    let left = w & (b << 1) & (c << 2);
                    out[r] |= down | right | left;
                    out[r + 1] |= down | (right << 1) | (left >> 1);
                    out[r + 2] |= down | (right << 2) | (left >> 2);
                }
            }
        }
        let mut set = CellSet::new();
        for (r, &w) in out[..rows].iter().enumerate() {
            set.set_row_bits(r, w);
        }
        set
    }
    fn refills(&self) -> bool {
        true
    }
}
