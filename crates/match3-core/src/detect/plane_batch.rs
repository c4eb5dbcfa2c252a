//! Legal swaps of a [`PlaneRule`] that declares its [reach](PlaneRule::reach), derived in
//! bulk on a board of at most 64 cells: per colour, the swaps that move it along a row
//! and along a column are packed into batches far enough apart that none sees another's
//! move, and the rule judges two batches per evaluation (see [`judge_two`]) instead of
//! one swap.
//!
//! A swap of two cells of which only one holds colour `c` changes `c`'s plane in those
//! two cells: toggling both moves the piece. Its landing cell's match depends only on
//! the cells within `reach` rows and columns of it, so several such swaps can be made on
//! one copy of the plane at once, provided none of them touches a cell within reach of
//! another's: one evaluation then answers them all. A swap is named by its left (upper)
//! cell, as in the legal-swap masks; the batches are picked greedily in row-major order,
//! each swap ruling out the others of its conflict box, from tables (shared ones for the
//! 8 × 8 board), so nothing is allocated.

use super::plane_pair::judge_two;
use super::plane_rule::PlaneRule;
use crate::planes::Field;

/// For each cell of a packed board, the swaps (by left or upper cell) that a swap there
/// leaves free for its batch (all but its conflict box): for swaps along a row, then
/// along a column.
pub(super) type Keep = [[u64; 64]; 2];

/// [`Keep`] of a rule without a reach: every swap conflicts with every other.
static ALONE: Keep = [[0; 64]; 2];

/// [`Keep`] of the 8 × 8 board for reaches 0 to 7 (from 7 on, a box spans the board).
static EIGHT: [Keep; 8] = {
    let mut out = [[[0; 64]; 2]; 8];
    let mut reach = 0;
    while reach < 8 {
        out[reach as usize] = Shape::new(8, 8).build(reach);
        reach += 1;
    }
    out
};

/// A packed board's shape (at most 64 cells, row-major), for the conflict boxes.
#[derive(Clone, Copy, Debug)]
pub(super) struct Shape {
    rows: u32,
    cols: u32,
}

impl Shape {
    /// The shape of a board of `rows` × `cols` cells.
    pub(super) const fn new(rows: u32, cols: u32) -> Self {
        Shape { rows, cols }
    }

    /// The conflict tables for a rule of `reach` (without one, a swap per batch): shared
    /// ones on the 8 × 8 board, else built into `built`.
    pub(super) fn keep(self, reach: Option<u32>, built: &mut Option<Keep>) -> &Keep {
        match reach {
            None => &ALONE,
            Some(reach) if (self.rows, self.cols) == (8, 8) => &EIGHT[reach.min(7) as usize],
            Some(reach) => built.insert(self.build(reach)),
        }
    }

    /// Two swaps conflict when one's cells lie within `reach` of the other's: the box is
    /// `reach` cells around the swap's first cell, one longer along the swap.
    const fn build(self, reach: u32) -> Keep {
        let long = reach.saturating_add(1);
        [self.boxes(reach, long), self.boxes(long, reach)]
    }

    /// For each cell, the cells more than `dr` rows or `dc` columns away from it.
    const fn boxes(self, dr: u32, dc: u32) -> [u64; 64] {
        let (rows, cols) = (self.rows, self.cols);
        let mut col0 = 0u64;
        let mut r = 0;
        while r < rows {
            col0 |= 1 << (r * cols);
            r += 1;
        }
        let mut keep = [u64::MAX; 64];
        let mut r = 0;
        while r < rows {
            let last = if r.saturating_add(dr) < rows {
                r + dr
            } else {
                rows - 1
            };
            let band = below((last + 1) * cols) & !below(r.saturating_sub(dr) * cols);
            let mut c = 0;
            while c < cols {
                let end = if c.saturating_add(dc) < cols {
                    c + dc
                } else {
                    cols - 1
                };
                let columns = below(end + 1) & !below(c.saturating_sub(dc));
                keep[(r * cols + c) as usize] = !(band & columns.wrapping_mul(col0));
                c += 1;
            }
            r += 1;
        }
        keep
    }
}

