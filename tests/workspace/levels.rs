//! The sample levels in `levels/` and engine shuffles under the level invariants.

use match3_core::{Game, GameConfig, Rules, Status};
use match3_levels::LevelFile;
use match3_testkit::levels;

fn rules_named(name: &str) -> Box<dyn Rules> {
    match name {
        "lines" => Box::new(match3_lines::Lines),
        "clusters" => Box::new(match3_clusters::Clusters::swap()),
        "clusters-tap" => Box::new(match3_clusters::Clusters::tap()),
        "clusters-drop" => Box::new(match3_clusters::Clusters::drop()),
        "finite" => Box::new(match3_finite::Finite),
        other => panic!("unknown rules {other}"),
    }
}

fn sample_levels() -> Vec<LevelFile> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("levels");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    files.iter().map(|p| LevelFile::read(p).unwrap()).collect()
}

#[test]
fn at_least_twelve_sample_levels_cover_every_variant_and_feature() {
    let levels = sample_levels();
    assert!(levels.len() >= 12);
    for rules in match3_cli::Registry::builtin().names() {
        assert!(
            levels.iter().any(|l| l.rules == rules),
            "no level for {rules}"
        );
    }
    assert!(levels.iter().any(|l| l.board.contains('_')), "no holes");
    assert!(
        levels.iter().any(|l| l.level.spawn.is_some()),
        "no spawn weights"
    );
    assert!(
        levels.iter().any(|l| l.level.shuffle == Some(false)),
        "no shuffle = false"
    );
    for kind in ["score", "collect"] {
        assert!(
            levels
                .iter()
                .any(|l| l.level.goals.iter().any(|g| g.kind() == kind)),
            "no {kind} goal"
        );
    }
    for level in &levels {
        assert!(
            level.level.moves.is_some() && !level.level.stars.is_empty(),
            "{}",
            level.name
        );
    }
}

#[test]
fn every_sample_level_starts_and_plays_by_its_rules() {
    for file in sample_levels() {
        for seed in 0..3 {
            let rules = rules_named(&file.rules);
            let layout = file.layout(&rules).unwrap();
            let colors = file.palette(&layout);
            let picks = [0u16, 5, 2, 7, 1, 9, 3, 3, 8, 4, 6, 2, 0, 1, 5];
            let end = levels::level_game(&rules, &layout, colors, &file.level, seed, &picks)
                .unwrap_or_else(|v| panic!("{} seed {seed}: {}", file.name, v.0))
                .unwrap_or_else(|| panic!("{} seed {seed} does not start", file.name));
            assert!(end.moves() <= file.level.moves.unwrap());
        }
    }
}

#[test]
fn engine_shuffles_keep_ids_and_colours_and_end_playable() {
    // Lines with 20% blockers and six colours deadlock often: every shuffle is checked.
    let mut shuffles = 0;
    for seed in 0..12 {
        let config = GameConfig {
            colors: 6,
            blocker_percent: 20,
            ..GameConfig::new(seed)
        };
        let mut game = Game::new(match3_lines::Lines, config).unwrap();
        let mut chooser = match3_core::GameRng::new(seed);
        for _ in 0..120 {
            if game.status() != Status::Playable {
                break;
            }
            let moves = game.legal_moves();
            let before = game.board().clone();
            let trace = game
                .play(moves[chooser.below(moves.len() as u32) as usize])
                .unwrap();
            levels::holes_stay(&before, &trace).unwrap();
            if let Some(s) = &trace.shuffle {
                let last = trace.phases.last().map_or(&before, |p| &p.board);
                if let Err(v) = levels::shuffle(&match3_lines::Lines, last, s) {
                    panic!("seed {seed}: {}", v.0);
                }
                assert_eq!(trace.replay(&before).unwrap(), *game.board());
                shuffles += 1;
            }
        }
    }
    assert!(
        shuffles > 5,
        "only {shuffles} shuffles: the check saw too few"
    );
}
