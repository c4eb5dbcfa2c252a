//! The engine: one turn loop that drives any [`Rules`].
//!
//! A turn is: validate the move (a rejected move changes nothing), count it, apply its
//! physical effect, then phases until the board is stable. Each phase finds all matches
//! (plus, in phase 1, whatever the move itself clears: a combo or a tap), fires every
//! special caught in the clear once (blasts catch further specials), lets the rules create
//! specials, removes the cells, scores, applies gravity and refills. The turn runs on a
//! working copy of the game state that replaces the real one only when the turn succeeds,
//! so a turn that hits the phase limit leaves the game exactly as it was.

use crate::board::Board;
use crate::cellset::CellSet;
use crate::error::{MoveError, SetupError};
use crate::moves::{Move, MoveKind, SwapMasks};
use crate::piece::{Cell, Color, MAX_COLORS, Piece};
use crate::pos::{Pos, Size};
use crate::rng::GameRng;
use crate::rules::{Refill, Rules};
use crate::trace::{Fire, NoTrace, Opening, Sink, Status, Trace};

/// The most phases one turn may run before it is rejected as a runaway cascade.
pub const PHASE_LIMIT: u32 = 500;

/// The smallest palette [`Game::from_board`] infers for a loaded board.
pub const MIN_INFERRED_COLORS: u8 = 5;

/// Settings for a new, generated game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct GameConfig {
    /// Board size.
    pub size: Size,
    /// Palette size (colours `A`… in order).
    pub colors: u8,
    /// Seed for the game's generator.
    pub seed: u64,
    /// Chance, in percent, that a generated cell is a blocker.
    pub blocker_percent: u8,
}

impl GameConfig {
    /// An 8×8 board, 5 colours, no blockers.
    pub fn new(seed: u64) -> Self {
        GameConfig {
            size: Size::new(8, 8).expect("8x8 is a valid size"),
            colors: 5,
            seed,
            blocker_percent: 0,
        }
    }
}

/// Everything that changes during a game: board, score, move count, generator, id
/// counter, next piece and status. Snapshots compare bit-for-bit with `==`.
///
/// `clone_from` reuses the snapshot's buffers, so a scratch snapshot used for
/// look-ahead stops allocating once warm.
#[derive(Debug)]
pub struct Snapshot {
    board: Board,
    score: u64,
    moves: u32,
    rng: GameRng,
    next_id: u32,
    next_piece: Option<Piece>,
    colors: u8,
    status: Status,
    /// Scratch space for the specials a phase creates; not part of the state.
    specials: Vec<(Pos, Piece)>,
    /// The legal swaps the last status computation found (rules with
    /// [`Rules::legal_swaps`]), reused for move lists; derived, not part of the state.
    swaps: Option<SwapMasks>,
}

impl Clone for Snapshot {
    fn clone(&self) -> Self {
        Snapshot {
            board: self.board.clone(),
            score: self.score,
            moves: self.moves,
            rng: self.rng.clone(),
            next_id: self.next_id,
            next_piece: self.next_piece,
            colors: self.colors,
            status: self.status,
            specials: Vec::new(),
            swaps: self.swaps,
        }
    }

    fn clone_from(&mut self, source: &Self) {
        self.board.clone_from(&source.board);
        self.score = source.score;
        self.moves = source.moves;
        self.rng.clone_from(&source.rng);
        self.next_id = source.next_id;
        self.next_piece = source.next_piece;
        self.colors = source.colors;
        self.status = source.status;
        self.swaps = source.swaps;
    }
}

impl PartialEq for Snapshot {
    fn eq(&self, o: &Self) -> bool {
        self.board == o.board
            && self.score == o.score
            && self.moves == o.moves
            && self.rng == o.rng
            && self.next_id == o.next_id
            && self.next_piece == o.next_piece
            && self.colors == o.colors
            && self.status == o.status
    }
}

impl Eq for Snapshot {}

