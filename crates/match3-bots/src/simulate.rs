//! Seeded simulation: many games, one bot, statistics that do not depend on threading.

use std::collections::BTreeMap;
use std::fmt;
use std::time::{Duration, Instant};

use match3_core::{
    Fire, Game, GameConfig, GoalProgress, Move, NoTrace, Piece, Pos, Rules, SetupError, Sink,
    Status,
};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::bot::{AnyBot, Bot, BotKind};
use crate::distinct::{deal_hash, draws_pieces, fingerprint};
use crate::leftover::unmet_cells;
use crate::outcomes::LevelOutcomes;

/// What to simulate.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    /// Board size, palette, blockers; `seed` is the base seed S.
    pub config: GameConfig,
    /// The bot.
    pub bot: BotKind,
    /// Number of games N.
    pub games: u32,
    /// Move limit M per game.
    pub moves: u32,
}

/// The seed of game `i` under base seed `seed`: a SplitMix64 step of both, so games are
/// independent and game `i` is the same whatever else runs.
pub fn game_seed(seed: u64, i: u32) -> u64 {
    splitmix64(seed ^ splitmix64(u64::from(i).wrapping_add(0x9e37_79b9_7f4a_7c15)))
}

/// The bot's seed for a game seed.
pub fn bot_seed(game_seed: u64) -> u64 {
    splitmix64(game_seed ^ 0xb07_b07_b07)
}

fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Why a game stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    /// The move limit was reached with moves still left.
    #[default]
    MoveLimit,
    /// No legal move was left (status `NoMoves`).
    NoMoves,
    /// The board was cleared (status `Cleared`).
    Cleared,
    /// A level was won (status `Won`).
    Won,
    /// A level was lost (status `Lost`).
    Lost,
    /// The engine rejected the bot's move (a bug or a runaway cascade); the game's
    /// statistics stop at the move before.
    Error,
}

impl Ending {
    /// `move_limit`, `no_moves`, `cleared` or `error`.
    pub fn as_str(self) -> &'static str {
        match self {
            Ending::MoveLimit => "move_limit",
            Ending::NoMoves => "no_moves",
            Ending::Cleared => "cleared",
            Ending::Won => "won",
            Ending::Lost => "lost",
            Ending::Error => "error",
        }
    }
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Ending::MoveLimit => "move limit",
            Ending::NoMoves => "no moves",
            Ending::Cleared => "cleared",
            Ending::Won => "won",
            Ending::Lost => "lost",
            Ending::Error => "engine error",
        })
    }
}

/// One game's outcome.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct GameStats {
    /// The game's seed.
    pub seed: u64,
    /// Final score.
    pub score: u64,
    /// Moves played.
    pub moves: u32,
    /// Phases over all moves (chain lengths summed).
    pub phases: u64,
    /// Longest chain in one move.
    pub longest_chain: u32,
    /// Specials created.
    pub specials_created: u64,
    /// Specials (and combos) fired.
    pub specials_fired: u64,
    /// Why the game stopped.
    pub ending: Ending,
    /// Shuffles on deadlock.
    pub shuffles: u32,
    /// Stars earned (0 unless a level was won).
    pub stars: u32,
    /// The engine's message, when `ending` is [`Ending::Error`].
    pub error: Option<String>,
    /// Moves left under the level's limit at the end (`None` without a limit).
    pub moves_left: Option<u32>,
    /// Each goal of the level at the end, in the level's order (empty without goals).
    pub goals: Vec<GoalProgress>,
    /// The moves the bot played, in order: with the seed, they replay the game.
    pub line: Vec<Move>,
    /// Which game this was, as a 64-bit hash of its deal and line: equal for games that
    /// played alike ([`DistinctGames`](crate::DistinctGames)).
    pub fingerprint: u64,
    /// For a game lost out of moves and continued ([`play_out_with`]): how many extra
    /// moves it needed to win; `None` when it did not win within them or was not
    /// continued.
    pub extra_moves_to_win: Option<u32>,
    /// For a lost game, row masks (bit `c` of entry `r` is the cell `(r, c)`) of the
    /// cells that still held what an unmet goal counts on the board: jelly for a jelly
    /// goal, a crate for a crates goal. Empty for any other game, and when the unmet
    /// goals count nothing on the board (score, collect). [`Leftover`](crate::Leftover)
    /// adds them up.
    pub unmet_cells: Vec<u32>,
}

