//! The special kinds of the line-run rules, each declared once beside what it does: the
//! parts [`Striped`] (`A-` clears its row, `A|` its column), [`Wrapped`] (`A+`) and
//! [`ColorBomb`] (`*`, colourless). [`LineSpecials`](crate::LineSpecials) joins them
//! with the part that creates them ([`LineShapes`](crate::groups::LineShapes)).

use match3_core::planes::PlaneView;
use match3_core::specials::{
    Blast, BlastOnPlanes, Combo, ComboOnPlanes, CreateOnPlanes, Kinds, Specials,
};
use match3_core::{CellSet, Color, Combos, Piece, Pos, Size, Special, SpecialKind};

use crate::blast::{self, most_common_color, most_common_on_planes, with_pair};

/// Which line a striped piece clears when it fires.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Axis {
    /// Its whole row (marker `-`).
    Row,
    /// Its whole column (marker `|`).
    Col,
}

/// Striped, clearing its row: `A-`; a combo with any other special that combines.
pub const STRIPED_ROW: SpecialKind =
    SpecialKind::colored('-', "striped (clears its row)").combining(Combos::WithSpecials);
/// Striped, clearing its column: `A|`; a combo with any other special that combines.
pub const STRIPED_COL: SpecialKind =
    SpecialKind::colored('|', "striped (clears its column)").combining(Combos::WithSpecials);
/// Wrapped, clearing the 3×3 around it: `A+`; a combo with any other special that
/// combines.
pub const WRAPPED: SpecialKind =
    SpecialKind::colored('+', "wrapped (clears the 3x3 around it)").combining(Combos::WithSpecials);
/// Colour bomb, no colour, never in a run: `*`; a combo with any piece.
pub const COLOR_BOMB: SpecialKind =
    SpecialKind::colorless('*', "colour bomb").combining(Combos::WithAnything);

/// A special piece of these rules, by what it does.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Kind {
    /// Clears a row or a column.
    Striped(Axis),
    /// Clears the 3×3 around it.
    Wrapped,
    /// Clears every piece of a colour.
    ColorBomb,
}

impl Kind {
    /// Every kind, for tables that must be total.
    pub const ALL: [Kind; 4] = [
        Kind::Striped(Axis::Row),
        Kind::Striped(Axis::Col),
        Kind::Wrapped,
        Kind::ColorBomb,
    ];

    /// The core special (marker) of this kind.
    pub const fn special(self) -> Special {
        match self {
            Kind::Striped(Axis::Row) => STRIPED_ROW.special,
            Kind::Striped(Axis::Col) => STRIPED_COL.special,
            Kind::Wrapped => WRAPPED.special,
            Kind::ColorBomb => COLOR_BOMB.special,
        }
    }

    /// A piece of this kind (a colour bomb ignores `color`).
    pub const fn piece(self, color: Color) -> Piece {
        match self {
            Kind::ColorBomb => color_bomb(),
            _ => Piece::new(color, self.special()),
        }
    }
}

/// What kind of these rules `piece` is, if it is one of their specials.
pub fn kind(piece: Piece) -> Option<Kind> {
    let special = piece.special()?;
    Kind::ALL.into_iter().find(|k| k.special() == special)
}

/// A striped piece clearing `axis`.
pub const fn striped(color: Color, axis: Axis) -> Piece {
    match axis {
        Axis::Row => STRIPED_ROW.piece(color),
        Axis::Col => STRIPED_COL.piece(color),
    }
}

/// A wrapped piece.
pub const fn wrapped(color: Color) -> Piece {
    WRAPPED.piece(color)
}

/// A colour bomb.
pub const fn color_bomb() -> Piece {
    Piece::colorless(COLOR_BOMB.special)
}

/// Striped pieces: `A-` clears its row, `A|` its column. Two striped pieces swapped
/// together clear a row and a column through the destination; a striped and a wrapped
/// piece, three rows and three columns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Striped;

impl Specials for Striped {
    const KINDS: &'static Kinds = &Kinds::of(&[STRIPED_ROW, STRIPED_COL]);

    fn may_create_on_planes(&self, _: PlaneView<'_>, _: &CellSet) -> bool {
        false // made by LineShapes, never by this part
    }

    fn may_create_on_planes_with_specials(&self) -> bool {
        true
    }

    fn create_on_planes(&self, _: &mut CreateOnPlanes<'_>) -> bool {
        true // nothing, told without the matched cells' set
    }

    fn blast(&self, site: &mut Blast<'_>) -> CellSet {
        stripe(site.board().size(), site.pos(), site.piece())
    }

    fn blast_on_planes(&self, site: &BlastOnPlanes<'_>) -> Option<CellSet> {
        Some(stripe(site.view().size(), site.pos(), site.piece()))
    }

    fn combo(&self, site: &Combo<'_>) -> Option<CellSet> {
        striped_combo(&Swapped::on_cells(site))
    }

    fn combo_on_planes(&self, site: &ComboOnPlanes<'_>) -> Option<CellSet> {
        striped_combo(&Swapped::on_planes(site))
    }
}

