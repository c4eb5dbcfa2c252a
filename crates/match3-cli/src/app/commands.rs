//! The commands that play or read one variant or level: resolve, moves, new, play,
//! simulate, merge.

use std::io;

use match3_bots::Shard;
use match3_core::{Board, Game, GameConfig, Move, Rules};

use super::args::{
    BoardArgs, LintArgs, MergeArgs, MovesArgs, NewArgs, PlayArgs, ResolveArgs, SimulateArgs,
};
use super::output::{UsageError, emit, quit_on_output_error, stdout_style};
use crate::deals::Deals;
use crate::level::Opened;
use crate::registry::Registry;
use crate::sweep::Sweep;
use crate::variant::{SharedRules, Variant};
use crate::{coords, input, json, merge, play, records, render, report};

/// A board from `--board`: a preset name (a lower-case word; notation letters are
/// capitals) or notation.
fn parse_board(variant: &Variant, text: &str) -> Result<Board, UsageError> {
    variant.board(text).map_err(UsageError)
}

pub(super) fn load(
    variant: &Variant,
    text: &str,
    seed: u64,
    colors: Option<u8>,
) -> Result<Game<SharedRules>, UsageError> {
    let board = parse_board(variant, text)?;
    match colors {
        Some(k) if !variant.draws_pieces() => Err(UsageError(format!(
            "--colors {k}: the {} rules never draw new pieces, so a palette has no effect",
            variant.name()
        ))),
        Some(k) => Game::from_board_with_colors(variant.rules(), board, seed, k)
            .map_err(|e| UsageError(format!("--colors {k}: {e}"))),
        None => Game::from_board(variant.rules(), board, seed)
            .map_err(|e| UsageError(format!("bad board {}: {e}", input::excerpt(text)))),
    }
}

/// The game `--rules`/`--board` or `--level` describe.
fn open(
    registry: &Registry,
    args: &BoardArgs,
    seed: u64,
    colors: Option<u8>,
) -> Result<Game<SharedRules>, UsageError> {
    match (&args.level, &args.board, &args.rules) {
        (Some(path), _, rules) => Ok(Opened::read(registry, path, rules.as_deref())?.game(seed)?),
        (None, Some(text), Some(name)) => load(registry.get(name)?, text, seed, colors),
        _ => Err(UsageError(
            "give --rules and --board, or --level FILE".to_string(),
        )),
    }
}

pub(super) fn resolve(registry: &Registry, args: ResolveArgs) -> Result<(), UsageError> {
    let mut game = open(registry, &args.board, args.seed, args.colors)?;
    let initial = game.board().to_string();
    let board = game.board().clone();
    let mv: Option<Result<Move, String>> = match (&args.swap, args.drop, args.tap) {
        (Some(cells), _, _) => Some(coords::swap(&board, cells[0], cells[1])),
        (_, Some(col), _) => Some(coords::drop(&board, col)),
        (_, _, Some(at)) => Some(coords::tap(&board, at)),
        _ => None,
    };
    // The move as typed, even when it cannot be on any board.
    let typed = match (&args.swap, args.drop, args.tap) {
        (Some(cells), _, _) => {
            Some(serde_json::json!({ "swap": [cells[0].json(), cells[1].json()] }))
        }
        (_, Some(col), _) => Some(serde_json::json!({ "drop": col })),
        (_, _, Some(at)) => Some(serde_json::json!({ "tap": at.json() })),
        _ => None,
    };
    let outcome = match &mv {
        None => game.resolve().map_err(|e| e.to_string()),
        Some(Ok(m)) => game.play(*m).map_err(|e| e.to_string()),
        Some(Err(reason)) => Err(reason.clone()),
    };
    if args.json {
        emit(json::resolve(&game, &initial, typed, &outcome));
        return Ok(());
    }
    let head = match &outcome {
        Ok(trace) => trace.to_string(),
        Err(reason) => format!("illegal: {reason}\n"),
    };
    emit(format_args!(
        "{head}{}score {}  moves {}  status {}{}",
        render::grid(game.board(), None, stdout_style()),
        game.score(),
        game.moves(),
        game.status(),
        render::level_line(&game)
    ));
    Ok(())
}

