//! The end-of-move effects: once a move's phases have settled, the variant's
//! [`Effects`](crate::Effects) part acts; its changes are checked, applied and traced,
//! and what it clears (with anything its changes made match) is the move's next phase.

use crate::cellset::CellSet;
use crate::effects::{AfterMove, Change, MoveReport};
use crate::error::{PartError, PartName};
use crate::level::Level;
use crate::piece::Cell;
use crate::pos::Pos;
use crate::progress::Counts;
use crate::rules::Rules;
use crate::trace::{Changed, Sink};

use super::Snapshot;
use super::turn::Turn;

/// The score and last chain of a turn's phases, `None` for a runaway cascade.
pub(super) type Ended = Result<Option<(u64, u32)>, PartError>;

impl Snapshot {
    /// Runs the end-of-move effects after the move's phases `ended`, then the phases
    /// they start; returns the whole move's score and last chain. Out of line: most
    /// variants have none, and the turn loop stays small without it.
    #[inline(never)]
    pub(super) fn effects<R: Rules + ?Sized, S: Sink>(
        &mut self,
        rules: &R,
        level: &Level,
        ended: Ended,
        turn: &mut Turn,
        sink: &mut S,
    ) -> Ended {
        let Some((score, phases)) = ended? else {
            return Ok(None);
        };
        let report = self.report(turn, score, phases);
        let mut changes = std::mem::take(&mut self.changes);
        changes.clear();
        let counts = Counts::new(level, &self.tally, 0);
        let mut site = AfterMove {
            board: &self.board,
            counts,
            report,
            rng: &mut self.rng,
            changes: &mut changes,
        };
        rules.after_move(&mut site, &mut self.effects_state);
        let applied = self.apply(rules, &changes, turn, sink);
        self.changes = changes;
        applied?;
        let more = self.phases(rules, level, turn, sink)?;
        Ok(more.map(|(extra, chain)| (score.saturating_add(extra), chain)))
    }

    /// What the move did, for the effects.
    fn report(&self, turn: &Turn, score: u64, phases: u32) -> MoveReport {
        let (now, before) = (self.tally.cleared, turn.cleared_before);
        MoveReport {
            phases,
            score,
            fired: turn.fired,
            jelly: now.jelly - before.jelly,
            crate_hits: now.crate_hits - before.crate_hits,
            crates: now.crates - before.crates,
        }
    }

    /// Checks and applies the effects' changes in order: cells turned into others
    /// (traced), cells to clear (phase `turn.chain + 1`'s trigger, as a blast).
    fn apply<R: Rules + ?Sized, S: Sink>(
        &mut self,
        rules: &R,
        changes: &[Change],
        turn: &mut Turn,
        sink: &mut S,
    ) -> Result<(), PartError> {
        let mut clear = CellSet::new();
        for &change in changes {
            match change {
                Change::Replace(pos, cell) => {
                    check_replace(rules, &self.board, pos, cell)?;
                    let was = self.board.id(pos);
                    let id = cell.is_occupied().then(|| self.mint());
                    self.board.set(pos, cell, id.unwrap_or(0)).expect("checked");
                    sink.changed(Changed { pos, was, cell, id });
                }
                Change::Clear(cells) => {
                    let problem = cells
                        .first_outside(self.board.size())
                        .map(|off| format!("cleared {off}, off the {} board", self.board.size()));
                    if let Some(problem) = problem {
                        return Err(PartError::new(rules.name(), PartName::Effects, problem));
                    }
                    clear.union_with(&cells);
                }
            }
        }
        turn.clear_next(clear);
        Ok(())
    }
}

/// A replacement must turn a piece, blocker or crate into a piece, blocker or crate, of
/// a kind the variant declares.
fn check_replace<R: Rules + ?Sized>(
    rules: &R,
    board: &crate::board::Board,
    pos: Pos,
    cell: Cell,
) -> Result<(), PartError> {
    let solid = |c: Cell| matches!(c, Cell::Piece(_) | Cell::Blocker | Cell::Crate(1..=3));
    let problem = match board.get(pos) {
        Err(e) => format!("turned {pos} into {cell}: {e}"),
        Ok(old) if !solid(old) => format!(
            "turned {pos}, which holds {old}, into {cell}: only a piece, a blocker or a crate can be turned into another"
        ),
        Ok(_) if !solid(cell) => format!(
            "turned {pos} into {cell}: a cell can only become a piece, a blocker or a crate"
        ),
        Ok(_) => match cell.piece().and_then(|p| p.special()) {
            Some(special) if !rules.supports_special(special) => {
                format!("turned {pos} into {cell}, a kind the variant does not declare")
            }
            _ => return Ok(()),
        },
    };
    Err(PartError::new(rules.name(), PartName::Effects, problem))
}
