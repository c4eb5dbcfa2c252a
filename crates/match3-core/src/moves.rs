//! Moves.

use std::fmt;

use crate::bits::{byte_counts, nth_set_bit, spread};
use crate::cellset::CellSet;
use crate::pos::{Pos, Size};

/// Boards of at most this many cells list their swaps one push at a time: the packed walk
/// costs more than it saves there (measured with callgrind on 4×4 and 6×6).
const SMALL_BOARD: usize = 36;

/// Whether the moves of a board of `rows` × `cols` are listed from [`PackedSwaps`]: from
/// 37 to 64 cells within 8×8.
pub(crate) fn lists_packed(rows: usize, cols: usize) -> bool {
    rows * cols > SMALL_BOARD && rows <= 8 && cols <= 8
}

/// A one in every byte: multiplying by it sums a word's bytes into its top byte, or
/// repeats a byte in all eight.
const BYTE_ONES: u64 = 0x0101_0101_0101_0101;

/// The two swaps of each cell of a board at most 8 wide, by index `8 * row + col` (the
/// packing of [`PackedSwaps`]): with the right neighbour, then with the one below.
/// Copied from here, a swap costs a load and a store instead of five byte writes.
static SWAPS8: [[Move; 2]; 64] = {
    let mut table = [[Move::Drop(0); 2]; 64];
    let mut i = 0;
    while i < 64 {
        let (row, col) = ((i / 8) as u8, (i % 8) as u8);
        let from = Pos::new(row, col);
        table[i] = [
            Move::Swap(from, Pos::new(row, col + 1)),
            Move::Swap(from, Pos::new(row + 1, col)),
        ];
        i += 1;
    }
    table
};

/// A player move. Which kinds a variant takes is [`Rules::accepts`](crate::Rules::accepts).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
// Eight bytes, aligned: a move is copied as one word (a move list is built 23% faster
// than with the packed five bytes).
#[repr(align(8))]
pub enum Move {
    /// Exchange two neighbouring pieces (side by side, or as the variant's
    /// [topology](crate::topology) allows). The piece at `.0` is the one the player
    /// moves: it lands on `.1`, the swap's *destination*.
    Swap(Pos, Pos),
    /// Place the game's visible next piece on top of a column.
    Drop(u8),
    /// Clear the group at a cell.
    Tap(Pos),
}

/// The kind of a [`Move`], without its coordinates.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum MoveKind {
    /// [`Move::Swap`].
    Swap,
    /// [`Move::Drop`].
    Drop,
    /// [`Move::Tap`].
    Tap,
}

impl Move {
    /// This move's kind.
    pub fn kind(self) -> MoveKind {
        match self {
            Move::Swap(..) => MoveKind::Swap,
            Move::Drop(_) => MoveKind::Drop,
            Move::Tap(_) => MoveKind::Tap,
        }
    }

    /// The same swap with its cells in row-major order (other moves unchanged).
    pub fn normalized(self) -> Move {
        match self {
            Move::Swap(a, b) if b < a => Move::Swap(b, a),
            m => m,
        }
    }
}

impl fmt::Display for MoveKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MoveKind::Swap => "swap",
            MoveKind::Drop => "drop",
            MoveKind::Tap => "tap",
        })
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Swap(a, b) => write!(f, "swap {a} {b}"),
            Move::Drop(c) => write!(f, "drop {c}"),
            Move::Tap(p) => write!(f, "tap {p}"),
        }
    }
}

/// Every legal swap of a board at once, as cell sets keyed by the pair's first cell in
/// row-major order: bit `(r, c)` of `right` is the swap of `(r, c)` with `(r, c+1)`, of
/// `down` the swap with `(r+1, c)`, and, for variants whose
/// [topology](crate::topology) swaps corner to corner, of `down_right` with
/// `(r+1, c+1)` and of `down_left` with `(r+1, c-1)`. Detections that can compute the
/// side swaps bit-parallel return them from
/// [`Rules::legal_swaps`](crate::Rules::legal_swaps).
///
/// List order (of [`nth`](SwapMasks::nth) and of
/// [`Game::legal_moves`](crate::Game::legal_moves)) is by the first cell, then by the
/// second: right, down-left, down, down-right.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct SwapMasks {
    /// Legal swaps with the right neighbour, keyed by the left cell.
    pub right: CellSet,
    /// Legal swaps with the lower neighbour, keyed by the upper cell.
    pub down: CellSet,
    /// Legal swaps with the lower-right neighbour, keyed by the upper cell.
    pub down_right: CellSet,
    /// Legal swaps with the lower-left neighbour, keyed by the upper cell.
    pub down_left: CellSet,
}

