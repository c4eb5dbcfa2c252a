//! [`Game`]: a [`Rules`] value plus the state it plays on, and [`Snapshot`], that state.
//!
//! A move is checked before anything changes, and a turn runs with a copy of the state
//! kept aside that is put back if the turn hits the phase limit, so a rejected move or a
//! runaway turn leaves the game exactly as it was. The turn itself is in `turn.rs`, move
//! lists and status in `legal.rs`.

use crate::board::Board;
use crate::cellset::CellSet;
use crate::error::{MoveError, SetupError};
use crate::generate::fill_layout;
use crate::legal::{append_legal_moves, pick_with, settle_status};
use crate::level::{Goal, GoalProgress, Level};
use crate::moves::{KnownSwaps, Move, MoveKind};
use crate::notation::Layout;
use crate::obstacles::Cleared;
use crate::piece::{Cell, MAX_COLORS, Piece};
use crate::pos::{Pos, Size};
use crate::refill::RefillSlot;
use crate::rng::GameRng;
use crate::rules::Rules;
use crate::save::SavedGame;
use crate::trace::Fire;
use crate::trace::{NoTrace, Sink, Status, Trace};
use crate::turn::{
    Horizon, MAX_NEXT_ID, Plan, next_piece, planes_suffice, run_phases, run_turn, validate,
};

/// The smallest palette [`Game::from_board`] infers for a loaded board.
pub const MIN_INFERRED_COLORS: u8 = 5;

/// Settings for a new, generated game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct GameConfig {
    /// Board size.
    pub size: Size,
    /// Palette size (colours `A`… in order).
    pub colors: u8,
    /// Seed for the game's generator.
    pub seed: u64,
    /// Chance, in percent, that a generated cell is a blocker.
    pub blocker_percent: u8,
}

impl GameConfig {
    /// An 8×8 board, 5 colours, no blockers.
    pub fn new(seed: u64) -> Self {
        GameConfig {
            size: Size::new(8, 8).expect("8x8 is a valid size"),
            colors: 5,
            seed,
            blocker_percent: 0,
        }
    }
}

/// Everything that changes during a game: board, score, move count, generator, id
/// counter, next piece and status. Snapshots compare bit-for-bit with `==`.
///
/// `clone_from` reuses the snapshot's buffers, so a scratch snapshot used for
/// look-ahead stops allocating once warm.
#[derive(Debug, serde::Serialize, serde::Deserialize)]
pub struct Snapshot {
    pub(crate) board: Board,
    pub(crate) score: u64,
    pub(crate) moves: u32,
    pub(crate) rng: GameRng,
    pub(crate) next_id: u32,
    pub(crate) next_piece: Option<Piece>,
    pub(crate) colors: u8,
    pub(crate) status: Status,
    /// The refill policy's state.
    #[serde(default)]
    pub(crate) refill_state: RefillSlot,
    /// Scratch space for the specials a phase creates; not part of the state.
    #[serde(skip)]
    pub(crate) specials: Vec<(Pos, Piece)>,
    /// Scratch space for the specials a phase fires; not part of the state.
    #[serde(skip)]
    pub(crate) fired: Vec<Fire>,
    /// Pieces cleared so far, per colour (counted for the colours a level collects).
    pub(crate) collected: [u32; MAX_COLORS as usize],
    /// Shuffles on deadlock so far.
    pub(crate) shuffles: u32,
    /// Jelly layers, crate hits and crates cleared so far.
    #[serde(default)]
    pub(crate) cleared: Cleared,
    /// The legal swaps the last status computation found (rules with
    /// [`Rules::legal_swaps`]), reused for move lists; derived, not part of the state.
    #[serde(skip)]
    pub(crate) swaps: Option<KnownSwaps>,
}

impl Clone for Snapshot {
    fn clone(&self) -> Self {
        Snapshot {
            board: self.board.clone(),
            score: self.score,
            moves: self.moves,
            rng: self.rng.clone(),
            next_id: self.next_id,
            next_piece: self.next_piece,
            colors: self.colors,
            status: self.status,
            refill_state: self.refill_state.clone(),
            collected: self.collected,
            shuffles: self.shuffles,
            cleared: self.cleared,
            specials: Vec::new(),
            fired: Vec::new(),
            swaps: self.swaps,
        }
    }

