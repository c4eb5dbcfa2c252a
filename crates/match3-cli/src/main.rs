//! # match3
//!
//! The command line of the match3 workspace: resolve a board, list its legal moves,
//! generate a new board, play in the terminal or the browser, let bots play many games
//! (sharded across machines if need be), or solve a no-refill board exactly, under any
//! rule variant.
//!
//! ```text
//! match3 resolve --rules finite --board AABC/BCAB/CBAC/ABCA --swap 0,2 1,2 --json
//! match3 moves   --rules finite --board AABC/BCAB/CBAC/ABCA --json
//! match3 new     --rules finite --size 4x4 --colors 4 --seed 7
//! match3 play    --rules finite --preset teaching
//! match3 simulate --rules lines --bot greedy --games 100 --moves 50 --seed 1 --jobs 2
//! match3 compare  --games 50 --moves 50
//! match3 serve    --port 8080            # the browser playground
//! match3 solve    --rules finite --board teaching --goal score --json
//! match3 compare  --bots random,greedy,lookahead,mcts --plot ladder.svg
//! match3 simulate --rules lines --games 1000 --shard 0/4 --json > s0.json   # then: match3 merge s*.json
//! ```
//!
//! `--board` takes notation or a preset name (`teaching`, `cross`). A move the rules reject
//! is an answer, not a usage error: `resolve --json` prints `"legal": false` with the reason
//! and exits 0. Malformed arguments or notation print to stderr and exit 2.

use match3_cli::{coords, input, json, level, merge, play, plot, records, render, report};
use match3_cli::{serve, variant};

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use match3_bots::{BotKind, MAX_JOBS, Shard};
use match3_core::{Board, Game, GameConfig, MAX_COLORS, Move, Rules, Size};

use crate::coords::Coord;
use crate::level::Opened;
use crate::variant::Variant;

#[derive(Parser)]
#[command(
    name = "match3",
    version,
    about = "Pluggable match-3 rules: resolve, list moves, generate, play, simulate and compare bots, solve, serve"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Play one move on a board (or resolve the matches already on it) and show each phase.
    Resolve(ResolveArgs),
    /// List the legal moves on a board.
    Moves(MovesArgs),
    /// Generate a new board: stable, with at least one legal move.
    New(NewArgs),
    /// Play in the terminal (reads commands from stdin; type help).
    Play(PlayArgs),
    /// Let a bot play many seeded games and report scores, chains, specials, throughput.
    Simulate(SimulateArgs),
    /// The same bot and seeds over every variant, side by side.
    Compare(CompareArgs),
    /// Combine the outputs of `simulate --shard I/N --json` into the whole run's result.
    Merge(MergeArgs),
    /// Solve a board of a no-refill variant exactly: the best score, or the fewest moves
    /// that clear it, with a line of moves that gets there.
    Solve(SolveArgs),
    /// Serve the browser playground (every variant, preset and sample level).
    Serve(ServeArgs),
}

#[derive(Args)]
struct ServeArgs {
    /// Port to listen on (0: any free port).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// Address to bind; localhost by default, so only this machine can connect.
    #[arg(long, default_value = "127.0.0.1")]
    bind: std::net::IpAddr,
    /// Games kept at once; the least recently used is dropped beyond this.
    #[arg(long, default_value_t = serve::DEFAULT_CAP)]
    max_games: usize,
}

#[derive(Args)]
struct RunArgs {
    /// The bot.
    #[arg(long, value_enum, default_value = "greedy")]
    bot: report::BotArg,
    /// Number of games.
    #[arg(long, default_value_t = 50)]
    games: u32,
    /// Move limit per game.
    #[arg(long, default_value_t = 50)]
    moves: u32,
    /// Base seed; game i uses a seed derived from it and i only.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads (0: one per core; at most 256). Results do not depend on it.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u64).range(0..=MAX_JOBS as u64))]
    jobs: u64,
    /// Board size, ROWSxCOLS (each side 1 to 32).
    #[arg(long, default_value = "8x8")]
    size: Size,
    /// Palette size (2 to 26 for refilling variants).
    #[arg(long, default_value_t = 5, value_parser = colors_arg())]
    colors: u8,
    /// Chance of a blocker per cell, in percent (variants that generate blockers).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=100))]
    blockers: u8,
}

