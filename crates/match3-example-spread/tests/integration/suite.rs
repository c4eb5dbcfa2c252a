//! The whole shared suite, one line (its level and obstacle properties plant crates, so
//! chocolate spreads in them, and every turn is replayed and checked); then the spread.

use match3_core::{Cell, Game, Move, Pos, Rules};
use match3_example_spread::spread;

match3_testkit::rules_suite!(
    spread,
    spread(),
    oracle = |b: &match3_core::Board| match3_testkit::oracle::line_runs(b, 3),
    snapshots = "../../snapshots"
);

fn crates(game: &Game<impl Rules>) -> u32 {
    game.board().crates_left()
}

#[test]
fn a_move_that_misses_the_chocolate_lets_it_spread() {
    let board = spread().parse_board("ABAC/DAEF/%CDE").unwrap();
    let mut game = Game::from_board(spread(), board.clone(), 3).unwrap();
    let trace = game
        .play(Move::Swap(Pos::new(1, 1), Pos::new(0, 1)))
        .unwrap();
    let effects = trace.effects.as_ref().expect("it spread");
    assert_eq!(effects.changed.len(), 1);
    let at = effects.changed[0].pos;
    assert!(at == Pos::new(1, 0) || at == Pos::new(2, 1), "{trace}");
    assert_eq!(game.board().at(at), Cell::Crate(1));
    assert_eq!(crates(&game), 2);
    assert_eq!(
        trace.replay(&board).unwrap(),
        *game.board(),
        "the spread replays"
    );
}

#[test]
fn a_move_that_hits_it_stops_the_spread() {
    // The run of B's is next to the crate: it takes the hit, nothing spreads.
    let board = spread().parse_board("ABAD/BDBE/%3CFA").unwrap();
    let mut game = Game::from_board(spread(), board, 3).unwrap();
    let trace = game
        .play(Move::Swap(Pos::new(0, 1), Pos::new(1, 1)))
        .unwrap();
    assert!(trace.effects.is_none(), "{trace}");
    assert_eq!(game.board().at(Pos::new(2, 0)), Cell::Crate(2));
}

#[test]
fn the_spread_is_undone_saved_and_seen_by_look_ahead() {
    let board = spread().parse_board("ABAC/DAEF/%CDE").unwrap();
    let mut game = Game::from_board(spread(), board, 3).unwrap();
    let mv = Move::Swap(Pos::new(1, 1), Pos::new(0, 1));
    let mut scratch = game.snapshot();
    let speculated = game.speculate(mv, &mut scratch).unwrap();
    let before = game.snapshot();
    game.play(mv).unwrap();
    assert_eq!(scratch, *game.state(), "look-ahead plays the spread too");
    assert_eq!(speculated.status, game.status());
    let saved: match3_core::SavedGame =
        serde_json::from_str(&serde_json::to_string(&game.save()).unwrap()).unwrap();
    assert_eq!(Game::load(spread(), saved).unwrap().state(), game.state());
    game.restore(&before);
    assert_eq!(crates(&game), 1);
}
