//! [`Variant`]: a rule variant assembled from parts, and the engine's answers derived
//! from them.

use crate::board::Board;
use crate::cellset::CellSet;
use crate::combos;
use crate::detect::{self, Detect};
use crate::effects::{AfterMove, Effects, NoEffects};
use crate::error::SetupError;
use crate::generate::{Generate, Stable};
use crate::gravity::{Bundled, Falls, Gravity, Straight};
use crate::moves::{MoveKind, PackedSwaps, SwapMasks};
use crate::moveset::{MoveSet, Swaps};
use crate::phase::ScoredPhase;
use crate::piece::{Cell, Combos, Piece, SpecialKind};
use crate::planes::{FoundSwaps, PackedCells, PlaneView};
use crate::pos::{Pos, Size};
use crate::refill::{Blind, NoRefill, Refill, SpawnSite};
use crate::rng::GameRng;
use crate::rules::{Rules, sealed::Sealed};
use crate::scoring::{OnePerCell, Scoring};
use crate::slot::StateSlot;
use crate::specials::{
    Blast, BlastOnPlanes, Combo, ComboOnPlanes, Create, CreateOnPlanes, NoSpecials, Specials,
};
use crate::topology::{Directions, Sides, Topology};

/// A rule variant: a name and nine parts.
///
/// | part | trait | default |
/// |---|---|---|
/// | what matches | [`Detect`] | (required) |
/// | special pieces | [`Specials`] | [`NoSpecials`] |
/// | new pieces | [`Refill`] | [`NoRefill`]: holes stay empty |
/// | points | [`Scoring`] | [`OnePerCell`] |
/// | moves | [`MoveSet`] | [`Swaps`] |
/// | new boards | [`Generate`] | [`Stable`]: random, no match, a legal move |
/// | falls | [`Gravity`] | [`Straight`]: straight down |
/// | which cells swap | [`Topology`] | [`Sides`]: side by side |
/// | after each move | [`Effects`] | [`NoEffects`] |
///
/// [`Variant::new`] takes a name and a detection; `with_…` replaces one part and keeps the
/// others, so an existing variant is changed in one line. Everything the engine asks is
/// answered from the parts ([`Rules`]), and each derived answer from the part it derives
/// from: a variant with another detection has that detection's legal swaps, fast
/// predicates and new boards, never the old one's.
///
/// ```
/// use match3_core::detect::LineRuns;
/// use match3_core::refill::Uniform;
/// use match3_core::scoring::CellsTimesChain;
/// use match3_core::{Game, GameConfig, Move, Pos, Variant};
///
/// // Runs of four, refilled at random, cells × chain points.
/// let fours = Variant::new("fours", LineRuns::new(4))
///     .with_refill(Uniform)
///     .with_scoring(CellsTimesChain::new(1));
/// let mut game = Game::from_board(fours, "AABAA/CDADC".parse()?, 1)?;
/// let trace = game.play(Move::Swap(Pos::new(1, 2), Pos::new(0, 2)))?;
/// assert_eq!(trace.phases[0].score, 5);
/// # let _ = GameConfig::new(1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Variant<
    D,
    S = NoSpecials,
    R = NoRefill,
    C = OnePerCell,
    M = Swaps,
    G = Stable,
    F = Straight,
    T = Sides,
    E = NoEffects,
> {
    name: &'static str,
    detect: D,
    specials: S,
    refill: R,
    scoring: C,
    moves: M,
    generation: G,
    gravity: F,
    topology: T,
    effects: E,
}

impl<D: Detect> Variant<D> {
    /// A variant called `name` that matches what `detect` matches, with the default parts
    /// (no specials, no refill, a point per cell, swaps, random stable boards, straight
    /// gravity, side-by-side swaps, no end-of-move effect).
    pub const fn new(name: &'static str, detect: D) -> Self {
        Variant::assemble(
            name, detect, NoSpecials, NoRefill, OnePerCell, Swaps, Stable,
        )
    }
}

