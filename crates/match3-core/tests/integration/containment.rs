//! Containment: a part that panics, reports cells off the board or contradicts itself
//! ends the move (or the game's setup) with an error naming the variant and the part, and
//! the game is exactly as it was.

use match3_core::detect::{Detect, LineRuns};
use match3_core::gravity::{FallError, Falls, Gravity};
use match3_core::refill::{Refill, SpawnSite};
use match3_core::{
    Board, CellSet, Game, GameConfig, Move, MoveError, NoTrace, PartError, PartName, Piece, Pos,
    Rules, ScoredPhase, SetupError, Variant,
};

/// A board where swapping (3,2) with (3,3) lines up three As on the bottom row.
const BOARD: &str = "DCEC/EDCE/CBBD/AABA";
const SWAP: Move = Move::Swap(Pos::new(3, 2), Pos::new(3, 3));

fn the_part_error(err: MoveError) -> PartError {
    match err {
        MoveError::Part(part) => part,
        other => panic!("expected a part's error, got {other:?}"),
    }
}

/// Plays [`SWAP`] on [`BOARD`] under `rules`: the error must name `part` of the variant
/// `"broken"`, mention `says`, and leave the game as it was.
fn refused<R: Rules>(rules: R, part: PartName, says: &str) {
    let mut game = Game::from_board(rules, BOARD.parse().expect("board"), 1).expect("game");
    let before = game.snapshot();
    let err = the_part_error(game.play(SWAP).expect_err("a broken part"));
    assert_eq!((err.rules.as_str(), err.part), ("broken", part), "{err}");
    assert!(err.problem.contains(says), "{err}");
    assert_eq!(game.snapshot(), before, "the game is unchanged");
    // With the copy kept in a spare from another game (another size): the same.
    let lines = Variant::new("lines", LineRuns::new(3));
    let other = Game::from_board(lines, "ABAB/BABA".parse().expect("board"), 2);
    let mut spare = other.expect("game").snapshot();
    let spared = game.play_with_spare(SWAP, &mut NoTrace, &mut spare);
    assert_eq!(the_part_error(spared.expect_err("a broken part")), err);
    assert_eq!(game.snapshot(), before, "the game is unchanged");
    // The same move looked ahead gives the same error and leaves the game alone too.
    let mut scratch = game.snapshot();
    let ahead = game
        .speculate(SWAP, &mut scratch)
        .expect_err("a broken part");
    assert_eq!(the_part_error(ahead).part, part);
    let mut scratch = game.score_scratch();
    let scored = game.score_within(SWAP, &mut scratch, None, Default::default());
    assert_eq!(
        the_part_error(scored.expect_err("a broken part")).part,
        part
    );
    assert_eq!(game.snapshot(), before, "look-ahead changes nothing");
    spent_probe(&game, part);
}

/// A probe of `game` fails [`SWAP`] as the game does, with `part`'s error, and is then
/// spent: every move is refused with that error and it lists none, until it is reset.
fn spent_probe<R: Rules>(game: &Game<R>, part: PartName) {
    let mut probe = game.probe();
    let far = Move::Swap(Pos::new(0, 0), Pos::new(3, 3));
    let rejected = probe.play(far).expect_err("not neighbours");
    assert!(
        matches!(rejected, MoveError::NotAdjacent { .. }),
        "{rejected}"
    );
    assert_eq!(
        probe.state(),
        game.state(),
        "a rejected move changes nothing"
    );
    let failed = the_part_error(probe.play(SWAP).expect_err("a broken part"));
    assert_eq!(failed.part, part);
    let again = the_part_error(probe.play(far).expect_err("spent"));
    assert_eq!(again, failed, "a spent probe repeats its failure");
    let mut moves = vec![SWAP];
    probe.legal_moves_into(&mut moves);
    assert!(moves.is_empty() && probe.pick_legal_move(|_| 0).is_none());
    probe.reset(game.state());
    assert_eq!(probe.state(), game.state());
    let after_reset = probe.play(far).expect_err("not neighbours");
    assert!(
        matches!(after_reset, MoveError::NotAdjacent { .. }),
        "{after_reset}"
    );
}