/// `--colors`: a palette of 1 to 26 letters (a refilling variant asks for 2 or more).
fn colors_arg() -> clap::builder::RangedI64ValueParser<u8> {
    clap::value_parser!(u8).range(1..=i64::from(MAX_COLORS))
}

impl RunArgs {
    fn jobs(&self) -> usize {
        usize::try_from(self.jobs).expect("at most MAX_JOBS")
    }

    /// The plan for `variant`: blockers only where the variant generates them.
    fn plan(&self, variant: Variant) -> match3_bots::Plan {
        match3_bots::Plan {
            config: GameConfig {
                size: self.size,
                colors: self.colors,
                seed: self.seed,
                blocker_percent: if variant.generates_blockers() {
                    self.blockers
                } else {
                    0
                },
            },
            bot: self.bot.into(),
            games: self.games,
            moves: self.moves,
        }
    }
}

#[derive(Args)]
struct SimulateArgs {
    /// The rule variant (optional with --level, whose file names it).
    #[arg(long, value_enum, required_unless_present = "level")]
    rules: Option<Variant>,
    /// Play this level file instead of generated boards: its board, palette and move
    /// limit (--moves caps only levels without a limit); reports the pass rate.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["size", "colors", "blockers"])]
    level: Option<PathBuf>,
    #[command(flatten)]
    run: RunArgs,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
    /// With --json: print null for the wall-clock fields, so any --jobs gives the same bytes.
    #[arg(long)]
    no_timing: bool,
    /// Play only games I, I+N, I+2N, … of the run (0 ≤ I < N), for an array job; the
    /// JSON output then carries what `match3 merge` needs to give the whole run's result.
    #[arg(long, value_name = "I/N", requires = "json")]
    shard: Option<Shard>,
    /// Write one JSON line per game to FILE (game, seed, score, moves, result, …), in
    /// game order.
    #[arg(long, value_name = "FILE")]
    records: Option<PathBuf>,
    /// Draw the histogram of final scores into FILE (SVG).
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<PathBuf>,
}

#[derive(Args)]
struct MergeArgs {
    /// The shards' outputs (`simulate --shard I/N --json`), one file each, any order.
    #[arg(required = true, value_name = "FILES")]
    files: Vec<PathBuf>,
    /// Print one JSON object, as the unsharded `simulate --json` would.
    #[arg(long)]
    json: bool,
    /// With --json: print null for the wall-clock fields (byte-identical to an unsharded
    /// `simulate --json --no-timing`).
    #[arg(long)]
    no_timing: bool,
    /// Draw the whole run's histogram of final scores into FILE (SVG).
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<PathBuf>,
}

#[derive(Args)]
struct CompareArgs {
    #[command(flatten)]
    run: RunArgs,
    /// Instead of the variants: every level file (*.toml) in this directory, with each
    /// of --bots (default: random and greedy); prints the difficulty table.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["size", "colors", "blockers", "bot"])]
    levels: Option<PathBuf>,
    /// Several bots, comma-separated, each over the same games: the strength ladder is
    /// `--bots random,greedy,lookahead,mcts`.
    #[arg(
        long,
        value_enum,
        value_delimiter = ',',
        value_name = "BOTS",
        conflicts_with = "bot"
    )]
    bots: Vec<report::BotArg>,
    /// Draw into FILE (SVG): score histograms, one panel per variant with a colour per
    /// bot; with --levels, the pass rate of every level and bot with its 95% interval.
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<PathBuf>,
    /// Print a JSON array, one object per variant.
    #[arg(long)]
    json: bool,
    /// Leave out the wall-clock columns (null in JSON), so any --jobs gives the same bytes.
    #[arg(long)]
    no_timing: bool,
}

