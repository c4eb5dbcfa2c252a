//! The `match3` binary end to end: the JSON contract of `docs/cli.md`, rejected moves,
//! malformed input, legal-move lists and a scripted `play` session.

use std::process::{Command, Stdio};

use serde_json::{Value, json};

use crate::common::{json_of, match3, play_script};

const TEACHING: &str = "AABC/BCAB/CBAC/ABCA";

#[test]
fn resolve_json_reports_the_worked_example() {
    let v = json_of(&[
        "resolve", "--rules", "finite", "--board", TEACHING, "--swap", "0,2", "1,2", "--json",
    ]);
    assert_eq!(v["legal"], true);
    assert_eq!(v["error"], Value::Null);
    assert_eq!(v["moves"], 1);
    assert_eq!(v["score"], 3);
    assert_eq!(v["status"], "playable");
    assert_eq!(v["board"], "...C/BCBB/CBAC/ABCA");
    let phases = v["phases"].as_array().unwrap();
    assert_eq!(phases.len(), 1);
    assert_eq!(phases[0]["chain"], 1);
    assert_eq!(phases[0]["cleared"], json!([[0, 0], [0, 1], [0, 2]]));
    assert_eq!(phases[0]["score"], 3);
    assert_eq!(phases[0]["board"], "...C/BCBB/CBAC/ABCA");
}

#[test]
fn resolve_json_runs_the_cross_preset() {
    for board in ["cross", "BCBC/CDAB/DAAA/BCAD"] {
        let v = json_of(&["resolve", "--rules", "finite", "--board", board, "--json"]);
        assert_eq!(v["legal"], true);
        assert_eq!(v["moves"], 0);
        assert_eq!(v["score"], 5);
        assert_eq!(
            v["phases"][0]["cleared"],
            json!([[1, 2], [2, 1], [2, 2], [2, 3], [3, 2]])
        );
        assert_eq!(v["phases"].as_array().unwrap().len(), 1);
    }
}

#[test]
fn rejected_moves_are_answers_with_the_board_unchanged() {
    let cases: &[(&[&str], &str)] = &[
        (&["--swap", "0,0", "1,1"], "not side by side"),
        (&["--swap", "0,0", "0,2"], "not side by side"),
        (&["--swap", "0,3", "0,4"], "off the 4x4 board"),
        (&["--swap", "9,9", "9,10"], "off the 4x4 board"),
        (&["--swap", "0,0", "300,0"], "off the 4x4 board"),
        (&["--swap", "0,0", "0,1"], "makes no match"),
        (&["--drop", "1"], "do not accept drop"),
        (&["--tap", "0,0"], "do not accept tap"),
    ];
    for (mv, reason) in cases {
        let mut args = vec![
            "resolve", "--rules", "finite", "--board", TEACHING, "--json",
        ];
        args.extend_from_slice(mv);
        let v = json_of(&args);
        assert_eq!(v["legal"], false, "{mv:?}");
        let error = v["error"].as_str().unwrap();
        assert!(error.contains(reason), "{mv:?}: {error}");
        assert_eq!(v["board"], TEACHING, "{mv:?}");
        assert_eq!(
            (v["moves"].clone(), v["score"].clone()),
            (json!(0), json!(0))
        );
        assert_eq!(v["phases"], json!([]));
    }
    // Empty cells and blockers hold no piece to swap.
    for (board, found) in [
        ("A.BC/BCAB/CBAC/ABCA", "nothing"),
        ("A#BC/BCAB/CBAC/ABCA", "a blocker"),
    ] {
        let v = json_of(&[
            "resolve", "--rules", "finite", "--board", board, "--swap", "0,0", "0,1", "--json",
        ]);
        assert_eq!(v["legal"], false);
        assert!(v["error"].as_str().unwrap().contains(found), "{v}");
        assert_eq!(v["board"], board);
    }
}