/// Counts specials without recording anything.
#[derive(Default)]
struct Counter {
    created: u64,
    fired: u64,
}

impl Sink for Counter {
    fn created(&mut self, _: Pos, _: u32, _: Piece) {
        self.created += 1;
    }
    fn fired(&mut self, _: Fire, _: &match3_core::CellSet) {
        self.fired += 1;
    }
}

/// Plays one game: `rules` on a new board of `config` with game seed `seed`, until the
/// move limit, the end of the game, or an engine error (recorded, never hidden).
pub fn play_game<R: Rules>(
    rules: R,
    config: GameConfig,
    bot: BotKind,
    moves: u32,
) -> Result<GameStats, SetupError> {
    Ok(play_out(Game::new(rules, config)?, config.seed, bot, moves))
}

/// Plays `game` (started from game seed `seed`) with `bot` until `moves` moves, the end of
/// the game, or an engine error.
pub fn play_out<R: Rules>(game: Game<R>, seed: u64, bot: BotKind, moves: u32) -> GameStats {
    play_out_with(game, seed, bot, moves, 0)
}

/// [`play_out`], and then, when `extra_moves` is above 0 and the game was lost out of
/// moves, its continuation: the same game given `extra_moves` more moves, played on by
/// the same bot, as a player who buys more moves at the end of a level would.
/// [`GameStats::extra_moves_to_win`] says how many of them it needed to win. The game's
/// own statistics are those of the game within its limit, whatever the continuation did.
///
/// For bots whose choices do not depend on the moves left (random, greedy and
/// `greedy:P`), a game won after `k` extra moves is exactly the game the same seed plays
/// with a limit `k` higher.
pub fn play_out_with<R: Rules>(
    game: Game<R>,
    seed: u64,
    kind: BotKind,
    moves: u32,
    extra_moves: u32,
) -> GameStats {
    let mut bot = kind.build(bot_seed(seed));
    // Chance after the deal (pieces drawn, a shuffle) makes the seed part of the game;
    // the deal is hashed only where it may decide it (hashing costs ~80 instructions a
    // move of a 50-move game).
    let deal = (!draws_pieces(game.rules())).then(|| deal_hash(game.board()));
    let (mut stats, game) = play_line(game, seed, &mut bot, moves);
    let (start, by_seed) = match deal {
        Some(deal) if stats.shuffles == 0 => (deal, false),
        _ => (seed, true),
    };
    stats.fingerprint = fingerprint(start, by_seed, &stats.line);
    if extra_moves > 0 && stats.ending == Ending::Lost && stats.moves_left == Some(0) {
        stats.extra_moves_to_win = continuation(game, &stats.line, &mut bot, extra_moves);
    }
    stats
}

/// The game played by `bot` to its end, and its statistics (all but the fingerprint).
fn play_line<R: Rules>(
    mut game: Game<R>,
    seed: u64,
    bot: &mut AnyBot,
    moves: u32,
) -> (GameStats, Game<R>) {
    let mut stats = GameStats {
        seed,
        // One allocation a game: the line is at most the move limit long.
        line: Vec::with_capacity(moves.min(1024) as usize),
        ..GameStats::default()
    };
    let mut counter = Counter::default();
    while stats.moves < moves && game.status() == Status::Playable {
        let Some(mv) = bot.choose(&game) else {
            stats.error = Some(format!(
                "move {}: the bot found no move on a playable board",
                stats.moves + 1
            ));
            break;
        };
        match game.play_with(mv, &mut counter) {
            Ok(turn) => {
                stats.line.push(mv);
                stats.moves += 1;
                stats.phases += u64::from(turn.phases);
                stats.longest_chain = stats.longest_chain.max(turn.phases);
            }
            Err(e) => {
                stats.error = Some(format!("move {} ({mv}): {e}", stats.moves + 1));
                break;
            }
        }
    }
    stats.score = game.score();
    stats.specials_created = counter.created;
    stats.specials_fired = counter.fired;
    stats.shuffles = game.shuffles();
    stats.stars = game.stars();
    stats.moves_left = game.moves_left();
    stats.goals = game.goals();
    stats.ending = match game.status() {
        _ if stats.error.is_some() => Ending::Error,
        Status::NoMoves => Ending::NoMoves,
        Status::Cleared => Ending::Cleared,
        Status::Won => Ending::Won,
        Status::Lost => Ending::Lost,
        Status::Playable => Ending::MoveLimit,
    };
    if stats.ending == Ending::Lost {
        stats.unmet_cells = unmet_cells(game.board(), &stats.goals);
    }
    (stats, game)
}

