//! The invariants, as plain functions over plain data.
//!
//! Each check returns `Err(Violation)` saying what broke and where, so the same checks
//! serve the property suite, example tests, and tests that feed deliberately broken data
//! to prove a check can fail.

use std::collections::{HashMap, HashSet};
use std::fmt;

use match3_core::planes::FoundSwaps;
use match3_core::{
    Board, CellSet, Game, GameConfig, GameRng, Horizon, Move, MoveError, MoveKind, NoTrace,
    Opening, Pos, Rules, Size, Snapshot, Status, SwapMasks, Trace, for_each_legal_move, status_of,
};
use match3_core::{Level, ObstacleEvent, Probe, Progress, Tally, TurnSummary};

use crate::generators::Pick;

/// A broken invariant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation(pub String);

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Violation {}

/// The result of a check.
pub type Check = Result<(), Violation>;

macro_rules! ensure {
    ($cond:expr, $($fmt:tt)+) => {
        if !$cond {
            return Err(Violation(format!($($fmt)+)));
        }
    };
}

/// The board's bit planes agree with its cells (every plane, every row; the packed
/// planes of small boards too): [`Board::check_planes`].
pub fn board_masks(board: &Board) -> Check {
    board.check_planes().map_err(Violation)
}

/// Invariant 1: detection leaves its input unchanged, returns only cells on the board
/// that hold pieces, and (with an oracle) agrees with the slow reference.
pub fn detection<R: Rules + ?Sized>(
    rules: &R,
    board: &Board,
    oracle: Option<&dyn Fn(&Board) -> CellSet>,
) -> Check {
    board_masks(board)?;
    let copy = board.clone();
    let found = rules.find_matches(board);
    ensure!(
        *board == copy,
        "find_matches changed its input board {copy}"
    );
    let again = rules.find_matches(board);
    ensure!(
        found == again,
        "find_matches gave two answers on {board}: {found:?} then {again:?}"
    );
    for pos in &found {
        ensure!(
            board.get(pos).is_ok_and(|c| c.piece().is_some()),
            "find_matches on {board} reports {pos}, which holds no piece"
        );
    }
    if let Some(oracle) = oracle {
        let want = oracle(board);
        ensure!(
            found == want,
            "find_matches disagrees with the reference on {board}:\n  fast      {found:?}\n  reference {want:?}"
        );
    }
    planes_agree(rules, board, &found)
}

/// The detection's answers from the bit planes (a set, and packed on boards of at most
/// 64 cells), where it gives them, are `found`, its answer on the cells.
fn planes_agree<R: Rules + ?Sized>(rules: &R, board: &Board, found: &CellSet) -> Check {
    let view = match3_core::planes::PlaneView::of(board);
    if let Some(on_planes) = rules.matches_on_planes(view) {
        ensure!(
            on_planes == *found,
            "on_planes disagrees with find_matches on {board}:\n  planes {on_planes:?}\n  cells  {found:?}"
        );
    }
    if let Some(packed) = rules.matches_on_planes_packed(view) {
        let packed = packed.to_set();
        ensure!(
            board.size().cells() <= 64 && packed == *found,
            "on_planes_packed disagrees with find_matches on {board}:\n  planes {packed:?}\n  cells  {found:?}"
        );
    }
    Ok(())
}

/// Invariant 2: the fast predicates agree with full detection: `in_match` cell by cell,
/// `swap_matches` pair by pair (against detection on a swapped copy; the lent scratch
/// board must come back unchanged), combos the same both ways round, and the legal-move
/// enumeration (and the rules' own legal swaps, packed exactly on boards up to 8 × 8)
/// with a slow enumeration built from those answers.
pub fn predicates<R: Rules + ?Sized>(rules: &R, board: &Board) -> Check {
    in_match_agrees(rules, board)?;
    let slow = slow_moves(rules, board)?;
    listings_agree(rules, board, &slow)?;
    legal_swaps_agree(rules, board, &slow)?;
    let any = match3_core::any_legal_move(rules, board);
    ensure!(
        any != slow.is_empty(),
        "any_legal_move = {any} but {} legal moves on {board}",
        slow.len()
    );
    Ok(())
}

/// `in_match` agrees with `find_matches`, cell by cell.
fn in_match_agrees<R: Rules + ?Sized>(rules: &R, board: &Board) -> Check {
    let found = rules.find_matches(board);
    for pos in board.size().positions() {
        let fast = rules.in_match(board, pos);
        ensure!(
            fast == found.contains(pos),
            "in_match({pos}) = {fast} but find_matches says {} on {board}",
            found.contains(pos)
        );
    }
    Ok(())
}

/// The legal moves built slowly, in the engine's order, from detection on swapped
/// copies (checking `swap_matches` and combos on the way), empty top cells and taps.
/// Swaps go with the neighbours the rules' topology names, each first cell's in the
/// order of the second cell (right, down-left, down, down-right).
fn slow_moves<R: Rules + ?Sized>(rules: &R, board: &Board) -> Result<Vec<Move>, Violation> {
    let mut slow = Vec::new();
    if rules.accepts(MoveKind::Swap) {
        let dirs = rules.directions();
        for a in board.size().positions() {
            let neighbours = [(0, 1), (1, -1), (1, 0), (1, 1)].map(|(dr, dc): (u8, i16)| {
                let col = i16::from(a.col) + dc;
                (0..=31)
                    .contains(&col)
                    .then(|| Pos::new(a.row + dr, col as u8))
            });
            for b in neighbours
                .into_iter()
                .flatten()
                .filter(|&b| dirs.allow(a, b))
            {
                let both = board.get(a).is_ok_and(|c| c.piece().is_some())
                    && board.get(b).is_ok_and(|c| c.piece().is_some());
                if both && slow_swap(rules, board, a, b)? {
                    slow.push(Move::Swap(a, b));
                }
            }
        }
    }
    if rules.accepts(MoveKind::Drop) {
        for col in 0..board.cols() as u8 {
            // The top cell, holes passed: a dropped piece falls past them.
            let mut cells = (0..board.rows() as u8).map(|r| board.at(Pos::new(r, col)));
            if cells.find(|c| !c.is_hole()).is_some_and(|c| c.is_empty()) {
                slow.push(Move::Drop(col));
            }
        }
    }
    if rules.accepts(MoveKind::Tap) {
        for pos in board.size().positions() {
            if rules.tap(board, pos).is_some_and(|c| !c.is_empty()) {
                slow.push(Move::Tap(pos));
            }
        }
    }
    Ok(slow)
}

