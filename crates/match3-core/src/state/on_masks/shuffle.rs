//! A deadlock's shuffle on the planes, as the cells shuffle
//! ([`Snapshot::shuffle`](super::super::Snapshot)): the pieces, taken row-major, permuted
//! by the same draws of the same generator, try after try, until the board has no match
//! and a legal move. A search that runs into deadlocks (a level of six colours among
//! walls) then keeps playing on the planes instead of handing every such future to the
//! cells.

use crate::bits::set_bits;
use crate::level::SHUFFLE_TRIES;
use crate::moves::PackedSwaps;
use crate::piece::{MAX_COLORS, Special};
use crate::rules::Rules;

use super::MaskState;

/// The pieces the shuffle permutes, row-major: each one's packed cell index, colour and
/// kind.
struct Spots {
    cells: u64,
    index: [u8; 64],
    /// Each spot's colour index, [`COLORLESS`] for a colourless special.
    color: [u8; 64],
    /// Each spot's special kind, when one of them holds a special (most shuffled boards
    /// of the line rules hold one or two).
    kinds: Option<[Option<Special>; 64]>,
    len: usize,
}

/// The colour index [`Spots`] gives a piece without colour.
const COLORLESS: u8 = MAX_COLORS;

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
        let spots = self.spots()?;
        let n = spots.len;
        // The cells shuffle the spots' indices, tries after the first going on from the
        // order the one before left.
        let mut order = [0u8; 64];
        for (j, k) in order[..n].iter_mut().enumerate() {
            *k = j as u8;
        }
        for _ in 0..SHUFFLE_TRIES {
            self.rng.shuffle(&mut order[..n]);
            self.arrange(&spots, &order[..n]);
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
        // Filled through locals: a count kept in the struct would be stored and loaded
        // again for every spot.
        let (mut index, mut color, mut len) = ([0u8; 64], [0u8; 64], 0);
        for (n, i) in set_bits(cells).enumerate() {
            (index[n], color[n], len) = (i as u8, color_of[i].min(COLORLESS), n + 1);
        }
        let mut spots = Spots {
            cells,
            index,
            color,
            kinds: None,
            len,
        };
        if (self.masks.packed_specials()? | with_kind) & cells != 0 {
            spots.kinds = Some(self.spot_kinds(&spots));
        }
        (spots.len >= 2).then_some(spots)
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

    /// The special kind on each spot.
    fn spot_kinds(&self, spots: &Spots) -> [Option<Special>; 64] {
        let mut kinds = [None; 64];
        for (kind, &i) in kinds.iter_mut().zip(&spots.index[..spots.len]) {
            *kind = self.kinds.at(usize::from(i));
        }
        kinds
    }

    /// Puts on each spot `j` the piece of spot `order[j]`: the planes of the pieces
    /// painted anew, and their kinds.
    fn arrange(&mut self, spots: &Spots, order: &[u8]) {
        // A plane per colour, and one for the colourless.
        let mut planes = [0u64; MAX_COLORS as usize + 1];
        for (&at, &k) in spots.index.iter().zip(order) {
            planes[usize::from(spots.color[usize::from(k)])] |= 1u64 << at;
        }
        let (colors, colorless) = planes.split_at(MAX_COLORS as usize);
        let Some(kinds) = &spots.kinds else {
            return (self.masks).repaint_packed(spots.cells, (0, colorless[0]), colors);
        };
        self.kinds.clear(spots.cells);
        let mut specials = 0;
        for (&at, &k) in spots.index.iter().zip(order) {
            if let Some(special) = kinds[usize::from(k)] {
                specials |= 1u64 << at;
                self.kinds.put(1 << at, special);
            }
        }
        (self.masks).repaint_packed(spots.cells, (specials, colorless[0]), colors);
    }
}
