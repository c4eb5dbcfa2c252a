//! Helpers the engine's integration tests share.

#![allow(dead_code)] // each test binary uses some of these

use match3_core::{Board, CellSet, Pos, Rules, runs};

/// `Pos::new(r, c)`, short.
pub fn p(r: u8, c: u8) -> Pos {
    Pos::new(r, c)
}

/// Runs of three with random refill.
pub struct Refilling;
impl Rules for Refilling {
    fn name(&self) -> &str {
        "refilling"
    }
    fn find_matches(&self, board: &Board) -> CellSet {
        runs::find_runs(board, 3).all()
    }
    fn refills(&self) -> bool {
        true
    }
}
