//! Which special a phase's matches create, and where.
//!
//! The matched cells split into *groups*: 4-connected components of matched cells of one
//! colour. Each group makes at most one special, the highest rule winning:
//!
//! 1. a straight run of 5 or more → colour bomb;
//! 2. a cell in both a horizontal and a vertical run (L, T, cross, blob) → wrapped;
//! 3. a run of exactly 4 → striped, clearing the line perpendicular to the run
//!    (a horizontal run gives `|`, a vertical one `-`).
//!
//! The special appears on the cell the move put a piece on, when that cell is in the group
//! (the swap's destination first, then its origin). Otherwise, for a wrapped piece, on the
//! group's first intersection cell in row-major order; for a run-made special, on the
//! run's cell at index `(len - 1) / 2` from its top or left end (the left/upper middle).
//! When a group has several deciding runs, the first in row-major order of its first cell
//! (horizontal before vertical) decides.

#[cfg(test)]
use match3_core::MAX_SIDE;
use match3_core::planes::{self, Field, OnPlanes, PlaneView};
use match3_core::specials::{CreateOnPlanes, Kinds, Specials};
use match3_core::{Board, CellSet, Color, Piece, Pos, runs::Runs};

use crate::MIN_RUN;
use crate::specials::{self, Axis};

/// A maximal straight run inside a group.
#[derive(Clone, Copy, Debug)]
struct Run {
    start: Pos,
    len: u8,
    horizontal: bool,
}

impl Run {
    fn cell(self, i: u8) -> Pos {
        if self.horizontal {
            Pos::new(self.start.row, self.start.col + i)
        } else {
            Pos::new(self.start.row + i, self.start.col)
        }
    }

    fn middle(self) -> Pos {
        self.cell((self.len - 1) / 2)
    }
}

/// Whether `cells` has at most three cells (too few for any special).
pub fn fewer_than_four(cells: &CellSet) -> bool {
    cells.len() < 4
}

/// A cheap pre-check on a board's planes: whether any group can make a special at all
/// (a cell in both a horizontal and a vertical run of three, or four cells of such runs
/// in a line). Most phases are plain runs of three and skip grouping.
pub fn may_create(view: PlaneView<'_>) -> bool {
    const { assert!(MIN_RUN == 3, "the planes' runs are runs of three") };
    view.visit(MayCreate)
}

/// [`may_create`] on the planes.
struct MayCreate;

impl OnPlanes for MayCreate {
    type Output = bool;
    fn run<F: Field>(self, f: &F, colors: impl Iterator<Item = F::P> + Clone, _: F::P) -> bool {
        let (h, v) = planes::all_runs3(f, &planes::ColorCodes::new(f, colors));
        let four_across = h & f.right(h, 1) & f.right(h, 2) & f.right(h, 3);
        let four_down = v & f.below(v, 1) & f.below(v, 2) & f.below(v, 3);
        !f.is_zero((h & v) | four_across | four_down)
    }
}

/// The part of [`LineSpecials`](crate::LineSpecials) that creates the line specials,
/// by the rules at the top of this module. It declares no kind of its own: the pieces it
/// makes are [`Striped`](crate::specials::Striped), [`Wrapped`](crate::specials::Wrapped)
/// and [`ColorBomb`](crate::specials::ColorBomb)'s.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct LineShapes;

impl Specials for LineShapes {
    const KINDS: &'static Kinds = &Kinds::EMPTY;

    fn create(&self, site: &mut match3_core::specials::Create<'_>) {
        let matches = *site.matches();
        let view = PlaneView::of(matches.board());
        if worth_grouping(view, fewer_than_four(matches.cells())) {
            self.shapes(view, matches.cells(), site.moved(), site);
        }
    }

    fn may_create_on_planes(&self, view: PlaneView<'_>, matched: &CellSet) -> bool {
        // Every special needs a run of four or two crossing runs (five cells): a phase
        // of at most three matched cells, the common case, skips finding runs. `create`
        // and `create_on_planes` ask the same, so the three never disagree. The engine
        // asks with no match before every look-ahead: an empty set is told fastest.
        !matched.is_empty() && worth_grouping(view, fewer_than_four(matched))
    }

    /// The groups' shapes decide, whatever specials stand elsewhere.
    fn may_create_on_planes_with_specials(&self) -> bool {
        true
    }

