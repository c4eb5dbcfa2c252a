//! The turn loop: count the move and apply its physical effect ([`Snapshot::open`]), then
//! phases until the board is stable. Each phase finds all matches (plus, in phase 1,
//! whatever the move itself clears: a combo or a tap), fires every special caught in the
//! clear once (blasts catch further specials), lets the rules create specials, removes
//! the cells, scores, applies gravity and refills.

use std::num::NonZeroU32;

use crate::bits::set_bits;
use crate::cellset::CellSet;
use crate::error::PartName;
use crate::error::{MoveError, PartError};
use crate::gravity::{Bundled, Falls};
use crate::legal::has_match;
use crate::level::Level;
use crate::moves::Move;
use crate::obstacles::{self, Cleared};
use crate::phase::{Matches, ScoredPhase};
use crate::piece::{Cell, MAX_COLORS, Piece};
use crate::pos::{MAX_SIDE, Pos};
use crate::progress::Counts;
use crate::rules::Rules;
use crate::specials::Create;
use crate::trace::{Fire, Opening, Sink};

use super::after::Ended;
use super::place::place;
use super::plan::{Plan, on_board};
use super::spawn::CALM_REFILL_AFTER;
use super::{Snapshot, TurnSummary};

/// The most phases one turn may run before it is rejected as a runaway cascade.
pub const PHASE_LIMIT: u32 = 500;

/// The most piece ids one turn can mint: each phase fills at most every cell and creates
/// at most a special per cell, and a drop places one piece.
pub(crate) const TURN_IDS: u32 = (PHASE_LIMIT + 1) * 2 * (MAX_SIDE * MAX_SIDE) as u32;

/// The highest id counter a turn may start from: past it, a turn could run out of ids,
/// so the game refuses moves ([`MoveError::Exhausted`]) and saves with a higher counter
/// are refused when loaded.
pub(crate) const MAX_NEXT_ID: u32 = u32::MAX - TURN_IDS;

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

/// A validated move, as the turn takes it: the move, its plan, and the cells its plan
/// clears (a combo's area or a tap's group; see [`Snapshot::plan`]).
pub(crate) type Planned<'a> = (Move, Plan, &'a CellSet);

/// How far a turn goes: the real turn resolves every phase and works out the status; a
/// look-ahead may stop after its horizon's last phase, and may leave the status as it
/// was (the cheapest look-ahead, see [`Game::evaluate`](crate::Game::evaluate)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Course {
    /// Whether the status is worked out afterwards.
    pub(crate) status: bool,
    /// How much of the cascade is resolved.
    pub(crate) horizon: Horizon,
}

impl Course {
    /// The turn as a game plays it.
    pub(crate) const PLAY: Course = Course {
        status: true,
        horizon: Horizon::Cascade,
    };
}

/// The turn in progress: what the move left for phase 1, how far the turn may go, and
/// the snapshot's scratch buffers (taken for the turn, so that none is allocated once
/// they have grown).
#[derive(Clone, Debug)]
pub(super) struct Turn {
    /// Cells phase 1 clears besides its matches: a combo's area or a tap's group.
    pub(super) trigger: CellSet,
    /// Whether `trigger` is a blast (a combo's area covers crates) rather than a match (a
    /// tap's group hits the crates next to it).
    pub(super) trigger_is_blast: bool,
    /// The chain index of the phase that takes `trigger`: 1 for the move's own, the next
    /// one for what end-of-move effects clear.
    pub(super) trigger_phase: u32,
    /// The last phase run so far.
    pub(super) chain: u32,
    /// Specials fired so far.
    pub(super) fired: u32,
    /// Jelly layers, crate hits and crates cleared before the turn.
    pub(super) cleared_before: Cleared,
    /// The combo's fire (its area is the trigger), reported in phase 1.
    pub(super) combo: Option<Fire>,
    /// Where the move put pieces: a special it makes goes there first.
    moved: [Pos; 2],
    n_moved: usize,
    /// The colours whose cleared pieces the level counts ([`Level::collected_colors`]).
    collects: u32,
    /// Whether holes are refilled (not in a look-ahead of the known pieces only).
    pub(super) refills: bool,
    /// The level's gravity, else the rules' bundled one (`None`: the rules' own part).
    gravity: Option<Bundled>,
    last_phase: u32,
    /// Whether phase 1 stops after its gravity, before its refill (see
    /// [`OpenedMove`](super::opened::OpenedMove)); cleared when it does.
    pub(super) pause_at_refill: bool,
    /// The specials a phase creates, then those placed.
    pub(super) created: Vec<(Pos, Piece)>,
    /// The specials a phase created that found no cell.
    unplaced: Vec<(Pos, Piece)>,
    /// The specials a phase fires.
    pub(super) fired_list: Vec<Fire>,
}

