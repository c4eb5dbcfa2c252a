//! Board notation: `AABC/BCAB/CBAC/ABCA`.
//!
//! Rows are separated by `/` or newlines. Spaces, tabs and carriage returns between cells
//! are ignored; whitespace after the last row (a file's final newline) is dropped. Every
//! row must hold a cell: a blank line, a leading, trailing or doubled `/` is an error
//! naming the row, counted from the text as given.
//!
//! A cell is `A`…`Z` (a plain piece), `.` (empty), `#` (blocker) or `_` (a hole in the
//! board's shape). Special pieces are written with their kind's marker: after the colour
//! letter for a coloured kind (`B-`), alone for a colourless one (`*`). Which markers
//! exist, and which of them stand alone, is the rules' table
//! ([`Specials::KINDS`](crate::Specials::KINDS)), the only one there is: core gives no
//! marker a meaning, so [`Board::parse`] reads with a given table (or use
//! [`Rules::parse_board`](crate::Rules::parse_board)), and `FromStr` reads boards
//! without specials. [`Board`]'s `Display` prints the canonical form: rows joined by
//! `/`, no spaces, no trailing separator; parsing that text with the rules' table gives
//! the same board back.
//!
//! Obstacles: `%`, `%2`, `%3` is a crate with 1–3 health (a cell of its own). After any
//! cell's token come its [`Layers`]: `@` locks the piece, `~` or `~~` puts one or two
//! jelly layers under the cell. They are printed in that order, after the special's
//! marker (`B|@~~`); parsing also takes them in the other order. A lock needs a piece (or
//! a `?`), a hole takes no layer; such mistakes are errors naming the cell.
//!
//! Level notation ([`Layout`]) adds `?`, a plain piece drawn at random when the game
//! starts (`?@~` is a random locked piece on jelly).

use std::fmt::{self, Write as _};
use std::str::FromStr;

use crate::board::Board;
use crate::cellset::CellSet;
use crate::error::NotationError;
use crate::layers::{Layers, MAX_JELLY};
use crate::piece::{Cell, Color, Piece, SpecialKind, write_cell};
use crate::pos::{MAX_SIDE, Pos, Size};

impl FromStr for Board {
    type Err = NotationError;

    /// Parses notation without special pieces (a marker is an error naming its cell: read
    /// boards with specials through their rules, [`Rules::parse_board`](crate::Rules::parse_board));
    /// piece ids are numbered row-major from 0.
    fn from_str(text: &str) -> Result<Self, NotationError> {
        Board::parse(text, &[])
    }
}

impl Board {
    /// Parses notation whose special markers are those of `kinds` (a marker not in it is
    /// an error naming the row and column); piece ids are numbered row-major from 0.
    /// Holes (`_`) are allowed; random cells (`?`) only in a level's [`Layout`].
    pub fn parse(text: &str, kinds: &[SpecialKind]) -> Result<Board, NotationError> {
        let layout = parse_cells(text, kinds)?;
        if let Some(pos) = layout.random.iter().next() {
            return Err(NotationError::RandomOutsideLevel {
                row: pos.row as usize,
                col: pos.col as usize,
            });
        }
        Ok(layout.board)
    }
}

/// A level's starting board in level notation: fixed cells, holes (`_`), and the cells
/// (`?`) that are drawn at random when a game starts, so that the board it starts with
/// has no match and a legal move (see [`Game::from_layout`](crate::Game::from_layout)).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Layout {
    /// The fixed cells; a random cell is empty here.
    pub board: Board,
    /// The cells to draw at random.
    pub random: CellSet,
}

impl Layout {
    /// Parses level notation with the special markers of `kinds`.
    pub fn parse(text: &str, kinds: &[SpecialKind]) -> Result<Layout, NotationError> {
        parse_cells(text, kinds)
    }
}

/// Prints the layout in level notation: `?` for a random cell.
impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in 0..self.board.rows() {
            if r > 0 {
                f.write_str("/")?;
            }
            for (c, &cell) in self.board.row(r).unwrap_or_default().iter().enumerate() {
                let pos = Pos::new(r as u8, c as u8);
                if self.random.contains(pos) {
                    f.write_char('?')?;
                } else {
                    write_cell(f, cell)?;
                }
                write!(f, "{}", self.board.layers(pos))?;
            }
        }
        Ok(())
    }
}