impl SwapMasks {
    /// Whether no swap is legal.
    pub fn is_empty(&self) -> bool {
        self.right.is_empty() && self.down.is_empty() && !self.has_diagonals()
    }

    /// Whether a corner-to-corner swap is in the masks.
    pub fn has_diagonals(&self) -> bool {
        !(self.down_right.is_empty() && self.down_left.is_empty())
    }

    /// Row `r`'s swaps in list order, with the diagonals (see the type's docs).
    fn row_all(&self, r: usize) -> impl Iterator<Item = (Pos, Pos)> + '_ {
        let bits = self.right.row_bits(r)
            | self.down.row_bits(r)
            | self.down_right.row_bits(r)
            | self.down_left.row_bits(r);
        (0..32u8)
            .filter(move |c| bits >> c & 1 == 1)
            .flat_map(move |c| {
                let a = Pos::new(r as u8, c);
                let of =
                    |set: &CellSet, b: Option<Pos>| b.filter(|_| set.contains(a)).map(|b| (a, b));
                let (below, col) = (a.row + 1, a.col);
                [
                    of(&self.right, Some(Pos::new(a.row, col + 1))),
                    of(
                        &self.down_left,
                        col.checked_sub(1).map(|l| Pos::new(below, l)),
                    ),
                    of(&self.down, Some(Pos::new(below, col))),
                    of(&self.down_right, Some(Pos::new(below, col + 1))),
                ]
                .into_iter()
                .flatten()
            })
    }

    /// The number of swaps in the masks.
    pub fn len(&self) -> usize {
        self.count_in(crate::pos::MAX_SIDE, crate::pos::MAX_SIDE)
            .total
    }

    /// The `n`-th swap (from 0) in list order: row-major by the first cell, the swap with
    /// the right neighbour before the one with the lower neighbour; the order of
    /// [`Game::legal_moves`](crate::Game::legal_moves). `None` when `n >= self.len()`.
    ///
    /// Counts whole rows first, so picking one swap at random (`nth(rng.below(len()))`)
    /// costs a few popcounts instead of a list.
    pub fn nth(&self, n: usize) -> Option<(Pos, Pos)> {
        let count = self.count_in(crate::pos::MAX_SIDE, crate::pos::MAX_SIDE);
        self.nth_counted(&count, crate::pos::MAX_SIDE, n)
    }

    /// One row's swaps in list order, interleaved in one word: bit `2c` is the swap of
    /// `(r, c)` with its right neighbour, bit `2c + 1` with its lower one. Walking its set
    /// bits lists the row without a branch per direction.
    pub(crate) fn row_swaps(&self, r: usize) -> u64 {
        spread(self.right.row_bits(r)) | spread(self.down.row_bits(r)) << 1
    }

    /// Appends the swaps of a board of `rows` × `cols` to `out`, in list order: on boards of
    /// 37 to 64 cells that fit in 8×8 packed (see [`PackedSwaps`]), elsewhere one push at a
    /// time.
    pub(crate) fn append_to(&self, rows: usize, cols: usize, out: &mut Vec<Move>) {
        if !self.has_diagonals()
            && lists_packed(rows, cols)
            && let Some(packed) = self.packed(rows, cols)
        {
            packed.append_to(out);
            return;
        }
        // Other boards: pushed one by one (on bigger boards making the slots first costs
        // more than checking the capacity; on smaller ones the packing does not pay).
        self.visit_rows(rows, &mut |m| {
            out.push(m);
            true
        });
    }

    /// Calls `visit` with the swaps of a board of `rows` rows in list order, row by row,
    /// until it returns `false`; returns `false` then.
    #[inline]
    pub(crate) fn visit_rows(&self, rows: usize, visit: &mut impl FnMut(Move) -> bool) -> bool {
        if self.has_diagonals() {
            return (0..rows)
                .flat_map(|r| self.row_all(r))
                .all(|(a, b)| visit(Move::Swap(a, b)));
        }
        for r in 0..rows {
            let (right, down) = (self.right.row_bits(r), self.down.row_bits(r));
            let mut bits = right | down;
            while bits != 0 {
                let c = bits.trailing_zeros();
                bits &= bits - 1;
                let a = Pos::new(r as u8, c as u8);
                if (right >> c & 1 == 1 && !visit(Move::Swap(a, Pos::new(a.row, a.col + 1))))
                    || (down >> c & 1 == 1 && !visit(Move::Swap(a, Pos::new(a.row + 1, a.col))))
                {
                    return false;
                }
            }
        }
        true
    }

    /// The swap of interleaved bit `bit` of row `r` (see [`row_swaps`](Self::row_swaps)).
    #[inline]
    pub(crate) fn swap_at(r: usize, bit: u32) -> (Pos, Pos) {
        let (row, col) = (r as u8, (bit / 2) as u8);
        let down = (bit & 1) as u8;
        (Pos::new(row, col), Pos::new(row + down, col + 1 - down))
    }

    /// [`len`](SwapMasks::len) on a board of `rows` × `cols`, with what
    /// [`nth_counted`](Self::nth_counted) needs to find a swap without counting again.
    pub(crate) fn count_in(&self, rows: usize, cols: usize) -> SwapCount {
        if self.has_diagonals() {
            let total = (0..rows).map(|r| self.row_all(r).count()).sum();
            return SwapCount {
                total,
                running: None,
            };
        }
        if let Some(running) = self.running_counts8(rows, cols) {
            return SwapCount {
                total: (running >> 56) as usize,
                running: Some(running),
            };
        }
        let total = (0..rows)
            .map(|r| {
                let both =
                    u64::from(self.right.row_bits(r)) | u64::from(self.down.row_bits(r)) << 32;
                both.count_ones() as usize
            })
            .sum();
        SwapCount {
            total,
            running: None,
        }
    }

    /// [`nth`](SwapMasks::nth) on a board of `rows` rows, counted by
    /// [`count_in`](Self::count_in).
    pub(crate) fn nth_counted(
        &self,
        count: &SwapCount,
        rows: usize,
        mut n: usize,
    ) -> Option<(Pos, Pos)> {
        if self.has_diagonals() {
            return (0..rows).flat_map(|r| self.row_all(r)).nth(n);
        }
        let row = if let Some(running) = count.running {
            let (r, in_row) = row_of_nth(running, rows, n)?;
            n = in_row;
            r
        } else {
            let mut found = None;
            for r in 0..rows {
                let in_row = self.row_swaps(r).count_ones() as usize;
                if n < in_row {
                    found = Some(r);
                    break;
                }
                n -= in_row;
            }
            found?
        };
        nth_set_bit(self.row_swaps(row), n).map(|bit| Self::swap_at(row, bit))
    }

    /// On boards of at most 8×8 (most games), the swaps in rows `0..=r` for each row `r`,
    /// one byte per row (every later byte holds the total): both masks packed a row per
    /// byte, bytes counted with the usual bit tricks and summed by one multiplication,
    /// instead of a popcount per row (the default x86-64 target has no instruction).
    fn running_counts8(&self, rows: usize, cols: usize) -> Option<u64> {
        Some(self.packed(rows, cols)?.running_counts())
    }

    /// The masks packed a byte per row ([`PackedSwaps`]) for a board of `size`; `None` when
    /// the board is taller or wider than 8, or a swap is corner to corner. Cells past the
    /// board are left out.
    pub fn to_packed(&self, size: Size) -> Option<PackedSwaps> {
        if self.has_diagonals() {
            return None;
        }
        self.packed(size.rows(), size.cols())
    }

    /// [`to_packed`](Self::to_packed) for a board of `rows` × `cols`.
    #[inline]
    fn packed(&self, rows: usize, cols: usize) -> Option<PackedSwaps> {
        if rows > 8 || cols > 8 {
            return None;
        }
        // All eight rows, then the board's kept: a loop of fixed length, without a branch.
        let (mut right, mut down) = (0u64, 0u64);
        for r in 0..8 {
            right |= u64::from(self.right.row_bits(r) & 0xff) << (8 * r);
            down |= u64::from(self.down.row_bits(r) & 0xff) << (8 * r);
        }
        let on_board = u64::MAX >> (64 - 8 * rows.max(1));
        let cols_on_board = u64::from(u8::MAX >> (8 - cols.max(1))) * BYTE_ONES;
        let keep = on_board & cols_on_board;
        Some(PackedSwaps {
            right: right & keep,
            down: down & keep,
        })
    }

    /// Whether the swap of the neighbours `a` and `b` (in either order) is in the masks;
    /// `false` for cells that are not neighbours.
    pub fn allows(&self, a: Pos, b: Pos) -> bool {
        neighbours(a, b).is_some_and(|(dir, first)| self.masks()[dir].contains(first))
    }

    /// Adds the swap of the neighbours `a` and `b` (in either order, side by side or
    /// corner to corner); `false`, adding nothing, when they are not neighbours.
    ///
    /// ```
    /// use match3_core::{Pos, SwapMasks};
    ///
    /// let mut masks = SwapMasks::default();
    /// assert!(masks.insert(Pos::new(2, 1), Pos::new(1, 1)));
    /// assert!(masks.down.contains(Pos::new(1, 1)));
    /// assert!(masks.insert(Pos::new(1, 0), Pos::new(0, 1)));
    /// assert!(masks.down_left.contains(Pos::new(0, 1)));
    /// assert!(!masks.insert(Pos::new(0, 0), Pos::new(2, 2)));
    /// ```
    pub fn insert(&mut self, a: Pos, b: Pos) -> bool {
        let Some((dir, first)) = neighbours(a, b) else {
            return false;
        };
        let set = match dir {
            0 => &mut self.right,
            1 => &mut self.down,
            2 => &mut self.down_right,
            _ => &mut self.down_left,
        };
        set.insert(first);
        true
    }

    /// The four masks, in the order of [`neighbours`]' directions.
    fn masks(&self) -> [&CellSet; 4] {
        [&self.right, &self.down, &self.down_right, &self.down_left]
    }

    /// Adds every swap of `other`.
    pub fn union_with(&mut self, other: &SwapMasks) {
        self.right.union_with(&other.right);
        self.down.union_with(&other.down);
        self.down_right.union_with(&other.down_right);
        self.down_left.union_with(&other.down_left);
    }
}

