//! Starting a game: one request ([`GameRequest`]: rules, board, level, seed, size,
//! colours, blockers) and one validation, for the command line, the playground and
//! Python alike, so that the same request gets the same game or the same refusal in all
//! three.
//!
//! A game starts from a level (its board, limit and goals, its random cells drawn from
//! the seed), from a board (notation or a preset name), or on a generated board of
//! `size` with `colors` and `blockers` (the variant's own defaults when not given).
//! Whatever a request names that its kind of game would ignore is refused, never
//! silently dropped.
//!
//! ```
//! use match3_app::Registry;
//! use match3_app::start::GameRequest;
//!
//! let registry = Registry::builtin();
//! let started = GameRequest::rules("finite").board("teaching").start(&registry)?;
//! assert_eq!(started.game.board().to_string(), "AABC/BCAB/CBAC/ABCA");
//!
//! let refused = GameRequest { blockers: 10, ..GameRequest::rules("clusters-drop") };
//! assert_eq!(
//!     refused.start(&registry).unwrap_err().to_string(),
//!     "blockers 10: the clusters-drop rules generate no blockers (their boards start empty)"
//! );
//! let generated = GameRequest::rules("lines").seed(7).start(&registry)?;
//! assert_eq!(generated.game.board().rows(), 8);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::path::PathBuf;

use match3_core::{Board, Game, GameConfig, MAX_COLORS, MAX_SIDE, SetupError, Size};
use match3_levels::LevelFile;
use thiserror::Error;

use crate::level::{OpenError, Opened};
use crate::registry::{Registry, RegistryError};
use crate::variant::{BoardError, SharedRules, Variant};

/// Where a level comes from: a file, or a level already parsed (a sample level a
/// program embeds).
#[derive(Clone, Debug)]
pub enum LevelSource {
    /// A level file to read.
    File(PathBuf),
    /// A parsed level.
    Parsed(Box<LevelFile>),
}

/// What game to start: see the [module docs](self).
#[derive(Clone, Debug, Default)]
pub struct GameRequest {
    /// The variant; optional with a level (which names its own, and must agree).
    pub rules: Option<String>,
    /// A board in notation, or a preset name.
    pub board: Option<String>,
    /// A level.
    pub level: Option<LevelSource>,
    /// The seed of refills, a generated board and a level's random cells.
    pub seed: u64,
    /// A generated board's size (default: the variant's).
    pub size: Option<Size>,
    /// A generated board's palette (default: the variant's).
    pub colors: Option<u8>,
    /// A generated board's chance of a blocker per cell, in percent.
    pub blockers: u8,
    /// With nothing else asked for (no board, size, colours or blockers), start on the
    /// variant's first preset, if it has one, rather than on a generated board: what an
    /// interactive player expects of a variant with presets.
    pub preset_first: bool,
}

/// A request that starts no game: what was wrong with it.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum StartError {
    /// No rules and no level.
    #[error("give the rules (or a level)")]
    NoRules,
    /// The rules are not registered.
    #[error(transparent)]
    UnknownRules(RegistryError),
    /// The level cannot be read or played, or disagrees with the rules named.
    #[error(transparent)]
    Level(OpenError),
    /// A board and a level.
    #[error("give a board or a level, not both")]
    BoardAndLevel,
    /// A size, palette or blockers beside a level.
    #[error("{0}: a level sets its own size, colours and blockers")]
    LevelSets(&'static str),
    /// A size, palette or blockers beside a board.
    #[error("{0}: a given board sets its own; give it for a generated board only")]
    BoardSets(&'static str),
    /// The board cannot be read.
    #[error(transparent)]
    Board(BoardError),
    /// A palette no game can have.
    #[error("colors: {0} is not in 1..={MAX_COLORS}")]
    Colors(u8),
    /// Blockers for a variant whose boards start empty.
    #[error(
        "blockers {blockers}: the {rules} rules generate no blockers (their boards start empty)"
    )]
    NoBlockers {
        /// The chance asked for.
        blockers: u8,
        /// The variant.
        rules: String,
    },
    /// A blocker chance over 100 percent.
    #[error("blockers: {0} is not a percentage (0 to 100)")]
    Percent(u8),
    /// A board larger than the program takes.
    #[error("a {rows}x{cols} board is larger than this program takes ({max}x{max} at most)")]
    TooLarge {
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
        /// The longest side taken.
        max: usize,
    },
    /// A given board the rules cannot start from.
    #[error("bad board: {0}")]
    BadBoard(SetupError),
    /// A generated board the rules cannot make.
    #[error(transparent)]
    Setup(#[from] SetupError),
}

