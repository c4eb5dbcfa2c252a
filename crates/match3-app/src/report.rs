//! `simulate` and `compare`: run the bots, show the numbers.

use std::io::IsTerminal;

use clap::ValueEnum;
use indicatif::{ProgressBar, ProgressStyle};
use match3_bots::{
    BotKind, EXTRA_MOVES, Estimate, GameStats, LevelMetrics, MAX_EXTRA_MOVES, Measure, Measured,
    Plan, Report, Shard, simulate_shard,
};
use serde_json::{Value, json};

use crate::level::Opened;
use crate::variant::Variant;

/// A bot name on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum BotArg {
    /// Uniformly random legal moves.
    Random,
    /// The best-scoring move by full look-ahead.
    Greedy,
    /// The best-scoring move by the cascade of the pieces already on the board (no
    /// guessed refills): cheaper than greedy, and stronger on refilling variants.
    GreedyKnown,
    /// Two moves deep, averaged over sampled refills.
    Lookahead,
    /// Monte Carlo tree search with a playout budget.
    Mcts,
}

impl From<BotArg> for BotKind {
    fn from(b: BotArg) -> Self {
        match b {
            BotArg::Random => BotKind::Random,
            BotArg::Greedy => BotKind::Greedy,
            BotArg::GreedyKnown => BotKind::GreedyKnown,
            BotArg::Lookahead => BotKind::Lookahead,
            BotArg::Mcts => BotKind::Mcts,
        }
    }
}

/// Called with each game's number and outcome, in order.
pub type EachGame<'a> = &'a mut dyn FnMut(u32, &GameStats);

/// Runs `shard` of `plan` for `variant`, with a progress bar on a terminal.
pub fn run(
    variant: &Variant,
    plan: Plan,
    shard: Shard,
    jobs: usize,
    label: &str,
    each_game: EachGame<'_>,
) -> Result<Report, String> {
    let start = |seed| {
        let config = match3_core::GameConfig {
            seed,
            ..plan.config
        };
        match3_core::Game::new(variant.rules(), config)
    };
    run_games(start, plan, shard, jobs, label, each_game).map_err(|e| e.to_string())
}

/// Runs `shard` of `plan` on a level: every game starts from the level with its own seed.
pub fn run_level(
    level: &Opened,
    plan: Plan,
    shard: Shard,
    jobs: usize,
    label: &str,
    each_game: EachGame<'_>,
) -> Result<Report, String> {
    let start = |seed| level.start(level.variant.rules(), seed);
    run_games(start, plan, shard, jobs, label, each_game).map_err(|e| level_error(level, e))
}

/// Called with each bot's index, each game's number and its outcome, in order of number.
pub type EachBotGame<'a> = &'a mut dyn FnMut(usize, u32, &GameStats);

/// Runs `bots` on a level (the plan's own bot is ignored), every bot on the same games:
/// all the plan's games, or with a `precision`, blocks of 100, 200, 400, … up to the
/// plan's, extended (never replayed) for every bot together until each bot's pass rate
/// is known to ± that. Games lost out of moves are continued by up to five extra moves
/// for the extra-move numbers. A row per bot, in order; a warning on stderr for each bot
/// whose precision the plan's games could not reach.
pub fn measure_level(
    level: &Opened,
    plan: Plan,
    bots: &[BotKind],
    precision: Option<f64>,
    jobs: usize,
    label: &str,
    each_game: EachBotGame<'_>,
) -> Result<Vec<LevelRow>, String> {
    let start = |seed| level.start(level.variant.rules(), seed);
    let total = plan.games.saturating_mul(bots.len() as u32);
    let bar = progress_bar(total, Shard::WHOLE, label);
    let how = Measure {
        precision,
        extra_moves: MAX_EXTRA_MOVES,
    };
    let measured = match3_bots::measure(start, plan, bots, how, jobs, &|| bar.inc(1), each_game);
    bar.finish_and_clear();
    let rows: Vec<LevelRow> = (measured.map_err(|e| level_error(level, e))?.into_iter())
        .map(|m| LevelRow::new(level.clone(), m))
        .collect();
    for row in &rows {
        if let Some(warning) = row.precision_warning() {
            eprintln!("{warning}");
        }
    }
    Ok(rows)
}

