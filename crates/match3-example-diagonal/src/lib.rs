//! # match3-example-diagonal
//!
//! Stock line rules with one part changed: the topology. A piece swaps with any of the
//! eight cells around it, corner to corner as well as side by side (the bundled
//! [`Diagonals`]). Legal-move lists, bots, the solver, the command's `play` and the
//! playground all offer the corner swaps. Every other part is the line rules'.
//!
//! ```
//! use match3_core::{Game, Move, Pos, Rules};
//! let rules = match3_example_diagonal::diagonal();
//! let mut game = Game::from_board(rules, "AAB/CAD/DCE".parse()?, 1)?;
//! // The A at (1,1) moves up-right, corner to corner, and completes the top row.
//! let trace = game.play(Move::Swap(Pos::new(1, 1), Pos::new(0, 2)))?;
//! assert_eq!(trace.phases[0].cleared.len(), 3);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use match3_core::Rules;
use match3_core::topology::Diagonals;
use match3_lines::Lines;

/// The line rules with corner-to-corner swaps too.
pub fn diagonal() -> impl Rules + Clone + Send + Sync {
    Lines.variant().named("diagonal").with_topology(Diagonals)
}
