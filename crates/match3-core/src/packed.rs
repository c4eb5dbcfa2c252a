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

/// Reads one column of a packed plane as a word (bit `r` = row `r`) with one
/// multiplication, on boards no taller than wide: each row's bit is shifted by its own
/// term of the multiplier into a window of `rows` bits. There, every product bit lands
/// on a distinct position (two terms meet only if rows differ by a multiple of `cols -
/// 1`, which needs more rows than columns), so no carry disturbs the window and no other
/// term reaches it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ColumnGather {
    /// Bits of column 0.
    first_col: u64,
    mul: u64,
    shift: u32,
    rows_mask: u32,
}

impl ColumnGather {
    /// Column `col` of `plane`: bit `r` is bit `(r, col)`.
    #[inline]
    pub(crate) fn column(&self, plane: u64, col: usize) -> u32 {
        (((plane >> col) & self.first_col).wrapping_mul(self.mul) >> self.shift) as u32
            & self.rows_mask
    }
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

    /// A gatherer of this board's columns into words, when the board is no taller than
    /// it is wide (see [`ColumnGather`]).
    pub(crate) fn column_gather(&self) -> Option<ColumnGather> {
        let (rows, cols) = (self.rows, self.cols);
        if rows > cols {
            return None;
        }
        // Term `k` moves bit `r * cols` to `r * cols + k * (cols - 1)`: for `k = rows - 1 -
        // r` that is `(rows - 1) * (cols - 1) + r`, the window read back.
        let mul = (0..rows).fold(0u64, |m, k| m | 1 << (k * (cols - 1)));
        Some(ColumnGather {
            first_col: self.all & !self.left[1],
            mul,
            shift: (rows - 1) * (cols - 1),
            rows_mask: u32::MAX >> (32 - rows),
        })
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Every packed size: the gather reads each column bit by bit, on planes of
    /// scattered, full and single bits; boards taller than wide have none.
    #[test]
    fn column_gather_reads_every_column_of_every_small_size() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for rows in 1..=64usize {
            for cols in 1..=(64 / rows).min(32) {
                let Some(size) = Size::new(rows, cols).ok() else {
                    continue;
                };
                let g = Geometry::of(size).expect("at most 64 cells");
                let Some(gather) = g.column_gather() else {
                    assert!(rows > cols, "{rows}x{cols} has a gather");
                    continue;
                };
                assert!(rows <= cols);
                let mut planes = vec![g.all, 0, 1, 1 << (rows * cols - 1)];
                for _ in 0..20 {
                    // xorshift: scattered bits
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    planes.push(x & g.all);
                }
                for plane in planes {
                    for col in 0..cols {
                        let slow = (0..rows)
                            .filter(|r| plane >> (r * cols + col) & 1 == 1)
                            .fold(0u32, |w, r| w | 1 << r);
                        assert_eq!(gather.column(plane, col), slow, "{rows}x{cols} col {col}");
                    }
                }
            }
        }
    }
}
