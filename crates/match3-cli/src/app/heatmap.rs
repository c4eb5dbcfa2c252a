//! `simulate --level FILE --plot-leftover FILE.svg`: where the lost games left their
//! unmet goals. [`match3_bots::Leftover`] counts them as the games are played; this
//! module checks that the level has something to count and draws the result.

use match3_bots::{Leftover, Plan, goal_cells};
use match3_core::{Goal, Pos};

use super::output::UsageError;
use crate::level::Opened;
use crate::plot::HeatCell;

/// The counter for `level`'s games, or why there is nothing to count: a level whose
/// goals count nothing on the board (score, collect) leaves no goal cells behind.
pub(super) fn counter(level: &Opened) -> Result<Leftover, UsageError> {
    let goals = &level.file.level.goals;
    if !goals
        .iter()
        .any(|g| matches!(g, Goal::Jelly | Goal::Crates))
    {
        return Err(UsageError(format!(
            "--plot-leftover: {} has no jelly or crates goal, so its lost games leave no goal cells on the board (score and collect goals count nothing there)",
            level.file.file
        )));
    }
    Ok(Leftover::new(level.layout.board.size()))
}

/// Draws `leftover` into `path`: a square per cell of `level`'s board (holes dark grey,
/// cells that never held a goal's piece light grey), titled with the level, the bot,
/// the seed and the lost games counted.
pub(super) fn plot(
    path: &std::path::Path,
    level: &Opened,
    plan: &Plan,
    games: u64,
    leftover: &Leftover,
) -> Result<(), UsageError> {
    let board = &level.layout.board;
    let start = goal_cells(board, level.file.level.goals.iter().copied());
    let started = |p: Pos| {
        start
            .get(usize::from(p.row))
            .is_some_and(|m| m >> p.col & 1 == 1)
    };
    let cells: Vec<HeatCell> = (board.size().positions())
        .map(|pos| match leftover.share(pos) {
            _ if board.at(pos).is_hole() => HeatCell::Hole,
            0.0 if !started(pos) => HeatCell::Plain,
            share => HeatCell::Goal(share),
        })
        .collect();
    let title = format!(
        "Unmet goal cells left by lost games: {} ({}), {} bot, seed {}; share of {} lost of {games} games",
        level.file.name,
        level.variant.name(),
        plan.bot.name(),
        plan.config.seed,
        leftover.lost(),
    );
    crate::plot::leftover(path, &title, board.cols(), &cells)?;
    Ok(())
}
