//! What a turn did: the [`Sink`] the engine reports to, the [`Trace`] that records it all,
//! and [`Trace::replay`], which re-applies a trace to the board it started from.

use thiserror::Error;

use crate::board::Board;
use crate::cellset::CellSet;
use crate::moves::Move;
use crate::piece::{Cell, Piece};
use crate::pos::{Pos, PosError, Size};

/// Game status between moves.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// At least one legal move remains.
    Playable,
    /// Pieces remain but no legal move does.
    NoMoves,
    /// No piece is left on the board.
    Cleared,
    /// A level's goals are all met (or its move limit reached, for a level without goals).
    Won,
    /// A level's move limit is reached, or no move remains, with a goal unmet.
    Lost,
}

impl Status {
    /// The JSON/CLI spelling: `playable`, `no_moves`, `cleared`, `won`, `lost`.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Playable => "playable",
            Status::NoMoves => "no_moves",
            Status::Cleared => "cleared",
            Status::Won => "won",
            Status::Lost => "lost",
        }
    }

    /// Whether the game is over: any status but `playable`.
    pub fn is_over(self) -> bool {
        self != Status::Playable
    }
}

/// The JSON/CLI spelling, as [`Status::as_str`].
impl std::fmt::Display for Status {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The physical part of a move, before any phase.
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Opening {
    /// Two pieces exchanged places: `a_id` moved from `a` to `b`, `b_id` from `b` to `a`.
    Swap {
        /// First cell.
        a: Pos,
        /// Second cell (destination of the moved piece).
        b: Pos,
        /// Id of the piece that started on `a`.
        a_id: u32,
        /// Id of the piece that started on `b`.
        b_id: u32,
    },
    /// The next piece was placed on top of a column and landed on `to`.
    Drop {
        /// The new piece's id.
        id: u32,
        /// The piece.
        piece: Piece,
        /// Where it landed.
        to: Pos,
    },
    /// A tap; it moves nothing, its clear is phase 1.
    Tap {
        /// The tapped cell.
        pos: Pos,
    },
}

/// A special that fired (or a combo of two swapped pieces).
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize, serde::Deserialize)]
pub struct Fire {
    /// Where it was.
    pub pos: Pos,
    /// Its id.
    pub id: u32,
    /// What it was.
    pub piece: Piece,
    /// For a combo: the other swapped piece's cell, id and look.
    pub partner: Option<(Pos, u32, Piece)>,
}

/// Receives a turn's events as the engine produces them.
///
/// Every method defaults to doing nothing, so a sink that records nothing ([`NoTrace`])
/// costs nothing: bots and look-ahead use it. [`Trace`] records everything. A turn that
/// fails (e.g. [`MoveError::Runaway`](crate::MoveError::Runaway)) may have reported some
/// events before failing; the game itself is unchanged.
pub trait Sink {
    /// The move's physical effect.
    fn opening(&mut self, _opening: Opening) {}
    /// A phase begins; `chain` is 1 for the move's own phase.
    fn phase_start(&mut self, _chain: u32) {}
    /// A special fired and these cells are in its blast: the pieces and crates it covers
    /// (blockers, empties and holes excluded).
    fn fired(&mut self, _fire: Fire, _area: &CellSet) {}
    /// The phase removes these cells (matches and blasts, unioned).
    fn cleared(&mut self, _cells: &CellSet) {}
    /// The phase's detected matches (before specials fire), reported before `fired`.
    fn matched(&mut self, _cells: &CellSet) {}
    /// A special was created.
    fn created(&mut self, _pos: Pos, _id: u32, _piece: Piece) {}
    /// A special was created but found no cell (see
    /// [`Create`](crate::specials::Create)): it is not on the board.
    fn unplaced(&mut self, _pos: Pos, _piece: Piece) {}
    /// Something fell from `from` to `to` (a lower row: the same column under straight
    /// gravity, another one when it slid).
    fn fall(&mut self, _id: u32, _from: Pos, _to: Pos) {}
    /// A new piece appeared at `pos`.
    fn spawn(&mut self, _id: u32, _pos: Pos, _piece: Piece) {}
    /// An obstacle changed: a lock broke, a jelly layer went or a crate took a hit
    /// (reported after `fired`, before `cleared`).
    fn obstacle(&mut self, _event: ObstacleEvent) {}
    /// The phase ended with this score and board.
    fn phase_end(&mut self, _score: u64, _board: &Board) {}
    /// After the last phase no move was left, and the board was shuffled: every piece
    /// that moved, and the board afterwards.
    fn shuffled(&mut self, _moves: &[Moved], _board: &Board) {}
    /// An end-of-move effect turned a cell into another (reported after the move's
    /// phases, before the phases the effects start).
    fn changed(&mut self, _change: Changed) {}
}

