//! Moves.

use std::fmt;

use crate::cellset::CellSet;
use crate::pos::Pos;

/// A player move. Which kinds a variant takes is [`Rules::accepts`](crate::Rules::accepts).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Move {
    /// Exchange two side-adjacent pieces. The piece at `.0` is the one the player moves:
    /// it lands on `.1`, the swap's *destination*.
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

/// Every legal swap of a board at once, as two cell sets: bit `(r, c)` of `right` is the
/// swap of `(r, c)` with `(r, c+1)`, of `down` the swap with `(r+1, c)`. Rules that can
/// compute this bit-parallel return it from [`Rules::legal_swaps`](crate::Rules::legal_swaps).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct SwapMasks {
    /// Legal swaps with the right neighbour, keyed by the left cell.
    pub right: CellSet,
    /// Legal swaps with the lower neighbour, keyed by the upper cell.
    pub down: CellSet,
}

impl SwapMasks {
    /// Whether no swap is legal.
    pub fn is_empty(&self) -> bool {
        self.right.is_empty() && self.down.is_empty()
    }

    /// The number of swaps in the masks.
    pub fn len(&self) -> usize {
        self.count_in(crate::pos::MAX_SIDE)
    }

    /// The `n`-th swap (from 0) in list order: row-major by the first cell, the swap with
    /// the right neighbour before the one with the lower neighbour; the order of
    /// [`Game::legal_moves`](crate::Game::legal_moves). `None` when `n >= self.len()`.
    ///
    /// Counts whole rows first, so picking one swap at random (`nth(rng.below(len()))`)
    /// costs a few popcounts instead of a list.
    pub fn nth(&self, n: usize) -> Option<(Pos, Pos)> {
        self.nth_in(crate::pos::MAX_SIDE, n)
    }

    /// Both masks' bits of one row in one word: one popcount per row.
    fn row_pair(&self, r: usize) -> u64 {
        u64::from(self.right.row_bits(r)) | u64::from(self.down.row_bits(r)) << 32
    }

    /// [`len`](SwapMasks::len) over the first `rows` rows (a board's).
    pub(crate) fn count_in(&self, rows: usize) -> usize {
        (0..rows)
            .map(|r| self.row_pair(r).count_ones() as usize)
            .sum()
    }

    /// [`nth`](SwapMasks::nth) over the first `rows` rows (a board's).
    pub(crate) fn nth_in(&self, rows: usize, mut n: usize) -> Option<(Pos, Pos)> {
        for r in 0..rows {
            let in_row = self.row_pair(r).count_ones() as usize;
            if n >= in_row {
                n -= in_row;
                continue;
            }
            // Within the row, column by column.
            let (right, down) = (self.right.row_bits(r), self.down.row_bits(r));
            let mut bits = right | down;
            while bits != 0 {
                let c = bits.trailing_zeros();
                bits &= bits - 1;
                let a = Pos::new(r as u8, c as u8);
                if right >> c & 1 == 1 {
                    if n == 0 {
                        return Some((a, Pos::new(a.row, a.col + 1)));
                    }
                    n -= 1;
                }
                if down >> c & 1 == 1 {
                    if n == 0 {
                        return Some((a, Pos::new(a.row + 1, a.col)));
                    }
                    n -= 1;
                }
            }
            return None;
        }
        None
    }

    /// Whether the swap of the side neighbours `a` and `b` (in either order) is in the
    /// masks; `false` for cells that are not side neighbours.
    pub fn allows(&self, a: Pos, b: Pos) -> bool {
        let (first, second) = if (a.row, a.col) <= (b.row, b.col) {
            (a, b)
        } else {
            (b, a)
        };
        if first.row == second.row && first.col + 1 == second.col {
            self.right.contains(first)
        } else if first.col == second.col && first.row + 1 == second.row {
            self.down.contains(first)
        } else {
            false
        }
    }

    /// Adds every swap of `other`.
    pub fn union_with(&mut self, other: &SwapMasks) {
        self.right.union_with(&other.right);
        self.down.union_with(&other.down);
    }
}
