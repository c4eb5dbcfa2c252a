//! The turn loop: validate the move (a rejected move changes nothing), count it, apply
//! its physical effect, then phases until the board is stable. Each phase finds all
//! matches (plus, in phase 1, whatever the move itself clears: a combo or a tap), fires
//! every special caught in the clear once (blasts catch further specials), lets the rules
//! create specials, removes the cells, scores, applies gravity and refills.

use std::num::NonZeroU32;

use crate::board::Board;
use crate::cellset::CellSet;
use crate::error::MoveError;
use crate::game::{Snapshot, TurnSummary};
use crate::legal::settle_status;
use crate::level::{Goal, Level};
use crate::moves::{KnownSwaps, Move};
use crate::obstacles;
use crate::phase::{Matches, ScoredPhase};
use crate::piece::{Cell, MAX_COLORS, Piece};
use crate::planes::PlaneView;
use crate::pos::{MAX_SIDE, Pos};
use crate::refill::{Refill, SpawnSite, recolor_to_avoid_matches};
use crate::rng::GameRng;
use crate::rules::Rules;
use crate::trace::{Fire, Opening, Sink};

/// The most phases one turn may run before it is rejected as a runaway cascade.
pub const PHASE_LIMIT: u32 = 500;

/// The most piece ids one turn can mint: each phase fills at most every cell and creates
/// at most a special per cell, and a drop places one piece.
const TURN_IDS: u32 = (PHASE_LIMIT + 1) * 2 * (MAX_SIDE * MAX_SIDE) as u32;

/// The highest id counter a turn may start from: past it, a turn could run out of ids,
/// so the game refuses moves ([`MoveError::Exhausted`]) and saves with a higher counter
/// are refused when loaded.
pub(crate) const MAX_NEXT_ID: u32 = u32::MAX - TURN_IDS;

/// Whether `state`'s counters leave room for another move.
pub(crate) fn check_counters(state: &Snapshot) -> Result<(), MoveError> {
    if state.moves == u32::MAX {
        Err(MoveError::Exhausted { counter: "move" })
    } else if state.next_id > MAX_NEXT_ID {
        Err(MoveError::Exhausted {
            counter: "piece id",
        })
    } else {
        Ok(())
    }
}

/// From this chain index on, refills are *calm*, so that a cascade must settle:
///
/// - while gravity has left a match on the board, the holes wait: the next phase clears
///   that match with no new pieces, so these phases only ever remove pieces;
/// - once nothing matches, every hole is filled (bottom row first) with a plain piece of
///   the first colour, starting from its random draw and going round the palette, that
///   does not put it in a match; its random colour only when every colour would.
///
/// With a palette large enough that some colour always fits (4 colours for runs of three
/// and for clusters of three; each new piece has at most three filled neighbours), the
/// turn then ends after at most one phase per piece on the board, well inside
/// [`PHASE_LIMIT`]. Earlier phases refill uniformly at random, so ordinary games, whose
/// cascades are far shorter, are unaffected.
pub const CALM_REFILL_AFTER: u32 = 50;

/// The drop game's next piece, from the level's or the rules' refill policy; on the
/// planes alone, drawn by the engine from the blind policy (see `planes_suffice`).
pub(crate) fn next_piece_in<R: Rules + ?Sized, const PLANES: bool>(
    rules: &R,
    level: &Level,
    state: &mut Snapshot,
) -> Piece {
    if PLANES && let Some(blind) = rules.blind_refill() {
        return blind.draw(&mut state.rng, state.colors);
    }
    next_piece(rules, level, state)
}

/// The drop game's next piece, from the level's or the rules' refill policy.
pub(crate) fn next_piece<R: Rules + ?Sized>(
    rules: &R,
    level: &Level,
    state: &mut Snapshot,
) -> Piece {
    let mut site = SpawnSite {
        board: &mut state.board,
        pos: None,
        chain: 0,
        colors: state.colors,
        rng: &mut state.rng,
        state: &mut state.refill_state,
        in_match: &|board: &Board, pos: Pos| rules.in_match(board, pos),
    };
    spawn_at(rules, level, &mut site, false)
}

