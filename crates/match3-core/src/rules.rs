//! The [`Rules`] trait: the questions a variant answers for the engine.

use crate::board::Board;
use crate::cellset::CellSet;
use crate::error::NotationError;
use crate::error::SetupError;
use crate::generate;
use crate::moves::{MoveKind, PackedSwaps, SwapMasks};
use crate::phase::{Matches, ScoredPhase};
use crate::piece::{Piece, Special, SpecialKind};
use crate::pos::{Pos, Size};
use crate::refill::SpawnSite;
use crate::rng::GameRng;

/// A match-3 rule variant.
///
/// The [`Engine`](crate::Game) owns the turn loop (move, phases, chain reactions, gravity,
/// refill, scoring, trace); a variant only answers these questions. Only
/// [`name`](Rules::name) and [`find_matches`](Rules::find_matches) are required: the
/// defaults describe a swap-only game with no specials, no blockers, no refill and one
/// point per cleared cell, and derive every fast predicate from `find_matches`. Override a
/// predicate to make it fast; the shared test suite (`match3-testkit`) checks that it
/// still agrees with `find_matches`.
///
/// The trait is dyn-compatible: `Game<Box<dyn Rules>>` works when the variant is chosen
/// at run time.
pub trait Rules {
    /// The variant's name, used in messages (`"finite"`, `"lines"`, …).
    fn name(&self) -> &str;

    /// Every cell that matches on `board` (the union of all matches). Must depend only on
    /// the board's cells (colours, specials, blockers), not on piece ids or anything else.
    fn find_matches(&self, board: &Board) -> CellSet;

    /// Whether `pos` is part of a match. Must equal `find_matches(board).contains(pos)`.
    fn in_match(&self, board: &Board, pos: Pos) -> bool {
        self.find_matches(board).contains(pos)
    }

    /// Whether swapping the pieces at `a` and `b` (side by side, both pieces) puts `a` or
    /// `b` in a match. `board` is the board *before* the swap.
    ///
    /// The default copies the board once and asks
    /// [`swap_matches_in`](Rules::swap_matches_in); the engine itself never calls this
    /// one, so a fast override is optional.
    fn swap_matches(&self, board: &Board, a: Pos, b: Pos) -> bool {
        self.swap_matches_in(&mut board.clone(), a, b)
    }

    /// [`swap_matches`](Rules::swap_matches) on a board the caller lends as scratch:
    /// `board` is the board before the swap, and must be left exactly as it was. The engine
    /// asks this for every candidate swap (legal-move lists, status, look-ahead) on one
    /// scratch board, so nothing is copied per candidate.
    ///
    /// The default swaps in place, runs [`find_matches`](Rules::find_matches) once, and
    /// swaps back. Rules with a local check (a run through the swapped cells) override it.
    fn swap_matches_in(&self, board: &mut Board, a: Pos, b: Pos) -> bool {
        if board.swap(a, b).is_err() {
            return false;
        }
        let matched = self.find_matches(board);
        board.swap(a, b).expect("swapped once already");
        matched.contains(a) || matched.contains(b)
    }

    /// Every legal swap at once, when the rules can compute it faster than pair by pair
    /// (combos included). Must agree with [`combo`](Rules::combo) and
    /// [`swap_matches`](Rules::swap_matches) on every pair of pieces; the engine uses it
    /// for legal-move lists and status. Default: `None`, ask pair by pair.
    fn legal_swaps(&self, _board: &Board) -> Option<SwapMasks> {
        None
    }

    /// [`legal_swaps`](Rules::legal_swaps) on a board of at most 8 × 8, packed a byte per
    /// row (see [`PackedSwaps`]): what a game on such a board keeps as its status's legal
    /// swaps, and lists, checks and picks moves from, and what the engine lists a board's
    /// moves from (37 cells and more). Must equal `legal_swaps` packed, `None` included
    /// (the shared suite checks it). References, boxes and `Arc`s of rules forward it.
    /// Default: `legal_swaps` packed with [`SwapMasks::to_packed`]. Rules that compute
    /// their masks on the board's packed planes override it to hand those words over as
    /// they are, without the round trip through two cell sets.
    fn legal_swaps_packed(&self, board: &Board) -> Option<PackedSwaps> {
        self.legal_swaps(board)?.to_packed(board.size())
    }