    fn clone_from(&mut self, source: &Self) {
        self.board.clone_from(&source.board);
        self.score = source.score;
        self.moves = source.moves;
        self.rng.clone_from(&source.rng);
        self.next_id = source.next_id;
        self.next_piece = source.next_piece;
        self.colors = source.colors;
        self.status = source.status;
        self.refill_state.clone_from(&source.refill_state);
        self.collected = source.collected;
        self.shuffles = source.shuffles;
        self.cleared = source.cleared;
        // A derived cache: dropping it keeps look-ahead copies small; the next move list
        // recomputes it.
        self.swaps = None;
    }
}

impl PartialEq for Snapshot {
    fn eq(&self, o: &Self) -> bool {
        self.board == o.board
            && self.score == o.score
            && self.moves == o.moves
            && self.rng == o.rng
            && self.next_id == o.next_id
            && self.next_piece == o.next_piece
            && self.colors == o.colors
            && self.status == o.status
            && self.refill_state == o.refill_state
            && self.collected == o.collected
            && self.shuffles == o.shuffles
            && self.cleared == o.cleared
    }
}

impl Eq for Snapshot {}

/// The scratch of a score-only look-ahead ([`Game::score_within`]), made by
/// [`Game::score_scratch`] and reused across calls. It keeps what a look-ahead's score
/// and goal progress need and nothing to read a board from: after a look-ahead on the
/// masks alone its cells and ids are out of date, so it never hands them out.
#[derive(Clone)]
pub struct ScoreScratch {
    state: Snapshot,
}

// Not the board, whose cells may be out of date.
impl std::fmt::Debug for ScoreScratch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ScoreScratch")
            .field("score", &self.state.score)
            .finish_non_exhaustive()
    }
}

impl ScoreScratch {
    /// The game's score after the last look-ahead (the score before the move plus what
    /// the move scored).
    pub fn score(&self) -> u64 {
        self.state.score
    }

    /// The goal units `level` counts after the last look-ahead
    /// ([`Level::goal_units`]).
    pub fn goal_units(&self, level: &Level) -> u64 {
        level.goal_units(&self.state)
    }
}

impl Snapshot {
    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }
    /// The score so far.
    pub fn score(&self) -> u64 {
        self.score
    }
    /// Accepted moves so far.
    pub fn moves(&self) -> u32 {
        self.moves
    }
    /// The status.
    pub fn status(&self) -> Status {
        self.status
    }
    /// The id the next new piece will get.
    pub fn next_id(&self) -> u32 {
        self.next_id
    }
    /// The piece a drop will place, for rules that take drops.
    pub fn next_piece(&self) -> Option<Piece> {
        self.next_piece
    }
    /// The palette size used for refills and next pieces.
    pub fn colors(&self) -> u8 {
        self.colors
    }
    /// The refill policy's state (see [`Refill::State`](crate::refill::Refill::State)).
    pub fn refill_state(&self) -> &RefillSlot {
        &self.refill_state
    }
    /// Pieces cleared so far per colour, indexed by colour; counted only for the colours
    /// the game's level collects (zero otherwise).
    pub fn collected(&self) -> &[u32; MAX_COLORS as usize] {
        &self.collected
    }
    /// Jelly layers, crate hits and crates cleared so far.
    pub fn cleared(&self) -> Cleared {
        self.cleared
    }
    /// Shuffles on deadlock so far.
    pub fn shuffles(&self) -> u32 {
        self.shuffles
    }
    /// The game's generator as it stands: what the next random draw will come from.
    pub fn rng(&self) -> &GameRng {
        &self.rng
    }
}

/// What a turn came to, without the trace.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct TurnSummary {
    /// Points the turn scored.
    pub score: u64,
    /// Phases it ran (the longest chain index).
    pub phases: u32,
    /// Status afterwards.
    pub status: Status,
}

/// A game: a [`Rules`] value plus the state it plays on.
///
/// ```
/// use match3_core::detect::LineRuns;
/// use match3_core::{Board, Game, Move, Pos, Variant};
///
/// /// The smallest variant: runs of three, one point per cell, no refill.
/// let threes = Variant::new("threes", LineRuns::new(3));
///
/// let board: Board = "AABC/BCAB/CBAC/ABCA".parse()?;
/// let mut game = Game::from_board(threes, board, 0)?;
/// let trace = game.play(Move::Swap(Pos::new(0, 2), Pos::new(1, 2)))?;
/// assert_eq!(trace.score(), 3);
/// assert_eq!(game.board().to_string(), "...C/BCBB/CBAC/ABCA");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Game<R> {
    rules: R,
    level: Level,
    state: Snapshot,
    initial: Snapshot,
    /// The state as it was before the turn in progress (see `run_backed_up`).
    backup: Snapshot,
}