/// The legal swaps of a board of at most 8 × 8, a byte per row: bit `8 * row + col` of
/// `right` is the swap of `(row, col)` with `(row, col + 1)`, of `down` the swap with
/// `(row + 1, col)`; cells past the board are clear. What
/// [`Rules::legal_swaps_packed`](crate::Rules::legal_swaps_packed) returns, and the
/// form in which the engine lists the moves of such boards.
///
/// ```
/// use match3_core::{PackedSwaps, Pos, Size, SwapMasks};
///
/// let mut masks = SwapMasks::default();
/// masks.right.insert(Pos::new(1, 1));
/// let packed = masks.to_packed(Size::new(3, 3)?).expect("at most 8 × 8");
/// assert_eq!(packed, PackedSwaps { right: 1 << (8 + 1), down: 0 });
/// assert_eq!(packed.len(), 1);
/// assert_eq!(packed.to_masks(), masks);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct PackedSwaps {
    /// Legal swaps with the right neighbour, keyed by the left cell.
    pub right: u64,
    /// Legal swaps with the lower neighbour, keyed by the upper cell.
    pub down: u64,
}

impl PackedSwaps {
    /// The swaps of either.
    #[inline]
    pub(crate) fn union(self, other: PackedSwaps) -> PackedSwaps {
        PackedSwaps {
            right: self.right | other.right,
            down: self.down | other.down,
        }
    }

