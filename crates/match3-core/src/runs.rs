//! Line runs: the detection shared by every variant that matches straight lines.
//!
//! A run is a horizontal or vertical stretch of `min_len` or more pieces of one colour.
//! Empty cells, blockers and colour bombs have no colour and break runs.

use crate::board::Board;
use crate::cellset::CellSet;
use crate::piece::Color;
use crate::pos::{Pos, Size};

/// The cells covered by horizontal and by vertical runs.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Runs {
    /// Cells in a horizontal run.
    pub horizontal: CellSet,
    /// Cells in a vertical run.
    pub vertical: CellSet,
}

impl Runs {
    /// Every cell in some run.
    pub fn all(&self) -> CellSet {
        let mut all = self.horizontal;
        all.union_with(&self.vertical);
        all
    }

    /// Cells in both a horizontal and a vertical run (the corner of an L, the foot of a T,
    /// the centre of a cross).
    pub fn intersections(&self) -> CellSet {
        let mut both = self.horizontal;
        both.intersect_with(&self.vertical);
        both
    }
}

/// Every run of at least `min_len` equal colours on `board`.
pub fn find_runs(board: &Board, min_len: usize) -> Runs {
    let size = board.size();
    let mut runs = Runs::default();
    scan_lines(
        size.rows(),
        size.cols(),
        min_len,
        |r, c| board.color_at(Pos::new(r, c)),
        |r, c| {
            runs.horizontal.insert(Pos::new(r, c));
        },
    );
    scan_lines(
        size.cols(),
        size.rows(),
        min_len,
        |c, r| board.color_at(Pos::new(r, c)),
        |c, r| {
            runs.vertical.insert(Pos::new(r, c));
        },
    );
    runs
}

/// Scans `lines` lines of `len` cells; calls `mark(line, i)` for every cell in a run.
fn scan_lines(
    lines: usize,
    len: usize,
    min_len: usize,
    color: impl Fn(u8, u8) -> Option<Color>,
    mut mark: impl FnMut(u8, u8),
) {
    for line in 0..lines as u8 {
        let mut start = 0u8;
        let mut current = color(line, 0);
        for i in 1..=len as u8 {
            let next = if (i as usize) < len {
                color(line, i)
            } else {
                None
            };
            if next != current || next.is_none() {
                if current.is_some() && (i - start) as usize >= min_len {
                    (start..i).for_each(|j| mark(line, j));
                }
                start = i;
                current = next;
            }
        }
    }
}

/// Whether `pos` lies in a run of at least `min_len`, reading colours through `color`.
pub fn run_through(
    size: Size,
    pos: Pos,
    min_len: usize,
    color: impl Fn(Pos) -> Option<Color>,
) -> bool {
    let Some(own) = color(pos) else {
        return false;
    };
    let same = |p: Pos| size.contains(p) && color(p) == Some(own);
    let count = |dr: i8, dc: i8| {
        let mut n = 0;
        let mut p = pos;
        loop {
            let (r, c) = (p.row as i8 + dr, p.col as i8 + dc);
            if r < 0 || c < 0 {
                return n;
            }
            p = Pos::new(r as u8, c as u8);
            if !same(p) {
                return n;
            }
            n += 1;
        }
    };
    1 + count(0, -1) + count(0, 1) >= min_len || 1 + count(-1, 0) + count(1, 0) >= min_len
}

/// Whether `pos` lies in a run on `board`.
pub fn in_run(board: &Board, pos: Pos, min_len: usize) -> bool {
    run_through(board.size(), pos, min_len, |p| board.color_at(p))
}

/// Whether swapping `a` and `b` would put `a` or `b` in a run, without copying the board.
pub fn swap_makes_run(board: &Board, a: Pos, b: Pos, min_len: usize) -> bool {
    let swapped = |p: Pos| {
        board.color_at(if p == a {
            b
        } else if p == b {
            a
        } else {
            p
        })
    };
    run_through(board.size(), a, min_len, swapped) || run_through(board.size(), b, min_len, swapped)
}
