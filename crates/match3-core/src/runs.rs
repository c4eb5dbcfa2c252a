//! Line runs: the detection shared by every variant that matches straight lines.
//!
//! A run is a horizontal or vertical stretch of `min_len` or more pieces of one colour.
//! Empty cells, blockers and colour bombs have no colour and break runs.

use std::marker::PhantomData;

use crate::board::Board;
use crate::cellset::CellSet;
use crate::moves::{PackedSwaps, SwapMasks};
use crate::piece::Color;
use crate::planes::{self, Field, FromPlane, OnPlanes, PackedCells};
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
        return planes::on_planes(board, Runs3);
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
/// one conversion less for runs of three.
pub fn run_cells(board: &Board, min_len: usize) -> CellSet {
    if min_len == 3 {
        return planes::on_planes(board, RunCells3(PhantomData));
    }
    find_runs(board, min_len).all()
}

/// Every cell in a run of three of any of `colors`.
#[inline]
fn every_run3<F: Field>(f: &F, colors: impl Iterator<Item = F::P>) -> F::P {
    let (h, v) = planes::all_runs3(f, &planes::ColorCodes::new(f, colors));
    h | v
}

/// Runs of three, horizontal and vertical apart.
struct Runs3;

impl OnPlanes for Runs3 {
    type Output = Runs;
    fn run<F: Field>(self, f: &F, colors: impl Iterator<Item = F::P> + Clone, _: F::P) -> Runs {
        let (h, v) = planes::all_runs3(f, &planes::ColorCodes::new(f, colors));
        Runs {
            horizontal: f.cells_of(h),
            vertical: f.cells_of(v),
        }
    }
}

/// Every cell in a run of three, as a set or packed (`O`).
struct RunCells3<O>(PhantomData<O>);

impl<O: FromPlane> OnPlanes for RunCells3<O> {
    type Output = O;
    fn run<F: Field>(self, f: &F, colors: impl Iterator<Item = F::P> + Clone, _: F::P) -> O {
        O::from_plane(f, every_run3(f, colors))
    }
}

/// Legal swaps for runs of three.
struct Swaps3;

impl Swaps3 {
    /// The legal swaps with the right and with the lower neighbour, keyed by the left or
    /// upper cell, in the layout of `f`.
    #[inline]
    fn planes<F: Field>(
        f: &F,
        colors: impl Iterator<Item = F::P> + Clone,
        pieces: F::P,
    ) -> (F::P, F::P) {
        let codes = planes::ColorCodes::new(f, colors);
        let s = planes::all_swaps3(f, &codes);
        // Pairs of one colour are legal only where a run already passes: none on the
        // settled boards a status is computed for, so the runs are spread only if needed.
        let run = if f.is_zero(s.run_starts) || f.is_zero(s.same_right | s.same_down) {
            f.zero()
        } else {
            let (h, v) = planes::runs3_from_pairs(f, s.same_right, s.same_down);
            h | v
        };
        let swaps = (s.right, s.down, s.same_right, s.same_down);
        planes::legal_pairs(f, pieces, swaps, run)
    }
}

impl OnPlanes for Swaps3 {
    type Output = planes::FoundSwaps;
    fn run<F: Field>(
        self,
        f: &F,
        colors: impl Iterator<Item = F::P> + Clone,
        pieces: F::P,
    ) -> planes::FoundSwaps {
        let (h, v) = Swaps3::planes(f, colors, pieces);
        planes::FoundSwaps::new(f, h, v)
    }
}

/// [`Swaps3`] on a board of at most 8 × 8, a byte per row.
struct Swaps3Bytes;

impl planes::OnPacked for Swaps3Bytes {
    type Output = PackedSwaps;
    fn run<F: Field<P = u64>>(self, f: &F, colors: &[u64], pieces: u64) -> PackedSwaps {
        let (h, v) = Swaps3::planes(f, colors.iter().copied(), pieces);
        // Every layout of at most 8 × 8 answers.
        PackedSwaps {
            right: f.to_bytes8(h).unwrap_or(0),
            down: f.to_bytes8(v).unwrap_or(0),
        }
    }
}

/// Whether any swap makes a run of three, stopping at the first colour that has one.
struct AnySwap3;

impl OnPlanes for AnySwap3 {
    type Output = bool;
    fn run<F: Field>(
        self,
        f: &F,
        colors: impl Iterator<Item = F::P> + Clone,
        pieces: F::P,
    ) -> bool {
        let z = f.zero();
        let pairs_right = pieces & f.right(pieces, 1);
        let pairs_down = pieces & f.below(pieces, 1);
        let (mut right, mut down, mut same_right, mut same_down) = (z, z, z, z);
        for p in colors.clone() {
            if f.is_zero(p) {
                continue;
            }
            let (r, d, sr, sd) = planes::swaps3(f, p);
            if !f.is_zero((r & !sr & pairs_right) | (d & !sd & pairs_down)) {
                return true;
            }
            right = right | r;
            down = down | d;
            same_right = same_right | sr;
            same_down = same_down | sd;
        }
        // Only pairs of one colour are left: legal only where a run already passes.
        if f.is_zero(same_right | same_down) {
            return false;
        }
        let run = every_run3(f, colors);
        let (h, v) = planes::legal_pairs(f, pieces, (right, down, same_right, same_down), run);
        !f.is_zero(h | v)
    }
}

