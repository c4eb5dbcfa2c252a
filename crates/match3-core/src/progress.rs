//! [`Progress`]: how far a game has come, as the parts that act during a turn see it.

use crate::board::Board;
use crate::level::{Goal, GoalProgress, Level};
use crate::obstacles::Cleared;
use crate::piece::MAX_COLORS;

/// How far the game has come when a part is asked something during a turn: moves made
/// and left, the phase's chain index, the score so far, and progress on the level's
/// goals. Every part that acts during a turn can read it (through its site's
/// `progress()`), so a mechanic that depends on the game's course (a special stronger
/// late in the game, a countdown, an obstacle that spreads when not hit) reads it here
/// and keeps no counter of its own: a counter inside a part would survive undo and
/// look-ahead, and break determinism.
///
/// It is the state the game had when the question was asked: during a phase, the score
/// before that phase's points.
#[derive(Clone, Copy, Debug)]
pub struct Progress<'a> {
    pub(crate) board: &'a Board,
    pub(crate) counts: Counts<'a>,
}

/// What a game has counted so far: score, moves, pieces collected per colour, and jelly
/// layers, crate hits and crates cleared.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Tally {
    /// The score.
    pub score: u64,
    /// Accepted moves.
    pub moves: u32,
    /// Pieces cleared per colour (counted for the colours a level collects).
    pub collected: [u32; MAX_COLORS as usize],
    /// Jelly layers, crate hits and crates cleared.
    pub cleared: Cleared,
}

impl Tally {
    /// Nothing counted.
    pub const ZERO: Tally = Tally {
        score: 0,
        moves: 0,
        collected: [0; MAX_COLORS as usize],
        cleared: Cleared::ZERO,
    };
}

/// The numbers of [`Progress`] without the board, which the engine hands its steps
/// while the board is being changed: a few words, cheap to make for every part it asks.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Counts<'a> {
    pub(crate) level: &'a Level,
    pub(crate) tally: &'a Tally,
    pub(crate) chain: u32,
    /// Whether the move being checked is not counted in `tally` yet.
    pub(crate) pending: bool,
}

/// The level of a game without one.
static NO_LEVEL: Level = Level::NONE;

/// Nothing counted yet.
static NO_TALLY: Tally = Tally::ZERO;

impl<'a> Counts<'a> {
    /// The numbers of `tally` under `level` in phase `chain`.
    #[inline]
    pub(crate) fn new(level: &'a Level, tally: &'a Tally, chain: u32) -> Self {
        Counts {
            level,
            tally,
            chain,
            pending: false,
        }
    }

    /// The numbers of a game before its first move, without a level.
    pub(crate) fn outside() -> Counts<'static> {
        Counts::new(&NO_LEVEL, &NO_TALLY, 0)
    }

    /// With `board`, the progress a part sees.
    pub(crate) fn on(self, board: &'a Board) -> Progress<'a> {
        Progress {
            board,
            counts: self,
        }
    }
}

impl<'a> Progress<'a> {
    /// The progress of a game on `board` before its first move, without a level: what a
    /// part is shown when it is tested outside a game.
    pub fn outside(board: &'a Board) -> Self {
        Counts::outside().on(board)
    }

    /// The progress a part is shown on `board` in phase `chain` of a game under `level`
    /// that has counted `tally`: for checking a part outside a game (the shared suite
    /// re-scores traced phases with it).
    pub fn new(board: &'a Board, level: &'a Level, tally: &'a Tally, chain: u32) -> Self {
        Counts::new(level, tally, chain).on(board)
    }

    /// Moves made so far, the move being played included.
    pub fn moves(&self) -> u32 {
        (self.counts.tally.moves).saturating_add(u32::from(self.counts.pending))
    }

    /// Moves left under the level's move limit (after the move being played); `None`
    /// when unlimited.
    pub fn moves_left(&self) -> Option<u32> {
        (self.counts.level.moves).map(|limit| limit.saturating_sub(self.moves()))
    }

    /// The phase's chain index: 1 for the move's own phase, then 2, 3, …; 0 outside a
    /// phase (a drop's next piece, the end of a move).
    pub fn chain(&self) -> u32 {
        self.counts.chain
    }

    /// The score so far (during a phase, before that phase's points).
    pub fn score(&self) -> u64 {
        self.counts.tally.score
    }

    /// The level the game plays under ([`Level::default`] for a plain game).
    pub fn level(&self) -> &'a Level {
        self.counts.level
    }

    /// Pieces cleared so far per colour, counted for the colours the level collects.
    pub fn collected(&self) -> &'a [u32; MAX_COLORS as usize] {
        &self.counts.tally.collected
    }

    /// Jelly layers, crate hits and crates cleared so far.
    pub fn cleared(&self) -> Cleared {
        self.counts.tally.cleared
    }

    /// Progress on each of the level's goals, in the level's order.
    pub fn goals(&self) -> impl Iterator<Item = GoalProgress> + 'a {
        let (counts, board) = (self.counts, self.board);
        (counts.level.goals.iter()).map(move |&goal| goal_progress(goal, counts.tally, board))
    }
}

/// What is left on a board for the obstacle goals: the board itself, or the bit planes a
/// look-ahead plays on.
pub(crate) trait Remaining {
    /// Jelly layers left.
    fn jelly_left(&self) -> u32;
    /// Crates left.
    fn crates_left(&self) -> u32;
}

impl Remaining for Board {
    fn jelly_left(&self) -> u32 {
        Board::jelly_left(self)
    }
    fn crates_left(&self) -> u32 {
        Board::crates_left(self)
    }
}

/// How far `tally` and `board` have come on `goal`: what it needs (the score target, the
/// count to collect, or every jelly layer or crate the game started with, cleared so far
/// plus left), the progress so far, and whether the goal is met.
pub(crate) fn goal_progress(
    goal: Goal,
    tally: &Tally,
    board: &(impl Remaining + ?Sized),
) -> GoalProgress {
    let cleared = tally.cleared;
    // Each count is worked out once: jelly is a walk over the board's layers.
    let (progress, needed, done) = match goal {
        Goal::Score { target } => (tally.score, target, tally.score >= target),
        Goal::Collect { color, count } => {
            let got = u64::from(tally.collected[usize::from(color.index())]);
            (got, u64::from(count), got >= u64::from(count))
        }
        Goal::Jelly => {
            let left = board.jelly_left();
            let gone = u64::from(cleared.jelly);
            (gone, gone + u64::from(left), left == 0)
        }
        Goal::Crates => {
            let left = board.crates_left();
            let gone = u64::from(cleared.crates);
            (gone, gone + u64::from(left), left == 0)
        }
    };
    GoalProgress {
        goal,
        progress,
        needed,
        done,
    }
}
