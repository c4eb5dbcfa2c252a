//! Specials: the part of a variant that declares its special pieces, makes them from
//! matches, says what they clear when they fire, and which swaps of them are combos.
//!
//! A special kind is declared once, beside its behaviour: a [`Specials`] part names its
//! kinds in [`KINDS`](Specials::KINDS) (marker, colour or not, name, which swaps are
//! combos) and answers for pieces of those kinds. Parts combine with
//! [`Specials::and`], as detections do with [`Detect::or`](crate::Detect::or): the
//! combination ([`And`]) joins the kind tables, sends each piece's blast to the part that
//! declares its kind, asks for a combo the parts that declare the two pieces' kinds, and
//! lets every part create. Two parts that declare one marker do not compile: the joined
//! table is a constant, and building it stops at the clash.
//!
//! The engine reads which swaps are combos from the kinds' table alone, so the
//! legal-move list and the move check never disagree about a combo; it refuses (a
//! [`MoveError::Part`](crate::MoveError::Part), the game unchanged) a created piece of a
//! kind the variant does not declare, and a combo the table promises but no part
//! answers.
//!
//! ```
//! use match3_core::specials::{Blast, Create, Kinds, Specials};
//! use match3_core::{CellSet, SpecialKind};
//!
//! /// A kind of its own: a coloured piece marked `^` that clears its neighbours.
//! const STAR: SpecialKind = SpecialKind::colored('^', "star");
//!
//! /// Stars, made by every group of four or more.
//! struct Stars;
//! impl Specials for Stars {
//!     const KINDS: &'static Kinds = &Kinds::of(&[STAR]);
//!     fn create(&self, site: &mut Create<'_>) {
//!         let groups: Vec<_> = site.matches().groups().filter(|g| g.len() >= 4).collect();
//!         for group in groups {
//!             if let (Some(at), Some(color)) = (group.first(), group.color) {
//!                 site.push(at, STAR.piece(color));
//!             }
//!         }
//!     }
//!     fn blast(&self, site: &mut Blast<'_>) -> CellSet {
//!         site.pos().neighbours(site.board().size()).collect()
//!     }
//! }
//!
//! /// Another part with a kind of its own, combined with the stars.
//! struct Bombs;
//! impl Specials for Bombs {
//!     const KINDS: &'static Kinds = &Kinds::of(&[SpecialKind::colorless('*', "bomb")]);
//! }
//! let both = Stars.and(Bombs);
//! assert_eq!(both.kinds().len(), 2);
//! ```
//!
//! Declaring a marker twice is a compile-time error:
//!
//! ```compile_fail
//! use match3_core::specials::{Kinds, Specials};
//! use match3_core::SpecialKind;
//!
//! struct A;
//! impl Specials for A {
//!     const KINDS: &'static Kinds = &Kinds::of(&[SpecialKind::colored('^', "one")]);
//! }
//! struct B;
//! impl Specials for B {
//!     const KINDS: &'static Kinds = &Kinds::of(&[SpecialKind::colored('^', "another")]);
//! }
//! let _ = A.and(B).kinds();
//! ```

use std::cell::OnceCell;

use crate::board::Board;
use crate::cellset::CellSet;
use crate::phase::Matches;
use crate::piece::{Piece, Special, SpecialKind};
use crate::planes::{PackedCells, PlaneView};
use crate::pos::Pos;
use crate::progress::Progress;
use crate::rng::GameRng;

/// A variant's special pieces. Only [`KINDS`](Specials::KINDS) is required; by default a
/// part creates nothing, its pieces clear only their own cell, and it makes no combo.
pub trait Specials {
    /// The kinds this part declares: boards may hold only the variant's kinds, and
    /// parse and print through them. Written `&Kinds::of(&[…])`.
    const KINDS: &'static Kinds;

