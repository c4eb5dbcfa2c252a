//! Bots choose legal moves deterministically, greedy takes the best, look-ahead leaves the
//! game alone, and simulation does not depend on the thread count.

use match3_bots::{Bot, BotKind, GreedyBot, Plan, RandomBot, simulate};
use match3_clusters::Clusters;
use match3_core::{Game, GameConfig, Move, NoTrace, Pos};
use match3_finite::{Finite, Preset};
use match3_lines::Lines;

#[test]
fn random_bot_plays_legal_moves_fixed_by_its_seed() {
    let game = Game::new(Lines, GameConfig::new(3)).unwrap();
    let legal = game.legal_moves();
    let picks = |seed| {
        let mut bot = RandomBot::new(seed);
        (0..20)
            .map(|_| bot.choose(&game).unwrap())
            .collect::<Vec<_>>()
    };
    assert_eq!(picks(9), picks(9));
    assert_ne!(picks(9), picks(10));
    assert!(picks(9).iter().all(|m| legal.contains(m)));
}

#[test]
fn greedy_takes_the_best_move_and_the_first_of_ties() {
    // Finite has no refill, so the look-ahead is exact: compare with every move played out.
    let game = Preset::Teaching.game().unwrap();
    let scores: Vec<(Move, u64)> = game
        .legal_moves()
        .into_iter()
        .map(|m| {
            let mut g = game.clone();
            (m, g.play(m).unwrap().score())
        })
        .collect();
    let best = scores.iter().map(|s| s.1).max().unwrap();
    let first_best = scores.iter().find(|s| s.1 == best).unwrap().0;
    assert_eq!(GreedyBot::new(0).choose(&game), Some(first_best));
    // All four teaching swaps score 3: the tie goes to the first, (0,1)<->(0,2).
    assert_eq!(first_best, Move::Swap(Pos::new(0, 1), Pos::new(0, 2)));
}

#[test]
fn greedy_look_ahead_leaves_the_game_untouched() {
    for seed in 0..20 {
        let game = Game::new(Lines, GameConfig::new(seed)).unwrap();
        let before = game.snapshot();
        let mut bot = GreedyBot::new(seed);
        let mv = bot.choose(&game).unwrap();
        assert_eq!(game.snapshot(), before);
        assert!(game.check(mv).is_ok());
    }
}

#[test]
fn greedy_sees_exactly_what_no_refill_rules_make_knowable() {
    for seed in 0..20 {
        let config = GameConfig {
            size: match3_core::Size::new(6, 6).unwrap(),
            colors: 4,
            ..GameConfig::new(seed)
        };
        let mut game = Game::new(Finite, config).unwrap();
        let mut bot = GreedyBot::new(seed);
        while let Some(mv) = bot.choose(&game) {
            let mut scratch = game.snapshot();
            let seen = game
                .speculate_with(mv, &mut scratch, None, &mut NoTrace)
                .unwrap();
            let real = game.play_with(mv, &mut NoTrace).unwrap();
            assert_eq!(seen, real);
        }
    }
}

#[test]
fn greedy_never_scores_less_than_random_on_average() {
    let plan = |bot| Plan {
        config: GameConfig::new(5),
        bot,
        games: 12,
        moves: 25,
    };
    let greedy = simulate(|| Lines, plan(BotKind::Greedy), 1, &|| {}).unwrap();
    let random = simulate(|| Lines, plan(BotKind::Random), 1, &|| {}).unwrap();
    assert!(
        greedy.mean_score() > random.mean_score(),
        "{} vs {}",
        greedy.mean_score(),
        random.mean_score()
    );
}

#[test]
fn simulation_results_do_not_depend_on_threads() {
    let plan = Plan {
        config: GameConfig::new(77),
        bot: BotKind::Greedy,
        games: 10,
        moves: 15,
    };
    let one = simulate(Clusters::swap, plan, 1, &|| {}).unwrap();
    let three = simulate(Clusters::swap, plan, 3, &|| {}).unwrap();
    assert_eq!(one.per_game, three.per_game);
    assert_eq!(one.per_game.len(), 10);
    assert!(one.moves() > 0);
    let again = simulate(Clusters::swap, plan, 2, &|| {}).unwrap();
    assert_eq!(
        (one.mean_score(), one.p90_score()),
        (again.mean_score(), again.p90_score())
    );
}

#[test]
fn report_statistics_are_nearest_rank() {
    let plan = Plan {
        config: GameConfig::new(1),
        bot: BotKind::Random,
        games: 10,
        moves: 10,
    };
    let mut report = simulate(|| Finite, plan, 1, &|| {}).unwrap();
    for (i, g) in report.per_game.iter_mut().enumerate() {
        g.score = (i as u64 + 1) * 10; // 10, 20, …, 100
    }
    assert_eq!(report.median_score(), 50);
    assert_eq!(report.p90_score(), 90);
    assert_eq!(report.mean_score(), 55.0);
}
