//! One environment of a vector: a game that restarts with a fresh seed when it ends.
//! Pure Rust, so that [`crate::vec_env`] can step many on worker threads.

use match3_bots::game_seed;
use match3_cli::{SharedRules, Variant};
use match3_core::{Game, GameConfig, Move, NoTrace, Size, Status};

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
}

/// One environment.
pub struct Env {
    index: u32,
    episode: u32,
    moves: u32,
    pub game: Game<SharedRules>,
    /// Legal moves of the current position (reused buffer).
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
            legal: Vec::new(),
        })
    }

    /// Back to episode 0 of `spec` (a new seed, say).
    pub fn restart(&mut self, spec: &Spec) -> Result<(), String> {
        self.episode = 0;
        self.game = start(spec, self.index, 0)?;
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
        let before = self.game.score();
        if let Some(mv) = actions.decode(a) {
            let _ = self.game.play_with(mv, &mut NoTrace);
        }
        self.moves += 1;
        let step = Step {
            reward: self.game.score().saturating_sub(before) as f32,
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

    /// A legal action drawn uniformly from `rng` (0 when none is legal).
    pub fn sample(&self, actions: &Actions, rng: &mut match3_core::GameRng) -> usize {
        if self.legal.is_empty() {
            return 0;
        }
        let mv = self.legal[rng.below(self.legal.len() as u32) as usize];
        actions.encode(mv).unwrap_or(0)
    }

    /// Writes the board and the legal-action mask.
    pub fn observe(&mut self, actions: &Actions, obs: &mut [i8], mask: &mut [bool]) {
        crate::encode::board(self.game.board(), obs);
        self.game.legal_moves_into(&mut self.legal);
        actions.mask(&self.legal, mask);
    }
}

/// Episode `episode` of environment `index`: a seed of its own.
fn start(spec: &Spec, index: u32, episode: u32) -> Result<Game<SharedRules>, String> {
    let config = GameConfig {
        size: spec.size,
        colors: spec.colors,
        seed: game_seed(game_seed(spec.seed, episode), index),
        blocker_percent: 0,
    };
    Game::new(spec.variant.rules(), config).map_err(|e| e.to_string())
}
