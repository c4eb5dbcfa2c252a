//! The score-only look-ahead on the bit planes alone ([`Game::score_within`]).
//!
//! When every part of a variant has a form that reads no cell (the detection's
//! [`Detect::on_planes`](crate::Detect::on_planes), a blind refill policy, a scoring by
//! counts, a specials part that can tell from the planes what a phase makes, or that it
//! makes nothing, and what its specials clear when they fire)
//! and the board is small and plain, a look-ahead's score needs
//! only the planes: clearing, gravity and refill move bits, never cells or ids. The
//! state kept here has no cells at all, so nothing can read cells the planes have left
//! behind.
//!
//! [`Game::score_within`]: crate::Game::score_within

use std::cell::OnceCell;

use crate::bits::set_bits;
use crate::board::Board;
use crate::cellset::CellSet;
use crate::combos::combo_swaps_on;
use crate::error::MoveError;
use crate::gravity::Bundled;
use crate::legal::{landing_row, open_columns};
use crate::level::Level;
use crate::masks::{CRATES, Masks};
use crate::moves::{Move, PackedSwaps};
use crate::piece::{Cell, Color, Combos, Piece, Special};
use crate::planes::{Field, PackedCells, PlaneView};
use crate::pos::Pos;
use crate::progress::{Remaining, Tally};
use crate::refill::Blind;
use crate::rng::GameRng;
use crate::rules::Rules;
use crate::specials::{BlastOnPlanes, ComboOnPlanes, CreateOnPlanes};

use super::Snapshot;
use super::fixed_planes::FixedPlanes;
use super::jelly_planes::JellyPlanes;
use super::kind_planes::KindPlanes;
use super::plan::Plan;
use super::spawn::{CALM_REFILL_AFTER, blind_policy, packed_cells};
use super::status::goals_met;
use super::turn::{Course, PHASE_LIMIT, Planned, count_colors};

mod calm;
mod shuffle;

/// The matches of a phase that matched nothing, for [`planes_suffice`]'s question.
static NO_MATCH: CellSet = CellSet::new();

/// What a score-only look-ahead keeps: planes (the specials' kinds, the jelly, the locks
/// and the crates among them), generator and tally (score, pieces collected per colour,
/// obstacles cleared); no cell.
#[derive(Clone, Debug)]
pub(crate) struct MaskState {
    masks: Masks,
    rng: GameRng,
    /// The score, pieces collected and obstacles cleared after the last look-ahead, kept
    /// whole so that a verdict reads it in place; the moves are the loaded state's and
    /// those [`count_move`](MaskState::count_move) added.
    tally: Tally,
    colors: u8,
    /// The piece a drop places next (rules that take drops only).
    next_piece: Option<Piece>,
    /// The specials the current phase creates (see [`MaskState::creates_need_cells`]),
    /// kept to reuse the buffer.
    created: Vec<(Pos, Piece)>,
    /// What kind each special on the planes is.
    kinds: KindPlanes,
    /// The jelly under the pieces, and the locks and crates.
    jelly: JellyPlanes,
    fixed: FixedPlanes,
}

impl MaskState {
    /// A look-ahead state with `state`'s planes.
    pub(crate) fn of(state: &Snapshot) -> Self {
        MaskState {
            masks: state.board.masks().clone(),
            rng: state.rng.clone(),
            tally: state.tally,
            colors: state.colors,
            next_piece: state.next_piece,
            created: Vec::new(),
            kinds: KindPlanes::of(&state.board),
            jelly: JellyPlanes::of(&state.board),
            fixed: FixedPlanes::of(&state.board).unwrap_or_default(),
        }
    }

    /// Back to `from`'s planes, score and pieces collected, new pieces from `refills`
    /// when given, else from `from`'s generator.
    #[inline(always)]
    pub(crate) fn load(&mut self, from: &Snapshot, refills: Option<&GameRng>) {
        self.masks.clone_from(from.board.masks());
        self.kinds.load(&from.board);
        self.rng.clone_from(refills.unwrap_or(&from.rng));
        self.jelly = JellyPlanes::of(&from.board);
        // The boards the planes play (`Planes::suit`) have fixed planes.
        self.fixed = FixedPlanes::of(&from.board).unwrap_or_default();
        (self.tally, self.colors) = (from.tally, from.colors);
        self.next_piece = from.next_piece;
    }

