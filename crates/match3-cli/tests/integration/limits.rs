//! The playground server under clients that misbehave, over real sockets: connections
//! that send nothing, half a request or one byte at a time, more connections than the
//! cap, requests HTTP parsing refuses, and two hundred hints on one game while others
//! play. Each server here has short limits of its own, so the tests take seconds.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use match3_cli::Registry;
use match3_cli::serve::{Limits, Playground};
use serde_json::{Value, json};

use crate::common::{http, server};

/// A server whose timeouts are `timeout` and which serves at most `connections` at once:
/// its `host:port`.
fn strict(timeout: Duration, connections: usize) -> String {
    let limits = Limits {
        header_timeout: timeout,
        body_timeout: timeout,
        write_timeout: timeout,
        max_connections: connections,
        ..Limits::default()
    };
    let (base, _) = server(Playground::with_limits(Registry::builtin(), limits));
    base.trim_start_matches("http://").to_string()
}

/// Sends `first`, then waits for the server to answer or close: what it sent (perhaps
/// nothing) and when it closed, or `None` if it still holds the connection at `limit`.
fn until_closed(addr: &str, first: &[u8], limit: Duration) -> Option<(Vec<u8>, Duration)> {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream.set_read_timeout(Some(limit)).unwrap();
    let start = Instant::now();
    stream.write_all(first).unwrap();
    let mut got = Vec::new();
    match stream.read_to_end(&mut got) {
        Ok(_) => Some((got, start.elapsed())),
        Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => Some((got, start.elapsed())),
        Err(_) => None,
    }
}

#[test]
fn idle_slow_and_half_sent_connections_are_closed_at_their_timeout() {
    let addr = strict(Duration::from_secs(1), 64);
    let cases: [(&str, &[u8]); 3] = [
        ("nothing", b""),
        ("half a head", b"GET /api/variants HTTP/1.1\r\nHost: x\r\nX-Slow: "),
        (
            "half a body",
            b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"ru",
        ),
    ];
    for (what, first) in cases {
        let (got, after) = until_closed(&addr, first, Duration::from_secs(5))
            .unwrap_or_else(|| panic!("{what}: still open after 5 s"));
        assert!(
            after >= Duration::from_millis(900),
            "{what}: closed after {after:?}"
        );
        assert!(
            after < Duration::from_secs(3),
            "{what}: closed after {after:?}"
        );
        let text = String::from_utf8_lossy(&got);
        if what == "half a body" {
            assert!(text.starts_with("HTTP/1.1 408"), "{text}");
            assert!(
                text.contains("{\"error\":\"the request body did not arrive"),
                "{text}"
            );
        }
    }
    // A header sent a byte every 300 ms never completes in time.
    let mut stream = TcpStream::connect(&addr).unwrap();
    let start = Instant::now();
    let head = b"GET /api/variants HTTP/1.1\r\nHost: x\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaa\r\n\r\n";
    let closed = head.iter().any(|&byte| {
        std::thread::sleep(Duration::from_millis(300));
        stream.write_all(&[byte]).is_err() || start.elapsed() > Duration::from_secs(4)
    });
    assert!(
        closed && start.elapsed() < Duration::from_secs(4),
        "{:?}",
        start.elapsed()
    );
    // A kept-alive connection closes once idle for the timeout after its answer.
    let mut client = http::Client::new(Duration::from_secs(5));
    client
        .get(&format!("http://{addr}/api/variants"))
        .unwrap()
        .ok()
        .unwrap();
    let (_, after) = until_closed(
        &addr,
        b"GET /api/variants HTTP/1.1\r\nHost: x\r\n\r\n",
        Duration::from_secs(5),
    )
    .expect("closed after the answer and the idle timeout");
    assert!(after < Duration::from_secs(3), "{after:?}");
}

