//! # match3-core
//!
//! The shared model and the one engine of the match3 workspace: boards and their
//! notation, pieces with stable ids, moves, the parts a rule variant is assembled from,
//! and [`Game`], which drives any variant through a turn and records a [`Trace`] a
//! renderer can animate.
//!
//! A variant is a [`Variant`]: a name and six parts, each a small trait with defaults.
//! The engine owns the turn loop: validate the move (a rejected move changes nothing),
//! count it, then phases of *match → fire specials → create specials → remove → score →
//! gravity → refill* until the board is stable. From chain [`CALM_REFILL_AFTER`] on,
//! refills avoid new matches so every cascade settles; [`PHASE_LIMIT`] is the backstop
//! (such a turn is an error and changes nothing).
//!
//! ```
//! use match3_core::detect::LineRuns;
//! use match3_core::{Game, Move, Pos, Variant};
//!
//! let threes = Variant::new("threes", LineRuns::new(3));
//! let mut game = Game::from_board(threes, "AABC/BCAB/CBAC/ABCA".parse()?, 7)?;
//! assert_eq!(game.legal_moves().len(), 4);
//! let trace = game.play(Move::Swap(Pos::new(0, 2), Pos::new(1, 2)))?;
//! assert_eq!(trace.phases[0].cleared, [Pos::new(0, 0), Pos::new(0, 1), Pos::new(0, 2)]);
//! assert_eq!((game.score(), game.moves()), (3, 1));
//!
//! // A rejected move is an error and changes nothing.
//! let before = game.snapshot();
//! assert!(game.play(Move::Swap(Pos::new(0, 0), Pos::new(2, 2))).is_err());
//! assert_eq!(game.snapshot(), before);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## The parts of a variant
//!
//! | part | trait | what it answers | bundled |
//! |---|---|---|---|
//! | detection | [`Detect`] | which cells match; every legal swap, "any move?" and new boards' "no match" derive from it | [`detect::LineRuns`], [`detect::Squares`], [`detect::Planes`] (any [`detect::PlaneRule`]), [`detect::Or`], closures |
//! | specials | [`Specials`] | kinds and notation markers, what a phase creates, what fires clear, which swaps are combos | [`specials::NoSpecials`] |
//! | refill | [`Refill`] | every new piece, with a serde state of the policy's own | [`refill::Uniform`], [`refill::Weighted`], [`refill::Scripted`], [`refill::NoImmediateMatch`], [`refill::NoRefill`] |
//! | scoring | [`Scoring`] | points for a phase | [`scoring::OnePerCell`], [`scoring::CellsTimesChain`], closures |
//! | moves | [`MoveSet`] | which moves a player makes, what a tap clears | [`moveset::Swaps`], [`moveset::Drops`] |
//! | generation | [`Generate`] | a new game's board | [`generate::Stable`], [`generate::Empty`] |
//!
//! `Variant::with_…` replaces one part of an existing variant and keeps the rest, so a
//! variant built on another is one line; each derived answer comes from the part it
//! derives from, so a new detection never keeps an old one's shortcuts. Fast paths are
//! optional hooks on the parts, each documented "never wrong to return `None`"; a
//! detection written as a [`detect::PlaneRule`] gets them from the engine, which judges
//! swaps by moving two bits in two colour planes (many swaps per evaluation when the rule
//! declares its [reach](detect::PlaneRule::reach)). The engine asks its questions through
//! [`Rules`], which `Variant` and pointers to rules implement (it cannot be implemented
//! otherwise). Rule crates reach boards through cell accessors ([`Board::at`],
//! [`Board::color_at`], …) and the plane abstraction of [`planes`] (a rule written over
//! [`planes::Field`] runs on every board layout); the board's storage is private.
//!
//! ## Levels, shuffles and saved games
//!
//! - **Levels**: a [`Level`] adds a move limit, [`Goal`]s (score, collect, jelly, crates), star thresholds,
//!   the shuffle switch and refill weights; the status becomes [`Status::Won`] or
//!   [`Status::Lost`]. [`Game::from_layout`] starts a level's board ([`Layout`]: holes `_`
//!   and random cells `?`, drawn so the game starts stable and playable). The
//!   `match3-levels` crate reads level files.
//! - **Shuffle on deadlock** (on by default for refilling rules): a turn that leaves no
//!   legal move permutes the pieces, seeded, keeping ids; recorded as [`Trace::shuffle`].
//! - **Obstacles**, the same for every variant: crates ([`Cell::Crate`], `%` `%2` `%3`)
//!   never move or match and take a hit per phase from a match next to them or a blast
//!   over them; jelly (`~`, `~~`) under a cell loses a layer per phase in which its piece
//!   is cleared; a locked piece (`@`) cannot be swapped, does not fall, and a clear that
//!   includes it breaks the lock instead. Jelly and locks are a cell's [`Layers`]. Every
//!   change is an [`ObstacleEvent`] in the phase's trace, and replay reproduces the layers.
//!   See [Obstacles in a phase](#obstacles-in-a-phase).
//! - **Save and load**: [`Game::save`] gives a [`SavedGame`] (serde), [`Game::load`]
//!   continues it exactly.
//!
//! ## Look-ahead for bots
//!
//! [`Game::speculate`] plays a move on a reused scratch [`Snapshot`] and returns what the
//! real turn would give; [`Game::evaluate`] returns only the score, the cheapest whole
//! look-ahead. Either can draw refills from a generator of the bot's own instead of the
//! game's, so a bot never sees the game's future. [`Game::evaluate_within`] resolves less
//! ([`Horizon`]): the first N phases, or only the cascade of the pieces already on the
//! board, without refills, which is all a bot can know for certain.
//! [`Game::score_within`] gives the same score into a [`ScoreScratch`], which never shows
//! its board: when every part has a form that needs no cell (the detection's
//! [`Detect::on_planes`], a blind refill policy, a scoring by counts, a specials part
//! that tells from the planes when a phase makes none) it moves the masks alone on small
//! boards, leaving cells and ids where they were, until a special would be made or fire.
//! A search that plays one move under many refill samples opens it once
//! ([`Game::open_move`]: the move's check, its first phase and the gravity after it,
//! which no sample changes; the whole turn under rules that never refill) and finishes
//! it per sample ([`Game::finish_move`], or [`Probe::finish_move`] straight onto a
//! probe), with the same outcome as [`Game::speculate_with`] that sample. Its playouts
//! run on a [`Probe`] ([`Game::probe`]), a scratch game that keeps no copy to undo a
//! failed turn and, under rules without special kinds whose parts answer on the planes
//! (the detection's [`Detect::swaps_on_planes`] too), plays on the planes alone until its
//! [`state`](Probe::state) is read.
//!
//! ## Obstacles in a phase
//!
//! Once the phase's matches are found and its specials have fired (a locked special does
//! not fire):
//!
//! 1. a locked piece in the clear is not removed: its lock breaks instead. It is not
//!    cleared, so it takes no jelly layer, collects nothing and hits no crate; from then
//!    on it is a free piece, which falls with this phase's gravity;
//! 2. each cleared cell with jelly loses one layer;
//! 3. each crate orthogonally next to a cell cleared by a match (the detected matches, or
//!    a tap's group), or covered by a blast (a special's area or a combo's), loses one
//!    health, once per phase whatever the number of reasons; at 0 its cell is empty;
//! 4. the cleared pieces are removed, gravity runs (crates and locked pieces stay and hold
//!    up what is above them) and refills fill every empty cell, including those under
//!    a crate or a locked piece.
//!
//! The events come in that order in [`Phase::obstacles`]: broken locks, jelly, crate hits,
//! each row-major. Shuffles leave crates, locked pieces and all layers where they are.
//!
//! ## Design decisions
//!
//! - **Ids**: every *occupied* cell has an id, blockers included, so a blocker's fall can be
//!   traced and replayed. A loaded board is numbered row-major from 0; new pieces (drops,
//!   created specials, spawns) take the next ids in creation order. A drop's piece gets its
//!   id when it lands, not while it is shown as the next piece.
//! - **Swap direction**: in `Swap(a, b)` the piece on `a` is the one moved; `b` is the
//!   destination. Combos centre there and new specials prefer it.
//! - **Spawns** happen row-major after gravity, one call of [`Refill::spawn`] per
//!   spawned piece (one generator draw for the uniform policy).
//! - **Loaded boards** are taken as given, matches and floating pieces included; a move or
//!   [`Game::resolve`] starts the phases.
//! - **Palette** of a loaded board: the colours up to the highest letter on it, but at
//!   least [`MIN_INFERRED_COLORS`], unless given with [`Game::from_board_with_colors`].
//! - **Randomness**: PCG32 (`rand_pcg`) on a fixed stream, seeded with the game seed;
//!   bounded draws are computed in [`GameRng`], not by a library sampler.