    /// The specials a phase creates from its matches: push them with
    /// [`Create::push`]. The engine places them after the clear (see
    /// [`Create`] for where a piece goes when its cell is taken or kept).
    fn create(&self, _site: &mut Create<'_>) {}

    /// Whether a phase whose matched cells are `matched` may create a special, told from
    /// the board's bit planes alone (`view`, on a board that holds no special unless
    /// [`may_create_on_planes_with_specials`](Specials::may_create_on_planes_with_specials)
    /// says these answers hold there too). `true`,
    /// the default, is never wrong; answer `false` only when [`create`](Specials::create)
    /// would push nothing for these matches on this board. Every `false` lets a
    /// score-only look-ahead ([`Game::score_within`](crate::Game::score_within), how the
    /// greedy bot ranks its moves) play the phase on the planes alone, without the
    /// cells; a wrong one makes it score moves wrongly, which the testkit's suite
    /// reports (its look-aheads must agree with play).
    fn may_create_on_planes(&self, _view: PlaneView<'_>, _matched: &CellSet) -> bool {
        true
    }

    /// Whether [`may_create_on_planes`](Specials::may_create_on_planes) also holds on a
    /// board that holds specials, which the planes show as pieces of their colours (a
    /// colourless one as a piece of none), never as kinds: whether `create` pushes
    /// nothing for a "no" whatever specials stand elsewhere on the board. `true` lets the
    /// score-only look-ahead play such boards on the planes (a phase that clears a
    /// special, which fires, still goes to the cells); `false`, the default, keeps them
    /// on the cells. The testkit's suite checks every "no" on such boards when this is
    /// `true`.
    fn may_create_on_planes_with_specials(&self) -> bool {
        false
    }

    /// The specials a phase creates, told from the board's bit planes alone: push on
    /// `site` exactly what [`create`](Specials::create) would push for these matches on
    /// this board (the same pieces, cells and order) and return `true`; return `false`
    /// when the planes cannot tell. The same boards as
    /// [`may_create_on_planes`](Specials::may_create_on_planes) are asked about.
    ///
    /// The planes hold no generator, progress or kinds: a part whose `create` reads any
    /// of them (draws from the game's generator, say) answers `false` for the phases
    /// where it would. By default a part answers when it can tell that it creates
    /// nothing (its `may_create_on_planes` says no) and hands every other phase to the
    /// cells. A part that answers for the phases that do create lets a score-only
    /// look-ahead ([`Game::score_within`](crate::Game::score_within)) make specials on
    /// the planes and play on, where it would otherwise start the move again on the
    /// cells. A wrong answer makes look-aheads score moves wrongly; the testkit's suite
    /// compares every answer with what `create` made.
    fn create_on_planes(&self, site: &mut CreateOnPlanes<'_>) -> bool {
        !self.may_create_on_planes(site.view(), site.matched())
    }

    /// The cells the special on [`site.pos()`](Blast::pos) clears when it fires (the
    /// engine never clears blockers, and adds the piece's own cell). Asked only for
    /// pieces of this part's kinds.
    fn blast(&self, _site: &mut Blast<'_>) -> CellSet {
        CellSet::new()
    }

    /// What the special on [`site.pos()`](BlastOnPlanes::pos) clears when it fires, told
    /// from the board's bit planes alone: exactly the cells [`blast`](Specials::blast)
    /// would answer on this board, or `None`, the default, when the planes cannot tell.
    ///
    /// The planes hold no generator, progress, ids or obstacles: a part whose `blast`
    /// reads any of them answers `None`. Every answer lets the searches' scratch games
    /// ([`Probe`](crate::Probe), how MCTS plays its futures) and the score-only
    /// look-ahead ([`Game::score_within`](crate::Game::score_within)) fire the special on
    /// the planes and play on, where they would otherwise hand the turn to the cells; a
    /// wrong one makes them play other games than play does, which the testkit's suite
    /// reports (it compares every answer with the blast play made). Asked only for
    /// pieces of this part's kinds.
    fn blast_on_planes(&self, _site: &BlastOnPlanes<'_>) -> Option<CellSet> {
        None
    }

    /// The cells the combo of swapping [`from`](Combo::from) onto [`to`](Combo::to)
    /// clears, judged on the board before the swap; `None` when this part has no answer
    /// for that pair (another part may). Asked only for swaps the kinds'
    /// [`Combos`](crate::Combos) call combos, of pieces at least one of which is of
    /// this part's kinds. Both swapped pieces count as fired.
    fn combo(&self, _site: &Combo<'_>) -> Option<CellSet> {
        None
    }

    /// What the combo of swapping [`from`](ComboOnPlanes::from) onto
    /// [`to`](ComboOnPlanes::to) clears, told from the board's bit planes alone: exactly
    /// the cells [`combo`](Specials::combo) would answer on this board, or `None`, the
    /// default, when the planes cannot tell (or this part has no answer for the pair).
    ///
    /// The planes hold no generator, progress, ids or obstacles: a part whose `combo`
    /// reads any of them answers `None`. An answer lets the searches' scratch games
    /// ([`Probe`](crate::Probe)) play the combo on the planes, where they would
    /// otherwise hand the turn to the cells and replay there every move they had played
    /// ahead; a wrong one makes them play other games than play does, which the
    /// testkit's suite reports (it compares every answer with the combo play made).
    /// Asked only for the pairs [`combo`](Specials::combo) is; in [`And`], a `None` from
    /// the part asked first hands the combo to the cells, even when the other part would
    /// answer it there.
    fn combo_on_planes(&self, _site: &ComboOnPlanes<'_>) -> Option<CellSet> {
        None
    }

    /// This part's kinds, as a slice.
    fn kinds(&self) -> &'static [SpecialKind] {
        Self::KINDS.as_slice()
    }

