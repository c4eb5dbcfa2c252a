//! [`Level`]: what turns a game into a level, and [`GoalProgress`], how far a game has come.

use crate::error::SetupError;
use crate::piece::{Color, MAX_COLORS};
use crate::refill::Weighted;

/// Shuffles tried before a deadlocked board is given up as `no_moves` (or `lost`).
pub const SHUFFLE_TRIES: u32 = 100;

/// One goal of a level.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Goal {
    /// The score reaches `target`.
    Score {
        /// Points needed.
        target: u64,
    },
    /// `count` pieces of `color` are cleared (by matches and blasts, specials of that
    /// colour included).
    Collect {
        /// The colour to collect.
        color: Color,
        /// How many.
        count: u32,
    },
}

impl Goal {
    /// The JSON/file spelling of the kind: `score`, `collect`.
    pub fn kind(&self) -> &'static str {
        match self {
            Goal::Score { .. } => "score",
            Goal::Collect { .. } => "collect",
        }
    }

    /// The amount needed: the score target or the count.
    pub fn needed(&self) -> u64 {
        match *self {
            Goal::Score { target } => target,
            Goal::Collect { count, .. } => u64::from(count),
        }
    }
}

/// `score 5000`, `collect 30 A`.
impl std::fmt::Display for Goal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Goal::Score { target } => write!(f, "score {target}"),
            Goal::Collect { color, count } => write!(f, "collect {count} {color}"),
        }
    }
}

/// A goal with how far the game has come.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct GoalProgress {
    /// The goal.
    pub goal: Goal,
    /// Progress so far (score, or pieces collected).
    pub progress: u64,
    /// Whether `progress` reached the goal.
    pub done: bool,
}

/// What turns a game into a level, on top of the variant's rules: a move limit, goals,
/// star thresholds, the shuffle-on-deadlock switch and refill weights.
///
/// A game without a level (the default) has no limit and no goal; its status is
/// `playable`, `no_moves` or `cleared` as before. With goals, the status becomes
/// [`Status::Won`](crate::Status::Won) at the end of the turn that meets them all, and [`Status::Lost`](crate::Status::Lost) when
/// the move limit is reached, or no move remains (shuffling included), with a goal unmet.
/// A level with a move limit and no goal is free play: reaching the limit ends it `won`.
///
/// ```
/// use match3_core::{Board, CellSet, Color, Game, Goal, Level, Move, Pos, Rules, Status, runs};
///
/// struct Threes;
/// impl Rules for Threes {
///     fn name(&self) -> &str { "threes" }
///     fn find_matches(&self, board: &Board) -> CellSet { runs::find_runs(board, 3).all() }
/// }
///
/// let level = Level {
///     moves: Some(2),
///     goals: vec![Goal::Collect { color: Color::from_letter('A').unwrap(), count: 3 }],
///     ..Level::default()
/// };
/// let mut game = Game::from_board(Threes, "AABC/BCAB/CBAC/ABCA".parse()?, 0)?.with_level(level)?;
/// game.play(Move::Swap(Pos::new(0, 2), Pos::new(1, 2)))?;
/// assert_eq!(game.status(), Status::Won);
/// assert_eq!(game.goals()[0].progress, 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct Level {
    /// The move limit; `None` for unlimited.
    pub moves: Option<u32>,
    /// The goals; all must be met to win.
    pub goals: Vec<Goal>,
    /// Score thresholds for one, two, three… stars, ascending.
    pub stars: Vec<u64>,
    /// Shuffle on deadlock; `None` for the default: on for rules that refill.
    pub shuffle: Option<bool>,
    /// Refill colours in proportion to these weights instead of the rules' own refill.
    pub spawn: Option<Weighted>,
}

impl Level {
    /// Checks the level against a palette: collected colours must be in it, star
    /// thresholds ascending.
    pub fn check(&self, colors: u8) -> Result<(), SetupError> {
        for goal in &self.goals {
            if let Goal::Collect { color, .. } = *goal
                && color.index() >= colors.min(MAX_COLORS)
            {
                return Err(SetupError::GoalColor { color, colors });
            }
        }
        if self.stars.windows(2).any(|w| w[0] > w[1]) {
            return Err(SetupError::Stars {
                stars: self.stars.clone(),
            });
        }
        Ok(())
    }

    /// Whether this level asks the engine to count cleared pieces by colour.
    pub(crate) fn collects(&self) -> bool {
        self.goals.iter().any(|g| matches!(g, Goal::Collect { .. }))
    }

    /// Progress on every goal, given the score and the pieces cleared per colour.
    pub fn progress(
        &self,
        score: u64,
        collected: &[u32; MAX_COLORS as usize],
    ) -> Vec<GoalProgress> {
        self.goals
            .iter()
            .map(|&goal| {
                let progress = match goal {
                    Goal::Score { .. } => score,
                    Goal::Collect { color, .. } => u64::from(collected[color.index() as usize]),
                };
                GoalProgress {
                    goal,
                    progress,
                    done: progress >= goal.needed(),
                }
            })
            .collect()
    }

    /// Whether every goal is met.
    pub(crate) fn met(&self, score: u64, collected: &[u32; MAX_COLORS as usize]) -> bool {
        self.goals.iter().all(|goal| match *goal {
            Goal::Score { target } => score >= target,
            Goal::Collect { color, count } => collected[color.index() as usize] >= count,
        })
    }

    /// Stars for a final score: the thresholds it reaches.
    pub fn stars_for(&self, score: u64) -> u32 {
        self.stars.iter().filter(|&&t| t <= score).count() as u32
    }
}
