//! Refill policies: what spawns in each hole after gravity, and what the drop game's next
//! piece is.
//!
//! The engine asks [`Rules::spawn`](crate::Rules::spawn) once per new piece, with a
//! [`SpawnSite`]: where (or `None` for the next piece), the chain, the palette, the game's
//! own seeded generator and a few words of policy state that live in the game's snapshot,
//! so undo, replay and determinism hold for stateful policies too. A rule crate either
//! writes its own `spawn` or hands the site to one of the bundled policies:
//!
//! - [`Uniform`]: each colour of the palette equally likely (the default);
//! - [`Weighted`]: colours in proportion to weights;
//! - [`Scripted`]: a fixed sequence of colours, repeated, tracked in the policy state;
//! - [`NoImmediateMatch`]: another policy's piece, recoloured if it would land in a match.
//!
//! ```
//! use match3_core::{Board, CellSet, Color, Game, Move, Piece, Pos, Rules, SpawnSite, runs};
//! use match3_core::refill::{RefillPolicy, Scripted};
//!
//! /// Runs of three; holes refill A, B, C, A, B, C, …
//! struct Abc(Scripted);
//! impl Rules for Abc {
//!     fn name(&self) -> &str { "abc" }
//!     fn find_matches(&self, board: &Board) -> CellSet { runs::find_runs(board, 3).all() }
//!     fn refills(&self) -> bool { true }
//!     fn spawn(&self, site: &mut SpawnSite<'_>) -> Piece { self.0.spawn(site) }
//! }
//!
//! let abc = Abc(Scripted::new("ABC".chars().filter_map(Color::from_letter).collect())?);
//! let mut game = Game::from_board(abc, "AABD/DCAB".parse()?, 0)?;
//! game.play(Move::Swap(Pos::new(1, 2), Pos::new(0, 2)))?;
//! assert_eq!(game.board().row(0).unwrap()[..3], "ABC".parse::<Board>()?.row(0).unwrap()[..]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::board::Board;
use crate::error::SetupError;
use crate::piece::{Cell, Color, MAX_COLORS, Piece};
use crate::pos::Pos;
use crate::rng::GameRng;

/// Words of refill-policy state kept in the game's snapshot (all zero at the start).
pub type PolicyState = [u64; 4];

/// One new piece to choose: see the [module docs](self).
pub struct SpawnSite<'a> {
    pub(crate) board: &'a mut Board,
    pub(crate) pos: Option<Pos>,
    pub(crate) chain: u32,
    pub(crate) colors: u8,
    pub(crate) rng: &'a mut GameRng,
    pub(crate) state: &'a mut PolicyState,
    pub(crate) in_match: &'a dyn Fn(&Board, Pos) -> bool,
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

    /// The phase's chain index (0 for the drop game's first next piece).
    pub fn chain(&self) -> u32 {
        self.chain
    }

    /// The palette size: colours `A`… up to it.
    pub fn colors(&self) -> u8 {
        self.colors
    }

    /// The game's seeded generator: the only randomness a policy may use.
    pub fn rng(&mut self) -> &mut GameRng {
        self.rng
    }

    /// The policy's state words, saved with the game.
    pub fn state(&mut self) -> &mut PolicyState {
        self.state
    }

    /// A plain piece of a uniformly random palette colour (one draw).
    pub fn uniform(&mut self) -> Piece {
        let index = self.rng.below(u32::from(self.colors)) as u8;
        Piece::plain(Color::new(index).expect("the palette is at most 26 colours"))
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

/// A refill policy: chooses each new piece.
pub trait RefillPolicy {
    /// The piece for `site`.
    fn spawn(&self, site: &mut SpawnSite<'_>) -> Piece;
}

/// Uniformly random colours from the palette, one draw per piece: the default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Uniform;

impl RefillPolicy for Uniform {
    fn spawn(&self, site: &mut SpawnSite<'_>) -> Piece {
        site.uniform()
    }
}

/// Random colours in proportion to weights (colours past the list, or past the palette,
/// never appear), one draw per piece.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Weighted {
    weights: Vec<u32>,
}

impl Weighted {
    /// Weights for `A`, `B`, …; at least one must be positive, at most 26 of them.
    pub fn new(weights: Vec<u32>) -> Result<Self, SetupError> {
        let total: u64 = weights.iter().map(|&w| u64::from(w)).sum();
        if weights.len() > MAX_COLORS as usize || total == 0 || total > u64::from(u32::MAX) {
            return Err(SetupError::Weights {
                count: weights.len(),
            });
        }
        Ok(Weighted { weights })
    }
}

impl RefillPolicy for Weighted {
    fn spawn(&self, site: &mut SpawnSite<'_>) -> Piece {
        let usable = &self.weights[..self.weights.len().min(usize::from(site.colors))];
        let total: u32 = usable.iter().sum();
        if total == 0 {
            return site.uniform();
        }
        let mut draw = site.rng.below(total);
        for (i, &w) in usable.iter().enumerate() {
            if draw < w {
                return Piece::plain(Color::new(i as u8).expect("at most 26 weights"));
            }
            draw -= w;
        }
        unreachable!("the draw is below the total weight")
    }
}

/// A fixed sequence of colours, repeated from the start when it runs out. The position
/// is policy state word 0, so undo and replay see the same sequence. No random draws.
#[derive(Clone, Debug, PartialEq, Eq)]
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

impl RefillPolicy for Scripted {
    fn spawn(&self, site: &mut SpawnSite<'_>) -> Piece {
        let at = site.state[0];
        site.state[0] = at.wrapping_add(1);
        Piece::plain(self.queue[(at % self.queue.len() as u64) as usize])
    }
}

/// Another policy's piece, but never one that lands in a match: when it would, the next
/// colours of the palette are tried in turn (its own colour when every one would match).
/// Refills then never start a cascade by themselves.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NoImmediateMatch<P = Uniform>(pub P);

impl<P: RefillPolicy> RefillPolicy for NoImmediateMatch<P> {
    fn spawn(&self, site: &mut SpawnSite<'_>) -> Piece {
        let piece = self.0.spawn(site);
        recolor_to_avoid_matches(site, piece)
    }
}

/// `piece`, or the first plain piece of the next colours round the palette that would not
/// land in a match; `piece` itself when all would.
pub(crate) fn recolor_to_avoid_matches(site: &mut SpawnSite<'_>, piece: Piece) -> Piece {
    if !site.would_match(piece) {
        return piece;
    }
    let first = piece.color().map_or(0, Color::index);
    for k in 1..site.colors {
        let color = Color::new((first + k) % site.colors).expect("within the palette");
        let candidate = Piece::plain(color);
        if !site.would_match(candidate) {
            return candidate;
        }
    }
    piece
}