/// Whether swapping the pieces at `a` and `b` is legal, by detection on a swapped copy;
/// `swap_matches` must agree and hand its scratch board back unchanged, and a combo must
/// be one both ways round.
fn slow_swap<R: Rules + ?Sized>(
    rules: &R,
    board: &Board,
    a: Pos,
    b: Pos,
) -> Result<bool, Violation> {
    let mut swapped = board.clone();
    swapped.swap(a, b).expect("in range");
    let after = rules.find_matches(&swapped);
    let want = after.contains(a) || after.contains(b);
    let mut scratch = board.clone();
    let fast = rules.swap_matches(&mut scratch, a, b);
    ensure!(
        fast == want,
        "swap_matches({a}, {b}) = {fast} but detection on the swapped board says {want}, on {board}"
    );
    ensure!(
        scratch == *board,
        "swap_matches({a}, {b}) left the scratch board {scratch}, lent as {board}"
    );
    let combo = rules.is_combo(board, a, b);
    ensure!(
        combo == rules.is_combo(board, b, a),
        "swapping {a} onto {b} is a combo ({combo}) but not the other way round, on {board}"
    );
    Ok(want || combo)
}

/// The engine's visitor, list and pick by index all give the slow list.
fn listings_agree<R: Rules + ?Sized>(rules: &R, board: &Board, slow: &[Move]) -> Check {
    let mut fast = Vec::new();
    for_each_legal_move(rules, board, |m| {
        fast.push(m);
        true
    });
    ensure!(
        fast == slow,
        "legal moves on {board}: fast {fast:?}, slow {slow:?}"
    );
    // The list form, into a vector that already holds something (it is cleared first).
    let mut listed = vec![Move::Drop(0); 3];
    match3_core::legal_moves_into(rules, board, &mut listed);
    ensure!(
        listed == slow,
        "legal_moves_into on {board}: {listed:?}, slow {slow:?}"
    );
    picks_agree(slow, |pick| {
        match3_core::pick_legal_move(rules, board, pick)
    })
    .map_err(|e| Violation(format!("pick_legal_move on {board}: {}", e.0)))
}

/// The rules' own legal swaps, when they have them, are the slow list's swaps in order,
/// packed exactly on boards up to 8 × 8.
fn legal_swaps_agree<R: Rules + ?Sized>(rules: &R, board: &Board, slow: &[Move]) -> Check {
    let Some(found) = rules.legal_swaps(board) else {
        return Ok(());
    };
    let packs = board.rows() <= 8 && board.cols() <= 8;
    ensure!(
        matches!(found, FoundSwaps::Packed(_)) == packs,
        "legal_swaps gives {found:?} on the {} board {board}: packed exactly up to 8x8",
        board.size()
    );
    let masks = found.into_masks();
    let swaps: Vec<Move> = slow
        .iter()
        .copied()
        .filter(|m| matches!(m, Move::Swap(..)))
        .collect();
    ensure!(
        masks.len() == swaps.len(),
        "legal_swaps counts {} swaps but {} are legal on {board}",
        masks.len(),
        swaps.len()
    );
    for (i, &want) in swaps.iter().enumerate() {
        let got = masks.nth(i).map(|(a, b)| Move::Swap(a, b));
        ensure!(
            got == Some(want),
            "legal_swaps' swap {i} is {got:?}, the list has {want} on {board}"
        );
    }
    ensure!(
        masks.nth(swaps.len()).is_none(),
        "legal_swaps has a swap past its count on {board}"
    );
    Ok(())
}

/// Picking by index agrees with the list: `pick` is told the list's length, every index
/// gives that move, and an index past the end gives none.
fn picks_agree(
    list: &[Move],
    pick: impl Fn(&mut dyn FnMut(usize) -> usize) -> Option<Move>,
) -> Check {
    for (i, &want) in list.iter().enumerate() {
        let mut told = None;
        let got = pick(&mut |n| {
            told = Some(n);
            i
        });
        ensure!(
            told == Some(list.len()),
            "told {told:?} moves, the list has {}",
            list.len()
        );
        ensure!(
            got == Some(want),
            "move {i} is {got:?}, the list has {want}"
        );
    }
    let past = pick(&mut |n| n);
    ensure!(past.is_none(), "an index past the end gave {past:?}");
    Ok(())
}

/// What a turn check compares: the observable part of a game state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Observed {
    /// The board.
    pub board: Board,
    /// The score.
    pub score: u64,
    /// Accepted moves.
    pub moves: u32,
    /// The next id to be minted.
    pub next_id: u32,
    /// The status.
    pub status: Status,
}

impl From<&Snapshot> for Observed {
    fn from(s: &Snapshot) -> Self {
        Observed {
            board: s.board().clone(),
            score: s.score(),
            moves: s.moves(),
            next_id: s.next_id(),
            status: s.status(),
        }
    }
}

/// Invariant 3: a rejected move left the game bit-for-bit unchanged.
pub fn rejected_move(before: &Snapshot, mv: Move, error: &MoveError, after: &Snapshot) -> Check {
    ensure!(
        before == after,
        "rejected {mv} ({error}) changed the game:\n  before {before:?}\n  after  {after:?}"
    );
    Ok(())
}

/// Invariants 4–7 for one accepted turn (`mv` is `None` for a resolve): the board ends
/// stable and settled, the status is right, ids are unique, kept and newly minted exactly
/// once each, score and move count add up, and replaying the trace reproduces the board.
pub fn turn<R: Rules + ?Sized>(
    rules: &R,
    before: &Observed,
    mv: Option<Move>,
    trace: &Trace,
    after: &Observed,
) -> Check {
    let what = mv.map_or_else(|| "resolve".to_string(), |m| m.to_string());
    let ctx = format!("{what} on {}", before.board);
    phases_scored(rules, &ctx, before, trace)?;
    if matches!(mv, Some(Move::Swap(..) | Move::Tap(_))) {
        ensure!(
            !trace.phases.is_empty(),
            "{ctx}: an accepted {what} cleared nothing"
        );
    }
    totals(&ctx, before, mv, trace, after)?;
    board_after(rules, &ctx, before, trace, after)?;
    ids(&ctx, before, trace, after)?;
    board_masks(&after.board)?;
    match trace.replay(&before.board) {
        Ok(board) => ensure!(
            board == after.board,
            "{ctx}: replaying the trace gives {board}, the game has {}",
            after.board
        ),
        Err(e) => return Err(Violation(format!("{ctx}: trace does not replay: {e}"))),
    }
    Ok(())
}

