//! Line runs: the detection shared by every variant that matches straight lines.
//!
//! A run is a horizontal or vertical stretch of `min_len` or more pieces of one colour.
//! Empty cells, blockers and colour bombs have no colour and break runs.

use crate::board::Board;
use crate::cellset::CellSet;
use crate::moves::SwapMasks;
use crate::packed::Geometry;
use crate::piece::Color;
use crate::pos::{MAX_SIDE, Pos, Size};

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
///
/// Bit-parallel over the board's colour row masks: a row's run starts are the bits where
/// `min_len` consecutive shifts of its mask overlap, a column's are the AND of `min_len`
/// consecutive row words.
pub fn find_runs(board: &Board, min_len: usize) -> Runs {
    let rows = board.rows();
    let mut runs = Runs::default();
    if min_len == 0 {
        return runs;
    }
    let mut h = [0u32; MAX_SIDE];
    let mut v = [0u32; MAX_SIDE];
    if min_len == 3 {
        if let (Some(g), Some(planes)) = (board.geometry(), board.packed_colors()) {
            let (h, v) = runs3_packed(g, planes);
            return Runs {
                horizontal: g.to_set(h),
                vertical: g.to_set(v),
            };
        }
        // The common case, unrolled: no loops over the run length.
        for plane in 0..board.color_planes() {
            let m = &board.color_plane(plane)[..rows];
            for (r, &w) in m.iter().enumerate() {
                let s = w & (w >> 1) & (w >> 2);
                h[r] |= s | (s << 1) | (s << 2);
            }
            for r in 2..rows {
                let s = m[r] & m[r - 1] & m[r - 2];
                v[r] |= s;
                v[r - 1] |= s;
                v[r - 2] |= s;
            }
        }
        for r in 0..rows {
            runs.horizontal.set_row_bits(r, h[r]);
            runs.vertical.set_row_bits(r, v[r]);
        }
        return runs;
    }
    for plane in 0..board.color_planes() {
        let m = board.color_plane(plane);
        for (r, &word) in m.iter().enumerate() {
            h[r] |= spread(starts(word, min_len), min_len);
        }
        if rows >= min_len {
            for r in 0..=rows - min_len {
                let s = m[r..r + min_len].iter().fold(u32::MAX, |acc, &w| acc & w);
                if s != 0 {
                    v[r..r + min_len].iter_mut().for_each(|w| *w |= s);
                }
            }
        }
    }
    for r in 0..rows {
        runs.horizontal.set_row_bits(r, h[r]);
        runs.vertical.set_row_bits(r, v[r]);
    }
    runs
}

/// Every cell in a run of at least `min_len`: `find_runs(board, min_len).all()`, with
/// one conversion less on small boards.
pub fn run_cells(board: &Board, min_len: usize) -> CellSet {
    if let (3, Some(g), Some(planes)) = (min_len, board.geometry(), board.packed_colors()) {
        let (h, v) = runs3_packed(g, planes);
        return g.to_set(h | v);
    }
    find_runs(board, min_len).all()
}

/// Runs of three on packed planes: (horizontal, vertical) cells.
fn runs3_packed(g: &Geometry, planes: &[u64]) -> (u64, u64) {
    let (mut h, mut v) = (0u64, 0u64);
    for &p in planes {
        let s = p & g.from_right(p, 1) & g.from_right(p, 2);
        h |= s | (s << 1) | (s << 2);
        let s = p & g.from_below(p, 1) & g.from_below(p, 2);
        v |= s | g.from_above(s, 1) | g.from_above(s, 2);
    }
    (h, v)
}

/// [`swap_masks3`] on packed planes (boards of at most 64 cells).
/// One colour's swaps that make a run of three, keyed by the left / upper cell of each
/// pair: `(right, down, same_right, same_down)`, the last two being pairs of this colour.
#[inline]
fn plane_swaps3(g: &Geometry, p: u64) -> (u64, u64, u64, u64) {
    let horiz = |n: u64| {
        let (l1, r1) = (g.from_left(n, 1), g.from_right(n, 1));
        (l1 & g.from_left(n, 2)) | (l1 & r1) | (r1 & g.from_right(n, 2))
    };
    let (u1, u2) = (g.from_above(p, 1), g.from_above(p, 2));
    let (d1, d2, d3) = (g.from_below(p, 1), g.from_below(p, 2), g.from_below(p, 3));
    let vert = (u2 & u1) | (u1 & d1) | (d1 & d2);
    let to_right = p & ((g.from_right(p, 2) & g.from_right(p, 3)) | g.from_right(vert, 1));
    let to_left = p & ((g.from_left(p, 2) & g.from_left(p, 3)) | g.from_left(vert, 1));
    let to_down = p & ((d2 & d3) | horiz(d1));
    let to_up = d1 & ((u1 & u2) | horiz(p));
    (
        to_right | g.from_right(to_left, 1),
        to_down | to_up,
        p & g.from_right(p, 1),
        p & d1,
    )
}

