//! The cells a look-ahead on the planes holds fixed: locked pieces and crates (with
//! their health), packed, so that a board with locks and crates plays on the planes too,
//! as the cells play it (see [`obstacles`](crate::obstacles)): a clear breaks the locks
//! it reaches instead of taking their pieces, a match beside a crate or a blast over it
//! takes a health, and gravity goes round both.

use crate::board::Board;
use crate::piece::Cell;
use crate::pos::Pos;

/// Locks and crates on a board of at most 64 cells (bit `row * cols + col`).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct FixedPlanes {
    /// Cells whose piece is locked.
    locks: u64,
    /// Crates (any health).
    crates: u64,
    /// Crates with two health or more, and with three.
    two: u64,
    three: u64,
}

/// What a phase's hits did to the crates.
pub(crate) struct CrateHits {
    /// Crates hit (a health each).
    pub(crate) hit: u32,
    /// The crates gone, packed: their cells are empty now.
    pub(crate) gone: u64,
}

impl FixedPlanes {
    /// The locks and crates of `board`; `None` when the planes cannot hold them: a crate
    /// with more health than three, or a board over 64 cells, or one with holes (pieces
    /// fall past holes on the planes, not round fixed cells), that has any.
    #[inline]
    pub(crate) fn of(board: &Board) -> Option<Self> {
        // Most boards a look-ahead starts from have no lock and no crate.
        let none = |rows: &[u32]| rows.iter().all(|&row| row == 0);
        if !board.has_obstacles() || none(board.lock_rows()) && none(board.crate_rows()) {
            return Some(FixedPlanes::default());
        }
        FixedPlanes::of_obstacles(board)
    }

    /// [`of`](FixedPlanes::of) on a board with a lock or a crate.
    #[inline(never)]
    fn of_obstacles(board: &Board) -> Option<Self> {
        let (rows, cols) = (board.rows(), board.cols());
        if rows * cols > 64 || board.hole_rows().iter().any(|&row| row != 0) {
            return None;
        }
        let mut planes = FixedPlanes {
            locks: crate::packed::pack_rows(board.lock_rows(), cols),
            crates: crate::packed::pack_rows(board.crate_rows(), cols),
            ..FixedPlanes::default()
        };
        let mut crates = planes.crates;
        while crates != 0 {
            let i = crates.trailing_zeros() as usize;
            crates &= crates - 1;
            let Cell::Crate(health) = board.at(Pos::new((i / cols) as u8, (i % cols) as u8)) else {
                unreachable!("a crate row's bit is a crate");
            };
            match health {
                0 | 1 => {}
                2 => planes.two |= 1 << i,
                3 => (planes.two, planes.three) = (planes.two | 1 << i, planes.three | 1 << i),
                _ => return None,
            }
        }
        Some(planes)
    }

    /// The fixed cells: locked pieces and crates.
    #[inline]
    pub(crate) fn cells(&self) -> u64 {
        self.locks | self.crates
    }

    /// The locked cells.
    #[inline]
    pub(crate) fn locks(&self) -> u64 {
        self.locks
    }

    /// The crates.
    #[inline]
    pub(crate) fn crates(&self) -> u64 {
        self.crates
    }

    /// Breaks the locks of the cells in `cleared` and takes those cells out of it: their
    /// pieces stay, free from now on.
    #[inline]
    pub(crate) fn unlock(&mut self, cleared: &mut u64) {
        let broken = self.locks & *cleared;
        // Most clears reach no lock: nothing to write.
        if broken != 0 {
            self.locks ^= broken;
            *cleared ^= broken;
        }
    }

    /// A health off every crate in `hits`; a crate with one left (or none) is gone.
    pub(crate) fn hit(&mut self, hits: u64) -> CrateHits {
        let hits = hits & self.crates;
        let gone = hits & !self.two;
        self.crates &= !gone;
        self.two = self.two & !hits | self.three & hits;
        self.three &= !hits;
        CrateHits {
            hit: hits.count_ones(),
            gone,
        }
    }

    /// Crates left.
    pub(crate) fn crates_left(&self) -> u32 {
        self.crates.count_ones()
    }
}