/// Phases: chain 1, 2, …; cleared sorted, unique and not empty; each phase scored as the
/// rules score it from the board it started on.
fn phases_scored<R: Rules + ?Sized>(
    rules: &R,
    ctx: &str,
    before: &Observed,
    trace: &Trace,
) -> Check {
    let starts = trace
        .phase_boards(&before.board)
        .map_err(|e| Violation(format!("{ctx}: trace does not replay: {e}")))?;
    let (mut score, moves) = (
        before.score,
        before.moves + u32::from(trace.opening.is_some()),
    );
    for (i, (phase, start)) in trace.phases.iter().zip(&starts).enumerate() {
        let tally = Tally {
            score,
            moves,
            ..Tally::ZERO
        };
        ensure!(
            phase.chain == i as u32 + 1,
            "{ctx}: phase {i} has chain {}",
            phase.chain
        );
        ensure!(
            phase.cleared.windows(2).all(|w| w[0] < w[1]),
            "{ctx}: chain {} cleared list not sorted and unique: {:?}",
            phase.chain,
            phase.cleared
        );
        // A clear that takes in a locked piece breaks its lock and leaves the piece: a
        // tap on a group of locked pieces only, say, removes nothing and still plays.
        let unlocked =
            (phase.obstacles.iter()).any(|e| matches!(e, ObstacleEvent::Unlocked { .. }));
        ensure!(
            !phase.cleared.is_empty() || unlocked,
            "{ctx}: chain {} cleared nothing and broke no lock",
            phase.chain
        );
        let matched: CellSet = phase.matched.iter().copied().collect();
        let cleared: CellSet = phase.cleared.iter().copied().collect();
        let fired: Vec<match3_core::Fire> = phase.fired.iter().map(|f| f.fire).collect();
        let created: Vec<_> = phase.created.iter().map(|c| (c.pos, c.piece)).collect();
        let want = rules.score(&match3_core::ScoredPhase {
            chain: phase.chain,
            matches: match3_core::Matches::new(start, &matched),
            cleared: &cleared,
            fired: &fired,
            created: &created,
            progress: Progress::new(start, &Level::NONE, &tally, phase.chain),
        });
        score += phase.score;
        ensure!(
            phase.score == want,
            "{ctx}: chain {} scored {} for {} cells, rules say {want}",
            phase.chain,
            phase.score,
            phase.cleared.len()
        );
        let moved = match (phase.chain, &trace.opening) {
            (1, Some(Opening::Swap { a, b, .. })) => vec![*b, *a],
            (1, Some(Opening::Drop { to, .. })) => vec![*to],
            (1, Some(Opening::Tap { pos })) => vec![*pos],
            _ => Vec::new(),
        };
        creation_foreseen(rules, ctx, phase, start, (&matched, &moved))?;
        blasts_foreseen(rules, ctx, phase, start)?;
        combo_foreseen(rules, ctx, phase, &before.board)?;
    }
    Ok(())
}

/// A phase that made a special on a board without one (or, when the rules say their
/// answers hold there, on one with specials, unless it is a combo's) was one the rules' specials
/// said may make one ([`Rules::may_create_on_planes`]): a wrong "no" lets the score-only
/// look-ahead play that phase on the planes, where the special is lost. On such boards
/// the specials the rules create from the planes, when they say
/// ([`Rules::create_on_planes`]), are those the phase made, unless one of them would go
/// elsewhere than its own cell (the look-ahead then leaves the phase to the cells).
fn creation_foreseen<R: Rules + ?Sized>(
    rules: &R,
    ctx: &str,
    phase: &match3_core::Phase,
    start: &Board,
    (matched, moved): (&CellSet, &[Pos]),
) -> Check {
    let made = !phase.created.is_empty() || !phase.unplaced.is_empty();
    let specials = start
        .pieces()
        .any(|(_, piece, _)| piece.special().is_some());
    // A phase that fires plays on the planes when the blasts are told there; a combo's
    // goes to the cells before its creations are asked about.
    let combo = phase.fired.iter().any(|f| f.fire.partner.is_some());
    let relied = !specials || (rules.may_create_on_planes_with_specials() && !combo);
    if !relied {
        return Ok(());
    }
    let view = match3_core::planes::PlaneView::of(start);
    ensure!(
        !made || rules.may_create_on_planes(view, matched),
        "{ctx}: chain {} made {:?}, but the specials said from the planes it could not",
        phase.chain,
        phase.created
    );
    let mut foreseen = Vec::new();
    let site = &mut match3_core::specials::CreateOnPlanes::new(view, matched, moved, &mut foreseen);
    if !rules.create_on_planes(site) || !on_own_cells(&foreseen, &phase.cleared) {
        return Ok(());
    }
    let made: Vec<_> = phase.created.iter().map(|c| (c.pos, c.piece)).collect();
    ensure!(
        made == foreseen && phase.unplaced.is_empty(),
        "{ctx}: chain {} made {made:?} (not placed: {:?}), but the specials said from the \
         planes it makes {foreseen:?}",
        phase.chain,
        phase.unplaced
    );
    Ok(())
}

/// Every blast of a phase on a board without obstacles that the specials tell from the
/// planes ([`Rules::blast_on_planes`]) is the blast play made: a wrong answer makes the
/// searches' probes and the score-only look-ahead fire other blasts than play. (Combos
/// are [`combo_foreseen`]'s; boards with obstacles are left to the probes' own check,
/// since crates change what a blast clears.)
fn blasts_foreseen<R: Rules + ?Sized>(
    rules: &R,
    ctx: &str,
    phase: &match3_core::Phase,
    start: &Board,
) -> Check {
    if start.has_obstacles() {
        return Ok(());
    }
    let view = match3_core::planes::PlaneView::of(start);
    for fired in phase.fired.iter().filter(|f| f.fire.partner.is_none()) {
        let (pos, piece) = (fired.fire.pos, fired.fire.piece);
        let site = match3_core::specials::BlastOnPlanes::new(view, pos, piece);
        let Some(area) = rules.blast_on_planes(&site) else {
            continue;
        };
        let told = pieces_in(&area, start);
        ensure!(
            told == fired.cleared,
            "{ctx}: chain {}: {piece} at {pos} blasted {:?}, but the specials said from the \
             planes it blasts {told:?}",
            phase.chain,
            fired.cleared
        );
    }
    Ok(())
}

