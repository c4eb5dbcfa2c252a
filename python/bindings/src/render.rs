//! Pictures and text of a board: an RGB image (`rows·px × cols·px × 3` bytes, each cell
//! a `px`-pixel tile) and the engine's notation laid out a row a line.
//!
//! A tile shows what the cell holds: a piece as its colour's shape (A a red circle, B a
//! blue square, C a green triangle, D a yellow diamond, E a violet hexagon, F an orange
//! star, G a teal cross, H a pink inverted triangle; further colours circles of other
//! hues; a colourless piece a rainbow circle), its special's marker drawn over it (a bar
//! for `-` and `|`, a cross for `+`, a dot for any other), a blocker as a dark square, a
//! crate as brown with a light dot per health point, a hole black. Jelly is a pink frame
//! (two layers: the whole ground pink too) and a lock a dashed white frame. The colours
//! are the playground's.

use std::fmt::Write as _;

use match3_core::{
    Board, Cell, Color, Game, Layers, MAX_JELLY, Piece, Pos, Rules, Special, SpecialKind,
    write_cell,
};

type Rgb = [u8; 3];

const GROUND: Rgb = [0x24, 0x23, 0x1f];
const HOLE: Rgb = [0, 0, 0];
const JELLY: Rgb = [0xd6, 0x8f, 0xc0];
const JELLY_DEEP: Rgb = [0x8a, 0x2f, 0x6e];
const LOCK: Rgb = [0xf4, 0xf4, 0xf4];
const BLOCKER: Rgb = [0x0c, 0x0c, 0x0b];
const BLOCKER_EDGE: Rgb = [0x77, 0x77, 0x77];
const CRATE: Rgb = [0xb0, 0x7a, 0x38];
const CRATE_DARK: Rgb = [0x8c, 0x5d, 0x22];
const CRATE_DOT: Rgb = [0xf0, 0xd2, 0xa0];
const MARKER: Rgb = [0x16, 0x16, 0x16];
/// A to H, as the playground colours them.
const PALETTE: [Rgb; 8] = [
    [0xff, 0x6b, 0x6b],
    [0x5a, 0xa9, 0xff],
    [0x4c, 0xc9, 0x5e],
    [0xff, 0xd2, 0x3f],
    [0xc4, 0x90, 0xff],
    [0xff, 0x9d, 0x42],
    [0x2f, 0xd4, 0xc4],
    [0xff, 0x82, 0xc6],
];

/// What a tile shows: everything about a cell that its picture depends on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Look {
    cell: Cell,
    marker: Option<char>,
    layers: Layers,
}

impl Look {
    fn of(board: &Board, pos: Pos, kinds: &[SpecialKind]) -> Look {
        let cell = board.at(pos);
        let special = cell.piece().and_then(|p| p.special());
        Look {
            cell,
            marker: special
                .and_then(|s| kinds.iter().find(|k| k.special == s))
                .map(|k| k.special.marker()),
            layers: board.layers(pos),
        }
    }

    /// The colour of pixel `(x, y)` of the tile, `px` pixels a side.
    fn pixel(&self, x: usize, y: usize, px: usize) -> Rgb {
        let edge = (px / 8).max(1);
        let frame = x < edge || y < edge || x + edge >= px || y + edge >= px;
        if self.layers.locked && frame && ((x + y) / edge).is_multiple_of(2) {
            return LOCK;
        }
        // Cell-relative coordinates in (-1, 1), y growing downwards.
        let at = |i: usize| (2 * i + 1) as f32 / px as f32 - 1.0;
        let (u, v) = (at(x), at(y));
        if let Some(c) = self.thing(u, v) {
            return c;
        }
        match (self.cell, self.layers.jelly) {
            (Cell::Hole, _) => HOLE,
            (_, 0) => GROUND,
            (_, 1) if !frame => GROUND,
            (_, _) if frame => JELLY,
            _ => JELLY_DEEP,
        }
    }

