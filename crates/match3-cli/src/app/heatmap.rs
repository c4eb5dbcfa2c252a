//! `simulate --level FILE --plot-leftover FILE.svg`: where the lost games left their
//! unmet goals. [`match3_bots::Leftover`] counts them as the games are played; this
//! module checks that the level has something to count and draws the result.

use match3_bots::{Leftover, Plan};
use match3_core::Goal;

use super::output::UsageError;
use crate::level::Opened;

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

/// Draws `leftover` into `path`: a square per cell of `level`'s board (its holes grey),
/// titled with the level, the bot, the seed and the lost games counted.
pub(super) fn plot(
    path: &std::path::Path,
    level: &Opened,
    plan: &Plan,
    games: u64,
    leftover: &Leftover,
) -> Result<(), UsageError> {
    let board = &level.layout.board;
    let shares: Vec<Option<f64>> = (board.size().positions())
        .map(|pos| (!board.at(pos).is_hole()).then(|| leftover.share(pos)))
        .collect();
    let title = format!(
        "Unmet goal cells left by lost games: {} ({}), {} bot, seed {}; share of {} lost of {games} games",
        level.file.name,
        level.variant.name(),
        plan.bot.name(),
        plan.config.seed,
        leftover.lost(),
    );
    crate::plot::leftover(path, &title, board.cols(), &shares)?;
    Ok(())
}
