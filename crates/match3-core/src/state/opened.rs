//! A move played as far as no refill can change it ([`Game::open_move`]), finished
//! under as many refill samples as a search likes ([`Game::finish_move`]).
//!
//! A search that samples the refills (Monte Carlo tree search) plays each first move
//! hundreds of times, each under another sample; everything up to the first refill is
//! the same every time: the move's check, its opening and first phase (detection,
//! specials fired and created, scoring, the clear) and the gravity after it. An opened
//! move keeps the state and the turn at that point, so a finish replays only the rest.
//!
//! [`Game::open_move`]: crate::Game::open_move
//! [`Game::finish_move`]: crate::Game::finish_move

use std::mem::take;

use crate::cellset::CellSet;
use crate::error::MoveError;
use crate::level::Level;
use crate::moves::Move;
use crate::rng::GameRng;
use crate::rules::Rules;
use crate::trace::NoTrace;

use super::plan::Plan;
use super::turn::{Course, Planned, Turn};
use super::{Snapshot, TurnSummary};

/// A move played from a game's state up to the refill after its first phase: what
/// [`Game::open_move`](crate::Game::open_move) makes and
/// [`Game::finish_move`](crate::Game::finish_move) finishes.
///
/// Only moves whose first phase draws nothing from the generator are opened (a drop
/// deals its next piece, and some rules draw while firing or creating specials: those
/// cannot be played ahead of a sample's draws), so a finish draws exactly what the whole
/// move would, and ends in the same state.
#[derive(Clone, Debug)]
pub struct OpenedMove {
    mv: Move,
    plan: Plan,
    /// The state after the first phase's gravity, holes not yet refilled.
    state: Snapshot,
    /// The turn at that point, without its scratch buffers (a finish lends it those of
    /// the snapshot it plays on).
    turn: Turn,
    /// What the first phase scored.
    score: u64,
}

impl OpenedMove {
    /// The move opened.
    pub fn mv(&self) -> Move {
        self.mv
    }
}

impl Snapshot {
    /// Plays the validated `planned` move (this snapshot being the game's state with the
    /// move checked) up to its first refill; `None` when that part draws from the
    /// generator, the rules do not refill, or nothing is cleared before a refill.
    pub(crate) fn open_move<R: Rules + ?Sized>(
        &mut self,
        rules: &R,
        level: &Level,
        planned: Planned<'_>,
    ) -> Result<Option<OpenedMove>, MoveError> {
        let before = self.rng.clone();
        self.check_counters()?;
        let mut turn = self.start_turn(rules, level, Course::PLAY);
        self.open(rules, level, planned, &mut turn, &mut NoTrace);
        turn.pause_at_refill = turn.refills;
        let ended = self.phases(rules, level, &mut turn, &mut NoTrace)?;
        let paused = turn.refills && !turn.pause_at_refill;
        // The opened turn keeps no scratch buffer, so that a copy of it allocates nothing.
        (turn.created, turn.fired_list) = (Vec::new(), Vec::new());
        let (mv, plan, _) = planned;
        Ok(match ended {
            Some((score, 1)) if paused && self.rng == before => Some(OpenedMove {
                mv,
                plan,
                state: self.clone(),
                turn,
                score,
            }),
            _ => None,
        })
    }

    /// Finishes `opened` on this snapshot (overwritten) with `refills` as its generator:
    /// the refill after the first phase, the phases after it, effects, bonus and status.
    pub(crate) fn finish_move<R: Rules + ?Sized>(
        &mut self,
        rules: &R,
        level: &Level,
        opened: &OpenedMove,
        refills: &GameRng,
    ) -> Result<TurnSummary, MoveError> {
        self.clone_from(&opened.state);
        self.rng.clone_from(refills);
        let mut turn = opened.turn.clone();
        turn.created = take(&mut self.specials);
        turn.fired_list = take(&mut self.fired);
        self.refill_after(rules, level, &turn, turn.chain, &mut NoTrace);
        let rest = self.phases(rules, level, &mut turn, &mut NoTrace);
        let score = opened.score;
        let ended =
            rest.map(|more| more.map(|(extra, chain)| (score.saturating_add(extra), chain)));
        // The area is only read while opening (a combo's blast, a tap's group).
        let mv = Some((opened.mv, opened.plan, &CellSet::new()));
        self.end_turn(
            rules,
            level,
            mv,
            (&mut turn, ended),
            &mut NoTrace,
            Course::PLAY,
        )
    }
}
