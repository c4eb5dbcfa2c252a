//! Bit-parallel flood fill over a board's colour row masks.
//!
//! A group grows by OR-ing its row words shifted one column either way and its
//! neighbouring rows, ANDed with the colour's mask, until nothing changes. For groups of
//! three or more there is a shortcut: a 4-connected group has at least three cells exactly
//! when one of its cells has two same-colour neighbours, so all such groups are the
//! flood of those "seed" cells, grown together.

use match3_core::packed::Geometry;
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
    m[..src.len()].copy_from_slice(src);
    m
}

/// Cells of `mask` with at least two neighbours in it.
fn seeds(mask: &Rows, rows: usize) -> Rows {
    let mut out = [0u32; MAX_SIDE];
    for r in 0..rows {
        let m = mask[r];
        let (l, rt) = (m << 1, m >> 1);
        let up = if r > 0 { mask[r - 1] } else { 0 };
        let dn = if r + 1 < rows { mask[r + 1] } else { 0 };
        out[r] = m & (((l | rt) & (up | dn)) | (l & rt) | (up & dn));
    }
    out
}

/// Every cell in a group of at least `min_size` cells.
pub fn clusters(board: &Board, min_size: usize) -> CellSet {
    if let (Some(g), Some(planes)) = (board.geometry(), board.packed_colors()) {
        let found = planes
            .iter()
            .map(|&m| packed_clusters(g, m, min_size))
            .fold(0, |a, b| a | b);
        return g.to_set(found);
    }
    let rows = board.rows();
    let mut out = [0u32; MAX_SIDE];
    for plane in 0..board.color_planes() {
        let mask = rows_of(board, Color::new(plane as u8).expect("planes are colours"));
        let found = if min_size == 3 {
            flood(seeds(&mask, rows), &mask, rows, usize::MAX)
        } else {
            big_components(&mask, rows, min_size)
        };
        for r in 0..rows {
            out[r] |= found[r];
        }
    }
    let mut set = CellSet::new();
    for (r, &w) in out[..rows].iter().enumerate() {
        set.set_row_bits(r, w);
    }
    set
}

/// Components of `mask` with at least `min_size` cells, one at a time.
fn big_components(mask: &Rows, rows: usize, min_size: usize) -> Rows {
    let mut left = *mask;
    let mut out = [0u32; MAX_SIDE];
    while let Some(r) = (0..rows).find(|&r| left[r] != 0) {
        let mut seed = [0u32; MAX_SIDE];
        seed[r] = left[r] & left[r].wrapping_neg();
        let comp = flood(seed, mask, rows, usize::MAX);
        let big = count(&comp, rows) >= min_size;
        for i in 0..rows {
            left[i] &= !comp[i];
            if big {
                out[i] |= comp[i];
            }
        }
    }
    out
}

/// The whole group of `start` (empty when `start` has no colour).
pub fn group(board: &Board, start: Pos) -> CellSet {
    let mut set = CellSet::new();
    let Some(color) = board.color_at(start) else {
        return set;
    };
    let rows = board.rows();
    let mask = rows_of(board, color);
    let mut seed = [0u32; MAX_SIDE];
    seed[start.row as usize] = 1 << start.col;
    let comp = flood(seed, &mask, rows, usize::MAX);
    for (r, &w) in comp[..rows].iter().enumerate() {
        set.set_row_bits(r, w);
    }
    set
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

/// One growth step of a packed group inside `mask`.
#[inline]
fn grow_packed(g: &Geometry, group: u64, mask: u64) -> u64 {
    (group
        | g.from_left(group, 1)
        | g.from_right(group, 1)
        | g.from_above(group, 1)
        | g.from_below(group, 1))
        & mask
}

fn flood_packed(g: &Geometry, mut group: u64, mask: u64) -> u64 {
    loop {
        let next = grow_packed(g, group, mask);
        if next == group {
            return group;
        }
        group = next;
    }
}

/// The cells of packed plane `m` in groups of at least `min_size`.
fn packed_clusters(g: &Geometry, m: u64, min_size: usize) -> u64 {
    if m == 0 {
        return 0;
    }
    if min_size == 3 {
        let (l, r) = (g.from_left(m, 1), g.from_right(m, 1));
        let (u, d) = (g.from_above(m, 1), g.from_below(m, 1));
        let seeds = m & (((l | r) & (u | d)) | (l & r) | (u & d));
        return if seeds == 0 {
            0
        } else {
            flood_packed(g, seeds, m)
        };
    }
    let (mut left, mut out) = (m, 0);
    while left != 0 {
        let comp = flood_packed(g, left & left.wrapping_neg(), m);
        if comp.count_ones() as usize >= min_size {
            out |= comp;
        }
        left &= !comp;
    }
    out
}