/// A game started: its variant, the game, and its level when it has one.
pub struct Started {
    /// The variant the game plays.
    pub variant: Variant,
    /// The game.
    pub game: Game<SharedRules>,
    /// The level it started from.
    pub level: Option<Opened>,
}

// By hand: the game's rules are a trait object without `Debug`.
impl std::fmt::Debug for Started {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Started")
            .field("variant", &self.variant.name())
            .field("board", &self.game.board().to_string())
            .field("level", &self.level.as_ref().map(|l| &l.file.file))
            .finish()
    }
}

/// What a request plays, once checked: see [`GameRequest::target`].
#[derive(Clone, Debug)]
pub enum Target {
    /// A level.
    Level(Box<Opened>),
    /// A given board (or preset) of a variant.
    Board(Variant, Box<Board>),
    /// A generated board of a variant.
    Generated(Variant, GameConfig),
}

impl GameRequest {
    /// A request for a game of `rules`.
    pub fn rules(rules: &str) -> GameRequest {
        GameRequest {
            rules: Some(rules.to_string()),
            ..GameRequest::default()
        }
    }

    /// The same request on `board` (notation or a preset name).
    pub fn board(self, board: &str) -> GameRequest {
        GameRequest {
            board: Some(board.to_string()),
            ..self
        }
    }

    /// The same request with `seed`.
    pub fn seed(self, seed: u64) -> GameRequest {
        GameRequest { seed, ..self }
    }

    /// Starts the game, on a board of at most [`MAX_SIDE`] a side.
    pub fn start(&self, registry: &Registry) -> Result<Started, StartError> {
        self.start_within(registry, MAX_SIDE)
    }

    /// Starts the game on a board of at most `max_side` a side (a server's own bound);
    /// every size is checked before the game is made.
    pub fn start_within(
        &self,
        registry: &Registry,
        max_side: usize,
    ) -> Result<Started, StartError> {
        let started = match self.target(registry, max_side)? {
            Target::Level(level) => Started {
                variant: level.variant.clone(),
                game: (level.start(level.variant.rules(), self.seed))
                    .map_err(|e| StartError::Level(level.file.setup_error(&e).into()))?,
                level: Some(*level),
            },
            Target::Board(variant, board) => Started {
                game: Game::from_board(variant.rules(), *board, self.seed)
                    .map_err(StartError::BadBoard)?,
                variant,
                level: None,
            },
            Target::Generated(variant, config) => Started {
                game: Game::new(variant.rules(), config)?,
                variant,
                level: None,
            },
        };
        Ok(started)
    }

    /// What the request plays, checked (its variant, board or level, and a generated
    /// board's configuration), without starting a game.
    pub fn target(&self, registry: &Registry, max_side: usize) -> Result<Target, StartError> {
        self.check()?;
        if let Some(source) = &self.level {
            let rules = self.rules.as_deref();
            let level = match source {
                LevelSource::File(path) => Opened::read(registry, path, rules),
                LevelSource::Parsed(file) => Opened::open(registry, (**file).clone(), rules),
            }
            .map_err(StartError::Level)?;
            let board = &level.layout.board;
            fits(board.rows(), board.cols(), max_side)?;
            return Ok(Target::Level(Box::new(level)));
        }
        let name = self.rules.as_deref().ok_or(StartError::NoRules)?;
        let variant = registry
            .get(name)
            .map_err(StartError::UnknownRules)?
            .clone();
        let board = match &self.board {
            Some(text) => Some(variant.board(text).map_err(StartError::Board)?),
            None if self.asks_nothing() && self.preset_first => {
                (variant.preset_names().first()).and_then(|name| variant.preset_board(name))
            }
            None => None,
        };
        if let Some(board) = board {
            fits(board.rows(), board.cols(), max_side)?;
            return Ok(Target::Board(variant, Box::new(board)));
        }
        if self.blockers > 0 && !variant.generates_blockers() {
            return Err(StartError::NoBlockers {
                blockers: self.blockers,
                rules: variant.name().to_string(),
            });
        }
        let config = self.config(&variant);
        fits(config.size.rows(), config.size.cols(), max_side)?;
        Ok(Target::Generated(variant, config))
    }