    /// The planes as they stand.
    pub(crate) fn view(&self) -> PlaneView<'_> {
        PlaneView::of_masks(&self.masks)
    }

    /// The score, pieces collected per colour and obstacles cleared after the last
    /// look-ahead, and the moves counted (see [`count_move`](MaskState::count_move)).
    pub(crate) fn tally(&self) -> &Tally {
        &self.tally
    }

    /// Counts a move played here (a probe's: the greedy look-ahead counts none).
    pub(crate) fn count_move(&mut self) {
        self.tally.moves += 1;
    }

    /// The columns a drop lands in, a bit per column (see [`open_columns`]).
    pub(crate) fn open_columns(&self) -> u32 {
        open_columns(&self.masks)
    }

    /// The cells a tap is legal on, packed, when the rules tell them from the planes
    /// ([`Rules::legal_taps_on_planes`]).
    pub(crate) fn legal_taps<R: Rules + ?Sized>(&self, rules: &R) -> Option<u64> {
        let taps = rules.legal_taps_on_planes(self.view())?;
        let size = self.masks.size();
        Some(taps.packed_on(size.rows(), size.cols()))
    }

    /// The empty cells, packed ([`Masks::packed_empties`], with the crates this state
    /// keeps packed); `None` on a board of more than 64 cells.
    #[inline]
    fn empties(&self) -> Option<u64> {
        let empties = self.masks.packed_empties_besides(self.fixed.crates());
        debug_assert_eq!(
            empties,
            self.masks.packed_empties(),
            "the crate planes agree"
        );
        empties
    }

    /// Whether any piece is left.
    pub(crate) fn has_pieces(&self) -> bool {
        self.masks.packed_pieces() != Some(0)
    }

    /// Plays the validated move `planned` from `from` (whose board it was checked on) on
    /// the planes, as far as `course` goes, and returns its score and last chain; `Ok(None)` when the
    /// turn needs the cells after all (a cascade that turns calm, or rules that cannot
    /// answer on the planes). New pieces come from `refills` when given, else from
    /// `from`'s generator.
    pub(crate) fn play<R: Rules + ?Sized>(
        &mut self,
        (rules, level): (&R, &Level),
        (from, refills): (&Snapshot, Option<&GameRng>),
        planned: Planned<'_>,
        (course, planes): (Course, Planes),
    ) -> Result<Option<(u64, u32)>, MoveError> {
        let Some(blind) = blind_policy(rules, level) else {
            return Ok(None);
        };
        from.check_counters()?;
        self.load(from, refills);
        let Some(trigger) = self.open(from, planned, blind) else {
            return Ok(None);
        };
        // Only specials parts are told the moved cells.
        let moved = match planes.specials {
            true => Moved::by(planned.0, planned.1),
            false => Moved::NONE,
        };
        let opening = Opening {
            mv: planned.0,
            trigger: Trigger::matched(trigger),
            moved,
        };
        let whole = (course, planes, (0, 0));
        self.resolve(rules, (opening, blind), whole)
    }

    /// Plays `mv`, a move the planes' legal moves list (see `Listed`), on the planes as
    /// they stand (whatever the cells held), to the end of its cascade with new pieces
    /// from this state's generator; returns its score and phases, `Ok(None)` when the
    /// turn needs the cells after all.
    pub(crate) fn play_move<R: Rules + ?Sized>(
        &mut self,
        (rules, level): (&R, &Level),
        mv: Move,
        planes: Planes,
    ) -> Result<Option<(u64, u32)>, MoveError> {
        let Some(blind) = blind_policy(rules, level) else {
            return Ok(None);
        };
        let Some((trigger, moved)) = self.open_listed(rules, (mv, planes.specials), blind) else {
            return Ok(None);
        };
        let opening = Opening { mv, trigger, moved };
        let course = (Course::PLAY, planes, (0, 0));
        self.resolve(rules, (opening, blind), course)
    }

    /// The physical effect of `mv`, a listed move, on the planes as they stand (under
    /// rules with special kinds when `specials`): a swap swaps (a combo's area, `None`
    /// when the specials cannot tell it from the planes, is phase 1's trigger, see
    /// [`swap_kinds`](MaskState::swap_kinds)), a drop places the next piece and deals
    /// another, a tap's group (`None` when the rules cannot tell it from the planes) is
    /// phase 1's trigger; with the cells the move put pieces on.
    fn open_listed<R: Rules + ?Sized>(
        &mut self,
        rules: &R,
        (mv, specials): (Move, bool),
        blind: Blind<'_>,
    ) -> Option<(Trigger, Moved)> {
        match mv {
            Move::Swap(a, b) => {
                let trigger = match specials {
                    true => self.swap_kinds(rules, a, b)?,
                    false => Trigger::default(),
                };
                self.masks.swap_packed(a, b);
                Some((trigger, Moved([b, a], 2)))
            }
            Move::Drop(col) => {
                let to = Pos::new(landing_row(&self.masks, col.into())?, col);
                self.drop_on(to, blind)?;
                Some((Trigger::default(), Moved([to, to], 1)))
            }
            Move::Tap(pos) => {
                let group = rules.tap_on_planes(self.view(), pos)?;
                let size = self.masks.size();
                let area = group.packed_on(size.rows(), size.cols());
                (area != 0).then_some((Trigger::matched(area), Moved([pos, pos], 1)))
            }
        }
    }

    /// Places the next piece on `to` and deals another from the generator, as the cells'
    /// drop does.
    /// `None` when there is no next piece (the cells say why).
    fn drop_on(&mut self, to: Pos, blind: Blind<'_>) -> Option<()> {
        let piece = self.next_piece?;
        self.masks.toggle(to, Cell::Piece(piece));
        self.next_piece = Some(blind.draw(&mut self.rng, self.colors));
        Some(())
    }

    /// Plays the rest of the paused move `mv` on the planes as they stand (those of the
    /// state where it paused): the refill after its phase `chain`, which scored `score`,
    /// and the phases after it; returns the move's score and phases, `Ok(None)` when the
    /// turn needs the cells.
    pub(crate) fn resume<R: Rules + ?Sized>(
        &mut self,
        (rules, level): (&R, &Level),
        (mv, chain, score): (Move, u32, u64),
        planes: Planes,
    ) -> Result<Option<(u64, u32)>, MoveError> {
        let Some(blind) = blind_policy(rules, level) else {
            return Ok(None);
        };
        if !rules.refills() || chain >= CALM_REFILL_AFTER {
            return Ok(None);
        }
        self.refill(blind);
        // Past its first phase: no phase to come sees the moved cells.
        let opening = Opening {
            mv,
            trigger: Trigger::default(),
            moved: Moved::NONE,
        };
        let course = (Course::PLAY, planes, (chain, score));
        self.resolve(rules, (opening, blind), course)
    }

    /// The phases of `mv` after its opening, which left `trigger` for phase 1: its score
    /// and phases, `Ok(None)` when the turn needs the cells.
    #[inline(always)]
    fn resolve<R: Rules + ?Sized>(
        &mut self,
        rules: &R,
        (opening, blind): (Opening, Blind<'_>),
        (course, planes, from): (Course, Planes, (u32, u64)),
    ) -> Result<Option<(u64, u32)>, MoveError> {
        let Opening { mv, trigger, moved } = opening;
        let phases = Phases {
            trigger,
            moved,
            refills: rules.refills() && course.horizon != crate::Horizon::Known,
            blind,
            last: course.horizon.last_phase(),
            specials: planes.specials,
            with_specials: planes.with_specials,
            collects: planes.collects,
            from,
        };
        match self.phases(rules, &phases) {
            Ended::Scored(score, chain) => Ok(Some((score, chain))),
            Ended::NeedsCells => Ok(None),
            Ended::Runaway => Err(MoveError::Runaway {
                mv: mv.to_string(),
                limit: PHASE_LIMIT,
            }),
        }
    }

    /// The leftover bonus on the planes, after move `mv`, whose phases ended at `chain`,
    /// met every goal with `left` moves to spare, as the cells play it
    /// ([`Snapshot::bonus`](super::Snapshot)): each move left turns a random plain piece
    /// (row-major, drawn from the generator, the drawn place taken by the last) into a
    /// special of the rules' first coloured kind, or leaves it plain under rules without
    /// one; the drawn pieces are cleared (the specials fire) and the phases after the
    /// clear play on. Returns the bonus's score and the last chain; `Ok(None)` when the
    /// cells must play it (a blast or phase the planes cannot play).
    pub(crate) fn bonus<R: Rules + ?Sized>(
        &mut self,
        (rules, level): (&R, &Level),
        (mv, chain, left): (Move, u32, u32),
        planes: Planes,
    ) -> Result<Option<(u64, u32)>, MoveError> {
        let Some(blind) = blind_policy(rules, level) else {
            return Ok(None);
        };
        let drawn = self.draw_plain(left);
        if drawn == 0 {
            return Ok(Some((0, chain)));
        }
        if let Some(kind) = rules.special_kinds().iter().find(|kind| kind.colored) {
            self.arm(drawn, kind.special);
        }
        // The drawn pieces are cleared as a blast: they hit no crate beside them.
        let opening = Opening {
            mv,
            trigger: Trigger::blast(drawn),
            moved: Moved::NONE,
        };
        let course = (Course::PLAY, planes, (chain, 0));
        self.resolve(rules, (opening, blind), course)
    }

    /// Turns the plain pieces on the cells `drawn` into specials of kind `special`, each
    /// of its piece's colour.
    fn arm(&mut self, drawn: u64, special: Special) {
        let cols = self.masks.size().cols();
        for (pos, i) in packed_cells(drawn, cols) {
            let Some(color) = self.color_at(i) else {
                continue;
            };
            let (plain, armed) = (Piece::plain(color), Piece::new(color, special));
            self.masks
                .replace_at((pos, i), Cell::Piece(plain), Cell::Piece(armed));
            self.kinds.put(1 << i, special);
        }
    }

    /// Up to `left` plain, unlocked pieces drawn as the cells' bonus draws them: the
    /// packed cells.
    fn draw_plain(&mut self, left: u32) -> u64 {
        let (pieces, specials) = (self.masks.packed_pieces(), self.masks.packed_specials());
        let mut bits = pieces.unwrap_or(0) & !specials.unwrap_or(0) & !self.fixed.locks();
        let (mut plain, mut n) = ([0u8; 64], 0);
        while bits != 0 {
            plain[n] = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            n += 1;
        }
        let first = super::bonus::draw(&mut plain[..n], left, &mut self.rng);
        plain[first..n].iter().fold(0, |drawn, &i| drawn | 1 << i)
    }

    /// Whether the turn just played here meets every goal of `level`, judged as the
    /// cells' turn judges it (with this look-ahead's score, pieces collected and
    /// obstacles). On a level that pays the
    /// leftover bonus such a move with moves to spare plays the bonus next
    /// ([`bonus`](MaskState::bonus)).
    #[inline(never)]
    pub(crate) fn meets_goals(&self, level: &Level) -> bool {
        goals_met(level, &self.tally, self)
    }

    /// The move's physical effect on the planes; returns what phase 1 clears besides
    /// its matches (a tap's group, packed), `None` when the move needs the cells: a swap
    /// with a special fires it or makes a combo.
    fn open(
        &mut self,
        from: &Snapshot,
        (mv, plan, area): Planned<'_>,
        blind: Blind<'_>,
    ) -> Option<u64> {
        match (mv, plan) {
            (Move::Swap(a, b), _) => {
                let (ca, cb) = (from.board.at(a), from.board.at(b));
                let special = |c: Cell| c.piece().is_some_and(|p| p.special().is_some());
                if special(ca) || special(cb) {
                    return None;
                }
                self.masks.exchange(a, ca, b, cb);
                Some(0)
            }
            (Move::Drop(_), Plan::Drop { to }) => {
                self.drop_on(to, blind)?;
                Some(0)
            }
            (Move::Tap(_), _) => {
                let size = self.masks.size();
                Some(area.packed_on(size.rows(), size.cols()))
            }
            _ => unreachable!("plan matches its move"),
        }
    }

    /// Phases on the planes until nothing matches or the horizon's last phase is done.
    /// The board has at most 64 cells, so what a phase clears is one packed word.
    #[inline(always)]
    fn phases<R: Rules + ?Sized>(&mut self, rules: &R, turn: &Phases<'_>) -> Ended {
        let cols = self.masks.size().cols();
        let (mut chain, mut total) = turn.from;
        // Only phase 1 has a trigger.
        let mut trigger = turn.trigger.cells;
        loop {
            let Some(by_match) = self.matched(rules) else {
                return Ended::NeedsCells;
            };
            // Only pieces are cleared (a tap's group is one colour's pieces anyway).
            let pieces = self.masks.packed_pieces().expect("a small board");
            let trigger = std::mem::take(&mut trigger);
            let mut cleared = (by_match | trigger) & pieces;
            // A phase that clears nothing ends the turn before it could make a special,
            // as on the cells: the last phase of a cascade asks the specials nothing.
            if cleared == 0 {
                return Ended::Scored(total, chain);
            }
            // A blasting trigger (a combo's area, the bonus's pieces) covers crates.
            let mut blasted = if turn.trigger.blasts { trigger } else { 0 };
            let fired = || turn.fired(trigger, cols);
            if turn.specials && !self.fire(rules, (&mut cleared, fired()), &mut blasted) {
                return Ended::NeedsCells;
            }
            if self.fixed.cells() != 0 {
                // What the crates take hits from: the matches and a tap's group beside
                // them, blasts over them.
                let by_match = by_match | if turn.trigger.blasts { 0 } else { trigger };
                self.hit_fixed(&mut cleared, (by_match, blasted));
            }
            let phase = || (chain + 1, by_match);
            if turn.specials && self.creates_need_cells(rules, turn, phase(), cleared) {
                return Ended::NeedsCells;
            }
            chain += 1;
            if chain > PHASE_LIMIT {
                return Ended::Runaway;
            }
            let Some(score) = rules.score_by_count(chain, cleared.count_ones() as usize) else {
                return Ended::NeedsCells;
            };
            self.remove(turn, cleared);
            self.tally.score = self.tally.score.saturating_add(score);
            total = total.saturating_add(score);
            if chain >= turn.last {
                return Ended::Scored(total, chain);
            }
            self.fall(turn.specials);
            if turn.refills && !self.refill_after(rules, turn.blind, chain) {
                return Ended::NeedsCells;
            }
        }
    }

    /// What a phase's clear `cleared` takes off the planes: the pieces (those of the
    /// colours the level collects counted), a jelly layer under
    /// each, the kinds of the specials; then the specials it created are put in.
    #[inline(always)]
    fn remove(&mut self, turn: &Phases<'_>, cleared: u64) {
        let collects = turn.collects;
        if collects != 0 {
            let count = |color| self.masks.count_color_packed(color, cleared);
            count_colors(collects, count, &mut self.tally.collected);
        }
        self.masks.clear_packed(cleared);
        self.tally.cleared.jelly += self.jelly.hit(cleared);
        if turn.specials {
            self.kinds.clear(cleared);
            if !self.created.is_empty() {
                self.place_created();
            }
        }
    }

    /// What a phase's clear `cleared`, whose matched cells are `by_match` and blasts
    /// `blasted`, does to the locks and crates: the locks in it break instead of their
    /// pieces going (taken out of `cleared`), and each crate next to a matched cell still
    /// cleared or under a blast loses a health; the crates gone leave empty cells. Out of
    /// line: most boards have neither.
    #[inline(never)]
    fn hit_fixed(&mut self, cleared: &mut u64, (by_match, blasted): (u64, u64)) {
        self.fixed.unlock(cleared);
        if self.fixed.crates() == 0 {
            return;
        }
        let by_match = by_match & *cleared;
        let g = *self.masks.geometry().expect("a small board");
        let cols = g.cols as usize;
        let beside = (by_match & g.right[1]) << 1
            | (by_match & g.left[1]) >> 1
            | by_match << cols
            | by_match >> cols;
        let hit = self.fixed.hit((beside | blasted) & g.all);
        self.tally.cleared.crate_hits += hit.hit;
        self.tally.cleared.crates += hit.gone.count_ones();
        // The masks' crate rows tell which cells are empty (`Masks::packed_empties`):
        // kept in step. Their lock and jelly rows stay the start's; nothing here reads
        // them.
        for (pos, _) in packed_cells(hit.gone, cols) {
            self.masks.flip_obstacle(CRATES, pos);
        }
    }

    /// Gravity on the planes (the kinds' planes falling with them under rules with
    /// specials), round the locked pieces and crates.
    #[inline(always)]
    fn fall(&mut self, specials: bool) {
        let with_kinds = specials && !self.kinds.is_empty();
        match self.fixed.cells() {
            0 if with_kinds => self.masks.fall_with(self.kinds.planes_mut()),
            0 => self.masks.fall(),
            fixed if with_kinds => self.masks.fall_around(fixed, self.kinds.planes_mut()),
            fixed => self.masks.fall_around(fixed, &mut []),
        }
    }

    /// Whether phase `chain`, which clears `cleared` of which `by_match` matched (both
    /// packed), needs
    /// the cells to make specials (boards hold them only under rules with special
    /// kinds): it creates some the planes cannot tell or place. Else what it creates is
    /// left in `self.created`, for [`place_created`] after the clear. Out of line: the
    /// phases of rules without special kinds never call it (inlined, it slowed their
    /// loop by 0.6% of a greedy game's instructions).
    ///
    /// [`place_created`]: MaskState::place_created
    #[inline(never)]
    fn creates_need_cells<R: Rules + ?Sized>(
        &mut self,
        rules: &R,
        turn: &Phases<'_>,
        (chain, by_match): (u32, u64),
        cleared: u64,
    ) -> bool {
        self.created.clear();
        let moved = if chain == 1 { turn.moved.cells() } else { &[] };
        let view = PlaneView::of_masks(&self.masks);
        let g = self.masks.geometry().expect("a small board");
        let (matched, set) = (PackedCells::new(by_match, g.rows, g.cols), OnceCell::new());
        let mut site = CreateOnPlanes::packed(view, (matched, &set), moved, &mut self.created);
        if !rules.create_on_planes(&mut site) {
            return true;
        }
        // A board that then holds a special suits the planes only when the specials'
        // answers hold there too (see `Planes::suit`).
        let placed = turn.with_specials && self.on_their_cells(rules, cleared);
        !(self.created.is_empty() || placed)
    }

    /// Fires the specials in `cleared` but those already `fired` (a combo's pair) as the
    /// cells fire them: row-major, each blast adding the pieces of its area (and the
    /// specials among them, which fire in turn) until none is left; every blast's whole
    /// area goes to `blasted` (for the crates). A locked special is not cleared, so it
    /// does not fire. `false` when a blast needs the cells: the specials cannot tell it
    /// from the planes, or it reaches off the board (the cells say so).
    #[inline(always)]
    fn fire<R: Rules + ?Sized>(
        &self,
        rules: &R,
        (cleared, fired): (&mut u64, u64),
        blasted: &mut u64,
    ) -> bool {
        // Most phases clear no special.
        let specials = self.masks.packed_specials().unwrap_or(0);
        *cleared & specials & !fired == 0 || self.fire_specials(rules, (cleared, fired), blasted)
    }

    /// [`fire`](MaskState::fire) on a clear that holds a special. Out of line: most
    /// phases fire nothing.
    #[inline(never)]
    fn fire_specials<R: Rules + ?Sized>(
        &self,
        rules: &R,
        (cleared, fired): (&mut u64, u64),
        blasted: &mut u64,
    ) -> bool {
        let size = self.masks.size();
        let (rows, cols) = (size.rows(), size.cols());
        let specials = self.masks.packed_specials().unwrap_or(0);
        let pieces = self.masks.packed_pieces().unwrap_or(0);
        let mut fired = self.fixed.locks() | fired;
        loop {
            let waiting = specials & *cleared & !fired;
            if waiting == 0 {
                return true;
            }
            let i = waiting.trailing_zeros() as usize;
            fired |= 1 << i;
            let pos = Pos::new((i / cols) as u8, (i % cols) as u8);
            let Some(piece) = self.special_at(i) else {
                return false;
            };
            let site = BlastOnPlanes::new(self.view(), pos, piece);
            let area = match rules.blast_on_planes(&site) {
                Some(area) if area.first_outside(size).is_none() => area,
                _ => return false,
            };
            let area = area.packed_on(rows, cols);
            *blasted |= area;
            *cleared |= area & pieces;
        }
    }

    /// The matched cells on the planes as they stand, packed (the detection's packed
    /// answer, else its set packed here); `None` when the detection cannot answer there.
    #[inline(always)]
    fn matched<R: Rules + ?Sized>(&self, rules: &R) -> Option<u64> {
        let view = PlaneView::of_masks(&self.masks);
        match rules.matches_on_planes_packed(view) {
            Some(found) => Some(found.bits()),
            None => self.matched_from_set(rules),
        }
    }

    /// [`matched`](MaskState::matched) from the detection's set. Out of line: the bundled
    /// detections answer packed.
    #[inline(never)]
    fn matched_from_set<R: Rules + ?Sized>(&self, rules: &R) -> Option<u64> {
        let size = self.masks.size();
        let found = rules.matches_on_planes(PlaneView::of_masks(&self.masks))?;
        Some(found.packed_on(size.rows(), size.cols()))
    }

    /// The special on cell `i`, its kind from the kind planes and its colour from the
    /// colour planes (none for a colourless one).
    fn special_at(&self, i: usize) -> Option<Piece> {
        let special = self.kinds.at(i)?;
        Some(match self.color_at(i) {
            Some(color) => Piece::new(color, special),
            None => Piece::colorless(special),
        })
    }

    /// The piece on cell `i`, if one stands there.
    fn piece_at(&self, i: usize) -> Option<Piece> {
        match self.kinds.at(i) {
            Some(_) => self.special_at(i),
            None => self.color_at(i).map(Piece::plain),
        }
    }

    /// The colour of the piece on cell `i`, if it has one.
    fn color_at(&self, i: usize) -> Option<Color> {
        let colors = self.masks.packed_colors()?;
        let index = colors.iter().position(|&plane| plane >> i & 1 != 0)?;
        Color::new(index as u8)
    }

    /// Trades the kinds on `a` and `b` for a swap of `a` onto `b` the planes play; when
    /// the kinds call it a combo, its area is phase 1's trigger, a blast whose pair has
    /// fired (`None`: the specials cannot tell it from the planes, the cells play it).
    fn swap_kinds<R: Rules + ?Sized>(&mut self, rules: &R, a: Pos, b: Pos) -> Option<Trigger> {
        let cols = self.masks.size().cols();
        let (i, j) = (
            usize::from(a.row) * cols + usize::from(a.col),
            usize::from(b.row) * cols + usize::from(b.col),
        );
        // A combo needs a special on one of the two cells; most swaps have none.
        let pair = 1u64 << i | 1u64 << j;
        if self.masks.packed_specials().is_some_and(|s| s & pair == 0) {
            self.kinds.swap(i, j);
            return Some(Trigger::default());
        }
        let (with_specials, with_any) = self.kinds.combining(rules.special_kinds());
        let combos = |i: usize| match (with_specials >> i & 1, with_any >> i & 1) {
            (_, 1) => Combos::WithAnything,
            (1, _) => Combos::WithSpecials,
            _ => Combos::None,
        };
        let trigger = match Combos::pair(combos(i), combos(j)) {
            true => Trigger {
                combo: true,
                ..Trigger::blast(self.combo_area(rules, (a, i), (b, j))?)
            },
            false => Trigger::default(),
        };
        self.kinds.swap(i, j);
        Some(trigger)
    }

    /// The cells the combo of swapping `a` (cell `i`) onto `b` (cell `j`) clears,
    /// packed, as the specials tell it from the planes before the swap; `None` when they
    /// cannot, or it reaches off the board (the cells say so).
    fn combo_area<R: Rules + ?Sized>(
        &self,
        rules: &R,
        (a, i): (Pos, usize),
        (b, j): (Pos, usize),
    ) -> Option<u64> {
        let pieces = (self.piece_at(i)?, self.piece_at(j)?);
        let area = rules.combo_on_planes(&ComboOnPlanes::new(self.view(), (a, b), pieces))?;
        let size = self.masks.size();
        (area.first_outside(size).is_none()).then(|| area.packed_on(size.rows(), size.cols()))
    }

    /// `swaps` (packed a byte per row) without those that would move a locked piece;
    /// `None` on a board with locks past 8 × 8.
    #[inline]
    pub(crate) fn unlocked(&self, swaps: PackedSwaps) -> Option<PackedSwaps> {
        match self.fixed.locks() {
            0 => Some(swaps),
            locks => self.unlocked_by(swaps, locks),
        }
    }

    /// [`unlocked`](MaskState::unlocked) with `locks`. Out of line: few boards have any.
    #[inline(never)]
    fn unlocked_by(&self, swaps: PackedSwaps, locks: u64) -> Option<PackedSwaps> {
        let by_byte = self.masks.geometry()?.to_bytes8(locks)?;
        Some(crate::legal::drop_locked_packed(swaps, by_byte))
    }

    /// The combo swaps on the planes, by the kinds' table (see
    /// [`combo_swaps_on`](crate::combos::combo_swaps_on)); `None` on a board bigger than
    /// 8 × 8. Out of line: inlined into the status's legal swaps, which rules without
    /// special kinds share, it made their futures 0.3% dearer.
    #[inline(never)]
    pub(crate) fn combo_swaps<R: Rules + ?Sized>(&self, rules: &R) -> Option<PackedSwaps> {
        let g = self.masks.geometry()?;
        // Most boards a future reaches hold no special, so no combo.
        if self.masks.packed_specials()? == 0 {
            let none = g.to_bytes8(0)?;
            return Some(PackedSwaps {
                right: none,
                down: none,
            });
        }
        let combining = self.kinds.combining(rules.special_kinds());
        combo_swaps_on(g, combining, self.masks.packed_pieces()?)
    }

    /// Whether every created special goes on its own cell, as on the cells: one the
    /// clear empties that no special created before it took, of a kind the rules
    /// declare. Any other (a special placed elsewhere in its group, one not placed, a
    /// part's error) is left to the cells.
    fn on_their_cells<R: Rules + ?Sized>(&self, rules: &R, cleared: u64) -> bool {
        let (rows, cols) = (self.masks.size().rows(), self.masks.size().cols());
        let mut taken = 0u64;
        self.created.iter().all(|&(pos, piece)| {
            let (r, c) = (usize::from(pos.row), usize::from(pos.col));
            let bit = if r < rows && c < cols {
                1u64 << (r * cols + c)
            } else {
                0
            };
            let free = bit & cleared & !taken != 0;
            taken |= bit;
            free && piece.special().is_none_or(|s| rules.supports_special(s))
        })
    }

    /// Puts the specials the phase created on their cells, which the clear emptied.
    fn place_created(&mut self) {
        let cols = self.masks.size().cols();
        for &(pos, piece) in &self.created {
            self.masks.toggle(pos, Cell::Piece(piece));
            if let Some(special) = piece.special() {
                let i = usize::from(pos.row) * cols + usize::from(pos.col);
                self.kinds.put(1 << i, special);
            }
        }
    }

    /// The refill after phase `chain`'s gravity, as the cells' (calm from
    /// [`CALM_REFILL_AFTER`] on); `false` when the planes cannot answer a calm refill's
    /// questions.
    #[inline(always)]
    fn refill_after<R: Rules + ?Sized>(&mut self, rules: &R, blind: Blind<'_>, chain: u32) -> bool {
        if chain < CALM_REFILL_AFTER {
            self.refill(blind);
            return true;
        }
        self.refill_calm(rules, blind).is_some()
    }

    /// Fills every empty cell, row-major, with the blind policy's pieces: the draws the
    /// turn on the cells makes.
    fn refill(&mut self, blind: Blind<'_>) {
        let holes = self.empties().expect("a small plain board");
        let rng = (self.rng.clone(), self.colors);
        let mut planes = (self.masks.fill_plain(holes, self.colors)).expect("a small board");
        self.rng = blind.draw_each(rng, set_bits(holes), |i, piece| planes.put(i, piece));
    }
}