/// How many of `extra` more moves `bot` needs to win the game lost along `line`: the
/// game restarted under a limit `extra` higher, `line` replayed (the engine is
/// deterministic, so it reaches the same position), then the bot plays on. `None` when
/// it does not win within them, or the level cannot take the higher limit.
fn continuation<R: Rules>(
    game: Game<R>,
    line: &[Move],
    bot: &mut AnyBot,
    extra: u32,
) -> Option<u32> {
    let mut level = game.level().clone();
    level.moves = Some(level.moves?.checked_add(extra)?);
    let mut longer = game.with_level(level).ok()?;
    for &mv in line {
        longer.play_with(mv, &mut NoTrace).ok()?;
    }
    for k in 1..=extra {
        let mv = bot.choose(&longer)?;
        longer.play_with(mv, &mut NoTrace).ok()?;
        match longer.status() {
            Status::Won => return Some(k),
            Status::Playable => {}
            _ => return None,
        }
    }
    None
}

/// The first engine error of a simulation: which game, its seed, and the message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameError {
    /// The game's index `i` in the run.
    pub game: u32,
    /// The game's seed.
    pub seed: u64,
    /// What the engine said.
    pub message: String,
}

/// Exact statistics over any number of games, in memory that does not grow with the
/// number of games: sums, maxima, counts per ending, and a histogram of final scores
/// (one entry per distinct score) for exact medians and percentiles.
///
/// Merging is associative and commutative, so statistics gathered on any number of
/// threads, in any order, are identical.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Stats {
    /// Games played.
    pub games: u64,
    /// Moves played over all games.
    pub moves: u64,
    /// Phases over all moves.
    pub phases: u64,
    /// Longest chain in one move.
    pub longest_chain: u32,
    /// Sum of final scores.
    pub score_sum: u128,
    /// How many games ended with each final score.
    pub scores: BTreeMap<u64, u64>,
    /// Specials created.
    pub specials_created: u64,
    /// Specials (and combos) fired.
    pub specials_fired: u64,
    /// Games that reached the move limit.
    pub move_limit: u64,
    /// Games that ended with no legal move.
    pub no_moves: u64,
    /// Games that ended with the board cleared.
    pub cleared: u64,
    /// Levels won.
    #[serde(default)]
    pub won: u64,
    /// Levels lost.
    #[serde(default)]
    pub lost: u64,
    /// Shuffles on deadlock over all games.
    #[serde(default)]
    pub shuffles: u64,
    /// Games by stars earned: 0, 1, 2, 3 (more thresholds count as 3).
    #[serde(default)]
    pub stars: [u64; 4],
    /// Games stopped by an engine error.
    pub errors: u64,
    /// The error of the lowest-numbered game that had one.
    pub first_error: Option<GameError>,
    /// How level games ended (absent for games without goals).
    #[serde(default, skip_serializing_if = "LevelOutcomes::is_empty")]
    pub level: LevelOutcomes,
}

impl Stats {
    /// Adds game number `index`'s outcome.
    pub fn add(&mut self, index: u32, game: &GameStats) {
        self.games += 1;
        self.moves += u64::from(game.moves);
        self.phases += game.phases;
        self.longest_chain = self.longest_chain.max(game.longest_chain);
        self.score_sum += u128::from(game.score);
        *self.scores.entry(game.score).or_default() += 1;
        self.specials_created += game.specials_created;
        self.specials_fired += game.specials_fired;
        match game.ending {
            Ending::MoveLimit => self.move_limit += 1,
            Ending::NoMoves => self.no_moves += 1,
            Ending::Cleared => self.cleared += 1,
            Ending::Won => self.won += 1,
            Ending::Lost => self.lost += 1,
            Ending::Error => self.errors += 1,
        }
        self.shuffles += u64::from(game.shuffles);
        self.stars[game.stars.min(3) as usize] += 1;
        self.level.add(game);
        if let Some(message) = &game.error {
            self.keep_error(GameError {
                game: index,
                seed: game.seed,
                message: message.clone(),
            });
        }
    }

