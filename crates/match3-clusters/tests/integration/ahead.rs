//! Drops and taps under a probe (how MCTS plays its futures): whole futures of the drop
//! and tap games play on the bit planes, asking the detection nothing on the cells, and
//! end where the game's own turns end; moves the game rejects, the probe rejects with the
//! same error, wherever its moves stand.

use match3_clusters::Clusters;
use match3_core::{Game, GameConfig, GameRng, Move, Pos, Rules, Status};

use crate::counted::{Counted, asked};

/// Moves no board of these games takes: off the board, or a tap outside every group.
const OFF_BOARD: [Move; 5] = [
    Move::Drop(8),
    Move::Drop(33),
    Move::Drop(255),
    Move::Tap(Pos::new(8, 0)),
    Move::Tap(Pos::new(200, 200)),
];

/// Plays `moves` random legal moves from a new game of `rules` (seed `seed`) on the game
/// and on one probe beside it, checking the probe after each (its cells caught up only
/// at the end); returns how often the probe asked the detection on the cells.
fn future_beside_the_game<R: Rules + Clone>(rules: R, seed: u64, moves: usize) -> usize {
    let mut game = Game::new(rules, GameConfig::new(seed)).unwrap();
    let start = game.clone();
    let mut probe = start.probe();
    let (mut pick, mut cells) = (GameRng::new(seed), 0);
    for _ in 0..moves {
        if game.status() != Status::Playable {
            break;
        }
        let mv = game
            .pick_legal_move(|n| pick.below(n as u32) as usize)
            .unwrap();
        for bad in OFF_BOARD {
            assert_eq!(probe.play(bad).err(), game.clone().play(bad).err(), "{bad}");
        }
        game.play(mv).unwrap();
        let mut summary = None;
        cells += asked(|| summary = Some(probe.play(mv).unwrap()));
        let ctx = format!("{mv} (seed {seed})");
        assert_eq!(summary.unwrap().status, game.status(), "{ctx}");
        assert_eq!(probe.tally(), *game.state().tally(), "{ctx}");
        let mut listed = Vec::new();
        probe.legal_moves_into(&mut listed);
        assert_eq!(listed, game.legal_moves(), "{ctx}");
    }
    assert_eq!(probe.state(), game.state(), "seed {seed}");
    cells
}

#[test]
fn a_probe_plays_drop_and_tap_futures_on_the_planes_as_the_game_does() {
    for base in [Clusters::drop(), Clusters::tap()] {
        let clusters = base.variant();
        let rules = clusters.with_detect(Counted(*clusters.detect()));
        for seed in 1..=6 {
            let cells = future_beside_the_game(&rules, seed, 12);
            assert_eq!(
                cells,
                0,
                "{} (seed {seed}): the probe asked the cells",
                base.name()
            );
        }
    }
}
