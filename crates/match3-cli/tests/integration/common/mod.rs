//! Running the `match3` binary from the tests, in the workspace root (so `levels/` is
//! found).

#![allow(dead_code)] // each test binary uses some of these

pub mod corners;
pub mod http;
pub mod scratch;
pub mod stars;
pub mod webdriver;

use std::io::Write;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

/// `match3 ARGS`.
pub fn match3(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_match3"))
        .args(args)
        .current_dir(ROOT)
        .output()
        .expect("run match3")
}

/// `match3 ARGS`, which must succeed, with stdout parsed as JSON.
pub fn json_of(args: &[&str]) -> Value {
    let out = match3(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("stdout is JSON")
}

/// Runs `match3 play` with `args`, feeds it `script` on stdin, returns its stdout.
pub fn play_script(args: &[&str], script: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_match3"))
        .arg("play")
        .args(args)
        .current_dir(ROOT)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("run match3 play");
    child
        .stdin
        .take()
        .expect("piped stdin")
        .write_all(script.as_bytes())
        .expect("write the script");
    let out = child.wait_with_output().expect("match3 play ends");
    assert!(out.status.success(), "{args:?}");
    String::from_utf8(out.stdout).expect("utf-8 output")
}

/// Held by the tests that load the machine (the load test, the hint storm), so that they
/// take turns: each measures latency, which the other's load would distort.
pub fn heavy() -> std::sync::MutexGuard<'static, ()> {
    static HEAVY: std::sync::Mutex<()> = std::sync::Mutex::new(());
    HEAVY.lock().unwrap_or_else(|e| e.into_inner())
}

/// The playground served in this test process on a free localhost port (started once),
/// with the bundled variants, `stars` and `corners`, and the default limits but for room
/// for every game the browser tests start within five minutes (none is ever evicted):
/// its base URL.
pub fn playground() -> String {
    use std::sync::OnceLock;
    static URL: OnceLock<String> = OnceLock::new();
    URL.get_or_init(|| {
        let mut variants = match3_cli::Registry::builtin();
        variants.add(stars::variant()).unwrap();
        variants.add(corners::variant()).unwrap();
        let limits = match3_cli::serve::Limits {
            max_games: 10_000,
            ..match3_cli::serve::Limits::default()
        };
        server(match3_cli::serve::Playground::with_limits(variants, limits)).0
    })
    .clone()
}

/// `playground` served as `match3 serve` serves it (its limits, timeouts and connection
/// cap included) on a free localhost port, on a runtime of two workers of its own, for
/// the rest of the test process: its base URL, and the playground to look into.
pub fn server(
    playground: match3_cli::serve::Playground,
) -> (String, std::sync::Arc<match3_cli::serve::Playground>) {
    use std::sync::Arc;
    let playground = Arc::new(playground);
    let served = Arc::clone(&playground);
    let (bound, addr) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        rt.block_on(async move {
            // Bound the way `match3 serve` binds (tokio's accept queue of 1,024): a
            // smaller queue drops connections under a storm and costs a SYN retry (1 s).
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            bound.send(listener.local_addr().unwrap()).unwrap();
            match3_cli::serve::serve(listener, served, std::future::pending())
                .await
                .unwrap();
        });
    });
    let addr = addr.recv().unwrap();
    (format!("http://{addr}"), playground)
}

/// A level run's JSON without the keys only a whole run reports (a shard plays no game
/// past its limit and counts no distinct games, so `merge` cannot give them): what a merge
/// of shards must equal.
pub fn without_whole_run_keys(mut v: Value) -> Value {
    const KEYS: [&str; 7] = [
        "games_played",
        "precision",
        "precision_met",
        "distinct_games",
        "attempts_per_success",
        "pass_rate_with_extra_moves",
        "one_move_short_rate",
    ];
    if let Some(object) = v.as_object_mut() {
        for key in KEYS {
            object.remove(key);
        }
    }
    for goal in v["goals"].as_array_mut().into_iter().flatten() {
        goal.as_object_mut()
            .map(|g| g.remove("one_unit_short_rate"));
    }
    v
}
