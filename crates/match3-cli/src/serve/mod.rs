//! `match3 serve`: the browser playground. One page (embedded in the binary: no build
//! step, nothing loaded from the internet) plays every variant, preset and sample level,
//! animating each turn from its trace, over a small JSON API on axum.
//!
//! ```no_run
//! # async fn run() -> std::io::Result<()> {
//! use std::sync::Arc;
//! use match3_cli::Registry;
//! use match3_cli::serve::{DEFAULT_CAP, Playground, router};
//!
//! let app = router(Arc::new(Playground::new(Registry::builtin(), DEFAULT_CAP)));
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await?;
//! axum::serve(listener, app).await
//! # }
//! ```
//!
//! The routes are documented in `docs/serve.md`.

mod api;
pub mod assets;
pub mod levels;
mod restore;
mod sessions;

use std::net::SocketAddr;
use std::sync::Arc;

use axum::Router;
use axum::routing::{get, post};

pub use api::{NewGame, start, state};
pub use restore::{Restore, parse_move, restored};
pub use sessions::{DEFAULT_CAP, MAX_SIDE, RECORD_LENGTH, Session, Sessions, UNDO_DEPTH};

use crate::registry::Registry;

/// What a playground server holds: the variants it offers and the games in play.
pub struct Playground {
    /// The variants the page offers (and sample levels of which it lists).
    pub variants: Registry,
    /// The games in play.
    pub sessions: Sessions,
}

impl Playground {
    /// A playground of `variants` keeping at most `cap` games.
    pub fn new(variants: Registry, cap: usize) -> Playground {
        Playground {
            variants,
            sessions: Sessions::new(cap),
        }
    }
}

/// How long the page and its assets may be cached: the binary embeds them, so they
/// change only with a new build.
const ASSET_CACHE: &str = "public, max-age=300";

/// How long a Ctrl-C waits for requests in flight before the server stops anyway (a
/// client that never finishes its request cannot keep it running).
pub const SHUTDOWN_GRACE: std::time::Duration = std::time::Duration::from_secs(3);

/// The playground's routes: the page and its assets (cached for five minutes), and the
/// JSON API under `/api` (never cached); responses are gzipped for clients that accept
/// it.
pub fn router(playground: Arc<Playground>) -> Router {
    use axum::http::{HeaderValue, header::CACHE_CONTROL};
    use tower_http::set_header::SetResponseHeaderLayer;
    let cached =
        SetResponseHeaderLayer::overriding(CACHE_CONTROL, HeaderValue::from_static(ASSET_CACHE));
    let pages = Router::new()
        .route("/", get(assets::index))
        .route("/app.js", get(assets::script))
        .route("/js/{name}", get(assets::module))
        .route("/style.css", get(assets::style))
        .route("/favicon.svg", get(assets::favicon))
        .route("/favicon.ico", get(assets::favicon))
        .layer(cached);
    let no_store =
        SetResponseHeaderLayer::if_not_present(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Router::new()
        .route("/api/variants", get(api::variants))
        .route("/api/games", post(api::create))
        .route("/api/games/{id}", get(api::show))
        .route("/api/games/{id}/moves", post(api::play))
        .route("/api/games/{id}/undo", post(api::undo))
        .route("/api/games/{id}/reset", post(api::reset))
        .route("/api/games/{id}/hint", get(api::hint))
        .route("/api/restore", post(restore::restore))
        .fallback(api::not_found)
        .with_state(playground)
        .merge(pages)
        .layer(no_store)
        .layer(tower_http::compression::CompressionLayer::new())
}

/// Serves the playground of `variants` on `addr` until Ctrl-C (then finishes the
/// requests in flight), keeping at most `cap` games. Prints the address to open.
pub fn run(addr: SocketAddr, cap: usize, variants: Registry) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(addr).await?;
        let local = listener.local_addr()?;
        println!("match3 playground on http://{local}/ (Ctrl-C to stop)");
        let app = router(Arc::new(Playground::new(variants, cap)));
        let (stop, stopped) = tokio::sync::watch::channel(false);
        tokio::spawn(async move {
            let _ = tokio::signal::ctrl_c().await;
            let _ = stop.send(true);
        });
        let on_stop = |mut stopped: tokio::sync::watch::Receiver<bool>| async move {
            let _ = stopped.wait_for(|&s| s).await;
        };
        let serving = axum::serve(listener, app).with_graceful_shutdown(on_stop(stopped.clone()));
        // Requests in flight get SHUTDOWN_GRACE to finish; then the server stops anyway.
        tokio::select! {
            served = serving => served,
            () = async { on_stop(stopped).await; tokio::time::sleep(SHUTDOWN_GRACE).await } => Ok(()),
        }
    })
}
