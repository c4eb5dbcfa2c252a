//! A rule variant as the command knows it: a name, a one-line description, how to build
//! its rules, and what the command needs beside the rules (presets, the default palette
//! and board size, a bound for the exact solver).
//!
//! ```
//! use match3_app::Variant;
//! use match3_core::detect::LineRuns;
//!
//! let threes = Variant::new("threes", "runs of three, nothing else", || {
//!     match3_core::Variant::new("threes", LineRuns::new(3))
//! })
//! .preset("corner", "AAB/BBA/ABA".parse()?)
//! .colors(4);
//! assert_eq!(threes.name(), "threes");
//! assert_eq!(threes.preset_names(), ["corner"]);
//! assert_eq!(threes.rules().name(), "threes");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::sync::Arc;

use match3_core::{Board, MoveKind, NotationError, Rules, Size};
use thiserror::Error;

/// A rules value any thread can share (simulations run on several).
pub type SharedRules = Box<dyn Rules + Send + Sync>;

type Build = dyn Fn() -> SharedRules + Send + Sync;

/// A `--board` a variant cannot read ([`Variant::board`]).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BoardError {
    /// A preset name, and the variant has no presets.
    #[error(
        "the {rules} rules have no presets (asked for {name:?}); give a board in notation, such as AABC/BCAB/CBAC/ABCA"
    )]
    NoPresets {
        /// The variant.
        rules: String,
        /// The name asked for.
        name: String,
    },
    /// A preset name the variant does not have.
    #[error("unknown preset {name:?} for the {rules} rules; presets: {}", .presets.join(", "))]
    UnknownPreset {
        /// The variant.
        rules: String,
        /// The name asked for.
        name: String,
        /// The variant's presets, in order.
        presets: Vec<String>,
    },
    /// Notation the rules cannot read; the text is quoted as a short
    /// [`excerpt`](crate::input::excerpt).
    #[error("bad board {}: {source}", crate::input::excerpt(.text))]
    Notation {
        /// The text as given.
        text: String,
        /// What is wrong with it.
        #[source]
        source: NotationError,
    },
}

/// A variant the command can play: see the [module docs](self). Cheap to clone.
#[derive(Clone)]
pub struct Variant {
    name: String,
    description: String,
    build: Arc<Build>,
    presets: Vec<(String, Board)>,
    colors: u8,
    size: Size,
}

impl Variant {
    /// A variant called `name` (the value of `--rules` and of a level file's `rules`:
    /// lower-case letters, digits and `-`), described in a line, whose rules `build`
    /// makes. Its games start on 8×8 boards with 5 colours unless the user or
    /// [`Variant::size`] and [`Variant::colors`] say otherwise.
    pub fn new<R, F>(name: &str, description: &str, build: F) -> Variant
    where
        R: Rules + Send + Sync + 'static,
        F: Fn() -> R + Send + Sync + 'static,
    {
        Variant {
            name: name.to_string(),
            description: description.to_string(),
            build: Arc::new(move || Box::new(build()) as SharedRules),
            presets: Vec::new(),
            colors: 5,
            size: Size::new(8, 8).expect("8x8 is a valid size"),
        }
    }

    /// Adds a named board (`--board NAME`, `--preset NAME`, the playground's presets).
    /// A variant with presets starts `play` on its first one when asked for nothing else.
    pub fn preset(mut self, name: &str, board: Board) -> Variant {
        self.presets.push((name.to_string(), board));
        self
    }

    /// The palette of generated boards when `--colors` is not given.
    pub fn colors(mut self, colors: u8) -> Variant {
        self.colors = colors;
        self
    }

    /// The size of generated boards when `--size` is not given.
    pub fn size(mut self, size: Size) -> Variant {
        self.size = size;
        self
    }

    /// The name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The one-line description.
    pub fn description(&self) -> &str {
        &self.description
    }

    /// A new rules value, shareable across threads.
    pub fn rules(&self) -> SharedRules {
        (self.build)()
    }

    /// The default palette of generated boards.
    pub fn default_colors(&self) -> u8 {
        self.colors
    }

    /// The default size of generated boards.
    pub fn default_size(&self) -> Size {
        self.size
    }

    /// A board from `--board` text: a preset name (a lower-case word) or notation.
    pub fn board(&self, text: &str) -> Result<Board, BoardError> {
        let name = text.trim();
        let is_name =
            |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_';
        if name.chars().any(|c| c.is_ascii_lowercase()) && name.chars().all(is_name) {
            return (self.preset_board(name)).ok_or_else(|| self.preset_error(name));
        }
        (self.rules().parse_board(text)).map_err(|source| BoardError::Notation {
            text: text.to_string(),
            source,
        })
    }

    /// The preset board called `name`.
    pub fn preset_board(&self, name: &str) -> Option<Board> {
        (self.presets.iter())
            .find(|(n, _)| n == name)
            .map(|(_, b)| b.clone())
    }

    /// The preset names, in the order they were added.
    pub fn preset_names(&self) -> Vec<&str> {
        self.presets.iter().map(|(n, _)| n.as_str()).collect()
    }

    /// The message for a preset name this variant does not have.
    pub fn no_preset(&self, name: &str) -> String {
        self.preset_error(name).to_string()
    }

    /// The error for a preset name this variant does not have.
    pub fn preset_error(&self, name: &str) -> BoardError {
        let (rules, name) = (self.name.clone(), name.to_string());
        let presets: Vec<String> = self
            .preset_names()
            .into_iter()
            .map(str::to_string)
            .collect();
        if presets.is_empty() {
            BoardError::NoPresets { rules, name }
        } else {
            BoardError::UnknownPreset {
                rules,
                name,
                presets,
            }
        }
    }

    /// Whether `new` and `simulate` can place blockers on this variant's boards: not
    /// when the player drops pieces (a drop game starts empty).
    pub fn generates_blockers(&self) -> bool {
        !self.rules().accepts(MoveKind::Drop)
    }

    /// Whether the variant ever draws a new piece (refills or a next piece to drop), so
    /// that a palette size matters; `solve` takes only variants that draw none.
    pub fn draws_pieces(&self) -> bool {
        let rules = self.rules();
        rules.refills() || rules.accepts(MoveKind::Drop)
    }

    /// The move kinds the rules accept, by name (`swap`, `drop`, `tap`).
    pub fn move_kinds(&self) -> Vec<&'static str> {
        let rules = self.rules();
        [
            (MoveKind::Swap, "swap"),
            (MoveKind::Drop, "drop"),
            (MoveKind::Tap, "tap"),
        ]
        .into_iter()
        .filter(|&(k, _)| rules.accepts(k))
        .map(|(_, name)| name)
        .collect()
    }
}

impl fmt::Debug for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Variant")
            .field("name", &self.name)
            .field("description", &self.description)
            .field("presets", &self.preset_names())
            .field("colors", &self.colors)
            .field("size", &self.size)
            .finish_non_exhaustive()
    }
}

impl PartialEq for Variant {
    /// Variants are told apart by name: a registry holds each name once.
    fn eq(&self, other: &Variant) -> bool {
        self.name == other.name
    }
}
