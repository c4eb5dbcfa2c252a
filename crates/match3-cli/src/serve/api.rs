//! The JSON API (documented in `docs/serve.md`): start a game, look at it, play a move,
//! undo, reset, ask for a hint. Every error is JSON `{"error": "..."}` saying what was
//! wrong ([`ApiError`]); a rejected move also returns the unchanged state.
//!
//! No handler blocks the async workers: a request waits for its game's lock
//! asynchronously (at most [`Limits::game_wait`](super::Limits::game_wait), then 503),
//! and every piece of engine work (starting a game, a move, a state, a hint) runs on a
//! blocking thread. So one game's load (two hundred hints at once) never holds up the
//! requests of another.

use std::sync::Arc;

use axum::Json;
use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequestParts, Path, State};
use axum::http::StatusCode;
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};
use match3_core::topology::Directions;
use match3_core::{Cell, Move, MoveKind, Pos, Rules, Size, SizeParseError};
use match3_levels::{LevelError, LevelFile};
use serde::Deserialize;
use serde_json::{Value, json};

use super::Playground;
use super::errors::ApiError;
use super::levels::LEVELS;
use super::sessions::{MAX_SIDE, Session, Sessions};
use crate::input::excerpt;
use crate::json;
use crate::registry::Registry;
use match3_app::start::{GameRequest, LevelSource, StartError};

/// The server's shared state.
pub type Shared = Arc<Playground>;

/// `POST /api/games`: what game to start.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    /// A `--rules` name (optional with a level).
    pub rules: Option<String>,
    /// A board in notation, or a preset name.
    pub board: Option<String>,
    /// A sample level's name (see `GET /api/variants`).
    pub level: Option<String>,
    /// The game's seed (0 by default).
    pub seed: Option<u64>,
    /// Board size for a generated board, `ROWSxCOLS` (8x8 by default).
    pub size: Option<String>,
    /// Palette for a generated board.
    pub colors: Option<u8>,
    /// Chance of a blocker per cell of a generated board, in percent (0 by default).
    pub blockers: Option<u8>,
}

/// `POST /api/games/{id}/moves`: exactly one of the three.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    /// `[[r, c], [r, c]]`.
    pub swap: Option<[[u8; 2]; 2]>,
    /// A column.
    pub drop: Option<u8>,
    /// `[r, c]`.
    pub tap: Option<[u8; 2]>,
}

impl MoveRequest {
    fn to_move(&self) -> Result<Move, ApiError> {
        let p = |[r, c]: [u8; 2]| Pos::new(r, c);
        match (self.swap, self.drop, self.tap) {
            (Some([a, b]), None, None) => Ok(Move::Swap(p(a), p(b))),
            (None, Some(col), None) => Ok(Move::Drop(col)),
            (None, None, Some(at)) => Ok(Move::Tap(p(at))),
            _ => Err(ApiError::bad(
                "give exactly one of \"swap\": [[r, c], [r, c]], \"drop\": col, \"tap\": [r, c]",
            )),
        }
    }
}

/// The `{id}` of a game's route. A path that does not decode (`%FF`) is a 400 with a JSON
/// error, like any other bad request.
pub struct GameId(String);

impl<S: Send + Sync> FromRequestParts<S> for GameId {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<GameId, ApiError> {
        match Path::<String>::from_request_parts(parts, state).await {
            Ok(Path(id)) => Ok(GameId(id)),
            Err(e) => Err(ApiError::bad(format!(
                "bad game id: {}",
                crate::input::cut(&e.body_text(), 160)
            ))),
        }
    }
}

/// `GET /api/variants`: the registered variants (name, description, presets, move kinds,
/// the swaps they allow, specials with their notation markers) and the sample levels of
/// those variants.
pub async fn variants(State(app): State<Shared>) -> Json<Value> {
    let variants: Vec<Value> = (app.variants.iter())
        .map(|v| {
            let rules = v.rules();
            let specials: Vec<Value> = (rules.special_kinds().iter())
                .map(|k| json!({ "marker": k.special.marker().to_string(), "name": k.name }))
                .collect();
            json!({
                "name": v.name(),
                "description": v.description(),
                "presets": v.preset_names(),
                "moves": v.move_kinds(),
                "specials": specials,
                "swaps": swaps(&*rules),
            })
        })
        .collect();
    let levels: Vec<Value> = (LEVELS.iter())
        .filter_map(|(name, text)| {
            let file = LevelFile::parse(text, name).ok()?;
            app.variants.get(&file.rules).ok()?;
            Some(json!({ "name": name, "title": file.name, "rules": file.rules }))
        })
        .collect();
    Json(json!({ "variants": variants, "levels": levels }))
}

