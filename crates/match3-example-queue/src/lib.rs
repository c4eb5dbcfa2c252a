//! # match3-example-queue
//!
//! An example of wrapping an existing variant, written only against the public API: the
//! line-run rules of `match3-lines`, unchanged except for two answers. Holes refill from
//! a **weighted** colour queue instead of uniformly, and a phase scores **cells removed ×
//! chain index** (the cluster rules' scoring) instead of ten times that. Everything else,
//! specials, combos and the fast predicates included, is forwarded by `wrap_rules!` (the
//! packed legal swaps by one line, since a wrapper does not forward them unless told).
//!

use match3_core::refill::{RefillPolicy, Weighted};
use match3_core::{Board, PackedSwaps, Piece, Rules, ScoredPhase, SetupError, SpawnSite, Wrap};
use match3_lines::Lines;

/// Lines with a weighted refill and cells × chain scoring.
#[derive(Clone, Debug)]
pub struct Queue {
    refill: Weighted,
}

impl Queue {
    /// Refill weights for `A`, `B`, … (colours past the list never spawn).
    pub fn new(weights: Vec<u32>) -> Result<Self, SetupError> {
        Ok(Queue {
            refill: Weighted::new(weights)?,
        })
    }
}

impl Default for Queue {
    /// `A` four times as likely as `E`: 4, 3, 2, 1, 1.
    fn default() -> Self {
        Queue::new(vec![4, 3, 2, 1, 1]).expect("valid weights")
    }
}

impl Wrap for Queue {
    type Inner = Lines;
    fn inner(&self) -> &Lines {
        &Lines
    }
    fn name(&self) -> &str {
        "queue"
    }
    fn spawn(&self, site: &mut SpawnSite<'_>) -> Piece {
        self.refill.spawn(site)
    }
    fn score(&self, phase: &ScoredPhase<'_>) -> u64 {
        phase.cleared.len() as u64 * u64::from(phase.chain)
    }
    // The swaps are the line rules' own, so their packed form can be forwarded too (by
    // default a wrapper packs its `legal_swaps`, in case it changed them).
    fn legal_swaps_packed(&self, board: &Board) -> Option<PackedSwaps> {
        self.inner().legal_swaps_packed(board)
    }
}

impl Rules for Queue {
    match3_core::wrap_rules!();
}
