//! Specials: the part of a variant that declares its special pieces, makes them from
//! matches, says what they clear when they fire, and which swaps of them are combos.
//!
//! Kinds are declared, not hard-coded: each [`SpecialKind`] has a notation marker, a
//! name, whether its pieces have a colour, and which swaps of its pieces are combos
//! ([`Combos`](crate::Combos)), so boards parse and print through the variant's own
//! table. The engine fires every special caught in a phase's clear once (blasts catch
//! further specials), and reads which swaps are combos from the kinds' table alone, so
//! the legal-move list and the move check can never disagree about a combo, and a kind
//! another part adds combines only as it declares.
//!
//! A variant with one more special wraps the specials it extends and answers for its own
//! kind, passing the rest on:
//!
//! ```
//! use match3_core::specials::{NoSpecials, Specials};
//! use match3_core::{Board, CellSet, GameRng, Matches, Piece, Pos, SpecialKind};
//!
//! /// A kind of its own: a coloured piece marked `^` that clears its neighbours.
//! const STAR: SpecialKind = SpecialKind::colored('^', "star");
//!
//! struct WithStar<S>(S);
//! impl<S: Specials> Specials for WithStar<S> {
//!     fn kinds(&self) -> &[SpecialKind] {
//!         &[STAR] // with the inner kinds too, for a part that has some
//!     }
//!     fn create(&self, matches: &Matches<'_>, moved: &[Pos], out: &mut Vec<(Pos, Piece)>) {
//!         self.0.create(matches, moved, out);
//!     }
//!     fn blast(&self, board: &Board, pos: Pos, piece: Piece, rng: &mut GameRng) -> CellSet {
//!         if piece.special() == Some(STAR.special) {
//!             return pos.neighbours(board.size()).collect();
//!         }
//!         self.0.blast(board, pos, piece, rng)
//!     }
//!     fn combo(&self, board: &Board, from: Pos, to: Pos) -> CellSet {
//!         self.0.combo(board, from, to)
//!     }
//! }
//! assert_eq!(WithStar(NoSpecials).kinds(), [STAR]);
//! ```

use crate::board::Board;
use crate::cellset::CellSet;
use crate::phase::Matches;
use crate::piece::{Piece, SpecialKind};
use crate::pos::Pos;
use crate::rng::GameRng;

/// A variant's special pieces. Every method has a default: no kinds, nothing created,
/// nothing cleared.
pub trait Specials {
    /// The kinds: notation marker, colour or not, name. Boards may hold only these, and
    /// parse and print through them. A part that extends another lists the other's kinds
    /// and its own in one table (a `const` array). A specials part without kinds creates nothing and
    /// makes no combo (the engine does not ask).
    fn kinds(&self) -> &[SpecialKind] {
        &[]
    }

    /// The specials a phase creates from its matches, pushed onto `out` as `(cell,
    /// piece)`. `matches` holds the detected cells on the board before the clear, split
    /// into groups on demand ([`Matches::groups`]); `moved` lists the cells the move put
    /// pieces on (destination first), empty for cascade phases. The engine places them
    /// after the clear, on cells the clear emptied.
    fn create(&self, _matches: &Matches<'_>, _moved: &[Pos], _out: &mut Vec<(Pos, Piece)>) {}

    /// The cells the special `piece` at `pos` clears when it fires (the engine never
    /// clears blockers, and adds the piece's own cell). `rng` is the game's seeded
    /// generator, for kinds with a random target: draw only from it, so that replays and
    /// look-ahead stay deterministic.
    fn blast(&self, _board: &Board, _pos: Pos, _piece: Piece, _rng: &mut GameRng) -> CellSet {
        CellSet::new()
    }

    /// The cells the combo of moving `from` onto `to` clears, judged on the board before
    /// the swap; asked only for a swap the kinds' [`Combos`](crate::Combos) call a combo.
    /// Both swapped pieces count as fired.
    fn combo(&self, _board: &Board, _from: Pos, _to: Pos) -> CellSet {
        CellSet::new()
    }
}

/// No special pieces.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct NoSpecials;

impl Specials for NoSpecials {}
