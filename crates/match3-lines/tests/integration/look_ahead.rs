//! The score-only look-ahead (`Game::score_within`, how the greedy bot ranks moves) on
//! line boards: it plays on the bit planes while no special is made or fired, and must agree with
//! the full look-ahead, also on the move that wins a level paying the leftover bonus
//! (which arms specials on the cells).

use match3_core::planes::PlaneView;
use match3_core::specials::{And, Blast, Combo, Kinds, Specials};
use match3_core::{
    CellSet, Game, GameConfig, Goal, Horizon, Leftover, Level, Move, Pos, Rules, Size, Status,
};
use match3_lines::groups::LineShapes;
use match3_lines::specials::{ColorBomb, Striped, Wrapped};
use match3_lines::{LINE_SPECIALS, Lines};

use crate::common::{CountedRuns, asked};

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

/// How many times `mv`'s score-only look-ahead (no new pieces) asked the detection on
/// the cells, on `board` under the line rules with `specials`; its score agrees with the
/// full look-ahead.
fn cells_asked<S: Specials>(specials: S, board: &str, mv: Move) -> usize {
    let rules = (Lines.variant().with_detect(CountedRuns)).with_specials(specials);
    let board = rules.parse_board(board).unwrap();
    let game = Game::from_board(rules, board.clone(), 1).unwrap();
    let (mut state, mut scratch) = (game.snapshot(), game.score_scratch());
    let full = game.evaluate_within(mv, &mut state, None, Horizon::Known);
    let mut only = None;
    let cells = asked(|| only = Some(game.score_within(mv, &mut scratch, None, Horizon::Known)));
    assert_eq!(Some(full), only, "{mv} on {board}");
    cells
}

#[test]
fn a_special_the_move_leaves_alone_keeps_the_look_ahead_on_the_planes() {
    // The swap makes a run of three in the top row; a striped piece waits below it.
    let swap = Move::Swap(Pos::new(0, 1), Pos::new(1, 1));
    let plain = "ABACD/CADBC/DCBDA/BDCAB/CBDCD";
    let striped_apart = "ABACD/CADBC/DCBDA/BDCA|B/CBDCD";
    assert_eq!(cells_asked(LINE_SPECIALS, plain, swap), 0);
    assert_eq!(cells_asked(LINE_SPECIALS, striped_apart, swap), 0);
    // A striped piece in the run fires on the planes, whose specials tell its blast;
    // one that is swapped may make a combo, which needs the cells.
    let striped_in_run = "A|BACD/CADBC/DCBDA/BDCAB/CBDCD";
    let striped_swapped = "ABACD/CA|DBC/DCBDA/BDCAB/CBDCD";
    assert_eq!(cells_asked(LINE_SPECIALS, striped_in_run, swap), 0);
    assert!(cells_asked(LINE_SPECIALS, striped_swapped, swap) > 0);
    // Specials whose blast is not told from the planes fire on the cells.
    assert!(cells_asked(CELLS_ONLY_STRIPES, striped_in_run, swap) > 0);
    // A specials part that does not say its "no" holds beside other specials keeps such
    // boards on the cells.
    let unsure = LINE_SPECIALS.and(Unsure);
    assert_eq!(cells_asked(unsure, plain, swap), 0);
    assert!(cells_asked(unsure, striped_apart, swap) > 0);
}

#[test]
fn blasts_fire_on_the_planes_one_after_another() {
    // The run of three in the top row takes a striped piece that clears its column,
    // which takes a wrapped piece, whose square takes a colour bomb, which clears the
    // most common colour: every blast on the planes, the same score as on the cells.
    let swap = Move::Swap(Pos::new(0, 1), Pos::new(1, 1));
    let chain = "A|BACD/CADBC/D+CBDA/*DCAB/CBDCD";
    assert_eq!(cells_asked(LINE_SPECIALS, chain, swap), 0);
    assert!(cells_asked(CELLS_ONLY_STRIPES, chain, swap) > 0);
    // A swap that moves a striped piece without a combo plays on the planes too.
    let moved = "ABA|CD/CADBC/DCBDA/BDCAB/CBDCD";
    let swap_moved = Move::Swap(Pos::new(0, 2), Pos::new(0, 1));
    let _ = cells_asked(LINE_SPECIALS, moved, swap_moved);
}

