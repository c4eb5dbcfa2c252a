//! `POST /api/restore`: a game the server no longer has (it restarted, or evicted the game
//! to make room) starts again from the copy the page kept. The copy is the engine's own
//! save ([`Game::save`] as JSON text, which every state carries as `save`), loaded by
//! [`Game::load`] and so checked like any input, with the sample level it claims and its
//! move record.
//! When the record covers the whole game it is replayed from the start, and must lead
//! to exactly the saved state: undo then works as before the restart.

use std::collections::VecDeque;

use axum::Json;
use axum::extract::State;
use axum::extract::rejection::JsonRejection;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use match3_app::RegistryError;
use match3_core::{Game, Move, MoveError, NoTrace, Pos, SavedGame, SetupError, Snapshot};
use serde::Deserialize;

use super::api::{CreateError, Shared, full, off_workers, sample_file, state};
use super::errors::ApiError;
use super::sessions::{MAX_SIDE, RECORD_LENGTH, Session, UNDO_DEPTH};
use crate::input::excerpt;
use crate::registry::Registry;
use crate::variant::SharedRules;

/// The longest move in a record, as text (`swap (15,15) (15,14)` is 21 characters).
const MOVE_TEXT_LENGTH: usize = 32;

/// `POST /api/restore`: what the page kept of a game.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Restore {
    /// The engine's save: the JSON text the state's `save` gave (or the save itself, as
    /// a JSON object, from a client whose numbers keep 64 bits).
    pub save: serde_json::Value,
    /// The sample level the game plays, if any.
    pub level: Option<String>,
    /// The moves played since the start, as the state's `record` gave them.
    #[serde(default)]
    pub record: Vec<String>,
}

/// `POST /api/restore`: 201 with the restored game's state under a new id; 400 saying
/// what is wrong with a copy that cannot be restored; 503 when the store is full of
/// games in play, as for a create. The save is loaded and the record replayed on a
/// blocking thread.
pub async fn restore(
    State(app): State<Shared>,
    body: Result<Json<Restore>, JsonRejection>,
) -> Result<Response, ApiError> {
    let Json(req) = body?;
    app.sessions.room().map_err(full)?;
    let state = off_workers(move || {
        let session = restored(&app.variants, req)
            .map_err(|e| ApiError::bad(format!("cannot restore this game: {e}")))?;
        let (id, game) = app.sessions.insert(session).map_err(full)?;
        // A new id no one else knows: the lock is free.
        let session = game.try_lock().expect("a game no one else has seen");
        Ok::<_, ApiError>(state(&id, &session))
    })
    .await??;
    Ok((StatusCode::CREATED, Json(state)).into_response())
}

