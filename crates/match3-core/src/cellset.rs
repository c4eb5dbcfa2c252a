//! [`CellSet`]: a fixed-size bit set of board cells.

use crate::bits::byte_counts;
use crate::packed::unpack_rows;
use crate::pos::{MAX_SIDE, Pos, Size};

/// A set of cells, one bit per cell: bit `col` of row word `row`.
///
/// Matched cells, blast areas and move masks are all `CellSet`s. It is `Copy`, never
/// allocates, and iterates in row-major order, so the cells come out sorted and unique.
/// One `u32` per row fits the largest (32×32) board, and a whole row is one word,
/// which keeps horizontal shifts from wrapping into the next row.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CellSet {
    rows: [u32; MAX_SIDE],
}

impl CellSet {
    /// The empty set.
    pub const fn new() -> Self {
        CellSet {
            rows: [0; MAX_SIDE],
        }
    }

    /// Adds `pos`; returns whether it was new. A position beyond 32×32 (on no board) is
    /// not added and returns `false`.
    pub fn insert(&mut self, pos: Pos) -> bool {
        let Some((word, bit)) = Self::slot(pos) else {
            return false;
        };
        let new = self.rows[word] & bit == 0;
        self.rows[word] |= bit;
        new
    }

    /// Removes `pos`; returns whether it was present.
    pub fn remove(&mut self, pos: Pos) -> bool {
        let Some((word, bit)) = Self::slot(pos) else {
            return false;
        };
        let had = self.rows[word] & bit != 0;
        self.rows[word] &= !bit;
        had
    }

    /// Whether `pos` is in the set (positions off any board are never in it).
    pub fn contains(&self, pos: Pos) -> bool {
        (pos.row as usize) < MAX_SIDE
            && (pos.col as usize) < MAX_SIDE
            && self.rows[pos.row as usize] & (1 << pos.col) != 0
    }

    /// Number of cells in the set.
    #[inline]
    pub fn len(&self) -> usize {
        // Sets of boards up to eight rows (the common 8×8) leave the other rows empty:
        // checking that is cheaper than counting them.
        let any = |rows: &[u32]| rows.iter().fold(0, |acc, &w| acc | w);
        let (low, high) = self.rows.split_at(8);
        if any(high) != 0 {
            return count_rows(&self.rows);
        }
        // Rows two at a time, as one word each (one load).
        let pair = |r: usize| u64::from(low[r]) | u64::from(low[r + 1]) << 32;
        let pairs = [pair(0), pair(2), pair(4), pair(6)];
        if pairs.iter().fold(0, |acc, &p| acc | p) & !0x0000_00ff_0000_00ff == 0 {
            // At most eight columns too (8×8): a byte per row, and shifting the pairs by
            // 0, 8, 16 and 24 bits puts the eight bytes side by side in one word (in
            // another order, which a count does not see).
            let packed = pairs[0] | pairs[1] << 8 | pairs[2] << 16 | pairs[3] << 24;
            return (byte_counts(packed).wrapping_mul(0x0101_0101_0101_0101) >> 56) as usize;
        }
        count_rows(low)
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.rows.iter().all(|&w| w == 0)
    }

    /// Whether the two sets share a cell.
    pub fn intersects(&self, other: &CellSet) -> bool {
        self.rows.iter().zip(&other.rows).any(|(a, b)| a & b != 0)
    }

    /// Whether every cell of `self` is in `other`.
    pub fn is_subset(&self, other: &CellSet) -> bool {
        self.rows.iter().zip(&other.rows).all(|(a, b)| a & !b == 0)
    }

    /// Adds every cell of `other`.
    pub fn union_with(&mut self, other: &CellSet) {
        for (a, b) in self.rows.iter_mut().zip(&other.rows) {
            *a |= b;
        }
    }

    /// Keeps only the cells also in `other`.
    pub fn intersect_with(&mut self, other: &CellSet) {
        for (a, b) in self.rows.iter_mut().zip(&other.rows) {
            *a &= b;
        }
    }

    /// Removes every cell of `other`.
    pub fn subtract(&mut self, other: &CellSet) {
        for (a, b) in self.rows.iter_mut().zip(&other.rows) {
            *a &= !b;
        }
    }

    /// The bits of one row (bit `c` is column `c`; 0 past row 31).
    pub fn row_bits(&self, row: usize) -> u32 {
        self.rows.get(row).copied().unwrap_or(0)
    }

    /// Keeps the bits each row has in `keep` (one word per row, from row 0), and nothing
    /// in the rows past `keep`: the engine's way of keeping a rule's set on the board.
    #[inline]
    pub(crate) fn keep_rows(&mut self, keep: &[u32]) {
        let (head, tail) = self.rows.split_at_mut(keep.len().min(MAX_SIDE));
        for (w, &k) in head.iter_mut().zip(keep) {
            *w &= k;
        }
        tail.fill(0);
    }