/// The combo a swap made on a board without obstacles, when the specials tell it from
/// the planes of the board before the swap ([`Rules::combo_on_planes`]), is the combo
/// play made: a wrong answer makes the searches' probes play other games than play.
fn combo_foreseen<R: Rules + ?Sized>(
    rules: &R,
    ctx: &str,
    phase: &match3_core::Phase,
    before: &Board,
) -> Check {
    if before.has_obstacles() {
        return Ok(());
    }
    let view = match3_core::planes::PlaneView::of(before);
    for fired in &phase.fired {
        let Some((from, _, moved_onto)) = fired.fire.partner else {
            continue;
        };
        let (to, moved) = (fired.fire.pos, fired.fire.piece);
        let site = match3_core::specials::ComboOnPlanes::new(view, (from, to), (moved, moved_onto));
        let Some(area) = rules.combo_on_planes(&site) else {
            continue;
        };
        let told = pieces_in(&area, before);
        ensure!(
            told == fired.cleared,
            "{ctx}: the combo of {moved} from {from} onto {to} with {moved_onto} cleared \
             {:?}, but the specials said from the planes it clears {told:?}",
            fired.cleared
        );
    }
    Ok(())
}

/// The cells of `area` that hold a piece on `board`, row-major: what a blast or combo
/// over `area` clears (the trace lists the pieces each fire cleared).
fn pieces_in(area: &CellSet, board: &Board) -> Vec<Pos> {
    (area.iter())
        .filter(|&p| board.get(p).is_ok_and(|c| c.piece().is_some()))
        .collect()
}

/// Whether every special of `created` goes on its own cell: one of `cleared` that no
/// special before it took.
fn on_own_cells(created: &[(Pos, match3_core::Piece)], cleared: &[Pos]) -> bool {
    (created.iter().enumerate())
        .all(|(i, (pos, _))| cleared.contains(pos) && created[..i].iter().all(|(p, _)| p != pos))
}

/// Score and move count add up.
fn totals(
    ctx: &str,
    before: &Observed,
    mv: Option<Move>,
    trace: &Trace,
    after: &Observed,
) -> Check {
    ensure!(
        after.score == before.score + trace.score(),
        "{ctx}: score {} -> {} but phases add {}",
        before.score,
        after.score,
        trace.score()
    );
    let want_moves = before.moves + u32::from(mv.is_some());
    ensure!(
        after.moves == want_moves,
        "{ctx}: move count {} -> {}",
        before.moves,
        after.moves
    );
    Ok(())
}

/// The board after the turn: stable, settled (when the turn ran or it started settled),
/// with the right status.
fn board_after<R: Rules + ?Sized>(
    rules: &R,
    ctx: &str,
    before: &Observed,
    trace: &Trace,
    after: &Observed,
) -> Check {
    let left = rules.find_matches(&after.board);
    ensure!(
        left.is_empty(),
        "{ctx}: board {} still matches at {left:?}",
        after.board
    );
    let settle = crate::obstacles::Settle::of(rules, &match3_core::Level::NONE);
    if !trace.phases.is_empty() || settle.is_settled(&before.board) {
        ensure!(
            settle.is_settled(&after.board),
            "{ctx}: board {} is not settled: its gravity would still move something",
            after.board
        );
    }
    let status = status_of(rules, &after.board);
    ensure!(
        after.status == status,
        "{ctx}: status {:?}, should be {status:?}",
        after.status
    );
    Ok(())
}

/// A loaded game's invariants, then `turns` of its legal moves: the board's masks agree
/// with its cells, ids are unique and below the counter, every listed move plays (or the
/// game says its counters are exhausted) and changes score, move count and ids as its
/// trace says, the trace replays, and a move the game rejects changes nothing. Unlike
/// [`turn`], the status is left to the game's level (won, lost, …).
pub fn loaded_game<R: Rules + ?Sized>(
    game: &mut Game<&R>,
    turns: usize,
    pick: &mut dyn FnMut() -> u16,
) -> Check {
    board_masks(game.board())?;
    let state = Observed::from(game.state());
    let mut seen = HashSet::new();
    for pos in state.board.size().positions() {
        if let Some(id) = state.board.id(pos) {
            ensure!(seen.insert(id), "loaded board holds id {id} twice");
            ensure!(
                id < state.next_id,
                "loaded id {id} is not below the counter {}",
                state.next_id
            );
        }
    }
    for _ in 0..turns {
        let legal = game.legal_moves();
        let Some(&mv) = legal.get(usize::from(pick()) % legal.len().max(1)) else {
            break;
        };
        let before = game.snapshot();
        match game.play(mv) {
            Ok(trace) => {
                let after = Observed::from(game.state());
                let ctx = format!("loaded game, {mv} on {}", before.board());
                ensure!(
                    after.score == before.score().saturating_add(trace.score()),
                    "{ctx}: score {} -> {} but the phases add {}",
                    before.score(),
                    after.score,
                    trace.score()
                );
                ensure!(
                    after.moves == before.moves() + 1,
                    "{ctx}: move count {} -> {}",
                    before.moves(),
                    after.moves
                );
                ids(&ctx, &(&before).into(), &trace, &after)?;
                board_masks(&after.board)?;
                let replayed = trace
                    .replay(before.board())
                    .map_err(|e| Violation(format!("{ctx}: trace does not replay: {e}")))?;
                ensure!(
                    replayed == after.board,
                    "{ctx}: replay gives {replayed}, the game has {}",
                    after.board
                );
            }
            // Bounded work: a counter at its limit, or a cascade that cannot settle (a
            // palette too small for calm refills), is refused and changes nothing.
            Err(e @ (MoveError::Exhausted { .. } | MoveError::Runaway { .. })) => {
                rejected_move(&before, mv, &e, game.state())?
            }
            Err(e) => {
                return Err(Violation(format!(
                    "loaded game: listed move {mv} was rejected: {e}"
                )));
            }
        }
    }
    // An arbitrary far swap is refused and changes nothing.
    let before = game.snapshot();
    let far = Move::Swap(Pos::new(0, 0), Pos::new(40, 40));
    match game.play(far) {
        Ok(_) => Err(Violation("a swap off the board was accepted".into())),
        Err(e) => rejected_move(&before, far, &e, game.state()),
    }
}

