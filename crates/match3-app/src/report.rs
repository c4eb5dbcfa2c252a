//! Simulations: a bot over many seeded games of a variant or a level, on worker threads,
//! with what each run played ([`Header`], the bots' [`Plan`]) and what it found
//! ([`Report`], a level's [`LevelRow`]). [`summary`](crate::summary) turns them into the
//! JSON `simulate --json` and `compare --json` print; a program shows progress through
//! [`Progress`] (the command line draws a bar, Python shows nothing).

use match3_bots::{
    BotKind, GameStats, LevelMetrics, MAX_EXTRA_MOVES, Measure, Measured, Plan, Report, Shard,
    simulate_shard,
};
use match3_core::{Game, Rules, SetupError};
use match3_levels::LevelError;
use thiserror::Error;

use crate::level::Opened;
use crate::variant::Variant;

/// Told how a run advances: a run of `games` games called `label` starts, and the
/// function it returns is called once per game played (from any worker thread) until
/// the run ends and drops it.
pub trait Progress: Sync {
    /// A run starts; the returned function counts its games.
    fn run(&self, label: &str, games: u64) -> Box<dyn Fn() + Sync + '_>;
}

/// Progress nobody watches.
#[derive(Clone, Copy, Debug, Default)]
pub struct Quiet;

impl Progress for Quiet {
    fn run(&self, _: &str, _: u64) -> Box<dyn Fn() + Sync + '_> {
        Box::new(|| {})
    }
}

/// Who plays a run's games: `jobs` worker threads (0: one per core; the result does not
/// depend on it), and who hears of each game.
#[derive(Clone, Copy)]
pub struct Workers<'a> {
    /// Worker threads, at most [`match3_bots::MAX_JOBS`].
    pub jobs: usize,
    /// Told of each game.
    pub progress: &'a dyn Progress,
}

impl Workers<'static> {
    /// `jobs` threads, with no one watching.
    pub fn quiet(jobs: usize) -> Workers<'static> {
        Workers {
            jobs,
            progress: &Quiet,
        }
    }
}

/// Why a run could not play its games.
#[derive(Debug, Error)]
pub enum RunError {
    /// A level's games cannot start: at the level file's field it concerns.
    #[error(transparent)]
    Level(#[from] LevelError),
    /// The games cannot start, or the worker threads cannot.
    #[error(transparent)]
    Simulate(#[from] match3_bots::SimulateError),
}

/// Called with each game's number and outcome, in order.
pub type EachGame<'a> = &'a mut dyn FnMut(u32, &GameStats);

/// Called with each bot's index, each game's number and its outcome, in order of number.
pub type EachBotGame<'a> = &'a mut dyn FnMut(usize, u32, &GameStats);

/// Runs `shard` of `plan` on generated boards of `variant`.
pub fn run(
    variant: &Variant,
    plan: Plan,
    shard: Shard,
    workers: Workers<'_>,
    label: &str,
    each_game: EachGame<'_>,
) -> Result<Report, RunError> {
    let start = |seed| {
        let config = match3_core::GameConfig {
            seed,
            ..plan.config
        };
        Game::new(variant.rules(), config)
    };
    Ok(run_from(start, plan, shard, workers, label, each_game)?)
}

/// Runs `shard` of `plan` on a level: every game starts from the level with its own seed.
pub fn run_level(
    level: &Opened,
    plan: Plan,
    shard: Shard,
    workers: Workers<'_>,
    label: &str,
    each_game: EachGame<'_>,
) -> Result<Report, RunError> {
    let start = |seed| level.start(level.variant.rules(), seed);
    run_from(start, plan, shard, workers, label, each_game).map_err(|e| level_error(level, e))
}

/// Runs `shard` of `plan`, each game started by `start` from its seed, the progress
/// bar named `label`.
fn run_from<R: Rules>(
    start: impl Fn(u64) -> Result<Game<R>, SetupError> + Sync,
    plan: Plan,
    shard: Shard,
    workers: Workers<'_>,
    label: &str,
    each_game: EachGame<'_>,
) -> Result<Report, match3_bots::SimulateError> {
    let tick = workers
        .progress
        .run(label, u64::from(shard.len(plan.games)));
    simulate_shard(start, plan, shard, workers.jobs, &*tick, each_game)
}

/// Runs `bots` on a level (the plan's own bot is ignored), every bot on the same games:
/// all the plan's games, or with a `precision`, blocks of 100, 200, 400, … up to the
/// plan's, extended (never replayed) for every bot together until each bot's pass rate
/// is known to ± that. Games lost out of moves are continued by up to five extra moves
/// for the extra-move numbers. A row per bot, in order; [`LevelRow::precision_warning`]
/// says when the plan's games ran out before the precision.
pub fn measure_level(
    level: &Opened,
    plan: Plan,
    bots: &[BotKind],
    precision: Option<f64>,
    workers: Workers<'_>,
    label: &str,
    each_game: EachBotGame<'_>,
) -> Result<Vec<LevelRow>, RunError> {
    let start = |seed| level.start(level.variant.rules(), seed);
    let total = plan.games.saturating_mul(bots.len() as u32);
    let tick = workers.progress.run(label, u64::from(total));
    let how = Measure {
        precision,
        extra_moves: MAX_EXTRA_MOVES,
    };
    let measured = match3_bots::measure(start, plan, bots, how, workers.jobs, &*tick, each_game);
    let measured = measured.map_err(|e| level_error(level, e))?;
    Ok((measured.into_iter())
        .map(|m| LevelRow::new(level.clone(), m))
        .collect())
}

/// A level run's error, at the level file's field it concerns.
fn level_error(level: &Opened, e: match3_bots::SimulateError) -> RunError {
    match e {
        match3_bots::SimulateError::Setup(e) => RunError::Level(level.file.setup_error(&e)),
        e => RunError::Level(level.file.error("board", e.to_string())),
    }
}

/// The plan for a level: its palette and board size, its move limit (`moves` only caps
/// levels without one), no generated blockers.
pub fn level_plan(level: &Opened, bot: BotKind, games: u32, moves: u32, seed: u64) -> Plan {
    Plan {
        config: match3_core::GameConfig {
            size: level.layout.board.size(),
            colors: level.colors(),
            seed,
            blocker_percent: 0,
        },
        bot,
        games,
        moves: level.file.level.moves.unwrap_or(moves),
    }
}

/// What a simulation played, by name: the rules and, for a level, its name and file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// The rules' command-line name.
    pub rules: String,
    /// A level's name and file.
    pub level: Option<(String, String)>,
}

impl Header {
    /// Generated boards of `variant`.
    pub fn variant(variant: &Variant) -> Header {
        Header {
            rules: variant.name().to_string(),
            level: None,
        }
    }

