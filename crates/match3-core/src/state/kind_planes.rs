//! The kinds of the specials a look-ahead on the planes holds: a packed plane per kind
//! on the board, moved with the other planes, so that the planes alone can tell what a
//! special is when it fires and which swaps are combos.

use crate::bits::trade_bits;
use crate::board::Board;
use crate::piece::{Combos, Piece, Special, SpecialKind};

/// Where each kind of special stands, on a board of at most 64 cells (bit `row * cols +
/// col`).
#[derive(Clone, Debug, Default)]
pub(crate) struct KindPlanes {
    /// The kinds met, in the order they were met.
    kinds: Vec<Special>,
    /// `bits[k]`: the cells holding a special of `kinds[k]`.
    bits: Vec<u64>,
}

impl KindPlanes {
    /// The specials of `board`, a board of at most 64 cells.
    pub(crate) fn of(board: &Board) -> Self {
        let mut planes = KindPlanes::default();
        planes.load(board);
        planes
    }

    /// The specials of `board`, a board of at most 64 cells (the buffers are kept).
    #[inline]
    pub(crate) fn load(&mut self, board: &Board) {
        self.kinds.clear();
        self.bits.clear();
        // Most boards a look-ahead starts from hold no special.
        let specials = board.packed_specials().unwrap_or(0);
        if specials != 0 {
            self.load_specials(board, specials);
        }
    }

    /// [`load`](KindPlanes::load) past its empty case: the specials on the cells
    /// `specials`.
    #[inline(never)]
    fn load_specials(&mut self, board: &Board, mut specials: u64) {
        while specials != 0 {
            let i = specials.trailing_zeros() as usize;
            specials &= specials - 1;
            if let Some(special) = board.cell_at_index(i).piece().and_then(Piece::special) {
                self.put(1 << i, special);
            }
        }
    }

    /// Adds specials of kind `special` on the cells `bits`.
    pub(crate) fn put(&mut self, bits: u64, special: Special) {
        match self.kinds.iter().position(|&k| k == special) {
            Some(k) => self.bits[k] |= bits,
            None => {
                self.kinds.push(special);
                self.bits.push(bits);
            }
        }
    }

    /// The index among the kinds met of the special on cell `i`, if one stands there.
    pub(crate) fn index_at(&self, i: usize) -> Option<usize> {
        self.bits.iter().position(|&bits| bits >> i & 1 != 0)
    }

    /// Adds specials of the kind of index `k` (see [`index_at`](Self::index_at)) on the
    /// cells `bits`.
    pub(crate) fn add_at(&mut self, k: usize, bits: u64) {
        self.bits[k] |= bits;
    }

    /// The cells holding a special of any kind.
    pub(crate) fn cells(&self) -> u64 {
        self.bits.iter().fold(0, |all, &bits| all | bits)
    }

    /// Removes the specials on the cells `cleared`.
    pub(crate) fn clear(&mut self, cleared: u64) {
        for bits in &mut self.bits {
            *bits &= !cleared;
        }
    }

    /// The kind of the special on cell `i`, if one stands there.
    pub(crate) fn at(&self, i: usize) -> Option<Special> {
        let bit = 1u64 << i;
        let mut found = self.kinds.iter().zip(&self.bits);
        found.find(|&(_, &bits)| bits & bit != 0).map(|(&k, _)| k)
    }

    /// Trades whatever cells `i` and `j` hold (a swap).
    #[inline]
    pub(crate) fn swap(&mut self, i: usize, j: usize) {
        trade_bits(&mut self.bits, i, j);
    }

    /// Whether no kind was met since the last load (a plane may be empty all the same).
    pub(crate) fn is_empty(&self) -> bool {
        self.kinds.is_empty()
    }

    /// The planes, to move with the others when pieces fall.
    pub(crate) fn planes_mut(&mut self) -> &mut [u64] {
        &mut self.bits
    }

    /// The cells whose specials combine with other specials, and those that combine with
    /// any piece, by the `kinds`' table.
    pub(crate) fn combining(&self, kinds: &[SpecialKind]) -> (u64, u64) {
        let (mut with_specials, mut with_any) = (0, 0);
        for (special, &bits) in self.kinds.iter().zip(&self.bits) {
            match kinds
                .iter()
                .find(|k| k.special == *special)
                .map(|k| k.combos)
            {
                Some(Combos::WithSpecials) => with_specials |= bits,
                Some(Combos::WithAnything) => with_any |= bits,
                Some(Combos::None) | None => {}
            }
        }
        (with_specials, with_any)
    }
}
