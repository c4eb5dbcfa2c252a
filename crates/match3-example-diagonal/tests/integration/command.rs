//! `match3-diagonal`, the command line built from the registry with one more variant:
//! its corner swaps in `moves`, the bots, and the playground's API.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_match3-diagonal"))
        .args(args)
        .output()
        .expect("run match3-diagonal")
}

/// Runs the command, which must succeed; its stdout as JSON.
fn json_of(args: &[&str]) -> Value {
    let out = run(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("stdout is JSON")
}

#[test]
fn moves_lists_the_corner_swaps() {
    let out = json_of(&[
        "moves",
        "--rules",
        "diagonal",
        "--board",
        "AAB/CAD/DCE",
        "--json",
    ]);
    let moves = out.as_array().expect("a list");
    assert!(
        moves
            .iter()
            .any(|m| m["swap"] == serde_json::json!([[0, 2], [1, 1]])),
        "{out}"
    );
}

#[test]
fn bots_play_corner_swaps() {
    let out = json_of(&[
        "simulate",
        "--rules",
        "diagonal",
        "--bot",
        "greedy",
        "--games",
        "5",
        "--moves",
        "20",
        "--json",
        "--no-timing",
    ]);
    assert_eq!(out["errors"], 0, "{out}");
    assert_eq!(out["moves"], 100, "{out}");
}

/// One HTTP/1.1 request; the response body as JSON.
fn http(addr: &str, method: &str, path: &str, body: &str) -> Value {
    let mut stream = TcpStream::connect(addr).unwrap();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let (_, body) = response
        .split_once("\r\n\r\n")
        .expect("a header and a body");
    serde_json::from_str(body).expect("a JSON body")
}

#[test]
fn the_playground_offers_and_plays_corner_swaps() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_match3-diagonal"))
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr = (line.split("http://").nth(1).unwrap().split('/').next())
        .unwrap()
        .to_string();
    let variants = http(&addr, "GET", "/api/variants", "");
    let swaps = |name: &str| {
        (variants["variants"].as_array().unwrap().iter())
            .find(|v| v["name"] == name)
            .unwrap_or_else(|| panic!("{name} is offered"))["swaps"]
            .clone()
    };
    let game = http(
        &addr,
        "POST",
        "/api/games",
        r#"{"rules":"diagonal","board":"AAB/CAD/DCE","seed":1}"#,
    );
    let id = game["id"].as_str().unwrap();
    // The A at (1,1) moves up-right, corner to corner, and completes the top row.
    let played = http(
        &addr,
        "POST",
        &format!("/api/games/{id}/moves"),
        r#"{"swap":[[1,1],[0,2]]}"#,
    );
    child.kill().unwrap();
    child.wait().unwrap();
    // Corner to corner as well as side by side; the bundled lines side by side only.
    let corners = serde_json::json!([[0, 1], [1, 0], [1, 1], [1, -1]]);
    assert_eq!(swaps("diagonal"), corners);
    assert_eq!(swaps("lines"), serde_json::json!([[0, 1], [1, 0]]));
    assert_eq!(played["legal"], true, "{played}");
    assert_eq!(
        played["trace"]["phases"][0]["cleared"],
        serde_json::json!([[0, 0], [0, 1], [0, 2]]),
        "{played}"
    );
}