#[test]
fn at_the_connection_cap_a_new_client_waits_for_a_slot() {
    let addr = strict(Duration::from_millis(1500), 4);
    let idle: Vec<TcpStream> = (0..4).map(|_| TcpStream::connect(&addr).unwrap()).collect();
    std::thread::sleep(Duration::from_millis(100));
    let mut late = TcpStream::connect(&addr).unwrap();
    late.write_all(b"GET /api/variants HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .unwrap();
    late.set_read_timeout(Some(Duration::from_millis(700)))
        .unwrap();
    let mut first = [0u8; 1];
    assert!(
        late.read(&mut first).is_err(),
        "served while four connections held every slot"
    );
    // The idle ones time out, which frees their slots.
    late.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    let mut answer = Vec::new();
    late.read_to_end(&mut answer).unwrap();
    assert!(
        answer.starts_with(b"HTTP/1.1 200"),
        "{}",
        String::from_utf8_lossy(&answer)
    );
    drop(idle);
}

/// One raw request; the answer's status and JSON body.
fn raw(addr: &str, request: &[u8]) -> (u16, Value) {
    let (got, _) = until_closed(addr, request, Duration::from_secs(5)).expect("an answer");
    let text = String::from_utf8_lossy(&got);
    let status = text.get(9..12).and_then(|s| s.parse().ok()).unwrap_or(0);
    let body = text.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    let value = serde_json::from_str(body).unwrap_or_else(|_| Value::String(text.to_string()));
    (status, value)
}

#[test]
fn requests_http_parsing_refuses_get_json_errors_too() {
    let addr = strict(Duration::from_secs(5), 64);
    let long_target = format!(
        "GET /api/games/{} HTTP/1.1\r\nHost: x\r\n\r\n",
        "g".repeat(70_000)
    );
    let long_head = format!(
        "GET / HTTP/1.1\r\nHost: x\r\nX-Big: {}\r\n\r\n",
        "h".repeat(120_000)
    );
    let garbage = b"HELLO THERE\r\n\r\n".to_vec();
    let close = "Connection: close\r\n";
    let wrong_method = format!("DELETE /api/games HTTP/1.1\r\nHost: x\r\n{close}\r\n");
    let big_body = format!(
        "POST /api/games HTTP/1.1\r\nHost: x\r\n{close}Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n"
    );
    let cases = [
        (long_target.into_bytes(), 414),
        (long_head.into_bytes(), 431),
        (garbage, 400),
        (wrong_method.into_bytes(), 405),
        (big_body.into_bytes(), 413),
    ];
    for (request, want) in cases {
        let (status, v) = raw(&addr, &request);
        assert_eq!(status, want, "{v}");
        let error = v["error"].as_str().unwrap_or_else(|| panic!("{want}: {v}"));
        assert!(error.len() < 200, "{want}: {error}");
    }
}

/// The `q` quantile of `times`.
fn quantile(times: &mut [Duration], q: f64) -> Duration {
    times.sort();
    times[((times.len() as f64 * q) as usize).min(times.len() - 1)]
}

#[test]
fn two_hundred_hints_on_one_game_hold_up_no_other_request() {
    let _turn = crate::common::heavy();
    let (base, _) = server(Playground::with_limits(
        Registry::builtin(),
        Limits::default(),
    ));
    let new = |rules: &str| {
        let v = http::post(
            &format!("{base}/api/games"),
            &json!({"rules": rules, "size": "16x16"}),
        )
        .and_then(|r| r.ok()?.json())
        .unwrap();
        v["id"].as_str().unwrap().to_string()
    };
    let (busy, other) = (new("lines"), new("clusters"));
    // The other player is already connected when the storm begins.
    let mut client = http::Client::new(Duration::from_secs(30));
    client.get(&format!("{base}/api/variants")).unwrap();
    let storm: Vec<_> = (0..204)
        .map(|i| {
            let path = match i % 51 {
                50 => format!("{base}/api/games/{busy}"),
                _ => format!("{base}/api/games/{busy}/hint"),
            };
            std::thread::spawn(move || http::get(&path).and_then(|r| r.ok()).map(|_| ()))
        })
        .collect();
    // Meanwhile another player looks at the variants and their own game, and plays.
    let mut times = Vec::new();
    let start = Instant::now();
    while start.elapsed() < Duration::from_millis(1500) || times.len() < 60 {
        for path in [
            format!("{base}/api/variants"),
            format!("{base}/api/games/{other}"),
        ] {
            let t = Instant::now();
            client.get(&path).unwrap().ok().unwrap();
            times.push(t.elapsed());
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let failed: Vec<String> = (storm.into_iter())
        .filter_map(|t| t.join().unwrap().err())
        .collect();
    let p99 = quantile(&mut times, 0.99);
    eprintln!(
        "{} requests beside 200 hints on one game: p50 {:?}, p99 {p99:?}, max {:?}",
        times.len(),
        quantile(&mut times, 0.5),
        times.last().unwrap()
    );
    assert!(p99 < Duration::from_millis(100), "p99 {p99:?}");
    assert!(
        failed.is_empty(),
        "every hint and state of the busy game is answered: {failed:?}"
    );
}