    /// The colour of what stands on the cell at `(u, v)`, if anything does there.
    fn thing(&self, u: f32, v: f32) -> Option<Rgb> {
        match self.cell {
            Cell::Piece(p) => {
                if self.marker.is_some_and(|m| on_marker(m, u, v)) {
                    return Some(MARKER);
                }
                match p.color() {
                    Some(c) => inside(c.index(), u, v).then(|| color(c.index())),
                    None => (u * u + v * v <= 0.64).then(|| rainbow(u, v)),
                }
            }
            Cell::Blocker => {
                let r = u.abs().max(v.abs());
                (r <= 0.8).then_some(if r > 0.6 { BLOCKER_EDGE } else { BLOCKER })
            }
            Cell::Crate(health) => {
                // A light dot per health point along the bottom, over diagonal planks.
                let dot = (0..health).any(|i| {
                    let cx = (f32::from(i) - f32::from(health - 1) / 2.0) * 0.5;
                    (u - cx).abs() < 0.16 && (v - 0.5).abs() < 0.16
                });
                let plank = ((u + v + 2.0) * 2.5) as i32 % 2 == 0;
                (u.abs() <= 0.85 && v.abs() <= 0.85).then_some(match (dot, plank) {
                    (true, _) => CRATE_DOT,
                    (false, true) => CRATE,
                    (false, false) => CRATE_DARK,
                })
            }
            Cell::Empty | Cell::Hole => None,
        }
    }

    /// Paints the tile into `out` (`px` × `px` × 3 bytes).
    fn paint(&self, px: usize, out: &mut [u8]) {
        for (i, rgb) in out.chunks_exact_mut(3).enumerate() {
            rgb.copy_from_slice(&self.pixel(i % px, i / px, px));
        }
    }
}

/// Whether `(u, v)` is inside colour `index`'s shape.
fn inside(index: u8, u: f32, v: f32) -> bool {
    let r = 0.8;
    let (au, av) = (u.abs(), v.abs());
    match index {
        1 => au <= r * 0.9 && av <= r * 0.9,
        2 => av <= r && au <= (v + r) / 2.0,
        3 => au + av <= r,
        4 => av <= r * 0.87 && au + av * 0.577 <= r,
        5 => {
            let (rad, angle) = ((u * u + v * v).sqrt(), v.atan2(u));
            rad <= r * (0.62 + 0.38 * (5.0 * angle + std::f32::consts::FRAC_PI_2).cos())
        }
        6 => (au <= r * 0.33 && av <= r) || (av <= r * 0.33 && au <= r),
        7 => av <= r && au <= (r - v) / 2.0,
        _ => u * u + v * v <= r * r,
    }
}

/// Colour `index`'s fill: the playground's for A to H, then hues spread round the wheel.
fn color(index: u8) -> Rgb {
    match PALETTE.get(usize::from(index)) {
        Some(&c) => c,
        None => hue(f32::from(index) * 137.5),
    }
}

/// A bright colour of hue `degrees`.
fn hue(degrees: f32) -> Rgb {
    let h = degrees.rem_euclid(360.0) / 60.0;
    let x = 1.0 - (h % 2.0 - 1.0).abs();
    let (r, g, b) = match h as u32 {
        0 => (1.0, x, 0.0),
        1 => (x, 1.0, 0.0),
        2 => (0.0, 1.0, x),
        3 => (0.0, x, 1.0),
        4 => (x, 0.0, 1.0),
        _ => (1.0, 0.0, x),
    };
    let scale = |c: f32| (60.0 + c * 190.0) as u8;
    [scale(r), scale(g), scale(b)]
}

/// A colourless piece: the hue of its angle.
fn rainbow(u: f32, v: f32) -> Rgb {
    hue(v.atan2(u).to_degrees())
}

/// Whether `(u, v)` is on the mark of a special with `marker`.
fn on_marker(marker: char, u: f32, v: f32) -> bool {
    let (au, av) = (u.abs(), v.abs());
    match marker {
        '-' => av <= 0.16 && au <= 0.7,
        '|' => au <= 0.16 && av <= 0.7,
        '+' => (av <= 0.14 && au <= 0.55) || (au <= 0.14 && av <= 0.55),
        _ => u * u + v * v <= 0.09,
    }
}

