//! [`PlaneRule`]: detection written for one colour's bit plane, and [`Planes`], which
//! derives every fast answer from it.

use std::marker::PhantomData;

use crate::board::Board;
use crate::cellset::CellSet;
use crate::moves::SwapMasks;
use crate::piece::MAX_COLORS;
use crate::planes::{Field, FoundSwaps, FromPlane, OnPacked, OnPlanes, PackedCells, PlaneView};
use crate::pos::Pos;

use super::detection::Detect;
use super::plane_batch;

/// A detection rule for one colour at a time, written over bit planes: given the plane of
/// one colour's pieces (specials of that colour included; empties, blockers, holes,
/// crates and colourless pieces are in no colour's plane), which of them match. Most
/// shapes are such a rule: runs, squares, clusters, diagonals, bent groups.
///
/// Wrapped in [`Planes`], it is a [`Detect`] whose every answer the engine derives on the
/// planes: a swap only changes the planes of the two swapped colours, and no board is
/// copied. The rule runs on whichever layout the board keeps (one `u64` on boards of at
/// most 64 cells, a word per row above that).
///
/// # Legal swaps in bulk
///
/// On boards of at most 64 cells the legal swaps are derived in bulk: per colour, the
/// swaps that move it along a row, and along a column, are gathered into batches too far
/// apart to see each other's moves, the rule runs once per batch rather than once per
/// swap, and two batches share one evaluation (the pair of planes goes through the rule
/// as one 128-bit value; a rule that branches differently on the two is re-run on each
/// alone, so any rule gets exact answers). A rule that declares its
/// [`reach`](PlaneRule::reach) gets batches of many swaps (diagonal runs of three cost
/// 2.44 times the stock lines per random move, against 4.8 times one swap at a time);
/// without a reach each batch is one swap. On bigger boards each candidate swap costs up
/// to two evaluations of the rule on a plane with two bits moved: the same answers,
/// slower.
pub trait PlaneRule {
    /// The cells of `plane` (one colour's pieces) that match.
    fn matched<F: Field>(&self, f: &F, plane: F::P) -> F::P;

    /// How far a cell's fate looks: `Some(r)` promises that whether a cell is in
    /// [`matched`](PlaneRule::matched) depends only on the plane's cells at most `r` rows
    /// and `r` columns away from it (runs of three in any direction: `Some(2)`; 2×2
    /// squares: `Some(1)`). Rules whose groups grow without bound (clusters flooded
    /// through the plane) have no reach: leave the default `None`, which is always
    /// correct. A reach too small gives wrong legal swaps, which the shared suite
    /// (`match3-testkit`) reports; a reach too big only costs speed.
    fn reach(&self) -> Option<u32> {
        None
    }
}

/// A [`PlaneRule`] as a detection, with every answer derived on the planes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Planes<T>(pub T);

impl<T: PlaneRule> Detect for Planes<T> {
    fn find_matches(&self, board: &Board) -> CellSet {
        all_matched(&self.0, PlaneView::of(board))
    }

    fn in_match(&self, board: &Board, pos: Pos) -> Option<bool> {
        Some(board.color_at(pos).is_some_and(|color| {
            PlaneView::of(board).visit(Candidates {
                rule: &self.0,
                board,
                ask: Ask::InMatch(pos, color.index()),
            }) == Found::Yes
        }))
    }

    fn swap_matches(&self, board: &Board, a: Pos, b: Pos) -> Option<bool> {
        let ask = Ask::Swap(a, b);
        let found = PlaneView::of(board).visit(Candidates {
            rule: &self.0,
            board,
            ask,
        });
        Some(found == Found::Yes)
    }

    fn match_swaps(&self, board: &Board) -> Option<FoundSwaps> {
        if let Some(found) = packed::swaps(&self.0, board, false) {
            return Some(found.1);
        }
        let found = PlaneView::of(board).visit(Candidates {
            rule: &self.0,
            board,
            ask: Ask::All,
        });
        match found {
            Found::Swaps(swaps) => Some(swaps),
            _ => None,
        }
    }