/// Whether any swap makes a run of three: `!swap_masks3(board).is_empty()`, stopping at
/// the first colour that has one.
pub fn any_swap3(board: &Board) -> bool {
    planes::on_planes(board, AnySwap3)
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
/// Both cells must hold pieces. Agrees with [`swap_makes_run`] for `min_len` 3. Written
/// once on [`planes`] ([`planes::swaps3`]) for both board layouts.
pub fn swap_masks3(board: &Board) -> SwapMasks {
    planes::on_planes(board, Swaps3).into_masks()
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
#[inline]
pub fn swap_masks(board: &Board, min_len: usize) -> Option<SwapMasks> {
    if min_len == 3 {
        Some(swap_masks3(board))
    } else {
        None
    }
}

/// [`swap_masks3`] in the form the board's layout gives: packed a byte per row on boards
/// of at most 8 × 8, as cell sets on bigger ones.
pub fn found_swaps3(board: &Board) -> planes::FoundSwaps {
    found_swaps3_on(planes::PlaneView::of(board))
}

/// [`found_swaps3`] from the planes alone.
pub fn found_swaps3_on(view: planes::PlaneView<'_>) -> planes::FoundSwaps {
    view.visit(Swaps3)
}

/// [`found_swaps3_on`] on a board of at most 8 × 8 (callers check), returned by value:
/// the two words come back in registers. Written into the large [`FoundSwaps`] a word
/// at a time, they were then copied both at once, a load that waited for the stores (a
/// move list 9% faster without). Out of line, so that the value stays in registers.
///
/// [`FoundSwaps`]: planes::FoundSwaps
#[inline(never)]
pub(crate) fn packed_swaps3_on(view: planes::PlaneView<'_>) -> PackedSwaps {
    let size = view.size();
    debug_assert!(
        size.rows() <= 8 && size.cols() <= 8,
        "{size:?} is over 8 × 8"
    );
    view.visit_packed(Swaps3Bytes).unwrap_or_default()
}

/// Every cell in a run of at least `min_len`, from the planes alone.
pub fn run_cells_on(view: planes::PlaneView<'_>, min_len: usize) -> CellSet {
    run_cells_as(view, min_len)
}

/// [`run_cells_on`] packed, on a board of at most 64 cells (`None` on a bigger one).
pub fn packed_run_cells_on(view: planes::PlaneView<'_>, min_len: usize) -> Option<PackedCells> {
    run_cells_as(view, min_len)
}

/// [`run_cells_on`] as a set or packed.
#[inline]
fn run_cells_as<O: FromPlane>(view: planes::PlaneView<'_>, min_len: usize) -> O {
    if min_len == 3 {
        return view.visit(RunCells3(PhantomData));
    }
    view.visit(RunCells(min_len, PhantomData))
}

/// Every cell in a run of at least `.0`, one colour at a time, as a set or packed (`O`).
struct RunCells<O>(usize, PhantomData<O>);

impl<O: FromPlane> OnPlanes for RunCells<O> {
    type Output = O;
    fn run<F: Field>(self, f: &F, colors: impl Iterator<Item = F::P> + Clone, _: F::P) -> O {
        let len = self.0;
        let all = colors.fold(f.zero(), |acc, m| {
            if len == 0 || f.is_zero(m) {
                return acc;
            }
            // Starts: cells with `len - 1` more of the colour to the right (or below).
            let (mut h, mut v, mut right, mut down) = (m, m, m, m);
            for _ in 1..len {
                right = f.right(right, 1);
                down = f.below(down, 1);
                h = h & right;
                v = v & down;
            }
            let (mut cells, mut across, mut up) = (acc | h | v, h, v);
            for _ in 1..len {
                across = f.left(across, 1);
                up = f.above(up, 1);
                cells = cells | across | up;
            }
            cells
        });
        O::from_plane(f, all)
    }
}

/// [`swap_masks3`] packed a byte per row, straight from the board's packed planes (the
/// cell sets are never made); `None` on boards bigger than 8 × 8.
pub fn swap_masks3_packed(board: &Board) -> Option<PackedSwaps> {
    planes::on_planes(board, Swaps3).into_packed()
}

/// [`swap_masks`] packed a byte per row: `None` unless `min_len` is 3 and the board is at
/// most 8 × 8.
pub fn swap_masks_packed(board: &Board, min_len: usize) -> Option<PackedSwaps> {
    if min_len == 3 {
        swap_masks3_packed(board)
    } else {
        None
    }
}
