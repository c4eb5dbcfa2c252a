//! `--level` and `compare --levels` end to end, with the sample levels of `levels/`.

use serde_json::Value;

use crate::common::{json_of, match3, play_script};

fn level_file(text: &str) -> tempfile_path::Path {
    tempfile_path::Path::new(text)
}

/// A level file written to a temporary path, removed on drop.
mod tempfile_path {
    pub struct Path(pub std::path::PathBuf);
    impl Path {
        pub fn new(text: &str) -> Path {
            use std::sync::atomic::{AtomicU32, Ordering};
            static N: AtomicU32 = AtomicU32::new(0);
            let name = format!(
                "match3-level-{}-{}.toml",
                std::process::id(),
                N.fetch_add(1, Ordering::SeqCst)
            );
            let path = std::env::temp_dir().join(name);
            std::fs::write(&path, text).expect("write the level");
            Path(path)
        }
        pub fn arg(&self) -> &str {
            self.0.to_str().expect("utf-8 temp path")
        }
    }
    impl Drop for Path {
        fn drop(&mut self) {
            let _ = std::fs::remove_file(&self.0);
        }
    }
}

const TEACHING_LEVEL: &str = "rules = \"finite\"\nboard = \"AABC/BCAB/CBAC/ABCA\"\nmoves = 2\n\
    stars = [3, 6, 9]\n[[goals]]\nkind = \"score\"\ntarget = 3\n[[goals]]\nkind = \"collect\"\ncolor = \"A\"\ncount = 3\n";

#[test]
fn resolve_with_a_level_reports_moves_left_goals_and_the_verdict() {
    let level = level_file(TEACHING_LEVEL);
    let v = json_of(&[
        "resolve",
        "--level",
        level.arg(),
        "--swap",
        "0,2",
        "1,2",
        "--json",
    ]);
    assert_eq!(v["score"], 3);
    assert_eq!(v["status"], "won");
    assert_eq!(v["moves_left"], 1);
    assert_eq!(v["stars"], 1);
    let goals = v["goals"].as_array().unwrap();
    assert_eq!(goals[0]["kind"], "score");
    assert_eq!(goals[0]["target"], 3);
    assert_eq!(goals[0]["progress"], 3);
    assert_eq!(goals[0]["done"], true);
    assert_eq!(goals[1]["kind"], "collect");
    assert_eq!(goals[1]["count"], 3);
    assert_eq!(goals[1]["color"], "A");
    assert_eq!(goals[1]["progress"], 3);
    // Without a level the keys are there, empty.
    let v = json_of(&[
        "resolve",
        "--rules",
        "finite",
        "--board",
        "AABC/BCAB/CBAC/ABCA",
        "--json",
    ]);
    assert_eq!(v["moves_left"], Value::Null);
    assert_eq!(v["goals"], serde_json::json!([]));
}

#[test]
fn a_level_is_lost_at_its_move_limit() {
    let level = level_file(
        &TEACHING_LEVEL
            .replace("target = 3", "target = 30")
            .replace("moves = 2", "moves = 1"),
    );
    let v = json_of(&[
        "resolve",
        "--level",
        level.arg(),
        "--swap",
        "0,2",
        "1,2",
        "--json",
    ]);
    assert_eq!(v["status"], "lost");
    assert_eq!(v["moves_left"], 0);
    assert_eq!(v["stars"], 0);
}

#[test]
fn level_errors_name_file_line_and_field() {
    let level = level_file("rules = \"finite\"\nboard = '''\nAB\nA?B\n'''\n");
    let out = match3(&["moves", "--level", level.arg()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!("{}:4: board: row 1", level.arg())),
        "{err}"
    );
    let level = level_file("rules = \"tetris\"\nboard = \"AB\"\n");
    let err = String::from_utf8_lossy(&match3(&["new", "--level", level.arg()]).stderr).to_string();
    assert!(err.contains(":1: rules: unknown rules \"tetris\""), "{err}");
}