    fn any_match_swap(&self, board: &Board) -> Option<bool> {
        if let Some((any, _)) = packed::swaps(&self.0, board, true) {
            return Some(any);
        }
        let found = PlaneView::of(board).visit(Candidates {
            rule: &self.0,
            board,
            ask: Ask::Any,
        });
        Some(found == Found::Yes)
    }

    fn on_planes(&self, view: PlaneView<'_>) -> Option<CellSet> {
        Some(all_matched(&self.0, view))
    }

    fn on_planes_packed(&self, view: PlaneView<'_>) -> Option<PackedCells> {
        view.visit_packed(PackedMatched(&self.0, PhantomData))?
    }

    fn stays_on_board(&self) -> bool {
        true
    }
}

/// Swaps judged on a board of at most 64 cells: every plane one word, cells by index.
mod packed {
    use super::super::plane_batch::{Batches, Keep, Shape, all_matched};
    use super::PlaneRule;
    use crate::board::Board;
    use crate::planes::{Field, FoundSwaps, OnPacked};

    /// Every legal swap (or, with `first`, whether there is one, stopping at it) on a board
    /// of at most 64 cells: `None` on a bigger one.
    pub(super) fn swaps<T: PlaneRule>(
        rule: &T,
        board: &Board,
        first: bool,
    ) -> Option<(bool, FoundSwaps)> {
        let visit = Swaps { rule, board, first };
        crate::planes::PlaneView::of(board).visit_packed(visit)
    }

    /// [`swaps`] on the packed planes.
    struct Swaps<'a, T> {
        rule: &'a T,
        board: &'a Board,
        first: bool,
    }

    impl<T: PlaneRule> OnPacked for Swaps<'_, T> {
        type Output = (bool, FoundSwaps);
        fn run<F: Field<P = u64>>(self, f: &F, colors: &[u64], pieces: u64) -> Self::Output {
            let (rule, board, first) = (self.rule, self.board, self.first);
            let shape = Shape::new(board.rows() as u32, board.cols() as u32);
            let mut built = None;
            let keep = shape.keep(rule.reach(), &mut built);
            let [right, down] = bulk(rule, f, keep, (colors, pieces), first);
            (right | down != 0, FoundSwaps::new(f, right, down))
        }
    }

    /// The legal swaps with the right and with the lower neighbour, keyed by the left or
    /// upper cell's bit, with the conflict tables `keep` of the rule's reach: the swaps
    /// of two colours in batches (see [`Batches`]), the pairs of one colour from the
    /// standing matches. With `first`, possibly only some, as soon as one is found.
    pub(super) fn bulk<F: Field<P = u64>, T: PlaneRule>(
        rule: &T,
        f: &F,
        keep: &Keep,
        (colors, pieces): (&[u64], u64),
        first: bool,
    ) -> [u64; 2] {
        let mut keyed = Batches::new(rule, f, keep, first).moved_in(colors, pieces);
        if first && keyed != [0, 0] {
            return keyed;
        }
        // Pairs of one colour swap nothing: legal only where a match already passes.
        let same = colors.iter().fold([0u64; 2], |[r, d], &p| {
            [r | (p & f.right(p, 1)), d | (p & f.below(p, 1))]
        });
        if same != [0, 0] {
            let standing = all_matched(rule, f, colors);
            keyed[0] |= same[0] & (standing | f.right(standing, 1));
            keyed[1] |= same[1] & (standing | f.below(standing, 1));
        }
        keyed
    }
}

/// Every colour's matched cells in `view`: two colours per evaluation on packed planes.
fn all_matched<T: PlaneRule>(rule: &T, view: PlaneView<'_>) -> CellSet {
    match view.visit_packed(PackedMatched(rule, PhantomData)) {
        Some(set) => set,
        None => view.visit(AllMatched(rule)),
    }
}

/// Every colour's matched cells on packed planes, as a set or packed (`O`).
struct PackedMatched<'r, T, O>(&'r T, PhantomData<O>);

impl<T: PlaneRule, O: FromPlane> OnPacked for PackedMatched<'_, T, O> {
    type Output = O;
    fn run<F: Field<P = u64>>(self, f: &F, colors: &[u64], _: u64) -> O {
        O::from_plane(f, plane_batch::all_matched(self.0, f, colors))
    }
}