impl Turn {
    /// Makes `cells` the next phase's trigger, cleared as a blast (end-of-move effects,
    /// the leftover bonus).
    pub(super) fn clear_next(&mut self, cells: CellSet) {
        self.trigger = cells;
        self.trigger_is_blast = true;
        self.trigger_phase = self.chain + 1;
        self.combo = None;
    }
}

impl Snapshot {
    /// Whether the counters leave room for another move.
    pub(crate) fn check_counters(&self) -> Result<(), MoveError> {
        if self.tally.moves == u32::MAX {
            Err(MoveError::Exhausted { counter: "move" })
        } else if self.next_id > MAX_NEXT_ID {
            Err(MoveError::Exhausted {
                counter: "piece id",
            })
        } else {
            Ok(())
        }
    }

    /// Plays one validated move (or a resolve, when `mv` is `None`) as far as `course`
    /// says. A look-ahead stops after the horizon's last phase, before its gravity, or
    /// refills nothing.
    #[inline(always)]
    pub(crate) fn play_turn<R: Rules + ?Sized, S: Sink>(
        &mut self,
        rules: &R,
        level: &Level,
        mv: Option<Planned<'_>>,
        sink: &mut S,
        course: Course,
    ) -> Result<TurnSummary, MoveError> {
        self.check_counters()?;
        let mut turn = self.start_turn(rules, level, course);
        if let Some(planned) = mv {
            self.open(rules, level, planned, &mut turn, sink);
        }
        let ended = self.phases(rules, level, &mut turn, sink);
        self.end_turn(rules, level, mv, (&mut turn, ended), sink, course)
    }

    /// A new turn, the snapshot's scratch buffers lent to it. Built in the caller (the
    /// turn is a few hundred bytes: returned through a `Result`, it would be copied).
    #[inline(always)]
    pub(super) fn start_turn<R: Rules + ?Sized>(
        &mut self,
        rules: &R,
        level: &Level,
        course: Course,
    ) -> Turn {
        Turn {
            trigger: CellSet::new(),
            trigger_is_blast: false,
            trigger_phase: 1,
            chain: 0,
            fired: 0,
            cleared_before: self.tally.cleared,
            combo: None,
            moved: [Pos::new(0, 0); 2],
            n_moved: 0,
            collects: level.collected_colors(),
            refills: rules.refills() && course.horizon != Horizon::Known,
            gravity: level.gravity.or_else(|| rules.gravity()),
            last_phase: course.horizon.last_phase(),
            pause_at_refill: false,
            created: std::mem::take(&mut self.specials),
            unplaced: Vec::new(),
            fired_list: std::mem::take(&mut self.fired),
        }
    }

    /// The turn's end once its phases `ended`: the end-of-move effects and the leftover
    /// bonus (a move's whole cascade only), then the status (when `course` asks).
    #[inline(always)]
    pub(super) fn end_turn<R: Rules + ?Sized, S: Sink>(
        &mut self,
        rules: &R,
        level: &Level,
        mv: Option<Planned<'_>>,
        (turn, mut ended): (&mut Turn, Ended),
        sink: &mut S,
        course: Course,
    ) -> Result<TurnSummary, MoveError> {
        if let Some((m, Plan::Swap { combo: false }, _)) = mv
            && matches!(ended, Ok(Some((_, 0))))
        {
            // Validation said the swap matches: a detection that then finds nothing
            // contradicts itself, and the move would count without clearing anything.
            ended = Err(no_match_after_swap(rules, m));
        }
        if mv.is_some() && course.horizon == Horizon::Cascade && rules.has_effects() {
            self.stage = PartName::Effects;
            ended = self.effects(rules, level, ended, turn, sink);
        }
        if mv.is_some() && course.horizon == Horizon::Cascade && self.earns_bonus(level) {
            ended = self.bonus(rules, level, ended, turn, sink);
        }
        self.give_back(turn);
        let Some((score, phases)) = ended? else {
            return Err(MoveError::Runaway {
                mv: mv.map_or_else(|| "resolve".to_string(), |(m, ..)| m.to_string()),
                limit: PHASE_LIMIT,
            });
        };
        self.swaps = None;
        if course.status {
            // A resolve that cleared nothing leaves the starting board as it was: no
            // shuffle.
            let played = mv.is_some() || phases > 0;
            self.settle_status(rules, level, played, sink);
        }
        Ok(TurnSummary {
            score,
            phases,
            status: self.status,
        })
    }