    /// Whether any swap is legal, when the rules can tell faster than by listing them (it
    /// must equal `legal_swaps` being non-empty, combos included). Used by
    /// [`any_legal_move`](crate::any_legal_move). Default: `None`, list them.
    fn any_legal_swap(&self, _board: &Board) -> Option<bool> {
        None
    }

    /// The move kinds this variant takes (default: swaps only).
    fn accepts(&self, kind: MoveKind) -> bool {
        kind == MoveKind::Swap
    }

    /// The special kinds these rules have: each one's notation marker, whether its pieces
    /// have a colour, and a name. Boards are parsed through this table
    /// ([`parse_board`](Rules::parse_board)) and a loaded board may only hold these kinds.
    /// What a kind does is up to [`blast`](Rules::blast), [`combo`](Rules::combo) and
    /// [`create_specials`](Rules::create_specials). Default: none.
    fn specials(&self) -> &[SpecialKind] {
        &[]
    }

    /// Whether boards may hold this special: whether it is in
    /// [`specials`](Rules::specials). There is no need to override it.
    fn supports_special(&self, special: Special) -> bool {
        self.specials().iter().any(|k| k.special == special)
    }

    /// Parses board notation through these rules' marker table: a marker they do not have
    /// is an error naming its row and column. There is no need to override it.
    fn parse_board(&self, text: &str) -> Result<Board, NotationError> {
        Board::parse(text, self.specials())
    }

    /// Whether boards may hold blockers (default: yes; they never match and never swap).
    fn supports_blockers(&self) -> bool {
        true
    }

    /// Whether the holes gravity leaves are filled with new pieces (default: no, the
    /// board empties). Each new piece comes from [`spawn`](Rules::spawn).
    fn refills(&self) -> bool {
        false
    }

    /// Whether these rules read the board only through its bit planes while a turn
    /// resolves. Every answer the engine asks for between a move and the end of its
    /// cascade ([`find_matches`](Rules::find_matches), [`score`](Rules::score),
    /// [`spawn`](Rules::spawn), [`create_specials`](Rules::create_specials),
    /// [`blast`](Rules::blast)) must then use the masks (`color_rows`, `piece_rows`,
    /// `packed_*`, [`planes`](crate::planes)), never the cells or ids (`at`, `get`,
    /// `color_at`, `row`, `iter`, `pieces`, `id`, or
    /// [`Matches::groups`](crate::Matches::groups), which reads colours from the cells).
    ///
    /// When `true`, a score-only look-ahead ([`Game::score_within`](crate::Game::score_within),
    /// what the greedy bot uses) moves only the masks on boards of at most 64 cells
    /// without holes, obstacles or specials: cells and ids stay where they were, which
    /// saves about a fifth of a greedy clusters decision. It falls back to the full turn
    /// when a phase creates a special or a cascade turns calm. Default: `false`, which is
    /// always correct. The shared test suite checks that the two look-aheads score alike.
    fn resolves_on_planes(&self) -> bool {
        false
    }

    /// The refill policy: the new piece for a hole (refilling rules) or the drop game's
    /// next piece. Draw only from `site`'s generator and keep any state in its state
    /// words, so the game stays deterministic and undoable. Default: a uniformly random
    /// plain colour ([`refill::Uniform`](crate::refill::Uniform)); see
    /// [`refill`](crate::refill) for the bundled policies.
    fn spawn(&self, site: &mut SpawnSite<'_>) -> Piece {
        site.uniform()
    }

    /// Points for a phase, from everything it did: chain index, matched groups, cells
    /// cleared, specials fired (combos included) and created. Default: one point per
    /// cleared cell.
    fn score(&self, phase: &ScoredPhase<'_>) -> u64 {
        phase.cleared.len() as u64
    }

    /// At most how many more points any sequence of moves can score from `board`, when
    /// the rules can tell cheaply; `None` (the default) when they cannot. Exact search
    /// (the `match3-solver` crate) uses it to skip lines that cannot beat the best found, so it
    /// must never be below the truth (a bound too low makes the solver wrong, one too
    /// high only slower).
    fn score_bound(&self, _board: &Board) -> Option<u64> {
        None
    }

