//! Bit-parallel flood fill over a board's colour row masks.
//!
//! Detection ([`clusters`]) runs on core's bit planes for every board layout; groups of
//! three or more grow for every colour in one flood over the colour codes. The local
//! questions (one cell's group, one swap) grow a single group in the colour's row words,
//! stopping as soon as it is big enough.

use std::marker::PhantomData;

use match3_core::planes::{self, Field, FromPlane, OnPlanes, PackedCells};
use match3_core::{Board, CellSet, Color, MAX_SIDE, Pos};

type Rows = [u32; MAX_SIDE];

/// One growth step of `group` inside `mask` (the first `rows` words).
#[inline]
fn grow(group: &Rows, mask: &Rows, rows: usize) -> Rows {
    let mut next = [0u32; MAX_SIDE];
    for r in 0..rows {
        let up = if r > 0 { group[r - 1] } else { 0 };
        let down = if r + 1 < rows { group[r + 1] } else { 0 };
        next[r] = (group[r] | (group[r] << 1) | (group[r] >> 1) | up | down) & mask[r];
    }
    next
}

/// Grows `group` inside `mask` until it stops changing or holds `limit` cells.
fn flood(mut group: Rows, mask: &Rows, rows: usize, limit: usize) -> Rows {
    loop {
        let next = grow(&group, mask, rows);
        if next[..rows] == group[..rows] || count(&next, rows) >= limit {
            return next;
        }
        group = next;
    }
}

fn count(rows_: &Rows, rows: usize) -> usize {
    rows_[..rows].iter().map(|w| w.count_ones() as usize).sum()
}

fn rows_of(board: &Board, color: Color) -> Rows {
    let mut m = [0u32; MAX_SIDE];
    let src = board.color_rows(color);
    m[..src.len()].copy_from_slice(&src);
    m
}

/// Every cell in a group of at least `min_size` cells: written once on core's bit planes
/// ([`planes::groups_of_at_least`]) for packed and row-word boards alike.
pub fn clusters(board: &Board, min_size: usize) -> CellSet {
    planes::on_planes(board, Clusters::<CellSet>::new(min_size))
}

/// [`clusters`] from the bit planes alone.
pub fn clusters_on(view: planes::PlaneView<'_>, min_size: usize) -> CellSet {
    view.visit(Clusters::new(min_size))
}

/// [`clusters_on`] packed, on a board of at most 64 cells (`None` on a bigger one).
pub fn packed_clusters_on(view: planes::PlaneView<'_>, min_size: usize) -> Option<PackedCells> {
    view.visit(Clusters::new(min_size))
}

/// No cell (what a detection that never matches finds), as a set or packed (`O`).
pub fn no_cells_on<O: FromPlane>(view: planes::PlaneView<'_>) -> O {
    view.visit(Clusters {
        min_size: None,
        out: PhantomData,
    })
}

/// Every cell in a group of at least `min_size` (none without a size), as a set or
/// packed (`O`).
struct Clusters<O> {
    min_size: Option<usize>,
    out: PhantomData<O>,
}

impl<O> Clusters<O> {
    fn new(min_size: usize) -> Self {
        Clusters {
            min_size: Some(min_size),
            out: PhantomData,
        }
    }
}

impl<O: FromPlane> OnPlanes for Clusters<O> {
    type Output = O;
    fn run<F: Field>(self, f: &F, colors: impl Iterator<Item = F::P> + Clone, _: F::P) -> O {
        let found = match self.min_size {
            None => f.zero(),
            // Every colour in one flood, over the colour codes.
            Some(3) => {
                let [same_right, same_down] = planes::ColorCodes::new(f, colors).sides(f);
                planes::all_groups3(f, same_right, same_down)
            }
            Some(min_size) => colors.fold(f.zero(), |acc, m| {
                acc | planes::groups_of_at_least(f, m, min_size)
            }),
        };
        O::from_plane(f, found)
    }
}

