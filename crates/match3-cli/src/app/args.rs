//! The command line's arguments, as clap reads them. `--rules` takes any registered
//! variant: [`super::App`] sets its possible values from the registry.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};
use match3_bots::{BotKind, MAX_JOBS, Shard};
use match3_core::{GameConfig, MAX_COLORS, Size};

use super::bot_arg::BotParser;
use crate::progress::Bars;
use crate::report::Workers;
use crate::simulate::SimulateRequest;
use crate::start::{GameRequest, LevelSource};
use crate::variant::Variant;
use crate::{coords::Coord, serve};

#[derive(Parser)]
#[command(
    name = "match3",
    version,
    about = "Pluggable match-3 rules: resolve, list moves, generate, play, simulate and compare bots, solve, serve"
)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub(crate) command: Command,
}

#[derive(Subcommand)]
pub(crate) enum Command {
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
    /// Check level files for what they allow that was probably not meant (0-star wins,
    /// goals met at the start, colours refills never make, runaway palettes).
    Lint(LintArgs),
}

#[derive(Args)]
pub(crate) struct LintArgs {
    /// The level files.
    #[arg(required = true, value_name = "LEVEL")]
    pub(crate) files: Vec<PathBuf>,
    /// Also propose star thresholds from the wins of --games greedy games.
    #[arg(long)]
    pub(crate) suggest_stars: bool,
    /// Greedy games played to see how wins score against the star thresholds.
    #[arg(long, default_value_t = 400)]
    pub(crate) games: u32,
    /// Seed for those games (and the deals solved).
    #[arg(long, default_value_t = 1)]
    pub(crate) seed: u64,
    /// On rules that draw no piece: deals of a seeded level the solver tries to prove
    /// unwinnable (the first of --seed, as `simulate` plays them; a fixed deal is one).
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub(crate) deals: u32,
    /// The solver's budget per deal, in positions.
    #[arg(long, default_value_t = 200_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) solve_nodes: u64,
    /// The solver's time budget for all the deals of a file, in seconds (a deal it cuts
    /// short counts as unknown).
    #[arg(long, default_value_t = 5.0, value_name = "SECS", value_parser = seconds_arg)]
    pub(crate) solve_seconds: f64,
    /// Print a JSON array of the warnings (and suggestions).
    #[arg(long)]
    pub(crate) json: bool,
}

#[derive(Args)]
pub(crate) struct ServeArgs {
    /// Port to listen on (0: any free port).
    #[arg(long, default_value_t = 8080)]
    pub(crate) port: u16,
    /// Address to bind; localhost by default, so only this machine can connect.
    #[arg(long, default_value = "127.0.0.1")]
    pub(crate) bind: std::net::IpAddr,
    /// Games kept at once (sized for 256 MiB of 16x16 games). Beyond this the least
    /// recently used is dropped once unused for five minutes; while every game is in
    /// play, new games are refused (503) until one is.
    #[arg(long, default_value_t = serve::DEFAULT_CAP)]
    pub(crate) max_games: usize,
    /// Connections served at once; more wait until one closes. Keep it below the
    /// process's file descriptor limit (`ulimit -n`).
    #[arg(long, default_value_t = serve::MAX_CONNECTIONS, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=65_536))]
    pub(crate) max_connections: usize,
}

impl ServeArgs {
    /// The server's limits: the defaults, with the two the command line sets.
    pub(crate) fn limits(&self) -> serve::Limits {
        serve::Limits {
            max_games: self.max_games,
            max_connections: self.max_connections,
            ..serve::Limits::default()
        }
    }
}

#[derive(Args)]
pub(crate) struct RunArgs {
    /// The bot: one of the names below, or greedy:P for a weaker greedy.
    #[arg(long, value_name = "BOT", value_parser = BotParser, default_value = "greedy")]
    pub(crate) bot: BotKind,
    /// Number of games.
    #[arg(long, default_value_t = 50)]
    pub(crate) games: u32,
    /// Move limit per game (at most 10000; a level's own limit replaces it).
    #[arg(long, default_value_t = 50, value_parser = clap::value_parser!(u32).range(0..=i64::from(match3_levels::MAX_MOVES)))]
    pub(crate) moves: u32,
    /// Base seed; game i uses a seed derived from it and i only.
    #[arg(long, default_value_t = 1)]
    pub(crate) seed: u64,
    /// Worker threads (0: one per core; at most 256). Results do not depend on it.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u64).range(0..=MAX_JOBS as u64))]
    pub(crate) jobs: u64,
    /// Board size, ROWSxCOLS (each side 1 to 32; default: the variant's, 8x8 for the
    /// bundled ones).
    #[arg(long)]
    pub(crate) size: Option<Size>,
    /// Palette size (2 to 26 for refilling variants; default: the variant's, 5 for the
    /// bundled ones).
    #[arg(long, value_parser = colors_arg())]
    pub(crate) colors: Option<u8>,
    /// Chance of a blocker per cell, in percent (variants that generate blockers).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=100))]
    pub(crate) blockers: u8,
}