    /// A swap that fires by itself, whatever runs it makes (two specials, a colour bomb
    /// and a piece): the cells it clears, judged on the board *before* the swap, with
    /// `to` the destination of the piece moved from `from`. Such a swap is always legal,
    /// and both swapped pieces count as fired. Default: no combos.
    fn combo(&self, _board: &Board, _from: Pos, _to: Pos) -> Option<CellSet> {
        None
    }

    /// The cells a tap at `pos` clears, or `None` when the tap is illegal. Only asked
    /// when [`accepts`](Rules::accepts) takes [`MoveKind::Tap`].
    fn tap(&self, _board: &Board, _pos: Pos) -> Option<CellSet> {
        None
    }

    /// The cells the special `piece` at `pos` clears when it fires. The engine fires every
    /// special caught in a phase's clear once, unions the blasts, and never clears
    /// blockers. `rng` is the game's own seeded generator, for kinds with a random target:
    /// draw from it only here, so that replays and look-ahead stay deterministic. Default:
    /// nothing but the piece itself.
    fn blast(&self, _board: &Board, _pos: Pos, _piece: Piece, _rng: &mut GameRng) -> CellSet {
        CellSet::new()
    }

    /// The specials a phase creates from its matches, pushed onto `out` as
    /// `(cell, piece)`. `matches` holds the matched cells, split into groups on demand
    /// ([`Matches::groups`]), on the board before the clear. `moved` lists the cells the
    /// move put pieces on (destination first), empty for cascade phases. The engine places
    /// them after the clear, on cells the clear emptied. Default: none.
    fn create_specials(
        &self,
        _matches: &Matches<'_>,
        _moved: &[Pos],
        _out: &mut Vec<(Pos, Piece)>,
    ) {
    }

    /// A new board for `Game::new`: stable under these rules, with at least one legal
    /// move, or an error. Default: [`generate::random_stable_board`].
    fn generate(
        &self,
        size: Size,
        colors: u8,
        blocker_percent: u8,
        rng: &mut GameRng,
    ) -> Result<Board, SetupError> {
        generate::random_stable_board(self, size, colors, blocker_percent, rng)
    }
}

