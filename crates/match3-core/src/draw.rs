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
// Read through `new`, so a saved level's weights are checked and their total kept.
#[serde(try_from = "SavedWeights")]
pub struct Weighted {
    weights: Vec<u32>,
    /// The weights' sum (checked by `new` to fit): a draw's range whenever the palette
    /// has every weighted colour, worked out once rather than for every piece.
    #[serde(skip)]
    total: u32,
}

/// [`Weighted`] as saved: the weights alone.
#[derive(serde::Deserialize)]
struct SavedWeights {
    weights: Vec<u32>,
}

impl TryFrom<SavedWeights> for Weighted {
    type Error = SetupError;
    fn try_from(saved: SavedWeights) -> Result<Self, SetupError> {
        Weighted::new(saved.weights)
    }
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
        Ok(Weighted {
            weights,
            total: total as u32,
        })
    }

    /// The weights, `A` first.
    pub fn weights(&self) -> &[u32] {
        &self.weights
    }

    /// One piece drawn by the weights of the palette's colours (uniform when those are
    /// all zero).
    pub(crate) fn draw(&self, rng: &mut GameRng, colors: u8) -> Piece {
        self.sampler(colors).draw(rng)
    }

    /// What draws for a palette of `colors` colours share: the weights in the palette and
    /// their sum, worked out once for a whole refill.
    #[inline]
    pub(crate) fn sampler(&self, colors: u8) -> Sampler<'_> {
        let usable = &self.weights[..self.weights.len().min(usize::from(colors))];
        let total = if usable.len() == self.weights.len() {
            self.total
        } else {
            usable.iter().sum()
        };
        Sampler {
            usable,
            total,
            colors,
        }
    }
}

/// [`Weighted`] draws for one palette: see [`Weighted::sampler`].
pub(crate) struct Sampler<'a> {
    usable: &'a [u32],
    total: u32,
    colors: u8,
}

impl Sampler<'_> {
    /// One piece, as [`Weighted::draw`]. Always inlined: a refill's generator, passed
    /// to a call, would leave the registers for memory at every draw.
    #[inline(always)]
    pub(crate) fn draw(&self, rng: &mut GameRng) -> Piece {
        if self.total == 0 {
            return uniform(rng, self.colors);
        }
        let draw = rng.below(self.total);
        // The colour whose share holds the draw: the number of running sums at most the
        // draw, counted without a branch on it (which colour comes up cannot be guessed).
        let (mut sum, mut index) = (0u32, 0u8);
        for &w in self.usable {
            sum += w;
            index += u8::from(sum <= draw);
        }
        Piece::plain(Color::new(index).expect("at most 26 weights"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Saved weights come back through `new`: the same weights and total, and weights
    /// `new` refuses are refused when read.
    #[test]
    fn saved_weights_are_read_through_new() {
        let w = Weighted::new(vec![0, 3, 1]).unwrap();
        let json = serde_json::to_string(&w).unwrap();
        assert_eq!(json, r#"{"weights":[0,3,1]}"#);
        assert_eq!(serde_json::from_str::<Weighted>(&json).unwrap(), w);
        for bad in [r#"{"weights":[0,0]}"#, r#"{"weights":[]}"#] {
            assert!(serde_json::from_str::<Weighted>(bad).is_err(), "{bad}");
        }
    }

    /// A draw with the whole list (the kept total) and with a palette shorter than the
    /// list (a sum of the usable weights) picks only weighted colours of the palette.
    #[test]
    fn draws_stay_within_the_usable_weights() {
        let w = Weighted::new(vec![0, 3, 0, 5]).unwrap();
        let mut rng = GameRng::new(7);
        for _ in 0..200 {
            let full = w.draw(&mut rng, 6).color().unwrap().index();
            assert!(full == 1 || full == 3, "colour {full}");
            assert_eq!(w.draw(&mut rng, 3).color().unwrap().index(), 1);
        }
    }

    /// A draw picks the first colour whose running sum passes it, as a walk that
    /// subtracts each weight in turn would (zero weights, leading and trailing, included).
    #[test]
    fn a_draw_picks_the_colour_whose_share_holds_it() {
        let mut seeds = GameRng::new(11);
        for _ in 0..300 {
            let n = 1 + seeds.below(8) as usize;
            let mut weights: Vec<u32> = (0..n).map(|_| seeds.below(4)).collect();
            weights[seeds.below(n as u32) as usize] += 1;
            let w = Weighted::new(weights.clone()).unwrap();
            let mut rng = GameRng::new(u64::from(seeds.next_u32()));
            for _ in 0..20 {
                let mut walk = rng.clone().below(weights.iter().sum());
                let expected = weights.iter().position(|&w| {
                    let here = walk < w;
                    walk = walk.wrapping_sub(w);
                    here
                });
                let got = w.draw(&mut rng, 8).color().map(|c| usize::from(c.index()));
                assert_eq!(got, expected, "weights {weights:?}");
            }
        }
    }
}