fn ids(ctx: &str, before: &Observed, trace: &Trace, after: &Observed) -> Check {
    let old: HashMap<u32, match3_core::Cell> = before
        .board
        .iter()
        .filter_map(|(p, c)| before.board.id(p).map(|id| (id, c)))
        .collect();
    let mut seen = HashSet::new();
    for (pos, cell) in after.board.iter() {
        let Some(id) = after.board.id(pos) else {
            continue;
        };
        ensure!(
            seen.insert(id),
            "{ctx}: id {id} appears twice on {}",
            after.board
        );
        match old.get(&id) {
            Some(&was) => ensure!(
                was == cell,
                "{ctx}: id {id} changed from {was:?} to {cell:?}"
            ),
            None => ensure!(
                (before.next_id..after.next_id).contains(&id),
                "{ctx}: id {id} at {pos} is neither old nor newly minted"
            ),
        }
    }
    // Every minted id appears in exactly one creation event, in creation order.
    let mut minted: Vec<u32> = Vec::new();
    if let Some(Opening::Drop { id, .. }) = trace.opening {
        minted.push(id);
    }
    for phase in &trace.phases {
        minted.extend(phase.created.iter().map(|c| c.id));
        minted.extend(phase.spawns.iter().map(|s| s.id));
    }
    let want: Vec<u32> = (before.next_id..after.next_id).collect();
    ensure!(
        minted == want,
        "{ctx}: new ids in the trace {minted:?}, counter went {want:?}"
    );
    Ok(())
}

/// One turn of a scenario: the move (`None` for the opening resolve) and its result.
pub type Outcome = (Option<Move>, Result<Trace, MoveError>);

/// Plays a scenario: the board (resolved first), then each pick; checks every accepted
/// turn with [`turn`], every rejection with [`rejected_move`], that moves listed as
/// legal are accepted, and that look-ahead agrees with play ([`speculation`],
/// [`horizons`], [`score_only`]). Returns every turn's outcome for determinism checks.
/// A violation names the starting board, the seed and the moves played before the one
/// that broke.
pub fn scenario<R: Rules + ?Sized>(
    rules: &R,
    board: &Board,
    seed: u64,
    picks: &[Pick],
) -> Result<Vec<Outcome>, Violation> {
    let mut played = Vec::new();
    scenario_steps(rules, board, seed, picks, &mut played).map_err(|v| {
        let moves: Vec<String> = played.iter().map(Move::to_string).collect();
        Violation(format!(
            "{v}\n  starting from {board} with seed {seed}, after the moves [{}]",
            moves.join(", ")
        ))
    })
}

fn scenario_steps<R: Rules + ?Sized>(
    rules: &R,
    board: &Board,
    seed: u64,
    picks: &[Pick],
    played: &mut Vec<Move>,
) -> Result<Vec<Outcome>, Violation> {
    let mut game = Game::from_board(rules, board.clone(), seed)
        .map_err(|e| Violation(format!("cannot load generated board {board}: {e}")))?;
    let mut log = Vec::new();
    let before = game.snapshot();
    let result = game.resolve();
    match &result {
        Ok(trace) => turn(rules, &(&before).into(), None, trace, &game.state().into())?,
        Err(e) => rejected_move_resolve(&before, e, game.state())?,
    }
    log.push((None, result));
    // A probe from the position after the resolve plays every move beside the game.
    let origin = game.clone();
    let mut probe = origin.probe();
    for &pick in picks {
        let mv = match pick {
            Pick::Legal(k) => {
                let legal = game.legal_moves();
                if legal.is_empty() {
                    continue;
                }
                legal[k as usize % legal.len()]
            }
            Pick::Any(mv) => mv,
        };
        let result = play_checked(rules, &mut game, mv, matches!(pick, Pick::Legal(_)))?;
        if result.is_ok() {
            played.push(mv);
        }
        if played.len().is_multiple_of(3) {
            // A future's last move, on a probe of its own put at the game's position.
            let mut last = origin.probe();
            last.reset(game.state());
            last_move_follows(&game, &mut last)?;
        }
        let on_probe = probe.play(mv);
        let compare_states = played.len().is_multiple_of(4);
        probe_follows(
            &game,
            &mut probe,
            (result.as_ref(), on_probe),
            compare_states,
        )?;
        log.push((Some(mv), result));
        game_lists_agree(rules, &game)?;
    }
    Ok(log)
}

/// A probe ([`Game::probe`]) that plays the game's moves beside it stays where the game
/// is: the same summary (`on_probe`) as the game's turn (`played`), or the same error;
/// the same status, tally, goal units, legal moves and picks; and the same state after a
/// rejected move, or when `compare_states` (its cells made to catch up, which a probe does
/// only when its state is read). A probe plays plain moves on the bit planes alone when
/// the rules allow, so this holds the planes' answers (the detection's `on_planes` and
/// `swaps_on_planes`, the move set's `taps_on_planes` and `tap_on_planes`) to the cells'. After a turn that fails the probe is put back on the
/// game's state (a failed turn spends a probe, while the game puts its state back).
pub fn probe_follows<R: Rules + ?Sized>(
    game: &Game<&R>,
    probe: &mut Probe<'_, &R>,
    (played, on_probe): (Result<&Trace, &MoveError>, Result<TurnSummary, MoveError>),
    compare_states: bool,
) -> Check {
    let ctx = format!("a probe beside the game, now at {}", game.state().board());
    match (played, &on_probe) {
        (Ok(trace), Ok(summary)) => {
            let phases = trace.phases.iter().map(|p| p.chain).max().unwrap_or(0);
            let want = TurnSummary {
                score: trace.score(),
                phases,
                status: game.status(),
            };
            ensure!(
                *summary == want,
                "{ctx}: the probe's turn gives {summary:?}, the game's {want:?}"
            );
        }
        (Err(e), Err(f)) => ensure!(e == f, "{ctx}: the game says {e}, the probe {f}"),
        _ => {
            return Err(Violation(format!(
                "{ctx}: the game's turn gives {:?}, the probe's {on_probe:?}",
                played.map(Trace::score)
            )));
        }
    }
    if let Err(e) = played
        && matches!(
            e,
            MoveError::Runaway { .. } | MoveError::Part(_) | MoveError::Exhausted { .. }
        )
    {
        probe.reset(game.state());
        return Ok(());
    }
    outcome_follows(game, probe, &ctx)?;
    if compare_states || played.is_err() {
        let state = probe.state();
        ensure!(
            state == game.state(),
            "{ctx}: the probe's cells caught up at {}, score {}, next id {}; the game has score {}, next id {}",
            state.board(),
            state.score(),
            state.next_id(),
            game.state().score(),
            game.state().next_id()
        );
    }
    Ok(())
}

