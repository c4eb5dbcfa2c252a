//! A deadlock's shuffle on the planes, as the cells shuffle
//! ([`Snapshot::shuffle`](super::super::Snapshot)): the pieces, taken row-major, permuted
//! by the same draws of the same generator, try after try, until the board has no match
//! and a legal move. A search that runs into deadlocks (a level of six colours among
//! walls) then keeps playing on the planes instead of handing every such future to the
//! cells.

use crate::bits::set_bits;
use crate::level::SHUFFLE_TRIES;
use crate::moves::PackedSwaps;
use crate::piece::MAX_COLORS;
use crate::rules::Rules;

use super::MaskState;

/// The pieces the shuffle permutes, row-major: each one's packed cell index and what
/// stands there.
struct Spots {
    cells: u64,
    index: [u8; 64],
    /// Each spot's piece (see [`piece`]): the shuffle permutes these in place.
    pieces: [u16; 64],
    /// Whether one of them holds a special (most shuffled boards of the line rules hold
    /// one or two).
    kinds: bool,
    len: usize,
}

/// The colour index [`Spots`] gives a piece without colour.
const COLORLESS: u8 = MAX_COLORS;

/// A piece as a shuffle moves it: its colour index in the low byte ([`COLORLESS`] for
/// none), one more than its kind's index among the planes' kinds in the high byte (0 for
/// a plain piece). Permuting these draws what permuting the spots' indices draws.
fn piece(color: u8, kind: Option<usize>) -> u16 {
    u16::from(color) | kind.map_or(0, |k| (k as u16 + 1) << 8)
}

/// A plane for each colour index a [`piece`] holds (the colourless one among them),
/// rounded up so that a masked index needs no check.
const PLANES: usize = (MAX_COLORS as usize + 1).next_power_of_two();

impl MaskState {
    /// Shuffles the pieces as the cells' shuffle does, judging each try by `legal` (the
    /// legal swaps on the planes, or `None` when the planes cannot tell); the legal swaps
    /// after the try that succeeds. `None` when the cells must shuffle: fewer than two
    /// pieces, a question the planes cannot answer, or no try succeeding (the planes are
    /// then left as the last try put them: the cells catch up and settle it).
    pub(crate) fn shuffle<R: Rules + ?Sized>(
        &mut self,
        rules: &R,
        legal: impl Fn(&MaskState) -> Option<PackedSwaps>,
    ) -> Option<PackedSwaps> {
        let mut spots = self.spots()?;
        // The cells shuffle the spots' indices, tries after the first going on from the
        // order the one before left; the same draws permute the pieces themselves, which
        // then need no look-up through the order.
        for _ in 0..SHUFFLE_TRIES {
            self.rng.shuffle(&mut spots.pieces[..spots.len]);
            self.arrange(&spots);
            if self.matched(rules)? & self.masks.packed_pieces()? != 0 {
                continue;
            }
            let swaps = legal(self)?;
            if !swaps.is_empty() {
                return Some(swaps);
            }
        }
        None
    }

    /// The pieces to shuffle (locked ones stay); `None` when fewer than two (the cells'
    /// shuffle gives up on those without a draw), a plain piece has no colour, or the
    /// board has over 64 cells.
    fn spots(&self) -> Option<Spots> {
        let cells = self.masks.packed_pieces()? & !self.fixed.locks();
        let (color_of, colored) = self.color_map()?;
        let with_kind = self.kinds.cells();
        // A piece without a colour must be a special.
        if cells & !colored & !with_kind != 0 {
            return None;
        }
        let kinds = (self.masks.packed_specials()? | with_kind) & cells != 0;
        // Filled through locals: a count kept in the struct would be stored and loaded
        // again for every spot.
        let (mut index, mut pieces, mut len) = ([0u8; 64], [0u16; 64], 0);
        for (n, i) in set_bits(cells).enumerate() {
            let kind = if kinds { self.kinds.index_at(i) } else { None };
            (index[n], pieces[n], len) = (i as u8, piece(color_of[i].min(COLORLESS), kind), n + 1);
        }
        (len >= 2).then_some(Spots {
            cells,
            index,
            pieces,
            kinds,
            len,
        })
    }

    /// The colour index of the piece on each cell, by cell index ([`COLORLESS`] or more
    /// where none), and the cells with a colour: written a binary digit of the index at
    /// a time, eight cells a store (a walk over each colour's cells stores a byte per
    /// cell, each waiting on the last bit found).
    fn color_map(&self) -> Option<([u8; 64], u64)> {
        let mut color_of = [COLORLESS; 64];
        self.masks.write_color_indices(&mut color_of)?;
        let colored = (self.masks.packed_colors()?.iter()).fold(0, |all, &plane| all | plane);
        Some((color_of, colored))
    }

    /// Puts on each spot its piece as the spots now hold them: the planes of the pieces
    /// painted anew, and their kinds.
    fn arrange(&mut self, spots: &Spots) {
        let pieces = &spots.pieces[..spots.len];
        let mut planes = [0u64; PLANES];
        for (&at, &piece) in spots.index.iter().zip(pieces) {
            planes[usize::from(piece as u8) % PLANES] |= 1u64 << at;
        }
        let colors = &planes[..MAX_COLORS as usize];
        let colorless = planes[usize::from(COLORLESS)];
        if !spots.kinds {
            return (self.masks).repaint_packed(spots.cells, (0, colorless), colors);
        }
        self.kinds.clear(spots.cells);
        let mut specials = 0;
        for (&at, &piece) in spots.index.iter().zip(pieces) {
            if let Some(kind) = (piece >> 8).checked_sub(1) {
                specials |= 1u64 << at;
                self.kinds.add_at(usize::from(kind), 1 << at);
            }
        }
        (self.masks).repaint_packed(spots.cells, (specials, colorless), colors);
    }
}