/// What two striped pieces, or a striped and a wrapped piece, swapped together clear.
fn striped_combo<C>(swap: &Swapped<C>) -> Option<CellSet> {
    let (size, to) = (swap.size, swap.to);
    let area = match swap.kinds()? {
        (Kind::Striped(_), Kind::Striped(_)) => blast::cross(size, to),
        (Kind::Striped(_), Kind::Wrapped) | (Kind::Wrapped, Kind::Striped(_)) => {
            blast::three_lines(size, to)
        }
        _ => return None,
    };
    Some(swap.with_pair(area))
}

/// Wrapped pieces, `A+`: the 3×3 around it (clipped). Two wrapped pieces swapped together
/// clear the 5×5 around the destination; a wrapped and a striped piece, three rows and
/// three columns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Wrapped;

impl Specials for Wrapped {
    const KINDS: &'static Kinds = &Kinds::of(&[WRAPPED]);

    fn may_create_on_planes(&self, _: PlaneView<'_>, _: &CellSet) -> bool {
        false // made by LineShapes, never by this part
    }

    fn may_create_on_planes_with_specials(&self) -> bool {
        true
    }

    fn create_on_planes(&self, _: &mut CreateOnPlanes<'_>) -> bool {
        true // nothing, told without the matched cells' set
    }

    fn blast(&self, site: &mut Blast<'_>) -> CellSet {
        blast::square(site.board().size(), site.pos(), 1)
    }

    fn blast_on_planes(&self, site: &BlastOnPlanes<'_>) -> Option<CellSet> {
        Some(blast::square(site.view().size(), site.pos(), 1))
    }

    fn combo(&self, site: &Combo<'_>) -> Option<CellSet> {
        wrapped_combo(&Swapped::on_cells(site))
    }

    fn combo_on_planes(&self, site: &ComboOnPlanes<'_>) -> Option<CellSet> {
        wrapped_combo(&Swapped::on_planes(site))
    }
}

/// What two wrapped pieces, or a wrapped and a striped piece, swapped together clear.
fn wrapped_combo<C>(swap: &Swapped<C>) -> Option<CellSet> {
    let (size, to) = (swap.size, swap.to);
    let area = match swap.kinds()? {
        (Kind::Wrapped, Kind::Wrapped) => blast::square(size, to, 2),
        (Kind::Striped(_), Kind::Wrapped) | (Kind::Wrapped, Kind::Striped(_)) => {
            blast::three_lines(size, to)
        }
        _ => return None,
    };
    Some(swap.with_pair(area))
}

/// The colour bomb, `*`: set off by something else, every piece of the most common colour
/// on the board (ties: the lowest colour). Swapped with another bomb it clears every
/// piece; with any piece, every piece of that piece's colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ColorBomb;

impl Specials for ColorBomb {
    const KINDS: &'static Kinds = &Kinds::of(&[COLOR_BOMB]);

    fn may_create_on_planes(&self, _: PlaneView<'_>, _: &CellSet) -> bool {
        false // made by LineShapes, never by this part
    }

    fn may_create_on_planes_with_specials(&self) -> bool {
        true
    }

    fn create_on_planes(&self, _: &mut CreateOnPlanes<'_>) -> bool {
        true // nothing, told without the matched cells' set
    }

    fn blast(&self, site: &mut Blast<'_>) -> CellSet {
        let board = site.board();
        let mut area = (most_common_color(board))
            .map(|c| board.cells_of_color(c))
            .unwrap_or_default();
        area.insert(site.pos());
        area
    }

    fn blast_on_planes(&self, site: &BlastOnPlanes<'_>) -> Option<CellSet> {
        let view = site.view();
        let mut area = (most_common_on_planes(view))
            .map(|c| view.cells_of_color(c))
            .unwrap_or_default();
        area.insert(site.pos());
        Some(area)
    }

    fn combo(&self, site: &Combo<'_>) -> Option<CellSet> {
        bomb_combo(&Swapped::on_cells(site))
    }

    fn combo_on_planes(&self, site: &ComboOnPlanes<'_>) -> Option<CellSet> {
        bomb_combo(&Swapped::on_planes(site))
    }
}

/// What a colour bomb swapped with a piece clears: every piece of that piece's colour,
/// or everything when it is a colour bomb too.
fn bomb_combo<C: Fn(Color) -> CellSet>(swap: &Swapped<C>) -> Option<CellSet> {
    let (a, b) = swap.pieces;
    let (a, b) = (a?, b?);
    let area = match (kind(a), kind(b)) {
        (Some(Kind::ColorBomb), Some(Kind::ColorBomb)) => blast::everything(swap.size),
        (Some(Kind::ColorBomb), _) => (swap.cells_of)(b.color()?),
        (_, Some(Kind::ColorBomb)) => (swap.cells_of)(a.color()?),
        _ => return None,
    };
    Some(swap.with_pair(area))
}

