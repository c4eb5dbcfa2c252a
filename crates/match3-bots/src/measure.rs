//! Level runs measured to a precision: several bots on the same games, played in blocks
//! that grow together until every bot's pass rate is known to the precision asked, with
//! the [`LevelMetrics`] of each.
//!
//! Blocks extend the games already played (100 games, then 200, 400, … up to the plan's),
//! never replay them, and every bot plays the same game numbers: a row that compares
//! bots compares them on the same seeds and as many games. Game `i` has the seed
//! [`game_seed`]`(seed, i)` as in [`simulate`](crate::simulate), so a run that plays
//! `n` games has exactly the statistics of `simulate` with `n` games.

use std::ops::Range;
use std::time::{Duration, Instant};

use match3_core::{Game, Rules, SetupError};
use rayon::prelude::*;

use crate::bot::BotKind;
use crate::metrics::{LevelMetrics, MAX_EXTRA_MOVES};
use crate::simulate::{
    GameStats, MAX_JOBS, Plan, Report, SimulateError, Stats, game_seed, play_out_with,
};

/// The first block of games of a run with a precision; each further block doubles the
/// games played, up to the plan's.
pub const FIRST_BLOCK: u32 = 100;

/// Games handed to the callback in order are played in parallel this many at a time, so
/// memory stays bounded.
const CHUNK: u32 = 1024;

/// How to measure.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Measure {
    /// Stop once every bot's pass rate is known to ± this (the half-width of its Wilson
    /// 95% interval), or is exact (one game repeated), or the plan's games are played;
    /// `None`: play all the plan's games.
    pub precision: Option<f64>,
    /// Continue each game lost out of moves by this many extra moves (at most
    /// [`MAX_EXTRA_MOVES`]; 0: none), for the extra-move numbers of [`LevelMetrics`].
    pub extra_moves: u32,
}

/// One bot's run.
#[derive(Clone, Debug)]
pub struct Measured {
    /// The plan it played, its `games` those played.
    pub plan: Plan,
    /// The statistics of the games played (`games` is those played).
    pub report: Report,
    /// What the games said beyond the statistics.
    pub metrics: LevelMetrics,
    /// The precision asked, if any.
    pub precision: Option<f64>,
}

impl Measured {
    /// Games played.
    pub fn games_played(&self) -> u64 {
        self.report.stats.games
    }

    /// Whether every game was the same game (a fixed deal played the same way): the pass
    /// rate is then that game's result, not a sample.
    pub fn one_game(&self) -> bool {
        self.metrics.distinct.one_game(self.games_played())
    }

    /// The pass rate's Wilson 95% interval, or `None` for [one game](Self::one_game)
    /// repeated, which has no interval.
    pub fn pass_rate_interval(&self) -> Option<(f64, f64)> {
        (!self.one_game()).then(|| self.report.stats.pass_rate_interval())
    }

    /// Whether the pass rate is known to `precision`: its interval's half-width is at
    /// most that, or it is exact (one game repeated).
    pub fn meets(&self, precision: f64) -> bool {
        self.pass_rate_interval()
            .is_none_or(|(low, high)| (high - low) / 2.0 <= precision)
    }

    /// Whether the precision asked was reached (`None` when none was asked): `false`
    /// means the plan's games ran out first.
    pub fn precision_met(&self) -> Option<bool> {
        self.precision.map(|p| self.meets(p))
    }
}

