//! The moves a [`Probe`](crate::Probe) plays on the bit planes alone, ahead of its cells.
//!
//! A search plays many short futures of plain moves on plain boards. When the rules take
//! one kind of move (swaps, drops or taps) and the board and rules let a look-ahead play
//! on the planes alone (see [`planes_suffice`](super::on_masks::planes_suffice)), a probe
//! plays its moves here: the planes, generator, next piece, score, move count, pieces
//! collected and status move; the cells and piece ids stay where the probe's state was. The moves are kept, and the cells catch up by playing them (before
//! the probe's state is read, or when a move needs the cells): the same turns from the
//! same state with the same generator, so the cells reach the state they would have
//! reached alone, ids and all. Specials are made and fired on the planes when the
//! specials can tell them there (each special's kind is kept on a plane of its own), and
//! so are a deadlock's shuffle and a long cascade's calm refills; a move the planes
//! cannot play (a combo, a blast or creation the specials cannot tell from the planes, a
//! shuffle that no try solves, anything unusual) is played on the cells after they
//! catch up.

use crate::contain::caught;
use crate::legal::open_columns;
use crate::level::Level;
use crate::moves::{Move, MoveKind, PackedSwaps};
use crate::piece::{Color, Piece};
use crate::planes::PlaneView;
use crate::pos::Pos;
use crate::progress::Tally;
use crate::rng::GameRng;
use crate::rules::Rules;
use crate::specials::BlastOnPlanes;
use crate::trace::Status;

use super::bonus::bonus_moves;
use super::listed::Listed;
use super::on_masks::{MaskState, Planes, planes_rules};
use super::opened::{KeptPause, OpenedMove};
use super::status::verdict_on;
use super::turn::{MAX_NEXT_ID, TURN_IDS};
use super::{Snapshot, TurnSummary};

/// Whether the specials tell every kind's blast from the planes: each kind is asked
/// about a piece of its kind on the first cell of the board `view`.
fn blasts_on_planes<R: Rules + ?Sized>(rules: &R, view: PlaneView<'_>) -> bool {
    let first = Color::new(0).expect("a colour");
    rules.special_kinds().iter().all(|kind| {
        let piece = match kind.colored {
            true => Piece::new(first, kind.special),
            false => Piece::colorless(kind.special),
        };
        let site = BlastOnPlanes::new(view, Pos::new(0, 0), piece);
        rules.blast_on_planes(&site).is_some()
    })
}

/// A probe's moves on the planes since its cells last caught up.
#[derive(Clone, Debug)]
pub(crate) struct Ahead {
    /// The planes, whose tally counts the cells' moves and those played here.
    planes: MaskState,
    status: Status,
    /// The one kind of move the rules take.
    kind: MoveKind,
    /// The planes' legal moves, while the status is playable (none after a future's last
    /// move, whose status is the level's verdict alone).
    listed: Option<Listed>,
    /// What [`planes_rules`] found.
    fit: Planes,
    /// A paused move whose rest was played here first ([`Ahead::finish`]); the cells are
    /// where it paused.
    paused: Option<KeptPause>,
    /// The moves played here, in order, each with whether it was a future's last.
    played: Vec<(Move, bool)>,
}

