//! The designer's numbers: right under `--precision` (the games actually played, every
//! bot of a row on the same games, the different games counted), the metrics of every
//! level run, solver-backed `lint` and `--suggest-stars`, and the difficulty table's
//! checks against a band and a template.

use serde_json::Value;

use crate::common::{json_of, match3};
use crate::levels::level_file;

/// A fixed deal played by a bot that varies is many games, with an interval, under
/// `--precision` as without it.
#[test]
fn a_fixed_deal_played_differently_is_many_games_under_precision() {
    let run = json_of(&[
        "simulate",
        "--level",
        "levels/19-finite-locks.toml",
        "--bot",
        "random",
        "--games",
        "400",
        "--precision",
        "0.03",
        "--json",
        "--no-timing",
    ]);
    let distinct = run["distinct_games"].as_u64().unwrap();
    assert!(distinct > 1, "{run}");
    assert!(run["pass_rate_low"].is_number(), "{run}");
    assert_eq!(run["games_played"], 400);
    assert_eq!(run["precision_met"], false);
    // Greedy plays it alike every game: one game, no interval, in words too.
    let args = [
        "simulate",
        "--level",
        "levels/19-finite-locks.toml",
        "--games",
        "20",
    ];
    let text = String::from_utf8(match3(&args).stdout).unwrap();
    assert!(
        text.contains("pass rate 100.0% (one game repeated: no interval)"),
        "{text}"
    );
    assert!(
        text.contains("endings      20 won, 0 lost, 0 engine errors"),
        "{text}"
    );
}

/// `compare --levels --precision`: each level's bots play as many games as each other,
/// the JSON says how many and whether the precision was met, and stderr warns of every
/// row that ran out of games first.
#[test]
fn every_bot_of_a_level_plays_the_same_games_and_short_rows_warn() {
    let out = match3(&[
        "compare",
        "--levels",
        "levels",
        "--games",
        "200",
        "--precision",
        "0.03",
        "--json",
        "--no-timing",
    ]);
    assert!(out.status.success());
    let rows: Value = serde_json::from_slice(&out.stdout).unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    let mut short = 0;
    for row in rows.as_array().unwrap() {
        let same_level = (rows.as_array().unwrap().iter()).filter(|r| r["file"] == row["file"]);
        for other in same_level {
            assert_eq!(
                other["games_played"], row["games_played"],
                "{}",
                row["file"]
            );
        }
        if row["precision_met"] == false {
            short += 1;
            let warning = format!(
                "warning: {} ({} bot)",
                row["level"].as_str().unwrap(),
                row["bot"].as_str().unwrap()
            );
            assert!(stderr.contains(&warning), "{warning} not in {stderr}");
        }
    }
    assert!(short > 0, "200 games cannot give ±3 points on every level");
    assert_eq!(stderr.matches("warning: ").count(), short);
}

/// Every level run reports attempts per success, the pass rate with extra moves, the
/// losses one move short and per goal the losses one unit short.
#[test]
fn a_level_run_reports_the_metrics_studios_use() {
    let run = json_of(&[
        "simulate",
        "--level",
        "levels/02-ring.toml",
        "--games",
        "80",
        "--json",
        "--no-timing",
    ]);
    let rate = run["pass_rate"].as_f64().unwrap();
    let attempts = run["attempts_per_success"]["value"].as_f64().unwrap();
    assert!((attempts * rate - 1.0).abs() < 1e-3, "{run}");
    let extra = |k: &str| run["pass_rate_with_extra_moves"][k].as_f64().unwrap();
    assert!(
        rate <= extra("1") && extra("1") <= extra("3") && extra("3") <= extra("5"),
        "{run}"
    );
    let short = run["one_move_short_rate"].as_f64().unwrap();
    let lost = run["lost"].as_f64().unwrap();
    // Losses one move short are exactly the games one more move turned into wins.
    assert!(
        (short * lost - (extra("1") - rate) * 80.0).abs() < 0.05,
        "{run}"
    );
    assert!(run["goals"][0]["one_unit_short_rate"].is_number(), "{run}");
    assert_eq!(run["games_played"], 80);
    assert_eq!(run["precision_met"], Value::Null);
    let text = String::from_utf8(
        match3(&[
            "simulate",
            "--level",
            "levels/02-ring.toml",
            "--games",
            "80",
        ])
        .stdout,
    )
    .unwrap();
    for line in [
        "attempts     ",
        "extra moves  pass rate +1: ",
        "one short    ",
        "unit short   ",
    ] {
        assert!(text.contains(line), "{line} missing from {text}");
    }
}

