//! Legal swaps for groups of three, for every pair at once.
//!
//! For each colour and each direction a piece can move, the target cells where it lands
//! in a group of three are those with two same-colour neighbours, or one neighbour that
//! has another. The cell it leaves is never counted: it holds the other piece afterwards,
//! and it is next to no neighbour of the target. Pairs of one colour change nothing and
//! are legal only inside a group already. The formula is written once on core's bit
//! planes ([`match3_core::planes`]), for packed and row-word boards alike.

use match3_core::planes::{self, Field, OnPlanes};
use match3_core::{Board, SwapMasks};

struct Masks3;

impl OnPlanes for Masks3 {
    type Output = SwapMasks;
    fn run<F: Field>(
        self,
        f: &F,
        colors: impl Iterator<Item = F::P> + Clone,
        pieces: F::P,
    ) -> SwapMasks {
        let z = f.zero();
        let (mut right, mut down, mut same_right, mut same_down, mut grouped) = (z, z, z, z, z);
        for m in colors {
            if f.is_zero(m) {
                continue;
            }
            let (l, r) = (f.left(m, 1), f.right(m, 1));
            let (u, d) = (f.above(m, 1), f.below(m, 1));
            // A neighbour on each side that has a further same-colour neighbour.
            let far_l = l & (f.left(m, 2) | f.left(u, 1) | f.left(d, 1));
            let far_r = r & (f.right(m, 2) | f.right(u, 1) | f.right(d, 1));
            let far_u = u & (f.above(m, 2) | f.left(u, 1) | f.right(u, 1));
            let far_d = d & (f.below(m, 2) | f.left(d, 1) | f.right(d, 1));
            let two = |a: F::P, b: F::P, c: F::P| (a & b) | (a & c) | (b & c);
            // Targets for a piece arriving from the left, right, above and below.
            let from_left = two(r, u, d) | far_r | far_u | far_d;
            let from_right = two(l, u, d) | far_l | far_u | far_d;
            let from_above = two(d, l, r) | far_d | far_l | far_r;
            let from_below = two(u, l, r) | far_u | far_l | far_r;
            // Keyed by the left / upper cell of the pair.
            right = right | (m & f.right(from_left, 1)) | (r & from_right);
            down = down | (m & f.below(from_above, 1)) | (d & from_below);
            same_right = same_right | (m & r);
            same_down = same_down | (m & d);
            grouped = grouped | planes::groups_of_at_least(f, m, 3);
        }
        let swaps = (right, down, same_right, same_down);
        let (h, v) = planes::legal_pairs(f, pieces, swaps, grouped);
        SwapMasks {
            right: f.to_set(h),
            down: f.to_set(v),
        }
    }
}

/// Every legal swap for groups of three on `board`.
pub fn swap_masks3(board: &Board) -> SwapMasks {
    planes::on_planes(board, Masks3)
}
