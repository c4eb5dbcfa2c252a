//! [`MoveMarks`]: sets of moves on one board as stamps in a reused array, so that the
//! tree search asks "is this move among those?" in one load instead of a scan.

use match3_core::{Move, Size};

/// Marks on the moves of a board of one size, each move at its own index (its key).
///
/// A set is a stamp: [`stamp`](MoveMarks::stamp) starts an empty one, and a move is in
/// it when its slot holds that stamp. Starting a set is free (no clearing), and the array
/// is sized once per board size.
#[derive(Clone, Debug, Default)]
pub(crate) struct MoveMarks {
    cols: usize,
    cells: usize,
    slots: Vec<u32>,
    stamp: u32,
}

/// Keys per cell for swaps: the partner's offset, a row and a column step of -1, 0 or 1
/// each, read as a number in base 3 (4, no offset, is never used).
const SWAP_KEYS: usize = 9;

impl MoveMarks {
    /// Ready for moves on a board of `size` (every set forgotten when the size changes).
    pub fn fit(&mut self, size: Size) {
        let (cols, cells) = (size.cols(), size.rows() * size.cols());
        if (cols, cells) != (self.cols, self.cells) {
            (self.cols, self.cells) = (cols, cells);
            self.slots.clear();
            self.slots.resize(cells * SWAP_KEYS + cols + cells, 0);
            self.stamp = 0;
        }
    }

    /// The index of `mv` on the board: one per swap (its first cell and the direction to
    /// its partner), per drop column and per tap cell. Legal moves never collide: a swap's
    /// partner is a neighbour in one of the topology's directions (side by side or
    /// corner to corner), which is all a legal-move list holds.
    pub fn key(&self, mv: Move) -> u32 {
        let cell = |p: match3_core::Pos| usize::from(p.row) * self.cols + usize::from(p.col);
        let key = match mv {
            Move::Swap(a, b) => {
                let step = |from: u8, to: u8| (i16::from(to) - i16::from(from)).signum() + 1;
                let offset = step(a.row, b.row) * 3 + step(a.col, b.col);
                cell(a) * SWAP_KEYS + offset as usize
            }
            Move::Drop(col) => self.cells * SWAP_KEYS + usize::from(col),
            Move::Tap(pos) => self.cells * SWAP_KEYS + self.cols + cell(pos),
        };
        key as u32
    }

    /// Two new, empty sets.
    pub fn stamp_pair(&mut self) -> (u32, u32) {
        if self.stamp >= u32::MAX - 1 {
            self.slots.fill(0);
            self.stamp = 0;
        }
        self.stamp += 2;
        (self.stamp - 1, self.stamp)
    }

    /// Puts the move with `key` in the set `stamp`.
    #[inline]
    pub fn mark(&mut self, key: u32, stamp: u32) {
        self.slots[key as usize] = stamp;
    }

    /// Whether the move with `key` is in the set `stamp`.
    #[inline]
    pub fn has(&self, key: u32, stamp: u32) -> bool {
        self.slots[key as usize] == stamp
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use match3_core::Pos;

    #[test]
    fn every_legal_kind_of_move_has_its_own_key() {
        let mut marks = MoveMarks::default();
        marks.fit(Size::new(4, 5).unwrap());
        let mut keys = Vec::new();
        for r in 0..4u8 {
            for c in 0..5u8 {
                let a = Pos::new(r, c);
                for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1), (0, -1), (-1, 0)] {
                    let (br, bc) = (i16::from(r) + dr, i16::from(c) + dc);
                    if (0..4).contains(&br) && (0..5).contains(&bc) {
                        keys.push(marks.key(Move::Swap(a, Pos::new(br as u8, bc as u8))));
                    }
                }
                keys.push(marks.key(Move::Tap(a)));
            }
        }
        keys.extend((0..5).map(|c| marks.key(Move::Drop(c))));
        let n = keys.len();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), n, "two moves share a key");
        assert!(keys.iter().all(|&k| (k as usize) < marks.slots.len()));
    }

    #[test]
    fn new_stamps_are_empty_sets_even_after_the_stamps_wrap() {
        let mut marks = MoveMarks::default();
        marks.fit(Size::new(3, 3).unwrap());
        let key = marks.key(Move::Drop(1));
        let (first, second) = marks.stamp_pair();
        assert_ne!(first, second);
        marks.mark(key, first);
        assert!(marks.has(key, first));
        assert!(!marks.has(key, second));
        let (third, fourth) = marks.stamp_pair();
        assert!(!marks.has(key, third) && !marks.has(key, fourth));
        marks.mark(key, fourth);
        for at in [u32::MAX - 1, u32::MAX] {
            marks.stamp = at;
            let (a, b) = marks.stamp_pair();
            assert!(a != b && !marks.has(key, a) && !marks.has(key, b));
            assert!(!marks.has(key, fourth), "the old sets went with the wrap");
            marks.mark(key, b);
        }
    }
}
