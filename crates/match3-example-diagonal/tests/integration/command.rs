//! `match3-diagonal`, the command line built from the registry with one more variant.

use std::process::{Command, Output};

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