/// `--colors`: a palette of 1 to 26 letters (a refilling variant asks for 2 or more).
pub(crate) fn colors_arg() -> clap::builder::RangedI64ValueParser<u8> {
    clap::value_parser!(u8).range(1..=i64::from(MAX_COLORS))
}

impl RunArgs {
    pub(crate) fn jobs(&self) -> usize {
        usize::try_from(self.jobs).expect("at most MAX_JOBS")
    }

    /// `--jobs` threads, with a progress bar on a terminal.
    pub(crate) fn workers(&self) -> Workers<'static> {
        Workers {
            jobs: self.jobs(),
            progress: &Bars,
        }
    }

    /// The plan for `variant`: blockers only where the variant generates them.
    pub(crate) fn plan(&self, variant: &Variant) -> match3_bots::Plan {
        match3_bots::Plan {
            config: GameConfig {
                size: self.size.unwrap_or(variant.default_size()),
                colors: self.colors.unwrap_or(variant.default_colors()),
                seed: self.seed,
                blocker_percent: if variant.generates_blockers() {
                    self.blockers
                } else {
                    0
                },
            },
            bot: self.bot,
            games: self.games,
            moves: self.moves,
        }
    }
}

#[derive(Args)]
pub(crate) struct SimulateArgs {
    /// The rule variant (optional with --level, whose file names it).
    #[arg(long, required_unless_present = "level")]
    pub(crate) rules: Option<String>,
    /// Play this level file instead of generated boards: its board, palette and move
    /// limit (--moves caps only levels without a limit); reports the pass rate.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["size", "colors", "blockers"])]
    pub(crate) level: Option<PathBuf>,
    #[command(flatten)]
    pub(crate) run: RunArgs,
    /// Print one JSON object.
    #[arg(long)]
    pub(crate) json: bool,
    /// With --json: print null for the wall-clock fields, so any --jobs gives the same bytes.
    #[arg(long)]
    pub(crate) no_timing: bool,
    /// Play only games I, I+N, I+2N, … of the run (0 ≤ I < N), for an array job; the
    /// JSON output then carries what `match3 merge` needs to give the whole run's result.
    #[arg(long, value_name = "I/N", requires = "json")]
    pub(crate) shard: Option<Shard>,
    /// Write one JSON line per game to FILE (game, seed, score, moves, result, …), in
    /// game order.
    #[arg(long, value_name = "FILE")]
    pub(crate) records: Option<PathBuf>,
    /// Draw the histogram of final scores into FILE (SVG).
    #[arg(long, value_name = "FILE.svg")]
    pub(crate) plot: Option<PathBuf>,
    /// With --level on rules that draw no piece: solve each game's deal for a win first,
    /// and report how many deals can be won and the pass rate on those alone.
    #[arg(long, requires = "level", conflicts_with = "shard")]
    pub(crate) solve: bool,
    /// The solver's node budget per deal with --solve; a deal it cannot decide within
    /// it counts as unknown (unless the bot won it).
    #[arg(long, default_value_t = 100_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) solve_nodes: u64,
    /// The solver's time budget per deal with --solve, in seconds: a deal it cuts short
    /// counts as unknown and the output says how many did (only those make the result
    /// depend on the machine's speed).
    #[arg(long, default_value_t = 5.0, value_name = "SECS", value_parser = seconds_arg)]
    pub(crate) solve_seconds: f64,
    /// With --level: play games in blocks (100, then 200, 400, …, at most --games; each
    /// block extends the games played) until the pass rate's 95% interval is at most P
    /// either side (a fraction: 0.02 is ±2 points); reports games_played and
    /// precision_met, and warns when --games ran out first. Works with --records and
    /// --solve (every game played is recorded and solved once).
    #[arg(long, value_name = "P", requires = "level", conflicts_with = "shard", value_parser = precision_arg)]
    pub(crate) precision: Option<f64>,
    /// With --level: run once per value of one of the level's numbers and print a row
    /// each: `moves=8..12`, `colors=4,5,6`, `goal1=1000..3000:500` (the first goal's
    /// target or count). Repeated, a grid: a row per combination of the keys' values
    /// (`--set moves=10..14 --set goal1=20..40:5`, the first key varying slowest). With
    /// --solve, each row's deals are solved too.
    #[arg(long, value_name = "KEY=VALUES", requires = "level", conflicts_with_all = ["shard", "records", "plot", "plot_leftover"])]
    pub(crate) set: Vec<crate::sweep::Sweep>,
    /// With --set: print CSV, a line per row (each set key's value first), for
    /// spreadsheets.
    #[arg(long, requires = "set", conflicts_with = "json")]
    pub(crate) csv: bool,
    /// With --level: draw into FILE (SVG) where the lost games left their unmet goals: a
    /// square per board cell, shaded by the share of lost games that ended with jelly or
    /// a crate of an unmet goal on it (levels with a jelly or crates goal).
    #[arg(
        long,
        value_name = "FILE.svg",
        requires = "level",
        conflicts_with = "shard"
    )]
    pub(crate) plot_leftover: Option<PathBuf>,
}

