//! Level invariants: holes never hold a piece, shuffles keep every id and colour and end
//! playable, the leftover bonus turns plain, unlocked pieces only, goal progress is what
//! the traces show, `won`/`lost` come exactly when the level says, and a saved game
//! continues exactly like the original.
//!
//! Each check is a pure function of what a game reported, so the workspace's
//! `tests/workspace/testkit_broken.rs` can show
//! that each one fails on tampered data; [`level_game`] runs them all over one seeded
//! level game, and [`suite::levels`](crate::suite::levels) over generated ones.

use std::collections::BTreeMap;

use match3_core::{
    Board, Game, Goal, Layout, Level, Move, MoveError, ObstacleEvent, Rules, SavedGame, Shuffle,
    Snapshot, Status, Trace, any_legal_move,
};

use crate::checks::{Check, Violation};

macro_rules! ensure {
    ($cond:expr, $($fmt:tt)+) => {
        if !$cond {
            return Err(Violation(format!($($fmt)+)));
        }
    };
}

/// Holes stay exactly where they were in every board of the trace, and never hold a piece.
pub fn holes_stay(before: &Board, trace: &Trace) -> Check {
    let boards = trace
        .phases
        .iter()
        .map(|p| &p.board)
        .chain(trace.shuffle.as_ref().map(|s| &s.board));
    for board in boards {
        ensure!(
            board.hole_rows() == before.hole_rows(),
            "holes moved: {before} became {board}"
        );
        for (pos, cell) in board.iter() {
            ensure!(
                cell.is_hole() == before.at(pos).is_hole(),
                "{board}: {pos} is {cell:?}, a hole before"
            );
        }
    }
    Ok(())
}

/// The leftover bonus, when the turn `trace` played one with `left` moves to spare under
/// `rules`: every piece it turned into a special was a plain, unlocked piece on the board
/// it drew from (after the phases before it and the effects), with the id it names, no
/// cell turned twice; under rules with a coloured special kind it turned as many as it
/// could, `left` or every such piece.
pub fn bonus_draws<R: Rules + ?Sized>(rules: &R, trace: &Trace, left: u32) -> Check {
    let Some(bonus) = &trace.bonus else {
        return Ok(());
    };
    let Some(mut board) = (bonus.after as usize)
        .checked_sub(1)
        .and_then(|i| trace.phases.get(i))
        .map(|p| p.board.clone())
    else {
        return Err(Violation(format!("a bonus after {} phases", bonus.after)));
    };
    for c in trace.effects.iter().filter(|e| e.after == bonus.after) {
        for ch in &c.changed {
            board
                .set(ch.pos, ch.cell, ch.id.unwrap_or(0))
                .map_err(|e| Violation(e.to_string()))?;
        }
    }
    let plain = |board: &Board, pos| {
        board.at(pos).piece().is_some_and(|p| p.special().is_none()) && !board.layers(pos).locked
    };
    let mut seen = std::collections::BTreeSet::new();
    for ch in &bonus.changed {
        ensure!(
            plain(&board, ch.pos) && board.id(ch.pos) == ch.was && seen.insert(ch.pos),
            "the bonus turned {:?} at {}, not a plain unlocked piece (or twice) on {board}",
            ch.was,
            ch.pos
        );
    }
    if rules.special_kinds().iter().any(|kind| kind.colored) {
        let count = board.iter().filter(|&(pos, _)| plain(&board, pos)).count();
        let want = count.min(left as usize);
        ensure!(
            bonus.changed.len() == want,
            "the bonus turned {} pieces with {left} moves left and {count} plain pieces on {board}",
            bonus.changed.len()
        );
    }
    Ok(())
}