/// The probe's status, tally, goal units, legal moves and picks are the game's.
fn outcome_follows<R: Rules + ?Sized>(game: &Game<&R>, probe: &Probe<'_, &R>, ctx: &str) -> Check {
    ensure!(
        (probe.status(), probe.tally()) == (game.status(), *game.state().tally()),
        "{ctx}: the probe has status {:?} and tally {:?}, the game {:?} and {:?}",
        probe.status(),
        probe.tally(),
        game.status(),
        game.state().tally()
    );
    ensure!(
        probe.goal_units() == game.state().goal_units(game.level()),
        "{ctx}: the probe counts {} goal units, the game {}",
        probe.goal_units(),
        game.state().goal_units(game.level())
    );
    let mut listed = Vec::new();
    probe.legal_moves_into(&mut listed);
    ensure!(
        listed == game.legal_moves(),
        "{ctx}: the probe lists {listed:?}, the game {:?}",
        game.legal_moves()
    );
    for n in [0, 5, 17] {
        let (a, b) = (
            probe.pick_legal_move(|len| n % len),
            game.pick_legal_move(|len| n % len),
        );
        ensure!(
            a == b,
            "{ctx}: pick {n} gives {a:?} on the probe, {b:?} on the game"
        );
        // The search asks for the first move it wants, here the one at `n`.
        let mut seen = 0;
        let found = probe.find_legal_move(|_| {
            seen += 1;
            seen > n % listed.len().max(1)
        });
        ensure!(
            found == listed.get(n % listed.len().max(1)).copied(),
            "{ctx}: looking for legal move {n} finds {found:?} on the probe, in {listed:?}"
        );
    }
    Ok(())
}

/// A future's last move on a probe at the game's position ([`Probe::play_last`]) is the
/// game's turn of the game's first legal move, with the level's verdict alone for status
/// (else the status it had), after which the probe lists and picks no move.
pub fn last_move_follows<R: Rules + ?Sized>(game: &Game<&R>, probe: &mut Probe<'_, &R>) -> Check {
    let Some(&mv) = game.legal_moves().first() else {
        return Ok(());
    };
    let mut after = game.snapshot();
    let whole = game.speculate(mv, &mut after);
    let last = probe.play_last(mv);
    let ctx = format!("{mv} as a future's last move on {}", game.state().board());
    let (whole, last) = match (whole, last) {
        (Ok(whole), Ok(last)) => (whole, last),
        (Err(e), Err(f)) if e == f => return Ok(()),
        (whole, last) => {
            return Err(Violation(format!(
                "{ctx}: the game's turn gives {whole:?}, the probe's {last:?}"
            )));
        }
    };
    let status = verdict(game.level(), &after).unwrap_or(game.status());
    ensure!(
        last == TurnSummary { status, ..whole },
        "{ctx}: the probe gives {last:?}, the game {whole:?} with the verdict {status:?}"
    );
    ensure!(
        (probe.status(), probe.tally()) == (status, *after.tally()),
        "{ctx}: the probe ends with status {:?} and tally {:?}, the game's turn with {:?}",
        probe.status(),
        probe.tally(),
        after.tally()
    );
    let mut listed = vec![mv];
    probe.legal_moves_into(&mut listed);
    ensure!(
        listed.is_empty()
            && probe.pick_legal_move(|_| 0).is_none()
            && probe.find_legal_move(|_| true).is_none(),
        "{ctx}: the probe still lists {listed:?} after a future's last move"
    );
    // Without a verdict the game's status looked for a move, and a deadlock's shuffle
    // (tried, if not made) draws from the generator and moves the pieces; the future's
    // last move does neither.
    let shuffled = after.shuffles() != game.state().shuffles();
    let searched = verdict(game.level(), &after).is_none();
    let drew = searched && (shuffled || after.status() != Status::Playable);
    let state = probe.state();
    ensure!(
        state.next_id() == after.next_id()
            && (shuffled || state.board() == after.board())
            && (drew || state.rng() == after.rng()),
        "{ctx}: the probe's cells caught up at {:?} (next id {}, same generator {}), the game's turn ends at {:?} ({})",
        state.board(),
        state.next_id(),
        state.rng() == after.rng(),
        after.board(),
        after.next_id(),
    );
    Ok(())
}

/// The level's verdict on `state`: won when every goal is met, else over when the move
/// limit is reached (won without goals, lost with them).
fn verdict(level: &Level, state: &Snapshot) -> Option<Status> {
    if !level.goals.is_empty() && state.meets(level) {
        return Some(Status::Won);
    }
    let limit = level.moves?;
    (state.tally().moves >= limit).then_some(match level.goals.is_empty() {
        true => Status::Won,
        false => Status::Lost,
    })
}

/// Plays `mv` (listed as legal, or not) after looking ahead at it every way the game
/// can, and checks the look-ahead against the play and the turn (or rejection) itself.
fn play_checked<R: Rules + ?Sized>(
    rules: &R,
    game: &mut Game<&R>,
    mv: Move,
    listed: bool,
) -> Result<Result<Trace, MoveError>, Violation> {
    let before = game.snapshot();
    let (mut spec_state, mut eval_state) = (game.snapshot(), game.snapshot());
    let spec = game.speculate(mv, &mut spec_state);
    opened_move(game, mv, (&spec, &spec_state))?;
    let phases = |n| Horizon::Phases(std::num::NonZeroU32::new(n).expect("not zero"));
    // Each horizon's full look-ahead once, held against the score-only one.
    let mut scores = game.score_scratch();
    let looks = [Horizon::Cascade, phases(1), phases(2), Horizon::Known].map(|horizon| {
        let full = match horizon {
            Horizon::Cascade => game.evaluate(mv, &mut eval_state, None),
            _ => game.evaluate_within(mv, &mut eval_state, None, horizon),
        };
        let full_units = eval_state.goal_units(game.level());
        let only = game.score_within(mv, &mut scores, None, horizon);
        let only_units = scores.goal_units(game.level());
        let check = score_only(
            &before,
            mv,
            horizon,
            (&full, full_units),
            (&only, only_units),
        );
        (full, check)
    });
    for (_, check) in &looks {
        check.clone()?;
    }
    guessed_refills(game, mv, &before)?;
    let [eval, within @ ..] = looks.map(|(full, _)| full);
    let result = game.play(mv);
    horizons(rules, &before, mv, &within, &result)?;
    speculation(
        &before,
        mv,
        &spec,
        &spec_state,
        &eval,
        &result,
        game.state(),
    )?;
    match &result {
        Ok(trace) => turn(
            rules,
            &(&before).into(),
            Some(mv),
            trace,
            &game.state().into(),
        )?,
        Err(e) => {
            rejected_move(&before, mv, e, game.state())?;
            ensure!(
                !listed,
                "{mv} was listed as legal on {} but rejected: {e}",
                before.board()
            );
        }
    }
    Ok(result)
}

