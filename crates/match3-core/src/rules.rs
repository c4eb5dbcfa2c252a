//! The [`Rules`] trait: the questions a variant answers for the engine.

use crate::board::Board;
use crate::cellset::CellSet;
use crate::error::NotationError;
use crate::error::SetupError;
use crate::generate;
use crate::moves::{MoveKind, SwapMasks};
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

    /// Every cell that matches on `board` (the union of all matches). Must not depend on
    /// anything but `board`.
    fn find_matches(&self, board: &Board) -> CellSet;

    /// Whether `pos` is part of a match. Must equal `find_matches(board).contains(pos)`.
    fn in_match(&self, board: &Board, pos: Pos) -> bool {
        self.find_matches(board).contains(pos)
    }

    /// Whether swapping the pieces at `a` and `b` (side by side, both pieces) puts `a` or
    /// `b` in a match. `board` is the board *before* the swap.
    ///
    /// The default copies the board; fast variants override it without allocating.
    fn swap_matches(&self, board: &Board, a: Pos, b: Pos) -> bool {
        let mut swapped = board.clone();
        if swapped.swap(a, b).is_err() {
            return false;
        }
        self.in_match(&swapped, a) || self.in_match(&swapped, b)
    }

    /// Every legal swap at once, when the rules can compute it faster than pair by pair
    /// (combos included). Must agree with [`combo`](Rules::combo) and
    /// [`swap_matches`](Rules::swap_matches) on every pair of pieces; the engine uses it
    /// for legal-move lists and status. Default: `None`, ask pair by pair.
    fn legal_swaps(&self, _board: &Board) -> Option<SwapMasks> {
        None
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

macro_rules! forward_rules {
    ($($ty:ty),*) => {$(
        impl<R: Rules + ?Sized> Rules for $ty {
            fn name(&self) -> &str { (**self).name() }
            fn find_matches(&self, board: &Board) -> CellSet { (**self).find_matches(board) }
            fn in_match(&self, board: &Board, pos: Pos) -> bool { (**self).in_match(board, pos) }
            fn swap_matches(&self, board: &Board, a: Pos, b: Pos) -> bool {
                (**self).swap_matches(board, a, b)
            }
            fn legal_swaps(&self, board: &Board) -> Option<SwapMasks> { (**self).legal_swaps(board) }
            fn any_legal_swap(&self, board: &Board) -> Option<bool> { (**self).any_legal_swap(board) }
            fn accepts(&self, kind: MoveKind) -> bool { (**self).accepts(kind) }
            fn specials(&self) -> &[SpecialKind] { (**self).specials() }
            fn supports_special(&self, special: Special) -> bool {
                (**self).supports_special(special)
            }
            fn parse_board(&self, text: &str) -> Result<Board, NotationError> {
                (**self).parse_board(text)
            }
            fn supports_blockers(&self) -> bool { (**self).supports_blockers() }
            fn refills(&self) -> bool { (**self).refills() }
            fn spawn(&self, site: &mut SpawnSite<'_>) -> Piece { (**self).spawn(site) }
            fn score(&self, phase: &ScoredPhase<'_>) -> u64 { (**self).score(phase) }
            fn combo(&self, board: &Board, from: Pos, to: Pos) -> Option<CellSet> {
                (**self).combo(board, from, to)
            }
            fn tap(&self, board: &Board, pos: Pos) -> Option<CellSet> { (**self).tap(board, pos) }
            fn blast(&self, board: &Board, pos: Pos, piece: Piece, rng: &mut GameRng) -> CellSet {
                (**self).blast(board, pos, piece, rng)
            }
            fn create_specials(&self, matches: &Matches<'_>, moved: &[Pos], out: &mut Vec<(Pos, Piece)>) {
                (**self).create_specials(matches, moved, out)
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
    )*};
}

forward_rules!(&R, Box<R>, std::sync::Arc<R>);
