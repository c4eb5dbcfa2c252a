//! [`Probe`]: a scratch game for searches that play many short futures from a position
//! and throw them away.

use crate::cellset::CellSet;
use crate::contain::caught;
use crate::error::MoveError;
use crate::level::Level;
use crate::moves::{Move, MoveKind, PackedSwaps};
use crate::progress::Tally;
use crate::rng::GameRng;
use crate::rules::Rules;
use crate::state::ahead::Ahead;
use crate::state::opened::{KeptPause, OpenedMove};
use crate::state::turn::Course;
use crate::state::{Snapshot, TurnSummary, goal_units};
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
/// On a board of at most 64 cells (holes, jelly, locks and crates are fine, but not holes
/// with locks or crates), under rules that take one kind of move (swaps, drops of the
/// next piece, or taps whose groups the move set tells from the planes:
/// [`MoveSet::taps_on_planes`](crate::MoveSet::taps_on_planes)) and whose parts answer
/// on the bit planes (the bundled detections, a blind refill or the level's spawn
/// weights, scoring by counts, straight gravity, no end-of-move effects, specials whose
/// creations and blasts the planes can tell: the cluster rules in every mode and the line
/// rules, for two), a probe plays its moves, and the
/// rest of a move it finishes ([`finish_move`](Probe::finish_move)), on the planes
/// alone, leaving the cells and piece ids behind, which makes a cluster MCTS decision
/// about 1.45 times as fast. The cells catch up, by playing the same moves, when
/// [`state`](Probe::state) is read or a move needs them (a combo whose area the
/// specials cannot tell from the planes:
/// [`Specials::combo_on_planes`](crate::Specials::combo_on_planes), say): the
/// state, every summary, status and move list are the ones the cells alone would give
/// (the shared test suite checks it for every variant). A search that only needs the
/// outcome reads [`status`](Probe::status), [`tally`](Probe::tally) and
/// [`goal_units`](Probe::goal_units), which never make the cells catch up.
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
    /// The cells, behind `ahead`'s moves when it has any.
    state: Snapshot,
    /// Moves played on the planes alone, ahead of `state`; `None` when the rules or level
    /// never allow it.
    ahead: Option<Ahead>,
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
            ahead: Ahead::new(rules, level, state),
            done: None,
        }
    }

    /// Back to `snapshot`, taken from the game this probe came from (or from the probe):
    /// a copy, reusing the probe's buffers.
    pub fn reset(&mut self, snapshot: &Snapshot) {
        self.state.clone_from(snapshot);
        self.give_up_ahead();
        self.done = None;
    }

    /// Back to `snapshot`, as [`reset`](Probe::reset), with every random draw from now
    /// on (refills, the next piece) taken from `refills` instead of the snapshot's own
    /// generator: the start of a sampled future, whose moves then play as
    /// [`Game::speculate_with`](crate::Game::speculate_with) plays the first under the
    /// same `refills`, without that copy of the state.
    ///
    /// ```
    /// use match3_core::detect::LineRuns;
    /// use match3_core::refill::Uniform;
    /// use match3_core::{Game, GameConfig, GameRng, NoTrace, Variant};
    ///
    /// let threes = Variant::new("threes", LineRuns::new(3)).with_refill(Uniform);
    /// let game = Game::new(threes, GameConfig::new(7))?;
    /// let (mv, mut probe, mut scratch) = (game.legal_moves()[0], game.probe(), game.snapshot());
    /// for seed in 0..3 {
    ///     let sample = GameRng::new(seed);
    ///     probe.reset_with(game.state(), &sample);
    ///     let summary = probe.play(mv)?;
    ///     let whole = game.speculate_with(mv, &mut scratch, Some(&sample), &mut NoTrace)?;
    ///     assert_eq!((summary, probe.state()), (whole, &scratch));
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn reset_with(&mut self, snapshot: &Snapshot, refills: &GameRng) {
        self.state.sample(snapshot, refills);
        self.give_up_ahead();
        self.done = None;
    }

    /// The probe's state, once the cells have caught up with the moves played on the
    /// planes alone (see [`Probe`]). Should that fail (a part that answers differently
    /// on the cells), the probe is spent with the error, as after a failed turn.
    pub fn state(&mut self) -> &Snapshot {
        // A failure spends the probe, which then refuses moves with it.
        let _ = self.catch_up();
        &self.state
    }

    /// The status after the last move.
    pub fn status(&self) -> Status {
        match self.moves_ahead() {
            Some(ahead) => ahead.status(),
            None => self.state.status(),
        }
    }

    /// What the game has counted after the last move: score, moves, pieces collected,
    /// jelly and crates cleared (as [`Snapshot::tally`]).
    pub fn tally(&self) -> Tally {
        *self.counted()
    }

    /// [`tally`](Probe::tally) where it is kept.
    fn counted(&self) -> &Tally {
        match self.moves_ahead() {
            Some(ahead) => ahead.tally(),
            None => self.state.tally(),
        }
    }

    /// The goal units the probe's level counts after the last move (as
    /// [`Snapshot::goal_units`]).
    pub fn goal_units(&self) -> u64 {
        goal_units(self.level, self.counted())
    }

    /// As [`Game::legal_moves_into`](crate::Game::legal_moves_into); none once spent or
    /// after [`play_last`](Probe::play_last).
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        out.clear();
        match (&self.done, self.moves_ahead()) {
            (Some(_), _) => {}
            (None, Some(ahead)) => ahead.legal_moves_into(self.size(), out),
            (None, None) => self.state.legal_moves_into(self.rules, out),
        }
    }

    /// The first legal move, in the order of [`legal_moves_into`](Probe::legal_moves_into),
    /// that `wanted` accepts (it is asked of each in turn until one is accepted), without
    /// building the list; `None` when it accepts none, once spent or after
    /// [`play_last`](Probe::play_last).
    ///
    /// ```
    /// use match3_core::detect::LineRuns;
    /// use match3_core::refill::Uniform;
    /// use match3_core::{Game, GameConfig, Move, Variant};
    ///
    /// let threes = Variant::new("threes", LineRuns::new(3)).with_refill(Uniform);
    /// let game = Game::new(threes, GameConfig::new(7))?;
    /// let probe = game.probe();
    /// let listed = game.legal_moves();
    /// // The first legal swap of two cells in one column, as the list would find it.
    /// let down = |mv: Move| matches!(mv, Move::Swap(a, b) if a.col == b.col);
    /// assert_eq!(probe.find_legal_move(down), listed.iter().copied().find(|&mv| down(mv)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn find_legal_move(&self, mut wanted: impl FnMut(Move) -> bool) -> Option<Move> {
        let mut found = None;
        let mut visit = |mv: Move| {
            let accepted = wanted(mv);
            if accepted {
                found = Some(mv);
            }
            !accepted
        };
        match (&self.done, self.moves_ahead()) {
            (Some(_), _) => {}
            (None, Some(ahead)) => ahead.visit_legal_moves(self.size(), &mut visit),
            (None, None) => self.state.visit_legal_moves(self.rules, visit),
        }
        found
    }

    /// The legal moves as packed swaps, when the rules take swaps alone on a board of at
    /// most 8 × 8 whose swaps are kept packed (see
    /// [`Game::packed_legal_swaps`](crate::Game::packed_legal_swaps)): `Some` exactly when
    /// [`legal_moves_into`](Probe::legal_moves_into) would list these swaps and nothing
    /// else (none once spent or after [`play_last`](Probe::play_last)); `None` under rules
    /// that take drops or taps too, and where the swaps are kept otherwise. With the
    /// masks a search asks set questions of the legal moves (the first one not tried
    /// yet, [`PackedSwaps::first`]) without visiting them one by one.
    ///
    /// ```
    /// use match3_core::detect::LineRuns;
    /// use match3_core::refill::Uniform;
    /// use match3_core::{Game, GameConfig, Move, Variant};
    ///
    /// let threes = Variant::new("threes", LineRuns::new(3)).with_refill(Uniform);
    /// let game = Game::new(threes, GameConfig::new(7))?;
    /// let mut probe = game.probe();
    /// probe.play(game.legal_moves()[0])?;
    /// let swaps = probe.packed_legal_moves().expect("8 × 8, swaps alone");
    /// let mut listed = Vec::new();
    /// probe.legal_moves_into(&mut listed);
    /// assert_eq!(swaps.len(), listed.len());
    /// assert_eq!(swaps.first(), listed.first().copied());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn packed_legal_moves(&self) -> Option<PackedSwaps> {
        if self.rules.accepts(MoveKind::Drop) || self.rules.accepts(MoveKind::Tap) {
            return None;
        }
        match (&self.done, self.moves_ahead()) {
            (Some(_), _) => Some(PackedSwaps::default()),
            (None, Some(ahead)) => Some(ahead.packed_swaps()),
            (None, None) => self.state.packed_legal_swaps(self.rules),
        }
    }

    /// As [`Game::pick_legal_move`](crate::Game::pick_legal_move); `None` once spent or
    /// after [`play_last`](Probe::play_last).
    pub fn pick_legal_move(&self, pick: impl FnOnce(usize) -> usize) -> Option<Move> {
        match (&self.done, self.moves_ahead()) {
            (Some(_), _) => None,
            (None, Some(ahead)) => ahead.pick(self.size(), pick),
            (None, None) => self.state.pick_legal_move(self.rules, pick),
        }
    }

    /// Plays `mv` as [`Game::play_with`](crate::Game::play_with) with no trace would. A
    /// rejected move changes nothing; a turn that fails spends the probe (see
    /// [`Probe`]).
    #[inline]
    pub fn play(&mut self, mv: Move) -> Result<TurnSummary, MoveError> {
        if self.ahead.is_some()
            && let Some(summary) = self.try_ahead(mv, false)?
        {
            return Ok(summary);
        }
        self.run(mv, Course::PLAY)
    }

    /// Plays `mv` as the last move of a future: the same turn as [`play`](Probe::play),
    /// but the status afterwards is only the level's verdict (won, or lost or over at the
    /// move limit; else as it was), without the search for a legal move (and the
    /// shuffle) that [`play`](Probe::play) ends with. Until [`reset`](Probe::reset), the
    /// probe then takes no move and lists none.
    #[inline(always)]
    pub fn play_last(&mut self, mv: Move) -> Result<TurnSummary, MoveError> {
        if self.ahead.is_some()
            && let Some(summary) = self.try_ahead(mv, true)?
        {
            self.done = Some(Done::Last);
            return Ok(summary);
        }
        self.refuse_when_done()?;
        let summary = self.last_on_cells(mv)?;
        self.done = Some(Done::Last);
        Ok(summary)
    }

    /// [`play_last`](Probe::play_last) on the cells.
    fn last_on_cells(&mut self, mv: Move) -> Result<TurnSummary, MoveError> {
        let course = Course {
            status: false,
            ..Course::PLAY
        };
        let mut summary = self.turn(mv, course)?;
        self.state.settle_verdict(self.level);
        summary.status = self.state.status();
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
        self.give_up_ahead();
        if self.ahead.is_some() {
            if let Some(summary) = self.finish_ahead(opened, refills) {
                return Ok(summary);
            }
            // The planes gave up after putting the cells where the move paused, if they
            // got that far: the cells play the rest.
            if let Some(summary) = self.catch_up()? {
                return Ok(summary);
            }
        }
        self.on_cells(|rules, level, state| state.finish_move(rules, level, opened, refills))
    }

    /// [`finish_move`](Probe::finish_move) with the rest of the move on the planes alone
    /// (see [`Probe`]); `None` when the cells must play it.
    fn finish_ahead(&mut self, opened: &OpenedMove, refills: &GameRng) -> Option<TurnSummary> {
        let (rules, level) = (self.rules, self.level);
        let (ahead, state) = (self.ahead.as_mut()?, &mut self.state);
        // Only the planes move after the cells are put at the pause (a copy): a part
        // that panics leaves the rest to the cells, which panic again and say where.
        caught(|| ahead.finish((rules, level), state, (opened, refills))).unwrap_or(None)
    }

    /// The rest of a paused move on the cells, which are where it paused.
    fn resume_on_cells(&mut self, kept: &KeptPause) -> Result<TurnSummary, MoveError> {
        self.on_cells(|rules, level, state| state.resume(rules, level, kept.paused()))
    }

    /// Runs `finish` (the rest of an opened move) on the cells, its panics contained; a
    /// failure spends the probe.
    fn on_cells(
        &mut self,
        finish: impl FnOnce(&R, &Level, &mut Snapshot) -> Result<TurnSummary, MoveError>,
    ) -> Result<TurnSummary, MoveError> {
        let (rules, level, state) = (self.rules, self.level, &mut self.state);
        let failed = match caught(|| finish(rules, level, state)) {
            Ok(Ok(summary)) => return Ok(summary),
            Ok(Err(failed)) => failed,
            Err(panicked) => panicked.blame(rules.name(), state.stage).into(),
        };
        Err(self.spend(failed))
    }

    /// Plays `mv` on the planes alone when the probe can (see [`Probe`]); `Ok(None)` when
    /// the cells must play it, once they have caught up. Out of line: rules that never
    /// play ahead keep their turns as small as without it.
    #[inline(never)]
    fn try_ahead(&mut self, mv: Move, last: bool) -> Result<Option<TurnSummary>, MoveError> {
        if let Some(summary) = self.play_ahead(mv, last) {
            return Ok(Some(summary));
        }
        self.catch_up()?;
        Ok(None)
    }

    /// [`try_ahead`](Probe::try_ahead) on the planes.
    fn play_ahead(&mut self, mv: Move, last: bool) -> Option<TurnSummary> {
        if self.done.is_some() {
            return None;
        }
        let (rules, level) = (self.rules, self.level);
        let (ahead, state) = (self.ahead.as_mut()?, &self.state);
        // The planes alone move here: a part that panics leaves the cells as they were,
        // and panics again on them, which say where.
        caught(|| ahead.play((rules, level), state, mv, last)).unwrap_or(None)
    }

    /// The moves played on the planes alone, when there are any.
    fn moves_ahead(&self) -> Option<&Ahead> {
        self.ahead.as_ref().filter(|ahead| ahead.is_ahead())
    }

    /// Plays on the cells what was played on the planes alone: the rest of a paused move,
    /// then the moves, in order; the last one's summary.
    fn catch_up(&mut self) -> Result<Option<TurnSummary>, MoveError> {
        let Some(ahead) = self.ahead.as_mut().filter(|ahead| ahead.is_ahead()) else {
            return Ok(None);
        };
        let (paused, played) = ahead.take_played();
        let mut caught_up = match paused {
            Some(kept) => self.resume_on_cells(&kept).map(Some),
            None => Ok(None),
        };
        for &(mv, last) in &played {
            if caught_up.is_err() {
                break;
            }
            caught_up = match last {
                true => self.last_on_cells(mv),
                false => self.turn(mv, Course::PLAY),
            }
            .map(Some);
        }
        if let Some(ahead) = &mut self.ahead {
            ahead.give_back(played);
        }
        // Whatever stopped the cells, they are not where the summaries said: spent.
        caught_up.map_err(|failed| self.spend(failed))
    }

    /// Forgets the moves played on the planes alone (the cells are overwritten).
    fn give_up_ahead(&mut self) {
        if let Some(ahead) = &mut self.ahead {
            ahead.forget();
        }
    }

    /// The board's rows and columns.
    fn size(&self) -> (usize, usize) {
        (self.state.board().rows(), self.state.board().cols())
    }

    /// The turn of `mv` as far as `course` goes, with no backup, unless the probe is spent
    /// or its future over.
    fn run(&mut self, mv: Move, course: Course) -> Result<TurnSummary, MoveError> {
        self.refuse_when_done()?;
        self.turn(mv, course)
    }

    /// The error for any move once the probe is spent or its future over.
    fn refuse_when_done(&self) -> Result<(), MoveError> {
        match &self.done {
            None => Ok(()),
            Some(Done::Failed(failed)) => Err(failed.clone()),
            Some(Done::Last) => Err(MoveError::GameOver {
                status: self.state.status(),
            }),
        }
    }

    /// [`run`](Probe::run) whatever the probe did before.
    fn turn(&mut self, mv: Move, course: Course) -> Result<TurnSummary, MoveError> {
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
