//! `match3-lightning`, the command line built from the registry with one more variant:
//! lightning plays in `resolve`, `simulate` (sharded and merged), `compare`, level files,
//! `play` and the playground's API, beside the bundled variants.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_match3-lightning"))
        .args(args)
        .output()
        .expect("run match3-lightning")
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

/// A file in `dir` (a test's own temporary folder, removed when the test ends).
fn level_file(dir: &tempfile::TempDir, name: &str, text: &str) -> PathBuf {
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn resolve_makes_lightning_from_a_square() {
    let out = json_of(&[
        "resolve",
        "--rules",
        "lightning",
        "--board",
        "ABA/AAC/CBD",
        "--swap",
        "0,2",
        "0,1",
        "--json",
    ]);
    assert_eq!(out["legal"], true);
    let created = &out["phases"][0]["created"][0];
    assert_eq!(created["piece"], "A!", "{out}");
}

#[test]
fn simulate_plays_lightning_and_shards_merge_to_the_whole_run() {
    let whole = [
        "simulate",
        "--rules",
        "lightning",
        "--bot",
        "greedy",
        "--games",
        "6",
        "--moves",
        "15",
        "--json",
        "--no-timing",
    ];
    let run_json = json_of(&whole);
    assert_eq!(run_json["rules"], "lightning");
    assert_eq!(run_json["games"], 6);
    assert!(
        run_json["mean_moves"].as_f64().unwrap() > 10.0,
        "{run_json}"
    );
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path();
    let mut files = Vec::new();
    for shard in ["0/2", "1/2"] {
        let out = run(&[&whole[..], &["--shard", shard]].concat());
        assert!(out.status.success());
        let path = dir.join(format!("shard-{}.json", &shard[..1]));
        std::fs::write(&path, &out.stdout).unwrap();
        files.push(path.to_string_lossy().into_owned());
    }
    let mut merge = vec!["merge", "--json", "--no-timing"];
    merge.extend(files.iter().map(String::as_str));
    assert_eq!(json_of(&merge), run_json);
}

#[test]
fn compare_shows_lightning_beside_the_bundled_variants() {
    let rows = json_of(&[
        "compare",
        "--games",
        "2",
        "--moves",
        "5",
        "--json",
        "--no-timing",
    ]);
    let names: Vec<&str> = (rows.as_array().unwrap().iter())
        .map(|r| r["rules"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "lines",
            "clusters",
            "clusters-drop",
            "clusters-tap",
            "finite",
            "lightning"
        ]
    );
    let table = run(&["compare", "--games", "2", "--moves", "5", "--no-timing"]);
    assert!(String::from_utf8_lossy(&table.stdout).contains("lightning"));
}

#[test]
fn a_level_file_names_the_registered_variant() {
    let dir = tempfile::tempdir().unwrap();
    let path = level_file(
        &dir,
        "storm.toml",
        "name = \"Storm\"\nrules = \"lightning\"\nboard = \"\"\"\nA!BCD\nBCDA\nCDAB\nDABC\n\"\"\"\n\
         colors = 4\nmoves = 8\n\n[[goals]]\nkind = \"score\"\ntarget = 30\n",
    );
    let path = path.to_str().unwrap();
    let started = json_of(&["new", "--level", path, "--json"]);
    assert_eq!(started["rules"], "lightning");
    assert!(started["board"].as_str().unwrap().starts_with("A!"));
    let played = json_of(&[
        "simulate",
        "--level",
        path,
        "--bot",
        "greedy",
        "--games",
        "4",
        "--json",
        "--no-timing",
    ]);
    assert_eq!(played["rules"], "lightning");
    assert_eq!(played["level"], "Storm");
}

#[test]
fn an_unknown_variant_lists_the_registered_ones() {
    let dir = tempfile::tempdir().unwrap();
    let path = level_file(
        &dir,
        "thunder.toml",
        "rules = \"thunder\"\nboard = \"ABC/BCA\"\n",
    );
    let out = run(&["new", "--level", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let message = String::from_utf8_lossy(&out.stderr);
    assert!(message.contains("thunder.toml:1: rules"), "{message}");
    assert!(message.contains("finite, lightning"), "{message}");
    let out = run(&["simulate", "--rules", "thunder"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("lightning"));
}

#[test]
fn play_lists_lightning_in_its_legend() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_match3-lightning"))
        .args(["play", "--rules", "lightning", "--board", "ABA/AAC/CBD"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"0,2 0,1\nquit\n").unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("lightning rules"), "{text}");
    assert!(text.contains("X! lightning"), "{text}");
    assert!(text.contains("A!"), "{text}");
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
fn the_playground_offers_and_plays_lightning() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_match3-lightning"))
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr = line
        .split("http://")
        .nth(1)
        .unwrap()
        .split('/')
        .next()
        .unwrap()
        .to_string();
    let variants = http(&addr, "GET", "/api/variants", "");
    let lightning = (variants["variants"].as_array().unwrap().iter())
        .find(|v| v["name"] == "lightning")
        .expect("lightning is offered")
        .clone();
    assert_eq!(lightning["moves"], serde_json::json!(["swap"]));
    assert!(
        (lightning["specials"].as_array().unwrap().iter())
            .any(|s| s["marker"] == "!" && s["name"].as_str().unwrap().starts_with("lightning")),
        "{lightning}"
    );
    let game = http(
        &addr,
        "POST",
        "/api/games",
        r#"{"rules":"lightning","board":"ABA/AAC/CBD","seed":3}"#,
    );
    assert_eq!(game["rules"], "lightning");
    let id = game["id"].as_str().unwrap();
    let played = http(
        &addr,
        "POST",
        &format!("/api/games/{id}/moves"),
        r#"{"swap":[[0,2],[0,1]]}"#,
    );
    child.kill().unwrap();
    child.wait().unwrap();
    assert_eq!(played["legal"], true, "{played}");
    assert_eq!(played["trace"]["phases"][0]["created"][0]["piece"], "A!");
}

/// The program speaks as itself: its help is titled `match3-lightning` and lists the
/// registered variants, lightning among them, and its errors start with its own name.
#[test]
fn help_and_errors_name_the_binary_and_its_variants() {
    let help = run(&["--help"]);
    assert!(help.status.success());
    let text = String::from_utf8_lossy(&help.stdout);
    assert!(text.contains("Usage: match3-lightning"), "{text}");
    let variants = text.split("Variants (--rules):").nth(1).unwrap_or_default();
    for name in ["lines", "clusters", "finite", "lightning"] {
        assert!(
            variants.contains(&format!("  {name} ")),
            "{name} not listed: {text}"
        );
    }
    let refused = run(&["moves", "--rules", "lightning", "--board", "ABA/AA"]);
    assert_eq!(refused.status.code(), Some(2));
    let message = String::from_utf8_lossy(&refused.stderr);
    assert!(message.starts_with("match3-lightning: "), "{message}");
    assert!(!message.contains("match3:"), "{message}");
}
