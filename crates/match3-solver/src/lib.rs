//! # match3-solver
//!
//! Exact search for match3 games whose future is fully known: rules that never draw a
//! piece (no refill, no next piece to drop), such as the finite teaching game and the
//! cluster tap game. [`solve`] finds the best score any sequence of moves reaches
//! ([`Objective::Score`]), the fewest moves that clear the board ([`Objective::Clear`]),
//! or the fewest moves that win the game's level: every goal met within its move limit
//! ([`Objective::Win`]; no such line proves the deal cannot be won), with a line of moves
//! that achieves it.
//!
//! ```
//! use match3_core::{Game, Move, Pos};
//! use match3_finite::{Finite, Preset};
//! use match3_solver::{Limits, Objective, solve};
//!
//! let game = Preset::Teaching.game()?;
//! let best = solve(&game, Objective::Score, Limits::default())?;
//! assert!(best.optimal);
//! assert_eq!(best.score, 14);
//!
//! // Replaying the line reaches that score.
//! let mut game = Preset::Teaching.game()?;
//! for &mv in best.moves.as_deref().unwrap_or_default() {
//!     game.play(mv)?;
//! }
//! assert_eq!(game.score(), 14);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## How it searches
//!
//! A depth-first search over positions, where a position is the board (cells and
//! layers, not piece ids), the generator, the refill policy's state and, for a level, how
//! far each goal still has to go: everything the rest of the game depends on.
//!
//! - **Transpositions**: many move orders reach the same position; each one's value is
//!   computed once and kept in a table.
//! - **Move ordering**: a position's moves are tried in order of what they score at once,
//!   most first, so a good line is found early and bounds cut the rest.
//! - **Bounds**: a score search skips a line as soon as it cannot beat the best found,
//!   using a [`Bound`] on what is left to score: the rules' scoring part's
//!   ([`Rules::score_bound`]; the finite rules' says that a colour with fewer than three
//!   pieces left can never score), or one given to [`solve_bounded`];
//!   a clear or win search skips a line as soon as it cannot be shorter than the best
//!   found, or than the level's moves left.
//! - **Budget**: [`Limits::max_nodes`] caps the positions expanded, so a board too big to
//!   solve gives an answer instead of a hang: then [`Solution::optimal`] is `false` and
//!   the line is the best the search can vouch for (see [`solve`]).
//!
//! The search is deterministic: the same game gives the same line and node count.

mod search;
mod table;

use std::time::{Duration, Instant};

use match3_core::{Game, Move, MoveKind, NoTrace, Rules};
use thiserror::Error;

use crate::search::{Search, UNCLEARABLE};

/// What to solve for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Objective {
    /// The highest final score; ties go to the line found first.
    Score,
    /// The fewest moves that leave no piece on the board.
    Clear,
    /// The fewest moves that win the game's level: every goal met within its move limit.
    Win,
}

/// How much work a search may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The most positions to expand (table hits are free). The table holds at most this
    /// many positions, so it also bounds memory: about 80 bytes per position whatever
    /// the board's size (a 16-byte key and a 24-byte entry in a hash table that is
    /// between half and seven eighths full), plus the positions along the current line.
    pub max_nodes: u64,
    /// The most time the search may take, or `None` for no limit. A search cut by time
    /// depends on the machine's speed; one cut by [`max_nodes`](Limits::max_nodes) gives
    /// the same answer everywhere. Nine tenths of it go to the search, the rest to
    /// finishing the best line found (see [`solve`]).
    pub max_time: Option<Duration>,
}

/// The default node budget: 400 MB at most, and seconds on boards up to about 6×6 (an
/// 8×8 board may need minutes: give a [`Limits::max_time`] there).
pub const DEFAULT_MAX_NODES: u64 = 5_000_000;

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_nodes: DEFAULT_MAX_NODES,
            max_time: None,
        }
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// What was solved for.
    pub objective: Objective,
    /// The line: for [`Objective::Score`] always a line (empty when no move is legal);
    /// for [`Objective::Clear`] the shortest line that clears the board, and for
    /// [`Objective::Win`] the shortest that wins the level, or `None` when no line does
    /// (or, if not [`optimal`](Solution::optimal), none was found).
    pub moves: Option<Vec<Move>>,
    /// The points the line scores (0 without a line).
    pub score: u64,
    /// Positions expanded.
    pub nodes: u64,
    /// Whether the answer is proven best: false only when the budget (nodes or time) ran
    /// out.
    pub optimal: bool,
}

/// Why a game cannot be solved.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SolveError {
    /// The rules draw new pieces, so the future is not known.
    #[error(
        "the {rules} rules {what}, so no line of moves has a known outcome: the solver needs rules without refill or drops (such as finite or clusters-tap)"
    )]
    DrawsPieces {
        /// The rules' name.
        rules: String,
        /// What they draw.
        what: &'static str,
    },
    /// A score or clear search on a game with a level (a move limit or goals): those
    /// objectives ignore the level, so its game is solved with [`Objective::Win`].
    #[error(
        "the game has a level (move limit or goals): solve it for a win, or solve the level's board alone"
    )]
    Level,
    /// A win search on a game whose level has no goal to win by.
    #[error("the game's level has no goals, so there is no win to search for")]
    NoGoals,
    /// A zero node budget.
    #[error("the node budget must be at least 1")]
    NoBudget,
}