impl<D, S, R, C, M, G> Variant<D, S, R, C, M, G> {
    /// A variant from its first six parts at once, with the default gravity, topology
    /// and effects (usable in a `const`; `with_gravity`, `with_topology` and
    /// `with_effects` change those).
    pub const fn assemble(
        name: &'static str,
        detect: D,
        specials: S,
        refill: R,
        scoring: C,
        moves: M,
        generation: G,
    ) -> Self {
        Variant {
            name,
            detect,
            specials,
            refill,
            scoring,
            moves,
            generation,
            gravity: Straight,
            topology: Sides,
            effects: NoEffects,
        }
    }
}

impl<D, S, R, C, M, G, F, T, E> Variant<D, S, R, C, M, G, F, T, E> {
    /// The same variant under another name.
    pub fn named(self, name: &'static str) -> Self {
        Variant { name, ..self }
    }

    /// The same variant with another detection.
    pub fn with_detect<D2>(self, detect: D2) -> Variant<D2, S, R, C, M, G, F, T, E> {
        let Variant {
            name,
            specials,
            refill,
            scoring,
            moves,
            generation,
            gravity,
            topology,
            effects,
            ..
        } = self;
        Variant {
            name,
            detect,
            specials,
            refill,
            scoring,
            moves,
            generation,
            gravity,
            topology,
            effects,
        }
    }

    /// The same variant with other specials.
    pub fn with_specials<S2>(self, specials: S2) -> Variant<D, S2, R, C, M, G, F, T, E> {
        let Variant {
            name,
            detect,
            refill,
            scoring,
            moves,
            generation,
            gravity,
            topology,
            effects,
            ..
        } = self;
        Variant {
            name,
            detect,
            specials,
            refill,
            scoring,
            moves,
            generation,
            gravity,
            topology,
            effects,
        }
    }

    /// The same variant with another refill policy.
    pub fn with_refill<R2>(self, refill: R2) -> Variant<D, S, R2, C, M, G, F, T, E> {
        let Variant {
            name,
            detect,
            specials,
            scoring,
            moves,
            generation,
            gravity,
            topology,
            effects,
            ..
        } = self;
        Variant {
            name,
            detect,
            specials,
            refill,
            scoring,
            moves,
            generation,
            gravity,
            topology,
            effects,
        }
    }

    /// The same variant with another scoring.
    pub fn with_scoring<C2>(self, scoring: C2) -> Variant<D, S, R, C2, M, G, F, T, E> {
        let Variant {
            name,
            detect,
            specials,
            refill,
            moves,
            generation,
            gravity,
            topology,
            effects,
            ..
        } = self;
        Variant {
            name,
            detect,
            specials,
            refill,
            scoring,
            moves,
            generation,
            gravity,
            topology,
            effects,
        }
    }

    /// The same variant with other move kinds.
    pub fn with_moves<M2>(self, moves: M2) -> Variant<D, S, R, C, M2, G, F, T, E> {
        let Variant {
            name,
            detect,
            specials,
            refill,
            scoring,
            generation,
            gravity,
            topology,
            effects,
            ..
        } = self;
        Variant {
            name,
            detect,
            specials,
            refill,
            scoring,
            moves,
            generation,
            gravity,
            topology,
            effects,
        }
    }

    /// The same variant with another board generator.
    pub fn with_generation<G2>(self, generation: G2) -> Variant<D, S, R, C, M, G2, F, T, E> {
        let Variant {
            name,
            detect,
            specials,
            refill,
            scoring,
            moves,
            gravity,
            topology,
            effects,
            ..
        } = self;
        Variant {
            name,
            detect,
            specials,
            refill,
            scoring,
            moves,
            generation,
            gravity,
            topology,
            effects,
        }
    }

    /// The same variant with another gravity.
    pub fn with_gravity<F2>(self, gravity: F2) -> Variant<D, S, R, C, M, G, F2, T, E> {
        let Variant {
            name,
            detect,
            specials,
            refill,
            scoring,
            moves,
            generation,
            topology,
            effects,
            ..
        } = self;
        Variant {
            name,
            detect,
            specials,
            refill,
            scoring,
            moves,
            generation,
            gravity,
            topology,
            effects,
        }
    }

