//! # match3-example-propeller
//!
//! A rule crate with a special kind of its own, on `match3-core`'s public API only: runs
//! of three match, and so does a 2×2 square of one colour, which makes a **propeller**
//! (`A^`) on the moved cell (else the group's first cell). A firing propeller clears its
//! four neighbours and one piece drawn from the game's seeded generator. Holes refill.

use match3_core::{Board, CellSet, GameRng, Matches, Piece, Pos, Rules, SpecialKind, runs};

/// The propeller kind: marker `^`, coloured.
pub const PROPELLER: SpecialKind = SpecialKind::colored('^', "propeller");

/// Runs of three, 2×2 squares, propellers.
#[derive(Clone, Copy, Debug, Default)]
pub struct Propeller;

/// Every cell of a 2×2 square of one colour (from each colour's row words).
pub fn squares(board: &Board) -> CellSet {
    let mut out = CellSet::new();
    for rows in (0..board.color_planes()).map(|c| board.color_plane(c)) {
        for r in 1..rows.len() {
            let corners = rows[r - 1] & (rows[r - 1] >> 1) & rows[r] & (rows[r] >> 1);
            for row in [r - 1, r] {
                out.set_row_bits(row, out.row_bits(row) | corners | (corners << 1));
            }
        }
    }
    out
}

impl Rules for Propeller {
    fn name(&self) -> &str {
        "propeller"
    }
    fn find_matches(&self, board: &Board) -> CellSet {
        let mut cells = runs::find_runs(board, 3).all();
        cells.union_with(&squares(board));
        cells
    }
    fn specials(&self) -> &[SpecialKind] {
        &[PROPELLER]
    }
    fn refills(&self) -> bool {
        true
    }
    fn create_specials(&self, matches: &Matches<'_>, moved: &[Pos], out: &mut Vec<(Pos, Piece)>) {
        for group in matches.groups().filter(|g| g.has_square()) {
            let at = moved.iter().copied().find(|&p| group.cells.contains(p));
            if let (Some(at), Some(color)) = (at.or(group.first()), group.color) {
                out.push((at, PROPELLER.piece(color)));
            }
        }
    }
    fn blast(&self, board: &Board, at: Pos, _: Piece, rng: &mut GameRng) -> CellSet {
        let mut area: CellSet = at.neighbours(board.size()).collect();
        let target = rng.below(board.piece_count().max(1) as u32) as usize;
        area.extend(board.pieces().nth(target).map(|(pos, _, _)| pos));
        area
    }
}
