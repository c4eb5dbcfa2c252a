//! Shuffle on deadlock: when a turn leaves no legal move, the movable pieces are permuted
//! (ids travel with them; blockers, holes, crates and locked pieces stay) until the board
//! has no match and a legal move, within [`SHUFFLE_TRIES`] seeded tries.

use crate::board::Board;
use crate::legal::{any_legal_move, has_match};
use crate::level::SHUFFLE_TRIES;
use crate::obstacles::is_locked;
use crate::piece::Cell;
use crate::pos::Pos;
use crate::rules::Rules;
use crate::trace::{Moved, Sink};

use super::Snapshot;

/// A movable piece as the shuffle found it: its position, the piece (as a cell) and its id.
type Spot = (Pos, Cell, u32);

impl Snapshot {
    /// Shuffles the board with the game's generator; reports the moves to `sink` and
    /// returns `true` on success. On failure the board is as it was (the generator has
    /// advanced).
    // Rare (a deadlock): kept out of line so the turn loop stays small.
    #[cold]
    #[inline(never)]
    pub(super) fn shuffle<R: Rules + ?Sized, S: Sink>(&mut self, rules: &R, sink: &mut S) -> bool {
        let board = &mut self.board;
        // Locked pieces stay where they are. Row-major, so `order` below is by origin.
        let mut spots: Vec<Spot> = Vec::with_capacity(board.size().cells());
        spots.extend(
            (board.pieces())
                .filter(|&(pos, _, _)| !is_locked(board, pos))
                .map(|(pos, piece, id)| (pos, Cell::Piece(piece), id)),
        );
        if spots.len() < 2 {
            return false;
        }
        let mut order: Vec<usize> = (0..spots.len()).collect();
        for _ in 0..SHUFFLE_TRIES {
            self.rng.shuffle(&mut order);
            // Each try moves the cells (and their masks) only; the ids follow once.
            arrange(board, &spots, order.iter().copied());
            if !has_match(rules, board) && any_legal_move(rules, board) {
                for (&(to, _, _), &k) in spots.iter().zip(&order) {
                    board.put_id(to, spots[k].2);
                }
                sink.shuffled(&moved(&spots, &order), board);
                return true;
            }
        }
        arrange(board, &spots, 0..spots.len());
        false
    }
}

/// Puts on each spot the piece of the spot `from` names for it.
fn arrange(board: &mut Board, spots: &[Spot], from: impl Iterator<Item = usize>) {
    for (&(to, _, _), k) in spots.iter().zip(from) {
        board.put_piece_keeping_id(to, spots[k].1);
    }
}

/// The pieces that moved when spot `j` took the piece of spot `order[j]`, by where each
/// came from (as the trace lists them).
fn moved(spots: &[Spot], order: &[usize]) -> Vec<Moved> {
    let mut to = vec![0; spots.len()];
    for (j, &k) in order.iter().enumerate() {
        to[k] = j;
    }
    let mut moved = Vec::with_capacity(spots.len());
    moved.extend(
        (spots.iter().zip(&to))
            .filter(|&(&(from, _, _), &j)| spots[j].0 != from)
            .map(|(&(from, _, id), &j)| Moved {
                id,
                from,
                to: spots[j].0,
            }),
    );
    moved
}
