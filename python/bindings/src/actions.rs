//! Discrete actions: for swap rules, one block of swaps per direction the variant's
//! topology allows, in the order right, down, down-right, down-left, each block row by
//! row from the pair's first cell (row-major); for drop rules every column; for tap rules
//! every cell, row-major.

use match3_core::topology::Directions;
use match3_core::{Game, Move, MoveKind, PackedSwaps, Pos, Rules, SwapMasks};

/// The swap directions in action order, with the step from a pair's first cell to its
/// second.
const BLOCKS: [(Directions, (u8, i16)); 4] = [
    (Directions::RIGHT, (0, 1)),
    (Directions::DOWN, (1, 0)),
    (Directions::DOWN_RIGHT, (1, 1)),
    (Directions::DOWN_LEFT, (1, -1)),
];

/// The action space of a board size under some rules.
#[derive(Clone, Copy, Debug)]
pub struct Actions {
    rows: usize,
    cols: usize,
    kind: MoveKind,
    /// The swap blocks, worked out once: every step decodes its action and encodes the
    /// action it samples through them.
    blocks: [Block; 4],
    /// How many of `blocks` the topology has.
    block_count: usize,
}

impl Actions {
    pub fn new(rules: &dyn Rules, rows: usize, cols: usize) -> Actions {
        let kind = [MoveKind::Swap, MoveKind::Drop, MoveKind::Tap]
            .into_iter()
            .find(|&k| rules.accepts(k))
            .unwrap_or(MoveKind::Swap);
        let directions = rules.directions();
        let mut blocks = [Block::UNUSED; 4];
        let mut block_count = 0;
        let mut first = 0;
        for (direction, (dr, dc)) in BLOCKS {
            if directions.contains(direction) {
                let block = Block {
                    direction,
                    rows: rows.saturating_sub(usize::from(dr)),
                    cols: cols.saturating_sub(dc.unsigned_abs().into()),
                    step: (dr, dc),
                    first,
                };
                first += block.rows * block.cols;
                blocks[block_count] = block;
                block_count += 1;
            }
        }
        Actions {
            rows,
            cols,
            kind,
            blocks,
            block_count,
        }
    }

