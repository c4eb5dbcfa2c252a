//! Move kinds: the part of a variant that says which moves a player makes (swaps, drops
//! of the next piece, taps) and, for taps, what a tap clears.

use crate::board::Board;
use crate::cellset::CellSet;
use crate::moves::MoveKind;
use crate::planes::PlaneView;
use crate::pos::Pos;

/// The moves a variant takes.
pub trait MoveSet {
    /// Whether moves of `kind` are taken.
    fn accepts(&self, kind: MoveKind) -> bool;

    /// The cells a tap at `pos` clears, or `None` when the tap is illegal. Only asked
    /// when [`accepts`](MoveSet::accepts) takes [`MoveKind::Tap`].
    fn tap(&self, _board: &Board, _pos: Pos) -> Option<CellSet> {
        None
    }

    /// Every cell a tap is legal on (where [`tap`](MoveSet::tap) clears a non-empty
    /// set), all at once, when the move set can tell them faster than cell by cell: move
    /// lists then read them instead of asking `tap` on every cell. `None` (the default)
    /// to be asked cell by cell. Only asked when taps are taken.
    fn taps(&self, _board: &Board) -> Option<CellSet> {
        None
    }

    /// [`taps`](MoveSet::taps) from the bit planes alone, so that a search can play taps
    /// ahead of the cells (see [`Probe`](crate::Probe)); `None` (the default) when the
    /// move set cannot tell them there. When it answers, it must answer
    /// [`tap_on_planes`](MoveSet::tap_on_planes) too, and both must agree with the
    /// answers on the cells (the shared test suite checks it).
    fn taps_on_planes(&self, _view: PlaneView<'_>) -> Option<CellSet> {
        None
    }

    /// [`tap`](MoveSet::tap) from the bit planes alone, for a `pos` that
    /// [`taps_on_planes`](MoveSet::taps_on_planes) lists: the cells the tap clears.
    /// `None` (the default) when the move set cannot tell them there; the cells then
    /// play the tap.
    fn tap_on_planes(&self, _view: PlaneView<'_>, _pos: Pos) -> Option<CellSet> {
        None
    }
}

/// Swaps of two side-by-side pieces only.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Swaps;

impl MoveSet for Swaps {
    fn accepts(&self, kind: MoveKind) -> bool {
        kind == MoveKind::Swap
    }
}

/// Drops of the game's next piece into a column only.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Drops;

impl MoveSet for Drops {
    fn accepts(&self, kind: MoveKind) -> bool {
        kind == MoveKind::Drop
    }
}
