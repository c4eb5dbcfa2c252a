//! Engine paths no shipped variant exercises alone: refill cascades and the phase limit,
//! drops, taps, special chain reactions and combos, all through tiny test rules.

use match3_core::detect::{DetectFn, LineRuns};
use match3_core::generate::Stable;
use match3_core::moveset::{self, Swaps};
use match3_core::refill::{NoRefill, Uniform};
use match3_core::scoring::{CellsTimesChain, OnePerCell};
use match3_core::specials::{Blast, Combo, Create, Kinds, NoSpecials};
use match3_core::{
    Board, CALM_REFILL_AFTER, Cell, CellSet, Color, Combos, Detect, Game, GameConfig, GameRng,
    Goal, Horizon, Level, Move, MoveError, MoveKind, MoveSet, NoTrace, PHASE_LIMIT, Pos, Rules,
    SetupError, Size, SpecialKind, Specials, Status, Variant, runs,
};
use std::num::NonZeroU32;

fn p(r: u8, c: u8) -> Pos {
    Pos::new(r, c)
}

/// Runs of three (detection only) with random refill, cells × chain points.
#[derive(Clone, Copy, Debug)]
struct Refilling;
type RefillingVariant = Variant<DetectFn, NoSpecials, Uniform, CellsTimesChain>;
const REFILLING: RefillingVariant = Variant::assemble(
    "refilling",
    threes,
    NoSpecials,
    Uniform,
    CellsTimesChain::new(1),
    Swaps,
    Stable,
);
impl std::ops::Deref for Refilling {
    type Target = RefillingVariant;
    fn deref(&self) -> &RefillingVariant {
        &REFILLING
    }
}

fn threes(board: &Board) -> CellSet {
    runs::find_runs(board, 3).all()
}

#[test]
fn one_colour_palette_is_rejected_for_refilling_rules() {
    let board: Board = "AAA/AAA".parse().unwrap();
    let err = Game::from_board_with_colors(Refilling, board.clone(), 1, 1).unwrap_err();
    assert!(matches!(err, SetupError::Colors { min: 2, .. }), "{err}");
    let config = GameConfig {
        colors: 1,
        ..GameConfig::new(1)
    };
    assert!(Game::new(Refilling, config).is_err());
}

/// Runs of two with random refill: with two colours nearly every random refill matches.
#[derive(Clone, Debug)]
struct Pairs;
impl std::ops::Deref for Pairs {
    type Target = Variant<DetectFn, NoSpecials, Uniform>;
    fn deref(&self) -> &Self::Target {
        const PAIRS: Variant<DetectFn, NoSpecials, Uniform> = Variant::assemble(
            "pairs",
            |board| runs::find_runs(board, 2).all(),
            NoSpecials,
            Uniform,
            OnePerCell,
            Swaps,
            Stable,
        );
        &PAIRS
    }
}

#[test]
fn two_colour_cascades_settle_through_calm_refills() {
    // Two colours, runs of two: a random refill almost always matches again, so these
    // cascades only end because refills turn calm after CALM_REFILL_AFTER phases.
    let mut longest = 0;
    for seed in 0..40 {
        let board: Board = "AAABAB/BABABA/ABABAB/BABABA/ABABAB/BABABA".parse().unwrap();
        let mut game = Game::from_board_with_colors(Pairs, board, seed, 2).unwrap();
        let start = game.board().clone();
        let trace = game
            .resolve()
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(trace.replay(&start).unwrap(), *game.board());
        assert!(Pairs.find_matches(game.board()).is_empty());
        longest = longest.max(trace.phases.len() as u32);
        // Phases from the calm one on never refill while gravity left a match.
        for phase in trace.phases.iter().skip(CALM_REFILL_AFTER as usize - 1) {
            let mut before_refill = phase.board.clone();
            for spawn in &phase.spawns {
                before_refill.set(spawn.pos, Cell::Empty, 0).unwrap();
            }
            let matched = Pairs.find_matches(&before_refill);
            assert!(phase.spawns.is_empty() || matched.is_empty());
        }
    }
    assert!(
        longest > CALM_REFILL_AFTER,
        "the test must reach calm refills: {longest}"
    );
    assert!(longest < PHASE_LIMIT);
}