#[test]
fn malformed_input_is_a_usage_error_naming_the_place() {
    let cases: &[(&str, &str)] = &[
        ("AABC/BCAB/CBxC/ABCA", "row 2, col 2"),
        ("AABC/BCA/CBAC/ABCA", "row 1 has 3 cells"),
        ("AABC/-CAB/CBAC/ABCA", "row 1, col 0"),
        (
            "AAB-C/BCAB/CBAC/ABCA",
            "row 0, col 2: '-' is not a special marker of these rules",
        ),
        (
            "AA*+C/BCAB/CBAC/ABCA",
            "row 0, col 1: '*' is not a special marker",
        ),
        ("", "empty"),
    ];
    for (board, needle) in cases {
        let out = match3(&["resolve", "--rules", "finite", "--board", board, "--json"]);
        assert_eq!(out.status.code(), Some(2), "{board}");
        assert!(out.stdout.is_empty());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(needle), "{board}: {err}");
    }
    let big = vec!["A"; 33].join("/");
    let out = match3(&["moves", "--rules", "finite", "--board", &big]);
    assert_eq!(out.status.code(), Some(2));
    for bad in [
        &["--swap", "0,0"][..],
        &["--swap", "a,b", "0,1"],
        &["--swap", "0;0", "0,1"],
    ] {
        let mut args = vec!["resolve", "--rules", "finite", "--board", TEACHING];
        args.extend_from_slice(bad);
        assert_eq!(match3(&args).status.code(), Some(2), "{bad:?}");
    }
    assert_eq!(
        match3(&["resolve", "--rules", "nope", "--board", TEACHING])
            .status
            .code(),
        Some(2)
    );
}

/// Legal swaps counted independently: on a grid of chars, swap, and look for three equal
/// letters in a row through either swapped cell.
fn count_legal_swaps(board: &str) -> Vec<Value> {
    let grid: Vec<Vec<char>> = board.split('/').map(|r| r.chars().collect()).collect();
    let (h, w) = (grid.len() as i32, grid[0].len() as i32);
    let mut out = Vec::new();
    let at = |g: &Vec<Vec<char>>, r: i32, c: i32| {
        if r < 0 || c < 0 || r >= h || c >= w {
            '.'
        } else {
            g[r as usize][c as usize]
        }
    };
    let in_three = |g: &Vec<Vec<char>>, r: i32, c: i32| {
        let me = at(g, r, c);
        me.is_ascii_uppercase()
            && [(0, 1), (1, 0)].iter().any(|&(dr, dc)| {
                (-2..=0).any(|k| (0..3).all(|i| at(g, r + (k + i) * dr, c + (k + i) * dc) == me))
            })
    };
    for r in 0..h {
        for c in 0..w {
            for (r2, c2) in [(r, c + 1), (r + 1, c)] {
                if r2 >= h || c2 >= w {
                    continue;
                }
                let (a, b) = (at(&grid, r, c), at(&grid, r2, c2));
                if !a.is_ascii_uppercase() || !b.is_ascii_uppercase() {
                    continue;
                }
                let mut g = grid.clone();
                g[r as usize][c as usize] = b;
                g[r2 as usize][c2 as usize] = a;
                if in_three(&g, r, c) || in_three(&g, r2, c2) {
                    out.push(json!({ "swap": [[r, c], [r2, c2]] }));
                }
            }
        }
    }
    out
}

#[test]
fn moves_json_agrees_with_an_independent_count() {
    for board in [
        TEACHING,
        "BCBC/CDAB/DAAA/BCAD",
        "ABAB/BABA/ABAB/BABA",
        "AAB/CCA/ABB",
        "A.BA/AB.B/BABA",
        "AB/BA",
        "A",
        "ABCDE/BCDEA/CDEAB/DEABC",
        "AABAA/CCDCC/EEAEE",
    ] {
        let v = json_of(&["moves", "--rules", "finite", "--board", board, "--json"]);
        assert_eq!(v, Value::Array(count_legal_swaps(board)), "{board}");
    }
}

