//! The numbers studios ask of a level beyond its pass rate: attempts per success, the
//! pass rate if the player had a few more moves, losses one move short, near misses one
//! unit short of a goal, and how many different games the run played.
//!
//! [`LevelMetrics`] is additive over games like [`Stats`](crate::Stats), so it merges
//! across threads, blocks and shards. The extra-move numbers need games continued past
//! their limit ([`play_out_with`](crate::play_out_with)); [`measure`](crate::measure)
//! continues them when asked.

use serde::{Deserialize, Serialize};

use crate::distinct::DistinctGames;
use crate::simulate::{Ending, GameStats, wilson};

/// The most extra moves a lost game is continued by.
pub const MAX_EXTRA_MOVES: u32 = 5;

/// The extra moves whose pass rates are reported: +1, +3 and +5.
pub const EXTRA_MOVES: [u32; 3] = [1, 3, 5];

/// A measured number with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Estimate {
    /// The number measured.
    pub value: f64,
    /// The interval's lower end.
    pub low: f64,
    /// The interval's upper end.
    pub high: f64,
}

impl Estimate {
    /// A share of `k` in `n` with its Wilson interval (0 and `(0, 1)` for no trials).
    pub fn share(k: u64, n: u64) -> Estimate {
        let (low, high) = wilson(k, n);
        let value = if n == 0 { 0.0 } else { k as f64 / n as f64 };
        Estimate { value, low, high }
    }

    /// Half the interval's width: the `±` of the number.
    pub fn half_width(&self) -> f64 {
        (self.high - self.low) / 2.0
    }
}

/// What level games said beyond [`Stats`](crate::Stats); see the module docs.
///
/// ```
/// use match3_bots::{Ending, GameStats, LevelMetrics};
///
/// let mut m = LevelMetrics::new(5);
/// let lost = |extra| GameStats { ending: Ending::Lost, moves_left: Some(0), extra_moves_to_win: extra, ..GameStats::default() };
/// m.add(&GameStats { ending: Ending::Won, ..GameStats::default() });
/// m.add(&lost(Some(1)));
/// m.add(&lost(Some(4)));
/// m.add(&lost(None));
/// assert_eq!(m.attempts_per_success().unwrap().value, 4.0);
/// assert_eq!(m.pass_rate_with_extra_moves(1).unwrap().value, 0.5);
/// assert_eq!(m.pass_rate_with_extra_moves(5).unwrap().value, 0.75);
/// assert_eq!(m.one_move_short_rate(), Some(1.0 / 3.0));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LevelMetrics {
    /// The extra moves lost games were continued by (0: not continued, so no extra-move
    /// numbers).
    pub extra_moves: u32,
    /// Games added.
    pub games: u64,
    /// Games won.
    pub won: u64,
    /// Games lost.
    pub lost: u64,
    /// Lost games won by their continuation, by the extra moves they needed: index
    /// `k - 1` for `k` extra moves.
    pub won_after_extra: [u64; MAX_EXTRA_MOVES as usize],
    /// Per goal in the level's order, lost games that left it exactly one unit short (a
    /// piece, a jelly layer, a crate hit, a point).
    pub one_unit_short: Vec<u64>,
    /// The different games played.
    pub distinct: DistinctGames,
}

impl LevelMetrics {
    /// Empty, for games continued by `extra_moves` (at most [`MAX_EXTRA_MOVES`]; 0 for
    /// none).
    pub fn new(extra_moves: u32) -> LevelMetrics {
        LevelMetrics {
            extra_moves: extra_moves.min(MAX_EXTRA_MOVES),
            ..LevelMetrics::default()
        }
    }

    /// Adds one game.
    pub fn add(&mut self, game: &GameStats) {
        self.games += 1;
        self.distinct.add(game);
        match game.ending {
            Ending::Won => self.won += 1,
            Ending::Lost => self.add_loss(game),
            _ => {}
        }
    }

    fn add_loss(&mut self, game: &GameStats) {
        self.lost += 1;
        if let Some(k) = game
            .extra_moves_to_win
            .filter(|&k| k >= 1 && k <= self.extra_moves)
        {
            self.won_after_extra[k as usize - 1] += 1;
        }
        if self.one_unit_short.len() < game.goals.len() {
            self.one_unit_short.resize(game.goals.len(), 0);
        }
        for (short, goal) in self.one_unit_short.iter_mut().zip(&game.goals) {
            *short += u64::from(!goal.done && goal.progress.saturating_add(1) == goal.needed);
        }
    }