/// A variant built on another: implement this instead of [`Rules`], override only the
/// answers that differ, and let [`wrap_rules!`](crate::wrap_rules) implement `Rules` by
/// forwarding everything else to [`inner`](Wrap::inner) (fast predicates included).
///
/// ```
/// use match3_core::{Board, CellSet, Rules, ScoredPhase, Wrap, runs};
///
/// /// Any variant, but every phase scores a flat 7.
/// struct Sevens<R>(R);
/// impl<R: Rules> Wrap for Sevens<R> {
///     type Inner = R;
///     fn inner(&self) -> &R { &self.0 }
///     fn score(&self, _: &ScoredPhase<'_>) -> u64 { 7 }
/// }
/// impl<R: Rules> Rules for Sevens<R> {
///     match3_core::wrap_rules!();
/// }
///
/// struct Threes;
/// impl Rules for Threes {
///     fn name(&self) -> &str { "threes" }
///     fn find_matches(&self, board: &Board) -> CellSet { runs::find_runs(board, 3).all() }
/// }
/// let mut game = match3_core::Game::from_board(Sevens(Threes), "AAA/BCB".parse()?, 0)?;
/// assert_eq!(game.resolve()?.score(), 7);
/// // With both traits in scope, name the one you mean.
/// assert_eq!(Rules::name(game.rules()), "threes");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// Overriding [`specials`](Wrap::specials) also changes what boards may hold and how they
/// parse ([`Rules::supports_special`] and [`Rules::parse_board`] follow it).
pub trait Wrap {
    /// The variant being wrapped.
    type Inner: Rules + ?Sized;
    /// The variant being wrapped.
    fn inner(&self) -> &Self::Inner;
    /// See [`Rules::name`].
    fn name(&self) -> &str {
        self.inner().name()
    }
    /// See [`Rules::find_matches`].
    fn find_matches(&self, board: &Board) -> CellSet {
        self.inner().find_matches(board)
    }
    /// See [`Rules::in_match`].
    fn in_match(&self, board: &Board, pos: Pos) -> bool {
        self.inner().in_match(board, pos)
    }
    /// See [`Rules::swap_matches`].
    fn swap_matches(&self, board: &Board, a: Pos, b: Pos) -> bool {
        self.inner().swap_matches(board, a, b)
    }
    /// See [`Rules::swap_matches_in`].
    fn swap_matches_in(&self, board: &mut Board, a: Pos, b: Pos) -> bool {
        self.inner().swap_matches_in(board, a, b)
    }
    /// See [`Rules::legal_swaps`].
    fn legal_swaps(&self, board: &Board) -> Option<SwapMasks> {
        self.inner().legal_swaps(board)
    }
    /// See [`Rules::legal_swaps_packed`]. Default: this wrapper's own
    /// [`legal_swaps`](Wrap::legal_swaps) packed, *not* the inner rules' packed masks,
    /// since a wrapper that changes `legal_swaps` would make them disagree; a wrapper that
    /// keeps the inner rules' swaps may forward it.
    fn legal_swaps_packed(&self, board: &Board) -> Option<PackedSwaps> {
        self.legal_swaps(board)?.to_packed(board.size())
    }
    /// See [`Rules::any_legal_swap`].
    fn any_legal_swap(&self, board: &Board) -> Option<bool> {
        self.inner().any_legal_swap(board)
    }
    /// See [`Rules::accepts`].
    fn accepts(&self, kind: MoveKind) -> bool {
        self.inner().accepts(kind)
    }
    /// See [`Rules::specials`].
    fn specials(&self) -> &[SpecialKind] {
        self.inner().specials()
    }
    /// See [`Rules::supports_blockers`].
    fn supports_blockers(&self) -> bool {
        self.inner().supports_blockers()
    }
    /// See [`Rules::refills`].
    fn refills(&self) -> bool {
        self.inner().refills()
    }
    /// See [`Rules::resolves_on_planes`]. Default: `false`, *not* the inner rules' answer,
    /// since a wrapper's own answers may read cells; a wrapper that keeps to the planes
    /// may forward it.
    fn resolves_on_planes(&self) -> bool {
        false
    }
    /// See [`Rules::spawn`].
    fn spawn(&self, site: &mut SpawnSite<'_>) -> Piece {
        self.inner().spawn(site)
    }
    /// See [`Rules::score`].
    fn score(&self, phase: &ScoredPhase<'_>) -> u64 {
        self.inner().score(phase)
    }
    /// See [`Rules::score_bound`]. Default: `None`, *not* the inner rules' bound, since a
    /// wrapper that changes [`score`](Wrap::score) would make it wrong; a wrapper that keeps
    /// the scoring may forward it.
    fn score_bound(&self, _board: &Board) -> Option<u64> {
        None
    }
    /// See [`Rules::combo`].
    fn combo(&self, board: &Board, from: Pos, to: Pos) -> Option<CellSet> {
        self.inner().combo(board, from, to)
    }
    /// See [`Rules::tap`].
    fn tap(&self, board: &Board, pos: Pos) -> Option<CellSet> {
        self.inner().tap(board, pos)
    }
    /// See [`Rules::blast`].
    fn blast(&self, board: &Board, pos: Pos, piece: Piece, rng: &mut GameRng) -> CellSet {
        self.inner().blast(board, pos, piece, rng)
    }
    /// See [`Rules::create_specials`].
    fn create_specials(&self, matches: &Matches<'_>, moved: &[Pos], out: &mut Vec<(Pos, Piece)>) {
        self.inner().create_specials(matches, moved, out)
    }
    /// See [`Rules::generate`].
    fn generate(
        &self,
        size: Size,
        colors: u8,
        blocker_percent: u8,
        rng: &mut GameRng,
    ) -> Result<Board, SetupError> {
        self.inner().generate(size, colors, blocker_percent, rng)
    }
}

