//! Seeded games of every variant as readable snapshots: the generated board, then each
//! move (the first legal move in the engine's order) with its full trace.

use std::fmt::Write;

use match3_core::{Game, GameConfig, Rules, Size};

fn play_out<R: Rules>(rules: R, config: GameConfig, moves: usize) -> String {
    let mut game = Game::new(rules, config).expect("new game");
    let mut out = format!(
        "seed {} size {} colours {}\n{}\n",
        config.seed,
        config.size,
        config.colors,
        game.board()
    );
    for _ in 0..moves {
        let Some(&mv) = game.legal_moves().first() else {
            writeln!(out, "no legal move").unwrap();
            break;
        };
        let trace = game.play(mv).expect("legal move");
        write!(out, "\n{trace}").unwrap();
    }
    writeln!(
        out,
        "\nscore {} moves {} status {}",
        game.score(),
        game.moves(),
        game.status().as_str()
    )
    .unwrap();
    out
}

fn snapshot(name: &str, text: String) {
    insta::with_settings!({ snapshot_path => "../../snapshots", prepend_module_to_snapshot => false }, {
        insta::assert_snapshot!(name, text);
    });
}

fn config(seed: u64, blocker_percent: u8) -> GameConfig {
    GameConfig {
        size: Size::new(8, 8).unwrap(),
        colors: 5,
        seed,
        blocker_percent,
    }
}

#[test]
fn lines_seeded_games() {
    snapshot(
        "lines_seed_1",
        play_out(match3_lines::Lines, config(1, 0), 6),
    );
    snapshot(
        "lines_seed_2_blockers",
        play_out(match3_lines::Lines, config(2, 10), 6),
    );
}

#[test]
fn finite_seeded_game() {
    let config = GameConfig {
        size: Size::new(6, 6).unwrap(),
        colors: 4,
        seed: 3,
        blocker_percent: 0,
    };
    snapshot("finite_seed_3", play_out(match3_finite::Finite, config, 6));
}

#[test]
fn seeded_games_are_identical_across_runs() {
    assert_eq!(
        play_out(match3_lines::Lines, config(9, 10), 10),
        play_out(match3_lines::Lines, config(9, 10), 10)
    );
}

#[test]
fn clusters_seeded_games() {
    use match3_clusters::Clusters;
    snapshot(
        "clusters_swap_seed_4",
        play_out(Clusters::swap(), config(4, 0), 5),
    );
    let small = GameConfig {
        size: Size::new(5, 5).unwrap(),
        colors: 3,
        seed: 5,
        blocker_percent: 0,
    };
    snapshot(
        "clusters_drop_seed_5",
        play_out(Clusters::drop(), small, 12),
    );
    snapshot(
        "clusters_tap_seed_6",
        play_out(
            Clusters::tap(),
            GameConfig {
                seed: 6,
                colors: 3,
                ..small
            },
            5,
        ),
    );
}

#[test]
fn one_seeded_greedy_game_per_variant_summary() {
    use match3_bots::{BotKind, play_game};
    use match3_clusters::Clusters;
    let config = GameConfig {
        size: Size::new(8, 8).unwrap(),
        colors: 5,
        seed: 2024,
        blocker_percent: 0,
    };
    let mut table =
        String::from("variant        score  moves  phases  longest  created  fired  ending\n");
    let mut row = |name: &str, stats: match3_bots::GameStats| {
        let ending = stats.ending;
        writeln!(
            table,
            "{name:<14} {:>5}  {:>5}  {:>6}  {:>7}  {:>7}  {:>5}  {ending}",
            stats.score,
            stats.moves,
            stats.phases,
            stats.longest_chain,
            stats.specials_created,
            stats.specials_fired
        )
        .unwrap();
    };
    row(
        "lines",
        play_game(match3_lines::Lines, config, BotKind::Greedy, 30).unwrap(),
    );
    row(
        "clusters",
        play_game(Clusters::swap(), config, BotKind::Greedy, 30).unwrap(),
    );
    row(
        "clusters-drop",
        play_game(Clusters::drop(), config, BotKind::Greedy, 30).unwrap(),
    );
    row(
        "clusters-tap",
        play_game(Clusters::tap(), config, BotKind::Greedy, 30).unwrap(),
    );
    row(
        "finite",
        play_game(match3_finite::Finite, config, BotKind::Greedy, 30).unwrap(),
    );
    snapshot("variant_summary", table);
}

/// The moves the search bots choose at their default budgets, move after move of seeded
/// games: the plain variants and a level with goals (jelly and crates, which the bots
/// rank before score). Pins every sample and playout they make: a faster search must
/// choose exactly these moves.
#[test]
fn search_bots_choose_the_same_moves() {
    use match3_bots::{Bot, BotKind};
    use match3_clusters::Clusters;
    use match3_core::Move;

    fn line<R: Rules>(game: &mut Game<R>, kind: BotKind, seed: u64, moves: usize) -> String {
        let mut bot = kind.build(seed);
        let mut played = Vec::new();
        for _ in 0..moves {
            let Some(mv): Option<Move> = bot.choose(game) else {
                break;
            };
            game.play(mv).expect("a bot plays legal moves");
            played.push(mv.to_string());
        }
        let status = game.status().as_str();
        format!(
            "{}: {} (score {}, {status})\n",
            kind.name(),
            played.join(" "),
            game.score()
        )
    }
    let mut out = String::new();
    for kind in [BotKind::Lookahead, BotKind::Mcts] {
        let mut lines = Game::new(match3_lines::Lines, config(11, 0)).unwrap();
        out += &format!("lines seed 11 {}", line(&mut lines, kind, 5, 8));
        let mut clusters = Game::new(Clusters::swap(), config(12, 0)).unwrap();
        out += &format!("clusters seed 12 {}", line(&mut clusters, kind, 6, 8));
        let mut tap = Game::new(Clusters::tap(), config(13, 0)).unwrap();
        out += &format!("clusters-tap seed 13 {}", line(&mut tap, kind, 7, 6));
        let level = concat!(env!("CARGO_MANIFEST_DIR"), "/levels/15-crate-wall.toml");
        let file = match3_levels::LevelFile::read(level).unwrap();
        let mut walls = file.start(match3_lines::Lines, 3).unwrap();
        out += &format!("15-crate-wall seed 3 {}", line(&mut walls, kind, 8, 8));
    }
    snapshot("search_bots_seeded_moves", out);
}