/// A sink that records nothing and allocates nothing.
#[derive(Clone, Copy, Default, Debug)]
pub struct NoTrace;

impl Sink for NoTrace {}

/// A recorded special firing.
#[derive(Clone, PartialEq, Eq, Debug, serde::Serialize, serde::Deserialize)]
pub struct Fired {
    /// The special (and partner, for a combo).
    pub fire: Fire,
    /// The cells its blast covered, sorted: pieces, and crates (which it damages).
    pub cleared: Vec<Pos>,
}

/// A recorded special creation.
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize, serde::Deserialize)]
pub struct Created {
    /// Where.
    pub pos: Pos,
    /// The new piece's id.
    pub id: u32,
    /// The special piece.
    pub piece: Piece,
}

/// A special that was created but not placed (see
/// [`Create`](crate::specials::Create)).
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize, serde::Deserialize)]
pub struct Unplaced {
    /// The cell it was created for.
    pub pos: Pos,
    /// The special piece.
    pub piece: Piece,
}

/// A recorded fall.
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize, serde::Deserialize)]
pub struct Fall {
    /// What fell (a piece's or blocker's id).
    pub id: u32,
    /// From.
    pub from: Pos,
    /// To: lower, in the same column under straight gravity, possibly another column
    /// under a gravity that slides (one fall from start to rest, whatever its path).
    pub to: Pos,
}

/// A piece that a shuffle moved.
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize, serde::Deserialize)]
pub struct Moved {
    /// Its id.
    pub id: u32,
    /// From.
    pub from: Pos,
    /// To.
    pub to: Pos,
}

/// A recorded shuffle: the turn left no legal move, so the movable pieces were permuted.
#[derive(Clone, PartialEq, Eq, Debug, serde::Serialize, serde::Deserialize)]
pub struct Shuffle {
    /// Every piece that changed place, row-major by origin.
    pub moves: Vec<Moved>,
    /// The board afterwards.
    pub board: Board,
}

/// What a phase did to an obstacle.
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize, serde::Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ObstacleEvent {
    /// The piece on `pos` was cleared and one jelly layer under it went; `left` remain.
    Jelly {
        /// The cell.
        pos: Pos,
        /// Layers left.
        left: u8,
    },
    /// A clear included the locked piece `id` on `pos`: the lock broke, the piece stays.
    Unlocked {
        /// The cell.
        pos: Pos,
        /// The piece's id.
        id: u32,
    },
    /// The crate on `pos` took a hit; `health` is what it has left, and at 0 it is gone
    /// (the cell is empty, and gravity fills it).
    Crate {
        /// The cell.
        pos: Pos,
        /// Health left.
        health: u8,
    },
}

impl ObstacleEvent {
    /// The cell it happened on.
    pub fn pos(&self) -> Pos {
        match *self {
            ObstacleEvent::Jelly { pos, .. }
            | ObstacleEvent::Unlocked { pos, .. }
            | ObstacleEvent::Crate { pos, .. } => pos,
        }
    }
}

/// One line, as in a trace: `jelly (1,2) left 1`, `unlock #7 at (0,0)`,
/// `crate (3,3) health 1`, `crate (3,3) destroyed`.
impl std::fmt::Display for ObstacleEvent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            ObstacleEvent::Jelly { pos, left } => write!(f, "jelly {pos} left {left}"),
            ObstacleEvent::Unlocked { pos, id } => write!(f, "unlock #{id} at {pos}"),
            ObstacleEvent::Crate { pos, health: 0 } => write!(f, "crate {pos} destroyed"),
            ObstacleEvent::Crate { pos, health } => write!(f, "crate {pos} health {health}"),
        }
    }
}

/// A cell an end-of-move effect turned into another
/// ([`AfterMove::replace`](crate::effects::AfterMove::replace)).
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize, serde::Deserialize)]
pub struct Changed {
    /// The cell.
    pub pos: Pos,
    /// The id of what was there (a piece or a blocker), if it had one.
    pub was: Option<u32>,
    /// What is there now.
    pub cell: Cell,
    /// Its new id, when it is a piece or a blocker.
    pub id: Option<u32>,
}