/// The steps `[dr, dc]` a swap may take from the first cell of its pair (in reading
/// order), from the rules' topology: `[[0, 1], [1, 0]]` side by side, and `[1, 1]`,
/// `[1, -1]` corner to corner; none when the rules take no swaps.
fn swaps(rules: &(dyn Rules + Send + Sync)) -> Vec<[i8; 2]> {
    if !rules.accepts(MoveKind::Swap) {
        return Vec::new();
    }
    let dirs = rules.directions();
    [
        (Directions::RIGHT, [0, 1]),
        (Directions::DOWN, [1, 0]),
        (Directions::DOWN_RIGHT, [1, 1]),
        (Directions::DOWN_LEFT, [1, -1]),
    ]
    .into_iter()
    .filter(|&(d, _)| dirs.contains(d))
    .map(|(_, step)| step)
    .collect()
}

/// `POST /api/games`: starts a game; 201 with its state. What the request asks for is
/// checked before any work; a store full of games in play answers 503.
pub async fn create(
    State(app): State<Shared>,
    body: Result<Json<NewGame>, JsonRejection>,
) -> Result<Response, ApiError> {
    let Json(req) = body?;
    check(&app.variants, &req).map_err(|e| ApiError::bad(e.to_string()))?;
    app.sessions.room().map_err(full)?;
    let state = off_workers(move || {
        let session = start(&app.variants, &req).map_err(|e| ApiError::bad(e.to_string()))?;
        let (id, game) = app.sessions.insert(session).map_err(full)?;
        // A new id no one else knows: the lock is free.
        let session = game.try_lock().expect("a game no one else has seen");
        Ok::<_, ApiError>(state(&id, &session))
    })
    .await??;
    Ok((StatusCode::CREATED, Json(state)).into_response())
}

/// The answer to a create when the store is full of games in play.
pub(super) fn full(full: super::sessions::Full) -> ApiError {
    ApiError::busy(
        "the server is full of games in play: try again later",
        full.retry_after,
    )
}

/// `GET /api/games/{id}`.
pub async fn show(State(app): State<Shared>, GameId(id): GameId) -> Result<Json<Value>, ApiError> {
    on_game(&app, &id, |id, session| state(id, session))
        .await
        .map(Json)
}

/// `POST /api/games/{id}/moves`: plays a move; the trace and the new state, or 422 with
/// the reason and the unchanged state.
pub async fn play(
    State(app): State<Shared>,
    GameId(id): GameId,
    body: Result<Json<MoveRequest>, JsonRejection>,
) -> Result<Response, ApiError> {
    let game = find(&app.sessions, &id)?;
    let Json(req) = body?;
    let mv = req.to_move()?;
    let played = with_game(&app, &id, game, move |id, session| match session.play(mv) {
        Ok(trace) => Ok(json!({
            "legal": true,
            "move": json::mv(mv),
            "trace": json::trace(&trace),
            "state": state(id, session),
        })),
        Err(e) => Err(json!({
            "legal": false,
            "error": format!("illegal move {mv}: {e}"),
            "state": state(id, session),
        })),
    });
    Ok(match played.await? {
        Ok(body) => Json(body).into_response(),
        Err(body) => (StatusCode::UNPROCESSABLE_ENTITY, Json(body)).into_response(),
    })
}

/// `POST /api/games/{id}/undo`: takes back the last move (409 when there is none).
pub async fn undo(State(app): State<Shared>, GameId(id): GameId) -> Result<Json<Value>, ApiError> {
    let undone = on_game(&app, &id, |id, session| {
        session.undo().then(|| state(id, session))
    });
    let state = undone
        .await?
        .ok_or_else(|| ApiError::new(StatusCode::CONFLICT, "nothing to undo"))?;
    Ok(Json(state))
}

/// `POST /api/games/{id}/reset`: back to the starting board.
pub async fn reset(State(app): State<Shared>, GameId(id): GameId) -> Result<Json<Value>, ApiError> {
    let reset = on_game(&app, &id, |id, session| {
        session.reset();
        state(id, session)
    });
    Ok(Json(reset.await?))
}

/// `GET /api/games/{id}/hint`: the move the MCTS bot prefers within a short time
/// ([`crate::hint`]); `null` when none is legal. A position's hint is found once and
/// kept, so many hint requests on one game cost one search; searches on different games
/// share [`Limits::hint_threads`](super::Limits::hint_threads) threads.
pub async fn hint(State(app): State<Shared>, GameId(id): GameId) -> Result<Json<Value>, ApiError> {
    let game = find(&app.sessions, &id)?;
    let mut session = lock(&app, &id, game).await?;
    let mv = match session.known_hint() {
        Some(mv) => mv,
        None => {
            let wait = app.limits.game_wait;
            let thinking = tokio::time::timeout(wait, Arc::clone(&app.hints).acquire_owned());
            let permit = (thinking.await.ok())
                .and_then(Result::ok)
                .ok_or_else(|| ApiError::busy("every hint thread is busy: try again", wait))?;
            off_workers(move || {
                let seed = u64::from(session.game.moves());
                let mv = crate::hint::hint(&session.game, seed);
                session.keep_hint(mv);
                drop(permit);
                mv
            })
            .await?
        }
    };
    Ok(Json(json!({ "move": mv.map(json::mv) })))
}