#[test]
fn new_and_moves_start_the_level_with_the_seed() {
    let a = json_of(&[
        "new",
        "--level",
        "levels/02-ring.toml",
        "--seed",
        "4",
        "--json",
    ]);
    let b = json_of(&[
        "new",
        "--level",
        "levels/02-ring.toml",
        "--seed",
        "4",
        "--json",
    ]);
    assert_eq!(a, b);
    let board = a["board"].as_str().unwrap();
    assert!(board.starts_with('_') && !board.contains('?'), "{board}");
    assert_eq!(a["moves_left"], 12);
    let moves = json_of(&[
        "moves",
        "--level",
        "levels/02-ring.toml",
        "--seed",
        "4",
        "--json",
    ]);
    assert_eq!(
        moves.as_array().unwrap().len() as u64,
        a["legal_moves"].as_u64().unwrap()
    );
}

#[test]
fn simulate_on_a_level_reports_pass_rate_stars_and_shuffles() {
    let v = json_of(&[
        "simulate",
        "--level",
        "levels/04-walls.toml",
        "--games",
        "30",
        "--jobs",
        "2",
        "--json",
        "--no-timing",
    ]);
    for key in [
        "pass_rate",
        "pass_rate_low",
        "pass_rate_high",
        "mean_moves_used",
        "stars",
        "shuffles",
    ] {
        assert!(!v[key].is_null(), "{key} missing: {v}");
    }
    let (p, low, high) = (
        v["pass_rate"].as_f64().unwrap(),
        v["pass_rate_low"].as_f64().unwrap(),
        v["pass_rate_high"].as_f64().unwrap(),
    );
    assert!(low <= p && p <= high && (0.0..=1.0).contains(&low) && high <= 1.0);
    let stars: u64 = v["stars"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_u64().unwrap())
        .sum();
    assert_eq!(stars, 30);
    assert!((v["won"].as_u64().unwrap() as f64 / 30.0 - p).abs() < 1e-4);
    assert!(v["shuffles"].as_u64().unwrap() > 0, "{v}");
    let one = json_of(&[
        "simulate",
        "--level",
        "levels/04-walls.toml",
        "--games",
        "30",
        "--jobs",
        "1",
        "--json",
        "--no-timing",
    ]);
    assert_eq!(one, v);
}

#[test]
fn plain_simulate_counts_real_shuffles() {
    let v = json_of(&[
        "simulate",
        "--rules",
        "lines",
        "--bot",
        "random",
        "--games",
        "20",
        "--moves",
        "100",
        "--blockers",
        "20",
        "--colors",
        "6",
        "--json",
        "--no-timing",
    ]);
    assert!(v["shuffles"].as_u64().unwrap() > 0, "{v}");
    assert_eq!(v["endings"]["no_moves"], 0);
}

#[test]
fn compare_levels_prints_one_row_per_level_and_bot_sorted_by_pass_rate() {
    let v = json_of(&[
        "compare",
        "--levels",
        "levels",
        "--games",
        "8",
        "--json",
        "--no-timing",
    ]);
    let rows = v.as_array().unwrap();
    let files = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../../levels"))
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .path()
                .extension()
                .is_some_and(|x| x == "toml")
        })
        .count();
    assert_eq!(rows.len(), 2 * files);
    let rates: Vec<f64> = rows
        .iter()
        .map(|r| r["pass_rate"].as_f64().unwrap())
        .collect();
    assert!(rates.windows(2).all(|w| w[0] >= w[1]), "{rates:?}");
    let out = match3(&[
        "compare",
        "--levels",
        "levels",
        "--games",
        "4",
        "--no-timing",
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("level") && text.contains("Ring") && text.contains("greedy"),
        "{text}"
    );
}

#[test]
fn play_shows_the_level_and_saves_and_loads_a_game() {
    let level = level_file(TEACHING_LEVEL.replace("target = 3", "target = 30").as_str());
    let saved = std::env::temp_dir().join(format!("match3-saved-{}.json", std::process::id()));
    let saved = saved.to_str().unwrap();
    let text = play_script(
        &["--level", level.arg()],
        &format!("0,2 1,2\nsave {saved}\nquit\n"),
    );
    assert!(text.contains("moves left 2"), "{text}");
    assert!(
        text.contains("moves left 1  goals: score 3/30, collect A 3/3 done"),
        "{text}"
    );
    assert!(text.contains(&format!("saved to {saved}")), "{text}");
    // A new session on another variant continues the saved game.
    let text = play_script(
        &["--rules", "lines"],
        &format!("load {saved}\n1,0 1,1\nquit\n"),
    );
    let _ = std::fs::remove_file(saved);
    assert!(
        text.contains("score 3  moves 1  status playable  moves left 1"),
        "{text}"
    );
    assert!(text.contains("Game over: the level is lost"), "{text}");
}