/// A kept copy the server cannot restore: what is wrong with it.
#[derive(Debug, thiserror::Error)]
pub enum RestoreError {
    /// The save is not a saved game's JSON.
    #[error("the save is not a saved game: {0}")]
    NotASave(serde_json::Error),
    /// The save's rules are not a variant this server has.
    #[error(transparent)]
    Rules(#[from] RegistryError),
    /// The claimed level is not a sample level.
    #[error(transparent)]
    Level(#[from] CreateError),
    /// The save plays other rules, limits or goals than the claimed level.
    #[error("the save is not a game of the level {} (its rules, limit or goals differ)", excerpt(.0))]
    NotTheLevel(String),
    /// The save does not load under its rules.
    #[error(transparent)]
    Load(#[from] SetupError),
    /// The board is larger than the playground takes.
    #[error(
        "a {rows}x{cols} board is larger than the playground takes ({MAX_SIDE}x{MAX_SIDE} at most)"
    )]
    TooLarge {
        /// Its rows.
        rows: usize,
        /// Its columns.
        cols: usize,
    },
    /// More moves than the server keeps.
    #[error("a record of {0} moves is longer than the {RECORD_LENGTH} the server keeps")]
    RecordTooLong(usize),
    /// A record entry that is not a move.
    #[error("record move {}: {text:?} is not a move (\"swap (r,c) (r,c)\", \"drop c\" or \"tap (r,c)\")", .index + 1)]
    NotAMove {
        /// The entry's index, from 0.
        index: usize,
        /// Its text, cut to the longest a move can be.
        text: String,
    },
    /// A record move that is not legal where it is replayed.
    #[error("record move {} ({mv}) cannot be replayed: {source}", .index + 1)]
    Replay {
        /// The move's index, from 0.
        index: usize,
        /// The move.
        mv: Move,
        /// Why it cannot be played.
        source: MoveError,
    },
    /// The record, replayed, ends elsewhere than the save.
    #[error("the record does not lead to the saved state")]
    ElsewhereThanTheSave,
}

/// The session a kept copy describes, or what is wrong with it.
pub fn restored(variants: &Registry, req: Restore) -> Result<Session, RestoreError> {
    let save = saved(req.save)?;
    let variant = variants.get(&save.rules)?.clone();
    if let Some(name) = &req.level {
        check_level(name, &save)?;
    }
    let moves = parse_record(&req.record)?;
    let game = Game::load(variant.rules(), save)?;
    let (rows, cols) = (game.board().rows(), game.board().cols());
    if rows > MAX_SIDE || cols > MAX_SIDE {
        return Err(RestoreError::TooLarge { rows, cols });
    }
    let undo = replay(&game, &moves)?;
    let mut session = Session::new(game, variant, req.level);
    session.undo = undo;
    session.record = moves.into();
    Ok(session)
}

/// The save, from its JSON text or as an object.
fn saved(save: serde_json::Value) -> Result<SavedGame, RestoreError> {
    let parsed = match save {
        serde_json::Value::String(text) => serde_json::from_str(&text),
        other => serde_json::from_value(other),
    };
    parsed.map_err(RestoreError::NotASave)
}

/// A claimed sample level must exist and be the level the save plays.
fn check_level(name: &str, save: &SavedGame) -> Result<(), RestoreError> {
    let file = sample_file(name)?;
    if file.rules != save.rules || file.level != save.level {
        return Err(RestoreError::NotTheLevel(name.to_string()));
    }
    Ok(())
}

/// The record's moves: at most [`RECORD_LENGTH`], each as the record writes them.
fn parse_record(record: &[String]) -> Result<Vec<Move>, RestoreError> {
    if record.len() > RECORD_LENGTH {
        return Err(RestoreError::RecordTooLong(record.len()));
    }
    (record.iter().enumerate())
        .map(|(index, text)| {
            parse_move(text).ok_or_else(|| RestoreError::NotAMove {
                index,
                text: text.chars().take(MOVE_TEXT_LENGTH).collect(),
            })
        })
        .collect()
}

/// A move as a record writes it: `swap (0,2) (1,2)`, `drop 3` or `tap (4,1)`.
pub fn parse_move(text: &str) -> Option<Move> {
    if text.len() > MOVE_TEXT_LENGTH {
        return None;
    }
    let pos = |s: &str| -> Option<Pos> {
        let (r, c) = s.strip_prefix('(')?.strip_suffix(')')?.split_once(',')?;
        Some(Pos::new(r.parse().ok()?, c.parse().ok()?))
    };
    let (kind, rest) = text.split_once(' ')?;
    match kind {
        "swap" => {
            let (a, b) = rest.split_once(' ')?;
            Some(Move::Swap(pos(a)?, pos(b)?))
        }
        "tap" => Some(Move::Tap(pos(rest)?)),
        "drop" => Some(Move::Drop(rest.parse().ok()?)),
        _ => None,
    }
}

/// The undo steps of a game whose record covers it from the start: the record replayed
/// from the starting state must be legal and end on the current state. A record that
/// covers only the latest moves restores without undo.
fn replay(game: &Game<SharedRules>, moves: &[Move]) -> Result<VecDeque<Snapshot>, RestoreError> {
    let mut copy = game.borrowed();
    copy.reset();
    let played = game.moves().checked_sub(copy.moves());
    if played != Some(moves.len() as u32) {
        return Ok(VecDeque::new());
    }
    let mut undo = VecDeque::with_capacity(moves.len().min(UNDO_DEPTH));
    for (index, &mv) in moves.iter().enumerate() {
        if undo.len() == UNDO_DEPTH {
            undo.pop_front();
        }
        undo.push_back(copy.snapshot());
        (copy.play_with(mv, &mut NoTrace)).map_err(|source| RestoreError::Replay {
            index,
            mv,
            source,
        })?;
    }
    if copy.state() != game.state() {
        return Err(RestoreError::ElsewhereThanTheSave);
    }
    Ok(undo)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn record_moves_read_back_as_written() {
        for mv in [
            Move::Swap(Pos::new(0, 2), Pos::new(1, 2)),
            Move::Swap(Pos::new(15, 15), Pos::new(15, 14)),
            Move::Drop(7),
            Move::Tap(Pos::new(4, 1)),
        ] {
            assert_eq!(parse_move(&mv.to_string()), Some(mv), "{mv}");
        }
        for bad in [
            "",
            "swap",
            "swap (0,2)",
            "swap (0,2) (1,x)",
            "jump (0,1)",
            "drop -1",
            "tap 0,1",
            "swap (0,2) (1,2) (3,3)",
            &format!("drop {}", "9".repeat(40)),
        ] {
            assert_eq!(parse_move(bad), None, "{bad:?}");
        }
    }
}
