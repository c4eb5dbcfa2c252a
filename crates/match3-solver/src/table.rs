//! The transposition table: what the search already knows about a position.

use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};

use match3_core::{Goal, Move, Snapshot};

/// A position, as far as the rest of the game is concerned: the cells and their layers
/// (not the ids, which never change what a move does), the generator (random blast
/// targets), the refill policy's words and the next piece. Score and move count are left
/// out: the search stores what is still to come, which does not depend on them. A level's
/// goals add how far each still has to go (progress capped at what the goal needs: past
/// that, more makes no difference). A score search under a move limit adds the moves
/// played, since what is still to score depends on the moves still to play.
///
/// The key is a 128-bit digest of all that (two SipHash passes with different keys), not
/// the position itself, so that a table entry is a few dozen bytes whatever the board
/// size. Two positions share a digest with probability about n²/2¹²⁹ for n positions:
/// below 10⁻²⁴ at the default budget.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Key(u64, u64);

impl Key {
    pub(crate) fn of(state: &Snapshot, goals: &[Goal], moves: Option<u32>) -> Key {
        // `DefaultHasher::new` uses fixed keys: the same digest on every run. Two hashers
        // salted apart, fed in one pass.
        let mut h = [DefaultHasher::new(), DefaultHasher::new()];
        for (salt, h) in [0x5eed_0001u64, 0x5eed_0002].into_iter().zip(&mut h) {
            salt.hash(h);
        }
        let board = state.board();
        let mut rng = state.rng().clone();
        // The generator's next two draws stand for its state (it has no `Hash`).
        let draws = (rng.next_u32(), rng.next_u32());
        let rest = (
            board.size(),
            draws,
            state.refill_state(),
            state.next_piece(),
        );
        for h in &mut h {
            rest.hash(h);
            // Only when asked, so that other searches keep their digests.
            if let Some(moves) = moves {
                moves.hash(h);
            }
        }
        for &goal in goals {
            let p = state.goal_progress(goal);
            for h in &mut h {
                p.progress.min(p.needed).hash(h);
            }
        }
        for (pos, cell) in board.iter() {
            let layers = board.layers(pos);
            for h in &mut h {
                (cell, layers).hash(h);
            }
        }
        Key(h[0].finish(), h[1].finish())
    }
}

/// What one search of a position found.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    /// The position's value, or a bound on it when not `exact` (an upper bound when
    /// maximising score, a lower bound when minimising moves).
    pub value: i64,
    pub exact: bool,
    /// The first move of the best line (exact entries with a move left).
    pub best: Option<Move>,
}

pub(crate) type Table = HashMap<Key, Entry>;

#[cfg(test)]
mod tests {
    use super::*;
    use match3_core::{Color, Game, Level};

    #[test]
    fn a_position_includes_how_far_the_goals_still_have_to_go() {
        // Both boards resolve to `...B`, one having collected three A, the other none.
        let a = Color::from_letter('A').unwrap();
        let level = Level {
            goals: vec![Goal::Collect { color: a, count: 5 }],
            ..Level::default()
        };
        let resolved = |board: &str| {
            let board = board.parse().unwrap();
            let game = Game::from_board(match3_finite::Finite, board, 0).unwrap();
            let mut game = game.with_level(level.clone()).unwrap();
            game.resolve().unwrap();
            game
        };
        let (three, none) = (resolved("AAAB"), resolved("CCCB"));
        assert_eq!(three.board(), none.board());
        let key = |game: &Game<_>, goals| Key::of(game.state(), goals, None);
        assert_eq!(key(&three, &[]), key(&none, &[]));
        assert_ne!(key(&three, &level.goals), key(&none, &level.goals));
    }
}