/// How a move opened, for the phases on the planes after it.
struct Opening {
    mv: Move,
    trigger: Trigger,
    moved: Moved,
}

/// What phase 1 clears besides its matches, packed.
#[derive(Clone, Copy, Default)]
struct Trigger {
    /// The cells: a tap's group, a combo's area, the bonus's drawn pieces.
    cells: u64,
    /// Whether they are cleared as a blast (a combo's, the bonus's), which hits only the
    /// crates it covers, rather than as a match (a tap's group), which hits those beside.
    blasts: bool,
    /// Whether they are a combo's area: the swapped pair (the cells the move put
    /// pieces on) has fired together as the combo, not one by one.
    combo: bool,
}

impl Trigger {
    /// `cells` cleared as a match.
    fn matched(cells: u64) -> Self {
        Trigger {
            cells,
            ..Trigger::default()
        }
    }

    /// `cells` cleared as a blast.
    fn blast(cells: u64) -> Self {
        Trigger {
            cells,
            blasts: true,
            combo: false,
        }
    }
}

/// The cells a move put pieces on, a swap's destination first (what the cells' turn
/// tells the specials in phase 1): the first `.1` of `.0`.
#[derive(Clone, Copy)]
struct Moved([Pos; 2], u8);

impl Moved {
    /// No cell: the rest of a paused move, or rules with no specials part to tell.
    const NONE: Moved = Moved([Pos::new(0, 0); 2], 0);