/// A combo as [`Specials::combo`] (on the board's cells) and
/// [`Specials::combo_on_planes`] (on its planes) both see it, so that each kind's combos
/// are written once: the swap of `from` onto `to`, the two pieces, and the cells each
/// colour holds.
struct Swapped<C> {
    size: Size,
    from: Pos,
    to: Pos,
    pieces: (Option<Piece>, Option<Piece>),
    cells_of: C,
}

impl Swapped<()> {
    fn on_cells<'a>(site: &Combo<'a>) -> Swapped<impl Fn(Color) -> CellSet + 'a> {
        let board = site.board();
        Swapped {
            size: board.size(),
            from: site.from(),
            to: site.to(),
            pieces: site.pieces(),
            cells_of: move |color| board.cells_of_color(color),
        }
    }

    fn on_planes<'a>(site: &ComboOnPlanes<'a>) -> Swapped<impl Fn(Color) -> CellSet + 'a> {
        let (view, (a, b)) = (site.view(), site.pieces());
        Swapped {
            size: view.size(),
            from: site.from(),
            to: site.to(),
            pieces: (Some(a), Some(b)),
            cells_of: move |color| view.cells_of_color(color),
        }
    }
}

impl<C> Swapped<C> {
    /// The line kinds of the two pieces, when both are line specials.
    fn kinds(&self) -> Option<(Kind, Kind)> {
        Some((kind(self.pieces.0?)?, kind(self.pieces.1?)?))
    }

    /// `area` with the swapped pair's cells.
    fn with_pair(&self, area: CellSet) -> CellSet {
        with_pair(area, self.from, self.to)
    }
}

/// What the striped `piece` at `at` clears: its row or its column (nothing for another
/// kind).
fn stripe(size: Size, at: Pos, piece: Piece) -> CellSet {
    match kind(piece) {
        Some(Kind::Striped(Axis::Row)) => blast::row(size, at.row),
        Some(Kind::Striped(Axis::Col)) => blast::column(size, at.col),
        _ => CellSet::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use match3_core::{Board, Rules};

    #[test]
    fn the_line_rules_read_and_print_these_kinds() {
        let text = "AB-C|/D+*./#AZ";
        let board = crate::Lines.parse_board(text).unwrap();
        assert_eq!(board.to_string(), text);
        assert_eq!(
            crate::Lines.special_kinds(),
            [STRIPED_ROW, STRIPED_COL, WRAPPED, COLOR_BOMB]
        );
        assert!(text.parse::<Board>().is_err(), "core alone knows no marker");
        let a = Color::new(0).unwrap();
        assert_eq!(kind(striped(a, Axis::Col)), Some(Kind::Striped(Axis::Col)));
        assert_eq!(kind(color_bomb()), Some(Kind::ColorBomb));
        assert_eq!(kind(Piece::plain(a)), None);
    }

    /// Every combo of the line specials, told from the planes, clears what it clears on
    /// the cells; a colour bomb with a striped or wrapped piece is the one pair the
    /// planes leave to the cells (the striped and wrapped parts, asked first, cannot
    /// tell "not my pair" from "not from the planes").
    #[test]
    fn combos_on_the_planes_clear_what_they_clear_on_the_cells() {
        let text = "AB-C|D+/*A-B+C|/D*CB|/A+BC-*";
        let board = crate::Lines.parse_board(text).unwrap();
        let piece = |p: Pos| board.at(p).piece().unwrap();
        let mut told = 0;
        for (from, to) in swaps(&board) {
            if !crate::Lines.is_combo(&board, from, to) {
                continue;
            }
            let on_cells = crate::LINE_SPECIALS.combo(&Combo::new(&board, from, to));
            let view = PlaneView::of(&board);
            let site = ComboOnPlanes::new(view, (from, to), (piece(from), piece(to)));
            let on_planes = crate::LINE_SPECIALS.combo_on_planes(&site);
            let line = |p: Pos| matches!(kind(piece(p)), Some(Kind::Striped(_) | Kind::Wrapped));
            let bomb = |p: Pos| kind(piece(p)) == Some(Kind::ColorBomb);
            if (bomb(from) && line(to)) || (line(from) && bomb(to)) {
                assert_eq!(on_planes, None, "{from} onto {to}");
            } else {
                assert!(on_cells.is_some(), "{from} onto {to}");
                assert_eq!(on_planes, on_cells, "{from} onto {to}");
                told += 1;
            }
        }
        assert!(told >= 10, "only {told} combos told from the planes");
    }

    /// Every swap of side-by-side cells of `board`, both ways.
    fn swaps(board: &Board) -> Vec<(Pos, Pos)> {
        let (rows, cols) = (board.rows() as u8, board.cols() as u8);
        let mut out = Vec::new();
        for a in board.size().positions() {
            let right = (a.col + 1 < cols).then(|| Pos::new(a.row, a.col + 1));
            let down = (a.row + 1 < rows).then(|| Pos::new(a.row + 1, a.col));
            for b in [right, down].into_iter().flatten() {
                out.extend([(a, b), (b, a)]);
            }
        }
        out
    }
}
