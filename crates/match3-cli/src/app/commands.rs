//! The commands that play or read one variant or level: resolve, moves, new, play,
//! simulate, merge.

use std::io;

use match3_core::{Board, Game, GameConfig, Move, Rules};

use super::args::{
    BoardArgs, LintArgs, MergeArgs, MovesArgs, NewArgs, PlayArgs, ResolveArgs, SimulateArgs,
};
use super::heatmap;
use super::output::{UsageError, emit, quit_on_output_error, stdout_style, warn_precision};
use crate::deals::Deals;
use crate::grid::Grid;
use crate::level::Opened;
use crate::registry::Registry;
use crate::simulate::{Simulation, Subject};
use crate::variant::{SharedRules, Variant};
use crate::{coords, input, json, merge, play, records, render, report, tables, tuning};
use match3_app::start::{GameRequest, LevelSource, Started};

/// A board from `--board`: a preset name (a lower-case word; notation letters are
/// capitals) or notation.
fn parse_board(variant: &Variant, text: &str) -> Result<Board, UsageError> {
    variant.board(text).map_err(|e| UsageError(e.to_string()))
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
        (Some(cells), _, _) => {
            Some(coords::swap(&board, cells[0], cells[1]).map_err(|e| e.to_string()))
        }
        (_, Some(col), _) => Some(coords::drop(&board, col).map_err(|e| e.to_string())),
        (_, _, Some(at)) => Some(coords::tap(&board, at).map_err(|e| e.to_string())),
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
    let request = GameRequest {
        rules: args.rules.clone(),
        level: args.level.clone().map(LevelSource::File),
        seed: args.seed,
        size: args.size,
        colors: args.colors,
        blockers: args.blockers,
        ..GameRequest::default()
    };
    let Started {
        variant,
        game,
        level,
    } = request.start(registry)?;
    if let Some(level) = level {
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
    let config = request.config(&variant);
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
    let replay = session.replay_moves(replay)?;
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
    if let Some(path) = &args.plot {
        input::check_writable(path, "--plot")?;
    }
    let request = args.request();
    let subject = request.target(registry)?;
    if !args.set.is_empty() {
        let Subject::Level(level, _) = &subject else {
            unreachable!("clap requires --level with --set")
        };
        return simulate_grid(&args, level);
    }
    let mut leftover = match (&subject, &args.plot_leftover) {
        (Subject::Level(level, _), Some(path)) => {
            input::check_writable(path, "--plot-leftover")?;
            Some(heatmap::counter(level)?)
        }
        _ => None,
    };
    let mut records = match &args.records {
        Some(path) => Some(records::Writer::create(path)?),
        None => None,
    };
    let mut each_game = |i: u32, game: &match3_bots::GameStats| {
        if let Some(w) = &mut records {
            w.write(i, game);
        }
        if let Some(leftover) = &mut leftover {
            leftover.add(game);
        }
    };
    let run = request.run_target(subject, args.run.workers(), &mut each_game)?;
    if let Some(w) = records {
        w.finish()?;
    }
    if let Some(path) = &args.plot {
        let stars = run
            .level
            .as_ref()
            .map_or(&[][..], |l| &l.file.level.stars[..]);
        tables::plot_one(path, &run.header, &run.plan, &run.report, stars)?;
    }
    if let (Some(path), Some(level), Some(leftover)) = (&args.plot_leftover, &run.level, &leftover)
    {
        heatmap::plot(path, level, &run.plan, run.report.stats.games, leftover)?;
    }
    if let Some(level) = &run.level {
        warn_precision(run.row.iter(), &level.file.name);
    }
    print_simulation(&args, &run);
    Ok(())
}

/// Prints a simulation's result, as JSON (with the deal, metric, precision and shard keys
/// that apply) or text.
fn print_simulation(args: &SimulateArgs, run: &Simulation) {
    let games = run.report.stats.games;
    if args.json {
        let summary = run.summary(!args.no_timing);
        match args.shard {
            Some(shard) => emit(merge::marked(summary, shard, &run.report)),
            None => emit(summary.value()),
        }
    } else {
        let deals = run.deals.as_ref().map_or(String::new(), |d| d.text(games));
        let metrics = run
            .row
            .as_ref()
            .map_or(String::new(), tables::measured_text);
        let mut summary = tables::text(&run.header, &run.plan, &run.report);
        if let Some(row) = run.row.as_ref().filter(|r| r.one_game()) {
            // One game repeated is not a sample: its pass rate has no interval.
            let (low, high) = row.report.stats.pass_rate_interval();
            let interval = format!("(95% {:.1}–{:.1}%)", 100.0 * low, 100.0 * high);
            summary = summary.replacen(&interval, "(one game repeated: no interval)", 1);
        }
        let text = format!("{summary}{metrics}{deals}");
        emit(text.trim_end());
    }
}

/// `simulate --level --set KEY=VALUES …`: a run per combination of the keys' values
/// (per value, for one key), a row each.
fn simulate_grid(args: &SimulateArgs, level: &Opened) -> Result<(), UsageError> {
    let grid = Grid::new(args.set.clone())?;
    let keys = grid.names();
    // Every combination is checked before any game runs.
    let levels = (grid.rows().into_iter())
        .map(|values| {
            Ok((
                grid.apply(level, &values).map_err(|e| e.to_string())?,
                values,
            ))
        })
        .collect::<Result<Vec<_>, String>>()?;
    let mut rows = Vec::new();
    for (level, values) in &levels {
        rows.push(grid_row(args, level, &keys, values)?);
    }
    if args.json {
        let list = rows.iter().map(|r| tuning::json(&keys, r, !args.no_timing));
        emit(serde_json::Value::Array(list.collect()));
    } else if args.csv {
        emit(tuning::csv(&keys, &rows).trim_end());
    } else {
        let per = if keys.len() == 1 { "a value" } else { "a row" };
        emit(format_args!(
            "level {} ({}), {} bot, {} {per}, seed {}\n",
            level.file.name,
            level.file.file,
            args.run.bot.name(),
            tables::games_text(rows.iter().map(|r| &r.row)),
            args.run.seed
        ));
        emit(tuning::table(&keys, &rows).trim_end());
    }
    Ok(())
}

/// One combination's run: the level with `values` set, measured (to `--precision`,
/// when given), each deal solved with `--solve`.
fn grid_row(
    args: &SimulateArgs,
    level: &Opened,
    keys: &[String],
    values: &[u64],
) -> Result<tuning::TunedRow, UsageError> {
    let run = &args.run;
    let plan = report::level_plan(level, run.bot, run.games, run.moves, run.seed);
    let set: Vec<String> = (keys.iter().zip(values))
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    let label = format!("{} {}", level.file.name, set.join(" "));
    let mut deals = match args.solve {
        true => Some(Deals::new(level, Some(args.deal_budget()))?),
        false => None,
    };
    let each = &mut |_, _, game: &_| {
        if let Some(deals) = &mut deals {
            deals.add(game);
        }
    };
    let mut measured = report::measure_level(
        level,
        plan,
        &[plan.bot],
        args.precision,
        run.workers(),
        &label,
        each,
    )?;
    warn_precision(measured.iter(), &label);
    Ok(tuning::TunedRow {
        values: values.to_vec(),
        row: measured.pop().expect("a row per bot"),
        deals,
    })
}

/// `match3 lint`: warnings per file, and suggested star thresholds.
pub(super) fn lint(registry: &Registry, args: LintArgs) -> Result<(), UsageError> {
    let budget = crate::lint::SolveBudget {
        deals: args.deals,
        nodes: args.solve_nodes,
        time: std::time::Duration::from_secs_f64(args.solve_seconds),
    };
    let mut list = Vec::new();
    for path in &args.files {
        let level = Opened::read(registry, path, None)?;
        let wins = match level.file.level.stars.is_empty() && !args.suggest_stars {
            true => Vec::new(),
            false => crate::lint::winning_scores(&level, args.games, args.seed)?,
        };
        let deals = crate::lint::check_deals(&level, args.seed, budget)?;
        let warnings = crate::lint::lint(&level, &wins, deals.as_ref());
        let best = deals.as_ref().and_then(|d| d.best);
        let stars = crate::lint::suggest_stars(&wins, best).filter(|_| args.suggest_stars);
        if args.json {
            list.push(lint_json(&level, &warnings, stars.as_deref()));
            continue;
        }
        for w in &warnings {
            emit(input::printable(&w.to_string()));
        }
        if args.suggest_stars {
            emit(stars_text(&level, stars.as_deref(), args.games));
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

/// `lint --json` for one file: its warnings, the suggested thresholds and what each is.
fn lint_json(
    level: &Opened,
    warnings: &[crate::lint::Warning],
    stars: Option<&[crate::lint::Threshold]>,
) -> serde_json::Value {
    serde_json::json!({
        "file": level.file.file,
        "warnings": warnings.iter().map(|w| serde_json::json!({
            "line": w.line, "field": w.field, "message": w.message,
        })).collect::<Vec<_>>(),
        "suggested_stars": stars.map(|s| s.iter().map(|t| t.score).collect::<Vec<_>>()),
        "suggested_stars_basis": stars.map(|s| s.iter().map(|t| serde_json::json!({
            "score": t.score, "basis": t.basis, "low": t.low, "high": t.high,
        })).collect::<Vec<_>>()),
    })
}

/// `lint --suggest-stars` in words: each threshold and what it is.
fn stars_text(level: &Opened, stars: Option<&[crate::lint::Threshold]>, games: u32) -> String {
    let file = &level.file.file;
    let Some(stars) = stars else {
        return format!("{file}: no stars suggested: greedy won none of {games} games");
    };
    let scores: Vec<u64> = stars.iter().map(|t| t.score).collect();
    let mut out = format!("{file}: suggested stars = {scores:?}");
    for (i, t) in stars.iter().enumerate() {
        let star = if i == 0 { "star " } else { "stars" };
        out += &format!(
            "\n  {} {star} {:>6}: {}",
            i + 1,
            t.score,
            crate::lint::basis_text(t, games)
        );
    }
    out
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