#[test]
fn a_panicking_detection_is_named_and_the_game_is_unchanged() {
    // It panics in the move's first phase (validation takes its word for the swap).
    struct Panics;
    impl Detect for Panics {
        fn find_matches(&self, board: &Board) -> CellSet {
            let found = LineRuns::new(3).find_matches(board);
            assert!(found.is_empty(), "a match! I give up");
            found
        }
        fn swap_matches(&self, _: &Board, _: Pos, _: Pos) -> Option<bool> {
            Some(true)
        }
    }
    refused(
        Variant::new("broken", Panics),
        PartName::Detection,
        "I give up",
    );
}

#[test]
fn off_board_matches_are_the_detections_error() {
    struct OffBoard;
    impl Detect for OffBoard {
        fn find_matches(&self, board: &Board) -> CellSet {
            let mut found = LineRuns::new(3).find_matches(board);
            if !found.is_empty() {
                found.insert(Pos::new(9, 0));
            }
            found
        }
    }
    refused(
        Variant::new("broken", OffBoard),
        PartName::Detection,
        "(9,0)",
    );
}

#[test]
fn a_false_promise_to_stay_on_the_board_only_drops_the_cell() {
    // Vouching skips the engine's check; the cell off the board is still never cleared,
    // and the move plays as the honest detection's would.
    struct Vouches;
    impl Detect for Vouches {
        fn find_matches(&self, board: &Board) -> CellSet {
            let mut found = LineRuns::new(3).find_matches(board);
            if !found.is_empty() {
                found.insert(Pos::new(9, 0));
            }
            found
        }
        fn stays_on_board(&self) -> bool {
            true
        }
    }
    let play = |rules: &dyn Rules| {
        let board = BOARD.parse().expect("board");
        let mut game = Game::from_board(rules, board, 1).expect("game");
        let trace = game.play(SWAP).expect("the move plays");
        (trace.to_string(), game.snapshot().board().to_string())
    };
    let honest = Variant::new("honest", LineRuns::new(3));
    assert_eq!(play(&Variant::new("honest", Vouches)), play(&honest));
}

#[test]
fn a_detection_that_contradicts_itself_is_refused() {
    // It calls every swap a match and finds none once it is played: the move would count
    // and clear nothing.
    struct Liar;
    impl Detect for Liar {
        fn find_matches(&self, _: &Board) -> CellSet {
            CellSet::new()
        }
        fn swap_matches(&self, _: &Board, _: Pos, _: Pos) -> Option<bool> {
            Some(true)
        }
    }
    refused(
        Variant::new("broken", Liar),
        PartName::Detection,
        "found none",
    );
}

#[test]
fn panicking_gravity_refill_and_scoring_are_named() {
    struct Heavy;
    impl Gravity for Heavy {
        fn settle(&self, _: &mut Falls<'_>) {
            panic!("too heavy")
        }
    }
    let gravity = Variant::new("broken", LineRuns::new(3)).with_gravity(Heavy);
    refused(gravity, PartName::Gravity, "too heavy");

    struct Empty;
    impl Refill for Empty {
        type State = ();
        fn spawn(&self, _: &mut SpawnSite<'_>, _: &mut ()) -> Piece {
            panic!("out of pieces")
        }
    }
    let refill = Variant::new("broken", LineRuns::new(3)).with_refill(Empty);
    refused(refill, PartName::Refill, "out of pieces");

    let scoring = |_: &ScoredPhase<'_>| -> u64 { panic!("cannot count") };
    let scoring = Variant::new("broken", LineRuns::new(3)).with_scoring(scoring);
    refused(scoring, PartName::Scoring, "cannot count");
}

