//! # match3-example-fours
//!
//! An example rule crate, written only against `match3-core`'s public API: a match needs
//! **four** in a row, pieces refill from the top, and each cleared cell scores its chain
//! index. The whole variant is the `impl` below; the engine does the rest.
//!
//! ```
//! use match3_core::{Game, GameConfig};
//! let game = Game::new(match3_example_fours::Fours, GameConfig::new(1))?;
//! assert!(game.has_legal_move());
//! # Ok::<(), match3_core::SetupError>(())
//! ```

use match3_core::{Rules, ScoredPhase};

/// Runs of four or more match; refill; score = cells × chain.
#[derive(Clone, Copy, Debug, Default)]
pub struct Fours;

impl Rules for Fours {
    fn name(&self) -> &str {
        "fours"
    }
    // Detection, the fast predicates and legal-move masks for runs of four.
    match3_core::line_run_detection!(4);
    fn refills(&self) -> bool {
        true
    }
    fn score(&self, phase: &ScoredPhase<'_>) -> u64 {
        phase.cleared.len() as u64 * u64::from(phase.chain)
    }
}
