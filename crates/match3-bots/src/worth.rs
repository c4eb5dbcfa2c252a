//! What a line of play is worth to the search bots: one number, so that lines can be
//! averaged over refill samples.

use match3_core::{Goal, Level, Snapshot, Status};

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
        let won = if end.status() == Status::Won {
            WON
        } else {
            0.0
        };
        let units = if self.by_goals {
            end.goal_units(self.level).saturating_sub(self.start_units) as f64
        } else {
            0.0
        };
        won + units * UNIT + end.score().saturating_sub(self.start_score) as f64
    }
}