/// A fixed deal of rules that draw no piece that cannot be won is a warning, proven by
/// the solver; stars suggested for a fixed deal put three stars at its best score.
#[test]
fn lint_proves_an_unwinnable_deal_and_stars_use_the_best_score() {
    let unwinnable = level_file(
        "rules = \"finite\"\nboard = \"AABC/BCAB/CBAC/ABCA\"\nmoves = 1\n[[goals]]\nkind = \"score\"\ntarget = 14\n",
    );
    let text = String::from_utf8(match3(&["lint", unwinnable.arg()]).stdout).unwrap();
    assert!(
        text.contains(":3: moves: warning: the deal cannot be won: no line of 1 move meets every goal (proven by the solver"),
        "{text}"
    );
    // Seeded deals: the share of the first deals that cannot be won.
    let seeded = json_of(&["lint", "levels/08-tap-columns.toml", "--json"]);
    let warned = seeded[0]["warnings"].to_string();
    assert!(
        warned.contains("of the first 20 deals of seed 1 cannot be won"),
        "{warned}"
    );
    // Three stars at the best winning score of the fixed deal, proven: 10 on the
    // locked corner.
    let stars = json_of(&[
        "lint",
        "levels/19-finite-locks.toml",
        "--suggest-stars",
        "--json",
    ]);
    let basis = &stars[0]["suggested_stars_basis"];
    assert_eq!(basis[2]["basis"], "best");
    assert_eq!(basis[2]["score"], 10);
    assert_eq!(stars[0]["suggested_stars"][2], 10);
    let text = String::from_utf8(
        match3(&[
            "lint",
            "levels/02-ring.toml",
            "--suggest-stars",
            "--games",
            "200",
        ])
        .stdout,
    )
    .unwrap();
    for what in [
        "the 10th percentile of the wins in 200 greedy games, 95% ",
        "the median",
        "the 90th percentile",
    ] {
        assert!(text.contains(what), "{what} missing from {text}");
    }
}

/// The difficulty table flags the last bot's levels outside the target band and off the
/// sawtooth template; the fixed deal's greedy row is one game, not "±0".
#[test]
fn the_difficulty_table_checks_the_sequence_against_a_band_and_a_template() {
    let text = String::from_utf8(
        match3(&[
            "compare",
            "--levels",
            "levels",
            "--games",
            "40",
            "--target",
            "0.2..0.85",
            "--template",
            "sawtooth",
        ])
        .stdout,
    )
    .unwrap();
    let corner = text
        .lines()
        .find(|l| l.starts_with("Locked corner"))
        .unwrap();
    assert!(corner.contains("100% 1 game"), "{corner}");
    assert!(corner.contains("greedy outside 20–85%"), "{corner}");
    assert!(corner.contains("greedy off the template (40%)"), "{corner}");
    assert!(text.starts_with("40 games per level and bot"), "{text}");
    let both = match3(&["compare", "--levels", "levels", "--csv", "--json"]);
    assert_eq!(both.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&both.stderr).contains("cannot be used with"));
    let csv = String::from_utf8(
        match3(&["compare", "--levels", "levels", "--games", "10", "--csv"]).stdout,
    )
    .unwrap();
    assert!(csv.lines().next().unwrap().ends_with(
        ",precision_met,attempts_per_success,pass_rate_plus_1,pass_rate_plus_3,pass_rate_plus_5,one_move_short_rate"
    ));
}
