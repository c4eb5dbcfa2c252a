//! Board notation: `AABC/BCAB/CBAC/ABCA`.
//!
//! Rows are separated by `/` or newlines. Spaces, tabs and carriage returns between cells
//! are ignored; whitespace after the last row (a file's final newline) is dropped. Every
//! row must hold a cell: a blank line, a leading, trailing or doubled `/` is an error
//! naming the row, counted from the text as given. A cell is `A`…`Z` (a plain piece), `.` (empty), `#` (blocker), a letter followed
//! by `-` (striped, clears its row), `|` (striped, clears its column) or `+` (wrapped), or
//! `*` (colour bomb). [`Board`]'s `Display` prints the canonical form: rows joined by `/`,
//! no spaces, no trailing separator; parsing that text gives the same board back.

use std::fmt;
use std::str::FromStr;

use crate::board::Board;
use crate::error::NotationError;
use crate::piece::{Axis, Cell, Color, Piece, Special};
use crate::pos::{MAX_SIDE, Size};

impl FromStr for Board {
    type Err = NotationError;

    /// Parses notation; piece ids are numbered row-major from 0.
    fn from_str(text: &str) -> Result<Self, NotationError> {
        // Whitespace after the last row (a file's final newline) is not a row.
        let text = text.trim_end_matches(|c: char| c.is_ascii_whitespace());
        if text.is_empty() {
            return Err(NotationError::Empty);
        }
        let rows: Vec<&str> = text.split(['/', '\n']).collect();
        if rows.len() > MAX_SIDE {
            Size::new(rows.len(), 1)?;
        }
        let mut cells = Vec::new();
        let mut width = None;
        for (r, text) in rows.iter().enumerate() {
            let row = parse_row(r, text)?;
            if row.is_empty() {
                return Err(NotationError::EmptyRow { row: r });
            }
            match width {
                None => {
                    Size::new(rows.len(), row.len())?;
                    width = Some(row.len());
                }
                Some(expected) if expected != row.len() => {
                    return Err(NotationError::Ragged {
                        row: r,
                        len: row.len(),
                        expected,
                    });
                }
                Some(_) => {}
            }
            cells.extend(row);
        }
        let size = Size::new(rows.len(), width.unwrap_or(0))?;
        Ok(Board::from_cells(size, cells).expect("cell count matches the size"))
    }
}

fn parse_row(row: usize, text: &str) -> Result<Vec<Cell>, NotationError> {
    let mut cells: Vec<Cell> = Vec::new();
    for ch in text.chars().filter(|c| !is_space(*c)) {
        let col = cells.len();
        let cell = match ch {
            '.' => Cell::Empty,
            '#' => Cell::Blocker,
            '*' => Cell::Piece(Piece::color_bomb()),
            '-' | '|' | '+' => {
                // A marker modifies the plain piece just read.
                let color = match cells.last() {
                    Some(Cell::Piece(p)) if p.special().is_none() => p.color(),
                    _ => None,
                };
                let (Some(prev), Some(color)) = (cells.last_mut(), color) else {
                    return Err(NotationError::MarkerWithoutLetter {
                        row,
                        col: col.saturating_sub(1),
                        marker: ch,
                    });
                };
                *prev = Cell::Piece(match ch {
                    '-' => Piece::striped(color, Axis::Row),
                    '|' => Piece::striped(color, Axis::Col),
                    _ => Piece::wrapped(color),
                });
                continue;
            }
            _ => match Color::from_letter(ch) {
                Some(color) => Cell::Piece(Piece::plain(color)),
                None => return Err(NotationError::UnknownChar { row, col, ch }),
            },
        };
        if col >= MAX_SIDE {
            return Err(NotationError::Size(crate::error::SizeError {
                rows: row + 1,
                cols: col + 1,
            }));
        }
        cells.push(cell);
    }
    Ok(cells)
}