    /// The cells of a packed plane (bit `row * cols + col`) of a board of `rows` rows of
    /// `cols` columns (at most 64 cells).
    #[inline]
    pub(crate) fn of_packed(plane: u64, rows: usize, cols: usize) -> CellSet {
        CellSet {
            rows: unpack_rows(plane, rows, cols),
        }
    }

    /// [`keep_rows`](CellSet::keep_rows) from a packed plane (bit `row * cols + col`) of a
    /// board of `rows` rows of `cols` columns (at most 64 cells).
    #[inline]
    pub(crate) fn keep_packed(&mut self, plane: u64, rows: usize, cols: usize) {
        // Not `keep_rows` of the unpacked plane: ANDing 8 rows and zeroing the rest is
        // about 30 instructions fewer a phase on 8×8 than building the 32 rows first.
        if cols == 8 {
            // The common 8×8 board: a byte a row, eight rows whatever the height (the
            // plane has no bit past the board).
            let (head, tail) = self.rows.split_at_mut(8);
            for (w, b) in head.iter_mut().zip(plane.to_le_bytes()) {
                *w &= u32::from(b);
            }
            tail.fill(0);
            return;
        }
        let (head, tail) = self.rows.split_at_mut(rows.min(MAX_SIDE));
        let row = u64::MAX >> (64 - cols);
        for (r, w) in head.iter_mut().enumerate() {
            *w &= (plane >> (r * cols) & row) as u32;
        }
        tail.fill(0);
    }

    /// The set's cells on a board of `rows` rows of `cols` columns (at most 64 cells) as
    /// one packed word (bit `row * cols + col`); cells off that board are dropped.
    #[inline]
    pub(crate) fn packed_on(&self, rows: usize, cols: usize) -> u64 {
        if cols == 8 {
            // The common 8×8 board: a byte a row (rows past the board dropped below).
            let packed = (0..8).fold(0u64, |acc, r| {
                acc | u64::from(self.rows[r] as u8) << (8 * r)
            });
            return packed & (u64::MAX >> (64 - 8 * rows.min(8)));
        }
        let row = u32::MAX >> (32 - cols);
        (0..rows.min(MAX_SIDE)).fold(0u64, |acc, r| {
            acc | u64::from(self.rows[r] & row) << (r * cols)
        })
    }

    /// The first cell, in row-major order, of this set that is off a board of `size`:
    /// what a part must never answer (the engine checks the areas parts give it).
    #[inline]
    pub fn first_outside(&self, size: Size) -> Option<Pos> {
        let on_board = u32::MAX >> (32 - size.cols());
        let (inside, below) = self.rows.split_at(size.rows());
        let any = |rows: &[u32]| rows.iter().fold(0, |acc, &w| acc | w);
        if any(inside) & !on_board == 0 && any(below) == 0 {
            return None;
        }
        self.rows.iter().enumerate().find_map(|(r, &bits)| {
            let outside = if r < size.rows() {
                bits & !on_board
            } else {
                bits
            };
            (outside != 0).then(|| Pos::new(r as u8, outside.trailing_zeros() as u8))
        })
    }

    /// Sets the bits of one row (ignored past row 31).
    pub fn set_row_bits(&mut self, row: usize, bits: u32) {
        if let Some(w) = self.rows.get_mut(row) {
            *w = bits;
        }
    }

    /// The cells in row-major order.
    pub fn iter(&self) -> Iter<'_> {
        Iter {
            set: self,
            row: 0,
            bits: self.rows[0],
        }
    }

    /// The cells as a sorted vector (for traces and reports).
    pub fn to_vec(&self) -> Vec<Pos> {
        self.iter().collect()
    }

    fn slot(pos: Pos) -> Option<(usize, u32)> {
        ((pos.row as usize) < MAX_SIDE && (pos.col as usize) < MAX_SIDE)
            .then(|| (pos.row as usize, 1 << pos.col))
    }
}

impl std::fmt::Debug for CellSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl FromIterator<Pos> for CellSet {
    fn from_iter<I: IntoIterator<Item = Pos>>(iter: I) -> Self {
        let mut set = CellSet::new();
        set.extend(iter);
        set
    }
}

impl Extend<Pos> for CellSet {
    fn extend<I: IntoIterator<Item = Pos>>(&mut self, iter: I) {
        for p in iter {
            self.insert(p);
        }
    }
}

impl<'a> IntoIterator for &'a CellSet {
    type Item = Pos;
    type IntoIter = Iter<'a>;
    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

/// Row-major iterator over a [`CellSet`].
pub struct Iter<'a> {
    set: &'a CellSet,
    row: usize,
    bits: u32,
}