#[test]
fn new_json_gives_a_playable_board_for_a_seed() {
    let v = json_of(&[
        "new", "--rules", "finite", "--size", "5x6", "--colors", "4", "--seed", "9", "--json",
    ]);
    assert_eq!(v["seed"], 9);
    assert_eq!(v["status"], "playable");
    let board = v["board"].as_str().unwrap();
    assert_eq!(board.split('/').count(), 5);
    let again = json_of(&[
        "new", "--rules", "finite", "--size", "5x6", "--colors", "4", "--seed", "9", "--json",
    ]);
    assert_eq!(again["board"], board);
    let out = match3(&["new", "--rules", "finite", "--colors", "1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no 8x8 board"));
    assert_eq!(
        match3(&["new", "--rules", "finite", "--size", "40x3"])
            .status
            .code(),
        Some(2)
    );
}

#[test]
fn play_is_scriptable_from_stdin() {
    let script = "hint\n0,0 2,2\nnonsense\n0,2\n1,2\nundo\nswap 0,2 1,2\nreset\npreset cross\nresolve\nquit\n";
    let text = play_script(&["--rules", "finite", "--preset", "teaching"], script);
    for needle in [
        // The MCTS hint opens the best line (score 14, see `solve`); greedy would take
        // (0,1) (0,2), which scores as much now but less in the end.
        "hint: swap (0,2) (1,2)",
        "! illegal: cells (0,0) and (2,2) are not side by side",
        "! unknown command \"nonsense\"",
        "[B]",
        "swap (0,2) #2 <-> (1,2) #6",
        "  chain 1: cleared 3 cells, +3",
        "score 3  moves 1  status playable",
        "resolve\n  chain 1: cleared 5 cells, +5",
        "score 5  moves 0",
    ] {
        assert!(text.contains(needle), "missing {needle:?} in:\n{text}");
    }
    // undo and reset both bring back the untouched board.
    assert!(
        text.matches("score 0  moves 0  status playable").count() >= 3,
        "{text}"
    );
}

#[test]
fn simulate_json_is_identical_for_any_jobs() {
    let run = |jobs: &str| {
        let out = match3(&[
            "simulate",
            "--rules",
            "lines",
            "--bot",
            "greedy",
            "--games",
            "6",
            "--moves",
            "10",
            "--seed",
            "3",
            "--jobs",
            jobs,
            "--json",
            "--no-timing",
        ]);
        assert!(out.status.success());
        out.stdout
    };
    let one = run("1");
    assert_eq!(one, run("2"));
    assert_eq!(one, run("3"));
    let v: Value = serde_json::from_slice(&one).unwrap();
    assert_eq!(v["games"], 6);
    assert!(v["moves"].as_u64().unwrap() > 0);
    assert!(v["mean_score"].as_f64().unwrap() > 0.0);
    assert_eq!(v["moves_per_second"], Value::Null);
    let timed = json_of(&[
        "simulate", "--rules", "finite", "--bot", "random", "--games", "3", "--moves", "5",
        "--json",
    ]);
    assert!(timed["moves_per_second"].as_f64().unwrap() > 0.0);
}