    /// This part and `other` together: see [`And`].
    fn and<B: Specials>(self, other: B) -> And<Self, B>
    where
        Self: Sized,
    {
        And(self, other)
    }
}

/// No special pieces.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct NoSpecials;

impl Specials for NoSpecials {
    const KINDS: &'static Kinds = &Kinds::EMPTY;

    fn may_create_on_planes(&self, _: PlaneView<'_>, _: &CellSet) -> bool {
        false
    }

    fn may_create_on_planes_with_specials(&self) -> bool {
        true
    }
}

/// Two specials parts as one: their kinds joined (a marker both declare does not
/// compile), each blast answered by the part that declares the piece's kind, a combo by
/// the first part (`.0` before `.1`) that declares one of the two pieces' kinds and has
/// an answer, and every part's creations, `.0`'s first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct And<A, B>(pub A, pub B);

impl<A: Specials, B: Specials> Specials for And<A, B> {
    const KINDS: &'static Kinds = &Kinds::join(A::KINDS, B::KINDS);

    fn create(&self, site: &mut Create<'_>) {
        self.0.create(site);
        self.1.create(site);
    }

    fn may_create_on_planes(&self, view: PlaneView<'_>, matched: &CellSet) -> bool {
        self.0.may_create_on_planes(view, matched) || self.1.may_create_on_planes(view, matched)
    }

    fn may_create_on_planes_with_specials(&self) -> bool {
        self.0.may_create_on_planes_with_specials() && self.1.may_create_on_planes_with_specials()
    }

    fn create_on_planes(&self, site: &mut CreateOnPlanes<'_>) -> bool {
        self.0.create_on_planes(site) && self.1.create_on_planes(site)
    }

    fn blast(&self, site: &mut Blast<'_>) -> CellSet {
        let special = site.piece().special();
        if A::KINDS.declares(special) {
            self.0.blast(site)
        } else if B::KINDS.declares(special) {
            self.1.blast(site)
        } else {
            CellSet::new()
        }
    }

    fn blast_on_planes(&self, site: &BlastOnPlanes<'_>) -> Option<CellSet> {
        let special = site.piece().special();
        if A::KINDS.declares(special) {
            self.0.blast_on_planes(site)
        } else if B::KINDS.declares(special) {
            self.1.blast_on_planes(site)
        } else {
            Some(CellSet::new())
        }
    }

    fn combo(&self, site: &Combo<'_>) -> Option<CellSet> {
        let (a, b) = site.specials();
        let mine = |kinds: &Kinds| kinds.declares(a) || kinds.declares(b);
        let first = if mine(A::KINDS) {
            self.0.combo(site)
        } else {
            None
        };
        first.or_else(|| mine(B::KINDS).then(|| self.1.combo(site)).flatten())
    }

    /// The part `combo` asks first answers; its `None` cannot tell "not my pair" from
    /// "not from the planes", so the other part is asked only when the first is not.
    fn combo_on_planes(&self, site: &ComboOnPlanes<'_>) -> Option<CellSet> {
        let (a, b) = site.specials();
        let mine = |kinds: &Kinds| kinds.declares(a) || kinds.declares(b);
        if mine(A::KINDS) {
            self.0.combo_on_planes(site)
        } else if mine(B::KINDS) {
            self.1.combo_on_planes(site)
        } else {
            None
        }
    }
}

/// The most kinds a variant can declare: one per marker (ASCII punctuation outside
/// [`Special::RESERVED`]).
pub const MAX_KINDS: usize = 24;

/// A table of special kinds with distinct markers, built in a `const` (see
/// [`Specials::KINDS`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kinds {
    list: [SpecialKind; MAX_KINDS],
    len: usize,
}