    fn keep_error(&mut self, error: GameError) {
        if self
            .first_error
            .as_ref()
            .is_none_or(|e| error.game < e.game)
        {
            self.first_error = Some(error);
        }
    }

    /// Combines statistics of disjoint sets of games.
    ///
    /// # Panics
    ///
    /// When a count overflows, which no real run reaches; statistics read from files go
    /// through [`checked_merge`](Stats::checked_merge).
    pub fn merge(self, other: Stats) -> Stats {
        self.checked_merge(other)
            .expect("the counts of real games fit in 64 bits")
    }

    /// [`merge`](Stats::merge), or `None` when a sum overflows (tampered statistics).
    pub fn checked_merge(mut self, other: Stats) -> Option<Stats> {
        let add = |a: &mut u64, b: u64| a.checked_add(b).map(|sum| *a = sum);
        add(&mut self.games, other.games)?;
        add(&mut self.moves, other.moves)?;
        add(&mut self.phases, other.phases)?;
        self.longest_chain = self.longest_chain.max(other.longest_chain);
        self.score_sum = self.score_sum.checked_add(other.score_sum)?;
        for (score, n) in other.scores {
            add(self.scores.entry(score).or_default(), n)?;
        }
        add(&mut self.specials_created, other.specials_created)?;
        add(&mut self.specials_fired, other.specials_fired)?;
        add(&mut self.move_limit, other.move_limit)?;
        add(&mut self.no_moves, other.no_moves)?;
        add(&mut self.cleared, other.cleared)?;
        add(&mut self.won, other.won)?;
        add(&mut self.lost, other.lost)?;
        add(&mut self.shuffles, other.shuffles)?;
        for (mine, theirs) in self.stars.iter_mut().zip(other.stars) {
            add(mine, theirs)?;
        }
        add(&mut self.errors, other.errors)?;
        if let Some(e) = other.first_error {
            self.keep_error(e);
        }
        self.level = self.level.checked_merge(other.level)?;
        Some(self)
    }

    /// Checks that these statistics could be those of `games` games of at most
    /// `move_limit` moves each: the histogram, the endings and the stars each count every
    /// game once, the score sum is the histogram's, and no game has more moves than the
    /// limit. A file of statistics that fails this was edited; the message says where.
    pub fn check(&self, games: u64, move_limit: u32) -> Result<(), String> {
        let fail = |what: &str| Err(format!("{what}, for {games} games"));
        if self.games != games {
            return fail(&format!("games is {}", self.games));
        }
        let counted = self
            .scores
            .values()
            .try_fold(0u64, |sum, &n| sum.checked_add(n));
        if counted != Some(games) {
            return fail("the score histogram does not count each game once");
        }
        let sum = self.scores.iter().try_fold(0u128, |sum, (&score, &n)| {
            sum.checked_add(u128::from(score) * u128::from(n))
        });
        if sum != Some(self.score_sum) {
            return fail(&format!(
                "score_sum {} is not the histogram's",
                self.score_sum
            ));
        }
        let endings = [
            self.move_limit,
            self.no_moves,
            self.cleared,
            self.won,
            self.lost,
            self.errors,
        ];
        if endings.iter().try_fold(0u64, |s, &n| s.checked_add(n)) != Some(games) {
            return fail("the endings do not count each game once");
        }
        if self.stars.iter().try_fold(0u64, |s, &n| s.checked_add(n)) != Some(games) {
            return fail("the stars do not count each game once");
        }
        if u128::from(self.moves) > u128::from(games) * u128::from(move_limit) {
            return fail(&format!(
                "moves {} is above {move_limit} a game",
                self.moves
            ));
        }
        if (self.errors == 0) != self.first_error.is_none() {
            return fail("errors and first_error disagree");
        }
        self.level.check(self.won, self.lost)
    }