/// A new piece for `site` from the level's or the rules' refill policy. A `calm` piece
/// is recoloured round the palette when it would land in a match (see
/// [`CALM_REFILL_AFTER`]).
#[inline]
fn spawn_at<R: Rules + ?Sized>(
    rules: &R,
    level: &Level,
    site: &mut SpawnSite<'_>,
    calm: bool,
) -> Piece {
    let piece = match &level.spawn {
        Some(policy) => policy.spawn(site, &mut ()),
        None => rules.spawn(site),
    };
    if calm {
        recolor_to_avoid_matches(site, piece)
    } else {
        piece
    }
}

/// What a validated move will do before its phases. The cells a combo or a tap clears
/// are written apart (see [`validate`]): a plan stays a few bytes, cheap to pass around.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Plan {
    /// A swap; with `combo`, the combo's area is the move's area.
    Swap {
        combo: bool,
    },
    Drop {
        to: Pos,
    },
    /// A tap clearing the move's area.
    Tap,
}

/// Checks `mv` against the rules on `board`, which it may use as scratch for a swap check
/// but leaves as it found it. `known` are the board's legal-swap masks when the game has
/// them (from its last status): a swap is then looked up instead of tried. A combo's area
/// or a tap's group is written to `area`.
pub(crate) fn validate<R: Rules + ?Sized>(
    rules: &R,
    board: &mut Board,
    known: Option<&KnownSwaps>,
    mv: Move,
    area: &mut CellSet,
) -> Result<Plan, MoveError> {
    if !rules.accepts(mv.kind()) {
        return Err(MoveError::NotAccepted {
            kind: mv.kind(),
            rules: rules.name().to_string(),
        });
    }
    match mv {
        Move::Swap(a, b) => {
            let (ca, cb) = (board.get(a)?, board.get(b)?);
            if !a.is_adjacent(b) {
                return Err(MoveError::NotAdjacent { a, b });
            }
            for (pos, cell) in [(a, ca), (b, cb)] {
                if cell.piece().is_none() {
                    return Err(MoveError::not_a_piece(pos, cell));
                }
                if obstacles::is_locked(board, pos) {
                    return Err(MoveError::Locked { pos });
                }
            }
            let combo = rules.combo(board, a, b);
            let legal = match known {
                Some(masks) => masks.allows(a, b),
                None => rules.swap_matches(board, a, b),
            };
            match combo {
                Some(combo) => {
                    *area = combo;
                    Ok(Plan::Swap { combo: true })
                }
                None if legal => Ok(Plan::Swap { combo: false }),
                None => Err(MoveError::NoMatch { a, b }),
            }
        }
        Move::Drop(col) => {
            let to = landing(board, col)?;
            Ok(Plan::Drop { to })
        }
        Move::Tap(pos) => {
            board.check(pos)?;
            match rules.tap(board, pos) {
                Some(clear) if !clear.is_empty() => {
                    *area = clear;
                    Ok(Plan::Tap)
                }
                _ => Err(MoveError::NothingToTap { pos }),
            }
        }
    }
}

/// The cell a piece dropped into `col` lands on: the last empty cell before the first
/// occupied one, from the top, passing holes.
pub(crate) fn landing(board: &Board, col: u8) -> Result<Pos, MoveError> {
    if col as usize >= board.cols() {
        return Err(MoveError::ColumnOffBoard {
            col,
            size: board.size(),
        });
    }
    (0..board.rows() as u8)
        .map(|r| Pos::new(r, col))
        .filter(|&pos| !board.at(pos).is_hole())
        .take_while(|&pos| board.at(pos).is_empty())
        .last()
        .ok_or(MoveError::ColumnFull { col })
}

/// Runs one validated turn (or a resolve, when `mv` is `None`) on `state`.
pub(crate) fn run_turn<R: Rules + ?Sized, S: Sink>(
    rules: &R,
    level: &Level,
    state: &mut Snapshot,
    mv: Option<(Move, Plan, &CellSet)>,
    sink: &mut S,
) -> Result<TurnSummary, MoveError> {
    run_phases::<R, S, false>(rules, level, state, mv, sink, true, Horizon::Cascade)
        .map(|turn| turn.expect("a turn on the cells always finishes"))
}

