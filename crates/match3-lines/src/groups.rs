//! Which special a phase's matches create, and where.
//!
//! The matched cells split into *groups*: 4-connected components of matched cells of one
//! colour. Each group makes at most one special, the highest rule winning:
//!
//! 1. a straight run of 5 or more → colour bomb;
//! 2. a cell in both a horizontal and a vertical run (L, T, cross, blob) → wrapped;
//! 3. a run of exactly 4 → striped, clearing the line perpendicular to the run
//!    (a horizontal run gives `|`, a vertical one `-`).
//!
//! The special appears on the cell the move put a piece on, when that cell is in the group
//! (the swap's destination first, then its origin). Otherwise, for a wrapped piece, on the
//! group's first intersection cell in row-major order; for a run-made special, on the
//! run's cell at index `(len - 1) / 2` from its top or left end (the left/upper middle).
//! When a group has several deciding runs, the first in row-major order of its first cell
//! (horizontal before vertical) decides.

use match3_core::{Board, CellSet, Piece, Pos, runs::Runs};

use crate::specials::{self, Axis};

/// A maximal straight run inside a group.
#[derive(Clone, Copy, Debug)]
struct Run {
    start: Pos,
    len: u8,
    horizontal: bool,
}

impl Run {
    fn cell(self, i: u8) -> Pos {
        if self.horizontal {
            Pos::new(self.start.row, self.start.col + i)
        } else {
            Pos::new(self.start.row + i, self.start.col)
        }
    }

    fn middle(self) -> Pos {
        self.cell((self.len - 1) / 2)
    }
}

/// A cheap pre-check: whether any group can make a special at all (an intersection, or
/// four run cells in a line). Most phases are plain runs of three and skip grouping.
pub fn may_create(runs: &Runs, rows: usize) -> bool {
    if runs.horizontal.intersects(&runs.vertical) {
        return true;
    }
    let four = |w: u32| w & (w >> 1) & (w >> 2) & (w >> 3) != 0;
    let v = |r: usize| runs.vertical.row_bits(r);
    (0..rows).any(|r| four(runs.horizontal.row_bits(r)))
        || (3..rows).any(|r| v(r) & v(r - 1) & v(r - 2) & v(r - 3) != 0)
}

/// Pushes the specials the `matched` cells of `board` create.
pub fn create(
    board: &Board,
    runs: &Runs,
    matched: &CellSet,
    moved: &[Pos],
    out: &mut Vec<(Pos, Piece)>,
) {
    let intersections = runs.intersections();
    let mut left = *matched;
    while let Some(seed) = left.iter().next() {
        let group = component(board, &left, seed);
        left.subtract(&group);
        let Some(color) = board.color_at(seed) else {
            continue;
        };
        let (long, four) = deciding_runs(runs, &group);
        let mut crossing = group;
        crossing.intersect_with(&intersections);
        let (piece, fallback) = if let Some(run) = long {
            (specials::color_bomb(), run.middle())
        } else if let Some(first) = crossing.iter().next() {
            (specials::wrapped(color), first)
        } else if let Some(run) = four {
            let axis = if run.horizontal { Axis::Col } else { Axis::Row };
            (specials::striped(color, axis), run.middle())
        } else {
            continue;
        };
        let at = moved
            .iter()
            .copied()
            .find(|&m| group.contains(m))
            .unwrap_or(fallback);
        out.push((at, piece));
    }
}

/// The 4-connected cells of `seed`'s colour reachable through `cells` (bit-parallel
/// growth, no allocation).
fn component(board: &Board, cells: &CellSet, seed: Pos) -> CellSet {
    let mut within = *cells;
    if let Some(color) = board.color_at(seed) {
        within.intersect_with(&board.cells_of_color(color));
    }
    let rows = board.rows();
    let mut group = CellSet::new();
    group.insert(seed);
    loop {
        let mut next = group;
        for r in 0..rows {
            let g = group.row_bits(r);
            let up = if r > 0 { group.row_bits(r - 1) } else { 0 };
            let down = if r + 1 < rows {
                group.row_bits(r + 1)
            } else {
                0
            };
            next.set_row_bits(
                r,
                (g | (g << 1) | (g >> 1) | up | down) & within.row_bits(r),
            );
        }
        if next == group {
            return group;
        }
        group = next;
    }
}

/// The group's deciding runs: the first maximal run of 5 or more and the first of
/// exactly 4, in row-major order of their first cell, horizontal before vertical.
fn deciding_runs(runs: &Runs, group: &CellSet) -> (Option<Run>, Option<Run>) {
    let key = |r: &Run| (r.start, !r.horizontal);
    let keep = |best: &mut Option<Run>, run: Run| {
        if best.is_none_or(|b| key(&run) < key(&b)) {
            *best = Some(run);
        }
    };
    let (mut long, mut four) = (None, None);
    for (set, horizontal) in [(&runs.horizontal, true), (&runs.vertical, false)] {
        for p in group.iter() {
            let prev = if horizontal {
                p.col.checked_sub(1).map(|c| Pos::new(p.row, c))
            } else {
                p.row.checked_sub(1).map(|r| Pos::new(r, p.col))
            };
            if !set.contains(p) || prev.is_some_and(|q| set.contains(q) && group.contains(q)) {
                continue;
            }
            let mut run = Run {
                start: p,
                len: 1,
                horizontal,
            };
            while group.contains(run.cell(run.len)) && set.contains(run.cell(run.len)) {
                run.len += 1;
            }
            match run.len {
                5.. => keep(&mut long, run),
                4 => keep(&mut four, run),
                _ => {}
            }
        }
    }
    (long, four)
}
