//! The bounded session store: one game per browser tab, the least recently used evicted
//! once the cap is reached, so memory stays bounded however many tabs come and go.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex};

use match3_core::{Game, Snapshot};

use crate::variant::{SharedRules, Variant};

/// Sessions kept when no cap is given.
pub const DEFAULT_CAP: usize = 1000;

/// Undo steps kept per session.
pub const UNDO_DEPTH: usize = 200;

/// Moves kept in a session's record (the latest; the page shows the end of it).
pub const RECORD_LENGTH: usize = 1000;

/// The largest board side the playground takes (the page offers up to 12×12): with
/// [`UNDO_DEPTH`] snapshots, a session stays within about half a megabyte.
pub const MAX_SIDE: usize = 16;

/// One browser game.
pub struct Session {
    /// The game.
    pub game: Game<SharedRules>,
    /// The variant it plays.
    pub variant: Variant,
    /// The sample level it plays, if any.
    pub level: Option<String>,
    /// States before each move, for undo (at most [`UNDO_DEPTH`]).
    pub undo: Vec<Snapshot>,
    /// The moves played, as text, in order.
    pub record: Vec<String>,
}

impl Session {
    /// A session for `game`.
    pub fn new(game: Game<SharedRules>, variant: Variant, level: Option<String>) -> Session {
        Session {
            game,
            variant,
            level,
            undo: Vec::new(),
            record: Vec::new(),
        }
    }
}

/// The store: ids to sessions, and a use order for eviction.
pub struct Sessions {
    cap: usize,
    inner: Mutex<Inner>,
    ids: Ids,
}

#[derive(Default)]
struct Inner {
    /// Sessions by id, with the tick of their last use.
    map: HashMap<String, (u64, Arc<Mutex<Session>>)>,
    /// Ids by last use: the first is evicted first.
    order: BTreeMap<u64, String>,
    tick: u64,
    minted: u64,
}

/// Game ids no one can guess: 128 bits of SipHash, under keys the process draws from the
/// operating system's randomness once, of a counter. Knowing some ids tells nothing
/// about others, so on a public bind no one can play or reset someone else's game.
struct Ids(std::collections::hash_map::RandomState);

impl Ids {
    fn mint(&self, n: u64) -> String {
        use std::hash::BuildHasher;
        let (a, b) = (self.0.hash_one((0u8, n)), self.0.hash_one((1u8, n)));
        format!("g{a:016x}{b:016x}")
    }
}

impl Sessions {
    /// A store keeping at most `cap` sessions (at least one).
    pub fn new(cap: usize) -> Sessions {
        Sessions {
            cap: cap.max(1),
            inner: Mutex::new(Inner::default()),
            ids: Ids(std::collections::hash_map::RandomState::new()),
        }
    }

    /// The cap.
    pub fn cap(&self) -> usize {
        self.cap
    }

    /// How many sessions are kept now.
    pub fn len(&self) -> usize {
        self.lock().map.len()
    }

    /// Whether no session is kept.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Stores `session` under a new, unguessable id, evicting the least recently used
    /// beyond the cap; the id and the stored session (which another insert may already
    /// have evicted from the store, but never from the caller).
    pub fn insert(&self, session: Session) -> (String, Arc<Mutex<Session>>) {
        let mut inner = self.lock();
        inner.minted += 1;
        let id = self.ids.mint(inner.minted);
        while inner.map.len() >= self.cap {
            let Some((_, oldest)) = inner.order.pop_first() else {
                break;
            };
            inner.map.remove(&oldest);
        }
        inner.tick += 1;
        let tick = inner.tick;
        inner.order.insert(tick, id.clone());
        let session = Arc::new(Mutex::new(session));
        inner.map.insert(id.clone(), (tick, Arc::clone(&session)));
        (id, session)
    }

    /// The session `id`, marked as just used.
    pub fn get(&self, id: &str) -> Option<Arc<Mutex<Session>>> {
        let mut inner = self.lock();
        inner.tick += 1;
        let tick = inner.tick;
        let (last, session) = inner.map.get_mut(id)?;
        let old = std::mem::replace(last, tick);
        let session = Arc::clone(session);
        inner.order.remove(&old);
        inner.order.insert(tick, id.to_string());
        Some(session)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        // A panic while holding the lock cannot leave the maps half-updated in a way
        // that matters here: keep serving.
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session() -> Session {
        let registry = crate::Registry::builtin();
        let variant = registry.get("finite").unwrap().clone();
        let game =
            Game::from_board(variant.rules(), "AABC/BCAB/CBAC/ABCA".parse().unwrap(), 1).unwrap();
        Session::new(game, variant, None)
    }

    #[test]
    fn the_least_recently_used_session_is_evicted_at_the_cap() {
        let store = Sessions::new(2);
        let (a, _) = store.insert(session());
        let (b, _) = store.insert(session());
        assert!(store.get(&a).is_some()); // a is now more recent than b
        let (c, _) = store.insert(session());
        assert_eq!(store.len(), 2);
        assert!(store.get(&b).is_none(), "b was the least recently used");
        assert!(store.get(&a).is_some() && store.get(&c).is_some());
        assert_ne!(a, c);
    }

    #[test]
    fn ids_are_long_distinct_and_not_a_sequence() {
        let store = Sessions::new(3);
        let ids: Vec<String> = (0..3).map(|_| store.insert(session()).0).collect();
        for id in &ids {
            assert_eq!(id.len(), 33, "{id}: 128 bits in hex after the g");
            assert!(id[1..].chars().all(|c| c.is_ascii_hexdigit()));
        }
        assert!(ids[0] != ids[1] && ids[1] != ids[2]);
        assert!(!ids.contains(&"g1".to_string()));
        // Another store (another server) mints other ids for the same counter.
        assert_ne!(Sessions::new(3).insert(session()).0, ids[0]);
    }
}
