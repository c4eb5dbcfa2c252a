//! [`LineRuns`]: straight runs, every answer on the bit planes.

use crate::board::Board;
use crate::cellset::CellSet;
use crate::planes::{FoundSwaps, PackedCells, PlaneView};
use crate::pos::Pos;
use crate::runs;

use super::detection::Detect;

/// Straight runs of at least `min` pieces of one colour, across or down: the detection
/// of the line rules and of the finite game. Every answer is on the bit planes; for runs
/// of three, the legal swaps of every colour are worked out at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LineRuns {
    min: usize,
}

impl LineRuns {
    /// Runs of at least `min` (at least 1).
    pub const fn new(min: usize) -> Self {
        LineRuns { min }
    }

    /// The shortest run that matches.
    pub const fn min(self) -> usize {
        self.min
    }
}

impl Detect for LineRuns {
    fn find_matches(&self, board: &Board) -> CellSet {
        runs::run_cells(board, self.min)
    }

    fn in_match(&self, board: &Board, pos: Pos) -> Option<bool> {
        Some(runs::in_run(board, pos, self.min))
    }

    fn swap_matches(&self, board: &Board, a: Pos, b: Pos) -> Option<bool> {
        Some(runs::swap_makes_run(board, a, b, self.min))
    }

    #[inline]
    fn match_swaps(&self, board: &Board) -> Option<FoundSwaps> {
        self.swaps_on_planes(PlaneView::of(board))
    }

    #[inline]
    fn swaps_on_planes(&self, view: PlaneView<'_>) -> Option<FoundSwaps> {
        if self.min != 3 {
            return None;
        }
        let size = view.size();
        Some(if size.rows() <= 8 && size.cols() <= 8 {
            FoundSwaps::Packed(runs::packed_swaps3_on(view))
        } else {
            runs::found_swaps3_on(view)
        })
    }

    fn any_match_swap(&self, board: &Board) -> Option<bool> {
        runs::any_swap(board, self.min)
    }

    fn on_planes(&self, view: PlaneView<'_>) -> Option<CellSet> {
        Some(runs::run_cells_on(view, self.min))
    }

    fn on_planes_packed(&self, view: PlaneView<'_>) -> Option<PackedCells> {
        runs::packed_run_cells_on(view, self.min)
    }

    fn stays_on_board(&self) -> bool {
        true
    }
}
