//! Refill: the part of a variant that chooses every new piece, for the holes gravity
//! leaves and for the drop game's next piece.
//!
//! The engine asks [`Refill::spawn`] once per new piece with a [`SpawnSite`] (where, the
//! chain, the palette, the game's own seeded generator) and the policy's own state, a
//! value of any serde type the policy names ([`Refill::State`]). The state lives in the
//! game's snapshot: undo, look-ahead, save and load keep it, so a stateful policy stays
//! deterministic. Bundled policies:
//!
//! - [`Uniform`]: each colour of the palette equally likely;
//! - [`Weighted`]: colours in proportion to weights;
//! - [`Scripted`]: a fixed sequence of colours, repeated; its position is its state;
//! - [`NoImmediateMatch`]: another policy's piece, recoloured if it would land in a match;
//! - [`NoRefill`]: holes stay empty (a drop game's next piece is still uniform).
//!
//! ```
//! use match3_core::refill::{Refill, SpawnSite};
//! use match3_core::{Color, Piece};
//!
//! /// Each column refills its own way round the palette: a counter per column.
//! #[derive(Clone, Copy, Debug, Default)]
//! struct Conveyor;
//! impl Refill for Conveyor {
//!     type State = Vec<u32>;
//!     fn spawn(&self, site: &mut SpawnSite<'_>, next: &mut Vec<u32>) -> Piece {
//!         let col = site.pos().map_or(0, |p| usize::from(p.col));
//!         if next.len() <= col {
//!             next.resize(col + 1, 0);
//!         }
//!         next[col] += 1;
//!         let color = (next[col] + col as u32) % u32::from(site.colors());
//!         Piece::plain(Color::new(color as u8).expect("within the palette"))
//!     }
//! }
//! ```
//!
//! A level's spawn weights ([`Level::spawn`](crate::Level::spawn)) stand in for a
//! policy's colours only when the policy says it takes them
//! ([`Refill::takes_weights`]: [`Uniform`] does); otherwise starting such a level is an
//! error, never a silent replacement of the rules' own refill.

use crate::board::Board;
pub use crate::draw::Weighted;
use crate::draw::uniform;
use crate::error::SetupError;
use crate::piece::{Cell, Color, Piece};
use crate::pos::Pos;
use crate::progress::{Counts, Progress};
use crate::rng::GameRng;
use crate::slot::{PartState, StateSlot};

/// Chooses new pieces. See the [module docs](self).
pub trait Refill {
    /// The policy's state, kept in the game's snapshot; `()` for none.
    type State: PartState;

    /// The piece for `site`. Draw only from the site's generator, and keep anything that
    /// must last in `state`, so the game stays deterministic and undoable.
    fn spawn(&self, site: &mut SpawnSite<'_>, state: &mut Self::State) -> Piece;

    /// Whether the holes gravity leaves are filled (default: yes). Without, the board
    /// empties; a drop game's next piece still comes from [`spawn`](Refill::spawn).
    fn fills_holes(&self) -> bool {
        true
    }

    /// This policy as one the engine can draw by itself, without a board, when it is one
    /// of those ([`Blind`]): the engine then draws the policy's pieces itself instead of
    /// calling [`spawn`](Refill::spawn) hole by hole, and the score-only look-ahead
    /// refills the bit planes alone. The draws must be the ones `spawn` makes. Never
    /// wrong to return `None`.
    fn blind(&self) -> Option<Blind<'_>> {
        None
    }

    /// Whether a level's spawn weights may replace this policy's colours (default: no;
    /// [`Uniform`] says yes).
    fn takes_weights(&self) -> bool {
        false
    }
}

/// A policy the engine draws by itself: it reads no board, only the generator and the
/// palette.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Blind<'a> {
    /// [`Uniform`].
    Uniform,
    /// [`Weighted`].
    Weighted(&'a Weighted),
}

impl Blind<'_> {
    /// The piece this policy draws.
    #[inline]
    pub(crate) fn draw(&self, rng: &mut GameRng, colors: u8) -> Piece {
        match self {
            Blind::Uniform => uniform(rng, colors),
            Blind::Weighted(w) => w.draw(rng, colors),
        }
    }

    /// Draws a piece from `rng` for each of `holes` in turn and hands both to `put`;
    /// returns the generator after the last draw. The policy is told apart once, not
    /// for every hole, and the generator travels by value: one whose address never
    /// escapes stays in registers, where through a `&mut` into a struct the writes
    /// `put` makes could alias it and each draw would wait on the last one's store.
    #[inline(always)]
    pub(crate) fn draw_each<H>(
        self,
        (mut rng, colors): (GameRng, u8),
        holes: impl Iterator<Item = H>,
        mut put: impl FnMut(H, Piece),
    ) -> GameRng {
        match self {
            Blind::Uniform => holes.for_each(|h| put(h, uniform(&mut rng, colors))),
            Blind::Weighted(w) => {
                let weights = w.sampler(colors);
                holes.for_each(|h| put(h, weights.draw(&mut rng)));
            }
        }
        rng
    }
}

/// One new piece to choose: see the [module docs](self).
pub struct SpawnSite<'a> {
    pub(crate) board: &'a mut Board,
    pub(crate) pos: Option<Pos>,
    pub(crate) counts: Counts<'a>,
    pub(crate) colors: u8,
    pub(crate) rng: &'a mut GameRng,
    pub(crate) in_match: &'a dyn Fn(&Board, Pos) -> bool,
    /// The policy's state, typed by the variant that owns the policy.
    pub(crate) state: &'a mut StateSlot,
}