    /// The number of swaps.
    pub fn len(&self) -> usize {
        (self.right.count_ones() + self.down.count_ones()) as usize
    }

    /// Whether no swap is legal.
    pub fn is_empty(&self) -> bool {
        self.right | self.down == 0
    }

    /// The same swaps as cell sets.
    pub fn to_masks(&self) -> SwapMasks {
        let mut masks = SwapMasks::default();
        for r in 0..8 {
            masks
                .right
                .set_row_bits(r, (self.right >> (8 * r)) as u32 & 0xff);
            masks
                .down
                .set_row_bits(r, (self.down >> (8 * r)) as u32 & 0xff);
        }
        masks
    }

    /// Whether the swap of the side neighbours `a` and `b` (in either order) is in the
    /// masks (see [`SwapMasks::allows`]).
    pub(crate) fn allows(&self, a: Pos, b: Pos) -> bool {
        // The first cell must be within 8 × 8, the second may be one past it.
        let first_in = a.row.min(b.row) < 8 && a.col.min(b.col) < 8;
        if !first_in || a.row.max(b.row).max(a.col.max(b.col)) > 8 {
            return false;
        }
        // Without a branch on the order or the direction: a bot's moves come in any of
        // them, so such branches are guesses the processor often loses.
        let (i, j) = (8 * a.row + a.col, 8 * b.row + b.col);
        let right = a.row == b.row && i.abs_diff(j) == 1;
        let down = a.col == b.col && i.abs_diff(j) == 8;
        let plane = (self.right & u64::from(right).wrapping_neg())
            | (self.down & u64::from(down).wrapping_neg());
        // Past 63 only when neither holds and `plane` is 0.
        plane >> (i.min(j) & 63) & 1 != 0
    }