impl SimulateArgs {
    /// The simulation the arguments ask for.
    pub(crate) fn request(&self) -> SimulateRequest {
        let run = &self.run;
        let game = GameRequest {
            rules: self.rules.clone(),
            level: self.level.clone().map(LevelSource::File),
            seed: run.seed,
            size: run.size,
            colors: run.colors,
            blockers: run.blockers,
            ..GameRequest::default()
        };
        SimulateRequest {
            game,
            bot: run.bot,
            games: run.games,
            moves: run.moves,
            precision: self.precision,
            solve: self.solve.then(|| self.deal_budget()),
            shard: self.shard,
        }
    }

    /// `--solve`'s budget per deal.
    pub(crate) fn deal_budget(&self) -> crate::deals::DealBudget {
        crate::deals::DealBudget {
            nodes: self.solve_nodes,
            time: std::time::Duration::from_secs_f64(self.solve_seconds),
        }
    }
}

#[derive(Args)]
pub(crate) struct MergeArgs {
    /// The shards' outputs (`simulate --shard I/N --json`), one file each, any order.
    #[arg(required = true, value_name = "FILES")]
    pub(crate) files: Vec<PathBuf>,
    /// Print one JSON object, as the unsharded `simulate --json` would.
    #[arg(long)]
    pub(crate) json: bool,
    /// With --json: print null for the wall-clock fields (byte-identical to an unsharded
    /// `simulate --json --no-timing`).
    #[arg(long)]
    pub(crate) no_timing: bool,
    /// Draw the whole run's histogram of final scores into FILE (SVG).
    #[arg(long, value_name = "FILE.svg")]
    pub(crate) plot: Option<PathBuf>,
}

#[derive(Args)]
pub(crate) struct CompareArgs {
    #[command(flatten)]
    pub(crate) run: RunArgs,
    /// Instead of the variants: every level file (*.toml) in this directory, with each
    /// of --bots (default: random and greedy); prints the difficulty table.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["size", "colors", "blockers", "bot"])]
    pub(crate) levels: Option<PathBuf>,
    /// Several bots, comma-separated, each over the same games: the strength ladder is
    /// `--bots random,greedy,lookahead,mcts`; skills of greedy are
    /// `--bots random,greedy:0.5,greedy`.
    #[arg(
        long,
        value_parser = BotParser,
        value_delimiter = ',',
        value_name = "BOTS",
        conflicts_with = "bot"
    )]
    pub(crate) bots: Vec<BotKind>,
    /// Draw into FILE (SVG): score histograms, one panel per variant with a colour per
    /// bot; with --levels, the pass rate of every level and bot with its 95% interval.
    #[arg(long, value_name = "FILE.svg")]
    pub(crate) plot: Option<PathBuf>,
    /// Print a JSON array, one object per variant (with --levels, per level and bot).
    #[arg(long)]
    pub(crate) json: bool,
    /// Leave out the wall-clock columns (null in JSON), so any --jobs gives the same bytes.
    #[arg(long)]
    pub(crate) no_timing: bool,
    /// With --levels: the order of the levels. `file` (the table's default) keeps the
    /// level sequence, `pass` puts the easiest first (the JSON's default).
    #[arg(long, value_enum, requires = "levels")]
    pub(crate) sort: Option<SortArg>,
    /// With --levels: play each level and bot in blocks until its pass rate's 95%
    /// interval is at most P either side (at most --games games).
    #[arg(long, value_name = "P", requires = "levels", value_parser = precision_arg)]
    pub(crate) precision: Option<f64>,
    /// With --levels: print CSV, one line per level and bot, for spreadsheets.
    #[arg(long, requires = "levels", conflicts_with = "json")]
    pub(crate) csv: bool,
    /// With --levels and --plot: shade the target band of pass rates, as fractions
    /// (`0.3..0.6`).
    #[arg(long, value_name = "LO..HI", requires = "levels", value_parser = target_arg)]
    pub(crate) target: Option<(f64, f64)>,
    /// With --levels: check the last bot's pass rates against a level-sequence template
    /// (`sawtooth`: 80, 72, 64, 56% over each group of four levels, each group 6 points
    /// lower), flag the levels whose interval is more than 10 points off it, and draw it
    /// on the --plot.
    #[arg(long, value_enum, requires = "levels")]
    pub(crate) template: Option<crate::template::Template>,
}

