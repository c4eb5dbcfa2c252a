//! Obstacle invariants, and an independent slow reference of one phase with obstacles.
//!
//! [`obstacle_turn`] checks what every turn must keep, phase by phase: jelly only
//! decreases, one layer at a time; locks only break, and locked pieces never move (a piece
//! whose lock breaks is free, and may fall in that phase's gravity); crates
//! never move, lose at most one health per phase, and only next to a cell cleared by a
//! match or under a blast; every obstacle event agrees with the boards around it; a
//! shuffle leaves obstacles alone.
//!
//! [`reference_phase`] works a phase out again from the board it started on and the rules'
//! answers recorded in the trace (the matches and the blasts), with its own naive code:
//! which cells are cleared, which locks break, the jelly and crate events in order, and
//! the board after gravity, cell by cell. It shares nothing with the engine's bit masks.
//!
//! Both are pure functions of a board and a trace, so `tests/broken.rs` shows each one
//! failing on tampered data.

use match3_core::{Board, Cell, CellSet, ObstacleEvent, Opening, Phase, Pos, Trace};

use crate::checks::{Check, Violation};

macro_rules! ensure {
    ($cond:expr, $($fmt:tt)+) => {
        if !$cond {
            return Err(Violation(format!($($fmt)+)));
        }
    };
}

/// The cells orthogonally next to a cell of `set`, on `board`.
fn around(board: &Board, set: &CellSet) -> CellSet {
    let mut out = CellSet::new();
    for pos in set {
        let (r, c) = (i16::from(pos.row), i16::from(pos.col));
        for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
            let (nr, nc) = (r + dr, c + dc);
            if nr >= 0 && nc >= 0 && (nr as usize) < board.rows() && (nc as usize) < board.cols() {
                out.insert(Pos::new(nr as u8, nc as u8));
            }
        }
    }
    out
}

/// Whether the phase's first clear includes what the move itself cleared (a tap's group,
/// a combo's area), which the trace does not list apart from the rest.
fn has_move_clear(trace: &Trace, phase: &Phase) -> bool {
    phase.chain == 1
        && (matches!(trace.opening, Some(Opening::Tap { .. }))
            || phase.fired.iter().any(|f| f.fire.partner.is_some()))
}

/// Every fired area of the phase, unioned.
fn blasted(phase: &Phase) -> CellSet {
    phase
        .fired
        .iter()
        .flat_map(|f| f.cleared.iter().copied())
        .collect()
}

/// The obstacle invariants of one turn played from `before` (see the module doc).
pub fn obstacle_turn(before: &Board, trace: &Trace) -> Check {
    let starts = trace
        .phase_boards(before)
        .map_err(|e| Violation(format!("trace does not replay: {e}")))?;
    // The opening never moves a locked piece.
    if let Some(Opening::Swap { a, b, .. }) = trace.opening {
        ensure!(
            !before.layers(a).locked && !before.layers(b).locked,
            "swap {a} {b} moves a locked piece on {before}"
        );
    }
    for (phase, start) in trace.phases.iter().zip(&starts) {
        obstacle_phase(trace, phase, start)?;
    }
    match &trace.shuffle {
        Some(shuffle) => {
            let last = trace.phases.last().map_or(before, |p| &p.board);
            shuffle_keeps_obstacles(last, &shuffle.board)
        }
        None => Ok(()),
    }
}

/// What reached the cells of one phase: the cells a crate next to may lose health
/// (around a match's clear, or under a blast), the locks it broke, and where a lock may
/// break (a match or a blast).
struct Reach {
    may_hit: CellSet,
    unlocked: CellSet,
    may_unlock: CellSet,
    cleared: CellSet,
}

impl Reach {
    fn of(trace: &Trace, phase: &Phase, start: &Board) -> Reach {
        let cleared: CellSet = phase.cleared.iter().copied().collect();
        let matched: CellSet = phase.matched.iter().copied().collect();
        let mut by_match = matched;
        by_match.intersect_with(&cleared);
        if has_move_clear(trace, phase) {
            by_match.union_with(&cleared);
        }
        let mut may_hit = around(start, &by_match);
        may_hit.union_with(&blasted(phase));
        let unlocked: CellSet = (phase.obstacles.iter())
            .filter(|e| matches!(e, ObstacleEvent::Unlocked { .. }))
            .map(ObstacleEvent::pos)
            .collect();
        let mut may_unlock = matched;
        may_unlock.union_with(&blasted(phase));
        Reach {
            may_hit,
            unlocked,
            may_unlock,
            cleared,
        }
    }
}

