//! [`Probe`]: a scratch game for searches that play many short futures from a position
//! and throw them away.

use crate::cellset::CellSet;
use crate::contain::caught;
use crate::error::MoveError;
use crate::level::Level;
use crate::moves::Move;
use crate::rules::Rules;
use crate::state::turn::Course;
use crate::state::{Snapshot, TurnSummary};
use crate::trace::{NoTrace, Status};

/// A scratch copy of a game ([`Game::probe`](crate::Game::probe)) that plays moves with
/// no trace and keeps no copy of the state to put back when a turn fails.
///
/// A [`Game`](crate::Game) copies its whole state before every turn, so that a turn that
/// fails (a runaway cascade, a part's error or panic) leaves it exactly as it was. A
/// search resets its scratch game to a known position before each future anyway, so the
/// probe skips that copy: a move it rejects changes nothing, as in a game, but after a
/// turn that *fails* the probe is spent: its state is whatever the turn left, and every
/// move is refused with that turn's error until [`reset`](Probe::reset).
///
/// ```
/// use match3_core::detect::LineRuns;
/// use match3_core::refill::Uniform;
/// use match3_core::{Game, GameConfig, Variant};
///
/// let threes = Variant::new("threes", LineRuns::new(3)).with_refill(Uniform);
/// let game = Game::new(threes, GameConfig::new(7))?;
/// let mv = game.legal_moves()[0];
/// let mut probe = game.probe();
/// let summary = probe.play(mv)?;
/// // The same turn as the game's own look-ahead (or play) of the move.
/// let mut scratch = game.snapshot();
/// assert_eq!(summary, game.speculate(mv, &mut scratch)?);
/// assert_eq!(probe.state(), &scratch);
/// // Back to the game's position for the next future.
/// probe.reset(game.state());
/// assert_eq!(probe.state(), game.state());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Probe<'g, R: ?Sized> {
    rules: &'g R,
    level: &'g Level,
    state: Snapshot,
    /// The error of the turn that failed since the last reset.
    failed: Option<MoveError>,
}

impl<'g, R: Rules + ?Sized> Probe<'g, R> {
    /// A probe at `state`, a state of a game with these rules and level.
    pub(crate) fn new(rules: &'g R, level: &'g Level, state: &Snapshot) -> Self {
        Probe {
            rules,
            level,
            state: state.clone(),
            failed: None,
        }
    }

    /// Back to `snapshot`, taken from the game this probe came from (or from the probe):
    /// a copy, reusing the probe's buffers.
    pub fn reset(&mut self, snapshot: &Snapshot) {
        self.state.clone_from(snapshot);
        self.failed = None;
    }

    /// The probe's state.
    pub fn state(&self) -> &Snapshot {
        &self.state
    }

    /// The status after the last move.
    pub fn status(&self) -> Status {
        self.state.status()
    }

    /// As [`Game::legal_moves_into`](crate::Game::legal_moves_into); none once spent.
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.failed.is_none() {
            self.state.legal_moves_into(self.rules, out);
        }
    }

    /// As [`Game::pick_legal_move`](crate::Game::pick_legal_move); `None` once spent.
    pub fn pick_legal_move(&self, pick: impl FnOnce(usize) -> usize) -> Option<Move> {
        match self.failed {
            None => self.state.pick_legal_move(self.rules, pick),
            Some(_) => None,
        }
    }

    /// Plays `mv` as [`Game::play_with`](crate::Game::play_with) with no trace would. A
    /// rejected move changes nothing; a turn that fails spends the probe (see
    /// [`Probe`]).
    pub fn play(&mut self, mv: Move) -> Result<TurnSummary, MoveError> {
        if let Some(failed) = &self.failed {
            return Err(failed.clone());
        }
        let (rules, level, state) = (self.rules, self.level, &mut self.state);
        let mut area = CellSet::new();
        let turn = caught(|| {
            let plan = state.plan(rules, level, mv, &mut area)?;
            let planned = Some((mv, plan, &area));
            Ok(state.play_turn(rules, level, planned, &mut NoTrace, Course::PLAY))
        });
        let failed = match turn {
            Ok(Err(rejected)) => return Err(rejected),
            Ok(Ok(Ok(summary))) => return Ok(summary),
            Ok(Ok(Err(failed))) => failed,
            Err(panicked) => panicked.blame(rules.name(), state.stage).into(),
        };
        self.failed = Some(failed.clone());
        Err(failed)
    }
}