pub(super) fn moves(registry: &Registry, args: MovesArgs) -> Result<(), UsageError> {
    let game = open(registry, &args.board, args.seed, None)?;
    let moves = game.legal_moves();
    let mut scratch = game.snapshot();
    // A listed move always plays; a runaway cascade (third-party rules) scores nothing.
    let mut score = |m| game.speculate(m, &mut scratch).map_or(0, |t| t.score);
    if args.json {
        let list: Vec<_> = (moves.iter())
            .map(|&m| {
                let mut v = json::mv(m);
                if args.scores {
                    v["score"] = serde_json::json!(score(m));
                }
                v
            })
            .collect();
        emit(serde_json::Value::Array(list));
    } else {
        for m in moves {
            if args.scores {
                emit(format!("{m}  score {}", score(m)));
            } else {
                emit(m);
            }
        }
    }
    Ok(())
}

pub(super) fn new(registry: &Registry, args: NewArgs) -> Result<(), UsageError> {
    if let Some(path) = &args.level {
        let level = Opened::read(registry, path, args.rules.as_deref())?;
        let game = level.game(args.seed)?;
        if args.json {
            emit(serde_json::json!({
                "rules": game.rules().name(),
                "level": level.file.name,
                "board": game.board().to_string(),
                "seed": args.seed,
                "size": game.board().size().to_string(),
                "colors": level.colors(),
                "status": game.status().as_str(),
                "legal_moves": game.legal_moves().len(),
                "moves_left": game.moves_left(),
                "goals": json::goals(&game),
            }));
        } else {
            emit(render::grid(game.board(), None, stdout_style()).trim_end());
        }
        return Ok(());
    }
    let variant = registry.get(
        args.rules
            .as_deref()
            .expect("clap requires --rules without --level"),
    )?;
    let config = GameConfig {
        size: args.size.unwrap_or(variant.default_size()),
        colors: args.colors.unwrap_or(variant.default_colors()),
        seed: args.seed,
        blocker_percent: args.blockers,
    };
    let game = Game::new(variant.rules(), config)?;
    if args.json {
        let out = serde_json::json!({
            "rules": game.rules().name(),
            "board": game.board().to_string(),
            "seed": args.seed,
            "size": config.size.to_string(),
            "colors": config.colors,
            "status": game.status().as_str(),
            "legal_moves": game.legal_moves().len(),
        });
        emit(out);
    } else {
        emit(render::grid(game.board(), None, stdout_style()).trim_end());
    }
    Ok(())
}

pub(super) fn play(registry: &Registry, args: PlayArgs) -> Result<(), UsageError> {
    let seed = args.seed.unwrap_or(0);
    let replay = replay_entries(args.replay.as_deref())?;
    if let Some(path) = &args.level {
        let level = Opened::read(registry, path, args.rules.as_deref())?;
        let game = level.game(seed)?;
        return run_session(registry, &level.variant, game, seed, &replay);
    }
    let variant = registry.get(
        args.rules
            .as_deref()
            .expect("clap requires --rules without --level"),
    )?;
    let generated = args.seed.is_some() || args.size.is_some() || args.colors.is_some();
    let game = match (&args.board, &args.preset) {
        (Some(text), _) => load(variant, text, seed, None)?,
        (_, Some(name)) => {
            let board = variant
                .preset_board(name)
                .ok_or_else(|| UsageError(variant.no_preset(name)))?;
            Game::from_board(variant.rules(), board, seed)?
        }
        // Asked for nothing in particular, a variant with presets starts on its first one.
        (None, None) if !generated && !variant.preset_names().is_empty() => {
            let board = variant
                .preset_board(variant.preset_names()[0])
                .expect("listed preset");
            Game::from_board(variant.rules(), board, seed)?
        }
        _ => {
            let config = GameConfig {
                size: args.size.unwrap_or(variant.default_size()),
                colors: args.colors.unwrap_or(variant.default_colors()),
                seed,
                blocker_percent: 0,
            };
            Game::new(variant.rules(), config)?
        }
    };
    run_session(registry, variant, game, seed, &replay)
}

/// `--replay`'s entries: a JSON array of moves, or moves separated by `;` (empty ones
/// left out). Whether each is a legal move is checked against the game.
fn replay_entries(replay: Option<&str>) -> Result<Vec<String>, UsageError> {
    let Some(text) = replay else {
        return Ok(Vec::new());
    };
    let entries: Vec<String> = if text.trim_start().starts_with('[') {
        serde_json::from_str(text)
            .map_err(|e| UsageError(format!("--replay: not a JSON array of moves: {e}")))?
    } else {
        text.split(';').map(|m| m.trim().to_string()).collect()
    };
    Ok(entries.into_iter().filter(|m| !m.is_empty()).collect())
}