/// A shuffle of `before` (the board after the turn's last phase): a permutation of its
/// pieces, ids with them, blockers and holes in place; it ends with no match and a legal
/// move under `rules`; every recorded move names the piece that made it, row-major by
/// where it came from.
pub fn shuffle<R: Rules + ?Sized>(rules: &R, before: &Board, shuffle: &Shuffle) -> Check {
    let after = &shuffle.board;
    let pieces = |b: &Board| {
        let mut m: BTreeMap<u32, match3_core::Piece> = BTreeMap::new();
        for (_, piece, id) in b.pieces() {
            m.insert(id, piece);
        }
        m
    };
    ensure!(
        pieces(before) == pieces(after),
        "shuffle changed the pieces or their ids: {before} -> {after}"
    );
    for (pos, cell) in before.iter() {
        if cell.piece().is_none() {
            ensure!(
                after.at(pos) == cell && after.id(pos) == before.id(pos),
                "shuffle moved a non-piece at {pos}: {before} -> {after}"
            );
        }
    }
    let origin = |m: &match3_core::Moved| (m.from.row, m.from.col);
    ensure!(
        (shuffle.moves.windows(2)).all(|w| origin(&w[0]) < origin(&w[1])),
        "shuffle's moves are not row-major by origin: {:?}",
        shuffle.moves
    );
    ensure!(
        rules.find_matches(after).is_empty(),
        "shuffled board {after} has a match"
    );
    ensure!(
        any_legal_move(rules, after),
        "shuffled board {after} has no legal move"
    );
    let trace = Trace {
        shuffle: Some(Box::new(shuffle.clone())),
        ..Trace::default()
    };
    let replayed = trace
        .replay(before)
        .map_err(|e| Violation(format!("shuffle does not replay on {before}: {e}")))?;
    ensure!(
        &replayed == after,
        "shuffle replays to {replayed}, not {after}"
    );
    Ok(())
}

/// Pieces of `color` a turn cleared, read from its trace and the boards it started each
/// phase from.
pub fn collected_in(
    trace: &Trace,
    before: &Board,
    color: match3_core::Color,
) -> Result<u64, Violation> {
    let boards = trace
        .phase_boards(before)
        .map_err(|e| Violation(format!("trace does not replay: {e}")))?;
    Ok(trace
        .phases
        .iter()
        .zip(&boards)
        .map(|(phase, board)| {
            phase
                .cleared
                .iter()
                .filter(|&&pos| board.color_at(pos) == Some(color))
                .count() as u64
        })
        .sum())
}

/// What the status must be after a turn: won when every goal is met, then the move
/// limit, then legal moves (`lost` instead of `no_moves`/`cleared` with a goal unmet).
pub fn expected_status(
    level: &Level,
    met: bool,
    moves: u32,
    any_move: bool,
    board: &Board,
) -> Status {
    let has_goals = !level.goals.is_empty();
    if has_goals && met {
        return Status::Won;
    }
    if level.moves.is_some_and(|limit| moves >= limit) {
        return if has_goals { Status::Lost } else { Status::Won };
    }
    if any_move {
        Status::Playable
    } else if has_goals {
        Status::Lost
    } else if board.piece_count() == 0 {
        Status::Cleared
    } else {
        Status::NoMoves
    }
}

/// What the traces of a game so far show: pieces cleared per colour letter (for the
/// colours a level collects), jelly layers removed and crates destroyed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counted {
    /// Pieces cleared, per colour letter.
    pub colors: BTreeMap<char, u64>,
    /// Jelly layers removed (`jelly` events).
    pub jelly: u64,
    /// Crates destroyed (`crate` events with no health left).
    pub crates: u64,
}

impl Counted {
    /// Adds one turn's obstacle events.
    pub fn add_obstacles(&mut self, trace: &Trace) {
        for event in trace.phases.iter().flat_map(|p| &p.obstacles) {
            match *event {
                ObstacleEvent::Jelly { .. } => self.jelly += 1,
                ObstacleEvent::Crate { health: 0, .. } => self.crates += 1,
                _ => {}
            }
        }
    }
}

/// Jelly layers on `board`, counted cell by cell.
fn jelly_on(board: &Board) -> u32 {
    board
        .iter()
        .map(|(pos, _)| u32::from(board.layers(pos).jelly))
        .sum()
}

/// Crates on `board`, counted cell by cell.
fn crates_on(board: &Board) -> u64 {
    board.iter().filter(|(_, cell)| cell.is_crate()).count() as u64
}

/// What a game reports after a turn.
#[derive(Clone, Copy, Debug)]
pub struct Reported<'a> {
    /// Goal progress.
    pub goals: &'a [match3_core::GoalProgress],
    /// Score.
    pub score: u64,
    /// Moves played.
    pub moves: u32,
    /// The board.
    pub board: &'a Board,
    /// The status.
    pub status: Status,
}

