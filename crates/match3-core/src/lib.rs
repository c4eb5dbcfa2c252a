//! # match3-core
//!
//! The shared model and the one engine of the match3 workspace: boards and their
//! notation, pieces with stable ids, moves, the [`Rules`] trait a variant implements, and
//! [`Game`], which drives any `Rules` through a turn and records a [`Trace`] a renderer
//! can animate.
//!
//! A variant answers questions ([`Rules::find_matches`], [`Rules::swap_matches`],
//! [`Rules::blast`], [`Rules::spawn`], [`Rules::score`], …); the engine owns the turn
//! loop: validate the move (a rejected move changes nothing), count it, then phases of
//! *match → fire specials → create specials → remove → score → gravity → refill* until the
//! board is stable. From chain [`CALM_REFILL_AFTER`] on, refills avoid new matches so
//! every cascade settles; [`PHASE_LIMIT`] is the backstop for rules whose predicates
//! disagree with their detection (such a turn is an error and changes nothing).
//!
//! ```
//! use match3_core::{Board, CellSet, Game, Move, Pos, Rules, Status, runs};
//!
//! struct Threes;
//! impl Rules for Threes {
//!     fn name(&self) -> &str { "threes" }
//!     fn find_matches(&self, board: &Board) -> CellSet { runs::find_runs(board, 3).all() }
//! }
//!
//! let mut game = Game::from_board(Threes, "AABC/BCAB/CBAC/ABCA".parse()?, 7)?;
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
//! ## Extension points
//!
//! Everything a rule crate may change, without touching this crate:
//!
//! - **Detection**: [`Rules::find_matches`], plus fast predicates ([`Rules::in_match`],
//!   [`Rules::swap_matches_in`], [`Rules::legal_swaps`] and its packed form for boards up
//!   to 8×8, [`Rules::legal_swaps_packed`]) that default to correct derivations; the
//!   engine lends one scratch board for candidate swaps, so the defaults copy nothing per
//!   candidate. [`runs`] and [`line_run_detection!`] give line runs on the bit masks.
//! - **Special kinds**: [`Rules::specials`] declares them ([`SpecialKind`]: marker,
//!   coloured or not, name); boards parse through that table ([`Rules::parse_board`]);
//!   [`Rules::create_specials`] makes them from grouped matches ([`Matches::groups`]),
//!   [`Rules::blast`] says what they clear (with the game's generator for random
//!   targets), [`Rules::combo`] how they combine.
//! - **Refill policy**: [`Rules::refills`] and [`Rules::spawn`], with policy state saved in
//!   the snapshot; bundled policies in [`refill`].
//! - **Scoring**: [`Rules::score`] sees the whole phase ([`ScoredPhase`]).
//! - **Wrapping**: [`Wrap`] and [`wrap_rules!`] build a variant from another by
//!   overriding only what differs.
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
//! its board: for rules that read only the bit planes ([`Rules::resolves_on_planes`]) it
//! moves the masks alone on small boards, leaving cells and ids where they were.
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
//! - **Spawns** happen row-major after gravity, one call of [`Rules::spawn`] per spawned
//!   piece (one generator draw for the default uniform policy).
//! - **Loaded boards** are taken as given, matches and floating pieces included; a move or
//!   [`Game::resolve`] starts the phases.
//! - **Palette** of a loaded board: the colours up to the highest letter on it, but at
//!   least [`MIN_INFERRED_COLORS`], unless given with [`Game::from_board_with_colors`].
//! - **Randomness**: PCG32 (`rand_pcg`) on a fixed stream, seeded with the game seed;
//!   bounded draws are computed in [`GameRng`], not by a library sampler.

mod bits;
mod board;
mod cellset;
pub mod detect;
mod error;
mod game;
pub mod generate;
mod layers;
mod legal;
mod level;
mod masks;
mod moves;
mod notation;
mod obstacles;
pub mod packed;
mod phase;
mod piece;
pub mod planes;
mod pos;
pub mod refill;
mod rng;
mod rowmasks;
mod rules;
pub mod runs;
mod save;
mod shuffle;
mod trace;
mod turn;

pub use board::Board;
pub use cellset::{CellSet, Iter as CellSetIter};
pub use error::{
    LayerError, MoveError, NotationError, PosError, ReplayError, SetupError, SizeError,
    SizeParseError,
};
pub use game::{Game, GameConfig, MIN_INFERRED_COLORS, ScoreScratch, Snapshot, TurnSummary};
pub use layers::{Layers, MAX_JELLY};
pub use legal::{
    any_legal_move, for_each_legal_move, legal_moves_into, pick_legal_move, status_of,
};
pub use level::{Goal, GoalProgress, Level, SHUFFLE_TRIES};
pub use moves::{Move, MoveKind, PackedSwaps, SwapMasks};
pub use notation::{DEFAULT_MARKERS, Layout, write_cell};
pub use obstacles::Cleared;
pub use phase::{Group, Groups, Matches, ScoredPhase};
pub use piece::{Cell, Color, MAX_COLORS, Piece, Special, SpecialKind};
pub use pos::{MAX_SIDE, Pos, Size};
pub use refill::SpawnSite;
pub use rng::GameRng;
pub use rowmasks::RowMasks;
pub use rules::{Rules, Wrap};
pub use save::SavedGame;
pub use trace::{
    Created, Fall, Fire, Fired, Moved, NoTrace, ObstacleEvent, Opening, Phase, Shuffle, Sink,
    Spawn, Status, Trace,
};
pub use turn::{CALM_REFILL_AFTER, Horizon, PHASE_LIMIT, gravity};
