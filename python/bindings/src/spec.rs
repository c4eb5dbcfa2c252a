//! What every environment of a vector plays and how it behaves: the variant or level, the
//! board, the move limit, the observation, what an illegal action does, the reward's
//! scale and what happens when an episode ends. [`Options`] is how Python describes it,
//! and how a saved state (a pickle) records it.

use std::io::Read as _;

use match3_app::level::Opened;
use match3_app::{Registry, Variant};
use match3_core::{Goal, Size};
use match3_levels::{LevelFile, MAX_LEVEL_BYTES};
use serde::{Deserialize, Serialize};

use crate::encode::{Mode, OBS_CELL_PIXELS, Obs};
use crate::render::Tiles;

/// What an environment does when an episode ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Autoreset {
    /// Nothing: the next step is refused until `reset` (a single environment).
    Disabled,
    /// The next step starts the next episode (Gymnasium's default for vectors).
    NextStep,
    /// The same step starts the next episode, and the ended one's last observation is
    /// written aside.
    SameStep,
}

/// What an illegal action does: in every case it plays nothing and, unless refused, it
/// counts a move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Illegal {
    /// Reward 0.
    Noop,
    /// Reward minus this.
    Penalty(f32),
    /// Refused with an error, before any environment steps.
    Raise,
}

/// How Python describes an environment, as the constructor takes it and a saved state
/// records it (a level by its text, so that a pickle does not need the file).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Options {
    pub rules: Option<String>,
    /// The level file's name (for messages) and text.
    pub level: Option<(String, String)>,
    pub rows: usize,
    pub cols: usize,
    pub colors: u8,
    pub seed: u64,
    pub max_moves: u32,
    pub autoreset: String,
    pub obs_mode: String,
    pub illegal: String,
    pub penalty: f32,
    pub reward_scale: f32,
}

/// What an environment plays, read from [`Options`].
#[derive(Clone, Debug)]
pub struct Spec {
    pub options: Options,
    pub variant: Variant,
    pub size: Size,
    pub colors: u8,
    pub seed: u64,
    pub max_moves: u32,
    pub autoreset: Autoreset,
    /// A level file to play instead of generated boards: each episode a new deal.
    pub level: Option<Opened>,
    pub obs: Obs,
    /// The `rgb` observation's tiles (none in other modes).
    pub tiles: Tiles,
    pub illegal: Illegal,
    pub reward_scale: f32,
}

impl Spec {
    /// The environment `options` describe: generated boards of `rules` (default
    /// `lines`), or the level with its size and palette.
    pub fn open(options: Options) -> Result<Spec, String> {
        let registry = crate::registry().map_err(|e| e.to_string())?;
        let level = match &options.level {
            Some((file, text)) => Some(open_level(registry, file, text, options.rules.as_deref())?),
            None => None,
        };
        let (variant, size, colors) = match &level {
            Some(level) => (
                level.variant.clone(),
                level.layout.board.size(),
                level.colors(),
            ),
            None => {
                let variant = registry.get(options.rules.as_deref().unwrap_or("lines"));
                let variant = variant.map_err(|e| e.to_string())?.clone();
                let size = Size::new(options.rows, options.cols).map_err(|e| e.to_string())?;
                (variant, size, options.colors)
            }
        };
        let mode = Mode::named(&options.obs_mode)?;
        let rules = variant.rules();
        let kinds = rules.special_kinds();
        let goals = level.as_ref().map_or(0, |l| l.file.level.goals.len());
        let obs = Obs::new(mode, colors, kinds.len(), goals, size.rows(), size.cols());
        let tiles = match mode {
            Mode::Rgb => Tiles::new(colors, kinds, OBS_CELL_PIXELS),
            _ => Tiles::none(),
        };
        Ok(Spec {
            variant,
            size,
            colors,
            seed: options.seed,
            max_moves: check_max_moves(options.max_moves)?,
            autoreset: autoreset(&options.autoreset)?,
            level,
            obs,
            tiles,
            illegal: illegal(&options.illegal, options.penalty)?,
            reward_scale: check_finite("reward_scale", options.reward_scale)?,
            options,
        })
    }

    /// Whether rewards count goal units: on a level with any goal but a score.
    pub fn rewards_goal_units(&self) -> bool {
        (self.level.as_ref())
            .is_some_and(|l| (l.file.level.goals.iter()).any(|g| !matches!(g, Goal::Score { .. })))
    }

    /// The level's goals (none without a level).
    pub fn goals(&self) -> &[Goal] {
        self.level.as_ref().map_or(&[], |l| &l.file.level.goals)
    }
}

fn check_max_moves(max_moves: u32) -> Result<u32, String> {
    match max_moves {
        0 => Err("max_moves 0: give at least 1".into()),
        m => Ok(m),
    }
}

fn check_finite(name: &str, v: f32) -> Result<f32, String> {
    match v.is_finite() {
        true => Ok(v),
        false => Err(format!("{name} {v}: give a finite number")),
    }
}

fn autoreset(name: &str) -> Result<Autoreset, String> {
    match name {
        "disabled" => Ok(Autoreset::Disabled),
        "next_step" => Ok(Autoreset::NextStep),
        "same_step" => Ok(Autoreset::SameStep),
        _ => Err(format!(
            "autoreset_mode {name:?}: give 'next_step' or 'same_step'"
        )),
    }
}

fn illegal(name: &str, penalty: f32) -> Result<Illegal, String> {
    match name {
        "noop" => Ok(Illegal::Noop),
        "penalty" => Ok(Illegal::Penalty(check_finite("illegal_penalty", penalty)?)),
        "raise" => Ok(Illegal::Raise),
        _ => Err(format!(
            "illegal {name:?}: give 'noop', 'penalty' or 'raise'"
        )),
    }
}

/// Reads the level file at `path` (at most [`MAX_LEVEL_BYTES`]): its name and text.
pub fn read_level(path: &str) -> Result<(String, String), String> {
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_LEVEL_BYTES + 1).read_to_end(&mut bytes))
        .map_err(|e| format!("{path}: {e}"))?;
    if bytes.len() as u64 > MAX_LEVEL_BYTES {
        return Err(format!(
            "{path}: larger than {} KiB, the most a level file may hold",
            MAX_LEVEL_BYTES >> 10
        ));
    }
    let text = String::from_utf8(bytes).map_err(|e| format!("{path}: not UTF-8 text ({e})"))?;
    Ok((path.to_string(), text))
}

/// The level of `text` (from the file `file`); `rules`, when given, must be the file's
/// (said in Python's words: the command line's check names its flag).
fn open_level(
    registry: &Registry,
    file: &str,
    text: &str,
    rules: Option<&str>,
) -> Result<Opened, String> {
    let parsed = LevelFile::parse(text, file).map_err(|e| e.to_string())?;
    let level = Opened::open(registry, parsed, None).map_err(|e| e.to_string())?;
    crate::game::agree(&level, file, rules)?;
    Ok(level)
}
