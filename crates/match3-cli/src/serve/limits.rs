//! What one client may take from the server: how long it may keep a connection without
//! sending a request, how long a request may take to arrive, how many connections are
//! served at once, how long a request waits for a busy game, how large a request may be.
//! `docs/serve.md` states the defaults; every one is a field of [`Limits`], so tests (and
//! programs embedding the playground) can choose their own.

use std::time::Duration;

use super::sessions::{ACTIVE_WINDOW, DEFAULT_CAP};

/// Connections served at once by default: below the common descriptor limit of 1,024
/// (`ulimit -n`), with room for the process's other files.
pub const MAX_CONNECTIONS: usize = 512;

/// A request head must arrive whole within this (ten seconds) of the connection opening
/// or of the previous answer on it, so this is also how long an idle connection stays.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);

/// A request body must arrive whole within this (ten seconds) of its head.
pub const BODY_TIMEOUT: Duration = Duration::from_secs(10);

/// An answer the client does not read for this long (ten seconds) closes the connection.
pub const WRITE_TIMEOUT: Duration = Duration::from_secs(10);

/// How long a request waits for a game another request is using (two seconds) before it
/// is answered 503 with `Retry-After`.
pub const GAME_WAIT: Duration = Duration::from_secs(2);

/// The largest request body (64 KiB): the API's bodies are a few hundred bytes.
pub const MAX_BODY: usize = 64 << 10;

/// The longest request target, path and query (2 KiB): a game id is 33 characters.
pub const MAX_URI: usize = 2 << 10;

/// A playground server's limits (see the constants for each default).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Games kept at once ([`DEFAULT_CAP`]).
    pub max_games: usize,
    /// A game used within this is never evicted ([`ACTIVE_WINDOW`]).
    pub active_window: Duration,
    /// Connections served at once; more wait, unaccepted, until one closes
    /// ([`MAX_CONNECTIONS`]).
    pub max_connections: usize,
    /// [`HEADER_TIMEOUT`].
    pub header_timeout: Duration,
    /// [`BODY_TIMEOUT`].
    pub body_timeout: Duration,
    /// [`WRITE_TIMEOUT`].
    pub write_timeout: Duration,
    /// [`GAME_WAIT`]; also the longest a hint waits for a thread to think on.
    pub game_wait: Duration,
    /// Hints thinking at once (default: one per core); more wait up to `game_wait`.
    pub hint_threads: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_games: DEFAULT_CAP,
            active_window: ACTIVE_WINDOW,
            max_connections: MAX_CONNECTIONS,
            header_timeout: HEADER_TIMEOUT,
            body_timeout: BODY_TIMEOUT,
            write_timeout: WRITE_TIMEOUT,
            game_wait: GAME_WAIT,
            hint_threads: std::thread::available_parallelism().map_or(1, usize::from),
        }
    }
}