/// One phase's obstacle invariants, cell by cell and event by event.
fn obstacle_phase(trace: &Trace, phase: &Phase, start: &Board) -> Check {
    let ctx = format!("chain {} on {start}", phase.chain);
    let end = &phase.board;
    let reach = Reach::of(trace, phase, start);
    for (pos, cell) in start.iter() {
        layers_keep(&ctx, start, end, pos, &reach)?;
        if let Cell::Crate(health) = cell {
            crate_keeps(&ctx, end, pos, health, &reach)?;
        }
    }
    for (pos, cell) in end.iter() {
        if cell.is_crate() {
            ensure!(
                start.at(pos).is_crate(),
                "{ctx}: a crate appeared at {pos} (ends {end})"
            );
        }
    }
    for event in &phase.obstacles {
        let pos = event.pos();
        let ok = match *event {
            ObstacleEvent::Jelly { left, .. } => start.layers(pos).jelly == left + 1,
            ObstacleEvent::Unlocked { id, .. } => {
                ensure!(
                    reach.may_unlock.contains(pos) || has_move_clear(trace, phase),
                    "{ctx}: the lock at {pos} broke, but no match or blast reached it"
                );
                start.layers(pos).locked && start.id(pos) == Some(id)
            }
            ObstacleEvent::Crate { health, .. } => start.at(pos) == Cell::Crate(health + 1),
        };
        ensure!(ok, "{ctx}: event {event} does not match the board");
    }
    Ok(())
}

/// Jelly only decreases, one layer, where the piece was cleared; locks never appear; a
/// locked piece whose lock held stays where it was, unchanged.
fn layers_keep(ctx: &str, start: &Board, end: &Board, pos: Pos, reach: &Reach) -> Check {
    let (was, now) = (start.layers(pos), end.layers(pos));
    ensure!(
        now.jelly <= was.jelly && was.jelly - now.jelly <= 1,
        "{ctx}: jelly at {pos} went from {} to {} (ends {end})",
        was.jelly,
        now.jelly
    );
    ensure!(
        was.jelly == now.jelly || reach.cleared.contains(pos),
        "{ctx}: jelly at {pos} went though its piece was not cleared"
    );
    ensure!(
        !now.locked || was.locked,
        "{ctx}: a lock appeared at {pos} (ends {end})"
    );
    // A piece whose lock broke this phase is free, and falls with its gravity.
    if was.locked && !reach.unlocked.contains(pos) {
        ensure!(
            end.id(pos) == start.id(pos) && end.at(pos) == start.at(pos),
            "{ctx}: the locked piece at {pos} moved or changed (ends {end})"
        );
    }
    Ok(())
}

/// A crate keeps its health, or loses one (breaking at the last) where something reached.
fn crate_keeps(ctx: &str, end: &Board, pos: Pos, health: u8, reach: &Reach) -> Check {
    let hit = reach.may_hit.contains(pos);
    match end.at(pos) {
        Cell::Crate(h) if h == health => Ok(()),
        Cell::Crate(h) if h + 1 == health && hit => Ok(()),
        _ if health == 1 && hit => Ok(()),
        now => Err(Violation(format!(
            "{ctx}: the crate {} at {pos} became {} (ends {end}); \
             it was{} next to a match or under a blast",
            Cell::Crate(health),
            now,
            if hit { "" } else { " not" }
        ))),
    }
}

/// A shuffle from `last` to `shuffled` leaves layers alone, and crates and locked pieces
/// where they were.
fn shuffle_keeps_obstacles(last: &Board, shuffled: &Board) -> Check {
    for (pos, cell) in last.iter() {
        ensure!(
            shuffled.layers(pos) == last.layers(pos),
            "the shuffle changed the layers at {pos}"
        );
        if cell.is_crate() || last.layers(pos).locked {
            ensure!(
                shuffled.at(pos) == cell && shuffled.id(pos) == last.id(pos),
                "the shuffle moved the fixed {cell} at {pos}"
            );
        }
    }
    Ok(())
}

