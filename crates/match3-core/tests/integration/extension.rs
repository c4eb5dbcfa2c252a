//! The extension points a rule crate uses without touching core: refill policies (with
//! their state in the snapshot), whole-phase scoring, grouped matches, special kinds with
//! their own markers, and randomly targeted blasts.

use match3_core::detect::DetectFn;
use match3_core::moveset::Drops;
use match3_core::planes::FoundSwaps;
use match3_core::refill::{NoImmediateMatch, Refill, Scripted, Uniform, Weighted};
use match3_core::specials::{Blast, Kinds, NoSpecials};
use match3_core::{
    Board, CellSet, Color, Detect, Game, GameConfig, Matches, Move, NotationError, PackedSwaps,
    Piece, Pos, Rules, SavedGame, ScoredPhase, SetupError, SpawnSite, SpecialKind, Specials,
    Variant, runs,
};

fn p(r: u8, c: u8) -> Pos {
    Pos::new(r, c)
}

fn colors(letters: &str) -> Vec<Color> {
    letters.chars().filter_map(Color::from_letter).collect()
}

/// Runs of three (detection only).
fn threes(board: &Board) -> CellSet {
    runs::find_runs(board, 3).all()
}

/// Runs of three, refilled by `policy`.
#[allow(non_snake_case)]
fn Threes<P: Refill>(policy: P) -> Variant<DetectFn, NoSpecials, P> {
    Variant::new("threes", threes as DetectFn).with_refill(policy)
}

#[test]
fn weighted_refill_draws_only_colours_with_weight() {
    let rules = Threes(Weighted::new(vec![0, 1, 0]).unwrap());
    let mut game = Game::from_board(rules, "AAA/BCB/CBC".parse().unwrap(), 5).unwrap();
    let trace = game.resolve().unwrap();
    let spawned: Vec<Piece> = trace.phases[0].spawns.iter().map(|s| s.piece).collect();
    assert_eq!(spawned, [Piece::plain(Color::new(1).unwrap()); 3]);
    assert!(Weighted::new(vec![0, 0]).is_err());
    assert!(Weighted::new(vec![]).is_err());
    assert!(Weighted::new(vec![1; 27]).is_err());
}

#[test]
fn scripted_refill_keeps_its_place_in_the_snapshot() {
    let rules = Threes(Scripted::new(colors("ABCD")).unwrap());
    let board: Board = "AAAB/BCBC/CBCB".parse().unwrap();
    let mut game = Game::from_board(rules, board, 0).unwrap();
    let start = game.snapshot();
    let trace = game.resolve().unwrap();
    assert_eq!(game.board().to_string(), "ABCB/BCBC/CBCB");
    assert_eq!(game.state().refill_state().get::<u64>(), Some(&3));
    assert_ne!(
        game.snapshot(),
        start,
        "the policy state is part of the state"
    );
    // Undo puts the queue back; the same turn spawns the same pieces.
    game.restore(&start);
    assert_eq!(game.resolve().unwrap(), trace);
    assert!(Scripted::new(vec![]).is_err());
}

#[test]
fn no_immediate_match_refill_never_feeds_a_cascade() {
    // Two colours: a uniform refill of the top row makes AAA or BBB one time in four.
    let board: Board = "AAA/BAB/ABA".parse().unwrap();
    let mut uniform_cascades = 0;
    for seed in 0..60 {
        let calm = Threes(NoImmediateMatch(Uniform));
        let mut game = Game::from_board_with_colors(calm, board.clone(), seed, 2).unwrap();
        assert_eq!(game.resolve().unwrap().phases.len(), 1, "seed {seed}");
        let mut game =
            Game::from_board_with_colors(Threes(Uniform), board.clone(), seed, 2).unwrap();
        uniform_cascades += usize::from(game.resolve().unwrap().phases.len() > 1);
    }
    assert!(
        uniform_cascades > 0,
        "the uniform refill must cascade sometimes"
    );
}

/// Next pieces only (holes stay empty), from a script.
struct NextFromScript(Scripted);
impl Refill for NextFromScript {
    type State = u64;
    fn spawn(&self, site: &mut SpawnSite<'_>, at: &mut u64) -> Piece {
        assert_eq!(site.pos(), None, "no refill: only next pieces");
        self.0.spawn(site, at)
    }
    fn fills_holes(&self) -> bool {
        false
    }
}

