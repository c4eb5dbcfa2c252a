//! One environment of a vector: a game, its episode's move count, and what happens at
//! an episode's end (a reset in the same step, a reset at the next step, or none until
//! asked). Pure Rust, so that [`crate::vec_env`] can step many on worker threads.

use match3_bots::{Bot as _, BotKind, game_seed};
use match3_core::{Game, GameConfig, GameRng, Move, NoTrace, SavedGame, Snapshot, Status};
use serde::{Deserialize, Serialize};

use crate::actions::Actions;
use crate::spec::{Autoreset, Illegal, Spec};

/// One environment.
pub struct Env {
    index: u32,
    episode: u32,
    moves: u32,
    /// The episode ended and waits for its reset (next-step or no autoreset).
    ended: bool,
    pub game: Game<match3_app::SharedRules>,
    /// Draws this environment's random actions: one generator per environment, so that
    /// sampled runs do not depend on the number of environments or threads.
    rng: GameRng,
    /// Legal moves of the current position, for rules without swaps (reused buffer).
    legal: Vec<Move>,
    /// Why the last step could not start the next episode, until the vector reports it.
    pub trouble: Option<String>,
}

/// One environment's part of the output buffers.
pub struct Slot<'a> {
    pub obs: Out<'a>,
    pub reward: &'a mut f32,
    pub terminated: &'a mut bool,
    pub truncated: &'a mut bool,
    pub illegal: &'a mut bool,
    /// Where same-step autoreset writes the ended episode's last observation (empty
    /// slices otherwise).
    pub last: Out<'a>,
}

impl Slot<'_> {
    /// The same slot for a shorter while, to read it again afterwards.
    pub fn reborrow(&mut self) -> Slot<'_> {
        Slot {
            obs: self.obs.reborrow(),
            reward: self.reward,
            terminated: self.terminated,
            truncated: self.truncated,
            illegal: self.illegal,
            last: self.last.reborrow(),
        }
    }
}

impl Out<'_> {
    fn reborrow(&mut self) -> Out<'_> {
        Out {
            board: self.board,
            extras: self.extras,
            mask: self.mask,
        }
    }
}

/// Where an observation goes: the board array, the numbers beside it, the action mask.
pub struct Out<'a> {
    pub board: &'a mut [u8],
    pub extras: &'a mut [i32],
    pub mask: &'a mut [i8],
}

/// An environment as its state is saved: the game in the engine's save format, and the
/// episode's counters and sampler.
#[derive(Serialize, Deserialize)]
pub struct SavedEnv {
    pub index: u32,
    pub episode: u32,
    pub moves: u32,
    pub ended: bool,
    pub sampler: GameRng,
    pub sampled: i64,
    pub game: SavedGame,
}

impl Env {
    /// Environment `index` of a vector, on its first episode.
    pub fn new(spec: &Spec, index: u32) -> Result<Env, String> {
        Ok(Env {
            index,
            episode: 0,
            moves: 0,
            ended: false,
            game: start(spec, index, 0)?,
            rng: sampler(spec, index),
            legal: Vec::new(),
            trouble: None,
        })
    }

    /// Back to episode 0 of `spec` (a new seed, say).
    pub fn restart(&mut self, spec: &Spec) -> Result<(), String> {
        self.episode = 0;
        self.rng = sampler(spec, self.index);
        self.begin(spec)
    }

    /// Starts episode `self.episode` (and leaves the environment as it was when that
    /// episode cannot start).
    fn begin(&mut self, spec: &Spec) -> Result<(), String> {
        self.game = start(spec, self.index, self.episode)?;
        (self.moves, self.ended) = (0, false);
        Ok(())
    }

    /// Whether the episode ended and the environment waits for a reset.
    pub fn ended(&self) -> bool {
        self.ended
    }

    /// Why `a` cannot be played now under `spec` (the index range was checked): the
    /// episode ended without autoreset, or `illegal="raise"` and the move is illegal.
    pub fn refusal(&self, spec: &Spec, actions: &Actions, a: usize) -> Option<String> {
        if self.ended {
            return (spec.autoreset == Autoreset::Disabled)
                .then(|| "its episode ended: call reset() first".to_string());
        }
        if spec.illegal != Illegal::Raise {
            return None;
        }
        let mv = actions.decode(a)?;
        let why = self.game.check(mv).err()?;
        Some(format!("action {a} ({mv}) is illegal here: {why}"))
    }

    /// Plays action `a` (a valid index, and playable: see [`refusal`](Env::refusal)) and
    /// writes the step's reward, flags and observation into `out`. An illegal move plays
    /// nothing and still counts toward the move limit, so that an agent ignoring the mask
    /// cannot stall. Returns the random legal action drawn for the new observation, or
    /// why the next episode could not start (the environment then waits for a reset, to
    /// try the episode after). The turn keeps its copy of the state (put back if the turn
    /// fails) in `spare` when one is given: see [`Game::play_with_spare`].
    pub fn step(
        &mut self,
        spec: &Spec,
        actions: &Actions,
        a: usize,
        out: Slot<'_>,
        spare: Option<&mut Snapshot>,
    ) -> Result<i64, String> {
        if self.ended {
            // Next-step autoreset: this step starts the next episode, whatever `a`.
            self.next_episode(spec)?;
            (*out.reward, *out.terminated, *out.truncated, *out.illegal) =
                (0.0, false, false, false);
            return Ok(self.observe(spec, actions, out.obs));
        }
        let units = spec.rewards_goal_units();
        let before = self.progress(units);
        let played = actions.decode(a).is_some_and(|mv| {
            match spare {
                Some(spare) => self.game.play_with_spare(mv, &mut NoTrace, spare),
                None => self.game.play_with(mv, &mut NoTrace),
            }
            .is_ok()
        });
        self.moves += 1;
        *out.illegal = !played;
        *out.reward = match (played, spec.illegal) {
            (true, _) => self.progress(units).saturating_sub(before) as f32 * spec.reward_scale,
            (false, Illegal::Penalty(p)) => -p,
            (false, _) => 0.0,
        };
        *out.terminated = self.game.status() != Status::Playable;
        *out.truncated = self.moves >= spec.max_moves;
        self.ended = *out.terminated || *out.truncated;
        if self.ended && spec.autoreset == Autoreset::SameStep {
            self.write(spec, actions, out.last);
            self.next_episode(spec)?;
        }
        Ok(self.observe(spec, actions, out.obs))
    }