/// Checks every phase of a turn played from `before` against [`reference_phase`], except
/// a first phase that includes the move's own clear (a tap or a combo) and phases that
/// clear what end-of-move effects asked for. `settle` is the game's gravity.
pub fn reference_turn<R: match3_core::Rules + ?Sized>(
    before: &Board,
    trace: &Trace,
    settle: &Settle<'_, R>,
) -> Check {
    let starts = trace
        .phase_boards(before)
        .map_err(|e| Violation(format!("trace does not replay: {e}")))?;
    let effects_at = trace.effects.as_ref().map(|e| e.after as usize);
    for (i, (phase, start)) in trace.phases.iter().zip(&starts).enumerate() {
        if !has_move_clear(trace, phase) && effects_at != Some(i) {
            reference_phase(start, phase, settle)?;
        }
    }
    Ok(())
}

/// The gravity a reference phase settles its board with: the slow references of the
/// bundled gravities, or, for a gravity of the rules' own, that gravity itself (the
/// suite then checks only that it settles and keeps every piece).
pub enum Settle<'a, R: ?Sized> {
    /// [`reference_gravity`].
    Straight,
    /// [`reference_slide`].
    Slide,
    /// The rules' own gravity part.
    Part(&'a R),
}

impl<'a, R: match3_core::Rules + ?Sized> Settle<'a, R> {
    /// The gravity of a game of `rules` under `level`: the level's, else the rules'.
    pub fn of(rules: &'a R, level: &match3_core::Level) -> Self {
        use match3_core::gravity::Bundled;
        match level.gravity.or_else(|| rules.gravity()) {
            Some(Bundled::Straight) => Settle::Straight,
            Some(Bundled::Slide) => Settle::Slide,
            None => Settle::Part(rules),
        }
    }

    /// Settles `board`.
    pub fn apply(&self, board: &mut Board) {
        match self {
            Settle::Straight => reference_gravity(board),
            Settle::Slide => reference_slide(board),
            Settle::Part(rules) => {
                let mut sink = match3_core::NoTrace;
                let mut falls = match3_core::gravity::Falls::new(board, &mut sink);
                rules.settle(&mut falls);
                let _ = falls.finish();
            }
        }
    }

    /// Whether this gravity moves nothing on `board`.
    pub fn is_settled(&self, board: &Board) -> bool {
        let mut copy = board.clone();
        self.apply(&mut copy);
        copy.same_cells(board)
    }
}

/// Works `phase` out again from `start` and the rules' answers it recorded (its matches,
/// its blasts and the specials it created), and compares: the cleared cells, the obstacle
/// events in order, and the board after gravity (the phase's board without its spawns).
pub fn reference_phase<R: match3_core::Rules + ?Sized>(
    start: &Board,
    phase: &Phase,
    settle: &Settle<'_, R>,
) -> Check {
    let ctx = format!("chain {} on {start}", phase.chain);
    let (cleared, events) = reference_events(start, phase);
    ensure!(
        cleared.to_vec() == phase.cleared,
        "{ctx}: the reference clears {:?}, the engine {:?}",
        cleared.to_vec(),
        phase.cleared
    );
    ensure!(
        events == phase.obstacles,
        "{ctx}: the reference has events {:?}, the engine {:?}",
        events.iter().map(ToString::to_string).collect::<Vec<_>>(),
        phase
            .obstacles
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
    );
    let mut board = reference_board(start, phase, &cleared, &events);
    settle.apply(&mut board);
    let mut want = phase.board.clone();
    for s in &phase.spawns {
        want.set(s.pos, Cell::Empty, 0).expect("on the board");
    }
    ensure!(
        board == want,
        "{ctx}: after gravity the reference has {board}, the engine {want}"
    );
    Ok(())
}

/// The cells the phase's matches and blasts clear (locked pieces lose their lock
/// instead), and the obstacle events in order: unlocks, jelly, crates.
fn reference_events(start: &Board, phase: &Phase) -> (CellSet, Vec<ObstacleEvent>) {
    let is_piece = |pos: Pos| matches!(start.at(pos), Cell::Piece(_));
    let matched: CellSet = phase
        .matched
        .iter()
        .copied()
        .filter(|&p| is_piece(p))
        .collect();
    let blasts = blasted(phase);
    let mut events = Vec::new();
    let mut cleared = CellSet::new();
    for pos in matched.iter().chain(blasts.iter()) {
        if is_piece(pos) {
            cleared.insert(pos);
        }
    }
    for pos in &cleared.clone() {
        if start.layers(pos).locked {
            cleared.remove(pos);
            let id = start.id(pos).unwrap_or(0);
            events.push(ObstacleEvent::Unlocked { pos, id });
        }
    }
    for pos in &cleared {
        let jelly = start.layers(pos).jelly;
        if jelly > 0 {
            events.push(ObstacleEvent::Jelly {
                pos,
                left: jelly - 1,
            });
        }
    }
    let mut by_match = matched;
    by_match.intersect_with(&cleared);
    let mut hit = around(start, &by_match);
    hit.union_with(&blasts);
    for pos in &hit {
        if let Cell::Crate(health) = start.at(pos) {
            events.push(ObstacleEvent::Crate {
                pos,
                health: health - 1,
            });
        }
    }
    (cleared, events)
}