mod bits;
mod board;
mod cellset;
mod combos;
mod contain;
pub mod detect;
mod draw;
pub mod effects;
mod error;
mod game;
pub mod generate;
pub mod gravity;
mod layers;
mod legal;
mod level;
mod masks;
mod moves;
pub mod moveset;
mod notation;
mod obstacles;
mod packed;
mod phase;
mod piece;
pub mod planes;
mod pos;
mod probe;
mod progress;
pub mod refill;
mod rng;
mod rowmasks;
mod rules;
pub mod runs;
mod save;
pub mod scoring;
mod slot;
pub mod specials;
mod state;
#[cfg(test)]
mod test_draws;
pub mod topology;
mod trace;
mod variant;

pub use board::Board;
pub use cellset::{CellSet, Iter as CellSetIter};
pub use detect::Detect;
pub use effects::Effects;
pub use error::{MoveError, NotationError, PartError, PartName, SetupError};
pub use game::{Game, GameConfig, MIN_INFERRED_COLORS, ScoreScratch};
pub use generate::Generate;
pub use gravity::Gravity;
pub use layers::{LayerError, Layers, MAX_JELLY};
pub use legal::{any_legal_move, for_each_legal_move, legal_moves_into, pick_legal_move};
pub use level::{Goal, GoalProgress, Leftover, Level, SHUFFLE_TRIES};
pub use moves::{Move, MoveKind, PackedSwaps, SwapMasks};
pub use moveset::MoveSet;
pub use notation::Layout;
pub use obstacles::Cleared;
pub use phase::{Group, Groups, Matches, ScoredPhase};
pub use piece::{Cell, Color, Combos, MAX_COLORS, Piece, Special, SpecialKind, write_cell};
pub use pos::{MAX_SIDE, Pos, PosError, Size, SizeError, SizeParseError};
pub use probe::Probe;
pub use progress::{Progress, Tally};
pub use refill::Refill;
pub use refill::SpawnSite;
pub use rng::GameRng;
pub use rowmasks::RowMasks;
pub use rules::Rules;
pub use save::SavedGame;
pub use scoring::Scoring;
pub use slot::{PartState, StateSlot};
pub use specials::Specials;
pub use state::opened::OpenedMove;
pub use state::spawn::CALM_REFILL_AFTER;
pub use state::status::status_of;
pub use state::turn::{Horizon, PHASE_LIMIT};
pub use state::{Snapshot, TurnSummary};
pub use topology::Topology;
pub use trace::{
    Changed, Created, Effected, Fall, Fire, Fired, Moved, NoTrace, ObstacleEvent, Opening, Phase,
    ReplayError, Shuffle, Sink, Spawn, Status, Trace, Unplaced,
};
pub use variant::Variant;
