//! Scoring: the part of a variant that says what a phase is worth.
//!
//! [`Scoring::score`] sees the whole phase ([`ScoredPhase`]: chain index, matched groups,
//! every cell cleared, specials fired and created). A scoring that needs only the chain
//! index and how many cells were cleared says so through
//! [`by_count`](Scoring::by_count): the engine's score-only look-ahead can then score
//! phases it plays on the bit planes alone. Bundled: [`OnePerCell`] and
//! [`CellsTimesChain`]; any closure `Fn(&ScoredPhase) -> u64` is a scoring too.
//!
//! ```
//! use match3_core::scoring::Scoring;
//! use match3_core::ScoredPhase;
//!
//! /// Big phases pay: the square of the cells cleared.
//! let squared = |phase: &ScoredPhase<'_>| (phase.cleared.len() as u64).pow(2);
//! assert_eq!(squared.by_count(1, 3), None);
//! ```

use crate::board::Board;
use crate::phase::ScoredPhase;

/// What a phase is worth.
pub trait Scoring {
    /// Points for a phase.
    fn score(&self, phase: &ScoredPhase<'_>) -> u64;

    /// The same points from the chain index and the number of cells cleared alone, when
    /// that is all [`score`](Scoring::score) reads (it must then agree with it; the
    /// shared suite checks). Never wrong to return `None`.
    fn by_count(&self, _chain: u32, _cleared: usize) -> Option<u64> {
        None
    }

    /// At most how many more points any line of play scores from `board` when no new
    /// piece ever comes (no refill, no drop): the exact solver skips lines that cannot
    /// beat the best found with it. It must never be below the truth for the variant
    /// this scoring is part of (a bound too low makes the solver miss the best line);
    /// `None`, the default, means unknown. It lives on the scoring part so that a variant
    /// with another scoring never keeps a bound that was meant for the old one.
    fn bound(&self, _board: &Board) -> Option<u64> {
        None
    }
}

/// One point per cleared cell.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct OnePerCell;

impl Scoring for OnePerCell {
    fn score(&self, phase: &ScoredPhase<'_>) -> u64 {
        phase.cleared.len() as u64
    }
    fn by_count(&self, _chain: u32, cleared: usize) -> Option<u64> {
        Some(cleared as u64)
    }
}

/// `points` × cells cleared × chain index (the move's own phase is chain 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CellsTimesChain {
    /// Points per cell in chain 1.
    pub points: u64,
}

impl CellsTimesChain {
    /// `points` per cell per chain index.
    pub const fn new(points: u64) -> Self {
        CellsTimesChain { points }
    }
}

impl Default for CellsTimesChain {
    /// One point per cell per chain index.
    fn default() -> Self {
        CellsTimesChain::new(1)
    }
}

impl Scoring for CellsTimesChain {
    fn score(&self, phase: &ScoredPhase<'_>) -> u64 {
        self.points * phase.cleared.len() as u64 * u64::from(phase.chain)
    }
    fn by_count(&self, chain: u32, cleared: usize) -> Option<u64> {
        Some(self.points * cleared as u64 * u64::from(chain))
    }
}

/// A closure that scores a phase.
impl<F: Fn(&ScoredPhase<'_>) -> u64> Scoring for F {
    fn score(&self, phase: &ScoredPhase<'_>) -> u64 {
        self(phase)
    }
}
