//! The colour draws of the bundled refill policies: uniform, and in proportion to
//! weights ([`Weighted`], which a level's spawn weights are too). Apart from the
//! policies (in `refill`) so that a level can hold weights without depending on what a
//! policy sees.

use crate::error::SetupError;
use crate::piece::{Color, MAX_COLORS, Piece};
use crate::rng::GameRng;

/// A plain piece of a uniformly random colour of `colors` (one draw).
#[inline]
pub(crate) fn uniform(rng: &mut GameRng, colors: u8) -> Piece {
    let index = rng.below(u32::from(colors)) as u8;
    Piece::plain(Color::new(index).expect("the palette is at most 26 colours"))
}

/// Random colours in proportion to weights (colours past the list, or past the palette,
/// never appear), one draw per piece.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
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

    /// The weights, `A` first.
    pub fn weights(&self) -> &[u32] {
        &self.weights
    }

    /// One piece drawn by the weights of the palette's colours (uniform when those are
    /// all zero).
    pub(crate) fn draw(&self, rng: &mut GameRng, colors: u8) -> Piece {
        let usable = &self.weights[..self.weights.len().min(usize::from(colors))];
        let total: u32 = usable.iter().sum();
        if total == 0 {
            return uniform(rng, colors);
        }
        let mut draw = rng.below(total);
        for (i, &w) in usable.iter().enumerate() {
            if draw < w {
                return Piece::plain(Color::new(i as u8).expect("at most 26 weights"));
            }
            draw -= w;
        }
        unreachable!("the draw is below the total weight")
    }
}
