//! The text a run prints: `simulate`'s summary, `compare`'s tables (variants, levels),
//! and `--plot`'s histogram of one run. The runs and their JSON are
//! [`match3_app::report`] and [`match3_app::summary`].

use match3_bots::{BotKind, EXTRA_MOVES, Plan, Report};

use crate::report::{Header, LevelRow};
use crate::variant::Variant;

/// The pass rate of `row` with its interval, in whole percent: `26-39%`, or `one game`.
pub fn interval_of(row: &LevelRow) -> String {
    row.interval()
        .map_or("one game".to_string(), |(low, high)| {
            interval_text(low, high)
        })
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
            interval_of(row),
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
pub fn stars_text(s: &match3_bots::Stats) -> String {
    let [a, b, c, d] = s.stars;
    format!("{a}/{b}/{c}/{d}")
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
