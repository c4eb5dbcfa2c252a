//! New pieces: the drop game's next piece and the refill of every hole, from the level's
//! or the rules' refill policy.

use crate::bits::set_bits;
use crate::board::Board;
use crate::error::PartName;
use crate::level::Level;
use crate::piece::Piece;
use crate::pos::Pos;
use crate::progress::Counts;
use crate::refill::{Blind, Refill, SpawnSite, recolor_to_avoid_matches};
use crate::rules::Rules;
use crate::trace::Sink;

use super::Snapshot;

/// From this chain index on, refills are *calm*, so that a cascade must settle:
///
/// - while gravity has left a match on the board, the holes wait: the next phase clears
///   that match with no new pieces, so these phases only ever remove pieces;
/// - once nothing matches, every hole is filled (bottom row first) with a plain piece of
///   the first colour, starting from its random draw and going round the palette, that
///   does not put it in a match; its random colour only when every colour would.
///
/// With a palette large enough that some colour always fits (4 colours for runs of three
/// and for clusters of three; each new piece has at most three filled neighbours), the
/// turn then ends after at most one phase per piece on the board, well inside
/// [`PHASE_LIMIT`](crate::PHASE_LIMIT). Earlier phases refill uniformly at random, so
/// ordinary games, whose cascades are far shorter, are unaffected.
pub const CALM_REFILL_AFTER: u32 = 50;

impl Snapshot {
    /// Deals the drop game's next piece from the level's or the rules' refill policy.
    pub(crate) fn deal_next_piece<R: Rules + ?Sized>(&mut self, rules: &R, level: &Level) {
        self.stage = PartName::Refill;
        let counts = Counts::new(level, &self.tally, 0);
        let mut site = SpawnSite {
            board: &mut self.board,
            pos: None,
            counts,
            colors: self.colors,
            rng: &mut self.rng,
            state: &mut self.refill_state,
            in_match: &|board: &Board, pos: Pos| rules.in_match(board, pos),
        };
        self.next_piece = Some(spawn_at(rules, level, &mut site, false));
    }

    /// Fills every empty cell from the rules' refill policy: row-major, or, when `calm`,
    /// with pieces that are not in a match when placed (see [`CALM_REFILL_AFTER`]): the
    /// policy's piece, recoloured round the palette when it would match. Calm cells are
    /// filled bottom row first: gravity left the holes at the top of their columns, so
    /// each new piece has at most three filled neighbours to avoid.
    pub(super) fn refill<R: Rules + ?Sized, S: Sink>(
        &mut self,
        rules: &R,
        level: &Level,
        chain: u32,
        calm: bool,
        sink: &mut S,
    ) {
        let (rows, cols) = (self.board.rows(), self.board.cols());
        // Read before filling: filling a row changes no other row.
        let empties = empties(&self.board);
        if let (Empties::Packed(holes), false) = (&empties, calm)
            && let Some(blind) = blind_policy(rules, level)
        {
            self.refill_blind(*holes, blind, sink);
            return;
        }
        // One site for every hole: only its position changes.
        let counts = Counts::new(level, &self.tally, chain);
        let mut site = SpawnSite {
            board: &mut self.board,
            pos: None,
            counts,
            colors: self.colors,
            rng: &mut self.rng,
            state: &mut self.refill_state,
            in_match: &|board: &Board, pos: Pos| rules.in_match(board, pos),
        };
        let next_id = &mut self.next_id;
        let mut fill = |site: &mut SpawnSite<'_>, pos: Pos| {
            site.pos = Some(pos);
            let piece = spawn_at(rules, level, site, calm);
            let id = *next_id;
            *next_id += 1;
            site.board.put_new(pos, piece, id);
            sink.spawn(id, pos, piece);
        };
        if let (&Empties::Packed(bits), false) = (&empties, calm) {
            for (pos, _) in packed_cells(bits, cols) {
                fill(&mut site, pos);
            }
            return;
        }
        // Row by row over the board's rows only: a set's iterator would walk all 32.
        for i in 0..rows {
            let r = if calm { rows - 1 - i } else { i };
            let mut bits = empties.row(r, cols);
            while bits != 0 {
                let pos = Pos::new(r as u8, bits.trailing_zeros() as u8);
                bits &= bits - 1;
                fill(&mut site, pos);
            }
        }
    }
}

impl Snapshot {
    /// [`refill`](Snapshot::refill) of the packed `holes` of a small plain board from a
    /// blind policy: the pieces it draws from the generator alone, in the same row-major
    /// order, without asking the rules through a site hole by hole.
    fn refill_blind<S: Sink>(&mut self, holes: u64, blind: Blind<'_>, sink: &mut S) {
        let cells = packed_cells(holes, self.board.cols());
        let rng = (self.rng.clone(), self.colors);
        self.rng = blind.draw_each(rng, cells, |(pos, idx), piece| {
            let id = self.mint();
            // The packed bit's index is the cell's.
            self.board.put_new_at((pos, idx), piece, id);
            sink.spawn(id, pos, piece);
        });
    }
}