    /// Puts the turn's scratch buffers back in the snapshot, for the next turn to reuse.
    #[inline(always)]
    pub(super) fn give_back(&mut self, turn: &mut Turn) {
        std::mem::swap(&mut self.specials, &mut turn.created);
        std::mem::swap(&mut self.fired, &mut turn.fired_list);
    }

    /// Counts the move and applies its physical effect: a swap swaps (a combo's area
    /// becomes phase 1's trigger), a drop places the next piece and deals another, a
    /// tap's group becomes the trigger.
    #[inline(always)]
    pub(super) fn open<R: Rules + ?Sized, S: Sink>(
        &mut self,
        rules: &R,
        level: &Level,
        (mv, plan, area): Planned<'_>,
        turn: &mut Turn,
        sink: &mut S,
    ) {
        self.tally.moves += 1;
        match (mv, plan) {
            (Move::Swap(a, b), Plan::Swap { combo }) => {
                self.open_swap(a, b, combo.then_some(area), turn, sink);
            }
            (Move::Drop(_), Plan::Drop { to }) => {
                let piece = (self.next_piece).expect("rules that take drops have a next piece");
                let id = self.mint();
                (self.board)
                    .set(to, Cell::Piece(piece), id)
                    .expect("validated");
                self.deal_next_piece(rules, level);
                sink.opening(Opening::Drop { id, piece, to });
                (turn.moved[0], turn.n_moved) = (to, 1);
            }
            (Move::Tap(pos), Plan::Tap) => {
                turn.trigger = *area;
                sink.opening(Opening::Tap { pos });
                (turn.moved[0], turn.n_moved) = (pos, 1);
            }
            _ => unreachable!("plan matches its move"),
        }
    }

    /// [`open`](Snapshot::open) for a swap; `combo` is the combo's area when it is one.
    #[inline(always)]
    fn open_swap<S: Sink>(
        &mut self,
        a: Pos,
        b: Pos,
        combo: Option<&CellSet>,
        turn: &mut Turn,
        sink: &mut S,
    ) {
        let (a_id, b_id) = (self.board.id(a).unwrap_or(0), self.board.id(b).unwrap_or(0));
        if let Some(&area) = combo {
            let (pa, pb) = (self.board.at(a).piece(), self.board.at(b).piece());
            let (pa, pb) = (pa.expect("validated"), pb.expect("validated"));
            // After the swap the moved piece (from `a`) sits on the destination `b`.
            let fire = Fire {
                pos: b,
                id: a_id,
                piece: pa,
                partner: Some((a, b_id, pb)),
            };
            turn.combo = Some(fire);
            turn.trigger = area;
            turn.trigger_is_blast = true;
        }
        self.board.swap(a, b).expect("validated");
        sink.opening(Opening::Swap { a, b, a_id, b_id });
        turn.moved = [b, a];
        turn.n_moved = 2;
    }

