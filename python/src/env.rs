//! One environment of a vector: a game that restarts with a fresh seed when it ends.
//! Pure Rust, so that [`crate::vec_env`] can step many on worker threads.

use match3_bots::game_seed;
use match3_cli::level::Opened;
use match3_cli::{SharedRules, Variant};
use match3_core::{Game, GameConfig, GameRng, Move, NoTrace, Size, Status};

use crate::actions::Actions;

/// What an environment plays.
#[derive(Clone, Debug)]
pub struct Spec {
    pub variant: Variant,
    pub size: Size,
    pub colors: u8,
    pub seed: u64,
    pub max_moves: u32,
    /// Start the next episode as soon as one ends (vector environments).
    pub autoreset: bool,
    /// A level file to play instead of generated boards: each episode a new deal.
    pub level: Option<Opened>,
    /// What the environment observes.
    pub obs: crate::encode::Obs,
}

/// How the Python side describes an environment.
pub struct Options<'a> {
    pub rules: Option<&'a str>,
    pub level: Option<&'a str>,
    pub rows: usize,
    pub cols: usize,
    pub colors: u8,
    pub seed: u64,
    pub max_moves: u32,
    pub autoreset: bool,
    pub planes: bool,
}

impl Spec {
    /// The environment `options` describe: generated boards of `rules` (default
    /// `lines`), or the level file `level` with its size and palette.
    pub fn open(options: &Options<'_>) -> Result<Spec, String> {
        let registry = match3_cli::Registry::builtin();
        let (variant, size, colors, level) = match options.level {
            Some(path) => {
                let level = crate::game::open_level(&registry, path, options.rules)?;
                let (size, colors) = (level.layout.board.size(), level.colors());
                (level.variant.clone(), size, colors, Some(level))
            }
            None => {
                let variant = registry.get(options.rules.unwrap_or("lines"));
                let size = Size::new(options.rows, options.cols);
                let variant = variant.map_err(|e| e.to_string())?.clone();
                (
                    variant,
                    size.map_err(|e| e.to_string())?,
                    options.colors,
                    None,
                )
            }
        };
        let kinds = variant.rules().special_kinds().len();
        Ok(Spec {
            variant,
            size,
            colors,
            seed: options.seed,
            max_moves: options.max_moves.max(1),
            autoreset: options.autoreset,
            level,
            obs: match options.planes {
                true => crate::encode::Obs::planes(colors, kinds),
                false => crate::encode::Obs::Compact,
            },
        })
    }

    /// Whether rewards count goal units: on a level with any goal but a score.
    fn rewards_goal_units(&self) -> bool {
        (self.level.as_ref()).is_some_and(|l| {
            (l.file.level.goals.iter()).any(|g| !matches!(g, match3_core::Goal::Score { .. }))
        })
    }
}

/// One environment.
pub struct Env {
    index: u32,
    episode: u32,
    moves: u32,
    pub game: Game<SharedRules>,
    /// Draws this environment's random actions: one generator per environment, so that
    /// sampled runs do not depend on the number of environments or threads.
    rng: GameRng,
    /// Legal moves of the current position, for rules without swaps (reused buffer).
    legal: Vec<Move>,
}

/// What one step gave.
#[derive(Clone, Copy, Debug, Default)]
pub struct Step {
    pub reward: f32,
    pub terminated: bool,
    pub truncated: bool,
}

impl Env {
    /// Environment `index` of a vector, on its first episode.
    pub fn new(spec: &Spec, index: u32) -> Result<Env, String> {
        let game = start(spec, index, 0)?;
        Ok(Env {
            index,
            episode: 0,
            moves: 0,
            game,
            rng: sampler(spec, index),
            legal: Vec::new(),
        })
    }

    /// Back to episode 0 of `spec` (a new seed, say).
    pub fn restart(&mut self, spec: &Spec) -> Result<(), String> {
        self.episode = 0;
        self.game = start(spec, self.index, 0)?;
        self.rng = sampler(spec, self.index);
        self.moves = 0;
        Ok(())
    }

    /// Starts the next episode.
    pub fn reset(&mut self, spec: &Spec) -> Result<(), String> {
        self.episode = self.episode.wrapping_add(1);
        self.game = start(spec, self.index, self.episode)?;
        self.moves = 0;
        Ok(())
    }

    /// Plays action `a` (an illegal one plays nothing, scores 0 and still counts toward
    /// the move limit, so an agent ignoring the mask cannot stall). When the episode ends
    /// the environment restarts at once (the step's reward and flags are the old
    /// episode's).
    pub fn step(&mut self, spec: &Spec, actions: &Actions, a: usize) -> Step {
        let units = spec.rewards_goal_units();
        let before = self.progress(units);
        if let Some(mv) = actions.decode(a) {
            let _ = self.game.play_with(mv, &mut NoTrace);
        }
        self.moves += 1;
        let step = Step {
            reward: self.progress(units).saturating_sub(before) as f32,
            terminated: self.game.status() != Status::Playable,
            truncated: self.moves >= spec.max_moves,
        };
        if (step.terminated || step.truncated) && spec.autoreset {
            // A bundled variant that started once starts again.
            self.reset(spec)
                .expect("an episode that started once starts again");
        }
        step
    }

    /// What rewards count: the level's goal units, or the score.
    fn progress(&self, goal_units: bool) -> u64 {
        if goal_units {
            self.game.state().goal_units(self.game.level())
        } else {
            self.game.score()
        }
    }

    /// Writes the board and the legal-action mask, and returns a random legal action
    /// (0 when none is legal: the random bot's draw) from the environment's own
    /// generator, drawn now while its game is in cache: a separate pass over a thousand
    /// environments measured a third slower.
    pub fn observe(
        &mut self,
        spec: &Spec,
        actions: &Actions,
        obs: &mut [i8],
        mask: &mut [bool],
    ) -> usize {
        let kinds = self.game.rules().special_kinds();
        spec.obs.write(self.game.board(), kinds, obs);
        actions.mask(&self.game, &mut self.legal, mask);
        let rng = &mut self.rng;
        (self.game)
            .pick_legal_move(|n| rng.below(n as u32) as usize)
            .and_then(|mv| actions.encode(mv))
            .unwrap_or(0)
    }
}

/// The generator of environment `index`'s random actions under `spec`'s seed.
fn sampler(spec: &Spec, index: u32) -> GameRng {
    const SAMPLING: u64 = 0x5a17_1e5e_ed00_0001;
    GameRng::new(game_seed(spec.seed ^ SAMPLING, index))
}

/// Episode `episode` of environment `index`: a seed of its own (for a level, the seed
/// of its deal).
fn start(spec: &Spec, index: u32, episode: u32) -> Result<Game<SharedRules>, String> {
    let seed = game_seed(game_seed(spec.seed, episode), index);
    if let Some(level) = &spec.level {
        return level.game(seed);
    }
    let config = GameConfig {
        size: spec.size,
        colors: spec.colors,
        seed,
        blocker_percent: 0,
    };
    Game::new(spec.variant.rules(), config).map_err(|e| e.to_string())
}