    /// The same specials as [`create`](Specials::create), from the same planes.
    fn create_on_planes(&self, site: &mut CreateOnPlanes<'_>) -> bool {
        let view = site.view();
        // The engine's count (from the planes' packed word) is cheaper than the set's,
        // which it makes only when asked for it.
        if worth_grouping(view, site.matched_len() < 4) {
            let (matched, moved) = (site.matched(), site.moved());
            self.shapes(view, matched, moved, site);
        }
        true
    }
}

/// Whether a phase whose matched cells are `few` (fewer than four) or not, on the planes
/// `view`, is worth grouping: the cheap checks of `may_create_on_planes`, which `create`
/// and `create_on_planes` ask first too, so that the three never disagree.
fn worth_grouping(view: PlaneView<'_>, few: bool) -> bool {
    !few && may_create(view)
}

impl LineShapes {
    /// Puts into `out` the specials the `matched` cells make on the planes `view`, for
    /// both `create` and `create_on_planes`.
    fn shapes(
        self,
        view: PlaneView<'_>,
        matched: &CellSet,
        moved: &[Pos],
        out: &mut impl Extend<(Pos, Piece)>,
    ) {
        view.visit(Shapes {
            runs: None,
            matched,
            moved,
            out,
        });
    }
}

/// Puts into `out` the specials the `matched` cells of `board` create.
pub fn create(
    board: &Board,
    runs: &Runs,
    matched: &CellSet,
    moved: &[Pos],
    out: &mut impl Extend<(Pos, Piece)>,
) {
    planes::on_planes(
        board,
        Shapes {
            runs: Some(runs),
            matched,
            moved,
            out,
        },
    );
}

/// [`create`] written once over the board's planes: every group, run and cell set is a
/// plane, and positions are worked out only for the special's cell. The runs are the
/// board's runs of three, found on the planes when not given.
struct Shapes<'a, E> {
    runs: Option<&'a Runs>,
    matched: &'a CellSet,
    moved: &'a [Pos],
    out: &'a mut E,
}

impl<E: Extend<(Pos, Piece)>> OnPlanes for Shapes<'_, E> {
    type Output = ();
    fn run<F: Field>(self, f: &F, colors: impl Iterator<Item = F::P> + Clone, _: F::P) {
        let (horizontal, vertical) = match self.runs {
            Some(runs) => (f.plane_of(&runs.horizontal), f.plane_of(&runs.vertical)),
            None => planes::all_runs3(f, &planes::ColorCodes::new(f, colors.clone())),
        };
        let mut left = f.plane_of(self.matched);
        while !f.is_zero(left) {
            let seed = f.first(left);
            // The seed's colour bounds its group; a colourless seed's group makes nothing.
            let color = colors.clone().position(|plane| !f.is_zero(plane & seed));
            let within = color
                .and_then(|c| colors.clone().nth(c))
                .map_or(left, |p| left & p);
            let group = planes::flood(f, seed, within);
            left = left & !group;
            let Some(color) = color.and_then(|c| Color::new(c as u8)) else {
                continue;
            };
            let (h, v) = (group & horizontal, group & vertical);
            let crossing = group & horizontal & vertical;
            let (long, four) = deciding_runs(f, h, v);
            self.out.extend(special_of(
                color,
                long,
                f.first_pos(crossing),
                four,
                self.moved,
                |m| f.contains(group, m),
            ));
        }
    }
}

/// A group's deciding runs from its cells in horizontal runs (`h`) and vertical runs
/// (`v`): the first maximal run of 5 or more and the first of exactly 4, in row-major
/// order of their first cell, horizontal before vertical.
fn deciding_runs<F: Field>(f: &F, h: F::P, v: F::P) -> (Option<Run>, Option<Run>) {
    // Maximal runs start where the cell before is not in the run; a start with the next
    // three (four) cells in the run begins a run of four (five) or more.
    let h_starts = h & !f.left(h, 1);
    let v_starts = v & !f.above(v, 1);
    let h4 = h_starts & f.right(h, 1) & f.right(h, 2) & f.right(h, 3);
    let v4 = v_starts & f.below(v, 1) & f.below(v, 2) & f.below(v, 3);
    let (h5, v5) = (
        h4 & f.right(f.right(h, 3), 1),
        v4 & f.below(f.below(v, 3), 1),
    );
    // The first start in row-major order decides, horizontal before vertical.
    let first_run = |hs: F::P, vs: F::P| {
        let first = f.first(hs | vs);
        let start = f.first_pos(first)?;
        let horizontal = !f.is_zero(hs & first);
        let (run, step) = if horizontal { (h, 1) } else { (v, 0) };
        // Walk the run from its start: the bit moves one cell right (or down) each step.
        let (mut at, mut len) = (first, 1u8);
        loop {
            at = if step == 1 {
                f.left(at, 1)
            } else {
                f.above(at, 1)
            };
            if f.is_zero(at & run) {
                break;
            }
            len += 1;
        }
        Some(Run {
            start,
            len,
            horizontal,
        })
    };
    // `four` is read only when there is no run of five: then every run that starts four
    // in a row has exactly four.
    (first_run(h5, v5), first_run(h4, v4))
}

