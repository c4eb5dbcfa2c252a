//! Checking a move before anything changes: a rejected move changes nothing.

use crate::board::Board;
use crate::cellset::CellSet;
use crate::error::MoveError;
use crate::legal::landing;
use crate::moves::{KnownSwaps, Move};
use crate::obstacles;
use crate::pos::Pos;
use crate::rng::GameRng;
use crate::rules::Rules;
use crate::trace::Status;

use super::Snapshot;

/// What a validated move will do before its phases. The cells a combo or a tap clears
/// are written apart (see [`Snapshot::plan`]): a plan stays a few bytes, cheap to pass
/// around.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Plan {
    /// A swap; with `combo`, the combo's area is the move's area.
    Swap { combo: bool },
    /// A drop landing on `to`.
    Drop { to: Pos },
    /// A tap clearing the move's area.
    Tap,
}

impl Snapshot {
    /// Checks `mv` against `rules` in this state (a combo's area or a tap's group is
    /// written to `area`); the board is used as scratch for a swap check and left as it
    /// was.
    pub(crate) fn plan<R: Rules + ?Sized>(
        &mut self,
        rules: &R,
        mv: Move,
        area: &mut CellSet,
    ) -> Result<Plan, MoveError> {
        self.check_open()?;
        validate(rules, &mut self.board, self.swaps.as_ref(), mv, area)
    }

    /// Whether `mv` would be accepted, leaving the state untouched.
    pub(crate) fn check_move<R: Rules + ?Sized>(
        &self,
        rules: &R,
        mv: Move,
    ) -> Result<(), MoveError> {
        self.check_open()?;
        let mut board = self.board.clone();
        validate(
            rules,
            &mut board,
            self.swaps.as_ref(),
            mv,
            &mut CellSet::new(),
        )
        .map(|_| ())
    }

    /// Becomes a copy of `source` to look ahead from and checks `mv` there (with
    /// `source`'s known swaps); with `refills`, the copy draws from that generator.
    pub(crate) fn look_ahead_from<R: Rules + ?Sized>(
        &mut self,
        source: &Snapshot,
        refills: Option<&GameRng>,
        rules: &R,
        mv: Move,
        area: &mut CellSet,
    ) -> Result<Plan, MoveError> {
        source.check_open()?;
        self.clone_from(source);
        let plan = validate(rules, &mut self.board, source.swaps.as_ref(), mv, area)?;
        if let Some(rng) = refills {
            self.rng.clone_from(rng);
        }
        Ok(plan)
    }

    /// A won or lost level takes no more moves (other statuses have no legal move anyway,
    /// and say why move by move).
    pub(crate) fn check_open(&self) -> Result<(), MoveError> {
        match self.status {
            Status::Won | Status::Lost => Err(MoveError::GameOver {
                status: self.status,
            }),
            _ => Ok(()),
        }
    }
}

/// Checks `mv` against the rules on `board`, which it may use as scratch for a swap check
/// but leaves as it found it. `known` are the board's legal-swap masks when the game has
/// them (from its last status): a swap is then looked up instead of tried. A combo's area
/// or a tap's group is written to `area`.
fn validate<R: Rules + ?Sized>(
    rules: &R,
    board: &mut Board,
    known: Option<&KnownSwaps>,
    mv: Move,
    area: &mut CellSet,
) -> Result<Plan, MoveError> {
    if !rules.accepts(mv.kind()) {
        return Err(MoveError::NotAccepted {
            kind: mv.kind(),
            rules: rules.name().to_string(),
        });
    }
    match mv {
        Move::Swap(a, b) => validate_swap(rules, board, known, (a, b), area),
        Move::Drop(col) => Ok(Plan::Drop {
            to: landing(board, col)?,
        }),
        Move::Tap(pos) => {
            board.check(pos)?;
            match rules.tap(board, pos) {
                Some(clear) if !clear.is_empty() => {
                    *area = clear;
                    Ok(Plan::Tap)
                }
                _ => Err(MoveError::NothingToTap { pos }),
            }
        }
    }
}

/// [`validate`] for a swap of two adjacent, unlocked pieces that is a combo or makes a
/// match.
#[inline]
fn validate_swap<R: Rules + ?Sized>(
    rules: &R,
    board: &mut Board,
    known: Option<&KnownSwaps>,
    (a, b): (Pos, Pos),
    area: &mut CellSet,
) -> Result<Plan, MoveError> {
    let (ca, cb) = (board.get(a)?, board.get(b)?);
    if !a.is_adjacent(b) {
        return Err(MoveError::NotAdjacent { a, b });
    }
    for (pos, cell) in [(a, ca), (b, cb)] {
        if cell.piece().is_none() {
            return Err(MoveError::not_a_piece(pos, cell));
        }
        if obstacles::is_locked(board, pos) {
            return Err(MoveError::Locked { pos });
        }
    }
    let combo = rules.combo(board, a, b);
    let legal = match known {
        Some(masks) => masks.allows(a, b),
        None => rules.swap_matches(board, a, b),
    };
    match combo {
        Some(combo) => {
            *area = combo;
            Ok(Plan::Swap { combo: true })
        }
        None if legal => Ok(Plan::Swap { combo: false }),
        None => Err(MoveError::NoMatch { a, b }),
    }
}
