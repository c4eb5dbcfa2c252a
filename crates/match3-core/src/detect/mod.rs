//! Detection: the part of a variant that says which cells match, and everything the
//! engine derives from it.
//!
//! A [`Detect`] answers one question, [`find_matches`](Detect::find_matches). Everything
//! else the engine asks about matches is derived from it: whether a cell is in a match,
//! whether a swap makes one, every legal swap, whether any swap is legal, and the
//! generator's "no match on a new board". A detection may answer those faster itself
//! through its optional hooks, each of which is never wrong to leave at `None`. Since the
//! hooks live on the detection, replacing a variant's detection replaces them too: a new
//! detection can never inherit an old one's shortcuts.
//!
//! Three ways to write one, from the simplest:
//!
//! - a closure `Fn(&Board) -> CellSet` is a detection: every other answer is derived,
//!   pair by pair on a scratch board;
//! - a [`PlaneRule`] says which cells of one colour's bit plane match, written once over
//!   [`Field`](crate::planes::Field); wrapped in [`Planes`], the engine derives fast
//!   answers from it by moving the two swapped cells' bits, never copying a board, and
//!   judges the legal swaps in batches when the rule declares its
//!   [`reach`](PlaneRule::reach);
//! - a type implementing [`Detect`] with hooks of its own, like the bundled
//!   [`LineRuns`] (runs of at least N in a row) and [`Squares`] (2×2 squares), whose
//!   legal swaps come from one formula per colour.
//!
//! Detections combine: [`Detect::or`] matches what either matches, and derives its fast
//! answers from both sides' (a legal swap of the union is a legal swap of one side).
//!
//! ```
//! use match3_core::detect::{Detect, LineRuns, Planes, PlaneRule};
//! use match3_core::planes::Field;
//! use match3_core::{Board, Variant};
//!
//! /// Diagonal pairs: a cell matches when the cell down and to the right has its colour.
//! struct Diagonal;
//! impl PlaneRule for Diagonal {
//!     fn matched<F: Field>(&self, f: &F, m: F::P) -> F::P {
//!         let pairs = m & f.right(f.below(m, 1), 1);
//!         pairs | f.left(f.above(pairs, 1), 1)
//!     }
//! }
//!
//! let rules = Variant::new("diagonal", LineRuns::new(3).or(Planes(Diagonal)));
//! let board: Board = "AB/CA".parse()?;
//! assert_eq!(rules.detect().find_matches(&board).len(), 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod detection;
mod line_runs;
mod plane_batch;
mod plane_pair;
mod plane_rule;
mod squares;

pub(crate) use detection::in_match;
pub use detection::{Detect, DetectFn, Or};
pub use line_runs::LineRuns;
pub use plane_rule::{PlaneRule, Planes};
pub use squares::Squares;