/// The game `id`, or 404 quoting a short excerpt of the id.
fn find(sessions: &Sessions, id: &str) -> Result<Arc<super::sessions::GameLock>, ApiError> {
    sessions.get(id).ok_or_else(|| {
        ApiError::new(
            StatusCode::NOT_FOUND,
            format!(
                "no game {}: it never existed or was evicted (the server keeps the {} most recently used)",
                excerpt(id),
                sessions.cap()
            ),
        )
    })
}

/// The game's lock, waited for at most the game wait (then 503: another request on the
/// same game holds it).
async fn lock(
    app: &Playground,
    id: &str,
    game: Arc<super::sessions::GameLock>,
) -> Result<tokio::sync::OwnedMutexGuard<Session>, ApiError> {
    let wait = app.limits.game_wait;
    tokio::time::timeout(wait, game.lock_owned())
        .await
        .map_err(|_| {
            let message = format!(
                "game {} is busy with other requests: try again",
                excerpt(id)
            );
            ApiError::busy(message, wait)
        })
}

/// Runs `work` on the game `id` off the async workers, once its lock is free.
async fn on_game<T: Send + 'static>(
    app: &Playground,
    id: &str,
    work: impl FnOnce(&str, &mut Session) -> T + Send + 'static,
) -> Result<T, ApiError> {
    let game = find(&app.sessions, id)?;
    with_game(app, id, game, work).await
}

/// [`on_game`] for a game already found.
async fn with_game<T: Send + 'static>(
    app: &Playground,
    id: &str,
    game: Arc<super::sessions::GameLock>,
    work: impl FnOnce(&str, &mut Session) -> T + Send + 'static,
) -> Result<T, ApiError> {
    let mut session = lock(app, id, game).await?;
    let id = id.to_string();
    off_workers(move || work(&id, &mut session)).await
}

/// Runs `work` on a blocking thread: the async workers keep answering meanwhile.
pub(super) async fn off_workers<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, ApiError> {
    (tokio::task::spawn_blocking(work).await)
        .map_err(|e| ApiError::internal(format!("the request failed: {e}")))
}

/// The longest board text a create takes: a 16×16 board with every marker and layer.
const MAX_BOARD_TEXT: usize = 4 << 10;