#[test]
fn compare_covers_every_variant() {
    let out = match3(&["compare", "--games", "3", "--moves", "5"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    for name in [
        "lines",
        "clusters",
        "clusters-drop",
        "clusters-tap",
        "finite",
    ] {
        assert!(
            text.lines().any(|l| l.starts_with(name)),
            "{name} missing:\n{text}"
        );
    }
    let v = json_of(&["compare", "--games", "2", "--moves", "3", "--json"]);
    assert_eq!(v.as_array().unwrap().len(), 5);
}

#[test]
fn play_drives_every_variant_from_stdin() {
    for (rules, script, needle) in [
        ("lines", "hint\nmoves\nquit\n", "legal moves"),
        ("clusters", "hint\nundo\nquit\n", "nothing to undo"),
        (
            "clusters-drop",
            "drop 0\nundo\ndrop 99\nquit\n",
            "column 99 is off",
        ),
        ("clusters-tap", "tap 0,0\n9,9\nquit\n", "status"),
    ] {
        let text = play_script(
            &[
                "--rules", rules, "--seed", "4", "--size", "6x6", "--colors", "4",
            ],
            script,
        );
        assert!(
            text.contains(needle),
            "{rules}: missing {needle:?} in\n{text}"
        );
        assert!(
            text.contains(&format!("match3 play: {rules} rules")),
            "{text}"
        );
    }
}

/// Runs `match3 args`, expects exit code 2, returns stderr.
fn usage_error(args: &[&str]) -> String {
    let out = match3(args);
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    stderr
}

#[test]
fn adversarial_arguments_get_errors_that_name_the_real_problem() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["simulate", "--rules", "lines", "--jobs", "100000"],
            "0..=256",
        ),
        (
            &[
                "simulate",
                "--rules",
                "lines",
                "--jobs",
                "18446744073709551615",
            ],
            "0..=256",
        ),
        (
            &["new", "--rules", "clusters-drop", "--blockers", "100"],
            "generate no blockers",
        ),
        (
            &["simulate", "--rules", "clusters-drop", "--blockers", "10"],
            "generate no blockers",
        ),
        (&["new", "--rules", "lines", "--blockers", "101"], "0..=100"),
        (
            &[
                "play", "--rules", "finite", "--preset", "teaching", "--size", "5x5",
            ],
            "cannot be used with",
        ),
        (
            &[
                "play", "--rules", "lines", "--board", "AAB", "--colors", "4",
            ],
            "cannot be used with",
        ),
        (
            &["resolve", "--rules", "finite", "--board", "AB/"],
            "row 1 is empty",
        ),
        (
            &["resolve", "--rules", "finite", "--board", "//AAB"],
            "row 0 is empty",
        ),
        (
            &["resolve", "--rules", "finite", "--board", "A\u{a0}B"],
            "row 0, col 1: unknown character '\\u{a0}'",
        ),
        (
            &["resolve", "--rules", "finite", "--board", "nosuchpreset"],
            "unknown preset \"nosuchpreset\" for the finite rules; presets: teaching, cross",
        ),
        (
            &["resolve", "--rules", "lines", "--board", "cross"],
            "the lines rules have no presets",
        ),
        (
            &["play", "--rules", "lines", "--preset", "cross"],
            "the lines rules have no presets",
        ),
        (
            &["new", "--rules", "lines", "--size", "8by8"],
            "\"8by8\" is not a board size: expected ROWSxCOLS",
        ),
        (
            &["new", "--rules", "lines", "--colors", "0"],
            "0 is not in 1..=26",
        ),
        (
            &[
                "resolve", "--rules", "finite", "--board", "teaching", "--colors", "3",
            ],
            "never draw new pieces",
        ),
        (
            &[
                "resolve", "--rules", "lines", "--board", "AAB", "--colors", "1",
            ],
            "--colors 1: 1 colours requested: these rules need 2 to 26",
        ),
        (
            &["new", "--rules", "clusters", "--colors", "1"],
            "these rules need 2 to 26",
        ),
    ];
    for (args, needle) in cases {
        let stderr = usage_error(args);
        assert!(stderr.contains(needle), "{args:?}: {stderr}");
    }
}

#[test]
fn a_move_is_echoed_as_typed_even_off_any_board() {
    for far in ["0,255", "0,300"] {
        let v = json_of(&[
            "resolve", "--rules", "finite", "--board", TEACHING, "--swap", "0,0", far, "--json",
        ]);
        let col: u32 = far[2..].parse().unwrap();
        assert_eq!(v["move"], json!({ "swap": [[0, 0], [0, col]] }));
        assert_eq!(v["legal"], false);
    }
}

#[test]
fn a_closed_pipe_ends_quietly() {
    let board = ["ABCDEFGH"; 32]
        .join("/")
        .replace("ABCDEFGH", &"ABAB".repeat(8));
    let mut child = Command::new(env!("CARGO_BIN_EXE_match3"))
        .args(["moves", "--rules", "clusters-tap", "--board", &board])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take()); // the reader goes away, like `| head -0`
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(stderr.is_empty(), "{stderr}");
}

