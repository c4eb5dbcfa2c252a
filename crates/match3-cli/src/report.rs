//! `simulate` and `compare`: run the bots, show the numbers.

use std::io::IsTerminal;

use clap::ValueEnum;
use indicatif::{ProgressBar, ProgressStyle};
use match3_bots::{BotKind, GameStats, Plan, Report, Shard, simulate_shard};
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
    run_games(start, plan, shard, jobs, label, each_game).map_err(|e| match e {
        match3_bots::SimulateError::Setup(e) => level.file.setup_error(&e).to_string(),
        e => level.file.error("board", e.to_string()).to_string(),
    })
}

/// The first block of games a `--precision` run plays; each further block doubles the
/// games, up to the plan's.
pub const PRECISION_BLOCK: u32 = 100;

/// Runs `plan` on a level: all its games, or with a `precision`, until the pass rate's
/// Wilson 95% half-width is at most that or the plan's games are played (100 games, then
/// twice as many each time). Game `i` is the same game in every block, so the result is
/// that of the games played. The plan played comes back with the report.
pub fn run_level_until(
    level: &Opened,
    plan: Plan,
    precision: Option<f64>,
    jobs: usize,
    label: &str,
) -> Result<(Plan, Report), String> {
    let Some(precision) = precision else {
        let report = run_level(level, plan, Shard::WHOLE, jobs, label, &mut |_, _| {})?;
        return Ok((plan, report));
    };
    let mut games = PRECISION_BLOCK.min(plan.games);
    loop {
        let block = Plan { games, ..plan };
        let report = run_level(level, block, Shard::WHOLE, jobs, label, &mut |_, _| {})?;
        let (low, high) = report.stats.pass_rate_interval();
        if (high - low) / 2.0 <= precision || games == plan.games {
            return Ok((block, report));
        }
        games = games.saturating_mul(2).min(plan.games);
    }
}

/// Adds `precision`, `games_played` and whether the precision was met to a level run's
/// JSON.
pub fn precision_json(v: &mut Value, precision: f64, report: &Report) {
    let (low, high) = report.stats.pass_rate_interval();
    v["precision"] = json!(precision);
    v["games_played"] = json!(report.stats.games);
    v["precision_met"] = json!((high - low) / 2.0 <= precision);
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

/// One row of the difficulty table.
pub struct LevelRow {
    /// The level.
    pub level: Opened,
    /// The plan it ran with.
    pub plan: Plan,
    /// What happened.
    pub report: Report,
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
        let (low, high) = s.pass_rate_interval();
        out += &format!(
            "{:<22} {:<14} {:<w$} {:>5.0}% {:>15} {:>9.1} {:>10.1} {:>15} {:>8}\n",
            row.level.file.name,
            row.level.variant.name(),
            row.plan.bot.name(),
            100.0 * s.pass_rate(),
            interval_text(low, high),
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
        "{key:>8} {:>6} {:>15} {:>9} {:>10} {:>15} {:>14}\n",
        "pass", "95% interval", "moves", "mean score", "stars 0/1/2/3", "out/stuck"
    );
    for (value, row) in rows {
        let s = &row.report.stats;
        let (low, high) = s.pass_rate_interval();
        out += &format!(
            "{value:>8} {:>5.0}% {:>15} {:>9.1} {:>10.1} {:>15} {:>14}\n",
            100.0 * s.pass_rate(),
            interval_text(low, high),
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