    /// The cells `mv`, validated as `plan`, puts pieces on.
    fn by(mv: Move, plan: Plan) -> Moved {
        match (mv, plan) {
            (Move::Swap(a, b), _) => Moved([b, a], 2),
            (Move::Drop(_), Plan::Drop { to }) => Moved([to, to], 1),
            (Move::Tap(pos), _) => Moved([pos, pos], 1),
            _ => Moved::NONE,
        }
    }

    fn cells(&self) -> &[Pos] {
        &self.0[..usize::from(self.1)]
    }

    /// The cells, packed on a board of `cols` columns.
    fn packed(&self, cols: usize) -> u64 {
        let bit = |p: &Pos| 1 << (usize::from(p.row) * cols + usize::from(p.col));
        self.cells().iter().fold(0, |acc, p| acc | bit(p))
    }
}

/// What a look-ahead on the planes needs besides its state.
struct Phases<'r> {
    /// What phase 1 clears besides its matches.
    trigger: Trigger,
    /// The cells the move put pieces on.
    moved: Moved,
    refills: bool,
    blind: Blind<'r>,
    last: u32,
    /// Whether the rules have special kinds, whose parts each phase asks.
    specials: bool,
    /// Whether boards that hold specials suit (see [`Planes::suit`]).
    with_specials: bool,
    /// The colours the level collects (see [`Planes::collects`]).
    collects: u32,
    /// The chain index and score of the turn before these phases (a paused move's first
    /// phase; none for a whole move).
    from: (u32, u64),
}

