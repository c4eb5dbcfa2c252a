//! The [`Detect`] trait, plain functions as detections, and [`Or`].

use crate::board::Board;
use crate::cellset::CellSet;
use crate::planes::{FoundSwaps, PackedCells, PlaneView};
use crate::pos::Pos;

/// Which cells match. Only [`find_matches`](Detect::find_matches) is required; each other
/// method is a faster answer to a question the engine can derive from it, and returning
/// `None` is never wrong. The shared suite (`match3-testkit`) checks every answer a
/// detection gives against `find_matches`.
pub trait Detect {
    /// Every cell that matches on `board` (the union of all matches). It must depend only
    /// on the board's cells (colours, specials, blockers, holes), never on piece ids.
    fn find_matches(&self, board: &Board) -> CellSet;

    /// Whether `pos` is in a match: `find_matches(board).contains(pos)`.
    fn in_match(&self, _board: &Board, _pos: Pos) -> Option<bool> {
        None
    }

    /// Whether swapping the pieces at `a` and `b` (side by side, both pieces) puts `a` or
    /// `b` in a match; `board` is the board before the swap.
    fn swap_matches(&self, _board: &Board, _a: Pos, _b: Pos) -> Option<bool> {
        None
    }

    /// Every swap of two side-by-side pieces that puts one of them in a match, at once
    /// (combos are the specials' business, not detection's).
    fn match_swaps(&self, _board: &Board) -> Option<FoundSwaps> {
        None
    }

    /// [`match_swaps`](Detect::match_swaps) from the board's bit planes alone: the same
    /// swaps on the board the planes show. A [`Probe`](crate::Probe) plays plain moves
    /// on the planes alone, leaving the cells behind, and asks this for the status's
    /// legal swaps; without it, the probe plays on the cells.
    fn swaps_on_planes(&self, _view: PlaneView<'_>) -> Option<FoundSwaps> {
        None
    }

    /// Whether any swap puts a swapped piece in a match: `match_swaps` non-empty.
    fn any_match_swap(&self, _board: &Board) -> Option<bool> {
        None
    }

    /// [`find_matches`](Detect::find_matches) from the board's bit planes alone. The
    /// engine's score-only look-ahead moves only the planes, leaving the cells behind,
    /// and asks this instead of `find_matches`; without it, that look-ahead plays on the
    /// cells. A [`PlaneView`] shows no cell, so this answer can never read stale ones.
    fn on_planes(&self, _view: PlaneView<'_>) -> Option<CellSet> {
        None
    }

    /// [`on_planes`](Detect::on_planes) on a board of at most 64 cells, packed: the same
    /// cells, without building a [`CellSet`]. The engine's look-ahead, which holds each
    /// phase's matches as one word, asks this first and `on_planes` when it has no answer
    /// (`None`, the default, and always the answer on a bigger board). Write the
    /// computation once, as a visitor generic over its output
    /// ([`FromPlane`](crate::planes::FromPlane)), and answer both from it.
    fn on_planes_packed(&self, _view: PlaneView<'_>) -> Option<PackedCells> {
        None
    }

    /// A promise that [`find_matches`](Detect::find_matches) answers only cells on the
    /// board: the engine then skips its check of each phase's matches (about 30
    /// instructions a phase). Detections built on the colour planes (the bundled ones,
    /// [`Planes`](super::Planes)) keep it by construction. Without the promise (the
    /// default), a cell off the board ends the move with an error naming the detection;
    /// with a false one, such a cell is only dropped from the match.
    fn stays_on_board(&self) -> bool {
        false
    }

    /// What this detection or `other` matches: see [`Or`].
    fn or<B: Detect>(self, other: B) -> Or<Self, B>
    where
        Self: Sized,
    {
        Or(self, other)
    }
}

/// A plain function from a board to its matched cells: the type to name when a
/// [`Variant`](crate::Variant) stored in a `const` or returned from a function detects with
/// a `fn` item (`threes as DetectFn`).
pub type DetectFn = fn(&Board) -> CellSet;

/// Any closure from a board to its matched cells is a detection (every fast answer
/// derived).
impl<F: Fn(&Board) -> CellSet> Detect for F {
    fn find_matches(&self, board: &Board) -> CellSet {
        self(board)
    }
}

/// What either of two detections matches. Its fast answers come from both sides: a cell
/// is in a match of the union when it is in one side's, and a swap puts a swapped piece in
/// one exactly when it does so for one side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Or<A, B>(pub A, pub B);

impl<A: Detect, B: Detect> Detect for Or<A, B> {
    fn find_matches(&self, board: &Board) -> CellSet {
        let mut cells = self.0.find_matches(board);
        cells.union_with(&self.1.find_matches(board));
        cells
    }

    fn in_match(&self, board: &Board, pos: Pos) -> Option<bool> {
        Some(in_match(&self.0, board, pos) || in_match(&self.1, board, pos))
    }

    fn swap_matches(&self, board: &Board, a: Pos, b: Pos) -> Option<bool> {
        Some(swap_matches(&self.0, board, a, b)? || swap_matches(&self.1, board, a, b)?)
    }

    fn match_swaps(&self, board: &Board) -> Option<FoundSwaps> {
        Some(self.0.match_swaps(board)?.union(self.1.match_swaps(board)?))
    }

    fn swaps_on_planes(&self, view: PlaneView<'_>) -> Option<FoundSwaps> {
        Some(
            self.0
                .swaps_on_planes(view)?
                .union(self.1.swaps_on_planes(view)?),
        )
    }

    fn any_match_swap(&self, board: &Board) -> Option<bool> {
        Some(self.0.any_match_swap(board)? || self.1.any_match_swap(board)?)
    }

    fn on_planes(&self, view: PlaneView<'_>) -> Option<CellSet> {
        let mut cells = self.0.on_planes(view)?;
        cells.union_with(&self.1.on_planes(view)?);
        Some(cells)
    }

    fn on_planes_packed(&self, view: PlaneView<'_>) -> Option<PackedCells> {
        Some(
            self.0
                .on_planes_packed(view)?
                .union(self.1.on_planes_packed(view)?),
        )
    }

    fn stays_on_board(&self) -> bool {
        self.0.stays_on_board() && self.1.stays_on_board()
    }
}

/// `detect`'s answer to "is `pos` in a match", its own or derived.
pub(crate) fn in_match<D: Detect + ?Sized>(detect: &D, board: &Board, pos: Pos) -> bool {
    detect
        .in_match(board, pos)
        .unwrap_or_else(|| detect.find_matches(board).contains(pos))
}

/// `detect`'s own answer to "does swapping `a` and `b` make a match", or `None`.
fn swap_matches<D: Detect + ?Sized>(detect: &D, board: &Board, a: Pos, b: Pos) -> Option<bool> {
    detect.swap_matches(board, a, b)
}