    /// Combines the metrics of disjoint sets of games, or `None` when a sum overflows or
    /// the two were continued differently or count different numbers of goals.
    pub fn checked_merge(mut self, other: LevelMetrics) -> Option<LevelMetrics> {
        let add = |a: &mut u64, b: u64| a.checked_add(b).map(|sum| *a = sum);
        if self.games == 0 {
            self.extra_moves = other.extra_moves;
        } else if other.games > 0 && self.extra_moves != other.extra_moves {
            return None;
        }
        add(&mut self.games, other.games)?;
        add(&mut self.won, other.won)?;
        add(&mut self.lost, other.lost)?;
        for (mine, theirs) in self.won_after_extra.iter_mut().zip(other.won_after_extra) {
            add(mine, theirs)?;
        }
        match (self.one_unit_short.len(), other.one_unit_short.len()) {
            (0, _) => self.one_unit_short = other.one_unit_short,
            (_, 0) => {}
            (a, b) if a != b => return None,
            _ => {
                for (mine, theirs) in self.one_unit_short.iter_mut().zip(other.one_unit_short) {
                    add(mine, theirs)?;
                }
            }
        }
        self.distinct = self.distinct.merge(other.distinct);
        Some(self)
    }

    /// Checks these metrics against the run's [`Stats`](crate::Stats): the same games,
    /// wins and losses, no more continued wins or near misses than losses, no more
    /// distinct games than games. A file that fails this was edited; the message says
    /// where.
    pub fn check(&self, stats: &crate::Stats) -> Result<(), String> {
        if (self.games, self.won, self.lost) != (stats.games, stats.won, stats.lost) {
            return Err(format!(
                "metrics count {} games ({} won, {} lost), the statistics {} ({} won, {} lost)",
                self.games, self.won, self.lost, stats.games, stats.won, stats.lost
            ));
        }
        let continued = (self.won_after_extra.iter()).try_fold(0u64, |s, &n| s.checked_add(n));
        if continued.is_none_or(|n| n > self.lost) || self.extra_moves > MAX_EXTRA_MOVES {
            return Err("more continued wins than lost games".to_string());
        }
        let late = &self.won_after_extra[self.extra_moves as usize..];
        if late.iter().any(|&n| n > 0) {
            return Err(format!(
                "wins after more than the {} extra moves played",
                self.extra_moves
            ));
        }
        if self.one_unit_short.iter().any(|&n| n > self.lost) {
            return Err("a goal's near misses count more than the lost games".to_string());
        }
        if self.distinct.count() > self.games {
            return Err("more distinct games than games".to_string());
        }
        Ok(())
    }

    /// Attempts per success: games per win (`1/p`), with the interval of the pass rate's
    /// Wilson interval turned over. `None` without a win (no number of attempts is
    /// expected to succeed).
    pub fn attempts_per_success(&self) -> Option<Estimate> {
        if self.won == 0 {
            return None;
        }
        let p = Estimate::share(self.won, self.games);
        Some(Estimate {
            value: 1.0 / p.value,
            low: 1.0 / p.high,
            high: 1.0 / p.low,
        })
    }

    /// The pass rate had the player `k` more moves (1 to the moves continued by): games
    /// won within the limit or within `k` moves past it. `None` when games were not
    /// continued that far.
    pub fn pass_rate_with_extra_moves(&self, k: u32) -> Option<Estimate> {
        if k == 0 || k > self.extra_moves {
            return None;
        }
        let extra: u64 = self.won_after_extra[..k as usize].iter().sum();
        Some(Estimate::share(self.won + extra, self.games))
    }

    /// The share of lost games that one more move would have won (0 without a loss);
    /// `None` when games were not continued.
    pub fn one_move_short_rate(&self) -> Option<f64> {
        (self.extra_moves > 0).then(|| ratio(self.won_after_extra[0], self.lost))
    }

    /// Per goal, the share of lost games that left it exactly one unit short.
    pub fn one_unit_short_rates(&self) -> Vec<f64> {
        (self.one_unit_short.iter())
            .map(|&n| ratio(n, self.lost))
            .collect()
    }
}

fn ratio(k: u64, n: u64) -> f64 {
    if n == 0 { 0.0 } else { k as f64 / n as f64 }
}