/// Rules whose cell predicate disagrees with detection (everything always matches, but
/// no cell says so): the calm refill is fooled, and the phase limit must catch it.
struct Inconsistent;
/// Every piece matches, but its "in a match" answer says no: the calm refill, which asks
/// that answer, keeps refilling into matches.
struct EveryPiece;
impl Detect for EveryPiece {
    fn find_matches(&self, board: &Board) -> CellSet {
        board.pieces().map(|(pos, _, _)| pos).collect()
    }
    fn in_match(&self, _: &Board, _: Pos) -> Option<bool> {
        Some(false)
    }
}
impl std::ops::Deref for Inconsistent {
    type Target = Variant<EveryPiece, NoSpecials, Uniform>;
    fn deref(&self) -> &Self::Target {
        const INCONSISTENT: Variant<EveryPiece, NoSpecials, Uniform> = Variant::assemble(
            "inconsistent",
            EveryPiece,
            NoSpecials,
            Uniform,
            OnePerCell,
            Swaps,
            Stable,
        );
        &INCONSISTENT
    }
}

#[test]
fn a_runaway_cascade_is_an_error_and_changes_nothing() {
    let mut game = Game::from_board(Inconsistent, "AB/BA".parse().unwrap(), 1).unwrap();
    let before = game.snapshot();
    let err = game.resolve().unwrap_err();
    assert!(matches!(err, MoveError::Runaway { .. }), "{err}");
    assert_eq!(game.snapshot(), before);
    // A move's runaway puts the copy kept in a spare back just the same.
    let mut spare = Game::from_board(Refilling, "ABAB/BABA/AAAB".parse().unwrap(), 3)
        .unwrap()
        .snapshot();
    let swap = Move::Swap(p(0, 0), p(0, 1));
    let err = (game.play_with_spare(swap, &mut NoTrace, &mut spare)).unwrap_err();
    assert!(matches!(err, MoveError::Runaway { .. }), "{err}");
    assert_eq!(game.snapshot(), before);
}

#[test]
fn a_spare_shared_by_games_plays_as_each_games_own_copy() {
    // Two games of different sizes take turns with one spare; twins play the same moves
    // with their own copies: the same traces, errors and states, move after move.
    let boards = ["ABAB/BABA/AAAB", "ABCAB/BCABC/CABCA/AABCC"];
    let start = |i: usize| {
        let board: Board = boards[i].parse().unwrap();
        Game::from_board_with_colors(Refilling, board, i as u64, 3).unwrap()
    };
    let (mut games, mut twins) = ([start(0), start(1)], [start(0), start(1)]);
    let mut spare = games[1].snapshot();
    let mut draw = GameRng::new(9);
    let mut played = 0;
    for turn in 0..400 {
        let i = turn % 2;
        let moves = twins[i].legal_moves();
        if moves.is_empty() {
            continue;
        }
        let mv = moves[draw.below(moves.len() as u32) as usize];
        let mut trace = match3_core::Trace::default();
        let spared = (games[i].play_with_spare(mv, &mut trace, &mut spare)).map(|_| trace);
        assert_eq!(spared, twins[i].play(mv), "turn {turn}");
        assert_eq!(games[i].state(), twins[i].state(), "turn {turn}");
        played += 1;
    }
    assert!(played > 100, "the games must keep playing: {played} moves");
}

