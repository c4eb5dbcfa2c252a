//! `match3 solve`: a board of a no-refill variant solved exactly for its best score or
//! its fewest-move clear, or a level's deal solved for a win.

use match3_solver::{Limits, Objective, Solution};

use super::args::{GoalArg, SolveArgs};
use super::commands::load;
use super::output::{UsageError, emit};
use crate::level::Opened;
use crate::registry::Registry;
use crate::render;
use crate::solved::Solved;

pub(super) fn solve(registry: &Registry, args: SolveArgs) -> Result<(), UsageError> {
    let limits = Limits {
        max_nodes: args.max_nodes,
        max_time: Some(std::time::Duration::from_secs_f64(args.max_seconds)),
    };
    if let Some(path) = &args.level {
        let level = Opened::read(registry, path, args.rules.as_deref())?;
        let seed = args.seed.unwrap_or(0);
        let (start, again) = (level.game(seed)?, level.game(seed)?);
        let (solved, best) = Solved::search_level(start, again, limits)?;
        return solve_level(&args, &level, &solved, best.as_ref());
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
    let solved = Solved::search(game, objective, limits)?;
    solve_board(&args, &solved, objective)
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

fn solve_board(args: &SolveArgs, solved: &Solved, objective: Objective) -> Result<(), UsageError> {
    let Solved { found, game, gains } = solved;
    if args.json {
        emit(solved.board_json(objective));
        return Ok(());
    }
    let proof = proof(args, found, "optimal");
    let nodes = found.nodes;
    match (&found.moves, objective) {
        (Some(line), Objective::Clear) => emit(format_args!(
            "clears in {}, scoring {} ({proof}, {nodes} nodes)",
            moves_text(line.len()),
            found.score,
        )),
        (Some(line), _) => emit(format_args!(
            "best score {} in {} ({proof}, {nodes} nodes)",
            found.score,
            moves_text(line.len()),
        )),
        (None, _) if found.optimal => emit(format_args!(
            "no line of moves clears this board (proven, {nodes} nodes)"
        )),
        (None, _) => emit(format_args!(
            "no clearing line found ({proof}, {nodes} nodes)"
        )),
    }
    print_line(found, gains);
    emit(format_args!(
        "board {}  status {}",
        game.board(),
        game.status()
    ));
    Ok(())
}

/// "1 move", "2 moves".
fn moves_text(n: usize) -> String {
    match n {
        1 => "1 move".to_string(),
        n => format!("{n} moves"),
    }
}

/// `solve --level`: the fewest moves that win the deal, or the proof that none does with
/// the `best` score the deal allows.
fn solve_level(
    args: &SolveArgs,
    level: &Opened,
    solved: &Solved,
    best: Option<&Solved>,
) -> Result<(), UsageError> {
    let Solved { found, game, gains } = solved;
    if args.json {
        emit(solved.level_json(level, args.seed.unwrap_or(0), best));
        return Ok(());
    }
    let nodes = found.nodes;
    let limit = game
        .level()
        .moves
        .map_or("any number of".to_string(), |m| m.to_string());
    match (solved.winnable(), &found.moves) {
        (Some(true), Some(line)) => emit(format_args!(
            "{}: wins in {} ({}, {nodes} nodes)",
            level.file.name,
            moves_text(line.len()),
            proof(args, found, "the fewest"),
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
    if let Some(best) = best {
        let proven = proof(args, &best.found, "the best");
        emit(format_args!(
            "best score it allows: {} ({proven}, {} nodes), along",
            best.found.score, best.found.nodes
        ));
        print_line(&best.found, &best.gains);
    }
    print_line(found, gains);
    emit(format_args!(
        "board {}  status {}{}",
        game.board(),
        game.status(),
        render::level_line(game)
    ));
    Ok(())
}
