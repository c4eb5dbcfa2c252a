//! # match3-example-fours
//!
//! An example rule crate, written only against `match3-core`'s public API: a match needs
//! **four** in a row, pieces refill from the top, and each cleared cell scores its chain
//! index. The whole variant is [`fours`]: a detection and two parts from core's shelf;
//! the engine derives every other answer and does the rest.
//!
//! ```
//! use match3_core::{Game, GameConfig};
//! let game = Game::new(match3_example_fours::fours(), GameConfig::new(1))?;
//! assert!(game.has_legal_move());
//! # Ok::<(), match3_core::SetupError>(())
//! ```

use match3_core::Variant;
use match3_core::detect::LineRuns;
use match3_core::refill::Uniform;
use match3_core::scoring::CellsTimesChain;
use match3_core::specials::NoSpecials;

/// The fours rules' parts.
pub type Fours = Variant<LineRuns, NoSpecials, Uniform, CellsTimesChain>;

/// Runs of four or more match; refill; score = cells × chain.
pub fn fours() -> Fours {
    Variant::new("fours", LineRuns::new(4))
        .with_refill(Uniform)
        .with_scoring(CellsTimesChain::new(1))
}
