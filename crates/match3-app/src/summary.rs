//! A simulation's report as data: the object `simulate --json` prints (and `compare
//! --json` one per row, and Python's `simulate()` returns), as serde structures.
//!
//! [`Summary::new`] holds what every run has (the plan, scores, chains, endings); a
//! level's run adds its pass rate and goal outcomes, [`Summary::with_deals`] what its
//! deals were, [`Summary::with_measured`] what a measured run knows beyond its
//! statistics. [`Summary::value`] is the JSON value, its keys in alphabetical order as
//! the command has always printed them.
//!
//! ```
//! use match3_app::Registry;
//! use match3_app::report::{self, Header, Workers};
//! use match3_app::summary::Summary;
//! use match3_bots::{BotKind, Plan, Shard};
//! use match3_core::GameConfig;
//!
//! let registry = Registry::builtin();
//! let lines = registry.get("lines")?;
//! let plan = Plan { config: GameConfig::new(7), bot: BotKind::Greedy, games: 3, moves: 10 };
//! let report = report::run(lines, plan, Shard::WHOLE, Workers::quiet(1), "lines", &mut |_, _| {})?;
//! let json = Summary::new(&Header::variant(lines), &plan, &report, false).value();
//! assert_eq!(json["games"], 3);
//! assert_eq!(json["rules"], "lines");
//! assert!(json["elapsed_seconds"].is_null());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::BTreeMap;

use match3_bots::{EXTRA_MOVES, Estimate, GameError, Plan, Report, Stats};
use serde::Serialize;
use serde_json::Value;

use crate::deals::Deals;
use crate::report::{Header, LevelRow};

/// Rounded to 3 decimals (means of whole runs).
fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// Rounded to 4 decimals (rates).
pub(crate) fn round4(x: f64) -> f64 {
    (x * 10000.0).round() / 10000.0
}

/// The `simulate --json` object: see the [module docs](self).
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    /// The rules' name.
    pub rules: String,
    /// The bot's name.
    pub bot: &'static str,
    /// The base seed.
    pub seed: u64,
    /// The board size, `RxC`.
    pub size: String,
    /// The palette.
    pub colors: u8,
    /// Generated blockers, in percent.
    pub blockers: u8,
    /// Games asked for.
    pub games: u32,
    /// The move limit of each game.
    pub move_limit: u32,
    /// Moves played in all.
    pub moves: u64,
    /// Moves a game.
    pub mean_moves: f64,
    /// The mean final score.
    pub mean_score: f64,
    /// The median final score.
    pub median_score: u64,
    /// The 90th percentile of final scores.
    pub p90_score: u64,
    /// Phases a move.
    pub mean_chain: f64,
    /// The longest chain of one move.
    pub longest_chain: u32,
    /// Games by how they ended.
    pub endings: Endings,
    /// Games that ended with no legal move.
    pub deadlocks: u64,
    /// Games that ended with the board cleared.
    pub cleared: u64,
    /// Games an engine error stopped.
    pub errors: u64,
    /// The lowest-numbered game's error.
    pub first_error: Option<GameError>,
    /// Shuffles on deadlock.
    pub shuffles: u64,
    /// Specials created.
    pub specials_created: u64,
    /// Specials fired.
    pub specials_fired: u64,
    /// Throughput (`None` without timing, so that any number of threads prints the same).
    pub moves_per_second: Option<f64>,
    /// Wall-clock time (`None` without timing).
    pub elapsed_seconds: Option<f64>,
    /// A level's numbers.
    #[serde(flatten)]
    pub level: Option<LevelSummary>,
    /// The different games played (1 for one game repeated; `None` past what is
    /// counted); absent where not measured.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub distinct_games: Option<Option<u64>>,
    /// A level's deals.
    #[serde(flatten)]
    pub deals: Option<DealSummary>,
    /// What a measured level run knows beyond its statistics.
    #[serde(flatten)]
    pub measured: Option<MeasuredSummary>,
}

/// Games by how they ended; a level's lost games split in two.
#[derive(Clone, Debug, Serialize)]
pub struct Endings {
    /// At the move limit.
    pub move_limit: u64,
    /// With no legal move.
    pub no_moves: u64,
    /// With the board cleared.
    pub cleared: u64,
    /// Levels won.
    pub won: u64,
    /// Levels lost.
    pub lost: u64,
    /// Stopped by an engine error.
    pub error: u64,
    /// Lost games that used every move (levels only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub out_of_moves: Option<u64>,
    /// Lost games left without a move with moves in hand (levels only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stuck: Option<u64>,
}

