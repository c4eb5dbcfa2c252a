//! What a level designer reads off a run: the skill knob, distinct games, the numbers
//! studios use, and runs measured to a precision.

use match3_bots::{BotKind, GameStats, Skill, play_game};
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
    assert!(bad.contains("at most 1"), "{bad}");
    let unknown = BotKind::parse("greed").unwrap_err();
    assert!(
        unknown.contains("greedy:P") && unknown.contains("mcts"),
        "{unknown}"
    );
}