impl Kinds {
    /// No kind.
    pub const EMPTY: Kinds = Kinds {
        list: [SpecialKind::colorless('*', ""); MAX_KINDS],
        len: 0,
    };

    /// A table of `kinds`. Two kinds with one marker stop the build (in a `const`, a
    /// compile-time error).
    pub const fn of(kinds: &[SpecialKind]) -> Kinds {
        let mut table = Kinds::EMPTY;
        let mut i = 0;
        while i < kinds.len() {
            table = table.with(kinds[i]);
            i += 1;
        }
        table
    }

    /// The kinds of `a` and then those of `b`. A marker in both stops the build.
    pub const fn join(a: &Kinds, b: &Kinds) -> Kinds {
        let mut table = *a;
        let mut i = 0;
        while i < b.len {
            table = table.with(b.list[i]);
            i += 1;
        }
        table
    }

    /// This table and `kind`.
    const fn with(mut self, kind: SpecialKind) -> Kinds {
        if self.declares(Some(kind.special)) {
            panic!("two special kinds of one variant share a notation marker");
        }
        self.list[self.len] = kind;
        self.len += 1;
        self
    }

    /// The kinds, in declaration order.
    pub const fn as_slice(&self) -> &[SpecialKind] {
        self.list.split_at(self.len).0
    }

    /// Whether `special` (a piece's kind, `None` for a plain piece) is one of these.
    #[inline]
    pub const fn declares(&self, special: Option<Special>) -> bool {
        let Some(special) = special else {
            return false;
        };
        let mut i = 0;
        while i < self.len {
            if self.list[i].special.marker() == special.marker() {
                return true;
            }
            i += 1;
        }
        false
    }

    /// The kind of `special`, if declared here.
    pub fn get(&self, special: Special) -> Option<&SpecialKind> {
        self.as_slice().iter().find(|k| k.special == special)
    }
}

/// What [`Specials::create`] sees: the phase's matches on the board before the clear,
/// the cells the move put pieces on, the game's progress and generator; and where it
/// puts the specials it makes.
///
/// **Where a created special goes.** On its cell, when the phase's clear empties that
/// cell and no special created before it in the phase took it. Otherwise on the first
/// cell, in row-major order, of its own group (the side-connected matched cells of one
/// colour around its cell) that the clear empties and no special took. When there is
/// none, it is not placed: the trace lists it under the phase's `unplaced`, and scoring
/// never sees it.
pub struct Create<'a> {
    pub(crate) matches: Matches<'a>,
    pub(crate) moved: &'a [Pos],
    pub(crate) progress: Progress<'a>,
    pub(crate) rng: &'a mut GameRng,
    pub(crate) out: &'a mut Vec<(Pos, Piece)>,
}

impl<'a> Create<'a> {
    /// A site for a phase whose detected `matches` are given, outside a game: no
    /// progress, for testing a part on its own. `out` receives what it creates.
    pub fn new(
        matches: Matches<'a>,
        moved: &'a [Pos],
        rng: &'a mut GameRng,
        out: &'a mut Vec<(Pos, Piece)>,
    ) -> Self {
        let progress = Progress::outside(matches.board());
        Create {
            matches,
            moved,
            progress,
            rng,
            out,
        }
    }

    /// The detected matches (before specials fired), on the board before the clear,
    /// split into groups on demand by [`Matches::groups`]. Splitting costs several times
    /// the detection that found the matches (see [`Matches::groups`] for the numbers):
    /// when most phases make nothing, check something cheaper first, as the line rules
    /// do with the number of matched cells (no special below four).
    pub fn matches(&self) -> &Matches<'a> {
        &self.matches
    }

    /// The board before the clear.
    pub fn board(&self) -> &'a Board {
        self.matches.board()
    }

    /// The cells the move put pieces on (a swap's destination first), empty for cascade
    /// phases.
    pub fn moved(&self) -> &'a [Pos] {
        self.moved
    }

    /// The game's progress: moves, chain, score, goals.
    pub fn progress(&self) -> Progress<'a> {
        self.progress
    }

    /// The game's seeded generator: the only randomness a part may use.
    pub fn rng(&mut self) -> &mut GameRng {
        self.rng
    }

    /// Creates `piece` on `pos` (see the type's docs for where it really goes).
    pub fn push(&mut self, pos: Pos, piece: Piece) {
        self.out.push((pos, piece));
    }
}

