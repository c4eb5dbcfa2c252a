//! Error types. Every public function that takes coordinates, boards, notation or moves
//! reports bad input through one of these, naming what was wrong and where.

use thiserror::Error;

use crate::moves::MoveKind;
use crate::piece::Special;
use crate::pos::{Pos, PosError, Size, SizeError};

/// Malformed board notation. Rows and columns are zero-based cell indices.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum NotationError {
    /// No rows at all.
    #[error("board notation is empty")]
    Empty,
    /// A row between separators holds no cell.
    #[error("row {row} is empty: a blank line, or a leading, trailing or doubled '/'")]
    EmptyRow {
        /// Row index.
        row: usize,
    },
    /// A character that is not a cell.
    #[error("row {row}, col {col}: unknown character {ch:?}")]
    UnknownChar {
        /// Row index.
        row: usize,
        /// Column index of the cell being read.
        col: usize,
        /// The character.
        ch: char,
    },
    /// A coloured special's marker not preceded by a plain colour letter.
    #[error("row {row}, col {col}: special marker {marker:?} must follow a colour letter")]
    MarkerWithoutLetter {
        /// Row index.
        row: usize,
        /// Column index of the cell being read.
        col: usize,
        /// The marker.
        marker: char,
    },
    /// A punctuation character that is no special marker of the rules.
    #[error("row {row}, col {col}: {marker:?} is not a special marker of these rules")]
    UnknownMarker {
        /// Row index.
        row: usize,
        /// Column index of the cell being read.
        col: usize,
        /// The marker.
        marker: char,
    },
    /// A random cell (`?`) outside a level file.
    #[error("row {row}, col {col}: '?' (a random piece) is only allowed in a level's board")]
    RandomOutsideLevel {
        /// Row index.
        row: usize,
        /// Column index.
        col: usize,
    },
    /// An obstacle written where it cannot be: a lock without a piece, jelly on a hole,
    /// three jelly layers, a crate health other than 1–3, a modifier twice.
    #[error("row {row}, col {col}: {problem}")]
    Obstacle {
        /// Row index.
        row: usize,
        /// Column index of the cell it belongs to.
        col: usize,
        /// What is wrong, e.g. `a lock (@) needs a piece under it`.
        problem: &'static str,
    },
    /// Rows of different lengths.
    #[error("row {row} has {len} cells but row 0 has {expected}")]
    Ragged {
        /// Row index.
        row: usize,
        /// Cells in this row.
        len: usize,
        /// Cells in row 0.
        expected: usize,
    },
    /// Too many rows or columns.
    #[error(transparent)]
    Size(#[from] SizeError),
}

impl NotationError {
    /// The row the error is in, when it is about one row.
    pub fn row(&self) -> Option<usize> {
        match *self {
            NotationError::EmptyRow { row }
            | NotationError::UnknownChar { row, .. }
            | NotationError::MarkerWithoutLetter { row, .. }
            | NotationError::UnknownMarker { row, .. }
            | NotationError::RandomOutsideLevel { row, .. }
            | NotationError::Obstacle { row, .. }
            | NotationError::Ragged { row, .. } => Some(row),
            NotationError::Empty | NotationError::Size(_) => None,
        }
    }
}