/// What the end-of-move effects did: after the move's first `after` phases, these cells
/// changed. The phases after them (what the effects cleared, and the cascade it made)
/// are the move's too.
#[derive(Clone, PartialEq, Eq, Debug, serde::Serialize, serde::Deserialize)]
pub struct Effected {
    /// How many of the move's phases came before the effects.
    pub after: u32,
    /// The cells changed, in order.
    pub changed: Vec<Changed>,
}

/// A recorded spawn.
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize, serde::Deserialize)]
pub struct Spawn {
    /// The new piece's id.
    pub id: u32,
    /// Where it appeared.
    pub pos: Pos,
    /// The piece.
    pub piece: Piece,
}

/// One phase of a turn.
#[derive(Clone, PartialEq, Eq, Debug, serde::Serialize, serde::Deserialize)]
pub struct Phase {
    /// Chain index: 1 for the move's own phase, then 2, 3, …
    pub chain: u32,
    /// The cells detection matched (before specials fired), sorted and unique.
    pub matched: Vec<Pos>,
    /// Every cell removed, sorted and unique.
    pub cleared: Vec<Pos>,
    /// Specials that fired, in firing order.
    pub fired: Vec<Fired>,
    /// Obstacle changes: broken locks, then jelly layers, then crate hits, each
    /// row-major. Absent from JSON when there are none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub obstacles: Vec<ObstacleEvent>,
    /// Specials created.
    pub created: Vec<Created>,
    /// Specials the rules created that found no cell, where they asked to be: not on
    /// the board, and not scored. Absent from JSON when there are none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unplaced: Vec<Unplaced>,
    /// Falls: under straight gravity column by column, bottom first; under another
    /// gravity in the order the pieces first moved.
    pub falls: Vec<Fall>,
    /// Spawns, row-major.
    pub spawns: Vec<Spawn>,
    /// The phase's score.
    pub score: u64,
    /// The board after the phase.
    pub board: Board,
}

/// Everything one turn did, enough for a renderer to animate it without knowing the rules.
#[derive(Clone, PartialEq, Eq, Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct Trace {
    /// The move's physical effect (`None` for [`Game::resolve`](crate::Game::resolve)).
    pub opening: Option<Opening>,
    /// The phases, in order.
    pub phases: Vec<Phase>,
    /// What the variant's end-of-move effects changed, if they changed a cell. Absent
    /// from JSON when they did not.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effects: Option<Effected>,
    /// The shuffle after the last phase, when the turn left no legal move (boxed: it is
    /// rare, and a trace is moved around by value).
    pub shuffle: Option<Box<Shuffle>>,
}

impl Trace {
    /// The turn's total score: the sum of its phase scores.
    pub fn score(&self) -> u64 {
        self.phases.iter().map(|p| p.score).sum()
    }

    /// The board the turn ended with (after the shuffle, if any), if any phase ran or
    /// a shuffle happened.
    pub fn final_board(&self) -> Option<&Board> {
        match &self.shuffle {
            Some(s) => Some(&s.board),
            None => self.phases.last().map(|p| &p.board),
        }
    }

    /// Applies this trace's events to `before` (the board before the move) and returns
    /// the board after it. Each phase's result is checked against the recorded board.
    pub fn replay(&self, before: &Board) -> Result<Board, ReplayError> {
        let mut board = before.clone();
        if let Some(opening) = self.opening {
            replay_opening(&mut board, opening)?;
        }
        for (i, phase) in self.phases.iter().enumerate() {
            self.replay_effects(&mut board, i)?;
            replay_phase(&mut board, phase)?;
            if board != phase.board {
                return Err(ReplayError::Diverged { chain: phase.chain });
            }
        }
        self.replay_effects(&mut board, self.phases.len())?;
        if let Some(shuffle) = &self.shuffle {
            let chain = self.phases.len() as u32 + 1;
            replay_moves(&mut board, chain, &shuffle.moves)?;
            if board != shuffle.board {
                return Err(ReplayError::Diverged { chain });
            }
        }
        Ok(board)
    }