/// [`swap_masks3`] on packed planes (boards of at most 64 cells).
fn swap_masks3_packed(g: &Geometry, planes: &[u64], pieces: u64) -> SwapMasks {
    let (mut right, mut down, mut same_right, mut same_down) = (0u64, 0u64, 0u64, 0u64);
    for &p in planes.iter().filter(|&&p| p != 0) {
        let (r, d, sr, sd) = plane_swaps3(g, p);
        right |= r;
        down |= d;
        same_right |= sr;
        same_down |= sd;
    }
    let (h, v) = runs3_packed(g, planes);
    let run = h | v;
    let pairs_right = pieces & g.from_right(pieces, 1);
    let pairs_down = pieces & g.from_below(pieces, 1);
    let run_right = run | g.from_right(run, 1);
    let run_down = run | g.from_below(run, 1);
    let hmask = ((right & !same_right) | (same_right & run_right)) & pairs_right;
    let vmask = ((down & !same_down) | (same_down & run_down)) & pairs_down;
    SwapMasks {
        right: g.to_set(hmask),
        down: g.to_set(vmask),
    }
}

/// Whether any swap makes a run of three: `!swap_masks3(board).is_empty()`, but on small
/// boards it stops at the first colour that has one.
pub fn any_swap3(board: &Board) -> bool {
    if let (Some(g), Some(planes), Some(pieces)) = (
        board.geometry(),
        board.packed_colors(),
        board.packed_pieces(),
    ) {
        let pairs_right = pieces & g.from_right(pieces, 1);
        let pairs_down = pieces & g.from_below(pieces, 1);
        let mut same = 0;
        for &p in planes.iter().filter(|&&p| p != 0) {
            let (r, d, sr, sd) = plane_swaps3(g, p);
            if (r & !sr & pairs_right) | (d & !sd & pairs_down) != 0 {
                return true;
            }
            same |= sr | sd;
        }
        // Only pairs of one colour are left: legal only where a run already passes.
        let (h, v) = runs3_packed(g, planes);
        if same == 0 || h | v == 0 {
            return false;
        }
    }
    !swap_masks3(board).is_empty()
}

/// Bits `c` where `word` has `len` consecutive set bits from `c` upward.
#[inline]
fn starts(word: u32, len: usize) -> u32 {
    (1..len).fold(word, |acc, k| acc & word.checked_shr(k as u32).unwrap_or(0))
}

/// The run cells from their start bits.
#[inline]
fn spread(starts: u32, len: usize) -> u32 {
    (1..len).fold(starts, |acc, k| {
        acc | starts.checked_shl(k as u32).unwrap_or(0)
    })
}

