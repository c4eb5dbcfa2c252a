//! Topology: the part of a variant that says which cell pairs may swap.
//!
//! A swap exchanges a cell with one of its neighbours in a few [`Directions`], each named
//! from the pair's first cell in row-major order: the right neighbour, the lower one,
//! and the two lower diagonals. Legal-move lists, swap masks, bots, the solver, the
//! command's `play` and the playground all take their pairs from the variant's
//! topology. Bundled: [`Sides`] (the default: side by side) and [`Diagonals`] (side by
//! side or corner to corner, the eight cells around a cell).
//!
//! ```
//! use match3_core::detect::LineRuns;
//! use match3_core::topology::Diagonals;
//! use match3_core::{Game, Move, Pos, Variant};
//!
//! let rules = Variant::new("corners", LineRuns::new(3)).with_topology(Diagonals);
//! let mut game = Game::from_board(rules, "AAB/CAD/DCE".parse()?, 1)?;
//! // Corner to corner: the A at (1,1) moves up-right onto (0,2) and completes the top row.
//! let trace = game.play(Move::Swap(Pos::new(1, 1), Pos::new(0, 2)))?;
//! assert_eq!(trace.score(), 3);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::pos::Pos;

/// Which pairs of cells may swap: see the [module docs](self).
pub trait Topology {
    /// The directions a swap may take.
    fn directions(&self) -> Directions;
}

/// A set of swap directions, each from the pair's first cell (row-major): a cell swaps
/// with the neighbour in that direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Directions(u8);

impl Directions {
    /// With the right neighbour: `(r, c)` and `(r, c+1)`.
    pub const RIGHT: Directions = Directions(1);
    /// With the lower neighbour: `(r, c)` and `(r+1, c)`.
    pub const DOWN: Directions = Directions(2);
    /// With the lower-right neighbour: `(r, c)` and `(r+1, c+1)`.
    pub const DOWN_RIGHT: Directions = Directions(4);
    /// With the lower-left neighbour: `(r, c)` and `(r+1, c-1)`.
    pub const DOWN_LEFT: Directions = Directions(8);
    /// Side by side: right and down.
    pub const SIDES: Directions = Directions(1 | 2);
    /// Side by side or corner to corner.
    pub const ALL: Directions = Directions(1 | 2 | 4 | 8);
    /// Corner to corner: down-right and down-left.
    pub const DIAGONALS: Directions = Directions(4 | 8);

    /// The directions as bits: 1 right, 2 down, 4 down-right, 8 down-left.
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// The directions of `bits` (see [`bits`](Directions::bits); others ignored).
    pub const fn from_bits(bits: u8) -> Directions {
        Directions(bits & 15)
    }

    /// These directions and `other`'s.
    pub const fn and(self, other: Directions) -> Directions {
        Directions(self.0 | other.0)
    }

    /// Whether every direction of `other` is one of these.
    pub const fn contains(self, other: Directions) -> bool {
        self.0 & other.0 == other.0
    }

    /// Whether a diagonal is one of these.
    pub const fn has_diagonals(self) -> bool {
        self.0 & (4 | 8) != 0
    }

    /// Whether `a` and `b` are neighbours in one of these directions (in either order).
    pub fn allow(self, a: Pos, b: Pos) -> bool {
        let (first, second) = if (a.row, a.col) <= (b.row, b.col) {
            (a, b)
        } else {
            (b, a)
        };
        let dr = second.row.wrapping_sub(first.row);
        let dc = i16::from(second.col) - i16::from(first.col);
        let dir = match (dr, dc) {
            (0, 1) => Directions::RIGHT,
            (1, 0) => Directions::DOWN,
            (1, 1) => Directions::DOWN_RIGHT,
            (1, -1) => Directions::DOWN_LEFT,
            _ => return false,
        };
        self.contains(dir)
    }

    /// The names of these directions, for messages: `side by side`, `side by side or
    /// corner to corner`, …
    pub fn describe(self) -> &'static str {
        match (self.contains(Directions::SIDES), self.has_diagonals()) {
            (true, false) => "side by side",
            (true, true) if self.contains(Directions::ALL) => "side by side or corner to corner",
            (false, true) => "corner to corner",
            _ => "neighbours in the variant's directions",
        }
    }
}

impl Topology for Directions {
    fn directions(&self) -> Directions {
        *self
    }
}

/// Side by side only (the default).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Sides;

impl Topology for Sides {
    fn directions(&self) -> Directions {
        Directions::SIDES
    }
}

/// Side by side or corner to corner: a cell swaps with any of the eight around it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Diagonals;

impl Topology for Diagonals {
    fn directions(&self) -> Directions {
        Directions::ALL
    }
}
