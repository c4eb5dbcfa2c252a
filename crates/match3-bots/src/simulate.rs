//! Seeded simulation: many games, one bot, statistics that do not depend on threading.

use std::time::{Duration, Instant};

use match3_core::{Fire, Game, GameConfig, Piece, Pos, Rules, SetupError, Sink, Status};
use rayon::prelude::*;

use crate::bot::{Bot, BotKind};

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

/// One game's outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
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
    /// Whether the game ended with no legal move before the limit.
    pub deadlocked: bool,
    /// Whether it ended with the board cleared.
    pub cleared: bool,
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

/// Plays one game: `rules` on a new board of `config` with game seed `seed`.
pub fn play_game<R: Rules>(
    rules: R,
    config: GameConfig,
    bot: BotKind,
    moves: u32,
) -> Result<GameStats, SetupError> {
    let mut game = Game::new(rules, config)?;
    let mut bot = bot.build(bot_seed(config.seed));
    let mut stats = GameStats {
        seed: config.seed,
        ..GameStats::default()
    };
    let mut counter = Counter::default();
    while stats.moves < moves && game.status() == Status::Playable {
        let Some(mv) = bot.choose(&game) else { break };
        let Ok(turn) = game.play_with(mv, &mut counter) else {
            break;
        };
        stats.moves += 1;
        stats.phases += u64::from(turn.phases);
        stats.longest_chain = stats.longest_chain.max(turn.phases);
    }
    stats.score = game.score();
    stats.specials_created = counter.created;
    stats.specials_fired = counter.fired;
    stats.deadlocked = game.status() == Status::NoMoves;
    stats.cleared = game.status() == Status::Cleared;
    Ok(stats)
}

/// Everything a simulation measured.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// The plan.
    pub games: u32,
    /// Move limit per game.
    pub move_limit: u32,
    /// Per-game outcomes, in game order.
    pub per_game: Vec<GameStats>,
    /// Wall-clock time of the whole run.
    pub elapsed: Duration,
}

impl Report {
    /// Moves played over all games.
    pub fn moves(&self) -> u64 {
        self.per_game.iter().map(|g| u64::from(g.moves)).sum()
    }

    fn scores(&self) -> Vec<u64> {
        let mut s: Vec<u64> = self.per_game.iter().map(|g| g.score).collect();
        s.sort_unstable();
        s
    }

    /// Mean final score.
    pub fn mean_score(&self) -> f64 {
        mean(self.per_game.iter().map(|g| g.score as f64))
    }

    /// Median final score (the lower middle for an even count).
    pub fn median_score(&self) -> u64 {
        percentile(&self.scores(), 50)
    }

    /// 90th percentile of final scores (nearest rank).
    pub fn p90_score(&self) -> u64 {
        percentile(&self.scores(), 90)
    }

    /// Mean phases per move.
    pub fn mean_chain(&self) -> f64 {
        let moves = self.moves();
        if moves == 0 {
            return 0.0;
        }
        self.per_game.iter().map(|g| g.phases).sum::<u64>() as f64 / moves as f64
    }

    /// Longest chain seen.
    pub fn longest_chain(&self) -> u32 {
        self.per_game
            .iter()
            .map(|g| g.longest_chain)
            .max()
            .unwrap_or(0)
    }

    /// Mean moves per game.
    pub fn mean_moves(&self) -> f64 {
        mean(self.per_game.iter().map(|g| f64::from(g.moves)))
    }

    /// Games that ended with no legal move.
    pub fn deadlocks(&self) -> u32 {
        self.per_game.iter().filter(|g| g.deadlocked).count() as u32
    }

    /// Games that ended with a cleared board.
    pub fn cleared(&self) -> u32 {
        self.per_game.iter().filter(|g| g.cleared).count() as u32
    }

    /// Specials created over all games.
    pub fn specials_created(&self) -> u64 {
        self.per_game.iter().map(|g| g.specials_created).sum()
    }

    /// Specials fired over all games.
    pub fn specials_fired(&self) -> u64 {
        self.per_game.iter().map(|g| g.specials_fired).sum()
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

fn mean(values: impl Iterator<Item = f64>) -> f64 {
    let (sum, n) = values.fold((0.0, 0u64), |(s, n), v| (s + v, n + 1));
    if n == 0 { 0.0 } else { sum / n as f64 }
}

/// Nearest-rank percentile of sorted values (0 for none).
fn percentile(sorted: &[u64], p: usize) -> u64 {
    if sorted.is_empty() {
        return 0;
    }
    let rank = (p * sorted.len()).div_ceil(100).max(1);
    sorted[rank - 1]
}

/// Runs the plan on `jobs` threads (0: rayon's default). Game `i` uses
/// [`game_seed`]`(plan.config.seed, i)` whatever the thread count, and results are kept in
/// game order, so everything but `elapsed` is identical for any `jobs`. `progress` is
/// called once per finished game, from any thread.
pub fn simulate<R, F>(
    make_rules: F,
    plan: Plan,
    jobs: usize,
    progress: &(dyn Fn() + Sync),
) -> Result<Report, SetupError>
where
    R: Rules,
    F: Fn() -> R + Sync,
{
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .expect("a thread pool");
    let start = Instant::now();
    let per_game: Result<Vec<GameStats>, SetupError> = pool.install(|| {
        (0..plan.games)
            .into_par_iter()
            .map(|i| {
                let config = GameConfig {
                    seed: game_seed(plan.config.seed, i),
                    ..plan.config
                };
                let stats = play_game(make_rules(), config, plan.bot, plan.moves);
                progress();
                stats
            })
            .collect()
    });
    Ok(Report {
        games: plan.games,
        move_limit: plan.moves,
        per_game: per_game?,
        elapsed: start.elapsed(),
    })
}