    /// The board each phase started from (after the move's opening for phase 1, after
    /// the previous phase otherwise), replayed from `before` and checked like
    /// [`replay`](Trace::replay).
    pub fn phase_boards(&self, before: &Board) -> Result<Vec<Board>, ReplayError> {
        let mut board = before.clone();
        if let Some(opening) = self.opening {
            replay_opening(&mut board, opening)?;
        }
        let mut out = Vec::with_capacity(self.phases.len());
        for (i, phase) in self.phases.iter().enumerate() {
            self.replay_effects(&mut board, i)?;
            out.push(board.clone());
            replay_phase(&mut board, phase)?;
            if board != phase.board {
                return Err(ReplayError::Diverged { chain: phase.chain });
            }
        }
        Ok(out)
    }
}

impl Trace {
    /// Applies the effects' changes when they came after `phases` phases.
    fn replay_effects(&self, board: &mut Board, phases: usize) -> Result<(), ReplayError> {
        let Some(effects) = self.effects.as_ref().filter(|e| e.after as usize == phases) else {
            return Ok(());
        };
        let chain = effects.after;
        for change in &effects.changed {
            let cell = (board.get(change.pos))
                .map_err(|source| ReplayError::OffBoard { chain, source })?;
            if board.id(change.pos) != change.was || cell.is_empty() || cell.is_hole() {
                return Err(ReplayError::Mismatch {
                    chain,
                    pos: change.pos,
                    id: change.was.unwrap_or(0),
                    found: board.id(change.pos),
                });
            }
            board
                .set(change.pos, change.cell, change.id.unwrap_or(0))
                .expect("checked");
        }
        Ok(())
    }
}

fn expect_id(board: &Board, chain: u32, pos: Pos, id: u32) -> Result<(), ReplayError> {
    board
        .check(pos)
        .map_err(|source| ReplayError::OffBoard { chain, source })?;
    match board.id(pos) {
        Some(found) if found == id => Ok(()),
        found => Err(ReplayError::Mismatch {
            chain,
            pos,
            id,
            found,
        }),
    }
}

fn put(board: &mut Board, chain: u32, pos: Pos, cell: Cell, id: u32) -> Result<(), ReplayError> {
    match board.get(pos) {
        Err(source) => Err(ReplayError::OffBoard { chain, source }),
        Ok(Cell::Empty) => {
            board.set(pos, cell, id).expect("checked");
            Ok(())
        }
        Ok(_) => Err(ReplayError::Occupied { chain, pos }),
    }
}

fn replay_opening(board: &mut Board, opening: Opening) -> Result<(), ReplayError> {
    match opening {
        Opening::Swap { a, b, a_id, b_id } => {
            expect_id(board, 0, a, a_id)?;
            expect_id(board, 0, b, b_id)?;
            board.swap(a, b).expect("checked");
        }
        Opening::Drop { id, piece, to } => put(board, 0, to, Cell::Piece(piece), id)?,
        Opening::Tap { pos } => board
            .check(pos)
            .map_err(|source| ReplayError::OffBoard { chain: 0, source })?,
    }
    Ok(())
}

fn replay_phase(board: &mut Board, phase: &Phase) -> Result<(), ReplayError> {
    let chain = phase.chain;
    for &pos in &phase.cleared {
        match board.get(pos) {
            Err(source) => return Err(ReplayError::OffBoard { chain, source }),
            Ok(Cell::Piece(_)) => {
                board.take(pos);
            }
            Ok(_) => return Err(ReplayError::NotAPiece { chain, pos }),
        }
    }
    for &event in &phase.obstacles {
        replay_obstacle(board, chain, event)?;
    }
    for c in &phase.created {
        put(board, chain, c.pos, Cell::Piece(c.piece), c.id)?;
    }
    let falls: Vec<Moved> = (phase.falls.iter())
        .map(|f| Moved {
            id: f.id,
            from: f.from,
            to: f.to,
        })
        .collect();
    replay_moves(board, chain, &falls)?;
    for s in &phase.spawns {
        put(board, chain, s.pos, Cell::Piece(s.piece), s.id)?;
    }
    Ok(())
}

