//! What a level designer reads off a run: the skill knob, distinct games, the numbers
//! studios use, and runs measured to a precision.

use match3_bots::{BotKind, BotNameError, GameStats, Skill, play_game};
use match3_core::{GameConfig, Rules};
use match3_lines::Lines;

fn skill(text: &str) -> Skill {
    text.parse().unwrap()
}

fn games<R: Rules + Copy>(rules: R, bot: BotKind, seeds: std::ops::Range<u64>) -> Vec<GameStats> {
    seeds
        .map(|seed| play_game(rules, GameConfig::new(seed), bot, 25).unwrap())
        .collect()
}

#[test]
fn skill_one_is_greedy_and_skill_zero_is_random_game_for_game() {
    let rules = match3_clusters::Clusters::swap();
    let greedy = games(rules, BotKind::Greedy, 0..6);
    let random = games(rules, BotKind::Random, 0..6);
    assert_eq!(games(rules, BotKind::Skilled(Skill::GREEDY), 0..6), greedy);
    assert_eq!(games(rules, BotKind::Skilled(Skill::RANDOM), 0..6), random);
    let half = games(rules, BotKind::Skilled(skill("0.5")), 0..6);
    assert_ne!(half, greedy);
    assert_ne!(half, random);
}

#[test]
fn a_skilled_bot_is_seeded_and_scores_between_random_and_greedy() {
    let kind = BotKind::Skilled(skill("0.6"));
    assert_eq!(games(Lines, kind, 0..4), games(Lines, kind, 0..4));
    let mean = |kind| {
        let g = games(Lines, kind, 0..40);
        g.iter().map(|g| g.score).sum::<u64>() as f64 / g.len() as f64
    };
    let (random, mixed, greedy) = (mean(BotKind::Random), mean(kind), mean(BotKind::Greedy));
    assert!(
        random < mixed && mixed < greedy,
        "{random} {mixed} {greedy}"
    );
}

#[test]
fn skilled_names_round_trip_and_bad_ones_say_why() {
    for n in [0u16, 1, 5, 70, 125, 500, 999, 1000] {
        let kind = BotKind::Skilled(Skill::from_thousandths(n).unwrap());
        assert_eq!(BotKind::named(kind.name()), Some(kind), "{}", kind.name());
    }
    assert_eq!(BotKind::Skilled(skill("0.7")).name(), "greedy:0.7");
    for kind in BotKind::EVERY {
        assert_eq!(BotKind::parse(kind.name()), Ok(kind));
    }
    let bad = BotKind::parse("greedy:1.5").unwrap_err();
    assert!(matches!(bad, BotNameError::Skill { .. }), "{bad}");
    let bad = bad.to_string();
    assert!(bad.contains("at most 1"), "{bad}");
    let unknown = BotKind::parse("greed").unwrap_err();
    assert_eq!(
        unknown,
        BotNameError::Unknown {
            name: "greed".to_string()
        }
    );
    let unknown = unknown.to_string();
    assert!(
        unknown.contains("greedy:P") && unknown.contains("mcts"),
        "{unknown}"
    );
}

use match3_bots::{
    Ending, LevelMetrics, Measure, Measured, Plan, SimulateError, Stats, measure, simulate_games,
};
use match3_core::{Game, Goal, Level, SetupError};

/// A level on generated lines boards: `moves` moves to score `target`.
fn score_level(moves: u32, target: u64) -> Level {
    Level {
        moves: Some(moves),
        goals: vec![Goal::Score { target }],
        ..Level::NONE
    }
}

fn lines_start(level: &Level) -> impl Fn(u64) -> Result<Game<Lines>, SetupError> + Sync + '_ {
    move |seed| Game::new(Lines, GameConfig::new(seed))?.with_level(level.clone())
}

/// The teaching board, a fixed deal with no refill: four moves to score `target`.
fn teaching_start(
    target: u64,
) -> impl Fn(u64) -> Result<Game<match3_finite::Finite>, SetupError> + Sync {
    move |seed| {
        let board = match3_finite::TEACHING.parse().expect("the teaching board");
        Game::from_board(match3_finite::Finite, board, seed)?.with_level(score_level(4, target))
    }
}