    /// The swaps in rows `0..=r` for each row `r`, a byte per row (every later byte holds
    /// the total): bytes counted with the usual bit tricks and summed by one
    /// multiplication, instead of a popcount per row (the default x86-64 target has no
    /// instruction).
    fn running_counts(&self) -> u64 {
        // At most 16 swaps per row and 128 in all: every byte sum fits.
        let per_row = byte_counts(self.right) + byte_counts(self.down);
        per_row.wrapping_mul(BYTE_ONES)
    }

    /// The swaps counted, for [`nth_counted`](Self::nth_counted).
    pub(crate) fn count(&self) -> SwapCount {
        let running = self.running_counts();
        SwapCount {
            total: (running >> 56) as usize,
            running: Some(running),
        }
    }

    /// The `n`-th swap (from 0) in list order (see [`SwapMasks::nth`]), counted by
    /// [`count`](Self::count).
    pub(crate) fn nth_counted(&self, count: &SwapCount, n: usize) -> Option<(Pos, Pos)> {
        let (row, n) = row_of_nth(count.running?, 8, n)?;
        let byte = |x: u64| (x >> (8 * row)) as u32 & 0xff;
        let swaps = spread(byte(self.right)) | spread(byte(self.down)) << 1;
        nth_set_bit(swaps, n).map(|bit| SwapMasks::swap_at(row, bit))
    }

    /// Calls `visit` with the swaps in list order until it returns `false`; returns
    /// `false` then.
    pub(crate) fn visit(&self, visit: &mut impl FnMut(Move) -> bool) -> bool {
        let Self { right, down } = *self;
        let mut bits = right | down;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let [to_right, to_down] = SWAPS8[i % 64];
            if (right >> i & 1 == 1 && !visit(to_right)) || (down >> i & 1 == 1 && !visit(to_down))
            {
                return false;
            }
        }
        true
    }

    /// Appends the swaps to `out` in list order. Half a board at a time, each cell's
    /// right and down bits are interleaved into one word, so its set bits, lowest first,
    /// are the list order: one table read per swap, and no branch on which swaps a cell
    /// has (they are unpredictable).
    #[inline]
    pub(crate) fn append_to(&self, out: &mut Vec<Move>) {
        let flat = SWAPS8.as_flattened();
        let half = |shift: u32| {
            let mut swaps =
                spread((self.right >> shift) as u32) | spread((self.down >> shift) as u32) << 1;
            // Counted first, so the vector reserves once and writes without checks.
            let count = swaps.count_ones() as usize;
            let offset = 2 * shift as usize;
            (0..count).map(move |_| {
                let bit = swaps.trailing_zeros() as usize;
                swaps &= swaps.wrapping_sub(1);
                flat[(offset + bit) % 128]
            })
        };
        // Both halves in one extend: one capacity check for the whole list (measured:
        // lists of 64 boards in turn 4% faster than with an extend per half).
        out.extend(half(0).chain(half(32)));
    }

    /// Appends the swaps of a board of `rows` × `cols` to `out` in list order, with the
    /// walk that is quicker for the board's size.
    #[inline]
    pub(crate) fn append_on(&self, rows: usize, cols: usize, out: &mut Vec<Move>) {
        if lists_packed(rows, cols) {
            return self.append_to(out);
        }
        self.visit(&mut |m| {
            out.push(m);
            true
        });
    }

    /// The first swap in list order (see [`Game::legal_moves`](crate::Game::legal_moves)):
    /// the lowest cell with a swap, and its right one before its down one. With the
    /// public masks, a set question in a few instructions: a search's first legal move
    /// not tried yet is `PackedSwaps { right: legal.right & !tried.right, down:
    /// legal.down & !tried.down }.first()`.
    ///
    /// ```
    /// use match3_core::{Move, PackedSwaps, Pos};
    ///
    /// // Cell 9, (1, 1): its down swap; cell 10, (1, 2): its right one.
    /// let swaps = PackedSwaps { right: 1 << 10, down: 1 << 9 };
    /// assert_eq!(swaps.first(), Some(Move::Swap(Pos::new(1, 1), Pos::new(2, 1))));
    /// assert_eq!(PackedSwaps::default().first(), None);
    /// ```
    #[inline]
    pub fn first(&self) -> Option<Move> {
        let cell = (self.right | self.down).trailing_zeros();
        let down = self.right >> (cell % 64) & 1 == 0;
        Self::move_at(2 * cell + u32::from(down))
    }

    /// Adds the swap `mv` (see [`list_index`](Self::list_index)); false for a move that is
    /// not one of side neighbours within 8 × 8.
    pub fn insert(&mut self, mv: Move) -> bool {
        let Some(index) = Self::list_index(mv) else {
            return false;
        };
        let plane = if index & 1 == 0 {
            &mut self.right
        } else {
            &mut self.down
        };
        *plane |= 1 << (index / 2);
        true
    }

    /// Whether the swap of list index `index` (see [`list_index`](Self::list_index)) is
    /// among them: one shift, for a caller that keeps its moves' indices.
    #[inline]
    pub fn holds(&self, index: u32) -> bool {
        let plane = if index & 1 == 0 {
            self.right
        } else {
            self.down
        };
        index < 128 && plane >> (index / 2 % 64) & 1 == 1
    }

    /// The place of the swap `mv` in the list order of every side swap of an 8 × 8
    /// board: `2 × (8r + c)` for the swap of cell `(r, c)` with its right neighbour, one
    /// more for the one with its lower neighbour, so that a lower index comes first in
    /// [`Game::legal_moves`](crate::Game::legal_moves). Either cell order; `None` for a
    /// move that is not a swap of side neighbours whose upper or left cell is within
    /// 8 × 8. [`move_at`](Self::move_at) goes back.
    ///
    /// ```
    /// use match3_core::{Move, PackedSwaps, Pos};
    ///
    /// let down = Move::Swap(Pos::new(0, 1), Pos::new(1, 1));
    /// assert_eq!(PackedSwaps::list_index(down), Some(3));
    /// assert_eq!(PackedSwaps::move_at(3), Some(down));
    /// assert!(PackedSwaps { right: 0, down: 1 << 1 }.holds(3));
    /// ```
    pub fn list_index(mv: Move) -> Option<u32> {
        let Move::Swap(a, b) = mv else {
            return None;
        };
        match neighbours(a, b)? {
            (dir @ (0 | 1), first) if first.row < 8 && first.col < 8 => {
                Some(2 * (8 * u32::from(first.row) + u32::from(first.col)) + dir as u32)
            }
            _ => None,
        }
    }

    /// The swap of list index `index` (see [`list_index`](Self::list_index)), its cells
    /// in list order (the upper or left one first); `None` past 127.
    pub fn move_at(index: u32) -> Option<Move> {
        SWAPS8.as_flattened().get(index as usize).copied()
    }
}