/// [`create`] cell set by cell set, on row words: the reference the plane path is held
/// to in the tests.
#[cfg(test)]
fn create_rows(
    board: &Board,
    runs: &Runs,
    matched: &CellSet,
    moved: &[Pos],
    out: &mut Vec<(Pos, Piece)>,
) {
    let rows = board.rows();
    let intersections = runs.intersections();
    let mut left = *matched;
    while let Some(seed) = first_cell(rows, |r| left.row_bits(r)) {
        let group = component(board, &left, seed);
        left.subtract(&group);
        let Some(color) = board.color_at(seed) else {
            continue;
        };
        let (long, four) = deciding_runs_rows(runs, &group, rows);
        let crossing = first_cell(rows, |r| group.row_bits(r) & intersections.row_bits(r));
        out.extend(special_of(color, long, crossing, four, moved, |m| {
            group.contains(m)
        }));
    }
}

/// The special a group of `color` makes and its cell, by the rules at the top of this
/// module, from the group's first run of five or more, first crossing and first run of
/// four (each `None` when it has none); `in_group` says whether a moved cell is in it.
fn special_of(
    color: Color,
    long: Option<Run>,
    crossing: Option<Pos>,
    four: Option<Run>,
    moved: &[Pos],
    in_group: impl Fn(Pos) -> bool,
) -> Option<(Pos, Piece)> {
    let (piece, fallback) = if let Some(run) = long {
        (specials::color_bomb(), run.middle())
    } else if let Some(first) = crossing {
        (specials::wrapped(color), first)
    } else if let Some(run) = four {
        let axis = if run.horizontal { Axis::Col } else { Axis::Row };
        (specials::striped(color, axis), run.middle())
    } else {
        return None;
    };
    let at = moved
        .iter()
        .copied()
        .find(|&m| in_group(m))
        .unwrap_or(fallback);
    Some((at, piece))
}

/// The first cell in row-major order of the rows `bits` gives, looking at the board's
/// `rows` only.
#[cfg(test)]
fn first_cell(rows: usize, bits: impl Fn(usize) -> u32) -> Option<Pos> {
    (0..rows).find_map(|r| {
        let bits = bits(r);
        (bits != 0).then(|| Pos::new(r as u8, bits.trailing_zeros() as u8))
    })
}

/// The 4-connected cells of `seed`'s colour reachable through `cells`, grown over row
/// words (no allocation).
#[cfg(test)]
fn component(board: &Board, cells: &CellSet, seed: Pos) -> CellSet {
    let rows = board.rows();
    let mut within = [0u32; MAX_SIDE];
    for (r, w) in within[..rows].iter_mut().enumerate() {
        *w = cells.row_bits(r);
    }
    if let Some(color) = board.color_at(seed) {
        for (w, &c) in within.iter_mut().zip(board.color_rows(color).iter()) {
            *w &= c;
        }
    }
    let mut group = [0u32; MAX_SIDE];
    group[seed.row as usize] = 1 << seed.col;
    loop {
        let mut changed = false;
        let mut above = 0;
        for r in 0..rows {
            let g = group[r];
            let below = if r + 1 < rows { group[r + 1] } else { 0 };
            // Rows above already grew this round: growth only goes faster.
            let next = (g | (g << 1) | (g >> 1) | above | below) & within[r];
            changed |= next != g;
            group[r] = next;
            above = next;
        }
        if !changed {
            break;
        }
    }
    let mut set = CellSet::new();
    for (r, &w) in group[..rows].iter().enumerate() {
        set.set_row_bits(r, w);
    }
    set
}

