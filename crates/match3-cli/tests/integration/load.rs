//! A bounded load run on localhost: 200 concurrent browser-like clients each start a game
//! and play 50 moves over HTTP. No request may fail; the p50 and p99 latencies are printed
//! (`cargo test -p match3-cli --release --test load -- --nocapture`).

use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::common::http;

const CLIENTS: usize = 200;
const MOVES: usize = 50;

/// One client: a lines game (seeded by its number), then its moves, each the first legal
/// move the last state lists. Returns each request's latency.
fn client(base: &str, n: usize) -> Result<Vec<Duration>, String> {
    let mut agent = http::Client::new(Duration::from_secs(30));
    let mut times = Vec::with_capacity(MOVES + 1);
    let t = Instant::now();
    let rules = if n.is_multiple_of(2) {
        "lines"
    } else {
        "clusters"
    };
    let mut state: Value = agent
        .post(
            &format!("{base}/api/games"),
            &json!({"rules": rules, "seed": n}),
        )
        .and_then(|r| r.ok()?.json())
        .map_err(|e| format!("client {n}: new game: {e}"))?;
    times.push(t.elapsed());
    let id = state["id"].as_str().ok_or("no id")?.to_string();
    for i in 0..MOVES {
        let Some(mv) = state["legal"].get(0).cloned() else {
            break;
        };
        let t = Instant::now();
        let mut res: Value = agent
            .post(&format!("{base}/api/games/{id}/moves"), &mv)
            .and_then(|r| r.ok()?.json())
            .map_err(|e| format!("client {n}, move {i}: {e}"))?;
        times.push(t.elapsed());
        if res["legal"] != true {
            return Err(format!(
                "client {n}, move {i}: a listed move was refused: {res}"
            ));
        }
        state = res["state"].take();
    }
    Ok(times)
}

#[test]
fn two_hundred_clients_play_fifty_moves_each_without_an_error() {
    let _turn = crate::common::heavy();
    // The server as `match3 serve` runs it: the default limits.
    let limits = match3_cli::serve::Limits::default();
    let registry = match3_cli::Registry::builtin();
    let (base, _) =
        crate::common::server(match3_cli::serve::Playground::with_limits(registry, limits));
    let started = Instant::now();
    let handles: Vec<_> = (0..CLIENTS)
        .map(|n| {
            let base = base.clone();
            std::thread::spawn(move || client(&base, n))
        })
        .collect();
    let mut times = Vec::new();
    for h in handles {
        times.extend(h.join().expect("client thread").expect("no request fails"));
    }
    let wall = started.elapsed();
    times.sort();
    let at = |q: f64| times[((times.len() as f64 * q) as usize).min(times.len() - 1)];
    eprintln!(
        "{} requests from {CLIENTS} clients in {:.2} s: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        times.len(),
        wall.as_secs_f64(),
        at(0.50).as_secs_f64() * 1e3,
        at(0.99).as_secs_f64() * 1e3,
        times.last().unwrap().as_secs_f64() * 1e3,
    );
    assert!(
        times.len() > CLIENTS * MOVES / 2,
        "most games play their moves"
    );
}