/// Every colour's matched cells, as a set.
struct AllMatched<'r, T>(&'r T);

impl<T: PlaneRule> OnPlanes for AllMatched<'_, T> {
    type Output = CellSet;
    fn run<F: Field>(self, f: &F, colors: impl Iterator<Item = F::P> + Clone, _: F::P) -> CellSet {
        let all = colors.fold(f.zero(), |acc, plane| {
            if f.is_zero(plane) {
                acc
            } else {
                // Only the plane's own cells: a rule's stray bits never leave the board.
                acc | (self.0.matched(f, plane) & plane)
            }
        });
        f.cells_of(all)
    }
}

/// What [`Candidates`] is asked.
#[derive(Clone, Copy)]
enum Ask {
    /// Is this cell (of this colour index) in a match?
    InMatch(Pos, u8),
    /// Does this swap make a match?
    Swap(Pos, Pos),
    /// Every swap that makes one.
    All,
    /// Whether any swap makes one.
    Any,
}

/// What [`Candidates`] found.
#[derive(PartialEq)]
#[allow(clippy::large_enum_variant)] // returned by value and taken apart at once
enum Found {
    Yes,
    No,
    Swaps(FoundSwaps),
}

/// Swaps judged on the planes: each candidate moves two bits in the planes of the two
/// swapped colours and asks the rule about those two planes only.
struct Candidates<'a, T> {
    rule: &'a T,
    board: &'a Board,
    ask: Ask,
}

impl<T: PlaneRule> OnPlanes for Candidates<'_, T> {
    type Output = Found;
    fn run<F: Field>(
        self,
        f: &F,
        colors: impl Iterator<Item = F::P> + Clone,
        pieces: F::P,
    ) -> Found {
        let mut planes = [f.zero(); MAX_COLORS as usize];
        for (slot, plane) in planes.iter_mut().zip(colors) {
            *slot = plane;
        }
        let judge = Judge {
            f,
            rule: self.rule,
            board: self.board,
            planes: &planes,
            matched: std::cell::OnceCell::new(),
        };
        match self.ask {
            Ask::InMatch(pos, color) => {
                let plane = planes[usize::from(color)];
                yes(f.contains(self.rule.matched(f, plane), pos))
            }
            Ask::Swap(a, b) => yes(judge.swap(a, b)),
            Ask::All => Found::Swaps(judge.all(pieces)),
            Ask::Any => yes(judge.any(pieces)),
        }
    }
}

fn yes(found: bool) -> Found {
    if found { Found::Yes } else { Found::No }
}

/// The colour planes of one board, and a rule to judge swaps on them.
struct Judge<'a, F: Field, T> {
    f: &'a F,
    rule: &'a T,
    board: &'a Board,
    planes: &'a [F::P; MAX_COLORS as usize],
    /// Every colour's matched cells on the board as it is, worked out when a pair of one
    /// colour needs them (their swap changes no plane).
    matched: std::cell::OnceCell<F::P>,
}