/// Goal progress as reported equals the sums over the traces; the status is the one
/// [`expected_status`] gives.
pub fn progress_and_status<R: Rules + ?Sized>(
    rules: &R,
    level: &Level,
    counted: &Counted,
    game: &Reported<'_>,
) -> Check {
    let Reported {
        goals: reported,
        score,
        moves,
        board,
        status,
    } = *game;
    ensure!(
        reported.len() == level.goals.len(),
        "{} goals reported for {}",
        reported.len(),
        level.goals.len()
    );
    let mut met = true;
    for (goal, got) in level.goals.iter().zip(reported) {
        let (want, left) = match *goal {
            Goal::Score { .. } => (score, None),
            Goal::Collect { color, .. } => {
                let n = counted.colors.get(&color.letter()).copied().unwrap_or(0);
                (n, None)
            }
            Goal::Jelly => (counted.jelly, Some(u64::from(jelly_on(board)))),
            Goal::Crates => (counted.crates, Some(crates_on(board))),
        };
        ensure!(
            got.goal == *goal && got.progress == want,
            "goal {goal}: progress {} reported, the traces say {want}",
            got.progress
        );
        let (needed, done) = match (*goal, left) {
            (_, Some(left)) => (want + left, left == 0),
            (Goal::Score { target }, None) => (target, want >= target),
            (Goal::Collect { count, .. }, None) => (u64::from(count), want >= u64::from(count)),
            _ => unreachable!("obstacle goals have a count left"),
        };
        ensure!(
            got.needed == needed,
            "goal {goal}: needs {} reported, the board and traces say {needed}",
            got.needed
        );
        ensure!(
            got.done == done,
            "goal {goal}: done {} at progress {want}",
            got.done
        );
        met &= got.done;
    }
    let any_move = any_legal_move(rules, board);
    let want = expected_status(level, met, moves, any_move, board);
    ensure!(
        status == want,
        "status {status} after {moves} moves on {board}, the level says {want}"
    );
    Ok(())
}

/// A saved game, written as JSON and read back, equals the original, and loads into a
/// game in the same state.
pub fn save_round_trip<R: Rules + ?Sized>(rules: &R, game: &Game<&R>) -> Check {
    let saved = game.save();
    let json = serde_json::to_string(&saved).map_err(|e| Violation(format!("save: {e}")))?;
    let back: SavedGame =
        serde_json::from_str(&json).map_err(|e| Violation(format!("load {json}: {e}")))?;
    ensure!(back == saved, "saved game changed through JSON: {json}");
    let loaded = Game::load(rules, back).map_err(|e| Violation(format!("load refused: {e}")))?;
    ensure!(
        loaded.state() == game.state(),
        "loaded state differs: {:?} vs {:?}",
        loaded.state(),
        game.state()
    );
    Ok(())
}

/// A trace written as JSON and read back is the same trace.
pub fn trace_round_trip(trace: &Trace) -> Check {
    let json = serde_json::to_string(trace).map_err(|e| Violation(format!("save trace: {e}")))?;
    let back: Trace =
        serde_json::from_str(&json).map_err(|e| Violation(format!("load trace {json}: {e}")))?;
    ensure!(&back == trace, "trace changed through JSON: {json}");
    Ok(())
}

/// `loaded` (a saved copy of `original`) plays `picks` (indices into the legal-move list)
/// with the same traces and states as `original` does.
pub fn continues_identically<R: Rules + ?Sized>(
    original: &Game<&R>,
    mut loaded: Game<&R>,
    picks: &[u16],
) -> Check {
    let mut original = original.clone();
    for pick in picks {
        let moves = original.legal_moves();
        ensure!(
            loaded.legal_moves() == moves,
            "the loaded game lists other moves"
        );
        if moves.is_empty() {
            break;
        }
        let mv = moves[usize::from(*pick) % moves.len()];
        let (a, b) = (original.play(mv), loaded.play(mv));
        ensure!(a == b, "{mv}: the loaded game plays differently");
        ensure!(
            original.state() == loaded.state(),
            "{mv}: the loaded game drifted"
        );
    }
    Ok(())
}

/// Adds what `trace` (played from `before`) collected of each colour the level's goals
/// name, each colour once however many goals name it.
fn count_collected(
    level: &Level,
    trace: &Trace,
    before: &Board,
    counted: &mut Counted,
) -> Result<(), Violation> {
    let mut colours: Vec<match3_core::Color> = (level.goals.iter())
        .filter_map(|g| match *g {
            Goal::Collect { color, .. } => Some(color),
            _ => None,
        })
        .collect();
    colours.sort();
    colours.dedup();
    for color in colours {
        *counted.colors.entry(color.letter()).or_default() += collected_in(trace, before, color)?;
    }
    Ok(())
}

