//! The jelly a look-ahead on the planes holds: a packed plane of the cells with a layer
//! left and one of those with two ([`MAX_JELLY`]), so that a board whose only obstacle is
//! jelly plays on the planes too, each cleared cell's jelly losing a layer there as on
//! the cells.

use crate::board::Board;
use crate::layers::MAX_JELLY;
use crate::pos::Pos;

// Two planes hold every count a cell can have.
const _: () = assert!(MAX_JELLY == 2);

/// Where jelly is, on a board of at most 64 cells (bit `row * cols + col`).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct JellyPlanes {
    /// Cells with at least one layer.
    one: u64,
    /// Cells with two.
    two: u64,
}

impl JellyPlanes {
    /// The jelly of `board`; none on a board over 64 cells (which the planes never
    /// play).
    #[inline]
    pub(crate) fn of(board: &Board) -> Self {
        // Most boards a look-ahead starts from have never had a layer.
        if !board.has_layers() || board.rows() * board.cols() > 64 {
            return JellyPlanes::default();
        }
        JellyPlanes::of_layers(board)
    }

    /// [`of`](JellyPlanes::of) on a board with layers.
    #[inline(never)]
    fn of_layers(board: &Board) -> Self {
        let cols = board.cols();
        let mut planes = JellyPlanes::default();
        for (r, &row) in board.jelly_rows().iter().enumerate() {
            let mut bits = row;
            while bits != 0 {
                let c = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let bit = 1u64 << (r * cols + c);
                planes.one |= bit;
                if board.layers(Pos::new(r as u8, c as u8)).jelly >= 2 {
                    planes.two |= bit;
                }
            }
        }
        planes
    }

    /// Takes a layer off every cell of `cleared` that has one; the layers taken.
    #[inline]
    pub(crate) fn hit(&mut self, cleared: u64) -> u32 {
        let hit = self.one & cleared;
        if hit == 0 {
            return 0;
        }
        // A cell with two layers keeps one.
        self.one = self.one & !cleared | self.two & cleared;
        self.two &= !cleared;
        hit.count_ones()
    }

    /// Jelly layers left.
    pub(crate) fn left(&self) -> u32 {
        self.one.count_ones() + self.two.count_ones()
    }
}