/// The level's or the rules' refill policy when it is blind ([`Refill::blind`]).
#[inline]
pub(super) fn blind_policy<'a, R: Rules + ?Sized>(
    rules: &'a R,
    level: &'a Level,
) -> Option<Blind<'a>> {
    match &level.spawn {
        Some(policy) => policy.blind(),
        None => rules.blind_refill(),
    }
}

/// A new piece for `site` from the level's or the rules' refill policy. A `calm` piece
/// is recoloured round the palette when it would land in a match (see
/// [`CALM_REFILL_AFTER`]).
#[inline]
fn spawn_at<R: Rules + ?Sized>(
    rules: &R,
    level: &Level,
    site: &mut SpawnSite<'_>,
    calm: bool,
) -> Piece {
    let piece = match &level.spawn {
        Some(policy) => policy.spawn(site, &mut ()),
        None => rules.spawn(site),
    };
    if calm {
        recolor_to_avoid_matches(site, piece)
    } else {
        piece
    }
}

/// The empty cells of a board (holes are not cells), those under fixed cells included.
enum Empties {
    /// A board of at most 64 cells: one word, bit `row * cols + col`, holes and crates
    /// left out (jelly and locks are layers, which leave a cell empty or not).
    Packed(u64),
    /// Any other board: one word per row.
    Rows([u32; crate::pos::MAX_SIDE]),
}

impl Empties {
    /// Row `r`'s empty cells, bit `col`.
    #[inline]
    fn row(&self, r: usize, cols: usize) -> u32 {
        match self {
            Empties::Packed(bits) => (bits >> (r * cols)) as u32 & (u32::MAX >> (32 - cols)),
            Empties::Rows(rows) => rows[r],
        }
    }
}

/// `board`'s empty cells, packed when one word holds them.
fn empties(board: &Board) -> Empties {
    if let Some(bits) = board.packed_empties() {
        return Empties::Packed(bits);
    }
    let full = u32::MAX >> (32 - board.cols());
    // Rows past the board are zeros, and stay so: the holes' rows stop the walk there.
    let mut empties = board.occupied_rows();
    for (e, &h) in empties.iter_mut().zip(board.hole_rows()) {
        *e = full & !(*e | h);
    }
    if board.has_obstacles() {
        for (e, &c) in empties.iter_mut().zip(board.crate_rows()) {
            *e &= !c;
        }
    }
    Empties::Rows(empties)
}

/// The cells of the packed word `bits` of a board `cols` wide, each with its index, in
/// index (row-major) order: one walk over the word, with no loop per row (whose exits
/// depend on where the cells are) and no division for the row.
#[inline]
pub(super) fn packed_cells(bits: u64, cols: usize) -> impl Iterator<Item = (Pos, usize)> {
    let per_row = per_row(cols);
    set_bits(bits).map(move |i| {
        let r = (i * per_row) >> 16;
        (Pos::new(r as u8, (i - r * cols) as u8), i)
    })
}

/// The multiplier that divides a packed index by `cols` (`(index * per_row(cols)) >> 16`):
/// exact for indices below 64 and at most 32 columns, since the error stays below
/// 64 / 2^16, under the 1 / cols a floor needs.
fn per_row(cols: usize) -> usize {
    (1usize << 16).div_ceil(cols)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    /// Runs of three that refill.
    const THREES: crate::Variant<
        crate::detect::LineRuns,
        crate::specials::NoSpecials,
        crate::refill::Uniform,
    > = crate::Variant::assemble(
        "threes",
        crate::detect::LineRuns::new(3),
        crate::specials::NoSpecials,
        crate::refill::Uniform,
        crate::scoring::OnePerCell,
        crate::moveset::Swaps,
        crate::generate::Stable,
    );

    /// Records where pieces spawn, in order.
    #[derive(Default)]
    struct Spawns(Vec<Pos>);
    impl Sink for Spawns {
        fn spawn(&mut self, _id: u32, pos: Pos, _piece: Piece) {
            self.0.push(pos);
        }
    }

    fn spawn_order(calm: bool) -> Vec<Pos> {
        let game =
            Game::from_board(THREES, "..A/.BC/ACB".parse().expect("board"), 3).expect("game");
        let mut state = game.snapshot();
        let mut spawns = Spawns::default();
        state.refill(&THREES, &Level::default(), 60, calm, &mut spawns);
        assert_eq!(state.board.piece_count(), 9, "every hole filled");
        spawns.0
    }

    #[test]
    fn packed_indices_divide_by_the_columns_exactly() {
        for cols in 1..=32 {
            for idx in 0..64 {
                assert_eq!((idx * per_row(cols)) >> 16, idx / cols, "{idx} / {cols}");
            }
        }
    }

    #[test]
    fn refills_go_row_major_and_calm_refills_bottom_row_first() {
        let (a, b, c) = (Pos::new(0, 0), Pos::new(0, 1), Pos::new(1, 0));
        assert_eq!(spawn_order(false), [a, b, c]);
        // Bottom first, so each calm piece has at most three filled neighbours.
        assert_eq!(spawn_order(true), [c, a, b]);
    }
}
