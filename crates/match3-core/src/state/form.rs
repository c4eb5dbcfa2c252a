//! The save format of a [`Snapshot`]: the fields in the order saves have always had.
//! A snapshot serializes anywhere, but deserializes only inside a
//! [`SavedGame`](crate::SavedGame), so that every state read from outside goes through
//! [`Game::load`](crate::Game::load)'s checks before it is played.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::board::Board;
use crate::obstacles::Cleared;
use crate::piece::{MAX_COLORS, Piece};
use crate::progress::Tally;
use crate::rng::GameRng;
use crate::slot::StateSlot;
use crate::trace::Status;

use super::Snapshot;

/// A snapshot as saved, borrowed for writing.
#[derive(Serialize)]
struct Written<'a> {
    board: &'a Board,
    score: u64,
    moves: u32,
    rng: &'a GameRng,
    next_id: u32,
    next_piece: Option<Piece>,
    colors: u8,
    status: Status,
    refill_state: &'a StateSlot,
    #[serde(skip_serializing_if = "StateSlot::is_empty")]
    effects_state: &'a StateSlot,
    collected: &'a [u32; MAX_COLORS as usize],
    shuffles: u32,
    cleared: Cleared,
}

/// A snapshot as saved, read back.
#[derive(Deserialize)]
struct Read {
    board: Board,
    score: u64,
    moves: u32,
    rng: GameRng,
    next_id: u32,
    next_piece: Option<Piece>,
    colors: u8,
    status: Status,
    #[serde(default)]
    refill_state: StateSlot,
    #[serde(default)]
    effects_state: StateSlot,
    collected: [u32; MAX_COLORS as usize],
    shuffles: u32,
    #[serde(default)]
    cleared: Cleared,
}

impl Serialize for Snapshot {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let tally = &self.tally;
        Written {
            board: &self.board,
            score: tally.score,
            moves: tally.moves,
            rng: &self.rng,
            next_id: self.next_id,
            next_piece: self.next_piece,
            colors: self.colors,
            status: self.status,
            refill_state: &self.refill_state,
            effects_state: &self.effects_state,
            collected: &tally.collected,
            shuffles: self.shuffles,
            cleared: tally.cleared,
        }
        .serialize(s)
    }
}

/// Reads a saved snapshot (for [`SavedGame`](crate::SavedGame)'s fields only).
pub(crate) fn read<'de, D: Deserializer<'de>>(d: D) -> Result<Snapshot, D::Error> {
    let r = Read::deserialize(d)?;
    let mut state = Snapshot::start(r.board, r.rng, r.next_id, r.colors);
    state.tally = Tally {
        score: r.score,
        moves: r.moves,
        collected: r.collected,
        cleared: r.cleared,
    };
    state.next_piece = r.next_piece;
    state.status = r.status;
    state.refill_state = r.refill_state;
    state.effects_state = r.effects_state;
    state.shuffles = r.shuffles;
    Ok(state)
}