/// The game's own move list, legal-move test, swap sets and picks (which may reuse what
/// its status computation found) equal a fresh enumeration.
fn game_lists_agree<R: Rules + ?Sized>(rules: &R, game: &Game<&R>) -> Check {
    let mut fresh = Vec::new();
    for_each_legal_move(rules, game.board(), |m| {
        fresh.push(m);
        true
    });
    ensure!(
        game.legal_moves() == fresh,
        "game lists {:?} but the board has {fresh:?} on {}",
        game.legal_moves(),
        game.board()
    );
    ensure!(
        game.has_legal_move() != fresh.is_empty(),
        "has_legal_move disagrees on {}",
        game.board()
    );
    ensure!(
        game.legal_swaps() == swap_sets(&fresh),
        "Game::legal_swaps gives {:?} but the board has {fresh:?} on {}",
        game.legal_swaps(),
        game.board()
    );
    picks_agree(&fresh, |pick| game.pick_legal_move(pick)).map_err(|e| {
        Violation(format!(
            "Game::pick_legal_move on {}: {}",
            game.board(),
            e.0
        ))
    })
}

/// The swaps among `moves` as cell sets, keyed by the upper or left cell.
fn swap_sets(moves: &[Move]) -> SwapMasks {
    let mut masks = SwapMasks::default();
    for &mv in moves {
        if let Move::Swap(a, b) = mv {
            masks.insert(a, b);
        }
    }
    masks
}

/// Look-ahead agrees with play: [`Game::speculate`] (with the game's own generator)
/// accepts exactly the moves `play` accepts and ends in the same state, and
/// [`Game::evaluate`] gives the same score.
pub fn speculation(
    before: &Snapshot,
    mv: Move,
    spec: &Result<match3_core::TurnSummary, MoveError>,
    spec_state: &Snapshot,
    eval: &Result<u64, MoveError>,
    played: &Result<Trace, MoveError>,
    after: &Snapshot,
) -> Check {
    let ctx = format!("{mv} on {}", before.board());
    match (spec, eval, played) {
        (Ok(s), Ok(e), Ok(t)) => {
            ensure!(
                s.score == t.score() && *e == t.score(),
                "{ctx}: speculate scores {}, evaluate {e}, play {}",
                s.score,
                t.score()
            );
            ensure!(
                spec_state == after,
                "{ctx}: speculation ends on {}, play on {}",
                spec_state.board(),
                after.board()
            );
            Ok(())
        }
        (Err(a), Err(b), Err(c)) => {
            ensure!(
                a == b && b == c,
                "{ctx}: rejections differ: {a} / {b} / {c}"
            );
            Ok(())
        }
        _ => Err(Violation(format!(
            "{ctx}: speculate {:?}, evaluate {:?} and play {:?} disagree on legality",
            spec.as_ref().map(|s| s.score),
            eval,
            played.as_ref().map(Trace::score)
        ))),
    }
}

/// A move opened up to its first refill ([`Game::open_move`]) and finished
/// ([`Game::finish_move`]) ends as the whole move does: with the game's own generator as
/// [`Game::speculate`] (`spec`), with another one as [`Game::speculate_with`] it, the
/// same summary and state; a move that cannot be opened is rejected as `spec` is. The
/// second generator catches parts that read the generator without drawing from it.
pub fn opened_move<R: Rules + ?Sized>(
    game: &Game<&R>,
    mv: Move,
    (spec, spec_state): (&Result<match3_core::TurnSummary, MoveError>, &Snapshot),
) -> Check {
    let ctx = format!("{mv} on {}", game.state().board());
    let opened = match game.open_move(mv) {
        Ok(Some(opened)) => opened,
        Ok(None) => return Ok(()),
        Err(e) => {
            ensure!(
                spec.as_ref().err() == Some(&e),
                "{ctx}: open_move rejects ({e}), speculate gives {spec:?}"
            );
            return Ok(());
        }
    };
    let other = GameRng::new(0x5eed_0fa1);
    let mut whole_state = game.snapshot();
    let whole = game.speculate_with(mv, &mut whole_state, Some(&other), &mut NoTrace);
    // One probe finishes the move under both generators in turn, as a search does.
    let mut probe = game.probe();
    for (refills, (whole, whole_state)) in [
        (game.state().rng(), (spec, spec_state)),
        (&other, (&whole, &whole_state)),
    ] {
        let mut finished = game.snapshot();
        let summary = game.finish_move(&opened, &mut finished, refills);
        ensure!(
            &summary == whole,
            "{ctx}: the opened move finishes with {summary:?}, the whole move gives {whole:?}"
        );
        ensure!(
            summary.is_err() || &finished == whole_state,
            "{ctx}: the opened move finishes on {}, the whole move on {}",
            finished.board(),
            whole_state.board()
        );
        let on_probe = probe.finish_move(&opened, refills);
        ensure!(
            &on_probe == whole,
            "{ctx}: the opened move finishes on a probe with {on_probe:?}, the whole move gives {whole:?}"
        );
        if on_probe.is_ok() {
            let outcome = (probe.status(), probe.tally());
            let want = (whole_state.status(), *whole_state.tally());
            ensure!(
                outcome == want,
                "{ctx}: the probe's finish ends with {outcome:?}, the whole move with {want:?}"
            );
            ensure!(
                probe.state() == whole_state,
                "{ctx}: the probe's finish ends on {}, the whole move on {}",
                probe.state().board(),
                whole_state.board()
            );
        }
    }
    Ok(())
}

/// The score-only look-ahead agrees with the full one when both draw new pieces from a
/// guessing generator instead of the game's, as the greedy bot looks ahead.
fn guessed_refills<R: Rules + ?Sized>(game: &Game<&R>, mv: Move, before: &Snapshot) -> Check {
    let guess = GameRng::new(u64::from(before.tally().moves).wrapping_add(0x9e37));
    cascade_score_only(game, mv, Some(&guess))
}

/// [`score_only`] for `mv`'s whole cascade from `game`'s position, new pieces drawn from
/// `refills` (the game's own generator when `None`).
pub(crate) fn cascade_score_only<R: Rules + ?Sized>(
    game: &Game<&R>,
    mv: Move,
    refills: Option<&GameRng>,
) -> Check {
    let (mut state, mut scores) = (game.snapshot(), game.score_scratch());
    let full = game.evaluate_within(mv, &mut state, refills, Horizon::Cascade);
    let only = game.score_within(mv, &mut scores, refills, Horizon::Cascade);
    let level = game.level();
    let (full_units, only_units) = (state.goal_units(level), scores.goal_units(level));
    let (full, only) = ((&full, full_units), (&only, only_units));
    score_only(game.state(), mv, Horizon::Cascade, full, only)
}