/// How much of a move's cascade a look-ahead resolves ([`Game::evaluate_within`]).
///
/// A bot that guesses refills from its own generator knows the phases after the first
/// one only as well as its guesses. A shorter horizon costs less: gravity, refill and
/// the detection after them are most of a cascade's work. On refilling variants
/// [`Known`](Horizon::Known) drops exactly the guessed part, and so plays no worse for
/// it: a greedy bot with it scores more than one that resolves whole cascades under
/// guessed refills (measured in the repository's BENCHMARKS.md). For rules that do not
/// refill, `Known` and `Cascade` are the same.
///
/// [`Game::evaluate_within`]: crate::Game::evaluate_within
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Horizon {
    /// Every phase until the board is stable, as the real turn plays them.
    #[default]
    Cascade,
    /// At most this many phases: `1` is the move's own clear (its specials fired and
    /// created), scored and removed, without the gravity and refill after it.
    Phases(NonZeroU32),
    /// Every phase the pieces already on the board make: the cascade with no refill, so
    /// nothing of it is guessed.
    Known,
}

impl Horizon {
    /// The last phase to resolve.
    pub(crate) fn last_phase(self) -> u32 {
        match self {
            Horizon::Cascade | Horizon::Known => u32::MAX,
            Horizon::Phases(n) => n.get(),
        }
    }
}