impl<F: Field, T: PlaneRule> Judge<'_, F, T> {
    /// Whether swapping the pieces at `a` and `b` puts one of them in a match.
    fn swap(&self, a: Pos, b: Pos) -> bool {
        let (f, board) = (self.f, self.board);
        let (ca, cb) = (board.color_at(a), board.color_at(b));
        if ca == cb {
            // The planes do not change: legal only where a match already passes.
            let matched = *self.matched.get_or_init(|| {
                (self.planes.iter()).fold(f.zero(), |acc, &p| {
                    if f.is_zero(p) {
                        acc
                    } else {
                        acc | self.rule.matched(f, p)
                    }
                })
            });
            return f.contains(matched, a) || f.contains(matched, b);
        }
        let moved = f.single(a) | f.single(b);
        // The piece from `a` lands on `b`, and the piece from `b` on `a`.
        let lands = |color: Option<crate::piece::Color>, on: Pos| {
            color.is_some_and(|c| {
                let plane = self.planes[usize::from(c.index())] ^ moved;
                f.contains(self.rule.matched(f, plane), on)
            })
        };
        lands(ca, b) || lands(cb, a)
    }

    /// The pairs of side-by-side pieces: keyed by the left cell, and by the upper one.
    fn pairs(&self, pieces: F::P) -> (CellSet, CellSet) {
        let f = self.f;
        let right = pieces & f.right(pieces, 1);
        let down = pieces & f.below(pieces, 1);
        (f.cells_of(right), f.cells_of(down))
    }

    /// Every legal swap.
    fn all(&self, pieces: F::P) -> FoundSwaps {
        let (right, down) = self.pairs(pieces);
        let mut masks = SwapMasks::default();
        for a in &right {
            if self.swap(a, Pos::new(a.row, a.col + 1)) {
                masks.right.insert(a);
            }
        }
        for a in &down {
            if self.swap(a, Pos::new(a.row + 1, a.col)) {
                masks.down.insert(a);
            }
        }
        FoundSwaps::of_masks(masks, self.board.size())
    }

    /// Whether any swap is legal, stopping at the first.
    fn any(&self, pieces: F::P) -> bool {
        let (right, down) = self.pairs(pieces);
        right
            .iter()
            .any(|a| self.swap(a, Pos::new(a.row, a.col + 1)))
            || down
                .iter()
                .any(|a| self.swap(a, Pos::new(a.row + 1, a.col)))
    }
}

#[cfg(test)]
mod tests {
    use super::PlaneRule;
    use super::packed::bulk;
    use crate::board::Board;
    use crate::detect::plane_batch::Shape;
    use crate::piece::Color;
    use crate::planes::{self, Eight, Field};
    use crate::pos::Pos;

    /// Runs of three across, down and on both diagonals.
    struct Diagonal(Option<u32>);

    impl PlaneRule for Diagonal {
        fn matched<F: Field>(&self, f: &F, m: F::P) -> F::P {
            let dr = |x| f.right(f.below(x, 1), 1);
            let ul = |x| f.left(f.above(x, 1), 1);
            let dl = |x| f.left(f.below(x, 1), 1);
            let ur = |x| f.right(f.above(x, 1), 1);
            let (h, v) = planes::runs3(f, m);
            let s = m & dr(m) & dr(dr(m));
            let t = m & dl(m) & dl(dl(m));
            h | v | s | ul(s) | ul(ul(s)) | t | ur(t) | ur(ur(t))
        }
        fn reach(&self) -> Option<u32> {
            self.0
        }
    }

    /// Runs of exactly four across (five or more do not match): not monotone, reach 4.
    struct ExactlyFour;

    impl PlaneRule for ExactlyFour {
        fn matched<F: Field>(&self, f: &F, m: F::P) -> F::P {
            let four = m & f.right(m, 1) & f.right(m, 2) & f.right(m, 3);
            let starts = four & !f.left(m, 1) & !f.right(f.right(m, 3), 1);
            starts | f.left(starts, 1) | f.left(starts, 2) | f.left(starts, 3)
        }
        fn reach(&self) -> Option<u32> {
            Some(4)
        }
    }

    /// A board of `rows` × `cols` from `next`, biased towards matches: a few colours,
    /// some empty cells, blockers and colourless pieces.
    fn board(rows: usize, cols: usize, colors: u64, next: &mut impl FnMut(u64) -> u64) -> Board {
        let text: Vec<String> = (0..rows)
            .map(|_| {
                (0..cols)
                    .map(|_| match next(24) {
                        0 => '.',
                        1 => '#',
                        _ => (b'A' + next(colors) as u8) as char,
                    })
                    .collect()
            })
            .collect();
        text.join("/").parse().expect("valid notation")
    }

