//! `Game`: one game, with the command line's JSON shapes (moves, traces, goals) passed as
//! JSON text that the Python wrapper turns into dicts.

use match3_cli::{Registry, SharedRules};
use match3_core::{Game as CoreGame, GameConfig, Move, Pos, SavedGame, Size};
use numpy::{PyArray2, PyArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

fn bad(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

#[pyclass(module = "match3._core")]
pub struct Game {
    game: CoreGame<SharedRules>,
}

/// A move from its JSON shape: `{"swap": [[r, c], [r, c]]}`, `{"drop": c}`, `{"tap": [r, c]}`.
fn parse_move(text: &str) -> Result<Move, String> {
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
    /// A new game of `rules`: a generated board of `size` with `colors` colours from
    /// `seed`, or `board` in notation (a preset name too).
    #[new]
    #[pyo3(signature = (rules="lines", size=(8, 8), colors=6, seed=0, board=None))]
    fn new(
        rules: &str,
        size: (usize, usize),
        colors: u8,
        seed: u64,
        board: Option<&str>,
    ) -> PyResult<Game> {
        let registry = Registry::builtin();
        let variant = registry.get(rules).map_err(bad)?;
        let game = match board {
            Some(text) => {
                CoreGame::from_board(variant.rules(), variant.board(text).map_err(bad)?, seed)
            }
            None => {
                let size = Size::new(size.0, size.1).map_err(bad)?;
                let config = GameConfig {
                    size,
                    colors,
                    seed,
                    blocker_percent: 0,
                };
                CoreGame::new(variant.rules(), config)
            }
        };
        Ok(Game {
            game: game.map_err(bad)?,
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
        Ok(match3_cli::json::trace(&trace).to_string())
    }

    /// The legal moves as a JSON array.
    fn legal_moves_json(&self) -> String {
        let moves: Vec<_> = self
            .game
            .legal_moves()
            .into_iter()
            .map(match3_cli::json::mv)
            .collect();
        serde_json::Value::Array(moves).to_string()
    }

    /// The board as an `int8` array (see the module's encoding constants).
    #[getter]
    fn board<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<i8>>> {
        let b = self.game.board();
        let mut cells = vec![0i8; b.rows() * b.cols()];
        crate::encode::board(b, &mut cells);
        numpy::PyArray1::from_vec(py, cells).reshape([b.rows(), b.cols()])
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
        let registry = Registry::builtin();
        let variant = registry.get(&saved.rules).map_err(bad)?;
        Ok(Game {
            game: CoreGame::load(variant.rules(), saved).map_err(bad)?,
        })
    }
}