/// Applies one obstacle event, checking that the board had what it names.
fn replay_obstacle(board: &mut Board, chain: u32, event: ObstacleEvent) -> Result<(), ReplayError> {
    let pos = event.pos();
    let cell = board
        .get(pos)
        .map_err(|source| ReplayError::OffBoard { chain, source })?;
    let mut layers = board.layers(pos);
    let mismatch = ReplayError::Obstacle { chain, event };
    match event {
        ObstacleEvent::Jelly { left, .. } => {
            if layers.jelly != left + 1 {
                return Err(mismatch);
            }
            layers.jelly = left;
            board.put_layers(pos, layers);
        }
        ObstacleEvent::Unlocked { id, .. } => {
            if !layers.locked || board.id(pos) != Some(id) {
                return Err(mismatch);
            }
            layers.locked = false;
            board.put_layers(pos, layers);
        }
        ObstacleEvent::Crate { health, .. } => {
            if cell != Cell::Crate(health + 1) {
                return Err(mismatch);
            }
            let after = if health == 0 {
                Cell::Empty
            } else {
                Cell::Crate(health)
            };
            board.set(pos, after, 0).expect("checked");
        }
    }
    Ok(())
}

/// Moves that happen together (falls, a shuffle): lift every mover, then put each down.
fn replay_moves(board: &mut Board, chain: u32, moves: &[Moved]) -> Result<(), ReplayError> {
    let mut lifted = Vec::with_capacity(moves.len());
    for m in moves {
        expect_id(board, chain, m.from, m.id)?;
        lifted.push((board.take(m.from), m.to));
    }
    for ((cell, id), to) in lifted {
        put(board, chain, to, cell, id)?;
    }
    Ok(())
}

impl Sink for Trace {
    fn opening(&mut self, opening: Opening) {
        self.opening = Some(opening);
    }

    fn phase_start(&mut self, chain: u32) {
        self.phases.push(Phase {
            chain,
            matched: Vec::new(),
            cleared: Vec::new(),
            fired: Vec::new(),
            obstacles: Vec::new(),
            created: Vec::new(),
            unplaced: Vec::new(),
            falls: Vec::new(),
            spawns: Vec::new(),
            score: 0,
            board: Board::new(Size::new(1, 1).expect("1x1 is a valid size")),
        });
    }

    fn fired(&mut self, fire: Fire, area: &CellSet) {
        self.current().fired.push(Fired {
            fire,
            cleared: area.to_vec(),
        });
    }

    fn cleared(&mut self, cells: &CellSet) {
        self.current().cleared = cells.to_vec();
    }

    fn matched(&mut self, cells: &CellSet) {
        self.current().matched = cells.to_vec();
    }

    fn created(&mut self, pos: Pos, id: u32, piece: Piece) {
        self.current().created.push(Created { pos, id, piece });
    }

    fn unplaced(&mut self, pos: Pos, piece: Piece) {
        self.current().unplaced.push(Unplaced { pos, piece });
    }

    fn fall(&mut self, id: u32, from: Pos, to: Pos) {
        self.current().falls.push(Fall { id, from, to });
    }

    fn spawn(&mut self, id: u32, pos: Pos, piece: Piece) {
        self.current().spawns.push(Spawn { id, pos, piece });
    }

    fn obstacle(&mut self, event: ObstacleEvent) {
        self.current().obstacles.push(event);
    }

    fn phase_end(&mut self, score: u64, board: &Board) {
        let phase = self.current();
        phase.score = score;
        phase.board = board.clone();
    }

    fn shuffled(&mut self, moves: &[Moved], board: &Board) {
        self.shuffle = Some(Box::new(Shuffle {
            moves: moves.to_vec(),
            board: board.clone(),
        }));
    }

    fn changed(&mut self, change: Changed) {
        let after = self.phases.len() as u32;
        (self.effects.get_or_insert_with(|| Effected {
            after,
            changed: Vec::new(),
        }))
        .changed
        .push(change);
    }
}

impl Trace {
    fn current(&mut self) -> &mut Phase {
        self.phases
            .last_mut()
            .expect("the engine starts a phase before reporting into it")
    }
}

fn cells_text(cells: &[Pos]) -> String {
    let parts: Vec<String> = cells.iter().map(Pos::to_string).collect();
    parts.join(" ")
}

/// One line, as in a trace: `swap (0,2) #2 <-> (1,2) #6`, `drop B #16 -> (3,1)`,
/// `tap (2,2)`.
impl std::fmt::Display for Opening {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Opening::Swap { a, b, a_id, b_id } => write!(f, "swap {a} #{a_id} <-> {b} #{b_id}"),
            Opening::Drop { id, piece, to } => write!(f, "drop {piece} #{id} -> {to}"),
            Opening::Tap { pos } => write!(f, "tap {pos}"),
        }
    }
}

