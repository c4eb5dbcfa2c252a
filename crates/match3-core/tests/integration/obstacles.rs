//! Obstacles, worked example by worked example: jelly under pieces, locked pieces and
//! crates, in notation, in a phase, under gravity, in the trace and its replay, and as
//! level goals.

use match3_core::specials::{Blast, Kinds};
use match3_core::{
    Board, Cell, CellSet, Game, GameRng, Goal, Layers, Layout, Level, Move, MoveError,
    NotationError, ObstacleEvent, Rules, SetupError, SpecialKind, Status, Trace,
};

use match3_core::detect::LineRuns;
use match3_core::generate::Stable;
use match3_core::moveset::Swaps;
use match3_core::refill::NoRefill;
use match3_core::scoring::OnePerCell;
use match3_core::{Specials, Variant};

use crate::common::{Refilling, p};
use crate::rules_type;

/// The default markers' kinds; any of them clears its whole row when it fires.
#[derive(Clone, Copy, Debug)]
pub struct RowBlasts;
/// The line rules' markers, every one of them clearing its row here.
const MARKERS: [SpecialKind; 4] = [
    SpecialKind::colored('-', "striped (row)"),
    SpecialKind::colored('|', "striped (column)"),
    SpecialKind::colored('+', "wrapped"),
    SpecialKind::colorless('*', "colour bomb"),
];

impl Specials for RowBlasts {
    const KINDS: &'static Kinds = &Kinds::of(&MARKERS);
    fn blast(&self, site: &mut Blast<'_>) -> CellSet {
        let mut row = CellSet::new();
        for c in 0..site.board().cols() {
            row.insert(p(site.pos().row, c as u8));
        }
        row
    }
}

rules_type!(
    /// Runs of three, no refill; `A-` is a special that clears its whole row when it fires.
    Threes: Variant<LineRuns, RowBlasts> = Variant::assemble(
        "threes",
        LineRuns::new(3),
        RowBlasts,
        NoRefill,
        OnePerCell,
        Swaps,
        Stable,
    )
);

fn game(text: &str) -> Game<Threes> {
    Game::from_board(Threes, Threes.parse_board(text).unwrap(), 1).unwrap()
}

/// Plays `mv` and checks that the trace replays onto the board the game ended with.
fn play(game: &mut Game<Threes>, mv: Move) -> Trace {
    let before = game.board().clone();
    let trace = game.play(mv).unwrap();
    assert_eq!(&trace.replay(&before).unwrap(), game.board());
    trace
}

fn events(trace: &Trace) -> Vec<String> {
    (trace.phases.iter())
        .flat_map(|p| &p.obstacles)
        .map(ToString::to_string)
        .collect()
}

#[test]
fn notation_reads_and_prints_every_obstacle_in_canonical_order() {
    let text = "A@~~B|@~%3/%2%C~/#~?@~D";
    let layout = Layout::parse(text, &MARKERS).unwrap();
    assert_eq!(layout.to_string(), text);
    let board = &layout.board;
    assert_eq!(
        board.layers(p(0, 0)),
        Layers {
            jelly: 2,
            locked: true
        }
    );
    assert_eq!(board.at(p(0, 2)), Cell::Crate(3));
    assert_eq!(board.at(p(1, 0)), Cell::Crate(2));
    assert_eq!(board.at(p(1, 1)), Cell::Crate(1));
    assert_eq!(board.layers(p(1, 2)).jelly, 1);
    assert!(layout.random.contains(p(2, 1)));
    assert!(board.layers(p(2, 1)).locked);
    assert_eq!(board.jelly_left(), 6);
    assert_eq!(board.crates_left(), 3);
    // Modifiers in the other order, and `%1`, read the same and print canonically.
    let board: Board = "A~@%1".parse().unwrap();
    assert_eq!(board.to_string(), "A@~%");
    // Crates have no id; the pieces are numbered past them.
    assert_eq!(board.id(p(0, 1)), None);
}

#[test]
fn misplaced_obstacles_are_errors_naming_the_cell() {
    let err = |s: &str| Layout::parse(s, &MARKERS).unwrap_err();
    let problem = |s: &str| match err(s) {
        NotationError::Obstacle { row, col, problem } => (row, col, problem),
        other => panic!("{s}: {other}"),
    };
    assert_eq!(
        problem("AB/C.@"),
        (1, 1, "a lock (@) needs a piece under it")
    );
    assert_eq!(problem("A#@"), (0, 1, "a lock (@) needs a piece under it"));
    assert_eq!(problem("A%@"), (0, 1, "a lock (@) needs a piece under it"));
    assert_eq!(problem("AB_~"), (0, 2, "a hole (_) holds no jelly (~)"));
    assert_eq!(
        problem("A~~~"),
        (0, 0, "a cell has at most two jelly layers (~~)")
    );
    assert_eq!(problem("A@@"), (0, 0, "a cell has one lock (@)"));
    assert_eq!(
        problem("AB/%4"),
        (1, 0, "crate health is 1, 2 or 3 (%, %2, %3)")
    );
    assert_eq!(
        problem("@A"),
        (0, 0, "a lock (@) or jelly (~) follows the cell it is on")
    );
    assert_eq!(
        err("AB/C.@").to_string(),
        "row 1, col 1: a lock (@) needs a piece under it"
    );
}