fn plan(games: u32, moves: u32) -> Plan {
    Plan {
        config: GameConfig::new(5),
        bot: BotKind::Greedy,
        games,
        moves,
    }
}

fn run<R: Rules, F: Fn(u64) -> Result<Game<R>, SetupError> + Sync>(
    start: F,
    plan: Plan,
    bots: &[BotKind],
    how: Measure,
) -> Result<Vec<Measured>, SimulateError> {
    measure(start, plan, bots, how, 2, &|| {}, &mut |_, _, _| {})
}

#[test]
fn a_measured_run_has_the_statistics_of_the_same_games_simulated() {
    let level = score_level(8, 700);
    let bots = [BotKind::Random, BotKind::Greedy];
    let whole = run(lines_start(&level), plan(150, 8), &bots, Measure::default()).unwrap();
    for (row, bot) in whole.iter().zip(bots) {
        let plain = simulate_games(
            lines_start(&level),
            Plan {
                bot,
                ..plan(150, 8)
            },
            2,
            &|| {},
        );
        assert_eq!(row.report.stats, plain.unwrap().stats, "{}", bot.name());
        assert_eq!((row.games_played(), row.plan.games), (150, 150));
        assert_eq!(row.precision_met(), None);
    }
}

#[test]
fn every_bot_of_a_row_plays_the_same_games_until_all_meet_the_precision() {
    // Random rarely scores 2500 in 8 moves (about 4%): its rate is known to ±3 points
    // after 200 games; greedy's (about 59%) needs about a thousand. Blocks grow together,
    // so random plays as many games.
    let level = score_level(8, 2500);
    let bots = [BotKind::Random, BotKind::Greedy];
    let how = Measure {
        precision: Some(0.03),
        extra_moves: 0,
    };
    let mut seen = vec![Vec::new(); 2];
    let rows = measure(
        lines_start(&level),
        plan(5000, 8),
        &bots,
        how,
        2,
        &|| {},
        &mut |b, i, g| seen[b].push((i, g.seed)),
    )
    .unwrap();
    let played = rows[1].games_played();
    assert!(
        played > 100 && played < 5000,
        "greedy needed {played} games"
    );
    assert_eq!(rows[0].games_played(), played);
    assert_eq!(
        seen[0], seen[1],
        "the same game numbers and seeds, in order"
    );
    assert!(seen[0].iter().enumerate().all(|(k, &(i, _))| k as u32 == i));
    for row in &rows {
        assert_eq!(row.precision_met(), Some(true));
        let (low, high) = row.pass_rate_interval().unwrap();
        assert!((high - low) / 2.0 <= 0.03);
        // Extended blocks are the same games a plain run of that many plays.
        let plain = Plan {
            bot: row.plan.bot,
            ..plan(played as u32, 8)
        };
        let plain = simulate_games(lines_start(&level), plain, 1, &|| {}).unwrap();
        assert_eq!(row.report.stats, plain.stats);
    }
}

#[test]
fn a_precision_not_reached_is_reported_as_not_met() {
    let level = score_level(8, 2500);
    let how = Measure {
        precision: Some(0.01),
        extra_moves: 0,
    };
    let rows = run(lines_start(&level), plan(300, 8), &[BotKind::Greedy], how).unwrap();
    assert_eq!(rows[0].games_played(), 300, "100, 200, then the plan's 300");
    assert_eq!(rows[0].precision_met(), Some(false));
}

#[test]
fn a_fixed_deal_is_one_game_for_greedy_and_many_for_random() {
    let how = Measure {
        precision: Some(0.01),
        extra_moves: 0,
    };
    let bots = [BotKind::Greedy, BotKind::Random];
    let rows = run(teaching_start(9), plan(400, 4), &bots, how).unwrap();
    let greedy = &rows[0];
    assert!(greedy.one_game(), "greedy plays the fixed deal one way");
    assert_eq!(greedy.metrics.distinct.count(), 1);
    assert_eq!(greedy.pass_rate_interval(), None);
    assert!(greedy.meets(0.0), "one game's rate is exact");
    for row in &rows[1..] {
        assert!(
            row.metrics.distinct.count() > 1,
            "{} lines",
            row.plan.bot.name()
        );
        assert!(!row.one_game() && row.pass_rate_interval().is_some());
    }
}