/// A level run's error, at the level file's field it concerns.
fn level_error(level: &Opened, e: match3_bots::SimulateError) -> String {
    match e {
        match3_bots::SimulateError::Setup(e) => level.file.setup_error(&e).to_string(),
        e => level.file.error("board", e.to_string()).to_string(),
    }
}

/// Adds what a measured level run knows beyond its statistics to its JSON:
/// `games_played`, `precision` and `precision_met` (null without a precision),
/// `distinct_games` (the different games played, null past what is counted), no interval
/// for one game repeated, `attempts_per_success` (1/p with its interval),
/// `pass_rate_with_extra_moves` ({"1", "3", "5"}), `one_move_short_rate` and per goal
/// `one_unit_short_rate`.
pub fn measured_json(v: &mut Value, row: &LevelRow) {
    let round = |x: f64| (x * 10000.0).round() / 10000.0;
    let estimate = |e: Option<Estimate>| {
        e.map(|e| json!({ "value": round(e.value), "low": round(e.low), "high": round(e.high) }))
    };
    let m = &row.metrics;
    v["games_played"] = json!(row.report.stats.games);
    v["precision"] = json!(row.precision);
    v["precision_met"] = json!(row.precision_met());
    v["distinct_games"] = json!(m.distinct.is_exact().then(|| m.distinct.count()));
    if row.interval().is_none() {
        v["pass_rate_low"] = Value::Null;
        v["pass_rate_high"] = Value::Null;
    }
    v["attempts_per_success"] = json!(estimate(m.attempts_per_success()));
    let extra: serde_json::Map<String, Value> = (EXTRA_MOVES.iter())
        .map(|&k| {
            let rate = m.pass_rate_with_extra_moves(k).map(|e| round(e.value));
            (k.to_string(), json!(rate))
        })
        .collect();
    v["pass_rate_with_extra_moves"] = Value::Object(extra);
    v["one_move_short_rate"] = json!(m.one_move_short_rate().map(round));
    if let Some(goals) = v["goals"].as_array_mut() {
        for (goal, rate) in goals.iter_mut().zip(m.one_unit_short_rates()) {
            goal["one_unit_short_rate"] = json!(round(rate));
        }
    }
}

/// What a measured level run knows beyond its statistics, as lines of text.
pub fn measured_text(row: &LevelRow) -> String {
    let m = &row.metrics;
    let pct = |x: f64| format!("{:.1}%", 100.0 * x);
    let mut out = String::new();
    if let Some(a) = m.attempts_per_success() {
        out += &format!(
            "attempts     {:.2} per success (95% {:.2}–{:.2})\n",
            a.value, a.low, a.high
        );
    }
    let extra: Vec<String> = (EXTRA_MOVES.iter())
        .filter_map(|&k| {
            Some(format!(
                "+{k}: {}",
                pct(m.pass_rate_with_extra_moves(k)?.value)
            ))
        })
        .collect();
    if !extra.is_empty() {
        out += &format!("extra moves  pass rate {}\n", extra.join(", "));
    }
    if let Some(short) = m.one_move_short_rate() {
        out += &format!(
            "one short    {} of lost games were won with one more move\n",
            pct(short)
        );
    }
    let units: Vec<String> = (m.one_unit_short_rates().iter().enumerate())
        .map(|(i, &r)| format!("goal {} {}", i + 1, pct(r)))
        .collect();
    if !units.is_empty() {
        out += &format!(
            "unit short   lost games one unit short of a goal: {}\n",
            units.join(", ")
        );
    }
    out
}