impl<R: Rules> Game<R> {
    /// A new game on a board generated by the rules: stable, with at least one legal move.
    pub fn new(rules: R, config: GameConfig) -> Result<Self, SetupError> {
        check_colors(&rules, config.colors)?;
        if config.blocker_percent > 100 {
            return Err(SetupError::BlockerChance {
                percent: config.blocker_percent,
            });
        }
        let mut rng = GameRng::new(config.seed);
        let mut board =
            rules.generate(config.size, config.colors, config.blocker_percent, &mut rng)?;
        let next_id = board.renumber(0);
        Self::start(rules, board, rng, next_id, config.colors, Level::default())
    }

    /// A game on a given board (a fixture or a preset). The board may hold matches; they
    /// stay until [`resolve`](Game::resolve) or a move. The palette for refills and next
    /// pieces is the colours up to the highest one on the board, but at least
    /// [`MIN_INFERRED_COLORS`], so that a fixture drawn in one or two letters does not
    /// refill into endless matches.
    pub fn from_board(rules: R, board: Board, seed: u64) -> Result<Self, SetupError> {
        let highest = board.iter().filter_map(|(_, c)| c.color()).max();
        let colors = highest
            .map_or(0, |c| c.index() + 1)
            .max(MIN_INFERRED_COLORS);
        Self::from_board_with_colors(rules, board, seed, colors)
    }

    /// Like [`from_board`](Game::from_board) with an explicit palette size. The palette
    /// governs new pieces only (refills, next pieces); the board may hold any colour.
    pub fn from_board_with_colors(
        rules: R,
        mut board: Board,
        seed: u64,
        colors: u8,
    ) -> Result<Self, SetupError> {
        check_colors(&rules, colors)?;
        check_cells(&rules, &board)?;
        let next_id = board.renumber(0);
        Self::start(
            rules,
            board,
            GameRng::new(seed),
            next_id,
            colors,
            Level::default(),
        )
    }

    /// A level's game: `layout`'s random cells (`?`) are drawn from the game's generator
    /// (seeded by `seed`) so that the board starts with no match and a legal move, then
    /// `level`'s limit, goals and policies apply. Without random cells the board is used as
    /// it is, like [`from_board_with_colors`](Game::from_board_with_colors).
    pub fn from_layout(
        rules: R,
        layout: &Layout,
        seed: u64,
        colors: u8,
        level: Level,
    ) -> Result<Self, SetupError> {
        check_colors(&rules, colors)?;
        level.check(colors)?;
        check_spawn(&rules, &level)?;
        let mut rng = GameRng::new(seed);
        let mut board = fill_layout(&rules, layout, colors, &mut rng)?;
        check_cells(&rules, &board)?;
        check_goals(&level, &board)?;
        let next_id = board.renumber(0);
        Self::start(rules, board, rng, next_id, colors, level)
    }

    /// The same game from its starting board, under `level` (a fresh start: score, moves
    /// and progress at zero).
    pub fn with_level(self, level: Level) -> Result<Self, SetupError> {
        level.check(self.initial.colors)?;
        check_spawn(&self.rules, &level)?;
        check_goals(&level, &self.initial.board)?;
        let Game { rules, initial, .. } = self;
        Ok(Self::settled(rules, level, initial))
    }

    /// A game whose starting state is `state` with its status worked out under `level`.
    fn settled(rules: R, level: Level, mut state: Snapshot) -> Self {
        settle_status(&rules, &mut state, &level, false, &mut NoTrace);
        Game {
            rules,
            level,
            initial: state.clone(),
            backup: state.clone(),
            state,
        }
    }