    /// Starts the next episode; on failure the environment stays ended, so that a later
    /// step or reset tries the one after.
    fn next_episode(&mut self, spec: &Spec) -> Result<(), String> {
        self.episode = self.episode.wrapping_add(1);
        (self.begin(spec)).map_err(|e| format!("episode {} could not start: {e}", self.episode))
    }

    /// What rewards count: the level's goal units, or the score.
    fn progress(&self, goal_units: bool) -> u64 {
        if goal_units {
            self.game.state().goal_units(self.game.level())
        } else {
            self.game.score()
        }
    }

    /// Moves before the episode ends by a limit: the level's, or `max_moves`.
    pub fn moves_left(&self, spec: &Spec) -> u32 {
        let env = spec.max_moves.saturating_sub(self.moves);
        self.game.moves_left().map_or(env, |level| level.min(env))
    }

    /// Writes the observation and the legal-action mask into `out`.
    pub fn write(&mut self, spec: &Spec, actions: &Actions, out: Out<'_>) {
        let kinds = self.game.rules().special_kinds();
        spec.obs
            .write(self.game.board(), kinds, &spec.tiles, out.board);
        spec.obs
            .write_extras(&self.game, self.moves_left(spec), out.extras);
        actions.mask(&self.game, &mut self.legal, out.mask);
    }

    /// Writes the observation and mask, and returns a random legal action (0 when none
    /// is legal: the random bot's draw) from the environment's own generator, drawn now
    /// while its game is in cache: a separate pass over a thousand environments
    /// measured a third slower.
    pub fn observe(&mut self, spec: &Spec, actions: &Actions, out: Out<'_>) -> i64 {
        self.write(spec, actions, out);
        let rng = &mut self.rng;
        (self.game)
            .pick_legal_move(|n| rng.below(n as u32) as usize)
            .and_then(|mv| actions.encode(mv))
            .unwrap_or(0) as i64
    }

    /// The action bot `kind`, seeded with `seed`, plays here (`None` when no move is
    /// legal).
    pub fn bot_action(&self, kind: BotKind, seed: u64, actions: &Actions) -> Option<usize> {
        let mv = kind.build(seed).choose(&self.game)?;
        actions.encode(mv)
    }

    /// This environment's state, with the action sampled for its observation.
    pub fn save(&self, sampled: i64) -> SavedEnv {
        SavedEnv {
            index: self.index,
            episode: self.episode,
            moves: self.moves,
            ended: self.ended,
            sampler: self.rng.clone(),
            sampled,
            game: self.game.save(),
        }
    }

    /// The environment `saved` describes, checked against `spec` (its rules, board size
    /// and palette).
    pub fn load(spec: &Spec, saved: SavedEnv) -> Result<Env, String> {
        let game = Game::load(spec.variant.rules(), saved.game).map_err(|e| e.to_string())?;
        let (board, size) = (game.board(), spec.size);
        if (board.rows(), board.cols()) != (size.rows(), size.cols()) {
            return Err(format!(
                "a {}x{} board, not this environment's {}x{}",
                board.rows(),
                board.cols(),
                size.rows(),
                size.cols()
            ));
        }
        if game.state().colors() != spec.colors {
            return Err(format!(
                "{} colours, not this environment's {}",
                game.state().colors(),
                spec.colors
            ));
        }
        Ok(Env {
            index: saved.index,
            episode: saved.episode,
            moves: saved.moves,
            ended: saved.ended,
            game,
            rng: saved.sampler,
            legal: Vec::new(),
            trouble: None,
        })
    }
}

/// The generator of environment `index`'s random actions under `spec`'s seed.
fn sampler(spec: &Spec, index: u32) -> GameRng {
    const SAMPLING: u64 = 0x5a17_1e5e_ed00_0001;
    GameRng::new(game_seed(spec.seed ^ SAMPLING, index))
}

/// Episode `episode` of environment `index`: a seed of its own (for a level, the seed
/// of its deal).
fn start(spec: &Spec, index: u32, episode: u32) -> Result<Game<match3_app::SharedRules>, String> {
    let seed = game_seed(game_seed(spec.seed, episode), index);
    if let Some(level) = &spec.level {
        return level.game(seed).map_err(|e| e.to_string());
    }
    let config = GameConfig {
        size: spec.size,
        colors: spec.colors,
        seed,
        blocker_percent: 0,
    };
    Game::new(spec.variant.rules(), config).map_err(|e| e.to_string())
}