/// Plays `plan` with each of `bots` (the plan's own bot is ignored) on games started by
/// `start` from each game's seed, as `how` says, on `jobs` threads (0: one per core).
/// `progress` is called once per game played; `each_game` with the bot's index in
/// `bots`, the game's number and its outcome, in increasing order of number for each
/// bot. One [`Measured`] per bot, in order, all with the same games played.
///
/// ```
/// use match3_bots::{BotKind, Measure, Plan, measure};
/// use match3_core::{Game, GameConfig, Level};
/// use match3_lines::Lines;
///
/// let level = Level { moves: Some(8), goals: vec![match3_core::Goal::Score { target: 600 }], ..Level::default() };
/// let start = |seed| Game::new(Lines, GameConfig::new(seed))?.with_level(level.clone());
/// let plan = Plan { config: GameConfig::new(1), bot: BotKind::Greedy, games: 400, moves: 8 };
/// let how = Measure { precision: Some(0.05), extra_moves: 3 };
/// let rows = measure(start, plan, &[BotKind::Random, BotKind::Greedy], how, 1, &|| {}, &mut |_, _, _| {})?;
/// assert_eq!(rows[0].games_played(), rows[1].games_played());
/// assert!(rows.iter().all(|m| m.precision_met() == Some(true)));
/// assert!(rows[1].metrics.pass_rate_with_extra_moves(3).is_some());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn measure<R, F>(
    start: F,
    plan: Plan,
    bots: &[BotKind],
    how: Measure,
    jobs: usize,
    progress: &(dyn Fn() + Sync),
    each_game: &mut dyn FnMut(usize, u32, &GameStats),
) -> Result<Vec<Measured>, SimulateError>
where
    R: Rules,
    F: Fn(u64) -> Result<Game<R>, SetupError> + Sync,
{
    if jobs > MAX_JOBS {
        return Err(SimulateError::TooManyJobs { jobs });
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .map_err(|e| SimulateError::Threads {
            jobs,
            message: e.to_string(),
        })?;
    let extra = how.extra_moves.min(MAX_EXTRA_MOVES);
    let mut rows: Vec<(Measured, Duration)> = (bots.iter())
        .map(|&bot| {
            (
                empty(Plan { bot, ..plan }, how.precision, extra),
                Duration::ZERO,
            )
        })
        .collect();
    let mut played = 0;
    let mut target = match how.precision {
        Some(_) => FIRST_BLOCK.min(plan.games),
        None => plan.games,
    };
    loop {
        for (index, (row, elapsed)) in rows.iter_mut().enumerate() {
            let clock = Instant::now();
            let mut each = |i: u32, game: &GameStats| each_game(index, i, game);
            let block = Block {
                start: &start,
                games: played..target,
                extra,
            };
            block.play(row, &pool, progress, &mut each)?;
            *elapsed += clock.elapsed();
        }
        played = target;
        let met = |p| rows.iter().all(|(row, _)| row.meets(p));
        if played == plan.games || how.precision.is_none_or(met) {
            break;
        }
        target = target.saturating_mul(2).min(plan.games);
    }
    Ok((rows.into_iter())
        .map(|(mut row, elapsed)| {
            row.report.elapsed = elapsed;
            row
        })
        .collect())
}

/// A bot's run before its first game.
fn empty(plan: Plan, precision: Option<f64>, extra: u32) -> Measured {
    Measured {
        plan: Plan { games: 0, ..plan },
        report: Report {
            games: 0,
            move_limit: plan.moves,
            stats: Stats::default(),
            elapsed: Duration::ZERO,
        },
        metrics: LevelMetrics::new(extra),
        precision,
    }
}

/// Games `games` of a run, to add to a bot's row.
struct Block<'s, F> {
    start: &'s F,
    games: Range<u32>,
    extra: u32,
}

impl<F> Block<'_, F> {
    /// Plays the block's games with the row's bot, in parallel chunks, and adds them to
    /// the row in order of number.
    fn play<R>(
        &self,
        row: &mut Measured,
        pool: &rayon::ThreadPool,
        progress: &(dyn Fn() + Sync),
        each_game: &mut dyn FnMut(u32, &GameStats),
    ) -> Result<(), SimulateError>
    where
        R: Rules,
        F: Fn(u64) -> Result<Game<R>, SetupError> + Sync,
    {
        let plan = row.plan;
        for first in self.games.clone().step_by(CHUNK as usize) {
            let chunk = first..self.games.end.min(first + CHUNK);
            let games: Result<Vec<GameStats>, SetupError> = pool.install(|| {
                (chunk.clone().into_par_iter())
                    .map(|i| {
                        let seed = game_seed(plan.config.seed, i);
                        let game = (self.start)(seed)
                            .map(|g| play_out_with(g, seed, plan.bot, plan.moves, self.extra));
                        progress();
                        game
                    })
                    .collect()
            });
            for (i, game) in chunk.zip(&games?) {
                row.report.stats.add(i, game);
                row.metrics.add(game);
                each_game(i, game);
            }
        }
        row.plan.games = self.games.end;
        row.report.games = self.games.end;
        Ok(())
    }
}