    fn start(
        rules: R,
        board: Board,
        rng: GameRng,
        next_id: u32,
        colors: u8,
        level: Level,
    ) -> Result<Self, SetupError> {
        let mut state = Snapshot {
            board,
            score: 0,
            moves: 0,
            rng,
            next_id,
            next_piece: None,
            colors,
            status: Status::Playable,
            refill_state: RefillSlot::default(),
            collected: [0; MAX_COLORS as usize],
            shuffles: 0,
            cleared: Cleared::default(),
            specials: Vec::new(),
            fired: Vec::new(),
            swaps: None,
        };
        if rules.accepts(MoveKind::Drop) {
            state.next_piece = Some(next_piece(&rules, &level, &mut state));
        }
        Ok(Self::settled(rules, level, state))
    }

    /// The rules.
    pub fn rules(&self) -> &R {
        &self.rules
    }
    /// The board.
    pub fn board(&self) -> &Board {
        &self.state.board
    }
    /// The score so far.
    pub fn score(&self) -> u64 {
        self.state.score
    }
    /// Accepted moves so far.
    pub fn moves(&self) -> u32 {
        self.state.moves
    }
    /// The status.
    pub fn status(&self) -> Status {
        self.state.status
    }
    /// The piece the next drop places, for rules that take drops.
    pub fn next_piece(&self) -> Option<Piece> {
        self.state.next_piece
    }
    /// The level the game plays under ([`Level::default`] for a plain game).
    pub fn level(&self) -> &Level {
        &self.level
    }
    /// Moves left under the level's move limit; `None` when unlimited.
    pub fn moves_left(&self) -> Option<u32> {
        (self.level.moves).map(|limit| limit.saturating_sub(self.state.moves))
    }
    /// Progress on each of the level's goals, in the level's order.
    pub fn goals(&self) -> Vec<GoalProgress> {
        self.level.progress(&self.state)
    }
    /// Stars earned: the level's thresholds the score reaches once the game is won, 0
    /// otherwise.
    pub fn stars(&self) -> u32 {
        if self.state.status == Status::Won {
            self.level.stars_for(self.state.score)
        } else {
            0
        }
    }
    /// Shuffles on deadlock so far.
    pub fn shuffles(&self) -> u32 {
        self.state.shuffles
    }
    /// The whole game, to serialize: rules' name, level, starting and current state (see
    /// [`SavedGame`]).
    pub fn save(&self) -> SavedGame {
        SavedGame {
            rules: self.rules.name().to_string(),
            level: self.level.clone(),
            initial: self.initial.clone(),
            state: self.state.clone(),
        }
    }

    /// A copy of this game that plays by a reference to its rules: for searching or
    /// experimenting on a copy when the rules are not `Clone` (such as `Box<dyn Rules>`).
    pub fn borrowed(&self) -> Game<&R> {
        Game {
            rules: &self.rules,
            level: self.level.clone(),
            state: self.state.clone(),
            initial: self.initial.clone(),
            backup: self.backup.clone(),
        }
    }

    /// A saved game under `rules`, which must have the saved rules' name and support
    /// every cell on its boards. It continues exactly as the saved game would have.
    ///
    /// A save is input, so both its states are checked for what the engine relies on,
    /// and a state that play could not have produced is refused
    /// ([`SetupError::SavedState`] names the field): ids on one piece each and below the
    /// counter, the counter with room for another turn, moves within the level's limit, a
    /// next piece exactly for drop rules, and the status its position has. The generator
    /// is checked when deserialized ([`GameRng`]).
    pub fn load(rules: R, saved: SavedGame) -> Result<Self, SetupError> {
        if saved.rules != rules.name() {
            return Err(SetupError::OtherRules {
                saved: saved.rules,
                rules: rules.name().to_string(),
            });
        }
        check_spawn(&rules, &saved.level)?;
        let mut saved = saved;
        for slot in [
            &mut saved.initial.refill_state,
            &mut saved.state.refill_state,
        ] {
            rules
                .load_refill_state(slot)
                .map_err(|problem| SetupError::RefillState {
                    rules: rules.name().to_string(),
                    problem,
                })?;
        }
        for (which, snapshot) in [("initial", &saved.initial), ("current", &saved.state)] {
            check_colors(&rules, snapshot.colors)?;
            saved.level.check(snapshot.colors)?;
            check_cells(&rules, &snapshot.board)?;
            check_saved(&rules, &saved.level, snapshot).map_err(|(field, problem)| {
                SetupError::SavedState {
                    which,
                    field,
                    problem,
                }
            })?;
        }
        Ok(Game {
            rules,
            level: saved.level,
            backup: saved.state.clone(),
            initial: saved.initial,
            state: saved.state,
        })
    }