    /// Phases until nothing matches or the horizon's last phase is done, going on from
    /// `turn.chain`: the score of these phases and the last chain index, or `Ok(None)`
    /// when the cascade runs past [`PHASE_LIMIT`].
    #[inline(always)]
    pub(super) fn phases<R: Rules + ?Sized, S: Sink>(
        &mut self,
        rules: &R,
        level: &Level,
        turn: &mut Turn,
        sink: &mut S,
    ) -> Result<Option<(u64, u32)>, PartError> {
        let mut total = 0u64;
        loop {
            let chain = turn.chain + 1;
            self.stage = PartName::Detection;
            let mut matched = rules.find_matches(&self.board);
            if rules.matches_stay_on_board() {
                self.board.keep_pieces(&mut matched);
            } else {
                self.keep_matched(rules, &mut matched)?;
            }
            let mut cleared = matched;
            if chain == turn.trigger_phase && !turn.trigger.is_empty() {
                cleared.union_with(&turn.trigger);
                self.board.keep_pieces(&mut cleared);
            }
            if cleared.is_empty() {
                break;
            }
            turn.chain = chain;
            if chain > PHASE_LIMIT {
                return Ok(None);
            }
            sink.phase_start(chain);
            sink.matched(&matched);
            let score = self.phase(rules, level, chain, &matched, &mut cleared, turn, sink)?;
            total = total.saturating_add(score);
            if chain < turn.last_phase {
                self.fall(rules, turn.gravity, sink)?;
                if turn.pause_at_refill {
                    turn.pause_at_refill = false;
                    return Ok(Some((total, chain)));
                }
                self.refill_after(rules, level, turn, chain, sink);
            }
            sink.phase_end(score, &self.board);
            if chain >= turn.last_phase {
                break;
            }
        }
        Ok(Some((total, turn.chain)))
    }

    /// Keeps the cells of a detection's `matched` that hold pieces; a cell off the board
    /// is the detection's error (skipped for detections that vouch they answer none).
    fn keep_matched<R: Rules + ?Sized>(
        &self,
        rules: &R,
        matched: &mut CellSet,
    ) -> Result<(), PartError> {
        let found = *matched;
        self.board.keep_pieces(matched);
        if *matched != found {
            on_board(rules, &self.board, PartName::Detection, found, "a match")?;
        }
        Ok(())
    }

