//! [`Squares`]: 2×2 squares of one colour, with their legal swaps worked out for every
//! pair at once on the bit planes.

use crate::board::Board;
use crate::cellset::CellSet;
use crate::planes::{self, Field, FoundSwaps, OnPlanes, PackedCells, PlaneView};
use crate::pos::Pos;

use super::detection::Detect;
use super::plane_rule::{PlaneRule, Planes};

/// 2×2 squares of one colour: every cell of a square matches. A [`PlaneRule`] (so
/// `Planes(Squares)` is a detection too), and a [`Detect`] of its own whose legal swaps
/// come from one formula per colour instead of one judgement per pair.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Squares;

impl PlaneRule for Squares {
    fn matched<F: Field>(&self, f: &F, m: F::P) -> F::P {
        // Top-left corners of a square, then the square grown from each.
        let corners = m & f.right(m, 1) & f.below(m, 1) & f.right(f.below(m, 1), 1);
        let across = corners | f.left(corners, 1);
        across | f.above(across, 1)
    }
}

impl Detect for Squares {
    fn find_matches(&self, board: &Board) -> CellSet {
        Planes(Squares).find_matches(board)
    }

    fn in_match(&self, board: &Board, pos: Pos) -> Option<bool> {
        Planes(Squares).in_match(board, pos)
    }

    fn swap_matches(&self, board: &Board, a: Pos, b: Pos) -> Option<bool> {
        Planes(Squares).swap_matches(board, a, b)
    }

    fn match_swaps(&self, board: &Board) -> Option<FoundSwaps> {
        self.swaps_on_planes(PlaneView::of(board))
    }

    fn swaps_on_planes(&self, view: PlaneView<'_>) -> Option<FoundSwaps> {
        Some(view.visit(SquareSwaps))
    }

    fn any_match_swap(&self, board: &Board) -> Option<bool> {
        Some(
            !planes::on_planes(board, SquareSwaps)
                .into_masks()
                .is_empty(),
        )
    }

    fn on_planes(&self, view: PlaneView<'_>) -> Option<CellSet> {
        Planes(Squares).on_planes(view)
    }

    fn on_planes_packed(&self, view: PlaneView<'_>) -> Option<PackedCells> {
        Planes(Squares).on_planes_packed(view)
    }

    fn stays_on_board(&self) -> bool {
        true
    }
}

/// Every swap that completes a square: keyed by the left (upper) cell of the pair.
struct SquareSwaps;

impl OnPlanes for SquareSwaps {
    type Output = FoundSwaps;
    fn run<F: Field>(
        self,
        f: &F,
        colors: impl Iterator<Item = F::P> + Clone,
        pieces: F::P,
    ) -> FoundSwaps {
        let z = f.zero();
        let (mut right, mut down, mut same_right, mut same_down, mut matched) = (z, z, z, z, z);
        for p in colors {
            if f.is_zero(p) {
                continue;
            }
            let (r, d) = completions(f, p);
            right = right | r;
            down = down | d;
            same_right = same_right | (p & f.right(p, 1));
            same_down = same_down | (p & f.below(p, 1));
            matched = matched | Squares.matched(f, p);
        }
        let swaps = (right, down, same_right, same_down);
        let (h, v) = planes::legal_pairs(f, pieces, swaps, matched);
        FoundSwaps::new(f, h, v)
    }
}

/// The pairs where a piece of plane `p` moved across the pair completes a square at its
/// new cell without the cell it left: `(with the right neighbour, with the lower one)`,
/// keyed by the left (upper) cell.
#[inline]
fn completions<F: Field>(f: &F, p: F::P) -> (F::P, F::P) {
    let (up, down1, down2) = (f.above(p, 1), f.below(p, 1), f.below(p, 2));
    // x's piece moves right onto x+1: a square above-right or below-right of x+1.
    let above_right = f.right(up, 1) & f.right(up, 2) & f.right(p, 2);
    let below_right = f.right(p, 2) & f.right(down1, 1) & f.right(down1, 2);
    let to_right = p & (above_right | below_right);
    // x+1's piece moves left onto x: a square above-left or below-left of x.
    let above_left = f.left(up, 1) & up & f.left(p, 1);
    let below_left = f.left(p, 1) & f.left(down1, 1) & down1;
    let to_left = f.right(p, 1) & (above_left | below_left);
    // x's piece moves down onto the cell below: a square below-left or below-right of it.
    let under_left = f.left(down1, 1) & f.left(down2, 1) & down2;
    let under_right = f.right(down1, 1) & down2 & f.right(down2, 1);
    let to_down = p & (under_left | under_right);
    // The lower piece moves up onto x: a square above-left or above-right of x.
    let above_right_x = up & f.right(up, 1) & f.right(p, 1);
    let to_up = down1 & (above_left | above_right_x);
    (to_right | to_left, to_down | to_up)
}
