//! Discrete actions: every swap of two neighbours (horizontal ones first, row by row,
//! then vertical ones), or every column to drop into, or every cell to tap, as the rules
//! accept.

use match3_core::{CellSet, Game, Move, MoveKind, Pos, Rules};

/// The action space of a board size under some rules.
#[derive(Clone, Copy, Debug)]
pub struct Actions {
    rows: usize,
    cols: usize,
    kind: MoveKind,
}

impl Actions {
    pub fn new(rules: &dyn Rules, rows: usize, cols: usize) -> Actions {
        let kind = [MoveKind::Swap, MoveKind::Drop, MoveKind::Tap]
            .into_iter()
            .find(|&k| rules.accepts(k))
            .unwrap_or(MoveKind::Swap);
        Actions { rows, cols, kind }
    }

    fn horizontal(&self) -> usize {
        self.rows * self.cols.saturating_sub(1)
    }

    /// How many actions there are.
    pub fn count(&self) -> usize {
        match self.kind {
            MoveKind::Swap => self.horizontal() + self.rows.saturating_sub(1) * self.cols,
            MoveKind::Drop => self.cols,
            MoveKind::Tap => self.rows * self.cols,
        }
    }

    /// The move of action `a`, if `a` is one.
    pub fn decode(&self, a: usize) -> Option<Move> {
        if a >= self.count() {
            return None;
        }
        let p = |r: usize, c: usize| Pos::new(r as u8, c as u8);
        Some(match self.kind {
            MoveKind::Swap if a < self.horizontal() => {
                let (r, c) = (a / (self.cols - 1), a % (self.cols - 1));
                Move::Swap(p(r, c), p(r, c + 1))
            }
            MoveKind::Swap => {
                let b = a - self.horizontal();
                let (r, c) = (b / self.cols, b % self.cols);
                Move::Swap(p(r, c), p(r + 1, c))
            }
            MoveKind::Drop => Move::Drop(a as u8),
            MoveKind::Tap => Move::Tap(p(a / self.cols, a % self.cols)),
        })
    }

    /// The action of `mv`, if it has one.
    pub fn encode(&self, mv: Move) -> Option<usize> {
        let (rows, cols) = (self.rows, self.cols);
        match mv {
            Move::Swap(a, b) => {
                let (a, b) = if (a.row, a.col) <= (b.row, b.col) {
                    (a, b)
                } else {
                    (b, a)
                };
                let (r, c) = (usize::from(a.row), usize::from(a.col));
                if a.row == b.row && b.col == a.col + 1 && c + 1 < cols && r < rows {
                    Some(r * (cols - 1) + c)
                } else if a.col == b.col && b.row == a.row + 1 && r + 1 < rows && c < cols {
                    Some(self.horizontal() + r * cols + c)
                } else {
                    None
                }
            }
            Move::Drop(c) => Some(usize::from(c)).filter(|&c| c < cols),
            Move::Tap(p) => Some(usize::from(p.row) * cols + usize::from(p.col)),
        }
    }

    /// Sets `mask[a]` for every legal action of `game`, clearing the rest; swaps come
    /// from the game's legal-swap sets a row at a time, other moves through `scratch`.
    pub fn mask<R: Rules>(&self, game: &Game<R>, scratch: &mut Vec<Move>, mask: &mut [bool]) {
        if self.kind != MoveKind::Swap {
            game.legal_moves_into(scratch);
            mask.fill(false);
            for &mv in scratch.iter() {
                if let Some(a) = self.encode(mv) {
                    mask[a] = true;
                }
            }
            return;
        }
        let swaps = game.legal_swaps();
        let (right, down) = mask.split_at_mut(self.horizontal());
        spread(&swaps.right, self.cols.saturating_sub(1), right);
        spread(&swaps.down, self.cols, down);
    }
}

/// Row `r` of `set` into `out[r * width..][..width]`, bit `c` to entry `c`.
fn spread(set: &CellSet, width: usize, out: &mut [bool]) {
    if width == 0 {
        return;
    }
    for (r, row) in out.chunks_exact_mut(width).enumerate() {
        let bits = set.row_bits(r);
        for (c, slot) in row.iter_mut().enumerate() {
            *slot = bits >> c & 1 != 0;
        }
    }
}