    /// The same variant with other swap directions.
    pub fn with_topology<T2>(self, topology: T2) -> Variant<D, S, R, C, M, G, F, T2, E> {
        let Variant {
            name,
            detect,
            specials,
            refill,
            scoring,
            moves,
            generation,
            gravity,
            effects,
            ..
        } = self;
        Variant {
            name,
            detect,
            specials,
            refill,
            scoring,
            moves,
            generation,
            gravity,
            topology,
            effects,
        }
    }

    /// The same variant with other end-of-move effects.
    pub fn with_effects<E2>(self, effects: E2) -> Variant<D, S, R, C, M, G, F, T, E2> {
        let Variant {
            name,
            detect,
            specials,
            refill,
            scoring,
            moves,
            generation,
            gravity,
            topology,
            ..
        } = self;
        Variant {
            name,
            detect,
            specials,
            refill,
            scoring,
            moves,
            generation,
            gravity,
            topology,
            effects,
        }
    }

    /// The detection.
    pub fn detect(&self) -> &D {
        &self.detect
    }

    /// The specials.
    pub fn specials(&self) -> &S {
        &self.specials
    }

    /// The refill policy.
    pub fn refill(&self) -> &R {
        &self.refill
    }

    /// The scoring.
    pub fn scoring(&self) -> &C {
        &self.scoring
    }

    /// The move kinds.
    pub fn moves(&self) -> &M {
        &self.moves
    }

    /// The board generator.
    pub fn generation(&self) -> &G {
        &self.generation
    }

    /// The gravity.
    pub fn gravity(&self) -> &F {
        &self.gravity
    }

    /// The swap directions.
    pub fn topology(&self) -> &T {
        &self.topology
    }

    /// The end-of-move effects.
    pub fn effects(&self) -> &E {
        &self.effects
    }
}

impl<D, S, R, C, M, G, F, T, E> Variant<D, S, R, C, M, G, F, T, E>
where
    D: Detect,
    S: Specials,
    T: Topology,
{
    /// Whether the specials part declares any kind: without, it creates nothing and makes
    /// no combo, and the engine does not ask it. A constant.
    #[inline]
    fn has_specials(&self) -> bool {
        !S::KINDS.as_slice().is_empty()
    }

    /// The swaps that are combos, from the kinds' [`Combos`](crate::Combos): none on most
    /// boards, answered in one word.
    #[inline]
    fn combo_swaps(&self, board: &Board) -> Option<FoundSwaps> {
        if !self.has_specials() || !board.has_special() {
            return None;
        }
        combos::combo_swaps(board, S::KINDS.as_slice())
    }

    /// Whether swaps go side by side only, the pairs the detection's fast answers (and
    /// the combo masks) are about; other topologies are judged pair by pair.
    #[inline]
    fn sides_only(&self) -> bool {
        self.topology.directions() == Directions::SIDES
    }

    /// A swap on `board` as scratch: swap, detect, swap back.
    fn swap_by_detecting(&self, board: &mut Board, a: Pos, b: Pos) -> bool {
        if board.swap(a, b).is_err() {
            return false;
        }
        let matched = self.detect.find_matches(board);
        board.swap(a, b).expect("swapped once already");
        matched.contains(a) || matched.contains(b)
    }
}

impl<D, S, R, C, M, G, F, T, E> Sealed for Variant<D, S, R, C, M, G, F, T, E> {}