    /// The whole state, for comparison or inspection.
    pub fn state(&self) -> &Snapshot {
        &self.state
    }

    /// A copy of the state, to [`restore`](Game::restore) later (undo, bot look-ahead).
    pub fn snapshot(&self) -> Snapshot {
        self.state.clone()
    }

    /// Puts back a state taken with [`snapshot`](Game::snapshot) from this game.
    pub fn restore(&mut self, snapshot: &Snapshot) {
        self.state.clone_from(snapshot);
    }

    /// Back to the starting board, score 0, moves 0, the starting generator state.
    pub fn reset(&mut self) {
        self.state.clone_from(&self.initial);
    }

    /// Plays a move and records everything it did.
    pub fn play(&mut self, mv: Move) -> Result<Trace, MoveError> {
        let mut trace = Trace::default();
        self.play_with(mv, &mut trace)?;
        Ok(trace)
    }

    /// Plays a move, reporting its events to `sink` (use [`NoTrace`] to record nothing).
    pub fn play_with<S: Sink>(&mut self, mv: Move, sink: &mut S) -> Result<TurnSummary, MoveError> {
        check_open(&self.state)?;
        // The check leaves the board as it found it (it may use it as scratch).
        let mut area = CellSet::new();
        let plan = validate(
            &self.rules,
            &mut self.state.board,
            self.state.swaps.as_ref(),
            mv,
            &mut area,
        )?;
        self.run_backed_up(Some((mv, plan, &area)), sink)
    }

    /// Resolves the matches already on the board (fixtures) without counting a move.
    pub fn resolve(&mut self) -> Result<Trace, MoveError> {
        let mut trace = Trace::default();
        self.run_backed_up(None, &mut trace)?;
        Ok(trace)
    }

    /// Runs a turn on the state with a copy kept aside: a turn that fails (a runaway
    /// cascade) puts the copy back, so the game is exactly as it was. Running on the state
    /// itself, not on the copy, saves moving the whole state back afterwards.
    fn run_backed_up<S: Sink>(
        &mut self,
        mv: Option<(Move, Plan, &CellSet)>,
        sink: &mut S,
    ) -> Result<TurnSummary, MoveError> {
        self.backup.clone_from(&self.state);
        let turn = run_turn(&self.rules, &self.level, &mut self.state, mv, sink);
        if turn.is_err() {
            // The copy has no cached legal swaps; the next move list works them out.
            std::mem::swap(&mut self.state, &mut self.backup);
        }
        turn
    }

    /// Checks a move without playing it.
    pub fn check(&self, mv: Move) -> Result<(), MoveError> {
        check_open(&self.state)?;
        validate(
            &self.rules,
            &mut self.state.board.clone(),
            self.state.swaps.as_ref(),
            mv,
            &mut CellSet::new(),
        )
        .map(|_| ())
    }

    /// Plays `mv` on `scratch` (overwritten with the current state; reuse it across calls
    /// to avoid allocation) and returns what it would score. The game is untouched; the
    /// speculative turn uses a copy of the game's generator, so refills are the ones the
    /// real move would get.
    pub fn speculate(&self, mv: Move, scratch: &mut Snapshot) -> Result<TurnSummary, MoveError> {
        self.speculate_with(mv, scratch, None, &mut NoTrace)
    }

    /// Like [`speculate`](Game::speculate), with control over what the look-ahead knows:
    /// with `refills` set, every random draw of the speculative turn (refills, the next
    /// piece) comes from that generator instead of a copy of the game's, so the look-ahead
    /// does not see the game's hidden future. Events go to `sink`.
    pub fn speculate_with<S: Sink>(
        &self,
        mv: Move,
        scratch: &mut Snapshot,
        refills: Option<&GameRng>,
        sink: &mut S,
    ) -> Result<TurnSummary, MoveError> {
        self.look_ahead(mv, scratch, refills, sink, true, Horizon::Cascade)
    }

    /// What `mv` would score, by playing it on `scratch` with no trace and without working
    /// out the status afterwards: the cheapest look-ahead, for bots. `refills` as in
    /// [`speculate_with`](Game::speculate_with). `scratch`'s status is stale afterwards.
    pub fn evaluate(
        &self,
        mv: Move,
        scratch: &mut Snapshot,
        refills: Option<&GameRng>,
    ) -> Result<u64, MoveError> {
        self.evaluate_within(mv, scratch, refills, Horizon::Cascade)
    }

