//! Input as an attacker would write it: tampered saves and shard files, huge or endless
//! files, oversized boards, unwritable outputs, control characters. Every case must end
//! in a clear error (exit 2, naming what was wrong) or bounded work: never a panic, a
//! hang, an abort or a silently wrong number.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::common::match3;
use crate::common::scratch::Scratch;
use serde_json::{Value, json};

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

/// A fresh scratch directory for one test, removed when it ends.
fn scratch(name: &str) -> Scratch {
    Scratch::new("hostile", name)
}

/// `match3 ARGS` with `stdin`, killed (and the test failed) after `limit`.
fn run_within(args: &[&str], stdin: &[u8], limit: Duration) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_match3"))
        .args(args)
        .current_dir(ROOT)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run match3");
    let mut input = child.stdin.take().expect("piped stdin");
    // A child that stops reading early closes the pipe: that is not this test's failure.
    let _ = input.write_all(stdin);
    drop(input);
    let start = Instant::now();
    while child.try_wait().expect("wait").is_none() {
        if start.elapsed() > limit {
            child.kill().expect("kill");
            panic!("{args:?} still running after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("output")
}

/// A usage error: exit code 2, and stderr says `needle` in a message of bounded length.
fn assert_usage_error(out: &Output, needle: &str) -> String {
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(out.status.code(), Some(2), "stderr: {stderr}");
    assert!(stderr.contains(needle), "{needle:?} not in {stderr}");
    assert!(stderr.len() < 2_000, "{} bytes of error", stderr.len());
    stderr
}

fn stdout_json(args: &[&str]) -> Value {
    let out = match3(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// One shard's JSON of a small run, written to `dir/name`, for tampering.
fn shard(dir: &Path, name: &str, index: u32, count: u32) -> (PathBuf, Value) {
    let split = format!("{index}/{count}");
    let v = stdout_json(&[
        "simulate", "--rules", "finite", "--bot", "random", "--games", "6", "--moves", "5",
        "--size", "5x5", "--colors", "4", "--json", "--shard", &split,
    ]);
    let path = dir.join(name);
    std::fs::write(&path, v.to_string()).unwrap();
    (path, v)
}

fn merge(files: &[&Path]) -> Output {
    let mut args = vec!["merge", "--json", "--no-timing"];
    let names: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
    args.extend(names.iter().map(String::as_str));
    run_within(&args, b"", Duration::from_secs(60))
}

#[test]
fn merge_refuses_impossible_elapsed_times() {
    let dir = scratch("elapsed");
    let (_, v) = shard(&dir, "s.json", 0, 1);
    for bad in [json!(-1.0), json!(1.9e19), json!(1e308)] {
        let mut v = v.clone();
        v["elapsed_seconds"] = bad.clone();
        let path = dir.join("bad.json");
        std::fs::write(&path, v.to_string()).unwrap();
        assert_usage_error(&merge(&[&path]), "elapsed_seconds");
    }
    // Each shard's time is fine, but their sum is not a duration.
    let (a, mut va) = shard(&dir, "a.json", 0, 2);
    let (b, mut vb) = shard(&dir, "b.json", 1, 2);
    va["elapsed_seconds"] = json!(1.7e308);
    vb["elapsed_seconds"] = json!(1.7e308);
    std::fs::write(&a, va.to_string()).unwrap();
    std::fs::write(&b, vb.to_string()).unwrap();
    assert_usage_error(&merge(&[&a, &b]), "elapsed_seconds");
}

#[test]
fn shard_counts_are_bounded_and_missing_shards_summarised() {
    let out = match3(&[
        "simulate",
        "--rules",
        "finite",
        "--json",
        "--shard",
        "0/4294967295",
    ]);
    assert_usage_error(&out, "at most");
    // A tampered file claiming a huge split: a short message, no huge allocation.
    let dir = scratch("split");
    let (path, mut v) = shard(&dir, "s.json", 0, 2);
    for count in [100_000_000u64, 4_294_967_295] {
        v["shard"] = json!(format!("0/{count}"));
        std::fs::write(&path, v.to_string()).unwrap();
        assert_usage_error(&merge(&[&path]), "shard");
    }
    // Many missing shards: counted, the first few named.
    let (one, _) = shard(&dir, "t.json", 3, 1000);
    let stderr = assert_usage_error(&merge(&[&one]), "999 shards are missing");
    assert!(stderr.contains("0/1000, 1/1000, 2/1000"), "{stderr}");
}

#[test]
fn merge_refuses_stats_that_disagree_with_the_shard() {
    let dir = scratch("stats");
    let (path, v) = shard(&dir, "s.json", 0, 1);
    let edits: [(&str, Value); 5] = [
        ("games", json!(999)),
        ("moves", json!(1)),
        ("score_sum", json!(123_456_789)),
        ("scores", json!({"7": 6})),
        ("move_limit", json!(4_000_000_000u64)),
    ];
    for (key, value) in edits {
        let mut v = v.clone();
        v["stats"][key] = value;
        std::fs::write(&path, v.to_string()).unwrap();
        assert_usage_error(&merge(&[&path]), "stats");
    }
    // Overflowing sums across shards are refused too.
    let (a, mut va) = shard(&dir, "a.json", 0, 2);
    let (b, mut vb) = shard(&dir, "b.json", 1, 2);
    for v in [&mut va, &mut vb] {
        v["stats"]["phases"] = json!(u64::MAX);
    }
    std::fs::write(&a, va.to_string()).unwrap();
    std::fs::write(&b, vb.to_string()).unwrap();
    assert_usage_error(&merge(&[&a, &b]), "stats");
}

/// A saved lines game, as JSON.
fn saved_game(dir: &Path) -> Value {
    let path = dir.join("saved.json");
    let script = format!("save {}\nquit\n", path.display());
    let out = run_within(
        &["play", "--rules", "lines", "--seed", "3"],
        script.as_bytes(),
        Duration::from_secs(60),
    );
    assert!(out.status.success());
    serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

/// Loads `saved` in `play` and plays its first legal move: the session's output.
fn load_and_play(dir: &Path, saved: &Value, extra: &str) -> String {
    let path = dir.join("tampered.json");
    std::fs::write(&path, saved.to_string()).unwrap();
    let script = format!("load {}\n{extra}quit\n", path.display());
    let out = run_within(
        &["play", "--rules", "lines", "--seed", "3"],
        script.as_bytes(),
        Duration::from_secs(30),
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn tampered_saves_are_refused_when_loaded() {
    let dir = scratch("saves");
    let saved = saved_game(&dir);
    let tamper = |f: &dyn Fn(&mut Value)| {
        let mut v = saved.clone();
        f(&mut v);
        v
    };
    let cases: Vec<(Value, &str)> = vec![
        (
            tamper(&|v| v["state"]["rng"]["pcg"] = json!({"state": 0, "increment": 0})),
            "generator",
        ),
        (
            tamper(&|v| v["state"]["rng"]["pcg"]["increment"] = json!(2)),
            "generator",
        ),
        (
            tamper(&|v| v["state"]["next_id"] = json!(u32::MAX)),
            "next_id",
        ),
        (
            tamper(&|v| {
                let ids = v["state"]["board"]["ids"].as_array_mut().unwrap();
                ids[1] = ids[0].clone();
            }),
            "twice",
        ),
        (
            tamper(&|v| {
                v["level"]["moves"] = json!(10);
                v["state"]["moves"] = json!(u32::MAX);
            }),
            "move limit",
        ),
        (tamper(&|v| v["state"]["status"] = json!("won")), "status"),
    ];
    for (case, needle) in cases {
        let out = load_and_play(&dir, &case, "");
        assert!(
            out.lines().any(|l| l.contains("! ") && l.contains(needle)),
            "{needle:?}:\n{out}"
        );
    }
}

#[test]
fn a_huge_score_saturates_instead_of_wrapping() {
    let dir = scratch("score");
    let mut saved = saved_game(&dir);
    saved["state"]["score"] = json!(u64::MAX - 1);
    let out = load_and_play(&dir, &saved, "moves\n");
    // The first listed move, `swap (r,c) (r,c)`, typed as `r,c r,c`.
    let first = out
        .lines()
        .skip_while(|l| !l.ends_with("legal moves"))
        .nth(1)
        .expect("a listed move");
    let typed: String = first
        .trim()
        .trim_start_matches("swap ")
        .chars()
        .filter(|&c| c != '(' && c != ')')
        .collect();
    let out = load_and_play(&dir, &saved, &format!("{typed}\n"));
    assert!(out.contains(&format!("score {}", u64::MAX)), "{out}");
}

#[test]
fn invalid_utf8_on_play_input_is_an_input_error() {
    let out = run_within(
        &["play", "--rules", "finite", "--preset", "teaching"],
        b"moves\n\xff\xfe\n",
        Duration::from_secs(30),
    );
    assert_usage_error(&out, "UTF-8");
}

#[test]
fn oversized_boards_name_their_real_size_without_echoing_the_input() {
    let board = |rows: usize, cols: usize| vec!["AB".repeat(cols / 2); rows].join("/");
    for (rows, cols) in [(40, 40), (4, 40), (40, 4), (2, 50_000)] {
        let text = board(rows, cols);
        let out = match3(&["resolve", "--rules", "finite", "--board", &text]);
        assert_usage_error(&out, &format!("{rows}x{cols}"));
    }
    let out = match3(&["moves", "--rules", "finite", "--board", &board(300, 300)]);
    assert_usage_error(&out, "300x300");
}

#[test]
fn solve_stops_at_its_time_budget() {
    let start = Instant::now();
    let out = run_within(
        &[
            "solve",
            "--rules",
            "finite",
            "--board",
            "DCACBBAD/AEDACABB/CBEBEDEE/BDBCDBCE/EDCDDCEA/DBDABBDE/ECABADCD/BDEBDBCB",
            "--max-seconds",
            "1",
            "--json",
        ],
        b"",
        Duration::from_secs(30),
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(start.elapsed() < Duration::from_secs(10));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["optimal"], false, "{v}");
    // A big board with many moves answers within its budget too.
    let big = busy_board(32);
    let start = Instant::now();
    let out = run_within(
        &[
            "solve",
            "--rules",
            "finite",
            "--board",
            &big,
            "--max-seconds",
            "2",
            "--json",
        ],
        b"",
        Duration::from_secs(60),
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        start.elapsed() < Duration::from_secs(20),
        "{:?}",
        start.elapsed()
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["optimal"], false, "a 32x32 board is not solved in 2 s");
    assert!(
        v["score"].as_u64().unwrap() > 0,
        "the best line found scores"
    );
}

/// An `n`×`n` board of five colours with no run of three and many legal swaps.
fn busy_board(n: usize) -> String {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1);
        (state >> 33) as usize % 5
    };
    let mut cells = vec![vec![b'A'; n]; n];
    for r in 0..n {
        for c in 0..n {
            loop {
                let letter = b'A' + next() as u8;
                let row_run = c >= 2 && cells[r][c - 1] == letter && cells[r][c - 2] == letter;
                let col_run = r >= 2 && cells[r - 1][c] == letter && cells[r - 2][c] == letter;
                if !row_run && !col_run {
                    cells[r][c] = letter;
                    break;
                }
            }
        }
    }
    let rows: Vec<String> = cells
        .into_iter()
        .map(|r| String::from_utf8(r).unwrap())
        .collect();
    rows.join("/")
}

#[test]
fn endless_and_huge_input_files_are_refused() {
    let dir = scratch("files");
    let huge = dir.join("huge.toml");
    std::fs::write(&huge, vec![b'#'; 5 << 20]).unwrap();
    let limit = Duration::from_secs(20);
    let out = run_within(&["merge", "/dev/zero"], b"", limit);
    assert_usage_error(&out, "larger than");
    for file in ["/dev/zero", huge.to_str().unwrap()] {
        let out = run_within(&["new", "--level", file], b"", limit);
        assert_usage_error(&out, "larger than");
        let script = format!("load {file}\nquit\n");
        let out = run_within(&["play", "--rules", "finite"], script.as_bytes(), limit);
        assert!(String::from_utf8_lossy(&out.stdout).contains("larger than"));
    }
}

#[test]
fn unwritable_outputs_fail_before_the_work() {
    // A billion games would run for hours: the error must come first.
    let run = |extra: &[&str]| {
        let mut args = vec!["simulate", "--rules", "lines", "--games", "1000000000"];
        args.extend_from_slice(extra);
        run_within(&args, b"", Duration::from_secs(20))
    };
    assert_usage_error(&run(&["--plot", "/nonexistent/dir/plot.svg"]), "--plot");
    assert_usage_error(
        &run(&["--records", "/nonexistent/dir/r.jsonl"]),
        "--records",
    );
    if Path::new("/dev/full").exists() {
        assert_usage_error(&run(&["--records", "/dev/full"]), "--records");
        assert_usage_error(&run(&["--plot", "/dev/full"]), "--plot");
    }
}

#[test]
fn control_characters_from_files_are_never_printed_raw() {
    let dir = scratch("ansi");
    let level = dir.join("ansi.toml");
    let text = std::fs::read_to_string(Path::new(ROOT).join("levels/01-first-steps.toml"))
        .unwrap()
        .replace("First steps", r"\u001b[2J\u001b[31mred\u0007");
    std::fs::write(&level, text).unwrap();
    let path = level.to_str().unwrap();
    let levels = dir.to_str().unwrap();
    for args in [
        vec!["simulate", "--level", path, "--games", "2"],
        vec!["compare", "--levels", levels, "--games", "2"],
        vec!["new", "--level", path, "--json"],
    ] {
        let out = match3(&args);
        for stream in [&out.stdout, &out.stderr] {
            assert!(
                !stream.contains(&0x1b),
                "{args:?}: {}",
                String::from_utf8_lossy(stream)
            );
        }
    }
}

#[test]
fn level_names_that_reorder_the_terminal_are_refused() {
    let dir = scratch("bidi");
    let level = dir.join("bidi.toml");
    let text = std::fs::read_to_string(Path::new(ROOT).join("levels/01-first-steps.toml"))
        .unwrap()
        .replace("First steps", "First \u{202e}spets");
    std::fs::write(&level, text).unwrap();
    let path = level.to_str().unwrap();
    for args in [
        vec!["simulate", "--level", path, "--games", "2"],
        vec!["lint", path],
        vec!["new", "--level", path, "--json"],
    ] {
        let out = match3(&args);
        let stderr = assert_usage_error(&out, ":2: name: holds the bidirectional control");
        assert!(!stderr.contains('\u{202e}'), "{args:?}: {stderr}");
    }
}

/// The shard fuzzer's checked-in corpus (`fuzz/corpus/shards`), replayed on stable Rust.
#[test]
fn shards_corpus_replays() {
    let dir = Path::new(ROOT).join("fuzz/corpus/shards");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .collect();
    files.sort();
    assert!(files.len() >= 8, "the shards corpus is missing");
    for file in files {
        let data = std::fs::read(&file).unwrap();
        let run = || match3_cli::fuzz::shards(&data, match3_testkit::fuzz::mutate_json);
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(run));
        assert!(result.is_ok(), "shards corpus file {}", file.display());
    }
}

#[test]
fn ctrl_c_stops_the_server_even_with_a_half_sent_request() {
    use std::io::{BufRead, BufReader};
    let mut server = Command::new(env!("CARGO_BIN_EXE_match3"))
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(server.stdout.take().unwrap())
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
    // A client that starts a request and never finishes it, and one that stays idle.
    let mut half = std::net::TcpStream::connect(&addr).unwrap();
    half.write_all(b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"ru")
        .unwrap();
    let _idle = std::net::TcpStream::connect(&addr).unwrap();
    // And one whose headers never end.
    let mut headers = std::net::TcpStream::connect(&addr).unwrap();
    headers
        .write_all(b"GET /api/variants HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(200));
    let interrupted = Command::new("kill")
        .args(["-INT", &server.id().to_string()])
        .status()
        .unwrap();
    assert!(interrupted.success());
    let start = std::time::Instant::now();
    loop {
        if let Some(status) = server.try_wait().unwrap() {
            assert!(status.success(), "{status}");
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(3),
            "the server still runs 3 s after Ctrl-C"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}

#[test]
fn a_replay_holds_moves_only_and_stops_at_an_illegal_one() {
    let dir = scratch("replay");
    let target = dir.join("victim.json");
    std::fs::write(&target, "precious").unwrap();
    let victim = target.display().to_string();
    let play = |replay: &str| {
        let args = [
            "play", "--rules", "finite", "--preset", "teaching", "--replay", replay,
        ];
        run_within(&args, b"quit\n", Duration::from_secs(30))
    };
    let commands = [
        format!(r#"["swap (0,2) (1,2)", "save {victim}"]"#),
        format!("swap (0,2) (1,2); load {victim}"),
        "0,2 1,2; board AB/BA".to_string(),
        "help".to_string(),
        r#"["0,2 1,2", "quit"]"#.to_string(),
    ];
    for replay in &commands {
        let out = play(replay);
        let stderr = assert_usage_error(&out, "not a move");
        assert!(stderr.contains("--replay["), "{stderr}");
        assert!(out.stdout.is_empty(), "nothing is played before the check");
    }
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "precious");
    // An illegal move is an error naming its index, not skipped.
    let out = play("swap (0,2) (1,2); swap (0,0) (3,3); swap (1,0) (1,1)");
    assert_usage_error(&out, "--replay[1] \"swap (0,0) (3,3)\": illegal");
    assert!(out.stdout.is_empty());
    let out = play(r#"["swap (9,9) (9,8)"]"#);
    assert_usage_error(&out, "--replay[0] \"swap (9,9) (9,8)\": illegal");
    // Moves as play prints them and as typed, `;`-separated or a JSON list, replay.
    for replay in ["swap (0,2) (1,2)", r#"["0,2 1,2"]"#, " ; 0,2 1,2 ;"] {
        let out = play(replay);
        assert!(out.status.success(), "{replay}");
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.contains("score 3  moves 1"), "{replay}: {text}");
    }
}

#[test]
fn a_simulated_level_has_bounded_work() {
    let dir = scratch("bounded");
    let huge = dir.join("huge.toml");
    let level = |moves: &str, board: &str| {
        format!(
            "rules = \"finite\"\nboard = \"{board}\"\nmoves = {moves}\n\
             [[goals]]\nkind = \"score\"\ntarget = 100000000\n"
        )
    };
    // Four billion moves a game is refused up front, where it ran for hours.
    std::fs::write(&huge, level("4294967295", &busy_board(8))).unwrap();
    let path = huge.to_str().unwrap();
    let out = run_within(&["simulate", "--level", path], b"", Duration::from_secs(20));
    assert_usage_error(&out, "more than 10000");
    let out = run_within(
        &["simulate", "--rules", "lines", "--moves", "4294967295"],
        b"",
        Duration::from_secs(20),
    );
    assert_eq!(out.status.code(), Some(2));
    // Each deal's solve stops at its time budget, counts as unknown, and says so.
    std::fs::write(&huge, level("30", &busy_board(32))).unwrap();
    let start = Instant::now();
    let out = run_within(
        &[
            "simulate",
            "--level",
            path,
            "--games",
            "2",
            "--bot",
            "random",
            "--solve",
            "--solve-nodes",
            "1000000000",
            "--solve-seconds",
            "0.5",
            "--json",
        ],
        b"",
        Duration::from_secs(60),
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        start.elapsed() < Duration::from_secs(15),
        "{:?}",
        start.elapsed()
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["unknown_deals"], 2, "{v}");
    assert_eq!(v["unknown_deals_timed_out"], 2, "{v}");
}

#[test]
fn merge_prints_what_shards_name_escaped_and_short() {
    let dir = scratch("merge-names");
    let path = dir.join("s.json");
    let mut v = stdout_json(&[
        "simulate", "--rules", "lines", "--games", "3", "--moves", "5", "--json", "--shard", "0/1",
    ]);
    // Make one game an engine error whose message is two megabytes of terminal codes.
    let message = format!("\u{1b}[2J\u{202e}{}", "M".repeat(2 << 20));
    let error = json!({"game": 0, "seed": 5, "message": message});
    let limit = v["stats"]["move_limit"].as_u64().unwrap();
    v["stats"]["move_limit"] = json!(limit - 1);
    v["endings"]["move_limit"] = json!(limit - 1);
    v["endings"]["error"] = json!(1);
    v["errors"] = json!(1);
    v["stats"]["errors"] = json!(1);
    v["first_error"] = error.clone();
    v["stats"]["first_error"] = error;
    v["rules"] = json!(format!("\u{1b}]0;owned\u{7}{}", "R".repeat(100_000)));
    std::fs::write(&path, v.to_string()).unwrap();
    let out = merge_text(&[&path]);
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        !stdout.contains('\u{1b}') && !stdout.contains('\u{202e}'),
        "{stdout}"
    );
    assert!(stdout.contains("\\u{1b}[2J\\u{202e}MMM"), "{stdout}");
    assert!(stdout.lines().all(|l| l.len() < 300), "{stdout}");
}

#[test]
fn merge_prints_a_level_shards_names_escaped_and_short() {
    let dir = scratch("merge-level");
    let path = dir.join("s.json");
    // A level shard's names: the level, its file and its goals.
    let level = stdout_json(&[
        "simulate",
        "--level",
        "levels/01-first-steps.toml",
        "--games",
        "3",
        "--moves",
        "5",
        "--json",
        "--shard",
        "0/1",
    ]);
    let mut v = level;
    let goal = format!("\u{1b}[31m\u{202e}{}", "G".repeat(200_000));
    v["goals"][0]["goal"] = json!(goal);
    v["stats"]["level"]["goals"][0]["goal"] = json!(goal);
    v["level"] = json!(format!("\u{202e}{}", "L".repeat(100_000)));
    v["file"] = json!(format!("\u{1b}[2J{}", "F".repeat(100_000)));
    std::fs::write(&path, v.to_string()).unwrap();
    let out = merge_text(&[&path]);
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        !stdout.contains('\u{1b}') && !stdout.contains('\u{202e}'),
        "{stdout}"
    );
    assert!(stdout.contains("level \\u{202e}LLL"), "{stdout}");
    assert!(stdout.lines().all(|l| l.len() < 400), "{stdout}");
    // The JSON keeps them whole, escaped: the bidirectional override as \u202e.
    // (Read as it comes: it is larger than a pipe holds.)
    let out = match3(&["merge", "--json", "--no-timing", path.to_str().unwrap()]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(!text.contains('\u{1b}') && !text.contains('\u{202e}'));
    let merged: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(merged["level"], v["level"]);
    // Errors quote a huge differing field as a short excerpt.
    let (a, _) = shard(&dir, "a.json", 0, 2);
    let (b, mut vb) = shard(&dir, "b.json", 1, 2);
    vb["bot"] = json!(format!("\u{1b}[2J{}", "B".repeat(1 << 20)));
    std::fs::write(&b, vb.to_string()).unwrap();
    let stderr = assert_usage_error(&merge(&[&a, &b]), "bot is");
    assert!(!stderr.contains('\u{1b}'), "{stderr}");
}

/// `match3 merge FILES` (text), its output read as it comes (it may be long).
fn merge_text(files: &[&Path]) -> Output {
    let mut args = vec!["merge"];
    let names: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
    args.extend(names.iter().map(String::as_str));
    match3(&args)
}