/// At most how many more points any line of moves can score from a board, for
/// [`solve_bounded`]: it must never be below the truth (a bound too low makes the solver
/// wrong, one too high only slower). It belongs to the rules' scoring, so it is given
/// with the rules it was written for.
pub type Bound<'b> = &'b dyn Fn(&match3_core::Board) -> Option<u64>;

/// Solves `game` from its current position for `objective`, with the bound of the
/// rules' scoring part ([`Rules::score_bound`]; none when it is unknown; see
/// [`solve_bounded`]). The game is not changed; the search plays on a copy.
///
/// When the budget runs out, the answer is not proven ([`Solution::optimal`] is false):
/// the line then follows what the search had proven, and past that plays the move that
/// scores most at once, so it is always a real line of the game (for a clear, it is kept
/// only if it clears the board).
pub fn solve<R: Rules>(
    game: &Game<R>,
    objective: Objective,
    limits: Limits,
) -> Result<Solution, SolveError> {
    solve_bounded(game, objective, limits, &|board| {
        game.rules().score_bound(board)
    })
}

/// [`solve`] with the given bound on what is still to score from a position, which lets
/// a score search skip lines that cannot beat the best found.
///
/// ```
/// use match3_finite::Preset;
/// use match3_solver::{Limits, Objective, solve, solve_bounded};
///
/// let game = Preset::Teaching.game()?;
/// // The finite rules' scoring part knows a bound; `solve` uses it.
/// let bounded = solve(&game, Objective::Score, Limits::default())?;
/// let plain = solve_bounded(&game, Objective::Score, Limits::default(), &|_| None)?;
/// assert_eq!(bounded.score, plain.score);
/// assert!(bounded.nodes <= plain.nodes);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve_bounded<R: Rules>(
    game: &Game<R>,
    objective: Objective,
    limits: Limits,
    bound: Bound<'_>,
) -> Result<Solution, SolveError> {
    check(game, objective)?;
    if limits.max_nodes == 0 {
        return Err(SolveError::NoBudget);
    }
    let root = game.snapshot();
    let start_score = game.score();
    let start = Instant::now();
    let deadline = |share: u32| limits.max_time.map(|t| start + t * share / 10);
    let mut search = Search::new(game.borrowed(), bound, limits.max_nodes, deadline(9));
    // A clear or win takes fewer moves than this, or is out of reach.
    let beyond = match objective {
        Objective::Win => game.moves_left().map_or(UNCLEARABLE, i64::from) + 1,
        _ => UNCLEARABLE + 1,
    };
    let value = match objective {
        Objective::Score => search.best_score(-1),
        Objective::Clear | Objective::Win => search.fewest_moves(beyond),
    };
    let optimal = !search.aborted;
    search.game.restore(&root);
    let line = if optimal {
        search.line()
    } else {
        fallback_line(&mut search, deadline(10))
    };
    let reached_end = match objective {
        Objective::Score => true,
        Objective::Clear => search.game.status() == match3_core::Status::Cleared,
        Objective::Win => search.game.status() == match3_core::Status::Won,
    };
    let (moves, score) = match reached_end {
        false => (None, 0),
        true => (Some(line), search.game.score() - start_score),
    };
    if optimal {
        let reached = match (objective, &moves) {
            (Objective::Score, _) => score as i64,
            (_, Some(line)) => line.len() as i64,
            // Out of reach: no line at all, or (a win) none within the move limit.
            (_, None) if value >= beyond => value,
            (_, None) => UNCLEARABLE,
        };
        debug_assert_eq!(value, reached, "the line must reach the searched value");
    }
    Ok(Solution {
        objective,
        moves,
        score,
        nodes: search.nodes,
        optimal,
    })
}

/// Rules that draw pieces are refused, and so are levels unless solved for a win.
fn check<R: Rules>(game: &Game<R>, objective: Objective) -> Result<(), SolveError> {
    let rules = game.rules();
    let what = if rules.refills() {
        Some("refill cleared cells with random pieces")
    } else if rules.accepts(MoveKind::Drop) {
        Some("drop random next pieces")
    } else {
        None
    };
    if let Some(what) = what {
        return Err(SolveError::DrawsPieces {
            rules: rules.name().to_string(),
            what,
        });
    }
    let level = game.level();
    match objective {
        Objective::Win if level.goals.is_empty() => Err(SolveError::NoGoals),
        Objective::Win => Ok(()),
        _ if level.moves.is_some() || !level.goals.is_empty() => Err(SolveError::Level),
        _ => Ok(()),
    }
}

/// After an aborted search: the proven line as far as it goes, then the move that scores
/// most at once, to the end of the game or the `deadline`.
fn fallback_line<R: Rules>(search: &mut Search<'_, '_, R>, deadline: Option<Instant>) -> Vec<Move> {
    let mut line = search.line();
    let mut scratch = search.game.snapshot();
    while deadline.is_none_or(|d| Instant::now() < d) {
        let mut best: Option<(u64, Move)> = None;
        for mv in search.game.legal_moves() {
            if let Ok(turn) = search.game.speculate(mv, &mut scratch)
                && best.is_none_or(|(score, _)| turn.score > score)
            {
                best = Some((turn.score, mv));
            }
        }
        let Some((_, mv)) = best else { break };
        if search.game.play_with(mv, &mut NoTrace).is_err() {
            break;
        }
        line.push(mv);
        // Past the last proven position, keep following the table when it knows more.
        if search.table.contains_key(&search.key()) {
            line.extend(search.line());
        }
    }
    line
}
