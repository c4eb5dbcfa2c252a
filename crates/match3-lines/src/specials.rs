//! The special kinds of the line-run rules, declared through core's open mechanism
//! ([`Specials::kinds`](match3_core::Specials::kinds)): striped (`A-` clears its row,
//! `A|` its column), wrapped (`A+`) and the colourless colour bomb (`*`).

use match3_core::{Color, Combos, Piece, Special, SpecialKind};

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

/// Every kind of these rules, the table [`Lines`](crate::Lines) declares.
pub const KINDS: [SpecialKind; 4] = [STRIPED_ROW, STRIPED_COL, WRAPPED, COLOR_BOMB];

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

#[cfg(test)]
mod tests {
    use super::*;
    use match3_core::Board;

    #[test]
    fn the_default_notation_reads_these_kinds() {
        // `Board`'s FromStr reads core's default markers; they must be exactly these.
        assert_eq!(match3_core::DEFAULT_MARKERS.len(), KINDS.len());
        for (ours, default) in KINDS.iter().zip(match3_core::DEFAULT_MARKERS) {
            assert_eq!(
                (ours.special, ours.colored),
                (default.special, default.colored)
            );
        }
        let text = "AB-C|/D+*./#AZ";
        let board = Board::parse(text, &KINDS).unwrap();
        assert_eq!(board, text.parse::<Board>().unwrap());
        let a = Color::new(0).unwrap();
        assert_eq!(kind(striped(a, Axis::Col)), Some(Kind::Striped(Axis::Col)));
        assert_eq!(kind(color_bomb()), Some(Kind::ColorBomb));
        assert_eq!(kind(Piece::plain(a)), None);
    }
}
