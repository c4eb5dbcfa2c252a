//! What an environment observes, written into byte buffers: the compact board (one code
//! a cell), one-hot planes (plane-major, or cell-major as an image's channels), the
//! rendered picture, and the numbers beside the board (moves left, goal progress, the
//! next piece).
//!
//! The compact code of a piece is its colour's index (A = 0 … Z = 25; specials keep
//! their colour), of a colourless piece (a colour bomb) 26; the other cells are negative.

use match3_core::{Board, Cell, Color, Game, Layers, Piece, Pos, Rules, SpecialKind};

use crate::render::Tiles;

/// An empty cell.
pub const EMPTY: i8 = -1;
/// A blocker.
pub const BLOCKER: i8 = -2;
/// A hole (outside the board's shape).
pub const HOLE: i8 = -3;
/// A crate.
pub const CRATE: i8 = -4;
/// A piece without a colour.
pub const COLORLESS: i8 = 26;

/// Pixels a cell's side in the `rgb` observation: an 8 × 8 board is a 64 × 64 picture,
/// large enough for the usual convolutional front ends.
pub const OBS_CELL_PIXELS: usize = 8;

/// The value an image observation gives a set plane (`uint8` images span 0–255).
const IMAGE_ON: u8 = 255;

/// Writes `board`'s compact codes into `out` (rows × cols cells), as bytes of `int8`.
///
/// This runs for every environment step: on a board of at most 64 cells the colour
/// planes give every piece's code at once ([`Board::write_color_indices`]), and only the
/// cells without a colour (none on most boards) are read one by one; that measured half
/// the instructions of a pass over the cells.
pub fn board(board: &Board, out: &mut [u8]) {
    match board.write_color_indices(out) {
        Some(true) => {}
        Some(false) => {
            let cols = board.cols().max(1);
            for (i, code) in out.iter_mut().take(board.rows() * cols).enumerate() {
                if *code == Board::NO_COLOR {
                    *code = other(board.at(Pos::new((i / cols) as u8, (i % cols) as u8))) as u8;
                }
            }
        }
        None => by_cells(board, out),
    }
}

/// [`board`] a cell at a time (boards of more than 64 cells).
fn by_cells(board: &Board, out: &mut [u8]) {
    let cols = board.cols();
    for (r, slots) in out.chunks_exact_mut(cols).enumerate() {
        for (slot, &cell) in slots.iter_mut().zip(board.row(r).unwrap_or_default()) {
            // A coloured piece, nearly every cell, costs one comparison; a `match` over
            // every case (a jump table) measured three times the instructions.
            *slot = match cell.color() {
                Some(c) => c.index(),
                None => other(cell) as u8,
            };
        }
    }
}

#[cold]
fn other(cell: Cell) -> i8 {
    match cell {
        Cell::Empty => EMPTY,
        Cell::Blocker => BLOCKER,
        Cell::Hole => HOLE,
        Cell::Crate(_) => CRATE,
        Cell::Piece(_) => COLORLESS,
    }
}

/// How observations are laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// `int8`: one code a cell.
    Compact,
    /// `onehot`: planes × rows × cols of 0 and 1.
    Planes,
    /// `image`: rows × cols × planes of 0 and 255 (`uint8`, channels last).
    Image,
    /// `rgb`: the rendered board, [`OBS_CELL_PIXELS`] a cell, × 3 channels.
    Rgb,
    /// `dict`: the planes, and beside them moves left, goals and the next piece.
    Dict,
}

impl Mode {
    /// The mode named `name` (the Python `obs_mode`).
    pub fn named(name: &str) -> Result<Mode, String> {
        Ok(match name {
            "int8" => Mode::Compact,
            "onehot" => Mode::Planes,
            "image" => Mode::Image,
            "rgb" => Mode::Rgb,
            "dict" => Mode::Dict,
            _ => {
                return Err(format!(
                    "obs_mode {name:?}: give 'int8', 'onehot', 'image', 'rgb' or 'dict'"
                ));
            }
        })
    }

    /// The name [`Mode::named`] reads.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Compact => "int8",
            Mode::Planes => "onehot",
            Mode::Image => "image",
            Mode::Rgb => "rgb",
            Mode::Dict => "dict",
        }
    }
}

/// Planes after the colours' and before the specials': colourless, empty, blocker,
/// hole, crate.
const CELL_PLANES: usize = 5;
/// Planes after the specials': jelly (any layer), locked, jelly (two layers), crate
/// health at least 2, at least 3.
const LAYER_PLANES: usize = 5;

/// An observation's layout for a palette, the rules' special kinds, the level's goals
/// and the board's size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Obs {
    pub mode: Mode,
    colors: usize,
    kinds: usize,
    goals: usize,
    rows: usize,
    cols: usize,
}