/// Legal swaps that make a run of three, for every pair at once.
///
/// A swap is legal when either piece, moved onto the other's cell, completes a run of
/// three there (the cell it leaves holds the other piece, so it cannot count). Pairs of
/// equal colours change nothing and are legal only if a run already passes through them.
/// Both cells must hold pieces. Agrees with [`swap_makes_run`] for `min_len` 3.
pub fn swap_masks3(board: &Board) -> SwapMasks {
    if let (Some(g), Some(planes), Some(pieces)) = (
        board.geometry(),
        board.packed_colors(),
        board.packed_pieces(),
    ) {
        return swap_masks3_packed(g, planes, pieces);
    }
    let rows = board.rows();
    let pieces = board.piece_rows();
    let at = |m: &[u32], r: isize| {
        if r < 0 || r as usize >= rows {
            0
        } else {
            m[r as usize]
        }
    };
    let horiz = |n: u32| ((n << 1) & (n << 2)) | ((n << 1) & (n >> 1)) | ((n >> 1) & (n >> 2));
    let mut right = [0u32; MAX_SIDE];
    let mut down = [0u32; MAX_SIDE];
    let mut same_right = [0u32; MAX_SIDE];
    let mut same_down = [0u32; MAX_SIDE];
    for plane in 0..board.color_planes() {
        let m = board.color_plane(plane);
        for r in 0..rows {
            let ri = r as isize;
            let (u2, u1, row, d1, d2, d3) = (
                at(m, ri - 2),
                at(m, ri - 1),
                m[r],
                at(m, ri + 1),
                at(m, ri + 2),
                at(m, ri + 3),
            );
            if row == 0 && d1 == 0 {
                continue;
            }
            // Vertical completions at a column, for a piece arriving from the side.
            let vert = (u2 & u1) | (u1 & d1) | (d1 & d2);
            // Moving right from c onto c+1: c+2, c+3 alike, or a vertical at c+1.
            let to_right = row & (((row >> 2) & (row >> 3)) | (vert >> 1));
            // Moving left from c+1 onto c: c-1, c-2 alike, or a vertical at c.
            let to_left = row & (((row << 2) & (row << 3)) | (vert << 1));
            right[r] |= to_right | (to_left >> 1);
            same_right[r] |= row & (row >> 1);
            // Moving down from (r,c) onto (r+1,c): rows r+2, r+3 alike, or a horizontal
            // in row r+1 through c.
            let to_down = row & ((d2 & d3) | horiz(d1));
            // Moving up from (r+1,c) onto (r,c): rows r-1, r-2 alike, or a horizontal in
            // row r through c.
            let to_up = d1 & ((u1 & u2) | horiz(row));
            down[r] |= to_down | to_up;
            same_down[r] |= row & d1;
        }
    }
    let already = find_runs(board, 3).all();
    let mut out = SwapMasks::default();
    for r in 0..rows {
        let p = pieces[r];
        let pairs_right = p & (p >> 1);
        let below = if r + 1 < rows { pieces[r + 1] } else { 0 };
        let run = already.row_bits(r);
        let run_below = if r + 1 < rows {
            already.row_bits(r + 1)
        } else {
            0
        };
        let h = (right[r] & !same_right[r]) | (same_right[r] & (run | (run >> 1)));
        let v = (down[r] & !same_down[r]) | (same_down[r] & (run | run_below));
        out.right.set_row_bits(r, h & pairs_right);
        out.down.set_row_bits(r, v & p & below);
    }
    out
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

/// Whether `pos` lies in a run on `board` (read from the colour masks).
pub fn in_run(board: &Board, pos: Pos, min_len: usize) -> bool {
    let Some(color) = board.color_at(pos) else {
        return false;
    };
    let m = board.color_rows(color);
    let (r, bit) = (pos.row as usize, 1u32 << pos.col);
    if spread(starts(m[r], min_len), min_len) & bit != 0 {
        return true;
    }
    let lo = (r + 1).saturating_sub(min_len);
    (lo..=r).any(|s| s + min_len <= m.len() && m[s..s + min_len].iter().all(|w| w & bit != 0))
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

/// [`any_swap3`] when `min_len` is 3, else `None` (ask pair by pair).
pub fn any_swap(board: &Board, min_len: usize) -> Option<bool> {
    (min_len == 3).then(|| any_swap3(board))
}

/// [`swap_masks3`] when `min_len` is 3, else `None` (ask pair by pair).
pub fn swap_masks(board: &Board, min_len: usize) -> Option<SwapMasks> {
    (min_len == 3).then(|| swap_masks3(board))
}

/// Implements the detection methods of [`Rules`](crate::Rules) for straight runs of at
/// least `MIN` equal colours, inside an `impl Rules for …` block: `find_matches`,
/// `in_match`, `swap_matches`, `swap_matches_in` and (unless `without legal_swaps` is given, for rules that
/// add combos to them) `legal_swaps` and `any_legal_swap`, all on the fast bit-mask paths
/// of this module.
///
/// ```
/// use match3_core::Rules;
/// struct Fours;
/// impl Rules for Fours {
///     fn name(&self) -> &str { "fours" }
///     match3_core::line_run_detection!(4);
///     fn refills(&self) -> bool { true }
/// }
/// ```
#[macro_export]
macro_rules! line_run_detection {
    ($min:expr) => {
        $crate::line_run_detection!($min, without legal_swaps);
        fn legal_swaps(&self, board: &$crate::Board) -> ::std::option::Option<$crate::SwapMasks> {
            $crate::runs::swap_masks(board, $min)
        }
        fn any_legal_swap(&self, board: &$crate::Board) -> ::std::option::Option<bool> {
            $crate::runs::any_swap(board, $min)
        }
    };
    ($min:expr, without legal_swaps) => {
        fn find_matches(&self, board: &$crate::Board) -> $crate::CellSet {
            $crate::runs::run_cells(board, $min)
        }
        fn in_match(&self, board: &$crate::Board, pos: $crate::Pos) -> bool {
            $crate::runs::in_run(board, pos, $min)
        }
        fn swap_matches(&self, board: &$crate::Board, a: $crate::Pos, b: $crate::Pos) -> bool {
            $crate::runs::swap_makes_run(board, a, b, $min)
        }
        fn swap_matches_in(
            &self,
            board: &mut $crate::Board,
            a: $crate::Pos,
            b: $crate::Pos,
        ) -> bool {
            $crate::runs::swap_makes_run(board, a, b, $min)
        }
    };
}