/// A board or game setup that the chosen rules cannot use.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum SetupError {
    /// A lock on a cell without a piece, or a layer on a hole.
    #[error("{pos}: {problem}")]
    Layer {
        /// The cell.
        pos: Pos,
        /// What is wrong.
        problem: &'static str,
    },
    /// A jelly or crates goal on a board without any.
    #[error("the level has a {kind} goal but its board has no {kind}")]
    NothingToClear {
        /// `jelly` or `crates`.
        kind: &'static str,
    },
    /// A collect goal names a colour outside the palette.
    #[error("a goal collects colour {color}, but the palette has {colors} colours")]
    GoalColor {
        /// The colour.
        color: crate::piece::Color,
        /// The palette size.
        colors: u8,
    },
    /// A saved game is for other rules.
    #[error("the saved game is for the {saved} rules, not {rules}")]
    OtherRules {
        /// The saved game's rules.
        saved: String,
        /// The rules given.
        rules: String,
    },
    /// A saved game whose state could not have come from play: a counter past its limit,
    /// an id on two pieces, a status its position does not have, … The game is refused
    /// rather than played on from there.
    #[error("the saved game's {which} state is inconsistent: {field} {problem}")]
    SavedState {
        /// `initial` or `current`.
        which: &'static str,
        /// The field at fault (`next_id`, `moves`, `status`, `board ids`, …).
        field: &'static str,
        /// What is wrong with it.
        problem: String,
    },
    /// A level's random cells could not be drawn into a stable board with a legal move.
    #[error(
        "no way found to draw the level's '?' cells so that nothing matches and a move is legal ({tries} boards tried)"
    )]
    Layout {
        /// Boards tried.
        tries: u32,
    },
    /// Star thresholds that are not ascending.
    #[error("star thresholds {stars:?} must be ascending")]
    Stars {
        /// The thresholds.
        stars: Vec<u64>,
    },
    /// The board holds a special these rules do not have.
    #[error("row {}, col {}: the {rules} rules have no special pieces marked '{special}'", .pos.row, .pos.col)]
    UnsupportedSpecial {
        /// Where.
        pos: Pos,
        /// Which special.
        special: Special,
        /// The rules' name.
        rules: String,
    },
    /// Palette size outside what the rules or the notation can use.
    #[error("{colors} colours requested: these rules need {min} to {max}")]
    Colors {
        /// Requested colours.
        colors: u8,
        /// Smallest allowed.
        min: u8,
        /// Largest allowed.
        max: u8,
    },
    /// A rule parameter below its smallest sensible value.
    #[error("minimum group size {min_size} is too small: it must be at least {least}")]
    MinSize {
        /// Requested size.
        min_size: usize,
        /// Smallest allowed.
        least: usize,
    },
    /// Blockers asked of a new game whose rules cannot place any.
    #[error("the {rules} rules generate no blockers: leave the blocker chance at 0")]
    NoBlockers {
        /// The rules' name.
        rules: String,
    },
    /// A weighted refill without a usable weight, or a scripted refill without colours.
    #[error(
        "a refill policy needs colours to draw: {count} weights given (1 to 26, not all zero, for a weighted refill; at least one colour for a scripted one)"
    )]
    Weights {
        /// Weights (or colours) given.
        count: usize,
    },
    /// A level's spawn weights for rules whose refill policy chooses its own colours.
    #[error(
        "the level sets spawn weights, but the {rules} rules choose new pieces their own way: the weights would replace that, so they are refused (drop `spawn`, or use rules with a uniform refill)"
    )]
    SpawnWeights {
        /// The rules' name.
        rules: String,
    },
    /// A saved refill state that is not the rules' refill policy's.
    #[error("the saved refill state does not fit the {rules} rules' refill policy: {problem}")]
    RefillState {
        /// The rules' name.
        rules: String,
        /// What is wrong.
        problem: String,
    },
    /// Blocker chance above 100%.
    #[error("blocker chance {percent}% is above 100%")]
    BlockerChance {
        /// Requested percentage.
        percent: u8,
    },
    /// No stable board with a legal move was found.
    #[error(
        "no {size} board with {colors} colours and {blocker_percent}% blockers that is stable and has a legal move was found in {tries} tries"
    )]
    Unsatisfiable {
        /// Board size.
        size: Size,
        /// Palette size.
        colors: u8,
        /// Blocker chance.
        blocker_percent: u8,
        /// Boards tried.
        tries: u32,
    },
    /// Bad dimensions.
    #[error(transparent)]
    Size(#[from] SizeError),
    /// A part of the variant went wrong while the game was being set up.
    #[error(transparent)]
    Part(#[from] PartError),
}

/// Why a move was rejected. A rejected move changes nothing in the game.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum MoveError {
    /// The game is over (a level won or lost): no move is taken any more.
    #[error("the game is over ({status}): no more moves")]
    GameOver {
        /// The final status.
        status: crate::trace::Status,
    },
    /// These rules do not take this kind of move.
    #[error("the {rules} rules do not accept {kind} moves")]
    NotAccepted {
        /// The move kind.
        kind: MoveKind,
        /// The rules' name.
        rules: String,
    },
    /// A coordinate is off the board.
    #[error(transparent)]
    OffBoard(#[from] PosError),
    /// The two cells of a swap are not neighbours the variant swaps (its
    /// [topology](crate::topology)).
    #[error("cells {a} and {b} are not {how}")]
    NotAdjacent {
        /// First cell.
        a: Pos,
        /// Second cell.
        b: Pos,
        /// Which neighbours swap: `side by side`, …
        how: &'static str,
    },
    /// A swap cell holds a locked piece.
    #[error(
        "the piece at {pos} is locked: it cannot be swapped until a match including it breaks the lock"
    )]
    Locked {
        /// The locked cell.
        pos: Pos,
    },
    /// A swap cell holds no piece.
    #[error("cell {pos} holds {found}, not a piece")]
    NotAPiece {
        /// The cell.
        pos: Pos,
        /// `"nothing"` or `"a blocker"`.
        found: &'static str,
    },
    /// The swap makes no match.
    #[error("swapping {a} and {b} makes no match")]
    NoMatch {
        /// First cell.
        a: Pos,
        /// Second cell.
        b: Pos,
    },
    /// A drop into a full column.
    #[error("column {col} is full")]
    ColumnFull {
        /// The column.
        col: u8,
    },
    /// A drop column off the board.
    #[error("column {col} is off the {size} board")]
    ColumnOffBoard {
        /// The column.
        col: u8,
        /// The board size.
        size: Size,
    },
    /// A tap on a cell that is not part of a big-enough group.
    #[error("tapping {pos} clears nothing: it is not in a group that may be cleared")]
    NothingToTap {
        /// The cell.
        pos: Pos,
    },
    /// A counter of the game (moves played, piece ids minted) has no room for another
    /// turn. Only a game played for billions of moves, or a tampered save, gets here.
    #[error("the game's {counter} counter is exhausted: no more moves")]
    Exhausted {
        /// `move` or `piece id`.
        counter: &'static str,
    },
    /// The turn would cascade past the phase limit; the game is left as before.
    #[error("{mv} would cascade past {limit} phases; the game is unchanged")]
    Runaway {
        /// The move (or `resolve`).
        mv: String,
        /// The phase limit.
        limit: u32,
    },
    /// A part of the variant gave an answer the engine cannot play (a cell off the
    /// board, a piece of a kind the variant does not declare, a promise another answer
    /// breaks) or panicked; the game is left as before.
    #[error(transparent)]
    Part(#[from] PartError),
}