impl Snapshot {
    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }
    /// The score so far.
    pub fn score(&self) -> u64 {
        self.score
    }
    /// Accepted moves so far.
    pub fn moves(&self) -> u32 {
        self.moves
    }
    /// The status.
    pub fn status(&self) -> Status {
        self.status
    }
    /// The id the next new piece will get.
    pub fn next_id(&self) -> u32 {
        self.next_id
    }
    /// The piece a drop will place, for rules that take drops.
    pub fn next_piece(&self) -> Option<Piece> {
        self.next_piece
    }
    /// The palette size used for refills and next pieces.
    pub fn colors(&self) -> u8 {
        self.colors
    }
}

/// What a turn came to, without the trace.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct TurnSummary {
    /// Points the turn scored.
    pub score: u64,
    /// Phases it ran (the longest chain index).
    pub phases: u32,
    /// Status afterwards.
    pub status: Status,
}

/// A game: a [`Rules`] value plus the state it plays on.
///
/// ```
/// use match3_core::{Board, Game, Move, Pos, Rules, CellSet, runs};
///
/// /// The smallest variant: runs of three, one point per cell, no refill.
/// struct Threes;
/// impl Rules for Threes {
///     fn name(&self) -> &str { "threes" }
///     fn find_matches(&self, board: &Board) -> CellSet { runs::find_runs(board, 3).all() }
/// }
///
/// let board: Board = "AABC/BCAB/CBAC/ABCA".parse()?;
/// let mut game = Game::from_board(Threes, board, 0)?;
/// let trace = game.play(Move::Swap(Pos::new(0, 2), Pos::new(1, 2)))?;
/// assert_eq!(trace.score(), 3);
/// assert_eq!(game.board().to_string(), "...C/BCBB/CBAC/ABCA");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Game<R> {
    rules: R,
    state: Snapshot,
    initial: Snapshot,
    work: Snapshot,
}

impl<R: Rules> Game<R> {
    /// A new game on a board generated by the rules: stable, with at least one legal move.
    pub fn new(rules: R, config: GameConfig) -> Result<Self, SetupError> {
        check_colors(config.colors)?;
        if config.blocker_percent > 100 {
            return Err(SetupError::BlockerChance {
                percent: config.blocker_percent,
            });
        }
        let mut rng = GameRng::new(config.seed);
        let mut board =
            rules.generate(config.size, config.colors, config.blocker_percent, &mut rng)?;
        let next_id = board.renumber(0);
        Self::start(rules, board, rng, next_id, config.colors)
    }

    /// A game on a given board (a fixture or a preset). The board may hold matches; they
    /// stay until [`resolve`](Game::resolve) or a move. The palette for refills and next
    /// pieces is the colours up to the highest one on the board, but at least
    /// [`MIN_INFERRED_COLORS`], so that a fixture drawn in one or two letters does not
    /// refill into endless matches.
    pub fn from_board(rules: R, board: Board, seed: u64) -> Result<Self, SetupError> {
        let highest = board.iter().filter_map(|(_, c)| c.color()).max();
        let colors = highest
            .map_or(0, |c| c.index() + 1)
            .max(MIN_INFERRED_COLORS);
        Self::from_board_with_colors(rules, board, seed, colors)
    }

    /// Like [`from_board`](Game::from_board) with an explicit palette size. The palette
    /// governs new pieces only (refills, next pieces); the board may hold any colour.
    pub fn from_board_with_colors(
        rules: R,
        mut board: Board,
        seed: u64,
        colors: u8,
    ) -> Result<Self, SetupError> {
        check_colors(colors)?;
        for (pos, cell) in board.iter() {
            match cell {
                Cell::Blocker if !rules.supports_blockers() => {
                    return Err(SetupError::UnsupportedBlocker {
                        pos,
                        rules: rules.name().to_string(),
                    });
                }
                Cell::Piece(p) => {
                    if let Some(special) = p.special().filter(|&s| !rules.supports_special(s)) {
                        return Err(SetupError::UnsupportedSpecial {
                            pos,
                            special,
                            rules: rules.name().to_string(),
                        });
                    }
                }
                _ => {}
            }
        }
        let next_id = board.renumber(0);
        Self::start(rules, board, GameRng::new(seed), next_id, colors)
    }