impl SpawnSite<'_> {
    /// The board being refilled: gravity has run, holes filled so far hold their new
    /// pieces.
    pub fn board(&self) -> &Board {
        self.board
    }

    /// The hole to fill, or `None` when the piece is the drop game's next piece.
    pub fn pos(&self) -> Option<Pos> {
        self.pos
    }

    /// The phase's chain index (0 for the drop game's next piece).
    pub fn chain(&self) -> u32 {
        self.counts.chain
    }

    /// The game's progress: moves made and left, chain, score (before the phase's
    /// points), goals.
    pub fn progress(&self) -> Progress<'_> {
        self.counts.on(self.board)
    }

    /// The palette size: colours `A`… up to it.
    pub fn colors(&self) -> u8 {
        self.colors
    }

    /// The game's seeded generator: the only randomness a policy may use.
    pub fn rng(&mut self) -> &mut GameRng {
        self.rng
    }

    /// A plain piece of a uniformly random palette colour (one draw).
    pub fn uniform(&mut self) -> Piece {
        uniform(self.rng, self.colors)
    }

    /// Whether `piece` would be part of a match if it landed on this hole (always false
    /// for the next piece).
    pub fn would_match(&mut self, piece: Piece) -> bool {
        let Some(pos) = self.pos else {
            return false;
        };
        let before = self.board.at(pos);
        if self.board.set(pos, Cell::Piece(piece), 0).is_err() {
            return false;
        }
        let hit = (self.in_match)(self.board, pos);
        self.board
            .set(pos, before, 0)
            .expect("the cell was on the board");
        hit
    }
}

/// Holes stay empty: the board empties as it clears. A drop game's next piece is drawn
/// uniformly (or by a level's spawn weights).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct NoRefill;

impl Refill for NoRefill {
    type State = ();
    fn spawn(&self, site: &mut SpawnSite<'_>, _: &mut ()) -> Piece {
        site.uniform()
    }
    fn fills_holes(&self) -> bool {
        false
    }
    fn blind(&self) -> Option<Blind<'_>> {
        Some(Blind::Uniform)
    }
    /// A level's weights choose the drop game's next pieces.
    fn takes_weights(&self) -> bool {
        true
    }
}

/// Uniformly random colours from the palette, one draw per piece.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Uniform;

impl Refill for Uniform {
    type State = ();
    fn spawn(&self, site: &mut SpawnSite<'_>, _: &mut ()) -> Piece {
        site.uniform()
    }
    fn blind(&self) -> Option<Blind<'_>> {
        Some(Blind::Uniform)
    }
    fn takes_weights(&self) -> bool {
        true
    }
}

impl Refill for Weighted {
    type State = ();
    fn spawn(&self, site: &mut SpawnSite<'_>, _: &mut ()) -> Piece {
        self.draw(site.rng, site.colors)
    }
    fn blind(&self) -> Option<Blind<'_>> {
        Some(Blind::Weighted(self))
    }
}

/// A fixed sequence of colours, repeated from the start when it runs out. Its state is
/// the position in the sequence, so undo and replay see the same sequence. No random
/// draws.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Scripted {
    queue: Vec<Color>,
}

impl Scripted {
    /// The sequence; it must not be empty.
    pub fn new(queue: Vec<Color>) -> Result<Self, SetupError> {
        if queue.is_empty() {
            return Err(SetupError::Weights { count: 0 });
        }
        Ok(Scripted { queue })
    }
}

impl Refill for Scripted {
    /// How many pieces the sequence has given.
    type State = u64;
    fn spawn(&self, _site: &mut SpawnSite<'_>, at: &mut u64) -> Piece {
        let color = self.queue[(*at % self.queue.len() as u64) as usize];
        *at = at.wrapping_add(1);
        Piece::plain(color)
    }
}

/// Another policy's piece, but never one that lands in a match: when it would, the next
/// colours of the palette are tried in turn (its own colour when every one would match).
/// Refills then never start a cascade by themselves.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct NoImmediateMatch<P = Uniform>(pub P);

impl<P: Refill> Refill for NoImmediateMatch<P> {
    type State = P::State;
    fn spawn(&self, site: &mut SpawnSite<'_>, state: &mut P::State) -> Piece {
        let piece = self.0.spawn(site, state);
        recolor_to_avoid_matches(site, piece)
    }
    fn fills_holes(&self) -> bool {
        self.0.fills_holes()
    }
}

/// `piece`, or the first plain piece of the next colours round the palette that would not
/// land in a match; `piece` itself when all would.
pub(crate) fn recolor_to_avoid_matches(site: &mut SpawnSite<'_>, piece: Piece) -> Piece {
    let colors = site.colors;
    let calm = first_calm(piece, colors, |p| Some(site.would_match(p)));
    calm.expect("the cells always answer")
}

/// `piece`, or the first plain piece of the next colours round a palette of `colors`
/// for which `would_match` says no; `piece` when it says yes to all. `None` as soon as
/// `would_match` cannot tell (the planes' detection may not answer).
pub(crate) fn first_calm(
    piece: Piece,
    colors: u8,
    mut would_match: impl FnMut(Piece) -> Option<bool>,
) -> Option<Piece> {
    if !would_match(piece)? {
        return Some(piece);
    }
    let first = piece.color().map_or(0, Color::index);
    for k in 1..colors {
        let candidate = Piece::plain(Color::new((first + k) % colors)?);
        if !would_match(candidate)? {
            return Some(candidate);
        }
    }
    Some(piece)
}
