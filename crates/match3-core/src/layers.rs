//! [`Layers`]: what a cell holds besides its piece — jelly under it and a lock on it.
//!
//! Layers belong to the cell, not to the piece: jelly stays where it is while pieces fall
//! through, and a locked piece never moves, so its lock never has to follow it.

use thiserror::Error;

use crate::pos::{Pos, PosError};

/// The most jelly layers a cell may have (`~~`).
pub const MAX_JELLY: u8 = 2;

const JELLY_BITS: u8 = 0b011;
const LOCK_BIT: u8 = 0b100;

/// A cell's layers: `jelly` (0 to [`MAX_JELLY`]) under it, and whether its piece is
/// `locked`.
///
/// In notation they follow the cell's token: `@` for a lock, one `~` per jelly layer, in
/// that order (`B|@~~`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Layers {
    /// Jelly layers under the cell; each phase in which the cell's piece is cleared
    /// removes one.
    pub jelly: u8,
    /// Whether the piece is locked: it cannot be swapped and does not fall; a clear that
    /// includes it breaks the lock instead of removing the piece.
    pub locked: bool,
}

impl Layers {
    /// No layer.
    pub const NONE: Layers = Layers {
        jelly: 0,
        locked: false,
    };

    /// Whether there is no layer.
    pub fn is_none(self) -> bool {
        self == Layers::NONE
    }

    pub(crate) fn to_byte(self) -> u8 {
        (self.jelly.min(MAX_JELLY) & JELLY_BITS) | if self.locked { LOCK_BIT } else { 0 }
    }

    pub(crate) fn from_byte(byte: u8) -> Layers {
        Layers {
            jelly: byte & JELLY_BITS,
            locked: byte & LOCK_BIT != 0,
        }
    }
}

/// The jelly layers in `bytes` (cells' layer bytes) added up, eight cells at a time: a
/// cell has at most [`MAX_JELLY`] (2) layers, so eight cells' sum fits the top byte of
/// one multiplication.
pub(crate) fn jelly_in(bytes: &[u8]) -> u32 {
    const EACH: u64 = u64::from_ne_bytes([JELLY_BITS; 8]);
    const ADD: u64 = 0x0101_0101_0101_0101;
    let mut chunks = bytes.chunks_exact(8);
    let mut total = 0;
    for chunk in &mut chunks {
        let word = u64::from_le_bytes(chunk.try_into().expect("eight bytes")) & EACH;
        total += (word.wrapping_mul(ADD) >> 56) as u32;
    }
    let rest = chunks.remainder().iter();
    total + rest.map(|&b| u32::from(b & JELLY_BITS)).sum::<u32>()
}

/// `@~~`: the modifiers as written after a cell's token.
impl std::fmt::Display for Layers {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.locked {
            f.write_str("@")?;
        }
        for _ in 0..self.jelly {
            f.write_str("~")?;
        }
        Ok(())
    }
}

/// Layers ([`Layers`](crate::Layers)) a cell cannot have.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Error)]
pub enum LayerError {
    /// The cell is off the board.
    #[error(transparent)]
    Pos(#[from] PosError),
    /// The layers do not fit the cell.
    #[error("{pos}: {problem}")]
    Invalid {
        /// The cell.
        pos: Pos,
        /// What is wrong, e.g. `a lock needs a piece under it`.
        problem: &'static str,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The eight-at-a-time sum agrees with adding cell by cell, locks mixed in, on every
    /// length (whole words and a remainder).
    #[test]
    fn jelly_in_adds_every_cells_layers() {
        let bytes: Vec<u8> = (0..75u32)
            .map(|i| {
                let layers = Layers {
                    jelly: (i * 7 % 3) as u8,
                    locked: i % 5 == 0,
                };
                layers.to_byte()
            })
            .collect();
        for len in 0..=bytes.len() {
            let one_by_one: u32 = (bytes[..len].iter())
                .map(|&b| u32::from(Layers::from_byte(b).jelly))
                .sum();
            assert_eq!(jelly_in(&bytes[..len]), one_by_one, "{len} cells");
        }
        assert_eq!(jelly_in(&[2; 64]), 128);
    }
}