/// Copies `tile` (`px` × `px` × 3) onto cell `(r, c)` of `out`, an image `cols` cells
/// wide.
fn blit(tile: &[u8], r: usize, c: usize, cols: usize, px: usize, out: &mut [u8]) {
    let stride = cols * px * 3;
    for (y, line) in tile.chunks_exact(px * 3).enumerate() {
        let start = (r * px + y) * stride + c * px * 3;
        out[start..start + px * 3].copy_from_slice(line);
    }
}

/// Draws `board` (of rules with special `kinds`) into `out`, `px` pixels a cell:
/// `rows·px × cols·px × 3` bytes.
pub fn draw(board: &Board, kinds: &[SpecialKind], px: usize, out: &mut [u8]) {
    let mut tile = vec![0; px * px * 3];
    for (pos, _) in board.iter() {
        Look::of(board, pos, kinds).paint(px, &mut tile);
        let (r, c) = (usize::from(pos.row), usize::from(pos.col));
        blit(&tile, r, c, board.cols(), px, out);
    }
}

/// Every tile an observation can show, painted once, so that a picture is copied
/// together instead of drawn pixel by pixel: the `rgb` observation's painter. Tiles are
/// indexed by the cell's class (empty, blocker, hole, crate of health 1–3, then each
/// colour's plain and coloured-special pieces, then the colourless specials) and its
/// layers.
#[derive(Clone, Debug, Default)]
pub struct Tiles {
    px: usize,
    colors: u8,
    /// The rules' coloured and colourless special kinds, in the rules' order.
    colored: Vec<Special>,
    colorless: Vec<Special>,
    pixels: Vec<u8>,
}

/// Layer combinations a cell may have: jelly 0 to 2, locked or not.
const LAYERS: usize = (MAX_JELLY as usize + 1) * 2;
/// Classes before the pieces': empty, blocker, hole, crates of health 1, 2, 3.
const OTHERS: usize = 6;

impl Tiles {
    /// No tile: for observations without pictures.
    pub fn none() -> Tiles {
        Tiles::default()
    }

    /// The tiles of every plain or special piece of `colors` colours (or colourless)
    /// with any layers, and of the other cells, `px` pixels a side.
    pub fn new(colors: u8, kinds: &[SpecialKind], px: usize) -> Tiles {
        let pick = |colored: bool| -> Vec<Special> {
            (kinds.iter().filter(|k| k.colored == colored))
                .map(|k| k.special)
                .collect()
        };
        let mut tiles = Tiles {
            px,
            colors,
            colored: pick(true),
            colorless: pick(false),
            pixels: Vec::new(),
        };
        let classes =
            OTHERS + usize::from(colors) * (1 + tiles.colored.len()) + tiles.colorless.len();
        tiles.pixels = vec![0; classes * LAYERS * px * px * 3];
        let size = px * px * 3;
        for (i, tile) in tiles.pixels.chunks_exact_mut(size).enumerate() {
            let cell = cell_of(i / LAYERS, colors, &tiles.colored, &tiles.colorless);
            let layers = Layers {
                jelly: (i % LAYERS / 2) as u8,
                locked: i % 2 == 1,
            };
            let marker = cell.piece().and_then(|p| p.special()).map(|s| s.marker());
            Look {
                cell,
                marker,
                layers,
            }
            .paint(px, tile);
        }
        tiles
    }

