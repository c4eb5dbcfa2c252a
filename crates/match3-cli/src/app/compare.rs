//! `match3 compare`: the same bots and seeds over every registered variant, or over
//! every level file of a directory.

use match3_bots::{BotKind, Shard};

use super::args::{CompareArgs, RunArgs, SortArg};
use super::output::{UsageError, emit, warn_precision};
use crate::level::{self, Opened};
use crate::registry::Registry;
use crate::summary::Summary;
use crate::{difficulty, input, plot, report, tables};

pub(super) fn compare(registry: &Registry, args: CompareArgs) -> Result<(), UsageError> {
    if let Some(path) = &args.plot {
        input::check_writable(path, "--plot")?;
    }
    if let Some(dir) = &args.levels {
        return compare_levels(registry, &args, dir);
    }
    let bots: Vec<BotKind> = if args.bots.is_empty() {
        vec![args.run.bot]
    } else {
        args.bots.clone()
    };
    let mut rows = Vec::new();
    for variant in registry {
        for &bot in &bots {
            let plan = match3_bots::Plan {
                bot,
                ..args.run.plan(variant)
            };
            let label = format!("{} {}", variant.name(), bot.name());
            let workers = args.run.workers();
            let report = report::run(variant, plan, Shard::WHOLE, workers, &label, &mut |_, _| {})?;
            rows.push((variant.clone(), plan, report));
        }
    }
    let timing = !args.no_timing;
    if let Some(path) = &args.plot {
        let series: Vec<plot::Series> = (rows.iter())
            .map(|(v, plan, r)| plot::Series {
                panel: v.name().to_string(),
                label: plan.bot.name().to_string(),
                scores: &r.stats.scores,
            })
            .collect();
        let run = &args.run;
        let (size, colors) = board_text(registry, run);
        let title = format!(
            "Final scores: {} games x up to {} moves, seed {}, {size} board, {colors} colours",
            run.games, run.moves, run.seed
        );
        plot::histograms(path, &title, &series, &[])?;
    }
    if args.json {
        let list: Vec<_> = rows
            .iter()
            .map(|(v, plan, r)| Summary::new(&report::Header::variant(v), plan, r, timing).value())
            .collect();
        emit(serde_json::Value::Array(list));
    } else {
        let run = &args.run;
        let blockers = if run.blockers > 0 {
            format!(", {}% blockers (where the variant has them)", run.blockers)
        } else {
            String::new()
        };
        let names: Vec<&str> = bots.iter().map(|b| b.name()).collect();
        let (size, colors) = board_text(registry, run);
        emit(format_args!(
            "{} bot, {} games x up to {} moves, seed {}, {size} board, {colors} colours{blockers}\n",
            names.join(", "),
            run.games,
            run.moves,
            run.seed,
        ));
        emit(tables::table(&rows, timing).trim_end());
    }
    Ok(())
}

/// `compare --levels DIR`: every level with the random and the greedy bot.
/// Every level file of `dir` measured with `bots`: every bot of a level plays the same
/// games, as many as the others.
fn measure_levels(
    registry: &Registry,
    args: &CompareArgs,
    dir: &std::path::Path,
    bots: &[BotKind],
) -> Result<Vec<report::LevelRow>, UsageError> {
    let run = &args.run;
    let mut rows = Vec::new();
    for path in level::files_in(dir)? {
        let level = Opened::read(registry, &path, None)?;
        let plan = report::level_plan(&level, bots[0], run.games, run.moves, run.seed);
        let label = level.file.name.clone();
        let each = &mut |_, _, _: &_| {};
        let measured = report::measure_level(
            &level,
            plan,
            bots,
            args.precision,
            run.workers(),
            &label,
            each,
        )?;
        warn_precision(measured.iter(), &label);
        rows.extend(measured);
    }
    Ok(rows)
}