/// A create the server refuses, before any game is made.
#[derive(Debug, thiserror::Error)]
pub enum CreateError {
    /// A text longer than any valid one.
    #[error("\"{field}\" is {len} bytes, more than the {most} it can need")]
    TooLong {
        /// The request's field.
        field: &'static str,
        /// Its length in bytes.
        len: usize,
        /// The most it can need.
        most: usize,
    },
    /// A size that is not one.
    #[error("size: {0}")]
    Size(#[from] SizeParseError),
    /// A level that is not one of the samples.
    #[error("unknown level {}; see GET /api/variants", excerpt(.0))]
    UnknownLevel(String),
    /// A sample level that does not parse (a build's mistake).
    #[error(transparent)]
    Level(#[from] LevelError),
    /// The game cannot start: as every front end refuses it.
    #[error(transparent)]
    Start(#[from] StartError),
}

/// What a create asks for, checked before any work: the texts' lengths, then the
/// request as every front end checks it ([`GameRequest::target`]: the size, at most
/// [`MAX_SIDE`] a side, the palette, known rules and levels), without starting a game.
pub fn check(variants: &Registry, req: &NewGame) -> Result<(), CreateError> {
    request(req)?.target(variants, MAX_SIDE)?;
    Ok(())
}

/// The typed request of a create whose texts are not longer than they can need.
fn request(req: &NewGame) -> Result<GameRequest, CreateError> {
    for (field, text, most) in [
        ("rules", &req.rules, 64),
        ("level", &req.level, 64),
        ("size", &req.size, 16),
        ("board", &req.board, MAX_BOARD_TEXT),
    ] {
        if let Some(text) = text.as_ref().filter(|t| t.len() > most) {
            let len = text.len();
            return Err(CreateError::TooLong { field, len, most });
        }
    }
    let size = (req.size.as_deref()).map(str::parse::<Size>).transpose()?;
    Ok(GameRequest {
        rules: req.rules.clone(),
        board: req.board.clone(),
        level: req.level.as_deref().map(sample_level).transpose()?,
        seed: req.seed.unwrap_or(0),
        size,
        colors: req.colors,
        blockers: req.blockers.unwrap_or(0),
        // The page's "new game" on a variant with presets starts on the first one.
        preset_first: true,
    })
}

/// The sample level `name`, parsed.
fn sample_level(name: &str) -> Result<LevelSource, CreateError> {
    Ok(LevelSource::Parsed(Box::new(sample_file(name)?)))
}

/// The sample level file `name`, parsed.
pub fn sample_file(name: &str) -> Result<LevelFile, CreateError> {
    let (file_name, text) = (LEVELS.iter())
        .find(|(n, _)| *n == name)
        .ok_or_else(|| CreateError::UnknownLevel(name.to_string()))?;
    Ok(LevelFile::parse(text, file_name)?)
}

/// The game a request describes: a sample level, a board or preset, or a generated board
/// of at most [`MAX_SIDE`] a side. Every size is checked before the game is made.
pub fn start(variants: &Registry, req: &NewGame) -> Result<Session, CreateError> {
    let started = request(req)?.start_within(variants, MAX_SIDE)?;
    Ok(Session::new(
        started.game,
        started.variant,
        req.level.clone(),
    ))
}

/// A session's state for the page: the board cell by cell (with the `aria-label` the page
/// shows), score, moves, status, level progress, legal moves, the move record and the
/// engine's save of the game.
pub fn state(id: &str, session: &Session) -> Value {
    let game = &session.game;
    let board = game.board();
    let rules = game.rules();
    let cells: Vec<Value> = board
        .iter()
        .map(|(pos, cell)| {
            let layers = board.layers(pos);
            let (kind, color, special, name) = match cell {
                Cell::Empty => ("empty", None, None, None),
                Cell::Blocker => ("blocker", None, None, None),
                Cell::Hole => ("hole", None, None, None),
                Cell::Crate(_) => ("crate", None, None, None),
                Cell::Piece(p) => {
                    let name = (p.special())
                        .and_then(|s| rules.special_kinds().iter().find(|k| k.special == s))
                        .map(|k| k.name);
                    (
                        "piece",
                        p.color().map(|c| c.letter().to_string()),
                        p.special().map(|s| s.marker().to_string()),
                        name,
                    )
                }
            };
            let mut token = String::new();
            match3_core::write_cell(&mut token, cell).expect("String write");
            json!({
                "row": pos.row,
                "col": pos.col,
                "id": board.id(pos),
                "kind": kind,
                "color": color,
                "special": special,
                "special_name": name,
                "health": if let Cell::Crate(h) = cell { h } else { 0 },
                "jelly": layers.jelly,
                "locked": layers.locked,
                "token": token,
                "label": label(pos, cell, layers, name),
            })
        })
        .collect();
    json!({
        "id": id,
        "rules": session.variant.name(),
        "level": session.level,
        "rows": board.rows(),
        "cols": board.cols(),
        "board": board.to_string(),
        "cells": cells,
        "score": game.score(),
        "moves": game.moves(),
        "status": game.status().as_str(),
        "moves_left": game.moves_left(),
        "goals": json::goals(game),
        "stars": game.stars(),
        "star_thresholds": game.level().stars,
        "next_piece": game.next_piece().map(|p| Cell::Piece(p).to_string()),
        "legal": game.legal_moves().into_iter().map(json::mv).collect::<Vec<_>>(),
        "record": session.record.iter().map(Move::to_string).collect::<Vec<_>>(),
        "can_undo": !session.undo.is_empty(),
        // The engine's save as JSON text (its 64-bit numbers would not survive a
        // JavaScript number): what the page keeps to restore the game (POST /api/restore).
        "save": serde_json::to_string(&game.save()).expect("a save serializes"),
    })
}

/// What a screen reader says for a cell: `row 1, column 2: B, striped (row), locked,
/// jelly 2`, or `row 1, column 1: empty` (1-based, for people).
fn label(pos: Pos, cell: Cell, layers: match3_core::Layers, special: Option<&str>) -> String {
    let mut parts = vec![match cell {
        Cell::Empty => "empty".to_string(),
        Cell::Blocker => "blocker".to_string(),
        Cell::Hole => "hole".to_string(),
        Cell::Crate(h) => format!("crate, health {h}"),
        Cell::Piece(p) => match p.color() {
            Some(c) => format!("colour {c}"),
            None => "no colour".to_string(),
        },
    }];
    if let Some(name) = special {
        parts.push(name.to_string());
    }
    if layers.locked {
        parts.push("locked".to_string());
    }
    if layers.jelly > 0 {
        parts.push(format!("jelly {}", layers.jelly));
    }
    // Spoken coordinates count from 1, as people do; the API's own are 0-based.
    let (row, col) = (u16::from(pos.row) + 1, u16::from(pos.col) + 1);
    format!("row {row}, column {col}: {}", parts.join(", "))
}