#[test]
fn refill_spawns_new_ids_from_the_seed() {
    let board: Board = "ABAB/BABA/AAAB".parse().unwrap();
    let run = |seed| {
        let mut game = Game::from_board_with_colors(Refilling, board.clone(), seed, 4).unwrap();
        let trace = game.resolve().unwrap();
        (trace, game.snapshot())
    };
    let (trace, snap) = run(5);
    assert_eq!(
        run(5),
        (trace.clone(), snap.clone()),
        "same seed, same turn"
    );
    let spawns: Vec<u32> = trace
        .phases
        .iter()
        .flat_map(|ph| ph.spawns.iter().map(|s| s.id))
        .collect();
    assert_eq!(spawns[0], 12, "new ids follow the 12 initial pieces");
    assert!(spawns.windows(2).all(|w| w[1] == w[0] + 1));
    assert_eq!(snap.board().piece_count(), 12, "refill fills every hole");
    assert_eq!(trace.phases[0].score, 3);
}

/// Drop mode: runs of three, no refill.
#[derive(Clone, Debug)]
struct Drops;
impl std::ops::Deref for Drops {
    type Target = Variant<LineRuns, NoSpecials, NoRefill, OnePerCell, moveset::Drops>;
    fn deref(&self) -> &Self::Target {
        const DROPS: Variant<LineRuns, NoSpecials, NoRefill, OnePerCell, moveset::Drops> =
            Variant::assemble(
                "drops",
                LineRuns::new(3),
                NoSpecials,
                NoRefill,
                OnePerCell,
                moveset::Drops,
                Stable,
            );
        &DROPS
    }
}

#[test]
fn drops_land_on_the_lowest_empty_cell_and_full_columns_refuse() {
    let mut game =
        Game::from_board_with_colors(Drops, ".../.../B.A".parse().unwrap(), 3, 3).unwrap();
    let next = game.next_piece().expect("drop games show a next piece");
    let trace = game.play(Move::Drop(0)).unwrap();
    assert_eq!(game.board().at(p(1, 0)), match3_core::Cell::Piece(next));
    assert_eq!(game.board().id(p(1, 0)), Some(2));
    assert!(
        matches!(trace.opening, Some(match3_core::Opening::Drop { id: 2, to, .. }) if to == p(1, 0))
    );
    game.play(Move::Drop(0)).unwrap();
    assert_eq!(game.moves(), 2);
    let full = game.snapshot();
    if game.board().at(p(0, 0)).is_occupied() {
        assert_eq!(
            game.play(Move::Drop(0)),
            Err(MoveError::ColumnFull { col: 0 })
        );
        assert_eq!(game.snapshot(), full);
    }
    assert!(matches!(
        game.play(Move::Drop(3)),
        Err(MoveError::ColumnOffBoard { col: 3, .. })
    ));
    assert!(matches!(
        game.play(Move::Swap(p(2, 0), p(2, 1))),
        Err(MoveError::NotAccepted { .. })
    ));
    assert_eq!(game.snapshot(), full);
}

#[test]
fn a_drop_that_completes_a_run_clears_it() {
    let mut game = Game::from_board_with_colors(Drops, "..../A.AA".parse().unwrap(), 0, 1).unwrap();
    // One colour: the next piece is A, and it completes A A A A on the bottom row.
    let trace = game.play(Move::Drop(1)).unwrap();
    assert_eq!(
        trace.phases[0].cleared,
        [p(1, 0), p(1, 1), p(1, 2), p(1, 3)]
    );
    assert_eq!(game.board().to_string(), "..../....");
    assert_eq!(
        game.status(),
        Status::Playable,
        "an empty drop board still takes drops"
    );
}

/// Tap mode: a tap clears the tapped piece's whole row of equal colour; nothing matches by
/// itself.
#[derive(Clone, Debug)]
struct Taps;
/// Taps clear the tapped piece's colour along its row, when it holds two or more.
#[derive(Clone, Copy)]
struct RowTaps;
impl MoveSet for RowTaps {
    fn accepts(&self, kind: MoveKind) -> bool {
        kind == MoveKind::Tap
    }
    fn tap(&self, board: &Board, pos: Pos) -> Option<CellSet> {
        let color = board.color_at(pos)?;
        let row: CellSet = (0..board.cols() as u8)
            .map(|c| p(pos.row, c))
            .filter(|&q| board.color_at(q) == Some(color))
            .collect();
        (row.len() >= 2).then_some(row)
    }
}
impl std::ops::Deref for Taps {
    type Target = Variant<DetectFn, NoSpecials, NoRefill, OnePerCell, RowTaps>;
    fn deref(&self) -> &Self::Target {
        const TAPS: Variant<DetectFn, NoSpecials, NoRefill, OnePerCell, RowTaps> =
            Variant::assemble(
                "taps",
                |_| CellSet::new(),
                NoSpecials,
                NoRefill,
                OnePerCell,
                RowTaps,
                Stable,
            );
        &TAPS
    }
}

