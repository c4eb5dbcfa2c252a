//! Checking a move before anything changes: a rejected move changes nothing.

use crate::board::Board;
use crate::cellset::CellSet;
use crate::error::{MoveError, PartError, PartName};
use crate::legal::landing;
use crate::level::Level;
use crate::moves::{KnownSwaps, Move, MoveKind};
use crate::obstacles;
use crate::pos::Pos;
use crate::progress::Counts;
use crate::rng::GameRng;
use crate::rules::Rules;
use crate::specials::Combo;
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
    /// Checks `mv` against `rules` in this state under `level` (a combo's area or a tap's
    /// group is written to `area`); the board is used as scratch for a swap check and
    /// left as it was.
    pub(crate) fn plan<R: Rules + ?Sized>(
        &mut self,
        rules: &R,
        level: &Level,
        mv: Move,
        area: &mut CellSet,
    ) -> Result<Plan, MoveError> {
        self.check_open()?;
        let counts = Counts {
            pending: true,
            ..Counts::new(level, &self.tally, 1)
        };
        let known = self.swaps.as_ref();
        validate(
            rules,
            (&mut self.board, counts, &mut self.stage),
            known,
            mv,
            area,
        )
    }

    /// Whether `mv` would be accepted under `level`, leaving the state untouched.
    pub(crate) fn check_move<R: Rules + ?Sized>(
        &self,
        rules: &R,
        level: &Level,
        mv: Move,
    ) -> Result<(), MoveError> {
        let mut copy = self.clone();
        copy.plan(rules, level, mv, &mut CellSet::new()).map(|_| ())
    }

    /// Becomes a copy of `source` to look ahead from and checks `mv` there under `level`
    /// (with `source`'s known swaps); with `refills`, the copy draws from that generator.
    pub(crate) fn look_ahead_from<R: Rules + ?Sized>(
        &mut self,
        source: &Snapshot,
        refills: Option<&GameRng>,
        (rules, level): (&R, &Level),
        mv: Move,
        area: &mut CellSet,
    ) -> Result<Plan, MoveError> {
        source.check_open()?;
        self.clone_from(source);
        let counts = Counts {
            pending: true,
            ..Counts::new(level, &self.tally, 1)
        };
        let known = source.swaps.as_ref();
        let plan = validate(
            rules,
            (&mut self.board, counts, &mut self.stage),
            known,
            mv,
            area,
        )?;
        if let Some(rng) = refills {
            self.rng.clone_from(rng);
        }
        Ok(plan)
    }

    /// The plan of `mv` when the state's known legal swaps settle it with no scratch
    /// board to check it on: a swap they list, on an open game, of two pieces the rules
    /// do not call a combo, is a plain swap (what [`look_ahead_from`] would find).
    /// `None` leaves the move to that full check.
    ///
    /// [`look_ahead_from`]: Snapshot::look_ahead_from
    pub(crate) fn known_plain_swap<R: Rules + ?Sized>(&self, rules: &R, mv: Move) -> Option<Plan> {
        let Move::Swap(a, b) = mv else {
            return None;
        };
        let listed = self.swaps.as_ref()?.allows(a, b);
        let plain = listed
            && self.check_open().is_ok()
            && rules.accepts(MoveKind::Swap)
            && !rules.is_combo(&self.board, a, b);
        plain.then_some(Plan::Swap { combo: false })
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
/// but leaves as it found it; `counts` are the game's progress as the move would see it.
/// `known` are the board's legal-swap masks when the game has them (from its last
/// status): a swap is then looked up instead of tried. A combo's area or a tap's group
/// is written to `area`. `stage` is set to each part before it is asked (see
/// `contain`).
fn validate<R: Rules + ?Sized>(
    rules: &R,
    (board, counts, stage): (&mut Board, Counts<'_>, &mut PartName),
    known: Option<&KnownSwaps>,
    mv: Move,
    area: &mut CellSet,
) -> Result<Plan, MoveError> {
    *stage = PartName::Moves;
    if !rules.accepts(mv.kind()) {
        return Err(MoveError::NotAccepted {
            kind: mv.kind(),
            rules: rules.name().to_string(),
        });
    }
    match mv {
        Move::Swap(a, b) => validate_swap(rules, (board, counts, stage), known, (a, b), area),
        Move::Drop(col) => Ok(Plan::Drop {
            to: landing(board, col)?,
        }),
        Move::Tap(pos) => {
            board.check(pos)?;
            match rules.tap(board, pos) {
                Some(clear) if !clear.is_empty() => {
                    *area = on_board(rules, board, PartName::Moves, clear, "a tap's group")?;
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
    (board, counts, stage): (&mut Board, Counts<'_>, &mut PartName),
    known: Option<&KnownSwaps>,
    (a, b): (Pos, Pos),
    area: &mut CellSet,
) -> Result<Plan, MoveError> {
    // A swap the game's masks list is on the board, between neighbours the topology
    // allows, of two unlocked pieces, and matches: only a combo is left to tell apart.
    if known.is_some_and(|masks| masks.allows(a, b)) {
        let combo = combo(rules, (board, counts, stage), (a, b), area)?;
        return Ok(combo.unwrap_or(Plan::Swap { combo: false }));
    }
    let (ca, cb) = (board.get(a)?, board.get(b)?);
    let dirs = rules.directions();
    if !dirs.allow(a, b) {
        let how = dirs.describe();
        return Err(MoveError::NotAdjacent { a, b, how });
    }
    for (pos, cell) in [(a, ca), (b, cb)] {
        if cell.piece().is_none() {
            return Err(MoveError::not_a_piece(pos, cell));
        }
        if obstacles::is_locked(board, pos) {
            return Err(MoveError::Locked { pos });
        }
    }
    if let Some(combo) = combo(rules, (board, counts, stage), (a, b), area)? {
        return Ok(combo);
    }
    *stage = PartName::Detection;
    // The masks, when known, have already said no.
    if known.is_none() && rules.swap_matches(board, a, b) {
        Ok(Plan::Swap { combo: false })
    } else {
        Err(MoveError::NoMatch { a, b })
    }
}

/// The plan of a swap of two pieces that is a combo (its area written to `area`), or
/// `None`.
#[inline]
fn combo<R: Rules + ?Sized>(
    rules: &R,
    (board, counts, stage): (&Board, Counts<'_>, &mut PartName),
    (a, b): (Pos, Pos),
    area: &mut CellSet,
) -> Result<Option<Plan>, MoveError> {
    *stage = PartName::Specials;
    if !rules.is_combo(board, a, b) {
        return Ok(None);
    }
    *area = combo_area(rules, (board, counts), a, b)?;
    Ok(Some(Plan::Swap { combo: true }))
}

/// What the combo of swapping `a` onto `b` clears: the specials part's answer, which it
/// must give for every pair its kinds call a combo, on the board.
fn combo_area<R: Rules + ?Sized>(
    rules: &R,
    (board, counts): (&Board, Counts<'_>),
    a: Pos,
    b: Pos,
) -> Result<CellSet, PartError> {
    let site = Combo {
        board,
        from: a,
        to: b,
        progress: counts.on(board),
    };
    let Some(area) = rules.combo(&site) else {
        return Err(unanswered(rules, &site));
    };
    on_board(rules, board, PartName::Specials, area, "a combo")
}

/// The specials part's error for a combo its kinds promise but it does not answer.
#[cold]
#[inline(never)]
fn unanswered<R: Rules + ?Sized>(rules: &R, site: &Combo<'_>) -> PartError {
    let (pa, pb) = site.pieces();
    let name = |p: Option<crate::piece::Piece>| p.map_or("?".into(), |p| p.to_string());
    let problem = format!(
        "declares swapping {} at {} with {} at {} a combo but says nothing of what it clears",
        name(pa),
        site.from(),
        name(pb),
        site.to(),
    );
    PartError::new(rules.name(), PartName::Specials, problem)
}

/// `area` when it is on the board; otherwise the error of `part`, which gave it as
/// `what`.
pub(crate) fn on_board<R: Rules + ?Sized>(
    rules: &R,
    board: &Board,
    part: PartName,
    area: CellSet,
    what: &str,
) -> Result<CellSet, PartError> {
    match area.first_outside(board.size()) {
        None => Ok(area),
        Some(off) => Err(off_board(rules, board, part, off, what)),
    }
}

/// The error of `part`, which gave `what` reaching `off`, off the board.
#[cold]
#[inline(never)]
fn off_board<R: Rules + ?Sized>(
    rules: &R,
    board: &Board,
    part: PartName,
    off: Pos,
    what: &str,
) -> PartError {
    let problem = format!("gave {what} with {off}, off the {} board", board.size());
    PartError::new(rules.name(), part, problem)
}
