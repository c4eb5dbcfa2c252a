//! The score-only look-ahead (`Game::score_within`, how the greedy bot ranks moves) on
//! line boards: it plays on the bit planes while no special is made, and must agree with
//! the full look-ahead, also on the move that wins a level paying the leftover bonus
//! (which arms specials on the cells).

use match3_core::{Game, GameConfig, Goal, Horizon, Leftover, Level, Size, Status};
use match3_lines::Lines;

#[test]
fn score_only_look_ahead_agrees_on_levels_that_pay_a_bonus() {
    let mut winning = 0;
    for (side, target) in [(7, 500), (8, 700)] {
        for seed in 0..25 {
            let level = Level {
                moves: Some(12),
                goals: vec![Goal::Score { target }],
                leftover: Leftover::Bonus,
                ..Level::default()
            };
            let config = GameConfig {
                size: Size::new(side, side).unwrap(),
                ..GameConfig::new(seed)
            };
            let mut game = Game::new(Lines, config).unwrap().with_level(level).unwrap();
            while game.status() == Status::Playable {
                let (mut state, mut scratch) = (game.snapshot(), game.score_scratch());
                let mut best = None;
                for mv in game.legal_moves() {
                    let full = game.evaluate(mv, &mut state, None);
                    let only = game.score_within(mv, &mut scratch, None, Horizon::Cascade);
                    let on = game.board();
                    assert_eq!(full, only, "{mv} on {on} (seed {seed})");
                    let level = game.level();
                    assert_eq!(state.goal_units(level), scratch.goal_units(level));
                    winning += usize::from(state.meets(level) && state.tally().moves < 12);
                    best = best.max(full.ok().map(|score| (score, mv)));
                }
                let Some((_, mv)) = best else { break };
                game.play(mv).unwrap();
            }
        }
    }
    // The games reach their goal with moves to spare: winning moves were looked at.
    assert!(winning > 20, "only {winning} winning look-aheads");
}