#[test]
fn taps_clear_what_the_rules_say_and_refuse_otherwise() {
    let mut game = Game::from_board(Taps, "ABC/ABA".parse().unwrap(), 0).unwrap();
    assert_eq!(game.legal_moves(), [Move::Tap(p(1, 0)), Move::Tap(p(1, 2))]);
    let before = game.snapshot();
    assert_eq!(
        game.play(Move::Tap(p(0, 0))),
        Err(MoveError::NothingToTap { pos: p(0, 0) })
    );
    assert_eq!(
        game.play(Move::Tap(p(5, 0))).unwrap_err().to_string(),
        "position (5,0) is off the 2x3 board"
    );
    assert_eq!(game.snapshot(), before);
    let trace = game.play(Move::Tap(p(1, 2))).unwrap();
    assert_eq!(trace.phases[0].cleared, [p(1, 0), p(1, 2)]);
    assert_eq!(game.board().to_string(), ".B./ABC");
    assert_eq!(game.status(), Status::NoMoves);
}

/// Specials: row and column stripes clear their line, the wrapped piece its 3×3; any two
/// specials swapped make a combo that clears both rows.
#[derive(Clone, Debug)]
struct Blasts;
const ROW: SpecialKind = SpecialKind::colored('-', "row").combining(Combos::WithSpecials);
const COL: SpecialKind = SpecialKind::colored('|', "column").combining(Combos::WithSpecials);
const WRAP: SpecialKind = SpecialKind::colored('+', "3x3").combining(Combos::WithSpecials);
/// Striped-like and wrapped-like specials; any two specials swapped are a combo.
#[derive(Clone, Copy)]
struct BlastSpecials;
impl Specials for BlastSpecials {
    const KINDS: &'static Kinds = &Kinds::of(&[ROW, COL, WRAP]);
    fn blast(&self, site: &mut Blast<'_>) -> CellSet {
        let (size, at) = (site.board().size(), site.pos());
        match site.piece().special() {
            Some(s) if s == ROW.special => (0..size.cols() as u8).map(|c| p(at.row, c)).collect(),
            Some(s) if s == COL.special => (0..size.rows() as u8).map(|r| p(r, at.col)).collect(),
            Some(s) if s == WRAP.special => size
                .positions()
                .filter(|q| q.row.abs_diff(at.row) <= 1 && q.col.abs_diff(at.col) <= 1)
                .collect(),
            _ => CellSet::new(),
        }
    }
    fn combo(&self, site: &Combo<'_>) -> Option<CellSet> {
        let (from, to) = (site.from(), site.to());
        Some(
            (0..site.board().cols() as u8)
                .flat_map(|c| [p(from.row, c), p(to.row, c)])
                .collect(),
        )
    }
    fn create(&self, site: &mut Create<'_>) {
        let matched = site.matches().cells();
        if matched.len() >= 4 {
            let at =
                (site.moved().first().copied()).unwrap_or_else(|| matched.iter().next().unwrap());
            site.push(at, WRAP.piece(Color::new(0).unwrap()));
        }
    }
}

impl std::ops::Deref for Blasts {
    type Target = Variant<LineRuns, BlastSpecials>;
    fn deref(&self) -> &Self::Target {
        const BLASTS: Variant<LineRuns, BlastSpecials> = Variant::assemble(
            "blasts",
            LineRuns::new(3),
            BlastSpecials,
            NoRefill,
            OnePerCell,
            Swaps,
            Stable,
        );
        &BLASTS
    }
}