#[test]
fn the_drop_games_next_piece_comes_from_the_policy() {
    let rules = Variant::new("scripted drops", threes as DetectFn)
        .with_refill(NextFromScript(Scripted::new(colors("CAB")).unwrap()))
        .with_moves(Drops);
    let mut game = Game::from_board(rules, "..../....".parse().unwrap(), 0).unwrap();
    let mut seen = String::new();
    for col in 0..4 {
        seen.push(game.next_piece().unwrap().color().unwrap().letter());
        game.play(Move::Drop(col)).unwrap();
    }
    assert_eq!(seen, "CABC");
    assert_eq!(game.board().to_string(), "..../CABC");
}

/// A star clears its row when it fires.
const STAR: SpecialKind = SpecialKind::colored('!', "star");
struct Stars;
impl Specials for Stars {
    const KINDS: &'static Kinds = &Kinds::of(&[STAR]);
    fn blast(&self, site: &mut Blast<'_>) -> CellSet {
        let at = site.pos();
        (0..site.board().cols() as u8)
            .map(|c| p(at.row, c))
            .collect()
    }
}

/// Scores groups: 100 per group of five or more, 10 per other group, doubled for combos,
/// plus 1 per fired special.
fn bonus_score(phase: &ScoredPhase<'_>) -> u64 {
    let groups: u64 = phase
        .matches
        .groups()
        .map(|g| if g.len() >= 5 { 100 } else { 10 })
        .sum();
    groups * if phase.combo() { 2 } else { 1 } + phase.fired.len() as u64
}