    /// [`evaluate`](Game::evaluate) that resolves only the phases within `horizon`: with
    /// [`Horizon::Phases`], the score of at most that many phases, and `scratch` is left
    /// after the last one's clear (its holes not yet filled), so goal progress read from
    /// it counts those phases only.
    ///
    /// ```
    /// use std::num::NonZeroU32;
    /// use match3_core::detect::LineRuns;
    /// use match3_core::{Board, Game, Horizon, Move, Pos, Variant};
    ///
    /// let threes = Variant::new("threes", LineRuns::new(3));
    ///
    /// // The swap lines up three As on the bottom row; once they are gone, the Bs that
    /// // fall beside the last B make a second phase.
    /// let board: Board = "DCEC/EDCE/CBBD/AABA".parse()?;
    /// let game = Game::from_board(threes, board, 0)?;
    /// let mv = Move::Swap(Pos::new(3, 2), Pos::new(3, 3));
    /// let mut scratch = game.snapshot();
    /// let first = Horizon::Phases(NonZeroU32::MIN);
    /// assert_eq!(game.evaluate_within(mv, &mut scratch, None, first)?, 3);
    /// assert_eq!(game.evaluate(mv, &mut scratch, None)?, 6);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn evaluate_within(
        &self,
        mv: Move,
        scratch: &mut Snapshot,
        refills: Option<&GameRng>,
        horizon: Horizon,
    ) -> Result<u64, MoveError> {
        self.look_ahead(mv, scratch, refills, &mut NoTrace, false, horizon)
            .map(|t| t.score)
    }

    /// What `mv` would score within `horizon`, as [`evaluate_within`](Game::evaluate_within)
    /// says, and the goal progress it would make, but into a [`ScoreScratch`], which
    /// never shows its board: that lets the look-ahead move only the board's masks when
    /// every part has a form that reads no cell (the detection's
    /// [`Detect::on_planes`](crate::Detect::on_planes), a blind refill policy, a scoring
    /// [`by_count`](crate::Scoring::by_count), no special kind), on a board of at most 64
    /// cells without holes or obstacles. Cells and ids then stay where they were, which
    /// saves about a fifth of a greedy clusters decision. Otherwise it plays the turn on
    /// the cells as `evaluate_within` does. The greedy bot ranks its moves with it.
    ///
    /// ```
    /// use match3_core::detect::LineRuns;
    /// use match3_core::refill::Uniform;
    /// use match3_core::{Game, GameConfig, Horizon, Variant};
    ///
    /// let threes = Variant::new("threes", LineRuns::new(3)).with_refill(Uniform);
    ///
    /// let game = Game::new(threes, GameConfig::new(7))?;
    /// let mv = game.legal_moves()[0];
    /// let (mut scratch, mut snapshot) = (game.score_scratch(), game.snapshot());
    /// let score = game.score_within(mv, &mut scratch, None, Horizon::Cascade)?;
    /// assert_eq!(score, game.evaluate_within(mv, &mut snapshot, None, Horizon::Cascade)?);
    /// assert_eq!(scratch.goal_units(game.level()), game.level().goal_units(&snapshot));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn score_within(
        &self,
        mv: Move,
        scratch: &mut ScoreScratch,
        refills: Option<&GameRng>,
        horizon: Horizon,
    ) -> Result<u64, MoveError> {
        let state = &mut scratch.state;
        if planes_suffice(&self.rules, &self.level, &self.state.board)
            && let Some(score) = self.score_on_planes(mv, state, refills, horizon)?
        {
            return Ok(score);
        }
        self.look_ahead(mv, state, refills, &mut NoTrace, false, horizon)
            .map(|t| t.score)
    }

    /// [`score_within`](Game::score_within) on the masks alone; `None` when the turn
    /// needs the cells after all. Out of line, so that the turn on the cells stays inlined
    /// where it was for rules that never come here.
    #[inline(never)]
    fn score_on_planes(
        &self,
        mv: Move,
        state: &mut Snapshot,
        refills: Option<&GameRng>,
        horizon: Horizon,
    ) -> Result<Option<u64>, MoveError> {
        let turn =
            self.look_ahead_in::<_, true>(mv, state, refills, &mut NoTrace, false, horizon)?;
        Ok(turn.map(|t| t.score))
    }

    /// A scratch for [`score_within`](Game::score_within), reused across calls.
    pub fn score_scratch(&self) -> ScoreScratch {
        ScoreScratch {
            state: self.state.clone(),
        }
    }

    /// Copies the state into `scratch`, validates `mv` there and plays it; with `refills`,
    /// the copy draws from that generator; with `with_status`, the status is worked out
    /// afterwards; it resolves as far as `horizon`.
    #[allow(clippy::too_many_arguments)]
    fn look_ahead<S: Sink>(
        &self,
        mv: Move,
        scratch: &mut Snapshot,
        refills: Option<&GameRng>,
        sink: &mut S,
        with_status: bool,
        horizon: Horizon,
    ) -> Result<TurnSummary, MoveError> {
        self.look_ahead_in::<S, false>(mv, scratch, refills, sink, with_status, horizon)
            .map(|turn| turn.expect("a look-ahead on the cells always finishes"))
    }

    /// [`look_ahead`](Game::look_ahead), on the masks alone with `PLANES` (`None` when
    /// the turn needs the cells after all; see [`run_phases`]).
    #[allow(clippy::too_many_arguments)]
    fn look_ahead_in<S: Sink, const PLANES: bool>(
        &self,
        mv: Move,
        scratch: &mut Snapshot,
        refills: Option<&GameRng>,
        sink: &mut S,
        with_status: bool,
        horizon: Horizon,
    ) -> Result<Option<TurnSummary>, MoveError> {
        check_open(&self.state)?;
        scratch.clone_from(&self.state);
        let mut area = CellSet::new();
        let plan = validate(
            &self.rules,
            &mut scratch.board,
            self.state.swaps.as_ref(),
            mv,
            &mut area,
        )?;
        if let Some(rng) = refills {
            scratch.rng.clone_from(rng);
        }
        run_phases::<R, S, PLANES>(
            &self.rules,
            &self.level,
            scratch,
            Some((mv, plan, &area)),
            sink,
            with_status,
            horizon,
        )
    }

    /// Every legal move: swaps once each with the first cell before the second in
    /// row-major order (right neighbour, then lower neighbour), then drops by column, then
    /// taps row-major.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        self.legal_moves_into(&mut out);
        out
    }

    /// [`legal_moves`](Game::legal_moves) into a buffer the caller reuses (cleared first).
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        out.clear();
        if check_open(&self.state).is_err() {
            return;
        }
        append_legal_moves(
            &self.rules,
            &self.state.board,
            self.state.swaps.as_ref(),
            out,
        );
    }

    /// The legal move at the index `pick` returns when given the number of legal moves,
    /// in [`legal_moves`](Game::legal_moves) order: `game.pick_legal_move(|n| i)` is
    /// `game.legal_moves().get(i)`, without building the list: swaps are counted and
    /// found in the legal-swap masks the game's status already computed, with bit
    /// operations instead of a branch per move. `None` when no move is legal (or the
    /// game is over), or when `pick` returns an index past the end.
    ///
    /// ```
    /// use match3_core::detect::LineRuns;
    /// use match3_core::refill::Uniform;
    /// use match3_core::{Game, GameConfig, GameRng, Variant};
    ///
    /// let threes = Variant::new("threes", LineRuns::new(3)).with_refill(Uniform);
    ///
    /// let game = Game::new(threes, GameConfig::new(7))?;
    /// let mut rng = GameRng::new(1);
    /// let mv = game.pick_legal_move(|n| rng.below(n as u32) as usize);
    /// assert!(mv.is_some_and(|mv| game.legal_moves().contains(&mv)));
    /// assert_eq!(game.pick_legal_move(|_| 2), game.legal_moves().get(2).copied());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn pick_legal_move(&self, pick: impl FnOnce(usize) -> usize) -> Option<Move> {
        if check_open(&self.state).is_err() {
            return None;
        }
        pick_with(
            &self.rules,
            &self.state.board,
            self.state.swaps.as_ref(),
            pick,
        )
    }

    /// Whether any legal move remains: the status is [`Status::Playable`].
    pub fn has_legal_move(&self) -> bool {
        self.state.status == Status::Playable
    }
}