    /// The index of `look`'s tile, if it has one.
    fn index(&self, look: &Look) -> Option<usize> {
        let class = match look.cell {
            Cell::Empty => 0,
            Cell::Blocker => 1,
            Cell::Hole => 2,
            Cell::Crate(h) => 2 + usize::from(h.clamp(1, 3)),
            Cell::Piece(p) => {
                let pieces = usize::from(self.colors) * (1 + self.colored.len());
                match (p.color(), p.special()) {
                    (Some(c), s) if c.index() < self.colors => {
                        let slot = match s {
                            None => 0,
                            Some(s) => 1 + self.colored.iter().position(|&k| k == s)?,
                        };
                        OTHERS + usize::from(c.index()) * (1 + self.colored.len()) + slot
                    }
                    (None, Some(s)) => {
                        OTHERS + pieces + self.colorless.iter().position(|&k| k == s)?
                    }
                    _ => return None,
                }
            }
        };
        let layers =
            usize::from(look.layers.jelly.min(MAX_JELLY)) * 2 + usize::from(look.layers.locked);
        Some(class * LAYERS + layers)
    }

    /// Draws `board` into `out` from the painted tiles (a cell without one, which a
    /// board of the palette and rules never has, is drawn on the spot).
    pub fn paint(&self, board: &Board, kinds: &[SpecialKind], out: &mut [u8]) {
        let (px, size) = (self.px, self.px * self.px * 3);
        for (pos, _) in board.iter() {
            let look = Look::of(board, pos, kinds);
            let (r, c) = (usize::from(pos.row), usize::from(pos.col));
            match self.index(&look) {
                Some(i) => blit(
                    &self.pixels[i * size..][..size],
                    r,
                    c,
                    board.cols(),
                    px,
                    out,
                ),
                None => {
                    let mut tile = vec![0; size];
                    look.paint(px, &mut tile);
                    blit(&tile, r, c, board.cols(), px, out);
                }
            }
        }
    }
}

/// The cell of tile class `class` ([`Tiles`]' order).
fn cell_of(class: usize, colors: u8, colored: &[Special], colorless: &[Special]) -> Cell {
    let per_color = 1 + colored.len();
    match class {
        0 => Cell::Empty,
        1 => Cell::Blocker,
        2 => Cell::Hole,
        3..=5 => Cell::Crate((class - 2) as u8),
        _ if class - OTHERS < usize::from(colors) * per_color => {
            let i = class - OTHERS;
            let Some(color) = Color::new((i / per_color) as u8) else {
                return Cell::Empty;
            };
            match (i % per_color).checked_sub(1) {
                None => Cell::Piece(Piece::plain(color)),
                Some(k) => Cell::Piece(Piece::new(color, colored[k])),
            }
        }
        _ => {
            let k = class - OTHERS - usize::from(colors) * per_color;
            colorless
                .get(k)
                .map_or(Cell::Empty, |&s| Cell::Piece(Piece::colorless(s)))
        }
    }
}

/// The board in the engine's notation, a row a line, each cell's token (with its
/// layers) padded to the widest so that columns line up; `match3.Game(rules, board=…)`
/// reads it back.
pub fn text(board: &Board) -> String {
    let tokens: Vec<String> = (board.iter())
        .map(|(pos, cell)| {
            let mut s = String::new();
            let _ = write_cell(&mut s, cell);
            let _ = write!(s, "{}", board.layers(pos));
            s
        })
        .collect();
    let width = tokens.iter().map(|t| t.chars().count()).max().unwrap_or(1);
    let mut out = String::new();
    for row in tokens.chunks(board.cols().max(1)) {
        let cells: Vec<String> = row.iter().map(|t| format!("{t:<width$}")).collect();
        out.push_str(cells.join(" ").trim_end());
        out.push('\n');
    }
    out
}

/// A game's numbers on a line: `score 120 · 97 moves left · playable`, then the next
/// piece (`· next C`) and each goal's progress (`· collect 30 A 12/30`) where it has them.
pub fn status<R: Rules>(game: &Game<R>, moves_left: u32) -> String {
    let mut line = format!(
        "score {} · {moves_left} moves left · {}",
        game.score(),
        game.status().as_str()
    );
    if let Some(piece) = game.next_piece() {
        let _ = write!(line, " · next {piece}");
    }
    for goal in game.goals() {
        let _ = write!(line, " · {} {}/{}", goal.goal, goal.progress, goal.needed);
    }
    line.push('\n');
    line
}