#[test]
fn solve_a_level_for_a_win_or_prove_the_deal_cannot_be_won() {
    let won = json_of(&["solve", "--level", "levels/19-finite-locks.toml", "--json"]);
    assert_eq!(won["winnable"], true);
    assert_eq!(won["optimal"], true);
    assert_eq!(won["moves_used"], 2);
    assert_eq!(won["status"], "won");
    assert_eq!(won["goals"][0]["done"], true);
    // The same deal of a tap level: won with seed 3, provably not with seed 0.
    let tap = |seed: &str| {
        json_of(&[
            "solve",
            "--level",
            "levels/08-tap-columns.toml",
            "--seed",
            seed,
            "--json",
        ])
    };
    assert_eq!(tap("3")["winnable"], true);
    let lost = tap("0");
    assert_eq!(
        (&lost["winnable"], &lost["optimal"]),
        (&Value::Bool(false), &Value::Bool(true))
    );
    assert_eq!(lost["moves"], Value::Null);
    // A budget too small to decide says so.
    let cut = json_of(&[
        "solve",
        "--level",
        "levels/08-tap-columns.toml",
        "--max-nodes",
        "1",
        "--json",
    ]);
    assert_eq!(
        (&cut["winnable"], &cut["optimal"]),
        (&Value::Null, &Value::Bool(false))
    );
    let text =
        String::from_utf8(match3(&["solve", "--level", "levels/19-finite-locks.toml"]).stdout)
            .unwrap();
    assert!(
        text.starts_with("Locked corner: wins in 2 moves (the fewest"),
        "{text}"
    );
}

