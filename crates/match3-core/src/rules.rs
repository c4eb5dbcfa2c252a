//! [`Rules`]: what the engine asks a variant, answered by a [`Variant`](crate::Variant) assembled from
//! parts.

use std::ops::Deref;

use crate::board::Board;
use crate::cellset::CellSet;
use crate::error::{NotationError, SetupError};
use crate::moves::{MoveKind, PackedSwaps};
use crate::phase::{Matches, ScoredPhase};
use crate::piece::{Piece, Special, SpecialKind};
use crate::planes::{FoundSwaps, PlaneView};
use crate::pos::{Pos, Size};
use crate::refill::{Blind, RefillSlot, SpawnSite};
use crate::rng::GameRng;

/// The questions the engine ([`Game`](crate::Game)) asks a variant during a turn, each
/// answered by one of its parts.
///
/// A variant is not written by implementing this trait: it is a [`Variant`](crate::Variant) assembled
/// from parts (detection, specials, refill, scoring, move kinds, generation), and the
/// answers derived from a part come from that part, so replacing one replaces all of
/// them. The trait is implemented for `Variant` and for every pointer to rules
/// (`&R`, `Box<R>`, `Arc<R>`, a rule crate's unit struct that derefs to its variant),
/// and nothing else can implement it. It is dyn-compatible: `Game<Box<dyn Rules>>` works
/// when the variant is chosen at run time.
pub trait Rules: sealed::Sealed {
    /// The variant's name, used in messages and saved games (`"finite"`, `"lines"`, …).
    fn name(&self) -> &str;

    /// Every matched cell ([`Detect::find_matches`](crate::detect::Detect::find_matches)).
    fn find_matches(&self, board: &Board) -> CellSet;

    /// Whether `pos` is in a match.
    fn in_match(&self, board: &Board, pos: Pos) -> bool;

    /// Whether swapping the pieces at `a` and `b` puts one of them in a match (combos
    /// aside). `board` is the board before the swap, lent as scratch: it is left exactly
    /// as it was.
    fn swap_matches(&self, board: &mut Board, a: Pos, b: Pos) -> bool;

    /// Every legal swap at once (matches and combos), or `None` when the detection has no
    /// fast answer: then the engine asks pair by pair.
    fn legal_swaps(&self, board: &Board) -> Option<FoundSwaps>;

    /// [`legal_swaps`](Rules::legal_swaps) on a board of at most 8 × 8, packed a byte per
    /// row: what a game keeps as its status's legal swaps there (the same answer, without
    /// moving the cell sets a bigger board needs). `None` on bigger boards too.
    fn legal_swaps_packed(&self, board: &Board) -> Option<PackedSwaps>;

    /// Whether any swap is legal, when that can be told faster than by listing them.
    fn any_legal_swap(&self, board: &Board) -> Option<bool>;