/// The pass rate with `k` extra moves, run by run: the same seeds under a limit `k`
/// higher.
fn won_with_limit(level: &Level, bot: BotKind, games: u32, moves: u32) -> u64 {
    let level = Level {
        moves: Some(moves),
        ..level.clone()
    };
    let plan = Plan {
        bot,
        ..plan(games, moves)
    };
    simulate_games(lines_start(&level), plan, 2, &|| {})
        .unwrap()
        .stats
        .won
}

#[test]
fn extra_moves_are_exactly_a_higher_limit_for_bots_that_ignore_the_moves_left() {
    let level = score_level(8, 2500);
    let bots = [
        BotKind::Random,
        BotKind::Greedy,
        BotKind::Skilled(skill("0.6")),
    ];
    let how = Measure {
        precision: None,
        extra_moves: 5,
    };
    let rows = run(lines_start(&level), plan(120, 8), &bots, how).unwrap();
    for (row, bot) in rows.iter().zip(bots) {
        let m = &row.metrics;
        for k in [1, 3, 5] {
            let rate = m.pass_rate_with_extra_moves(k).unwrap().value;
            let won = won_with_limit(&level, bot, 120, 8 + k);
            assert_eq!(rate, won as f64 / 120.0, "{} +{k}", bot.name());
        }
        let one_short = m.won_after_extra[0] as f64 / m.lost as f64;
        assert_eq!(m.one_move_short_rate(), Some(one_short));
        assert!(
            m.won_after_extra.iter().sum::<u64>() > 0,
            "some losses are close"
        );
    }
}

#[test]
fn metrics_merge_into_the_whole_and_refuse_what_games_cannot_give() {
    let level = score_level(8, 2500);
    let how = Measure {
        precision: None,
        extra_moves: 3,
    };
    let whole = run(lines_start(&level), plan(60, 8), &[BotKind::Random], how).unwrap();
    let mut parts = [LevelMetrics::new(3), LevelMetrics::new(3)];
    let mut stats = Stats::default();
    measure(
        lines_start(&level),
        plan(60, 8),
        &[BotKind::Random],
        how,
        1,
        &|| {},
        &mut |_, i, g| {
            parts[(i % 2) as usize].add(g);
            stats.add(i, g);
        },
    )
    .unwrap();
    let [a, b] = parts;
    let merged = b.checked_merge(a).unwrap();
    assert_eq!(merged, whole[0].metrics);
    assert_eq!(merged.check(&stats), Ok(()));
    let mut more_wins = merged.clone();
    more_wins.won_after_extra[0] += merged.lost;
    assert!(more_wins.check(&stats).is_err());
    let mut late = merged.clone();
    late.won_after_extra[4] = 1;
    assert!(late.check(&stats).unwrap_err().contains("3 extra moves"));
    assert_eq!(
        LevelMetrics::new(0).checked_merge(merged.clone()).as_ref(),
        Some(&merged)
    );
    let mut other = LevelMetrics::new(1);
    other.add(&GameStats::default());
    assert_eq!(other.checked_merge(merged), None, "continued by 1 and by 3");
}

#[test]
fn near_misses_count_goals_left_one_unit_short() {
    let lost = |progress: [u64; 2]| GameStats {
        ending: Ending::Lost,
        goals: (progress.iter().zip([10u64, 3]))
            .map(|(&p, needed)| match3_core::GoalProgress {
                goal: Goal::Jelly,
                progress: p,
                needed,
                done: p >= needed,
            })
            .collect(),
        ..GameStats::default()
    };
    let mut m = LevelMetrics::new(0);
    for progress in [[9, 3], [9, 2], [8, 0], [10, 2]] {
        m.add(&lost(progress));
    }
    assert_eq!(m.one_unit_short, vec![2, 2]);
    assert_eq!(m.one_unit_short_rates(), vec![0.5, 0.5]);
    assert_eq!(m.one_move_short_rate(), None, "not continued");
    assert_eq!(m.pass_rate_with_extra_moves(1), None);
    assert_eq!(m.attempts_per_success(), None, "no win");
}

