//! The leftover-moves bonus of a level with [`Leftover::Bonus`]: when a move meets every
//! goal with moves left, each move left turns a random plain piece into a special of the
//! variant's first coloured kind and fires it, as the genre does; a variant without such
//! a kind clears the piece instead. The clears are the move's next phases, scored and
//! traced like any other (the pieces turned into specials are the trace's `bonus`), and the
//! pieces are drawn from the game's generator, so the bonus replays exactly.

use crate::board::Board;
use crate::cellset::CellSet;
use crate::level::{Leftover, Level};
use crate::obstacles;
use crate::pos::{MAX_SIDE, Pos};
use crate::rng::GameRng;
use crate::rules::Rules;
use crate::trace::{Changed, Sink, Status};

use super::Snapshot;
use super::after::Ended;
use super::spawn::packed_cells;
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
        // On the stack: searches play the bonus in many futures.
        let mut plain = [Pos::new(0, 0); MAX_SIDE * MAX_SIDE];
        let n = plain_pieces(&self.board, &mut plain);
        let first = draw(&mut plain[..n], left, &mut self.rng);
        let (mut drawn, mut turned) = (CellSet::new(), Vec::with_capacity(n - first));
        for &pos in plain[first..n].iter().rev() {
            drawn.insert(pos);
            let (Some(kind), Some(color)) = (kind, self.board.color_at(pos)) else {
                continue;
            };
            let cell = crate::piece::Cell::Piece(kind.piece(color));
            let (was, id) = (self.board.id(pos), self.mint());
            // A piece for a piece on an unlocked cell: its layers fit as they are.
            self.board.put_piece_keeping_id(pos, cell);
            self.board.put_id(pos, id);
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

/// Writes `board`'s plain, unlocked pieces to `out` in row-major order (the order the
/// bonus draws from); returns how many. Read from the masks on boards of at most 64
/// cells.
fn plain_pieces(board: &Board, out: &mut [Pos]) -> usize {
    let mut n = 0;
    if let (Some(pieces), Some(specials)) = (board.packed_pieces(), board.packed_specials()) {
        let locks = crate::packed::pack_rows(board.lock_rows(), board.cols());
        for (pos, _) in packed_cells(pieces & !(specials | locks), board.cols()) {
            out[n] = pos;
            n += 1;
        }
        return n;
    }
    for (pos, piece, _) in board.pieces() {
        if piece.special().is_none() && !obstacles::is_locked(board, pos) {
            out[n] = pos;
            n += 1;
        }
    }
    n
}

/// Draws up to `left` of `cells` from `rng`, each from those not drawn yet, and moves the
/// drawn ones to the end, the first drawn last; returns where they start. The one draw of
/// the leftover bonus, on the cells and on the planes, so that both clear the same pieces.
pub(crate) fn draw<T>(cells: &mut [T], left: u32, rng: &mut GameRng) -> usize {
    let mut n = cells.len();
    for _ in 0..left.min(n as u32) {
        let i = rng.below(n as u32) as usize;
        n -= 1;
        cells.swap(i, n);
    }
    n
}
