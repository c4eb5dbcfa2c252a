//! The leftover-moves bonus of a level with [`Leftover::Bonus`]: when a move meets every
//! goal with moves left, each move left turns a random plain piece into a special of the
//! variant's first coloured kind and fires it, as the genre does; a variant without such
//! a kind clears the piece instead. The clears are the move's next phases, scored and
//! traced like any other (the pieces turned into specials are the trace's `bonus`), and the
//! pieces are drawn from the game's generator, so the bonus replays exactly.

use crate::cellset::CellSet;
use crate::level::{Leftover, Level};
use crate::obstacles;
use crate::pos::{MAX_SIDE, Pos};
use crate::rules::Rules;
use crate::trace::{Changed, Sink, Status};

use super::Snapshot;
use super::after::Ended;
use super::turn::Turn;

/// The moves left that become `level`'s leftover bonus after a move, once `moves` are
/// counted: none unless the level pays the bonus, has moves to spare and the move won it
/// (`verdict`, asked only then: judging goals costs more than the other two checks).
/// The one rule of who earns the bonus, for the cells and for the planes.
#[inline]
pub(crate) fn bonus_moves(
    level: &Level,
    moves: u32,
    verdict: impl FnOnce() -> Option<Status>,
) -> u32 {
    let left = level.moves.map_or(0, |limit| limit.saturating_sub(moves));
    let won = || verdict() == Some(Status::Won);
    if level.leftover == Leftover::Bonus && left > 0 && won() {
        left
    } else {
        0
    }
}

impl Snapshot {
    /// Whether the move just played (its phases over) earns the bonus.
    #[inline]
    pub(super) fn earns_bonus(&self, level: &Level) -> bool {
        bonus_moves(level, self.tally.moves, || self.verdict(level)) > 0
    }

    /// Runs the bonus after the move's phases `ended`; returns the whole move's score and
    /// last chain. Out of line: it runs once a level at most.
    #[inline(never)]
    pub(super) fn bonus<R: Rules + ?Sized, S: Sink>(
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
        let left = level.moves.map_or(0, |limit| limit - self.tally.moves);
        let trigger = self.arm(rules, left, sink);
        if trigger.is_empty() {
            return Ok(Some((score, phases)));
        }
        turn.clear_next(trigger);
        let more = self.phases(rules, level, turn, sink)?;
        Ok(more.map(|(extra, chain)| (score.saturating_add(extra), chain)))
    }

    /// Draws up to `left` plain, unlocked pieces and turns each into a special of the
    /// variant's first coloured kind; the cells drawn, to clear. The turned pieces are
    /// traced (before the phases that clear them) even when there are none, so a trace
    /// shows where the bonus starts.
    fn arm<R: Rules + ?Sized, S: Sink>(&mut self, rules: &R, left: u32, sink: &mut S) -> CellSet {
        let kind = rules
            .special_kinds()
            .iter()
            .find(|kind| kind.colored)
            .copied();
        // Every plain, unlocked piece, row-major, on the stack (searches play the bonus in
        // many futures): a drawn cell's place goes to the last one.
        let mut plain = [Pos::new(0, 0); MAX_SIDE * MAX_SIDE];
        let mut n = 0;
        for (pos, piece, _) in self.board.pieces() {
            if piece.special().is_none() && !obstacles::is_locked(&self.board, pos) {
                plain[n] = pos;
                n += 1;
            }
        }
        let draws = left.min(n as u32);
        let (mut drawn, mut turned) = (CellSet::new(), Vec::with_capacity(draws as usize));
        for _ in 0..draws {
            let i = self.rng.below(n as u32) as usize;
            let pos = plain[i];
            n -= 1;
            plain[i] = plain[n];
            drawn.insert(pos);
            let (Some(kind), Some(color)) = (kind, self.board.color_at(pos)) else {
                continue;
            };
            let cell = crate::piece::Cell::Piece(kind.piece(color));
            let (was, id) = (self.board.id(pos), self.mint());
            self.board.set(pos, cell, id).expect("a piece's cell");
            turned.push(Changed {
                pos,
                was,
                cell,
                id: Some(id),
            });
        }
        if !drawn.is_empty() {
            sink.bonus(&turned);
        }
        drawn
    }
}
