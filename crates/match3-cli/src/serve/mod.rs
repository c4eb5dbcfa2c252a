//! `match3 serve`: the browser playground. One page (embedded in the binary: no build
//! step, nothing loaded from the internet) plays every variant, preset and sample level,
//! animating each turn from its trace, over a small JSON API on axum.
//!
//! ```no_run
//! # async fn run() -> std::io::Result<()> {
//! use std::sync::Arc;
//! use match3_cli::Registry;
//! use match3_cli::serve::{Limits, Playground, serve};
//!
//! let playground = Playground::with_limits(Registry::builtin(), Limits::default());
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await?;
//! serve(listener, Arc::new(playground), std::future::pending()).await
//! # }
//! ```
//!
//! The routes are documented in `docs/serve.md`.

mod api;
pub mod assets;
mod errors;
pub mod levels;
mod limits;
mod listen;
mod restore;
mod sessions;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::routing::{get, post};

pub use api::{NewGame, check, start, state};
pub use errors::ApiError;
pub use limits::{
    BODY_TIMEOUT, GAME_WAIT, HEADER_TIMEOUT, Limits, MAX_BODY, MAX_CONNECTIONS, MAX_URI,
    WRITE_TIMEOUT,
};
pub use restore::{Restore, parse_move, restored};
pub use sessions::{
    ACTIVE_WINDOW, DEFAULT_CAP, Full, GAMES_MEMORY, GameLock, MAX_SIDE, RECORD_LENGTH,
    SESSION_BYTES, Session, Sessions, UNDO_DEPTH,
};

use crate::registry::Registry;

/// What a playground server holds: the variants it offers, the games in play, its limits
/// and the threads hints think on.
pub struct Playground {
    /// The variants the page offers (and sample levels of which it lists).
    pub variants: Registry,
    /// The games in play.
    pub sessions: Sessions,
    /// What one client may take.
    pub limits: Limits,
    /// Permits to think on a hint: [`Limits::hint_threads`] of them.
    hints: Arc<tokio::sync::Semaphore>,
}

impl Playground {
    /// A playground of `variants` keeping at most `cap` games, with the default limits
    /// otherwise.
    pub fn new(variants: Registry, cap: usize) -> Playground {
        let limits = Limits {
            max_games: cap,
            ..Limits::default()
        };
        Playground::with_limits(variants, limits)
    }

    /// A playground of `variants` within `limits`.
    pub fn with_limits(variants: Registry, limits: Limits) -> Playground {
        Playground {
            variants,
            sessions: Sessions::new(limits.max_games, limits.active_window),
            hints: Arc::new(tokio::sync::Semaphore::new(limits.hint_threads.max(1))),
            limits,
        }
    }
}

/// How long the page and its assets may be cached: the binary embeds them, so they
/// change only with a new build.
const ASSET_CACHE: &str = "public, max-age=300";

/// How long a Ctrl-C waits for requests in flight before the server stops anyway (a
/// client that never finishes its request cannot keep it running): with the runtime's
/// own wind-down, the process is gone within three seconds.
pub const SHUTDOWN_GRACE: Duration = Duration::from_secs(2);

/// The playground's routes: the page and its assets (cached for five minutes), and the
/// JSON API under `/api` (never cached); responses are gzipped for clients that accept
/// it. Every request passes the same checks first (its target's length,
/// its body's size and arrival time), and every error answer, a wrong method included,
/// is JSON.
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
        .method_not_allowed_fallback(errors::not_allowed)
        .layer(cached);
    let no_store =
        SetResponseHeaderLayer::if_not_present(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    let guard = axum::middleware::from_fn_with_state(Arc::clone(&playground), errors::guard);
    Router::new()
        .route("/api/variants", get(api::variants))
        .route("/api/games", post(api::create))
        .route("/api/games/{id}", get(api::show))
        .route("/api/games/{id}/moves", post(api::play))
        .route("/api/games/{id}/undo", post(api::undo))
        .route("/api/games/{id}/reset", post(api::reset))
        .route("/api/games/{id}/hint", get(api::hint))
        .route("/api/restore", post(restore::restore))
        .fallback(errors::not_found)
        .method_not_allowed_fallback(errors::not_allowed)
        .with_state(playground)
        .merge(pages)
        .layer(guard)
        .layer(no_store)
        .layer(tower_http::compression::CompressionLayer::new())
}

/// Serves `playground` on `listener` until `stop` completes, within the playground's
/// [`Limits`] (timeouts, the connection cap); then each connection finishes the request
/// it is answering. [`run`] is this with Ctrl-C as `stop` and a bound on that last wait.
pub async fn serve(
    listener: tokio::net::TcpListener,
    playground: Arc<Playground>,
    stop: impl std::future::Future<Output = ()>,
) -> std::io::Result<()> {
    let limits = playground.limits.clone();
    listen::serve(listener, router(playground), &limits, stop).await
}

/// Serves the playground of `variants` on `addr` within `limits` until Ctrl-C (then
/// finishes the requests in flight, for at most [`SHUTDOWN_GRACE`]). Prints the address
/// to open.
pub fn run(addr: SocketAddr, limits: Limits, variants: Registry) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let served = runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(addr).await?;
        let local = listener.local_addr()?;
        println!("match3 playground on http://{local}/ (Ctrl-C to stop)");
        let playground = Arc::new(Playground::with_limits(variants, limits));
        let (stop, stopped) = tokio::sync::watch::channel(false);
        tokio::spawn(async move {
            let _ = tokio::signal::ctrl_c().await;
            let _ = stop.send(true);
        });
        let on_stop = |mut stopped: tokio::sync::watch::Receiver<bool>| async move {
            let _ = stopped.wait_for(|&s| s).await;
        };
        let serving = serve(listener, playground, on_stop(stopped.clone()));
        // Requests in flight get SHUTDOWN_GRACE to finish; then the server stops anyway.
        tokio::select! {
            served = serving => served,
            () = async { on_stop(stopped).await; tokio::time::sleep(SHUTDOWN_GRACE).await } => Ok(()),
        }
    });
    // A hint still thinking on a blocking thread does not hold the process.
    runtime.shutdown_timeout(Duration::from_millis(300));
    served
}