/// A part of a variant that went wrong: which variant, which part, and what it did.
/// [`MoveError::Part`] when it happens during a move, [`SetupError::Part`] when a game
/// is started.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
#[error("the {rules} variant's {part} part {problem}; nothing was changed")]
pub struct PartError {
    /// The variant's name.
    pub rules: String,
    /// Which part.
    pub part: PartName,
    /// What it did, e.g. `reported cell (9,0), off the 8x8 board`.
    pub problem: String,
}

impl PartError {
    /// `part` of the variant `rules` did `problem`.
    pub fn new(rules: &str, part: PartName, problem: impl Into<String>) -> Self {
        PartError {
            rules: rules.to_string(),
            part,
            problem: problem.into(),
        }
    }
}

/// The parts of a variant, as errors name them.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum PartName {
    /// [`Detect`](crate::Detect).
    Detection,
    /// [`Specials`](crate::Specials).
    Specials,
    /// [`Refill`](crate::Refill).
    Refill,
    /// [`Scoring`](crate::Scoring).
    Scoring,
    /// [`MoveSet`](crate::MoveSet).
    Moves,
    /// [`Generate`](crate::Generate).
    Generation,
    /// [`Gravity`](crate::Gravity).
    Gravity,
    /// [`Effects`](crate::Effects).
    Effects,
}

impl std::fmt::Display for PartName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            PartName::Detection => "detection",
            PartName::Specials => "specials",
            PartName::Refill => "refill",
            PartName::Scoring => "scoring",
            PartName::Moves => "moves",
            PartName::Generation => "generation",
            PartName::Gravity => "gravity",
            PartName::Effects => "effects",
        })
    }
}

impl MoveError {
    pub(crate) fn not_a_piece(pos: Pos, cell: crate::piece::Cell) -> Self {
        use crate::piece::Cell;
        MoveError::NotAPiece {
            pos,
            found: match cell {
                Cell::Blocker => "a blocker",
                Cell::Hole => "a hole",
                Cell::Crate(_) => "a crate",
                _ => "nothing",
            },
        }
    }
}