#[test]
fn compare_without_timing_is_byte_identical_across_jobs() {
    let run = |jobs: &str| {
        let args = [
            "compare",
            "--games",
            "3",
            "--moves",
            "4",
            "--jobs",
            jobs,
            "--json",
            "--no-timing",
        ];
        let out = match3(&args);
        assert!(out.status.success());
        out.stdout
    };
    let one = run("1");
    assert_eq!(one, run("2"));
    let v: Value = serde_json::from_slice(&one).unwrap();
    assert_eq!(v[0]["moves_per_second"], Value::Null);
    assert_eq!(v[0]["endings"]["error"], 0);
}

#[test]
fn simulate_counts_every_ending_even_with_two_colours() {
    let v = json_of(&[
        "simulate",
        "--rules",
        "lines",
        "--colors",
        "2",
        "--games",
        "8",
        "--moves",
        "30",
        "--json",
        "--no-timing",
    ]);
    assert_eq!(v["errors"], 0, "{v}");
    assert_eq!(v["moves"], 8 * 30, "{v}");
    let e = &v["endings"];
    let total = ["move_limit", "no_moves", "cleared", "error"]
        .iter()
        .map(|k| e[k].as_u64().unwrap())
        .sum::<u64>();
    assert_eq!(total, 8);
}

#[test]
fn lines_boards_read_markers_through_the_rules_table() {
    let v = json_of(&[
        "resolve",
        "--rules",
        "lines",
        "--board",
        "AA*B+/BCAB/CBAC/ABCA",
        "--json",
    ]);
    assert_eq!(v["initial"], "AA*B+/BCAB/CBAC/ABCA");
    let err = usage_error(&["resolve", "--rules", "lines", "--board", "AB/C$"]);
    assert!(
        err.contains("row 1, col 0: '$' is not a special marker"),
        "{err}"
    );
}

