//! [`Listed`]: the legal moves after a probe's moves on the planes alone, of the one kind
//! of move the rules take, in the order the cells list them.

use crate::bits::nth_set_bit;
use crate::legal::{pick_in, pick_swap};
use crate::moves::{KnownSwaps, Move, PackedSwaps};

use super::spawn::packed_cells;

/// The legal moves on the planes: swaps packed as the status keeps them on small boards,
/// drops as the columns they land in, taps as the cells they are legal on. A few words:
/// written after every move.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Listed {
    Swaps(PackedSwaps),
    /// A bit per column, column 0 lowest.
    Drops(u32),
    /// Packed, row-major.
    Taps(u64),
}

impl Listed {
    /// Whether `mv` is among them.
    #[inline]
    pub(crate) fn allows(&self, mv: Move, cols: usize) -> bool {
        match (self, mv) {
            (Listed::Swaps(swaps), Move::Swap(a, b)) => swaps.allows(a, b),
            (Listed::Drops(open), Move::Drop(col)) => col < 32 && open >> col & 1 == 1,
            (Listed::Taps(taps), Move::Tap(pos)) => {
                let (row, col) = (usize::from(pos.row), usize::from(pos.col));
                let i = row * cols + col;
                col < cols && i < 64 && taps >> i & 1 == 1
            }
            _ => false,
        }
    }

    /// Whether there is none.
    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        match self {
            Listed::Swaps(swaps) => swaps.is_empty(),
            Listed::Drops(open) => *open == 0,
            Listed::Taps(taps) => *taps == 0,
        }
    }

    /// Appends them to `out` on a board of `rows` × `cols`, in list order: drops by
    /// column, taps row by row.
    #[inline]
    pub(crate) fn append_to(&self, (rows, cols): (usize, usize), out: &mut Vec<Move>) {
        match self {
            Listed::Swaps(swaps) => KnownSwaps::Packed(*swaps).append_to(rows, cols, out),
            // Drops and taps are few: their visit serves.
            _ => {
                self.visit((rows, cols), &mut |mv| {
                    out.push(mv);
                    true
                });
            }
        }
    }

    /// Calls `visit` with them in list order until it returns `false`; returns `false`
    /// then.
    #[inline]
    pub(crate) fn visit(
        &self,
        (rows, cols): (usize, usize),
        visit: &mut impl FnMut(Move) -> bool,
    ) -> bool {
        match self {
            Listed::Swaps(swaps) => KnownSwaps::Packed(*swaps).visit(rows, visit),
            Listed::Drops(open) => {
                let mut open = *open;
                while open != 0 {
                    if !visit(Move::Drop(open.trailing_zeros() as u8)) {
                        return false;
                    }
                    open &= open - 1;
                }
                true
            }
            Listed::Taps(taps) => packed_cells(*taps, cols).all(|(p, _)| visit(Move::Tap(p))),
        }
    }

    /// The move `pick` chooses by its index in list order (see
    /// [`Probe::pick_legal_move`](crate::Probe::pick_legal_move)).
    #[inline]
    pub(crate) fn pick(
        &self,
        (rows, cols): (usize, usize),
        pick: impl FnOnce(usize) -> usize,
    ) -> Option<Move> {
        let bits = match self {
            Listed::Swaps(swaps) => {
                return pick_swap(&KnownSwaps::Packed(*swaps), (rows, cols), pick);
            }
            Listed::Drops(open) => u64::from(*open),
            Listed::Taps(taps) => *taps,
        };
        let n = pick_in(bits.count_ones() as usize, pick)?;
        let i = nth_set_bit(bits, n)?;
        Some(match self {
            Listed::Taps(_) => Move::Tap(packed_cells(1 << i, cols).next()?.0),
            _ => Move::Drop(i as u8),
        })
    }
}
