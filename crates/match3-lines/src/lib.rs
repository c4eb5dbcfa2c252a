//! # match3-lines
//!
//! Line-run match-3 rules with specials, on the shared [`match3_core`] engine: the
//! production-style variant.
//!
//! - **Detection**: horizontal and vertical runs of 3 or more pieces of one colour.
//!   Specials match by their colour; a colour bomb has none and never forms a run.
//!   Blockers and empty cells break runs and never match.
//! - **Specials** ([`specials`]: declared through core's open special kinds) are created
//!   one per matched group (see [`groups`] for the rules and where they appear): run of 5+ → colour bomb (`*`), L/T/cross → wrapped (`A+`), run of
//!   exactly 4 → striped across the run (`A|` for a horizontal run, `A-` for a vertical).
//! - **Firing** ([`blast::fire`]): striped clears its row or column, wrapped the 3×3 around
//!   it (clipped), a colour bomb set off by something else every piece of the most common
//!   colour (ties: the lowest colour). Specials caught in a blast fire too, once each.
//! - **Combos** ([`blast::combo`]): swapping two of these specials, or a colour bomb with
//!   any piece, is always legal: bomb+bomb clears every non-blocker, bomb+X every piece of X's colour
//!   and both pieces, wrapped+wrapped a 5×5, wrapped+striped three rows and three columns,
//!   striped+striped a row and a column, all centred on the swap's destination.
//! - **Blockers** never match, never swap, are never cleared, and fall like pieces.
//! - **Score**: 10 × cells removed × chain index. **Refill**: uniform random colours from
//!   the game's palette, seeded.
//! - **Parts**: [`LINES`] is the variant (`match3_core::Variant`): detection
//!   `LineRuns::new(3)`, specials [`LineSpecials`] (a part per kind, joined), refill `Uniform`, scoring
//!   `CellsTimesChain::new(10)`; [`Lines`] is that variant as a value, and
//!   `Lines.variant().with_…(…)` builds another variant from it.
//! - **Deadlock**: a turn that leaves no legal swap is followed by the engine's seeded
//!   shuffle (on by default for refilling rules; a [`Level`](match3_core::Level) can turn
//!   it off); when no shuffle helps, the game is [`Status::NoMoves`](match3_core::Status).
//!
//! ```
//! use match3_core::{Game, GameConfig, Move, Pos};
//! use match3_lines::Lines;
//!
//! // A run of four made by a swap leaves a striped piece on the moved piece's cell.
//! let mut game = Game::from_board(Lines, "AABAC/CDADB/BCDBA".parse()?, 1)?;
//! let trace = game.play(Move::Swap(Pos::new(1, 2), Pos::new(0, 2)))?;
//! assert_eq!(trace.phases[0].created[0].pos, Pos::new(0, 2));
//! assert_eq!(trace.phases[0].score, 10 * 4);
//!
//! let game = Game::new(Lines, GameConfig { blocker_percent: 10, ..GameConfig::new(42) })?;
//! assert!(game.has_legal_move());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod blast;
pub mod groups;
pub mod specials;

use std::ops::Deref;

use match3_core::Variant;
use match3_core::detect::LineRuns;
use match3_core::generate::Stable;
use match3_core::moveset::Swaps;
use match3_core::refill::Uniform;
use match3_core::scoring::CellsTimesChain;
use match3_core::specials::And;

use crate::groups::LineShapes;
use crate::specials::{ColorBomb, Striped, Wrapped};

/// The shortest run that matches.
pub const MIN_RUN: usize = 3;

/// The line rules as parts: runs of three, [`LineSpecials`], uniform refill, 10 points ×
/// cells × chain, swaps, random stable boards.
pub type LinesVariant = Variant<LineRuns, LineSpecials, Uniform, CellsTimesChain>;

/// The line rules' variant, for building others from it (see [`Lines::variant`]).
pub const LINES: LinesVariant = Variant::assemble(
    "lines",
    LineRuns::new(MIN_RUN),
    LINE_SPECIALS,
    Uniform,
    CellsTimesChain::new(10),
    Swaps,
    Stable,
);

/// The line-run rules with specials: a value that is the [`LINES`] variant.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Lines;

impl Lines {
    /// The variant, to build another from it: `Lines.variant().with_refill(…)`.
    pub const fn variant(self) -> LinesVariant {
        LINES
    }
}

impl Deref for Lines {
    type Target = LinesVariant;
    fn deref(&self) -> &LinesVariant {
        &LINES
    }
}

/// The specials of the line rules: [`Striped`], [`Wrapped`] and [`ColorBomb`], each a
/// part with its kind and what it does, and [`LineShapes`], which creates them; joined
/// with
/// [`Specials::and`](match3_core::Specials::and). Add a kind of your own with
/// `LINE_SPECIALS.and(Mine)`.
pub type LineSpecials = And<And<And<Striped, Wrapped>, ColorBomb>, LineShapes>;

/// The line rules' specials, as a value.
pub const LINE_SPECIALS: LineSpecials = And(And(And(Striped, Wrapped), ColorBomb), LineShapes);