impl Phases<'_> {
    /// The specials among phase 1's `trigger` that have fired already, on a board of
    /// `cols` columns: a combo's pair, the cells the swap put pieces on (later phases
    /// have no trigger).
    #[inline(always)]
    fn fired(&self, trigger: u64, cols: usize) -> u64 {
        match self.trigger.combo && trigger != 0 {
            true => self.moved.packed(cols),
            false => 0,
        }
    }
}

/// How the phases on the planes ended.
enum Ended {
    /// The board is stable, or the horizon's last phase is done: the turn's score and
    /// phases.
    Scored(u64, u32),
    /// The turn needs the cells after all.
    NeedsCells,
    /// The cascade ran past [`PHASE_LIMIT`].
    Runaway,
}

/// Whether a score-only look-ahead from `state` may move only the planes: the rules and
/// level allow it ([`planes_rules`]) and so does the board ([`Planes::suit`]).
pub(crate) fn planes_suffice<R: Rules + ?Sized>(
    rules: &R,
    level: &Level,
    state: &Snapshot,
) -> Option<Planes> {
    let planes = planes_rules(rules, level)?;
    planes.suit(rules, &state.board).then_some(planes)
}

/// Whether the rules and level let a look-ahead move only the planes on a board that
/// suits them: the rules say they read planes only, fall straight and have no
/// end-of-move effect, new pieces come from a blind policy (the level's spawn weights
/// or the rules' own) and the level leaves gravity to the rules.
pub(crate) fn planes_rules<R: Rules + ?Sized>(rules: &R, level: &Level) -> Option<Planes> {
    let allow = blind_policy(rules, level).is_some()
        && rules.score_by_count(1, 1).is_some()
        && rules.gravity() == Some(Bundled::Straight)
        && !rules.has_effects()
        && level.gravity.is_none_or(|g| g == Bundled::Straight);
    let specials = !rules.special_kinds().is_empty();
    let with_specials = specials && rules.may_create_on_planes_with_specials();
    allow.then_some(Planes {
        specials,
        with_specials,
        collects: level.collected_colors(),
    })
}