/// The direction of the swap of `a` and `b` (0 right, 1 down, 2 down-right, 3
/// down-left) and its first cell, or `None` when they are not neighbours.
fn neighbours(a: Pos, b: Pos) -> Option<(usize, Pos)> {
    let (first, second) = if (a.row, a.col) <= (b.row, b.col) {
        (a, b)
    } else {
        (b, a)
    };
    let dc = i16::from(second.col) - i16::from(first.col);
    let dir = match (second.row - first.row, dc) {
        (0, 1) => 0,
        (1, 0) => 1,
        (1, 1) => 2,
        (1, -1) => 3,
        _ => return None,
    };
    Some((dir, first))
}

/// The row holding swap `n` (from 0) by the running counts of
/// [`PackedSwaps::running_counts`], and `n` within that row; `None` past the last of
/// `rows`.
fn row_of_nth(running: u64, rows: usize, n: usize) -> Option<(usize, usize)> {
    // The first row whose running count passes `n`, found in all eight bytes at once: a
    // count is at most 128, so `count + 127 - n` fits its byte and reaches 128 exactly
    // when the count passes `n`.
    if n >= 128 {
        return None;
    }
    const LOW: u64 = 0x0101_0101_0101_0101;
    let passed = (running + (127 - n as u64) * LOW) & LOW << 7;
    let r = (passed.trailing_zeros() / 8) as usize;
    if r >= rows {
        return None;
    }
    // The count of the rows before `r`: byte `r` of the counts moved up a row.
    let before = ((running << 8) >> (8 * r) & 0xff) as usize;
    Some((r, n - before))
}

/// The legal swaps a game's status found, kept for the moves that follow (listing them,
/// checking one, picking one): packed on boards of at most 8 × 8, where the rules hand
/// them over so ([`Rules::legal_swaps_packed`](crate::Rules::legal_swaps_packed)), as
/// cell sets elsewhere.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
// Rewritten after every turn: boxing the big variant would allocate each time.
#[allow(clippy::large_enum_variant)]
pub(crate) enum KnownSwaps {
    Packed(PackedSwaps),
    Sets(SwapMasks),
}

