//! The JSON API (documented in `docs/serve.md`): start a game, look at it, play a move,
//! undo, reset, ask for a hint. Every error is a 4xx with `{"error": "..."}` saying what
//! was wrong; a rejected move also returns the unchanged state.

use std::sync::{Arc, Mutex};

use axum::Json;
use axum::extract::rejection::JsonRejection;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use match3_core::{Cell, Game, GameConfig, Move, Pos, Size};
use match3_levels::LevelFile;
use serde::Deserialize;
use serde_json::{Value, json};

use super::Playground;
use super::levels::LEVELS;
use super::sessions::{MAX_SIDE, RECORD_LENGTH, Session, Sessions, UNDO_DEPTH};
use crate::json;
use crate::level::Opened;
use crate::registry::Registry;
use crate::variant::SharedRules;

/// The server's shared state.
pub type Shared = Arc<Playground>;

/// An error answer: a status and a message.
pub struct ApiError(StatusCode, String);

impl ApiError {
    pub(super) fn bad(message: impl Into<String>) -> ApiError {
        ApiError(StatusCode::BAD_REQUEST, message.into())
    }

    pub(super) fn internal(message: impl Into<String>) -> ApiError {
        ApiError(StatusCode::INTERNAL_SERVER_ERROR, message.into())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.0, Json(json!({ "error": self.1 }))).into_response()
    }
}

impl From<JsonRejection> for ApiError {
    /// 415 without a JSON content type; any other body the API cannot read (bad JSON,
    /// a wrong type, an unknown or missing field) is 400, as documented.
    fn from(e: JsonRejection) -> ApiError {
        let status = match e {
            JsonRejection::MissingJsonContentType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            _ => StatusCode::BAD_REQUEST,
        };
        ApiError(status, format!("malformed request: {}", e.body_text()))
    }
}

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

/// `GET /api/variants`: the registered variants (name, description, presets, move kinds,
/// specials with their notation markers) and the sample levels of those variants.
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

/// `POST /api/games`: starts a game; 201 with its state.
pub async fn create(
    State(app): State<Shared>,
    body: Result<Json<NewGame>, JsonRejection>,
) -> Result<Response, ApiError> {
    let Json(req) = body?;
    let session = start(&app.variants, &req).map_err(ApiError::bad)?;
    // The session as stored: under --max-games 1 a concurrent create may evict it from
    // the store at once, but this answer still describes it.
    let (id, session) = app.sessions.insert(session);
    let state = state(&id, &lock(&session));
    Ok((StatusCode::CREATED, Json(state)).into_response())
}

/// `GET /api/games/{id}`.
pub async fn show(
    State(app): State<Shared>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let session = find(&app.sessions, &id)?;
    let session = lock(&session);
    Ok(Json(state(&id, &session)))
}

/// `POST /api/games/{id}/moves`: plays a move; the trace and the new state, or 422 with
/// the reason and the unchanged state.
pub async fn play(
    State(app): State<Shared>,
    Path(id): Path<String>,
    body: Result<Json<MoveRequest>, JsonRejection>,
) -> Result<Response, ApiError> {
    let session = find(&app.sessions, &id)?;
    let Json(req) = body?;
    let mv = req.to_move()?;
    let mut session = lock(&session);
    let before = session.game.snapshot();
    match session.game.play(mv) {
        Ok(trace) => {
            if session.undo.len() == UNDO_DEPTH {
                session.undo.remove(0);
            }
            session.undo.push(before);
            if session.record.len() == RECORD_LENGTH {
                session.record.remove(0);
            }
            session.record.push(mv.to_string());
            let body = json!({
                "legal": true,
                "move": json::mv(mv),
                "trace": json::trace(&trace),
                "state": state(&id, &session),
            });
            Ok(Json(body).into_response())
        }
        Err(e) => {
            let body = json!({
                "legal": false,
                "error": format!("illegal move {mv}: {e}"),
                "state": state(&id, &session),
            });
            Ok((StatusCode::UNPROCESSABLE_ENTITY, Json(body)).into_response())
        }
    }
}

/// `POST /api/games/{id}/undo`: takes back the last move (409 when there is none).
pub async fn undo(
    State(app): State<Shared>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let session = find(&app.sessions, &id)?;
    let mut session = lock(&session);
    let Some(snapshot) = session.undo.pop() else {
        return Err(ApiError(StatusCode::CONFLICT, "nothing to undo".into()));
    };
    session.game.restore(&snapshot);
    session.record.pop();
    Ok(Json(state(&id, &session)))
}