/// The turn loop; with `with_status` false the final status is left as it was (the
/// cheapest look-ahead, see [`Game::evaluate`]). A look-ahead stops after the `horizon`'s
/// last phase, before its gravity, or refills nothing.
///
/// With `PLANES`, removal, gravity and refill move only the masks, leaving cells and ids
/// behind (a score-only look-ahead on a board [`planes_suffice`] for). A phase that
/// creates a special, or a cascade that turns calm, needs the cells: the turn then stops
/// and returns `None`, and the caller plays it again on the cells. Without `PLANES` it
/// always returns a summary.
#[allow(clippy::too_many_arguments)]
pub(crate) fn run_phases<R: Rules + ?Sized, S: Sink, const PLANES: bool>(
    rules: &R,
    level: &Level,
    state: &mut Snapshot,
    mv: Option<(Move, Plan, &CellSet)>,
    sink: &mut S,
    with_status: bool,
    horizon: Horizon,
) -> Result<Option<TurnSummary>, MoveError> {
    check_counters(state)?;
    let last_phase = horizon.last_phase();
    let refills = rules.refills() && horizon != Horizon::Known;
    let mut trigger = CellSet::new();
    // A combo's area is a blast (it covers crates); a tap's group is a match (it hits the
    // crates next to it).
    let mut trigger_is_blast = false;
    let mut fired = CellSet::new();
    let mut combo_fire = None;
    let mut moved = [Pos::new(0, 0); 2];
    let mut n_moved = 0;
    if let Some((mv, plan, area)) = mv {
        state.moves += 1;
        match (mv, plan) {
            (Move::Swap(a, b), Plan::Swap { combo }) => {
                let (a_id, b_id) = (
                    state.board.id(a).unwrap_or(0),
                    state.board.id(b).unwrap_or(0),
                );
                if combo {
                    let area = *area;
                    let (pa, pb) = (state.board.at(a).piece(), state.board.at(b).piece());
                    let (pa, pb) = (pa.expect("validated"), pb.expect("validated"));
                    // After the swap the moved piece (from `a`) sits on the destination `b`.
                    combo_fire = Some((
                        Fire {
                            pos: b,
                            id: a_id,
                            piece: pa,
                            partner: Some((a, b_id, pb)),
                        },
                        area,
                    ));
                    trigger = area;
                    trigger_is_blast = true;
                    fired.insert(a);
                    fired.insert(b);
                }
                state.board.swap(a, b).expect("validated");
                sink.opening(Opening::Swap { a, b, a_id, b_id });
                moved = [b, a];
                n_moved = 2;
            }
            (Move::Drop(_), Plan::Drop { to }) => {
                let piece = state
                    .next_piece
                    .expect("rules that take drops have a next piece");
                let id = mint(&mut state.next_id);
                state
                    .board
                    .set(to, Cell::Piece(piece), id)
                    .expect("validated");
                state.next_piece = Some(next_piece_in::<R, PLANES>(rules, level, state));
                sink.opening(Opening::Drop { id, piece, to });
                moved[0] = to;
                n_moved = 1;
            }
            (Move::Tap(pos), Plan::Tap) => {
                trigger = *area;
                sink.opening(Opening::Tap { pos });
                moved[0] = pos;
                n_moved = 1;
            }
            _ => unreachable!("plan matches its move"),
        }
    }

    let mut total = 0u64;
    let mut chain = 0;
    let collects = level.collects();
    // The snapshot's own buffers: no allocation per turn once they have grown.
    let mut created = std::mem::take(&mut state.specials);
    let mut fired_list = std::mem::take(&mut state.fired);
    loop {
        // Only detected matches make specials; the move's own clear (combo, tap) does not.
        let mut matched = if PLANES {
            match rules.matches_on_planes(PlaneView::of(&state.board)) {
                Some(matched) => matched,
                None => {
                    // No detection on the planes alone: the turn needs the cells.
                    state.specials = created;
                    state.fired = fired_list;
                    return Ok(None);
                }
            }
        } else {
            rules.find_matches(&state.board)
        };
        keep_pieces(&state.board, &mut matched);
        let mut cleared = matched;
        if chain == 0 && !trigger.is_empty() {
            cleared.union_with(&trigger);
            keep_pieces(&state.board, &mut cleared);
        }
        if cleared.is_empty() {
            break;
        }
        chain += 1;
        if chain > PHASE_LIMIT {
            state.specials = created;
            state.fired = fired_list;
            return Err(MoveError::Runaway {
                mv: mv.map_or_else(|| "resolve".to_string(), |(m, ..)| m.to_string()),
                limit: PHASE_LIMIT,
            });
        }
        sink.phase_start(chain);
        sink.matched(&matched);
        fired_list.clear();
        if chain == 1 {
            if let Some((fire, area)) = combo_fire.take() {
                let mut area = area;
                keep_targets(&state.board, &mut area);
                sink.fired(fire, &area);
                fired_list.push(fire);
            }
        } else {
            fired = CellSet::new();
        }
        let obstacles = state.board.has_obstacles();
        // Only boards with obstacles track blasts (plain boards skip even the zeroing).
        let mut blasted = None;
        if obstacles {
            blasted = Some(if chain == 1 && trigger_is_blast {
                trigger
            } else {
                CellSet::new()
            });
            // A locked special is not cleared, so it does not fire.
            fired.union_with(&obstacles::locked(&state.board));
        }
        // On the masks alone the board holds no special (see `planes_suffice`): none fires.
        if !PLANES {
            fire_specials(
                rules,
                &state.board,
                &mut state.rng,
                &mut cleared,
                &mut fired,
                &mut fired_list,
                blasted.as_mut(),
                sink,
            );
        }
        if obstacles {
            // Blasts reported the crates they cover; only pieces are removed.
            keep_pieces(&state.board, &mut cleared);
            obstacles::break_locks(&mut state.board, &mut cleared, sink);
        }

        created.clear();
        let moved = if chain == 1 {
            &moved[..n_moved]
        } else {
            &[][..]
        };
        let matches = Matches::new(&state.board, &matched);
        // On the planes the rules have no special kind (see `planes_suffice`): nothing is
        // created, and the score needs only the count.
        let score = if PLANES {
            rules
                .score_by_count(chain, cleared.len())
                .expect("checked by planes_suffice")
        } else {
            rules.create_specials(&matches, moved, &mut created);
            // Only cells the clear empties can take a new special.
            created.retain(|&(pos, _)| cleared.contains(pos));
            rules.score(&ScoredPhase {
                chain,
                matches,
                cleared: &cleared,
                fired: &fired_list,
                created: &created,
            })
        };

        if collects {
            count_colors(level, &state.board, &cleared, &mut state.collected);
        }
        if obstacles {
            let mut by_match = matched;
            if chain == 1 && !trigger_is_blast {
                by_match.union_with(&trigger);
            }
            by_match.intersect_with(&cleared);
            obstacles::hit(
                &mut state.board,
                &cleared,
                &by_match,
                &blasted.unwrap_or_default(),
                &mut state.cleared,
                sink,
            );
        }
        if PLANES {
            state.board.clear_planes(&cleared);
        } else {
            state.board.clear_cells(&cleared);
        }
        sink.cleared(&cleared);
        for &(pos, piece) in &created {
            if state.board.get(pos).is_ok_and(Cell::is_empty) {
                let id = place_new(&mut state.board, &mut state.next_id, pos, piece);
                sink.created(pos, id, piece);
            }
        }
        total = total.saturating_add(score);
        state.score = state.score.saturating_add(score);
        if chain >= last_phase {
            sink.phase_end(score, &state.board);
            break;
        }
        if PLANES {
            state.board.fall_planes();
        } else {
            gravity(&mut state.board, sink);
        }
        if refills {
            if chain < CALM_REFILL_AFTER {
                refill::<R, S, PLANES>(rules, level, state, chain, false, sink);
            } else if PLANES {
                // A calm refill tries pieces on the cells.
                state.specials = created;
                state.fired = fired_list;
                return Ok(None);
            } else if !has_match(rules, &state.board) {
                refill::<R, S, false>(rules, level, state, chain, true, sink);
            }
        }
        sink.phase_end(score, &state.board);
    }
    state.fired = fired_list;
    state.specials = created;
    state.swaps = None;
    if with_status {
        // A resolve that cleared nothing leaves the starting board as it was: no shuffle.
        let played = mv.is_some() || chain > 0;
        settle_status(rules, state, level, played, sink);
    }
    Ok(Some(TurnSummary {
        score: total,
        phases: chain,
        status: state.status,
    }))
}

