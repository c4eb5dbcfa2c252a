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

use match3_core::{Axis, Board, CellSet, Piece, Pos, runs::Runs};

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
        let group_runs = maximal_runs(runs, &group);
        let long = group_runs.iter().find(|r| r.len >= 5);
        let four = group_runs.iter().find(|r| r.len == 4);
        let mut crossing = group;
        crossing.intersect_with(&intersections);
        let (piece, fallback) = if let Some(run) = long {
            (Piece::color_bomb(), run.middle())
        } else if let Some(first) = crossing.iter().next() {
            (Piece::wrapped(color), first)
        } else if let Some(run) = four {
            let axis = if run.horizontal { Axis::Col } else { Axis::Row };
            (Piece::striped(color, axis), run.middle())
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

/// The 4-connected cells of `seed`'s colour reachable through `cells`.
fn component(board: &Board, cells: &CellSet, seed: Pos) -> CellSet {
    let color = board.color_at(seed);
    let mut group = CellSet::new();
    let mut stack = vec![seed];
    group.insert(seed);
    while let Some(p) = stack.pop() {
        let (r, c) = (p.row, p.col);
        let mut near = [None; 4];
        near[0] = r.checked_sub(1).map(|r| Pos::new(r, c));
        near[1] = Some(Pos::new(r + 1, c));
        near[2] = c.checked_sub(1).map(|c| Pos::new(r, c));
        near[3] = Some(Pos::new(r, c + 1));
        for n in near.into_iter().flatten() {
            if cells.contains(n) && board.color_at(n) == color && group.insert(n) {
                stack.push(n);
            }
        }
    }
    group
}

/// The maximal horizontal and vertical runs of `group`'s cells, row-major by start,
/// horizontal first.
fn maximal_runs(runs: &Runs, group: &CellSet) -> Vec<Run> {
    let mut out = Vec::new();
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
            out.push(run);
        }
    }
    out.sort_by_key(|r| (r.start, !r.horizontal));
    out
}