#[derive(Args)]
struct BoardArgs {
    /// The rule variant (optional with --level, whose file names it).
    #[arg(long, value_enum, required_unless_present = "level")]
    rules: Option<Variant>,
    /// The board: notation such as AABC/BCAB/CBAC/ABCA (holes `_` allowed), or a preset
    /// name.
    #[arg(long, required_unless_present = "level", conflicts_with = "level")]
    board: Option<String>,
    /// A level file: its board (random cells drawn with --seed), limit and goals.
    #[arg(long, value_name = "FILE")]
    level: Option<PathBuf>,
}

#[derive(Args)]
struct ResolveArgs {
    #[command(flatten)]
    board: BoardArgs,
    /// Swap two cells: --swap R,C R,C (the first cell's piece moves onto the second).
    #[arg(long, num_args = 2, value_names = ["R,C", "R,C"], conflicts_with_all = ["drop", "tap"])]
    swap: Option<Vec<Coord>>,
    /// Drop the next piece into a column.
    #[arg(long, value_name = "COL", conflicts_with = "tap")]
    drop: Option<u32>,
    /// Tap a cell.
    #[arg(long, value_name = "R,C")]
    tap: Option<Coord>,
    /// Seed for refills and next pieces.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Palette size for refills and next pieces (default: up to the highest colour on
    /// the board, at least 5). Only for variants that draw new pieces.
    #[arg(long, value_parser = colors_arg(), conflicts_with = "level")]
    colors: Option<u8>,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
struct MovesArgs {
    #[command(flatten)]
    board: BoardArgs,
    /// Seed for a level's random cells.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Print a JSON array.
    #[arg(long)]
    json: bool,
    /// Add each move's score: what it scores this turn, cascades included, with the
    /// refills the game would really draw.
    #[arg(long)]
    scores: bool,
}

#[derive(Args)]
struct SolveArgs {
    /// The rule variant: one that draws no new pieces (finite, clusters-tap).
    #[arg(long, value_enum)]
    rules: Variant,
    /// The board: notation or a preset name.
    #[arg(long)]
    board: String,
    /// What to solve for: the best final score, or the fewest moves that clear the board.
    #[arg(long, value_enum, default_value = "score")]
    goal: GoalArg,
    /// The most positions to expand; past it the answer is the best line found, marked
    /// not optimal.
    #[arg(long, default_value_t = match3_solver::DEFAULT_MAX_NODES, value_parser = clap::value_parser!(u64).range(1..))]
    max_nodes: u64,
    /// The most seconds to search; past it the answer is the best line found, marked not
    /// optimal (then the answer depends on the machine's speed: --max-nodes alone is
    /// reproducible).
    #[arg(long, default_value_t = 30.0, value_name = "SECS", value_parser = seconds_arg)]
    max_seconds: f64,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

/// `--max-seconds`: a positive number of seconds, at most a year.
fn seconds_arg(text: &str) -> Result<f64, String> {
    let s: f64 = text.parse().map_err(|e| format!("{e}"))?;
    if s > 0.0 && s <= 365.0 * 86_400.0 {
        Ok(s)
    } else {
        Err(format!(
            "{text} is not a number of seconds from above 0 to a year"
        ))
    }
}

/// `--goal`.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum GoalArg {
    /// The highest final score.
    Score,
    /// The fewest moves that leave no piece.
    Clear,
}

#[derive(Args)]
struct NewArgs {
    /// The rule variant (optional with --level, whose file names it).
    #[arg(long, value_enum, required_unless_present = "level")]
    rules: Option<Variant>,
    /// Start this level file instead: prints its board with the random cells drawn.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["size", "colors", "blockers"])]
    level: Option<PathBuf>,
    /// Board size, ROWSxCOLS (each side 1 to 32).
    #[arg(long, default_value = "8x8")]
    size: Size,
    /// Palette size.
    #[arg(long, default_value_t = 5, value_parser = colors_arg())]
    colors: u8,
    /// Chance of a blocker per cell, in percent.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=100))]
    blockers: u8,
    /// Seed.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Print a JSON object.
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
struct PlayArgs {
    /// The rule variant (optional with --level, whose file names it).
    #[arg(long, value_enum, required_unless_present = "level")]
    rules: Option<Variant>,
    /// Play a level file: its board, move limit and goals.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["board", "preset", "size", "colors"])]
    level: Option<PathBuf>,
    /// Seed for a generated board or a level's random cells (and refills).
    #[arg(long, conflicts_with_all = ["board", "preset"])]
    seed: Option<u64>,
    /// Start from this board (notation or preset name).
    #[arg(long, conflicts_with = "preset")]
    board: Option<String>,
    /// Start from a preset.
    #[arg(long)]
    preset: Option<String>,
    /// Size of a generated board (default 8x8).
    #[arg(long, conflicts_with_all = ["board", "preset"])]
    size: Option<Size>,
    /// Palette size of a generated board (default 5).
    #[arg(long, conflicts_with_all = ["board", "preset"], value_parser = colors_arg())]
    colors: Option<u8>,
}

/// Input the command cannot work with: printed to stderr, exit code 2.
struct UsageError(String);

impl<E: std::fmt::Display> From<E> for UsageError {
    fn from(e: E) -> Self {
        UsageError(e.to_string())
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Resolve(args) => resolve(args),
        Command::Moves(args) => moves(args),
        Command::New(args) => new(args),
        Command::Play(args) => play(args),
        Command::Simulate(args) => simulate(args),
        Command::Compare(args) => compare(args),
        Command::Solve(args) => solve(args),
        Command::Merge(args) => merge(args),
        Command::Serve(args) => serve::run((args.bind, args.port).into(), args.max_games)
            .map_err(|e| UsageError(format!("serve on {}:{}: {e}", args.bind, args.port))),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(UsageError(message)) => {
            // Messages may quote files: their control characters are escaped.
            eprintln!("match3: {}", input::printable(&message));
            ExitCode::from(2)
        }
    }
}

/// Prints a line to stdout. A closed pipe (`match3 ... | head -1`) ends the program
/// quietly, as with other Unix tools; any other write error is reported.
fn emit(text: impl std::fmt::Display) {
    let mut stdout = io::stdout().lock();
    if let Err(e) = writeln!(stdout, "{text}").and_then(|()| stdout.flush()) {
        quit_on_output_error(&e);
    }
}

fn quit_on_output_error(e: &io::Error) -> ! {
    if e.kind() == io::ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    eprintln!("match3: cannot write output: {e}");
    std::process::exit(1);
}

/// A board from `--board`: a preset name (a lower-case word; notation letters are
/// capitals) or notation.
fn parse_board(variant: Variant, text: &str) -> Result<Board, UsageError> {
    variant.board(text).map_err(UsageError)
}

fn load(
    variant: Variant,
    text: &str,
    seed: u64,
    colors: Option<u8>,
) -> Result<Game<Box<dyn Rules>>, UsageError> {
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
    args: &BoardArgs,
    seed: u64,
    colors: Option<u8>,
) -> Result<Game<Box<dyn Rules>>, UsageError> {
    match (&args.level, &args.board, args.rules) {
        (Some(path), _, rules) => Ok(Opened::read(path, rules)?.game(seed)?),
        (None, Some(text), Some(variant)) => load(variant, text, seed, colors),
        _ => Err(UsageError(
            "give --rules and --board, or --level FILE".to_string(),
        )),
    }
}

fn resolve(args: ResolveArgs) -> Result<(), UsageError> {
    let mut game = open(&args.board, args.seed, args.colors)?;
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

fn moves(args: MovesArgs) -> Result<(), UsageError> {
    let game = open(&args.board, args.seed, None)?;
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

fn solve(args: SolveArgs) -> Result<(), UsageError> {
    use match3_solver::{Limits, Objective};
    let mut game = load(args.rules, &args.board, 0, None)?;
    let objective = match args.goal {
        GoalArg::Score => Objective::Score,
        GoalArg::Clear => Objective::Clear,
    };
    let limits = Limits {
        max_nodes: args.max_nodes,
        max_time: Some(std::time::Duration::from_secs_f64(args.max_seconds)),
    };
    let bound = args.rules.solver_bound();
    let found = match3_solver::solve_bounded(&game, objective, limits, &|board| {
        bound.map(|bound| bound(board))
    })?;
    // Replay the line for each move's points and the final board.
    let mut gains = Vec::new();
    for &mv in found.moves.as_deref().unwrap_or_default() {
        gains.push(game.play(mv)?.score());
    }
    let goal = match objective {
        Objective::Score => "score",
        Objective::Clear => "clear",
    };
    if args.json {
        let moves = (found.moves.as_ref())
            .map(|line| line.iter().map(|&m| json::mv(m)).collect::<Vec<_>>());
        emit(serde_json::json!({
            "goal": goal,
            "score": found.score,
            "moves": moves,
            "nodes": found.nodes,
            "optimal": found.optimal,
            "board": game.board().to_string(),
            "status": game.status().to_string(),
        }));
        return Ok(());
    }
    let proof = if found.optimal {
        "optimal".to_string()
    } else {
        format!(
            "NOT proven optimal: the budget of {} nodes or {} s ran out",
            args.max_nodes, args.max_seconds
        )
    };
    match (&found.moves, objective) {
        (Some(line), Objective::Score) => emit(format_args!(
            "best score {} in {} moves ({proof}, {} nodes)",
            found.score,
            line.len(),
            found.nodes
        )),
        (Some(line), Objective::Clear) => emit(format_args!(
            "clears in {} moves, scoring {} ({proof}, {} nodes)",
            line.len(),
            found.score,
            found.nodes
        )),
        (None, _) if found.optimal => emit(format_args!(
            "no line of moves clears this board (proven, {} nodes)",
            found.nodes
        )),
        (None, _) => emit(format_args!(
            "no clearing line found ({proof}, {} nodes)",
            found.nodes
        )),
    }
    for (i, (mv, gain)) in found.moves.iter().flatten().zip(&gains).enumerate() {
        emit(format_args!("{:>3}. {mv}  +{gain}", i + 1));
    }
    emit(format_args!(
        "board {}  status {}",
        game.board(),
        game.status()
    ));
    Ok(())
}

fn new(args: NewArgs) -> Result<(), UsageError> {
    if let Some(path) = &args.level {
        let level = Opened::read(path, args.rules)?;
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
    let variant = args.rules.expect("clap requires --rules without --level");
    let config = GameConfig {
        size: args.size,
        colors: args.colors,
        seed: args.seed,
        blocker_percent: args.blockers,
    };
    let game = Game::new(variant.rules(), config)?;
    if args.json {
        let out = serde_json::json!({
            "rules": game.rules().name(),
            "board": game.board().to_string(),
            "seed": args.seed,
            "size": args.size.to_string(),
            "colors": args.colors,
            "status": game.status().as_str(),
            "legal_moves": game.legal_moves().len(),
        });
        emit(out);
    } else {
        emit(render::grid(game.board(), None, stdout_style()).trim_end());
    }
    Ok(())
}

fn play(args: PlayArgs) -> Result<(), UsageError> {
    let seed = args.seed.unwrap_or(0);
    if let Some(path) = &args.level {
        let level = Opened::read(path, args.rules)?;
        let game = level.game(seed)?;
        return run_session(level.variant, game, seed);
    }
    let variant = args.rules.expect("clap requires --rules without --level");
    let generated = args.seed.is_some() || args.size.is_some() || args.colors.is_some();
    let game = match (&args.board, &args.preset) {
        (Some(text), _) => load(variant, text, seed, None)?,
        (_, Some(name)) => {
            let board = variant
                .preset(name)
                .ok_or_else(|| UsageError(variant.no_preset(name)))?;
            Game::from_board(variant.rules(), board, seed)?
        }
        // Asked for nothing in particular, a variant with presets starts on its first one.
        (None, None) if !generated && !variant.preset_names().is_empty() => {
            let board = variant
                .preset(&variant.preset_names()[0])
                .expect("listed preset");
            Game::from_board(variant.rules(), board, seed)?
        }
        _ => {
            let config = GameConfig {
                size: args.size.unwrap_or(GameConfig::new(seed).size),
                colors: args.colors.unwrap_or(GameConfig::new(seed).colors),
                seed,
                blocker_percent: 0,
            };
            Game::new(variant.rules(), config)?
        }
    };
    run_session(variant, game, seed)
}

/// Colour on a terminal, plain when piped or with `NO_COLOR`.
fn stdout_style() -> render::Style {
    render::Style::for_stdout(io::stdout().is_terminal())
}

fn run_session(variant: Variant, game: Game<Box<dyn Rules>>, seed: u64) -> Result<(), UsageError> {
    let style = stdout_style();
    let mut session = play::Session::new(variant, game, seed, style);
    match session.run(io::stdin().lock(), io::stdout().lock()) {
        Ok(()) => Ok(()),
        Err(play::Stopped::Input(e)) if e.kind() == io::ErrorKind::InvalidData => Err(UsageError(
            "cannot read the commands: the input is not UTF-8 text".to_string(),
        )),
        Err(play::Stopped::Input(e)) => Err(UsageError(format!("cannot read the commands: {e}"))),
        Err(play::Stopped::Output(e)) => quit_on_output_error(&e),
    }
}

fn simulate(args: SimulateArgs) -> Result<(), UsageError> {
    let run = &args.run;
    let shard = args.shard.unwrap_or(Shard::WHOLE);
    if let Some(path) = &args.plot {
        input::check_writable(path, "--plot")?;
    }
    let mut records = match &args.records {
        Some(path) => Some(records::Writer::create(path)?),
        None => None,
    };
    let mut each_game = |i: u32, game: &match3_bots::GameStats| {
        if let Some(w) = &mut records {
            w.write(i, game);
        }
    };
    let (header, plan, report) = if let Some(path) = &args.level {
        let level = Opened::read(path, args.rules)?;
        let plan = report::level_plan(&level, run.bot.into(), run.games, run.moves, run.seed);
        let label = level.file.name.clone();
        let report = report::run_level(&level, plan, shard, run.jobs(), &label, &mut each_game)?;
        (report::Header::level(&level), plan, report)
    } else {
        let variant = args.rules.expect("clap requires --rules without --level");
        if run.blockers > 0 && !variant.generates_blockers() {
            return Err(UsageError(format!(
                "--blockers {}: the {} rules generate no blockers (their boards start empty)",
                run.blockers,
                variant.name()
            )));
        }
        let plan = run.plan(variant);
        let report = report::run(
            variant,
            plan,
            shard,
            run.jobs(),
            variant.name(),
            &mut each_game,
        )
        .map_err(UsageError)?;
        (report::Header::variant(variant), plan, report)
    };
    if let Some(w) = records {
        w.finish()?;
    }
    if let Some(path) = &args.plot {
        report::plot_one(path, &header, &plan, &report)?;
    }
    if args.json {
        let mut v = report::json(&header, &plan, &report, !args.no_timing);
        if let Some(shard) = args.shard {
            merge::mark(&mut v, shard, &report);
        }
        emit(v);
    } else {
        emit(report::text(&header, &plan, &report).trim_end());
    }
    Ok(())
}

fn merge(args: MergeArgs) -> Result<(), UsageError> {
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

fn compare(args: CompareArgs) -> Result<(), UsageError> {
    if let Some(path) = &args.plot {
        input::check_writable(path, "--plot")?;
    }
    if let Some(dir) = &args.levels {
        return compare_levels(&args, dir);
    }
    let bots: Vec<BotKind> = if args.bots.is_empty() {
        vec![args.run.bot.into()]
    } else {
        args.bots.iter().map(|&b| b.into()).collect()
    };
    let mut rows = Vec::new();
    for variant in Variant::ALL {
        for &bot in &bots {
            let plan = match3_bots::Plan {
                bot,
                ..args.run.plan(variant)
            };
            let label = format!("{} {}", variant.name(), bot.name());
            let report = report::run(
                variant,
                plan,
                Shard::WHOLE,
                args.run.jobs(),
                &label,
                &mut |_, _| {},
            )
            .map_err(UsageError)?;
            rows.push((variant, plan, report));
        }
    }
    let timing = !args.no_timing;
    if let Some(path) = &args.plot {
        let series: Vec<plot::Series> = (rows.iter())
            .map(|(v, plan, r)| plot::Series {
                panel: v.name().to_string(),
                label: plan.bot.name().to_string(),
                stats: &r.stats,
            })
            .collect();
        let run = &args.run;
        let title = format!(
            "Final scores: {} games x up to {} moves, seed {}, {} board, {} colours",
            run.games, run.moves, run.seed, run.size, run.colors
        );
        plot::histograms(path, &title, &series)?;
    }
    if args.json {
        let list: Vec<_> = rows
            .iter()
            .map(|(v, plan, r)| report::json(&report::Header::variant(*v), plan, r, timing))
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
        emit(format_args!(
            "{} bot, {} games x up to {} moves, seed {}, {} board, {} colours{blockers}\n",
            names.join(", "),
            run.games,
            run.moves,
            run.seed,
            run.size,
            run.colors
        ));
        emit(report::table(&rows, timing).trim_end());
    }
    Ok(())
}

/// `compare --levels DIR`: every level with the random and the greedy bot.
fn compare_levels(args: &CompareArgs, dir: &std::path::Path) -> Result<(), UsageError> {
    let run = &args.run;
    let mut rows = Vec::new();
    let bots: Vec<BotKind> = if args.bots.is_empty() {
        vec![BotKind::Random, BotKind::Greedy]
    } else {
        args.bots.iter().map(|&b| b.into()).collect()
    };
    for path in level::files_in(dir)? {
        for &bot in &bots {
            let level = Opened::read(&path, None)?;
            let plan = report::level_plan(&level, bot, run.games, run.moves, run.seed);
            let label = format!("{} {}", level.file.name, bot.name());
            let report = report::run_level(
                &level,
                plan,
                Shard::WHOLE,
                run.jobs(),
                &label,
                &mut |_, _| {},
            )?;
            rows.push(report::LevelRow {
                level,
                plan,
                report,
            });
        }
    }
    report::sort_rows(&mut rows);
    if let Some(path) = &args.plot {
        let bars: Vec<plot::PassRate> = (rows.iter())
            .map(|r| {
                let (low, high) = r.report.pass_rate_interval();
                plot::PassRate {
                    level: r.level.file.name.clone(),
                    bot: r.plan.bot.name().to_string(),
                    rate: r.report.pass_rate(),
                    low,
                    high,
                }
            })
            .collect();
        let title = format!(
            "Pass rates: {} games per level and bot, seed {}",
            run.games, run.seed
        );
        let names: Vec<&str> = bots.iter().map(|b| b.name()).collect();
        plot::pass_rates(path, &title, &names, &bars)?;
    }
    if args.json {
        let list: Vec<_> = rows
            .iter()
            .map(|r| {
                let header = report::Header::level(&r.level);
                report::json(&header, &r.plan, &r.report, !args.no_timing)
            })
            .collect();
        emit(serde_json::Value::Array(list));
    } else {
        emit(format_args!(
            "{} games per level and bot, seed {}; easiest first\n",
            run.games, run.seed
        ));
        emit(report::difficulty_table(&rows).trim_end());
    }
    Ok(())
}