impl Obs {
    pub fn new(
        mode: Mode,
        colors: u8,
        kinds: usize,
        goals: usize,
        rows: usize,
        cols: usize,
    ) -> Obs {
        Obs {
            mode,
            colors: usize::from(colors),
            kinds,
            goals,
            rows,
            cols,
        }
    }

    /// One-hot planes a cell.
    pub fn planes(&self) -> usize {
        self.colors + CELL_PLANES + self.kinds + LAYER_PLANES
    }

    /// The board array's shape (without the environment axis).
    pub fn shape(&self) -> Vec<usize> {
        let (rows, cols, px) = (self.rows, self.cols, OBS_CELL_PIXELS);
        match self.mode {
            Mode::Compact => vec![rows, cols],
            Mode::Planes | Mode::Dict => vec![self.planes(), rows, cols],
            Mode::Image => vec![rows, cols, self.planes()],
            Mode::Rgb => vec![rows * px, cols * px, 3],
        }
    }

    /// Bytes of one board array.
    pub fn len(&self) -> usize {
        self.shape().iter().product()
    }

    /// Entries of the next piece's one-hot vector: a colour plane per colour of the
    /// palette, colourless, and a plane per special kind.
    pub fn next_len(&self) -> usize {
        self.colors + 1 + self.kinds
    }

    /// `int32` entries beside the board of a `dict` observation (0 in other modes):
    /// moves left, each goal's progress and target, the next piece.
    pub fn extras_len(&self) -> usize {
        match self.mode {
            Mode::Dict => 1 + 2 * self.goals + self.next_len(),
            _ => 0,
        }
    }

    /// Writes `board` (of rules with `kinds` special kinds) into `out` ([`len`](Obs::len)
    /// bytes); `rgb` pastes the pictures of `tiles`.
    pub fn write(&self, board: &Board, kinds: &[SpecialKind], tiles: &Tiles, out: &mut [u8]) {
        let cells = self.rows * self.cols;
        let depth = self.planes();
        match self.mode {
            Mode::Compact => self::board(board, out),
            Mode::Rgb => tiles.paint(board, kinds, out),
            Mode::Planes | Mode::Dict => {
                out.fill(0);
                self.each_hot(board, kinds, |i, p| out[p * cells + i] = 1);
            }
            Mode::Image => {
                out.fill(0);
                self.each_hot(board, kinds, |i, p| out[i * depth + p] = IMAGE_ON);
            }
        }
    }

    /// Calls `set(i, plane)` for every cell `i` (row-major) and each plane that is 1 for
    /// it (see [`hot`](Obs::hot)). On a board that never held an obstacle a plain
    /// coloured piece (nearly every cell) has its colour's plane only, found without
    /// asking for its layers or its special: this runs for every cell of every step.
    fn each_hot(&self, board: &Board, kinds: &[SpecialKind], mut set: impl FnMut(usize, usize)) {
        let plain_cells = !board.has_obstacles();
        for (i, (pos, cell)) in board.iter().enumerate() {
            let plain = match cell {
                Cell::Piece(piece) if plain_cells && piece.special().is_none() => piece.color(),
                _ => None,
            };
            match plain {
                Some(c) => set(i, self.color_plane(c)),
                None => self.hot(cell, board.layers(pos), kinds, |p| set(i, p)),
            }
        }
    }

    /// The plane of colour `c`. A palette's colours are below `colors`; the `min` only
    /// keeps a stray one inside the colour planes.
    fn color_plane(&self, c: Color) -> usize {
        usize::from(c.index()).min(self.colors.saturating_sub(1))
    }

    /// Calls `set` with each plane that is 1 for `cell` with `layers`: its cell plane,
    /// its special's, and its layers' (counts as thresholds: jelly ≥ 1, ≥ 2; crate
    /// health ≥ 1, ≥ 2, ≥ 3).
    fn hot(&self, cell: Cell, layers: Layers, kinds: &[SpecialKind], mut set: impl FnMut(usize)) {
        let colors = self.colors;
        set(match cell.color() {
            Some(c) => self.color_plane(c),
            None => match other(cell) {
                COLORLESS => colors,
                code => colors + code.unsigned_abs() as usize,
            },
        });
        let specials = colors + CELL_PLANES;
        if let Some(k) = special_index(cell.piece(), kinds) {
            set(specials + k);
        }
        let layer = specials + self.kinds;
        let health = match cell {
            Cell::Crate(h) => h,
            _ => 0,
        };
        let thresholds = [
            layers.jelly >= 1,
            layers.locked,
            layers.jelly >= 2,
            health >= 2,
            health >= 3,
        ];
        for (plane, on) in thresholds.into_iter().enumerate() {
            if on {
                set(layer + plane);
            }
        }
    }

