//! Whole runs, as the command line makes them: `simulate` (the bots over many games) and
//! `solve` (the exact solver), each returning the JSON text its command prints with
//! `--json`, built by the same library functions.

use std::time::Duration;

use match3_bots::{BotKind, Shard};
use match3_cli::deals::Deals;
use match3_cli::level::Opened;
use match3_cli::solved::Solved;
use match3_cli::{Registry, report};
use match3_core::{GameConfig, Size};
use match3_solver::{Limits, Objective};
use pyo3::prelude::*;

use crate::game::{Game, bad};

/// A bot kind by name.
pub fn bot_kind(name: &str) -> PyResult<BotKind> {
    BotKind::named(name).ok_or_else(|| {
        let names: Vec<_> = BotKind::EVERY.iter().map(|k| k.name()).collect();
        bad(format!(
            "unknown bot {name:?}: give one of {}",
            names.join(", ")
        ))
    })
}

/// `match3 simulate --json`: `games` games of `bot` on generated boards of `rules`, or
/// on the level file `level`; `precision` plays blocks of games until the pass rate's
/// interval is that narrow (levels only).
#[pyfunction]
#[pyo3(signature = (rules=None, bot="greedy", games=50, moves=50, seed=1, size=None, colors=None, blockers=0, level=None, precision=None, jobs=0, timing=true))]
#[allow(clippy::too_many_arguments)]
pub fn simulate_json(
    py: Python<'_>,
    rules: Option<&str>,
    bot: &str,
    games: u32,
    moves: u32,
    seed: u64,
    size: Option<(usize, usize)>,
    colors: Option<u8>,
    blockers: u8,
    level: Option<&str>,
    precision: Option<f64>,
    jobs: usize,
    timing: bool,
) -> PyResult<String> {
    let registry = Registry::builtin();
    let kind = bot_kind(bot)?;
    let value = match level {
        Some(path) => {
            if size.is_some() || colors.is_some() || blockers > 0 {
                return Err(bad("a level sets its own size, colours and blockers"));
            }
            let level = crate::game::open_level(&registry, path, rules).map_err(bad)?;
            let plan = report::level_plan(&level, kind, games, moves, seed);
            py.allow_threads(|| simulate_level(&level, plan, precision, jobs, timing))
        }
        None => {
            let name = rules.ok_or_else(|| bad("give rules=... or level=..."))?;
            let variant = registry.get(name).map_err(bad)?;
            if precision.is_some() {
                return Err(bad("precision needs a level: it narrows a pass rate"));
            }
            let size = match size {
                Some((r, c)) => Size::new(r, c).map_err(bad)?,
                None => variant.default_size(),
            };
            let plan = match3_bots::Plan {
                config: GameConfig {
                    size,
                    colors: colors.unwrap_or(variant.default_colors()),
                    seed,
                    blocker_percent: if variant.generates_blockers() {
                        blockers
                    } else {
                        0
                    },
                },
                bot: kind,
                games,
                moves,
            };
            py.allow_threads(|| {
                let report = report::run(variant, plan, Shard::WHOLE, jobs, name, &mut |_, _| {})?;
                Ok(report::json(
                    &report::Header::variant(variant),
                    &plan,
                    &report,
                    timing,
                ))
            })
        }
    };
    Ok(value.map_err(bad)?.to_string())
}

/// A level's run as `simulate --level --json` prints it.
fn simulate_level(
    level: &Opened,
    plan: match3_bots::Plan,
    precision: Option<f64>,
    jobs: usize,
    timing: bool,
) -> Result<serde_json::Value, String> {
    let label = level.file.name.clone();
    let mut deals = Deals::new(level, None)?;
    let mut each = |_: usize, _: u32, g: &match3_bots::GameStats| deals.add(g);
    let mut rows =
        report::measure_level(level, plan, &[plan.bot], precision, jobs, &label, &mut each)?;
    let row = rows.pop().expect("a row per bot");
    let mut v = report::json(
        &report::Header::level(level),
        &row.plan,
        &row.report,
        timing,
    );
    deals.json(&mut v, row.report.stats.games, false);
    report::measured_json(&mut v, &row);
    Ok(v)
}

/// `match3 solve --json`: the game's position solved for `goal` ("score" or "clear"),
/// or, for a game of a level, for a win.
#[pyfunction]
#[pyo3(signature = (game, goal="score", max_nodes=match3_solver::DEFAULT_MAX_NODES, max_seconds=30.0))]
pub fn solve_json(
    py: Python<'_>,
    game: &Game,
    goal: &str,
    max_nodes: u64,
    max_seconds: f64,
) -> PyResult<String> {
    if !(max_seconds > 0.0 && max_seconds <= 365.0 * 86_400.0) {
        return Err(bad(format!(
            "max_seconds {max_seconds}: give more than 0, at most a year"
        )));
    }
    let limits = Limits {
        max_nodes: max_nodes.max(1),
        max_time: Some(Duration::from_secs_f64(max_seconds)),
    };
    let start = game.copy()?;
    let value = match game.level_file() {
        Some((level, seed)) => {
            let again = game.copy()?;
            let (solved, best) = py
                .allow_threads(move || Solved::search_level(start, again, limits))
                .map_err(bad)?;
            solved.level_json(level, seed, best.as_ref())
        }
        None => {
            let objective = match goal {
                "score" => Objective::Score,
                "clear" => Objective::Clear,
                _ => return Err(bad(format!("goal {goal:?}: give \"score\" or \"clear\""))),
            };
            let solved = py
                .allow_threads(move || Solved::search(start, objective, limits))
                .map_err(bad)?;
            solved.board_json(objective)
        }
    };
    Ok(value.to_string())
}