    /// Every legal swap of `board`, judged one pair at a time straight from the rule: a
    /// pair of one colour where a standing match passes, else a pair whose swap puts a
    /// piece in a match where it lands.
    fn each<T: PlaneRule>(rule: &T, board: &Board, first: bool) -> [u64; 2] {
        let g = board.geometry().expect("at most 64 cells");
        let (colors, pieces) = (
            board.packed_colors().unwrap(),
            board.packed_pieces().unwrap(),
        );
        let standing = colors.iter().fold(0, |acc, &p| acc | rule.matched(g, p));
        let bit = |pos: Pos| 1u64 << (u32::from(pos.row) * g.cols + u32::from(pos.col));
        let lands = |color: Option<Color>, from: Pos, to: Pos| {
            color.is_some_and(|c| {
                let moved = colors[usize::from(c.index())] ^ bit(from) ^ bit(to);
                rule.matched(g, moved) & bit(to) != 0
            })
        };
        let mut keyed = [0u64; 2];
        for a in board.size().positions() {
            for (dir, b) in [
                (0, Pos::new(a.row, a.col + 1)),
                (1, Pos::new(a.row + 1, a.col)),
            ] {
                if !board.size().contains(b) || pieces & bit(a) == 0 || pieces & bit(b) == 0 {
                    continue;
                }
                let (ca, cb) = (board.color_at(a), board.color_at(b));
                let legal = if ca == cb {
                    ca.is_some() && standing & (bit(a) | bit(b)) != 0
                } else {
                    lands(ca, a, b) || lands(cb, b, a)
                };
                if legal {
                    keyed[dir] |= bit(a);
                    if first {
                        return keyed;
                    }
                }
            }
        }
        keyed
    }

    /// The bulk derivation and the one-at-a-time one, on one board: `(bulk, each)`, as
    /// full answers and as "any swap?".
    fn both<T: PlaneRule>(rule: &T, board: &Board) -> ([u64; 2], [u64; 2], bool, bool) {
        let g = board.geometry().expect("at most 64 cells");
        let planes = (
            board.packed_colors().unwrap(),
            board.packed_pieces().unwrap(),
        );
        let mut built = None;
        let keep = Shape::new(g.rows, g.cols).keep(rule.reach(), &mut built);
        let (bulk_all, bulk_any) = if (g.rows, g.cols) == (8, 8) {
            let any = bulk(rule, &Eight::<8>, keep, planes, true);
            (bulk(rule, &Eight::<8>, keep, planes, false), any)
        } else {
            (
                bulk(rule, g, keep, planes, false),
                bulk(rule, g, keep, planes, true),
            )
        };
        let (each_all, each_any) = (each(rule, board, false), each(rule, board, true));
        (bulk_all, each_all, bulk_any != [0, 0], each_any != [0, 0])
    }

    /// How many of `cases` boards per shape the two derivations disagree on.
    fn disagreements<T: PlaneRule>(rule: &T, cases: usize) -> usize {
        let mut next = crate::test_draws::draws_below(0x9e37_79b9_7f4a_7c15u64);
        let shapes = [
            (8, 8),
            (5, 7),
            (7, 9),
            (3, 10),
            (1, 12),
            (12, 1),
            (2, 2),
            (4, 16),
        ];
        let mut wrong = 0;
        for (rows, cols) in shapes {
            for case in 0..cases {
                let colors = [2, 3, 4, 6][case % 4];
                let board = board(rows, cols, colors, &mut next);
                let (bulk_all, each_all, bulk_any, each_any) = both(rule, &board);
                if bulk_all != each_all || bulk_any != each_any {
                    wrong += 1;
                }
                assert_eq!(each_any, each_all != [0, 0], "{board}");
            }
        }
        wrong
    }

    /// Legal swaps derived in batches are exactly those judged one swap at a time, for
    /// rules of several reaches (one not monotone) and one without a reach (a swap per
    /// batch), on biased boards of many shapes.
    #[test]
    fn bulk_swaps_agree_with_one_at_a_time() {
        assert_eq!(disagreements(&Diagonal(Some(2)), 300), 0);
        assert_eq!(disagreements(&Diagonal(None), 50), 0);
        assert_eq!(disagreements(&Diagonal(Some(5)), 100), 0);
        assert_eq!(disagreements(&Diagonal(Some(u32::MAX)), 20), 0);
        assert_eq!(disagreements(&ExactlyFour, 300), 0);
    }

    /// The comparison can fail: a rule that understates its reach packs candidates that
    /// see each other's moves, and the batches then answer wrongly on some boards.
    #[test]
    fn an_understated_reach_is_caught() {
        assert!(disagreements(&Diagonal(Some(1)), 300) > 0);
    }
}