#[test]
fn specials_caught_in_a_blast_fire_once_each_and_spare_blockers() {
    // Row 2's A A A- fires the row-striped A-, whose row blast catches the column-striped
    // C|, whose column blast reaches the wrapped D+ at the top, whose 3×3 holds a blocker.
    let board = Blasts.parse_board("EFGD+/FE#E/AAA-C|/GEFE").unwrap();
    let mut game = Game::from_board(Blasts, board.clone(), 0).unwrap();
    let trace = game.resolve().unwrap();
    let phase = &trace.phases[0];
    let fired: Vec<Pos> = phase.fired.iter().map(|f| f.fire.pos).collect();
    assert_eq!(fired, [p(2, 2), p(2, 3), p(0, 3)], "{trace}");
    let want = [
        p(0, 2),
        p(0, 3),
        p(1, 3),
        p(2, 0),
        p(2, 1),
        p(2, 2),
        p(2, 3),
        p(3, 3),
    ];
    assert_eq!(phase.cleared, want);
    assert_eq!(
        phase.fired[2].cleared,
        [p(0, 2), p(0, 3), p(1, 3)],
        "blockers are never cleared"
    );
    assert_eq!(
        game.board().at(p(2, 2)),
        match3_core::Cell::Blocker,
        "the blocker fell"
    );
    assert_eq!(trace.replay(&board).unwrap(), *game.board());
}

#[test]
fn combos_are_legal_without_a_run_and_fire_both_pieces_once() {
    let board = Blasts.parse_board("AB-C/CA+B/BCA").unwrap();
    let mut game = Game::from_board(Blasts, board.clone(), 0).unwrap();
    let trace = game.play(Move::Swap(p(1, 0), p(0, 1))).unwrap_err();
    assert!(matches!(trace, MoveError::NotAdjacent { .. }));
    let trace = game.play(Move::Swap(p(0, 1), p(1, 1))).unwrap();
    let phase = &trace.phases[0];
    assert_eq!(phase.fired.len(), 1, "the combo is one firing: {trace}");
    assert_eq!(
        phase.fired[0].fire.partner.map(|(q, _, _)| q),
        Some(p(0, 1))
    );
    assert_eq!(phase.cleared.len(), 6);
    assert_eq!(trace.replay(&board).unwrap(), *game.board());
}

#[test]
fn created_specials_take_the_moved_cell_and_a_new_id() {
    let board: Board = "ABAA/CACB".parse().unwrap();
    let mut game = Game::from_board(Blasts, board, 0).unwrap();
    let trace = game.play(Move::Swap(p(1, 1), p(0, 1))).unwrap();
    let created = &trace.phases[0].created;
    assert_eq!(created.len(), 1, "{trace}");
    // The moved piece (from (1,1)) landed on (0,1), inside the run: the special goes there.
    assert_eq!((created[0].pos, created[0].id), (p(0, 1), 8));
    assert_eq!(game.board().to_string(), ".A+../CBCB");
}

#[test]
fn setup_errors_are_clear() {
    let err = Game::new(
        Refilling,
        GameConfig {
            colors: 0,
            ..GameConfig::new(1)
        },
    )
    .unwrap_err();
    assert!(matches!(err, SetupError::Colors { .. }));
    let err = Game::new(
        Refilling,
        GameConfig {
            colors: 1,
            ..GameConfig::new(1)
        },
    )
    .unwrap_err();
    assert!(
        err.to_string()
            .contains("1 colours requested: these rules need 2 to 26"),
        "{err}"
    );
    let err = Game::new(
        Refilling,
        GameConfig {
            blocker_percent: 101,
            ..GameConfig::new(1)
        },
    )
    .unwrap_err();
    assert!(matches!(err, SetupError::BlockerChance { percent: 101 }));
    let err = Game::from_board_with_colors(Refilling, "ABC".parse().unwrap(), 0, 27).unwrap_err();
    assert_eq!(
        err.to_string(),
        "27 colours requested: these rules need 2 to 26"
    );
    assert!(Size::new(0, 3).is_err() && Size::new(33, 3).is_err() && Size::new(32, 32).is_ok());
    assert!("8x".parse::<Size>().is_err());
}

