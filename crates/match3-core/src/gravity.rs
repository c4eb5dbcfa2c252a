//! Gravity: pieces and blockers settle at the bottom of their columns, past holes, onto
//! fixed cells.

use crate::board::Board;
use crate::pos::Pos;
use crate::trace::Sink;

/// Gravity: in every column, occupied cells (pieces and blockers) keep their order and
/// settle at the bottom, falling past holes and coming to rest on fixed cells (crates and
/// locked pieces, which never move); each move is reported to `sink` as a fall.
pub fn gravity<S: Sink>(board: &mut Board, sink: &mut S) {
    if board.has_obstacles() {
        settle::<true, S>(board, sink);
    } else if let Some(columns) = board.unsettled_columns() {
        // Small boards without holes: the columns to settle in a few word operations.
        if columns != 0 {
            board.settle_plain(columns, |id, from, to| sink.fall(id, from, to));
        }
    } else {
        settle::<false, S>(board, sink);
    }
}

/// [`gravity`], compiled twice: plain boards never look at the obstacle masks.
fn settle<const FIXED: bool, S: Sink>(board: &mut Board, sink: &mut S) {
    // Only columns with an empty cell below something that falls need work: found from
    // the row masks, top down (a fixed cell stops what is above it).
    let mut above = 0u32;
    let mut unsettled = 0u32;
    let mut any_holes = 0u32;
    let mut any_fixed = 0u32;
    let (occupied_rows, holes) = (board.occupied_rows(), board.hole_rows());
    let (locks, crates) = (board.lock_rows(), board.crate_rows());
    for (r, (&o, &h)) in occupied_rows.iter().zip(holes).enumerate() {
        let mut occupied = o;
        if FIXED {
            let fixed = locks[r] | crates[r];
            occupied |= crates[r];
            above &= !fixed;
            unsettled |= above & !(occupied | h);
            above |= occupied & !fixed;
            any_fixed |= fixed;
        } else {
            unsettled |= above & !(occupied | h);
            above |= occupied;
        }
        any_holes |= h;
    }
    if !FIXED && any_holes == 0 {
        if unsettled != 0 {
            board.settle_plain(unsettled, |id, from, to| sink.fall(id, from, to));
        }
        return;
    }
    while unsettled != 0 {
        let col = unsettled.trailing_zeros() as u8;
        unsettled &= unsettled - 1;
        // The lowest cell not yet filled in this pass; holes are stepped over.
        let mut floor = board.rows() as u8;
        for row in (0..board.rows() as u8).rev() {
            let from = Pos::new(row, col);
            if FIXED && any_fixed >> col & 1 == 1 && board.is_fixed(from) {
                floor = row;
                continue;
            }
            let cell = board.at(from);
            if !cell.is_occupied() {
                continue;
            }
            floor -= 1;
            while any_holes >> col & 1 == 1 && board.at(Pos::new(floor, col)).is_hole() {
                floor -= 1;
            }
            if floor != row {
                let to = Pos::new(floor, col);
                let id = board.relocate(from, to);
                sink.fall(id, from, to);
            }
        }
    }
}