impl KnownSwaps {
    /// See [`SwapMasks::allows`].
    pub(crate) fn allows(&self, a: Pos, b: Pos) -> bool {
        match self {
            KnownSwaps::Packed(p) => p.allows(a, b),
            KnownSwaps::Sets(m) => m.allows(a, b),
        }
    }

    /// Appends the swaps of a board of `rows` × `cols` to `out`, in list order (see
    /// [`SwapMasks::append_to`]).
    pub(crate) fn append_to(&self, rows: usize, cols: usize, out: &mut Vec<Move>) {
        match self {
            KnownSwaps::Packed(p) => p.append_on(rows, cols, out),
            KnownSwaps::Sets(m) => m.append_to(rows, cols, out),
        }
    }

    /// Calls `visit` with the swaps of a board of `rows` rows in list order until it
    /// returns `false`; returns `false` then.
    pub(crate) fn visit(&self, rows: usize, visit: &mut impl FnMut(Move) -> bool) -> bool {
        match self {
            KnownSwaps::Packed(p) => p.visit(visit),
            KnownSwaps::Sets(m) => m.visit_rows(rows, visit),
        }
    }

    /// The swaps of a board of `rows` × `cols` counted, for
    /// [`nth_counted`](Self::nth_counted).
    #[inline]
    pub(crate) fn count_in(&self, rows: usize, cols: usize) -> SwapCount {
        match self {
            KnownSwaps::Packed(p) => p.count(),
            KnownSwaps::Sets(m) => m.count_in(rows, cols),
        }
    }

    /// The `n`-th swap in list order on a board of `rows` rows, counted by
    /// [`count_in`](Self::count_in).
    pub(crate) fn nth_counted(
        &self,
        count: &SwapCount,
        rows: usize,
        n: usize,
    ) -> Option<(Pos, Pos)> {
        match self {
            KnownSwaps::Packed(p) => p.nth_counted(count, n),
            KnownSwaps::Sets(m) => m.nth_counted(count, rows, n),
        }
    }
}

/// The swaps of [`SwapMasks`] counted on a board, for picking one by index.
pub(crate) struct SwapCount {
    /// How many swaps there are.
    pub(crate) total: usize,
    /// Boards of at most 8×8: the running count per row, a byte each.
    running: Option<u64>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::GameRng;

    /// Scattered masks on every board up to 8 × 8: packing keeps exactly the cells on the
    /// board, unpacking gives them back, the packed list is the cell sets' list, and the
    /// status kept packed lists, counts, picks and checks swaps as the cell sets do.
    #[test]
    fn packing_round_trips_and_lists_the_same_swaps() {
        let mut rng = GameRng::new(7);
        for rows in 1..=8 {
            for cols in 1..=8 {
                let size = Size::new(rows, cols).unwrap();
                for _ in 0..20 {
                    let mut masks = SwapMasks::default();
                    for r in 0..10 {
                        masks.right.set_row_bits(r, rng.next_u32() & 0x3ff);
                        masks.down.set_row_bits(r, rng.next_u32() & 0x3ff);
                    }
                    let mut on_board = SwapMasks::default();
                    let keep = (1u32 << cols) - 1;
                    for r in 0..rows {
                        on_board
                            .right
                            .set_row_bits(r, masks.right.row_bits(r) & keep);
                        on_board.down.set_row_bits(r, masks.down.row_bits(r) & keep);
                    }
                    let packed = masks.to_packed(size).unwrap();
                    assert_eq!(packed.to_masks(), on_board, "{rows}×{cols}");
                    assert_eq!(packed.len(), on_board.len());
                    let (mut listed, mut pushed) = (vec![Move::Drop(9)], vec![Move::Drop(9)]);
                    packed.append_to(&mut listed);
                    on_board.visit_rows(rows, &mut |m| {
                        pushed.push(m);
                        true
                    });
                    assert_eq!(listed, pushed, "{rows}×{cols}");
                    // The status's packed form answers as the cell sets do.
                    let (known, sets) = (KnownSwaps::Packed(packed), KnownSwaps::Sets(on_board));
                    let mut visited = vec![Move::Drop(9)];
                    known.visit(rows, &mut |m| {
                        visited.push(m);
                        true
                    });
                    assert_eq!(visited, pushed, "{rows}×{cols}");
                    let (mut appended, mut from_sets) = (Vec::new(), Vec::new());
                    known.append_to(rows, cols, &mut appended);
                    sets.append_to(rows, cols, &mut from_sets);
                    assert_eq!(appended, from_sets, "{rows}×{cols}");
                    let (count, set_count) =
                        (known.count_in(rows, cols), sets.count_in(rows, cols));
                    assert_eq!(count.total, set_count.total, "{rows}×{cols}");
                    for n in 0..=count.total {
                        assert_eq!(
                            known.nth_counted(&count, rows, n),
                            on_board.nth(n),
                            "{rows}×{cols} swap {n}"
                        );
                    }
                    for r in 0..=rows as u8 {
                        for c in 0..=cols as u8 {
                            let a = Pos::new(r, c);
                            for b in [
                                Pos::new(r, c + 1),
                                Pos::new(r + 1, c),
                                Pos::new(r + 1, c + 1),
                            ] {
                                assert_eq!(known.allows(a, b), sets.allows(a, b), "{a} {b}");
                                assert_eq!(known.allows(b, a), sets.allows(b, a), "{b} {a}");
                            }
                        }
                    }
                }
            }
        }
        assert_eq!(
            SwapMasks::default().to_packed(Size::new(9, 8).unwrap()),
            None
        );
        assert_eq!(
            SwapMasks::default().to_packed(Size::new(8, 9).unwrap()),
            None
        );
    }