#[test]
fn a_cleared_piece_takes_one_jelly_layer() {
    // Swapping (0,2) and (1,2) makes AAA on row 0; (0,0) has two layers, (0,1) one.
    let mut g = game("A~~A~BC/DEAF");
    let trace = play(&mut g, Move::Swap(p(0, 2), p(1, 2)));
    assert_eq!(events(&trace), ["jelly (0,0) left 1", "jelly (0,1) left 0"]);
    assert_eq!(g.board().to_string(), ".~..C/DEBF");
    assert_eq!(g.board().jelly_left(), 1);
    assert_eq!(g.state().cleared().jelly, 2);
}

#[test]
fn a_locked_piece_matches_but_only_loses_its_lock() {
    let mut g = game("A@ABC/CDAE");
    // The locked piece cannot be swapped, and no listed move swaps it.
    assert_eq!(
        g.play(Move::Swap(p(0, 0), p(1, 0))).unwrap_err(),
        MoveError::Locked { pos: p(0, 0) }
    );
    assert!(g.legal_moves().iter().all(|m| match m {
        Move::Swap(a, b) => *a != p(0, 0) && *b != p(0, 0),
        _ => true,
    }));
    let id = g.board().id(p(0, 0));
    let trace = play(&mut g, Move::Swap(p(0, 2), p(1, 2)));
    assert_eq!(events(&trace), ["unlock #0 at (0,0)"]);
    // The piece stays, unlocked, with its id; the other two are cleared.
    assert_eq!(trace.phases[0].cleared, [p(0, 1), p(0, 2)]);
    assert_eq!(g.board().to_string(), "A..C/CDBE");
    assert_eq!(g.board().id(p(0, 0)), id);
    assert_eq!(g.score(), 2);
}

#[test]
fn a_locked_special_does_not_fire() {
    let mut g = game("BA-@AC/DEFA/GHIJ");
    let trace = play(&mut g, Move::Swap(p(0, 3), p(1, 3)));
    assert!(trace.phases[0].fired.is_empty());
    assert_eq!(events(&trace), ["unlock #1 at (0,1)"]);
    assert_eq!(g.board().to_string(), "BA-../DEFC/GHIJ");
}

#[test]
fn pieces_rest_on_a_locked_piece_and_fall_into_a_destroyed_crate() {
    // Column 0: B above a locked C; column 1: D above a crate; the row-2 run clears.
    let mut g = game("BDE/C@%F/AAG/HIA");
    let trace = play(&mut g, Move::Swap(p(3, 2), p(2, 2)));
    // The lock is not in the run: it holds, and B and C stay put above the emptied
    // (2,0). The crate next to the run is destroyed and D falls through its cell.
    assert_eq!(events(&trace), ["crate (1,1) destroyed"]);
    let falls: Vec<String> = (trace.phases[0].falls.iter())
        .map(|f| format!("#{} {}->{}", f.id, f.from, f.to))
        .collect();
    assert_eq!(
        falls,
        ["#1 (0,1)->(2,1)", "#4 (1,2)->(2,2)", "#2 (0,2)->(1,2)"]
    );
    assert_eq!(g.board().to_string(), "B../C@.E/.DF/HIG");
    assert!(g.board().is_settled());
    assert_eq!(g.state().cleared().crates, 1);
}

#[test]
fn crates_take_one_hit_per_phase_from_a_match_next_to_them() {
    // The run on row 1 is next to both crates above it; each loses one health once,
    // although two run cells touch the %2.
    let mut g = game("%2%3BH/AACD/EFAG");
    let trace = play(&mut g, Move::Swap(p(1, 2), p(2, 2)));
    assert_eq!(
        events(&trace),
        ["crate (0,0) health 1", "crate (0,1) health 2"]
    );
    assert_eq!(g.board().to_string(), "%%2.H/..BD/EFCG");
    let event = trace.phases[0].obstacles[0];
    assert_eq!(
        event,
        ObstacleEvent::Crate {
            pos: p(0, 0),
            health: 1
        }
    );
    assert_eq!(
        serde_json::to_string(&event).unwrap(),
        r#"{"kind":"crate","pos":{"row":0,"col":0},"health":1}"#
    );
    assert_eq!(g.state().cleared().crate_hits, 2);
    assert_eq!(g.state().cleared().crates, 0);
}

#[test]
fn a_blast_covers_a_crate_and_its_cells_hit_no_neighbour() {
    // The column run fires A-, which clears row 0 and destroys the crate it covers. The
    // %2 next to the run loses one health; the crate at (1,3), next to a blasted cell
    // only, keeps its health.
    let mut g = game("A-C%D/A%2E%/BAGH");
    let trace = play(&mut g, Move::Swap(p(2, 0), p(2, 1)));
    assert_eq!(trace.phases[0].fired.len(), 1);
    assert_eq!(
        events(&trace),
        ["crate (0,2) destroyed", "crate (1,1) health 1"]
    );
    assert_eq!(g.board().to_string(), "..../.%E%/.BGH");
    assert_eq!(g.score(), 5);
}