/// The board after the phase without its spawns and before gravity: clear, apply the
/// obstacle events, put the new specials.
fn reference_board(
    start: &Board,
    phase: &Phase,
    cleared: &CellSet,
    events: &[ObstacleEvent],
) -> Board {
    let mut board = start.clone();
    for pos in cleared {
        board.set(pos, Cell::Empty, 0).expect("on the board");
    }
    for event in events {
        let pos = event.pos();
        let mut layers = board.layers(pos);
        match *event {
            ObstacleEvent::Unlocked { .. } => layers.locked = false,
            ObstacleEvent::Jelly { left, .. } => layers.jelly = left,
            ObstacleEvent::Crate { health, .. } => {
                let cell = if health == 0 {
                    Cell::Empty
                } else {
                    Cell::Crate(health)
                };
                board.set(pos, cell, 0).expect("on the board");
            }
        }
        board
            .set_layers(pos, layers)
            .expect("the cell keeps its kind");
    }
    for c in &phase.created {
        board
            .set(c.pos, Cell::Piece(c.piece), c.id)
            .expect("on the board");
    }
    board
}

/// Gravity, one step at a time: while an empty cell has, as the nearest cell above it
/// (holes skipped), a piece or blocker that is not fixed, that thing moves down into it.
/// Crates and locked pieces never move, so what is above them stays above them.
pub fn reference_gravity(board: &mut Board) {
    let movable = |b: &Board, pos: Pos| match b.at(pos) {
        Cell::Piece(_) => !b.layers(pos).locked,
        Cell::Blocker => true,
        _ => false,
    };
    loop {
        let mut moved = false;
        for c in 0..board.cols() as u8 {
            for r in (1..board.rows() as u8).rev() {
                let to = Pos::new(r, c);
                if !board.at(to).is_empty() {
                    continue;
                }
                let Some(from) = (0..r)
                    .rev()
                    .map(|k| Pos::new(k, c))
                    .find(|&p| !board.at(p).is_hole())
                else {
                    continue;
                };
                if movable(board, from) {
                    let (cell, id) = (board.at(from), board.id(from).unwrap_or(0));
                    board.set(from, Cell::Empty, 0).expect("on the board");
                    board.set(to, cell, id).expect("on the board");
                    moved = true;
                }
            }
        }
        if !moved {
            return;
        }
    }
}

/// The slide gravity, one step at a time: [`reference_gravity`], then, bottom row first
/// and left to right, the first empty cell whose nearest non-empty cell above it (holes
/// passed) is fixed takes the movable thing diagonally above it (up-left, else up-right),
/// and all again until nothing moves.
pub fn reference_slide(board: &mut Board) {
    loop {
        reference_gravity(board);
        let Some((from, to)) = first_slide(board) else {
            return;
        };
        let (cell, id) = (board.at(from), board.id(from).unwrap_or(0));
        board.set(from, Cell::Empty, 0).expect("on the board");
        board.set(to, cell, id).expect("on the board");
    }
}

/// The next slide of [`reference_slide`].
fn first_slide(board: &Board) -> Option<(Pos, Pos)> {
    let movable = |p: Pos| match board.get(p) {
        Ok(Cell::Piece(_)) => !board.layers(p).locked,
        Ok(Cell::Blocker) => true,
        _ => false,
    };
    let fixed = |p: Pos| match board.at(p) {
        Cell::Crate(_) => true,
        Cell::Piece(_) => board.layers(p).locked,
        _ => false,
    };
    for r in (1..board.rows() as u8).rev() {
        for c in 0..board.cols() as u8 {
            let to = Pos::new(r, c);
            let above = (0..r)
                .rev()
                .map(|k| Pos::new(k, c))
                .find(|&p| !matches!(board.at(p), Cell::Empty | Cell::Hole));
            if board.at(to) != Cell::Empty || !above.is_some_and(fixed) {
                continue;
            }
            let sources = [c.checked_sub(1), Some(c + 1)];
            if let Some(from) = sources
                .into_iter()
                .flatten()
                .map(|sc| Pos::new(r - 1, sc))
                .find(|&p| movable(p))
            {
                return Some((from, to));
            }
        }
    }
    None
}