#[test]
fn generated_games_depend_only_on_the_seed() {
    let config = GameConfig {
        blocker_percent: 10,
        ..GameConfig::new(11)
    };
    let a = Game::new(Refilling, config).unwrap();
    let b = Game::new(Refilling, config).unwrap();
    assert_eq!(a.snapshot(), b.snapshot());
    assert!(Refilling.find_matches(a.board()).is_empty());
    assert!(a.has_legal_move());
    let other = Game::new(Refilling, GameConfig::new(12)).unwrap();
    assert_ne!(a.board(), other.board());
}

#[test]
fn speculation_matches_the_real_move_and_leaves_the_game_alone() {
    let game = Game::new(Refilling, GameConfig::new(3)).unwrap();
    let mut scratch = game.snapshot();
    for mv in game.legal_moves() {
        let before = game.snapshot();
        let guess = game.speculate(mv, &mut scratch).unwrap();
        assert_eq!(game.snapshot(), before);
        let mut real = game.clone();
        let summary = real.play_with(mv, &mut match3_core::NoTrace).unwrap();
        assert_eq!(guess, summary);
        assert_eq!(&scratch, real.state());
    }
}

/// The number of empty cells on `board`.
fn empties(board: &Board) -> usize {
    board
        .size()
        .positions()
        .filter(|&q| board.at(q).is_empty())
        .count()
}

#[test]
fn a_horizon_of_n_phases_scores_the_turns_first_n_phases() {
    // Two colours and runs of two: nearly every move cascades for several phases.
    let board: Board = "ABABAB/BABABA/ABABAB/BABABA/ABABAB/BABABA".parse().unwrap();
    let game = Game::from_board_with_colors(Pairs, board, 5, 2).unwrap();
    let mut scratch = game.snapshot();
    let mut longest = 0;
    for mv in game.legal_moves() {
        let trace = game.clone().play(mv).unwrap();
        longest = longest.max(trace.phases.len());
        for n in 1..=4 {
            let horizon = Horizon::Phases(NonZeroU32::new(n).unwrap());
            let score = game
                .evaluate_within(mv, &mut scratch, None, horizon)
                .unwrap();
            let first: u64 = trace.phases.iter().take(n as usize).map(|p| p.score).sum();
            assert_eq!(score, first, "{mv}, {n} phases");
            if n == 1 {
                // Stopped before the first phase's gravity: its cleared cells are empty.
                let cleared = &trace.phases[0].cleared;
                assert!(cleared.iter().all(|&q| scratch.board().at(q).is_empty()));
                assert_eq!(empties(scratch.board()), cleared.len(), "{mv}");
            }
        }
    }
    assert!(
        longest > 2,
        "the game should have cascades of three phases or more"
    );
}

#[test]
fn the_known_horizon_resolves_the_cascade_without_refills() {
    // The swap lines up three As on the bottom row (3 points); the Bs that fall beside
    // the last B make a second phase (3 cells at chain 2: 6 points). Then nothing more
    // matches among the pieces that were there, and the six holes stay open.
    let board: Board = "DCEC/EDCE/CBBD/AABA".parse().unwrap();
    let game = Game::from_board_with_colors(Refilling, board, 1, 5).unwrap();
    let mv = Move::Swap(p(3, 2), p(3, 3));
    let mut scratch = game.snapshot();
    let known = game.evaluate_within(mv, &mut scratch, None, Horizon::Known);
    assert_eq!(known, Ok(9));
    assert_eq!(empties(scratch.board()), 6);
    assert_eq!(scratch.board().to_string(), "..../D..C/ECEE/CDCD");
    // The whole cascade refills every hole.
    game.evaluate(mv, &mut scratch, None).unwrap();
    assert_eq!(empties(scratch.board()), 0);
}