    /// The checks that need no variant: what the request combines, the ranges.
    fn check(&self) -> Result<(), StartError> {
        let generated = [
            ("size", self.size.is_some()),
            ("colors", self.colors.is_some()),
            ("blockers", self.blockers > 0),
        ];
        let named = generated.iter().find(|(_, given)| *given).map(|(w, _)| *w);
        match (&self.level, &self.board, named) {
            (Some(_), Some(_), _) => return Err(StartError::BoardAndLevel),
            (Some(_), None, Some(what)) => return Err(StartError::LevelSets(what)),
            (None, Some(_), Some(what)) => return Err(StartError::BoardSets(what)),
            _ => {}
        }
        if self.blockers > 100 {
            return Err(StartError::Percent(self.blockers));
        }
        match self.colors {
            Some(k) if !(1..=MAX_COLORS).contains(&k) => Err(StartError::Colors(k)),
            _ => Ok(()),
        }
    }

    /// Whether the request asks for no particular board.
    fn asks_nothing(&self) -> bool {
        self.size.is_none() && self.colors.is_none() && self.blockers == 0
    }

    /// The configuration of a generated board of `variant`: the request's, with the
    /// variant's defaults.
    pub fn config(&self, variant: &Variant) -> GameConfig {
        GameConfig {
            size: self.size.unwrap_or(variant.default_size()),
            colors: self.colors.unwrap_or(variant.default_colors()),
            seed: self.seed,
            blocker_percent: self.blockers,
        }
    }
}

/// A board of `rows`×`cols` is within `max` a side.
fn fits(rows: usize, cols: usize, max: usize) -> Result<(), StartError> {
    match rows > max || cols > max {
        true => Err(StartError::TooLarge { rows, cols, max }),
        false => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refusal(request: GameRequest) -> String {
        request.start(&Registry::builtin()).unwrap_err().to_string()
    }

    #[test]
    fn what_a_request_would_ignore_is_refused() {
        let level = || Some(LevelSource::File("nowhere.toml".into()));
        let size = Some(Size::new(4, 4).unwrap());
        assert_eq!(
            refusal(GameRequest {
                level: level(),
                size,
                ..GameRequest::default()
            }),
            "size: a level sets its own size, colours and blockers"
        );
        assert_eq!(
            refusal(GameRequest {
                level: level(),
                ..GameRequest::rules("lines").board("AB")
            }),
            "give a board or a level, not both"
        );
        assert_eq!(
            refusal(GameRequest {
                colors: Some(4),
                ..GameRequest::rules("lines").board("ABC")
            }),
            "colors: a given board sets its own; give it for a generated board only"
        );
        assert_eq!(
            refusal(GameRequest {
                blockers: 10,
                ..GameRequest::rules("clusters-drop")
            }),
            "blockers 10: the clusters-drop rules generate no blockers (their boards start empty)"
        );
        assert_eq!(
            refusal(GameRequest::default()),
            "give the rules (or a level)"
        );
        assert_eq!(
            refusal(GameRequest {
                colors: Some(27),
                ..GameRequest::rules("lines")
            }),
            "colors: 27 is not in 1..=26"
        );
        assert_eq!(
            refusal(GameRequest {
                blockers: 101,
                ..GameRequest::rules("lines")
            }),
            "blockers: 101 is not a percentage (0 to 100)"
        );
    }

    #[test]
    fn presets_come_first_only_when_asked_and_nothing_else_is() {
        let registry = Registry::builtin();
        let board = |r: GameRequest| r.start(&registry).unwrap().game.board().to_string();
        let first = GameRequest {
            preset_first: true,
            ..GameRequest::rules("finite")
        };
        assert_eq!(board(first.clone()), "AABC/BCAB/CBAC/ABCA");
        let generated = GameRequest {
            colors: Some(4),
            ..first
        };
        assert_eq!(generated.start(&registry).unwrap().game.board().rows(), 8);
        assert_ne!(board(GameRequest::rules("finite")), "AABC/BCAB/CBAC/ABCA");
    }

    #[test]
    fn sizes_past_the_bound_are_refused_before_any_game_is_made() {
        let registry = Registry::builtin();
        let big = GameRequest {
            size: Some(Size::new(20, 8).unwrap()),
            ..GameRequest::rules("lines")
        };
        assert_eq!(
            big.target(&registry, 16).unwrap_err().to_string(),
            "a 20x8 board is larger than this program takes (16x16 at most)"
        );
        assert!(big.start(&registry).is_ok());
    }
}