    /// The blocks of swap actions: each direction the topology allows, its first-cell
    /// grid (rows × columns of cells that have that neighbour) and the step to the
    /// second cell.
    fn blocks(&self) -> impl Iterator<Item = Block> + '_ {
        self.blocks[..self.block_count].iter().copied()
    }

    /// How many actions there are.
    pub fn count(&self) -> usize {
        match self.kind {
            MoveKind::Swap => self.blocks().map(|b| b.rows * b.cols).sum(),
            MoveKind::Drop => self.cols,
            MoveKind::Tap => self.rows * self.cols,
        }
    }

    /// The move of action `a`, if `a` is one.
    pub fn decode(&self, a: usize) -> Option<Move> {
        let p = |r: usize, c: usize| Pos::new(r as u8, c as u8);
        match self.kind {
            MoveKind::Swap => self.decode_swap(a),
            MoveKind::Drop => (a < self.cols).then_some(Move::Drop(a as u8)),
            MoveKind::Tap => {
                (a < self.rows * self.cols).then(|| Move::Tap(p(a / self.cols, a % self.cols)))
            }
        }
    }

    /// The swap of action `a`: its block, then its first cell in the block's grid.
    fn decode_swap(&self, a: usize) -> Option<Move> {
        let b = self.blocks().find(|b| a < b.first + b.rows * b.cols)?;
        let i = a - b.first;
        let (r, c) = (i / b.cols, i % b.cols);
        // A down-left pair's first cell is one column right of its grid column.
        let c = if b.step.1 < 0 { c + 1 } else { c };
        let second = c.checked_add_signed(isize::from(b.step.1))?;
        let p = |r: usize, c: usize| Pos::new(r as u8, c as u8);
        Some(Move::Swap(p(r, c), p(r + usize::from(b.step.0), second)))
    }

    /// The action of `mv`, if it has one.
    pub fn encode(&self, mv: Move) -> Option<usize> {
        let (rows, cols) = (self.rows, self.cols);
        match mv {
            Move::Swap(a, b) if self.kind == MoveKind::Swap => {
                let (a, b) = if (a.row, a.col) <= (b.row, b.col) {
                    (a, b)
                } else {
                    (b, a)
                };
                let step = (
                    b.row.wrapping_sub(a.row),
                    i16::from(b.col) - i16::from(a.col),
                );
                let (r, c) = (usize::from(a.row), usize::from(a.col));
                let col = if step.1 < 0 { c.checked_sub(1)? } else { c };
                let block = self.blocks().find(|b| b.step == step)?;
                (r < block.rows && col < block.cols).then(|| block.first + r * block.cols + col)
            }
            Move::Drop(c) if self.kind == MoveKind::Drop => {
                Some(usize::from(c)).filter(|&c| c < cols)
            }
            Move::Tap(p) if self.kind == MoveKind::Tap => {
                let (r, c) = (usize::from(p.row), usize::from(p.col));
                (r < rows && c < cols).then_some(r * cols + c)
            }
            _ => None,
        }
    }

    /// Sets `mask[a]` to 1 for every legal action of `game` and 0 for the rest; swaps
    /// come from the game's legal swaps a row at a time (on boards of at most 8 × 8 as
    /// the status packed them), other moves through `scratch`.
    pub fn mask<R: Rules>(&self, game: &Game<R>, scratch: &mut Vec<Move>, mask: &mut [i8]) {
        if self.kind != MoveKind::Swap {
            game.legal_moves_into(scratch);
            mask.fill(0);
            for &mv in scratch.iter() {
                if let Some(a) = self.encode(mv) {
                    mask[a] = 1;
                }
            }
            return;
        }
        let sides = |b: Block| matches!(b.direction, Directions::RIGHT | Directions::DOWN);
        match game.packed_legal_swaps() {
            Some(packed) if self.blocks().all(sides) => self.mask_packed(packed, mask),
            _ => self.mask_sets(&game.legal_swaps(), mask),
        }
    }

    /// The swaps' part of [`mask`](Actions::mask) from packed swaps (side swaps only, on
    /// boards of at most 8 × 8): a byte per row.
    fn mask_packed(&self, packed: PackedSwaps, mask: &mut [i8]) {
        self.each_block(mask, |b, block| {
            let plane = match b.direction {
                Directions::RIGHT => packed.right,
                _ => packed.down,
            };
            let row = |r: usize| plane.checked_shr(8 * r as u32).unwrap_or(0) as u32 & 0xff;
            spread(row, b.cols, 0, block);
        });
    }

    /// The swaps' part of [`mask`](Actions::mask) from cell sets, a row word at a time.
    fn mask_sets(&self, swaps: &SwapMasks, mask: &mut [i8]) {
        self.each_block(mask, |b, block| {
            let (set, shift) = match b.direction {
                Directions::RIGHT => (&swaps.right, 0),
                Directions::DOWN => (&swaps.down, 0),
                Directions::DOWN_RIGHT => (&swaps.down_right, 0),
                // Keyed by the upper cell, whose column is at least 1.
                _ => (&swaps.down_left, 1),
            };
            spread(|r| set.row_bits(r), b.cols, shift, block);
        });
    }

    /// Calls `fill` with each block and its part of `mask`.
    fn each_block(&self, mask: &mut [i8], mut fill: impl FnMut(Block, &mut [i8])) {
        let mut rest = mask;
        for b in self.blocks() {
            let (block, tail) = rest.split_at_mut(b.rows * b.cols);
            fill(b, block);
            rest = tail;
        }
    }
}

/// One direction's block of swap actions.
#[derive(Clone, Copy, Debug)]
struct Block {
    direction: Directions,
    rows: usize,
    cols: usize,
    step: (u8, i16),
    /// The block's first action.
    first: usize,
}

impl Block {
    /// A place for a block the topology does not have.
    const UNUSED: Block = Block {
        direction: Directions::RIGHT,
        rows: 0,
        cols: 0,
        step: (0, 0),
        first: 0,
    };
}

/// Row `r` (`row(r)`) into `out[r * width..][..width]`, bit `c + shift` to entry `c`.
///
/// This runs for every row of every environment step, so entries are written eight a
/// store: a block of up to 64 entries (every board of up to 64 cells) gathers its bits
/// in one word first; a bigger one streams them a row at a time. A byte per bit, or rows
/// of seven entries each copied by a `memcpy` call, measured a tenth of a step.
fn spread(row: impl Fn(usize) -> u32, width: usize, shift: u32, out: &mut [i8]) {
    if width == 0 {
        return;
    }
    let (rows, row_mask) = (out.len() / width, (1u64 << width) - 1);
    let row = |r: usize| u64::from(row(r) >> shift) & row_mask;
    if out.len() <= 64 {
        let bits = (0..rows).fold(0, |bits, r| bits | row(r) << (r * width));
        return spread_word(bits, out);
    }
    let mut chunks = out.chunks_mut(8);
    // Bits waiting to be written, the first in the lowest bit: fewer than 8 between rows,
    // so a row of up to 32 more fits.
    let (mut waiting, mut count) = (0u64, 0);
    for r in 0..rows {
        waiting |= row(r) << count;
        count += width;
        while count >= 8 {
            spread_word(waiting, chunks.next().unwrap_or_default());
            (waiting, count) = (waiting >> 8, count - 8);
        }
    }
    if count > 0 {
        spread_word(waiting, chunks.next().unwrap_or_default());
    }
}