impl Ahead {
    /// Nothing played ahead of `cells`; `None` when the rules and level never let a probe
    /// play ahead: they must let a look-ahead play on the planes ([`planes_rules`]), take
    /// one kind of move, and list those moves from the planes (swaps by
    /// [`Rules::legal_swaps_on_planes`], taps by [`Rules::legal_taps_on_planes`]; the
    /// columns a drop lands in are read from the planes here). Under rules with special
    /// kinds, every kind's blast must be told from the planes ([`Rules::blast_on_planes`]):
    /// their futures soon make specials and fire them, and a probe that handed each of
    /// those moves to the cells would play the moves before it again (measured on the line
    /// rules' MCTS decision before their blasts were told on the planes: 2% more
    /// instructions than on the cells alone).
    pub(crate) fn new<R: Rules + ?Sized>(
        rules: &R,
        level: &Level,
        cells: &Snapshot,
    ) -> Option<Self> {
        let fit = planes_rules(rules, level)?;
        let kind = one_kind(rules)?;
        // A board whose locks or crates the planes cannot hold (one with holes) would
        // send its moves to the cells until the last is gone: a probe made on one never
        // starts on the planes.
        let plain = Planes::plain(&cells.board);
        // Parts that cannot answer on the planes never let a move start there (nor do
        // parts that panic when asked: the turns on the cells will say so).
        let view = PlaneView::of(&cells.board);
        let lists = || match kind {
            MoveKind::Swap => rules.legal_swaps_on_planes(view).is_some(),
            MoveKind::Drop => true,
            MoveKind::Tap => rules.legal_taps_on_planes(view).is_some(),
        };
        let ask = || {
            (rules.matches_on_planes_packed(view).is_some()
                || rules.matches_on_planes(view).is_some())
                && lists()
                && (!fit.specials() || blasts_on_planes(rules, view))
        };
        let answers = || caught(ask).unwrap_or(false);
        (plain && answers()).then(|| Ahead {
            planes: MaskState::of(cells),
            status: Status::Playable,
            kind,
            listed: None,
            fit,
            paused: None,
            played: Vec::new(),
        })
    }

    /// Whether moves were played here that the cells have not played yet; until then
    /// the status, tally and legal moves are these.
    pub(crate) fn is_ahead(&self) -> bool {
        self.paused.is_some() || !self.played.is_empty()
    }

    /// What the cells play to catch up: the rest of a paused move, then the moves played
    /// here, leaving nothing ahead; give the buffer back with
    /// [`give_back`](Ahead::give_back).
    pub(crate) fn take_played(&mut self) -> (Option<KeptPause>, Vec<(Move, bool)>) {
        (self.paused.take(), std::mem::take(&mut self.played))
    }

    /// Forgets the moves played here: the cells were overwritten.
    pub(crate) fn forget(&mut self) {
        self.paused = None;
        self.played.clear();
    }

    /// The emptied buffer of [`take_played`](Ahead::take_played), reused.
    pub(crate) fn give_back(&mut self, mut played: Vec<(Move, bool)>) {
        played.clear();
        self.played = played;
    }

    /// The status after the last move played here.
    pub(crate) fn status(&self) -> Status {
        self.status
    }

    /// What the game has counted after the moves here.
    pub(crate) fn tally(&self) -> &Tally {
        self.planes.tally()
    }

    /// The legal moves after the moves here on a board of `rows` × `cols`.
    pub(crate) fn legal_moves_into(&self, size: (usize, usize), out: &mut Vec<Move>) {
        if let Some(listed) = &self.listed {
            listed.append_to(size, out);
        }
    }

    /// The legal swaps after the moves here, packed: none when the moves are of another
    /// kind or the game is over.
    pub(crate) fn packed_swaps(&self) -> PackedSwaps {
        match self.listed {
            Some(Listed::Swaps(swaps)) => swaps,
            _ => PackedSwaps::default(),
        }
    }

    /// Calls `visit` with the legal moves in list order until it returns `false`.
    pub(crate) fn visit_legal_moves(
        &self,
        size: (usize, usize),
        visit: &mut impl FnMut(Move) -> bool,
    ) {
        if let Some(listed) = &self.listed {
            listed.visit(size, visit);
        }
    }

    /// The legal move `pick` chooses by its index (see
    /// [`Probe::pick_legal_move`](crate::Probe::pick_legal_move)).
    pub(crate) fn pick(
        &self,
        size: (usize, usize),
        pick: impl FnOnce(usize) -> usize,
    ) -> Option<Move> {
        self.listed.as_ref()?.pick(size, pick)
    }

