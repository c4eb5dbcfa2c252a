//! What a loaded state must satisfy: a save is input, so the engine checks what it
//! relies on before it plays from one.

use crate::level::Level;
use crate::moves::MoveKind;
use crate::rules::Rules;
use crate::trace::NoTrace;

use super::Snapshot;
use super::turn::MAX_NEXT_ID;

impl Snapshot {
    /// Turns the saved refill state into the rules' policy's own, or says why it does
    /// not fit.
    pub(crate) fn load_refill_state<R: Rules + ?Sized>(&mut self, rules: &R) -> Result<(), String> {
        rules.load_refill_state(&mut self.refill_state)
    }

    /// Turns the saved effects state into the rules' effects part's own, or says why it
    /// does not fit.
    pub(crate) fn load_effects_state<R: Rules + ?Sized>(
        &mut self,
        rules: &R,
    ) -> Result<(), String> {
        rules.load_effects_state(&mut self.effects_state)
    }

    /// What the engine relies on in a saved state beyond its cells: ids unique and below
    /// the counter, counters within their limits, a next piece exactly for drop rules,
    /// and the status its position has. The error names the field and what is wrong
    /// with it.
    pub(crate) fn check_saved<R: Rules + ?Sized>(
        &self,
        rules: &R,
        level: &Level,
    ) -> Result<(), (&'static str, String)> {
        self.check_ids()?;
        if let Some(limit) = level.moves.filter(|&limit| self.tally.moves > limit) {
            return Err((
                "moves",
                format!(
                    "{} is past the level's move limit of {limit}",
                    self.tally.moves
                ),
            ));
        }
        self.check_next_piece(rules)?;
        let mut settled = self.clone();
        settled.settle_status(rules, level, false, &mut NoTrace);
        if settled.status != self.status {
            return Err((
                "status",
                format!(
                    "is {}, but the position's status is {}",
                    self.status, settled.status
                ),
            ));
        }
        Ok(())
    }

    /// Ids on one piece each, below the counter, and the counter with room for a turn.
    fn check_ids(&self) -> Result<(), (&'static str, String)> {
        let board = &self.board;
        let mut ids: Vec<u32> = board.iter().filter_map(|(pos, _)| board.id(pos)).collect();
        ids.sort_unstable();
        if let Some(pair) = ids.windows(2).find(|w| w[0] == w[1]) {
            return Err(("board ids", format!("hold id {} twice", pair[0])));
        }
        if let Some(&id) = ids.last().filter(|&&id| id >= self.next_id) {
            return Err((
                "board ids",
                format!(
                    "hold id {id}, which the id counter ({}) has not reached",
                    self.next_id
                ),
            ));
        }
        if self.next_id > MAX_NEXT_ID {
            return Err((
                "next_id",
                format!("{} leaves no room for another turn's ids", self.next_id),
            ));
        }
        Ok(())
    }

    /// A next piece exactly for drop rules, and one the rules have.
    fn check_next_piece<R: Rules + ?Sized>(&self, rules: &R) -> Result<(), (&'static str, String)> {
        match (rules.accepts(MoveKind::Drop), self.next_piece) {
            (true, None) => Err(("next_piece", "is missing: these rules drop pieces".into())),
            (false, Some(p)) => Err((
                "next_piece",
                format!("{p} is set, but these rules take no drops"),
            )),
            (true, Some(p)) if p.special().is_some_and(|s| !rules.supports_special(s)) => Err((
                "next_piece",
                format!("{p} is a special these rules do not have"),
            )),
            _ => Ok(()),
        }
    }
}
