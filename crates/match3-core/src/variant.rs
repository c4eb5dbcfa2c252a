//! [`Variant`]: a rule variant assembled from parts, and the engine's answers derived
//! from them.

use crate::board::Board;
use crate::cellset::CellSet;
use crate::combos;
use crate::detect::{self, Detect};
use crate::error::SetupError;
use crate::generate::{Generate, Stable};
use crate::moves::{MoveKind, PackedSwaps, SwapMasks};
use crate::moveset::{MoveSet, Swaps};
use crate::phase::{Matches, ScoredPhase};
use crate::piece::{Combos, Piece, SpecialKind};
use crate::planes::{FoundSwaps, PlaneView};
use crate::pos::{Pos, Size};
use crate::refill::{Blind, NoRefill, Refill, RefillSlot, SpawnSite};
use crate::rng::GameRng;
use crate::rules::{Rules, sealed::Sealed};
use crate::scoring::{OnePerCell, Scoring};
use crate::specials::{NoSpecials, Specials};

/// A rule variant: a name and six parts.
///
/// | part | trait | default |
/// |---|---|---|
/// | what matches | [`Detect`] | (required) |
/// | special pieces | [`Specials`] | [`NoSpecials`] |
/// | new pieces | [`Refill`] | [`NoRefill`]: holes stay empty |
/// | points | [`Scoring`] | [`OnePerCell`] |
/// | moves | [`MoveSet`] | [`Swaps`] |
/// | new boards | [`Generate`] | [`Stable`]: random, no match, a legal move |
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
pub struct Variant<D, S = NoSpecials, R = NoRefill, C = OnePerCell, M = Swaps, G = Stable> {
    name: &'static str,
    detect: D,
    specials: S,
    refill: R,
    scoring: C,
    moves: M,
    generation: G,
}

impl<D: Detect> Variant<D> {
    /// A variant called `name` that matches what `detect` matches, with the default parts
    /// (no specials, no refill, a point per cell, swaps, random stable boards).
    pub const fn new(name: &'static str, detect: D) -> Self {
        Variant::assemble(
            name, detect, NoSpecials, NoRefill, OnePerCell, Swaps, Stable,
        )
    }
}

impl<D, S, R, C, M, G> Variant<D, S, R, C, M, G> {
    /// A variant from all its parts at once (usable in a `const`).
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
        }
    }

    /// The same variant under another name.
    pub fn named(self, name: &'static str) -> Self {
        Variant { name, ..self }
    }

    /// The same variant with another detection.
    pub fn with_detect<D2>(self, detect: D2) -> Variant<D2, S, R, C, M, G> {
        let Variant {
            name,
            specials,
            refill,
            scoring,
            moves,
            generation,
            ..
        } = self;
        Variant::assemble(name, detect, specials, refill, scoring, moves, generation)
    }

    /// The same variant with other specials.
    pub fn with_specials<S2>(self, specials: S2) -> Variant<D, S2, R, C, M, G> {
        let Variant {
            name,
            detect,
            refill,
            scoring,
            moves,
            generation,
            ..
        } = self;
        Variant::assemble(name, detect, specials, refill, scoring, moves, generation)
    }

    /// The same variant with another refill policy.
    pub fn with_refill<R2>(self, refill: R2) -> Variant<D, S, R2, C, M, G> {
        let Variant {
            name,
            detect,
            specials,
            scoring,
            moves,
            generation,
            ..
        } = self;
        Variant::assemble(name, detect, specials, refill, scoring, moves, generation)
    }

    /// The same variant with another scoring.
    pub fn with_scoring<C2>(self, scoring: C2) -> Variant<D, S, R, C2, M, G> {
        let Variant {
            name,
            detect,
            specials,
            refill,
            moves,
            generation,
            ..
        } = self;
        Variant::assemble(name, detect, specials, refill, scoring, moves, generation)
    }

    /// The same variant with other move kinds.
    pub fn with_moves<M2>(self, moves: M2) -> Variant<D, S, R, C, M2, G> {
        let Variant {
            name,
            detect,
            specials,
            refill,
            scoring,
            generation,
            ..
        } = self;
        Variant::assemble(name, detect, specials, refill, scoring, moves, generation)
    }

    /// The same variant with another board generator.
    pub fn with_generation<G2>(self, generation: G2) -> Variant<D, S, R, C, M, G2> {
        let Variant {
            name,
            detect,
            specials,
            refill,
            scoring,
            moves,
            ..
        } = self;
        Variant::assemble(name, detect, specials, refill, scoring, moves, generation)
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
}

