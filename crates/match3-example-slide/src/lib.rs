//! # match3-example-slide
//!
//! Stock line rules with one part changed: gravity. Pieces fall straight, and then slide
//! diagonally into the cells nothing can fall into straight (under a crate or a locked
//! piece): the bundled [`Slide`] gravity, the genre's way of filling the space beneath
//! obstacles. Every other part is the line rules'.
//!
//! ```
//! use match3_core::{Game, Rules};
//! // A crate in the middle column: the hole under it is filled by a slide.
//! let rules = match3_example_slide::slide();
//! let board = rules.parse_board("BCD/C%3D/AAA/EBC")?;
//! let mut game = Game::from_board(rules, board, 1)?;
//! let trace = game.resolve()?;
//! assert!(trace.phases[0].falls.iter().any(|f| f.from.col != f.to.col));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use match3_core::Rules;
use match3_core::gravity::Slide;
use match3_lines::Lines;

/// The line rules with slide gravity.
pub fn slide() -> impl Rules + Clone + Send + Sync {
    Lines.variant().named("slide").with_gravity(Slide)
}
