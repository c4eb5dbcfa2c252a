//! `simulate` and `compare`: run the bots, show the numbers.

use std::io::IsTerminal;

use clap::ValueEnum;
use indicatif::{ProgressBar, ProgressStyle};
use match3_bots::{BotKind, Plan, Report, simulate};
use serde_json::{Value, json};

use crate::variant::Variant;

/// A bot name on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum BotArg {
    /// Uniformly random legal moves.
    Random,
    /// The best-scoring move by full look-ahead.
    Greedy,
}

impl From<BotArg> for BotKind {
    fn from(b: BotArg) -> Self {
        match b {
            BotArg::Random => BotKind::Random,
            BotArg::Greedy => BotKind::Greedy,
        }
    }
}

/// Runs `plan` for `variant`, with a progress bar on a terminal.
pub fn run(variant: Variant, plan: Plan, jobs: usize, label: &str) -> Result<Report, String> {
    let bar = if std::io::stderr().is_terminal() {
        let bar = ProgressBar::new(u64::from(plan.games));
        bar.set_style(
            ProgressStyle::with_template("{prefix:>14} [{bar:30}] {pos}/{len} games {elapsed}")
                .expect("valid template")
                .progress_chars("=> "),
        );
        bar.set_prefix(label.to_string());
        bar
    } else {
        ProgressBar::hidden()
    };
    let report =
        simulate(|| variant.rules_sync(), plan, jobs, &|| bar.inc(1)).map_err(|e| e.to_string())?;
    bar.finish_and_clear();
    Ok(report)
}

/// The `simulate --json` object. With `timing` off, the two wall-clock fields are null so
/// that runs with any `--jobs` print identical bytes.
pub fn json(variant: Variant, plan: &Plan, report: &Report, timing: bool) -> Value {
    let round = |x: f64| (x * 1000.0).round() / 1000.0;
    let s = &report.stats;
    json!({
        "rules": variant.name(),
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
            "error": s.errors,
        },
        "deadlocks": s.no_moves,
        "cleared": s.cleared,
        "errors": s.errors,
        "first_error": s.first_error.as_ref().map(|e| json!({
            "game": e.game, "seed": e.seed, "message": e.message,
        })),
        "shuffles": 0,
        "specials_created": s.specials_created,
        "specials_fired": s.specials_fired,
        "moves_per_second": if timing { json!(report.moves_per_second().round()) } else { Value::Null },
        "elapsed_seconds": if timing { json!(round(report.elapsed.as_secs_f64())) } else { Value::Null },
    })
}

/// A readable summary of one simulation.
pub fn text(variant: Variant, plan: &Plan, report: &Report) -> String {
    format!(
        "{} x {} games, {} bot, seed {}, {} board, {} colours\n{report}",
        variant.name(),
        report.games,
        plan.bot.name(),
        plan.config.seed,
        plan.config.size,
        plan.config.colors,
    )
}

/// The side-by-side table of `compare`; without `timing` the moves/s column shows `-`.
pub fn table(rows: &[(Variant, Plan, Report)], timing: bool) -> String {
    let mut out = format!(
        "{:<14} {:>9} {:>10} {:>8} {:>8} {:>7} {:>7} {:>9} {:>9} {:>9} {:>6} {:>11}\n",
        "variant",
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
    for (variant, _, r) in rows {
        let s = &r.stats;
        out += &format!(
            "{:<14} {:>9.1} {:>10.1} {:>8} {:>8} {:>7.2} {:>7} {:>9} {:>9} {:>9} {:>6} {:>11}\n",
            variant.name(),
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