/// A level run's numbers: its pass rate with its Wilson 95% interval (none for one game
/// repeated), stars, and why games were lost.
#[derive(Clone, Debug, Serialize)]
pub struct LevelSummary {
    /// The level's name.
    pub level: String,
    /// Its file.
    pub file: String,
    /// Won games over games played.
    pub pass_rate: f64,
    /// The interval's lower end.
    pub pass_rate_low: Option<f64>,
    /// The interval's upper end.
    pub pass_rate_high: Option<f64>,
    /// Moves a game.
    pub mean_moves_used: f64,
    /// Games by stars: 0, 1, 2, 3.
    pub stars: [u64; 4],
    /// Games won.
    pub won: u64,
    /// Games lost.
    pub lost: u64,
    /// Per goal, in the level's order.
    pub goals: Vec<GoalSummary>,
    /// Won games by the moves they had left, fewest first.
    pub moves_left_when_won: Vec<MovesLeft>,
    /// Won games whose score reached no star.
    pub zero_star_wins: u64,
}

/// How lost games did on one goal.
#[derive(Clone, Debug, Serialize)]
pub struct GoalSummary {
    /// The goal, as the level states it.
    pub goal: String,
    /// Mean progress in a lost game.
    pub mean_progress_when_lost: f64,
    /// Mean share of the target met in a lost game.
    pub mean_share_when_lost: f64,
    /// Lost games within 90% of the target, per lost game.
    pub near_miss_rate: f64,
    /// Lost games that left it unmet.
    pub unmet_when_lost: u64,
    /// Lost games it alone left unmet.
    pub last_unmet_when_lost: u64,
    /// Lost games one unit short of it, per lost game (measured runs).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub one_unit_short_rate: Option<f64>,
}

/// Won games with this many moves left.
#[derive(Clone, Debug, Serialize)]
pub struct MovesLeft {
    /// Moves left.
    pub moves_left: u32,
    /// Games.
    pub games: u64,
}

/// What a level's deals were: fixed or drawn, and with the solver, how many could be won.
#[derive(Clone, Debug, Default, Serialize)]
pub struct DealSummary {
    /// The deal is the same in every game: no random cells, no piece ever drawn.
    pub deterministic: bool,
    /// A shard of a fixed deal: whether its games all played one line.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub same_line: Option<bool>,
    /// A shard of a fixed deal: its first game's line.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_line: Option<Vec<String>>,
    /// The deals solved.
    #[serde(flatten)]
    pub solved: Option<SolvedDeals>,
}

/// The deals solved for a win, and the pass rate on the winnable ones.
#[derive(Clone, Debug, Serialize)]
pub struct SolvedDeals {
    /// Deals that can be won (or that the bot won).
    pub winnable_deals: u64,
    /// Deals proven impossible.
    pub unwinnable_deals: u64,
    /// Deals the budget could not decide.
    pub unknown_deals: u64,
    /// Of those, the ones the time budget cut short (absent when none: only these make
    /// the result depend on the machine's speed).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unknown_deals_timed_out: Option<u64>,
    /// Won over winnable.
    pub pass_rate_of_winnable: f64,
    /// Its interval's lower end.
    pub pass_rate_of_winnable_low: f64,
    /// Its interval's upper end.
    pub pass_rate_of_winnable_high: f64,
}

/// What a measured level run knows beyond its statistics.
#[derive(Clone, Debug, Serialize)]
pub struct MeasuredSummary {
    /// Games played (fewer than asked when a precision was reached first).
    pub games_played: u64,
    /// The precision asked.
    pub precision: Option<f64>,
    /// Whether it was reached (`None` when none was asked).
    pub precision_met: Option<bool>,
    /// 1/p with its interval.
    pub attempts_per_success: Option<Estimate>,
    /// The pass rate had lost games had 1, 3 and 5 more moves, by the number.
    pub pass_rate_with_extra_moves: BTreeMap<String, Option<f64>>,
    /// Lost games won with one more move, per lost game.
    pub one_move_short_rate: Option<f64>,
}

impl Summary {
    /// The report of a run of `plan`: with `timing` off, the two wall-clock fields are
    /// `None`, so that runs with any number of threads (or merged shards) print the
    /// same bytes. A level's run adds its numbers.
    pub fn new(header: &Header, plan: &Plan, report: &Report, timing: bool) -> Summary {
        let s = &report.stats;
        let level = (header.level.as_ref()).map(|(name, file)| LevelSummary::new(name, file, s));
        let is_level = level.is_some();
        Summary {
            rules: header.rules.clone(),
            bot: plan.bot.name(),
            seed: plan.config.seed,
            size: plan.config.size.to_string(),
            colors: plan.config.colors,
            blockers: plan.config.blocker_percent,
            games: report.games,
            move_limit: report.move_limit,
            moves: s.moves,
            mean_moves: round3(s.mean_moves()),
            mean_score: round3(s.mean_score()),
            median_score: s.median_score(),
            p90_score: s.p90_score(),
            mean_chain: round3(s.mean_chain()),
            longest_chain: s.longest_chain,
            endings: Endings::new(s, is_level),
            deadlocks: s.no_moves,
            cleared: s.cleared,
            errors: s.errors,
            first_error: s.first_error.clone(),
            shuffles: s.shuffles,
            specials_created: s.specials_created,
            specials_fired: s.specials_fired,
            moves_per_second: timing.then(|| report.moves_per_second().round()),
            elapsed_seconds: timing.then(|| round3(report.elapsed.as_secs_f64())),
            level,
            distinct_games: None,
            deals: None,
            measured: None,
        }
    }