/// Every blocker and special on `board` must be one the rules have.
fn check_cells<R: Rules>(rules: &R, board: &Board) -> Result<(), SetupError> {
    for (pos, cell) in board.iter() {
        if board.layers(pos).locked && cell.piece().is_none() {
            return Err(SetupError::Layer {
                pos,
                problem: "a lock needs a piece under it",
            });
        }
        if let Cell::Piece(p) = cell
            && let Some(special) = p.special().filter(|&s| !rules.supports_special(s))
        {
            return Err(SetupError::UnsupportedSpecial {
                pos,
                special,
                rules: rules.name().to_string(),
            });
        }
    }
    Ok(())
}

/// What the engine relies on in a saved state beyond its cells: ids unique and below the
/// counter, counters within their limits, a next piece exactly for drop rules, and the
/// status its position has. The error names the field and what is wrong with it.
fn check_saved<R: Rules>(
    rules: &R,
    level: &Level,
    state: &Snapshot,
) -> Result<(), (&'static str, String)> {
    let board = &state.board;
    let mut ids: Vec<u32> = board.iter().filter_map(|(pos, _)| board.id(pos)).collect();
    ids.sort_unstable();
    if let Some(pair) = ids.windows(2).find(|w| w[0] == w[1]) {
        return Err(("board ids", format!("hold id {} twice", pair[0])));
    }
    if let Some(&id) = ids.last().filter(|&&id| id >= state.next_id) {
        return Err((
            "board ids",
            format!(
                "hold id {id}, which the id counter ({}) has not reached",
                state.next_id
            ),
        ));
    }
    if state.next_id > MAX_NEXT_ID {
        return Err((
            "next_id",
            format!("{} leaves no room for another turn's ids", state.next_id),
        ));
    }
    if let Some(limit) = level.moves.filter(|&limit| state.moves > limit) {
        return Err((
            "moves",
            format!("{} is past the level's move limit of {limit}", state.moves),
        ));
    }
    match (rules.accepts(MoveKind::Drop), state.next_piece) {
        (true, None) => return Err(("next_piece", "is missing: these rules drop pieces".into())),
        (false, Some(p)) => {
            return Err((
                "next_piece",
                format!("{p} is set, but these rules take no drops"),
            ));
        }
        (true, Some(p)) if p.special().is_some_and(|s| !rules.supports_special(s)) => {
            return Err((
                "next_piece",
                format!("{p} is a special these rules do not have"),
            ));
        }
        _ => {}
    }
    let mut settled = state.clone();
    settle_status(rules, &mut settled, level, false, &mut NoTrace);
    if settled.status != state.status {
        return Err((
            "status",
            format!(
                "is {}, but the position's status is {}",
                state.status, settled.status
            ),
        ));
    }
    Ok(())
}