/// Whether a score-only look-ahead from `board` may move only the masks
/// ([`run_phases`] with `PLANES`): the rules say they read planes only, the level leaves
/// new pieces to them, and the board is small, without holes, obstacles, layers or
/// specials (a special's kind is kept in its cell only).
pub(crate) fn planes_suffice<R: Rules + ?Sized>(rules: &R, level: &Level, board: &Board) -> bool {
    rules.special_kinds().is_empty()
        && rules.blind_refill().is_some()
        && rules.score_by_count(1, 1).is_some()
        && level.spawn.is_none()
        && board.packed_specials() == Some(0)
        && !board.has_holes()
        && !board.has_obstacles()
        && !board.has_layers()
}

/// Adds the pieces of each collected colour in `cleared` to `collected`.
#[inline(never)]
fn count_colors(
    level: &Level,
    board: &Board,
    cleared: &CellSet,
    collected: &mut [u32; MAX_COLORS as usize],
) {
    let mut counted = 0u32;
    for goal in &level.goals {
        let Goal::Collect { color, .. } = *goal else {
            continue;
        };
        let i = color.index();
        if counted >> i & 1 == 1 {
            continue;
        }
        counted |= 1 << i;
        let n: u32 = (board.color_rows(color).iter().enumerate())
            .map(|(r, &bits)| (bits & cleared.row_bits(r)).count_ones())
            .sum();
        let total = &mut collected[usize::from(i)];
        *total = total.saturating_add(n);
    }
}

/// Whether any piece on `board` is in a match.
pub(crate) fn has_match<R: Rules + ?Sized>(rules: &R, board: &Board) -> bool {
    let mut matched = rules.find_matches(board);
    keep_pieces(board, &mut matched);
    !matched.is_empty()
}

/// Drops every cell of `set` that does not hold a piece: blockers and empties are never
/// cleared, whatever a rule asks.
#[inline]
fn keep_pieces(board: &Board, set: &mut CellSet) {
    match board.packed_pieces() {
        Some(pieces) => set.keep_packed(pieces, board.rows(), board.cols()),
        None => set.keep_rows(&board.piece_rows()),
    }
}