    /// One phase after its matches are found: fire, create and place, score, remove.
    /// Returns the phase's score (already added to the game's).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn phase<R: Rules + ?Sized, S: Sink>(
        &mut self,
        rules: &R,
        level: &Level,
        chain: u32,
        matched: &CellSet,
        cleared: &mut CellSet,
        turn: &mut Turn,
        sink: &mut S,
    ) -> Result<u64, PartError> {
        // Every blast's whole area, on boards with obstacles only (see `fire_phase`).
        let mut blasted = None;
        self.stage = PartName::Specials;
        self.fire_phase(rules, level, chain, turn, cleared, &mut blasted, sink)?;
        turn.fired += turn.fired_list.len() as u32;
        self.create(rules, level, chain, matched, cleared, turn)?;
        self.stage = PartName::Scoring;
        let counts = self.counts(level, chain);
        let score = rules.score(&ScoredPhase {
            chain,
            matches: Matches::new(&self.board, matched),
            cleared,
            fired: &turn.fired_list,
            created: &turn.created,
            progress: counts.on(&self.board),
        });
        self.remove(chain, matched, cleared, blasted.as_ref(), turn, sink);
        self.tally.score = self.tally.score.saturating_add(score);
        Ok(score)
    }

    /// The specials phase `chain` creates, placed (see [`place`]): those that found a
    /// cell in `turn.created`, the others in `turn.unplaced`.
    #[inline(always)]
    fn create<R: Rules + ?Sized>(
        &mut self,
        rules: &R,
        level: &Level,
        chain: u32,
        matched: &CellSet,
        cleared: &CellSet,
        turn: &mut Turn,
    ) -> Result<(), PartError> {
        turn.created.clear();
        let moved = if chain == 1 {
            &turn.moved[..turn.n_moved]
        } else {
            &[][..]
        };
        let counts = Counts::new(level, &self.tally, chain);
        rules.create_specials(&mut Create {
            matches: Matches::new(&self.board, matched),
            moved,
            progress: counts.on(&self.board),
            rng: &mut self.rng,
            out: &mut turn.created,
        });
        if turn.created.is_empty() {
            // Most phases create nothing.
            return Ok(());
        }
        let cells = (matched, cleared);
        place(
            rules,
            &self.board,
            cells,
            &mut turn.created,
            &mut turn.unplaced,
        )
    }

    /// Counts and hits what the clear takes, empties its cells and puts the created
    /// specials in. `blasted` is every blast's area on a board with obstacles.
    #[inline(always)]
    fn remove<S: Sink>(
        &mut self,
        chain: u32,
        matched: &CellSet,
        cleared: &CellSet,
        blasted: Option<&CellSet>,
        turn: &mut Turn,
        sink: &mut S,
    ) {
        if turn.collects != 0 {
            let masks = self.board.masks();
            let count = |color| masks.count_color_in(color, cleared);
            count_colors(turn.collects, count, &mut self.tally.collected);
        }
        if let Some(blasted) = blasted {
            let by_match = || {
                let mut by_match = *matched;
                if chain == turn.trigger_phase && !turn.trigger_is_blast {
                    by_match.union_with(&turn.trigger);
                }
                by_match.intersect_with(cleared);
                by_match
            };
            obstacles::hit(
                &mut self.board,
                cleared,
                by_match,
                blasted,
                &mut self.tally.cleared,
                sink,
            );
        }
        self.board.clear_cells(cleared);
        sink.cleared(cleared);
        for &(pos, piece) in &turn.created {
            let id = self.mint();
            self.board.put_new(pos, piece, id);
            sink.created(pos, id, piece);
        }
        if !turn.unplaced.is_empty() {
            for (pos, piece) in turn.unplaced.drain(..) {
                sink.unplaced(pos, piece);
            }
        }
    }

    /// The refill after phase `chain`'s gravity (calm from [`CALM_REFILL_AFTER`] on).
    #[inline(always)]
    pub(super) fn refill_after<R: Rules + ?Sized, S: Sink>(
        &mut self,
        rules: &R,
        level: &Level,
        turn: &Turn,
        chain: u32,
        sink: &mut S,
    ) {
        if !turn.refills {
            return;
        }
        let calm = chain >= CALM_REFILL_AFTER;
        self.stage = PartName::Refill;
        if !calm || !has_match(rules, &self.board) {
            self.refill(rules, level, chain, calm, sink);
        }
    }

    /// Gravity (`gravity`: the level's, else the rules' bundled one): a bundled one by the
    /// engine's own code, the rules' own part through a [`Falls`] site, whose refused moves
    /// are the part's error.
    #[inline(always)]
    fn fall<R: Rules + ?Sized, S: Sink>(
        &mut self,
        rules: &R,
        gravity: Option<Bundled>,
        sink: &mut S,
    ) -> Result<(), PartError> {
        self.stage = PartName::Gravity;
        match gravity {
            Some(bundled) => bundled.settle(&mut self.board, sink),
            None => self.fall_by_part(rules, sink)?,
        }
        Ok(())
    }

    /// [`fall`](Snapshot::fall) through the rules' own gravity part.
    #[inline(never)]
    fn fall_by_part<R: Rules + ?Sized, S: Sink>(
        &mut self,
        rules: &R,
        sink: &mut S,
    ) -> Result<(), PartError> {
        let mut falls = Falls::new(&mut self.board, sink);
        rules.settle(&mut falls);
        (falls.finish())
            .map_err(|problem| PartError::new(rules.name(), PartName::Gravity, problem.to_string()))
    }

    /// The next piece id.
    #[inline]
    pub(super) fn mint(&mut self) -> u32 {
        self.next_id += 1;
        self.next_id - 1
    }
}

/// The detection's error for a swap it called a match but found none in once played.
#[cold]
#[inline(never)]
fn no_match_after_swap<R: Rules + ?Sized>(rules: &R, mv: Move) -> PartError {
    let problem = format!("said {mv} makes a match but found none after the swap");
    PartError::new(rules.name(), PartName::Detection, problem)
}

/// Adds the cleared pieces of each colour of `colors` (bit `i` for the colour of index
/// `i`, as [`Level::collected_colors`] gives them) to `collected`: `count` says how many
/// of a colour were cleared. Out of line: most levels collect nothing.
#[inline(never)]
pub(super) fn count_colors(
    colors: u32,
    count: impl Fn(u8) -> u32,
    collected: &mut [u32; MAX_COLORS as usize],
) {
    for i in set_bits(u64::from(colors)) {
        let total = &mut collected[i];
        *total = total.saturating_add(count(i as u8));
    }
}