    fn start(
        rules: R,
        board: Board,
        mut rng: GameRng,
        next_id: u32,
        colors: u8,
    ) -> Result<Self, SetupError> {
        let next_piece = rules
            .accepts(MoveKind::Drop)
            .then(|| draw_piece(&mut rng, colors));
        let mut state = Snapshot {
            board,
            score: 0,
            moves: 0,
            rng,
            next_id,
            next_piece,
            colors,
            status: Status::Playable,
            specials: Vec::new(),
            swaps: None,
        };
        settle_status(&rules, &mut state);
        Ok(Game {
            rules,
            initial: state.clone(),
            work: state.clone(),
            state,
        })
    }

    /// The rules.
    pub fn rules(&self) -> &R {
        &self.rules
    }
    /// The board.
    pub fn board(&self) -> &Board {
        &self.state.board
    }
    /// The score so far.
    pub fn score(&self) -> u64 {
        self.state.score
    }
    /// Accepted moves so far.
    pub fn moves(&self) -> u32 {
        self.state.moves
    }
    /// The status.
    pub fn status(&self) -> Status {
        self.state.status
    }
    /// The piece the next drop places, for rules that take drops.
    pub fn next_piece(&self) -> Option<Piece> {
        self.state.next_piece
    }
    /// The whole state, for comparison or inspection.
    pub fn state(&self) -> &Snapshot {
        &self.state
    }

    /// A copy of the state, to [`restore`](Game::restore) later (undo, bot look-ahead).
    pub fn snapshot(&self) -> Snapshot {
        self.state.clone()
    }

    /// Puts back a state taken with [`snapshot`](Game::snapshot) from this game.
    pub fn restore(&mut self, snapshot: &Snapshot) {
        self.state.clone_from(snapshot);
    }

    /// Back to the starting board, score 0, moves 0, the starting generator state.
    pub fn reset(&mut self) {
        self.state.clone_from(&self.initial);
    }

    /// Plays a move and records everything it did.
    pub fn play(&mut self, mv: Move) -> Result<Trace, MoveError> {
        let mut trace = Trace::default();
        self.play_with(mv, &mut trace)?;
        Ok(trace)
    }

    /// Plays a move, reporting its events to `sink` (use [`NoTrace`] to record nothing).
    pub fn play_with<S: Sink>(&mut self, mv: Move, sink: &mut S) -> Result<TurnSummary, MoveError> {
        let plan = validate(&self.rules, &self.state, mv)?;
        self.work.clone_from(&self.state);
        let summary = run_turn(&self.rules, &mut self.work, Some((mv, plan)), sink)?;
        std::mem::swap(&mut self.state, &mut self.work);
        Ok(summary)
    }

    /// Resolves the matches already on the board (fixtures) without counting a move.
    pub fn resolve(&mut self) -> Result<Trace, MoveError> {
        let mut trace = Trace::default();
        self.work.clone_from(&self.state);
        run_turn(&self.rules, &mut self.work, None, &mut trace)?;
        std::mem::swap(&mut self.state, &mut self.work);
        Ok(trace)
    }

    /// Checks a move without playing it.
    pub fn check(&self, mv: Move) -> Result<(), MoveError> {
        validate(&self.rules, &self.state, mv).map(|_| ())
    }

    /// Plays `mv` on `scratch` (overwritten with the current state; reuse it across calls
    /// to avoid allocation) and returns what it would score. The game is untouched; the
    /// speculative turn uses a copy of the game's generator, so refills are the ones the
    /// real move would get.
    pub fn speculate(&self, mv: Move, scratch: &mut Snapshot) -> Result<TurnSummary, MoveError> {
        self.speculate_with(mv, scratch, None, &mut NoTrace)
    }

