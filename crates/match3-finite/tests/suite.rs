//! The shared invariant suite, plus finite's own invariant 9.

use match3_core::Game;
use match3_finite::Finite;
use match3_testkit::checks::{self, Check};
use match3_testkit::generators::{self, Features, Pick};
use proptest::prelude::*;

match3_testkit::rules_suite!(
    finite,
    Finite,
    oracle = |b: &match3_core::Board| match3_testkit::oracle::line_runs(b, 3),
    snapshots = "../../snapshots"
);

/// Invariant 9: every turn removes exactly the cleared pieces' colours from the board.
fn colours_conserved(board: match3_core::Board, picks: Vec<Pick>) -> Check {
    let mut game =
        Game::from_board(Finite, board, 0).map_err(|e| checks::Violation(e.to_string()))?;
    let before = game.board().clone();
    if let Ok(trace) = game.resolve() {
        checks::colors_conserved(&before, &trace, game.board())?;
    }
    for pick in picks {
        let legal = game.legal_moves();
        let mv = match pick {
            Pick::Legal(k) if !legal.is_empty() => legal[k as usize % legal.len()],
            Pick::Any(mv) => mv,
            Pick::Legal(_) => break,
        };
        let before = game.board().clone();
        if let Ok(trace) = game.play(mv) {
            checks::colors_conserved(&before, &trace, game.board())?;
        }
    }
    Ok(())
}

proptest! {
    #[test]
    fn colour_multiset_is_initial_minus_cleared(
        board in generators::boards(Features::of(&Finite)),
        picks in generators::picks(),
    ) {
        colours_conserved(board, picks).map_err(|v| TestCaseError::fail(v.0))?;
    }
}
