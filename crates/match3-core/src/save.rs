//! Save and load: serde for the state of a game and its traces (see [`SavedGame`]).

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::board::Board;
use crate::layers::{Layers, MAX_JELLY};
use crate::level::Level;
use crate::piece::write_cell;
use crate::piece::{Cell, Color, Piece, Special};
use crate::pos::{Pos, Size};
use crate::state::Snapshot;

/// A whole game, as [`Game::save`](crate::Game::save) gives it, for serde.
///
/// Every state type serializes (with any serde format; JSON in the examples): boards as
/// rows of cell tokens in notation (`"A B- _ *"`) with the ids of their occupied cells,
/// pieces and colours as notation, traces as their events. A `SavedGame` is a whole game:
/// the rules' name, the level, the starting state and the current one.
/// [`Game::load`](crate::Game::load) checks it against the rules and continues exactly
/// where [`Game::save`](crate::Game::save) left off: the same moves then give the same
/// traces.
///
/// ```
/// use match3_core::detect::LineRuns;
/// use match3_core::{Game, Move, Pos, SavedGame, Variant};
///
/// let threes = Variant::new("threes", LineRuns::new(3));
///
/// let game = Game::from_board(threes, "AABC/BCAB/CBAC/ABCA".parse()?, 0)?;
/// let json = serde_json::to_string(&game.save())?;
/// let saved: SavedGame = serde_json::from_str(&json)?;
/// let mut loaded = Game::load(threes, saved)?;
/// let trace = loaded.play(Move::Swap(Pos::new(0, 2), Pos::new(1, 2)))?;
/// assert_eq!(trace.score(), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct SavedGame {
    /// The rules' [`name`](crate::Rules::name); loading checks it.
    pub rules: String,
    /// The level the game plays under.
    pub level: Level,
    /// The state [`reset`](crate::Game::reset) returns to.
    #[serde(deserialize_with = "crate::state::form::read")]
    pub initial: Snapshot,
    /// The current state.
    #[serde(deserialize_with = "crate::state::form::read")]
    pub state: Snapshot,
}

/// A cell in notation: `A`, `B-`, `*`, `.`, `#`, `_`, `%2`.
fn cell_token(cell: Cell) -> String {
    let mut s = String::new();
    write_cell(&mut s, cell).expect("writing to a String");
    s
}

/// A cell from its token. Each token is one cell, so a marker needs no rules' table: after
/// a letter it is a coloured special, alone a colourless one.
fn cell_from_token(token: &str) -> Option<Cell> {
    let mut chars = token.chars();
    let first = chars.next()?;
    let second = chars.next();
    if chars.next().is_some() {
        return None;
    }
    match (first, second) {
        ('.', None) => Some(Cell::Empty),
        ('#', None) => Some(Cell::Blocker),
        ('_', None) => Some(Cell::Hole),
        ('%', None) => Some(Cell::Crate(1)),
        ('%', Some(digit @ '1'..='3')) => Some(Cell::Crate(digit as u8 - b'0')),
        (letter, None) if letter.is_ascii_uppercase() => {
            Color::from_letter(letter).map(|c| Cell::Piece(Piece::plain(c)))
        }
        (marker, None) => Special::new(marker).map(|s| Cell::Piece(Piece::colorless(s))),
        (letter, Some(marker)) => {
            let color = Color::from_letter(letter)?;
            Special::new(marker).map(|s| Cell::Piece(Piece::new(color, s)))
        }
    }
}

/// A cell with its layers, from a board row's token (`A@~`): the cell's token, then `@`
/// and `~`s.
fn cell_with_layers(token: &str) -> Option<(Cell, Layers)> {
    let base = token.trim_end_matches(['@', '~']);
    let mods = &token[base.len()..];
    let locks = mods.matches('@').count();
    let jelly = mods.matches('~').count();
    if locks > 1 || jelly > usize::from(MAX_JELLY) {
        return None;
    }
    let layers = Layers {
        jelly: jelly as u8,
        locked: locks == 1,
    };
    Some((cell_from_token(base)?, layers))
}

impl Serialize for Color {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&self.letter())
    }
}

impl<'de> Deserialize<'de> for Color {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        let mut chars = text.chars();
        match (chars.next().and_then(Color::from_letter), chars.next()) {
            (Some(c), None) => Ok(c),
            _ => Err(D::Error::custom(format!(
                "{text:?} is not a colour letter A-Z"
            ))),
        }
    }
}

impl Serialize for Piece {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&cell_token(Cell::Piece(*self)))
    }
}

impl<'de> Deserialize<'de> for Piece {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        cell_from_token(&text)
            .and_then(Cell::piece)
            .ok_or_else(|| D::Error::custom(format!("{text:?} is not a piece in notation")))
    }
}

impl Serialize for Cell {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&cell_token(*self))
    }
}

impl<'de> Deserialize<'de> for Cell {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        cell_from_token(&text)
            .ok_or_else(|| D::Error::custom(format!("{text:?} is not a cell in notation")))
    }
}

#[derive(Serialize, Deserialize)]
struct BoardData {
    /// Each row's cell tokens, separated by spaces.
    rows: Vec<String>,
    /// The ids of the occupied cells, row-major.
    ids: Vec<u32>,
}

impl Serialize for Board {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let rows = (0..self.rows())
            .map(|r| {
                let cells = self.row(r).unwrap_or_default();
                let tokens: Vec<String> = (cells.iter().enumerate())
                    .map(|(c, &cell)| {
                        let layers = self.layers(Pos::new(r as u8, c as u8));
                        format!("{}{layers}", cell_token(cell))
                    })
                    .collect();
                tokens.join(" ")
            })
            .collect();
        let ids = self.iter().filter_map(|(pos, _)| self.id(pos)).collect();
        BoardData { rows, ids }.serialize(s)
    }
}

impl<'de> Deserialize<'de> for Board {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let data = BoardData::deserialize(d)?;
        let mut cells = Vec::new();
        let mut layers = Vec::new();
        let mut cols = None;
        for (r, row) in data.rows.iter().enumerate() {
            let mut n = 0;
            for token in row.split_whitespace() {
                let (cell, layer) = cell_with_layers(token).ok_or_else(|| {
                    D::Error::custom(format!("row {r}, col {n}: {token:?} is not a cell"))
                })?;
                cells.push(cell);
                layers.push(layer);
                n += 1;
            }
            if *cols.get_or_insert(n) != n {
                return Err(D::Error::custom(format!(
                    "row {r} has {n} cells, row 0 more or fewer"
                )));
            }
        }
        let size = Size::new(data.rows.len(), cols.unwrap_or(0)).map_err(D::Error::custom)?;
        let mut board = Board::from_cells(size, cells).map_err(D::Error::custom)?;
        for (pos, layer) in size.positions().zip(layers) {
            if !layer.is_none() {
                board.set_layers(pos, layer).map_err(D::Error::custom)?;
            }
        }
        let occupied: Vec<Pos> = board
            .iter()
            .filter(|(_, c)| c.is_occupied())
            .map(|(p, _)| p)
            .collect();
        if occupied.len() != data.ids.len() {
            return Err(D::Error::custom(format!(
                "{} ids for {} occupied cells",
                data.ids.len(),
                occupied.len()
            )));
        }
        for (pos, id) in occupied.into_iter().zip(data.ids) {
            let cell = board.at(pos);
            board.set(pos, cell, id).expect("on the board");
        }
        Ok(board)
    }
}