    /// Like [`speculate`](Game::speculate), with control over what the look-ahead knows:
    /// with `refills` set, every random draw of the speculative turn (refills, the next
    /// piece) comes from that generator instead of a copy of the game's, so the look-ahead
    /// does not see the game's hidden future. Events go to `sink`.
    pub fn speculate_with<S: Sink>(
        &self,
        mv: Move,
        scratch: &mut Snapshot,
        refills: Option<&GameRng>,
        sink: &mut S,
    ) -> Result<TurnSummary, MoveError> {
        let plan = validate(&self.rules, &self.state, mv)?;
        scratch.clone_from(&self.state);
        if let Some(rng) = refills {
            scratch.rng.clone_from(rng);
        }
        run_turn(&self.rules, scratch, Some((mv, plan)), sink)
    }

    /// What `mv` would score, by playing it on `scratch` with no trace and without working
    /// out the status afterwards: the cheapest look-ahead, for bots. `refills` as in
    /// [`speculate_with`](Game::speculate_with). `scratch`'s status is stale afterwards.
    pub fn evaluate(
        &self,
        mv: Move,
        scratch: &mut Snapshot,
        refills: Option<&GameRng>,
    ) -> Result<u64, MoveError> {
        let plan = validate(&self.rules, &self.state, mv)?;
        scratch.clone_from(&self.state);
        if let Some(rng) = refills {
            scratch.rng.clone_from(rng);
        }
        run_phases(&self.rules, scratch, Some((mv, plan)), &mut NoTrace, false).map(|t| t.score)
    }

    /// Every legal move: swaps once each with the first cell before the second in
    /// row-major order (right neighbour, then lower neighbour), then drops by column, then
    /// taps row-major.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        self.legal_moves_into(&mut out);
        out
    }

    /// [`legal_moves`](Game::legal_moves) into a buffer the caller reuses (cleared first).
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        out.clear();
        visit_legal_moves(&self.rules, &self.state.board, self.state.swaps, |m| {
            out.push(m);
            true
        });
    }

    /// Whether any legal move remains: the status is [`Status::Playable`].
    pub fn has_legal_move(&self) -> bool {
        self.state.status == Status::Playable
    }
}

fn check_colors(colors: u8) -> Result<(), SetupError> {
    if (1..=MAX_COLORS).contains(&colors) {
        Ok(())
    } else {
        Err(SetupError::Colors {
            colors,
            min: 1,
            max: MAX_COLORS,
        })
    }
}

fn draw_piece(rng: &mut GameRng, colors: u8) -> Piece {
    let index = rng.below(u32::from(colors)) as u8;
    Piece::plain(Color::new(index).expect("palette is at most 26 colours"))
}

/// What a validated move will do before its phases.
#[derive(Clone, Copy, Debug)]
enum Plan {
    Swap { combo: Option<CellSet> },
    Drop { to: Pos },
    Tap { clear: CellSet },
}

/// Checks `mv` against the rules and the state; never mutates.
fn validate<R: Rules + ?Sized>(rules: &R, state: &Snapshot, mv: Move) -> Result<Plan, MoveError> {
    let board = &state.board;
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
                    return Err(MoveError::not_a_piece(pos, cell == Cell::Blocker));
                }
            }
            let combo = rules.combo(board, a, b);
            if combo.is_none() && !rules.swap_matches(board, a, b) {
                return Err(MoveError::NoMatch { a, b });
            }
            Ok(Plan::Swap { combo })
        }
        Move::Drop(col) => {
            let to = landing(board, col)?;
            Ok(Plan::Drop { to })
        }
        Move::Tap(pos) => {
            board.check(pos)?;
            match rules.tap(board, pos) {
                Some(clear) if !clear.is_empty() => Ok(Plan::Tap { clear }),
                _ => Err(MoveError::NothingToTap { pos }),
            }
        }
    }
}

/// The cell a piece dropped into `col` lands on: the last empty cell before the first
/// occupied one, from the top.
fn landing(board: &Board, col: u8) -> Result<Pos, MoveError> {
    if col as usize >= board.cols() {
        return Err(MoveError::ColumnOffBoard {
            col,
            size: board.size(),
        });
    }
    let empties = (0..board.rows() as u8)
        .take_while(|&r| board.at(Pos::new(r, col)).is_empty())
        .count();
    if empties == 0 {
        return Err(MoveError::ColumnFull { col });
    }
    Ok(Pos::new(empties as u8 - 1, col))
}

