//! Calm refills under a probe (how MCTS plays its futures): with three colours, cluster
//! cascades run past `CALM_REFILL_AFTER` phases and refill calmly; a probe plays those
//! refills on the bit planes, as the game's own turn plays them on the cells.

use match3_clusters::Clusters;
use match3_core::{CALM_REFILL_AFTER, Game, GameConfig, Move};

use crate::counted::{Counted, asked};

#[test]
fn a_probe_plays_calm_refills_on_the_planes_as_the_game_does() {
    let clusters = Clusters::swap().variant();
    let rules = clusters.with_detect(Counted(*clusters.detect()));
    let mut calm = 0;
    for seed in 1..=4 {
        let config = GameConfig {
            colors: 3,
            ..GameConfig::new(seed)
        };
        let game = Game::new(&rules, config).unwrap();
        let mut probe = game.probe();
        for mv in game.legal_moves() {
            let mut played = game.clone();
            let trace = played.play(mv).unwrap();
            probe.reset(game.state());
            let mut summary = None;
            let cells = asked(|| summary = Some(probe.play(mv).unwrap()));
            let ctx = format!("{mv} (seed {seed})");
            assert_eq!(cells, 0, "{ctx}: the probe asked the cells");
            let summary = summary.unwrap();
            let last_chain = trace.phases.iter().map(|p| p.chain).max();
            assert_eq!(
                (summary.score, Some(summary.phases), summary.status),
                (trace.score(), last_chain, played.status()),
                "{ctx}"
            );
            assert_eq!(probe.tally(), *played.state().tally(), "{ctx}");
            let mut listed: Vec<Move> = Vec::new();
            probe.legal_moves_into(&mut listed);
            assert_eq!(listed, played.legal_moves(), "{ctx}");
            assert_eq!(probe.state(), played.state(), "{ctx}");
            calm += usize::from(summary.phases > CALM_REFILL_AFTER);
        }
    }
    assert!(calm >= 10, "only {calm} cascades turned calm");
}