/// `POST /api/games/{id}/reset`: back to the starting board.
pub async fn reset(
    State(app): State<Shared>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let session = find(&app.sessions, &id)?;
    let mut session = lock(&session);
    session.game.reset();
    session.undo.clear();
    session.record.clear();
    Ok(Json(state(&id, &session)))
}

/// `GET /api/games/{id}/hint`: the move the MCTS bot prefers within a short time
/// ([`crate::hint`]); `null` when none is legal. It thinks on a blocking thread, so the
/// server keeps answering others meanwhile.
pub async fn hint(
    State(app): State<Shared>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let session = find(&app.sessions, &id)?;
    let mv = tokio::task::spawn_blocking(move || {
        let session = lock(&session);
        let seed = u64::from(session.game.moves());
        crate::hint::hint(&session.game, seed)
    })
    .await
    .map_err(|e| {
        ApiError(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("hint failed: {e}"),
        )
    })?;
    Ok(Json(json!({ "move": mv.map(json::mv) })))
}

/// Any other path: 404 with the routes there are.
pub async fn not_found(uri: axum::http::Uri) -> ApiError {
    ApiError(
        StatusCode::NOT_FOUND,
        format!(
            "no route {}: the API is GET /api/variants, POST /api/games, GET /api/games/{{id}}, \
             POST /api/games/{{id}}/moves, /undo, /reset, GET /api/games/{{id}}/hint, \
             POST /api/restore",
            uri.path()
        ),
    )
}

fn find(sessions: &Sessions, id: &str) -> Result<Arc<Mutex<Session>>, ApiError> {
    sessions.get(id).ok_or_else(|| {
        ApiError(
            StatusCode::NOT_FOUND,
            format!(
                "no game {id:?}: it never existed or was evicted (the server keeps the {} most recently used)",
                sessions.cap()
            ),
        )
    })
}

pub(super) fn lock(session: &Mutex<Session>) -> std::sync::MutexGuard<'_, Session> {
    session.lock().unwrap_or_else(|e| e.into_inner())
}

/// The game a request describes: a sample level, a board or preset, or a generated board
/// of at most [`MAX_SIDE`] a side.
pub fn start(variants: &Registry, req: &NewGame) -> Result<Session, String> {
    let session = start_any(variants, req)?;
    let board = session.game.board();
    if board.rows() > MAX_SIDE || board.cols() > MAX_SIDE {
        return Err(format!(
            "a {}x{} board is larger than the playground takes ({MAX_SIDE}x{MAX_SIDE} at most)",
            board.rows(),
            board.cols()
        ));
    }
    Ok(session)
}

fn start_any(variants: &Registry, req: &NewGame) -> Result<Session, String> {
    let seed = req.seed.unwrap_or(0);
    if let Some(name) = &req.rules {
        variants.get(name)?;
    }
    if let Some(name) = &req.level {
        let (file_name, text) = (LEVELS.iter())
            .find(|(n, _)| n == name)
            .ok_or_else(|| format!("unknown level {name:?}; see GET /api/variants"))?;
        let file = LevelFile::parse(text, file_name).map_err(|e| e.to_string())?;
        let opened = Opened::open(variants, file, req.rules.as_deref())?;
        let game = opened
            .start(opened.variant.rules(), seed)
            .map_err(|e| e.to_string())?;
        return Ok(Session::new(game, opened.variant, Some(name.clone())));
    }
    let name = req
        .rules
        .as_deref()
        .ok_or("give \"rules\" (or a \"level\")")?;
    let variant = variants.get(name)?.clone();
    let rules: SharedRules = variant.rules();
    let game = match &req.board {
        Some(text) => {
            let board = variant.board(text)?;
            Game::from_board(rules, board, seed).map_err(|e| format!("bad board: {e}"))?
        }
        None if req.size.is_none()
            && req.colors.is_none()
            && !variant.preset_names().is_empty() =>
        {
            let board = (variant.preset_board(variant.preset_names()[0])).expect("listed");
            Game::from_board(rules, board, seed).map_err(|e| e.to_string())?
        }
        None => {
            let size = match &req.size {
                Some(text) => text.parse::<Size>().map_err(|e| format!("size: {e}"))?,
                None => variant.default_size(),
            };
            let config = GameConfig {
                size,
                colors: req.colors.unwrap_or(variant.default_colors()),
                seed,
                blocker_percent: 0,
            };
            Game::new(rules, config).map_err(|e| e.to_string())?
        }
    };
    Ok(Session::new(game, variant, None))
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
        "record": session.record,
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
