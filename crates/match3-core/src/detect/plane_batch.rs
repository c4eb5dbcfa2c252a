//! Legal swaps of a [`PlaneRule`] that declares its [reach](PlaneRule::reach), derived in
//! bulk on a board of at most 64 cells: per colour, the cells the colour can move into
//! along a row (from either side) and along a column are packed into batches far enough
//! apart that no candidate sees another's move, and the rule runs once per batch instead
//! of once per swap.
//!
//! A swap that moves colour `c` from cell `b` into its neighbour `a` changes `c`'s plane
//! in two cells: `a` joins it and `b` leaves it. If `a`'s match depends only on the cells
//! within `reach` rows and columns of it, several such moves can be made on one copy of
//! the plane at once, provided none of them touches a cell within reach of another's `a`:
//! one evaluation then answers them all. The batches are picked greedily in row-major
//! order; the conflict boxes are tables on the stack, so nothing is allocated.

use super::plane_rule::PlaneRule;
use crate::planes::Field;

/// A packed board's shape, for the conflict boxes of the batches.
#[derive(Clone, Copy, Debug)]
pub(super) struct Shape {
    rows: u32,
    cols: u32,
}

impl Shape {
    /// The shape of a board of `rows` × `cols` cells (at most 64), packed row-major.
    pub(super) fn new(rows: u32, cols: u32) -> Self {
        Shape { rows, cols }
    }
}

/// The cells near each cell of a packed board, as the band of rows and the band of
/// columns around it: a cell's box is `rows[i / cols] & cols[i % cols]`.
struct Boxes {
    rows: [u64; 64],
    cols: [u64; 64],
    width: u32,
}

impl Boxes {
    /// The boxes reaching `dr` rows and `dc` columns out from their cell.
    fn new(shape: Shape, dr: u32, dc: u32) -> Self {
        let below = |bit: u32| 1u64.checked_shl(bit).map_or(u64::MAX, |b| b - 1);
        let (mut rows, mut cols) = ([0u64; 64], [0u64; 64]);
        let mut col0 = 0u64;
        for r in 0..shape.rows {
            col0 |= 1 << (r * shape.cols);
            let (r0, r1) = (
                r.saturating_sub(dr),
                r.saturating_add(dr).min(shape.rows - 1),
            );
            rows[r as usize] = below((r1 + 1) * shape.cols) & !below(r0 * shape.cols);
        }
        for c in 0..shape.cols {
            let (c0, c1) = (
                c.saturating_sub(dc),
                c.saturating_add(dc).min(shape.cols - 1),
            );
            cols[c as usize] = (below(c1 + 1) & !below(c0)).wrapping_mul(col0);
        }
        Boxes {
            rows,
            cols,
            width: shape.cols,
        }
    }

    /// The box around bit `i`.
    #[inline]
    fn around(&self, i: u32) -> u64 {
        let (r, c) = (i / self.width, i % self.width);
        self.rows[r as usize & 63] & self.cols[c as usize & 63]
    }
}

/// A rule of known reach, judged in batches on one packed layout.
pub(super) struct Batches<'a, F, T> {
    rule: &'a T,
    f: &'a F,
    /// Stop once one legal swap is found.
    first: bool,
    /// Conflict boxes for moves along a row, and along a column: two candidates
    /// interfere when one's moved cells (itself and its source, a step to its side) lie
    /// within reach of the other, so the box is a cell longer along the move.
    across: Boxes,
    down: Boxes,
}

impl<'a, F: Field<P = u64>, T: PlaneRule> Batches<'a, F, T> {
    /// Batches for `rule` of `reach` on layout `f` of `shape`.
    pub(super) fn new(rule: &'a T, (f, shape): (&'a F, Shape), reach: u32, first: bool) -> Self {
        Batches {
            rule,
            f,
            first,
            across: Boxes::new(shape, reach, reach.saturating_add(1)),
            down: Boxes::new(shape, reach.saturating_add(1), reach),
        }
    }

    /// The legal swaps with the right and with the lower neighbour among the pairs of
    /// different colours, keyed by the left or upper cell's bit (with `first`, only
    /// those found until one is). `planes` are the colour planes, `pieces` the cells
    /// holding a piece.
    pub(super) fn moved_in(&self, planes: &[u64], pieces: u64) -> [u64; 2] {
        let f = self.f;
        let mut keyed = [0u64; 2];
        for &plane in planes {
            if plane == 0 {
                continue;
            }
            // The cells the colour can move into: from their right or left neighbour,
            // from below or above.
            let free = pieces & !plane;
            let across = [f.right(plane, 1) & free, f.left(plane, 1) & free];
            let [from_right, from_left] = self.batched(plane, across, true);
            keyed[0] |= from_right | f.right(from_left, 1);
            if self.first && keyed != [0, 0] {
                return keyed;
            }
            let down = [f.below(plane, 1) & free, f.above(plane, 1) & free];
            let [from_below, from_above] = self.batched(plane, down, false);
            keyed[1] |= from_below | f.below(from_above, 1);
            if self.first && keyed != [0, 0] {
                return keyed;
            }
        }
        keyed
    }

    /// Of one colour's `plane`, the `candidates` that match once the colour moves in
    /// from the right and from the left (or, not `across`, from below and from above),
    /// judged a batch of candidates that cannot see each other's moves at a time.
    #[inline]
    fn batched(&self, plane: u64, candidates: [u64; 2], across: bool) -> [u64; 2] {
        let f = self.f;
        let boxes = if across { &self.across } else { &self.down };
        let (mut rest, mut hits) = (candidates, [0u64; 2]);
        while rest[0] | rest[1] != 0 {
            let (mut batch, mut free) = ([0u64; 2], rest[0] | rest[1]);
            while free != 0 {
                let i = free.trailing_zeros();
                let side = usize::from(rest[0] >> i & 1 == 0);
                batch[side] |= 1 << i;
                free &= !boxes.around(i);
            }
            rest = [rest[0] & !batch[0], rest[1] & !batch[1]];
            let (sources, both) = if across {
                (
                    f.left(batch[0], 1) | f.right(batch[1], 1),
                    batch[0] | batch[1],
                )
            } else {
                (
                    f.above(batch[0], 1) | f.below(batch[1], 1),
                    batch[0] | batch[1],
                )
            };
            let matched = self.rule.matched(f, (plane & !sources) | both);
            hits = [
                hits[0] | (matched & batch[0]),
                hits[1] | (matched & batch[1]),
            ];
            if self.first && hits != [0, 0] {
                break;
            }
        }
        hits
    }
}