/// A part may also hand its creations over as an iterator of `(cell, piece)`.
impl Extend<(Pos, Piece)> for Create<'_> {
    fn extend<I: IntoIterator<Item = (Pos, Piece)>>(&mut self, items: I) {
        self.out.extend(items);
    }
}

/// What [`Specials::create_on_planes`] sees: the board's planes before the clear, the
/// phase's matched cells and the cells the move put pieces on; and where the specials
/// go ([`push`](CreateOnPlanes::push), as [`Create::push`]).
pub struct CreateOnPlanes<'a> {
    view: PlaneView<'a>,
    matched: MatchedCells<'a>,
    /// How many cells `matched` holds.
    matched_len: usize,
    moved: &'a [Pos],
    out: &'a mut Vec<(Pos, Piece)>,
}

/// A phase's matched cells as a [`CreateOnPlanes`] holds them: a set, or the engine's
/// packed word with a place for the set, made only if a part asks (most phases make
/// nothing, and the parts that tell so from the count never do).
enum MatchedCells<'a> {
    Set(&'a CellSet),
    Packed(PackedCells, &'a OnceCell<CellSet>),
}

impl<'a> CreateOnPlanes<'a> {
    /// A site for a phase that matched `matched` on the planes `view`, after a move that
    /// put pieces on `moved` (empty for cascade phases); `out` receives what is created.
    pub fn new(
        view: PlaneView<'a>,
        matched: &'a CellSet,
        moved: &'a [Pos],
        out: &'a mut Vec<(Pos, Piece)>,
    ) -> Self {
        CreateOnPlanes {
            view,
            matched: MatchedCells::Set(matched),
            matched_len: matched.len(),
            moved,
            out,
        }
    }

    /// [`new`](CreateOnPlanes::new) with the matched cells packed, their set made in
    /// `set` when first asked for.
    pub(crate) fn packed(
        view: PlaneView<'a>,
        (matched, set): (PackedCells, &'a OnceCell<CellSet>),
        moved: &'a [Pos],
        out: &'a mut Vec<(Pos, Piece)>,
    ) -> Self {
        CreateOnPlanes {
            view,
            matched: MatchedCells::Packed(matched, set),
            matched_len: matched.len(),
            moved,
            out,
        }
    }

    /// The board's planes before the clear (specials show as pieces of their colours).
    pub fn view(&self) -> PlaneView<'a> {
        self.view
    }

    /// The phase's matched cells.
    pub fn matched(&self) -> &'a CellSet {
        match self.matched {
            MatchedCells::Set(set) => set,
            MatchedCells::Packed(packed, set) => set.get_or_init(|| packed.to_set()),
        }
    }

    /// How many cells matched: [`matched`](CreateOnPlanes::matched)`().len()`, which the
    /// engine counts from the planes' packed word, cheaper than the set does.
    pub fn matched_len(&self) -> usize {
        self.matched_len
    }

    /// The cells the move put pieces on (a swap's destination first), empty for cascade
    /// phases: as [`Create::moved`].
    pub fn moved(&self) -> &'a [Pos] {
        self.moved
    }

    /// Creates `piece` on `pos`, as [`Create::push`].
    pub fn push(&mut self, pos: Pos, piece: Piece) {
        self.out.push((pos, piece));
    }
}

impl Extend<(Pos, Piece)> for CreateOnPlanes<'_> {
    fn extend<I: IntoIterator<Item = (Pos, Piece)>>(&mut self, items: I) {
        self.out.extend(items);
    }
}

/// What [`Specials::blast`] sees: the firing piece and its cell, the board (before the
/// phase's clear), the game's progress and its generator.
pub struct Blast<'a> {
    pub(crate) board: &'a Board,
    pub(crate) pos: Pos,
    pub(crate) piece: Piece,
    pub(crate) progress: Progress<'a>,
    pub(crate) rng: &'a mut GameRng,
}

impl<'a> Blast<'a> {
    /// The special `piece` on `pos` of `board` firing outside a game: no progress, for
    /// testing a part on its own.
    pub fn new(board: &'a Board, pos: Pos, piece: Piece, rng: &'a mut GameRng) -> Self {
        Blast {
            board,
            pos,
            piece,
            progress: Progress::outside(board),
            rng,
        }
    }