fn run_session(
    registry: &Registry,
    variant: &Variant,
    game: Game<SharedRules>,
    seed: u64,
    replay: &[String],
) -> Result<(), UsageError> {
    let style = stdout_style();
    let mut session = play::Session::new(registry.clone(), variant.clone(), game, seed, style);
    // The whole replay is checked before anything is played or printed.
    let replay = session.replay_moves(replay).map_err(UsageError)?;
    let input = io::BufReader::new(io::stdin().lock());
    match session.run(&replay, input, io::stdout().lock()) {
        Ok(()) => Ok(()),
        Err(play::Stopped::Input(e)) if e.kind() == io::ErrorKind::InvalidData => Err(UsageError(
            "cannot read the commands: the input is not UTF-8 text".to_string(),
        )),
        Err(play::Stopped::Input(e)) => Err(UsageError(format!("cannot read the commands: {e}"))),
        Err(play::Stopped::Output(e)) => quit_on_output_error(&e),
    }
}

pub(super) fn simulate(registry: &Registry, args: SimulateArgs) -> Result<(), UsageError> {
    let shard = args.shard.unwrap_or(Shard::WHOLE);
    if let Some(path) = &args.plot {
        input::check_writable(path, "--plot")?;
    }
    let mut records = match &args.records {
        Some(path) => Some(records::Writer::create(path)?),
        None => None,
    };
    let level = match &args.level {
        Some(path) => Some(Opened::read(registry, path, args.rules.as_deref())?),
        None => None,
    };
    if let (Some(level), Some(sweep)) = (&level, &args.set) {
        return simulate_sweep(&args, level, sweep);
    }
    let mut deals = match &level {
        Some(level) => Some(Deals::new(level, args.solve.then(|| args.deal_budget()))?),
        None => None,
    };
    let mut each_game = |i: u32, game: &match3_bots::GameStats| {
        if let Some(w) = &mut records {
            w.write(i, game);
        }
        if let Some(deals) = &mut deals {
            deals.add(game);
        }
    };
    let (header, plan, report) = match &level {
        Some(level) => simulate_level(&args, level, shard, &mut each_game)?,
        None => simulate_variant(registry, &args, shard, &mut each_game)?,
    };
    if let Some(w) = records {
        w.finish()?;
    }
    if let Some(path) = &args.plot {
        let stars = level.as_ref().map_or(&[][..], |l| &l.file.level.stars[..]);
        report::plot_one(path, &header, &plan, &report, stars)?;
    }
    print_simulation(&args, &header, &plan, &report, deals.as_ref());
    Ok(())
}

type Simulated = (report::Header, match3_bots::Plan, match3_bots::Report);

/// `simulate --level`: the level's games (in blocks with `--precision`).
fn simulate_level(
    args: &SimulateArgs,
    level: &Opened,
    shard: Shard,
    each_game: report::EachGame<'_>,
) -> Result<Simulated, UsageError> {
    let run = &args.run;
    let plan = report::level_plan(level, run.bot.into(), run.games, run.moves, run.seed);
    let label = level.file.name.clone();
    // With --precision the blocks are replayed: records and deals are refused with it.
    let (plan, report) = match args.precision {
        Some(_) => report::run_level_until(level, plan, args.precision, run.jobs(), &label)?,
        None => (
            plan,
            report::run_level(level, plan, shard, run.jobs(), &label, each_game)?,
        ),
    };
    Ok((report::Header::level(level), plan, report))
}

/// `simulate --rules`: generated boards of the variant.
fn simulate_variant(
    registry: &Registry,
    args: &SimulateArgs,
    shard: Shard,
    each_game: report::EachGame<'_>,
) -> Result<Simulated, UsageError> {
    let run = &args.run;
    let name = args.rules.as_deref();
    let variant = registry.get(name.expect("clap requires --rules without --level"))?;
    if run.blockers > 0 && !variant.generates_blockers() {
        return Err(UsageError(format!(
            "--blockers {}: the {} rules generate no blockers (their boards start empty)",
            run.blockers,
            variant.name()
        )));
    }
    let plan = run.plan(variant);
    let report = report::run(variant, plan, shard, run.jobs(), variant.name(), each_game)
        .map_err(UsageError)?;
    Ok((report::Header::variant(variant), plan, report))
}