#[test]
fn jelly_goal_is_won_when_the_last_layer_goes() {
    let level = Level {
        moves: Some(3),
        goals: vec![Goal::Jelly],
        ..Level::default()
    };
    let mut g = game("A~~A~BC/DEAF/GHIJ").with_level(level).unwrap();
    assert_eq!(g.goals()[0].needed, 3);
    g.play(Move::Swap(p(0, 2), p(1, 2))).unwrap();
    assert_eq!(g.goals()[0].progress, 2);
    assert!(!g.goals()[0].done);
    assert_ne!(g.status(), Status::Won);
    let mut g = game("A~A~BC/DEAF/GHIJ")
        .with_level(Level {
            goals: vec![Goal::Jelly],
            ..Level::default()
        })
        .unwrap();
    g.play(Move::Swap(p(0, 2), p(1, 2))).unwrap();
    assert_eq!(g.status(), Status::Won);
    assert!(g.goals()[0].done);
    // A level asking for jelly on a board without any is refused.
    let err = game("AABC/BCAB")
        .with_level(Level {
            goals: vec![Goal::Crates],
            ..Level::default()
        })
        .unwrap_err();
    assert_eq!(err, SetupError::NothingToClear { kind: "crates" });
}

#[test]
fn refills_fill_the_cells_under_a_lock() {
    let board: Board = "BCDE/CD@EB/AABA/DEAC".parse().unwrap();
    let mut g = Game::from_board(Refilling, board, 3).unwrap();
    let before = g.board().clone();
    let locked_id = g.board().id(p(1, 1));
    let trace = g.play(Move::Swap(p(2, 2), p(3, 2))).unwrap();
    assert_eq!(trace.replay(&before).unwrap(), *g.board());
    assert_eq!(trace.phases[0].cleared.len(), 4);
    // The locked piece did not move; the cell under it was refilled, not fallen into.
    assert!(g.board().layers(p(1, 1)).locked);
    assert_eq!(g.board().id(p(1, 1)), locked_id);
    assert!(trace.phases[0].falls.iter().all(|f| f.from.col != 1));
    assert!(trace.phases[0].spawns.iter().any(|s| s.pos == p(2, 1)));
    assert!(
        g.board().iter().all(|(_, c)| !c.is_empty()),
        "{}",
        g.board()
    );
    assert!(g.board().is_settled());
}

#[test]
fn boards_with_layers_round_trip_through_json_and_compare_by_layers() {
    let board: Board = "A@~~B%2/.~_C~".parse().unwrap();
    let json = serde_json::to_string(&board).unwrap();
    assert!(json.contains("A@~~"), "{json}");
    let back: Board = serde_json::from_str(&json).unwrap();
    assert_eq!(back, board);
    let plain: Board = "AB%2/._C".parse().unwrap();
    assert_ne!(plain, board);
    assert!(plain.same_cells(&board));
}

/// The move list of a board with locks is the list of the same board unlocked, less the
/// swaps that move a locked piece (locks change what may move, not what matches): on
/// boards the game keeps its legal swaps packed for (8 × 8 and smaller) and on bigger
/// ones.
#[test]
fn a_move_list_with_locks_is_the_unlocked_list_less_the_locked_swaps() {
    let mut rng = GameRng::new(0x9e37_79b9);
    let mut next = move |n: u32| rng.below(n);
    let mut locked_boards = 0;
    for (rows, cols) in [(8, 8), (6, 7), (3, 8), (8, 5), (9, 9)] {
        for _ in 0..40 {
            let (mut text, mut locks) = (String::new(), Vec::new());
            for r in 0..rows {
                if r > 0 {
                    text.push('/');
                }
                for c in 0..cols {
                    text.push(char::from(b'A' + next(4) as u8));
                    if next(4) == 0 {
                        text.push('@');
                        locks.push(p(r, c));
                    }
                }
            }
            let (Ok(board), Ok(plain)) = (
                Threes.parse_board(&text),
                Threes.parse_board(&text.replace('@', "")),
            ) else {
                continue;
            };
            let (Ok(g), Ok(unlocked)) = (
                Game::from_board(Threes, board, 1),
                Game::from_board(Threes, plain, 1),
            ) else {
                continue;
            };
            locked_boards += usize::from(!locks.is_empty());
            let moves_locked = |m: &Move| match m {
                Move::Swap(a, b) => locks.contains(a) || locks.contains(b),
                _ => false,
            };
            let want: Vec<Move> = (unlocked.legal_moves().into_iter())
                .filter(|m| !moves_locked(m))
                .collect();
            assert_eq!(g.legal_moves(), want, "{text}");
        }
    }
    assert!(
        locked_boards > 100,
        "only {locked_boards} boards with locks"
    );
}