/// `compare --levels --sort`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum SortArg {
    /// The levels in file order: the level sequence a player meets.
    File,
    /// Easiest (highest pass rate) first.
    Pass,
}

/// `--target LO..HI`: two fractions from 0 to 1, the first no higher.
pub(crate) fn target_arg(text: &str) -> Result<(f64, f64), String> {
    let bad = || format!("{text}: give the band as LO..HI, fractions from 0 to 1 such as 0.3..0.6");
    let (lo, hi) = text.split_once("..").ok_or_else(bad)?;
    let (lo, hi): (f64, f64) = (
        lo.trim().parse().map_err(|_| bad())?,
        hi.trim().parse().map_err(|_| bad())?,
    );
    if (0.0..=1.0).contains(&lo) && (0.0..=1.0).contains(&hi) && lo <= hi {
        Ok((lo, hi))
    } else {
        Err(bad())
    }
}

#[derive(Args)]
pub(crate) struct BoardArgs {
    /// The rule variant (optional with --level, whose file names it).
    #[arg(long, required_unless_present = "level")]
    pub(crate) rules: Option<String>,
    /// The board: notation such as AABC/BCAB/CBAC/ABCA (holes `_` allowed), or a preset
    /// name.
    #[arg(long, required_unless_present = "level", conflicts_with = "level")]
    pub(crate) board: Option<String>,
    /// A level file: its board (random cells drawn with --seed), limit and goals.
    #[arg(long, value_name = "FILE")]
    pub(crate) level: Option<PathBuf>,
}

#[derive(Args)]
pub(crate) struct ResolveArgs {
    #[command(flatten)]
    pub(crate) board: BoardArgs,
    /// Swap two cells: --swap R,C R,C (the first cell's piece moves onto the second).
    #[arg(long, num_args = 2, value_names = ["R,C", "R,C"], conflicts_with_all = ["drop", "tap"])]
    pub(crate) swap: Option<Vec<Coord>>,
    /// Drop the next piece into a column.
    #[arg(long, value_name = "COL", conflicts_with = "tap")]
    pub(crate) drop: Option<u32>,
    /// Tap a cell.
    #[arg(long, value_name = "R,C")]
    pub(crate) tap: Option<Coord>,
    /// Seed for refills and next pieces.
    #[arg(long, default_value_t = 0)]
    pub(crate) seed: u64,
    /// Palette size for refills and next pieces (default: up to the highest colour on
    /// the board, at least 5). Only for variants that draw new pieces.
    #[arg(long, value_parser = colors_arg(), conflicts_with = "level")]
    pub(crate) colors: Option<u8>,
    /// Print one JSON object.
    #[arg(long)]
    pub(crate) json: bool,
}

#[derive(Args)]
pub(crate) struct MovesArgs {
    #[command(flatten)]
    pub(crate) board: BoardArgs,
    /// Seed for a level's random cells.
    #[arg(long, default_value_t = 0)]
    pub(crate) seed: u64,
    /// Print a JSON array.
    #[arg(long)]
    pub(crate) json: bool,
    /// Add each move's score: what it scores this turn, cascades included, with the
    /// refills the game would really draw.
    #[arg(long)]
    pub(crate) scores: bool,
}