impl Iterator for Iter<'_> {
    type Item = Pos;

    fn next(&mut self) -> Option<Pos> {
        while self.bits == 0 {
            self.row += 1;
            if self.row >= MAX_SIDE {
                return None;
            }
            self.bits = self.set.rows[self.row];
        }
        let col = self.bits.trailing_zeros();
        self.bits &= self.bits - 1;
        Some(Pos::new(self.row as u8, col as u8))
    }
}

/// The number of set bits in `rows` (an even number of rows, at most 32).
///
/// The default x86-64 target has no popcount instruction: count bytes in every pair of
/// rows with the usual bit tricks, add the byte counts of all pairs (each byte stays at
/// most 128), and sum the bytes once, in 16-bit lanes (the total can reach 1024).
/// Branch-free, and it vectorizes.
#[inline]
fn count_rows(rows: &[u32]) -> usize {
    let bytes = rows
        .chunks_exact(2)
        .map(|w| byte_counts(u64::from(w[0]) | u64::from(w[1]) << 32))
        .fold(0u64, u64::wrapping_add);
    const LOW_BYTES: u64 = 0x00ff_00ff_00ff_00ff;
    let lanes = (bytes & LOW_BYTES) + ((bytes >> 8) & LOW_BYTES);
    (lanes.wrapping_mul(0x0001_0001_0001_0001) >> 48) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every packed size: a scattered set, with cells past the board too, packs to
    /// exactly its on-board cells at `row * cols + col`.
    #[test]
    fn packing_keeps_the_cells_on_the_board_at_their_index() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for rows in 1..=MAX_SIDE {
            for cols in 1..=MAX_SIDE {
                if rows * cols > 64 {
                    continue;
                }
                for _ in 0..8 {
                    let mut set = CellSet::new();
                    for r in 0..MAX_SIDE {
                        x ^= x << 13;
                        x ^= x >> 7;
                        x ^= x << 17;
                        set.set_row_bits(r, x as u32);
                    }
                    let mut want = 0u64;
                    for pos in set.iter() {
                        let (r, c) = (pos.row as usize, pos.col as usize);
                        if r < rows && c < cols {
                            want |= 1 << (r * cols + c);
                        }
                    }
                    assert_eq!(set.packed_on(rows, cols), want, "{rows}x{cols}");
                }
            }
        }
    }

    #[test]
    fn iterates_sorted_and_unique() {
        let set: CellSet = [
            Pos::new(3, 1),
            Pos::new(0, 31),
            Pos::new(3, 1),
            Pos::new(31, 0),
        ]
        .into_iter()
        .collect();
        assert_eq!(
            set.to_vec(),
            vec![Pos::new(0, 31), Pos::new(3, 1), Pos::new(31, 0)]
        );
        assert_eq!(set.len(), 3);
        assert!(!set.contains(Pos::new(40, 0)));
    }

    #[test]
    fn len_counts_every_cell_up_to_a_full_board() {
        let full: CellSet = (0..32)
            .flat_map(|r| (0..32).map(move |c| Pos::new(r, c)))
            .collect();
        assert_eq!(full.len(), 1024);
        // Every other cell, and a few scattered patterns: against counting one by one.
        for step in [1usize, 2, 3, 7, 31, 64, 333] {
            let set: CellSet = full.iter().step_by(step).collect();
            assert_eq!(set.len(), set.iter().count(), "every {step}th cell");
        }
        assert_eq!(CellSet::new().len(), 0);
        // Both sides of the eight-row shortcut.
        let top: CellSet = full.iter().filter(|p| p.row < 8).collect();
        assert_eq!(top.len(), 256);
        let mut edge = top;
        edge.insert(Pos::new(8, 5));
        assert_eq!(edge.len(), 257);
        assert_eq!(CellSet::from_iter([Pos::new(8, 0)]).len(), 1);
        // And of the one-word count of eight columns.
        let square: CellSet = top.iter().filter(|p| p.col < 8).collect();
        assert_eq!(square.len(), 64);
        assert_eq!(
            CellSet::from_iter([Pos::new(7, 7), Pos::new(0, 8)]).len(),
            2
        );
        assert_eq!(
            CellSet::from_iter([Pos::new(7, 7), Pos::new(0, 0)]).len(),
            2
        );
        // Scattered sets inside 8×8, and with one cell just outside it (column 8).
        let mut x = 0x2545_f491_4f6c_dd1du64;
        for round in 0..200 {
            let mut set = CellSet::new();
            for r in 0..8 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                set.set_row_bits(r, x as u32 & 0xff);
            }
            if round % 2 == 1 {
                set.insert(Pos::new((round % 8) as u8, 8));
            }
            assert_eq!(set.len(), set.iter().count(), "round {round}");
        }
    }
}