    /// Writes the numbers beside the board ([`extras_len`](Obs::extras_len) entries):
    /// `moves_left`, each goal's progress and target (saturated to `int32`), the next
    /// piece one-hot (zeros when the rules deal none).
    pub fn write_extras<R: Rules>(&self, game: &Game<R>, moves_left: u32, out: &mut [i32]) {
        if out.is_empty() {
            return;
        }
        let (head, next) = out.split_at_mut(1 + 2 * self.goals);
        head[0] = saturate(u64::from(moves_left));
        let level = game.level();
        for (pair, goal) in head[1..].chunks_exact_mut(2).zip(&level.goals) {
            let p = game.state().goal_progress(*goal);
            pair[0] = saturate(p.progress);
            pair[1] = saturate(p.needed);
        }
        next.fill(0);
        let kinds = game.rules().special_kinds();
        if let Some(piece) = game.next_piece() {
            next[piece.color().map_or(self.colors, |c| self.color_plane(c))] = 1;
            if let Some(k) = special_index(Some(piece), kinds) {
                next[self.colors + 1 + k] = 1;
            }
        }
    }
}

/// The index of `piece`'s special kind among `kinds`, if it has one.
fn special_index(piece: Option<Piece>, kinds: &[SpecialKind]) -> Option<usize> {
    let special = piece.and_then(|p| p.special())?;
    kinds.iter().position(|k| k.special == special)
}

/// `v` as an `int32`, the largest one when it is larger.
fn saturate(v: u64) -> i32 {
    i32::try_from(v).unwrap_or(i32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use match3_core::{Game, GameConfig, Layers, NoTrace, Pos, Size};

    /// The compact codes of boards with specials, blockers, holes, empty cells and
    /// crates are each cell's, whether read from the colour planes (up to 64 cells) or
    /// cell by cell.
    #[test]
    fn compact_codes_are_each_cells() {
        let bomb = match3_core::Special::of('*');
        for (rows, cols, seed) in [(8, 8, 1), (7, 7, 2), (3, 5, 3), (9, 8, 4)] {
            let config = GameConfig {
                size: Size::new(rows, cols).unwrap(),
                colors: 6,
                seed,
                blocker_percent: 10,
            };
            let rules = match3_app::Registry::builtin()
                .get("lines")
                .unwrap()
                .rules();
            let mut board = Game::new(rules, config).unwrap().board().clone();
            for (i, cell) in [Cell::Empty, Cell::Hole, Cell::Crate(2)]
                .into_iter()
                .enumerate()
            {
                board.set(Pos::new(i as u8, 1), cell, 0).unwrap();
            }
            board
                .set(Pos::new(2, 2), Cell::Piece(Piece::colorless(bomb)), 0)
                .unwrap();
            let mut fast = vec![7; rows * cols];
            self::board(&board, &mut fast);
            let mut each = vec![7; rows * cols];
            by_cells(&board, &mut each);
            assert_eq!(fast, each, "{rows}x{cols}");
            assert!(each.contains(&(HOLE as u8)) && each.contains(&(COLORLESS as u8)));
        }
    }

    /// The planes and the image of boards with specials, blockers, empty cells, jelly,
    /// locks and crates are each cell's [`Obs::hot`] planes, fast path or not.
    #[test]
    fn planes_are_every_cells_hot_planes() {
        let rules = match3_app::Registry::builtin()
            .get("lines")
            .unwrap()
            .rules();
        let kinds = rules.special_kinds().to_vec();
        let config = GameConfig {
            size: Size::new(7, 9).unwrap(),
            colors: 5,
            seed: 3,
            blocker_percent: 10,
        };
        let mut game = Game::new(rules, config).unwrap();
        let mut draw = match3_core::GameRng::new(1);
        for turn in 0..60 {
            let mut board = game.board().clone();
            board.set(Pos::new(0, 0), Cell::Empty, 0).unwrap();
            if turn % 2 == 1 {
                let layers = Layers {
                    jelly: 2,
                    locked: turn % 4 == 1,
                };
                board.set_layers(Pos::new(1, 1), layers).unwrap();
                board.set(Pos::new(2, 2), Cell::Crate(3), 99).unwrap();
            }
            for mode in [Mode::Planes, Mode::Image] {
                let obs = Obs::new(mode, 5, kinds.len(), 0, 7, 9);
                let mut fast = vec![7; obs.len()];
                obs.write(&board, &kinds, &Tiles::default(), &mut fast);
                let mut each = vec![0; obs.len()];
                let (cells, depth) = (63, obs.planes());
                for (i, (pos, cell)) in board.iter().enumerate() {
                    obs.hot(cell, board.layers(pos), &kinds, |p| match mode {
                        Mode::Planes => each[p * cells + i] = 1,
                        _ => each[i * depth + p] = IMAGE_ON,
                    });
                }
                assert_eq!(fast, each, "turn {turn}, {mode:?}");
            }
            let Some(mv) = game.pick_legal_move(|n| draw.below(n as u32) as usize) else {
                break;
            };
            game.play_with(mv, &mut NoTrace).unwrap();
        }
    }
}
