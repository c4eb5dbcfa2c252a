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