/// [`simulate_shard`] with a progress bar on a terminal.
fn run_games<R, F>(
    start: F,
    plan: Plan,
    shard: Shard,
    jobs: usize,
    label: &str,
    each_game: EachGame<'_>,
) -> Result<Report, match3_bots::SimulateError>
where
    R: match3_core::Rules,
    F: Fn(u64) -> Result<match3_core::Game<R>, match3_core::SetupError> + Sync,
{
    let bar = progress_bar(plan.games, shard, label);
    let report = simulate_shard(start, plan, shard, jobs, &|| bar.inc(1), each_game)?;
    bar.finish_and_clear();
    Ok(report)
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

fn progress_bar(games: u32, shard: Shard, label: &str) -> ProgressBar {
    if std::io::stderr().is_terminal() {
        let bar = ProgressBar::new(u64::from(shard.len(games)));
        bar.set_style(
            ProgressStyle::with_template("{prefix:>14} [{bar:30}] {pos}/{len} games {elapsed}")
                .expect("valid template")
                .progress_chars("=> "),
        );
        bar.set_prefix(label.to_string());
        bar
    } else {
        ProgressBar::hidden()
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

/// The `simulate --json` object; for a level it adds the level's name and file, the pass
/// rate with its Wilson 95% interval, mean moves used and the star histogram. With
/// `timing` off, the two wall-clock fields are null so that runs with any `--jobs` (or
/// merged shards) print identical bytes.
pub fn json(header: &Header, plan: &Plan, report: &Report, timing: bool) -> Value {
    let round = |x: f64| (x * 1000.0).round() / 1000.0;
    let s = &report.stats;
    let mut v = json!({
        "rules": header.rules,
        "bot": plan.bot.name(),
        "seed": plan.config.seed,
        "size": plan.config.size.to_string(),
        "colors": plan.config.colors,
        "blockers": plan.config.blocker_percent,
        "games": report.games,
        "move_limit": report.move_limit,
        "moves": s.moves,
        "mean_moves": round(s.mean_moves()),
        "mean_score": round(s.mean_score()),
        "median_score": s.median_score(),
        "p90_score": s.p90_score(),
        "mean_chain": round(s.mean_chain()),
        "longest_chain": s.longest_chain,
        "endings": {
            "move_limit": s.move_limit,
            "no_moves": s.no_moves,
            "cleared": s.cleared,
            "won": s.won,
            "lost": s.lost,
            "error": s.errors,
        },
        "deadlocks": s.no_moves,
        "cleared": s.cleared,
        "errors": s.errors,
        "first_error": s.first_error.as_ref().map(|e| json!({
            "game": e.game, "seed": e.seed, "message": e.message,
        })),
        "shuffles": s.shuffles,
        "specials_created": s.specials_created,
        "specials_fired": s.specials_fired,
        "moves_per_second": if timing { json!(report.moves_per_second().round()) } else { Value::Null },
        "elapsed_seconds": if timing { json!(round(report.elapsed.as_secs_f64())) } else { Value::Null },
    });
    if let Some((name, file)) = &header.level {
        let round = |x: f64| (x * 10000.0).round() / 10000.0;
        let (low, high) = s.pass_rate_interval();
        v["level"] = json!(name);
        v["file"] = json!(file);
        v["pass_rate"] = json!(round(s.pass_rate()));
        v["pass_rate_low"] = json!(round(low));
        v["pass_rate_high"] = json!(round(high));
        v["mean_moves_used"] = json!(round(s.mean_moves()));
        v["stars"] = json!(s.stars);
        v["won"] = json!(s.won);
        v["lost"] = json!(s.lost);
        outcomes_json(&mut v, s);
    }
    v
}

/// Why a level's games were lost and how its wins went: `endings.out_of_moves` and
/// `endings.stuck` (the lost games split), `goals` (per goal: mean progress and share in
/// lost games, the near-miss rate, losses it was unmet in and losses it alone decided),
/// `moves_left_when_won` (a histogram) and `zero_star_wins`.
fn outcomes_json(v: &mut Value, s: &match3_bots::Stats) {
    let round = |x: f64| (x * 10000.0).round() / 10000.0;
    let o = &s.level;
    let per_lost = |n: u64| {
        round(if s.lost == 0 {
            0.0
        } else {
            n as f64 / s.lost as f64
        })
    };
    v["endings"]["out_of_moves"] = json!(o.out_of_moves);
    v["endings"]["stuck"] = json!(o.stuck);
    v["goals"] = (o.goals.iter())
        .map(|g| {
            json!({
                "goal": g.goal,
                "mean_progress_when_lost": per_lost(g.progress_when_lost),
                "mean_share_when_lost": round(g.mean_share_when_lost()),
                "near_miss_rate": per_lost(g.near_misses),
                "unmet_when_lost": g.unmet_when_lost,
                "last_unmet_when_lost": g.only_unmet_when_lost,
            })
        })
        .collect();
    v["moves_left_when_won"] = (o.moves_left_when_won.iter())
        .map(|(left, n)| json!({ "moves_left": left, "games": n }))
        .collect();
    v["zero_star_wins"] = json!(o.zero_star_wins);
}

/// One row of the difficulty table: a bot's measured run of a level.
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

    /// The warning for a precision the games ran out before, if so.
    pub fn precision_warning(&self) -> Option<String> {
        let (low, high) = self.interval()?;
        let p = self
            .precision
            .filter(|_| self.precision_met() == Some(false))?;
        Some(format!(
            "warning: {} ({} bot): the pass rate is known to ±{:.1} points after {} games, not the ±{:.1} asked; raise --games",
            self.level.file.name,
            self.plan.bot.name(),
            50.0 * (high - low),
            self.report.stats.games,
            100.0 * p
        ))
    }

    /// The pass rate with its interval, in whole percent: `26-39%`, or `one game`.
    pub fn interval_text(&self) -> String {
        self.interval()
            .map_or("one game".to_string(), |(low, high)| {
                interval_text(low, high)
            })
    }
}

/// The games played by `rows`, as a header says it: `400 games` or `100–400 games`.
pub fn games_text<'r>(rows: impl Iterator<Item = &'r LevelRow>) -> String {
    let games: Vec<u64> = rows.map(|r| r.report.stats.games).collect();
    match (games.iter().min(), games.iter().max()) {
        (Some(low), Some(high)) if low != high => format!("{low}–{high} games"),
        (Some(n), _) => format!("{n} games"),
        _ => "no games".to_string(),
    }
}

/// `compare --levels`: one row per level and bot, easiest (highest pass rate) first.
pub fn difficulty_table(rows: &[LevelRow]) -> String {
    let w = bot_width(rows.iter().map(|r| r.plan.bot));
    let mut out = format!(
        "{:<22} {:<14} {:<w$} {:>6} {:>15} {:>9} {:>10} {:>15} {:>8}\n",
        "level",
        "rules",
        "bot",
        "pass",
        "95% interval",
        "moves",
        "mean score",
        "stars 0/1/2/3",
        "shuffles"
    );
    for row in rows {
        let s = &row.report.stats;
        out += &format!(
            "{:<22} {:<14} {:<w$} {:>5.0}% {:>15} {:>9.1} {:>10.1} {:>15} {:>8}\n",
            row.level.file.name,
            row.level.variant.name(),
            row.plan.bot.name(),
            100.0 * s.pass_rate(),
            row.interval_text(),
            s.mean_moves(),
            s.mean_score(),
            stars_text(s),
            s.shuffles,
        );
    }
    out
}

/// A 95% interval in whole percent: `26-39%`.
fn interval_text(low: f64, high: f64) -> String {
    format!("{:.0}-{:.0}%", 100.0 * low, 100.0 * high)
}

/// Games by stars: `170/21/6/3`.
fn stars_text(s: &match3_bots::Stats) -> String {
    let [a, b, c, d] = s.stars;
    format!("{a}/{b}/{c}/{d}")
}

/// `simulate --level --set`: a row per value of the swept key.
pub fn sweep_table(key: &str, rows: &[(u64, LevelRow)]) -> String {
    let mut out = format!(
        "{key:>8} {:>6} {:>6} {:>15} {:>9} {:>10} {:>15} {:>14}\n",
        "games", "pass", "95% interval", "moves", "mean score", "stars 0/1/2/3", "out/stuck"
    );
    for (value, row) in rows {
        let s = &row.report.stats;
        out += &format!(
            "{value:>8} {:>6} {:>5.0}% {:>15} {:>9.1} {:>10.1} {:>15} {:>14}\n",
            s.games,
            100.0 * s.pass_rate(),
            row.interval_text(),
            s.mean_moves(),
            s.mean_score(),
            stars_text(s),
            format!("{}/{}", s.level.out_of_moves, s.level.stuck),
        );
    }
    out
}

/// The width of a bot column: the longest of `bots`' names, and at least 9 as it always
/// was (`lookahead`), so tables without longer names keep their layout.
fn bot_width(bots: impl Iterator<Item = BotKind>) -> usize {
    bots.map(|b| b.name().len()).fold(9, usize::max)
}

/// Sorts difficulty rows: pass rate descending, then level name, then bot order.
pub fn sort_rows(rows: &mut [LevelRow]) {
    rows.sort_by(|a, b| {
        (b.report.stats.won * a.report.stats.games.max(1))
            .cmp(&(a.report.stats.won * b.report.stats.games.max(1)))
            .then_with(|| a.level.file.name.cmp(&b.level.file.name))
            .then_with(|| a.plan.bot.name().cmp(b.plan.bot.name()))
    });
}

/// A readable summary of one simulation.
pub fn text(header: &Header, plan: &Plan, report: &Report) -> String {
    let what = match &header.level {
        Some((name, file)) => format!("level {name} ({file}), {}", header.rules),
        None => header.rules.clone(),
    };
    let board = match header.level {
        Some(_) => String::new(),
        None => format!(
            ", {} board, {} colours",
            plan.config.size, plan.config.colors
        ),
    };
    format!(
        "{what} x {} games, {} bot, seed {}{board}\n{report}",
        report.games,
        plan.bot.name(),
        plan.config.seed,
    )
}

/// The side-by-side table of `compare`; without `timing` the moves/s column shows `-`.
pub fn table(rows: &[(Variant, Plan, Report)], timing: bool) -> String {
    // A bot column only when the rows have more than one bot (the ladder).
    let bots = rows.iter().any(|(_, p, _)| p.bot != rows[0].1.bot);
    let w = bot_width(rows.iter().map(|(_, p, _)| p.bot));
    let bot = |name: &str| {
        if bots {
            format!(" {name:<w$}")
        } else {
            String::new()
        }
    };
    let mut out = format!(
        "{:<14}{} {:>9} {:>10} {:>8} {:>8} {:>7} {:>7} {:>9} {:>9} {:>9} {:>6} {:>11}\n",
        "variant",
        bot("bot"),
        "moves/gm",
        "mean score",
        "median",
        "p90",
        "chain",
        "longest",
        "specials",
        "fired",
        "no moves",
        "errors",
        "moves/s"
    );
    for (variant, plan, r) in rows {
        let s = &r.stats;
        out += &format!(
            "{:<14}{} {:>9.1} {:>10.1} {:>8} {:>8} {:>7.2} {:>7} {:>9} {:>9} {:>9} {:>6} {:>11}\n",
            variant.name(),
            bot(plan.bot.name()),
            s.mean_moves(),
            s.mean_score(),
            s.median_score(),
            s.p90_score(),
            s.mean_chain(),
            s.longest_chain,
            s.specials_created,
            s.specials_fired,
            format!("{}/{}", s.no_moves, r.games),
            s.errors,
            if timing {
                format!("{:.0}", r.moves_per_second())
            } else {
                "-".to_string()
            },
        );
    }
    out
}

/// `--plot` for one run: its score histogram, titled with the plan (and the pass rate,
/// for a level).
pub fn plot_one(
    path: &std::path::Path,
    header: &Header,
    plan: &Plan,
    report: &Report,
    stars: &[u64],
) -> Result<(), String> {
    let s = &report.stats;
    let (panel, extra) = match &header.level {
        Some((name, _)) => (
            format!("{name} ({})", header.rules),
            format!(", pass rate {:.0}%", 100.0 * s.pass_rate()),
        ),
        None => (
            format!("{} {} board", header.rules, plan.config.size),
            String::new(),
        ),
    };
    let title = format!(
        "Final scores: {} games, {} bot, seed {}, mean {:.0}, median {}{extra}",
        s.games,
        plan.bot.name(),
        plan.config.seed,
        s.mean_score(),
        s.median_score()
    );
    // A level's games split into won and lost, with its star thresholds marked.
    let won = &s.level.won_scores;
    let mut lost = s.scores.clone();
    for (score, n) in won {
        if let Some(k) = lost.get_mut(score) {
            *k = k.saturating_sub(*n);
        }
    }
    lost.retain(|_, n| *n > 0);
    let series: Vec<crate::plot::Series> = if header.level.is_some() {
        [("won", won), ("lost", &lost)]
            .into_iter()
            .filter(|(_, scores)| !scores.is_empty())
            .map(|(label, scores)| crate::plot::Series {
                panel: panel.clone(),
                label: label.to_string(),
                scores,
            })
            .collect()
    } else {
        vec![crate::plot::Series {
            panel,
            label: plan.bot.name().to_string(),
            scores: &s.scores,
        }]
    };
    let marks: Vec<crate::plot::Mark> = (stars.iter().enumerate())
        .map(|(i, &score)| crate::plot::Mark {
            score,
            label: format!("{} star{}", i + 1, if i == 0 { "" } else { "s" }),
        })
        .collect();
    crate::plot::histograms(path, &title, &series, &marks)
}