/// Every listed legal move leaves locked pieces alone, and a swap that would move a
/// locked piece is refused with [`MoveError::Locked`](match3_core::MoveError::Locked).
pub fn locks_hold<R: match3_core::Rules + ?Sized>(game: &match3_core::Game<&R>) -> Check {
    use match3_core::{Move, MoveError, MoveKind};
    if !game.rules().accepts(MoveKind::Swap) {
        return Ok(());
    }
    let board = game.board();
    let locked = |pos: Pos| board.layers(pos).locked;
    for mv in game.legal_moves() {
        if let Move::Swap(a, b) = mv {
            ensure!(
                !locked(a) && !locked(b),
                "{mv} is listed but moves a locked piece on {board}"
            );
        }
    }
    if game.status().is_over() && game.status() != match3_core::Status::NoMoves {
        return Ok(());
    }
    for (a, cell) in board.iter() {
        for b in [Pos::new(a.row, a.col + 1), Pos::new(a.row + 1, a.col)] {
            let both = cell.piece().is_some() && board.at(b).piece().is_some();
            if both && (locked(a) || locked(b)) {
                let pos = if locked(a) { a } else { b };
                let got = game.check(Move::Swap(a, b));
                ensure!(
                    got == Err(MoveError::Locked { pos }),
                    "swapping {a} {b} (locked {pos}) on {board}: {got:?}"
                );
            }
        }
    }
    Ok(())
}

/// Plants obstacles on `board`: each `(row, col, kind)` off the board is skipped; kind
/// 0–2 a crate of health 1–3, 3 one jelly layer, 4 two, 5 a lock (on a piece), 6 a lock
/// and a jelly layer (on a piece). Ids are renumbered row-major, as a loaded game's are.
pub fn plant(board: &mut Board, cells: &[(u8, u8, u8)]) {
    use match3_core::Layers;
    for &(r, c, kind) in cells {
        let pos = Pos::new(r, c);
        let Ok(cell) = board.get(pos) else { continue };
        if cell.is_hole() {
            continue;
        }
        let layers = board.layers(pos);
        let want = match kind {
            0..=2 => {
                board
                    .set(pos, Cell::Crate(kind + 1), 0)
                    .expect("on the board");
                continue;
            }
            3 | 4 => Layers {
                jelly: kind - 2,
                ..layers
            },
            _ if cell.piece().is_some() => Layers {
                locked: true,
                jelly: if kind == 6 { 1 } else { layers.jelly },
            },
            _ => continue,
        };
        board.set_layers(pos, want).expect("checked above");
    }
    board.renumber(0);
}

/// Plays a scenario ([`checks::scenario`](crate::checks::scenario): every turn invariant
/// of the suite) on `board`, then walks its turns with [`obstacle_turn`] and
/// [`reference_turn`]; checks [`locks_hold`] on the starting board.
pub fn scenario<R: match3_core::Rules + ?Sized>(
    rules: &R,
    board: &Board,
    seed: u64,
    picks: &[crate::generators::Pick],
) -> Check {
    if let Ok(game) = match3_core::Game::from_board(rules, board.clone(), seed) {
        locks_hold(&game)?;
    }
    let outcomes = crate::checks::scenario(rules, board, seed, picks)?;
    let settle = Settle::of(rules, &match3_core::Level::NONE);
    let mut current = board.clone();
    for (mv, result) in outcomes {
        let Ok(trace) = result else { continue };
        let what = mv.map_or_else(|| "resolve".to_string(), |m| m.to_string());
        let on = |v: Violation| Violation(format!("{what} on {current}: {}", v.0));
        obstacle_turn(&current, &trace).map_err(on)?;
        reference_turn(&current, &trace, &settle).map_err(on)?;
        current = trace
            .replay(&current)
            .map_err(|e| Violation(format!("{what}: {e}")))?;
    }
    Ok(())
}