/// The bits below bit `bit`.
const fn below(bit: u32) -> u64 {
    if bit >= 64 { u64::MAX } else { (1 << bit) - 1 }
}

/// The next batch of swaps out of `rest`: the first one left, then each next one its
/// predecessors leave free.
#[inline(always)]
fn take(keep: &[u64; 64], rest: &mut u64) -> u64 {
    let (mut free, mut batch) = (*rest, 0u64);
    while free != 0 {
        let i = free.trailing_zeros();
        batch |= 1 << i;
        free &= keep[i as usize & 63];
    }
    *rest ^= batch;
    batch
}

/// A rule of known reach, judged in batches on one packed layout.
pub(super) struct Batches<'a, F, T> {
    rule: &'a T,
    f: &'a F,
    keep: &'a Keep,
    /// Stop once one legal swap is found.
    first: bool,
}

impl<'a, F: Field<P = u64>, T: PlaneRule> Batches<'a, F, T> {
    /// Batches for `rule` on layout `f`, with the conflict tables `keep` of its reach.
    pub(super) fn new(rule: &'a T, f: &'a F, keep: &'a Keep, first: bool) -> Self {
        Batches {
            rule,
            f,
            keep,
            first,
        }
    }

    /// The legal swaps with the right and with the lower neighbour among the pairs of
    /// different colours, keyed by the left or upper cell's bit (with `first`, only
    /// those found until one is). `planes` are the colour planes, `pieces` the cells
    /// holding a piece.
    pub(super) fn moved_in(&self, planes: &[u64], pieces: u64) -> [u64; 2] {
        let f = self.f;
        let pairs = [pieces & f.right(pieces, 1), pieces & f.below(pieces, 1)];
        let mut keyed = [0u64; 2];
        for &plane in planes {
            if plane == 0 {
                continue;
            }
            // The swaps that move the colour: one cell of the pair holds it, the other
            // not; leaving out swaps already found legal through the other piece.
            let across = pairs[0] & (plane ^ f.right(plane, 1)) & !keyed[0];
            keyed[0] |= self.axis::<false>(plane, across);
            if self.first && keyed != [0, 0] {
                return keyed;
            }
            let down = pairs[1] & (plane ^ f.below(plane, 1)) & !keyed[1];
            keyed[1] |= self.axis::<true>(plane, down);
            if self.first && keyed != [0, 0] {
                return keyed;
            }
        }
        keyed
    }

    /// Of one colour's `plane`, the swaps in `rest` (along a row, or `DOWN` a column)
    /// that put the colour in a match where it lands, judged two batches at a time.
    #[inline(always)]
    fn axis<const DOWN: bool>(&self, plane: u64, mut rest: u64) -> u64 {
        let f = self.f;
        let keep = &self.keep[usize::from(DOWN)];
        // A swap's second cell: right of (below) its first.
        let second = |x| if DOWN { f.above(x, 1) } else { f.left(x, 1) };
        let first = |x| if DOWN { f.below(x, 1) } else { f.right(x, 1) };
        let mut keyed = 0;
        while rest != 0 {
            let batches = [take(keep, &mut rest), take(keep, &mut rest)];
            let moved = batches.map(|batch| plane ^ batch ^ second(batch));
            let matched = judge_two(self.rule, f, moved);
            for ((m, q), batch) in matched.into_iter().zip(moved).zip(batches) {
                // Where the piece landed: the cell of the pair now in the plane.
                let landed = m & q;
                keyed |= batch & (landed | first(landed));
            }
            if self.first && keyed != 0 {
                break;
            }
        }
        keyed
    }
}

/// Every colour's matched cells on packed `planes`, two colours per evaluation.
#[inline]
pub(super) fn all_matched<F: Field<P = u64>, T: PlaneRule>(rule: &T, f: &F, planes: &[u64]) -> u64 {
    planes.chunks(2).fold(0, |acc, two| {
        let pair = [two[0], two.get(1).copied().unwrap_or(0)];
        if pair == [0, 0] {
            return acc;
        }
        // Only each plane's own cells: a rule's stray bits never leave the board, and a
        // colour absent from the board matches nothing.
        let [a, b] = judge_two(rule, f, pair);
        acc | (a & pair[0]) | (b & pair[1])
    })
}
