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

use match3_core::{Board, CellSet, MAX_SIDE, Piece, Pos, planes, runs::Runs};

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
    let rows = board.rows();
    let intersections = runs.intersections();
    let mut left = *matched;
    while let Some(seed) = first_cell(rows, |r| left.row_bits(r)) {
        let group = component(board, &left, seed);
        left.subtract(&group);
        let Some(color) = board.color_at(seed) else {
            continue;
        };
        let (long, four) = deciding_runs(runs, &group, rows);
        let crossing = first_cell(rows, |r| group.row_bits(r) & intersections.row_bits(r));
        let (piece, fallback) = if let Some(run) = long {
            (specials::color_bomb(), run.middle())
        } else if let Some(first) = crossing {
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

/// The first cell in row-major order of the rows `bits` gives, looking at the board's
/// `rows` only.
fn first_cell(rows: usize, bits: impl Fn(usize) -> u32) -> Option<Pos> {
    (0..rows).find_map(|r| {
        let bits = bits(r);
        (bits != 0).then(|| Pos::new(r as u8, bits.trailing_zeros() as u8))
    })
}

/// The 4-connected cells of `seed`'s colour reachable through `cells` (bit-parallel
/// growth over the board's packed planes on boards of up to 64 cells, over its row words
/// above; no allocation).
fn component(board: &Board, cells: &CellSet, seed: Pos) -> CellSet {
    if let (Some(g), Some(colors)) = (board.geometry(), board.packed_colors()) {
        let mut within = g.from_set(cells);
        if let Some(color) = board.color_at(seed) {
            within &= colors.get(usize::from(color.index())).copied().unwrap_or(0);
        }
        let start = 1u64 << (u32::from(seed.row) * g.cols + u32::from(seed.col));
        return g.to_set(planes::flood(g, start, within));
    }
    let rows = board.rows();
    let mut within = [0u32; MAX_SIDE];
    for (r, w) in within[..rows].iter_mut().enumerate() {
        *w = cells.row_bits(r);
    }
    if let Some(color) = board.color_at(seed) {
        for (w, &c) in within.iter_mut().zip(board.color_rows(color).iter()) {
            *w &= c;
        }
    }
    let mut group = [0u32; MAX_SIDE];
    group[seed.row as usize] = 1 << seed.col;
    loop {
        let mut changed = false;
        let mut above = 0;
        for r in 0..rows {
            let g = group[r];
            let below = if r + 1 < rows { group[r + 1] } else { 0 };
            // Rows above already grew this round: growth only goes faster.
            let next = (g | (g << 1) | (g >> 1) | above | below) & within[r];
            changed |= next != g;
            group[r] = next;
            above = next;
        }
        if !changed {
            break;
        }
    }
    let mut set = CellSet::new();
    for (r, &w) in group[..rows].iter().enumerate() {
        set.set_row_bits(r, w);
    }
    set
}

/// The group's deciding runs: the first maximal run of 5 or more and the first of
/// exactly 4, in row-major order of their first cell, horizontal before vertical. A run
/// is a maximal line of cells in both the group and the runs of its direction.
fn deciding_runs(runs: &Runs, group: &CellSet, rows: usize) -> (Option<Run>, Option<Run>) {
    let key = |r: &Run| (r.start, !r.horizontal);
    let keep = |best: &mut Option<Run>, run: Run| {
        if best.is_none_or(|b| key(&run) < key(&b)) {
            *best = Some(run);
        }
    };
    let (mut long, mut four) = (None, None);
    let mut decide = |run: Run| match run.len {
        5.. => keep(&mut long, run),
        4 => keep(&mut four, run),
        _ => {}
    };
    let vertical = |r: usize| group.row_bits(r) & runs.vertical.row_bits(r);
    for r in 0..rows {
        // Horizontal runs start where the cell to the left is not in the run.
        let h = group.row_bits(r) & runs.horizontal.row_bits(r);
        let mut starts = h & !(h << 1);
        while starts != 0 {
            let c = starts.trailing_zeros();
            starts &= starts - 1;
            decide(Run {
                start: Pos::new(r as u8, c as u8),
                len: (!(h >> c)).trailing_zeros() as u8,
                horizontal: true,
            });
        }
        // Vertical runs start where the cell above is not in the run.
        let v = vertical(r);
        let mut starts = v & !if r > 0 { vertical(r - 1) } else { 0 };
        while starts != 0 {
            let c = starts.trailing_zeros();
            starts &= starts - 1;
            let len = (r..rows).take_while(|&q| vertical(q) >> c & 1 == 1).count();
            decide(Run {
                start: Pos::new(r as u8, c as u8),
                len: len as u8,
                horizontal: false,
            });
        }
    }
    (long, four)
}