impl<D, S, R, C, M, G> Variant<D, S, R, C, M, G>
where
    D: Detect,
    S: Specials,
{
    /// Whether the specials part declares any kind: without, it creates nothing and makes
    /// no combo, and the engine does not ask it.
    #[inline]
    fn has_specials(&self) -> bool {
        !self.specials.kinds().is_empty()
    }

    /// The swaps that are combos, from the kinds' [`Combos`](crate::Combos): none on most
    /// boards, answered in one word.
    #[inline]
    fn combo_swaps(&self, board: &Board) -> Option<FoundSwaps> {
        if !self.has_specials() || !board.has_special() {
            return None;
        }
        combos::combo_swaps(board, self.specials.kinds())
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

impl<D, S, R, C, M, G> Sealed for Variant<D, S, R, C, M, G> {}

impl<D, S, R, C, M, G> Rules for Variant<D, S, R, C, M, G>
where
    D: Detect,
    S: Specials,
    R: Refill,
    C: Scoring,
    M: MoveSet,
    G: Generate,
{
    fn name(&self) -> &str {
        self.name
    }

    #[inline]
    fn find_matches(&self, board: &Board) -> CellSet {
        self.detect.find_matches(board)
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
        if !self.moves.accepts(MoveKind::Swap) {
            return (board.rows() <= 8 && board.cols() <= 8).then(PackedSwaps::default);
        }
        let found = self.detect.match_swaps(board)?.into_packed()?;
        if !self.has_specials() || !board.has_special() {
            return Some(found);
        }
        let combos = combos::combo_swaps_packed(board, self.specials.kinds())?;
        Some(PackedSwaps {
            right: found.right | combos.right,
            down: found.down | combos.down,
        })
    }

    #[inline]
    fn any_legal_swap(&self, board: &Board) -> Option<bool> {
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
    fn accepts(&self, kind: MoveKind) -> bool {
        self.moves.accepts(kind)
    }

    fn tap(&self, board: &Board, pos: Pos) -> Option<CellSet> {
        self.moves.tap(board, pos)
    }

    fn special_kinds(&self) -> &[SpecialKind] {
        self.specials.kinds()
    }

    #[inline]
    fn combo(&self, board: &Board, from: Pos, to: Pos) -> Option<CellSet> {
        if !self.has_specials() {
            return None;
        }
        let (a, b) = (board.get(from).ok()?.piece()?, board.get(to).ok()?.piece()?);
        let kinds = self.specials.kinds();
        let combos = |piece: Piece| {
            let special = piece.special();
            (kinds.iter())
                .find(|k| special == Some(k.special))
                .map_or(Combos::None, |k| k.combos)
        };
        Combos::pair(combos(a), combos(b)).then(|| self.specials.combo(board, from, to))
    }

    fn blast(&self, board: &Board, pos: Pos, piece: Piece, rng: &mut GameRng) -> CellSet {
        self.specials.blast(board, pos, piece, rng)
    }

    #[inline]
    fn create_specials(&self, matches: &Matches<'_>, moved: &[Pos], out: &mut Vec<(Pos, Piece)>) {
        if self.has_specials() {
            self.specials.create(matches, moved, out);
        }
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

    fn load_refill_state(&self, slot: &mut RefillSlot) -> Result<(), String> {
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
}
