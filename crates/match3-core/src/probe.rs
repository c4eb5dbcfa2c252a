//! [`Probe`]: a scratch game for searches that play many short futures from a position
//! and throw them away.

use crate::cellset::CellSet;
use crate::contain::caught;
use crate::error::MoveError;
use crate::level::Level;
use crate::moves::Move;
use crate::rng::GameRng;
use crate::rules::Rules;
use crate::state::opened::OpenedMove;
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
    /// Why the probe refuses moves until reset, if it does.
    done: Option<Done>,
}

/// Why a probe takes no more moves.
#[derive(Clone, Debug)]
enum Done {
    /// A turn failed with this error.
    Failed(MoveError),
    /// [`Probe::play_last`] played the future's last move.
    Last,
}

impl<'g, R: Rules + ?Sized> Probe<'g, R> {
    /// A probe at `state`, a state of a game with these rules and level.
    pub(crate) fn new(rules: &'g R, level: &'g Level, state: &Snapshot) -> Self {
        Probe {
            rules,
            level,
            state: state.clone(),
            done: None,
        }
    }

    /// Back to `snapshot`, taken from the game this probe came from (or from the probe):
    /// a copy, reusing the probe's buffers.
    pub fn reset(&mut self, snapshot: &Snapshot) {
        self.state.clone_from(snapshot);
        self.done = None;
    }

    /// The probe's state.
    pub fn state(&self) -> &Snapshot {
        &self.state
    }

    /// The status after the last move.
    pub fn status(&self) -> Status {
        self.state.status()
    }

    /// As [`Game::legal_moves_into`](crate::Game::legal_moves_into); none once spent or
    /// after [`play_last`](Probe::play_last).
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.done.is_none() {
            self.state.legal_moves_into(self.rules, out);
        }
    }

    /// As [`Game::pick_legal_move`](crate::Game::pick_legal_move); `None` once spent or
    /// after [`play_last`](Probe::play_last).
    pub fn pick_legal_move(&self, pick: impl FnOnce(usize) -> usize) -> Option<Move> {
        match self.done {
            None => self.state.pick_legal_move(self.rules, pick),
            Some(_) => None,
        }
    }

    /// Plays `mv` as [`Game::play_with`](crate::Game::play_with) with no trace would. A
    /// rejected move changes nothing; a turn that fails spends the probe (see
    /// [`Probe`]).
    pub fn play(&mut self, mv: Move) -> Result<TurnSummary, MoveError> {
        self.run(mv, Course::PLAY)
    }

    /// Plays `mv` as the last move of a future: the same turn as [`play`](Probe::play),
    /// but the status afterwards is only the level's verdict (won, or lost or over at the
    /// move limit; else as it was), without the search for a legal move (and the
    /// shuffle) that [`play`](Probe::play) ends with. Until [`reset`](Probe::reset), the
    /// probe then takes no move and lists none.
    pub fn play_last(&mut self, mv: Move) -> Result<TurnSummary, MoveError> {
        let course = Course {
            status: false,
            ..Course::PLAY
        };
        let mut summary = self.run(mv, course)?;
        self.state.settle_verdict(self.level);
        summary.status = self.state.status();
        self.done = Some(Done::Last);
        Ok(summary)
    }

    /// Finishes `opened` on the probe, overwriting its state: the same state and summary
    /// as [`reset`](Probe::reset) to the position it was opened from, then
    /// [`play`](Probe::play) of its move with `refills` as the generator (see
    /// [`Game::finish_move`](crate::Game::finish_move)), without the copy of that
    /// position. A turn that fails spends the probe.
    pub fn finish_move(
        &mut self,
        opened: &OpenedMove,
        refills: &GameRng,
    ) -> Result<TurnSummary, MoveError> {
        self.done = None;
        let (rules, level, state) = (self.rules, self.level, &mut self.state);
        let failed = match caught(|| state.finish_move(rules, level, opened, refills)) {
            Ok(Ok(summary)) => return Ok(summary),
            Ok(Err(failed)) => failed,
            Err(panicked) => panicked.blame(rules.name(), state.stage).into(),
        };
        Err(self.spend(failed))
    }

    /// The turn of `mv` as far as `course` goes, with no backup.
    fn run(&mut self, mv: Move, course: Course) -> Result<TurnSummary, MoveError> {
        match &self.done {
            None => {}
            Some(Done::Failed(failed)) => return Err(failed.clone()),
            Some(Done::Last) => {
                return Err(MoveError::GameOver {
                    status: self.state.status(),
                });
            }
        }
        let (rules, level, state) = (self.rules, self.level, &mut self.state);
        let mut area = CellSet::new();
        let turn = caught(|| {
            let plan = state.plan(rules, level, mv, &mut area)?;
            let planned = Some((mv, plan, &area));
            Ok(state.play_turn(rules, level, planned, &mut NoTrace, course))
        });
        let failed = match turn {
            Ok(Err(rejected)) => return Err(rejected),
            Ok(Ok(Ok(summary))) => return Ok(summary),
            Ok(Ok(Err(failed))) => failed,
            Err(panicked) => panicked.blame(rules.name(), state.stage).into(),
        };
        Err(self.spend(failed))
    }

    /// Spends the probe on a turn that `failed`: every move is refused with its error
    /// until reset.
    fn spend(&mut self, failed: MoveError) -> MoveError {
        self.done = Some(Done::Failed(failed.clone()));
        failed
    }
}