fn compare_levels(
    registry: &Registry,
    args: &CompareArgs,
    dir: &std::path::Path,
) -> Result<(), UsageError> {
    let run = &args.run;
    let bots: Vec<BotKind> = if args.bots.is_empty() {
        vec![BotKind::Random, BotKind::Greedy]
    } else {
        args.bots.clone()
    };
    let mut rows = measure_levels(registry, args, dir, &bots)?;
    let names: Vec<&str> = bots.iter().map(|b| b.name()).collect();
    // The table keeps the level sequence; the JSON its historical order, easiest first.
    let sort = args.sort.unwrap_or(if args.json {
        SortArg::Pass
    } else {
        SortArg::File
    });
    if sort == SortArg::Pass {
        tables::sort_rows(&mut rows);
    }
    if let Some(path) = &args.plot {
        plot_levels(path, args, sort, &names, &rows)?;
    }
    if args.json {
        let list: Vec<_> = rows
            .iter()
            .map(|r| {
                let header = report::Header::level(&r.level);
                let summary = Summary::new(&header, &r.plan, &r.report, !args.no_timing);
                summary.with_measured(r).value()
            })
            .collect();
        emit(serde_json::Value::Array(list));
    } else if args.csv {
        emit(difficulty::csv(&rows).trim_end());
    } else if sort == SortArg::Pass {
        emit(format_args!(
            "{} per level and bot, seed {}; easiest first\n",
            tables::games_text(rows.iter()),
            run.seed
        ));
        emit(tables::difficulty_table(&rows).trim_end());
    } else {
        let played = tables::games_text(rows.iter());
        let games = match args.precision {
            Some(p) => format!(
                "{played} (until ±{:.0} points, at most {})",
                100.0 * p,
                run.games
            ),
            None => played,
        };
        emit(format_args!(
            "{games} per level and bot, seed {}; levels in file order, pass rate ±half its 95% interval\n",
            run.seed
        ));
        let checks = difficulty::Checks {
            target: args.target,
            template: args.template.map(|t| t.rates(level_count(&rows))),
        };
        emit(difficulty::by_level(&rows, &names, &checks).trim_end());
    }
    Ok(())
}

/// `compare --levels --plot`: pass rates with intervals, in the table's order, with the
/// target band shaded.
fn plot_levels(
    path: &std::path::Path,
    args: &CompareArgs,
    sort: SortArg,
    bots: &[&str],
    rows: &[report::LevelRow],
) -> Result<(), UsageError> {
    let bars: Vec<plot::PassRate> = (rows.iter())
        .map(|r| {
            let rate = r.report.pass_rate();
            let (low, high) = r.interval().unwrap_or((rate, rate));
            plot::PassRate {
                level: r.level.file.name.clone(),
                bot: r.plan.bot.name().to_string(),
                rate,
                low,
                high,
            }
        })
        .collect();
    let order = match sort {
        SortArg::File => "levels in file order",
        SortArg::Pass => "easiest first",
    };
    let title = format!(
        "Pass rates: {} per level and bot, seed {}; {order}",
        tables::games_text(rows.iter()),
        args.run.seed
    );
    // A template follows the level sequence: it means nothing easiest first.
    let template =
        (args.template.filter(|_| sort == SortArg::File)).map(|t| t.rates(level_count(rows)));
    plot::pass_rates(path, &title, bots, &bars, args.target, template.as_deref())?;
    Ok(())
}

/// The levels of `rows` (each level's rows are together).
fn level_count(rows: &[report::LevelRow]) -> usize {
    rows.chunk_by(|a, b| a.level.file.file == b.level.file.file)
        .count()
}

/// The board size and palette of a comparison, for its title: as given, or the
/// variants' default when they share one.
fn board_text(registry: &Registry, run: &RunArgs) -> (String, String) {
    let shared = |values: Vec<String>| match values.split_first() {
        Some((first, rest)) if rest.iter().all(|v| v == first) => first.clone(),
        _ => "each variant's".to_string(),
    };
    let size = match run.size {
        Some(size) => size.to_string(),
        None => shared(
            registry
                .iter()
                .map(|v| v.default_size().to_string())
                .collect(),
        ),
    };
    let colors = match run.colors {
        Some(colors) => colors.to_string(),
        None => shared(
            registry
                .iter()
                .map(|v| v.default_colors().to_string())
                .collect(),
        ),
    };
    (size, colors)
}
