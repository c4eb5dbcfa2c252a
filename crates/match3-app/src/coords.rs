//! Parsing `r,c` coordinates and building moves from them.

use match3_core::{Board, Move, Pos, Size};
use thiserror::Error;

/// A coordinate that cannot be read, or cannot be on the board.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CoordError {
    /// No comma between a row and a column.
    #[error("{text:?} is not a cell: expected ROW,COL such as 0,2")]
    NotACell {
        /// The text as typed.
        text: String,
    },
    /// A row or column that is not a whole number.
    #[error("{text:?}: {what} {part:?} is not a whole number ≥ 0")]
    NotANumber {
        /// The text as typed.
        text: String,
        /// `row` or `column`.
        what: &'static str,
        /// The part that is not a number.
        part: String,
    },
    /// A position no board has.
    #[error("position ({row},{col}) is off the {size} board")]
    OffBoard {
        /// Row.
        row: u32,
        /// Column.
        col: u32,
        /// The board's size.
        size: Size,
    },
    /// A column no board has.
    #[error("column {col} is off the {size} board")]
    ColumnOff {
        /// Column.
        col: u32,
        /// The board's size.
        size: Size,
    },
}

/// A coordinate as typed: possibly far off any board, never negative.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Coord {
    /// Row.
    pub row: u32,
    /// Column.
    pub col: u32,
}

impl std::str::FromStr for Coord {
    type Err = CoordError;

    /// `R,C`, also written as `play` and `moves` print it: `(R,C)`, spaces allowed.
    fn from_str(s: &str) -> Result<Self, CoordError> {
        let bare = s.trim();
        let bare = bare
            .strip_prefix('(')
            .and_then(|t| t.strip_suffix(')'))
            .unwrap_or(bare);
        let (r, c) = bare.split_once(',').ok_or_else(|| CoordError::NotACell {
            text: s.to_string(),
        })?;
        let num = |t: &str, what: &'static str| {
            t.trim().parse::<u32>().map_err(|_| CoordError::NotANumber {
                text: s.to_string(),
                what,
                part: t.to_string(),
            })
        };
        Ok(Coord {
            row: num(r, "row")?,
            col: num(c, "column")?,
        })
    }
}

impl Coord {
    /// `[row, col]` as typed.
    pub fn json(self) -> serde_json::Value {
        serde_json::json!([self.row, self.col])
    }

    /// The position, or a rejection naming it when it cannot be on any board.
    pub fn to_pos(self, board: &Board) -> Result<Pos, CoordError> {
        match (u8::try_from(self.row), u8::try_from(self.col)) {
            (Ok(r), Ok(c)) => Ok(Pos::new(r, c)),
            _ => Err(CoordError::OffBoard {
                row: self.row,
                col: self.col,
                size: board.size(),
            }),
        }
    }
}

/// A command line with the spaces inside coordinates taken out, so that `(4, 4)` and
/// `4 ,4` read as one word: `swap (4, 4) (4, 5)` becomes `swap (4,4) (4,5)`.
pub fn tighten(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut depth = 0usize;
    for ch in line.chars() {
        match ch {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ => {}
        }
        let after_comma = out.trim_end().ends_with(',');
        if ch.is_whitespace() && (depth > 0 || after_comma) {
            continue;
        }
        if ch == ',' {
            out.truncate(out.trim_end().len());
        }
        out.push(ch);
    }
    out
}

/// A swap, drop or tap move from typed coordinates; an impossible coordinate is a
/// rejection (like any other illegal move), not a usage error.
pub fn swap(board: &Board, a: Coord, b: Coord) -> Result<Move, CoordError> {
    Ok(Move::Swap(a.to_pos(board)?, b.to_pos(board)?))
}

/// See [`swap`].
pub fn drop(board: &Board, col: u32) -> Result<Move, CoordError> {
    u8::try_from(col)
        .map(Move::Drop)
        .map_err(|_| CoordError::ColumnOff {
            col,
            size: board.size(),
        })
}

/// See [`swap`].
pub fn tap(board: &Board, at: Coord) -> Result<Move, CoordError> {
    Ok(Move::Tap(at.to_pos(board)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_read_as_they_print() {
        for text in ["4,5", "(4,5)", " (4, 5) ", "( 4 , 5 )"] {
            assert_eq!(
                text.parse::<Coord>(),
                Ok(Coord { row: 4, col: 5 }),
                "{text:?}"
            );
        }
        assert!("(4,5".parse::<Coord>().is_err());
    }

    #[test]
    fn tightening_joins_coordinates() {
        assert_eq!(tighten("swap (4, 4) (4, 5)"), "swap (4,4) (4,5)");
        assert_eq!(tighten("4 , 4  4,5"), "4,4  4,5");
        assert_eq!(tighten("tap ( 1 ,2 )"), "tap (1,2)");
        assert_eq!(tighten("drop 3"), "drop 3");
    }
}
