//! Legal swaps for groups of three, for every pair at once.
//!
//! A piece that moves onto a target cell lands in a group of three when two of the
//! target's other neighbours share its colour, or one does and has a further neighbour of
//! that colour. The cell it leaves is never counted: it holds the other piece afterwards,
//! and it is next to no neighbour of the target. Pairs of one colour change nothing and
//! are legal only inside a group already. Colours are compared through core's colour codes
//! ([`planes::ColorCodes`]: a pass per bit of the colour index instead of one per colour),
//! on core's bit planes, for packed and row-word boards alike.

use match3_core::planes::{self, Field, FoundSwaps, OnPlanes, PlaneView};
use match3_core::{Board, PackedSwaps, SwapMasks};

/// Legal swaps for groups of three.
struct Masks3;

impl OnPlanes for Masks3 {
    type Output = FoundSwaps;
    fn run<F: Field>(
        self,
        f: &F,
        colors: impl Iterator<Item = F::P> + Clone,
        pieces: F::P,
    ) -> FoundSwaps {
        // Every colour at once: which cells share their colour with the cell to the right
        // (one and two along), below (one and two), up-right and down-right.
        let a = planes::ColorCodes::new(f, colors).alike(f);
        let (e1, e2, ev, ev2) = (a.right, a.right2, a.down, a.down2);
        let (up_right, down_right) = (a.up_right, a.down_right);
        let at = |x: F::P, rows: i32, cols: i32| {
            let x = match rows {
                r if r < 0 => f.above(x, r.unsigned_abs()),
                r => f.below(x, r as u32),
            };
            match cols {
                c if c < 0 => f.left(x, c.unsigned_abs()),
                c => f.right(x, c as u32),
            }
        };
        let two = |a: F::P, b: F::P, c: F::P| (a & b) | (a & c) | (b & c);
        // `up(r, c)` at the key cell x: the cell at (r, c) from x shares its colour with the
        // cell above it; `down`, `left` and `right` likewise. A neighbour n of the target
        // that matches the moving piece has a further match when one of its own
        // neighbours other than the target does.
        let up = |r: i32, c: i32| at(ev, r - 1, c);
        let down = |r: i32, c: i32| at(ev, r, c);
        let left = |r: i32, c: i32| at(e1, r, c - 1);
        let right = |r: i32, c: i32| at(e1, r, c);
        // The piece of the key cell x moves right onto x+1: its neighbours there are
        // x+2, x-7 and x+9.
        let (a_r, a_u, a_d) = (e2, up_right, down_right);
        let to_right = two(a_r, a_u, a_d)
            | (a_r & (up(0, 2) | down(0, 2) | right(0, 2)))
            | (a_u & (up(-1, 1) | left(-1, 1) | right(-1, 1)))
            | (a_d & (down(1, 1) | left(1, 1) | right(1, 1)));
        // The piece of x+1 moves left onto x: neighbours x-1, x-8 and x+8.
        let (b_l, b_u, b_d) = (at(e2, 0, -1), at(down_right, -1, 0), at(up_right, 1, 0));
        let to_left = two(b_l, b_u, b_d)
            | (b_l & (up(0, -1) | down(0, -1) | left(0, -1)))
            | (b_u & (up(-1, 0) | left(-1, 0) | right(-1, 0)))
            | (b_d & (down(1, 0) | left(1, 0) | right(1, 0)));
        // The piece of x moves down onto x+8: neighbours x+16, x+7 and x+9.
        let (c_d, c_l, c_r) = (ev2, at(up_right, 1, -1), down_right);
        let to_down = two(c_d, c_l, c_r)
            | (c_d & (down(2, 0) | left(2, 0) | right(2, 0)))
            | (c_l & (up(1, -1) | down(1, -1) | left(1, -1)))
            | (c_r & (up(1, 1) | down(1, 1) | right(1, 1)));
        // The piece of x+8 moves up onto x: neighbours x-8, x-1 and x+1.
        let (d_u, d_l, d_r) = (at(ev2, -1, 0), at(down_right, 0, -1), at(up_right, 1, 0));
        let to_up = two(d_u, d_l, d_r)
            | (d_u & (up(-1, 0) | left(-1, 0) | right(-1, 0)))
            | (d_l & (up(0, -1) | down(0, -1) | left(0, -1)))
            | (d_r & (up(0, 1) | down(0, 1) | right(0, 1)));
        let grouped = planes::all_groups3(f, e1, ev);
        let swaps = (to_right | to_left, to_down | to_up, e1, ev);
        let (h, v) = planes::legal_pairs(f, pieces, swaps, grouped);
        FoundSwaps::new(f, h, v)
    }
}

/// Every legal swap for groups of three on `board`.
pub fn swap_masks3(board: &Board) -> SwapMasks {
    planes::on_planes(board, Masks3).into_masks()
}

/// [`swap_masks3`] in the form the board's layout gives (packed on boards up to 8 × 8).
pub fn found_swaps3(board: &Board) -> FoundSwaps {
    found_swaps3_on(PlaneView::of(board))
}

/// [`found_swaps3`] from the planes alone.
pub fn found_swaps3_on(view: PlaneView<'_>) -> FoundSwaps {
    view.visit(Masks3)
}

/// [`swap_masks3`] packed a byte per row, straight from the board's packed planes;
/// `None` on boards bigger than 8 × 8.
pub fn swap_masks3_packed(board: &Board) -> Option<PackedSwaps> {
    planes::on_planes(board, Masks3).into_packed()
}