/// A level's spawn weights stand in for the rules' refill policy only when it takes them.
fn check_spawn<R: Rules>(rules: &R, level: &Level) -> Result<(), SetupError> {
    if level.spawn.is_some() && !rules.takes_weights() {
        return Err(SetupError::SpawnWeights {
            rules: rules.name().to_string(),
        });
    }
    Ok(())
}

/// A jelly or crates goal needs jelly or crates on the starting board: otherwise it would
/// be won before the first move.
fn check_goals(level: &Level, board: &Board) -> Result<(), SetupError> {
    for goal in &level.goals {
        let missing = match goal {
            Goal::Jelly => board.jelly_left() == 0,
            Goal::Crates => board.crates_left() == 0,
            _ => false,
        };
        if missing {
            return Err(SetupError::NothingToClear { kind: goal.kind() });
        }
    }
    Ok(())
}

/// A won or lost level takes no more moves (other statuses have no legal move anyway, and
/// say why move by move).
fn check_open(state: &Snapshot) -> Result<(), MoveError> {
    match state.status {
        Status::Won | Status::Lost => Err(MoveError::GameOver {
            status: state.status,
        }),
        _ => Ok(()),
    }
}

/// The palette must fit the notation, and a refilling variant needs two colours: with one,
/// every refill matches again and no turn could ever settle.
fn check_colors<R: Rules>(rules: &R, colors: u8) -> Result<(), SetupError> {
    let min = if rules.refills() { 2 } else { 1 };
    if (min..=MAX_COLORS).contains(&colors) {
        Ok(())
    } else {
        Err(SetupError::Colors {
            colors,
            min,
            max: MAX_COLORS,
        })
    }
}