    /// Mean final score (0 for no games).
    pub fn mean_score(&self) -> f64 {
        ratio(self.score_sum as f64, self.games)
    }

    /// Nearest-rank percentile `p` (0–100) of final scores (0 for no games).
    pub fn percentile(&self, p: u64) -> u64 {
        let rank = (p.min(100) * self.games).div_ceil(100).max(1);
        let mut seen = 0;
        for (&score, &n) in &self.scores {
            seen += n;
            if seen >= rank {
                return score;
            }
        }
        0
    }

    /// Median final score (the lower middle for an even count).
    pub fn median_score(&self) -> u64 {
        self.percentile(50)
    }

    /// 90th percentile of final scores.
    pub fn p90_score(&self) -> u64 {
        self.percentile(90)
    }

    /// Mean phases per move.
    pub fn mean_chain(&self) -> f64 {
        ratio(self.phases as f64, self.moves)
    }

    /// Mean moves per game.
    pub fn mean_moves(&self) -> f64 {
        ratio(self.moves as f64, self.games)
    }

    /// The share of games won (0 for no games).
    pub fn pass_rate(&self) -> f64 {
        ratio(self.won as f64, self.games)
    }

    /// The Wilson score interval for the pass rate at 95% confidence: `(low, high)`;
    /// `(0, 1)` for no games. Unlike the normal approximation it stays inside 0..=1 and
    /// is honest at pass rates of 0 and 1 and for few games.
    pub fn pass_rate_interval(&self) -> (f64, f64) {
        wilson(self.won, self.games)
    }
}

/// The Wilson score interval at 95% (z = 1.959964) for `k` successes in `n` trials.
pub fn wilson(k: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    const Z: f64 = 1.959_963_984_540_054;
    let (n, p) = (n as f64, k as f64 / n as f64);
    let z2 = Z * Z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = Z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

fn ratio(sum: f64, n: u64) -> f64 {
    if n == 0 { 0.0 } else { sum / n as f64 }
}

/// Everything a simulation measured.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// Games asked for.
    pub games: u32,
    /// Move limit per game.
    pub move_limit: u32,
    /// The statistics over all games.
    pub stats: Stats,
    /// Wall-clock time of the whole run.
    pub elapsed: Duration,
}

impl Report {
    /// Moves played over all games.
    pub fn moves(&self) -> u64 {
        self.stats.moves
    }

    /// Throughput: moves per second of wall-clock time.
    pub fn moves_per_second(&self) -> f64 {
        let secs = self.elapsed.as_secs_f64();
        if secs == 0.0 {
            0.0
        } else {
            self.moves() as f64 / secs
        }
    }
}

impl std::ops::Deref for Report {
    type Target = Stats;
    fn deref(&self) -> &Stats {
        &self.stats
    }
}

impl fmt::Display for Report {
    /// A few lines: moves, score, chains, specials, endings, throughput.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = &self.stats;
        writeln!(
            f,
            "moves        {} ({:.1} per game, limit {})",
            s.moves,
            s.mean_moves(),
            self.move_limit
        )?;
        writeln!(
            f,
            "score        mean {:.1}  median {}  p90 {}",
            s.mean_score(),
            s.median_score(),
            s.p90_score()
        )?;
        writeln!(
            f,
            "chains       mean {:.2}  longest {}",
            s.mean_chain(),
            s.longest_chain
        )?;
        writeln!(
            f,
            "specials     created {}  fired {}",
            s.specials_created, s.specials_fired
        )?;
        if s.won + s.lost > 0 {
            // A level's games end won or lost (the losses are split below), not by the
            // free-play endings, which are all 0 there.
            writeln!(
                f,
                "endings      {} won, {} lost, {} engine errors",
                s.won, s.lost, s.errors
            )?;
        } else {
            writeln!(
                f,
                "endings      {} move limit, {} no moves, {} cleared, {} engine errors",
                s.move_limit, s.no_moves, s.cleared, s.errors
            )?;
        }
        if s.won + s.lost > 0 {
            let (low, high) = s.pass_rate_interval();
            writeln!(
                f,
                "level        {} won, {} lost: pass rate {:.1}% (95% {:.1}–{:.1}%), stars {:?}",
                s.won,
                s.lost,
                100.0 * s.pass_rate(),
                100.0 * low,
                100.0 * high,
                s.stars
            )?;
        }
        if !s.level.is_empty() {
            write_outcomes(f, s)?;
        }
        writeln!(f, "shuffles     {}", s.shuffles)?;
        if let Some(e) = &s.first_error {
            writeln!(
                f,
                "first error  game {} (seed {}): {}",
                e.game, e.seed, e.message
            )?;
        }
        writeln!(f, "throughput   {:.0} moves/s", self.moves_per_second())
    }
}

