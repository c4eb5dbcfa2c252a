//! # match3-lines
//!
//! Line-run match-3 rules with specials, on the shared [`match3_core`] engine: the
//! production-style variant.
//!
//! - **Detection**: horizontal and vertical runs of 3 or more pieces of one colour.
//!   Specials match by their colour; a colour bomb has none and never forms a run.
//!   Blockers and empty cells break runs and never match.
//! - **Specials** ([`specials`]: declared through core's open special kinds) are created
//!   one per matched group (see [`groups`] for the rules and where they appear): run of 5+ → colour bomb (`*`), L/T/cross → wrapped (`A+`), run of
//!   exactly 4 → striped across the run (`A|` for a horizontal run, `A-` for a vertical).
//! - **Firing** ([`blast::fire`]): striped clears its row or column, wrapped the 3×3 around
//!   it (clipped), a colour bomb set off by something else every piece of the most common
//!   colour (ties: the lowest colour). Specials caught in a blast fire too, once each.
//! - **Combos** ([`blast::combo`]): swapping two specials, or a colour bomb with any piece,
//!   is always legal: bomb+bomb clears every non-blocker, bomb+X every piece of X's colour
//!   and both pieces, wrapped+wrapped a 5×5, wrapped+striped three rows and three columns,
//!   striped+striped a row and a column, all centred on the swap's destination.
//! - **Blockers** never match, never swap, are never cleared, and fall like pieces.
//! - **Score**: 10 × cells removed × chain index. **Refill**: uniform random colours from
//!   the game's palette, seeded.
//! - **Deadlock**: a turn that leaves no legal swap is followed by the engine's seeded
//!   shuffle (on by default for refilling rules; a [`Level`](match3_core::Level) can turn
//!   it off); when no shuffle helps, the game is [`Status::NoMoves`](match3_core::Status).
//!
//! ```
//! use match3_core::{Game, GameConfig, Move, Pos};
//! use match3_lines::Lines;
//!
//! // A run of four made by a swap leaves a striped piece on the moved piece's cell.
//! let mut game = Game::from_board(Lines, "AABAC/CDADB/BCDBA".parse()?, 1)?;
//! let trace = game.play(Move::Swap(Pos::new(1, 2), Pos::new(0, 2)))?;
//! assert_eq!(trace.phases[0].created[0].pos, Pos::new(0, 2));
//! assert_eq!(trace.phases[0].score, 10 * 4);
//!
//! let game = Game::new(Lines, GameConfig { blocker_percent: 10, ..GameConfig::new(42) })?;
//! assert!(game.has_legal_move());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod blast;
pub mod groups;
pub mod specials;

use match3_core::{
    Board, CellSet, GameRng, Matches, PackedSwaps, Piece, Pos, Rules, ScoredPhase, SpecialKind,
    SwapMasks, runs,
};

/// The shortest run that matches.
pub const MIN_RUN: usize = 3;

/// The line-run rules with specials.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Lines;

impl Rules for Lines {
    fn name(&self) -> &str {
        "lines"
    }

    match3_core::line_run_detection!(MIN_RUN, without legal_swaps);

    fn legal_swaps(&self, board: &Board) -> Option<SwapMasks> {
        // Most boards hold no special, so no combo: their masks are then built right in
        // the returned value (adding combos in between costs a 256-byte copy).
        if !blast::has_specials(board) {
            return Some(runs::swap_masks3(board));
        }
        let mut masks = runs::swap_masks3(board);
        blast::add_combo_masks(board, &mut masks);
        Some(masks)
    }

    fn legal_swaps_packed(&self, board: &Board) -> Option<PackedSwaps> {
        // Most boards hold no special, so no combo: their masks are handed over as built.
        if !blast::has_specials(board) {
            return runs::swap_masks3_packed(board);
        }
        let runs = runs::swap_masks3_packed(board)?;
        let combos = blast::packed_combo_swaps(board)?;
        Some(PackedSwaps {
            right: runs.right | combos.right,
            down: runs.down | combos.down,
        })
    }

    fn any_legal_swap(&self, board: &Board) -> Option<bool> {
        Some(runs::any_swap3(board) || !blast::combo_masks(board).is_empty())
    }

    fn specials(&self) -> &[SpecialKind] {
        &specials::KINDS
    }

    fn refills(&self) -> bool {
        true
    }

    fn score(&self, phase: &ScoredPhase<'_>) -> u64 {
        10 * phase.cleared.len() as u64 * u64::from(phase.chain)
    }

    fn combo(&self, board: &Board, from: Pos, to: Pos) -> Option<CellSet> {
        blast::combo(board, from, to)
    }

    fn blast(&self, board: &Board, pos: Pos, piece: Piece, _rng: &mut GameRng) -> CellSet {
        blast::fire(board, pos, piece)
    }

    fn create_specials(&self, matches: &Matches<'_>, moved: &[Pos], out: &mut Vec<(Pos, Piece)>) {
        // Every special needs a run of four or two crossing runs (five cells): a phase
        // of at most three matched cells, the common case, skips finding runs again.
        let board = matches.board();
        if groups::fewer_than_four(board, matches.cells()) {
            return;
        }
        let runs = runs::find_runs(board, MIN_RUN);
        if groups::may_create(&runs, board.rows()) {
            groups::create(board, &runs, matches.cells(), moved, out);
        }
    }
}