    /// The list order by index: taking the first swap and removing it, again and again,
    /// lists the packed swaps; each is held at its index, which names it in either cell
    /// order and names no other move.
    #[test]
    fn list_indices_follow_the_list_order() {
        let mut rng = GameRng::new(5);
        let word = |rng: &mut GameRng| u64::from(rng.next_u32()) << 32 | u64::from(rng.next_u32());
        for _ in 0..200 {
            let sparse = |rng: &mut GameRng| word(rng) & word(rng) & word(rng);
            let packed = PackedSwaps {
                right: sparse(&mut rng),
                down: sparse(&mut rng),
            };
            let (mut left, mut firsts, mut rebuilt) = (packed, Vec::new(), PackedSwaps::default());
            while let Some(mv) = left.first() {
                let index = PackedSwaps::list_index(mv).unwrap();
                assert!(packed.holds(index) && rebuilt.insert(mv));
                let plane = if index.is_multiple_of(2) {
                    &mut left.right
                } else {
                    &mut left.down
                };
                *plane &= !(1 << (index / 2));
                firsts.push(mv);
            }
            let mut listed = Vec::new();
            packed.append_to(&mut listed);
            assert_eq!(firsts, listed);
            assert_eq!(rebuilt, packed);
            let held = (0..128).filter(|&i| packed.holds(i)).count();
            assert_eq!(held, packed.len());
        }
        for index in 0..128 {
            let Some(Move::Swap(a, b)) = PackedSwaps::move_at(index) else {
                panic!("index {index} has no swap");
            };
            assert_eq!(PackedSwaps::list_index(Move::Swap(a, b)), Some(index));
            assert_eq!(PackedSwaps::list_index(Move::Swap(b, a)), Some(index));
        }
        assert_eq!(PackedSwaps::move_at(128), None);
        assert!(
            !PackedSwaps {
                right: !0,
                down: !0
            }
            .holds(128)
        );
        let (p, q) = (Pos::new(2, 3), Pos::new(3, 4));
        let beyond = [
            Move::Swap(p, q),
            Move::Swap(q, Pos::new(4, 3)),
            Move::Drop(1),
            Move::Tap(p),
            Move::Swap(Pos::new(8, 0), Pos::new(8, 1)),
            Move::Swap(Pos::new(0, 8), Pos::new(1, 8)),
        ];
        for mv in beyond {
            assert_eq!(PackedSwaps::list_index(mv), None, "{mv:?}");
            assert!(!PackedSwaps::default().insert(mv), "{mv:?}");
        }
    }

    /// The packed masks allow exactly the swaps the cell sets allow, for every pair of
    /// cells in and around 8 × 8 (neighbours or not, in either order).
    #[test]
    fn packed_masks_allow_what_the_cell_sets_allow_for_any_pair() {
        let mut rng = GameRng::new(11);
        for _ in 0..30 {
            let right = u64::from(rng.next_u32()) << 32 | u64::from(rng.next_u32());
            let down = u64::from(rng.next_u32()) << 32 | u64::from(rng.next_u32());
            let packed = PackedSwaps { right, down };
            let sets = packed.to_masks();
            let cells: Vec<Pos> = (0..10)
                .flat_map(|r| (0..10).map(move |c| Pos::new(r, c)))
                .collect();
            for &a in &cells {
                for &b in &cells {
                    assert_eq!(packed.allows(a, b), sets.allows(a, b), "{a} {b}");
                }
            }
        }
    }
}
