//! The cluster detection counting how often the cells ask it: a probe or look-ahead that
//! plays on the bit planes alone asks it nothing.

use std::cell::Cell;

use match3_clusters::ClusterDetect;
use match3_core::detect::Detect;
use match3_core::planes::{FoundSwaps, PlaneView};
use match3_core::{Board, CellSet, Pos};

thread_local! {
    /// How often [`Counted`] was asked on the cells on this thread.
    static ASKED: Cell<usize> = const { Cell::new(0) };
}

/// The cluster detection, counting how often it is asked on the cells (its answers on
/// the planes are not counted). It gives the planes' matches as a set only (no
/// `on_planes_packed`): the engine's way for detections without a packed answer.
pub struct Counted(pub ClusterDetect);

impl Detect for Counted {
    fn find_matches(&self, board: &Board) -> CellSet {
        ASKED.set(ASKED.get() + 1);
        self.0.find_matches(board)
    }
    fn in_match(&self, board: &Board, pos: Pos) -> Option<bool> {
        self.0.in_match(board, pos)
    }
    fn swap_matches(&self, board: &Board, a: Pos, b: Pos) -> Option<bool> {
        self.0.swap_matches(board, a, b)
    }
    fn match_swaps(&self, board: &Board) -> Option<FoundSwaps> {
        self.0.match_swaps(board)
    }
    fn swaps_on_planes(&self, view: PlaneView<'_>) -> Option<FoundSwaps> {
        self.0.swaps_on_planes(view)
    }
    fn any_match_swap(&self, board: &Board) -> Option<bool> {
        self.0.any_match_swap(board)
    }
    fn on_planes(&self, view: PlaneView<'_>) -> Option<CellSet> {
        self.0.on_planes(view)
    }
}

/// How often `f` asked [`Counted`] on the cells.
pub fn asked(f: impl FnOnce()) -> usize {
    let before = ASKED.get();
    f();
    ASKED.get() - before
}
