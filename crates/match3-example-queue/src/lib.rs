//! # match3-example-queue
//!
//! An example of building a variant on an existing one, written only against the public
//! API: the line-run rules of `match3-lines` with two parts replaced. Holes refill from a
//! **weighted** colour queue instead of uniformly, and a phase scores **cells removed ×
//! chain index** (the cluster rules' scoring) instead of ten times that. Every other part,
//! specials, combos and detection with its fast answers, is the line rules' own.

use match3_core::refill::Weighted;
use match3_core::scoring::CellsTimesChain;
use match3_core::{SetupError, Variant};
use match3_lines::{LineSpecials, Lines};

/// The queue rules' parts.
pub type Queue = Variant<match3_core::detect::LineRuns, LineSpecials, Weighted, CellsTimesChain>;

/// Lines with refill weights for `A`, `B`, … (colours past the list never spawn) and
/// cells × chain scoring.
pub fn queue(weights: Vec<u32>) -> Result<Queue, SetupError> {
    Ok(Lines
        .variant()
        .named("queue")
        .with_refill(Weighted::new(weights)?)
        .with_scoring(CellsTimesChain::new(1)))
}

/// The queue with `A` four times as likely as `E`: 4, 3, 2, 1, 1.
pub fn default_queue() -> Queue {
    queue(vec![4, 3, 2, 1, 1]).expect("valid weights")
}