/// The group's deciding runs: the first maximal run of 5 or more and the first of
/// exactly 4, in row-major order of their first cell, horizontal before vertical. A run
/// is a maximal line of cells in both the group and the runs of its direction.
#[cfg(test)]
fn deciding_runs_rows(runs: &Runs, group: &CellSet, rows: usize) -> (Option<Run>, Option<Run>) {
    let key = |r: &Run| (r.start, !r.horizontal);
    let keep = |best: &mut Option<Run>, run: Run| {
        if best.is_none_or(|b| key(&run) < key(&b)) {
            *best = Some(run);
        }
    };
    let (mut long, mut four) = (None, None);
    let mut decide = |run: Run| match run.len {
        5.. => keep(&mut long, run),
        4 => keep(&mut four, run),
        _ => {}
    };
    let vertical = |r: usize| group.row_bits(r) & runs.vertical.row_bits(r);
    for r in 0..rows {
        // Horizontal runs start where the cell to the left is not in the run.
        let h = group.row_bits(r) & runs.horizontal.row_bits(r);
        let mut starts = h & !(h << 1);
        while starts != 0 {
            let c = starts.trailing_zeros();
            starts &= starts - 1;
            decide(Run {
                start: Pos::new(r as u8, c as u8),
                len: (!(h >> c)).trailing_zeros() as u8,
                horizontal: true,
            });
        }
        // Vertical runs start where the cell above is not in the run.
        let v = vertical(r);
        let mut starts = v & !if r > 0 { vertical(r - 1) } else { 0 };
        while starts != 0 {
            let c = starts.trailing_zeros();
            starts &= starts - 1;
            let len = (r..rows).take_while(|&q| vertical(q) >> c & 1 == 1).count();
            decide(Run {
                start: Pos::new(r as u8, c as u8),
                len: len as u8,
                horizontal: false,
            });
        }
    }
    (long, four)
}

#[cfg(test)]
mod tests {
    use super::*;
    use match3_core::specials::Create;
    use match3_core::{Cell, GameRng, Size, runs};
    use proptest::prelude::*;

    /// A board of few colours (so runs, crosses and long lines are common), with some
    /// specials, colour bombs and blockers among its pieces.
    fn crowded(size: Size, seed: u64) -> Board {
        let mut rng = GameRng::new(seed);
        let mut board = Board::new(size);
        for pos in size.positions() {
            let color = Color::new(rng.below(3) as u8).expect("in the palette");
            let cell = match rng.below(40) {
                0 => Cell::Blocker,
                1 => Cell::Piece(specials::color_bomb()),
                2 => Cell::Piece(specials::striped(color, Axis::Row)),
                3 => Cell::Piece(specials::wrapped(color)),
                _ => Cell::Piece(Piece::plain(color)),
            };
            board.set(pos, cell, 0).expect("in range");
        }
        board
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// The plane path makes the same specials on the same cells, in the same order,
        /// as the cell-set reference, on every shape of at most 64 cells and on bigger
        /// boards.
        #[test]
        fn plane_groups_create_what_row_groups_create(
            (rows, cols) in prop_oneof![
                (1usize..=32).prop_flat_map(|rows| (Just(rows), 1..=(64 / rows).min(32))),
                (1usize..=32, 1usize..=32),
            ],
            seed in any::<u64>(),
            moved_at in any::<(u8, u8, bool)>(),
        ) {
            let size = Size::new(rows, cols).expect("valid size");
            let board = crowded(size, seed);
            let runs = runs::find_runs(&board, 3);
            let matched = runs.all();
            let (r, c, down) = moved_at;
            let a = Pos::new(r % rows as u8, c % cols as u8);
            let b = if down { Pos::new(a.row + 1, a.col) } else { Pos::new(a.row, a.col + 1) };
            let moved: Vec<Pos> = [b, a].into_iter().filter(|&p| size.contains(p)).collect();
            let (mut packed, mut rows_made) = (Vec::new(), Vec::new());
            create(&board, &runs, &matched, &moved, &mut packed);
            create_rows(&board, &runs, &matched, &moved, &mut rows_made);
            prop_assert_eq!(&packed, &rows_made);
            // The part, from the cells and from the planes alone, makes the same.
            let (mut made, mut on_planes, mut rng) = (Vec::new(), Vec::new(), GameRng::new(1));
            let matches = match3_core::Matches::new(&board, &matched);
            LineShapes.create(&mut Create::new(matches, &moved, &mut rng, &mut made));
            let view = PlaneView::of(&board);
            let site = &mut CreateOnPlanes::new(view, &matched, &moved, &mut on_planes);
            prop_assert!(LineShapes.create_on_planes(site));
            prop_assert_eq!(&made, &rows_made);
            prop_assert_eq!(&on_planes, &rows_made);
        }
    }
}
