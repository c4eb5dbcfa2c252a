//! The calm refill on the planes, as the cells play it (see
//! [`CALM_REFILL_AFTER`](crate::CALM_REFILL_AFTER)): while gravity has left a match the
//! holes wait; else every hole, bottom row first, takes the blind policy's piece,
//! recoloured round the palette when it would land in a match. "Would land in a match"
//! is the detection's answer on the planes with the piece put there, which is the cells'
//! `in_match` answer wherever the two agree (the shared suite checks that they do).
//! Long cascades (clusters of few colours, a leftover bonus's clears) then end on the
//! planes instead of going back to the cells.

use crate::piece::{Cell, Piece};
use crate::pos::Pos;
use crate::refill::{Blind, first_calm};
use crate::rules::Rules;

use super::super::spawn::packed_cells;
use super::MaskState;

impl MaskState {
    /// The calm refill after a phase's gravity; `None` when the detection cannot answer
    /// on the planes. Out of line: few cascades get this far.
    #[cold]
    #[inline(never)]
    pub(super) fn refill_calm<R: Rules + ?Sized>(
        &mut self,
        rules: &R,
        blind: Blind<'_>,
    ) -> Option<()> {
        let pieces = self.masks.packed_pieces()?;
        if self.matched(rules)? & pieces != 0 {
            return Some(());
        }
        let (rows, cols) = (self.masks.size().rows(), self.masks.size().cols());
        let holes = self.empties()?;
        let row = u64::MAX >> (64 - cols);
        for r in (0..rows).rev() {
            for (pos, i) in packed_cells(holes & row << (r * cols), cols) {
                let drawn: Piece = blind.draw(&mut self.rng, self.colors);
                let colors = self.colors;
                let would_match = |p| self.would_match(rules, (pos, i), p);
                let piece = first_calm(drawn, colors, would_match)?;
                self.masks.toggle_at((pos, i), Cell::Piece(piece));
            }
        }
        Some(())
    }

    /// Whether `piece` would be in a match on the empty cell `(pos, i)`.
    fn would_match<R: Rules + ?Sized>(
        &mut self,
        rules: &R,
        (pos, i): (Pos, usize),
        piece: Piece,
    ) -> Option<bool> {
        self.masks.toggle_at((pos, i), Cell::Piece(piece));
        let hit = self.matched(rules).map(|m| m >> i & 1 != 0);
        self.masks.toggle_at((pos, i), Cell::Piece(piece));
        hit
    }
}