    /// Plays `mv` here, after the moves already played ahead of `cells`, as the probe's
    /// turn would (`last`: as a future's last move, status the level's verdict alone).
    /// `None` when the cells must play it; then whatever this holds is stale until the
    /// cells have caught up.
    pub(crate) fn play<R: Rules + ?Sized>(
        &mut self,
        (rules, level): (&R, &Level),
        cells: &Snapshot,
        mv: Move,
        last: bool,
    ) -> Option<TurnSummary> {
        if !self.is_ahead() {
            self.begin(rules, cells, mv)?;
        } else {
            let cols = cells.board.cols();
            (self.listed.as_ref()?.allows(mv, cols)).then_some(())?;
        }
        // The cells refuse a move once their id counter is past `MAX_NEXT_ID`, and a turn
        // mints at most `TURN_IDS`: below that bound for this move, no move here could
        // have been refused (past it, the cells play and tell).
        let turns = self.played.len() as u64 + u64::from(self.paused.is_some()) + 1;
        let minted = u64::from(cells.next_id) + turns * u64::from(TURN_IDS);
        if self.tally().moves == u32::MAX || minted > u64::from(MAX_NEXT_ID) {
            return None;
        }
        let played = self.planes.play_move((rules, level), mv, self.fit);
        // A listed swap or tap that clears nothing, or a runaway: the cells say which (a
        // drop may clear nothing).
        let clears = |&(_, phases): &(u64, u32)| phases > 0 || self.kind == MoveKind::Drop;
        let (score, phases) = played.ok()?.filter(clears)?;
        self.planes.count_move();
        let summary = self.settle((rules, level), (mv, score, phases), last)?;
        self.played.push((mv, last));
        Some(summary)
    }

    /// Finishes `opened` with `refills` as its generator: the cells are put where it
    /// paused, the rest of it is played here. `None` when the cells must play the rest
    /// (they are then where it paused, the rest kept for them to catch up with) or the
    /// whole finish (they are untouched, nothing kept).
    pub(crate) fn finish<R: Rules + ?Sized>(
        &mut self,
        (rules, level): (&R, &Level),
        cells: &mut Snapshot,
        (opened, refills): (&OpenedMove, &GameRng),
    ) -> Option<TurnSummary> {
        let start = opened.state();
        if start.status != Status::Playable || !self.fit.suit(rules, &start.board) {
            return None;
        }
        let paused = opened.rest().ok()?;
        cells.install(opened, refills);
        let rest = (paused.mv, paused.chain(), paused.score);
        self.paused = Some(paused.to_kept());
        self.planes.load(cells, None);
        self.status = Status::Playable;
        let played = self.planes.resume((rules, level), rest, self.fit);
        let (score, phases) = played.ok()??;
        self.settle((rules, level), (rest.0, score, phases), false)
    }

    /// Starts playing ahead of `cells` with `mv`, when it is legal: a swap by the legal
    /// swaps the cells' status found, else by those of the planes, a drop or tap by the
    /// planes (never by a check that moves the cells: a part that panics there would
    /// leave them moved); `None` when the cells must play it.
    fn begin<R: Rules + ?Sized>(&mut self, rules: &R, cells: &Snapshot, mv: Move) -> Option<()> {
        if cells.status != Status::Playable || !self.fit.suit(rules, &cells.board) {
            return None;
        }
        let view = PlaneView::of(&cells.board);
        // A combo among the listed swaps goes to the cells when the specials cannot tell
        // its area from the planes (`MaskState::play_move` says so).
        let listed = match (mv, &cells.swaps) {
            (Move::Swap(a, b), Some(known)) => known.allows(a, b),
            (Move::Swap(a, b), None) => (rules.legal_swaps_on_planes(view)?).allows(a, b),
            (Move::Drop(_), _) => {
                Listed::Drops(open_columns(cells.board.masks())).allows(mv, cells.board.cols())
            }
            (Move::Tap(pos), _) => (rules.legal_taps_on_planes(view)?).contains(pos),
        };
        (listed && mv.kind() == self.kind).then_some(())?;
        self.planes.load(cells, None);
        self.status = Status::Playable;
        Some(())
    }