/// Spaces, tabs and carriage returns may separate cells; any other character, other
/// Unicode whitespace included, must be a cell.
fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\r')
}

/// Writes one cell in notation (1 or 2 characters).
pub fn write_cell(f: &mut impl fmt::Write, cell: Cell) -> fmt::Result {
    match cell {
        Cell::Empty => f.write_char('.'),
        Cell::Blocker => f.write_char('#'),
        Cell::Piece(p) => match (p.color(), p.special()) {
            (_, Some(Special::ColorBomb)) | (None, _) => f.write_char('*'),
            (Some(c), None) => f.write_char(c.letter()),
            (Some(c), Some(s)) => {
                f.write_char(c.letter())?;
                f.write_char(match s {
                    Special::Striped(Axis::Row) => '-',
                    Special::Striped(Axis::Col) => '|',
                    _ => '+',
                })
            }
        },
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in 0..self.rows() {
            if r > 0 {
                f.write_str("/")?;
            }
            for &cell in self.row(r).unwrap_or_default() {
                write_cell(f, cell)?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pos::Pos;

    #[test]
    fn round_trips_every_cell_kind() {
        let text = "AB-C|/D+*./#AZ";
        let board: Board = text.parse().unwrap();
        assert_eq!(board.to_string(), text);
        assert_eq!(board.id(Pos::new(0, 0)), Some(0));
        assert_eq!(board.id(Pos::new(1, 2)), None);
        assert_eq!(board.id(Pos::new(2, 0)), Some(5));
    }

    #[test]
    fn whitespace_and_newlines() {
        let board: Board = " A A B\r\n C\tC D \n\n".parse().unwrap();
        assert_eq!(board.to_string(), "AAB/CCD");
    }

    #[test]
    fn blank_rows_and_stray_separators_are_errors_counted_as_written() {
        let err = |s: &str| s.parse::<Board>().unwrap_err();
        assert_eq!(err("AB/"), NotationError::EmptyRow { row: 1 });
        assert_eq!(err("//AAB"), NotationError::EmptyRow { row: 0 });
        assert_eq!(err("\nAB\nCD"), NotationError::EmptyRow { row: 0 });
        assert_eq!(err("AB/ /CD"), NotationError::EmptyRow { row: 1 });
        assert_eq!(err("AB/\nCD"), NotationError::EmptyRow { row: 1 });
        assert_eq!(
            err("AB\r\nCD\r\nCx"),
            NotationError::UnknownChar {
                row: 2,
                col: 1,
                ch: 'x'
            }
        );
        assert_eq!(
            err("A\u{a0}B"),
            NotationError::UnknownChar {
                row: 0,
                col: 1,
                ch: '\u{a0}'
            }
        );
        assert_eq!(err(" \n "), NotationError::Empty);
    }

    #[test]
    fn errors_name_row_and_col() {
        let err = |s: &str| s.parse::<Board>().unwrap_err();
        assert_eq!(
            err("AAB/AxB"),
            NotationError::UnknownChar {
                row: 1,
                col: 1,
                ch: 'x'
            }
        );
        assert_eq!(
            err("AAB/AB"),
            NotationError::Ragged {
                row: 1,
                len: 2,
                expected: 3
            }
        );
        assert!(matches!(
            err("A-B/-AB"),
            NotationError::MarkerWithoutLetter { row: 1, col: 0, .. }
        ));
        assert!(matches!(
            err("A--B"),
            NotationError::MarkerWithoutLetter { row: 0, col: 0, .. }
        ));
        assert!(matches!(
            err("*+"),
            NotationError::MarkerWithoutLetter { .. }
        ));
        assert_eq!(err(""), NotationError::Empty);
        assert_eq!(err("AB//AB"), NotationError::EmptyRow { row: 1 });
        assert!(matches!(err(&"A".repeat(33)), NotationError::Size(_)));
        assert!(matches!(err(&["A"; 33].join("/")), NotationError::Size(_)));
    }
}