/// The line specials with a striped part whose blast is told on the cells only.
const CELLS_ONLY_STRIPES: And<And<And<CellsOnlyStriped, Wrapped>, ColorBomb>, LineShapes> =
    And(And(And(CellsOnlyStriped, Wrapped), ColorBomb), LineShapes);

/// Striped pieces as the line rules have them, without their blast on the planes (the
/// default answer: the planes cannot tell).
#[derive(Clone, Copy)]
struct CellsOnlyStriped;

impl Specials for CellsOnlyStriped {
    const KINDS: &'static Kinds = Striped::KINDS;

    fn may_create_on_planes(&self, view: PlaneView<'_>, matched: &CellSet) -> bool {
        Striped.may_create_on_planes(view, matched)
    }

    fn may_create_on_planes_with_specials(&self) -> bool {
        true
    }

    fn blast(&self, site: &mut Blast<'_>) -> CellSet {
        Striped.blast(site)
    }

    fn combo(&self, site: &Combo<'_>) -> Option<CellSet> {
        Striped.combo(site)
    }
}

/// A specials part that makes nothing and says so from the planes, but only for boards
/// without specials (the default).
#[derive(Clone, Copy)]
struct Unsure;

impl Specials for Unsure {
    const KINDS: &'static Kinds = &Kinds::EMPTY;

    fn may_create_on_planes(&self, _: PlaneView<'_>, _: &CellSet) -> bool {
        false
    }
}

#[test]
fn a_special_the_move_makes_is_made_on_the_planes() {
    // The swap brings the A down into the second row: a run of four As, a striped piece
    // on the swap's destination, and the phases after it on the planes.
    let four = "BCAD/AABA/CDCD/DCDC";
    let swap = Move::Swap(Pos::new(0, 2), Pos::new(1, 2));
    assert_eq!(cells_asked(LINE_SPECIALS, four, swap), 0);
    // A wrapped piece (an L) and a colour bomb (five in a row) too.
    let corner = "BCAD/AABC/CDAD/DCAC";
    assert_eq!(cells_asked(LINE_SPECIALS, corner, swap), 0);
    let five = "BCADB/AABAA/CDCDC/DCDCD";
    assert_eq!(cells_asked(LINE_SPECIALS, five, swap), 0);
    // The board then holds a special: with a part that does not say its answers hold
    // beside specials, the phase that makes one goes to the cells.
    assert!(cells_asked(LINE_SPECIALS.and(Unsure), four, swap) > 0);
    // So does one that a part cannot tell from the planes what it makes.
    assert!(cells_asked(LINE_SPECIALS.and(Opaque), four, swap) > 0);
}

/// A specials part that makes nothing, but says from the planes only that phases of
/// fewer than four matched cells make nothing (the default answer for the others: it
/// cannot tell what they make).
#[derive(Clone, Copy)]
struct Opaque;

impl Specials for Opaque {
    const KINDS: &'static Kinds = &Kinds::EMPTY;

    fn may_create_on_planes(&self, _: PlaneView<'_>, matched: &CellSet) -> bool {
        matched.len() >= 4
    }

    fn may_create_on_planes_with_specials(&self) -> bool {
        true
    }
}

#[test]
fn a_level_with_spawn_weights_refills_on_the_planes() {
    // The swap makes a run of three in the top row; its refill comes from the level's
    // weights (no D at all), on the planes as on the cells.
    let rules = Lines.variant().with_detect(CountedRuns);
    let board = rules.parse_board("ABACD/CADBC/DCBDA/BDCAB/CBDCD").unwrap();
    let swap = Move::Swap(Pos::new(0, 1), Pos::new(1, 1));
    let weights = match3_core::refill::Weighted::new(vec![1, 3, 2]).unwrap();
    let level = Level {
        spawn: Some(weights),
        ..Level::default()
    };
    for seed in 0..20 {
        let game = Game::from_board(&rules, board.clone(), seed).unwrap();
        let game = game.with_level(level.clone()).unwrap();
        let (mut state, mut scratch) = (game.snapshot(), game.score_scratch());
        let full = game.evaluate_within(swap, &mut state, None, Horizon::Cascade);
        let mut only = None;
        let cells =
            asked(|| only = Some(game.score_within(swap, &mut scratch, None, Horizon::Cascade)));
        assert_eq!(cells, 0, "seed {seed}: the cells were asked");
        assert_eq!(Some(full), only, "seed {seed}");
        assert_eq!(state.goal_units(&level), scratch.goal_units(&level));
    }
}
