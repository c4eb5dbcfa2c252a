//! The hint of `play` and of the playground: the strongest bot, within a short time.

use std::time::{Duration, Instant};

use match3_bots::MctsBot;
use match3_core::{Game, Move, Rules};

/// How long a hint may think.
pub const HINT_BUDGET: Duration = Duration::from_millis(300);

/// The move the MCTS bot (the top of the ladder) prefers, from its full playout budget or
/// as many playouts as fit in [`HINT_BUDGET`], whichever ends first; `None` when no move
/// is legal. Seeded by `seed`, so on a machine fast enough for the whole budget the same
/// position gets the same hint.
pub fn hint<R: Rules>(game: &Game<R>, seed: u64) -> Option<Move> {
    let start = Instant::now();
    MctsBot::new(seed).choose_while(game, &mut || start.elapsed() < HINT_BUDGET)
}

#[cfg(test)]
mod tests {
    use super::*;
    use match3_core::{GameConfig, Size};

    #[test]
    fn a_hint_on_a_big_board_stops_near_its_budget() {
        let config = GameConfig {
            size: Size::new(16, 16).unwrap(),
            ..GameConfig::new(3)
        };
        let game = Game::new(match3_lines::Lines, config).unwrap();
        let start = Instant::now();
        let mv = hint(&game, 1).expect("a new game has a move");
        assert!(game.legal_moves().contains(&mv));
        // The budget, plus one try of every move and one playout's overshoot.
        assert!(start.elapsed() < HINT_BUDGET * 10, "{:?}", start.elapsed());
    }
}