    /// A level.
    pub fn level(level: &Opened) -> Header {
        Header {
            rules: level.variant.name().to_string(),
            level: Some((level.file.name.clone(), level.file.file.clone())),
        }
    }
}

/// One row of the difficulty table: a bot's measured run of a level.
#[derive(Clone, Debug)]
pub struct LevelRow {
    /// The level.
    pub level: Opened,
    /// The plan it ran with, its `games` those played.
    pub plan: Plan,
    /// What happened.
    pub report: Report,
    /// What the games said beyond the statistics.
    pub metrics: LevelMetrics,
    /// The precision asked, if any.
    pub precision: Option<f64>,
}

impl LevelRow {
    /// The row of `level` for a bot's measured run.
    pub fn new(level: Opened, m: Measured) -> LevelRow {
        LevelRow {
            level,
            plan: m.plan,
            report: m.report,
            metrics: m.metrics,
            precision: m.precision,
        }
    }

    /// Whether every game was the same game (a fixed deal played the same way).
    pub fn one_game(&self) -> bool {
        self.metrics.distinct.one_game(self.report.stats.games)
    }

    /// The pass rate's Wilson 95% interval; `None` for one game repeated (no sample).
    pub fn interval(&self) -> Option<(f64, f64)> {
        (!self.one_game()).then(|| self.report.stats.pass_rate_interval())
    }

    /// Whether the precision asked was reached (`None` when none was asked).
    pub fn precision_met(&self) -> Option<bool> {
        let p = self.precision?;
        Some(
            self.interval()
                .is_none_or(|(low, high)| (high - low) / 2.0 <= p),
        )
    }

    /// The warning for a precision the games ran out before, if so, about the run
    /// `label` names (the level, and a grid row's settings); it ends with the remedy,
    /// raising `games` (the command line names its flag, Python its argument).
    pub fn precision_warning(&self, label: &str, games: &str) -> Option<String> {
        let (low, high) = self.interval()?;
        let p = self
            .precision
            .filter(|_| self.precision_met() == Some(false))?;
        Some(format!(
            "{label} ({} bot): the pass rate is known to ±{:.1} points after {} games, not the ±{:.1} asked; raise {games}",
            self.plan.bot.name(),
            50.0 * (high - low),
            self.report.stats.games,
            100.0 * p
        ))
    }
}