#[test]
fn solve_refuses_levels_of_rules_that_draw_pieces_and_a_goal_with_a_level() {
    let out = match3(&["solve", "--level", "levels/01-first-steps.toml"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("refill"));
    let out = match3(&[
        "solve",
        "--level",
        "levels/19-finite-locks.toml",
        "--goal",
        "clear",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let out = match3(&[
        "solve", "--rules", "finite", "--board", "teaching", "--seed", "2",
    ]);
    assert_eq!(
        out.status.code(),
        Some(2),
        "--seed is for a level's random cells"
    );
}

#[test]
fn a_level_run_says_why_games_were_lost_and_how_wins_went() {
    let run = json_of(&[
        "simulate",
        "--level",
        "levels/13-jelly-ring.toml",
        "--games",
        "30",
        "--json",
        "--no-timing",
    ]);
    let endings = &run["endings"];
    let lost = endings["lost"].as_u64().unwrap();
    let won = endings["won"].as_u64().unwrap();
    assert!(lost > 0 && won > 0, "{run}");
    assert_eq!(
        endings["out_of_moves"].as_u64().unwrap() + endings["stuck"].as_u64().unwrap(),
        lost
    );
    let goal = &run["goals"][0];
    assert_eq!(goal["goal"], "clear the jelly");
    assert_eq!(
        goal["unmet_when_lost"], lost,
        "the only goal is unmet in every loss"
    );
    assert_eq!(goal["last_unmet_when_lost"], lost);
    let share = goal["mean_share_when_lost"].as_f64().unwrap();
    assert!(share > 0.0 && share < 1.0, "{goal}");
    let wins: u64 = (run["moves_left_when_won"].as_array().unwrap().iter())
        .map(|h| h["games"].as_u64().unwrap())
        .sum();
    assert_eq!(wins, won);
    assert!(run["zero_star_wins"].as_u64().unwrap() <= won);
    // The same numbers from shards.
    let shard = |i: &str| {
        let out = match3(&[
            "simulate",
            "--level",
            "levels/13-jelly-ring.toml",
            "--games",
            "30",
            "--json",
            "--no-timing",
            "--shard",
            i,
        ]);
        level_file(&String::from_utf8(out.stdout).unwrap())
    };
    let (a, b) = (shard("0/2"), shard("1/2"));
    assert_eq!(
        json_of(&["merge", "--json", "--no-timing", a.arg(), b.arg()]),
        run
    );
}

#[test]
fn a_recorded_game_replays_in_play() {
    let records = level_file("");
    let out = match3(&[
        "simulate",
        "--level",
        "levels/13-jelly-ring.toml",
        "--games",
        "2",
        "--records",
        records.arg(),
    ]);
    assert!(out.status.success());
    let text = std::fs::read_to_string(&records.0).unwrap();
    for line in text.lines() {
        let record: Value = serde_json::from_str(line).unwrap();
        assert!(["won", "out_of_moves", "stuck"].contains(&record["reason"].as_str().unwrap()));
        assert_eq!(record["progress"][0]["goal"], "clear the jelly");
        let moves = record["line"].to_string();
        let seed = record["seed"].to_string();
        let shown = play_script(
            &[
                "--level",
                "levels/13-jelly-ring.toml",
                "--seed",
                &seed,
                "--replay",
                &moves,
            ],
            "quit\n",
        );
        let score = format!("score {}  moves {}", record["score"], record["moves"]);
        assert!(shown.contains(&score), "{score} not in the replay");
    }
}

#[test]
fn solving_each_deal_separates_deal_luck_from_play() {
    let run = json_of(&[
        "simulate",
        "--level",
        "levels/08-tap-columns.toml",
        "--bot",
        "greedy",
        "--games",
        "40",
        "--solve",
        "--json",
        "--no-timing",
    ]);
    let n = |k: &str| run[k].as_u64().unwrap();
    assert_eq!(
        n("winnable_deals") + n("unwinnable_deals") + n("unknown_deals"),
        40
    );
    assert!(
        n("unwinnable_deals") > 0 && n("winnable_deals") > 0,
        "{run}"
    );
    // Every win is on a winnable deal.
    let rate = run["pass_rate_of_winnable"].as_f64().unwrap();
    let expected = n("won") as f64 / n("winnable_deals") as f64;
    assert!((rate - expected).abs() < 1e-4, "{rate} {expected}");
    assert_eq!(run["deterministic"], false);
    let out = match3(&[
        "simulate",
        "--level",
        "levels/01-first-steps.toml",
        "--solve",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("draw new pieces"));
    let out = match3(&[
        "simulate",
        "--level",
        "levels/08-tap-columns.toml",
        "--solve",
        "--json",
        "--shard",
        "0/2",
    ]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_fixed_deal_played_alike_is_one_game_with_no_interval() {
    let level = "levels/19-finite-locks.toml";
    let args = |bot| {
        vec![
            "simulate",
            "--level",
            level,
            "--bot",
            bot,
            "--games",
            "12",
            "--json",
            "--no-timing",
        ]
    };
    let greedy = json_of(&args("greedy"));
    assert_eq!(greedy["deterministic"], true);
    assert_eq!(greedy["distinct_games"], 1);
    assert_eq!(greedy["pass_rate_low"], Value::Null);
    // The random bot plays the fixed deal differently game to game: an interval.
    let random = json_of(&args("random"));
    assert_eq!(random["deterministic"], true);
    assert_eq!(random["distinct_games"], Value::Null);
    assert!(random["pass_rate_low"].is_number());
    // Shards agree with the whole run.
    for (bot, whole) in [("greedy", &greedy), ("random", &random)] {
        let shard = |i: &str| {
            let out = match3(&[&args(bot)[..], &["--shard", i]].concat());
            level_file(&String::from_utf8(out.stdout).unwrap())
        };
        let (a, b) = (shard("0/2"), shard("1/2"));
        assert_eq!(
            &json_of(&["merge", "--json", "--no-timing", a.arg(), b.arg()]),
            whole
        );
    }
}

#[test]
fn the_designers_table_keeps_the_level_sequence_with_a_column_per_bot() {
    let out = match3(&[
        "compare",
        "--levels",
        "levels",
        "--games",
        "6",
        "--no-timing",
    ]);
    let text = String::from_utf8(out.stdout).unwrap();
    let mut lines = text.lines().skip(2);
    let header = lines.next().unwrap();
    assert!(header.contains("random") && header.contains("greedy") && header.contains("notes"));
    let names: Vec<&str> = lines.map(|l| &l[..22]).map(str::trim).collect();
    // File order: 01-first-steps first, 19-finite-locks last, one row per level.
    assert_eq!(names.first(), Some(&"First steps"), "{text}");
    assert_eq!(names.last(), Some(&"Locked corner"), "{text}");
    assert_eq!(names.len(), 19, "{text}");
    assert!(text.contains("% ±"), "{text}");
    // --sort pass gives the old table: a row per level and bot, easiest first.
    let pass = match3(&[
        "compare", "--levels", "levels", "--games", "6", "--sort", "pass",
    ]);
    assert!(String::from_utf8_lossy(&pass.stdout).contains("easiest first"));
    // CSV: a header and a line per level and bot.
    let csv = match3(&["compare", "--levels", "levels", "--games", "6", "--csv"]);
    let csv = String::from_utf8(csv.stdout).unwrap();
    assert!(csv.starts_with("level,file,rules,bot,games,won,pass_rate"));
    assert_eq!(csv.lines().count(), 1 + 2 * 19);
    assert!(
        csv.lines()
            .nth(1)
            .unwrap()
            .starts_with("First steps,levels/01-first-steps.toml,lines,random,6,")
    );
    // A target band must be two fractions, low first.
    for bad in ["0.6..0.3", "30..60", "0.3"] {
        let out = match3(&["compare", "--levels", "levels", "--target", bad]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
    }
}

#[test]
fn notes_say_when_bots_cannot_be_told_apart_or_a_stronger_one_does_worse() {
    use match3_bots::{Ending, GameStats, Plan, Report, Stats};
    let level = match3_cli::level::Opened::read(
        &match3_cli::Registry::builtin(),
        std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/levels/02-ring.toml")),
        None,
    )
    .unwrap();
    let row = |bot, won: u32, games: u32| {
        let mut stats = Stats::default();
        for i in 0..games {
            let ending = if i < won { Ending::Won } else { Ending::Lost };
            stats.add(
                i,
                &GameStats {
                    ending,
                    ..GameStats::default()
                },
            );
        }
        let plan = Plan {
            config: match3_core::GameConfig::new(1),
            bot,
            games,
            moves: 10,
        };
        let report = Report {
            games,
            move_limit: 10,
            stats,
            elapsed: Default::default(),
        };
        match3_cli::report::LevelRow {
            level: level.clone(),
            plan,
            report,
        }
    };
    use match3_bots::BotKind::{Greedy, Random};
    let close = [row(Random, 40, 100), row(Greedy, 45, 100)];
    assert_eq!(
        match3_cli::difficulty::notes(&[&close[0], &close[1]]),
        "greedy ≈ random"
    );
    let inverted = [row(Random, 80, 400), row(Greedy, 20, 400)];
    assert_eq!(
        match3_cli::difficulty::notes(&[&inverted[0], &inverted[1]]),
        "greedy < random"
    );
    let clear = [row(Random, 10, 400), row(Greedy, 300, 400)];
    assert_eq!(match3_cli::difficulty::notes(&[&clear[0], &clear[1]]), "");
}

#[test]
fn precision_plays_until_the_interval_is_narrow_enough() {
    let level = "levels/04-walls.toml";
    let run = json_of(&[
        "simulate",
        "--level",
        level,
        "--games",
        "3000",
        "--precision",
        "0.04",
        "--json",
        "--no-timing",
    ]);
    let played = run["games_played"].as_u64().unwrap();
    assert!(played > 100 && played < 3000, "{run}");
    assert_eq!(run["precision_met"], true);
    let half =
        (run["pass_rate_high"].as_f64().unwrap() - run["pass_rate_low"].as_f64().unwrap()) / 2.0;
    assert!(half <= 0.04, "{half}");
    // The same games as a plain run of that many.
    let plain = json_of(&[
        "simulate",
        "--level",
        level,
        "--games",
        &played.to_string(),
        "--json",
        "--no-timing",
    ]);
    assert_eq!(plain["pass_rate"], run["pass_rate"]);
    // Bounded by --games: then the precision is said not to be met.
    let capped = json_of(&[
        "simulate",
        "--level",
        level,
        "--games",
        "50",
        "--precision",
        "0.01",
        "--json",
    ]);
    assert_eq!(
        (capped["games_played"].as_u64(), &capped["precision_met"]),
        (Some(50), &Value::Bool(false))
    );
    let rows = json_of(&[
        "compare",
        "--levels",
        "levels",
        "--games",
        "400",
        "--precision",
        "0.2",
        "--json",
        "--no-timing",
    ]);
    for row in rows.as_array().unwrap() {
        assert!(row["games_played"].as_u64().unwrap() <= 400, "{row}");
    }
    let bad = match3(&["simulate", "--level", level, "--precision", "0"]);
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn a_sweep_runs_the_level_once_per_value() {
    let rows = json_of(&[
        "simulate",
        "--level",
        "levels/04-walls.toml",
        "--set",
        "moves=8..14:2",
        "--games",
        "60",
        "--json",
        "--no-timing",
    ]);
    let rows = rows.as_array().unwrap();
    let limits: Vec<u64> = rows
        .iter()
        .map(|r| r["move_limit"].as_u64().unwrap())
        .collect();
    assert_eq!(limits, [8, 10, 12, 14]);
    assert_eq!(
        rows[2]["set"],
        serde_json::json!({"key": "moves", "value": 12})
    );
    // Each row is the plain run of the level with that value.
    let file =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/levels/04-walls.toml"))
            .unwrap();
    let edited = level_file(&regex_free_set_moves(&file, 12));
    let plain = json_of(&[
        "simulate",
        "--level",
        edited.arg(),
        "--games",
        "60",
        "--json",
        "--no-timing",
    ]);
    assert_eq!(plain["pass_rate"], rows[2]["pass_rate"]);
    // More moves, no fewer wins here.
    let won: Vec<u64> = rows.iter().map(|r| r["won"].as_u64().unwrap()).collect();
    assert!(won.windows(2).all(|w| w[0] <= w[1]), "{won:?}");
    let text = String::from_utf8(
        match3(&[
            "simulate",
            "--level",
            "levels/02-ring.toml",
            "--set",
            "goal1=5,10",
            "--games",
            "20",
        ])
        .stdout,
    )
    .unwrap();
    assert!(
        text.contains("goal1") && text.lines().count() == 5,
        "{text}"
    );
    for bad in [
        "moves",
        "speed=1..2",
        "moves=9..3",
        "goal9=1..2",
        "moves=1..1000",
    ] {
        let out = match3(&["simulate", "--level", "levels/04-walls.toml", "--set", bad]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
    }
}

#[test]
fn set_values_go_through_the_files_checks_and_errors_name_the_option() {
    let refused = |level: &str, set: &str| {
        let out = match3(&["simulate", "--level", level, "--set", set, "--games", "2"]);
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{set}: {stderr}");
        assert!(out.stdout.is_empty(), "{set}: no row runs before the error");
        stderr
    };
    let moves = refused("levels/04-walls.toml", "moves=0");
    assert_eq!(
        moves.trim(),
        "match3: --set moves=0: a move limit must be at least 1"
    );
    let moves = refused("levels/04-walls.toml", "moves=5,99999");
    assert!(moves.contains("--set moves=99999: a move limit of 99999 is more than 10000"));
    let colors = refused("levels/19-finite-locks.toml", "colors=30");
    assert_eq!(
        colors.trim(),
        "match3: --set colors=30: 30 is not in 1..=26"
    );
    let colors = refused("levels/01-first-steps.toml", "colors=1");
    assert!(
        colors.starts_with("match3: --set colors=1: ") && !colors.contains(".toml:"),
        "{colors}"
    );
    let goal = refused("levels/04-walls.toml", "goal7=3");
    assert!(
        goal.starts_with("match3: --set goal7=3: the level has"),
        "{goal}"
    );
}

/// The level file with its move limit replaced.
fn regex_free_set_moves(file: &str, moves: u32) -> String {
    file.lines()
        .map(|l| {
            if l.starts_with("moves") {
                format!("moves = {moves}")
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn lint_warns_of_what_a_level_allows_but_probably_does_not_mean() {
    let file = level_file(
        "rules = \"lines\"\nboard = \"ABC\\nBCA\\nCAB\"\ncolors = 2\nmoves = 5\nstars = [500, 500, 900]\n\
         spawn = { A = 0 }\n[[goals]]\nkind = \"score\"\ntarget = 100\n[[goals]]\nkind = \"collect\"\n\
         color = \"A\"\ncount = 0\n[[goals]]\nkind = \"collect\"\ncolor = \"A\"\ncount = 9\n",
    );
    let out = match3(&["lint", file.arg(), "--games", "20"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let at = |line: usize, field: &str, words: &str| {
        let prefix = format!("{}:{line}: {field}: warning: ", file.arg());
        assert!(
            text.lines()
                .any(|l| l.starts_with(&prefix) && l.contains(words)),
            "no {prefix}…{words} in\n{text}"
        );
    };
    at(5, "stars", "below the first star threshold 500");
    at(5, "stars", "two thresholds are 500");
    at(10, "goals[1]", "needs nothing");
    at(14, "goals[2]", "never make A");
    at(3, "colors", "cascades can run away");
    assert_eq!(text.lines().count(), 5, "{text}");
    // A board with nothing to play is refused when the file is read, by lint too.
    for board in ["..../....", "____/____", "%%%/%%%"] {
        for rules in ["finite", "lines"] {
            let empty = level_file(&format!("rules = \"{rules}\"\nboard = \"{board}\"\n"));
            let out = match3(&["lint", empty.arg()]);
            let stderr = String::from_utf8(out.stderr).unwrap();
            assert_eq!(out.status.code(), Some(2), "{rules} {board}: {stderr}");
            assert!(
                stderr.contains(":2: board: the board holds no piece and no `?` cell"),
                "{rules} {board}: {stderr}"
            );
        }
    }
    // Spawn weights that leave one colour make every turn cascade without end.
    let one = level_file(
        "rules = \"lines\"\nboard = \"????/????/????/????\"\ncolors = 5\nmoves = 10\n\
         spawn = { B = 0, C = 0, D = 0, E = 0 }\n",
    );
    let text = String::from_utf8(match3(&["lint", one.arg()]).stdout).unwrap();
    assert!(
        text.contains(":5: spawn: warning: the spawn weights draw only A of the 5 colours"),
        "{text}"
    );
    // A drop level starts empty on purpose; wins below the first star are found by play.
    let json = json_of(&[
        "lint",
        "levels/10-drop-funnel.toml",
        "levels/09-tap-collect.toml",
        "--json",
        "--suggest-stars",
    ]);
    assert_eq!(json[0]["warnings"], serde_json::json!([]));
    let warned = json[1]["warnings"][0]["message"].as_str().unwrap();
    assert!(
        warned.contains("simulated wins scored below the first star"),
        "{warned}"
    );
    let stars: Vec<u64> = serde_json::from_value(json[1]["suggested_stars"].clone()).unwrap();
    assert!(stars.windows(2).all(|w| w[0] < w[1]), "{stars:?}");
}

#[test]
fn level_errors_point_at_the_field_they_are_about() {
    let error = |text: &str| {
        let file = level_file(text);
        let out = match3(&["new", "--level", file.arg()]);
        assert_eq!(out.status.code(), Some(2));
        String::from_utf8(out.stderr)
            .unwrap()
            .replace(file.arg(), "F")
    };
    let three = "rules = \"lines\"\nboard = \"ABC\\nBCA\\nCAB\"\n";
    assert!(
        error(&format!("{three}moves = \"x\"\n")).starts_with("match3: F:3: moves: invalid type")
    );
    assert!(
        error(&format!("{three}moves = 3\n[[goals]]\nkind = \"jelly\"\n"))
            .starts_with("match3: F:4: goals[0]: the level has a jelly goal")
    );
    assert!(error(&format!("{three}colors = 1\n")).starts_with("match3: F:3: colors: 1 colours"));
    // An escaped line break in a one-line board adds no line.
    assert!(
        error("rules = \"lines\"\nboard = \"ABC\\nBCA\\nCA$\"\n")
            .starts_with("match3: F:2: board: row 2"),
    );
    // Spawn weights follow the palette the board implies: H on the board makes 8 colours.
    let ok = level_file("rules = \"lines\"\nboard = \"ABC\\nBCA\\nCAH\"\nspawn = { H = 3 }\n");
    assert!(match3(&["new", "--level", ok.arg()]).status.success());
}

#[test]
fn greedy_spreads_its_drops_and_beats_random_on_a_jelly_floor() {
    let rate = |bot: &str| {
        let v = json_of(&[
            "simulate",
            "--level",
            "levels/18-drop-jelly.toml",
            "--bot",
            bot,
            "--games",
            "400",
            "--json",
            "--no-timing",
        ]);
        let f = |k: &str| v[k].as_f64().unwrap();
        (f("pass_rate"), f("pass_rate_low"), f("pass_rate_high"))
    };
    let (greedy, greedy_low, _) = rate("greedy");
    let (random, _, random_high) = rate("random");
    // Piling every drop into the first column lost to random (8% against 39%).
    assert!(greedy_low > random_high, "greedy {greedy}, random {random}");
}
