//! A deadlock's shuffle on the planes, as the cells shuffle
//! ([`Snapshot::shuffle`](super::super::Snapshot)): the pieces, taken row-major, permuted
//! by the same draws of the same generator, try after try, until the board has no match
//! and a legal move. A search that runs into deadlocks (a level of six colours among
//! walls) then keeps playing on the planes instead of handing every such future to the
//! cells.

use crate::level::SHUFFLE_TRIES;
use crate::moves::PackedSwaps;
use crate::piece::{Color, MAX_COLORS, Piece};
use crate::rules::Rules;

use super::super::spawn::packed_cells;
use super::MaskState;

/// The pieces the shuffle permutes, row-major: each one's packed cell index and piece.
struct Spots {
    cells: u64,
    index: [u8; 64],
    piece: [Piece; 64],
    /// Whether every piece is plain (no kind to move).
    plain: bool,
    len: usize,
}

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
    /// shuffle gives up on those without a draw) or a board over 64 cells.
    fn spots(&self) -> Option<Spots> {
        let cells = self.masks.packed_pieces()? & !self.fixed.locks();
        let cols = self.masks.size().cols();
        let filler = Piece::plain(Color::new(0).expect("a colour"));
        let mut spots = Spots {
            cells,
            index: [0; 64],
            piece: [filler; 64],
            plain: cells & self.masks.packed_specials()? == 0,
            len: 0,
        };
        for (_, i) in packed_cells(cells, cols) {
            spots.index[spots.len] = i as u8;
            spots.piece[spots.len] = self.piece_at(i)?;
            spots.len += 1;
        }
        (spots.len >= 2).then_some(spots)
    }

    /// Puts on each spot `j` the piece of spot `order[j]`: the planes of the pieces
    /// painted anew, and their kinds.
    fn arrange(&mut self, spots: &Spots, order: &[u8]) {
        let (mut colors, mut specials, mut colorless) = ([0u64; MAX_COLORS as usize], 0, 0);
        for (&at, &k) in spots.index.iter().zip(order) {
            let (piece, bit) = (spots.piece[usize::from(k)], 1u64 << at);
            match piece.color() {
                Some(color) => colors[usize::from(color.index())] |= bit,
                None => colorless |= bit,
            }
            if piece.special().is_some() {
                specials |= bit;
            }
        }
        (self.masks).repaint_packed(spots.cells, (specials, colorless), &colors);
        if spots.plain {
            return;
        }
        self.kinds.clear(spots.cells);
        for (&at, &k) in spots.index.iter().zip(order) {
            if let Some(special) = spots.piece[usize::from(k)].special() {
                self.kinds.put(1 << at, special);
            }
        }
    }
}
