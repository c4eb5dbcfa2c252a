//! The whole shared suite, one line; then a simulation like `match3 simulate`.

use match3_example_fours::fours;

match3_testkit::rules_suite!(
    fours,
    fours(),
    oracle = |b: &match3_core::Board| match3_testkit::oracle::line_runs(b, 4),
    snapshots = "../../snapshots"
);

#[test]
fn bots_play_it_like_any_variant() {
    let plan = match3_bots::Plan {
        config: match3_core::GameConfig::new(9),
        bot: match3_bots::BotKind::Greedy,
        games: 8,
        moves: 20,
    };
    let report = match3_bots::simulate(fours, plan, 2, &|| {}).unwrap();
    assert!(report.moves() > 0 && report.mean_score() > 0.0);
}