/// Halfway through a level game: the game saved as JSON and loaded plays the remaining
/// `picks` as the game does.
fn saved_copy_continues<R: Rules + ?Sized>(rules: &R, game: &Game<&R>, picks: &[u16]) -> Check {
    save_round_trip(rules, game)?;
    let saved: SavedGame =
        serde_json::from_str(&serde_json::to_string(&game.save()).expect("serializes"))
            .expect("round-tripped above");
    let loaded = Game::load(rules, saved).expect("loaded above");
    continues_identically(game, loaded, picks)
}

/// The checks of one level turn, `mv` from `before`, on its `trace`: holes stay, the
/// trace round-trips, obstacles change as the reference turn says, a shuffle is a
/// shuffle of the board the turn left.
fn turn_checks<R: Rules + ?Sized>(
    rules: &R,
    level: &Level,
    mv: Move,
    (before, trace): (&Board, &Trace),
) -> Check {
    holes_stay(before, trace)?;
    trace_round_trip(trace)?;
    crate::obstacles::obstacle_turn(before, trace)
        .and_then(|()| {
            let settle = crate::obstacles::Settle::of(rules, level);
            crate::obstacles::reference_turn(before, trace, &settle)
        })
        .map_err(|v| Violation(format!("{mv} on {before}: {}", v.0)))?;
    if let Some(s) = &trace.shuffle {
        // The board the shuffle started from: after the last phase and the effects.
        let unshuffled = Trace {
            shuffle: None,
            ..trace.clone()
        };
        let last = (unshuffled.replay(before))
            .map_err(|e| Violation(format!("{mv} does not replay: {e}")))?;
        shuffle(rules, &last, s)?;
    }
    Ok(())
}

/// Plays `picks` (indices into the legal-move list) on a level game of `layout` under `level`, checking every invariant of
/// this module after each turn; halfway, the game is saved as JSON and loaded, and the
/// copy must play the remaining picks identically. Returns the final state.
pub fn level_game<R: Rules + ?Sized>(
    rules: &R,
    layout: &Layout,
    colors: u8,
    level: &Level,
    seed: u64,
    picks: &[u16],
) -> Result<Option<Snapshot>, Violation> {
    let Ok(mut game) = Game::from_layout(rules, layout, seed, colors, level.clone()) else {
        return Ok(None);
    };
    let mut counted = Counted::default();
    // A probe plays every move beside the game, and another each future's last move.
    let origin = game.clone();
    let (mut probe, mut last) = (origin.probe(), origin.probe());
    for (i, pick) in picks.iter().enumerate() {
        if i == picks.len() / 2 {
            saved_copy_continues(rules, &game, &picks[i..])?;
        }
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv: Move = moves[usize::from(*pick) % moves.len()];
        // The score-only look-ahead agrees with the full one where a turn may end the
        // level (goals met, the leftover bonus, the move limit).
        crate::checks::cascade_score_only(&game, mv, None)?;
        last.reset(game.state());
        crate::checks::last_move_follows(&game, &mut last)?;
        let before = game.state().clone();
        let played = game.play(mv);
        let on_probe = probe.play(mv);
        crate::checks::probe_follows(&game, &mut probe, (played.as_ref(), on_probe), i % 3 == 2)?;
        let trace = match played {
            Ok(trace) => trace,
            // Bounded work: a cascade that cannot settle (a palette too small for calm
            // refills, such as spawn weights that draw one colour under diagonal runs)
            // or a counter at its limit is refused, and changes nothing.
            Err(e @ (MoveError::Runaway { .. } | MoveError::Exhausted { .. })) => {
                crate::checks::rejected_move(&before, mv, &e, game.state())?;
                break;
            }
            Err(e) => return Err(Violation(format!("listed move {mv} rejected: {e}"))),
        };
        let before = before.board().clone();
        turn_checks(rules, level, mv, (&before, &trace))?;
        let left = level
            .moves
            .map_or(0, |limit| limit.saturating_sub(game.moves()));
        bonus_draws(rules, &trace, left)?;
        count_collected(level, &trace, &before, &mut counted)?;
        counted.add_obstacles(&trace);
        progress_and_status(
            rules,
            level,
            &counted,
            &Reported {
                goals: &game.goals(),
                score: game.score(),
                moves: game.moves(),
                board: game.board(),
                status: game.status(),
            },
        )?;
        if game.status().is_over() {
            ensure!(
                game.check(mv).is_err() && game.legal_moves().is_empty(),
                "a finished game ({}) still takes moves",
                game.status()
            );
            break;
        }
    }
    Ok(Some(game.state().clone()))
}
