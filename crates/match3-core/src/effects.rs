//! End-of-move effects: the part of a variant that acts once after each move has
//! settled, before the status is worked out.
//!
//! An [`Effects`] part sees the board, the game's progress, what the move just did
//! ([`MoveReport`]) and the game's generator, keeps a state of any serde type in the
//! game's snapshot (so undo, look-ahead, save and load keep it), and changes the board
//! only through its [`AfterMove`] site: it turns cells into other cells (a piece into a
//! crate, say) and clears cells. The engine records each change in the trace
//! ([`Trace::effects`](crate::Trace::effects)), then resolves the board as a cascade of
//! the same move: cleared cells (and anything the changes made match) are the next phase.
//! Mechanics that depend on the course of the game live here: an obstacle that spreads
//! when the player did not hit it, a countdown, a bonus at the end.
//!
//! ```
//! use match3_core::effects::{AfterMove, Effects};
//! use match3_core::detect::LineRuns;
//! use match3_core::{Cell, Game, Move, Pos, Variant};
//!
//! /// Every third move, the bottom-left piece turns into a crate.
//! struct EveryThird;
//! impl Effects for EveryThird {
//!     type State = ();
//!     fn after_move(&self, site: &mut AfterMove<'_>, _: &mut ()) {
//!         let corner = Pos::new(site.board().rows() as u8 - 1, 0);
//!         if site.progress().moves() % 3 == 0 && site.board().at(corner).piece().is_some() {
//!             site.replace(corner, Cell::Crate(1));
//!         }
//!     }
//! }
//! let rules = Variant::new("thirds", LineRuns::new(3)).with_effects(EveryThird);
//! let game = Game::from_board(rules, "AABC/BCAB/CBAC/ABCA".parse()?, 0)?;
//! assert!(game.legal_moves().len() > 0);
//! # let _ = Move::Drop(0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::board::Board;
use crate::cellset::CellSet;
use crate::piece::Cell;
use crate::pos::Pos;
use crate::progress::{Counts, Progress};
use crate::rng::GameRng;
use crate::slot::PartState;

/// Acts once after each move: see the [module docs](self).
pub trait Effects {
    /// The part's state, kept in the game's snapshot; `()` for none.
    type State: PartState;

    /// What happens after a move has settled: read the site, change the board through
    /// it, keep what must last in `state`. Draw only from the site's generator.
    fn after_move(&self, site: &mut AfterMove<'_>, state: &mut Self::State);

    /// Whether this part does anything at all (default: yes). Without, the engine skips
    /// it.
    fn active(&self) -> bool {
        true
    }
}

/// No end-of-move effect.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct NoEffects;

impl Effects for NoEffects {
    type State = ();
    fn after_move(&self, _: &mut AfterMove<'_>, _: &mut ()) {}
    fn active(&self) -> bool {
        false
    }
}

/// What the move did, as an end-of-move effect sees it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct MoveReport {
    /// Phases it ran.
    pub phases: u32,
    /// Points it scored.
    pub score: u64,
    /// Specials that fired.
    pub fired: u32,
    /// Jelly layers it removed.
    pub jelly: u32,
    /// Hits crates took.
    pub crate_hits: u32,
    /// Crates it destroyed.
    pub crates: u32,
}

/// A change an end-of-move effect asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Change {
    /// Put this cell where the old one was.
    Replace(Pos, Cell),
    /// Clear these cells in the next phase.
    Clear(CellSet),
}

/// What [`Effects::after_move`] sees, and how it changes the board.
pub struct AfterMove<'a> {
    pub(crate) board: &'a Board,
    pub(crate) counts: Counts<'a>,
    pub(crate) report: MoveReport,
    pub(crate) rng: &'a mut GameRng,
    pub(crate) changes: &'a mut Vec<Change>,
}

impl AfterMove<'_> {
    /// The board after the move settled.
    pub fn board(&self) -> &Board {
        self.board
    }

    /// The game's progress after the move: moves made and left, score, goals.
    pub fn progress(&self) -> Progress<'_> {
        self.counts.on(self.board)
    }

    /// What the move did.
    pub fn this_move(&self) -> MoveReport {
        self.report
    }

    /// The game's seeded generator: the only randomness a part may use.
    pub fn rng(&mut self) -> &mut GameRng {
        self.rng
    }

    /// Turns the cell at `pos` (a piece, a blocker or a crate) into `cell` (a piece, a
    /// blocker or a crate): a new piece gets a new id. Applied in the order asked, after
    /// the part returns; asking for a hole or an empty cell, or for a piece of a kind the
    /// variant does not declare, ends the move with the effects part's error.
    pub fn replace(&mut self, pos: Pos, cell: Cell) {
        self.changes.push(Change::Replace(pos, cell));
    }

    /// Clears the pieces of `cells` in the move's next phase (specials among them fire,
    /// crates take a hit as from a blast), after every replacement.
    pub fn clear(&mut self, cells: CellSet) {
        self.changes.push(Change::Clear(cells));
    }
}
