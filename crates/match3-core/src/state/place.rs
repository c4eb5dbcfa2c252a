//! Where the specials a phase creates go (the rule is written on
//! [`Create`](crate::specials::Create)): on their own cell when the clear empties it and
//! no special took it first, else on the first free emptied cell of their group, else
//! nowhere, recorded as not placed.

use crate::board::Board;
use crate::cellset::CellSet;
use crate::error::{PartError, PartName};
use crate::phase::Matches;
use crate::piece::Piece;
use crate::pos::Pos;
use crate::rules::Rules;

/// Places the specials in `created` (in creation order) on `board` before the clear:
/// keeps in `created` those that find a cell, with that cell, and adds the rest to
/// `unplaced`. A cell off the board, or a piece of a kind the variant does not declare,
/// is the specials part's error.
pub(super) fn place<R: Rules + ?Sized>(
    rules: &R,
    board: &Board,
    (matched, cleared): (&CellSet, &CellSet),
    created: &mut Vec<(Pos, Piece)>,
    unplaced: &mut Vec<(Pos, Piece)>,
) -> Result<(), PartError> {
    // The placed ones are kept at the front: a cell is taken when one of them has it.
    let mut kept = 0;
    for i in 0..created.len() {
        let (pos, piece) = created[i];
        check(rules, board, pos, piece)?;
        let placed = &created[..kept];
        let free = |at: Pos| cleared.contains(at) && placed.iter().all(|&(p, _)| p != at);
        let target = if free(pos) {
            Some(pos)
        } else {
            group_of(board, matched, pos).and_then(|group| group.iter().find(|&at| free(at)))
        };
        match target {
            Some(at) => {
                created[kept] = (at, piece);
                kept += 1;
            }
            None => unplaced.push((pos, piece)),
        }
    }
    created.truncate(kept);
    Ok(())
}

/// A created special must be on the board and of a kind the variant declares.
#[inline]
fn check<R: Rules + ?Sized>(
    rules: &R,
    board: &Board,
    pos: Pos,
    piece: Piece,
) -> Result<(), PartError> {
    if board.check(pos).is_ok() && piece.special().is_none_or(|s| rules.supports_special(s)) {
        return Ok(());
    }
    Err(misplaced(rules, board, pos, piece))
}

/// The specials part's error for a special created off the board or of a kind the
/// variant does not declare.
#[cold]
#[inline(never)]
fn misplaced<R: Rules + ?Sized>(rules: &R, board: &Board, pos: Pos, piece: Piece) -> PartError {
    let problem = if board.check(pos).is_err() {
        format!("created {piece} at {pos}, off the {} board", board.size())
    } else if let Some(special) = piece.special().filter(|&s| !rules.supports_special(s)) {
        format!("created {piece} at {pos}, but the variant declares no kind marked '{special}'")
    } else {
        format!("created {piece} at {pos}")
    };
    PartError::new(rules.name(), PartName::Specials, problem)
}

/// The matched group around `pos`: the side-connected matched cells of its colour.
fn group_of(board: &Board, matched: &CellSet, pos: Pos) -> Option<CellSet> {
    if !matched.contains(pos) {
        return None;
    }
    (Matches::new(board, matched).groups())
        .find(|group| group.cells.contains(pos))
        .map(|group| group.cells)
}
