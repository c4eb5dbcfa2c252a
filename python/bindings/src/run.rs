//! Whole runs, as the command line makes them: `simulate` (the bots over many games) and
//! `solve` (the exact solver), each returning the JSON text its command prints with
//! `--json`, built by the same library functions.

use std::time::Duration;

use match3_app::report::Workers;
use match3_app::simulate::{SimulateRequest, Simulation, Subject};
use match3_app::solved::Solved;
use match3_bots::BotKind;
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
/// interval is that narrow (levels only). Checked and run as the command line's
/// ([`SimulateRequest`]).
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
    let registry = crate::registry()?;
    let game = crate::game::request(rules, level, seed, size, colors, blockers)?;
    let request = SimulateRequest {
        bot: bot_kind(bot)?,
        games,
        moves,
        precision,
        ..SimulateRequest::new(game)
    };
    let subject = request.target(registry).map_err(bad)?;
    if let (Subject::Level(opened, _), Some(path)) = (&subject, level) {
        crate::game::agree(opened, path, rules).map_err(bad)?;
    }
    let run =
        py.allow_threads(|| request.run_target(subject, Workers::quiet(jobs), &mut |_, _| {}));
    let run = run.map_err(bad)?;
    warn_precision(py, &run)?;
    Ok(run.summary(timing).value().to_string())
}

/// A `UserWarning` when a level's games ran out before the precision asked, as the
/// command line warns on stderr (the summary's `precision_met` is false then).
fn warn_precision(py: Python<'_>, run: &Simulation) -> PyResult<()> {
    let (Some(row), Some(level)) = (&run.row, &run.level) else {
        return Ok(());
    };
    let Some(warning) = row.precision_warning(&level.file.name, "games") else {
        return Ok(());
    };
    let text = std::ffi::CString::new(warning).map_err(bad)?;
    let category = py.get_type::<pyo3::exceptions::PyUserWarning>();
    PyErr::warn(py, &category, &text, 1)
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