/// The score-only look-ahead ([`Game::score_within`], which may move only the board's
/// masks) agrees with [`Game::evaluate_within`] within the same `horizon`: the same
/// score or the same rejection, and the same goal units after it.
pub fn score_only(
    before: &Snapshot,
    mv: Move,
    horizon: Horizon,
    (full, full_units): (&Result<u64, MoveError>, u64),
    (only, only_units): (&Result<u64, MoveError>, u64),
) -> Check {
    let ctx = format!("{mv} within {horizon:?} on {}", before.board());
    ensure!(
        full == only,
        "{ctx}: evaluate_within gives {full:?}, score_within {only:?}"
    );
    ensure!(
        full.is_err() || full_units == only_units,
        "{ctx}: evaluate_within leaves {full_units} goal units, score_within {only_units}"
    );
    Ok(())
}

/// A look-ahead within a horizon agrees with play: `within` holds what
/// [`Game::evaluate_within`] (with the game's own generator) gave for one phase, two
/// phases and [`Horizon::Known`]. The first two are the played turn's first one and two
/// phase scores (those phases come before any refill they could differ by); the known
/// cascade begins with the same first phase, and is the whole turn for rules that do
/// not refill. A move play rejects is rejected alike, except a runaway cascade, which a
/// short horizon never reaches.
pub fn horizons<R: Rules + ?Sized>(
    rules: &R,
    before: &Snapshot,
    mv: Move,
    within: &[Result<u64, MoveError>; 3],
    played: &Result<Trace, MoveError>,
) -> Check {
    let ctx = format!("{mv} on {}", before.board());
    let [first, two, known] = within;
    match played {
        Ok(t) => {
            let upto = |n: usize| t.phases.iter().take(n).map(|p| p.score).sum::<u64>();
            ensure!(
                *first == Ok(upto(1)) && *two == Ok(upto(2)),
                "{ctx}: one and two phases evaluate to {first:?} and {two:?}, play scores \
                 {} and {}",
                upto(1),
                upto(2)
            );
            let Ok(known) = known else {
                return Err(Violation(format!(
                    "{ctx}: the known cascade fails: {known:?}"
                )));
            };
            ensure!(
                *known >= upto(1),
                "{ctx}: the known cascade scores {known}, below the first phase's {}",
                upto(1)
            );
            ensure!(
                rules.refills() || *known == t.score(),
                "{ctx}: without refills the known cascade scores {known}, play {}",
                t.score()
            );
            Ok(())
        }
        Err(MoveError::Runaway { .. }) => Ok(()),
        Err(e) => {
            ensure!(
                within.iter().all(|w| w.as_ref() == Err(e)),
                "{ctx}: play rejects ({e}), the horizons give {within:?}"
            );
            Ok(())
        }
    }
}

fn rejected_move_resolve(before: &Snapshot, error: &MoveError, after: &Snapshot) -> Check {
    ensure!(before == after, "failed resolve ({error}) changed the game");
    Ok(())
}

/// Invariant 7: the same rules, board, seed and moves give identical outcomes, traces
/// and final states.
pub fn determinism<R: Rules + ?Sized>(
    rules: &R,
    board: &Board,
    seed: u64,
    picks: &[Pick],
) -> Check {
    let first = scenario(rules, board, seed, picks)?;
    let second = scenario(rules, board, seed, picks)?;
    ensure!(
        first == second,
        "two runs of seed {seed} on {board} with {picks:?} differ"
    );
    Ok(())
}

/// Invariant 8: a new game is stable, has a legal move, is `Playable`, and its seed alone
/// fixes its board. An error is accepted only when `must_succeed` is false.
pub fn new_game<R: Rules + ?Sized>(rules: &R, config: GameConfig, must_succeed: bool) -> Check {
    let game = match Game::new(rules, config) {
        Ok(game) => game,
        Err(e) if !must_succeed => {
            let _ = e.to_string();
            return Ok(());
        }
        Err(e) => return Err(Violation(format!("new game {config:?} failed: {e}"))),
    };
    let board = game.board();
    let matched = rules.find_matches(board);
    ensure!(
        matched.is_empty(),
        "new board {board} ({config:?}) matches at {matched:?}"
    );
    ensure!(
        game.has_legal_move(),
        "new board {board} ({config:?}) has no legal move"
    );
    ensure!(
        game.status() == Status::Playable,
        "new board {board} status {:?}",
        game.status()
    );
    ensure!(
        board.size() == config.size,
        "new board {board} is not {}",
        config.size
    );
    let again = Game::new(rules, config).map_err(|e| Violation(e.to_string()))?;
    ensure!(
        again.board() == board,
        "seed {} gave two boards",
        config.seed
    );
    Ok(())
}

/// Invariant 9 (finite): every colour's count on the board after the turn equals its
/// count before, minus the cleared cells of that colour. Needs a no-refill variant.
pub fn colors_conserved(before: &Board, trace: &Trace, after: &Board) -> Check {
    let count = |b: &Board| {
        let mut m: HashMap<Option<match3_core::Color>, i64> = HashMap::new();
        for (_, p, _) in b.pieces() {
            *m.entry(p.color()).or_default() += 1;
        }
        m
    };
    let mut want = count(before);
    let mut board = before.clone();
    if let Some(Opening::Swap { a, b, .. }) = trace.opening {
        board.swap(a, b).map_err(|e| Violation(e.to_string()))?;
    }
    for phase in &trace.phases {
        for &pos in &phase.cleared {
            *want.entry(board.color_at(pos)).or_default() -= 1;
        }
        board = phase.board.clone();
    }
    want.retain(|_, n| *n != 0);
    let got = count(after);
    ensure!(
        got == want,
        "colours after {trace:?}: {got:?}, expected {want:?}"
    );
    Ok(())
}

/// Configurations for [`new_game`] the suite requires to succeed: 4×4 to 8×8, 4 to 6
/// colours, no blockers.
pub fn sensible_config(rows: u8, cols: u8, colors: u8, seed: u64) -> GameConfig {
    GameConfig {
        size: Size::new(rows as usize, cols as usize).expect("sensible sizes"),
        colors,
        seed,
        blocker_percent: 0,
    }
}