    /// The board, before the phase's clear.
    pub fn board(&self) -> &'a Board {
        self.board
    }

    /// Where the special is.
    pub fn pos(&self) -> Pos {
        self.pos
    }

    /// The special.
    pub fn piece(&self) -> Piece {
        self.piece
    }

    /// The game's progress: moves, chain, score, goals.
    pub fn progress(&self) -> Progress<'a> {
        self.progress
    }

    /// The game's seeded generator, for kinds with a random target: draw only from it,
    /// so that replays and look-ahead stay deterministic.
    pub fn rng(&mut self) -> &mut GameRng {
        self.rng
    }
}

/// What [`Specials::blast_on_planes`] sees: the firing piece and its cell, and the
/// board's planes before the phase's clear (no cells, ids, generator or progress).
#[derive(Clone, Copy, Debug)]
pub struct BlastOnPlanes<'a> {
    view: PlaneView<'a>,
    pos: Pos,
    piece: Piece,
}

impl<'a> BlastOnPlanes<'a> {
    /// The special `piece` on `pos` firing on the planes `view`.
    pub fn new(view: PlaneView<'a>, pos: Pos, piece: Piece) -> Self {
        BlastOnPlanes { view, pos, piece }
    }

    /// The board's planes, before the phase's clear.
    pub fn view(&self) -> PlaneView<'a> {
        self.view
    }

    /// The firing piece's cell.
    pub fn pos(&self) -> Pos {
        self.pos
    }

    /// The firing piece.
    pub fn piece(&self) -> Piece {
        self.piece
    }
}

/// What [`Specials::combo_on_planes`] sees: the swap (the piece on `from` moves onto
/// `to`), the two pieces, and the board's planes before it (no cells, ids, generator or
/// progress).
#[derive(Clone, Copy, Debug)]
pub struct ComboOnPlanes<'a> {
    view: PlaneView<'a>,
    from: Pos,
    to: Pos,
    pieces: (Piece, Piece),
}

impl<'a> ComboOnPlanes<'a> {
    /// The swap of `from` onto `to` on the planes `view`, where `pieces` stand (the
    /// moved one first).
    pub fn new(view: PlaneView<'a>, (from, to): (Pos, Pos), pieces: (Piece, Piece)) -> Self {
        ComboOnPlanes {
            view,
            from,
            to,
            pieces,
        }
    }

    /// The board's planes, before the swap.
    pub fn view(&self) -> PlaneView<'a> {
        self.view
    }

    /// The moved piece's cell.
    pub fn from(&self) -> Pos {
        self.from
    }

    /// The swap's destination.
    pub fn to(&self) -> Pos {
        self.to
    }

    /// The two pieces: the moved one (on `from`), then the other.
    pub fn pieces(&self) -> (Piece, Piece) {
        self.pieces
    }

    /// The two pieces' kinds (`None` for a plain piece): the moved one's first.
    pub fn specials(&self) -> (Option<Special>, Option<Special>) {
        (self.pieces.0.special(), self.pieces.1.special())
    }
}

/// What [`Specials::combo`] sees: the swap (the piece on `from` moves onto `to`), the
/// board before it, and the game's progress.
pub struct Combo<'a> {
    pub(crate) board: &'a Board,
    pub(crate) from: Pos,
    pub(crate) to: Pos,
    pub(crate) progress: Progress<'a>,
}

impl<'a> Combo<'a> {
    /// The swap of `from` onto `to` on `board` outside a game: no progress, for testing
    /// a part on its own.
    pub fn new(board: &'a Board, from: Pos, to: Pos) -> Self {
        Combo {
            board,
            from,
            to,
            progress: Progress::outside(board),
        }
    }

    /// The board before the swap.
    pub fn board(&self) -> &'a Board {
        self.board
    }

    /// The moved piece's cell.
    pub fn from(&self) -> Pos {
        self.from
    }

    /// The swap's destination (combo blasts centre here).
    pub fn to(&self) -> Pos {
        self.to
    }

    /// The two pieces: the moved one (on `from`), then the other.
    pub fn pieces(&self) -> (Option<Piece>, Option<Piece>) {
        let piece = |pos| self.board.get(pos).ok().and_then(|c| c.piece());
        (piece(self.from), piece(self.to))
    }

    /// The two pieces' kinds (`None` for a plain piece): the moved one's first.
    pub fn specials(&self) -> (Option<Special>, Option<Special>) {
        let (a, b) = self.pieces();
        (a.and_then(Piece::special), b.and_then(Piece::special))
    }

    /// The game's progress: moves, chain, score, goals.
    pub fn progress(&self) -> Progress<'a> {
        self.progress
    }
}
