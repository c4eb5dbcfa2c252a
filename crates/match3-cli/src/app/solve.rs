//! `match3 solve`: a board of a no-refill variant solved exactly for its best score or
//! its fewest-move clear, or a level's deal solved for a win.

use match3_core::{Game, Move};
use match3_solver::{Limits, Objective, Solution};
use serde_json::json;

use super::args::{GoalArg, SolveArgs};
use super::commands::load;
use super::output::{UsageError, emit};
use crate::level::Opened;
use crate::registry::Registry;
use crate::variant::{SharedRules, Variant};
use crate::{json, render};

pub(super) fn solve(registry: &Registry, args: SolveArgs) -> Result<(), UsageError> {
    let limits = Limits {
        max_nodes: args.max_nodes,
        max_time: Some(std::time::Duration::from_secs_f64(args.max_seconds)),
    };
    if let Some(path) = &args.level {
        let level = Opened::read(registry, path, args.rules.as_deref())?;
        let game = level.game(args.seed.unwrap_or(0))?;
        return solve_level(&args, &level, game, limits);
    }
    if let Some(seed) = args.seed {
        return Err(UsageError(format!(
            "--seed {seed} draws a level's random cells: give --level FILE (a board has none)"
        )));
    }
    let (Some(name), Some(board)) = (&args.rules, &args.board) else {
        return Err(UsageError(
            "give --rules and --board, or --level FILE".to_string(),
        ));
    };
    let variant = registry.get(name)?;
    let game = load(variant, board, 0, None)?;
    let objective = match args.goal {
        GoalArg::Score => Objective::Score,
        GoalArg::Clear => Objective::Clear,
    };
    let found = search(variant, &game, objective, limits)?;
    solve_board(&args, game, objective, &found)
}

fn search(
    variant: &Variant,
    game: &Game<SharedRules>,
    objective: Objective,
    limits: Limits,
) -> Result<Solution, UsageError> {
    let bound = variant.bound();
    let found = match3_solver::solve_bounded(game, objective, limits, &|board| {
        bound.map(|bound| bound(board))
    })?;
    Ok(found)
}

/// Plays the solution's line on `game`: each move's points.
fn replay(game: &mut Game<SharedRules>, found: &Solution) -> Result<Vec<u64>, UsageError> {
    let mut gains = Vec::new();
    for &mv in found.moves.as_deref().unwrap_or_default() {
        gains.push(game.play(mv)?.score());
    }
    Ok(gains)
}

fn line_json(found: &Solution) -> Option<Vec<serde_json::Value>> {
    (found.moves.as_ref()).map(|line| line.iter().map(|&m: &Move| json::mv(m)).collect())
}

/// Why an answer is not proven, or that it is.
fn proof(args: &SolveArgs, found: &Solution, proven: &str) -> String {
    if found.optimal {
        proven.to_string()
    } else {
        format!(
            "NOT proven {proven}: the budget of {} nodes or {} s ran out",
            args.max_nodes, args.max_seconds
        )
    }
}

fn print_line(found: &Solution, gains: &[u64]) {
    for (i, (mv, gain)) in found.moves.iter().flatten().zip(gains).enumerate() {
        emit(format_args!("{:>3}. {mv}  +{gain}", i + 1));
    }
}

fn solve_board(
    args: &SolveArgs,
    mut game: Game<SharedRules>,
    objective: Objective,
    found: &Solution,
) -> Result<(), UsageError> {
    let gains = replay(&mut game, found)?;
    if args.json {
        let goal = if objective == Objective::Clear {
            "clear"
        } else {
            "score"
        };
        emit(json!({
            "goal": goal,
            "score": found.score,
            "moves": line_json(found),
            "nodes": found.nodes,
            "optimal": found.optimal,
            "board": game.board().to_string(),
            "status": game.status().to_string(),
        }));
        return Ok(());
    }
    let proof = proof(args, found, "optimal");
    let nodes = found.nodes;
    match (&found.moves, objective) {
        (Some(line), Objective::Clear) => emit(format_args!(
            "clears in {} moves, scoring {} ({proof}, {nodes} nodes)",
            line.len(),
            found.score,
        )),
        (Some(line), _) => emit(format_args!(
            "best score {} in {} moves ({proof}, {nodes} nodes)",
            found.score,
            line.len(),
        )),
        (None, _) if found.optimal => emit(format_args!(
            "no line of moves clears this board (proven, {nodes} nodes)"
        )),
        (None, _) => emit(format_args!(
            "no clearing line found ({proof}, {nodes} nodes)"
        )),
    }
    print_line(found, &gains);
    emit(format_args!(
        "board {}  status {}",
        game.board(),
        game.status()
    ));
    Ok(())
}

/// Whether the deal can be won: `Some(true)` with a winning line, `Some(false)` when the
/// search proved none exists, `None` when the budget ran out first.
fn winnable(found: &Solution) -> Option<bool> {
    match (&found.moves, found.optimal) {
        (Some(_), _) => Some(true),
        (None, true) => Some(false),
        (None, false) => None,
    }
}

fn solve_level(
    args: &SolveArgs,
    level: &Opened,
    mut game: Game<SharedRules>,
    limits: Limits,
) -> Result<(), UsageError> {
    let found = search(&level.variant, &game, Objective::Win, limits)?;
    let gains = replay(&mut game, &found)?;
    if args.json {
        emit(json!({
            "level": level.file.name,
            "rules": level.variant.name(),
            "seed": args.seed.unwrap_or(0),
            "winnable": winnable(&found),
            "moves": line_json(&found),
            "moves_used": found.moves.as_ref().map(Vec::len),
            "goals": json::goals(&game),
            "score": game.score(),
            "nodes": found.nodes,
            "optimal": found.optimal,
            "board": game.board().to_string(),
            "status": game.status().to_string(),
        }));
        return Ok(());
    }
    let nodes = found.nodes;
    let limit = game
        .level()
        .moves
        .map_or("any number of".to_string(), |m| m.to_string());
    match (winnable(&found), &found.moves) {
        (Some(true), Some(line)) => emit(format_args!(
            "{}: wins in {} moves ({}, {nodes} nodes)",
            level.file.name,
            line.len(),
            proof(args, &found, "the fewest"),
        )),
        (Some(false), _) => emit(format_args!(
            "{}: cannot be won: no line of {limit} moves meets every goal (proven, {nodes} nodes)",
            level.file.name,
        )),
        _ => emit(format_args!(
            "{}: unknown: no winning line found before the budget of {} nodes or {} s ran out ({nodes} nodes)",
            level.file.name, args.max_nodes, args.max_seconds
        )),
    }
    print_line(&found, &gains);
    emit(format_args!(
        "board {}  status {}{}",
        game.board(),
        game.status(),
        render::level_line(&game)
    ));
    Ok(())
}
