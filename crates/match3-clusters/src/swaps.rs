//! Legal swaps for groups of three, for every pair at once.
//!
//! For each colour and each direction a piece can move, the target cells where it lands
//! in a group of three are those with two same-colour neighbours, or one neighbour that
//! has another. The cell it leaves is never counted: it holds the other piece afterwards,
//! and it is next to no neighbour of the target. Pairs of one colour change nothing and
//! are legal only inside a group already. The same formula runs on packed `u64` planes
//! (boards of at most 64 cells) and on one `u32` word per row (bigger boards), through
//! a small `Field` trait.

use std::ops::{BitAnd, BitOr, Not};

use match3_core::packed::Geometry;
use match3_core::{Board, CellSet, Color, MAX_SIDE, SwapMasks};

/// A set of cells with neighbour shifts: bit `c` of `left(x, k)` is bit `c - k` of `x` in
/// the same row; `above(x, k)` moves row `r - k` to row `r`, and so on.
trait Field {
    type P: Copy
        + PartialEq
        + BitAnd<Output = Self::P>
        + BitOr<Output = Self::P>
        + Not<Output = Self::P>;
    fn zero(&self) -> Self::P;
    fn left(&self, x: Self::P, k: u32) -> Self::P;
    fn right(&self, x: Self::P, k: u32) -> Self::P;
    fn above(&self, x: Self::P, k: u32) -> Self::P;
    fn below(&self, x: Self::P, k: u32) -> Self::P;
    fn to_set(&self, x: Self::P) -> CellSet;
}

impl Field for Geometry {
    type P = u64;
    fn zero(&self) -> u64 {
        0
    }
    fn left(&self, x: u64, k: u32) -> u64 {
        self.from_left(x, k)
    }
    fn right(&self, x: u64, k: u32) -> u64 {
        self.from_right(x, k)
    }
    fn above(&self, x: u64, k: u32) -> u64 {
        self.from_above(x, k)
    }
    fn below(&self, x: u64, k: u32) -> u64 {
        self.from_below(x, k)
    }
    fn to_set(&self, x: u64) -> CellSet {
        Geometry::to_set(self, x)
    }
}

/// One word per row; rows past the board stay zero.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Rows([u32; MAX_SIDE]);

impl BitAnd for Rows {
    type Output = Rows;
    fn bitand(self, o: Rows) -> Rows {
        Rows(std::array::from_fn(|i| self.0[i] & o.0[i]))
    }
}

impl BitOr for Rows {
    type Output = Rows;
    fn bitor(self, o: Rows) -> Rows {
        Rows(std::array::from_fn(|i| self.0[i] | o.0[i]))
    }
}

impl Not for Rows {
    type Output = Rows;
    fn not(self) -> Rows {
        Rows(std::array::from_fn(|i| !self.0[i]))
    }
}

/// Board dimensions for [`Rows`].
struct RowField {
    rows: usize,
    cols_mask: u32,
}

impl Field for RowField {
    type P = Rows;
    fn zero(&self) -> Rows {
        Rows([0; MAX_SIDE])
    }
    fn left(&self, x: Rows, k: u32) -> Rows {
        Rows(std::array::from_fn(|i| (x.0[i] << k) & self.cols_mask))
    }
    fn right(&self, x: Rows, k: u32) -> Rows {
        Rows(std::array::from_fn(|i| x.0[i] >> k))
    }
    fn above(&self, x: Rows, k: u32) -> Rows {
        let k = k as usize;
        Rows(std::array::from_fn(|i| {
            if i >= k && i < self.rows {
                x.0[i - k]
            } else {
                0
            }
        }))
    }
    fn below(&self, x: Rows, k: u32) -> Rows {
        let k = k as usize;
        Rows(std::array::from_fn(|i| {
            if i + k < self.rows { x.0[i + k] } else { 0 }
        }))
    }
    fn to_set(&self, x: Rows) -> CellSet {
        let mut set = CellSet::new();
        for (r, &w) in x.0[..self.rows].iter().enumerate() {
            set.set_row_bits(r, w);
        }
        set
    }
}

/// The cells of `m` in groups of three or more: seeds (two same-colour neighbours) grown
/// inside `m`.
fn groups3<F: Field>(f: &F, m: F::P) -> F::P {
    let (l, r, u, d) = (f.left(m, 1), f.right(m, 1), f.above(m, 1), f.below(m, 1));
    let mut group = m & (((l | r) & (u | d)) | (l & r) | (u & d));
    loop {
        let next =
            (group | f.left(group, 1) | f.right(group, 1) | f.above(group, 1) | f.below(group, 1))
                & m;
        if next == group {
            return group;
        }
        group = next;
    }
}

fn masks3<F: Field>(f: &F, planes: impl Iterator<Item = F::P>, pieces: F::P) -> SwapMasks {
    let z = f.zero();
    let (mut right, mut down, mut same_right, mut same_down, mut grouped) = (z, z, z, z, z);
    for m in planes {
        if m == z {
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
        grouped = grouped | groups3(f, m);
    }
    let pairs_right = pieces & f.right(pieces, 1);
    let pairs_down = pieces & f.below(pieces, 1);
    let group_right = grouped | f.right(grouped, 1);
    let group_down = grouped | f.below(grouped, 1);
    let h = ((right & !same_right) | (same_right & group_right)) & pairs_right;
    let v = ((down & !same_down) | (same_down & group_down)) & pairs_down;
    SwapMasks {
        right: f.to_set(h),
        down: f.to_set(v),
    }
}

/// Every legal swap for groups of three on `board`.
pub fn swap_masks3(board: &Board) -> SwapMasks {
    if let (Some(g), Some(planes), Some(pieces)) = (
        board.geometry(),
        board.packed_colors(),
        board.packed_pieces(),
    ) {
        return masks3(g, planes.iter().copied(), pieces);
    }
    let rows = board.rows();
    let field = RowField {
        rows,
        cols_mask: if board.cols() >= 32 {
            u32::MAX
        } else {
            (1 << board.cols()) - 1
        },
    };
    let to_rows = |src: &[u32]| {
        let mut w = [0u32; MAX_SIDE];
        w[..rows].copy_from_slice(&src[..rows]);
        Rows(w)
    };
    let planes = (0..board.color_planes())
        .map(|c| to_rows(board.color_rows(Color::new(c as u8).expect("planes are colours"))));
    masks3(&field, planes, to_rows(board.piece_rows()))
}