#[test]
fn a_gravity_parts_wrong_moves_are_refused_saying_which() {
    // A over an empty cell in column 0; B on top and C at the bottom of column 1.
    let mut board: Board = "AB/../.C".parse().unwrap();
    let before = board.clone();
    let mut sink = NoTrace;
    let mut falls = Falls::new(&mut board, &mut sink);
    let (a, b, c) = (Pos::new(0, 0), Pos::new(0, 1), Pos::new(2, 1));
    let (empty, off) = (Pos::new(1, 0), Pos::new(9, 0));
    let first = FallError::NothingFalls { from: empty };
    assert_eq!(falls.move_piece(empty, Pos::new(2, 0)), Err(first));
    assert_eq!(
        falls.move_piece(b, c),
        Err(FallError::NotEmpty { from: b, to: c })
    );
    let upwards = FallError::NotLower { from: c, to: empty };
    assert_eq!(falls.move_piece(c, empty), Err(upwards));
    assert_eq!(
        upwards.to_string(),
        format!("moved {c} to {empty}, which is not lower")
    );
    let Err(FallError::Off(e)) = falls.move_piece(a, off) else {
        panic!("a cell off the board is refused")
    };
    assert_eq!(e.pos, off);
    assert_eq!(falls.board(), &before, "a refused move changes nothing");
    // A good move is made; the site still answers with the first refusal.
    falls.move_piece(a, Pos::new(2, 0)).unwrap();
    assert_eq!(falls.finish(), Err(first));
    assert_eq!(board.to_string(), ".B/../AC");

    // In a game, the move ends with the gravity part's error and changes nothing.
    struct Upwards;
    impl Gravity for Upwards {
        fn settle(&self, falls: &mut Falls<'_>) {
            falls.fall_straight();
            let _ = falls.move_piece(Pos::new(3, 0), Pos::new(0, 0));
        }
    }
    let rules = Variant::new("broken", LineRuns::new(3)).with_gravity(Upwards);
    refused(rules, PartName::Gravity, "which is not lower");
}

#[test]
fn a_panic_while_a_game_is_set_up_is_a_setup_error() {
    // Generation (its detection panics on the first match the random board has).
    struct Panics;
    impl Detect for Panics {
        fn find_matches(&self, _: &Board) -> CellSet {
            panic!("no boards today")
        }
    }
    let err = Game::new(Variant::new("broken", Panics), GameConfig::new(3))
        .err()
        .expect("a broken part");
    match err {
        SetupError::Part(part) => {
            assert_eq!(
                (part.rules.as_str(), part.part),
                ("broken", PartName::Generation)
            );
            assert!(part.problem.contains("no boards today"), "{part}");
        }
        other => panic!("expected a part's error, got {other:?}"),
    }
    // A fixture's status check (legal swaps) runs the detection too.
    let fixture = Game::from_board(Variant::new("broken", Panics), BOARD.parse().unwrap(), 1);
    match fixture.err().expect("a broken part") {
        SetupError::Part(part) => assert_eq!(part.part, PartName::Detection),
        other => panic!("expected a part's error, got {other:?}"),
    }
}

/// A probe that may play on the bit planes alone (no special kinds, a blind refill)
/// checks a move without moving the cells: a detection that panics while a swap is tried
/// on them fails the move as the game does (not as a rejection), and spends the probe.
#[test]
fn a_detection_panicking_on_a_probes_first_check_spends_the_probe_as_a_game_fails() {
    /// Line runs, but a run on the bottom row panics; no answer of its own for swaps, so
    /// moves are checked by trying them on the board.
    struct BottomPanics;
    impl Detect for BottomPanics {
        fn find_matches(&self, board: &Board) -> CellSet {
            let found = LineRuns::new(3).find_matches(board);
            let bottom = board.rows() as u8 - 1;
            assert!(!found.iter().any(|p| p.row == bottom), "a bottom run");
            found
        }
    }
    let rules = Variant::new("broken", BottomPanics).with_refill(match3_core::refill::Uniform);
    // The status looks for a move from the top and stops at the top row's swap, so the
    // game starts without a panic.
    let board: Board = "AABA/CDCD/DCDC/BBEB".parse().expect("board");
    let game = Game::from_board(&rules, board, 1).expect("game");
    let before = game.snapshot();
    let swap = Move::Swap(Pos::new(3, 2), Pos::new(3, 3));
    let mut probe = game.probe();
    let on_probe = the_part_error(probe.play(swap).expect_err("panics"));
    let on_game = the_part_error(game.clone().play(swap).expect_err("panics"));
    assert_eq!(on_probe, on_game);
    assert_eq!(on_probe.part, PartName::Detection);
    let far = Move::Swap(Pos::new(0, 0), Pos::new(3, 3));
    assert_eq!(probe.play(far), Err(MoveError::Part(on_probe)), "spent");
    assert_eq!(game.snapshot(), before);
}
