//! `simulate --shard`, `merge` and `simulate --records`: shards merge into exactly the
//! whole run, records are one line per game in order.

use crate::common::scratch::Scratch;
use crate::common::{match3, without_whole_run_keys};
use serde_json::Value;

/// A fresh scratch directory for one test, removed when it ends.
fn scratch(name: &str) -> Scratch {
    Scratch::new("shards", name)
}

fn stdout(args: &[&str]) -> Vec<u8> {
    let out = match3(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// Runs `plan` whole, then in `n` shards (each on a different number of jobs), merges the
/// shards in reverse order, and checks the bytes.
fn shards_merge_to_the_whole(plan: &[&str], n: u32, dir: &std::path::Path) {
    let mut whole = vec!["simulate", "--json", "--no-timing", "--jobs", "2"];
    whole.extend(plan);
    let whole = stdout(&whole);
    let mut files = Vec::new();
    for i in (0..n).rev() {
        let shard = format!("{i}/{n}");
        let jobs = (1 + i % 3).to_string();
        let mut args = vec![
            "simulate",
            "--json",
            "--no-timing",
            "--shard",
            &shard,
            "--jobs",
            &jobs,
        ];
        args.extend(plan);
        let file = dir.join(format!("shard-{i}.json"));
        std::fs::write(&file, stdout(&args)).unwrap();
        files.push(file.display().to_string());
    }
    let mut merge = vec!["merge", "--json", "--no-timing"];
    merge.extend(files.iter().map(String::as_str));
    let (merged, whole) = (
        String::from_utf8(stdout(&merge)).unwrap(),
        String::from_utf8(whole).unwrap(),
    );
    if plan.contains(&"--level") {
        // A whole level run adds what only it can know; the rest is the same.
        let parse = |text: &str| without_whole_run_keys(serde_json::from_str(text).unwrap());
        assert_eq!(parse(&merged), parse(&whole), "{plan:?} in {n} shards");
    } else {
        assert_eq!(merged, whole, "{plan:?} in {n} shards");
    }
}

#[test]
fn merged_shards_are_byte_identical_to_the_whole_run() {
    let dir = scratch("merge");
    let lines = [
        "--rules", "lines", "--bot", "greedy", "--games", "23", "--moves", "15",
    ];
    shards_merge_to_the_whole(&lines, 3, &dir);
    // More shards than games: some shards are empty, and still merge.
    let few = [
        "--rules", "clusters", "--bot", "random", "--games", "3", "--moves", "10",
    ];
    shards_merge_to_the_whole(&few, 5, &dir);
    let level = [
        "--level",
        "levels/02-ring.toml",
        "--bot",
        "random",
        "--games",
        "17",
    ];
    shards_merge_to_the_whole(&level, 4, &dir);
}

#[test]
fn merge_refuses_shards_that_do_not_make_one_run() {
    let dir = scratch("refuse");
    let shard = |i: &str, seed: &str| {
        let file = dir.join(format!("s{}-{seed}.json", i.replace('/', "of")));
        let args = [
            "simulate", "--rules", "finite", "--games", "4", "--moves", "5", "--json", "--seed",
            seed, "--shard", i,
        ];
        std::fs::write(&file, stdout(&args)).unwrap();
        file.display().to_string()
    };
    let (a, b, other_seed) = (shard("0/2", "1"), shard("1/2", "1"), shard("1/2", "9"));
    let error = |files: &[&str]| {
        let mut args = vec!["merge"];
        args.extend(files);
        let out = match3(&args);
        assert_eq!(out.status.code(), Some(2), "{files:?}");
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    assert!(error(&[&a]).contains("shard 1/2 is missing"));
    assert!(error(&[&a, &a, &b]).contains("shard 0/2 is also in"));
    let e = error(&[&a, &other_seed]);
    assert!(
        e.contains("seed is 9 but") && e.contains("not of one run"),
        "{e}"
    );
    let whole = dir.join("whole.json");
    std::fs::write(&whole, stdout(&["simulate", "--rules", "finite", "--json"])).unwrap();
    assert!(error(&[&whole.display().to_string()]).contains("not the output of a shard"));
    let bad = ["simulate", "--rules", "finite", "--json", "--shard", "2/2"];
    assert_eq!(match3(&bad).status.code(), Some(2));
    // A shard's output is for merging: it needs --json.
    let text = ["simulate", "--rules", "finite", "--shard", "0/2"];
    assert_eq!(match3(&text).status.code(), Some(2));
}

#[test]
fn records_are_one_line_per_game_in_order_and_agree_with_the_summary() {
    let dir = scratch("records");
    let file = dir.join("games.jsonl");
    let args = [
        "simulate",
        "--rules",
        "lines",
        "--bot",
        "random",
        "--games",
        "40",
        "--moves",
        "12",
        "--json",
        "--jobs",
        "2",
        "--records",
        file.to_str().unwrap(),
    ];
    let summary: Value = serde_json::from_slice(&stdout(&args)).unwrap();
    let text = std::fs::read_to_string(&file).unwrap();
    let records: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 40);
    for (i, r) in records.iter().enumerate() {
        assert_eq!(r["game"], i as u64);
        for key in ["seed", "score", "moves", "result"] {
            assert!(!r[key].is_null(), "{key} in {r}");
        }
    }
    let moves: u64 = records.iter().map(|r| r["moves"].as_u64().unwrap()).sum();
    assert_eq!(moves, summary["moves"].as_u64().unwrap());
    let scores: u64 = records.iter().map(|r| r["score"].as_u64().unwrap()).sum();
    assert_eq!(
        scores as f64 / 40.0,
        summary["mean_score"].as_f64().unwrap()
    );
    // The same records whatever the thread count.
    let again = dir.join("again.jsonl");
    let mut one = args.to_vec();
    let (j, r) = (one.len() - 3, one.len() - 1);
    one[j] = "1";
    one[r] = again.to_str().unwrap();
    stdout(&one);
    assert_eq!(std::fs::read_to_string(&again).unwrap(), text);
    // An unwritable path is a usage error before anything runs.
    let bad = [
        "simulate",
        "--rules",
        "finite",
        "--records",
        "/nonexistent/dir/x.jsonl",
    ];
    let out = match3(&bad);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot write it"));
}

#[test]
fn plots_are_svg_with_a_panel_per_variant_and_a_bar_per_level_and_bot() {
    let dir = scratch("plots");
    let svg = |name: &str| dir.join(name).display().to_string();
    let read = |name: &str| std::fs::read_to_string(dir.join(name)).unwrap();
    let is_svg = |text: &str| text.starts_with("<svg") && text.trim_end().ends_with("</svg>");

    let file = svg("compare.svg");
    stdout(&[
        "compare",
        "--games",
        "3",
        "--moves",
        "5",
        "--bots",
        "random,greedy",
        "--plot",
        &file,
    ]);
    let text = read("compare.svg");
    assert!(is_svg(&text));
    for needle in [
        "Final scores",
        "lines",
        "clusters-drop",
        "finite",
        "random",
        "greedy",
        "final score",
    ] {
        assert!(
            text.contains(needle),
            "{needle} missing from the compare plot"
        );
    }
    // One bar per non-empty bin: at least one per variant and bot.
    assert!(text.matches("<rect").count() >= 10);

    let file = svg("levels.svg");
    stdout(&[
        "compare", "--levels", "levels", "--games", "2", "--plot", &file,
    ]);
    let text = read("levels.svg");
    assert!(is_svg(&text));
    for needle in [
        "Pass rates",
        "levels in file order",
        "First steps",
        "Locked corner",
        "pass rate (%)",
    ] {
        assert!(
            text.contains(needle),
            "{needle} missing from the levels plot"
        );
    }

    let file = svg("simulate.svg");
    let args = [
        "simulate",
        "--level",
        "levels/02-ring.toml",
        "--games",
        "40",
        "--plot",
        &file,
    ];
    stdout(&args);
    let text = read("simulate.svg");
    assert!(is_svg(&text) && text.contains("pass rate"), "{text}");
    // Won and lost games apart, the level's star thresholds marked.
    for needle in [
        "won\n</text>",
        "lost\n</text>",
        " 1 star\n</text>",
        " 3 stars\n</text>",
    ] {
        assert!(
            text.contains(needle),
            "{needle} missing from the level plot"
        );
    }
    // Wide enough for its title (about 11 px a character at 20 px).
    let title = text
        .split("Final scores")
        .nth(1)
        .unwrap()
        .split('<')
        .next()
        .unwrap();
    let width: u32 = text
        .split("width=\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(
        width as usize >= 11 * ("Final scores".len() + title.len()),
        "{width}"
    );

    // merge draws the whole run.
    let shard = dir.join("s.json");
    let one = [
        "simulate", "--rules", "finite", "--games", "4", "--json", "--shard", "0/1",
    ];
    std::fs::write(&shard, stdout(&one)).unwrap();
    let file = svg("merged.svg");
    stdout(&["merge", shard.to_str().unwrap(), "--plot", &file]);
    assert!(is_svg(&read("merged.svg")));

    // A path that cannot be written is a usage error naming it.
    let out = match3(&[
        "simulate",
        "--rules",
        "finite",
        "--games",
        "1",
        "--plot",
        "/nonexistent/x.svg",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--plot /nonexistent/x.svg"));
}
