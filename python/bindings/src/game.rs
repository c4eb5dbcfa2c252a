//! `Game`: one game, with the command line's JSON shapes (moves, traces, goals) passed as
//! JSON text that the Python wrapper turns into dicts.

use match3_app::level::Opened;
use match3_app::start::{GameRequest, LevelSource};
use match3_app::{SharedRules, Variant};
use match3_bots::{AnyBot, Bot as _};
use match3_core::{Cell, Game as CoreGame, Move, Pos, Rules, SavedGame, Size};
use numpy::{PyArray2, PyArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// A `ValueError` with the engine's message.
pub fn bad(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

#[pyclass(module = "match3._core")]
pub struct Game {
    game: CoreGame<SharedRules>,
    variant: Variant,
    /// The level file the game started from, and the seed of its deal.
    level: Option<(Opened, u64)>,
}

impl Game {
    /// A copy of the engine's game (rules are boxed, so through its saved form).
    pub fn copy(&self) -> PyResult<CoreGame<SharedRules>> {
        CoreGame::load(self.variant.rules(), self.game.save()).map_err(bad)
    }

    /// The game's variant.
    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// The level file the game started from, with its deal's seed.
    pub fn level_file(&self) -> Option<(&Opened, u64)> {
        self.level.as_ref().map(|(l, s)| (l, *s))
    }
}

/// Whether `rules` (when given) are those of `level`, read from `path` (said in Python's
/// words: the command line's check names its flag).
pub fn agree(level: &Opened, path: &str, rules: Option<&str>) -> Result<(), String> {
    match rules {
        Some(given) if given != level.variant.name() => Err(format!(
            "rules='{given}' disagrees with the level file {path}, which is for the {} rules \
             (leave rules out to use the file's)",
            level.variant.name()
        )),
        _ => Ok(()),
    }
}

/// The game a Python call names, for [`GameRequest`] to check and start as the command
/// line and the playground do. A level names its own rules: `rules` is left out then,
/// and a disagreeing one refused by [`agree`], in Python's words, once the file is read.
pub fn request(
    rules: Option<&str>,
    level: Option<&str>,
    seed: u64,
    size: Option<(usize, usize)>,
    colors: Option<u8>,
    blockers: u8,
) -> PyResult<GameRequest> {
    Ok(GameRequest {
        rules: rules.filter(|_| level.is_none()).map(str::to_string),
        level: level.map(|path| LevelSource::File(path.into())),
        seed,
        size: (size.map(|(r, c)| Size::new(r, c)).transpose()).map_err(bad)?,
        colors,
        blockers,
        ..GameRequest::default()
    })
}

/// A row-major array of `rows` × `cols` from `cells`.
fn grid<'py, T: numpy::Element>(
    py: Python<'py>,
    cells: Vec<T>,
    rows: usize,
    cols: usize,
) -> PyResult<Bound<'py, PyArray2<T>>> {
    numpy::PyArray1::from_vec(py, cells).reshape([rows, cols])
}

/// A move from its JSON shape: `{"swap": [[r, c], [r, c]]}`, `{"drop": c}`, `{"tap": [r, c]}`.
pub fn parse_move(text: &str) -> Result<Move, String> {
    let v: serde_json::Value = serde_json::from_str(text).map_err(|e| format!("a move: {e}"))?;
    let pos = |p: &serde_json::Value| -> Option<Pos> {
        let r = u8::try_from(p.get(0)?.as_u64()?).ok()?;
        let c = u8::try_from(p.get(1)?.as_u64()?).ok()?;
        Some(Pos::new(r, c))
    };
    let shape = || {
        format!(
            "{text}: give {{\"swap\": [[r, c], [r, c]]}}, {{\"drop\": c}} or {{\"tap\": [r, c]}}"
        )
    };
    if let Some(s) = v.get("swap") {
        let (a, b) = (s.get(0).and_then(pos), s.get(1).and_then(pos));
        return a.zip(b).map(|(a, b)| Move::Swap(a, b)).ok_or_else(shape);
    }
    if let Some(c) = v.get("drop") {
        return c
            .as_u64()
            .and_then(|c| u8::try_from(c).ok())
            .map(Move::Drop)
            .ok_or_else(shape);
    }
    v.get("tap").and_then(pos).map(Move::Tap).ok_or_else(shape)
}

#[pymethods]
impl Game {
    /// A new game of `rules`: a generated board of `size` with `colors` colours and
    /// `blockers` percent of blockers from `seed` (the variant's defaults when not
    /// given), `board` in notation (a preset name too), or the level file `level` (its
    /// random cells drawn from `seed`). Checked as the command line and the playground
    /// check a game to start ([`GameRequest`]).
    #[new]
    #[pyo3(signature = (rules=None, size=None, colors=None, seed=0, board=None, level=None, blockers=0))]
    fn new(
        rules: Option<&str>,
        size: Option<(usize, usize)>,
        colors: Option<u8>,
        seed: u64,
        board: Option<&str>,
        level: Option<&str>,
        blockers: u8,
    ) -> PyResult<Game> {
        let registry = crate::registry()?;
        let request = GameRequest {
            board: board.map(str::to_string),
            ..request(rules.or(Some("lines")), level, seed, size, colors, blockers)?
        };
        let started = request.start(registry).map_err(bad)?;
        let level = match (started.level, level) {
            (Some(opened), Some(path)) => {
                agree(&opened, path, rules).map_err(bad)?;
                Some((opened, seed))
            }
            _ => None,
        };
        Ok(Game {
            game: started.game,
            variant: started.variant,
            level,
        })
    }