#[test]
fn attempts_per_success_turn_the_pass_rate_and_its_interval_over() {
    let mut m = LevelMetrics::new(0);
    for i in 0..200 {
        let ending = if i % 4 == 0 {
            Ending::Won
        } else {
            Ending::Lost
        };
        m.add(&GameStats {
            ending,
            ..GameStats::default()
        });
    }
    let a = m.attempts_per_success().unwrap();
    let (low, high) = match3_bots::wilson(50, 200);
    assert_eq!((a.value, a.low, a.high), (4.0, 1.0 / high, 1.0 / low));
    assert!(a.low < 4.0 && 4.0 < a.high);
}

/// A board game of `rules` from `board` (notation) under `level`, seeded.
fn level_game<R: Rules>(rules: R, board: &str, level: &Level, seed: u64) -> Game<R> {
    let board = board.parse().expect("a board");
    Game::from_board(rules, board, seed)
        .and_then(|g| g.with_level(level.clone()))
        .expect("a level game")
}

#[test]
fn a_lost_game_names_the_cells_its_unmet_board_goals_were_left_on() {
    // No refill; the D can never move or match (two holes wall it in): its jelly stays.
    let stuck = "AABC/BCAB/CBA_/AB_D~";
    let jelly = Level {
        moves: Some(3),
        goals: vec![Goal::Jelly],
        ..Level::NONE
    };
    let mut left = match3_bots::Leftover::new("4x4".parse().unwrap());
    for seed in 0..8 {
        let game = level_game(match3_finite::Finite, stuck, &jelly, seed);
        let g = match3_bots::play_out(game, seed, BotKind::Random, 3);
        assert_eq!(g.ending, Ending::Lost);
        assert_eq!(g.unmet_cells, [0, 0, 0, 0b1000], "seed {seed}");
        left.add(&g);
    }
    assert_eq!(left.lost(), 8);
    assert_eq!(left.share(match3_core::Pos::new(3, 3)), 1.0);
    assert_eq!(left.count(match3_core::Pos::new(2, 2)), 0);
    // A goal the board does not hold leaves no cell, even with jelly on the board.
    let score = Level {
        moves: Some(3),
        goals: vec![Goal::Score { target: 1000 }],
        ..Level::NONE
    };
    let game = level_game(match3_finite::Finite, stuck, &score, 1);
    let g = match3_bots::play_out(game, 1, BotKind::Random, 3);
    assert_eq!((g.ending, g.unmet_cells.len()), (Ending::Lost, 0));
}

#[test]
fn unmet_cells_are_the_jelly_and_crates_left_when_those_goals_are_unmet() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../levels/16-clusters-cellar.toml"
    ))
    .unwrap();
    let file = match3_levels::LevelFile::parse(&text, "cellar").unwrap();
    let (mut lost, mut won) = (0, 0);
    for seed in 0..12 {
        let game = file.start(match3_clusters::Clusters::swap(), seed).unwrap();
        let g = match3_bots::play_out(game.clone(), seed, BotKind::Random, 100);
        let Ending::Lost = g.ending else {
            assert!(g.unmet_cells.is_empty(), "a won game leaves nothing");
            won += 1;
            continue;
        };
        lost += 1;
        // Replay the line to see the board the game ended on.
        let mut end = game;
        for &mv in &g.line {
            end.play(mv).unwrap();
        }
        let unmet = |kind: Goal| g.goals.iter().any(|p| p.goal == kind && !p.done);
        let board = end.board();
        let want: Vec<u32> = (0..board.rows())
            .map(|r| {
                let jelly = if unmet(Goal::Jelly) {
                    board.jelly_rows()[r]
                } else {
                    0
                };
                let crates = if unmet(Goal::Crates) {
                    board.crate_rows()[r]
                } else {
                    0
                };
                jelly | crates
            })
            .collect();
        assert_eq!(g.unmet_cells, want, "seed {seed}");
        if unmet(Goal::Jelly) || unmet(Goal::Crates) {
            assert!(
                want.iter().any(|&m| m != 0),
                "an unmet board goal leaves a cell"
            );
        }
    }
    assert!(lost > 0, "{won} won, none lost");
}