/// Runs one validated turn (or a resolve, when `mv` is `None`) on `state`.
fn run_turn<R: Rules + ?Sized, S: Sink>(
    rules: &R,
    state: &mut Snapshot,
    mv: Option<(Move, Plan)>,
    sink: &mut S,
) -> Result<TurnSummary, MoveError> {
    run_phases(rules, state, mv, sink, true)
}

/// The turn loop; with `with_status` false the final status is left as it was (the
/// cheapest look-ahead, see [`Game::evaluate`]).
fn run_phases<R: Rules + ?Sized, S: Sink>(
    rules: &R,
    state: &mut Snapshot,
    mv: Option<(Move, Plan)>,
    sink: &mut S,
    with_status: bool,
) -> Result<TurnSummary, MoveError> {
    let mut trigger = CellSet::new();
    let mut fired = CellSet::new();
    let mut combo_fire = None;
    let mut moved = [Pos::new(0, 0); 2];
    let mut n_moved = 0;
    if let Some((mv, plan)) = mv {
        state.moves += 1;
        match (mv, plan) {
            (Move::Swap(a, b), Plan::Swap { combo }) => {
                let (a_id, b_id) = (
                    state.board.id(a).unwrap_or(0),
                    state.board.id(b).unwrap_or(0),
                );
                if let Some(area) = combo {
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
                state.next_piece = Some(draw_piece(&mut state.rng, state.colors));
                sink.opening(Opening::Drop { id, piece, to });
                moved[0] = to;
                n_moved = 1;
            }
            (Move::Tap(pos), Plan::Tap { clear }) => {
                trigger = clear;
                sink.opening(Opening::Tap { pos });
                moved[0] = pos;
                n_moved = 1;
            }
            _ => unreachable!("plan matches its move"),
        }
    }

    let mut total = 0;
    let mut chain = 0;
    // The snapshot's own buffer: no allocation per turn once it has grown.
    let mut created = std::mem::take(&mut state.specials);
    loop {
        // Only detected matches make specials; the move's own clear (combo, tap) does not.
        let mut matched = rules.find_matches(&state.board);
        keep_pieces(&state.board, &mut matched);
        let mut cleared = matched;
        if chain == 0 {
            cleared.union_with(&trigger);
            keep_pieces(&state.board, &mut cleared);
        }
        if cleared.is_empty() {
            break;
        }
        chain += 1;
        if chain > PHASE_LIMIT {
            return Err(MoveError::Runaway {
                mv: mv.map_or_else(|| "resolve".to_string(), |(m, _)| m.to_string()),
                limit: PHASE_LIMIT,
            });
        }
        sink.phase_start(chain);
        if chain == 1 {
            if let Some((fire, area)) = combo_fire.take() {
                let mut area = area;
                keep_pieces(&state.board, &mut area);
                sink.fired(fire, &area);
            }
        } else {
            fired = CellSet::new();
        }
        fire_specials(rules, &state.board, &mut cleared, &mut fired, sink);

        created.clear();
        let moved = if chain == 1 {
            &moved[..n_moved]
        } else {
            &[][..]
        };
        rules.create_specials(&state.board, &matched, moved, &mut created);

        for pos in &cleared {
            state.board.take(pos);
        }
        sink.cleared(&cleared);
        for &(pos, piece) in &created {
            if state.board.get(pos).is_ok_and(Cell::is_empty) {
                let id = mint(&mut state.next_id);
                state
                    .board
                    .set(pos, Cell::Piece(piece), id)
                    .expect("checked");
                sink.created(pos, id, piece);
            }
        }
        let score = rules.score(cleared.len(), chain);
        total += score;
        state.score += score;
        gravity(&mut state.board, sink);
        if rules.refill() == Refill::Random {
            refill(state, sink);
        }
        sink.phase_end(score, &state.board);
    }
    state.specials = created;
    state.swaps = None;
    if with_status {
        settle_status(rules, state);
    }
    Ok(TurnSummary {
        score: total,
        phases: chain,
        status: state.status,
    })
}

/// Drops every cell of `set` that does not hold a piece: blockers and empties are never
/// cleared, whatever a rule asks.
fn keep_pieces(board: &Board, set: &mut CellSet) {
    let pieces = board.piece_rows();
    for r in 0..crate::pos::MAX_SIDE {
        let bits = set.row_bits(r);
        if bits != 0 {
            set.set_row_bits(r, bits & pieces.get(r).copied().unwrap_or(0));
        }
    }
}

/// The cells of `set` that hold a striped, wrapped or colour-bomb piece.
fn specials_in(board: &Board, set: &CellSet) -> CellSet {
    let (specials, bombs) = (board.special_rows(), board.bomb_rows());
    let mut out = CellSet::new();
    for r in 0..board.rows() {
        out.set_row_bits(r, set.row_bits(r) & (specials[r] | bombs[r]));
    }
    out
}

/// Fires every special in `cleared` that has not fired yet, row-major, adding each blast
/// (and the specials it catches) to `cleared` until none is left.
fn fire_specials<R: Rules + ?Sized, S: Sink>(
    rules: &R,
    board: &Board,
    cleared: &mut CellSet,
    fired: &mut CellSet,
    sink: &mut S,
) {
    loop {
        let mut waiting = specials_in(board, cleared);
        waiting.subtract(fired);
        let Some(pos) = waiting.iter().next() else {
            return;
        };
        fired.insert(pos);
        let piece = board.at(pos).piece().expect("found above");
        let mut area = rules.blast(board, pos, piece);
        keep_pieces(board, &mut area);
        let fire = Fire {
            pos,
            id: board.id(pos).unwrap_or(0),
            piece,
            partner: None,
        };
        sink.fired(fire, &area);
        cleared.union_with(&area);
    }
}

fn mint(next_id: &mut u32) -> u32 {
    *next_id += 1;
    *next_id - 1
}

/// Gravity: in every column, occupied cells (pieces and blockers) keep their order and
/// settle at the bottom; each move is reported to `sink` as a fall.
pub fn gravity<S: Sink>(board: &mut Board, sink: &mut S) {
    // Only columns with a hole below something need work: found from the row masks.
    let mut above = 0u32;
    let mut unsettled = 0u32;
    for r in 0..board.rows() {
        let occupied = board.piece_rows()[r] | board.blocker_rows()[r];
        unsettled |= above & !occupied;
        above |= occupied;
    }
    while unsettled != 0 {
        let col = unsettled.trailing_zeros() as u8;
        unsettled &= unsettled - 1;
        let mut floor = board.rows() as u8; // first free row from the bottom, exclusive
        for row in (0..board.rows() as u8).rev() {
            let from = Pos::new(row, col);
            if board.at(from).is_empty() {
                continue;
            }
            floor -= 1;
            if floor != row {
                let to = Pos::new(floor, col);
                let id = board.relocate(from, to);
                sink.fall(id, from, to);
            }
        }
    }
}

/// Fills every empty cell with a random plain piece, row-major.
fn refill<S: Sink>(state: &mut Snapshot, sink: &mut S) {
    let full = if state.board.cols() >= 32 {
        u32::MAX
    } else {
        (1u32 << state.board.cols()) - 1
    };
    let mut holes = CellSet::new();
    for r in 0..state.board.rows() {
        let taken = state.board.piece_rows()[r] | state.board.blocker_rows()[r];
        holes.set_row_bits(r, full & !taken);
    }
    for pos in &holes {
        {
            let piece = draw_piece(&mut state.rng, state.colors);
            let id = mint(&mut state.next_id);
            state
                .board
                .set(pos, Cell::Piece(piece), id)
                .expect("in range");
            sink.spawn(id, pos, piece);
        }
    }
}

/// Works out `state`'s status, keeping the legal-swap masks it computes on the way.
fn settle_status<R: Rules + ?Sized>(rules: &R, state: &mut Snapshot) {
    let swaps = if rules.accepts(MoveKind::Swap) {
        rules.legal_swaps(&state.board)
    } else {
        None
    };
    let mut any = false;
    visit_legal_moves(rules, &state.board, swaps, |_| {
        any = true;
        false
    });
    state.swaps = swaps;
    state.status = status_from(any, &state.board);
}

fn status_from(any_move: bool, board: &Board) -> Status {
    if any_move {
        Status::Playable
    } else if board.piece_count() == 0 {
        Status::Cleared
    } else {
        Status::NoMoves
    }
}

/// The status of `board` under `rules`: `Playable` while a legal move exists (an empty
/// drop board is playable), else `Cleared` when no piece is left, else `NoMoves`.
pub fn status_of<R: Rules + ?Sized>(rules: &R, board: &Board) -> Status {
    if any_legal_move(rules, board) {
        Status::Playable
    } else if board.piece_count() == 0 {
        Status::Cleared
    } else {
        Status::NoMoves
    }
}

/// Whether `board` has a legal move under `rules`.
pub fn any_legal_move<R: Rules + ?Sized>(rules: &R, board: &Board) -> bool {
    let mut found = false;
    for_each_legal_move(rules, board, |_| {
        found = true;
        false
    });
    found
}

/// Calls `visit` with each legal move in the order of [`Game::legal_moves`] until it
/// returns `false`. Allocation-free.
pub fn for_each_legal_move<R: Rules + ?Sized>(
    rules: &R,
    board: &Board,
    visit: impl FnMut(Move) -> bool,
) {
    visit_legal_moves(rules, board, None, visit);
}

/// [`for_each_legal_move`], with the board's legal-swap masks when already known.
fn visit_legal_moves<R: Rules + ?Sized>(
    rules: &R,
    board: &Board,
    known: Option<SwapMasks>,
    mut visit: impl FnMut(Move) -> bool,
) {
    let size = board.size();
    if rules.accepts(MoveKind::Swap) {
        if let Some(masks) = known.or_else(|| rules.legal_swaps(board)) {
            let mut either = masks.right;
            either.union_with(&masks.down);
            for a in &either {
                let right = Pos::new(a.row, a.col + 1);
                let down = Pos::new(a.row + 1, a.col);
                if (masks.right.contains(a) && !visit(Move::Swap(a, right)))
                    || (masks.down.contains(a) && !visit(Move::Swap(a, down)))
                {
                    return;
                }
            }
        } else if !for_each_swap_by_pairs(rules, board, &mut visit) {
            return;
        }
    }
    if rules.accepts(MoveKind::Drop) {
        for col in 0..size.cols() as u8 {
            if board.at(Pos::new(0, col)).is_empty() && !visit(Move::Drop(col)) {
                return;
            }
        }
    }
    if rules.accepts(MoveKind::Tap) {
        for pos in size.positions() {
            if rules.tap(board, pos).is_some_and(|c| !c.is_empty()) && !visit(Move::Tap(pos)) {
                return;
            }
        }
    }
}

/// Legal swaps pair by pair (for rules without [`Rules::legal_swaps`]); returns `false`
/// when `visit` asked to stop.
fn for_each_swap_by_pairs<R: Rules + ?Sized>(
    rules: &R,
    board: &Board,
    visit: &mut impl FnMut(Move) -> bool,
) -> bool {
    let size = board.size();
    for a in size.positions() {
        if board.at(a).piece().is_none() {
            continue;
        }
        for b in [Pos::new(a.row, a.col + 1), Pos::new(a.row + 1, a.col)] {
            if !size.contains(b) || board.at(b).piece().is_none() {
                continue;
            }
            let legal = rules.combo(board, a, b).is_some() || rules.swap_matches(board, a, b);
            if legal && !visit(Move::Swap(a, b)) {
                return false;
            }
        }
    }
    true
}