/// Prints a simulation's result, as JSON (with the deal, precision and shard keys that
/// apply) or text.
fn print_simulation(
    args: &SimulateArgs,
    header: &report::Header,
    plan: &match3_bots::Plan,
    report: &match3_bots::Report,
    deals: Option<&Deals<'_>>,
) {
    let games = report.stats.games;
    if args.json {
        let mut v = report::json(header, plan, report, !args.no_timing);
        if let Some(deals) = deals {
            deals.json(&mut v, games, args.shard.is_some());
        }
        if let Some(p) = args.precision {
            report::precision_json(&mut v, p, report);
        }
        if let Some(shard) = args.shard {
            merge::mark(&mut v, shard, report);
        }
        emit(v);
    } else {
        let deals = deals.map_or(String::new(), |d| d.text(games));
        let text = format!("{}{deals}", report::text(header, plan, report));
        emit(text.trim_end());
    }
}

/// `simulate --level --set KEY=VALUES`: a run per value, a row each.
fn simulate_sweep(args: &SimulateArgs, level: &Opened, sweep: &Sweep) -> Result<(), UsageError> {
    let run = &args.run;
    // Every value is checked before any game runs.
    let levels = (sweep.values.iter())
        .map(|&value| Ok((value, sweep.apply(level, value)?)))
        .collect::<Result<Vec<_>, String>>()?;
    let mut rows = Vec::new();
    for (value, level) in levels {
        let plan = report::level_plan(&level, run.bot.into(), run.games, run.moves, run.seed);
        let label = format!("{} {}={value}", level.file.name, sweep.name());
        let (plan, report) =
            report::run_level_until(&level, plan, args.precision, run.jobs(), &label)?;
        rows.push((
            value,
            report::LevelRow {
                level,
                plan,
                report,
            },
        ));
    }
    if args.json {
        let list: Vec<_> = (rows.iter())
            .map(|(value, r)| {
                let header = report::Header::level(&r.level);
                let mut v = report::json(&header, &r.plan, &r.report, !args.no_timing);
                v["set"] = serde_json::json!({ "key": sweep.name(), "value": value });
                v
            })
            .collect();
        emit(serde_json::Value::Array(list));
    } else {
        emit(format_args!(
            "level {} ({}), {} bot, {} games a value, seed {}\n",
            level.file.name,
            level.file.file,
            match3_bots::BotKind::from(run.bot).name(),
            run.games,
            run.seed
        ));
        emit(report::sweep_table(&sweep.name(), &rows).trim_end());
    }
    Ok(())
}

/// `match3 lint`: warnings per file, and suggested star thresholds.
pub(super) fn lint(registry: &Registry, args: LintArgs) -> Result<(), UsageError> {
    let mut list = Vec::new();
    for path in &args.files {
        let level = Opened::read(registry, path, None)?;
        let wins = match level.file.level.stars.is_empty() && !args.suggest_stars {
            true => Vec::new(),
            false => crate::lint::winning_scores(&level, args.games, args.seed)?,
        };
        let warnings = crate::lint::lint(&level, &wins);
        let stars = crate::lint::suggest_stars(&wins).filter(|_| args.suggest_stars);
        if args.json {
            list.push(serde_json::json!({
                "file": level.file.file,
                "warnings": warnings.iter().map(|w| serde_json::json!({
                    "line": w.line, "field": w.field, "message": w.message,
                })).collect::<Vec<_>>(),
                "suggested_stars": stars,
            }));
            continue;
        }
        for w in &warnings {
            emit(input::printable(&w.to_string()));
        }
        match (args.suggest_stars, stars) {
            (true, Some(stars)) => emit(format_args!(
                "{}: suggested stars = {stars:?} (the lowest, median and 90th-percentile winning scores of {} greedy games)",
                level.file.file, args.games
            )),
            (true, None) => emit(format_args!(
                "{}: no stars suggested: greedy won none of {} games",
                level.file.file, args.games
            )),
            _ => {}
        }
        if warnings.is_empty() && !args.suggest_stars {
            emit(format_args!("{}: no warnings", level.file.file));
        }
    }
    if args.json {
        emit(serde_json::Value::Array(list));
    }
    Ok(())
}

pub(super) fn merge(args: MergeArgs) -> Result<(), UsageError> {
    if let Some(path) = &args.plot {
        input::check_writable(path, "--plot")?;
    }
    let merged = merge::read(&args.files)?;
    if let Some(path) = &args.plot {
        merged.plot(path)?;
    }
    if args.json {
        emit(merged.json(!args.no_timing));
    } else {
        emit(merged.text().trim_end());
    }
    Ok(())
}