#[test]
fn public_helpers_never_panic_on_far_positions() {
    let board: Board = "AB/BA".parse().unwrap();
    let far = p(200, 255);
    assert_eq!(board.at(far), match3_core::Cell::Empty);
    assert_eq!(board.row(9), None);
    let mut set = CellSet::new();
    assert!(!set.insert(far));
    assert!(!set.contains(far));
    assert_eq!(set.row_bits(99), 0);
    assert_eq!(match3_core::GameRng::new(1).below(0), 0);
    assert!(!runs::in_run(&board, far, 3));
    assert!(!runs::swap_makes_run(&board, far, p(0, 0), 3));
}

/// A probe's last move is the same turn as a game's, its status only the level's
/// verdict; the probe then takes and lists no move until it is reset.
#[test]
fn a_probes_last_move_is_the_games_turn_with_the_verdict_for_status() {
    let rules = Variant::new("threes", LineRuns::new(3)).with_refill(Uniform);
    // Won as soon as 3 points are scored, so the first clear wins.
    let level = Level {
        goals: vec![Goal::Score { target: 3 }],
        moves: Some(5),
        ..Level::default()
    };
    let config = GameConfig::new(11);
    let game = Game::new(&rules, config).expect("game");
    let game = game.with_level(level).expect("level");
    let mv = game.legal_moves()[0];
    let mut scratch = game.snapshot();
    let whole = game.speculate(mv, &mut scratch).expect("legal");
    let mut probe = game.probe();
    let last = probe.play_last(mv).expect("legal");
    assert_eq!((last.score, last.status), (whole.score, Status::Won));
    assert_eq!(probe.state().board(), scratch.board());
    assert_eq!(probe.state().score(), scratch.score());
    let refused = probe.play(mv).expect_err("done");
    assert!(matches!(refused, MoveError::GameOver { .. }), "{refused}");
    let mut moves = vec![mv];
    probe.legal_moves_into(&mut moves);
    assert!(moves.is_empty() && probe.pick_legal_move(|_| 0).is_none());
    probe.reset(game.state());
    assert_eq!(probe.play(mv).expect("legal again"), whole);
}

/// An opened move finishes on a probe as on a scratch state, ending where the whole move
/// does under the same sample; under rules that never refill, the whole turn is opened
/// and a finish only installs the sample's generator.
#[test]
fn an_opened_move_finishes_on_a_probe_as_the_whole_move() {
    let refilling = Variant::new("threes", LineRuns::new(3)).with_refill(Uniform);
    let dry = Variant::new("dry threes", LineRuns::new(3)).with_refill(NoRefill);
    finishes_as_the_whole_move(&refilling);
    finishes_as_the_whole_move(&dry);
}

fn finishes_as_the_whole_move<R: Rules>(rules: &R) {
    let board: Board = "ABCDE/BDAEC/AABCD/CDEAB".parse().expect("board");
    let game = Game::from_board(rules, board, 5).expect("game");
    let mv = Move::Swap(Pos::new(2, 2), Pos::new(1, 2));
    let opened = game.open_move(mv).expect("legal").expect("draws nothing");
    let mut probe = game.probe();
    for seed in [1, 2] {
        let sample = GameRng::new(seed);
        let mut whole_state = game.snapshot();
        let whole = game.speculate_with(mv, &mut whole_state, Some(&sample), &mut NoTrace);
        let mut finished = game.snapshot();
        let on_scratch = game.finish_move(&opened, &mut finished, &sample);
        let on_probe = probe.finish_move(&opened, &sample);
        assert_eq!(
            (&on_probe, &on_scratch),
            (&whole, &whole),
            "{}",
            rules.name()
        );
        assert_eq!((probe.state(), &finished), (&whole_state, &whole_state));
    }
}