/// Keeps the cells of `set` a blast can hit: pieces and crates (crates are never in a
/// clear; a blast that covers one damages it).
fn keep_targets(board: &Board, set: &mut CellSet) {
    let mut keep = [0u32; crate::pos::MAX_SIDE];
    let (pieces, crates) = (board.piece_rows(), board.crate_rows());
    for ((k, &p), &c) in keep.iter_mut().zip(pieces.iter()).zip(crates) {
        *k = p | c;
    }
    set.keep_rows(&keep[..board.rows()]);
}

/// The first cell, row-major, of `cleared` that holds a special and is not in `fired`.
#[inline]
fn first_waiting(board: &Board, cleared: &CellSet, fired: &CellSet) -> Option<Pos> {
    match board.packed_specials() {
        // A small board answers "no special at all" (every cluster game) in one word...
        Some(0) => None,
        // ... and otherwise in three: the packed index order is row-major.
        Some(specials) => {
            let (rows, cols) = (board.rows(), board.cols());
            let waiting = specials & cleared.packed_on(rows, cols) & !fired.packed_on(rows, cols);
            (waiting != 0).then(|| {
                let i = waiting.trailing_zeros() as usize;
                Pos::new((i / cols) as u8, (i % cols) as u8)
            })
        }
        None => first_waiting_in_rows(board, cleared, fired),
    }
}

/// [`first_waiting`] on a board above 64 cells.
fn first_waiting_in_rows(board: &Board, cleared: &CellSet, fired: &CellSet) -> Option<Pos> {
    let specials = board.special_rows();
    // One OR over the rows first, since most boards hold no special at all.
    if specials.iter().fold(0, |any, &s| any | s) == 0 {
        return None;
    }
    specials.iter().enumerate().find_map(|(r, &s)| {
        let bits = s & cleared.row_bits(r) & !fired.row_bits(r);
        (bits != 0).then(|| Pos::new(r as u8, bits.trailing_zeros() as u8))
    })
}

/// Fires every special in `cleared` that has not fired yet, row-major, adding each blast
/// (and the specials it catches) to `cleared` until none is left. With `blasted`, every
/// blast's whole area (crates included) is added to it too.
#[allow(clippy::too_many_arguments)]
fn fire_specials<R: Rules + ?Sized, S: Sink>(
    rules: &R,
    board: &Board,
    rng: &mut GameRng,
    cleared: &mut CellSet,
    fired: &mut CellSet,
    fired_list: &mut Vec<Fire>,
    mut blasted: Option<&mut CellSet>,
    sink: &mut S,
) {
    loop {
        let Some(pos) = first_waiting(board, cleared, fired) else {
            return;
        };
        fired.insert(pos);
        let piece = board.at(pos).piece().expect("found above");
        let mut area = rules.blast(board, pos, piece, rng);
        if let Some(blasted) = blasted.as_deref_mut() {
            blasted.union_with(&area);
        }
        keep_targets(board, &mut area);
        let fire = Fire {
            pos,
            id: board.id(pos).unwrap_or(0),
            piece,
            partner: None,
        };
        sink.fired(fire, &area);
        fired_list.push(fire);
        cleared.union_with(&area);
    }
}

/// Puts a newly created piece on the empty, in-range cell `pos` with the next id.
#[inline(always)]
fn place_new(board: &mut Board, next_id: &mut u32, pos: Pos, piece: Piece) -> u32 {
    let id = mint(next_id);
    board.put_new(pos, piece, id);
    id
}

fn mint(next_id: &mut u32) -> u32 {
    *next_id += 1;
    *next_id - 1
}

/// Gravity: in every column, occupied cells (pieces and blockers) keep their order and
/// settle at the bottom, falling past holes and coming to rest on fixed cells (crates and
/// locked pieces, which never move); each move is reported to `sink` as a fall.
pub fn gravity<S: Sink>(board: &mut Board, sink: &mut S) {
    if board.has_obstacles() {
        settle::<true, S>(board, sink);
    } else if let Some(columns) = board.unsettled_columns() {
        // Small boards without holes: the columns to settle in a few word operations.
        if columns != 0 {
            board.settle_plain(columns, |id, from, to| sink.fall(id, from, to));
        }
    } else {
        settle::<false, S>(board, sink);
    }
}