#[derive(Args)]
pub(crate) struct SolveArgs {
    /// The rule variant: one that draws no new pieces (finite, clusters-tap); optional
    /// with --level, whose file names it.
    #[arg(long, required_unless_present = "level")]
    pub(crate) rules: Option<String>,
    /// The board: notation or a preset name.
    #[arg(long, required_unless_present = "level", conflicts_with = "level")]
    pub(crate) board: Option<String>,
    /// Solve a level file for a win: the fewest moves that meet every goal within its
    /// move limit, or a proof that the deal cannot be won.
    #[arg(long, value_name = "FILE")]
    pub(crate) level: Option<PathBuf>,
    /// Seed for the level's random cells (`?`), drawn as `new --level` draws them
    /// (default 0).
    #[arg(long)]
    pub(crate) seed: Option<u64>,
    /// What to solve a board for: the best final score, or the fewest moves that clear
    /// it.
    #[arg(long, value_enum, default_value = "score", conflicts_with = "level")]
    pub(crate) goal: GoalArg,
    /// The most positions to expand; past it the answer is the best line found, marked
    /// not optimal.
    #[arg(long, default_value_t = match3_solver::DEFAULT_MAX_NODES, value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) max_nodes: u64,
    /// The most seconds to search; past it the answer is the best line found, marked not
    /// optimal (then the answer depends on the machine's speed: --max-nodes alone is
    /// reproducible).
    #[arg(long, default_value_t = 30.0, value_name = "SECS", value_parser = seconds_arg)]
    pub(crate) max_seconds: f64,
    /// Print one JSON object.
    #[arg(long)]
    pub(crate) json: bool,
}

/// `--max-seconds`: a positive number of seconds, at most a year.
pub(crate) fn seconds_arg(text: &str) -> Result<f64, String> {
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
pub(crate) enum GoalArg {
    /// The highest final score.
    Score,
    /// The fewest moves that leave no piece.
    Clear,
}

#[derive(Args)]
pub(crate) struct NewArgs {
    /// The rule variant (optional with --level, whose file names it).
    #[arg(long, required_unless_present = "level")]
    pub(crate) rules: Option<String>,
    /// Start this level file instead: prints its board with the random cells drawn.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["size", "colors", "blockers"])]
    pub(crate) level: Option<PathBuf>,
    /// Board size, ROWSxCOLS (each side 1 to 32; default: the variant's, 8x8 for the
    /// bundled ones).
    #[arg(long)]
    pub(crate) size: Option<Size>,
    /// Palette size (default: the variant's, 5 for the bundled ones).
    #[arg(long, value_parser = colors_arg())]
    pub(crate) colors: Option<u8>,
    /// Chance of a blocker per cell, in percent.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=100))]
    pub(crate) blockers: u8,
    /// Seed.
    #[arg(long, default_value_t = 0)]
    pub(crate) seed: u64,
    /// Print a JSON object.
    #[arg(long)]
    pub(crate) json: bool,
}

#[derive(Args)]
pub(crate) struct PlayArgs {
    /// The rule variant (optional with --level, whose file names it).
    #[arg(long, required_unless_present = "level")]
    pub(crate) rules: Option<String>,
    /// Play a level file: its board, move limit and goals.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["board", "preset", "size", "colors"])]
    pub(crate) level: Option<PathBuf>,
    /// Seed for a generated board or a level's random cells (and refills).
    #[arg(long, conflicts_with_all = ["board", "preset"])]
    pub(crate) seed: Option<u64>,
    /// Start from this board (notation or preset name).
    #[arg(long, conflicts_with = "preset")]
    pub(crate) board: Option<String>,
    /// Start from a preset.
    #[arg(long)]
    pub(crate) preset: Option<String>,
    /// Size of a generated board (default: the variant's, 8x8 for the bundled ones).
    #[arg(long, conflicts_with_all = ["board", "preset"])]
    pub(crate) size: Option<Size>,
    /// Palette size of a generated board (default: the variant's, 5 for the bundled
    /// ones).
    #[arg(long, conflicts_with_all = ["board", "preset"], value_parser = colors_arg())]
    pub(crate) colors: Option<u8>,
    /// Play these moves first, as if typed: separated by `;`, or the JSON array of a
    /// `simulate --records` line's `line` (with the record's `seed`, the game replays).
    #[arg(long, value_name = "MOVES")]
    pub(crate) replay: Option<String>,
}

/// `--precision P`: a half-width above 0 and at most 0.5.
pub(crate) fn precision_arg(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(p) if match3_app::simulate::precision_in_range(p) => Ok(p),
        _ => Err(format!(
            "{text}: give the interval's half-width as a fraction above 0 and at most 0.5 (0.02 is ±2 points)"
        )),
    }
}