    /// Adds what `deals` saw of a level run of `games` games (a `shard`'s fixed deal
    /// with what `merge` needs to tell whether its shards played one game).
    pub fn with_deals(mut self, deals: &Deals, games: u64, shard: bool) -> Summary {
        self.deals = Some(deals.summary(shard));
        if !shard && deals.one_game(games) {
            self.one_game();
        }
        self
    }

    /// Adds what a measured level run knows beyond its statistics: `games_played`,
    /// `precision` and `precision_met`, `distinct_games`, no interval for one game
    /// repeated, `attempts_per_success` (1/p with its interval),
    /// `pass_rate_with_extra_moves` ({"1", "3", "5"}), `one_move_short_rate` and per goal
    /// `one_unit_short_rate`.
    pub fn with_measured(mut self, row: &LevelRow) -> Summary {
        let m = &row.metrics;
        let rounded = |e: Estimate| Estimate {
            value: round4(e.value),
            low: round4(e.low),
            high: round4(e.high),
        };
        self.distinct_games = Some(m.distinct.is_exact().then(|| m.distinct.count()));
        if row.interval().is_none() {
            self.drop_interval();
        }
        if let Some(level) = &mut self.level {
            for (goal, rate) in level.goals.iter_mut().zip(m.one_unit_short_rates()) {
                goal.one_unit_short_rate = Some(round4(rate));
            }
        }
        self.measured = Some(MeasuredSummary {
            games_played: row.report.stats.games,
            precision: row.precision,
            precision_met: row.precision_met(),
            attempts_per_success: m.attempts_per_success().map(rounded),
            pass_rate_with_extra_moves: (EXTRA_MOVES.iter())
                .map(|&k| {
                    let rate = m.pass_rate_with_extra_moves(k).map(|e| round4(e.value));
                    (k.to_string(), rate)
                })
                .collect(),
            one_move_short_rate: m.one_move_short_rate().map(round4),
        });
        self
    }

    /// Marks the run as one game repeated: `distinct_games` 1 and no interval.
    pub fn one_game(&mut self) {
        self.distinct_games = Some(Some(1));
        self.drop_interval();
    }

    fn drop_interval(&mut self) {
        if let Some(level) = &mut self.level {
            level.pass_rate_low = None;
            level.pass_rate_high = None;
        }
    }

    /// The JSON object, its keys in alphabetical order (as `simulate --json` prints it).
    pub fn value(&self) -> Value {
        serde_json::to_value(self).expect("a summary serializes")
    }
}

impl Endings {
    fn new(s: &Stats, level: bool) -> Endings {
        Endings {
            move_limit: s.move_limit,
            no_moves: s.no_moves,
            cleared: s.cleared,
            won: s.won,
            lost: s.lost,
            error: s.errors,
            out_of_moves: level.then_some(s.level.out_of_moves),
            stuck: level.then_some(s.level.stuck),
        }
    }
}

impl LevelSummary {
    /// The numbers of a level's games: the pass rate with its Wilson 95% interval, mean
    /// moves used, the star histogram, and why games were lost and how wins went.
    fn new(name: &str, file: &str, s: &Stats) -> LevelSummary {
        let (low, high) = s.pass_rate_interval();
        let o = &s.level;
        let per_lost = |n: u64| {
            round4(if s.lost == 0 {
                0.0
            } else {
                n as f64 / s.lost as f64
            })
        };
        LevelSummary {
            level: name.to_string(),
            file: file.to_string(),
            pass_rate: round4(s.pass_rate()),
            pass_rate_low: Some(round4(low)),
            pass_rate_high: Some(round4(high)),
            mean_moves_used: round4(s.mean_moves()),
            stars: s.stars,
            won: s.won,
            lost: s.lost,
            goals: (o.goals.iter())
                .map(|g| GoalSummary {
                    goal: g.goal.clone(),
                    mean_progress_when_lost: per_lost(g.progress_when_lost),
                    mean_share_when_lost: round4(g.mean_share_when_lost()),
                    near_miss_rate: per_lost(g.near_misses),
                    unmet_when_lost: g.unmet_when_lost,
                    last_unmet_when_lost: g.only_unmet_when_lost,
                    one_unit_short_rate: None,
                })
                .collect(),
            moves_left_when_won: (o.moves_left_when_won.iter())
                .map(|(&moves_left, &games)| MovesLeft { moves_left, games })
                .collect(),
            zero_star_wins: o.zero_star_wins,
        }
    }
}
