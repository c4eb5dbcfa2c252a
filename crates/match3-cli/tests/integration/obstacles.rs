//! Obstacles from the command line: boards in level notation, trace events in
//! `resolve --json`, obstacle goals, the sample obstacle levels and `play`.

use serde_json::json;

use crate::common::{json_of, match3, play_script};

#[test]
fn resolve_reports_every_obstacle_event_and_the_board_with_its_layers() {
    // Row 0 matches: the locked A keeps its piece and loses its lock, the other two are
    // cleared and take their jelly layer, and the crate under (0,2) takes a hit.
    let v = json_of(&[
        "resolve",
        "--rules",
        "finite",
        "--board",
        "A@~A~A~B/CD%2E/FGHB",
        "--json",
    ]);
    let phase = &v["phases"][0];
    assert_eq!(phase["cleared"], json!([[0, 1], [0, 2]]));
    assert_eq!(
        phase["obstacles"],
        json!([
            {"kind": "unlocked", "at": [0, 0], "id": 0},
            {"kind": "jelly", "at": [0, 1], "left": 0},
            {"kind": "jelly", "at": [0, 2], "left": 0},
            {"kind": "crate", "at": [1, 2], "health": 1},
        ])
    );
    assert_eq!(v["board"], "A~..B/CD%E/FGHB");
    // A plain board's phases have no obstacles key at all.
    let v = json_of(&[
        "resolve",
        "--rules",
        "finite",
        "--board",
        "AAAB/CDBE/FGHB",
        "--json",
    ]);
    assert_eq!(v["phases"][0].get("obstacles"), None);
}

#[test]
fn bad_obstacle_notation_is_an_error_naming_the_cell() {
    let out = match3(&["resolve", "--rules", "lines", "--board", "AB/C.@"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("row 1, col 1: a lock (@) needs a piece under it"),
        "{err}"
    );
    let out = match3(&["resolve", "--rules", "lines", "--board", "AB/%7"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("crate health is 1, 2 or 3"));
}

#[test]
fn obstacle_levels_report_jelly_and_crate_goals() {
    let v = json_of(&[
        "resolve",
        "--level",
        "levels/16-clusters-cellar.toml",
        "--seed",
        "3",
        "--json",
    ]);
    let goals = v["goals"].as_array().unwrap();
    assert_eq!(goals[0]["kind"], "crates");
    assert_eq!(goals[0]["count"], 4);
    assert_eq!(goals[0]["progress"], 0);
    assert_eq!(goals[1]["kind"], "jelly");
    assert_eq!(goals[1]["count"], 16);
    assert_eq!(goals[1]["done"], false);
}

#[test]
fn simulate_plays_every_obstacle_level() {
    for level in [
        "levels/13-jelly-ring.toml",
        "levels/14-locked-jelly.toml",
        "levels/15-crate-wall.toml",
        "levels/16-clusters-cellar.toml",
        "levels/17-tap-crates.toml",
        "levels/18-drop-jelly.toml",
        "levels/19-finite-locks.toml",
    ] {
        let v = json_of(&[
            "simulate",
            "--level",
            level,
            "--bot",
            "greedy",
            "--games",
            "6",
            "--json",
            "--no-timing",
        ]);
        assert_eq!(v["games"], 6, "{level}: {v}");
        assert_eq!(v["errors"], 0, "{level}: {v}");
        let (won, lost) = (v["won"].as_u64().unwrap(), v["lost"].as_u64().unwrap());
        assert_eq!(won + lost, 6, "{level}: every game ends won or lost: {v}");
    }
}

#[test]
fn play_shows_obstacles_and_their_legend() {
    let out = play_script(
        &["--rules", "finite", "--board", "A@~AAB~/CDBE/FGH%2"],
        "quit\n",
    );
    assert!(out.contains("A@~"), "{out}");
    assert!(out.contains("%2"), "{out}");
    assert!(out.contains("X@ locked"), "{out}");
    assert!(out.contains("X~ jelly"), "{out}");
}