/// The body of `impl Rules for T` for a `T` that implements [`Wrap`]: every method
/// answers as the `Wrap` impl says. Write it inside the impl block (which may be
/// generic): `impl Rules for MyRules { match3_core::wrap_rules!(); }`.
#[macro_export]
macro_rules! wrap_rules {
    () => {
        fn name(&self) -> &str {
            $crate::Wrap::name(self)
        }
        fn find_matches(&self, board: &$crate::Board) -> $crate::CellSet {
            $crate::Wrap::find_matches(self, board)
        }
        fn in_match(&self, board: &$crate::Board, pos: $crate::Pos) -> bool {
            $crate::Wrap::in_match(self, board, pos)
        }
        fn swap_matches(&self, board: &$crate::Board, a: $crate::Pos, b: $crate::Pos) -> bool {
            $crate::Wrap::swap_matches(self, board, a, b)
        }
        fn swap_matches_in(
            &self,
            board: &mut $crate::Board,
            a: $crate::Pos,
            b: $crate::Pos,
        ) -> bool {
            $crate::Wrap::swap_matches_in(self, board, a, b)
        }
        fn legal_swaps(&self, board: &$crate::Board) -> ::std::option::Option<$crate::SwapMasks> {
            $crate::Wrap::legal_swaps(self, board)
        }
        fn legal_swaps_packed(
            &self,
            board: &$crate::Board,
        ) -> ::std::option::Option<$crate::PackedSwaps> {
            $crate::Wrap::legal_swaps_packed(self, board)
        }
        fn any_legal_swap(&self, board: &$crate::Board) -> ::std::option::Option<bool> {
            $crate::Wrap::any_legal_swap(self, board)
        }
        fn accepts(&self, kind: $crate::MoveKind) -> bool {
            $crate::Wrap::accepts(self, kind)
        }
        fn specials(&self) -> &[$crate::SpecialKind] {
            $crate::Wrap::specials(self)
        }
        fn supports_blockers(&self) -> bool {
            $crate::Wrap::supports_blockers(self)
        }
        fn refills(&self) -> bool {
            $crate::Wrap::refills(self)
        }
        fn resolves_on_planes(&self) -> bool {
            $crate::Wrap::resolves_on_planes(self)
        }
        fn spawn(&self, site: &mut $crate::SpawnSite<'_>) -> $crate::Piece {
            $crate::Wrap::spawn(self, site)
        }
        fn score(&self, phase: &$crate::ScoredPhase<'_>) -> u64 {
            $crate::Wrap::score(self, phase)
        }
        fn score_bound(&self, board: &$crate::Board) -> ::std::option::Option<u64> {
            $crate::Wrap::score_bound(self, board)
        }
        fn combo(
            &self,
            board: &$crate::Board,
            from: $crate::Pos,
            to: $crate::Pos,
        ) -> ::std::option::Option<$crate::CellSet> {
            $crate::Wrap::combo(self, board, from, to)
        }
        fn tap(
            &self,
            board: &$crate::Board,
            pos: $crate::Pos,
        ) -> ::std::option::Option<$crate::CellSet> {
            $crate::Wrap::tap(self, board, pos)
        }
        fn blast(
            &self,
            board: &$crate::Board,
            pos: $crate::Pos,
            piece: $crate::Piece,
            rng: &mut $crate::GameRng,
        ) -> $crate::CellSet {
            $crate::Wrap::blast(self, board, pos, piece, rng)
        }
        fn create_specials(
            &self,
            matches: &$crate::Matches<'_>,
            moved: &[$crate::Pos],
            out: &mut ::std::vec::Vec<($crate::Pos, $crate::Piece)>,
        ) {
            $crate::Wrap::create_specials(self, matches, moved, out)
        }
        fn generate(
            &self,
            size: $crate::Size,
            colors: u8,
            blocker_percent: u8,
            rng: &mut $crate::GameRng,
        ) -> ::std::result::Result<$crate::Board, $crate::SetupError> {
            $crate::Wrap::generate(self, size, colors, blocker_percent, rng)
        }
    };
}

// References and smart pointers to rules are the same rules.
macro_rules! pointer_rules {
    ($($ty:ty),*) => {$(
        impl<R: Rules + ?Sized> Wrap for $ty {
            type Inner = R;
            fn inner(&self) -> &R {
                self
            }
            // A pointer scores and lists exactly as what it points to.
            fn score_bound(&self, board: &Board) -> Option<u64> {
                self.inner().score_bound(board)
            }
            fn legal_swaps_packed(&self, board: &Board) -> Option<PackedSwaps> {
                self.inner().legal_swaps_packed(board)
            }
            fn resolves_on_planes(&self) -> bool {
                self.inner().resolves_on_planes()
            }
        }
        impl<R: Rules + ?Sized> Rules for $ty {
            crate::wrap_rules!();
        }
    )*};
}

pointer_rules!(&R, Box<R>, std::sync::Arc<R>);