/// [`gravity`], compiled twice: plain boards never look at the obstacle masks.
fn settle<const FIXED: bool, S: Sink>(board: &mut Board, sink: &mut S) {
    // Only columns with an empty cell below something that falls need work: found from
    // the row masks, top down (a fixed cell stops what is above it).
    let mut above = 0u32;
    let mut unsettled = 0u32;
    let mut any_holes = 0u32;
    let mut any_fixed = 0u32;
    let (occupied_rows, holes) = (board.occupied_rows(), board.hole_rows());
    let (locks, crates) = (board.lock_rows(), board.crate_rows());
    for (r, (&o, &h)) in occupied_rows.iter().zip(holes).enumerate() {
        let mut occupied = o;
        if FIXED {
            let fixed = locks[r] | crates[r];
            occupied |= crates[r];
            above &= !fixed;
            unsettled |= above & !(occupied | h);
            above |= occupied & !fixed;
            any_fixed |= fixed;
        } else {
            unsettled |= above & !(occupied | h);
            above |= occupied;
        }
        any_holes |= h;
    }
    if !FIXED && any_holes == 0 {
        if unsettled != 0 {
            board.settle_plain(unsettled, |id, from, to| sink.fall(id, from, to));
        }
        return;
    }
    while unsettled != 0 {
        let col = unsettled.trailing_zeros() as u8;
        unsettled &= unsettled - 1;
        // The lowest cell not yet filled in this pass; holes are stepped over.
        let mut floor = board.rows() as u8;
        for row in (0..board.rows() as u8).rev() {
            let from = Pos::new(row, col);
            if FIXED && any_fixed >> col & 1 == 1 && board.is_fixed(from) {
                floor = row;
                continue;
            }
            let cell = board.at(from);
            if !cell.is_occupied() {
                continue;
            }
            floor -= 1;
            while any_holes >> col & 1 == 1 && board.at(Pos::new(floor, col)).is_hole() {
                floor -= 1;
            }
            if floor != row {
                let to = Pos::new(floor, col);
                let id = board.relocate(from, to);
                sink.fall(id, from, to);
            }
        }
    }
}

/// The empty cells of a board (holes are not cells), those under fixed cells included.
enum Empties {
    /// A board of at most 64 cells without holes or obstacles: one word, bit `row * cols
    /// + col`.
    Packed(u64),
    /// Any other board: one word per row.
    Rows([u32; crate::pos::MAX_SIDE]),
}

impl Empties {
    /// Row `r`'s empty cells, bit `col`.
    #[inline]
    fn row(&self, r: usize, cols: usize) -> u32 {
        match self {
            Empties::Packed(bits) => (bits >> (r * cols)) as u32 & (u32::MAX >> (32 - cols)),
            Empties::Rows(rows) => rows[r],
        }
    }
}

/// `board`'s empty cells, packed when one word holds them.
fn empties(board: &Board) -> Empties {
    if let Some(bits) = board.packed_empties() {
        return Empties::Packed(bits);
    }
    let full = u32::MAX >> (32 - board.cols());
    // Rows past the board are zeros, and stay so: the holes' rows stop the walk there.
    let mut empties = board.occupied_rows();
    for (e, &h) in empties.iter_mut().zip(board.hole_rows()) {
        *e = full & !(*e | h);
    }
    if board.has_obstacles() {
        for (e, &c) in empties.iter_mut().zip(board.crate_rows()) {
            *e &= !c;
        }
    }
    Empties::Rows(empties)
}

/// The multiplier that divides a packed index by `cols` (`(index * per_row(cols)) >> 16`):
/// exact for indices below 64 and at most 32 columns, since the error stays below
/// 64 / 2^16, under the 1 / cols a floor needs.
fn per_row(cols: usize) -> usize {
    (1usize << 16).div_ceil(cols)
}

