//! The designer's tuning tools: the skill knob named on the command line, grids of
//! `--set` in text, JSON and CSV, `--set` with `--solve`, and the leftover heat map.

use serde_json::Value;

use crate::common::{json_of, match3};
use crate::levels::level_file;

fn stdout(args: &[&str]) -> String {
    let out = match3(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn refused(args: &[&str]) -> String {
    let out = match3(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    assert!(
        out.stdout.is_empty(),
        "{args:?}: nothing runs before the error"
    );
    String::from_utf8(out.stderr).unwrap()
}

/// `greedy:P` is a bot wherever a bot is named; a bad skill says why; `--help` lists
/// every name.
#[test]
fn the_skill_knob_is_a_bot_on_the_command_line() {
    let run = json_of(&[
        "simulate",
        "--rules",
        "lines",
        "--bot",
        "greedy:0.70",
        "--games",
        "3",
        "--json",
    ]);
    assert_eq!(run["bot"], "greedy:0.7");
    let rows = json_of(&[
        "compare",
        "--bots",
        "random,greedy:0.25,greedy",
        "--games",
        "2",
        "--json",
        "--no-timing",
    ]);
    let bots: Vec<&str> = (rows.as_array().unwrap().iter())
        .take(3)
        .map(|r| r["bot"].as_str().unwrap())
        .collect();
    assert_eq!(bots, ["random", "greedy:0.25", "greedy"]);
    // Skill 1 is greedy, game for game: the same numbers but for the bot's name.
    let level = [
        "simulate",
        "--level",
        "levels/02-ring.toml",
        "--games",
        "12",
    ];
    let with = |bot: &str| {
        let mut v = json_of(&[&level[..], &["--bot", bot, "--json", "--no-timing"]].concat());
        v["bot"] = Value::Null;
        v
    };
    assert_eq!(with("greedy:1"), with("greedy"));
    for (bad, why) in [
        ("greedy:1.5", "a probability is at most 1"),
        ("greedy:x", "expected a probability from 0 to 1"),
        ("greedy:0.1234", "at most three decimals"),
        ("greed", "greedy:P"),
    ] {
        let stderr = refused(&["simulate", "--rules", "lines", "--bot", bad]);
        assert!(
            stderr.contains(&format!("invalid value '{bad}' for '--bot <BOT>'")),
            "{stderr}"
        );
        assert!(stderr.contains(why), "{bad}: {stderr}");
        let stderr = refused(&["compare", "--bots", &format!("random,{bad}")]);
        assert!(stderr.contains(why), "{bad}: {stderr}");
    }
    for command in ["simulate", "compare"] {
        let help = stdout(&[command, "--help"]);
        for name in ["random", "greedy-known", "lookahead", "mcts", "greedy:P"] {
            assert!(help.contains(name), "{command} --help lacks {name}: {help}");
        }
    }
}

/// Every sample level's greedy pass rate rises (or holds) with the skill: skills 0,
/// 0.5 and 1 on the same 100 games a level. A lower skill may come out ahead by chance
/// alone; it fails only beyond 3 standard errors of the difference of the two rates
/// (each 95% interval's half-width is about 2 standard errors of its rate), which a
/// knob that is monotone crosses in about 1 comparison of 700.
#[test]
fn the_pass_rate_is_monotone_in_the_skill_on_every_sample_level() {
    let games = 100;
    let rows = json_of(&[
        "compare",
        "--levels",
        "levels",
        "--bots",
        "greedy:0,greedy:0.5,greedy:1",
        "--games",
        &games.to_string(),
        "--sort",
        "file",
        "--json",
        "--no-timing",
    ]);
    let rows = rows.as_array().unwrap();
    assert_eq!(rows.len(), 19 * 3);
    let mut strictly = 0;
    for level in rows.chunks(3) {
        let rate = |r: &Value| r["pass_rate"].as_f64().unwrap();
        let bots: Vec<&str> = level.iter().map(|r| r["bot"].as_str().unwrap()).collect();
        assert_eq!(bots, ["greedy:0", "greedy:0.5", "greedy:1"]);
        for pair in level.windows(2) {
            let (weak, strong) = (rate(&pair[0]), rate(&pair[1]));
            let n = f64::from(games);
            let se = ((weak * (1.0 - weak) + strong * (1.0 - strong)) / n).sqrt();
            assert!(
                weak - strong <= 3.0 * se.max(1.0 / n),
                "{}: {} {weak} > {} {strong}",
                pair[0]["level"],
                pair[0]["bot"],
                pair[1]["bot"]
            );
            strictly += usize::from(strong > weak);
        }
    }
    assert!(
        strictly >= 19,
        "the knob moves the pass rate: {strictly} rises"
    );
}

/// The level file with its `key = …` line replaced.
fn with_line(file: &str, key: &str, value: u64) -> String {
    (file.lines())
        .map(|l| match l.split_once('=') {
            Some((k, _)) if k.trim() == key => format!("{key} = {value}"),
            _ => l.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Two `--set`s make a grid: a row per combination, the first key slowest, each row
/// naming every key's value; each row is the run of the level with those values.
#[test]
fn repeated_sets_run_a_grid_in_text_json_and_csv() {
    let grid = [
        "simulate",
        "--level",
        "levels/02-ring.toml",
        "--set",
        "moves=8,12",
        "--set",
        "goal1=10..14:4",
        "--games",
        "30",
    ];
    let rows = json_of(&[&grid[..], &["--json", "--no-timing"]].concat());
    let rows = rows.as_array().unwrap();
    let sets: Vec<(u64, u64)> = (rows.iter())
        .map(|r| {
            (
                r["set"][0]["value"].as_u64().unwrap(),
                r["set"][1]["value"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(sets, [(8, 10), (8, 14), (12, 10), (12, 14)]);
    assert_eq!(rows[1]["set"][1]["key"], "goal1");
    assert_eq!(rows[3]["move_limit"], 12);
    assert_eq!(rows[3]["games_played"], 30);
    assert_eq!(rows[3]["precision_met"], Value::Null);
    // The row (12, 14) is the one-key sweep of goal1 on the file with 12 moves.
    let file = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../levels/02-ring.toml"
    ))
    .unwrap();
    let edited = level_file(&with_line(&file, "moves", 12));
    let one = json_of(&[
        "simulate",
        "--level",
        edited.arg(),
        "--set",
        "goal1=14",
        "--games",
        "30",
        "--json",
        "--no-timing",
    ]);
    let mut one = one[0].clone();
    let mut row = rows[3].clone();
    assert_eq!(one["set"], serde_json::json!({"key": "goal1", "value": 14}));
    for v in [&mut one, &mut row] {
        for key in ["set", "file"] {
            v[key] = Value::Null;
        }
    }
    assert_eq!(row, one);

    let text = stdout(&grid);
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].contains("greedy bot, 30 games a row, seed 1"),
        "{text}"
    );
    assert!(lines[2].starts_with("   moves    goal1  games"), "{text}");
    assert!(lines[6].starts_with("      12       14     30"), "{text}");
    assert_eq!(lines.len(), 7, "{text}");

    let csv = stdout(&[&grid[..], &["--csv"]].concat());
    let lines: Vec<&str> = csv.lines().collect();
    assert!(
        lines[0].starts_with("moves,goal1,level,file,rules,bot,games,won,"),
        "{csv}"
    );
    let header: Vec<&str> = lines[0].split(',').collect();
    assert_eq!(lines.len(), 5, "{csv}");
    for (line, row) in lines[1..].iter().zip(rows) {
        let fields: Vec<&str> = line.split(',').collect();
        assert_eq!(fields.len(), header.len(), "{line}");
        let at = |name: &str| fields[header.iter().position(|h| *h == name).unwrap()];
        assert_eq!(at("moves"), row["set"][0]["value"].to_string());
        assert_eq!(at("goal1"), row["set"][1]["value"].to_string());
        assert_eq!(at("games"), row["games_played"].to_string());
        assert_eq!(at("won"), row["won"].to_string());
        assert_eq!(at("precision_met"), "", "no precision asked");
    }
}

/// A grid with a precision says per row how many games it played and whether the
/// precision was met; a key set twice, a grid too big and `--csv` with `--json` are
/// refused before any game runs.
#[test]
fn grid_rows_state_their_games_and_bad_grids_are_refused() {
    let csv = stdout(&[
        "simulate",
        "--level",
        "levels/04-walls.toml",
        "--set",
        "moves=6,30",
        "--set",
        "colors=6",
        "--games",
        "200",
        "--precision",
        "0.2",
        "--csv",
    ]);
    let lines: Vec<Vec<&str>> = csv.lines().map(|l| l.split(',').collect()).collect();
    let at = |row: usize, name: &str| lines[row][lines[0].iter().position(|h| *h == name).unwrap()];
    for row in [1, 2] {
        assert_eq!(at(row, "precision_met"), "true", "{csv}");
        assert_eq!(
            at(row, "games"),
            "100",
            "one block is enough for ±20 points"
        );
    }
    let level = ["simulate", "--level", "levels/04-walls.toml"];
    // A row short of the precision is named by its settings in the warning.
    let short = match3(
        &[
            &level[..],
            &["--set", "moves=6,30", "--set", "colors=6"],
            &["--games", "100", "--precision", "0.02", "--json"],
        ]
        .concat(),
    );
    let rows: Value = serde_json::from_slice(&short.stdout).unwrap();
    assert_eq!(rows[0]["precision_met"], false);
    let stderr = String::from_utf8(short.stderr).unwrap();
    assert!(
        stderr.contains("warning: Walls moves=6 colors=6 (greedy bot): the pass rate is known to"),
        "{stderr}"
    );
    let twice = refused(&[&level[..], &["--set", "moves=5", "--set", "moves=6"]].concat());
    assert!(twice.contains("--set moves: given twice"), "{twice}");
    let big = refused(
        &[
            &level[..],
            &["--set", "moves=1..100", "--set", "goal1=1..11"],
        ]
        .concat(),
    );
    assert!(
        big.contains("100 x 11 combinations; a grid runs at most 1000"),
        "{big}"
    );
    let both = refused(&[&level[..], &["--set", "moves=5", "--csv", "--json"]].concat());
    assert!(
        both.contains("'--csv' cannot be used with '--json'"),
        "{both}"
    );
    // A combination the level cannot take names its option.
    let bad = refused(&[&level[..], &["--set", "moves=4,0", "--set", "goal1=2"]].concat());
    assert!(
        bad.contains("--set moves=0: a move limit must be at least 1"),
        "{bad}"
    );
}

/// `--set` with `--solve`: each row's deals are solved, so a limit that makes the deal
/// unwinnable says so; rules that draw pieces are refused as without `--set`.
#[test]
fn a_sweep_with_solve_reports_the_deals_of_each_value() {
    // Locked corner: a fixed deal the solver wins in 2 moves (and not in 1).
    let sweep = [
        "simulate",
        "--level",
        "levels/19-finite-locks.toml",
        "--set",
        "moves=1..3",
        "--solve",
        "--games",
        "5",
    ];
    let rows = json_of(&[&sweep[..], &["--json", "--no-timing"]].concat());
    let deals: Vec<(u64, u64)> = (rows.as_array().unwrap().iter())
        .map(|r| {
            let n = |k: &str| r[k].as_u64().unwrap();
            (n("winnable_deals"), n("unwinnable_deals"))
        })
        .collect();
    assert_eq!(deals, [(0, 5), (5, 0), (5, 0)]);
    assert_eq!(rows[2]["pass_rate_of_winnable"], 1.0);
    let text = stdout(&sweep);
    assert!(
        text.contains("winnable unwinnable unknown pass|winnable"),
        "{text}"
    );
    let first = text.lines().nth(3).unwrap();
    assert!(
        first.ends_with("       0          5       0             -"),
        "{text}"
    );
    let csv = stdout(&[&sweep[..], &["--csv"]].concat());
    assert!(
        csv.lines()
            .next()
            .unwrap()
            .ends_with(",winnable_deals,unwinnable_deals,unknown_deals,pass_rate_of_winnable"),
        "{csv}"
    );
    assert!(csv.lines().nth(1).unwrap().ends_with(",0,5,0,"), "{csv}");
    assert!(
        csv.lines().nth(3).unwrap().ends_with(",5,0,0,1.0000"),
        "{csv}"
    );
    let drawn = refused(&[
        "simulate",
        "--level",
        "levels/04-walls.toml",
        "--set",
        "moves=5",
        "--solve",
    ]);
    assert!(
        drawn.contains("--solve: the lines rules draw new pieces"),
        "{drawn}"
    );
}

/// A square of the heat map: its fill colour, in order of the file.
fn cell_fills(svg: &str) -> Vec<String> {
    (svg.split("<rect").skip(1))
        .map(|r| {
            let fill = r.split("fill=\"").nth(1).unwrap_or("");
            fill.split('"').next().unwrap().to_string()
        })
        .collect()
}

/// `--plot-leftover`: a square per board cell, shaded by the share of lost games that
/// left an unmet goal's piece on it. Here the only jelly sits under the board's only D,
/// walled in by two holes: it can never be moved or matched, so every game is lost with
/// it there, and nothing else is left.
#[test]
fn the_leftover_heat_map_has_a_square_per_cell_and_finds_the_stuck_jelly() {
    let level = level_file(
        "rules = \"finite\"\nboard = '''\nA A B C\nB C A B\nC B A _\nA B _ D~\n'''\nmoves = 3\n[[goals]]\nkind = \"jelly\"\n",
    );
    let dir = std::env::temp_dir().join(format!("match3-leftover-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg_path = dir.join("left.svg");
    let svg_arg = svg_path.to_str().unwrap();
    let run = json_of(&[
        "simulate",
        "--level",
        level.arg(),
        "--bot",
        "random",
        "--games",
        "20",
        "--plot-leftover",
        svg_arg,
        "--json",
    ]);
    assert_eq!(run["lost"], 20);
    let svg = std::fs::read_to_string(&svg_path).unwrap();
    let fills = cell_fills(&svg);
    // The background and the plotting area, then the 16 squares in row-major order.
    assert_eq!(fills.len(), 2 + 16, "{svg}");
    let cells = &fills[2..];
    assert_eq!(
        cells[15], "#D55E00",
        "the D's jelly stayed in every lost game"
    );
    let holes = [11, 14];
    for (i, fill) in cells[..15].iter().enumerate() {
        let want = if holes.contains(&i) {
            "#000000"
        } else {
            "#F0F0F0"
        };
        assert_eq!(
            fill, want,
            "cell {i}: a hole is dark, a cell never jelly light"
        );
    }
    let texts: Vec<&str> = svg.lines().filter(|l| l.ends_with('%')).collect();
    assert_eq!(texts, ["100%"], "one cell labelled");
    assert!(svg.contains("20 lost of 20 games"), "{svg}");
    let score = refused(&[
        "simulate",
        "--level",
        "levels/01-first-steps.toml",
        "--plot-leftover",
        svg_arg,
    ]);
    assert!(score.contains("has no jelly or crates goal"), "{score}");
    let shard = refused(&[
        "simulate",
        "--level",
        "levels/13-jelly-ring.toml",
        "--plot-leftover",
        svg_arg,
        "--shard",
        "0/2",
        "--json",
    ]);
    assert!(shard.contains("cannot be used with"), "{shard}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// On a real level: 13's ring of jelly under greedy, the inner cells never jelly.
#[test]
fn the_leftover_of_a_sample_level_sits_on_its_jelly() {
    let dir = std::env::temp_dir().join(format!("match3-leftover-ring-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg_path = dir.join("ring.svg");
    let svg = svg_path.to_str().unwrap();
    stdout(&[
        "simulate",
        "--level",
        "levels/13-jelly-ring.toml",
        "--games",
        "20",
        "--plot-leftover",
        svg,
    ]);
    let fills = cell_fills(&std::fs::read_to_string(&svg_path).unwrap());
    assert_eq!(fills.len(), 2 + 6 * 8);
    let fill = |row: usize, col: usize| fills[2 + row * 8 + col].as_str();
    // The inner cells never hold jelly: light grey.
    for row in 1..5 {
        for col in 1..7 {
            assert_eq!(fill(row, col), "#F0F0F0", "({row}, {col})");
        }
    }
    // The ring holds jelly: its bottom corners (two layers) are left most often, the
    // middle of the top row never in these games (white).
    // Hotter is less green (white #FFFFFF to #D55E00).
    let green = |row, col| u8::from_str_radix(&fill(row, col)[3..5], 16).unwrap();
    assert!(
        green(5, 0) < green(0, 0) && green(5, 7) < green(0, 7),
        "{fills:?}"
    );
    assert_eq!(fill(0, 3), "#FFFFFF");
    std::fs::remove_dir_all(&dir).unwrap();
}
