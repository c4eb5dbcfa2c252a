//! Firing the specials a phase clears: the combo's pair first, then every special caught
//! in the clear, row-major, each blast adding its area (and the specials in it) until
//! none is left.

use crate::board::Board;
use crate::cellset::CellSet;
use crate::error::{PartError, PartName};
use crate::obstacles;
use crate::pos::Pos;
use crate::progress::Counts;
use crate::rng::GameRng;
use crate::rules::Rules;
use crate::specials::Blast;
use crate::trace::{Fire, Sink};

use crate::level::Level;

use super::Snapshot;
use super::turn::Turn;

impl Snapshot {
    /// Fires what phase `chain` catches in `cleared` (which grows by every blast) and
    /// breaks the locks in it; on a board with obstacles, sets `blasted` to every blast's
    /// whole area (crates included), for the crates it hits. A blast off the board is the
    /// specials part's error.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(super) fn fire_phase<R: Rules + ?Sized, S: Sink>(
        &mut self,
        rules: &R,
        level: &Level,
        chain: u32,
        turn: &mut Turn,
        cleared: &mut CellSet,
        blasted: &mut Option<CellSet>,
        sink: &mut S,
    ) -> Result<(), PartError> {
        turn.fired_list.clear();
        let mut fired = CellSet::new();
        if chain == 1
            && let Some(fire) = turn.combo.take()
        {
            // The combo's pair has fired together.
            fired.insert(fire.pos);
            fired.extend(fire.partner.map(|(pos, ..)| pos));
            let mut area = turn.trigger;
            keep_targets(&self.board, &mut area);
            sink.fired(fire, &area);
            turn.fired_list.push(fire);
        }
        let obstacles = self.board.has_obstacles();
        // Only boards with obstacles track blasts (plain boards skip even the zeroing).
        if obstacles {
            *blasted = Some(if chain == turn.trigger_phase && turn.trigger_is_blast {
                turn.trigger
            } else {
                CellSet::new()
            });
            // A locked special is not cleared, so it does not fire.
            fired.union_with(&obstacles::locked(&self.board));
        }
        // Most phases hold no special: nothing to fire, nothing to build for it.
        if first_waiting(&self.board, cleared, &fired).is_some() {
            let blasts = Blasts {
                cleared,
                fired: &mut fired,
                list: &mut turn.fired_list,
                blasted: blasted.as_mut(),
            };
            let counts = Counts::new(level, &self.tally, chain);
            fire_specials(rules, &self.board, (counts, &mut self.rng), blasts, sink)?;
        }
        if obstacles {
            // Blasts reported the crates they cover; only pieces are removed.
            self.board.keep_pieces(cleared);
            obstacles::break_locks(&mut self.board, cleared, sink);
        }
        Ok(())
    }
}

/// What firing writes to: the growing clear, the specials fired so far (as a set and in
/// order), and, on boards with obstacles, every blast's whole area.
struct Blasts<'a> {
    cleared: &'a mut CellSet,
    fired: &'a mut CellSet,
    list: &'a mut Vec<Fire>,
    blasted: Option<&'a mut CellSet>,
}

/// Fires every special in the clear that has not fired yet, row-major, adding each blast
/// (and the specials it catches) to the clear until none is left; the game's progress
/// and generator go to each blast.
fn fire_specials<R: Rules + ?Sized, S: Sink>(
    rules: &R,
    board: &Board,
    (counts, rng): (Counts<'_>, &mut GameRng),
    mut blasts: Blasts<'_>,
    sink: &mut S,
) -> Result<(), PartError> {
    while let Some(pos) = first_waiting(board, blasts.cleared, blasts.fired) {
        blasts.fired.insert(pos);
        let piece = board.at(pos).piece().expect("found above");
        let mut area = rules.blast(&mut Blast {
            board,
            pos,
            piece,
            progress: counts.on(board),
            rng,
        });
        if let Some(off) = area.first_outside(board.size()) {
            return Err(blast_off_board(rules, board, off, (piece, pos)));
        }
        if let Some(blasted) = blasts.blasted.as_deref_mut() {
            blasted.union_with(&area);
        }
        keep_targets(board, &mut area);
        let fire = Fire {
            pos,
            id: board.id(pos).unwrap_or(0),
            piece,
            partner: None,
        };
        sink.fired(fire, &area);
        blasts.list.push(fire);
        blasts.cleared.union_with(&area);
    }
    Ok(())
}

/// The specials part's error for a blast that reaches `off`, off the board.
#[cold]
#[inline(never)]
fn blast_off_board<R: Rules + ?Sized>(
    rules: &R,
    board: &Board,
    off: Pos,
    (piece, pos): (crate::piece::Piece, Pos),
) -> PartError {
    let problem = format!(
        "blasted {off}, off the {} board, when {piece} at {pos} fired",
        board.size()
    );
    PartError::new(rules.name(), PartName::Specials, problem)
}

/// Keeps the cells of `set` a blast can hit: pieces and crates (crates are never in a
/// clear; a blast that covers one damages it).
fn keep_targets(board: &Board, set: &mut CellSet) {
    let mut keep = board.piece_words();
    for (k, &c) in keep.iter_mut().zip(board.crate_rows()) {
        *k |= c;
    }
    set.keep_rows(&keep[..board.rows()]);
}

/// The first cell, row-major, of `cleared` that holds a special and is not in `fired`.
#[inline]
fn first_waiting(board: &Board, cleared: &CellSet, fired: &CellSet) -> Option<Pos> {
    match board.packed_specials() {
        // A small board answers "no special at all" (every cluster game) in one word...
        Some(0) => None,
        // ... and otherwise in three: the packed index order is row-major.
        Some(specials) => {
            let (rows, cols) = (board.rows(), board.cols());
            let waiting = specials & cleared.packed_on(rows, cols) & !fired.packed_on(rows, cols);
            (waiting != 0).then(|| {
                let i = waiting.trailing_zeros() as usize;
                Pos::new((i / cols) as u8, (i % cols) as u8)
            })
        }
        None => first_waiting_in_rows(board, cleared, fired),
    }
}

/// [`first_waiting`] on a board above 64 cells.
fn first_waiting_in_rows(board: &Board, cleared: &CellSet, fired: &CellSet) -> Option<Pos> {
    let specials = board.special_rows();
    // One OR over the rows first, since most boards hold no special at all.
    if specials.iter().fold(0, |any, &s| any | s) == 0 {
        return None;
    }
    specials.iter().enumerate().find_map(|(r, &s)| {
        let bits = s & cleared.row_bits(r) & !fired.row_bits(r);
        (bits != 0).then(|| Pos::new(r as u8, bits.trailing_zeros() as u8))
    })
}