    /// The level's verdict after the moves here (won, or the move limit), as
    /// [`Snapshot::verdict`] gives it on the cells.
    #[inline]
    fn verdict(&self, level: &Level) -> Option<Status> {
        if level.goals.is_empty() && level.moves.is_none() {
            return None;
        }
        verdict_on(level, self.tally(), &self.planes)
    }

    /// The status of a board with no legal move left, as the cells' status finds it: lost
    /// on a level with goals, else cleared when no piece is left, else no moves.
    fn stuck(&self, level: &Level) -> Status {
        if !level.goals.is_empty() {
            Status::Lost
        } else if self.planes.has_pieces() {
            Status::NoMoves
        } else {
            Status::Cleared
        }
    }

    /// The legal moves after a move here, shuffling a deadlocked board of swaps as the
    /// cells would (when the level shuffles); empty when none is left and the level does
    /// not shuffle. `None` when the cells must settle it (a shuffle that finds no legal
    /// move, a shuffle of drops or taps, or a question the planes cannot answer).
    fn listed_after<R: Rules + ?Sized>(&mut self, rules: &R, level: &Level) -> Option<Listed> {
        let fit = self.fit;
        let listed = match self.kind {
            MoveKind::Swap => Listed::Swaps(legal_swaps(&self.planes, rules, fit)?),
            MoveKind::Drop => Listed::Drops(self.planes.open_columns()),
            MoveKind::Tap => Listed::Taps(self.planes.legal_taps(rules)?),
        };
        if !listed.is_empty() || !level.shuffle.unwrap_or_else(|| rules.refills()) {
            return Some(listed);
        }
        (self.kind == MoveKind::Swap).then_some(())?;
        let swaps = (self.planes).shuffle(rules, |planes| legal_swaps(planes, rules, fit))?;
        Some(Listed::Swaps(swaps))
    }

    /// The end of move `mv`, whose phases scored `score` and ended at chain `phases`,
    /// played here, as the cells' turn ends it: the leftover bonus when the move earns
    /// it, then the status (a deadlocked board shuffled as the cells would). `None` when
    /// that needs the cells (a bonus the planes cannot play, or no legal move left after
    /// all).
    fn settle<R: Rules + ?Sized>(
        &mut self,
        (rules, level): (&R, &Level),
        (mv, score, phases): (Move, u64, u32),
        last: bool,
    ) -> Option<TurnSummary> {
        self.listed = None;
        let mut verdict = self.verdict(level);
        let (mut score, mut phases) = (score, phases);
        let left = bonus_moves(level, self.tally().moves, || verdict);
        if left > 0 {
            let bonus = self
                .planes
                .bonus((rules, level), (mv, phases, left), self.fit);
            let (extra, chain) = bonus.ok()??;
            (score, phases) = (score.saturating_add(extra), chain);
            verdict = self.verdict(level);
        }
        if let Some(verdict) = verdict {
            self.status = verdict;
        } else if !last {
            let listed = self.listed_after(rules, level)?;
            self.status = match listed.is_empty() {
                false => Status::Playable,
                true => self.stuck(level),
            };
            self.listed = (!listed.is_empty()).then_some(listed);
        }
        Some(TurnSummary {
            score,
            phases,
            status: self.status,
        })
    }
}

/// The one kind of move `rules` take, if they take only one.
fn one_kind<R: Rules + ?Sized>(rules: &R) -> Option<MoveKind> {
    let mut kinds = [MoveKind::Swap, MoveKind::Drop, MoveKind::Tap]
        .into_iter()
        .filter(|&kind| rules.accepts(kind));
    let kind = kinds.next()?;
    kinds.next().is_none().then_some(kind)
}

/// The legal swaps on `planes`: the detection's, and the combos of the specials on them,
/// but those of a locked piece (as the cells list them).
#[inline]
fn legal_swaps<R: Rules + ?Sized>(
    planes: &MaskState,
    rules: &R,
    fit: Planes,
) -> Option<PackedSwaps> {
    let found = rules.legal_swaps_on_planes(planes.view())?;
    let found = match fit.specials() {
        true => found.union(planes.combo_swaps(rules)?),
        false => found,
    };
    planes.unlocked(found)
}
