//! [`Objective::LevelScore`]: the best score on a level, of a winning line when the
//! level can be won, otherwise of any line within its limits.
//!
//! Two searches. The first is the win search ([`Objective::Win`]): whether any line wins,
//! and one that does. The second maximises score: when the level can be won, a winning
//! line gains a bonus above any score, so winning lines beat all others and the first
//! win's score is a floor that prunes from the start; when it cannot, the plain score
//! search with its bound. Positions of the second search count the moves played, since
//! what a position can still score depends on the moves left.

use std::time::Instant;

use match3_core::{Game, Move, NoTrace, Rules, Status};

use crate::search::Search;
use crate::{Bound, Limits, Objective, Solution, SolveError, fallback_line, solve_bounded};

/// Above any score a line of a no-refill board reaches, and far from overflowing when
/// added to one.
const WIN_BONUS: i64 = 1 << 52;

pub(crate) fn solve<R: Rules>(
    game: &Game<R>,
    limits: Limits,
    bound: Bound<'_>,
) -> Result<Solution, SolveError> {
    let start = Instant::now();
    let level = game.level();
    // Half the time (and any nodes) to the win search; the rest to the score search.
    let first = match level.goals.is_empty() {
        true => None,
        false => {
            let half = Limits {
                max_time: limits.max_time.map(|t| t / 2),
                ..limits
            };
            Some(solve_bounded(game, Objective::Win, half, bound)?)
        }
    };
    let win = first.as_ref().and_then(|f| f.moves.clone());
    let proven_unwinnable = first
        .as_ref()
        .is_some_and(|f| f.optimal && f.moves.is_none());
    let spent = first.as_ref().map_or(0, |f| f.nodes);
    let left = Limits {
        max_nodes: limits.max_nodes.saturating_sub(spent).max(1),
        max_time: limits.max_time.map(|t| t.saturating_sub(start.elapsed())),
    };
    // A win can end the game: unless none can, winning lines get the bonus.
    let limited = level.moves.is_some() || !level.goals.is_empty();
    let bonus = if limited && !proven_unwinnable {
        WIN_BONUS
    } else {
        0
    };
    let floor = match &win {
        Some(line) => bonus + replay(game, line).1 as i64 - 1,
        None => -1,
    };
    let (line, optimal, nodes) = best_line(game, left, bound, bonus, floor);
    // A search cut short may end on a line worse than the first win found.
    let line = match (optimal, win) {
        (false, Some(won)) if value(game, &won, bonus) > value(game, &line, bonus) => won,
        _ => line,
    };
    let score = replay(game, &line).1;
    Ok(Solution {
        objective: Objective::LevelScore,
        moves: Some(line),
        score,
        nodes: spent + nodes,
        optimal,
    })
}

/// The score search from `game` with `bonus` for a win and `floor` known reachable:
/// its line, whether it is proven best, and the nodes it expanded.
fn best_line<R: Rules>(
    game: &Game<R>,
    limits: Limits,
    bound: Bound<'_>,
    bonus: i64,
    floor: i64,
) -> (Vec<Move>, bool, u64) {
    let start = Instant::now();
    let deadline = |share: u32| limits.max_time.map(|t| start + t * share / 10);
    let root = game.snapshot();
    let mut search =
        Search::new(game.borrowed(), bound, limits.max_nodes, deadline(9)).on_level(bonus);
    let value = search.best_score(floor);
    let optimal = !search.aborted;
    search.game.restore(&root);
    let line = if optimal {
        search.line()
    } else {
        fallback_line(&mut search, deadline(10))
    };
    if optimal {
        debug_assert_eq!(
            value,
            self::value(game, &line, bonus),
            "the line reaches the value"
        );
    }
    (line, optimal, search.nodes)
}

/// A line's value in the score search: its points, and the bonus if it wins.
fn value<R: Rules>(game: &Game<R>, line: &[Move], bonus: i64) -> i64 {
    let (won, score) = replay(game, line);
    score as i64 + if won { bonus } else { 0 }
}

/// Whether `line` played from `game` wins, and the points it scores.
fn replay<R: Rules>(game: &Game<R>, line: &[Move]) -> (bool, u64) {
    let mut copy = game.borrowed();
    for &mv in line {
        if copy.play_with(mv, &mut NoTrace).is_err() {
            break;
        }
    }
    (copy.status() == Status::Won, copy.score() - game.score())
}
