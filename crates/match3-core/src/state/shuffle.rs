//! Shuffle on deadlock: when a turn leaves no legal move, the movable pieces are permuted
//! (ids travel with them; blockers, holes, crates and locked pieces stay) until the board
//! has no match and a legal move, within [`SHUFFLE_TRIES`] seeded tries.

use crate::legal::{any_legal_move, has_match};
use crate::level::SHUFFLE_TRIES;
use crate::obstacles::is_locked;
use crate::piece::Cell;
use crate::pos::Pos;
use crate::rules::Rules;
use crate::trace::{Moved, Sink};

use super::Snapshot;

impl Snapshot {
    /// Shuffles the board with the game's generator; reports the moves to `sink` and
    /// returns `true` on success. On failure the board is as it was (the generator has
    /// advanced).
    // Rare (a deadlock): kept out of line so the turn loop stays small.
    #[cold]
    #[inline(never)]
    pub(super) fn shuffle<R: Rules + ?Sized, S: Sink>(&mut self, rules: &R, sink: &mut S) -> bool {
        let board = &mut self.board;
        // Locked pieces stay where they are.
        let spots: Vec<Pos> = (board.pieces())
            .map(|(pos, _, _)| pos)
            .filter(|&pos| !is_locked(board, pos))
            .collect();
        if spots.len() < 2 {
            return false;
        }
        let original: Vec<(Cell, u32)> = spots
            .iter()
            .map(|&pos| (board.at(pos), board.id(pos).unwrap_or(0)))
            .collect();
        let mut order: Vec<usize> = (0..spots.len()).collect();
        for _ in 0..SHUFFLE_TRIES {
            self.rng.shuffle(&mut order);
            board.put_pieces(spots.iter().zip(&order).map(|(&pos, &k)| {
                let (cell, id) = original[k];
                (pos, cell, id)
            }));
            if !has_match(rules, board) && any_legal_move(rules, board) {
                // By where each piece came from: `spots` is in row-major order.
                let mut by_from = vec![None; spots.len()];
                for (&to, &k) in spots.iter().zip(&order).filter(|&(&to, &k)| spots[k] != to) {
                    let (id, from) = (original[k].1, spots[k]);
                    by_from[k] = Some(Moved { id, from, to });
                }
                let moves: Vec<Moved> = by_from.into_iter().flatten().collect();
                sink.shuffled(&moves, board);
                return true;
            }
        }
        board.put_pieces(
            spots
                .iter()
                .zip(&original)
                .map(|(&pos, &(cell, id))| (pos, cell, id)),
        );
        false
    }
}