/// Fills every empty cell from the rules' refill policy: row-major, or, when `calm`, with
/// pieces that are not in a match when placed (see [`CALM_REFILL_AFTER`]): the policy's
/// piece, recoloured round the palette when it would match. Calm cells are filled bottom
/// row first: gravity left the holes at the top of their columns, so each new piece has
/// at most three filled neighbours to avoid.
fn refill<R: Rules + ?Sized, S: Sink, const PLANES: bool>(
    rules: &R,
    level: &Level,
    state: &mut Snapshot,
    chain: u32,
    calm: bool,
    sink: &mut S,
) {
    let (rows, cols) = (state.board.rows(), state.board.cols());
    // Read before filling: filling a row changes no other row.
    let empties = empties(&state.board);
    // One site for every hole: only its position changes.
    let mut site = SpawnSite {
        board: &mut state.board,
        pos: None,
        chain,
        colors: state.colors,
        rng: &mut state.rng,
        state: &mut state.refill_state,
        in_match: &|board: &Board, pos: Pos| rules.in_match(board, pos),
    };
    let next_id = &mut state.next_id;
    // On the planes alone, the policy is one the engine draws by itself (see
    // `planes_suffice`): it never sees the board's out-of-date cells.
    let blind = if PLANES { rules.blind_refill() } else { None };
    let mut fill = |site: &mut SpawnSite<'_>, pos: Pos| {
        site.pos = Some(pos);
        if PLANES {
            let piece = blind
                .expect("checked by planes_suffice")
                .draw(site.rng, site.colors);
            site.board.put_new_planes(pos, piece);
        } else {
            let piece = spawn_at(rules, level, site, calm);
            let id = place_new(site.board, next_id, pos, piece);
            sink.spawn(id, pos, piece);
        }
    };
    if let (&Empties::Packed(mut bits), false) = (&empties, calm) {
        // One walk over the board's word, in index (row-major) order: no loop per row,
        // whose exits depend on where the holes are, and no division for the row.
        let per_row = per_row(cols);
        while bits != 0 {
            let idx = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let r = (idx * per_row) >> 16;
            fill(&mut site, Pos::new(r as u8, (idx - r * cols) as u8));
        }
        return;
    }
    // Row by row over the board's rows only: a set's iterator would walk all 32.
    for i in 0..rows {
        let r = if calm { rows - 1 - i } else { i };
        let mut bits = empties.row(r, cols);
        while bits != 0 {
            let pos = Pos::new(r as u8, bits.trailing_zeros() as u8);
            bits &= bits - 1;
            fill(&mut site, pos);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    /// Runs of three that refill.
    const THREES: crate::Variant<
        crate::detect::LineRuns,
        crate::specials::NoSpecials,
        crate::refill::Uniform,
    > = crate::Variant::assemble(
        "threes",
        crate::detect::LineRuns::new(3),
        crate::specials::NoSpecials,
        crate::refill::Uniform,
        crate::scoring::OnePerCell,
        crate::moveset::Swaps,
        crate::generate::Stable,
    );

    /// Records where pieces spawn, in order.
    #[derive(Default)]
    struct Spawns(Vec<Pos>);
    impl Sink for Spawns {
        fn spawn(&mut self, _id: u32, pos: Pos, _piece: Piece) {
            self.0.push(pos);
        }
    }

    fn spawn_order(calm: bool) -> Vec<Pos> {
        let game =
            Game::from_board(THREES, "..A/.BC/ACB".parse().expect("board"), 3).expect("game");
        let mut state = game.snapshot();
        let mut spawns = Spawns::default();
        refill::<_, _, false>(
            &THREES,
            &Level::default(),
            &mut state,
            60,
            calm,
            &mut spawns,
        );
        assert_eq!(state.board.piece_count(), 9, "every hole filled");
        spawns.0
    }

    #[test]
    fn packed_indices_divide_by_the_columns_exactly() {
        for cols in 1..=32 {
            for idx in 0..64 {
                assert_eq!((idx * per_row(cols)) >> 16, idx / cols, "{idx} / {cols}");
            }
        }
    }

    #[test]
    fn refills_go_row_major_and_calm_refills_bottom_row_first() {
        let (a, b, c) = (Pos::new(0, 0), Pos::new(0, 1), Pos::new(1, 0));
        assert_eq!(spawn_order(false), [a, b, c]);
        // Bottom first, so each calm piece has at most three filled neighbours.
        assert_eq!(spawn_order(true), [c, a, b]);
    }
}