/// Why level games were lost, goal by goal, and how wins went.
fn write_outcomes(f: &mut fmt::Formatter<'_>, s: &Stats) -> fmt::Result {
    let o = &s.level;
    writeln!(
        f,
        "losses       {} out of moves, {} stuck (no move left)",
        o.out_of_moves, o.stuck
    )?;
    for g in &o.goals {
        writeln!(
            f,
            "  {:<18} unmet in {} of {} losses (the only one unmet in {}), {:.0}% done on average, {} near misses",
            g.goal,
            g.unmet_when_lost,
            s.lost,
            g.only_unmet_when_lost,
            100.0 * g.mean_share_when_lost(),
            g.near_misses
        )?;
    }
    if s.won > 0 {
        writeln!(
            f,
            "wins         {:.1} moves left on average, {} below the first star",
            o.mean_moves_left_when_won(),
            o.zero_star_wins
        )?;
    }
    Ok(())
}

/// The most worker threads [`simulate`] takes.
pub const MAX_JOBS: usize = 256;

/// Why a simulation could not run.
#[derive(Debug, Error)]
pub enum SimulateError {
    /// The rules could not set up a game.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// More worker threads than [`MAX_JOBS`].
    #[error("{jobs} jobs requested: at most {MAX_JOBS} worker threads are allowed")]
    TooManyJobs {
        /// Requested threads.
        jobs: usize,
    },
    /// The thread pool could not start.
    #[error("could not start {jobs} worker threads: {message}")]
    Threads {
        /// Requested threads.
        jobs: usize,
        /// The system's reason.
        message: String,
    },
}

/// Runs the plan on `jobs` threads (0: one per core; at most [`MAX_JOBS`]). Game `i`
/// uses [`game_seed`]`(plan.config.seed, i)` whatever the thread count, and the
/// statistics merge exactly, so everything but `elapsed` is identical for any `jobs`.
/// Memory does not grow with the number of games. `progress` is called once per
/// finished game, from any thread.
pub fn simulate<R, F>(
    make_rules: F,
    plan: Plan,
    jobs: usize,
    progress: &(dyn Fn() + Sync),
) -> Result<Report, SimulateError>
where
    R: Rules,
    F: Fn() -> R + Sync,
{
    let start = |seed| {
        let config = GameConfig {
            seed,
            ..plan.config
        };
        Game::new(make_rules(), config)
    };
    simulate_games(start, plan, jobs, progress)
}

/// Like [`simulate`], with games started by `start` from each game seed instead of
/// generated from `plan.config` (whose seed is still the base seed): a level, a fixed
/// board.
pub fn simulate_games<R, F>(
    start: F,
    plan: Plan,
    jobs: usize,
    progress: &(dyn Fn() + Sync),
) -> Result<Report, SimulateError>
where
    R: Rules,
    F: Fn(u64) -> Result<Game<R>, SetupError> + Sync,
{
    simulate_shard(start, plan, Shard::WHOLE, jobs, progress, &mut |_, _| {})
}

/// A slice of a simulation's games, so that one run can be split over machines:
/// shard `index` of `count` plays games `index`, `index + count`, `index + 2·count`, …
/// of the plan. Each game's seed depends on its number only, so the shards together
/// play exactly the games of the whole run, and their [`Stats`] merge
/// ([`Stats::merge`]) into exactly the whole run's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Shard {
    /// Which shard, `0..count`.
    pub index: u32,
    /// How many shards.
    pub count: u32,
}

/// The most shards a run may be split into: far more machines than an array job has, and
/// few enough that merging never needs more than a small table of who is there.
pub const MAX_SHARDS: u32 = 1 << 16;

