//! Why level games ended as they did: how losses split between running out of moves and
//! getting stuck, how close each goal came in lost games and which goal decided them, how
//! many moves were left in won games, and wins below the first star. Additive over
//! games, so it merges across threads and shards like [`Stats`](crate::Stats).

use std::collections::BTreeMap;

use match3_core::GoalProgress;
use serde::{Deserialize, Serialize};

use crate::simulate::{Ending, GameStats};

/// A lost game is a near miss on a goal when its progress reached this share of the
/// target (and not the target).
pub const NEAR_MISS: f64 = 0.9;

/// What lost games did on one goal of the level.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct GoalOutcomes {
    /// The goal, as the level states it (`score 3000`, `collect 20 A`, `clear the jelly`).
    pub goal: String,
    /// Progress over lost games (each capped at what the goal needs), for the mean.
    pub progress_when_lost: u64,
    /// What the goal needed, summed over lost games (the jelly and crate goals need what
    /// the deal holds, which random cells may change), for the mean share.
    pub needed_when_lost: u64,
    /// Lost games that left this goal unmet.
    pub unmet_when_lost: u64,
    /// Lost games in which this goal was the only one unmet: the goal that decided them.
    pub only_unmet_when_lost: u64,
    /// Lost games within [`NEAR_MISS`] of this goal's target.
    pub near_misses: u64,
}

/// How level games ended; empty for games without goals.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct LevelOutcomes {
    /// Lost games that used every move of the limit.
    pub out_of_moves: u64,
    /// Lost games left without a legal move (after any shuffle) with moves in hand.
    pub stuck: u64,
    /// Won games by the moves they had left.
    pub moves_left_when_won: BTreeMap<u32, u64>,
    /// Won games whose score reached no star threshold.
    pub zero_star_wins: u64,
    /// How many won games ended with each final score (the lost games' are the rest of
    /// the run's histogram).
    #[serde(default)]
    pub won_scores: BTreeMap<u64, u64>,
    /// Per goal, in the level's order.
    pub goals: Vec<GoalOutcomes>,
}

impl LevelOutcomes {
    /// Whether no level game was added.
    pub fn is_empty(&self) -> bool {
        *self == LevelOutcomes::default()
    }

    /// Adds one game's ending (nothing for a game without goals).
    pub fn add(&mut self, game: &GameStats) {
        if game.goals.is_empty() {
            return;
        }
        if self.goals.is_empty() {
            self.goals = (game.goals.iter())
                .map(|g| GoalOutcomes {
                    goal: g.goal.to_string(),
                    ..GoalOutcomes::default()
                })
                .collect();
        }
        match game.ending {
            Ending::Won => {
                let left = game.moves_left.unwrap_or(0);
                *self.moves_left_when_won.entry(left).or_default() += 1;
                *self.won_scores.entry(game.score).or_default() += 1;
                self.zero_star_wins += u64::from(game.stars == 0);
            }
            Ending::Lost if game.moves_left == Some(0) => self.out_of_moves += 1,
            Ending::Lost => self.stuck += 1,
            _ => {}
        }
        if game.ending == Ending::Lost {
            self.add_loss(&game.goals);
        }
    }

    fn add_loss(&mut self, goals: &[GoalProgress]) {
        let unmet = goals.iter().filter(|g| !g.done).count();
        for (outcome, goal) in self.goals.iter_mut().zip(goals) {
            outcome.progress_when_lost += goal.progress.min(goal.needed);
            outcome.needed_when_lost += goal.needed;
            if !goal.done {
                outcome.unmet_when_lost += 1;
                outcome.only_unmet_when_lost += u64::from(unmet == 1);
                let near = goal.progress as f64 >= NEAR_MISS * goal.needed as f64;
                outcome.near_misses += u64::from(near);
            }
        }
    }

    /// Combines the outcomes of disjoint sets of games, or `None` when a sum overflows or
    /// the two count different goals (statistics of different levels).
    pub fn checked_merge(mut self, other: LevelOutcomes) -> Option<LevelOutcomes> {
        let add = |a: &mut u64, b: u64| a.checked_add(b).map(|sum| *a = sum);
        add(&mut self.out_of_moves, other.out_of_moves)?;
        add(&mut self.stuck, other.stuck)?;
        for (left, n) in other.moves_left_when_won {
            add(self.moves_left_when_won.entry(left).or_default(), n)?;
        }
        add(&mut self.zero_star_wins, other.zero_star_wins)?;
        for (score, n) in other.won_scores {
            add(self.won_scores.entry(score).or_default(), n)?;
        }
        if self.goals.is_empty() {
            self.goals = other.goals;
        } else if !other.goals.is_empty() {
            let names = |g: &[GoalOutcomes]| g.iter().map(|g| g.goal.clone()).collect::<Vec<_>>();
            if names(&self.goals) != names(&other.goals) {
                return None;
            }
            for (mine, theirs) in self.goals.iter_mut().zip(other.goals) {
                add(&mut mine.progress_when_lost, theirs.progress_when_lost)?;
                add(&mut mine.needed_when_lost, theirs.needed_when_lost)?;
                add(&mut mine.unmet_when_lost, theirs.unmet_when_lost)?;
                add(&mut mine.only_unmet_when_lost, theirs.only_unmet_when_lost)?;
                add(&mut mine.near_misses, theirs.near_misses)?;
            }
        }
        Some(self)
    }

    /// Checks these outcomes against `won` and `lost` games: losses split into out of
    /// moves and stuck, wins counted once by moves left, no goal counted in more lost
    /// games than there are. A file that fails this was edited; the message says where.
    pub fn check(&self, won: u64, lost: u64) -> Result<(), String> {
        if self.is_empty() {
            return Ok(());
        }
        let wins: Option<u64> =
            (self.moves_left_when_won.values()).try_fold(0u64, |s, &n| s.checked_add(n));
        if self.out_of_moves.checked_add(self.stuck) != Some(lost) {
            return Err(format!(
                "out_of_moves and stuck do not add up to {lost} lost"
            ));
        }
        let scored: Option<u64> =
            (self.won_scores.values()).try_fold(0u64, |s, &n| s.checked_add(n));
        if wins != Some(won) || scored != Some(won) || self.zero_star_wins > won {
            return Err(format!(
                "moves_left_when_won does not count the {won} won once"
            ));
        }
        let over = |g: &GoalOutcomes| {
            g.unmet_when_lost > lost
                || g.only_unmet_when_lost > g.unmet_when_lost
                || g.near_misses > g.unmet_when_lost
                || g.progress_when_lost > g.needed_when_lost
        };
        if self.goals.iter().any(over) {
            return Err(format!("a goal's outcomes count more than the {lost} lost"));
        }
        Ok(())
    }
}

impl GoalOutcomes {
    /// Mean progress in lost games, as a share of what the goal needed (0 to 1).
    pub fn mean_share_when_lost(&self) -> f64 {
        if self.needed_when_lost == 0 {
            0.0
        } else {
            self.progress_when_lost as f64 / self.needed_when_lost as f64
        }
    }
}

impl LevelOutcomes {
    /// Mean moves left in won games (0 without wins).
    pub fn mean_moves_left_when_won(&self) -> f64 {
        let (sum, n) = (self.moves_left_when_won.iter())
            .fold((0u64, 0u64), |(s, n), (&left, &k)| {
                (s + u64::from(left) * k, n + k)
            });
        if n == 0 { 0.0 } else { sum as f64 / n as f64 }
    }
}