/// A readable, line-per-event rendering: the form used in snapshots and `match3 play`.
impl std::fmt::Display for Trace {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.opening {
            None => writeln!(f, "resolve")?,
            Some(opening) => writeln!(f, "{opening}")?,
        }
        for (i, p) in self.phases.iter().enumerate() {
            self.write_effects(f, i)?;
            writeln!(f, "phase {} score {}", p.chain, p.score)?;
            writeln!(f, "  cleared {}", cells_text(&p.cleared))?;
            for fired in &p.fired {
                let Fire {
                    pos,
                    id,
                    piece,
                    partner,
                } = fired.fire;
                write!(f, "  fired {} #{id} at {pos}", piece)?;
                if let Some((ppos, pid, ppiece)) = partner {
                    write!(f, " with {} #{pid} at {ppos}", ppiece)?;
                }
                writeln!(f, ": {}", cells_text(&fired.cleared))?;
            }
            for event in &p.obstacles {
                writeln!(f, "  {event}")?;
            }
            for c in &p.created {
                writeln!(f, "  created {} #{} at {}", c.piece, c.id, c.pos)?;
            }
            for u in &p.unplaced {
                writeln!(f, "  not placed {} for {}", u.piece, u.pos)?;
            }
            for fall in &p.falls {
                writeln!(f, "  fall #{} {} -> {}", fall.id, fall.from, fall.to)?;
            }
            for s in &p.spawns {
                writeln!(f, "  spawn {} #{} at {}", s.piece, s.id, s.pos)?;
            }
            writeln!(f, "  board {}", p.board)?;
        }
        self.write_effects(f, self.phases.len())?;
        if self.phases.is_empty() {
            writeln!(f, "no phase")?;
        }
        if let Some(shuffle) = &self.shuffle {
            writeln!(f, "shuffle")?;
            for m in &shuffle.moves {
                writeln!(f, "  move #{} {} -> {}", m.id, m.from, m.to)?;
            }
            writeln!(f, "  board {}", shuffle.board)?;
        }
        Ok(())
    }
}

impl Trace {
    /// The effects' lines, when they came after `phases` phases.
    fn write_effects(&self, f: &mut std::fmt::Formatter<'_>, phases: usize) -> std::fmt::Result {
        let Some(effects) = self.effects.as_ref().filter(|e| e.after as usize == phases) else {
            return Ok(());
        };
        writeln!(f, "after the move")?;
        for c in &effects.changed {
            let mut cell = String::new();
            crate::piece::write_cell(&mut cell, c.cell)?;
            match c.id {
                Some(id) => writeln!(f, "  {} becomes {cell} #{id}", c.pos)?,
                None => writeln!(f, "  {} becomes {cell}", c.pos)?,
            }
        }
        Ok(())
    }
}

/// A trace that does not apply to the board it is replayed on.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum ReplayError {
    /// An obstacle event does not match the board (no such jelly layer, lock or crate).
    #[error("event in chain {chain}: {event} does not match the board")]
    Obstacle {
        /// The phase.
        chain: u32,
        /// The event.
        event: ObstacleEvent,
    },
    /// An event names a cell off the board.
    #[error("event in chain {chain} names an off-board cell: {source}")]
    OffBoard {
        /// Phase chain index (0 for the move itself).
        chain: u32,
        /// The position error.
        source: PosError,
    },
    /// An event expected a piece with a given id somewhere else.
    #[error("chain {chain}: expected id {id} at {pos}, found {found:?}")]
    Mismatch {
        /// Phase chain index (0 for the move itself).
        chain: u32,
        /// The cell.
        pos: Pos,
        /// The id the event names.
        id: u32,
        /// What the board had.
        found: Option<u32>,
    },
    /// A phase clears a cell that holds no piece (a blocker or an empty cell).
    #[error("chain {chain}: cleared cell {pos} holds no piece")]
    NotAPiece {
        /// Phase chain index.
        chain: u32,
        /// The cell.
        pos: Pos,
    },
    /// An event puts something on an occupied cell.
    #[error("chain {chain}: cell {pos} is occupied")]
    Occupied {
        /// Phase chain index.
        chain: u32,
        /// The cell.
        pos: Pos,
    },
    /// After applying a phase the board differs from the board the trace recorded.
    #[error("chain {chain}: replayed board differs from the recorded one")]
    Diverged {
        /// Phase chain index.
        chain: u32,
    },
    /// The move kind needs data the trace does not hold.
    #[error("trace of {mv} lacks its opening event")]
    MissingOpening {
        /// The move.
        mv: Move,
    },
}
