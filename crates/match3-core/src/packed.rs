//! Packed planes: on a board of at most 64 cells every plane fits one `u64`, bit
//! `row * cols + col`. Horizontal shifts then cross row ends, so each shift is paired with
//! a column mask from [`Geometry`] that keeps only the bits whose neighbour is in the same
//! row; vertical neighbours are a shift by `cols`.

use crate::cellset::CellSet;
use crate::pos::Size;

/// Column masks for one board size: `right[k]` has the bits whose cell has `k` cells to
/// its right in the same row (`col + k < cols`), `left[k]` those with `col >= k`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Geometry {
    /// Columns (the row stride).
    pub cols: u32,
    /// Rows.
    pub rows: u32,
    /// Every cell of the board.
    pub all: u64,
    /// `right[k]`: cells with `col + k < cols`, for `k` in 0..4.
    pub right: [u64; 4],
    /// `left[k]`: cells with `col >= k`, for `k` in 0..4.
    pub left: [u64; 4],
}

impl Geometry {
    /// The geometry of `size`, or `None` above 64 cells.
    pub fn of(size: Size) -> Option<Geometry> {
        let (rows, cols) = (size.rows(), size.cols());
        if rows * cols > 64 {
            return None;
        }
        let row_bits = |pred: &dyn Fn(usize) -> bool| -> u64 {
            let mut m = 0u64;
            for r in 0..rows {
                for c in 0..cols {
                    if pred(c) {
                        m |= 1 << (r * cols + c);
                    }
                }
            }
            m
        };
        let mut right = [0; 4];
        let mut left = [0; 4];
        for k in 0..4 {
            right[k] = row_bits(&|c| c + k < cols);
            left[k] = row_bits(&|c| c >= k);
        }
        Some(Geometry {
            cols: cols as u32,
            rows: rows as u32,
            all: right[0],
            right,
            left,
        })
    }

    /// The bit of each cell moved to its right neighbour's place is `x >> 1`; this keeps
    /// only those that stayed in their row: bit `c` of the result is bit `c + k` of `x`.
    #[inline]
    pub fn from_right(&self, x: u64, k: u32) -> u64 {
        (x >> k) & self.right[k as usize]
    }

    /// Bit `c` of the result is bit `c - k` of `x`, same row only.
    #[inline]
    pub fn from_left(&self, x: u64, k: u32) -> u64 {
        (x << k) & self.left[k as usize]
    }

    /// Bit `(r, c)` of the result is bit `(r + k, c)` of `x`.
    #[inline]
    pub fn from_below(&self, x: u64, k: u32) -> u64 {
        x.checked_shr(k * self.cols).unwrap_or(0)
    }

    /// Bit `(r, c)` of the result is bit `(r - k, c)` of `x`.
    #[inline]
    pub fn from_above(&self, x: u64, k: u32) -> u64 {
        x.checked_shl(k * self.cols).unwrap_or(0) & self.all
    }

    /// The cell set of a packed plane.
    pub fn to_set(&self, x: u64) -> CellSet {
        let mut set = CellSet::new();
        let row_mask = if self.cols >= 64 {
            u64::MAX
        } else {
            (1u64 << self.cols) - 1
        };
        for r in 0..self.rows {
            set.set_row_bits(r as usize, ((x >> (r * self.cols)) & row_mask) as u32);
        }
        set
    }
}
