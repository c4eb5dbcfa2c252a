//! `match3-slide`, the command line built from the registry with one more variant.

use std::process::{Command, Output};

use serde_json::Value;

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_match3-slide"))
        .args(args)
        .output()
        .expect("run match3-slide")
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
fn resolve_shows_the_slide_as_a_fall_to_another_column() {
    let out = json_of(&[
        "resolve",
        "--rules",
        "slide",
        "--board",
        "BCD/C%3D/AAA/EBC",
        "--json",
    ]);
    let falls = out["phases"][0]["falls"].as_array().expect("falls");
    let slid = falls.iter().any(|f| f["from"][1] != f["to"][1]);
    assert!(slid, "{out}");
}

#[test]
fn any_level_picks_the_slide_with_one_line() {
    // The test's own temporary folder, removed when it ends.
    let dir = tempfile::tempdir().unwrap();
    let level = dir.path().join("slide.toml");
    let text =
        "rules = \"lines\"\ngravity = \"slide\"\nboard = \"?????/??%3??/?????/?????\"\nmoves = 5\n";
    std::fs::write(&level, text).unwrap();
    let path = level.to_str().unwrap();
    let out = json_of(&[
        "simulate",
        "--level",
        path,
        "--games",
        "5",
        "--json",
        "--no-timing",
    ]);
    assert_eq!(out["errors"], 0, "{out}");
    let bad = run(&[
        "simulate", "--level", path, "--set", "moves=3", "--games", "1",
    ]);
    assert!(
        bad.status.success(),
        "{}",
        String::from_utf8_lossy(&bad.stderr)
    );
    std::fs::write(&level, text.replace("slide\"", "sideways\"")).unwrap();
    let out = run(&["simulate", "--level", path]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("gravity"));
}
