//! The solver against brute force, on small boards of every rule set it takes.

use std::collections::HashMap;

use match3_clusters::Clusters;
use match3_core::{Board, Game, Move, NoTrace, Rules, Status};
use match3_finite::{Finite, Preset};
use match3_solver::{Bound, Limits, Objective, Solution, SolveError, solve, solve_bounded};
use match3_testkit::generators::{Features, boards};
use match3_testkit::obstacles::plant;
use proptest::prelude::*;

/// Every line of play, with no ordering and no bounds, remembering each board's answer
/// by its notation: the best further score and the fewest moves to clear (`None`: no
/// line clears).
fn brute<R: Rules>(game: &mut Game<R>) -> (u64, Option<usize>) {
    brute_in(game, &mut HashMap::new())
}

fn brute_in<R: Rules>(
    game: &mut Game<R>,
    seen: &mut HashMap<String, (u64, Option<usize>)>,
) -> (u64, Option<usize>) {
    if game.status() == Status::Cleared {
        return (0, Some(0));
    }
    let name = game.board().to_string();
    if let Some(&known) = seen.get(&name) {
        return known;
    }
    let here = game.snapshot();
    let (mut best, mut fewest) = (0, None::<usize>);
    for mv in game.legal_moves() {
        game.restore(&here);
        let turn = game.play_with(mv, &mut NoTrace).expect("legal moves play");
        let (score, clear) = brute_in(game, seen);
        best = best.max(turn.score + score);
        if let Some(n) = clear {
            fewest = Some(fewest.map_or(n + 1, |f| f.min(n + 1)));
        }
    }
    game.restore(&here);
    seen.insert(name, (best, fewest));
    (best, fewest)
}

/// Replays the solution's line and checks that it is legal and reaches what it claims.
fn replays<R: Rules>(mut game: Game<R>, solution: &Solution) -> Result<(), TestCaseError> {
    let start = game.score();
    for &mv in solution.moves.as_deref().unwrap_or_default() {
        game.play(mv)
            .map_err(|e| TestCaseError::fail(format!("{mv}: {e}")))?;
    }
    prop_assert_eq!(game.score() - start, solution.score);
    if solution.objective == Objective::Clear && solution.moves.is_some() {
        prop_assert_eq!(game.status(), Status::Cleared);
    }
    if solution.objective == Objective::Score {
        prop_assert_ne!(
            game.status(),
            Status::Playable,
            "a best line plays to the end"
        );
    }
    Ok(())
}

fn agrees<R: Rules + Clone>(rules: R, bound: Bound<'_>, board: Board) -> Result<(), TestCaseError> {
    let Ok(game) = Game::from_board(rules, board, 0) else {
        return Ok(());
    };
    let (best, fewest) = brute(&mut game.clone());
    let score = solve_bounded(&game, Objective::Score, Limits::default(), bound).unwrap();
    prop_assert!(score.optimal);
    prop_assert_eq!(score.score, best, "best score");
    replays(game.clone(), &score)?;
    let clear = solve_bounded(&game, Objective::Clear, Limits::default(), bound).unwrap();
    prop_assert!(clear.optimal);
    prop_assert_eq!(
        clear.moves.as_ref().map(Vec::len),
        fewest,
        "fewest moves to clear"
    );
    replays(game, &clear)?;
    Ok(())
}

