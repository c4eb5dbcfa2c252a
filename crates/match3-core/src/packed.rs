//! Packed planes: on a board of at most 64 cells every plane fits one `u64`, bit
//! `row * cols + col`. Horizontal shifts then cross row ends, so each shift is paired with
//! a column mask from [`Geometry`] that keeps only the bits whose neighbour is in the same
//! row; vertical neighbours are a shift by `cols`.

use crate::cellset::CellSet;
use crate::pos::{MAX_SIDE, Size};

/// The row words (bit `c` of word `r` = cell `(r, c)`) of a packed plane of a board of
/// `rows` rows of `cols` columns (at most 64 cells); the words past the board are zero.
#[inline]
pub(crate) fn unpack_rows(plane: u64, rows: usize, cols: usize) -> [u32; MAX_SIDE] {
    let mut words = [0u32; MAX_SIDE];
    if cols == 8 {
        // The common 8×8 board: a byte a row (the plane has no bit past the board).
        for (w, b) in words.iter_mut().zip(plane.to_le_bytes()) {
            *w = u32::from(b);
        }
    } else {
        let row = u64::MAX >> (64 - cols);
        for (r, w) in words.iter_mut().enumerate().take(rows) {
            *w = (plane >> (r * cols) & row) as u32;
        }
    }
    words
}

/// The packed plane of the row words `words` of a board of `cols` columns and at most 64
/// cells: [`unpack_rows`] undone.
#[inline]
pub(crate) fn pack_rows(words: &[u32], cols: usize) -> u64 {
    if cols == 8 {
        // Boards eight wide (most): a byte a row.
        let mut bytes = [0u8; 8];
        for (b, &w) in bytes.iter_mut().zip(words) {
            *b = w as u8;
        }
        return u64::from_le_bytes(bytes);
    }
    (words.iter().enumerate()).fold(0, |plane, (r, &w)| plane | u64::from(w) << (r * cols))
}

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
        // One row's columns, repeated on every row: a game builds this once, a bot's
        // playout once per game.
        let every_row = |row: u64| (0..rows).fold(0u64, |m, r| m | row << (r * cols));
        let first = |n: usize| (1u64 << n) - 1;
        let mut right = [0; 4];
        let mut left = [0; 4];
        for k in 0..4 {
            // `col + k < cols`: the first `cols - k` columns; `col >= k`: all but the first
            // `k`.
            let kept = cols.saturating_sub(k);
            right[k] = every_row(first(kept));
            left[k] = every_row(first(cols) & !first(k.min(cols)));
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
    pub fn look_right(&self, x: u64, k: u32) -> u64 {
        (x >> k) & self.right[k as usize]
    }

    /// Bit `c` of the result is bit `c - k` of `x`, same row only.
    #[inline]
    pub fn look_left(&self, x: u64, k: u32) -> u64 {
        (x << k) & self.left[k as usize]
    }

    /// Bit `(r, c)` of the result is bit `(r + k, c)` of `x`.
    #[inline]
    pub fn look_down(&self, x: u64, k: u32) -> u64 {
        x.checked_shr(k * self.cols).unwrap_or(0)
    }

    /// Bit `(r, c)` of the result is bit `(r - k, c)` of `x`.
    #[inline]
    pub fn look_up(&self, x: u64, k: u32) -> u64 {
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

    /// The packed plane of a cell set (its cells off this board dropped): the inverse of
    /// [`cells_of`](Geometry::cells_of).
    #[inline]
    pub fn plane_of(&self, set: &CellSet) -> u64 {
        set.packed_on(self.rows as usize, self.cols as usize)
    }

    /// The cell set of a packed plane.
    pub fn cells_of(&self, x: u64) -> CellSet {
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

    /// Packing row words undoes unpacking them, on every board of at most 64 cells.
    #[test]
    fn pack_rows_undoes_unpack_rows() {
        let mut rng = crate::rng::GameRng::new(11);
        for rows in 1..=32usize {
            for cols in (1..=32usize).filter(|c| rows * c <= 64) {
                for _ in 0..20 {
                    let x = u64::from(rng.next_u32()) << 32 | u64::from(rng.next_u32());
                    let plane = x & (u64::MAX >> (64 - rows * cols));
                    let words = unpack_rows(plane, rows, cols);
                    assert_eq!(pack_rows(&words[..rows], cols), plane, "{rows}x{cols}");
                }
            }
        }
    }

    /// Every packed size: each mask holds exactly the cells its definition names, bit by
    /// bit; bigger boards have no geometry.
    #[test]
    fn geometry_masks_hold_the_cells_they_name_on_every_small_size() {
        for rows in 1..=32usize {
            for cols in 1..=32usize {
                let size = Size::new(rows, cols).expect("within 32x32");
                let Some(g) = Geometry::of(size) else {
                    assert!(rows * cols > 64, "{rows}x{cols} has no geometry");
                    continue;
                };
                assert_eq!((g.rows as usize, g.cols as usize), (rows, cols));
                for bit in 0..64 {
                    let (r, c) = (bit / cols, bit % cols);
                    let on = r < rows;
                    assert_eq!(g.all >> bit & 1 == 1, on, "{rows}x{cols} all, bit {bit}");
                    for k in 0..4 {
                        let right = on && c + k < cols;
                        let left = on && c >= k;
                        assert_eq!(
                            g.right[k] >> bit & 1 == 1,
                            right,
                            "{rows}x{cols} right[{k}] {bit}"
                        );
                        assert_eq!(
                            g.left[k] >> bit & 1 == 1,
                            left,
                            "{rows}x{cols} left[{k}] {bit}"
                        );
                    }
                }
            }
        }
    }

    /// A set's cells land on their row-major bits; cells off the board are dropped.
    #[test]
    fn plane_of_and_to_set_are_inverse_on_the_board() {
        use crate::{CellSet, Pos};
        let g = Geometry::of(Size::new(3, 4).expect("3x4")).expect("12 cells");
        let set: CellSet = [Pos::new(1, 2), Pos::new(2, 0), Pos::new(5, 5)]
            .into_iter()
            .collect();
        assert_eq!(g.plane_of(&set), 1 << 6 | 1 << 8);
        assert_eq!(g.cells_of(g.plane_of(&set)).len(), 2);
    }

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
