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
    json!({
        "rules": variant.name(),
        "bot": plan.bot.name(),
        "seed": plan.config.seed,
        "size": plan.config.size.to_string(),
        "colors": plan.config.colors,
        "blockers": plan.config.blocker_percent,
        "games": report.games,
        "move_limit": report.move_limit,
        "moves": report.moves(),
        "mean_moves": round(report.mean_moves()),
        "mean_score": round(report.mean_score()),
        "median_score": report.median_score(),
        "p90_score": report.p90_score(),
        "mean_chain": round(report.mean_chain()),
        "longest_chain": report.longest_chain(),
        "deadlocks": report.deadlocks(),
        "cleared": report.cleared(),
        "shuffles": 0,
        "specials_created": report.specials_created(),
        "specials_fired": report.specials_fired(),
        "moves_per_second": if timing { json!(report.moves_per_second().round()) } else { Value::Null },
        "elapsed_seconds": if timing { json!(round(report.elapsed.as_secs_f64())) } else { Value::Null },
    })
}

/// A readable summary of one simulation.
pub fn text(variant: Variant, plan: &Plan, report: &Report) -> String {
    format!(
        "{} x {} games, {} bot, seed {}, {} board, {} colours\n\
         moves        {} ({:.1} per game, limit {})\n\
         score        mean {:.1}  median {}  p90 {}\n\
         chains       mean {:.2}  longest {}\n\
         specials     created {}  fired {}\n\
         endings      {} without moves, {} cleared, 0 shuffles\n\
         throughput   {:.0} moves/s\n",
        variant.name(),
        report.games,
        plan.bot.name(),
        plan.config.seed,
        plan.config.size,
        plan.config.colors,
        report.moves(),
        report.mean_moves(),
        report.move_limit,
        report.mean_score(),
        report.median_score(),
        report.p90_score(),
        report.mean_chain(),
        report.longest_chain(),
        report.specials_created(),
        report.specials_fired(),
        report.deadlocks(),
        report.cleared(),
        report.moves_per_second(),
    )
}

/// The side-by-side table of `compare`.
pub fn table(rows: &[(Variant, Report)]) -> String {
    let mut out = format!(
        "{:<14} {:>9} {:>10} {:>8} {:>8} {:>7} {:>7} {:>9} {:>9} {:>9} {:>11}\n",
        "variant",
        "moves/gm",
        "mean score",
        "median",
        "p90",
        "chain",
        "longest",
        "specials",
        "fired",
        "deadlocks",
        "moves/s"
    );
    for (variant, r) in rows {
        out += &format!(
            "{:<14} {:>9.1} {:>10.1} {:>8} {:>8} {:>7.2} {:>7} {:>9} {:>9} {:>9} {:>11.0}\n",
            variant.name(),
            r.mean_moves(),
            r.mean_score(),
            r.median_score(),
            r.p90_score(),
            r.mean_chain(),
            r.longest_chain(),
            r.specials_created(),
            r.specials_fired(),
            format!("{}/{}", r.deadlocks(), r.games),
            r.moves_per_second(),
        );
    }
    out
}