/// Small boards (brute force is exponential), with planted runs and shapes, blockers,
/// settled empty cells and sometimes obstacles; half of them in two or three colours,
/// where long games, clears and transpositions are common.
fn small(rules: &dyn Rules) -> impl Strategy<Value = Board> + use<> {
    let features = |max_side, max_colors| Features {
        max_side,
        max_colors,
        ..Features::of(rules)
    };
    let obstacles = prop_oneof![
        3 => Just(Vec::new()),
        1 => proptest::collection::vec((0u8..6, 0u8..6, 0u8..7), 1..5),
    ];
    let boards = prop_oneof![
        boards(features(6, 4)),
        boards(features(5, 3)),
        boards(features(5, 2))
    ];
    (boards, obstacles).prop_map(|(mut board, cells)| {
        plant(&mut board, &cells);
        board
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn finite_solutions_match_brute_force(board in small(&Finite)) {
        agrees(Finite, &|b| Some(match3_finite::score_bound(b)), board)?;
    }

    #[test]
    fn cluster_tap_solutions_match_brute_force(board in small(&Clusters::tap())) {
        agrees(Clusters::tap(), &|_| None, board)?;
    }

    /// A budget that runs out still gives a real line, marked not optimal.
    #[test]
    fn a_spent_budget_gives_a_legal_line(board in small(&Finite), budget in 1u64..6) {
        let Ok(game) = Game::from_board(Finite, board, 0) else { return Ok(()) };
        for objective in [Objective::Score, Objective::Clear] {
            let found = solve(&game, objective, Limits { max_nodes: budget, ..Limits::default() }).unwrap();
            prop_assert!(found.nodes <= budget + 1);
            replays(game.clone(), &found)?;
        }
    }
}

#[test]
fn the_teaching_board_scores_fourteen_at_best_and_cannot_be_cleared() {
    let game = Preset::Teaching.game().unwrap();
    assert_eq!(brute(&mut game.clone()), (14, None));
    let best = solve(&game, Objective::Score, Limits::default()).unwrap();
    assert_eq!((best.score, best.optimal), (14, true));
    let clear = solve(&game, Objective::Clear, Limits::default()).unwrap();
    assert_eq!((clear.moves, clear.score, clear.optimal), (None, 0, true));
}

#[test]
fn a_board_that_clears_in_two_moves() {
    // Swap (2,2)-(2,3) makes BBB on row 2; the A column then falls into AAA... see below.
    let board: Board = "..../..../ABAB/BAAB".parse().unwrap();
    let game = Game::from_board(Finite, board.clone(), 0).unwrap();
    let (_, fewest) = brute(&mut game.clone());
    let found = solve(&game, Objective::Clear, Limits::default()).unwrap();
    assert_eq!(found.moves.as_ref().map(Vec::len), fewest);
}

#[test]
fn rules_that_draw_pieces_and_levels_are_refused() {
    let game = Game::new(match3_lines::Lines, match3_core::GameConfig::new(1)).unwrap();
    let err = solve(&game, Objective::Score, Limits::default()).unwrap_err();
    assert!(matches!(err, SolveError::DrawsPieces { .. }), "{err}");
    assert!(err.to_string().contains("lines rules refill"), "{err}");

    let drop = Game::new(Clusters::drop(), match3_core::GameConfig::new(1)).unwrap();
    let err = solve(&drop, Objective::Score, Limits::default()).unwrap_err();
    assert!(err.to_string().contains("drop random next pieces"), "{err}");

    let level = match3_core::Level {
        moves: Some(3),
        ..Default::default()
    };
    let game = Preset::Teaching.game().unwrap().with_level(level).unwrap();
    assert_eq!(
        solve(&game, Objective::Score, Limits::default()),
        Err(SolveError::Level)
    );
    let game = Preset::Teaching.game().unwrap();
    assert_eq!(
        solve(
            &game,
            Objective::Score,
            Limits {
                max_nodes: 0,
                ..Limits::default()
            }
        ),
        Err(SolveError::NoBudget)
    );
}

#[test]
fn the_search_is_deterministic() {
    let board: Board = "ABCAB/BCABC/ABCAA/CABBC/ABCAB".parse().unwrap();
    let run = || {
        let game = Game::from_board(Finite, board.clone(), 0).unwrap();
        solve(&game, Objective::Score, Limits::default()).unwrap()
    };
    assert_eq!(run(), run());
    let _: Option<Move> = None;
}

/// Bigger boards in three colours: long games where bounds cut and positions repeat.
fn medium() -> impl Strategy<Value = Board> {
    (4usize..=6, 4usize..=6).prop_flat_map(|(rows, cols)| {
        proptest::collection::vec(0u8..3, rows * cols).prop_map(move |cells| {
            let text: Vec<String> = cells
                .chunks(cols)
                .map(|row| row.iter().map(|&c| (b'A' + c) as char).collect())
                .collect();
            text.join("/").parse().expect("valid notation")
        })
    })
}

/// The finite rules scoring a phase's cleared cells squared, with the bound that goes
/// with it (the sum of squares is at most the square of the sum): here what a position is
/// worth depends on the line that reached it, so the table's bounds are re-searched under
/// new thresholds (with one point per cell, every line to a position has scored the same,
/// and that path of the search never runs).
fn squares() -> impl Rules + Clone {
    let squared = |phase: &match3_core::ScoredPhase<'_>| (phase.cleared.len() as u64).pow(2);
    Finite.variant().named("squares").with_scoring(squared)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn solutions_on_bigger_boards_match_brute_force(board in medium()) {
        agrees(Finite, &|b| Some(match3_finite::score_bound(b)), board.clone())?;
        agrees(squares(), &|b| Some(match3_finite::score_bound(b).pow(2)), board)?;
    }
}

/// The fewest moves that win, by trying every line up to the level's move limit, with no
/// table, ordering or bound.
fn brute_win<R: Rules>(game: &mut Game<R>) -> Option<usize> {
    if game.status() == Status::Won {
        return Some(0);
    }
    let here = game.snapshot();
    let mut fewest = None::<usize>;
    for mv in game.legal_moves() {
        game.restore(&here);
        game.play_with(mv, &mut NoTrace).expect("legal moves play");
        if let Some(n) = brute_win(game) {
            fewest = Some(fewest.map_or(n + 1, |f| f.min(n + 1)));
        }
    }
    game.restore(&here);
    fewest
}

/// A level on a small board: a move limit and one or two goals among score, collecting a
/// colour, and the jelly the board holds.
fn small_level(rules: &dyn Rules) -> impl Strategy<Value = (Board, match3_core::Level)> + use<> {
    use match3_core::{Color, Goal, Level};
    let goal = prop_oneof![
        (1u64..40).prop_map(|target| Goal::Score { target }),
        (0u8..3, 1u32..9).prop_map(|(c, count)| Goal::Collect {
            color: Color::new(c).unwrap(),
            count
        }),
        Just(Goal::Jelly),
    ];
    let goals = proptest::collection::vec(goal, 1..3);
    (small(rules), goals, 1u32..5).prop_map(|(board, goals, moves)| {
        let level = Level {
            moves: Some(moves),
            goals,
            ..Level::default()
        };
        (board, level)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// The win search finds the fewest moves brute force finds, or proves none wins, and
    /// its line wins when replayed. (Cluster scores grow with a group's size, so one board
    /// is reached with different scores: the position includes goal progress.)
    #[test]
    fn level_wins_match_brute_force((board, level) in small_level(&Finite)) {
        wins_agree(Finite, board, level)?;
    }

    #[test]
    fn cluster_tap_level_wins_match_brute_force((board, level) in small_level(&Clusters::tap())) {
        wins_agree(Clusters::tap(), board, level)?;
    }

    /// Chains score more, so one board is reached with different scores.
    #[test]
    fn chain_scored_level_wins_match_brute_force((board, level) in small_level(&chains())) {
        wins_agree(chains(), board, level)?;
    }
}

/// Runs of three, no refill, each phase scoring its cells times its chain number.
fn chains() -> impl Rules + Clone {
    use match3_core::detect::LineRuns;
    match3_core::Variant::new("chains", LineRuns::new(3))
        .with_scoring(match3_core::scoring::CellsTimesChain::default())
}

fn wins_agree<R: Rules + Clone>(
    rules: R,
    board: Board,
    level: match3_core::Level,
) -> Result<(), TestCaseError> {
    {
        let Ok(game) = Game::from_board(rules, board, 0) else {
            return Ok(());
        };
        let Ok(game) = game.with_level(level) else {
            return Ok(());
        };
        let found = solve(&game, Objective::Win, Limits::default()).unwrap();
        prop_assert!(found.optimal);
        let fewest = brute_win(&mut game.clone());
        prop_assert_eq!(found.moves.as_ref().map(Vec::len), fewest);
        if let Some(line) = &found.moves {
            let mut game = game.clone();
            for &mv in line {
                game.play(mv).unwrap();
            }
            prop_assert_eq!(game.status(), Status::Won);
        }
    }
    Ok(())
}

#[test]
fn a_level_without_goals_has_no_win_to_search_for() {
    let level = match3_core::Level {
        moves: Some(3),
        ..Default::default()
    };
    let game = Preset::Teaching.game().unwrap().with_level(level).unwrap();
    assert_eq!(
        solve(&game, Objective::Win, Limits::default()),
        Err(SolveError::NoGoals)
    );
}

#[test]
fn the_teaching_board_scores_eleven_in_three_moves_but_not_fourteen() {
    use match3_core::{Goal, Level};
    let level = |target| Level {
        moves: Some(3),
        goals: vec![Goal::Score { target }],
        ..Level::default()
    };
    let game = |target| {
        Preset::Teaching
            .game()
            .unwrap()
            .with_level(level(target))
            .unwrap()
    };
    let won = solve(&game(11), Objective::Win, Limits::default()).unwrap();
    assert_eq!(won.moves.map(|l| l.len()), Some(3));
    let lost = solve(&game(14), Objective::Win, Limits::default()).unwrap();
    assert!(lost.optimal);
    assert_eq!(lost.moves, None);
}

/// The best winning score and the best score of any line, by trying every line to the
/// level's end, with no table, ordering or bound.
fn brute_level_score<R: Rules>(game: &mut Game<R>) -> (Option<u64>, u64) {
    if game.status() == Status::Won {
        return (Some(game.score()), game.score());
    }
    let here = game.snapshot();
    let (mut best_win, mut best) = (None::<u64>, game.score());
    for mv in game.legal_moves() {
        game.restore(&here);
        if game.play_with(mv, &mut NoTrace).is_err() {
            continue;
        }
        let (win, any) = brute_level_score(game);
        best_win = best_win.max(win);
        best = best.max(any);
    }
    game.restore(&here);
    (best_win, best)
}

fn level_scores_agree<R: Rules + Clone>(
    rules: R,
    bound: Bound<'_>,
    board: Board,
    level: match3_core::Level,
) -> Result<(), TestCaseError> {
    let Ok(game) = Game::from_board(rules, board, 0) else {
        return Ok(());
    };
    let Ok(game) = game.with_level(level) else {
        return Ok(());
    };
    let found = solve_bounded(&game, Objective::LevelScore, Limits::default(), bound).unwrap();
    prop_assert!(found.optimal);
    let (best_win, best) = brute_level_score(&mut game.clone());
    let mut end = game.clone();
    for &mv in found.moves.as_deref().unwrap() {
        end.play(mv).unwrap();
    }
    prop_assert_eq!(end.score(), found.score);
    match best_win {
        Some(win) => {
            prop_assert_eq!(end.status(), Status::Won);
            prop_assert_eq!(found.score, win);
        }
        None => {
            prop_assert_ne!(end.status(), Status::Won);
            prop_assert_eq!(found.score, best);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// The level score is the best winning line's when the level can be won, otherwise
    /// the best any line reaches within the limit: what brute force finds.
    #[test]
    fn level_scores_match_brute_force((board, level) in small_level(&Finite)) {
        level_scores_agree(Finite, &|b| Some(match3_finite::score_bound(b)), board, level)?;
    }

    #[test]
    fn cluster_tap_level_scores_match_brute_force((board, level) in small_level(&Clusters::tap())) {
        level_scores_agree(Clusters::tap(), &|_| None, board, level)?;
    }

    #[test]
    fn chain_scored_level_scores_match_brute_force((board, level) in small_level(&chains())) {
        level_scores_agree(chains(), &|_| None, board, level)?;
    }

    /// A budget that runs out still gives a real line, marked not optimal.
    #[test]
    fn a_spent_level_score_budget_gives_a_legal_line((board, level) in small_level(&Finite), budget in 1u64..6) {
        let Ok(game) = Game::from_board(Finite, board, 0) else { return Ok(()) };
        let Ok(game) = game.with_level(level) else { return Ok(()) };
        let found = solve(&game, Objective::LevelScore, Limits { max_nodes: budget, ..Limits::default() }).unwrap();
        replays(game.clone(), &found)?;
    }
}

#[test]
fn an_unwinnable_deal_reports_the_best_score_it_allows() {
    use match3_core::{Goal, Level};
    // Three moves cannot score 14 on the teaching board, but they can score 11.
    let level = Level {
        moves: Some(3),
        goals: vec![Goal::Score { target: 14 }],
        ..Level::default()
    };
    let game = Preset::Teaching.game().unwrap().with_level(level).unwrap();
    let found = solve(&game, Objective::LevelScore, Limits::default()).unwrap();
    assert_eq!((found.score, found.optimal), (11, true));
    let win = solve(&game, Objective::Win, Limits::default()).unwrap();
    assert_eq!(
        (win.moves, win.score),
        (None, 0),
        "the win search has no line to score"
    );
    // Four moves can: the best winning line scores 14.
    let level = Level {
        moves: Some(4),
        goals: vec![Goal::Score { target: 9 }],
        ..Level::default()
    };
    let game = Preset::Teaching.game().unwrap().with_level(level).unwrap();
    let found = solve(&game, Objective::LevelScore, Limits::default()).unwrap();
    assert!(found.optimal);
    let win = solve(&game, Objective::Win, Limits::default()).unwrap();
    assert!(found.score >= win.score, "{} < {}", found.score, win.score);
    assert_eq!(brute_level_score(&mut game.clone()).0, Some(found.score));
}
