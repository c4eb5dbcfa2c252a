//! The status, decided here and nowhere else: the level's verdict (won, or the move
//! limit), then whether a legal move is left (shuffling a deadlocked board when allowed),
//! then what a board without moves is: cleared or stuck.

use crate::board::Board;
use crate::error::PartName;
use crate::legal::{any_legal_move, store_known_swaps, visit_legal_moves};
use crate::level::Level;
use crate::moves::MoveKind;
use crate::progress::{Remaining, Tally, goal_progress};
use crate::rules::Rules;
use crate::trace::{Sink, Status};

use super::Snapshot;

impl Snapshot {
    /// Works out the status under `level`: its verdict first (won, or the move limit),
    /// then legal moves, shuffling a deadlocked board when `may_shuffle` and the level
    /// allow (reported to `sink`). A game's starting board is never shuffled: a shuffle
    /// answers a deadlock that play ran into. Keeps the legal-swap masks it computes on
    /// the way.
    pub(crate) fn settle_status<R: Rules + ?Sized, S: Sink>(
        &mut self,
        rules: &R,
        level: &Level,
        may_shuffle: bool,
        sink: &mut S,
    ) {
        self.swaps = None;
        if let Some(verdict) = self.verdict(level) {
            self.status = verdict;
            return;
        }
        self.stage = PartName::Detection;
        let mut any = self.any_move_cached(rules);
        if !any
            && may_shuffle
            && level.shuffle.unwrap_or_else(|| rules.refills())
            && self.shuffle(rules, sink)
        {
            self.shuffles = self.shuffles.saturating_add(1);
            any = self.any_move_cached(rules);
        }
        self.status = if !any && !level.goals.is_empty() {
            Status::Lost
        } else {
            without_verdict(any, &self.board)
        };
    }

    /// The status as far as the level's verdict goes (won, or the move limit), without
    /// looking for moves: unchanged when there is no verdict.
    pub(crate) fn settle_verdict(&mut self, level: &Level) {
        self.swaps = None;
        if let Some(verdict) = self.verdict(level) {
            self.status = verdict;
        }
    }

    /// Whether a legal move exists, caching the rules' swap masks.
    fn any_move_cached<R: Rules + ?Sized>(&mut self, rules: &R) -> bool {
        self.swaps = None;
        if rules.accepts(MoveKind::Swap) {
            store_known_swaps(rules, &self.board, &mut self.swaps);
        }
        let mut any = false;
        visit_legal_moves(rules, &self.board, self.swaps.as_ref(), |_| {
            any = true;
            false
        });
        any
    }

    /// The level's verdict before looking for moves: won when every goal is met, over
    /// when the move limit is reached.
    #[inline]
    pub(super) fn verdict(&self, level: &Level) -> Option<Status> {
        if level.goals.is_empty() && level.moves.is_none() {
            return None;
        }
        self.verdict_of(level)
    }

    #[inline(never)]
    fn verdict_of(&self, level: &Level) -> Option<Status> {
        verdict_on(level, &self.tally, &self.board)
    }
}

/// The level's verdict on a game that has counted `tally`, its jelly and crates left on
/// `board` (see [`Snapshot::verdict`]): won when every goal is met, over when the move
/// limit is reached.
#[inline]
pub(crate) fn verdict_on(
    level: &Level,
    tally: &Tally,
    board: &(impl Remaining + ?Sized),
) -> Option<Status> {
    if goals_met(level, tally, board) {
        return Some(Status::Won);
    }
    match level.moves {
        Some(limit) if tally.moves >= limit => Some(if level.goals.is_empty() {
            Status::Won
        } else {
            Status::Lost
        }),
        _ => None,
    }
}

/// Whether the level has goals and a game that has counted `tally`, its jelly and crates
/// left on `board`, meets them all.
#[inline]
pub(crate) fn goals_met(level: &Level, tally: &Tally, board: &(impl Remaining + ?Sized)) -> bool {
    let met = |&goal| goal_progress(goal, tally, board).done;
    !level.goals.is_empty() && level.goals.iter().all(met)
}

/// The status of `board` under `rules`: `Playable` while a legal move exists (an empty
/// drop board is playable), else `Cleared` when no piece is left, else `NoMoves`.
pub fn status_of<R: Rules + ?Sized>(rules: &R, board: &Board) -> Status {
    without_verdict(any_legal_move(rules, board), board)
}

/// The status of a board with no level verdict, given whether it has a legal move.
fn without_verdict(any_move: bool, board: &Board) -> Status {
    if any_move {
        Status::Playable
    } else if board.piece_count() == 0 {
        Status::Cleared
    } else {
        Status::NoMoves
    }
}