fn parse_cells(text: &str, kinds: &[SpecialKind]) -> Result<Layout, NotationError> {
    // Whitespace after the last row (a file's final newline) is not a row.
    let text = text.trim_end_matches(|c: char| c.is_ascii_whitespace());
    if text.is_empty() {
        return Err(NotationError::Empty);
    }
    let rows: Vec<&str> = text.split(['/', '\n']).collect();
    if rows.len() > MAX_SIDE {
        // Name the real size: the first row's width with the number of rows.
        let width = parse_row(0, rows[0], kinds, &mut CellSet::new())?.len();
        Size::new(rows.len(), width)?;
    }
    let mut cells = Vec::new();
    let mut random = CellSet::new();
    let mut width = None;
    for (r, text) in rows.iter().enumerate() {
        let row = parse_row(r, text, kinds, &mut random)?;
        if row.is_empty() {
            return Err(NotationError::EmptyRow { row: r });
        }
        match width {
            None => {
                Size::new(rows.len(), row.len())?;
                width = Some(row.len());
            }
            // Wider than any board: the size is the error, whatever the first row said.
            Some(_) if row.len() > MAX_SIDE => {
                Size::new(rows.len(), row.len())?;
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
    let (cells, layers): (Vec<Cell>, Vec<Layers>) = cells.into_iter().unzip();
    let mut board = Board::from_cells(size, cells).expect("cell count matches the size");
    for (pos, &layers) in size.positions().zip(&layers) {
        if !layers.is_none() {
            // Checked as read: a lock is on a piece or a random cell, no layer on a hole.
            board.put_layers(pos, layers);
        }
    }
    Ok(Layout { board, random })
}

/// Reads one row: each cell is a base token (a letter, `.`, `#`, `_`, `?`, `%` with an
/// optional health digit, or a colourless special's marker), then an optional coloured
/// special's marker after a letter, then its layers (`@`, `~`).
fn parse_row(
    row: usize,
    text: &str,
    kinds: &[SpecialKind],
    random: &mut CellSet,
) -> Result<Vec<(Cell, Layers)>, NotationError> {
    let mut cells: Vec<(Cell, Layers)> = Vec::new();
    // Right after `%`, a digit is the crate's health.
    let mut after_crate = false;
    for ch in text.chars().filter(|c| !is_space(*c)) {
        if std::mem::take(&mut after_crate) && ch.is_ascii_digit() {
            set_health(row, &mut cells, ch)?;
        } else if ch == '@' || ch == '~' {
            add_layer(row, &mut cells, ch, random)?;
        } else if let Some(cell) = read_cell(row, &mut cells, ch, kinds, random)? {
            after_crate = ch == '%';
            cells.push((cell, Layers::NONE));
        }
    }
    Ok(cells)
}

/// The error for an obstacle written wrong on the last cell read.
fn obstacle(row: usize, cells: &[(Cell, Layers)], problem: &'static str) -> NotationError {
    NotationError::Obstacle {
        row,
        col: cells.len().saturating_sub(1),
        problem,
    }
}

/// A crate's health digit, right after its `%`.
fn set_health(row: usize, cells: &mut [(Cell, Layers)], ch: char) -> Result<(), NotationError> {
    match (ch, cells.last_mut()) {
        ('1'..='3', Some(last)) => {
            last.0 = Cell::Crate(ch as u8 - b'0');
            Ok(())
        }
        _ => Err(obstacle(
            row,
            cells,
            "crate health is 1, 2 or 3 (%, %2, %3)",
        )),
    }
}

/// A lock (`@`) or a jelly layer (`~`) on the last cell read.
fn add_layer(
    row: usize,
    cells: &mut [(Cell, Layers)],
    ch: char,
    random: &CellSet,
) -> Result<(), NotationError> {
    let col = cells.len();
    let Some(&mut (cell, ref mut layers)) = cells.last_mut() else {
        return Err(obstacle(
            row,
            cells,
            "a lock (@) or jelly (~) follows the cell it is on",
        ));
    };
    let is_random = col - 1 < MAX_SIDE
        && row < MAX_SIDE
        && random.contains(Pos::new(row as u8, (col - 1) as u8));
    let problem = if ch == '@' {
        if cell.piece().is_none() && !is_random {
            Some("a lock (@) needs a piece under it")
        } else if layers.locked {
            Some("a cell has one lock (@)")
        } else {
            layers.locked = true;
            None
        }
    } else if cell.is_hole() {
        Some("a hole (_) holds no jelly (~)")
    } else if layers.jelly == MAX_JELLY {
        Some("a cell has at most two jelly layers (~~)")
    } else {
        layers.jelly += 1;
        None
    };
    match problem {
        Some(problem) => Err(obstacle(row, cells, problem)),
        None => Ok(()),
    }
}

/// The cell a base token starts; `None` when `ch` is a coloured special's marker, which
/// turns the plain piece just read into that special instead. `?` marks the cell in
/// `random`.
fn read_cell(
    row: usize,
    cells: &mut [(Cell, Layers)],
    ch: char,
    kinds: &[SpecialKind],
    random: &mut CellSet,
) -> Result<Option<Cell>, NotationError> {
    let col = cells.len();
    let kind = kinds.iter().find(|k| k.special.marker() == ch);
    let cell = match (ch, kind) {
        ('.', _) => Cell::Empty,
        ('#', _) => Cell::Blocker,
        ('_', _) => Cell::Hole,
        ('%', _) => Cell::Crate(1),
        ('?', _) => {
            // A board past the largest size is refused once the row is read.
            if col < MAX_SIDE && row < MAX_SIDE {
                random.insert(Pos::new(row as u8, col as u8));
            }
            Cell::Empty
        }
        (_, Some(kind)) if !kind.colored => Cell::Piece(Piece::colorless(kind.special)),
        (_, Some(kind)) => {
            // A coloured kind's marker modifies the plain piece just read.
            let color = match cells.last() {
                Some((Cell::Piece(p), _)) if p.special().is_none() => p.color(),
                _ => None,
            };
            let (Some(prev), Some(color)) = (cells.last_mut(), color) else {
                return Err(NotationError::MarkerWithoutLetter {
                    row,
                    col: col.saturating_sub(1),
                    marker: ch,
                });
            };
            prev.0 = Cell::Piece(Piece::new(color, kind.special));
            return Ok(None);
        }
        (_, None) => return letter(row, cells, ch).map(Some),
    };
    Ok(Some(cell))
}

/// A plain piece's letter, or the error for a character that is no cell.
fn letter(row: usize, cells: &[(Cell, Layers)], ch: char) -> Result<Cell, NotationError> {
    let col = cells.len();
    match Color::from_letter(ch) {
        Some(color) => Ok(Cell::Piece(Piece::plain(color))),
        None if ch.is_ascii_punctuation() => {
            // After a plain letter the marker belongs to that cell.
            let after_letter = matches!(
                cells.last(),
                Some((Cell::Piece(p), _)) if p.special().is_none() && p.color().is_some()
            );
            Err(NotationError::UnknownMarker {
                row,
                col: col - usize::from(after_letter),
                marker: ch,
            })
        }
        None => Err(NotationError::UnknownChar { row, col, ch }),
    }
}

/// Spaces, tabs and carriage returns may separate cells; any other character, other
/// Unicode whitespace included, must be a cell.
fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\r')
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in 0..self.rows() {
            if r > 0 {
                f.write_str("/")?;
            }
            for (c, &cell) in self.row(r).unwrap_or_default().iter().enumerate() {
                write_cell(f, cell)?;
                if self.has_obstacles() {
                    write!(f, "{}", self.layers(Pos::new(r as u8, c as u8)))?;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pos::Pos;

    /// Markers as the line rules declare them.
    const LINE_MARKERS: [SpecialKind; 4] = [
        SpecialKind::colored('-', "striped (row)"),
        SpecialKind::colored('|', "striped (column)"),
        SpecialKind::colored('+', "wrapped"),
        SpecialKind::colorless('*', "colour bomb"),
    ];

    #[test]
    fn round_trips_every_cell_kind() {
        let text = "AB-C|/D+*./#AZ";
        let board = Board::parse(text, &LINE_MARKERS).unwrap();
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
    fn without_a_table_a_marker_is_an_error() {
        assert_eq!(
            "AB-".parse::<Board>().unwrap_err(),
            NotationError::UnknownMarker {
                row: 0,
                col: 1,
                marker: '-'
            }
        );
    }

    #[test]
    fn errors_name_row_and_col() {
        let err = |s: &str| Board::parse(s, &LINE_MARKERS).unwrap_err();
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