#[test]
fn moves_with_scores_gives_each_moves_score_this_turn() {
    let v = json_of(&[
        "moves",
        "--rules",
        "finite",
        "--board",
        "AABC/BCAB/CBAC/ABCA",
        "--json",
        "--scores",
    ]);
    let moves = v.as_array().unwrap();
    assert_eq!(moves.len(), 4);
    // The worked example's move scores 3; every listed move scores something.
    let teaching = moves
        .iter()
        .find(|m| m["swap"] == serde_json::json!([[0, 2], [1, 2]]))
        .unwrap();
    assert_eq!(teaching["score"], 3);
    assert!(moves.iter().all(|m| m["score"].as_u64().unwrap() >= 3));
    // Without --scores the objects are as before.
    let plain = json_of(&[
        "moves",
        "--rules",
        "finite",
        "--board",
        "AABC/BCAB/CBAC/ABCA",
        "--json",
    ]);
    assert!(plain[0].get("score").is_none());
    let out = match3(&[
        "moves",
        "--rules",
        "finite",
        "--board",
        "AABC/BCAB/CBAC/ABCA",
        "--scores",
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("swap (0,2) (1,2)  score 3"), "{text}");
}

#[test]
fn solve_finds_the_best_line_and_the_line_replays() {
    let v = json_of(&[
        "solve", "--rules", "finite", "--board", "teaching", "--json",
    ]);
    assert_eq!(
        (v["goal"].as_str(), v["score"].as_u64()),
        (Some("score"), Some(14))
    );
    assert_eq!(v["optimal"], true);
    assert!(v["nodes"].as_u64().unwrap() > 0);
    // Each move of the line is legal when resolved one by one, and the points add up.
    let (mut board, mut total) = ("AABC/BCAB/CBAC/ABCA".to_string(), 0);
    for mv in v["moves"].as_array().unwrap() {
        let cell = |i: usize| format!("{},{}", mv["swap"][i][0], mv["swap"][i][1]);
        let (a, b) = (cell(0), cell(1));
        let step = json_of(&[
            "resolve", "--rules", "finite", "--board", &board, "--swap", &a, &b, "--json",
        ]);
        assert_eq!(step["legal"], true, "{step}");
        total += step["score"].as_u64().unwrap();
        board = step["board"].as_str().unwrap().to_string();
    }
    assert_eq!(total, 14);
    assert_eq!(v["board"].as_str(), Some(board.as_str()));

    // The teaching board cannot be cleared: moves is null, and that is proven.
    let clear = json_of(&[
        "solve", "--rules", "finite", "--board", "teaching", "--goal", "clear", "--json",
    ]);
    assert_eq!(
        (clear["moves"].clone(), clear["optimal"].clone()),
        (Value::Null, json!(true))
    );
    // This one clears in one move, both rows at once.
    let clear = json_of(&[
        "solve", "--rules", "finite", "--board", "AAB/BBA", "--goal", "clear", "--json",
    ]);
    assert_eq!(clear["moves"], json!([{"swap": [[0, 2], [1, 2]]}]));
    assert_eq!(
        (clear["score"].as_u64(), clear["status"].as_str()),
        (Some(6), Some("cleared"))
    );

    let text = String::from_utf8_lossy(
        &match3(&["solve", "--rules", "finite", "--board", "teaching"]).stdout,
    )
    .to_string();
    assert!(
        text.starts_with("best score 14 in 4 moves (optimal"),
        "{text}"
    );
    // A budget that runs out says so, and still gives a line.
    let cut = json_of(&[
        "solve",
        "--rules",
        "finite",
        "--board",
        "teaching",
        "--max-nodes",
        "1",
        "--json",
    ]);
    assert_eq!(cut["optimal"], false);
    assert!(!cut["moves"].as_array().unwrap().is_empty());
    // Rules that refill cannot be solved: a usage error that says why.
    let err = usage_error(&[
        "solve",
        "--rules",
        "lines",
        "--board",
        "AABC/BCAB/CBAC/ABCA",
    ]);
    assert!(err.contains("refill"), "{err}");
}

/// The text table of `compare` with `bots`, one game of two moves each.
fn compare_table(bots: &str) -> String {
    let out = match3(&["compare", "--games", "1", "--moves", "2", "--bots", bots]);
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn the_known_cascade_greedy_bot_runs_from_the_command_line() {
    let v = json_of(&[
        "compare",
        "--games",
        "3",
        "--moves",
        "10",
        "--bots",
        "greedy,greedy-known",
        "--json",
        "--no-timing",
    ]);
    let rows = v.as_array().unwrap();
    let row = |variant: &str, bot: &str| {
        rows.iter()
            .find(|r| r["rules"] == variant && r["bot"] == bot)
            .unwrap_or_else(|| panic!("no {variant} row for {bot}"))
    };
    // Without refills nothing is guessed: the two greedy bots play the same games.
    assert_eq!(
        row("finite", "greedy")["mean_score"],
        row("finite", "greedy-known")["mean_score"]
    );
    assert!(rows.iter().all(|r| r["errors"] == 0));
    // The table widens its bot column for the longer name.
    let text = compare_table("greedy,greedy-known");
    assert!(text.contains("lines          greedy-known "), "{text}");
    assert!(text.contains("lines          greedy       "), "{text}");
}

#[test]
fn compare_runs_the_bot_ladder_side_by_side() {
    let v = json_of(&[
        "compare",
        "--games",
        "2",
        "--moves",
        "4",
        "--bots",
        "random,greedy,lookahead,mcts",
        "--json",
        "--no-timing",
    ]);
    let rows = v.as_array().unwrap();
    assert_eq!(rows.len(), 5 * 4);
    let bots: Vec<&str> = rows[..4]
        .iter()
        .map(|r| r["bot"].as_str().unwrap())
        .collect();
    assert_eq!(bots, ["random", "greedy", "lookahead", "mcts"]);
    assert!(rows.iter().all(|r| r["errors"] == 0));
    let text = compare_table("greedy,mcts");
    assert!(text.contains("lines          mcts"), "{text}");
    let err = usage_error(&["compare", "--bot", "random", "--bots", "greedy"]);
    assert!(err.contains("cannot be used with"), "{err}");
    // Any bot plays a level too.
    let level = json_of(&[
        "simulate",
        "--level",
        "levels/01-first-steps.toml",
        "--bot",
        "lookahead",
        "--games",
        "2",
        "--json",
    ]);
    assert_eq!(level["bot"], "lookahead");
}
