//! What a line of play is worth to the search bots: one number, so that lines can be
//! averaged over refill samples.

use match3_core::{Goal, Level, Probe, Rules, Snapshot, Status};

/// Winning the level outweighs everything else.
const WON: f64 = 1e12;
/// A goal unit (a wanted piece, a jelly layer, a crate hit) outweighs any score a line
/// can make.
const UNIT: f64 = 1e6;

/// How a bot values the state `end` reached from `start`: a won level first, then goal
/// units gained (levels with collect, jelly or crates goals), then points scored. The
/// same order as [`GreedyBot`](crate::GreedyBot)'s ranking, as one number.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Worth<'a> {
    level: &'a Level,
    by_goals: bool,
    start_units: u64,
    start_score: u64,
}

/// Whether `level` has goals other than score, which bots rank before score (plain
/// games skip counting goal units).
pub(crate) fn ranks_goals(level: &Level) -> bool {
    (level.goals.iter()).any(|g| !matches!(g, Goal::Score { .. }))
}

impl<'a> Worth<'a> {
    pub fn new(level: &'a Level, start: &Snapshot) -> Self {
        let by_goals = ranks_goals(level);
        Worth {
            level,
            by_goals,
            start_units: if by_goals { start.goal_units(level) } else { 0 },
            start_score: start.score(),
        }
    }

    pub fn of(&self, end: &Snapshot) -> f64 {
        let units = || end.goal_units(self.level);
        self.of_outcome(end.status(), end.score(), units)
    }

    /// [`of`](Worth::of) where `probe` ended, read without making its cells catch up.
    pub fn of_probe<R: Rules>(&self, probe: &Probe<'_, R>) -> f64 {
        self.of_outcome(probe.status(), probe.tally().score, || probe.goal_units())
    }

    /// [`of`](Worth::of) from the status, score and goal units (asked only when ranked).
    fn of_outcome(&self, status: Status, score: u64, units: impl FnOnce() -> u64) -> f64 {
        let won = if status == Status::Won { WON } else { 0.0 };
        let units = if self.by_goals {
            units().saturating_sub(self.start_units) as f64
        } else {
            0.0
        };
        won + units * UNIT + score.saturating_sub(self.start_score) as f64
    }
}