impl Planes {
    /// Whether `board` suits a look-ahead on the planes under rules that allow one: small,
    /// and its obstacles held there (jelly, locks and crates on planes of their own;
    /// pieces fall past holes on the planes too, but round locks and crates only on a
    /// board without holes). It may hold specials when the rules' specials
    /// can tell from the planes whether a phase creates one on such a board
    /// ([`Rules::may_create_on_planes_with_specials`]); the look-ahead keeps each
    /// special's kind on a plane of its own, and fires the specials a phase clears when
    /// the specials tell their blasts from the planes ([`Rules::blast_on_planes`]). A
    /// phase that fires one they cannot tell, or whose creations they cannot tell, goes
    /// back to the cells, as does a swap with a special under the score-only look-ahead
    /// (a probe plays one that is no combo).
    /// Specials parts that cannot tell from the planes whether a phase creates one answer
    /// "may" whatever they are shown, so one question with no match finds them before any
    /// work on the planes.
    pub(crate) fn suit<R: Rules + ?Sized>(self, rules: &R, board: &Board) -> bool {
        let plain = Planes::plain(board);
        let may_create = || rules.may_create_on_planes(PlaneView::of(board), &NO_MATCH);
        let specials = board.packed_specials();
        let small = specials.is_some_and(|s| s == 0 || self.with_specials);
        small && plain && !(self.specials && may_create())
    }

    /// Whether the planes hold `board`'s obstacles: jelly always, locks and crates on
    /// a board without holes (see [`FixedPlanes::of`]).
    pub(crate) fn plain(board: &Board) -> bool {
        FixedPlanes::of(board).is_some()
    }

    /// Whether the rules have special kinds.
    pub(crate) fn specials(self) -> bool {
        self.specials
    }
}

/// What [`planes_suffice`] found out about the rules for a look-ahead on the planes.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Planes {
    /// Whether the rules have special kinds, whose parts each phase asks (asked once a
    /// look-ahead: most rules have none).
    specials: bool,
    /// Whether boards that hold specials suit too (see [`Planes::suit`]).
    with_specials: bool,
    /// The colours the level collects, a bit per colour index
    /// ([`Level::collected_colors`]): asked once, not at every move's first clear.
    collects: u32,
}

impl Remaining for MaskState {
    fn jelly_left(&self) -> u32 {
        self.jelly.left()
    }
    fn crates_left(&self) -> u32 {
        self.fixed.crates_left()
    }
}
