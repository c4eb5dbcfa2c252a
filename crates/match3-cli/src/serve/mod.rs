//! `match3 serve`: the browser playground. One page (embedded in the binary: no build
//! step, nothing loaded from the internet) plays every variant, preset and sample level,
//! animating each turn from its trace, over a small JSON API on axum.
//!
//! ```no_run
//! # async fn run() -> std::io::Result<()> {
//! use std::sync::Arc;
//! use match3_cli::serve::{DEFAULT_CAP, Sessions, router};
//!
//! let app = router(Arc::new(Sessions::new(DEFAULT_CAP)));
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await?;
//! axum::serve(listener, app).await
//! # }
//! ```
//!
//! The routes are documented in `docs/serve.md`.

mod api;
mod assets;
pub mod levels;
mod sessions;

use std::net::SocketAddr;
use std::sync::Arc;

use axum::Router;
use axum::routing::{get, post};

pub use api::{NewGame, start, state};
pub use sessions::{DEFAULT_CAP, Session, Sessions, SharedRules, UNDO_DEPTH};

/// The playground's routes over `sessions`: the page and its assets, and the JSON API
/// under `/api`.
pub fn router(sessions: Arc<Sessions>) -> Router {
    Router::new()
        .route("/", get(assets::index))
        .route("/app.js", get(assets::script))
        .route("/style.css", get(assets::style))
        .route("/api/variants", get(api::variants))
        .route("/api/games", post(api::create))
        .route("/api/games/{id}", get(api::show))
        .route("/api/games/{id}/moves", post(api::play))
        .route("/api/games/{id}/undo", post(api::undo))
        .route("/api/games/{id}/reset", post(api::reset))
        .route("/api/games/{id}/hint", get(api::hint))
        .fallback(api::not_found)
        .with_state(sessions)
}

/// Serves the playground on `addr` until Ctrl-C (then finishes the requests in flight),
/// keeping at most `cap` games. Prints the address to open.
pub fn run(addr: SocketAddr, cap: usize) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(addr).await?;
        let local = listener.local_addr()?;
        println!("match3 playground on http://{local}/ (Ctrl-C to stop)");
        let app = router(Arc::new(Sessions::new(cap)));
        axum::serve(listener, app)
            .with_graceful_shutdown(async {
                let _ = tokio::signal::ctrl_c().await;
            })
            .await
    })
}
