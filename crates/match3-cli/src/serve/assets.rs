//! The page, its style and its script, compiled into the binary: `app.js` is the entry
//! module and loads the others from `/js/` (ES modules, no build step). The modules'
//! unit tests (`assets/js/*.test.mjs`, run by `node --test`) are not served.

use axum::extract::Path;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};

const INDEX: &str = include_str!("assets/index.html");
const SCRIPT: &str = include_str!("assets/app.js");
const STYLE: &str = include_str!("assets/style.css");
const FAVICON: &str = include_str!("assets/favicon.svg");

/// `(file name, source)` of each module of the page's script, served as `/js/{name}`.
/// A test checks this list against the directory.
pub const MODULES: &[(&str, &str)] = &[
    ("animate.mjs", include_str!("assets/js/animate.mjs")),
    ("api.mjs", include_str!("assets/js/api.mjs")),
    ("board.mjs", include_str!("assets/js/board.mjs")),
    ("dialog.mjs", include_str!("assets/js/dialog.mjs")),
    ("endings.mjs", include_str!("assets/js/endings.mjs")),
    ("game.mjs", include_str!("assets/js/game.mjs")),
    ("gestures.mjs", include_str!("assets/js/gestures.mjs")),
    ("hud.mjs", include_str!("assets/js/hud.mjs")),
    ("idle.mjs", include_str!("assets/js/idle.mjs")),
    ("layout.mjs", include_str!("assets/js/layout.mjs")),
    ("main.mjs", include_str!("assets/js/main.mjs")),
    ("narrate.mjs", include_str!("assets/js/narrate.mjs")),
    ("notice.mjs", include_str!("assets/js/notice.mjs")),
    ("plan.mjs", include_str!("assets/js/plan.mjs")),
    ("setup.mjs", include_str!("assets/js/setup.mjs")),
    ("storage.mjs", include_str!("assets/js/storage.mjs")),
    ("swaps.mjs", include_str!("assets/js/swaps.mjs")),
    ("turn.mjs", include_str!("assets/js/turn.mjs")),
    ("words.mjs", include_str!("assets/js/words.mjs")),
];

const JAVASCRIPT: &str = "text/javascript; charset=utf-8";

/// `GET /`.
pub async fn index() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], INDEX)
}

/// `GET /app.js`: the entry module.
pub async fn script() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, JAVASCRIPT)], SCRIPT)
}

/// `GET /js/{name}`: a module of the script; 404 (in JSON, as every error) for another
/// name.
pub async fn module(Path(name): Path<String>) -> Response {
    match MODULES.iter().find(|(n, _)| *n == name) {
        Some((_, source)) => ([(header::CONTENT_TYPE, JAVASCRIPT)], *source).into_response(),
        None => {
            let names: Vec<&str> = MODULES.iter().map(|(n, _)| *n).collect();
            let error = format!(
                "no module {}: the modules are {}",
                crate::input::excerpt(&name),
                names.join(", ")
            );
            super::errors::ApiError::new(StatusCode::NOT_FOUND, error).into_response()
        }
    }
}

/// `GET /style.css`.
pub async fn style() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/css; charset=utf-8")], STYLE)
}

/// `GET /favicon.svg` (and `/favicon.ico`, which browsers ask for on their own).
pub async fn favicon() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "image/svg+xml")], FAVICON)
}
