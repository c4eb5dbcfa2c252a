//! # match3-finite
//!
//! The finite no-refill rules (the 4×4 teaching game), on the shared
//! [`match3_core`] engine.
//!
//! - A swap of two side-adjacent pieces is legal when it puts a swapped piece in a
//!   horizontal or vertical run of three or more equal symbols.
//! - Each phase removes the union of all runs and scores **one point per unique cell**.
//! - Gravity keeps each column's order and settles it at the bottom; nothing refills.
//!   A gravity-made run is a new phase of the same turn, never a new move.
//! - The game is [`Status::NoMoves`](match3_core::Status) when no legal swap is left and
//!   [`Status::Cleared`](match3_core::Status) when no piece is.
//!
//! ```
//! use match3_core::{Game, Move, Pos};
//! use match3_finite::{Finite, Preset};
//!
//! let mut game = Preset::Teaching.game()?;
//! let trace = game.play(Move::Swap(Pos::new(0, 2), Pos::new(1, 2)))?;
//! assert_eq!(trace.score(), 3);
//! assert_eq!(game.board().to_string(), "...C/BCBB/CBAC/ABCA");
//! game.reset();
//! assert_eq!((game.score(), game.moves()), (0, 0));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Symbols are any of `A`…`Z` (the presets use `A`–`D`). Blockers (`#`) are allowed:
//! they never match, never swap and settle like pieces. Specials are not part of this game
//! and are rejected when a board is loaded.

use std::fmt;
use std::str::FromStr;

use std::ops::Deref;

use match3_core::detect::LineRuns;
use match3_core::generate::Stable;
use match3_core::moveset::Swaps;
use match3_core::refill::NoRefill;
use match3_core::scoring::OnePerCell;
use match3_core::specials::NoSpecials;
use match3_core::{Board, Color, Game, MAX_COLORS, ScoredPhase, Scoring, SetupError, Variant};

/// The shortest run that matches.
pub const MIN_RUN: usize = 3;

/// The finite rules as parts: runs of three, a point per cell with the finite game's
/// score bound ([`PointPerPiece`]), and every other part the default (no specials, no
/// refill, swaps, random stable boards).
pub type FiniteVariant = Variant<LineRuns, NoSpecials, NoRefill, PointPerPiece>;

/// The finite rules' variant.
pub const FINITE: FiniteVariant = Variant::assemble(
    "finite",
    LineRuns::new(MIN_RUN),
    NoSpecials,
    NoRefill,
    PointPerPiece,
    Swaps,
    Stable,
);

/// The finite game's scoring: one point per cleared piece ([`OnePerCell`]), with the
/// bound exact search prunes by ([`score_bound`]). The bound holds because nothing in
/// this game clears a piece but a run of [`MIN_RUN`]: a variant built from this one with
/// specials or a shorter run must take another scoring (the bound lives on the scoring
/// part, so `with_scoring` drops it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PointPerPiece;

impl Scoring for PointPerPiece {
    fn score(&self, phase: &ScoredPhase<'_>) -> u64 {
        OnePerCell.score(phase)
    }
    fn by_count(&self, chain: u32, cleared: usize) -> Option<u64> {
        OnePerCell.by_count(chain, cleared)
    }
    fn bound(&self, board: &Board) -> Option<u64> {
        Some(score_bound(board))
    }
}

/// The finite no-refill rules: a value that is the [`FINITE`] variant.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Finite;

impl Finite {
    /// The variant, to build another from it.
    pub const fn variant(self) -> FiniteVariant {
        FINITE
    }
}

impl Deref for Finite {
    type Target = FiniteVariant;
    fn deref(&self) -> &FiniteVariant {
        &FINITE
    }
}

/// At most how many more points any line of moves scores from `board` under these rules:
/// every point is a cleared piece, and a colour with fewer than [`MIN_RUN`] pieces can
/// never make a run, so the pieces of the other colours are all that is left to score.
/// Exact search uses it to skip lines that cannot beat the best found: it is the bound of
/// [`PointPerPiece`], the finite variant's scoring
/// ([`Rules::score_bound`](match3_core::Rules::score_bound)).
pub fn score_bound(board: &Board) -> u64 {
    (0..MAX_COLORS)
        .filter_map(Color::new)
        .map(|color| u64::from(board.color_count(color)))
        .filter(|&pieces| pieces >= MIN_RUN as u64)
        .sum()
}

/// The preset boards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Preset {
    /// `AABC/BCAB/CBAC/ABCA`: no match, four legal swaps.
    Teaching,
    /// A plus-shaped run of `A` (row 2 cols 1–3, col 2 rows 1–3) and no other run:
    /// loading it clears nothing; resolving it clears those 5 cells for 5 points.
    Cross,
}

/// The teaching board's notation.
pub const TEACHING: &str = "AABC/BCAB/CBAC/ABCA";
/// The cross board's notation.
pub const CROSS: &str = "BCBC/CDAB/DAAA/BCAD";

/// An unknown preset name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown preset {0:?}: expected teaching or cross")]
pub struct UnknownPreset(pub String);

impl Preset {
    /// Every preset.
    pub const ALL: [Preset; 2] = [Preset::Teaching, Preset::Cross];

    /// The preset's notation.
    pub fn notation(self) -> &'static str {
        match self {
            Preset::Teaching => TEACHING,
            Preset::Cross => CROSS,
        }
    }

    /// The preset's board.
    pub fn board(self) -> Board {
        self.notation().parse().expect("presets are valid notation")
    }

    /// A finite game on the preset (no randomness is used; the seed is 0).
    pub fn game(self) -> Result<Game<Finite>, SetupError> {
        Game::from_board(Finite, self.board(), 0)
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Preset::Teaching => "teaching",
            Preset::Cross => "cross",
        })
    }
}

impl FromStr for Preset {
    type Err = UnknownPreset;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Preset::ALL
            .into_iter()
            .find(|p| p.to_string() == s)
            .ok_or_else(|| UnknownPreset(s.to_string()))
    }
}
