//! The score-only look-ahead (`Game::score_within`) on rules that read only the bit
//! planes (`Rules::resolves_on_planes`): the shared suite holds it to the full
//! look-ahead, also when a phase makes a special, where it must go back to the cells.

use match3_core::{Board, CellSet, Color, GameRng, Matches, Piece, Pos, Rules, SpecialKind, runs};
use match3_testkit::suite;

const ROW: SpecialKind = SpecialKind::colored('-', "row");

/// Runs of three with refills; a phase that clears four or more cells leaves a
/// row-clearing piece on its first cell. Every answer reads the planes only.
struct PlaneRows;

impl Rules for PlaneRows {
    fn name(&self) -> &str {
        "plane-rows"
    }
    fn find_matches(&self, board: &Board) -> CellSet {
        runs::find_runs(board, 3).all()
    }
    fn refills(&self) -> bool {
        true
    }
    fn specials(&self) -> &[SpecialKind] {
        &[ROW]
    }
    fn resolves_on_planes(&self) -> bool {
        true
    }
    fn create_specials(&self, matches: &Matches<'_>, _moved: &[Pos], out: &mut Vec<(Pos, Piece)>) {
        let cells = matches.cells();
        let Some(first) = cells.iter().next().filter(|_| cells.len() >= 4) else {
            return;
        };
        // The colour from its plane, not from the cell.
        let board = matches.board();
        let color = (0..board.color_planes())
            .filter_map(|i| Color::new(i as u8))
            .find(|&c| board.color_rows(c)[first.row as usize] >> first.col & 1 == 1);
        if let Some(color) = color {
            out.push((first, ROW.piece(color)));
        }
    }
    fn blast(&self, board: &Board, pos: Pos, _piece: Piece, _rng: &mut GameRng) -> CellSet {
        let mut row = CellSet::new();
        row.set_row_bits(pos.row as usize, u32::MAX >> (32 - board.cols()));
        row
    }
}

#[test]
fn plane_rules_making_specials_score_alike_on_masks_and_cells() {
    suite::turns(&PlaneRows);
}
