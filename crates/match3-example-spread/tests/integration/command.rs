//! `match3-spread`, the command line built from the registry with one more variant.

use std::process::{Command, Output};

use serde_json::Value;

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_match3-spread"))
        .args(args)
        .output()
        .expect("run match3-spread")
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
fn resolve_reports_the_spread() {
    let out = json_of(&[
        "resolve",
        "--rules",
        "spread",
        "--board",
        "ABAC/DAEF/%CDE",
        "--swap",
        "1,1",
        "0,1",
        "--seed",
        "3",
        "--json",
    ]);
    let changed = &out["effects"]["changed"][0];
    assert_eq!(changed["cell"], "%", "{out}");
}

#[test]
fn the_chocolate_level_plays() {
    let level = concat!(env!("CARGO_MANIFEST_DIR"), "/levels/chocolate.toml");
    let out = json_of(&[
        "simulate",
        "--level",
        level,
        "--bot",
        "greedy",
        "--games",
        "20",
        "--json",
        "--no-timing",
    ]);
    assert_eq!(out["errors"], 0, "{out}");
    assert_eq!(out["games"], 20);
}
