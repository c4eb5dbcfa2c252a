//! A move played as far as no refill can change it ([`Game::open_move`]), finished
//! under as many refill samples as a search likes ([`Game::finish_move`]).
//!
//! A search that samples the refills (Monte Carlo tree search) plays each first move
//! hundreds of times, each under another sample; everything up to the first refill is
//! the same every time: the move's check, its opening and first phase (detection,
//! specials fired and created, scoring, the clear) and the gravity after it. An opened
//! move keeps the state and the turn at that point, so a finish replays only the rest.
//! Under rules that never refill, the whole turn is the same under every sample when it
//! draws nothing: such a move is opened to its end, and a finish is a copy.
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

/// A move played from a game's state up to the refill after its first phase (or, under
/// rules that never refill, to its end): what
/// [`Game::open_move`](crate::Game::open_move) makes and
/// [`Game::finish_move`](crate::Game::finish_move) finishes.
///
/// Only moves whose opened part draws nothing from the generator are opened (a drop
/// deals its next piece, some rules draw while firing or creating specials, a shuffle
/// draws: those cannot be played ahead of a sample's draws), so a finish draws exactly
/// what the whole move would, and ends in the same state.
#[derive(Clone, Debug)]
pub struct OpenedMove {
    mv: Move,
    /// The state where the opened part ended (its generator aside).
    state: Snapshot,
    rest: Rest,
}

/// What a finish still has to play.
#[derive(Clone, Debug)]
enum Rest {
    /// The refill after the first phase and everything after it: `state` is after the
    /// first phase's gravity, its holes not yet refilled.
    Paused {
        plan: Plan,
        /// The turn at that point, without its scratch buffers (a finish lends it those
        /// of the snapshot it plays on).
        turn: Box<Turn>,
        /// What the first phase scored.
        score: u64,
    },
    /// Nothing: the rules never refill and the turn drew nothing, so `state` is where it
    /// ends under any sample.
    Ended(TurnSummary),
}

impl OpenedMove {
    /// The move opened.
    pub fn mv(&self) -> Move {
        self.mv
    }
}

impl Snapshot {
    /// Plays the validated `planned` move (this snapshot being the game's state with the
    /// move checked) up to its first refill, or to its end under rules that never refill;
    /// `None` when that part draws from the generator, or nothing is cleared before a
    /// refill.
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
        let ended = self.phases(rules, level, &mut turn, &mut NoTrace);
        let (mv, plan, _) = planned;
        let rest = if turn.refills {
            let paused = !turn.pause_at_refill;
            // The opened turn keeps no scratch buffer, so that a copy of it allocates nothing.
            (turn.created, turn.fired_list) = (Vec::new(), Vec::new());
            match ended? {
                Some((score, 1)) if paused => Rest::Paused {
                    plan,
                    turn: Box::new(turn),
                    score,
                },
                _ => return Ok(None),
            }
        } else {
            let ended = Ok(ended?);
            let course = Course::PLAY;
            Rest::Ended(self.end_turn(
                rules,
                level,
                Some(planned),
                (&mut turn, ended),
                &mut NoTrace,
                course,
            )?)
        };
        Ok((self.rng == before).then(|| OpenedMove {
            mv,
            state: self.clone(),
            rest,
        }))
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
        self.install(opened, refills);
        match opened.rest() {
            Ok(paused) => self.resume(rules, level, paused),
            Err(ended) => Ok(ended),
        }
    }

    /// Puts this snapshot where `opened` stopped, with `refills` as its generator.
    pub(crate) fn install(&mut self, opened: &OpenedMove, refills: &GameRng) {
        self.sample(&opened.state, refills);
    }

    /// Becomes a copy of `source` with `refills` as its generator.
    pub(crate) fn sample(&mut self, source: &Snapshot, refills: &GameRng) {
        self.clone_from(source);
        self.rng.clone_from(refills);
    }

    /// Plays the rest of a paused move from where it paused (see
    /// [`install`](Snapshot::install)): the refill after its first phase, the phases
    /// after it, effects, bonus and status.
    pub(crate) fn resume<R: Rules + ?Sized>(
        &mut self,
        rules: &R,
        level: &Level,
        paused: Paused<'_>,
    ) -> Result<TurnSummary, MoveError> {
        let mut turn = Turn::clone(paused.turn);
        turn.created = take(&mut self.specials);
        turn.fired_list = take(&mut self.fired);
        self.refill_after(rules, level, &turn, turn.chain, &mut NoTrace);
        let rest = self.phases(rules, level, &mut turn, &mut NoTrace);
        let score = paused.score;
        let ended =
            rest.map(|more| more.map(|(extra, chain)| (score.saturating_add(extra), chain)));
        // The area is only read while opening (a combo's blast, a tap's group).
        let mv = Some((paused.mv, paused.plan, &CellSet::new()));
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

/// What a paused move still has to play, for [`Snapshot::resume`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Paused<'a> {
    pub(crate) mv: Move,
    plan: Plan,
    /// The turn at the pause.
    turn: &'a Turn,
    /// What the first phase scored.
    pub(crate) score: u64,
}

impl Paused<'_> {
    /// The last phase played before the pause.
    pub(crate) fn chain(&self) -> u32 {
        self.turn.chain
    }

    /// A copy that borrows nothing (it allocates nothing, see [`OpenedMove`]).
    pub(crate) fn to_kept(self) -> KeptPause {
        KeptPause {
            mv: self.mv,
            plan: self.plan,
            turn: Turn::clone(self.turn),
            score: self.score,
        }
    }
}

/// A [`Paused`] kept after its opened move is gone.
#[derive(Clone, Debug)]
pub(crate) struct KeptPause {
    mv: Move,
    plan: Plan,
    turn: Turn,
    score: u64,
}

impl KeptPause {
    /// The pause, to [`resume`](Snapshot::resume).
    pub(crate) fn paused(&self) -> Paused<'_> {
        Paused {
            mv: self.mv,
            plan: self.plan,
            turn: &self.turn,
            score: self.score,
        }
    }
}

impl OpenedMove {
    /// What is left to play of a move that paused at its first refill; the move's summary
    /// when it was opened to its end.
    pub(crate) fn rest(&self) -> Result<Paused<'_>, TurnSummary> {
        match &self.rest {
            Rest::Paused { plan, turn, score } => Ok(Paused {
                mv: self.mv,
                plan: *plan,
                turn,
                score: *score,
            }),
            Rest::Ended(summary) => Err(*summary),
        }
    }

    /// The state where the opened part ended (its generator aside).
    pub(crate) fn state(&self) -> &Snapshot {
        &self.state
    }
}