impl<D, S, R, C, M, G, F, T, E> Rules for Variant<D, S, R, C, M, G, F, T, E>
where
    D: Detect,
    S: Specials,
    R: Refill,
    C: Scoring,
    M: MoveSet,
    G: Generate,
    F: Gravity,
    T: Topology,
    E: Effects,
{
    fn name(&self) -> &str {
        self.name
    }

    #[inline]
    fn find_matches(&self, board: &Board) -> CellSet {
        self.detect.find_matches(board)
    }

    #[inline]
    fn matches_stay_on_board(&self) -> bool {
        self.detect.stays_on_board()
    }

    #[inline]
    fn in_match(&self, board: &Board, pos: Pos) -> bool {
        detect::in_match(&self.detect, board, pos)
    }

    #[inline]
    fn swap_matches(&self, board: &mut Board, a: Pos, b: Pos) -> bool {
        match self.detect.swap_matches(board, a, b) {
            Some(answer) => answer,
            None => self.swap_by_detecting(board, a, b),
        }
    }

    #[inline]
    fn legal_swaps(&self, board: &Board) -> Option<FoundSwaps> {
        if !self.sides_only() {
            return None;
        }
        if !self.moves.accepts(MoveKind::Swap) {
            return Some(FoundSwaps::of_masks(SwapMasks::default(), board.size()));
        }
        let found = self.detect.match_swaps(board)?;
        Some(match self.combo_swaps(board) {
            None => found,
            Some(combos) => found.union(combos),
        })
    }

    #[inline]
    fn legal_swaps_packed(&self, board: &Board) -> Option<PackedSwaps> {
        if !self.sides_only() {
            return None;
        }
        if !self.moves.accepts(MoveKind::Swap) {
            return (board.rows() <= 8 && board.cols() <= 8).then(PackedSwaps::default);
        }
        let found = self.detect.match_swaps(board)?.into_packed()?;
        if !self.has_specials() || !board.has_special() {
            return Some(found);
        }
        let combos = combos::combo_swaps_packed(board, S::KINDS.as_slice())?;
        Some(found.union(combos))
    }

    #[inline]
    fn legal_swaps_on_planes(&self, view: PlaneView<'_>) -> Option<PackedSwaps> {
        // Without specials there are no combos: the detection's swaps are all of them.
        if !self.sides_only() || !self.moves.accepts(MoveKind::Swap) {
            return None;
        }
        self.detect.swaps_on_planes(view)?.into_packed()
    }

    #[inline]
    fn any_legal_swap(&self, board: &Board) -> Option<bool> {
        if !self.sides_only() {
            return None;
        }
        if !self.moves.accepts(MoveKind::Swap) {
            return Some(false);
        }
        let any = self.detect.any_match_swap(board)?;
        Some(any || self.combo_swaps(board).is_some())
    }

    #[inline]
    fn matches_on_planes(&self, view: PlaneView<'_>) -> Option<CellSet> {
        self.detect.on_planes(view)
    }

    #[inline]
    fn matches_on_planes_packed(&self, view: PlaneView<'_>) -> Option<PackedCells> {
        self.detect.on_planes_packed(view)
    }

    #[inline]
    fn accepts(&self, kind: MoveKind) -> bool {
        self.moves.accepts(kind)
    }

    fn tap(&self, board: &Board, pos: Pos) -> Option<CellSet> {
        self.moves.tap(board, pos)
    }

    fn legal_taps(&self, board: &Board) -> Option<CellSet> {
        if !self.moves.accepts(MoveKind::Tap) {
            return None;
        }
        self.moves.taps(board)
    }

    fn legal_taps_on_planes(&self, view: PlaneView<'_>) -> Option<CellSet> {
        if !self.moves.accepts(MoveKind::Tap) {
            return None;
        }
        self.moves.taps_on_planes(view)
    }

    fn tap_on_planes(&self, view: PlaneView<'_>, pos: Pos) -> Option<CellSet> {
        self.moves.tap_on_planes(view, pos)
    }

    fn special_kinds(&self) -> &[SpecialKind] {
        S::KINDS.as_slice()
    }

    #[inline]
    fn is_combo(&self, board: &Board, from: Pos, to: Pos) -> bool {
        // Two plain pieces never combo: a board without specials (one word on a small
        // board) is answered without looking at either cell.
        if !self.has_specials() || !board.has_special() {
            return false;
        }
        let combos = |pos: Pos| {
            let special = board
                .get(pos)
                .ok()
                .and_then(Cell::piece)
                .and_then(Piece::special);
            special
                .and_then(|s| S::KINDS.get(s))
                .map_or(Combos::None, |k| k.combos)
        };
        Combos::pair(combos(from), combos(to))
    }

    fn combo(&self, site: &Combo<'_>) -> Option<CellSet> {
        self.specials.combo(site)
    }

    fn combo_on_planes(&self, site: &ComboOnPlanes<'_>) -> Option<CellSet> {
        self.specials.combo_on_planes(site)
    }

    fn blast(&self, site: &mut Blast<'_>) -> CellSet {
        self.specials.blast(site)
    }

    fn blast_on_planes(&self, site: &BlastOnPlanes<'_>) -> Option<CellSet> {
        self.specials.blast_on_planes(site)
    }

    #[inline]
    fn create_specials(&self, site: &mut Create<'_>) {
        if self.has_specials() {
            self.specials.create(site);
        }
    }

    #[inline]
    fn may_create_on_planes(&self, view: PlaneView<'_>, matched: &CellSet) -> bool {
        self.has_specials() && self.specials.may_create_on_planes(view, matched)
    }

    fn may_create_on_planes_with_specials(&self) -> bool {
        self.specials.may_create_on_planes_with_specials()
    }

    #[inline]
    fn create_on_planes(&self, site: &mut CreateOnPlanes<'_>) -> bool {
        !self.has_specials() || self.specials.create_on_planes(site)
    }

    #[inline]
    fn refills(&self) -> bool {
        self.refill.fills_holes()
    }

    #[inline]
    fn spawn(&self, site: &mut SpawnSite<'_>) -> Piece {
        if std::mem::size_of::<R::State>() == 0 {
            // Nothing to keep: a fresh default, never stored.
            return self.refill.spawn(site, &mut R::State::default());
        }
        let mut state = std::mem::take(site.state.get_mut::<R::State>());
        let piece = self.refill.spawn(site, &mut state);
        *site.state.get_mut::<R::State>() = state;
        piece
    }

    #[inline]
    fn blind_refill(&self) -> Option<Blind<'_>> {
        self.refill.blind()
    }

    fn takes_weights(&self) -> bool {
        self.refill.takes_weights()
    }

    fn load_refill_state(&self, slot: &mut StateSlot) -> Result<(), String> {
        slot.resolve::<R::State>()
    }

    #[inline]
    fn score(&self, phase: &ScoredPhase<'_>) -> u64 {
        self.scoring.score(phase)
    }

    #[inline]
    fn score_by_count(&self, chain: u32, cleared: usize) -> Option<u64> {
        self.scoring.by_count(chain, cleared)
    }

    fn score_bound(&self, board: &Board) -> Option<u64> {
        self.scoring.bound(board)
    }

    fn generate(
        &self,
        size: Size,
        colors: u8,
        blocker_percent: u8,
        rng: &mut GameRng,
    ) -> Result<Board, SetupError> {
        self.generation
            .generate(self, size, colors, blocker_percent, rng)
    }

    #[inline]
    fn gravity(&self) -> Option<Bundled> {
        self.gravity.bundled()
    }

    fn settle(&self, falls: &mut Falls<'_>) {
        self.gravity.settle(falls);
    }

    #[inline]
    fn directions(&self) -> Directions {
        self.topology.directions()
    }

    #[inline]
    fn has_effects(&self) -> bool {
        self.effects.active()
    }

    fn after_move(&self, site: &mut AfterMove<'_>, slot: &mut StateSlot) {
        let mut state = std::mem::take(slot.get_mut::<E::State>());
        self.effects.after_move(site, &mut state);
        *slot.get_mut::<E::State>() = state;
    }

    fn load_effects_state(&self, slot: &mut StateSlot) -> Result<(), String> {
        slot.resolve::<E::State>()
    }
}