    /// Plays a move given as JSON; the turn's trace as JSON (`resolve --json`'s
    /// `opening`, `phases`, `shuffle`). A refused move raises ValueError and changes
    /// nothing.
    fn play_json(&mut self, mv: &str) -> PyResult<String> {
        let mv = parse_move(mv).map_err(bad)?;
        let trace = self
            .game
            .play(mv)
            .map_err(|e| bad(format!("illegal move {mv}: {e}")))?;
        Ok(match3_app::json::trace(&trace).to_string())
    }

    /// The legal moves as a JSON array.
    fn legal_moves_json(&self) -> String {
        let moves: Vec<_> = self
            .game
            .legal_moves()
            .into_iter()
            .map(match3_app::json::mv)
            .collect();
        serde_json::Value::Array(moves).to_string()
    }

    /// The board as an `int8` array (see the module's encoding constants).
    #[getter]
    fn board<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<i8>>> {
        let b = self.game.board();
        let mut bytes = vec![0u8; b.rows() * b.cols()];
        crate::encode::board(b, &mut bytes);
        let cells = bytes.into_iter().map(|b| b as i8).collect();
        grid(py, cells, b.rows(), b.cols())
    }

    /// What the board's `int8` codes leave out, as arrays of its shape: `special` (0 for
    /// none, else 1 + the index of the kind in `special_kinds`), `jelly` (layers left),
    /// `locked` (bool) and `crate` (health left, 0 for none).
    fn layers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let b = self.game.board();
        let kinds = self.game.rules().special_kinds();
        let (mut special, mut jelly, mut locked, mut crates) = (vec![], vec![], vec![], vec![]);
        for (pos, cell) in b.iter() {
            let kind = cell.piece().and_then(|p| p.special());
            let index = kind.and_then(|k| kinds.iter().position(|s| s.special == k));
            special.push(index.map_or(0, |i| i as i8 + 1));
            let layers = b.layers(pos);
            jelly.push(layers.jelly as i8);
            locked.push(layers.locked);
            crates.push(if let Cell::Crate(h) = cell {
                h as i8
            } else {
                0
            });
        }
        let (rows, cols) = (b.rows(), b.cols());
        let out = PyDict::new(py);
        out.set_item("special", grid(py, special, rows, cols)?)?;
        out.set_item("jelly", grid(py, jelly, rows, cols)?)?;
        out.set_item("locked", grid(py, locked, rows, cols)?)?;
        out.set_item("crate", grid(py, crates, rows, cols)?)?;
        Ok(out)
    }

    /// The names of the rules' special kinds, in the order `layers()["special"]` counts.
    #[getter]
    fn special_kinds(&self) -> Vec<&'static str> {
        self.game
            .rules()
            .special_kinds()
            .iter()
            .map(|k| k.name)
            .collect()
    }

    /// The level's goals as JSON (`[]` without a level): each goal's kind, progress and
    /// whether it is met, as the command line prints them.
    fn goals_json(&self) -> String {
        match3_app::json::goals(&self.game).to_string()
    }

    /// The move `bot` would play here as JSON (`null` when none is legal).
    fn bot_move_json(&self, bot: &mut Bot) -> String {
        let mv = bot.bot.choose(&self.game);
        mv.map_or(serde_json::Value::Null, match3_app::json::mv)
            .to_string()
    }

    /// The board in notation.
    #[getter]
    fn notation(&self) -> String {
        self.game.board().to_string()
    }

    #[getter]
    fn score(&self) -> u64 {
        self.game.score()
    }

    #[getter]
    fn moves(&self) -> u32 {
        self.game.moves()
    }

    #[getter]
    fn status(&self) -> &'static str {
        self.game.status().as_str()
    }

    #[getter]
    fn moves_left(&self) -> Option<u32> {
        self.game.moves_left()
    }

    #[getter]
    fn rules(&self) -> String {
        self.game.rules().name().to_string()
    }

    /// The game as JSON text, for `Game.load`.
    fn save(&self) -> PyResult<String> {
        serde_json::to_string(&self.game.save()).map_err(bad)
    }

    /// A game saved by `save`.
    #[staticmethod]
    fn load(text: &str) -> PyResult<Game> {
        let saved: SavedGame =
            serde_json::from_str(text).map_err(|e| bad(format!("not a saved game: {e}")))?;
        let registry = crate::registry()?;
        let variant = registry.get(&saved.rules).map_err(bad)?.clone();
        Ok(Game {
            game: CoreGame::load(variant.rules(), saved).map_err(bad)?,
            variant,
            level: None,
        })
    }
}

/// A bot: `random`, `greedy`, `greedy-known`, `lookahead` or `mcts`, with its own seeded
/// generator.
#[pyclass(module = "match3._core")]
pub struct Bot {
    bot: AnyBot,
    name: &'static str,
}

#[pymethods]
impl Bot {
    #[new]
    #[pyo3(signature = (name, seed=0))]
    fn new(name: &str, seed: u64) -> PyResult<Bot> {
        let kind = crate::run::bot_kind(name)?;
        Ok(Bot {
            bot: kind.build(seed),
            name: kind.name(),
        })
    }

    #[getter]
    fn name(&self) -> &'static str {
        self.name
    }
}