/// Up to 64 entries: entry `i` of `out` is bit `i` of `bits`, eight entries a store.
fn spread_word(bits: u64, out: &mut [i8]) {
    let whole = out.len() / 8 * 8;
    let mut eights = out.chunks_exact_mut(8);
    for (k, eight) in (&mut eights).enumerate() {
        eight.copy_from_slice(&entries(bits >> (8 * k)));
    }
    let tail = eights.into_remainder();
    if !tail.is_empty() {
        tail.copy_from_slice(&entries(bits >> whole)[..tail.len()]);
    }
}

/// The low eight bits of `bits` as eight entries of 0 or 1, bit `i` to entry `i`: each
/// round moves the upper half of every group to the next wider lane (shifts and masks
/// only, which the compiler may run on vector registers, where a multiply would not fit).
fn entries(bits: u64) -> [i8; 8] {
    let x = bits & 0xff;
    let x = (x | x << 28) & 0x0000_000f_0000_000f;
    let x = (x | x << 14) & 0x0003_0003_0003_0003;
    let x = (x | x << 7) & 0x0101_0101_0101_0101;
    x.to_le_bytes().map(|b| b as i8)
}

#[cfg(test)]
mod tests {
    use super::*;
    use match3_core::Variant;
    use match3_core::detect::LineRuns;
    use match3_core::topology::Diagonals;

    /// The mask sets exactly the legal swaps' actions, over many deals of boards whose
    /// blocks fit in one word (up to 64 cells, rows of 8 entries or not) and of wide
    /// ones (rows of 8 entries and a remainder, up to the widest).
    #[test]
    fn masks_match_the_legal_moves() {
        use match3_core::{GameConfig, NoTrace, Size};
        let small = [(8, 8), (7, 7), (6, 8), (3, 5), (2, 32), (16, 4)];
        let lines = match3_app::Registry::builtin()
            .get("lines")
            .unwrap()
            .clone();
        for (rows, cols) in small.into_iter().chain([(9, 19), (5, 32), (32, 9)]) {
            for seed in 0..20 {
                let config = GameConfig {
                    size: Size::new(rows, cols).unwrap(),
                    colors: 4,
                    seed,
                    blocker_percent: 10,
                };
                // Positions along a game with specials, to its end or ten moves.
                let mut game = Game::new(lines.rules(), config).unwrap();
                let actions = Actions::new(game.rules(), rows, cols);
                for turn in 0..10 {
                    let mut mask = vec![7; actions.count()];
                    actions.mask(&game, &mut Vec::new(), &mut mask);
                    let mut from_moves = vec![0; actions.count()];
                    for mv in game.legal_moves() {
                        from_moves[actions.encode(mv).expect("a swap has an action")] = 1;
                    }
                    assert_eq!(mask, from_moves, "{rows}x{cols}, seed {seed}, turn {turn}");
                    let Some(mv) = game.pick_legal_move(|n| turn % n) else {
                        break;
                    };
                    game.play_with(mv, &mut NoTrace).unwrap();
                }
            }
        }
    }

    /// Each bit lands in its own byte, in order.
    #[test]
    fn entries_spread_every_bit() {
        for bits in 0..=u8::MAX {
            let bytes = entries(u64::from(bits) | 0xff00);
            for (i, &b) in bytes.iter().enumerate() {
                assert_eq!(b as u8, bits >> i & 1, "bits {bits:08b}, byte {i}");
            }
        }
    }

    /// Every legal move's action is set in the mask, decodes back to it, and nothing
    /// else is set: side-by-side and corner-to-corner swaps.
    #[test]
    fn diagonal_swaps_have_their_blocks() {
        let rules = Variant::new("corners", LineRuns::new(3)).with_topology(Diagonals);
        let game = Game::from_board(rules, "AAB/CAD/DCE/BDA".parse().unwrap(), 1).unwrap();
        let actions = Actions::new(game.rules(), 4, 3);
        // Right 4×2, down 3×3, down-right 3×2, down-left 3×2.
        assert_eq!(actions.count(), 8 + 9 + 6 + 6);
        let mut mask = vec![0; actions.count()];
        actions.mask(&game, &mut Vec::new(), &mut mask);
        let legal = game.legal_moves();
        assert!(
            legal
                .iter()
                .any(|m| matches!(m, Move::Swap(a, b) if a.col != b.col && a.row != b.row))
        );
        let mut from_moves = vec![0; actions.count()];
        for &mv in &legal {
            let a = actions.encode(mv).expect("every legal move has an action");
            assert_eq!(actions.decode(a), Some(mv));
            from_moves[a] = 1;
        }
        assert_eq!(mask, from_moves);
        for a in 0..actions.count() {
            let mv = actions.decode(a).expect("every action is a swap");
            assert_eq!(actions.encode(mv), Some(a), "{mv}");
        }
        assert_eq!(actions.decode(actions.count()), None);
        // The down-left block starts at (0, 1) ↔ (1, 0).
        assert_eq!(
            actions.decode(8 + 9 + 6),
            Some(Move::Swap(Pos::new(0, 1), Pos::new(1, 0)))
        );
    }
}
