//! [`Level`]: what turns a game into a level, and [`GoalProgress`], how far a game has come.

use crate::draw::Weighted;
use crate::error::SetupError;
use crate::gravity::Bundled;
use crate::piece::{Color, MAX_COLORS};

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
    /// No jelly is left on the board.
    Jelly,
    /// No crate is left on the board.
    Crates,
}

impl Goal {
    /// The JSON/file spelling of the kind: `score`, `collect`, `jelly`, `crates`.
    pub fn kind(&self) -> &'static str {
        match self {
            Goal::Score { .. } => "score",
            Goal::Collect { .. } => "collect",
            Goal::Jelly => "jelly",
            Goal::Crates => "crates",
        }
    }
}

/// `score 5000`, `collect 30 A`.
impl std::fmt::Display for Goal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Goal::Score { target } => write!(f, "score {target}"),
            Goal::Collect { color, count } => write!(f, "collect {count} {color}"),
            Goal::Jelly => f.write_str("clear the jelly"),
            Goal::Crates => f.write_str("break the crates"),
        }
    }
}

/// A goal with how far the game has come.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct GoalProgress {
    /// The goal.
    pub goal: Goal,
    /// Progress so far (score, pieces collected, jelly layers or crates cleared).
    pub progress: u64,
    /// What the goal needs: the score target, the count to collect, or every jelly layer
    /// (crate) the game started with.
    pub needed: u64,
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
/// use match3_core::detect::LineRuns;
/// use match3_core::{Color, Game, Goal, Level, Move, Pos, Status, Variant};
///
/// let threes = Variant::new("threes", LineRuns::new(3));
///
/// let level = Level {
///     moves: Some(2),
///     goals: vec![Goal::Collect { color: Color::from_letter('A').unwrap(), count: 3 }],
///     ..Level::default()
/// };
/// let mut game = Game::from_board(threes, "AABC/BCAB/CBAC/ABCA".parse()?, 0)?.with_level(level)?;
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
    /// A bundled gravity instead of the rules' own (`None`: the rules'); a level file's
    /// `gravity = "slide"`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gravity: Option<Bundled>,
    /// What the moves left are worth when the goals are met early; a level file's
    /// `leftover = "bonus"`.
    #[serde(default, skip_serializing_if = "Leftover::is_end")]
    pub leftover: Leftover,
}

/// What happens to the moves left when a move meets a level's goals.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Leftover {
    /// Nothing: the level ends won (the default).
    #[default]
    End,
    /// The genre's finale: the same move goes on, each move left turning a random plain
    /// piece into a special of the variant's first coloured kind (or, for a variant
    /// without one, taking the piece itself) and firing them all; what they clear, and the cascade
    /// after, scores like any phase. Deterministic: the pieces are drawn from the game's
    /// generator. The moves made stay as they were (the bonus is not a move).
    Bonus,
}

impl Leftover {
    /// Whether this is the default, [`Leftover::End`].
    pub fn is_end(&self) -> bool {
        *self == Leftover::End
    }

    /// The level-file spelling: `end`, `bonus`.
    pub fn as_str(self) -> &'static str {
        match self {
            Leftover::End => "end",
            Leftover::Bonus => "bonus",
        }
    }
}

impl std::str::FromStr for Leftover {
    type Err = String;
    fn from_str(text: &str) -> Result<Self, String> {
        match text {
            "end" => Ok(Leftover::End),
            "bonus" => Ok(Leftover::Bonus),
            _ => Err(format!(
                "unknown leftover {text:?}: expected \"end\" or \"bonus\""
            )),
        }
    }
}

impl Level {
    /// No limit, no goal, no star, the defaults: the level of a plain game.
    pub const NONE: Level = Level {
        moves: None,
        goals: Vec::new(),
        stars: Vec::new(),
        shuffle: None,
        spawn: None,
        gravity: None,
        leftover: Leftover::End,
    };

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

    /// The colours this level's goals collect, bit `i` for the colour of index `i`: the
    /// colours whose cleared pieces the engine counts (none for most levels).
    pub(crate) fn collected_colors(&self) -> u32 {
        let collected = self.goals.iter().filter_map(|goal| match *goal {
            Goal::Collect { color, .. } => Some(1 << color.index()),
            _ => None,
        });
        collected.fold(0, |all, bit| all | bit)
    }

    /// Stars for a final score: the thresholds it reaches.
    pub fn stars_for(&self, score: u64) -> u32 {
        self.stars.iter().filter(|&&t| t <= score).count() as u32
    }
}