    /// The matched cells from the bit planes alone, when the detection can tell them so
    /// (see [`Detect::on_planes`](crate::detect::Detect::on_planes)).
    fn matches_on_planes(&self, view: PlaneView<'_>) -> Option<CellSet>;

    /// Whether moves of `kind` are taken.
    fn accepts(&self, kind: MoveKind) -> bool;

    /// The cells a tap at `pos` clears, `None` when the tap is illegal.
    fn tap(&self, board: &Board, pos: Pos) -> Option<CellSet>;

    /// The special kinds boards may hold.
    fn special_kinds(&self) -> &[SpecialKind];

    /// The cells swapping `from` onto `to` clears as a combo, `None` when it is not one.
    fn combo(&self, board: &Board, from: Pos, to: Pos) -> Option<CellSet>;

    /// The cells the special `piece` at `pos` clears when it fires.
    fn blast(&self, board: &Board, pos: Pos, piece: Piece, rng: &mut GameRng) -> CellSet;

    /// The specials a phase creates from its matches.
    fn create_specials(&self, matches: &Matches<'_>, moved: &[Pos], out: &mut Vec<(Pos, Piece)>);

    /// Whether the holes gravity leaves are filled.
    fn refills(&self) -> bool;

    /// A new piece for `site`.
    fn spawn(&self, site: &mut SpawnSite<'_>) -> Piece;

    /// The refill policy as one the engine can draw by itself, when it is one.
    fn blind_refill(&self) -> Option<Blind<'_>>;

    /// Whether a level's spawn weights may stand in for the refill policy's colours.
    fn takes_weights(&self) -> bool;

    /// Reads a saved refill state into the refill policy's own type, checking it.
    fn load_refill_state(&self, slot: &mut RefillSlot) -> Result<(), String>;

    /// Points for a phase.
    fn score(&self, phase: &ScoredPhase<'_>) -> u64;

    /// Points for a phase from its chain index and cells cleared alone, when the scoring
    /// needs nothing else.
    fn score_by_count(&self, chain: u32, cleared: usize) -> Option<u64>;

    /// A new board for [`Game::new`](crate::Game::new).
    fn generate(
        &self,
        size: Size,
        colors: u8,
        blocker_percent: u8,
        rng: &mut GameRng,
    ) -> Result<Board, SetupError>;

    /// Whether boards may hold `special`: whether it is one of the
    /// [`special_kinds`](Rules::special_kinds).
    fn supports_special(&self, special: Special) -> bool {
        self.special_kinds().iter().any(|k| k.special == special)
    }

    /// Parses board notation through these rules' marker table: a marker they do not have
    /// is an error naming its row and column.
    fn parse_board(&self, text: &str) -> Result<Board, NotationError> {
        Board::parse(text, self.special_kinds())
    }
}

/// Pointers to rules are the same rules: references, boxes, `Arc`s, and a rule crate's
/// type that derefs to its [`Variant`](crate::Variant).
impl<P> Rules for P
where
    P: Deref,
    P::Target: Rules,
{
    fn name(&self) -> &str {
        (**self).name()
    }
    #[inline]
    fn find_matches(&self, board: &Board) -> CellSet {
        (**self).find_matches(board)
    }
    #[inline]
    fn in_match(&self, board: &Board, pos: Pos) -> bool {
        (**self).in_match(board, pos)
    }
    #[inline]
    fn swap_matches(&self, board: &mut Board, a: Pos, b: Pos) -> bool {
        (**self).swap_matches(board, a, b)
    }
    #[inline]
    fn legal_swaps(&self, board: &Board) -> Option<FoundSwaps> {
        (**self).legal_swaps(board)
    }
    #[inline]
    fn legal_swaps_packed(&self, board: &Board) -> Option<PackedSwaps> {
        (**self).legal_swaps_packed(board)
    }
    #[inline]
    fn any_legal_swap(&self, board: &Board) -> Option<bool> {
        (**self).any_legal_swap(board)
    }
    #[inline]
    fn matches_on_planes(&self, view: PlaneView<'_>) -> Option<CellSet> {
        (**self).matches_on_planes(view)
    }
    #[inline]
    fn accepts(&self, kind: MoveKind) -> bool {
        (**self).accepts(kind)
    }
    fn tap(&self, board: &Board, pos: Pos) -> Option<CellSet> {
        (**self).tap(board, pos)
    }
    fn special_kinds(&self) -> &[SpecialKind] {
        (**self).special_kinds()
    }
    #[inline]
    fn combo(&self, board: &Board, from: Pos, to: Pos) -> Option<CellSet> {
        (**self).combo(board, from, to)
    }
    fn blast(&self, board: &Board, pos: Pos, piece: Piece, rng: &mut GameRng) -> CellSet {
        (**self).blast(board, pos, piece, rng)
    }
    #[inline]
    fn create_specials(&self, matches: &Matches<'_>, moved: &[Pos], out: &mut Vec<(Pos, Piece)>) {
        (**self).create_specials(matches, moved, out)
    }
    #[inline]
    fn refills(&self) -> bool {
        (**self).refills()
    }
    #[inline]
    fn spawn(&self, site: &mut SpawnSite<'_>) -> Piece {
        (**self).spawn(site)
    }
    #[inline]
    fn blind_refill(&self) -> Option<Blind<'_>> {
        (**self).blind_refill()
    }
    fn takes_weights(&self) -> bool {
        (**self).takes_weights()
    }
    fn load_refill_state(&self, slot: &mut RefillSlot) -> Result<(), String> {
        (**self).load_refill_state(slot)
    }
    #[inline]
    fn score(&self, phase: &ScoredPhase<'_>) -> u64 {
        (**self).score(phase)
    }
    #[inline]
    fn score_by_count(&self, chain: u32, cleared: usize) -> Option<u64> {
        (**self).score_by_count(chain, cleared)
    }
    fn generate(
        &self,
        size: Size,
        colors: u8,
        blocker_percent: u8,
        rng: &mut GameRng,
    ) -> Result<Board, SetupError> {
        (**self).generate(size, colors, blocker_percent, rng)
    }
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