/// The whole group of `start` (empty when `start` has no colour).
pub fn group(board: &Board, start: Pos) -> CellSet {
    planes::on_planes(board, GroupAt { start })
}

/// [`group`] from the bit planes alone.
pub fn group_on(view: planes::PlaneView<'_>, start: Pos) -> CellSet {
    view.visit(GroupAt { start })
}

/// The side-connected cells of `start`'s colour that reach it.
struct GroupAt {
    start: Pos,
}

impl OnPlanes for GroupAt {
    type Output = CellSet;
    fn run<F: Field>(self, f: &F, colors: impl Iterator<Item = F::P> + Clone, _: F::P) -> CellSet {
        let seed = f.single(self.start);
        match { colors }.find(|&m| f.contains(m, self.start)) {
            Some(m) => f.cells_of(planes::flood(f, seed, m)),
            None => CellSet::new(),
        }
    }
}

/// Whether `pos` is in a group of at least `min_size` cells.
pub fn in_cluster(board: &Board, pos: Pos, min_size: usize) -> bool {
    let Some(color) = board.color_at(pos) else {
        return false;
    };
    if min_size == 3 {
        return arrives3(board, Some(color), pos, None);
    }
    let rows = board.rows();
    let mask = rows_of(board, color);
    let mut seed = [0u32; MAX_SIDE];
    seed[pos.row as usize] = 1 << pos.col;
    count(&flood(seed, &mask, rows, min_size), rows) >= min_size
}

/// Whether swapping `a` and `b` puts `a` or `b` in a group of at least `min_size`.
pub fn swap_makes_cluster(board: &Board, a: Pos, b: Pos, min_size: usize) -> bool {
    if !board.size().contains(a) || !board.size().contains(b) {
        return false;
    }
    let (ca, cb) = (board.color_at(a), board.color_at(b));
    if ca == cb {
        // Nothing changes: only a group already there counts.
        return ca.is_some() && (in_cluster(board, a, min_size) || in_cluster(board, b, min_size));
    }
    let rows = board.rows();
    if min_size == 3 {
        return arrives3(board, ca, b, Some(a)) || arrives3(board, cb, a, Some(b));
    }
    let arrives = |color: Option<Color>, to: Pos, from: Pos| {
        let Some(color) = color else { return false };
        let mut mask = rows_of(board, color);
        mask[from.row as usize] &= !(1 << from.col);
        mask[to.row as usize] |= 1 << to.col;
        let mut seed = [0u32; MAX_SIDE];
        seed[to.row as usize] = 1 << to.col;
        count(&flood(seed, &mask, rows, min_size), rows) >= min_size
    };
    arrives(ca, b, a) || arrives(cb, a, b)
}

/// Whether a piece of `color` on `to` (moved there from `from`, if given) lies in a group
/// of three or more, by looking at most two steps away: `to` needs two same-colour
/// neighbours, or one that has another. `from` is left holding a different colour, and is
/// never next to a neighbour of `to` (two neighbours of one cell are never adjacent).
fn arrives3(board: &Board, color: Option<Color>, to: Pos, from: Option<Pos>) -> bool {
    let Some(color) = color else { return false };
    let m = board.color_rows(color);
    let rows = m.len() as i32;
    let is = |r: i32, c: i32| {
        r >= 0
            && c >= 0
            && r < rows
            && c < 32
            && from.is_none_or(|f| (r, c) != (f.row as i32, f.col as i32))
            && m[r as usize] & (1 << c) != 0
    };
    let (tr, tc) = (to.row as i32, to.col as i32);
    const STEPS: [(i32, i32); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];
    let mut found = None;
    for (dr, dc) in STEPS {
        if is(tr + dr, tc + dc) {
            if found.is_some() {
                return true;
            }
            found = Some((tr + dr, tc + dc));
        }
    }
    let Some((nr, nc)) = found else { return false };
    STEPS
        .iter()
        .any(|&(dr, dc)| (nr + dr, nc + dc) != (tr, tc) && is(nr + dr, nc + dc))
}
