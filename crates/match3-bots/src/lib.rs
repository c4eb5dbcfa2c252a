//! # match3-bots
//!
//! Bots that play any [`match3_core::Rules`] variant, and seeded simulation over many
//! games for comparing variants and tuning difficulty.
//!
//! - [`RandomBot`]: a uniformly random legal move, from its own seeded generator.
//! - [`GreedyBot`]: resolves every legal move on a scratch snapshot (full cascade) and
//!   plays the best; see its docs for ties and how look-ahead treats refills.
//!   [`GreedyBot::with_horizon`] resolves less ([`match3_core::Horizon`]);
//!   [`BotKind::GreedyKnown`] is the one that resolves only the cascade of the pieces
//!   already on the board, with no guessed refills: cheaper, and stronger where the
//!   rules refill.
//! - [`LookaheadBot`]: two moves deep, the mean over a few sampled refill futures.
//! - [`MctsBot`]: Monte Carlo tree search with a playout budget over sampled futures.
//! - [`SkilledBot`]: greedy's move with a chosen probability ([`Skill`]), else a random
//!   legal move: a weaker player (`greedy:0.7`, [`BotKind::Skilled`]).
//! - The ladder, weakest first, is [`BotKind::ALL`]: random, greedy, look-ahead, MCTS
//!   (greedy-known is off it: it beats look-ahead on refilling variants).
//!   No bot ever sees the game's own future: look-ahead refills come from the bot's own
//!   seeded generator.
//! - [`Leftover`]: where the unmet jelly and crates of a level's lost games stayed,
//!   cell by cell.
//! - [`simulate()`]: N games of at most M moves on `jobs` threads; game `i`'s seed is
//!   derived from the base seed and `i` only, so the statistics are identical for any
//!   thread count. Statistics are exact and kept in bounded memory ([`Stats`]), and
//!   every game's ending is counted: move limit, no moves, cleared, or engine error.
//!
//! ```
//! use match3_bots::{Bot, GreedyBot, Plan, BotKind, simulate};
//! use match3_core::{Game, GameConfig};
//! use match3_lines::Lines;
//!
//! let mut game = Game::new(Lines, GameConfig::new(7))?;
//! let mut bot = GreedyBot::new(1);
//! let mv = bot.choose(&game).expect("a new game has a legal move");
//! game.play(mv)?;
//!
//! let plan = Plan { config: GameConfig::new(42), bot: BotKind::Random, games: 8, moves: 20 };
//! let one = simulate(|| Lines, plan, 1, &|| {})?;
//! let two = simulate(|| Lines, plan, 2, &|| {})?;
//! assert_eq!(one.stats, two.stats);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod bot;
mod distinct;
mod leftover;
mod lookahead;
mod marks;
mod mcts;
mod measure;
mod metrics;
mod outcomes;
mod simulate;
mod skill;
mod tree;
mod worth;

pub use bot::{AnyBot, Bot, BotKind, BotNameError, GreedyBot, RandomBot};
pub use distinct::{DISTINCT_CAP, DistinctGames};
pub use leftover::{Leftover, goal_cells};
pub use lookahead::{LOOKAHEAD_BEAM, LOOKAHEAD_SAMPLES, LookaheadBot};
pub use mcts::{MCTS_PLAYOUTS, MCTS_ROLLOUT, MctsBot};
pub use measure::{FIRST_BLOCK, Measure, Measured, measure};
pub use metrics::{EXTRA_MOVES, Estimate, LevelMetrics, MAX_EXTRA_MOVES};
pub use outcomes::{GoalOutcomes, LevelOutcomes, NEAR_MISS};
pub use simulate::{
    Ending, GameError, GameStats, MAX_JOBS, MAX_SHARDS, Plan, Report, Shard, ShardError,
    SimulateError, Stats, bot_seed, game_seed, play_game, play_out, play_out_with, simulate,
    simulate_games, simulate_shard, wilson,
};
pub use skill::{Skill, SkillError, SkilledBot};
