//! [`Rules`]: what the engine asks a variant, answered by a [`Variant`](crate::Variant) assembled from
//! parts.

use std::ops::Deref;

use crate::board::Board;
use crate::cellset::CellSet;
use crate::effects::AfterMove;
use crate::error::{NotationError, SetupError};
use crate::gravity::{Bundled, Falls};
use crate::moves::{MoveKind, PackedSwaps};
use crate::phase::ScoredPhase;
use crate::piece::{Piece, Special, SpecialKind};
use crate::planes::{FoundSwaps, PackedCells, PlaneView};
use crate::pos::{Pos, Size};
use crate::refill::{Blind, SpawnSite};
use crate::rng::GameRng;
use crate::slot::StateSlot;
use crate::specials::{Blast, BlastOnPlanes, Combo, ComboOnPlanes, Create, CreateOnPlanes};
use crate::topology::Directions;

/// Declares [`Rules`] and its forwarding through pointers from one list of methods, so
/// that the list is written once: a method added here is forwarded by every pointer to
/// rules, with nothing to forget.
macro_rules! rules_trait {
    ($(
        $(#[$doc:meta])*
        fn $name:ident(&self $(, $arg:ident: $ty:ty)* $(,)?) $(-> $ret:ty)?;
    )*) => {
        /// The questions the engine ([`Game`](crate::Game)) asks a variant during a turn,
        /// each answered by one of its parts.
        ///
        /// A variant is not written by implementing this trait: it is a
        /// [`Variant`](crate::Variant) assembled from parts (detection, specials, refill,
        /// scoring, move kinds, generation, gravity, swap directions, end-of-move
        /// effects), and the answers derived from a part come from that part, so
        /// replacing one replaces all of them. The trait is implemented for `Variant` and
        /// for every pointer to rules (`&R`, `Box<R>`, `Arc<R>`, a rule crate's unit
        /// struct that derefs to its variant), and nothing else can implement it. It is
        /// dyn-compatible: `Game<Box<dyn Rules>>` works when the variant is chosen at run
        /// time.
        pub trait Rules: sealed::Sealed {
            $( $(#[$doc])* fn $name(&self $(, $arg: $ty)*) $(-> $ret)?; )*

            /// Whether boards may hold `special`: whether it is one of the
            /// [`special_kinds`](Rules::special_kinds).
            fn supports_special(&self, special: Special) -> bool {
                self.special_kinds().iter().any(|k| k.special == special)
            }

            /// Parses board notation through these rules' marker table: a marker they do
            /// not have is an error naming its row and column.
            fn parse_board(&self, text: &str) -> Result<Board, NotationError> {
                Board::parse(text, self.special_kinds())
            }
        }

        /// Pointers to rules are the same rules: references, boxes, `Arc`s, and a rule
        /// crate's type that derefs to its [`Variant`](crate::Variant).
        impl<P> Rules for P
        where
            P: Deref,
            P::Target: Rules,
        {
            $(
                #[inline]
                fn $name(&self $(, $arg: $ty)*) $(-> $ret)? {
                    (**self).$name($($arg),*)
                }
            )*
        }
    };
}

rules_trait! {
    /// The variant's name, used in messages and saved games (`"finite"`, `"lines"`, …).
    fn name(&self) -> &str;

    /// Every matched cell ([`Detect::find_matches`](crate::detect::Detect::find_matches)).
    fn find_matches(&self, board: &Board) -> CellSet;

    /// Whether [`find_matches`](Rules::find_matches) answers only cells on the board
    /// ([`Detect::stays_on_board`](crate::detect::Detect::stays_on_board)).
    fn matches_stay_on_board(&self) -> bool;

    /// Whether `pos` is in a match.
    fn in_match(&self, board: &Board, pos: Pos) -> bool;

    /// Whether swapping the pieces at `a` and `b` puts one of them in a match (combos
    /// aside). `board` is the board before the swap, lent as scratch: it is left exactly
    /// as it was.
    fn swap_matches(&self, board: &mut Board, a: Pos, b: Pos) -> bool;

    /// Every legal swap at once (matches and combos), or `None` when the detection has
    /// no fast answer: then the engine asks pair by pair.
    fn legal_swaps(&self, board: &Board) -> Option<FoundSwaps>;

    /// [`legal_swaps`](Rules::legal_swaps) on a board of at most 8 × 8, packed a byte
    /// per row: what a game keeps as its status's legal swaps there (the same answer,
    /// without moving the cell sets a bigger board needs). `None` on bigger boards too.
    fn legal_swaps_packed(&self, board: &Board) -> Option<PackedSwaps>;

    /// [`legal_swaps_packed`](Rules::legal_swaps_packed) from the bit planes alone, for a
    /// board without specials (whose kinds the planes do not show), from the detection's
    /// [`Detect::swaps_on_planes`](crate::detect::Detect::swaps_on_planes); `None` when it
    /// has none, or the board is bigger than 8 × 8.
    fn legal_swaps_on_planes(&self, view: PlaneView<'_>) -> Option<PackedSwaps>;

    /// Whether any swap is legal, when that can be told faster than by listing them.
    fn any_legal_swap(&self, board: &Board) -> Option<bool>;

    /// The matched cells from the bit planes alone, when the detection can tell them so
    /// (see [`Detect::on_planes`](crate::detect::Detect::on_planes)).
    fn matches_on_planes(&self, view: PlaneView<'_>) -> Option<CellSet>;

    /// [`matches_on_planes`](Rules::matches_on_planes) on a board of at most 64 cells,
    /// packed (see
    /// [`Detect::on_planes_packed`](crate::detect::Detect::on_planes_packed)).
    fn matches_on_planes_packed(&self, view: PlaneView<'_>) -> Option<PackedCells>;

    /// Whether moves of `kind` are taken.
    fn accepts(&self, kind: MoveKind) -> bool;

    /// The cells a tap at `pos` clears, `None` when the tap is illegal.
    fn tap(&self, board: &Board, pos: Pos) -> Option<CellSet>;

    /// Every cell a tap is legal on, when the move set can tell them at once
    /// ([`MoveSet::taps`](crate::MoveSet::taps)); `None` when it cannot, or when taps
    /// are not taken.
    fn legal_taps(&self, board: &Board) -> Option<CellSet>;

    /// [`legal_taps`](Rules::legal_taps) from the bit planes alone
    /// ([`MoveSet::taps_on_planes`](crate::MoveSet::taps_on_planes)); `None` when the
    /// move set cannot tell them there, or when taps are not taken.
    fn legal_taps_on_planes(&self, view: PlaneView<'_>) -> Option<CellSet>;

    /// [`tap`](Rules::tap) from the bit planes alone, for a cell that
    /// [`legal_taps_on_planes`](Rules::legal_taps_on_planes) lists
    /// ([`MoveSet::tap_on_planes`](crate::MoveSet::tap_on_planes)); `None` when the move
    /// set cannot tell it there.
    fn tap_on_planes(&self, view: PlaneView<'_>, pos: Pos) -> Option<CellSet>;

    /// The special kinds boards may hold.
    fn special_kinds(&self) -> &[SpecialKind];

    /// Whether swapping `from` onto `to` is a combo, by the kinds' table.
    fn is_combo(&self, board: &Board, from: Pos, to: Pos) -> bool;

    /// The cells a combo clears ([`Specials::combo`](crate::Specials::combo)); `None`
    /// when no part answers for the pair.
    fn combo(&self, site: &Combo<'_>) -> Option<CellSet>;

    /// The cells a combo clears, from the planes alone, when the specials can tell
    /// ([`Specials::combo_on_planes`](crate::Specials::combo_on_planes)).
    fn combo_on_planes(&self, site: &ComboOnPlanes<'_>) -> Option<CellSet>;

    /// The cells a special clears when it fires.
    fn blast(&self, site: &mut Blast<'_>) -> CellSet;

    /// The cells a special clears when it fires, from the planes alone, when the specials
    /// can tell ([`Specials::blast_on_planes`](crate::Specials::blast_on_planes)).
    fn blast_on_planes(&self, site: &BlastOnPlanes<'_>) -> Option<CellSet>;

    /// The specials a phase creates from its matches.
    fn create_specials(&self, site: &mut Create<'_>);

    /// Whether a phase with these `matched` cells may create a special, from the planes
    /// alone ([`Specials::may_create_on_planes`](crate::Specials::may_create_on_planes)).
    fn may_create_on_planes(&self, view: PlaneView<'_>, matched: &CellSet) -> bool;

    /// Whether those answers also hold on boards that hold specials
    /// ([`Specials::may_create_on_planes_with_specials`](crate::Specials::may_create_on_planes_with_specials)).
    fn may_create_on_planes_with_specials(&self) -> bool;

    /// The specials a phase creates, from the planes alone, when the specials can tell
    /// ([`Specials::create_on_planes`](crate::Specials::create_on_planes)).
    fn create_on_planes(&self, site: &mut CreateOnPlanes<'_>) -> bool;

    /// Whether the holes gravity leaves are filled.
    fn refills(&self) -> bool;

    /// A new piece for `site`.
    fn spawn(&self, site: &mut SpawnSite<'_>) -> Piece;

    /// The refill policy as one the engine can draw by itself, when it is one.
    fn blind_refill(&self) -> Option<Blind<'_>>;

    /// Whether a level's spawn weights may stand in for the refill policy's colours.
    fn takes_weights(&self) -> bool;

    /// Reads a saved refill state into the refill policy's own type, checking it.
    fn load_refill_state(&self, slot: &mut StateSlot) -> Result<(), String>;

    /// Points for a phase.
    fn score(&self, phase: &ScoredPhase<'_>) -> u64;

    /// Points for a phase from its chain index and cells cleared alone, when the scoring
    /// needs nothing else.
    fn score_by_count(&self, chain: u32, cleared: usize) -> Option<u64>;

    /// At most how many more points any line of play scores from `board` with no new
    /// piece ([`Scoring::bound`](crate::Scoring::bound)); `None` when unknown.
    fn score_bound(&self, board: &Board) -> Option<u64>;

    /// A new board for [`Game::new`](crate::Game::new).
    fn generate(
        &self,
        size: Size,
        colors: u8,
        blocker_percent: u8,
        rng: &mut GameRng,
    ) -> Result<Board, SetupError>;

    /// The gravity, when it is a bundled one the engine runs by itself.
    fn gravity(&self) -> Option<Bundled>;

    /// Settles the board with the gravity part (asked when [`gravity`](Rules::gravity)
    /// is `None`).
    fn settle(&self, falls: &mut Falls<'_>);

    /// The directions a swap may take.
    fn directions(&self) -> Directions;

    /// Whether the end-of-move effects do anything.
    fn has_effects(&self) -> bool;

    /// Runs the end-of-move effects, with their state in `slot`.
    fn after_move(&self, site: &mut AfterMove<'_>, slot: &mut StateSlot);

    /// Reads a saved effects state into the effects part's own type, checking it.
    fn load_effects_state(&self, slot: &mut StateSlot) -> Result<(), String>;
}

pub(crate) mod sealed {
    use std::ops::Deref;

    /// Only [`Variant`](crate::Variant)s and pointers to rules are rules.
    pub trait Sealed {}

    impl<P> Sealed for P
    where
        P: Deref,
        P::Target: Sealed,
    {
    }
}