/// A shard that is not one: `count` 0 or above [`MAX_SHARDS`], or `index` not below it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error(
    "shard {index}/{count}: expected I/N with N from 1 to at most {MAX_SHARDS} and I from 0 to N-1"
)]
pub struct ShardError {
    /// The index given.
    pub index: u32,
    /// The count given.
    pub count: u32,
}

impl Shard {
    /// The whole run: one shard of one.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// Shard `index` of `count`.
    pub fn new(index: u32, count: u32) -> Result<Shard, ShardError> {
        if index < count && count <= MAX_SHARDS {
            Ok(Shard { index, count })
        } else {
            Err(ShardError { index, count })
        }
    }

    /// How many of `games` are this shard's.
    pub fn len(self, games: u32) -> u32 {
        games.saturating_sub(self.index).div_ceil(self.count.max(1))
    }

    /// Whether this shard has none of `games`.
    pub fn is_empty(self, games: u32) -> bool {
        self.len(games) == 0
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl std::str::FromStr for Shard {
    type Err = String;

    /// `I/N`, such as `0/4`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let (i, n) = s
            .split_once('/')
            .ok_or_else(|| format!("shard {s:?}: expected I/N, such as 0/4"))?;
        let number = |t: &str| {
            t.trim()
                .parse::<u32>()
                .map_err(|e| format!("shard {s:?}: {t:?} is not a count ({e})"))
        };
        Shard::new(number(i)?, number(n)?).map_err(|e| e.to_string())
    }
}

/// Games are played in blocks of this many: in parallel within a block, handed to
/// `each_game` in order, so the per-game callback sees games in order in bounded memory.
const BLOCK: usize = 1024;

/// Like [`simulate_games`], for one [`Shard`] of the plan's games, calling `each_game`
/// with every game's number and outcome in increasing order of number (from the calling
/// thread). The report's `games` is still the plan's; its statistics cover the shard.
pub fn simulate_shard<R, F>(
    start: F,
    plan: Plan,
    shard: Shard,
    jobs: usize,
    progress: &(dyn Fn() + Sync),
    each_game: &mut dyn FnMut(u32, &GameStats),
) -> Result<Report, SimulateError>
where
    R: Rules,
    F: Fn(u64) -> Result<Game<R>, SetupError> + Sync,
{
    if jobs > MAX_JOBS {
        return Err(SimulateError::TooManyJobs { jobs });
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .map_err(|e| SimulateError::Threads {
            jobs,
            message: e.to_string(),
        })?;
    let clock = Instant::now();
    // The shard's k-th game is game `index + k·count` of the plan.
    let (len, number) = (shard.len(plan.games), |k: u32| {
        shard.index + k * shard.count
    });
    let mut stats = Stats::default();
    for first in (0..len).step_by(BLOCK) {
        let block = first..len.min(first + BLOCK as u32);
        let games: Result<Vec<GameStats>, SetupError> = pool.install(|| {
            (block.clone().into_par_iter())
                .map(|k| {
                    let seed = game_seed(plan.config.seed, number(k));
                    let game = start(seed).map(|game| play_out(game, seed, plan.bot, plan.moves));
                    progress();
                    game
                })
                .collect()
        });
        for (k, game) in block.zip(&games?) {
            stats.add(number(k), game);
            each_game(number(k), game);
        }
    }
    Ok(Report {
        games: plan.games,
        move_limit: plan.moves,
        stats,
        elapsed: clock.elapsed(),
    })
}

#[cfg(test)]
mod tests {
    use super::wilson;

    #[test]
    fn wilson_interval_matches_the_textbook_values() {
        // 150 of 200: (0.6857, 0.8049); 0 of 10 and 10 of 10 stay inside 0..=1.
        let close = |a: f64, b: f64| (a - b).abs() < 1e-4;
        let (low, high) = wilson(150, 200);
        assert!(close(low, 0.6857) && close(high, 0.8049), "{low} {high}");
        let (low, high) = wilson(0, 10);
        assert!(close(low, 0.0) && close(high, 0.2775), "{low} {high}");
        let (low, high) = wilson(10, 10);
        assert!(close(low, 0.7225) && close(high, 1.0), "{low} {high}");
        assert_eq!(wilson(0, 0), (0.0, 1.0));
    }
}