#[allow(non_upper_case_globals)]
const Bonus: Variant<DetectFn, Stars, match3_core::refill::NoRefill, fn(&ScoredPhase<'_>) -> u64> =
    Variant::assemble(
        "bonus",
        threes,
        Stars,
        match3_core::refill::NoRefill,
        bonus_score,
        match3_core::moveset::Swaps,
        match3_core::generate::Stable,
    );

#[test]
fn scoring_sees_groups_and_fired_specials() {
    // An L of five A's and a run of three C's in one phase: 100 + 10; the star in the
    // C run fires (+1) and clears row 3 (four more cells, not scored by this rule).
    let board = Bonus
        .parse_board("ABDB/ABDE/AAAB/CC!CD/DBDB")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(board.to_string(), "ABDB/ABDE/AAAB/CC!CD/DBDB");
    let mut game = Game::from_board(Bonus, board, 0).unwrap();
    let trace = game.resolve().unwrap();
    let phase = &trace.phases[0];
    assert_eq!(phase.score, 100 + 10 + 1, "{trace}");
    assert_eq!(phase.matched.len(), 5 + 3);
    assert_eq!(phase.cleared.len(), 5 + 4);
}

#[test]
fn groups_split_matches_by_colour_and_connection() {
    let board: Board = "AAB/ABB/CAA".parse().unwrap();
    let all: CellSet = board.size().positions().collect();
    let groups: Vec<_> = Matches::new(&board, &all).groups().collect();
    let cells = |g: &match3_core::Group| g.cells.to_vec();
    assert_eq!(groups.len(), 4);
    assert_eq!(cells(&groups[0]), [p(0, 0), p(0, 1), p(1, 0)]);
    assert_eq!(cells(&groups[1]), [p(0, 2), p(1, 1), p(1, 2)]);
    assert_eq!(cells(&groups[2]), [p(2, 0)]);
    assert_eq!(cells(&groups[3]), [p(2, 1), p(2, 2)]);
    assert_eq!(groups[0].extent(), (2, 2));
    assert_eq!(groups[0].longest_lines(), (2, 2));
    assert!(!groups[0].is_straight() && groups[3].is_straight());
    let square: Board = "AA/AA".parse().unwrap();
    let all: CellSet = square.size().positions().collect();
    assert!(
        Matches::new(&square, &all)
            .groups()
            .next()
            .unwrap()
            .has_square()
    );
}

/// A special that clears one random piece: its target comes from the game's generator.
const SNIPER: SpecialKind = SpecialKind::colored('^', "sniper");
#[derive(Clone, Copy, Debug)]
struct Snipers;
impl Specials for Snipers {
    const KINDS: &'static Kinds = &Kinds::of(&[SNIPER]);
    fn blast(&self, site: &mut Blast<'_>) -> CellSet {
        let pieces: Vec<Pos> = site.board().pieces().map(|(q, _, _)| q).collect();
        let target = pieces[site.rng().below(pieces.len() as u32) as usize];
        [target].into_iter().collect()
    }
}

#[allow(non_upper_case_globals)]
const Sniper: Variant<DetectFn, Snipers> = Variant::assemble(
    "sniper",
    threes,
    Snipers,
    match3_core::refill::NoRefill,
    match3_core::scoring::OnePerCell,
    match3_core::moveset::Swaps,
    match3_core::generate::Stable,
);

#[test]
fn a_random_target_is_drawn_from_the_game_and_replays() {
    // The run of A's catches the sniper A^, which fires at a random piece.
    let board = Sniper.parse_board("AA^AB/CDEF/HIJK").unwrap();
    assert_eq!(board.to_string(), "AA^AB/CDEF/HIJK");
    let mut targets = std::collections::BTreeSet::new();
    for seed in 0..20 {
        let mut game = Game::from_board(Sniper, board.clone(), seed).unwrap();
        let trace = game.resolve().unwrap();
        assert_eq!(trace.replay(&board).unwrap(), *game.board());
        let again = Game::from_board(Sniper, board.clone(), seed)
            .unwrap()
            .resolve()
            .unwrap();
        assert_eq!(again, trace, "the same seed picks the same target");
        targets.insert(trace.phases[0].cleared.clone());
    }
    assert!(targets.len() > 3, "different seeds hit different pieces");
}

#[test]
fn markers_parse_through_the_rules_table() {
    assert_eq!(
        Sniper.parse_board("AB/C-").unwrap_err(),
        NotationError::UnknownMarker {
            row: 1,
            col: 0,
            marker: '-'
        }
    );
    assert_eq!(
        Bonus.parse_board("A!B!/!ABC").unwrap_err(),
        NotationError::MarkerWithoutLetter {
            row: 1,
            col: 0,
            marker: '!'
        }
    );
    // A board with a kind the rules lack is refused when the game is set up.
    let markers = [
        SpecialKind::colored('-', "striped"),
        SpecialKind::colorless('*', "bomb"),
    ];
    let lines_board = Board::parse("AB-/D*", &markers).unwrap();
    let err = Game::from_board(Sniper, lines_board, 0).unwrap_err();
    assert_eq!(
        err.to_string(),
        "row 0, col 1: the sniper rules have no special pieces marked '-'"
    );
    assert!(match3_core::Special::new('.').is_none() && match3_core::Special::new('a').is_none());
}

/// A detection whose fast answer is told apart from `find_matches` on purpose: it says
/// `(0, 0)` swaps with `(0, 1)`, `find_matches` says nothing ever matches.
#[derive(Clone, Copy)]
struct Marked;
impl Detect for Marked {
    fn find_matches(&self, _: &Board) -> CellSet {
        CellSet::new()
    }
    fn match_swaps(&self, _: &Board) -> Option<FoundSwaps> {
        Some(FoundSwaps::Packed(PackedSwaps { right: 1, down: 0 }))
    }
}

#[test]
fn pointers_to_rules_hand_over_the_detections_fast_answers() {
    let board: Board = "ABCA/BCAB/CABC/ABCA".parse().unwrap();
    let marked = Variant::new("marked", Marked);
    let want = Some(FoundSwaps::Packed(PackedSwaps { right: 1, down: 0 }));
    let boxed: Box<dyn Rules> = Box::new(marked);
    assert_eq!(marked.legal_swaps(&board), want);
    assert_eq!(boxed.legal_swaps(&board), want);
    assert_eq!(std::sync::Arc::new(marked).legal_swaps(&board), want);
    // A game of boxed rules keeps those swaps as its status on boards up to 8 × 8: its
    // move list is theirs.
    let game = Game::from_board(boxed, board, 0).unwrap();
    assert_eq!(game.legal_moves(), [Move::Swap(p(0, 0), p(0, 1))]);
}

/// Each column refills its own way round the palette: a counter per column, a state
/// that is not a plain number.
#[derive(Clone, Copy, Debug, Default)]
struct Conveyor;
impl Refill for Conveyor {
    type State = Vec<u32>;
    fn spawn(&self, site: &mut SpawnSite<'_>, next: &mut Vec<u32>) -> Piece {
        let col = site.pos().map_or(0, |p| usize::from(p.col));
        if next.len() <= col {
            next.resize(col + 1, 0);
        }
        next[col] += 1;
        let color = (next[col] + col as u32) % u32::from(site.colors());
        Piece::plain(Color::new(color as u8).unwrap())
    }
}

#[test]
fn a_typed_refill_state_is_saved_and_loaded_with_the_game() {
    let rules = Threes(Conveyor);
    let mut game = Game::new(rules, GameConfig::new(4)).unwrap();
    for _ in 0..3 {
        let mv = game.legal_moves()[0];
        game.play(mv).unwrap();
    }
    let counters = game
        .state()
        .refill_state()
        .get::<Vec<u32>>()
        .unwrap()
        .clone();
    assert!(counters.iter().any(|&n| n > 0), "the policy kept count");
    let json = serde_json::to_string(&game.save()).unwrap();
    assert!(
        json.contains(&format!("{counters:?}").replace(' ', "")),
        "{json}"
    );

    // The loaded game has the policy's own state back and plays on exactly as the
    // original does.
    let saved: SavedGame = serde_json::from_str(&json).unwrap();
    let mut loaded = Game::load(Threes(Conveyor), saved).unwrap();
    assert_eq!(
        loaded.state().refill_state().get::<Vec<u32>>(),
        Some(&counters)
    );
    assert_eq!(loaded.state(), game.state());
    for _ in 0..3 {
        let Some(&mv) = game.legal_moves().first() else {
            break;
        };
        assert_eq!(loaded.play(mv).unwrap(), game.play(mv).unwrap());
    }

    // A state the policy cannot read is refused, naming the rules.
    let tampered = json.replace(&format!("{counters:?}").replace(' ', ""), "\"seven\"");
    let saved: SavedGame = serde_json::from_str(&tampered).unwrap();
    let err = Game::load(Threes(Conveyor), saved).unwrap_err();
    assert!(matches!(err, SetupError::RefillState { .. }), "{err}");
    assert!(err.to_string().contains("threes"), "{err}");
}

/// Keeps an array of zero words: the shape old saves gave stateless policies, here a
/// real state that must come back as it was.
#[derive(Clone, Copy, Debug, Default)]
struct ZeroWords;
impl Refill for ZeroWords {
    type State = Vec<u32>;
    fn spawn(&self, site: &mut SpawnSite<'_>, words: &mut Vec<u32>) -> Piece {
        words.resize(3, 0);
        Uniform.spawn(site, &mut ())
    }
}

#[test]
fn a_state_of_zero_words_round_trips_exactly() {
    let mut game = Game::new(Threes(ZeroWords), GameConfig::new(4)).unwrap();
    let mv = game.legal_moves()[0];
    game.play(mv).unwrap();
    let zeros = Some(&vec![0u32; 3]);
    assert_eq!(game.state().refill_state().get::<Vec<u32>>(), zeros);
    let json = serde_json::to_string(&game.save()).unwrap();
    assert!(json.contains("\"refill_state\":[0,0,0]"), "{json}");
    let loaded = Game::load(Threes(ZeroWords), serde_json::from_str(&json).unwrap()).unwrap();
    assert_eq!(loaded.state().refill_state().get::<Vec<u32>>(), zeros);
    assert_eq!(loaded.state(), game.state());
    // Any array of zero words is this policy's state as written: only a stateless policy
    // reads one as "no state" (the old format, see `StateSlot`).
    let other = json.replace("\"refill_state\":[0,0,0]", "\"refill_state\":[0,0]");
    let loaded = Game::load(Threes(ZeroWords), serde_json::from_str(&other).unwrap());
    assert_eq!(
        loaded.unwrap().state().refill_state().get::<Vec<u32>>(),
        Some(&vec![0, 0])
    );
}
