//! What a phase does to obstacles, once in the engine for every variant.
//!
//! Between working out a phase's clear and removing it:
//!
//! 1. a locked piece in the clear is not removed: its lock breaks instead (so it scores
//!    no jelly, collects nothing, fires nothing and hits no crate); from then on it is a
//!    free piece, which falls with this phase's gravity if the cells under it emptied;
//! 2. each cleared cell with jelly loses one layer;
//! 3. each crate loses one health when a cell orthogonally next to it is cleared by a
//!    match (the detected matches and a tap's group), or a blast covers it (a special's
//!    area or a combo's), once per phase whatever the number of reasons; at 0 the cell is
//!    empty and gravity fills it.
//!
//! Gravity treats crates and locked pieces as fixed: they never move, and what is above
//! them rests on them ([`gravity`](crate::gravity)). Refills fill every empty cell,
//! including those under a fixed cell.

use crate::board::{Board, rows_to_set};
use crate::cellset::CellSet;
use crate::layers::Layers;
use crate::piece::Cell;
use crate::pos::Pos;
use crate::trace::{ObstacleEvent, Sink};

/// Obstacles cleared so far in a game: what `jelly` and `crates` goals count.
#[derive(
    Clone, Copy, PartialEq, Eq, Hash, Debug, Default, serde::Serialize, serde::Deserialize,
)]
pub struct Cleared {
    /// Jelly layers removed.
    pub jelly: u32,
    /// Hits crates took (one health each).
    pub crate_hits: u32,
    /// Crates destroyed.
    pub crates: u32,
}

impl Cleared {
    /// Nothing cleared.
    pub const ZERO: Cleared = Cleared {
        jelly: 0,
        crate_hits: 0,
        crates: 0,
    };
}

/// The locked cells of `board`, as a set (empty on a board without obstacles).
pub(crate) fn locked(board: &Board) -> CellSet {
    rows_to_set(board.lock_rows())
}

/// Step 1: takes the locked cells out of `cleared` and breaks their locks.
pub(crate) fn break_locks<S: Sink>(board: &mut Board, cleared: &mut CellSet, sink: &mut S) {
    // Most phases clear no locked cell: a word per row says so.
    let rows = board.lock_rows().iter().enumerate();
    if rows
        .clone()
        .all(|(r, &lock)| lock & cleared.row_bits(r) == 0)
    {
        return;
    }
    let mut hit = locked(board);
    hit.intersect_with(cleared);
    cleared.subtract(&hit);
    for pos in &hit {
        let layers = board.layers(pos);
        board.put_layers(
            pos,
            Layers {
                locked: false,
                ..layers
            },
        );
        let id = board.id(pos).unwrap_or(0);
        sink.obstacle(ObstacleEvent::Unlocked { pos, id });
    }
}

/// Steps 2 and 3: jelly under `cleared`, crates next to `by_match` (cleared cells) or
/// under `blasted`. `by_match` is only worked out on a board with crates.
pub(crate) fn hit<S: Sink>(
    board: &mut Board,
    cleared: &CellSet,
    by_match: impl FnOnce() -> CellSet,
    blasted: &CellSet,
    tally: &mut Cleared,
    sink: &mut S,
) {
    // Row by row, each row's word read before its cells change (a change stays in its
    // row): the cells come out row-major, as a set's would.
    for r in 0..board.rows() {
        let jelly = board.jelly_rows()[r] & cleared.row_bits(r);
        for pos in cells_of_row(r, jelly) {
            let mut layers = board.layers(pos);
            layers.jelly -= 1;
            board.put_layers(pos, layers);
            tally.jelly += 1;
            sink.obstacle(ObstacleEvent::Jelly {
                pos,
                left: layers.jelly,
            });
        }
    }
    // Most obstacle boards have no crate: no neighbours to work out.
    if board.crate_rows().iter().all(|&c| c == 0) {
        return;
    }
    let near = neighbours(board, &by_match());
    for r in 0..board.rows() {
        let crates = (near.row_bits(r) | blasted.row_bits(r)) & board.crate_rows()[r];
        for pos in cells_of_row(r, crates) {
            hit_crate(board, pos, tally, sink);
        }
    }
}

/// The cells of row `r` whose bits are set in `bits`, left to right.
fn cells_of_row(r: usize, mut bits: u32) -> impl Iterator<Item = Pos> {
    std::iter::from_fn(move || {
        let col = bits.trailing_zeros();
        bits &= bits.wrapping_sub(1);
        (col < 32).then(|| Pos::new(r as u8, col as u8))
    })
}

/// One hit on the crate at `pos` (if it is one): a health less, empty at none.
fn hit_crate<S: Sink>(board: &mut Board, pos: Pos, tally: &mut Cleared, sink: &mut S) {
    let Cell::Crate(health) = board.at(pos) else {
        return;
    };
    let health = health.saturating_sub(1);
    let after = if health == 0 {
        tally.crates += 1;
        Cell::Empty
    } else {
        Cell::Crate(health)
    };
    board.set(pos, after, 0).expect("a crate's cell");
    tally.crate_hits += 1;
    sink.obstacle(ObstacleEvent::Crate { pos, health });
}

/// The cells orthogonally next to a cell of `set`, on the board.
fn neighbours(board: &Board, set: &CellSet) -> CellSet {
    let rows = board.rows();
    let full = if board.cols() >= 32 {
        u32::MAX
    } else {
        (1u32 << board.cols()) - 1
    };
    let mut out = CellSet::new();
    for r in 0..rows {
        let bits = set.row_bits(r);
        let above = if r > 0 { set.row_bits(r - 1) } else { 0 };
        let below = if r + 1 < rows { set.row_bits(r + 1) } else { 0 };
        out.set_row_bits(r, ((bits << 1) | (bits >> 1) | above | below) & full);
    }
    out
}

/// Whether `pos` may take part in a swap: it is not locked.
#[inline]
pub(crate) fn is_locked(board: &Board, pos: Pos) -> bool {
    board.has_obstacles() && board.layers(pos).locked
}
